"""Compiled Pis Yedili kernel (both presets, every option): one hand, a run of hands, a replay.

Cards are ints 0..51 (suit-major like :class:`cardlib.Card.index`) and 52 for a joker; with two decks a
card occurs twice.  A hand is ONE bit mask per seat (bit ``c``: at least one card ``c`` held) and a count
per card (two decks), so the playable cards of a turn are one mask expression (:func:`_on_top`) and the
legal moves come out in the canonical order by expanding that mask in ascending card order: plays (a J
or joker once per named suit C D H S, each without then with a tek declaration when one is possible),
then ``draw``, ``pass``, ``end``.  A move is an int: ``card * 16 + (named_suit + 1) * 2 + tek``
(named_suit -1 when none), or DRAW / PASS / END.

Speed (issue 17): no list of legal moves is built.  :func:`_legal` describes the turn's moves by a few
numbers (the mask of playable cards, whether plays name no suit, tek, the suit a J may not name, and up
to two closing moves); :func:`_count` counts them with popcounts and :func:`_select` finds the ``k``-th,
so a random bot's choice costs one popcount and a walk over the few playable cards.  Every helper is
inlined into :func:`run`: no call inside the move loop passes an array (numba reference-counts array
arguments of a call; that bookkeeping once cost more than the rules themselves).

The whole state of a hand lives in ONE int64 vector ``W``: the scalars (indices ``SN`` ... below), then
the hand sizes, tek flags, the opening queue, the stock (bottom first: its top is the last card), the
discard pile (bottom first), the hand masks and card counts, the scores, the options and a scratch
block.  The turn structure follows the reference engine (``cardlib.pisyedili.legal``, ``.play``): a turn
sub-state ``SUB`` (tek draw, tek, after penalty, PY-T5, Ace draw) and the PY-28B idle count.

``CH`` holds the recorded reshuffle orders of a replay: ``[k, at_0..at_k-1, len_0..len_k-1, cards...]``
(``at``: the index of the move during which it happened; cards top first).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..play import SAFETY_VALVE_TURNS
from ..scoring import END_OWED as _END_OWED
from ..scoring import VALUES as _VALUES
from ..._fast._bits import ONE, bit, ctz, popcount, unowned
from ..._fast._rng import below, deal_shuffle, hand_seed, hand_state

from ._layout import *  # noqa: F403  (the layout of W and the codes: plain Python, shared with run.py)

#: rank 1..13 (0 for the joker) and suit 0..3 (4 for the joker) by card index
RK = np.array([i % 13 + 1 for i in range(52)] + [0], dtype=np.int64)
SU = np.array([i // 13 for i in range(52)] + [4], dtype=np.int64)
#: PY-29 card values by card index (joker last)
VALUES = np.array(_VALUES, dtype=np.int64)
#: PY-T2 end-of-hand penalty cards owed per card held: 7 -> 3, A -> 1, joker -> 10
END_OWED = np.array(_END_OWED, dtype=np.int64)
#: card masks: by suit (4: the joker), by rank (0: the joker), the jacks, the joker, every card
SUIT_MASK = np.array([sum(1 << c for c in range(53) if SU[c] == s) for s in range(5)], dtype=np.uint64)
RANK_MASK = np.array([sum(1 << c for c in range(53) if RK[c] == r) for r in range(14)], dtype=np.uint64)
JACKS = np.uint64(int(RANK_MASK[11]))
JOKER_BIT = np.uint64(1 << JOKER)
ALL = np.uint64((1 << NC) - 1)
CLUBS = np.uint64(int(SUIT_MASK[0]))
JACK_OF_CLUBS = np.uint64(1 << 10)


@njit(cache=True, inline="always")
def _mask(W, s):
    return np.uint64(W[PM + s])


@njit(cache=True, inline="always")
def _hand_add(W, s, c):
    W[CNT + s * NC + c] += 1
    W[PM + s] = np.int64(_mask(W, s) | bit(c))
    W[HSIZE + s] += 1


@njit(cache=True, inline="always")
def _hand_remove(W, s, c):
    k = CNT + s * NC + c
    W[k] -= 1
    if W[k] == 0:
        W[PM + s] = np.int64(_mask(W, s) & ~bit(c))
    W[HSIZE + s] -= 1


@njit(cache=True, inline="always")
def _hand_clear(W, s):
    m = _mask(W, s)
    while m:
        W[CNT + s * NC + ctz(m)] = 0
        m &= m - ONE
    W[PM + s] = 0
    W[HSIZE + s] = 0


@njit(cache=True, inline="always")
def _hand_sum(W, s, per_card):
    """The sum of ``per_card[c]`` over the cards seat ``s`` holds (a card held twice counts twice)."""
    total = 0
    x = _mask(W, s)
    while x:
        c = ctz(x)
        x &= x - ONE
        total += per_card[c] * W[CNT + s * NC + c]
    return total


@njit(cache=True, inline="always")
def _on_top(pending, t, named):
    """The cards playable outside the opening (PY-12/13/14/20/J1/J2; the reference's
    ``legal.playable``), as a mask: ``t`` is the top card (-1: none), ``named`` the named suit (-1: none)."""
    if pending > 0:
        return RANK_MASK[7]
    if t < 0:
        return ALL
    if t == JOKER:
        if named >= 0:
            return JOKER_BIT | JACKS | SUIT_MASK[named]
        return JOKER_BIT | JACKS
    if RK[t] == 11:
        return JOKER_BIT | (SUIT_MASK[named if named >= 0 else 0] & ~JACKS)
    return JOKER_BIT | JACKS | SUIT_MASK[SU[t]] | RANK_MASK[RK[t]]


@njit(cache=True, inline="always")
def _can_draw(W):
    return W[SN] > 0 or (W[OPT + O_RESHUFFLE] == 1 and W[DN] > 1)


@njit(cache=True, inline="always")
def _legal(W):
    """The legal moves of the player to act, as ``(cards, plain, tek, cur, last1, last2)``: a play of
    every card of the mask ``cards`` in ascending order (``plain``: one play a card, naming no suit, as in
    the opening; else a J or joker once per suit it may name), each without then with a tek declaration
    when ``tek``; ``cur`` the suit a J may not name (jack_must_change_suit), else -2; then the closing
    moves ``last1``, ``last2`` (DRAW/PASS/END, NONE when absent)."""
    me = W[TO_ACT]
    m = W[HSIZE + me]
    pm = _mask(W, me)
    sub = W[SUB]
    pending = W[PENDING]
    dn = W[DN]
    top = W[DISC + dn - 1] if dn > 0 else -1
    named = W[NAMED]
    tek = W[OPT + O_TEK] == 1 and m == 2
    can = W[SN] > 0 or (W[OPT + O_RESHUFFLE] == 1 and dn > 1)
    none = np.uint64(0)
    if W[PHASE] == PH_OPENING:  # PY-06, PY-07, PY-10, PY-F13
        cards = pm & CLUBS
        if top >= 0 and RK[top] == 11:
            cards &= ~JACK_OF_CLUBS
        if can:
            return cards, True, tek, -2, DRAW, NONE
        if cards == none:
            return cards, True, tek, -2, PASS, NONE
        return cards, True, tek, -2, NONE, NONE
    cur = -2
    if W[OPT + O_MUST_CHANGE] == 1 and top >= 0:  # the suit in force (reference: legal.current_suit)
        if top == JOKER or RK[top] == 11:
            cur = named if named >= 0 else 0
        else:
            cur = SU[top]
    if sub == SUB_TEK_DRAW:  # PY-T1b
        if can:
            return none, False, tek, cur, DRAW, NONE
        sub = SUB_TEK
    ace = W[PHASE] == PH_ACE
    aces_first = ace and W[OPT + O_ALL_DRAW] == 1 and W[OPT + O_ACES_AT_ONCE] == 1
    ok = _on_top(pending, top, named)
    if sub == SUB_TEK:  # PY-T1b, PY-F10, PY-F15: only plays that keep a card; Aces first in an extra turn
        cards = none
        if m >= 2:
            if aces_first:
                cards = pm & RANK_MASK[1]
            if cards == none:
                cards = pm & ok
        if pending > 0:
            return cards, False, tek, cur, DRAW, NONE
        if ace and W[OPT + O_ALL_DRAW] == 0:
            return cards, False, tek, cur, END, NONE
        return cards, False, tek, cur, PASS, NONE
    if sub == SUB_T5:  # PY-T5, PY-F9
        if m == 0:
            return none, False, tek, cur, DRAW, NONE
        return ok & bit(W[DRAWN_CARD]), False, tek, cur, PASS, NONE
    if sub == SUB_ACE_DRAWN:  # PY-F7
        cards = ok & bit(W[DRAWN_CARD])
        if cards == none:
            return cards, False, tek, cur, PASS, NONE
        return cards, False, tek, cur, NONE, NONE
    if sub == SUB_AFTER_PENALTY:  # PY-F2
        return pm & ok, False, tek, cur, PASS, NONE
    if ace:
        if aces_first:  # PY-T3, not under follow (PY-F16)
            cards = pm & RANK_MASK[1]
            if cards != none:
                return cards, False, tek, cur, NONE, NONE
        cards = pm & ok
        if W[OPT + O_ALL_DRAW] == 0:  # PY-24, PY-F8
            return cards, False, tek, cur, END, NONE
        if cards == none:  # PY-24U
            return cards, False, tek, cur, DRAW if can else PASS, NONE
        return cards, False, tek, cur, NONE, NONE
    # normal play (PY-11..PY-18)
    cards = pm & ok
    if pending > 0:  # PY-20, PY-F1
        return cards, False, tek, cur, DRAW, NONE
    draw = can and (W[OPT + O_SINGLE] == 0 or W[DRAWN] == 0)
    pas = W[DRAWN] > 0 or not can
    if draw and pas:
        return cards, False, tek, cur, DRAW, PASS
    if draw:
        return cards, False, tek, cur, DRAW, NONE
    if pas:
        return cards, False, tek, cur, PASS, NONE
    return cards, False, tek, cur, NONE, NONE


@njit(cache=True, inline="always")
def _n_plays(cards, plain, tek, cur):
    """How many plays ``_legal``'s description holds."""
    n = popcount(cards)
    if not plain:
        nj = popcount(cards & JACKS)
        joker = np.int64((cards >> np.uint64(JOKER)) & ONE)
        n += 3 * joker + (2 if cur >= 0 else 3) * nj      # a joker names 4 suits, a J 4 (3 under must-change)
    return 2 * n if tek else n


