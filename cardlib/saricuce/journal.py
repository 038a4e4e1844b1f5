"""Undo: a move's token and its events are enough to take it back exactly (the approach of Pis Yedili's
:mod:`cardlib.pisyedili.journal`, where every change to the piles is written down; here the event log is
the journal).

A move's undo token (made by :func:`.play.apply`) is the seat that moved, the card it played and where it
was in the hand, whether it was that seat's first card, the turn fields before the move, and the length of
the event log.  The chips a move moves are all in its events (:class:`~.events.Capture`,
:class:`~.events.Opera`, :class:`~.events.Payment`, :class:`~.events.Doubling`), so :func:`rewind` walks
them backwards and gives the chips back.
"""

from __future__ import annotations

from . import events as ev
from .ranks import BOX, RANK
from .state import State, Token

__all__ = ["rewind"]


def rewind(state: State, token: Token) -> None:
    """Put the hand back exactly as it was when the move that made ``token`` began."""
    seat, card, idx, first_card, needed, last, run_length, run_broken, log_len = token
    log = state.event_log
    chips, board = state.chips, state.board
    for e in reversed(log[log_len:]):
        kind = e[0]
        if kind is ev.Capture:
            chips[e[1]] -= e[3]
            board[BOX[e[2].index]] += e[3]
        elif kind is ev.Payment:
            chips[e[1]] += e[3]
            chips[e[2]] -= e[3]
        elif kind is ev.Doubling:
            chips[e[1]] += e[3]
            board[BOX[e[2].index]] -= e[3]
        elif kind is ev.Opera and e[2] == "sweep_board":
            for b in range(5):
                board[b] += e[3][b]
                chips[e[1]] -= e[3][b]
    del log[log_len:]
    if len(state.events) > log_len:
        del state.events[log_len:]
    if card is not None:
        state.hands[seat].insert(idx, card)
        r = RANK[card.index]
        state.rank_counts[seat][r] += 1
        state.rank_held[r] += 1
        state.played.pop()
        if first_card:
            state.has_played[seat] = False
    state.to_act = seat
    state.needed = needed
    state.last = last
    state.run_length = run_length
    state.run_broken = run_broken
    state.over = False
    state.winner = None
    state.result = None
    state.legal = None
