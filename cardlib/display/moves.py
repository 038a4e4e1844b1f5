"""Moves in plain words, for buttons, narration and the stepper's heading.

>>> from cardlib.pisyedili import Move
>>> move_words(Move.parse("JS=H!")), move_words(Move.parse("draw")), move_words(Move.parse("end"))
('J♠ naming hearts ♥, tek!', 'draw', 'end the turn')
>>> from cardlib.saricuce import Move as ScMove
>>> move_words(ScMove.parse("10D")), move_words(ScMove.parse("stop"))
('10♦', 'stop (sans …)')
"""

from __future__ import annotations

from typing import Any

__all__ = ["move_words", "ACTION_WORDS"]

#: the moves that play no card, as buttons name them
ACTION_WORDS = {"draw": "draw", "pass": "pass", "end": "end the turn", "stop": "stop (sans …)"}


def move_words(move: Any) -> str:
    """A move object in words: its card (pretty), the suit a Jack or joker names, the "tek" flag; a move
    that plays no card by its word (``draw``, ``pass``, ``end the turn``, ``stop (sans …)``)."""
    card = getattr(move, "card", None)
    if card is None:
        return ACTION_WORDS.get(str(move), str(move))
    out = card.pretty()
    suit = getattr(move, "suit", None)
    if suit is not None:
        out += f" naming {suit.word} {suit.symbol}"
    if getattr(move, "tek", False):
        out += ", tek!"
    return out
