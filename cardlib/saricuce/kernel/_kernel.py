"""Compiled Sarı Cüce (Nain Jaune) kernel: a run of hands (or games), or one scripted replay.

Cards are ints 0..51, suit-major like :class:`cardlib.Card.index` (clubs A..K = 0..12, diamonds,
hearts, spades).  A hand is ONE ``uint64`` bit mask per seat (``hm[s]``, bit ``c``: seat ``s`` holds
card ``c``); a card neither held nor dead has been played.  So the legal cards of a lead are
``hm[to_act]``, those of a follow ``hm[to_act] & RANK_MASK[needed]``, both in ascending card order
(the canonical order of the reference ``legal_moves``, then ``stop``); their count is a popcount and
the bot's ``k``-th choice the ``k``-th set bit (:mod:`._bits`).  The NJ-14 holder search looks at one
mask per seat, clockwise from the last player.

Speed (issues 17 and 22): a hand is played in named steps (:func:`_play_hand`, the move loop; the bot's
choice, :func:`play_card`, :func:`next_holder`, :func:`settle` ...), every one inlined by numba
(``inline="always"``), and every array a step takes is a view without a reference count
(``_bits.unowned``, made once in :func:`run`).  numba counts the references of an array each time a step
receives it: an increment and a decrement, calls that stay in the loop when the array is used under a branch
(the card play's box capture); on the views those calls test a null pointer and vanish, so the move loop
compiles with no call in it, as when it was written out in one function.  Without the views the same steps
cost the loop 20-30% (the card play alone 10-15%, the first attempt to share it).  The bot's generator is a
local ``uint64`` and nothing is allocated per hand.  The deal is one function, :func:`deal_cards`: the
counter-based deal of every engine (``_rng.deal_shuffle``, the same bits as :class:`cardlib.rng.Rng`'s shuffle).

Option vector (``options.nj_encode``): 0 skip_rank, 1 per_card, 2 doubling, 3 double_payments,
4 single_run, 5 cards each, 6 starting chips, 7 no hand limit (never set: a bankruptcy game ends after 10,000
hands too, docs/rules-sari-cuce.md Decision 10), 8 the hand limit (hands_limit, or 10,000), 9 allow_voluntary_stop,
10 game streams (games: the bots of game ``g`` draw from ``hand_state(seed + g, h)``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rules import STAKE_PER_PLAYER
from ..._fast._bits import ONE, alive, bit, ctz, popcount, select, unowned
from ..._fast._rng import _GOLDEN, _mix, deal_shuffle, game_hand_seed, hand_seed, hand_state

__all__ = ["run", "deal_cards", "deal_only", "next_holder", "play_card", "settle", "DEAD", "PLAYED", "STOP", "BOX_CARDS"]

from ._codes import DEAD, PLAYED, STOP  # noqa: E402  (shared with the Python side)

#: box cards in board order 10D, JC, QS, KH, 7D and what each player stakes on them (NJ-05, NJ-06)
BOX_CARDS = np.array([22, 10, 50, 38, 19], dtype=np.int64)
_BOX_OF = np.full(52, -1, dtype=np.int64)
for _b, _c in enumerate(BOX_CARDS):
    _BOX_OF[_c] = _b
_BOX_MASK = np.uint64(sum(1 << int(c) for c in BOX_CARDS))
#: RANK_MASK[r]: the four cards of rank r (1..13); RANK_MASK[0] unused
RANK_MASK = np.array([0] + [sum(1 << (su * 13 + r - 1) for su in range(4)) for r in range(1, 14)], dtype=np.uint64)
#: NJ-22 card points by card index (A 1 .. 10, J Q K 10)
POINTS = np.array([min(c % 13 + 1, 10) for c in range(52)], dtype=np.int64)

# errors a kernel reports (replay): 0 none
ERR_ILLEGAL = 1      # the scripted move is not legal
ERR_SHORT = 2        # the script ended before the hand
ERR_LONG = 3         # moves left after the hand ended
ERR_CHIPS = 4        # a seat holds fewer than 15 chips at the deal (NJ-08, NJ-F1)

_S11 = np.uint64(11)
_S53 = np.uint64(53)


@njit(cache=True)
def deal_cards(hs, deck):
    """THE deal: ``deck`` (52 entries) becomes the canonical deck (``make_deck()``: card index order)
    shuffled for the hand seed ``hs`` by ``_rng.deal_shuffle`` (``Rng(hs).shuffle``, bit for bit), so
    ``Hand.deal(rules, seed=hs)`` holds the same cards; the cards then go one at a time from the
    dealer's left (NJ-11), the rest is dead."""
    for c in range(52):
        deck[c] = c
    deal_shuffle(hs, deck, 52)


