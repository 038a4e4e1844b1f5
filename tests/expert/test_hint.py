"""hint(): every legal move, best first, with intervals that agree with a direct simulation of each move."""

from __future__ import annotations

import math

import pytest

from cardlib import cards_text, make_deck
from cardlib.errors import GameOverError
from cardlib.expert import HINT_BUDGET, hint, observation
from cardlib.pisyedili import Hand as PyHand
from cardlib.pisyedili.bots import HeuristicBot
from cardlib.rng import Rng
from cardlib.saricuce import Hand as ScHand
from cardlib.saricuce.bots import TipsBot


# -- a direct simulation, written apart from cardlib.expert: worlds by shuffling and rejecting -------------
def direct_worlds_py(hand, seat, rng):
    """Pis Yedili before any reshuffle: the unseen cards are shuffled and dealt into the other hands and
    the stock, each hand getting its size."""
    seen = set(hand.hands[seat]) | set(hand.discard)
    pool = [c for c in make_deck() if c not in seen]
    pos = hand.position()
    while True:
        rng.shuffle(pool)
        k, hands = 0, []
        for s in range(hand.players):
            if s == seat:
                hands.append(pos["hands"][s])
            else:
                hands.append(cards_text(pool[k:k + len(hand.hands[s])]))
                k += len(hand.hands[s])
        yield PyHand.from_start(hand.rules, dict(pos, hands=hands, stock=cards_text(pool[k:])),
                                seed=int(rng.random() * 2 ** 40))


def direct_worlds_sc(hand, seat, rng, voids):
    """Sarı Cüce: the unseen cards shuffled into the other hands and the dead stock, a deal rejected
    unless every seat holds none of the ranks it is known to lack."""
    seen = set(hand.hands[seat]) | set(hand.played)
    pool = [c for c in make_deck() if c not in seen]
    pos = hand.position()
    while True:
        rng.shuffle(pool)
        k, hands, ok = 0, [], True
        for s in range(hand.players):
            if s == seat:
                hands.append(pos["hands"][s])
                continue
            cards = pool[k:k + len(hand.hands[s])]
            k += len(cards)
            if any(int(c.rank) in voids[s] for c in cards):
                ok = False
                break
            hands.append(cards_text(cards))
        if ok:
            yield ScHand.from_start(hand.rules, dict(pos, hands=hands, dead=cards_text(pool[k:])))


def direct(hand, move, worlds, bot, score, n):
    values = []
    for i, world in zip(range(n), worlds):
        world.push(move)
        bots = [bot(1000 * i + s) for s in range(hand.players)]
        while not world.is_over():
            world.push(bots[world.to_act].choose(world))
        values.append(score(world))
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, var / n


def agree(h, sims):
    """Each move's hint mean agrees with the direct simulation (two-sample z, |z| < 4)."""
    for mh in h.moves:
        m, var = sims[mh.text]
        se_hint = (mh.value_high - mh.value) / 1.959963984540054
        se = math.sqrt(se_hint ** 2 + var)
        if se == 0:
            assert mh.value == m
            continue
        assert abs(mh.value - m) / se < 4, (mh.text, mh.value, m, se)


@pytest.mark.parametrize("seed, moves", [(22, 14), (23, 20)])
def test_pis_yedili_hint_agrees_with_direct_simulation(hands, seed, moves):
    hand = hands.played_py(seed, moves)
    assert not any(e.kind == "reshuffle" for e in hand.events) and not hand.is_over()
    seat = hand.to_act
    h = hint(hand, budget=300, seed=1)
    assert len(h.moves) > 1
    rng = Rng(99)
    sims = {str(m): direct(hand, m, direct_worlds_py(hand, seat, rng), HeuristicBot,
                           lambda w: w.result().scores[seat], 120) for m in hand.legal_moves}
    agree(h, sims)


