"""The expert: search-based bots that see only what their seat may see, and a hint that explains.

- :func:`observation` ``(hand, seat)``: the seat's information (NJ-A20, PY-A30), the only thing the expert
  and the hint ever read;
- each game's expert face (``GameSpec.expert``: ``cardlib.saricuce.expert``, ``cardlib.pisyedili.expert``)
  holds its search model (``MODEL``) and ``ExpertBot``; ``ExpertBot(seed)`` is a :class:`cardlib.bots.Bot` (plug it into a series, ``play_out`` or ``simulate`` as an object);
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

from typing import Any

from .hint import HINT_BUDGET, Hint, MoveHint, hint
from .sampling import InconsistentObservation, Placement
from .search import GameModel, MoveStats, SearchResult, search

__all__ = ["observation", "model_for", "expert_bot", "hint", "Hint", "MoveHint", "HINT_BUDGET", "search",
           "SearchResult", "MoveStats", "GameModel", "Placement", "InconsistentObservation"]

def _module(game: Any) -> Any:
    """The expert face of a game (its name, spec or a hand of it); a game without one raises
    :class:`~cardlib.errors.MissingFaceError` naming it."""
    from ..games import find_game, game_of
    spec = find_game(game) if isinstance(game, str) else game if hasattr(game, "face") else game_of(game)
    return spec.face("expert")


def model_for(game: Any) -> GameModel:
    """The search model of a game (its name, as in records, or its GameSpec)."""
    return _module(game).MODEL


def observation(hand: Any, seat: int) -> Any:
    """What ``seat`` may see of ``hand``: a frozen view with every visible fact and no hidden one."""
    return model_for(hand).observe(hand, seat)


def expert_bot(game: Any, seed: int = 0, **options: Any) -> Any:
    """The expert of a game (its name, GameSpec, or a hand of it): ``expert_bot("pis-yedili", 3,
    budget=800)``."""
    return _module(game).ExpertBot(seed, **options)
