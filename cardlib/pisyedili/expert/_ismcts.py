"""Compiled information-set MCTS for Pis Yedili (issue 27; docs/expert.md, "Information-set MCTS").

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012, as OpenSpiel's ``ISMCTSBot``): one tree over
the searching seat's information sets; every iteration draws a new world from the seat's view (the
hidden cards re-sampled, as :mod:`._playout` draws them), descends the tree choosing among the moves
legal in that world by UCB with availability counts, adds one move, and plays on with the heuristic to
the end of the hand.  The other seats are played by the heuristic (the team bot in pairs) inside the
tree too: the seat's model of them, as in the determinized search.

A node is an information set of the seat: the node it came from, the move it made, and what it saw
until its next decision (every other seat's move, which Pis Yedili makes public, and its own cards,
which say what it drew), kept in a hash table by a 64-bit hash of those.

Rewards are the seat's objective (points, or their square root, PY-T2; its team's in pairs), negated;
UCB's exploration is scaled by the spread of the rewards seen.  The move chosen is the root's most
visited one.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._fast._bits import ONE, alive, ctz, unowned
from ..kernel._kernel import (CNT, DRAW, HSIZE, JOKER, NC, NONE, NP, OVER, PM, RK, SCORES, SN, TO_ACT, _apply,
                               _legal, _n_plays, _score)
from ..._fast._rng import _GOLDEN, _mix, below, hand_state
from ._playout import _MAXTOP, PLAY_SALT, _heuristic, draw_world

__all__ = ["search"]

_M = np.uint64(0xBF58476D1CE4E5B9)


@njit(cache=True, inline="always")
def _h(h, x):
    return _mix(h ^ (np.uint64(x) * _M + _GOLDEN))


@njit(cache=True)
def _step(W, mv, play, CH):
    """One move (the kernel's ``_apply``, inlined once here rather than at every call site: compile time)."""
    _apply(W, mv, play, False, CH)


@njit(cache=True)
def _policy(W, play, team, top, counts):
    """The heuristic's move (inlined once here, as :func:`_step`)."""
    return _heuristic(W, play, team, top, counts)


@njit(cache=True)
def _moves(W, out):
    """The seat's legal moves (the tek twin only, when a play may declare it) into ``out``; their count."""
    cards, plain, tek, cur, last1, last2 = _legal(W)
    first = 1 if tek else 0
    k = 0
    x = cards
    while x:
        c = ctz(x)
        x &= x - ONE
        if plain or (c != JOKER and RK[c] != 11):
            out[k] = c * 16 + first
            k += 1
        else:
            excl = -2 if c == JOKER else cur
            for su in range(4):
                if su != excl:
                    out[k] = c * 16 + (su + 1) * 2 + first
                    k += 1
    if last1 != NONE:
        out[k] = last1
        k += 1
    if last2 != NONE:
        out[k] = last2
        k += 1
    return k


@njit(cache=True)
def _objective(W, seat, team, power):
    _score(W)
    pts = W[SCORES + seat]
    if team:
        pts += W[SCORES + (seat + W[NP] // 2) % W[NP]]
    v = float(pts)
    return v if power == 1.0 else v ** power


@njit(cache=True, inline="always")
def _edges(v, codes, k, which, first_edge, e_move, e_next):
    """Each of the ``k`` moves ``codes`` legal in this world: its edge from node ``v`` into ``which`` (-1: not
    tried yet); returns how many are untried."""
    untried = 0
    for j in range(k):
        e = first_edge[v]
        which[j] = -1
        while e >= 0:
            if e_move[e] == codes[j]:
                which[j] = e
                break
            e = e_next[e]
        if which[j] < 0:
            untried += 1
    return untried


@njit(cache=True, inline="always")
def _expand(v, codes, k, which, untried, e, h, play, first_edge, e_move, e_next, e_avail):
    """Add edge ``e`` from node ``v`` for one untried move: the heuristic's own ``h`` if untried (a good first
    guess), else one at random; every move available here counts one more availability.  Returns the move."""
    pick = -1
    for j in range(k):
        if which[j] < 0 and codes[j] == h:
            pick = j
    if pick < 0:
        r = below(play, untried)
        for j in range(k):
            if which[j] < 0:
                if r == 0:
                    pick = j
                    break
                r -= 1
    e_move[e] = codes[pick]
    e_next[e] = first_edge[v]
    first_edge[v] = e
    for j in range(k):
        if which[j] >= 0:
            e_avail[which[j]] += 1.0
    e_avail[e] += 1.0
    return codes[pick]


@njit(cache=True, inline="always")
def _ucb(which, k, e_n, e_sum, e_avail, c_ucb, spread):
    """The tried edge of best UCB among the moves available here (each counts one more availability); -1
    when none was tried."""
    best = -1e300
    e_best = -1
    for j in range(k):
        e = which[j]
        if e < 0:
            continue
        e_avail[e] += 1.0
        u = e_sum[e] / e_n[e] + c_ucb * spread * math.sqrt(math.log(e_avail[e]) / e_n[e])
        if u > best:
            best = u
            e_best = e
    return e_best


@njit(cache=True, inline="always")
def _node(hsh, keys, node_of, n_nodes, ncap):
    """The node of the information set hashed ``hsh``, added if new; returns ``(node, nodes)``, node -1 when
    the tree is full."""
    cap = keys.shape[0]
    slot = np.int64(hsh & np.uint64(cap - 1))
    while node_of[slot] >= 0:
        if keys[slot] == hsh:
            return node_of[slot], n_nodes
        slot = (slot + 1) & (cap - 1)
    if n_nodes >= ncap:
        return -1, n_nodes
    keys[slot] = hsh
    node_of[slot] = n_nodes
    return n_nodes, n_nodes + 1


@njit(cache=True, inline="always")
def _others_play(W, seat, hsh, play, team, top, counts, CH):
    """The other seats play by the heuristic, in the open, until the seat acts again or the hand ends; each
    move goes into the hash ``hsh``, which is returned."""
    while W[OVER] == 0 and W[TO_ACT] != seat:
        s = W[TO_ACT]
        m2 = _policy(W, play, team, top, counts)
        hsh = _h(hsh, s * 4096 + m2)
        _step(W, m2, play, CH)
    return hsh


@njit(cache=True, inline="always")
def _seen(W, seat, hsh):
    """The hash of what the seat saw since its last decision, closed by its own cards and the stock's size
    (what it drew)."""
    m = np.uint64(W[PM + seat])
    hsh = _h(hsh, np.int64(m & np.uint64(0x7FFFFFFFFFFFFFFF)))
    return _h(hsh, W[HSIZE + seat] + 1000 * W[SN])


@njit(cache=True)
def search(W0, seat, iterations, seed, gcards, gstart, gcounts, gstock, layout, team, power, c_ucb,
           root_moves, root_visits, root_value):
    """``iterations`` iterations from the position ``W0`` (the seat to act is ``seat``); writes the root's
    moves, their visits and their mean objective into ``root_*`` (as long as the root's moves in any
    world, at most their length) and returns how many root moves there were."""
    n = W0[NP]
    cap = 1
    while cap < 4 * iterations + 64:
        cap *= 2
    keys, node_of = np.zeros(cap, dtype=np.uint64), np.full(cap, -1, dtype=np.int64)   # the hash table
    ecap = ncap = iterations + 256
    e_move, e_next = np.zeros(ecap, dtype=np.int64), np.full(ecap, -1, dtype=np.int64)  # next: the node's next edge
    e_n, e_sum, e_avail = np.zeros(ecap), np.zeros(ecap), np.zeros(ecap)
    first_edge = np.full(ncap, -1, dtype=np.int64)
    n_nodes = 1
    n_edges = 0
    W = W0.copy()
    st, play, CH = np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.int64)
    top, counts = np.zeros(_MAXTOP, dtype=np.int64), np.zeros(4, dtype=np.int64)
    codes, which, path = np.zeros(512, dtype=np.int64), np.zeros(512, dtype=np.int64), np.zeros(4096, dtype=np.int64)
    buf, part = np.zeros(gcards.shape[0] + 1, dtype=np.int64), np.zeros(gcards.shape[0] + 1, dtype=np.int64)
    used = np.zeros(gstart.shape[0], dtype=np.int64)
    total = layout[:, 1].sum()
    # the arrays the steps take, as views without reference counts (kernel/_kernel.py's note; alive() below)
    owners = (W, play, keys, node_of, top, counts)
    W, play, keys, node_of, top, counts = (unowned(W), unowned(play), unowned(keys), unowned(node_of), unowned(top),
                                           unowned(counts))
    salt = np.int64((np.uint64(seed) ^ np.uint64(PLAY_SALT)) & np.uint64(0x7FFFFFFFFFFFFFFF))
    lo = 1e300
    hi = -1e300
    for it in range(iterations):
        draw_world(W, W0, seat, n, st, seed, it, gcards, gstart, gcounts, gstock, layout, total, buf, part, used)
        hand_state(play, salt, it)
        v = 0           # ---------------------------------------------------------------- down the tree
        depth = 0
        expanded = False
        while True:
            k = _moves(W, codes)
            untried = _edges(v, codes, k, which, first_edge, e_move, e_next)
            if untried > 0 and n_edges < ecap and (v < ncap):
                e = n_edges
                n_edges += 1
                mv = _expand(v, codes, k, which, untried, e, _policy(W, play, team, top, counts), play,
                             first_edge, e_move, e_next, e_avail)
                expanded = True
            else:
                e = _ucb(which, k, e_n, e_sum, e_avail, c_ucb, hi - lo if hi > lo else 1.0)
                expanded = e < 0                            # no room for a new move: a leaf
                mv = _policy(W, play, team, top, counts) if expanded else e_move[e]
            if e >= 0 and depth < path.shape[0]:
                path[depth] = e
                depth += 1
            _step(W, mv, play, CH)
            hsh = _others_play(W, seat, _h(np.uint64(v), e), play, team, top, counts, CH)
            if W[OVER] == 1 or expanded:
                break
            v, n_nodes = _node(_seen(W, seat, hsh), keys, node_of, n_nodes, ncap)
            if v < 0:
                break                                       # the tree is full: play on by the heuristic
        while W[OVER] == 0:  # ---------------------------------------------------------------- the rest
            _step(W, _policy(W, play, team, top, counts), play, CH)
        reward = -_objective(W, seat, team, power)
        lo = min(lo, reward)
        hi = max(hi, reward)
        for d in range(depth):
            e_n[path[d]] += 1.0
            e_sum[path[d]] += reward
    k = 0
    e = first_edge[0]
    while e >= 0 and k < root_moves.shape[0]:
        root_moves[k] = e_move[e]
        root_visits[k] = e_n[e]
        root_value[k] = -e_sum[e] / e_n[e] if e_n[e] > 0 else 0.0
        k += 1
        e = e_next[e]
    alive(owners)
    return k