@njit(cache=True, inline="always")
def _select(k, cards, plain, tek, cur, last1):
    """The ``k``-th (0-based) legal move of ``_legal``'s description (``k`` below the count)."""
    per = 2 if tek else 1
    while cards:
        c = ctz(cards)
        cards &= cards - ONE
        if plain or (c != JOKER and RK[c] != 11):
            if k < per:
                return c * 16 + k
            k -= per
            continue
        excl = -2 if c == JOKER else cur
        e = per * (3 if excl >= 0 else 4)
        if k < e:
            j = k >> 1 if tek else k
            su = j + 1 if excl >= 0 and j >= excl else j
            return c * 16 + (su + 1) * 2 + (k & 1 if tek else 0)
        k -= e
    return last1 if k == 0 else -2       # -2: the caller passes last2


@njit(cache=True, inline="always")
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
        for j in range(NC):
            W[SCRATCH + j] = 0
        for j in range(nu):
            W[SCRATCH + W[DISC + j]] += 1
            W[SCRATCH + CH[q + j]] -= 1
        for j in range(NC):
            if W[SCRATCH + j] != 0:
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


@njit(cache=True, inline="always")
def _finish(W, winner, mult, reason):
    W[OVER] = 1
    W[WINNER] = winner
    W[MULT] = mult
    W[REASON] = reason