@njit(cache=True)
def deal_only(n_hands, seed):
    """Deal ``n_hands`` hands as :func:`run` does and return a checksum (the bench times the deal)."""
    deck = np.empty(52, dtype=np.int64)
    acc = 0
    for i in range(n_hands):
        deal_cards(hand_seed(seed, i), deck)
        acc += deck[0] + deck[51]
    return acc

@njit(cache=True, inline="always")
def next_holder(hm, n, last, need, skip_rank):
    """NJ-14: the seat to play rank ``need``, the nearest holder from the ``last`` player clockwise (the last
    player first); with ``skip_rank`` a rank nobody holds is passed over (NJ-F3, not past the King).  Returns
    ``(seat, needed, skipped)``: ``needed`` 0 is a stall, the last player leads (NJ-18); ``skipped``: a rank
    was passed over (a single run is broken, NJ-F4).  The kernel and the expert's playouts share it."""
    skipped = False
    while True:
        rm = RANK_MASK[need]
        s = last
        for _ in range(n):
            if hm[s] & rm:
                return s, need, skipped
            s += 1
            if s == n:
                s = 0
        if skip_rank and need < 13:
            need += 1
            skipped = True
        else:
            return last, 0, skipped


@njit(cache=True, inline="always")
def settle(hm, n, win, is_opera, double_pay, per_card, doubling, chips, board, paid, doubled):
    """NJ-21..NJ-26: the Opéra sweep (NJ-24; NJ-F5 doubles the payments instead), then each loser in NJ-25
    order pays the winner its card points (``per_card``: a chip a card) and doubles the boxes of the box
    cards it kept (NJ-23, not after an Opéra), never below zero chips (NJ-26).  ``paid`` and ``doubled``
    (one a seat) receive what each seat moved; returns the chips swept.  The kernel and the expert's
    playouts share it."""
    sw = 0
    if is_opera and not double_pay:  # NJ-24 sweep
        for b in range(5):
            sw += board[b]
            chips[win] += board[b]
            board[b] = 0
    paid[win] = 0
    doubled[win] = 0
    s = win
    for _ in range(1, n):  # NJ-25 order
        s += 1
        if s == n:
            s = 0
        m = hm[s]
        if per_card:
            pay = popcount(m)
        else:
            pay = 0
            while m:
                pay += POINTS[ctz(m)]
                m &= m - ONE
        if is_opera and double_pay:  # NJ-F5
            pay *= 2
        t = pay if pay < chips[s] else chips[s]  # NJ-26
        chips[s] -= t
        chips[win] += t
        paid[s] = t
        dbl = 0
        if doubling and not is_opera:  # NJ-23
            held = hm[s] & _BOX_MASK
            for b in range(5):
                if held & bit(BOX_CARDS[b]):
                    t = board[b] if board[b] < chips[s] else chips[s]
                    chips[s] -= t
                    board[b] += t
                    dbl += t
        doubled[s] = dbl
    return sw


@njit(cache=True, inline="always")
def _scripted_deal(hm, n, loc):
    """A replay's deal: the hands of ``loc`` (a seat or ``DEAD`` a card) as masks."""
    for s in range(n):
        hm[s] = 0
    for c in range(52):
        if loc[c] >= 0:
            hm[loc[c]] |= bit(c)


