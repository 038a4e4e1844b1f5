"""Compiled Pis Yedili playouts from a position (issue 27): worlds drawn from a seat's view, each move
played out to the end of the hand by the heuristic (or the team bot in pairs), in batches.

The rules are the fast kernel's (``cardlib.pisyedili.kernel._kernel``: its state vector ``W``, ``_legal``,
``_select``, ``_apply``, ``_score``); this module adds only what a playout from a position needs and
the kernel has not: the bots' choices (:func:`_heuristic`, the reference ``PlayoutBot`` /
``HeuristicBot`` and ``TeamBot`` scores, card for card), the placement of the hidden cards group by group
(the view's groups, :mod:`cardlib.pisyedili.expert`) and the loop over worlds and moves.

Common random numbers: in world ``i`` every move starts from the same cards and the same bot stream
(``hand_state(seed, i)`` draws the world, ``hand_state(seed ^ PLAY_SALT, i)`` seeds the play), so the
moves are compared in the same worlds, as the reference search does.

The Python side is :mod:`cardlib.pisyedili.expert.playout`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._fast._bits import ONE, ctz, unowned
from ..kernel._kernel import (DIR, DN, DRAW, END, HSIZE, JOKER, NC, NONE, NP, OPT, OVER, PASS, PENDING, PHASE,
                               PH_OPENING, PM, SCORES, SN, STOCK, DISC, RESHUFFLES, TO_ACT, CNT, O_ALL_DRAW,
                               O_PARTNERS, O_PARTNER_FREE, RK, SU, VALUES, W_SIZE, _apply, _hand_add, _hand_clear,
                               _legal, _n_plays, _score, _select)
from ..._fast._rng import below, hand_state

__all__ = ["playouts", "PLAY_SALT"]

#: mixed into the seed of a batch for the play of its worlds (the draw of the worlds uses the seed itself)
PLAY_SALT = 0x5DEECE66D
_MAXTOP = 256


@njit(cache=True, inline="always")
def _play_score(W, mv, me, pending, team, counts):
    """The heuristic's score of the play ``mv`` by ``me`` (``PlayoutBot``: value, -100 for a 7 kept
    back, -60 for a J or joker, +2 a card of the named suit held after the play, +5 if it is the suit
    held most), plus ``TeamBot``'s team terms when ``team``.  ``counts``: the suits ``me`` holds."""
    c = mv >> 4
    score = VALUES[c]
    r = RK[c]
    if c == JOKER:
        score -= 60
    elif r == 7 and pending == 0:
        score -= 100
    elif r == 11:
        score -= 60
    su = ((mv >> 1) & 7) - 1
    if su >= 0:
        best = 0
        k = 0
        for x in range(4):
            v = counts[x]
            if x == SU[c]:
                v -= 1
            if v > best:
                best = v
            if x == su:
                k = v
        score += 2 * k
        if best > 0 and k == best:
            score += 5
    if team and W[PHASE] != PH_OPENING:       # TeamBot._team
        n = W[NP]
        partner = (me + n // 2) % n
        last = W[HSIZE + partner] == 1
        free = W[OPT + O_PARTNER_FREE] == 1
        nxt = (me + W[DIR]) % n
        if c != JOKER:
            if r == 1 and W[OPT + O_ALL_DRAW] == 1:
                for s in range(n):
                    if s != me and s != partner and W[HSIZE + s] == 1:
                        score += 30
                if last:
                    score -= 30 if free else 10
            elif r == 7:
                if W[HSIZE + nxt] == 1:
                    score += 110
                if n == 4 and last:
                    score -= 20 if free else 10
            elif r == 8:
                if W[HSIZE + nxt] == 1:
                    score += 60
                if n == 4 and last:
                    score += 30 if free else 15
            elif r == 10:
                other = (me - W[DIR]) % n
                if W[HSIZE + nxt] == 1 and W[HSIZE + other] > 1:
                    score += 50
    return score


@njit(cache=True, inline="always")
def _heuristic(W, state, team, top, counts):
    """The move the heuristic plays (``PlayoutBot.pick``; ``TeamBot`` in pairs): goes out when it can,
    plays the tek-declaring twin of a play, the best scored play (ties at random), else ``end``, ``draw``,
    ``pass`` in that order of preference."""
    cards, plain, tek, cur, last1, last2 = _legal(W)
    n_plays = _n_plays(cards, plain, tek, cur)
    k = n_plays + (last1 != NONE) + (last2 != NONE)
    if k == 1:
        mv = _select(0, cards, plain, tek, cur, last1)
        return last2 if mv == -2 else mv
    if n_plays == 0:
        if last1 == END or last2 == END:
            return END
        if last1 == DRAW or last2 == DRAW:
            return DRAW
        return PASS
    me = W[TO_ACT]
    first = 1 if tek else 0
    if W[HSIZE + me] == 1:
        return _select(first, cards, plain, tek, cur, last1)
    for x in range(4):
        counts[x] = 0
    m = np.uint64(W[PM + me])
    while m:
        c = ctz(m)
        m &= m - ONE
        if c != JOKER:
            counts[SU[c]] += W[CNT + me * NC + c]
    pending = W[PENDING]
    best = -(1 << 40)
    nt = 0
    x = cards
    while x:                       # the plays in _select's order, the tek twin only when there is one
        c = ctz(x)
        x &= x - ONE
        if plain or (c != JOKER and RK[c] != 11):
            mv = c * 16 + first
            s = _play_score(W, mv, me, pending, team, counts)
            if s > best:
                best = s
                nt = 0
            if s == best and nt < _MAXTOP:
                top[nt] = mv
                nt += 1
        else:
            excl = -2 if c == JOKER else cur
            for su in range(4):
                if su == excl:
                    continue
                mv = c * 16 + (su + 1) * 2 + first
                s = _play_score(W, mv, me, pending, team, counts)
                if s > best:
                    best = s
                    nt = 0
                if s == best and nt < _MAXTOP:
                    top[nt] = mv
                    nt += 1
    return top[0] if nt == 1 else top[below(state, nt)]


@njit(cache=True)
def draw_world(Ww, W0, seat, n, st, seed, i, gcards, gstart, gcounts, gstock, layout, total, buf, part, used):
    """World ``i`` of a batch seeded ``seed`` into ``Ww``: ``W0`` with every other seat's hand and the stock
    dealt anew from the groups (see :func:`playouts`; ``total`` is the stock's size, ``buf``, ``part`` and
    ``used`` work arrays); ``st`` is left at the world's stream.  The playouts and the ISMCTS
    (:mod:`._ismcts`) draw their worlds with it.  Returns the stock's size."""
    G = gstart.shape[0] - 1
    for x in range(W_SIZE):
        Ww[x] = W0[x]
    hand_state(st, seed, i)
    for s in range(n):
        if s != seat:
            _hand_clear(Ww, s)
    for g in range(G):
        a = gstart[g]
        b = gstart[g + 1]
        for x in range(a, b):
            buf[x] = gcards[x]
        for x in range(b - 1, a, -1):
            y = a + below(st, x - a + 1)
            t = buf[x]
            buf[x] = buf[y]
            buf[y] = t
        p = a
        for s in range(n):
            for _ in range(gcounts[g, s]):
                _hand_add(Ww, s, buf[p])
                p += 1
        for x in range(gstock[g]):
            part[a + x] = buf[p + x]
        used[g] = 0
    sn = 0
    for r in range(layout.shape[0]):       # top first, into the slots from the top down
        g = layout[r, 0]
        for _ in range(layout[r, 1]):
            Ww[STOCK + total - 1 - sn] = part[gstart[g] + used[g]]
            used[g] += 1
            sn += 1
    Ww[SN] = sn
    return sn


@njit(cache=True)
def _play_out(W, mv, play, team, top, counts, CH, recording, rmoves, rord):
    """Play ``mv`` and then the heuristic (:func:`_heuristic`) at every seat to the end of the hand.  When
    ``recording``, the moves go to ``rmoves`` (the count, then the moves) and each reshuffle to ``rord`` (the
    count, then the move's number, the number of cards and the order, top first).  Returns 1 when a record
    did not fit, else 0."""
    # views without reference counts for the inlined rules (kernel/_kernel.py's note); the caller owns them
    W, play, top, counts, CH = unowned(W), unowned(play), unowned(top), unowned(counts), unowned(CH)
    nm = 0
    no = 1
    nr = 0
    overflow = 0
    while True:
        dn_before = W[DN] + (1 if mv < DRAW else 0)
        rs_before = W[RESHUFFLES]
        _apply(W, mv, play, False, CH)
        if recording:
            if nm + 1 < rmoves.shape[0]:
                rmoves[1 + nm] = mv
            else:
                overflow = 1
            if W[RESHUFFLES] != rs_before:      # this move reshuffled: its order, top first
                nu = dn_before - 1
                if no + 2 + nu <= rord.shape[0]:
                    rord[no] = nm
                    rord[no + 1] = nu
                    for x in range(nu):
                        rord[no + 2 + x] = W[STOCK + nu - 1 - x]
                    no += 2 + nu
                    nr += 1
                else:
                    overflow = 1
            nm += 1
        if W[OVER] == 1:
            break
        mv = _heuristic(W, play, team, top, counts)
    if recording:
        rmoves[0] = nm
        rord[0] = nr
    return overflow


@njit(cache=True)
def playouts(W0, seat, moves, n_worlds, seed, gcards, gstart, gcounts, gstock, layout, team,
             out_points, out_won, rec_world, rec_move, rdeal, rmoves, rord):
    """Play every move of ``moves`` (kernel codes, legal for ``seat``, the seat to act in ``W0``) in
    ``n_worlds`` worlds; ``out_points[i, j]``: the seat's points (its team's in pairs, ``team``) when
    move ``j`` is played out in world ``i``; ``out_won[i, j]``: 1 when the seat (or its partner) scored 0.

    A world: ``W0`` with every other seat's hand and the stock dealt anew from the groups: group ``g``'s
    cards ``gcards[gstart[g]:gstart[g + 1]]`` are shuffled and cut into ``gcounts[g, s]`` cards for seat
    ``s`` (in seat order) and ``gstock[g]`` for the stock; ``layout`` (rows ``(g, k)``, top first) lays
    the stock out.

    When ``rmoves`` has room, world ``rec_world``'s deal goes to ``rdeal`` (the copies of each card each
    seat holds, seat by seat, then the stock's size and the stock bottom first) and move ``rec_move``'s
    playout to ``rmoves`` and ``rord`` (see :func:`_play_out`): the test replays it in the reference
    engine.  Returns 0, or 1 when a record did not fit.
    """
    n = W0[NP]
    k = moves.shape[0]
    W = W0.copy()
    Ww = W0.copy()
    st = np.zeros(1, dtype=np.uint64)
    play = np.zeros(1, dtype=np.uint64)
    CH = np.zeros(1, dtype=np.int64)
    top = np.zeros(_MAXTOP, dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    buf = np.zeros(gcards.shape[0] + 1, dtype=np.int64)
    part = np.zeros(gcards.shape[0] + 1, dtype=np.int64)     # each group's stock cards, in its slots
    used = np.zeros(gstart.shape[0], dtype=np.int64)
    partner = (seat + n // 2) % n
    salt = np.int64((np.uint64(seed) ^ np.uint64(PLAY_SALT)) & np.uint64(0x7FFFFFFFFFFFFFFF))
    total = layout[:, 1].sum()
    overflow = 0
    for i in range(n_worlds):
        sn = draw_world(Ww, W0, seat, n, st, seed, i, gcards, gstart, gcounts, gstock, layout, total, buf, part, used)
        recw = rmoves.shape[0] > 0 and i == rec_world
        if recw:
            q = 0
            for s in range(n):
                for c in range(NC):
                    rdeal[q] = Ww[CNT + s * NC + c]
                    q += 1
            rdeal[q] = sn
            for x in range(sn):
                rdeal[q + 1 + x] = Ww[STOCK + x]
        for j in range(k):
            for x in range(W_SIZE):
                W[x] = Ww[x]
            hand_state(play, salt, i)
            overflow |= _play_out(W, moves[j], play, team, top, counts, CH, recw and j == rec_move, rmoves, rord)
            _score(W)
            pts = W[SCORES + seat]
            won = pts == 0
            if team:
                pts += W[SCORES + partner]
                won = won or W[SCORES + partner] == 0
            out_points[i, j] = pts
            out_won[i, j] = 1 if won else 0
    return overflow
