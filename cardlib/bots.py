"""Bots by name, for either game: ``make_bot("sari-cuce", "random", seed=3)``.

The bots themselves live with their game (``cardlib.saricuce.bots``, ``cardlib.pisyedili.bots``);
every bot has ``choose(hand) -> move`` and takes a seed.
"""

from __future__ import annotations

from .errors import InvalidOptionError
from .records import game_module

__all__ = ["BOT_NAMES", "make_bot", "seat_seed"]

#: name -> class name in the game's ``bots`` module (the first that exists is used)
_CLASSES = {
    "random": ("RandomBot",),
    "heuristic": ("HeuristicBot", "TipsBot"),
}
BOT_NAMES = tuple(_CLASSES)


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` when a table is seeded with ``seed``."""
    return seed * 1_000_003 + seat


def make_bot(game: str, name: str, seed: int = 0):
    """A bot of ``game`` called ``name`` (``random`` or ``heuristic``)."""
    classes = _CLASSES.get(name)
    if classes is None:
        raise InvalidOptionError(f"bot {name!r} is not one of {', '.join(BOT_NAMES)}")
    bots = game_module(game).bots
    for cls_name in classes:
        cls = getattr(bots, cls_name, None)
        if cls is not None:
            return cls(seed)
    raise InvalidOptionError(f"game {game!r} has no {name!r} bot")
