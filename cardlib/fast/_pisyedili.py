"""Compiled Pis Yedili kernel (both presets, every option): one hand, a run of hands, a replay.

Cards are ints 0..51 (suit-major like :class:`cardlib.Card.index`) and 52 for a joker; with two decks a
card occurs twice.  Hands are kept sorted, so the legal moves come out in the canonical order: plays in
ascending card order (a J or joker once per named suit C D H S, each without then with a tek
declaration when one is possible), then ``draw``, ``pass``, ``end``.  A move is an int:
``card * 16 + (named_suit + 1) * 2 + tek`` (named_suit -1 when none), or DRAW / PASS / END.

The whole state of a hand lives in ONE int64 vector ``W``: the scalars (indices ``SN`` ... below), then
the hand sizes, tek flags, the opening queue, the stock (bottom first: its top is the last card), the
discard pile (bottom first), the hands (sorted, ``CAP`` slots a seat), the scores and the options.
Passing one array instead of ten to every helper matters: numba reference-counts each array argument
of a call, and that bookkeeping cost more than the rules themselves.  The turn structure follows the
reference engine (``cardlib.pisyedili.legal``, ``.play``): a turn sub-state ``SUB`` (tek draw, tek, after
penalty, PY-T5, Ace draw) and the PY-28B idle count.

``CH`` holds the recorded reshuffle orders of a replay: ``[k, at_0..at_k-1, len_0..len_k-1, cards...]``
(``at``: the index of the move during which it happened; cards top first).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._rng import below, deal_shuffle, hand_seed, hand_state

DRAW = 1000
PASS = 1001
END = 1002
JOKER = 52
CAP = 112          # cards a pile or a hand can hold (two decks and four jokers: 108)
MAXP = 16          # seats
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

# options (offsets in the option block)
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

# scalar state
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
NP = 28            # players
N_STATE = 32
# blocks of W
HSIZE = 32
TEKF = HSIZE + MAXP
OL = TEKF + MAXP
STOCK = OL + MAXP
DISC = STOCK + CAP
HANDS = DISC + CAP
SCORES = HANDS + MAXP * CAP
OPT = SCORES + MAXP
W_SIZE = OPT + 16

#: rank 1..13 (0 for the joker) and suit 0..3 (4 for the joker) by card index
RK = np.array([i % 13 + 1 for i in range(52)] + [0], dtype=np.int64)
SU = np.array([i // 13 for i in range(52)] + [4], dtype=np.int64)
#: PY-29 card values by card index (joker last)
VALUES = np.array([15, 2, 3, 4, 5, 6, 20, 8, 9, 10, 25, 10, 10] * 4 + [100], dtype=np.int64)
#: PY-T2 end-of-hand penalty cards owed per card held: 7 -> 3, A -> 1, joker -> 10
END_OWED = np.array([1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0] * 4 + [10], dtype=np.int64)


@njit(cache=True, inline="always")
def _hand_add(W, s, c):
    base = HANDS + s * CAP
    k = W[HSIZE + s]
    while k > 0 and W[base + k - 1] > c:
        W[base + k] = W[base + k - 1]
        k -= 1
    W[base + k] = c
    W[HSIZE + s] += 1


@njit(cache=True, inline="always")
def _hand_remove(W, s, c):
    base = HANDS + s * CAP
    m = W[HSIZE + s]
    k = 0
    while W[base + k] != c:
        k += 1
    for j in range(k, m - 1):
        W[base + j] = W[base + j + 1]
    W[HSIZE + s] = m - 1


@njit(cache=True, inline="always")
def _legal_on_top(c, pending, t, named):
    """PY-12/13/14/20/J1/J2 outside the opening (the reference's ``legal.playable``); ``t`` is the top
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
def _plays_for(c, buf, k, tek_opt, cur):
    """Every move playing ``c`` (suits for a J/joker, with and without tek); returns the new count.
    ``cur``: the suit a J may not name (jack_must_change_suit), else -2."""
    if c == JOKER or RK[c] == 11:
        excl = -2 if c == JOKER else cur
        for su in range(4):
            if su == excl:
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
def _can_draw(W):
    return W[SN] > 0 or (W[OPT + O_RESHUFFLE] == 1 and W[DN] > 1)


@njit(cache=True)
def _legal(W, buf):
    """Write the legal moves of the player to act into ``buf`` in canonical order; return how many."""
    me = W[TO_ACT]
    m = W[HSIZE + me]
    base = HANDS + me * CAP
    k = 0
    prev = -1
    sub = W[SUB]
    pending = W[PENDING]
    dn = W[DN]
    top = W[DISC + dn - 1] if dn > 0 else -1
    named = W[NAMED]
    tek_opt = W[OPT + O_TEK] == 1 and m == 2
    can = W[SN] > 0 or (W[OPT + O_RESHUFFLE] == 1 and dn > 1)
    if W[PHASE] == PH_OPENING:  # PY-06, PY-07, PY-10, PY-F13
        top_j = top >= 0 and RK[top] == 11
        for j in range(m):
            c = W[base + j]
            if c != prev and c < 13 and not (top_j and c == 10):
                buf[k] = c * 16
                k += 1
                if tek_opt:
                    buf[k] = c * 16 + 1
                    k += 1
            prev = c
        if can:
            buf[k] = DRAW
            k += 1
        elif k == 0:
            buf[k] = PASS
            k += 1
        return k
    cur = -2
    if W[OPT + O_MUST_CHANGE] == 1 and top >= 0:  # the suit in force (reference: legal.current_suit)
        if top == JOKER or RK[top] == 11:
            cur = named if named >= 0 else 0
        else:
            cur = SU[top]
    if sub == SUB_TEK_DRAW:  # PY-T1b
        if can:
            buf[0] = DRAW
            return 1
        sub = SUB_TEK
    aces_first = W[PHASE] == PH_ACE and W[OPT + O_ALL_DRAW] == 1 and W[OPT + O_ACES_AT_ONCE] == 1
    if sub == SUB_TEK:  # PY-T1b, PY-F10, PY-F15: only plays that keep a card; Aces first in an extra turn
        if m >= 2:
            if aces_first:
                for j in range(m):
                    c = W[base + j]
                    if c != prev and RK[c] == 1:
                        k = _plays_for(c, buf, k, tek_opt, cur)
                    prev = c
                prev = -1
            if k == 0:
                for j in range(m):
                    c = W[base + j]
                    if c != prev and _legal_on_top(c, pending, top, named):
                        k = _plays_for(c, buf, k, tek_opt, cur)
                    prev = c
        if pending > 0:
            buf[k] = DRAW
        elif W[PHASE] == PH_ACE and W[OPT + O_ALL_DRAW] == 0:
            buf[k] = END
        else:
            buf[k] = PASS
        return k + 1
    if sub == SUB_T5:  # PY-T5, PY-F9
        if m == 0:
            buf[0] = DRAW
            return 1
        c = W[DRAWN_CARD]
        if _legal_on_top(c, pending, top, named):
            k = _plays_for(c, buf, k, tek_opt, cur)
        buf[k] = PASS
        return k + 1
    if sub == SUB_ACE_DRAWN:  # PY-F7
        c = W[DRAWN_CARD]
        if _legal_on_top(c, pending, top, named):
            return _plays_for(c, buf, k, tek_opt, cur)
        buf[0] = PASS
        return 1
    if sub == SUB_AFTER_PENALTY:  # PY-F2
        for j in range(m):
            c = W[base + j]
            if c != prev and _legal_on_top(c, pending, top, named):
                k = _plays_for(c, buf, k, tek_opt, cur)
            prev = c
        buf[k] = PASS
        return k + 1
    if W[PHASE] == PH_ACE:
        if aces_first:  # PY-T3, not under follow (PY-F16)
            for j in range(m):
                c = W[base + j]
                if c != prev and RK[c] == 1:
                    k = _plays_for(c, buf, k, tek_opt, cur)
                prev = c
            if k > 0:
                return k
            prev = -1
        for j in range(m):
            c = W[base + j]
            if c != prev and _legal_on_top(c, pending, top, named):
                k = _plays_for(c, buf, k, tek_opt, cur)
            prev = c
        if W[OPT + O_ALL_DRAW] == 0:  # PY-24, PY-F8
            buf[k] = END
            return k + 1
        if k == 0:  # PY-24U
            buf[0] = DRAW if can else PASS
            return 1
        return k
    # normal play (PY-11..PY-18)
    for j in range(m):
        c = W[base + j]
        if c != prev and _legal_on_top(c, pending, top, named):
            k = _plays_for(c, buf, k, tek_opt, cur)
        prev = c
    if pending > 0:  # PY-20, PY-F1
        buf[k] = DRAW
        return k + 1
    if can and (W[OPT + O_SINGLE] == 0 or W[DRAWN] == 0):
        buf[k] = DRAW
        k += 1
    if W[DRAWN] > 0 or not can:
        buf[k] = PASS
        k += 1
    return k


@njit(cache=True)
def _reshuffle(W, state, scripted, CH):
    """PY-28T: every discard but the top becomes the new stock (recorded order when replaying)."""
    dn = W[DN]
    nu = dn - 1
    if scripted:
        p = W[CH_PTR]
        nk = CH[0]
        if p >= nk or CH[1 + p] != W[MOVES] - 1 or CH[1 + nk + p] != nu:
            W[ERR] = ERR_CHANCE
            return
        q = 1 + 2 * nk + W[CH_CARD_PTR]
        cnt = np.zeros(53, dtype=np.int64)
        for j in range(nu):
            cnt[W[DISC + j]] += 1
            cnt[CH[q + j]] -= 1
        for j in range(53):
            if cnt[j] != 0:
                W[ERR] = ERR_CHANCE
                return
        for j in range(nu):  # the order is top first; the stock is stored bottom first
            W[STOCK + j] = CH[q + nu - 1 - j]
        W[CH_PTR] = p + 1
        W[CH_CARD_PTR] += nu
    else:
        for j in range(nu):
            W[STOCK + j] = W[DISC + j]
        for i in range(nu - 1, 0, -1):  # Fisher-Yates, as _rng.shuffle
            j = below(state, i + 1)
            t = W[STOCK + i]
            W[STOCK + i] = W[STOCK + j]
            W[STOCK + j] = t
    W[DISC] = W[DISC + dn - 1]
    W[DN] = 1
    W[SN] = nu
    W[RESHUFFLES] += 1


@njit(cache=True)
def _draw_cards(W, s, want, state, scripted, CH):
    """Draw up to ``want`` cards for seat ``s`` (PY-28, PY-28T); returns how many.  Sets OVER (stock)
    when the draw took the last stock card under lowest_hand_wins."""
    got = 0
    reshuffle = W[OPT + O_RESHUFFLE] == 1
    for _ in range(want):
        if W[SN] == 0:
            if reshuffle and W[DN] > 1:
                _reshuffle(W, state, scripted, CH)
                if W[ERR] != 0:
                    return got
            else:
                break
        W[SN] -= 1
        c = W[STOCK + W[SN]]
        _hand_add(W, s, c)
        W[DRAWN_CARD] = c
        got += 1
        if W[SN] == 0 and not reshuffle:
            break
    if got > 0:
        W[TEKF + s] = 0  # receiving cards cancels a declaration (PY-F10)
        W[DRAWS] += got
        if W[SN] == 0 and not reshuffle:  # PY-28, PY-A19
            W[OVER] = 1
            W[WINNER] = -1
            W[MULT] = 1
            W[REASON] = R_STOCK
    return got


@njit(cache=True, inline="always")
def _begin_turn(W, seat, phase):
    W[TO_ACT] = seat
    W[PHASE] = phase
    W[DRAWN] = 0
    W[PLAYED] = 0
    W[SUB] = SUB_NONE
    if phase != PH_OPENING and W[OPT + O_TEK] == 1 and W[HSIZE + seat] == 1 and W[TEKF + seat] == 0:
        W[SUB] = SUB_TEK_DRAW


@njit(cache=True)
def _end_turn(W, nxt, played, phase):
    W[TURNS] += 1
    if played:
        W[IDLE] = 0
    else:
        W[IDLE] += 1
    if not played and W[OPT + O_RESHUFFLE] == 1 and W[IDLE] >= W[NP]:  # PY-28B, PY-F4
        W[OVER] = 1
        W[WINNER] = -1
        W[MULT] = 1
        W[REASON] = R_NO_PLAY
        return
    if W[TURNS] >= SAFETY_VALVE_TURNS:  # PY-F5
        W[OVER] = 1
        W[WINNER] = -1
        W[MULT] = 1
        W[REASON] = R_VALVE
        return
    _begin_turn(W, nxt, phase)


@njit(cache=True, inline="always")
def _next(W, seat, steps):
    return (seat + W[DIR] * steps) % W[NP]


@njit(cache=True)
def _end_out(W, me, card, mult, state, scripted, CH):
    if mult < 0:
        mult = 1
        if W[OPT + O_MULTIPLIERS] == 1:  # PY-30
            if card == JOKER:
                mult = 10
            elif RK[card] == 7:
                mult = 3
            elif RK[card] == 11:
                mult = 2
    if W[OPT + O_END_PENALTY] == 1:  # PY-T2, PY-A21
        for k in range(1, W[NP]):
            s = _next(W, me, k)
            owed = 0
            base = HANDS + s * CAP
            for j in range(W[HSIZE + s]):
                owed += END_OWED[W[base + j]]
            while owed > 0:
                if not _can_draw(W):
                    break
                got = _draw_cards(W, s, 1, state, scripted, CH)
                if W[ERR] != 0:
                    return
                if got == 0:
                    break
                owed += END_OWED[W[DRAWN_CARD]] - 1
    W[OVER] = 1
    W[WINNER] = me
    W[MULT] = mult
    W[REASON] = R_OUT


@njit(cache=True)
def _ace_draws(W, me, state, scripted, CH):
    """PY-24T: every other player draws one card, in turn order from the next player."""
    for k in range(1, W[NP]):
        s = _next(W, me, k)
        _draw_cards(W, s, 1, state, scripted, CH)
        if W[OVER] == 1 or W[ERR] != 0:
            return


@njit(cache=True, inline="always")
def _apply(W, mv, state, scripted, CH):
    """Play move ``mv`` for the player to act (the reference's ``play.apply``)."""
    me = W[TO_ACT]
    W[MOVES] += 1
    if mv == DRAW:
        sub = W[SUB]
        if W[PHASE] == PH_OPENING:
            W[DRAWN] += _draw_cards(W, me, 1, state, scripted, CH)
            return
        if sub == SUB_TEK_DRAW and _can_draw(W):  # with nothing to draw, the draw is the sevens' (decision 7)
            W[DRAWN] += _draw_cards(W, me, 1, state, scripted, CH)
            W[SUB] = SUB_TEK
            return
        if W[PENDING] > 0:  # PY-20
            c = W[PENDING]
            if W[OPT + O_DOUBLING3] == 1:
                owed = 3 << (c - 1)
            else:
                owed = 3 * c
            got = _draw_cards(W, me, owed, state, scripted, CH)
            W[PENALTY_CARDS] += got
            W[PENDING] = 0
            if W[OVER] == 1 or W[ERR] != 0:
                return
            if W[OPT + O_PLAY_AFTER_PENALTY] == 1:  # PY-F2, under the same tek penalty (PY-F15)
                W[DRAWN] += got
                if sub == SUB_TEK or sub == SUB_TEK_DRAW:
                    W[SUB] = SUB_TEK
                else:
                    W[SUB] = SUB_AFTER_PENALTY
                return
            _end_turn(W, _next(W, me, 1), False, PH_PLAY)
            return
        W[DRAWN] += _draw_cards(W, me, 1, state, scripted, CH)
        if W[OVER] == 1:
            return
        if W[PHASE] == PH_ACE and sub == SUB_NONE:
            W[SUB] = SUB_ACE_DRAWN
        return
    if mv == PASS or mv == END:
        if W[PHASE] == PH_OPENING:  # PY-10, PY-F13: the opening duty moves on
            W[OL_HEAD] += 1
            W[OL_LEN] -= 1
            nxt = _next(W, me, 1)
            if W[OL_LEN] == 0 and W[DN] == 0:
                W[OL] = nxt
                W[OL_HEAD] = 0
                W[OL_LEN] = 1
            if W[OL_LEN] > 0:
                nxt = W[OL + W[OL_HEAD]]
            _end_turn(W, nxt, False, PH_OPENING if W[OL_LEN] > 0 else PH_PLAY)
            return
        if W[SUB] == SUB_T5 and W[OPT + O_TEK] == 1:
            W[TEKF + me] = 1  # PY-F9
        _end_turn(W, _next(W, me, 1), W[PLAYED] == 1, PH_PLAY)
        return
    # a play
    c = mv >> 4
    ns = ((mv >> 1) & 7) - 1
    _hand_remove(W, me, c)
    W[DISC + W[DN]] = c
    W[DN] += 1
    W[PLAYED] = 1
    W[PLAYS] += 1
    W[LAST_CARD] = c
    left = W[HSIZE + me]
    if mv & 1 == 1:
        W[TEKF + me] = 1
    elif left != 1:
        W[TEKF + me] = 0
    if W[PHASE] == PH_OPENING:  # PY-08, PY-09, PY-09T: an inert opening club
        W[NAMED] = -1
        W[OL_HEAD] += 1
        W[OL_LEN] -= 1
        if left == 0:
            _end_out(W, me, c, -1, state, scripted, CH)
            return
        nxt = _next(W, me, 1)
        if W[OL_LEN] > 0:
            nxt = W[OL + W[OL_HEAD]]
        _end_turn(W, nxt, True, PH_OPENING if W[OL_LEN] > 0 else PH_PLAY)
        return
    r = RK[c]
    if c == JOKER or r == 11:
        W[NAMED] = ns
    else:
        W[NAMED] = -1
    if left == 0:
        if r == 1 and W[OPT + O_ACE_CANNOT_FINISH] == 1:  # PY-T5, PY-F9
            if W[OPT + O_ALL_DRAW] == 1:
                _ace_draws(W, me, state, scripted, CH)
                if W[OVER] == 1 or W[ERR] != 0:
                    return
            W[PHASE] = PH_ACE  # DRAWN counts on: the same turn
            W[SUB] = SUB_T5
            if not _can_draw(W):
                _end_out(W, me, c, 1, state, scripted, CH)
            return
        _end_out(W, me, c, -1, state, scripted, CH)  # PY-26
        return
    if r == 7:  # PY-19
        W[PENDING] += 1
        _end_turn(W, _next(W, me, 1), True, PH_PLAY)
    elif r == 8:  # PY-22
        _end_turn(W, _next(W, me, 2), True, PH_PLAY)
    elif r == 10:  # PY-23
        W[DIR] = -W[DIR]
        if W[NP] == 2 and W[OPT + O_TWO_PLAYER_SKIP] == 1:  # PY-F6
            _end_turn(W, me, True, PH_PLAY)
        else:
            _end_turn(W, _next(W, me, 1), True, PH_PLAY)
    elif r == 1:
        if W[OPT + O_ALL_DRAW] == 0:  # PY-24: optional follow-up, same turn (PY-F8); a tek penalty stays (PY-F15)
            W[PHASE] = PH_ACE
            if W[SUB] != SUB_TEK:
                W[SUB] = SUB_NONE
        else:  # PY-24T, PY-24U: the others draw, then an extra turn
            _ace_draws(W, me, state, scripted, CH)
            if W[OVER] == 1 or W[ERR] != 0:
                return
            _end_turn(W, me, True, PH_ACE)
    else:
        _end_turn(W, _next(W, me, 1), True, PH_PLAY)


@njit(cache=True)
def play_hand(W, dealer, state, scripted, script, CH, buf, counts):
    """Play the hand dealt in ``W`` (``W[SN]`` set, ``W[DN]`` 0) to the end, or replay ``script`` when
    ``scripted``; score it into ``W[SCORES:]``.  Random mode picks uniformly among the legal moves.
    When replaying, ``counts[i]`` receives the number of legal moves before move ``i`` (as far as
    ``counts`` reaches: the equivalence tests compare it with the reference engine's).
    Returns an error code (0: fine); ``W`` holds the outcome and the counters."""
    n = W[NP]
    first = (dealer + 1) % n
    for k in range(n):
        W[OL + k] = (first + k) % n
        W[TEKF + k] = 0
    for k in range(DN + 1, N_STATE):
        if k != NP:
            W[k] = 0
    W[DIR] = 1
    W[NAMED] = -1
    W[WINNER] = -1
    W[MULT] = 1
    W[DRAWN_CARD] = -1
    W[LAST_CARD] = -1
    W[OL_LEN] = n if W[OPT + O_FIRST_ROUND] == 1 else 1
    _begin_turn(W, first, PH_OPENING)
    n_script = script.shape[0]
    while W[OVER] == 0:
        k = _legal(W, buf)
        if scripted:
            if W[MOVES] >= n_script:
                return ERR_SHORT
            if W[MOVES] < counts.shape[0]:
                counts[W[MOVES]] = k
            mv = script[W[MOVES]]
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
        _apply(W, buf[idx], state, scripted, CH)
        if W[ERR] != 0:
            return W[ERR]
    if scripted:
        if W[MOVES] != n_script:
            return ERR_LONG
        if W[CH_PTR] != CH[0]:
            return ERR_CHANCE
    # ---- scoring (PY-28, PY-29, PY-30, PY-A20)
    low = 1 << 40
    for s in range(n):
        v = 0
        base = HANDS + s * CAP
        for j in range(W[HSIZE + s]):
            v += VALUES[W[base + j]]
        W[SCORES + s] = v
        if v < low:
            low = v
    if W[REASON] == R_OUT:
        for s in range(n):
            W[SCORES + s] *= W[MULT]
        W[SCORES + W[WINNER]] = 0
    else:
        for s in range(n):
            if W[SCORES + s] == low:
                W[SCORES + s] = 0
    return 0


@njit(cache=True)
def deal(W, dealer, deck, seed):
    """The deal for ``seed``: ``_rng.deal_shuffle`` (``Rng(seed).shuffle``, bit for bit) shuffles
    ``deck`` (the canonical ``make_deck`` order), 7 cards each go one at a time from the dealer's left;
    the rest is the stock (PY-05)."""
    n = W[NP]
    nd = deck.shape[0]
    deal_shuffle(seed, deck, nd)
    for s in range(n):
        W[HSIZE + s] = 0
    for k in range(7 * n):
        _hand_add(W, (dealer + 1 + k) % n, deck[k])
    sn = 0
    for k in range(nd - 1, 7 * n - 1, -1):
        W[STOCK + sn] = deck[k]
        sn += 1
    W[SN] = sn
    W[DN] = 0


def new_state(n: int, opt: np.ndarray) -> np.ndarray:
    """A fresh ``W`` for ``n`` players with the option vector ``opt`` (plain Python)."""
    W = np.zeros(W_SIZE, dtype=np.int64)
    W[NP] = n
    W[OPT:OPT + len(opt)] = opt
    return W


@njit(cache=True)
def run(n_hands, seed, deck0, scripted, dealer, W, script, CH,
        winner, ended_by, reason, multiplier, moves, plays, draws, penalty, turns, reshuffles,
        last_card, stock_left, scores, deals_out, counts):
    """The one entry point (one compile serves both uses).

    Simulation (``scripted`` false): play ``n_hands`` independent hands with random bots, each dealt
    from ``deck0`` by seat ``dealer``.  Replay (``scripted`` true, ``n_hands`` 1): play the deal already
    in ``W`` with the moves of ``script`` and the reshuffle orders of ``CH``.  Fills one row of the
    output arrays per hand; returns the first error code (0: none).
    Hand ``i`` is dealt with ``hand_seed(seed, i)``, exactly as the reference engine deals that seed
    (``deck0`` is the canonical deck); the bots draw from their own SplitMix64 stream
    ``hand_state(seed, i)``.  ``deals_out`` (n_hands x deck size, or 0 rows) receives each shuffled deck
    (dealt from index 0) when it has rows; ``counts``: see :func:`play_hand`.
    """
    n = W[NP]
    deck = deck0.copy()
    state = np.zeros(1, dtype=np.uint64)
    record = deals_out.shape[0] > 0
    buf = np.empty(8 * CAP + 8, dtype=np.int64)
    for i in range(n_hands):
        if not scripted:
            for k in range(deck.shape[0]):
                deck[k] = deck0[k]
            deal(W, dealer, deck, hand_seed(seed, i))
            if record:
                for k in range(deck.shape[0]):
                    deals_out[i, k] = deck[k]
            hand_state(state, seed, i)
        err = play_hand(W, dealer, state, scripted, script, CH, buf, counts)
        if err != 0:
            return err
        winner[i] = W[WINNER]
        ended_by[i] = 0 if W[REASON] == R_OUT else 1
        reason[i] = W[REASON]
        multiplier[i] = W[MULT]
        moves[i] = W[MOVES]
        plays[i] = W[PLAYS]
        draws[i] = W[DRAWS]
        penalty[i] = W[PENALTY_CARDS]
        turns[i] = W[TURNS]
        reshuffles[i] = W[RESHUFFLES]
        last_card[i] = W[LAST_CARD]
        stock_left[i] = W[SN]
        for s in range(n):
            scores[i, s] = W[SCORES + s]
    return 0
