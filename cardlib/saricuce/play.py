"""Applying a legal move: a card played, a capture, who must follow, a King's restart, a stall, a stop.

:func:`apply` is the engine's ``_apply`` hook: it plays one move that :mod:`.legal` allows and returns its
undo token (:mod:`.journal` takes it back).  Everything forced happens here: the capture of a box (NJ-19),
finding the next holder of the needed rank (NJ-13, NJ-14), a King's restart (NJ-17), a stall (NJ-18) or,
with ``skip_rank``, the next rank still held (NJ-F3), a declined card (NJ-F2), and going out (NJ-20), which
:func:`.result.settle` settles.
"""

from __future__ import annotations

from . import events as ev
from .events import Capture, KingRestart, Play
from .moves import Move
from .ranks import BOX, KING, RANK
from .result import settle
from .state import State, Token

__all__ = ["apply"]


def apply(state: State, move: Move) -> Token:
    """Play the legal ``move``; returns the undo token (:func:`.journal.rewind`)."""
    seat = state.to_act
    card = move.card
    log = state.event_log
    needed = state.needed
    run_length = state.run_length
    state.legal = None
    token: Token
    if card is None:
        token = (seat, None, -1, False, needed, state.last, run_length, state.run_broken, len(log))
        _stop(state, seat)
        return token
    hand = state.hands[seat]
    idx = hand.index(card)
    del hand[idx]
    ci = card.index
    r = RANK[ci]
    state.rank_counts[seat][r] -= 1
    held = state.rank_held
    held[r] -= 1
    played = state.played
    played.append(card)
    has_played = state.has_played
    first_card = not has_played[seat]
    if first_card:
        has_played[seat] = True
    token = (seat, card, idx, first_card, needed, state.last, run_length, state.run_broken, len(log))
    if needed is None:
        run_length = 1
        if len(played) > 1:
            state.run_broken = True           # a restart breaks a single run (NJ-F4)
        log.append((Play, seat, card, True, 1))
    else:
        run_length += 1
        log.append((Play, seat, card, False, run_length))
    state.run_length = run_length
    b = BOX[ci]
    if b >= 0:                                # NJ-19
        board = state.board
        amount = board[b]
        board[b] = 0
        state.chips[seat] += amount
        log.append((Capture, seat, card, amount))
    state.last = seat
    if not hand:                              # NJ-20
        settle(state, seat, card)
    elif r == KING:                           # NJ-17
        log.append((KingRestart, seat))
        state.needed = None
        state.to_act = seat
    elif held[r + 1]:                         # NJ-13
        need = r + 1
        counts = state.rank_counts
        for s in state.search_order[seat]:    # NJ-14 (as _follow, inlined: most moves come here)
            if counts[s][need]:
                state.needed = need
                state.to_act = s
                break
    else:
        _nobody(state, r + 1, False)
    return token


def _follow(state: State, seat: int, need: int) -> None:
    """NJ-14: the first holder of ``need`` clockwise from ``seat`` (``seat`` first) must play it."""
    counts = state.rank_counts
    for s in state.search_order[seat]:
        if counts[s][need]:
            state.needed = need
            state.to_act = s
            return


def _stop(state: State, seat: int) -> None:
    """NJ-F2: the designated holder declines; the search goes on up to the seat before the last player."""
    need = state.needed
    assert need is not None                   # only a designated holder can decline (NJ-F2)
    state.event_log.append((ev.Stop, seat, need))
    last = state.last
    n = state.players
    counts = state.rank_counts
    s = (seat + 1) % n
    while s != last:
        if counts[s][need]:
            state.to_act = s
            return
        s = (s + 1) % n
    _nobody(state, need, True)


def _nobody(state: State, need: int, declined: bool) -> None:
    """Nobody (willing) holds ``need``: stall (NJ-18) or, with ``skip_rank``, move on (NJ-F3)."""
    last = state.last
    assert last is not None                   # someone played the rank below ``need``
    held = state.rank_held
    missing = [need]
    if state.skip_rank and need < KING:
        need += 1
        while need < KING and not held[need]:
            missing.append(need)
            need += 1
        if held[need]:
            state.event_log.append((ev.SkipRank, last, tuple(missing), need))
            state.run_broken = True
            _follow(state, last, need)
            return
        missing.append(KING)                  # a missing King always restarts
    state.event_log.append((ev.Stall, last, tuple(missing), declined))
    state.needed = None
    state.to_act = last
