"""Moves in plain words, for buttons, narration and the stepper's heading: each game's ``Move.describe()``.

>>> from cardlib.pisyedili import Move
>>> move_words(Move.parse("JS=H!")), move_words(Move.parse("draw")), move_words(Move.parse("end"))
('J♠ naming hearts ♥, tek!', 'draw', 'end the turn')
>>> from cardlib.saricuce import Move as ScMove
>>> move_words(ScMove.parse("10D")), move_words(ScMove.parse("stop"))
('10♦', 'stop (sans …)')
"""

from __future__ import annotations

from typing import Any

__all__ = ["move_words"]


def move_words(move: Any) -> str:
    """A move in words (its game's ``describe()``; a move of a game that has none: its card, pretty, or its
    record text)."""
    describe = getattr(move, "describe", None)
    if callable(describe):
        return str(describe())
    card = getattr(move, "card", None)
    return card.pretty() if card is not None else str(move)
