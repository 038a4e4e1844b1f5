"""The expert: search-based bots that see only what their seat may see, and a hint that explains.

- :func:`observation` ``(hand, seat)``: the seat's information (NJ-A20, PY-A30), the only thing the expert
  and the hint ever read;
- ``cardlib.expert.saricuce.ExpertBot`` and ``cardlib.expert.pisyedili.ExpertBot``: ``ExpertBot(seed)``
  is a :class:`cardlib.bots.Bot` (plug it into a series, ``play_out`` or ``simulate`` as an object);
- :func:`hint` ``(hand, seat=None, budget=HINT_BUDGET, seed=0)`` -> :class:`Hint`: every legal move with
  its win chance and expected points or chips, intervals, best first, and why.

The method (determinized Monte Carlo rollouts with common random numbers, and why) is in docs/expert.md.

>>> from cardlib.pisyedili import Hand, Rules
>>> hand = Hand.deal(Rules.classic(4), seed=5)
>>> bot = expert_bot(hand, seed=1, budget=30)
>>> bot.choose(hand) in hand.legal_moves
True
"""

from __future__ import annotations

import importlib
from typing import Any

from .hint import HINT_BUDGET, Hint, MoveHint, hint
from .sampling import InconsistentObservation, Placement
from .search import GameModel, MoveStats, SearchResult, search
from ..jsonio import shown

__all__ = ["observation", "model_for", "expert_bot", "hint", "Hint", "MoveHint", "HINT_BUDGET", "search",
           "SearchResult", "MoveStats", "GameModel", "Placement", "InconsistentObservation"]

#: each game's expert module, by the game's name; imported when first asked for, so that a game package
#: may import its expert (to register it as a bot) without an import cycle
_MODULES = {"sari-cuce": "cardlib.expert.saricuce", "pis-yedili": "cardlib.expert.pisyedili"}


def _module(game: Any) -> Any:
    name = getattr(game, "name", game)
    if name not in _MODULES:
        raise ValueError(f"no expert for the game {shown(name)}; experts: {', '.join(_MODULES)}")
    return importlib.import_module(_MODULES[name])


def model_for(game: Any) -> GameModel:
    """The search model of a game (its name, as in records, or its GameSpec)."""
    return _module(game).MODEL


def observation(hand: Any, seat: int) -> Any:
    """What ``seat`` may see of ``hand``: a frozen view with every visible fact and no hidden one."""
    return model_for(hand.game).observe(hand, seat)


def expert_bot(game: Any, seed: int = 0, **options: Any) -> Any:
    """The expert of a game (its name, GameSpec, or a hand of it): ``expert_bot("pis-yedili", 3,
    budget=800)``."""
    return _module(getattr(game, "game", game)).ExpertBot(seed, **options)
