"""The legal moves of the player to act (NJ-13..NJ-16, NJ-F2).

A lead (``needed`` is ``None``) may be any card in hand; otherwise only a card of the needed rank (NJ-13,
NJ-16: which one is the player's choice), and, with ``allow_voluntary_stop``, ``stop`` (NJ-15, NJ-F2).
Cards come in the order a player sorts them (:func:`~.ranks.sort_key`: by rank, then suit).

>>> from cardlib.saricuce import Hand, Rules
>>> [str(m) for m in legal_moves(Hand.deal(Rules(players=4), seed=7).state)][:4]
['AD', 'AH', 'AS', '2D']
"""

from __future__ import annotations

from .moves import PLAYS, STOP, Move
from .ranks import RANK, sort_key
from .state import State

__all__ = ["legal_moves"]


def legal_moves(state: State) -> list[Move]:
    """The legal moves in the canonical order; empty once the hand is over."""
    if state.over:
        return []
    cards = state.hands[state.to_act]
    need = state.needed
    if need is None:
        return [PLAYS[c.index] for c in sorted(cards, key=sort_key)]
    fits = [c for c in cards if RANK[c.index] == need]
    if len(fits) > 1:
        fits.sort(key=sort_key)
    legal = [PLAYS[c.index] for c in fits]
    if state.voluntary_stop:
        legal.append(STOP)
    return legal
