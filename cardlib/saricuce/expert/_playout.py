"""Compiled Sarı Cüce playouts from a position (issue 27): worlds drawn from a seat's view, each move
played out to the end of the hand by the tips bot, in batches.

The rules are the fast kernel's (``cardlib.saricuce.kernel._kernel``: one ``uint64`` mask a hand, and its steps
``next_holder`` (the NJ-14 holder search from the last player) and ``settle`` (the settlement in NJ-25
order)), started from a position instead of a deal; the bot is ``TipsBot`` (:func:`_tips`), and the worlds are the reference sampler's law
(:class:`cardlib.expert.sampling.Placement`: the constrained cards by its Gibbs chain, the others
shuffled and cut), drawn here so that no Python runs per world.

Common random numbers: in world ``i`` every move starts from the same cards and the same bot stream.
The Python side is :mod:`cardlib.saricuce.expert.playout`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._fast._bits import ONE, bit, ctz, popcount, select, unowned
from ..._fast._rng import below, hand_state
from ..kernel._kernel import _BOX_MASK, _BOX_OF, RANK_MASK, next_holder, play_card, settle

__all__ = ["playouts", "PLAY_SALT"]

PLAY_SALT = 0x2545F4914F6CDD1D


@njit(cache=True)
def _sweep(where, allowed, free, sweeps, st):
    """The Gibbs chain of :meth:`cardlib.expert.sampling.Placement._sweep`: each constrained card to an
    allowed place with chance proportional to its room, then swaps and three-way rotations."""
    n = where.shape[0]
    P = free.shape[0]
    for _ in range(sweeps):
        for t in range(n):
            old = where[t]
            free[old] += 1
            total = 0
            for p in range(P):
                if allowed[t, p]:
                    total += free[p]
            x = below(st, total) if total > 0 else 0
            new = old
            for p in range(P):
                if allowed[t, p] and free[p] > 0:
                    if x < free[p]:
                        new = p
                        break
                    x -= free[p]
            where[t] = new
            free[new] -= 1
        if n >= 2:
            for _ in range(n):
                a = below(st, n)
                b = below(st, n)
                if a == b or where[a] == where[b]:
                    continue
                pa = where[a]
                pb = where[b]
                if allowed[a, pb] and allowed[b, pa]:
                    where[a] = pb
                    where[b] = pa
            if n >= 3:
                for _ in range(n):
                    a = below(st, n)
                    b = below(st, n)
                    c = below(st, n)
                    pa = where[a]
                    pb = where[b]
                    pc = where[c]
                    if pa == pb or pb == pc or pa == pc:
                        continue
                    if allowed[a, pb] and allowed[b, pc] and allowed[c, pa]:
                        where[a] = pb
                        where[b] = pc
                        where[c] = pa


@njit(cache=True, inline="always")
def _tips(m, needed, st):
    """``TipsBot``: following, a box card of the rank if there is one, else any card of it (at random);
    leading, the card that starts the longest ladder of ranks held (+2 a box card in it, +1 if it is one),
    then the lower rank, then a box card; ties at random."""
    if needed > 0:
        legal = m & RANK_MASK[needed]
        k = popcount(legal)
        if k == 1:
            return ctz(legal)
        boxes = legal & _BOX_MASK
        if boxes:
            legal = boxes
            k = popcount(legal)
            if k == 1:
                return ctz(legal)
        return select(legal, below(st, k))
    if popcount(m) == 1:
        return ctz(m)
    ranks = 0
    box_ranks = 0
    x = m
    while x:
        c = ctz(x)
        x &= x - ONE
        r = c % 13 + 1
        ranks |= 1 << r
        if _BOX_OF[c] >= 0:
            box_ranks |= 1 << r
    best_s = -1
    best_r = 0
    best_b = 0
    pool = np.uint64(0)
    x = m
    while x:
        c = ctz(x)
        x &= x - ONE
        r = c % 13 + 1
        top = r
        while top + 1 <= 13 and (ranks >> (top + 1)) & 1:
            top += 1
        nb = 0
        for y in range(r, top + 1):
            nb += (box_ranks >> y) & 1
        is_box = 1 if _BOX_OF[c] >= 0 else 0
        s = (top - r + 1) + 2 * nb + is_box
        better = s > best_s or (s == best_s and (r < best_r or (r == best_r and is_box > best_b)))
        if better:
            best_s = s
            best_r = r
            best_b = is_box
            pool = bit(c)
        elif s == best_s and r == best_r and is_box == best_b:
            pool |= bit(c)
    k = popcount(pool)
    return ctz(pool) if k == 1 else select(pool, below(st, k))


@njit(cache=True)
def _play_out(hm, n, chips, board, to_act, needed, last, played_by, broken, n_played, first, opt, st,
              rec, rec_on, paid, doubled):
    """Play ``first`` (a card of ``to_act``) and then the tips bot at every seat to the end of the hand
    from the position given; settle it (NJ-20..NJ-26) into ``chips``/``board``.  Returns the winner.
    With ``rec_on`` the moves go to ``rec`` (the count first); ``paid``, ``doubled``: work arrays (a seat each)."""
    # views without reference counts for the inlined steps (the caller keeps the arrays alive)
    hm, chips, board, st, rec, paid, doubled = unowned(hm), unowned(chips), unowned(board), unowned(st), \
        unowned(rec), unowned(paid), unowned(doubled)
    skip_rank = opt[0] == 1
    per_card = opt[1] == 1
    doubling = opt[2] == 1
    double_pay = opt[3] == 1
    single_run = opt[4] == 1
    nm = 0
    c = first
    win = -1
    while True:
        if rec_on:
            rec[1 + nm] = c
        nm += 1
        if needed == 0 and n_played > 0:
            broken = True             # a restart breaks a single run (NJ-F4)
        m, _ = play_card(hm, to_act, c, chips, board)  # NJ-19
        n_played += 1
        played_by |= 1 << to_act
        if m == 0:  # NJ-20
            win = to_act
            break
        last = to_act
        r = c % 13 + 1
        if r == 13:  # NJ-17
            needed = 0
        else:
            need = r + 1
            to_act, needed, skipped = next_holder(hm, n, last, need, skip_rank)  # NJ-14, NJ-F3, NJ-18
            if skipped:
                broken = True
        c = _tips(hm[to_act], needed, st)
    if rec_on:
        rec[0] = nm
    # ---------------------------------------------------------------- settlement (NJ-21..NJ-26)
    is_opera = played_by == (1 << win)
    if single_run and broken:
        is_opera = False
    settle(hm, n, win, is_opera, double_pay, per_card, doubling, chips, board, paid, doubled)
    return win


@njit(cache=True)
def _deal_world(hw, n, seat, own, hidden, fixed_place, tied, where, loose, order, room, others, st):
    """One world into ``hw`` (a mask a seat): the seat's own cards, the hidden cards of one place where
    they are fixed, the tied ones where the chain put them (``where``), the loose ones shuffled (``order``, a
    work array) and cut into each place's remaining room; ``others[p]``: the seat of place ``p`` (-1: the
    dead stock)."""
    P = room.shape[0]
    for s in range(n):
        hw[s] = 0
    hw[seat] = np.uint64(own)
    for x in range(hidden.shape[0]):
        p = fixed_place[x]
        if p >= 0 and others[p] >= 0:
            hw[others[p]] |= bit(hidden[x])
    for t in range(tied.shape[0]):
        p = where[t]
        if others[p] >= 0:
            hw[others[p]] |= bit(hidden[tied[t]])
    for x in range(order.shape[0]):
        order[x] = loose[x]
    for x in range(order.shape[0] - 1, 0, -1):
        y = below(st, x + 1)
        tmp = order[x]
        order[x] = order[y]
        order[y] = tmp
    a = 0
    for p in range(P):
        left = room[p]
        for t in range(tied.shape[0]):
            if where[t] == p:
                left -= 1
        for x in range(a, a + left):
            if others[p] >= 0:
                hw[others[p]] |= bit(hidden[order[x]])
        a += left


@njit(cache=True)
def playouts(seat, n, own, hidden, fixed_place, loose, tied, allowed, room, where0, burn_in, sweeps,
             chips0, board0, to_act, needed, last, played_by, broken, n_played, opt, moves, n_worlds, seed,
             out_chips, out_won, rec_world, rec_move, rdeal, rmoves):
    """Play every move (card indices) of ``moves`` in ``n_worlds`` worlds; ``out_chips[i, j]``: the
    seat's chips at the end when move ``j`` is played out in world ``i``; ``out_won[i, j]``: 1 when it
    went out.

    A world places the ``hidden`` cards (indices into it: ``fixed_place[x]`` the place of a card that
    fits one place only, -1 otherwise; ``loose`` those that fit anywhere; ``tied`` the others, allowed
    in the places ``allowed[t]``, with ``where0`` a consistent start): places ``0 .. n-2`` are the other
    seats in seat order, place ``n - 1`` the dead stock; ``room`` the room each place has beside its
    fixed cards.  The chain burns in for ``burn_in`` sweeps, then runs ``sweeps`` between worlds.

    With ``rmoves`` not empty, world ``rec_world``'s hands go to ``rdeal`` (a seat per entry, as masks
    in int64) and move ``rec_move``'s playout to ``rmoves`` (the count, then the cards).
    """
    P = room.shape[0]
    k = moves.shape[0]
    st = np.zeros(1, dtype=np.uint64)
    play = np.zeros(1, dtype=np.uint64)
    hand_state(st, seed, 0)
    where = where0.copy()
    free = room.copy()
    for t in range(where.shape[0]):
        free[where[t]] -= 1
    if where.shape[0] > 0:
        _sweep(where, allowed, free, burn_in, st)
    hw = np.zeros(n, dtype=np.uint64)
    hm = np.zeros(n, dtype=np.uint64)
    paid = np.zeros(n, dtype=np.int64)
    doubled = np.zeros(n, dtype=np.int64)
    chips = chips0.copy()
    board = board0.copy()
    order = loose.copy()
    others = np.zeros(P, dtype=np.int64)
    q = 0
    for s in range(n):
        if s != seat:
            others[q] = s
            q += 1
    others[P - 1] = -1
    salt = np.int64((np.uint64(seed) ^ np.uint64(PLAY_SALT)) & np.uint64(0x7FFFFFFFFFFFFFFF))
    for i in range(n_worlds):
        if i > 0 and where.shape[0] > 0:
            _sweep(where, allowed, free, sweeps, st)
        _deal_world(hw, n, seat, own, hidden, fixed_place, tied, where, loose, order, room, others, st)
        recw = rmoves.shape[0] > 0 and i == rec_world
        if recw:
            for s in range(n):
                rdeal[s] = np.int64(hw[s])
        for j in range(k):
            for s in range(n):
                hm[s] = hw[s]
                chips[s] = chips0[s]
            for b in range(5):
                board[b] = board0[b]
            hand_state(play, salt, i)
            win = _play_out(hm, n, chips, board, to_act, needed, last, played_by, broken, n_played, moves[j],
                            opt, play, rmoves, recw and j == rec_move, paid, doubled)
            out_chips[i, j] = chips[seat]
            out_won[i, j] = 1 if win == seat else 0
    return 0