@njit(cache=True, inline="always")
def _deal_hand(hm, n, dealer, per, hs, deck, deals_out, i):
    """NJ-11: the deal of hand seed ``hs`` (:func:`deal_cards`), ``per`` cards each one at a time from the
    dealer's left, the rest dead; with rows in ``deals_out``, row ``i`` receives the seat of every card."""
    deal_cards(hs, deck)
    for s in range(n):
        hm[s] = 0
    s = dealer + 1
    if s == n:
        s = 0
    for k in range(n * per):
        hm[s] |= bit(deck[k])
        s += 1
        if s == n:
            s = 0
    if deals_out.shape[0] > 0:
        for c in range(52):
            deals_out[i, c] = DEAD
        for k in range(n * per):
            deals_out[i, deck[k]] = (dealer + 1 + k) % n


@njit(cache=True, inline="always")
def _game_goes_on(chips, n, h, limit, no_limit):
    """NJ-08..NJ-10: a game goes on while every seat can pay its stake and the hand limit (option 8) is
    not reached (option 7: no limit)."""
    ok = no_limit or h < limit
    for s in range(n):
        if chips[s] < STAKE_PER_PLAYER:
            ok = False
    return ok


@njit(cache=True, inline="always")
def _new_game(chips, board, n, start):
    """A new game: ``starting_chips`` each, an empty board."""
    for s in range(n):
        chips[s] = start
    for b in range(5):
        board[b] = 0


@njit(cache=True, inline="always")
def _bot_stream(st1, seed, g, h, row, game_streams):
    """The random bots' generator state for a hand: ``hand_state(seed, row)``, or with game streams
    ``hand_state(seed + g, h)`` (game ``g`` plays as game 0 of the run seeded ``seed + g``)."""
    if game_streams:
        hand_state(st1, np.uint64(seed) + np.uint64(g), h)
    else:
        hand_state(st1, seed, row)
    return st1[0]


@njit(cache=True, inline="always")
def _after_hand(chips_row, board_row, chips, board, n):
    """The table's chips and board after the hand."""
    for s in range(n):
        chips_row[s] = chips[s]
    for b in range(5):
        board_row[b] = board[b]


@njit(cache=True, inline="always")
def _stake(chips, board, n):
    """NJ-06: every seat puts 1 to 5 chips on the five boxes; False (nothing staked) when a seat holds
    fewer than ``STAKE_PER_PLAYER`` (NJ-08)."""
    for s in range(n):
        if chips[s] < STAKE_PER_PLAYER:
            return False
    for s in range(n):
        chips[s] -= STAKE_PER_PLAYER
    for b in range(5):
        board[b] += (b + 1) * n
    return True


@njit(cache=True, inline="always")
def _bot_move(legal, k, can_stop, st):
    """The random bot: a uniform choice among the ``k`` legal cards (ascending) and ``stop`` when it may
    decline, none when there is one; returns the move and the bot's generator state."""
    kk = k + 1 if can_stop else k
    if kk == 1:
        idx = 0
    else:
        st += _GOLDEN
        idx = np.int64(((_mix(st) >> _S11) * np.uint64(kk)) >> _S53)
    return (STOP if idx == k else select(legal, idx)), st


@njit(cache=True, inline="always")
def _scripted_move(script, j, legal, can_stop):
    """Move ``j`` of a replay's script, or -1 when it is not legal here (a card not in ``legal``, a stop
    where none is allowed)."""
    mv = script[j]
    if mv == STOP and can_stop:
        return STOP
    if 0 <= mv < 52 and (legal >> np.uint64(mv)) & ONE:
        return mv
    return -1


@njit(cache=True, inline="always")
def _decline(hm, n, to_act, last, need):
    """NJ-F2: ``to_act`` declines rank ``need``; the search goes on from the next seat up to the seat
    before the last player.  The seat found, or -1."""
    rm = RANK_MASK[need]
    s = to_act + 1
    if s == n:
        s = 0
    while s != last:
        if hm[s] & rm:
            return s
        s += 1
        if s == n:
            s = 0
    return -1