@pytest.mark.parametrize("seed, moves", [(30, 22), (33, 18)])   # constrained, several moves (SplitMix64 deal)
def test_sari_cuce_hint_agrees_with_direct_simulation(hands, seed, moves):
    hand = hands.played_sc(seed, moves)
    seat = hand.to_act
    view = observation(hand, seat)
    assert sum(map(len, view.voids)) >= 3        # the worlds are constrained (NJ-14)
    h = hint(hand, budget=300, seed=1)
    assert len(h.moves) > 1
    start = hand.start()["chips"][seat]
    rng = Rng(98)
    sims = {str(m): direct(hand, m, direct_worlds_sc(hand, seat, rng, view.voids), TipsBot,
                           lambda w: w.result().chips[seat] - start, 80) for m in hand.legal_moves}
    agree(h, sims)


def test_hint_lists_every_legal_move_best_first(hands):
    hand = hands.played_py(5, 6)
    h = hint(hand, budget=60, seed=2)
    assert sorted(m.text for m in h.moves) == sorted(str(m) for m in hand.legal_moves)
    values = [m.value for m in h.moves]
    assert values == sorted(values)                      # fewest points first
    assert h.best == h.moves[0].move and h.seat == hand.to_act and h.metric == "points"
    for m in h.moves:
        assert 0 <= m.win_low <= m.win <= m.win_high <= 1
        assert m.value_low <= m.value <= m.value_high
    sc = hint(hands.played_sc(5, 6), budget=60, seed=2)
    values = [m.value for m in sc.moves]
    assert values == sorted(values, reverse=True)        # most chips first
    assert sc.metric == "chips"


def test_hint_is_reproducible_and_shows_as_text(hands):
    hand = hands.played_sc(6, 3)
    a, b = hint(hand, budget=40, seed=7), hint(hand, budget=40, seed=7)
    assert a.rows() == b.rows()
    text = str(a)
    lines = text.splitlines()
    assert lines[1].split() == ["move", "win", "95%", "interval", "chips", "95%", "interval"]
    assert len(lines) >= 2 + len(a.moves)
    for m, line in zip(a.moves, lines[2:]):
        assert line.startswith(m.text)
    assert "<table>" in a._repr_html_()
    assert set(a.rows()[0]) == {"move", "n", "win", "win_low", "win_high", "value", "value_low", "value_high"}


def test_hint_budget_is_shared_by_the_moves(hands):
    hand = hands.played_py(9, 5)
    h = hint(hand, budget=90, seed=0)
    k = len(h.moves)
    assert {m.n for m in h.moves} == {90 // k} and h.playouts == k * (90 // k) and h.worlds == 90 // k
    assert HINT_BUDGET > 0


def test_hint_only_for_the_seat_to_act(hands):
    hand = hands.played_sc(2, 4)
    with pytest.raises(ValueError):
        hint(hand, seat=(hand.to_act + 1) % 4, budget=8)
    assert hint(hand, seat=hand.to_act, budget=8).seat == hand.to_act
    done = hands.played_sc(2, 1000)
    with pytest.raises(GameOverError):
        hint(done, budget=8)


def test_hint_of_some_moves_only():
    """``moves=`` compares the legal moves named (texts or moves), in the same worlds, and refuses others."""
    from cardlib.pisyedili import Rules
    hand = PyHand.deal(Rules.classic(4), seed=21)
    bots = [HeuristicBot(s) for s in range(4)]
    while len(hand.legal_moves) < 3:
        hand.push(bots[hand.to_act].choose(hand))
    legal = [str(m) for m in hand.legal_moves]
    two = hint(hand, moves=legal[:2], budget=40, seed=4)
    assert sorted(m.text for m in two.moves) == sorted(legal[:2]) and all(m.n == 20 for m in two.moves)
    same = hint(hand, moves=[hand.parse_move(legal[1]), legal[0], legal[0]], budget=40, seed=4)
    assert same.rows() == two.rows()
    illegal = next(w for w in ("pass", "end", "draw") if w not in legal)
    with pytest.raises(ValueError):
        hint(hand, moves=[illegal], budget=4)
    with pytest.raises(ValueError):
        hint(hand, moves=[], budget=4)
