"""Compiled Sarı Cüce (Nain Jaune) kernel: one hand, a run of hands, a replay.

Cards are ints 0..51, suit-major like :class:`cardlib.Card.index` (clubs A..K = 0..12, diamonds,
hearts, spades).  ``loc[c]`` is the seat holding card ``c``, ``DEAD`` (-1) or ``PLAYED`` (-2).
Option vector (``options.nj_encode``): 0 skip_rank, 1 per_card, 2 doubling, 3 double_payments,
4 single_run, 5 cards each, 6 starting chips, 7 bankruptcy, 8 hands_limit, 9 allow_voluntary_stop.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._mt import MT_SIZE, mt_seed, mt_shuffle
from ._rng import below, game_hand_seed, hand_seed, hand_state

DEAD = -1
PLAYED = -2
STOP = 53  # the move "stop" (allow_voluntary_stop)
#: box cards in board order 10D, JC, QS, KH, 7D and what each player stakes on them (NJ-05, NJ-06)
BOX_CARDS = np.array([22, 10, 50, 38, 19], dtype=np.int64)
_BOX_OF = np.full(52, -1, dtype=np.int64)
for _b, _c in enumerate(BOX_CARDS):
    _BOX_OF[_c] = _b

# errors a kernel reports (replay): 0 none
ERR_ILLEGAL = 1      # the scripted move is not legal
ERR_SHORT = 2        # the script ended before the hand
ERR_LONG = 3         # moves left after the hand ended
ERR_CHIPS = 4        # a seat holds fewer than 15 chips at the deal (NJ-08, NJ-F1)


@njit(cache=True)
def play_hand(n, dealer, loc, hand_n, chips, board, opt, state, scripted, script, paid, doubled, captured, info):
    """Take the stakes, play one dealt hand to the end and settle it.  Returns an error code.

    ``script`` (int64 card indices) drives the moves when ``scripted``; otherwise every decision is
    a uniform choice among the legal cards in ascending card order (the canonical order).
    ``info`` receives: 0 winner, 1 opera, 2 moves (stops included), 3 leads, 4 stalls, 5 king restarts,
    6 swept, 7 stops.
    """
    box_of = _BOX_OF
    for s in range(n):
        if chips[s] < 15:
            return ERR_CHIPS
    for s in range(n):  # NJ-06 stakes
        chips[s] -= 15
        paid[s] = 0
        doubled[s] = 0
        captured[s] = 0
    for b in range(5):
        board[b] += (b + 1) * n
    skip_rank = opt[0] == 1
    n_script = script.shape[0]
    buf = np.empty(52, dtype=np.int64)

    to_act = (dealer + 1) % n   # NJ-12
    needed = 0                  # 0: to_act leads a new sequence
    last = to_act
    played_by = 0
    run_ok = True
    leads = 0
    stalls = 0
    kings = 0
    stops = 0
    moves = 0
    allow_stop = opt[9] == 1
    winner = -1
    while True:
        k = 0
        if needed == 0:
            for c in range(52):
                if loc[c] == to_act:
                    buf[k] = c
                    k += 1
            leads += 1
            if leads > 1:
                run_ok = False
        else:
            for su in range(4):
                c = su * 13 + needed - 1
                if loc[c] == to_act:
                    buf[k] = c
                    k += 1
            if allow_stop:  # NJ-15 option, NJ-F2: only a follow can be declined
                buf[k] = STOP
                k += 1
        if scripted:
            if moves >= n_script:
                info[2] = moves
                return ERR_SHORT
            m = script[moves]
            idx = -1
            for j in range(k):
                if buf[j] == m:
                    idx = j
                    break
            if idx < 0:
                info[2] = moves
                return ERR_ILLEGAL
        elif k == 1:
            idx = 0
        else:
            idx = below(state, k)
        c = buf[idx]
        if c == STOP:  # NJ-F2: the search goes on up to the seat before the last player
            moves += 1
            stops += 1
            need = needed
            s = (to_act + 1) % n
            found = -1
            while s != last:
                for su in range(4):
                    if loc[su * 13 + need - 1] == s:
                        found = s
                        break
                if found >= 0:
                    break
                s = (s + 1) % n
            if found >= 0:
                to_act = found
                continue
            if skip_rank and need < 13:  # nobody willing: skip_rank moves on (NJ-F3) ...
                need += 1
                run_ok = False
            else:  # ... or it is a stall (NJ-18)
                stalls += 1
                to_act = last
                needed = 0
                continue
        else:
            loc[c] = PLAYED
            hand_n[to_act] -= 1
            played_by |= 1 << to_act
            moves += 1
            b = box_of[c]
            if b >= 0:  # NJ-19
                chips[to_act] += board[b]
                captured[to_act] += board[b]
                board[b] = 0
            if hand_n[to_act] == 0:  # NJ-20
                winner = to_act
                break
            last = to_act
            r = c % 13 + 1
            if r == 13:  # NJ-17
                kings += 1
                needed = 0
                continue
            need = r + 1
        while True:  # NJ-14: nearest holder from the last player, clockwise
            best = n
            holder = -1
            for su in range(4):
                h = loc[su * 13 + need - 1]
                if h >= 0:
                    d = (h - last) % n
                    if d < best:
                        best = d
                        holder = h
            if holder >= 0:
                to_act = holder
                needed = need
                break
            if skip_rank and need < 13:  # NJ-F3
                need += 1
                run_ok = False
                continue
            stalls += 1  # NJ-18
            to_act = last
            needed = 0
            break
    if scripted and moves != n_script:
        info[2] = moves
        return ERR_LONG

    # ---- settlement (NJ-21..NJ-26)
    opera = played_by == (1 << winner)
    if opt[4] == 1 and not run_ok:
        opera = False
    swept = 0
    if opera and opt[3] == 0:  # NJ-24 sweep
        for b in range(5):
            swept += board[b]
            chips[winner] += board[b]
            board[b] = 0
    pts = np.zeros(n, dtype=np.int64)
    for c in range(52):
        s = loc[c]
        if s >= 0:
            if opt[1] == 1:
                pts[s] += 1
            else:
                r = c % 13 + 1
                pts[s] += r if r < 10 else 10
    for j in range(1, n):  # NJ-25 order
        s = (winner + j) % n
        pay = pts[s]
        if opera and opt[3] == 1:  # NJ-F5
            pay *= 2
        t = pay if pay < chips[s] else chips[s]  # NJ-26
        chips[s] -= t
        chips[winner] += t
        paid[s] = t
        if opt[2] == 1 and not opera:  # NJ-23
            for b in range(5):
                if loc[BOX_CARDS[b]] == s:
                    t = board[b] if board[b] < chips[s] else chips[s]
                    chips[s] -= t
                    board[b] += t
                    doubled[s] += t
    info[0] = winner
    info[1] = 1 if opera else 0
    info[2] = moves
    info[3] = leads
    info[4] = stalls
    info[5] = kings
    info[6] = swept
    info[7] = stops
    return 0


@njit(cache=True)
def deal(n, dealer, per, loc, hand_n, mt, seed):
    """The reference deal for ``seed`` (``Hand.deal(rules, seed=seed, dealer=dealer)``): ``Rng(seed)``
    shuffles the canonical deck (``make_deck()``: card index order), then ``per`` cards each go one at a
    time from the dealer's left (NJ-11); the rest is dead."""
    deck = np.arange(52)
    mt_seed(mt, seed)
    mt_shuffle(mt, deck, 52)
    for c in range(52):
        loc[c] = DEAD
    for s in range(n):
        hand_n[s] = per
    for k in range(n * per):
        loc[deck[k]] = (dealer + 1 + k) % n