@njit(cache=True, inline="always")
def play_card(hm, s, c, chips, board):
    """Seat ``s`` plays card ``c``: it leaves the hand and a box card captures its box (NJ-19).  Returns
    the hand left and the chips captured (-1: not a box card).  The kernel and the expert's playouts
    share it."""
    cb = bit(c)
    m = hm[s] ^ cb
    hm[s] = m
    gain = -1
    if _BOX_MASK & cb:  # NJ-19
        b = _BOX_OF[c]
        gain = board[b]
        chips[s] += gain
        board[b] = 0
    return m, gain


@njit(cache=True, inline="always")
def _play_hand(hm, n, dealer, chips, board, captured, i, opt, scripted, script, st):
    """Play the hand dealt in ``hm`` (stakes paid) to its end, by the random bot (``st`` its generator) or
    the ``script``; ``captured[i]`` receives the chips each seat captured.  Returns ``(error, winner,
    played_by, run_ok, moves, leads, stalls, kings, stops, captures)``: ``played_by`` one bit a seat that
    played, ``run_ok`` false once a single run is broken (NJ-F4)."""
    skip_rank = opt[0] == 1
    allow_stop = opt[9] == 1
    to_act = dealer + 1   # NJ-12
    if to_act == n:
        to_act = 0
    needed = 0            # 0: to_act leads a new sequence
    last = to_act
    played_by = 0
    run_ok = True
    n_leads = n_stalls = n_kings = n_stops = n_caps = n_moves = 0
    err = 0
    win = -1
    while True:
        m = hm[to_act]
        legal = m if needed == 0 else m & RANK_MASK[needed]   # NJ-13, NJ-14
        can_stop = needed > 0 and allow_stop                  # NJ-15 option, NJ-F2: only a follow can be declined
        if needed == 0:
            n_leads += 1
            run_ok = run_ok and n_leads == 1
        if scripted:
            c = _scripted_move(script, n_moves, legal, can_stop) if n_moves < script.shape[0] else -2
            err = ERR_SHORT if c == -2 else ERR_ILLEGAL if c == -1 else 0
            if err:
                break
        else:
            c, st = _bot_move(legal, popcount(legal), can_stop, st)
        n_moves += 1
        need = needed
        if c == STOP:
            n_stops += 1
            found = _decline(hm, n, to_act, last, need)
            if found >= 0:
                to_act = found
                continue
            if not (skip_rank and need < 13):  # nobody willing: a stall (NJ-18) ...
                n_stalls += 1
                to_act = last
                needed = 0
                continue
            need += 1                          # ... or skip_rank moves on (NJ-F3)
            run_ok = False
        else:
            m, gain = play_card(hm, to_act, c, chips, board)
            played_by |= 1 << to_act
            if gain >= 0:
                n_caps += 1
                captured[i, to_act] += gain
            if m == 0:  # NJ-20
                win = to_act
                break
            last = to_act
            if c % 13 == 12:  # NJ-17: a King, the player leads again
                n_kings += 1
                needed = 0
                continue
            need = c % 13 + 2
        to_act, needed, skipped = next_holder(hm, n, last, need, skip_rank)  # NJ-14, NJ-F3
        run_ok = run_ok and not skipped
        if needed == 0:  # NJ-18
            n_stalls += 1
    return err, win, played_by, run_ok, n_moves, n_leads, n_stalls, n_kings, n_stops, n_caps