@njit(cache=True, inline="always")
def _draw_cards(W, s, want, state, scripted, CH):
    """Draw up to ``want`` cards for seat ``s`` (PY-28, PY-28T); returns how many.  Ends the hand
    (stock) when the draw took the last stock card under lowest_hand_wins.  Inline: the common case, a
    stock with more than ``want`` cards; the rest (a reshuffle, the end of the stock) is a call."""
    if W[SN] <= want:
        return _draw_to_end(W, s, want, state, scripted, CH)
    sn = W[SN]
    for _ in range(want):
        sn -= 1
        _hand_add(W, s, W[STOCK + sn])
    W[SN] = sn
    W[DRAWN_CARD] = W[STOCK + sn]
    W[TEKF + s] = 0  # receiving cards cancels a declaration (PY-F10)
    W[DRAWS] += want
    return want


@njit(cache=True)
def _draw_to_end(W, s, want, state, scripted, CH):
    """:func:`_draw_cards` when the stock runs out during the draw."""
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
            _finish(W, -1, 1, R_STOCK)
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


@njit(cache=True, inline="always")
def _end_turn(W, nxt, played, phase):
    W[TURNS] += 1
    if played:
        W[IDLE] = 0
    else:
        W[IDLE] += 1
    if not played and W[OPT + O_RESHUFFLE] == 1 and W[IDLE] >= W[NP]:  # PY-28B, PY-F4
        _finish(W, -1, 1, R_NO_PLAY)
    elif W[TURNS] >= SAFETY_VALVE_TURNS:  # PY-F5
        _finish(W, -1, 1, R_VALVE)
    else:
        _begin_turn(W, nxt, phase)


