"""Compiled Pis Yedili kernel (both presets, every option): one hand, a run of hands, a replay.

Cards are ints 0..51 (suit-major like :class:`cardlib.Card.index`) and 52 for a joker; with two decks a
card occurs twice.  Hands are kept sorted, so the legal moves come out in the canonical order: plays in
ascending card order (a J or joker once per named suit C D H S, each without then with a tek
declaration when one is possible), then ``draw``, ``pass``, ``end``.  A move is an int:
``card * 16 + (named_suit + 1) * 2 + tek`` (named_suit -1 when none), or DRAW / PASS / END.

The stock is stored bottom first (its top is ``stock[sn - 1]``), the discard pile bottom first.
The scalar state of a hand lives in the int64 vector ``S`` (indices below) so that the helpers can
change it.  The turn structure follows the reference engine (``cardlib.pisyedili.hand``): a turn
sub-state ``SUB`` (tek draw, tek, after penalty, PY-T5, Ace draw) and the PY-28B idle count.
Option vector (``options.py_encode``): see ``O_*``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._rng import below, hand_state, shuffle

DRAW = 1000
PASS = 1001
END = 1002
JOKER = 52
CAP = 112
SAFETY_VALVE_TURNS = 2000

PH_OPENING = 0
PH_PLAY = 1
PH_ACE = 2

SUB_NONE = 0
SUB_TEK_DRAW = 1
SUB_TEK = 2
SUB_AFTER_PENALTY = 3
SUB_T5 = 4
SUB_ACE_DRAWN = 5

# reasons a hand ended
R_OUT = 0
R_STOCK = 1
R_NO_PLAY = 2
R_VALVE = 3

# errors (replay)
ERR_ILLEGAL = 1
ERR_SHORT = 2
ERR_LONG = 3
ERR_CHANCE = 6       # a reshuffle order that is missing, misplaced or not the discards under the top

# option vector
O_SINGLE = 0
O_DOUBLING3 = 1
O_MULTIPLIERS = 2
O_PLAY_AFTER_PENALTY = 3
O_TWO_PLAYER_SKIP = 4
O_MUST_CHANGE = 5
O_DECKS = 6
O_JOKERS = 7
O_FIRST_ROUND = 8
O_ALL_DRAW = 9
O_ACES_AT_ONCE = 10
O_ACE_CANNOT_FINISH = 11
O_RESHUFFLE = 12
O_TEK = 13
O_END_PENALTY = 14

# state vector
SN = 0
DN = 1
TO_ACT = 2
DIR = 3
PHASE = 4
SUB = 5
PENDING = 6
DRAWN = 7
NAMED = 8
PLAYED = 9
TURNS = 10
IDLE = 11
OVER = 12
WINNER = 13
MULT = 14
REASON = 15
OL_HEAD = 16
OL_LEN = 17
DRAWN_CARD = 18
MOVES = 19
PLAYS = 20
DRAWS = 21
PENALTY_CARDS = 22
RESHUFFLES = 23
CH_PTR = 24
CH_CARD_PTR = 25
ERR = 26
LAST_CARD = 27
N_STATE = 32

#: rank 1..13 (0 for the joker) and suit 0..3 (4 for the joker) by card index: table look-ups are
#: cheaper than ``% 13`` and ``// 13`` in the inner loops
RK = np.array([i % 13 + 1 for i in range(52)] + [0], dtype=np.int64)
SU = np.array([i // 13 for i in range(52)] + [4], dtype=np.int64)
#: PY-29 card values by card index (joker last)
VALUES = np.array([15, 2, 3, 4, 5, 6, 20, 8, 9, 10, 25, 10, 10] * 4 + [100], dtype=np.int64)
#: PY-T2 end-of-hand penalty cards owed per card held: 7 -> 3, A -> 1, joker -> 10
END_OWED = np.array([1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0] * 4 + [10], dtype=np.int64)


@njit(cache=True, inline="always")
def _rank(c):
    return RK[c]


@njit(cache=True, inline="always")
def _hand_add(hands, hsize, s, c):
    k = hsize[s]
    while k > 0 and hands[s, k - 1] > c:
        hands[s, k] = hands[s, k - 1]
        k -= 1
    hands[s, k] = c
    hsize[s] += 1


@njit(cache=True, inline="always")
def _hand_remove(hands, hsize, s, c):
    m = hsize[s]
    k = 0
    while hands[s, k] != c:
        k += 1
    for j in range(k, m - 1):
        hands[s, j] = hands[s, j + 1]
    hsize[s] = m - 1


@njit(cache=True, inline="always")
def _legal_on_top(c, pending, t, named):
    """PY-12/13/14/20/J1/J2 outside the opening (the reference's ``_legal_on_top``); ``t`` is the top
    card (-1: none), ``named`` the named suit (-1: none)."""
    if pending > 0:
        return RK[c] == 7
    if t < 0:
        return True
    if t == JOKER:
        return c == JOKER or RK[c] == 11 or SU[c] == named
    if RK[t] == 11:
        if c == JOKER:
            return True
        nm = named if named >= 0 else 0
        return SU[c] == nm and RK[c] != 11
    return c == JOKER or RK[c] == 11 or SU[c] == SU[t] or RK[c] == RK[t]


@njit(cache=True, inline="always")
def _current_suit(S, disc):
    dn = S[DN]
    if dn == 0:
        return -1
    t = disc[dn - 1]
    if t == JOKER or RK[t] == 11:
        return S[NAMED] if S[NAMED] >= 0 else 0
    return SU[t]


@njit(cache=True, inline="always")
def _plays_for(c, buf, k, hand_len, S, disc, opt):
    """Every move playing ``c`` (suits for a J/joker, with and without tek); returns the new count."""
    tek_opt = opt[O_TEK] == 1 and hand_len == 2
    if c == JOKER or RK[c] == 11:
        cur = -2
        if c != JOKER and opt[O_MUST_CHANGE] == 1:
            cur = _current_suit(S, disc)
        for su in range(4):
            if su == cur:
                continue
            buf[k] = c * 16 + (su + 1) * 2
            k += 1
            if tek_opt:
                buf[k] = c * 16 + (su + 1) * 2 + 1
                k += 1
    else:
        buf[k] = c * 16
        k += 1
        if tek_opt:
            buf[k] = c * 16 + 1
            k += 1
    return k


@njit(cache=True, inline="always")
def _can_draw(S, opt):
    return S[SN] > 0 or (opt[O_RESHUFFLE] == 1 and S[DN] > 1)


@njit(cache=True, inline="always")
def _legal(S, hands, hsize, disc, opt, buf):
    """Write the legal moves of the player to act into ``buf`` in canonical order; return how many."""
    me = S[TO_ACT]
    m = hsize[me]
    k = 0
    prev = -1
    sub = S[SUB]
    pending = S[PENDING]
    top = disc[S[DN] - 1] if S[DN] > 0 else -1
    named = S[NAMED]
    if S[PHASE] == PH_OPENING:  # PY-06, PY-07, PY-10, PY-F13
        dn = S[DN]
        top_j = dn > 0 and RK[disc[dn - 1]] == 11
        tek_opt = opt[O_TEK] == 1 and m == 2
        for j in range(m):
            c = hands[me, j]
            if c != prev and c < 13 and not (top_j and c == 10):
                buf[k] = c * 16
                k += 1
                if tek_opt:
                    buf[k] = c * 16 + 1
                    k += 1
            prev = c
        if _can_draw(S, opt):
            buf[k] = DRAW
            k += 1
        elif k == 0:
            buf[k] = PASS
            k += 1
        return k
    if sub == SUB_TEK_DRAW:  # PY-T1b
        if _can_draw(S, opt):
            buf[0] = DRAW
            return 1
        sub = SUB_TEK
    if sub == SUB_TEK:
        if m >= 2:
            for j in range(m):
                c = hands[me, j]
                if c != prev and _legal_on_top(c, pending, top, named):
                    k = _plays_for(c, buf, k, m, S, disc, opt)
                prev = c
        buf[k] = DRAW if S[PENDING] > 0 else PASS
        return k + 1
    if sub == SUB_T5:  # PY-T5, PY-F9
        if m == 0:
            buf[0] = DRAW
            return 1
        c = S[DRAWN_CARD]
        if _legal_on_top(c, pending, top, named):
            k = _plays_for(c, buf, k, m, S, disc, opt)
        buf[k] = PASS
        return k + 1
    if sub == SUB_ACE_DRAWN:  # PY-F7
        c = S[DRAWN_CARD]
        if _legal_on_top(c, pending, top, named):
            return _plays_for(c, buf, k, m, S, disc, opt)
        buf[0] = PASS
        return 1
    if sub == SUB_AFTER_PENALTY:  # PY-F2
        for j in range(m):
            c = hands[me, j]
            if c != prev and _legal_on_top(c, pending, top, named):
                k = _plays_for(c, buf, k, m, S, disc, opt)
            prev = c
        buf[k] = PASS
        return k + 1
    if S[PHASE] == PH_ACE:
        if opt[O_ACES_AT_ONCE] == 1:  # PY-T3 (the reference applies it in any Ace phase)
            for j in range(m):
                c = hands[me, j]
                if c != prev and RK[c] == 1:
                    k = _plays_for(c, buf, k, m, S, disc, opt)
                prev = c
            if k > 0:
                return k
            prev = -1
        for j in range(m):
            c = hands[me, j]
            if c != prev and _legal_on_top(c, pending, top, named):
                k = _plays_for(c, buf, k, m, S, disc, opt)
            prev = c
        if opt[O_ALL_DRAW] == 0:  # PY-24, PY-F8
            buf[k] = END
            return k + 1
        if k == 0:  # PY-24U
            buf[0] = DRAW if _can_draw(S, opt) else PASS
            return 1
        return k
    # normal play (PY-11..PY-18)
    for j in range(m):
        c = hands[me, j]
        if c != prev and _legal_on_top(c, pending, top, named):
            k = _plays_for(c, buf, k, m, S, disc, opt)
        prev = c
    if S[PENDING] > 0:  # PY-20, PY-F1
        buf[k] = DRAW
        return k + 1
    can = _can_draw(S, opt)
    if can and (opt[O_SINGLE] == 0 or S[DRAWN] == 0):
        buf[k] = DRAW
        k += 1
    if S[DRAWN] > 0 or not can:
        buf[k] = PASS
        k += 1
    return k


@njit(cache=True)
def _reshuffle(S, stock, disc, state, scripted, ch_at, ch_len, ch_cards):
    """PY-28T: every discard but the top becomes the new stock (recorded order when replaying)."""
    dn = S[DN]
    nu = dn - 1
    if scripted:
        p = S[CH_PTR]
        if p >= ch_at.shape[0] or ch_at[p] != S[MOVES] - 1 or ch_len[p] != nu:
            S[ERR] = ERR_CHANCE
            return
        q = S[CH_CARD_PTR]
        cnt = np.zeros(53, dtype=np.int64)
        for j in range(nu):
            cnt[disc[j]] += 1
            cnt[ch_cards[q + j]] -= 1
        for j in range(53):
            if cnt[j] != 0:
                S[ERR] = ERR_CHANCE
                return
        for j in range(nu):  # the order is top first; the stock is stored bottom first
            stock[j] = ch_cards[q + nu - 1 - j]
        S[CH_PTR] = p + 1
        S[CH_CARD_PTR] = q + nu
    else:
        for j in range(nu):
            stock[j] = disc[j]
        shuffle(state, stock, nu)
    disc[0] = disc[dn - 1]
    S[DN] = 1
    S[SN] = nu
    S[RESHUFFLES] += 1


@njit(cache=True)
def _draw_cards(S, s, want, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                ch_cards):
    """Draw up to ``want`` cards for seat ``s`` (PY-28, PY-28T); returns how many.  Sets OVER (stock)
    when the draw took the last stock card under lowest_hand_wins."""
    got = 0
    reshuffle = opt[O_RESHUFFLE] == 1
    for _ in range(want):
        if S[SN] == 0:
            if reshuffle and S[DN] > 1:
                _reshuffle(S, stock, disc, state, scripted, ch_at, ch_len, ch_cards)
                if S[ERR] != 0:
                    return got
            else:
                break
        S[SN] -= 1
        c = stock[S[SN]]
        _hand_add(hands, hsize, s, c)
        S[DRAWN_CARD] = c
        got += 1
        if S[SN] == 0 and not reshuffle:
            break
    if got > 0:
        tekf[s] = 0  # receiving cards cancels a declaration (PY-F10)
        S[DRAWS] += got
        if S[SN] == 0 and not reshuffle:  # PY-28, PY-A19
            S[OVER] = 1
            S[WINNER] = -1
            S[MULT] = 1
            S[REASON] = R_STOCK
    return got


@njit(cache=True, inline="always")
def _tek_due(S, s, hsize, tekf, opt):
    return opt[O_TEK] == 1 and hsize[s] == 1 and tekf[s] == 0


@njit(cache=True)
def _begin_turn(S, seat, phase, hsize, tekf, opt):
    S[TO_ACT] = seat
    S[PHASE] = phase
    S[DRAWN] = 0
    S[PLAYED] = 0
    S[SUB] = SUB_NONE
    if phase != PH_OPENING and _tek_due(S, seat, hsize, tekf, opt):
        S[SUB] = SUB_TEK_DRAW


@njit(cache=True)
def _end_turn(S, nxt, played, phase, n, hsize, tekf, opt):
    S[TURNS] += 1
    if played:
        S[IDLE] = 0
    else:
        S[IDLE] += 1
    if not played and opt[O_RESHUFFLE] == 1 and S[IDLE] >= n:  # PY-28B, PY-F4
        S[OVER] = 1
        S[WINNER] = -1
        S[MULT] = 1
        S[REASON] = R_NO_PLAY
        return
    if S[TURNS] >= SAFETY_VALVE_TURNS:  # PY-F5
        S[OVER] = 1
        S[WINNER] = -1
        S[MULT] = 1
        S[REASON] = R_VALVE
        return
    _begin_turn(S, nxt, phase, hsize, tekf, opt)


@njit(cache=True, inline="always")
def _next(S, seat, steps, n):
    return (seat + S[DIR] * steps) % n


@njit(cache=True)
def _end_out(S, me, card, mult, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
             ch_cards):
    if mult < 0:
        mult = 1
        if opt[O_MULTIPLIERS] == 1:  # PY-30
            if card == JOKER:
                mult = 10
            elif RK[card] == 7:
                mult = 3
            elif RK[card] == 11:
                mult = 2
    if opt[O_END_PENALTY] == 1:  # PY-T2, PY-A21
        for k in range(1, n):
            s = _next(S, me, k, n)
            owed = 0
            for j in range(hsize[s]):
                owed += END_OWED[hands[s, j]]
            while owed > 0:
                if not _can_draw(S, opt):
                    break
                got = _draw_cards(S, s, 1, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at,
                                  ch_len, ch_cards)
                if S[ERR] != 0:
                    return
                if got == 0:
                    break
                owed += END_OWED[S[DRAWN_CARD]] - 1
    S[OVER] = 1
    S[WINNER] = me
    S[MULT] = mult
    S[REASON] = R_OUT


@njit(cache=True)
def _ace_draws(S, me, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len, ch_cards):
    """PY-24T: every other player draws one card, in turn order from the next player."""
    for k in range(1, n):
        s = _next(S, me, k, n)
        _draw_cards(S, s, 1, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len, ch_cards)
        if S[OVER] == 1 or S[ERR] != 0:
            return


@njit(cache=True, inline="always")
def _apply(mv, S, n, hands, hsize, stock, disc, tekf, ol, opt, state, scripted, ch_at, ch_len, ch_cards):
    """Play move ``mv`` for the player to act (the reference's ``_apply``)."""
    me = S[TO_ACT]
    S[MOVES] += 1
    if mv == DRAW:
        sub = S[SUB]
        if S[PHASE] == PH_OPENING:
            got = _draw_cards(S, me, 1, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                              ch_cards)
            S[DRAWN] += got
            return
        if sub == SUB_TEK_DRAW:
            got = _draw_cards(S, me, 1, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                              ch_cards)
            S[DRAWN] += got
            S[SUB] = SUB_TEK
            return
        if S[PENDING] > 0:  # PY-20
            c = S[PENDING]
            if opt[O_DOUBLING3] == 1:
                owed = 3 << (c - 1)
            else:
                owed = 3 * c
            got = _draw_cards(S, me, owed, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at,
                              ch_len, ch_cards)
            S[PENALTY_CARDS] += got
            S[PENDING] = 0
            if S[OVER] == 1 or S[ERR] != 0:
                return
            if opt[O_PLAY_AFTER_PENALTY] == 1:  # PY-F2
                S[DRAWN] += got
                S[SUB] = SUB_AFTER_PENALTY
                return
            _end_turn(S, _next(S, me, 1, n), False, PH_PLAY, n, hsize, tekf, opt)
            return
        got = _draw_cards(S, me, 1, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                          ch_cards)
        S[DRAWN] += got
        if S[OVER] == 1:
            return
        if S[PHASE] == PH_ACE and sub == SUB_NONE:
            S[SUB] = SUB_ACE_DRAWN
        return
    if mv == PASS or mv == END:
        if S[PHASE] == PH_OPENING:  # PY-10, PY-F13: the opening duty moves on
            S[OL_HEAD] += 1
            S[OL_LEN] -= 1
            nxt = _next(S, me, 1, n)
            if S[OL_LEN] == 0 and S[DN] == 0:
                ol[0] = nxt
                S[OL_HEAD] = 0
                S[OL_LEN] = 1
            if S[OL_LEN] > 0:
                nxt = ol[S[OL_HEAD]]
            _end_turn(S, nxt, False, PH_OPENING if S[OL_LEN] > 0 else PH_PLAY, n, hsize, tekf, opt)
            return
        if S[SUB] == SUB_T5:
            tekf[me] = 1  # PY-F9
        _end_turn(S, _next(S, me, 1, n), S[PLAYED] == 1, PH_PLAY, n, hsize, tekf, opt)
        return
    # a play
    c = mv >> 4
    ns = ((mv >> 1) & 7) - 1
    tek = mv & 1
    _hand_remove(hands, hsize, me, c)
    disc[S[DN]] = c
    S[DN] += 1
    S[PLAYED] = 1
    S[PLAYS] += 1
    S[LAST_CARD] = c
    if tek == 1:
        tekf[me] = 1
    elif hsize[me] != 1:
        tekf[me] = 0
    if S[PHASE] == PH_OPENING:  # PY-08, PY-09, PY-09T: an inert opening club
        S[NAMED] = -1
        S[OL_HEAD] += 1
        S[OL_LEN] -= 1
        if hsize[me] == 0:
            _end_out(S, me, c, -1, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                     ch_cards)
            return
        nxt = _next(S, me, 1, n)
        if S[OL_LEN] > 0:
            nxt = ol[S[OL_HEAD]]
        _end_turn(S, nxt, True, PH_OPENING if S[OL_LEN] > 0 else PH_PLAY, n, hsize, tekf, opt)
        return
    r = _rank(c)
    if c == JOKER or r == 11:
        S[NAMED] = ns
    else:
        S[NAMED] = -1
    if hsize[me] == 0:
        if r == 1 and opt[O_ACE_CANNOT_FINISH] == 1:  # PY-T5, PY-F9
            if opt[O_ALL_DRAW] == 1:
                _ace_draws(S, me, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                           ch_cards)
                if S[OVER] == 1 or S[ERR] != 0:
                    return
            S[PHASE] = PH_ACE
            S[DRAWN] = 0
            S[SUB] = SUB_T5
            if not _can_draw(S, opt):
                _end_out(S, me, c, 1, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                         ch_cards)
            return
        _end_out(S, me, c, -1, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                 ch_cards)  # PY-26
        return
    if r == 7:  # PY-19
        S[PENDING] += 1
        _end_turn(S, _next(S, me, 1, n), True, PH_PLAY, n, hsize, tekf, opt)
    elif r == 8:  # PY-22
        _end_turn(S, _next(S, me, 2, n), True, PH_PLAY, n, hsize, tekf, opt)
    elif r == 10:  # PY-23
        S[DIR] = -S[DIR]
        if n == 2 and opt[O_TWO_PLAYER_SKIP] == 1:  # PY-F6
            _end_turn(S, me, True, PH_PLAY, n, hsize, tekf, opt)
        else:
            _end_turn(S, _next(S, me, 1, n), True, PH_PLAY, n, hsize, tekf, opt)
    elif r == 1:
        if opt[O_ALL_DRAW] == 0:  # PY-24: optional follow-up, same turn (PY-F8)
            S[PHASE] = PH_ACE
            S[SUB] = SUB_NONE
        else:  # PY-24T, PY-24U: the others draw, then an extra turn
            _ace_draws(S, me, n, hands, hsize, stock, disc, tekf, opt, state, scripted, ch_at, ch_len,
                       ch_cards)
            if S[OVER] == 1 or S[ERR] != 0:
                return
            _end_turn(S, me, True, PH_ACE, n, hsize, tekf, opt)
    else:
        _end_turn(S, _next(S, me, 1, n), True, PH_PLAY, n, hsize, tekf, opt)


@njit(cache=True)
def play_hand(n, dealer, hands, hsize, stock, disc, S, opt, state, scripted, script, ch_at, ch_len,
              ch_cards, scores, buf, tekf, ol):
    """Play one dealt hand (``S[SN]``, ``S[DN]`` set) to the end, or replay ``script`` when
    ``scripted``; score it into ``scores``.  Random mode picks uniformly among the legal moves.
    Returns an error code (0: fine); ``S`` holds the outcome and the counters.  ``buf`` (8 * CAP + 8),
    ``tekf`` and ``ol`` (n each) are work arrays."""
    for k in range(n):
        tekf[k] = 0
    first = (dealer + 1) % n
    for k in range(n):
        ol[k] = (first + k) % n
    for k in range(SN + 2, N_STATE):
        S[k] = 0
    S[DIR] = 1
    S[NAMED] = -1
    S[WINNER] = -1
    S[MULT] = 1
    S[DRAWN_CARD] = -1
    S[LAST_CARD] = -1
    S[OL_HEAD] = 0
    S[OL_LEN] = n if opt[O_FIRST_ROUND] == 1 else 1
    _begin_turn(S, first, PH_OPENING, hsize, tekf, opt)
    n_script = script.shape[0]
    while S[OVER] == 0:
        k = _legal(S, hands, hsize, disc, opt, buf)
        if scripted:
            if S[MOVES] >= n_script:
                return ERR_SHORT
            mv = script[S[MOVES]]
            idx = -1
            for j in range(k):
                if buf[j] == mv:
                    idx = j
                    break
            if idx < 0:
                return ERR_ILLEGAL
        elif k == 1:
            idx = 0
        else:
            idx = below(state, k)
        _apply(buf[idx], S, n, hands, hsize, stock, disc, tekf, ol, opt, state, scripted, ch_at, ch_len,
               ch_cards)
        if S[ERR] != 0:
            return S[ERR]
    if scripted:
        if S[MOVES] != n_script:
            return ERR_LONG
        if S[CH_PTR] != ch_at.shape[0]:
            return ERR_CHANCE
    # ---- scoring (PY-28, PY-29, PY-30, PY-A20)
    low = 1 << 40
    for s in range(n):
        v = 0
        for j in range(hsize[s]):
            v += VALUES[hands[s, j]]
        scores[s] = v
        if v < low:
            low = v
    if S[REASON] == R_OUT:
        for s in range(n):
            scores[s] *= S[MULT]
        scores[S[WINNER]] = 0
    else:
        for s in range(n):
            if scores[s] == low:
                scores[s] = 0
    return 0


@njit(cache=True)
def deal(n, dealer, deck, hands, hsize, stock, S, state):
    """Shuffle ``deck`` and deal 7 cards each from the dealer's left; the rest is the stock (PY-05)."""
    nd = deck.shape[0]
    shuffle(state, deck, nd)
    for s in range(n):
        hsize[s] = 0
    for k in range(7 * n):
        _hand_add(hands, hsize, (dealer + 1 + k) % n, deck[k])
    sn = 0
    for k in range(nd - 1, 7 * n - 1, -1):
        stock[sn] = deck[k]
        sn += 1
    S[SN] = sn
    S[DN] = 0


@njit(cache=True)
def run(n_hands, n, seed, opt, deck0, scripted, dealer, hands, hsize, stock, disc, S, script, ch_at, ch_len,
        ch_cards, winner, ended_by, reason, multiplier, moves, plays, draws, penalty, turns, reshuffles,
        last_card, stock_left, scores):
    """The one entry point (one compile serves both uses).

    Simulation (``scripted`` false): play ``n_hands`` independent hands with random bots, each dealt
    from ``deck0`` by seat ``dealer``, ``hands``/``hsize``/``stock``/``disc``/``S`` being work arrays.
    Replay (``scripted`` true, ``n_hands`` 1): play the deal already in ``hands``/``hsize``/``stock``
    (``S[SN]`` set, ``S[DN]`` 0) with the moves of ``script`` and the reshuffle orders ``ch_*``.
    Fills one row of the output arrays per hand; returns the first error code (0: none).
    """
    deck = deck0.copy()
    sc = np.zeros(n, dtype=np.int64)
    state = np.zeros(1, dtype=np.uint64)
    buf = np.empty(8 * CAP + 8, dtype=np.int64)
    tekf = np.zeros(n, dtype=np.int64)
    ol = np.empty(n, dtype=np.int64)
    for i in range(n_hands):
        if not scripted:
            hand_state(state, seed, i)
            for k in range(deck.shape[0]):
                deck[k] = deck0[k]
            deal(n, dealer, deck, hands, hsize, stock, S, state)
        err = play_hand(n, dealer, hands, hsize, stock, disc, S, opt, state, scripted, script, ch_at, ch_len,
                        ch_cards, sc, buf, tekf, ol)
        if err != 0:
            return err
        winner[i] = S[WINNER]
        ended_by[i] = 0 if S[REASON] == R_OUT else 1
        reason[i] = S[REASON]
        multiplier[i] = S[MULT]
        moves[i] = S[MOVES]
        plays[i] = S[PLAYS]
        draws[i] = S[DRAWS]
        penalty[i] = S[PENALTY_CARDS]
        turns[i] = S[TURNS]
        reshuffles[i] = S[RESHUFFLES]
        last_card[i] = S[LAST_CARD]
        stock_left[i] = S[SN]
        for s in range(n):
            scores[i, s] = sc[s]
    return 0
