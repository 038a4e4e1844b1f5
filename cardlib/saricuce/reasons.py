"""Why a move is not legal, in words, from the same rules that :mod:`.legal` applies (NJ-13, NJ-15, NJ-F2)."""

from __future__ import annotations

from ..jsonio import shown
from .moves import Move
from .ranks import RANK, RANK_TEXT
from .state import State

__all__ = ["why_illegal"]

_GENERIC = "not among the legal moves"


def why_illegal(state: State, move: Move) -> str:
    """The rule that refuses ``move`` for the player to act (called for moves that are not legal)."""
    if state.over:
        return "the hand is over"
    seat = state.to_act
    if not isinstance(move, Move):
        return f"{shown(move)} is not a move"
    if move.card is None:
        if not state.voluntary_stop:
            return f"stop is not allowed (allow_voluntary_stop is off, NJ-15): seat {seat} must play"
        return f"seat {seat} leads a new run, and a lead cannot be declined (NJ-F2)"
    if move.card not in state.hands[seat]:
        return f"{move.card} is not in seat {seat}'s hand"
    if state.needed is not None and RANK[move.card.index] != state.needed:
        return f"needed rank is {RANK_TEXT[state.needed]} (NJ-13)"
    return _GENERIC