@njit(cache=True)
def run(n_hands, n, seed, opt, games, scripted, dealer0, loc, chips, board, script,
        winner, opera, moves, leads, stalls, kings, stops, swept, game_no, hand_no, dealer_out,
        paid, doubled, captured, chips_out, board_out, deals_out):
    """The one entry point (one compile serves both uses); returns the first error code (0: none).

    Simulation (``scripted`` false): play ``n_hands`` hands with random bots, filling one row of the
    output arrays per hand (``loc``, ``chips``, ``board`` are work arrays).  ``games`` false: every hand
    starts afresh (``starting_chips`` each, empty board, dealer ``dealer0``).  ``games`` true: hands are
    played in games (NJ-08..NJ-10): chips and boxes carry over, the deal passes left, and a game ends
    after ``hands_limit`` hands (end_mode hands) or when a seat cannot pay the 15-chip entry; the next
    hand then starts a new game.
    Replay (``scripted`` true, ``n_hands`` 1): play the deal in ``loc`` with ``chips`` and ``board``
    (before the stakes) and the moves of ``script``; ``loc``, ``chips`` and ``board`` end as the hand
    leaves them.
    Hand ``i`` is dealt with ``hand_seed(seed, i)`` (games: hand ``h`` of game ``g`` with
    ``game_hand_seed(seed, g, h)``, i.e. the hands of ``Game(seed=seed + g)``), exactly as the reference engine deals that seed; the bots
    draw from their own SplitMix64 stream ``hand_state(seed, i)``.  ``deals_out`` (n_hands x 52, or
    0 rows) receives each deal's ``loc`` when it has rows.
    """
    per = opt[5]
    start = opt[6]
    bankruptcy = opt[7] == 1
    limit = opt[8]
    hand_n = np.zeros(n, dtype=np.int64)
    p = np.empty(n, dtype=np.int64)
    d = np.empty(n, dtype=np.int64)
    cap = np.empty(n, dtype=np.int64)
    info = np.zeros(8, dtype=np.int64)
    state = np.zeros(1, dtype=np.uint64)
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    record = deals_out.shape[0] > 0
    g = -1
    h = 0
    dealer = dealer0
    fresh = True
    for i in range(n_hands):
        if scripted:
            g = 0
            for c in range(52):
                if loc[c] >= 0:
                    hand_n[loc[c]] += 1
        else:
            if games and not fresh:
                ok = bankruptcy or h < limit
                for s in range(n):
                    if chips[s] < 15:
                        ok = False
                if not ok:
                    fresh = True
            if fresh or not games:
                g += 1
                h = 0
                dealer = dealer0
                for s in range(n):
                    chips[s] = start
                for b in range(5):
                    board[b] = 0
                fresh = False
            hs = game_hand_seed(seed, g, h) if games else hand_seed(seed, i)
            deal(n, dealer, per, loc, hand_n, mt, hs)
            if record:
                for c in range(52):
                    deals_out[i, c] = loc[c]
            hand_state(state, seed, i)
        err = play_hand(n, dealer, loc, hand_n, chips, board, opt, state, scripted, script, p, d, cap, info)
        if err != 0:
            moves[i] = info[2]
            return err
        winner[i] = info[0]
        opera[i] = info[1]
        moves[i] = info[2]
        leads[i] = info[3]
        stalls[i] = info[4]
        kings[i] = info[5]
        swept[i] = info[6]
        stops[i] = info[7]
        game_no[i] = g
        hand_no[i] = h
        dealer_out[i] = dealer
        for s in range(n):
            paid[i, s] = p[s]
            doubled[i, s] = d[s]
            captured[i, s] = cap[s]
            chips_out[i, s] = chips[s]
        for b in range(5):
            board_out[i, b] = board[b]
        h += 1
        dealer = (dealer + 1) % n
    return 0
