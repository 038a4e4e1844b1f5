"""Why a move is not legal, in words, from the same rules that :mod:`.legal` applies (NJ-13, NJ-15, NJ-F2),
in the language spoken (:mod:`cardlib.i18n`; the engine's error message asks for it in English)."""

from __future__ import annotations

from ..i18n import N_, _
from ..jsonio import shown
from .moves import Move
from .ranks import RANK, RANK_TEXT
from .state import State

__all__ = ["why_illegal"]

_GENERIC = N_("not among the legal moves")


def why_illegal(state: State, move: Move) -> str:
    """The rule that refuses ``move`` for the player to act (called for moves that are not legal)."""
    if state.over:
        return _("the hand is over")
    seat = state.to_act
    if not isinstance(move, Move):
        return _("{move} is not a move").format(move=shown(move))
    if move.card is None:
        if not state.voluntary_stop:
            return _("stop is not allowed (allow_voluntary_stop is off, NJ-15): seat {seat} must play").format(
                seat=seat)
        return _("seat {seat} leads a new run, and a lead cannot be declined (NJ-F2)").format(seat=seat)
    if move.card not in state.hands[seat]:
        return _("{card} is not in seat {seat}'s hand").format(card=move.card, seat=seat)
    if state.needed is not None and RANK[move.card.index] != state.needed:
        return _("needed rank is {rank} (NJ-13)").format(rank=RANK_TEXT[state.needed])
    return _(_GENERIC)