@njit(cache=True)
def run(n_hands, n, seed, first, opt, games, scripted, dealer0, loc, chips, board, script,
        winner, opera, moves, leads, stalls, kings, stops, swept, captures, game_no, hand_no, dealer_out,
        paid, doubled, captured, chips_out, board_out, seed_out, deals_out):
    """The one entry point (one compile serves both uses); returns the first error code (0: none).

    Simulation (``scripted`` false): play ``n_hands`` hands with random bots, filling one row of the
    output arrays per hand (``loc``, ``chips``, ``board`` are work arrays).  ``games`` false: every hand
    starts afresh (``starting_chips`` each, empty board, dealer ``dealer0``).  ``games`` true: hands are
    played in games (NJ-08..NJ-10): chips and boxes carry over, the deal passes left, and a game ends
    after ``hands_limit`` hands (end_mode hands) or when a seat cannot pay the 15-chip entry; the next
    hand then starts a new game.
    Replay (``scripted`` true, ``n_hands`` 1): play the deal in ``loc`` (seat, ``DEAD``) with ``chips``
    and ``board`` (before the stakes) and the moves of ``script`` (card indices, ``STOP``), checked
    against the legal moves; ``loc`` (seat, ``DEAD``, ``PLAYED``), ``chips`` and ``board`` end as the
    hand leaves them.
    Row ``i`` is hand ``first + i`` of the run: dealt with ``hand_seed(seed, first + i)`` (games, where
    ``first`` is 0: hand ``h`` of game ``g`` with ``game_hand_seed(seed, g, h)``, i.e. the hands of
    ``Game(seed=seed + g)``; ``seed_out`` receives it) by :func:`deal_cards`; the bots draw from their own
    SplitMix64 stream ``hand_state(seed, first + i)`` (games with option 10: ``hand_state(seed + g, h)``,
    so that game ``g`` is game 0 of the run seeded ``seed + g``): a uniform choice among the legal moves
    in canonical order (cards ascending, then ``stop``), none when there is one.  ``deals_out`` (n_hands x
    52, or 0 rows) receives each deal as seats (-1 dead).
    """
    hm_, deck_, st1_ = np.zeros(8, dtype=np.uint64), np.empty(52, dtype=np.int64), np.zeros(1, dtype=np.uint64)
    # the arrays the steps take, as views without reference counts (the module's note); alive() keeps the owners
    hm, deck, st1, opt, loc, chips, board = (unowned(hm_), unowned(deck_), unowned(st1_), unowned(opt), unowned(loc),
                                             unowned(chips), unowned(board))
    script, deals_out, paid, doubled, captured = (unowned(script), unowned(deals_out), unowned(paid),
                                                  unowned(doubled), unowned(captured))
    chips_out, board_out = unowned(chips_out), unowned(board_out)
    g = first - 1   # single hands: row i is "game" first + i
    h = 0
    dealer = dealer0
    fresh = True
    for i in range(n_hands):
        st = np.uint64(0)
        if scripted:
            g = 0
            _scripted_deal(hm, n, loc)
        else:
            fresh = fresh or (games and not _game_goes_on(chips, n, h, opt[8], opt[7] == 1))
            if fresh or not games:
                g += 1
                h = 0
                dealer = dealer0
                _new_game(chips, board, n, opt[6])
                fresh = False
            hs = game_hand_seed(seed, g, h) if games else hand_seed(seed, first + i)
            seed_out[i] = hs
            _deal_hand(hm, n, dealer, opt[5], hs, deck, deals_out, i)
            st = _bot_stream(st1, seed, g, h, first + i, games and opt[10] == 1)
        if not _stake(chips, board, n):
            moves[i] = 0
            return ERR_CHIPS
        for s in range(n):
            captured[i, s] = 0
        err, win, played_by, run_ok, moves[i], leads[i], stalls[i], kings[i], stops[i], captures[i] = _play_hand(
            hm, n, dealer, chips, board, captured, i, opt, scripted, script, st)
        if err == 0 and scripted and moves[i] != script.shape[0]:
            err = ERR_LONG
        if err:
            return err
        # ---------------------------------------------------------------- settlement (NJ-21..NJ-26)
        is_opera = played_by == (1 << win) and (run_ok or opt[4] != 1)
        swept[i] = settle(hm, n, win, is_opera, opt[3] == 1, opt[1] == 1, opt[2] == 1, chips, board, paid[i],
                          doubled[i])
        winner[i] = win
        opera[i] = is_opera
        game_no[i] = g
        hand_no[i] = h
        dealer_out[i] = dealer
        _after_hand(chips_out[i], board_out[i], chips, board, n)
        h += 1
        dealer = dealer + 1 if dealer + 1 < n else 0
    if scripted:  # the position the hand leaves: seat, DEAD or PLAYED
        for c in range(52):
            if loc[c] >= 0 and not (hm[loc[c]] & bit(c)):
                loc[c] = PLAYED
    alive(hm_, deck_, st1_)
    return 0
