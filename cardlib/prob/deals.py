"""The deal of each game as numbers (hand sizes, dead stock, deck sizes: NJ-01, NJ-02, NJ-05, NJ-11;
PY-01, PY-02, PY-05), offered by name from each game's odds face (:mod:`cardlib.saricuce.odds`,
:mod:`cardlib.pisyedili.odds`), and :func:`check_count`, the probability code's check of a count.  Bad
input raises :class:`~cardlib.errors.PlayerCountError` or :class:`~cardlib.errors.InvalidOptionError`
with the input quoted.

>>> from cardlib.prob.deals import nj_dead_count, nj_hand_size, py_deck_size, py_max_players
>>> nj_hand_size(4), nj_dead_count(4)
(12, 4)
>>> py_deck_size(decks=2, jokers_per_deck=2), py_max_players(decks=2, jokers_per_deck=2)
(108, 15)
"""

from __future__ import annotations

from typing import Any

from ..checks import check_whole
from ..errors import PlayerCountError

__all__ = ["check_count", "check_players_type"]


def check_count(name: str, value, *, low: int = 0, high: int | None = None) -> int:
    """``value`` as an ``int`` in ``low..high``, else :class:`InvalidOptionError` naming ``name``."""
    return check_whole(name, value, low, high)


def check_players_type(players: Any) -> None:
    """A player count must be a whole number (which counts a game takes is its odds face's check)."""
    check_whole("players", players, None, error=PlayerCountError)


def __getattr__(name: str) -> Any:
    """A game's deal facts by name (``nj_hand_size``, ``py_stock_size``, ``BOX_CARDS`` ...)."""
    from ..games import face_export
    return face_export("odds", name, __name__)
