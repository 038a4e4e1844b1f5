"""What every bot is: :class:`Bot`, and bots by name for either game (:func:`make_bot`).

The bots themselves live with their game (``cardlib.saricuce.bots``, ``cardlib.pisyedili.bots``) and are
listed, by name, in the game's :class:`~cardlib.engine.GameSpec`.  Every bot is seeded
(``Bot(seed)`` owns a :class:`~cardlib.rng.Rng`), sees only what its seat may see, and answers
``choose(hand)`` with a legal move of the seat to act.

Writing your own bot: subclass :class:`Bot` (or a game's bot) and override :meth:`Bot.pick`, which gets the
hand and its legal moves (never empty):

>>> from cardlib.saricuce import Hand, Rules
>>> class Lowest(Bot):
...     def pick(self, hand, legal):
...         return legal[0]          # the legal moves come in the game's order (lowest card first)
>>> hand = Hand.deal(Rules(players=4), seed=7)
>>> str(Lowest().choose(hand))
'AD'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from .errors import GameOverError
from .rng import Rng

__all__ = ["Bot", "make_bot", "bot_names"]


class Bot(ABC):
    """A seeded player.  ``choose(hand)`` checks that the hand is not over and asks :meth:`pick`."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = Rng(seed)

    def choose(self, hand: Any) -> Any:
        """A legal move for the seat to act; :class:`GameOverError` on a finished hand."""
        legal = hand._generate_legal()
        if not legal:
            raise GameOverError(f"{self!r}: the hand is over, there is no move to choose")
        return self.pick(hand, legal)

    @abstractmethod
    def pick(self, hand: Any, legal: Sequence[Any]) -> Any:
        """The move to play among ``legal`` (the hand's legal moves, in the game's order)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seed!r})"


def make_bot(game: str, name: str, seed: int = 0) -> Bot:
    """A bot of ``game`` (its name, as in records) called ``name``: ``make_bot("sari-cuce", "random", 3)``."""
    from .games import find_game
    return find_game(game).make_bot(name, seed)


def bot_names(game: str) -> tuple[str, ...]:
    """The bot names a game offers (``random``, ``heuristic``, ...)."""
    from .games import find_game
    return tuple(find_game(game).bots)