@njit(cache=True, inline="always")
def _next(W, seat, steps):
    """The seat ``steps`` (below the player count) places on in the direction of play (no division)."""
    x = seat + W[DIR] * steps
    if x >= W[NP]:
        return x - W[NP]
    if x < 0:
        return x + W[NP]
    return x


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
    free = -1
    if W[OPT + O_PARTNER_FREE] == 1:  # PY-P5: the winner's partner scores 0 and draws no end penalty
        free = (me + W[NP] // 2) % W[NP]
    W[FREE] = free
    if W[OPT + O_END_PENALTY] == 1:  # PY-T2, PY-A21 (PY-P4: the partner too, unless free)
        for k in range(1, W[NP]):
            s = _next(W, me, k)
            if s == free:
                continue
            owed = _hand_sum(W, s, END_OWED)
            while owed > 0 and _can_draw(W):
                got = _draw_cards(W, s, 1, state, scripted, CH)
                if W[ERR] != 0:
                    return
                if got == 0:
                    break
                owed += END_OWED[W[DRAWN_CARD]] - 1
    _finish(W, me, mult, R_OUT)


@njit(cache=True)
def _ace_draws(W, me, state, scripted, CH):
    """PY-24T: every other player draws one card, in turn order from the next player."""
    for k in range(1, W[NP]):
        _draw_cards(W, _next(W, me, k), 1, state, scripted, CH)
        if W[OVER] == 1 or W[ERR] != 0:
            return


@njit(cache=True, inline="always")
def _apply(W, mv, state, scripted, CH):
    """Play move ``mv`` for the player to act (the reference's ``play.apply``).  Each branch either
    returns (the turn goes on, or the hand is over) or names who acts next; one :func:`_end_turn` closes
    the turn (one inlined copy, not one a branch)."""
    me = W[TO_ACT]
    W[MOVES] += 1
    played = True
    phase = PH_PLAY
    if mv == DRAW:
        W[DRAW_MOVES] += 1
        sub = W[SUB]
        opening = W[PHASE] == PH_OPENING
        tek_draw = not opening and sub == SUB_TEK_DRAW and _can_draw(W)   # else the sevens' draw (decision 7)
        pending = 0 if opening or tek_draw else W[PENDING]
        want = 1
        if pending > 0:  # PY-20
            want = 3 << (pending - 1) if W[OPT + O_DOUBLING3] == 1 else 3 * pending
        got = _draw_cards(W, me, want, state, scripted, CH)
        if pending == 0:
            W[DRAWN] += got
            if tek_draw:
                W[SUB] = SUB_TEK
            elif not opening and W[OVER] == 0 and W[PHASE] == PH_ACE and sub == SUB_NONE:
                W[SUB] = SUB_ACE_DRAWN
            return
        W[PENALTY_CARDS] += got
        W[PENDING] = 0
        if W[OVER] == 1 or W[ERR] != 0:
            return
        if W[OPT + O_PLAY_AFTER_PENALTY] == 1:  # PY-F2, under the same tek penalty (PY-F15)
            W[DRAWN] += got
            W[SUB] = SUB_TEK if sub == SUB_TEK or sub == SUB_TEK_DRAW else SUB_AFTER_PENALTY
            return
        nxt = _next(W, me, 1)
        played = False
    elif mv == PASS or mv == END:
        played = False
        nxt = _next(W, me, 1)
        if W[PHASE] == PH_OPENING:  # PY-10, PY-F13: the opening duty moves on
            W[OL_HEAD] += 1
            W[OL_LEN] -= 1
            if W[OL_LEN] == 0 and W[DN] == 0:
                W[OL] = nxt
                W[OL_HEAD] = 0
                W[OL_LEN] = 1
            if W[OL_LEN] > 0:
                nxt = W[OL + W[OL_HEAD]]
                phase = PH_OPENING
        else:
            if W[SUB] == SUB_T5 and W[OPT + O_TEK] == 1:
                W[TEKF + me] = 1  # PY-F9
            played = W[PLAYED] == 1
    else:  # a play
        c = mv >> 4
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
        r = RK[c]
        nxt = _next(W, me, 1)
        if W[PHASE] == PH_OPENING:  # PY-08, PY-09, PY-09T: an inert opening club
            W[NAMED] = -1
            W[OL_HEAD] += 1
            W[OL_LEN] -= 1
            if left == 0:
                _end_out(W, me, c, -1, state, scripted, CH)
                return
            if W[OL_LEN] > 0:
                nxt = W[OL + W[OL_HEAD]]
                phase = PH_OPENING
        elif left == 0:
            W[NAMED] = ((mv >> 1) & 7) - 1 if c == JOKER or r == 11 else -1
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
        else:
            W[NAMED] = ((mv >> 1) & 7) - 1 if c == JOKER or r == 11 else -1
            if r == 7:  # PY-19
                W[PENDING] += 1
            elif r == 8:  # PY-22
                nxt = _next(W, me, 2)
            elif r == 10:  # PY-23
                W[DIR] = -W[DIR]
                nxt = me if W[NP] == 2 and W[OPT + O_TWO_PLAYER_SKIP] == 1 else _next(W, me, 1)   # PY-F6
            elif r == 1:
                if W[OPT + O_ALL_DRAW] == 0:  # PY-24: optional follow-up, same turn (PY-F8); a tek penalty stays
                    W[PHASE] = PH_ACE
                    if W[SUB] != SUB_TEK:
                        W[SUB] = SUB_NONE
                    return
                _ace_draws(W, me, state, scripted, CH)  # PY-24T, PY-24U: the others draw, then an extra turn
                if W[OVER] == 1 or W[ERR] != 0:
                    return
                nxt = me
                phase = PH_ACE
    _end_turn(W, nxt, played, phase)


@njit(cache=True, inline="always")
def _score(W):
    """PY-28, PY-29, PY-30, PY-A20: the hand's points per seat into ``W[SCORES:]``."""
    n = W[NP]
    low = 1 << 40
    for s in range(n):
        v = _hand_sum(W, s, VALUES)
        W[SCORES + s] = v
        if v < low:
            low = v
    if W[REASON] == R_OUT:
        for s in range(n):
            W[SCORES + s] *= W[MULT]
        W[SCORES + W[WINNER]] = 0
        if W[FREE] >= 0:  # PY-P5
            W[SCORES + W[FREE]] = 0
    else:
        for s in range(n):
            if W[SCORES + s] == low:
                W[SCORES + s] = 0


@njit(cache=True, inline="always")
def _play_hand(W, dealer, state, scripted, script, CH, counts):
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
    W[FREE] = -1
    W[WINNER] = -1
    W[MULT] = 1
    W[DRAWN_CARD] = -1
    W[LAST_CARD] = -1
    W[OL_LEN] = n if W[OPT + O_FIRST_ROUND] == 1 else 1
    _begin_turn(W, first, PH_OPENING)
    n_script = script.shape[0]
    while W[OVER] == 0:
        cards, plain, tek, cur, last1, last2 = _legal(W)
        k = _n_plays(cards, plain, tek, cur) + (last1 != NONE) + (last2 != NONE)
        if scripted:
            if W[MOVES] >= n_script:
                return ERR_SHORT
            if W[MOVES] < counts.shape[0]:
                counts[W[MOVES]] = k
            mv = script[W[MOVES]]
            found = False
            for j in range(k):
                x = _select(j, cards, plain, tek, cur, last1)
                if (x if x != -2 else last2) == mv:
                    found = True
                    break
            if not found:
                return ERR_ILLEGAL
        else:
            mv = _select(0 if k == 1 else below(state, k), cards, plain, tek, cur, last1)
            if mv == -2:
                mv = last2
        _apply(W, mv, state, scripted, CH)
        if W[ERR] != 0:
            return W[ERR]
    if scripted:
        if W[MOVES] != n_script:
            return ERR_LONG
        if W[CH_PTR] != CH[0]:
            return ERR_CHANCE
    _score(W)
    return 0


@njit(cache=True, inline="always")
def _deal(W, dealer, deck, seed):
    """The deal for ``seed``: ``_rng.deal_shuffle`` (``Rng(seed).shuffle``, bit for bit) shuffles
    ``deck`` (the canonical ``make_deck`` order), 7 cards each go one at a time from the dealer's left
    (or in packets, PY-05b); the rest is the stock (PY-05)."""
    n = W[NP]
    nd = deck.shape[0]
    deal_shuffle(seed, deck, nd)
    for s in range(n):
        _hand_clear(W, s)
    s = (dealer + 1) % n
    if W[OPT + O_PACKETS] == 0:
        for k in range(7 * n):
            _hand_add(W, s, deck[k])
            s += 1
            if s == n:
                s = 0
    else:  # PY-05b: each packet size in turn to every player, clockwise from the dealer's left
        k = 0
        for p in range(3):
            size = W[OPT + O_PACKETS + p]
            for i in range(n):
                for _ in range(size):
                    _hand_add(W, s, deck[k])
                    k += 1
                s += 1
                if s == n:
                    s = 0
    sn = 0
    for k in range(nd - 1, 7 * n - 1, -1):
        W[STOCK + sn] = deck[k]
        sn += 1
    W[SN] = sn
    W[DN] = 0


@njit(cache=True)
def run(n_hands, seed, first, deck0, scripted, dealer, W, script, CH,
        winner, ended_by, reason, multiplier, moves, plays, draws, penalty, turns, reshuffles,
        last_card, stock_left, draw_moves, scores, seeds, deals_out, counts):
    """The one entry point (one compile serves both uses).

    Simulation (``scripted`` false): play ``n_hands`` independent hands with random bots, each dealt
    from ``deck0`` by seat ``dealer``.  Replay (``scripted`` true, ``n_hands`` 1): play the deal already
    in ``W`` with the moves of ``script`` and the reshuffle orders of ``CH``.  Fills one row of the
    output arrays per hand; returns the first error code (0: none).
    Row ``i`` is hand ``h = first + i`` of the run seeded ``seed`` (so a run can be split into parts
    that give the same rows): it is dealt with ``hand_seed(seed, h)`` (written to ``seeds[i]``), exactly
    as the reference engine deals that seed (``deck0`` is the canonical deck), and the bots draw from
    their own SplitMix64 stream ``hand_state(seed, h)``.  ``deals_out`` (n_hands x deck size, or 0 rows) receives each shuffled deck
    (dealt from index 0) when it has rows; ``counts``: see :func:`_play_hand`.
    """
    deck_ = deck0.copy()
    state_ = np.zeros(1, dtype=np.uint64)
    # views without reference counts for the move loop (the arrays above live until the end)
    W = unowned(W)
    deck = unowned(deck_)
    state = unowned(state_)
    CH = unowned(CH)
    script = unowned(script)
    counts = unowned(counts)
    n = W[NP]
    record = deals_out.shape[0] > 0
    for i in range(n_hands):
        if not scripted:
            for k in range(deck.shape[0]):
                deck[k] = deck0[k]
            hs = hand_seed(seed, first + i)
            seeds[i] = hs
            _deal(W, dealer, deck, hs)
            if record:
                for k in range(deck.shape[0]):
                    deals_out[i, k] = deck[k]
            hand_state(state, seed, first + i)
        err = _play_hand(W, dealer, state, scripted, script, CH, counts)
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
        draw_moves[i] = W[DRAW_MOVES]
        for s in range(n):
            scores[i, s] = W[SCORES + s]
    return 0
