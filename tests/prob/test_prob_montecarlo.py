"""cardlib.prob.montecarlo and cardlib.prob.shuffle: fair shuffles, reproducible estimates, and
agreement with the exact answers inside the 95% Wilson interval at fixed seeds."""

from collections import Counter

import numpy as np
import pytest

from cardlib import Card
from cardlib.errors import InvalidOptionError
from cardlib.prob import exact
from cardlib.prob import montecarlo as mc
from cardlib.prob import Estimate, wilson
from cardlib.prob.shuffle import _fisher_yates, deck_array, generator, shuffle_into, shuffled_rows

N = 200_000          # deals per comparison
SEED = 20261130


class TestShuffle:
    def test_rows_are_permutations_of_the_deck(self):
        rows = mc.deal(1000, seed=1, decks=2, jokers_per_deck=2)
        deck = np.sort(deck_array(2, 2))
        assert rows.shape == (1000, 108) and rows.dtype == np.uint8
        assert (np.sort(rows, axis=1) == deck).all()

    def test_same_seed_same_rows_and_pinned_stream(self):
        assert (mc.deal(50, seed=3) == mc.deal(50, seed=3)).all()
        assert not (mc.deal(50, seed=3) == mc.deal(50, seed=4)).all()
        # PCG64's raw stream is stable across numpy versions; this pins the whole shuffle
        assert mc.deal(1, seed=0)[0, :8].tolist() == [45, 42, 3, 37, 2, 44, 21, 13]

    def test_every_order_equally_likely(self):
        # 4 cards, 24 orders, 240 000 shuffles: chi-square with 23 degrees of freedom
        rows = shuffled_rows(np.arange(4, dtype=np.uint8), 240_000, seed=SEED)
        counts = Counter(map(bytes, rows))
        assert len(counts) == 24
        chi2 = sum((c - 10_000) ** 2 / 10_000 for c in counts.values())
        assert chi2 < 49.7      # the 99.9% point of chi-square(23)

    def test_each_card_uniform_over_positions(self):
        rows = mc.deal(52_000, seed=SEED)
        pos = np.argmax(rows == Card.parse("7D").index, axis=1)
        counts = np.bincount(pos, minlength=52)
        chi2 = ((counts - 1000) ** 2 / 1000).sum()
        assert chi2 < 99.6      # the 99.9% point of chi-square(51)

    def test_rejection_path_uses_spare_numbers(self):
        # All-zero draws hit Lemire's rejection zone for every s that is not a power of two, so the
        # kernel must reach for the spare pool, and report when it runs dry.
        deck = np.arange(5, dtype=np.uint8)
        out = np.empty((1, 5), dtype=np.uint8)
        zeros = np.zeros(2, dtype=np.uint64)
        assert _fisher_yates(deck, zeros, np.zeros(0, dtype=np.uint64), out) == -1
        spare = np.array([7 << 32 | 5, 9], dtype=np.uint64)
        used = _fisher_yates(deck, zeros, spare, out)
        assert used > 0 and sorted(out[0].tolist()) == [0, 1, 2, 3, 4]
        # and shuffle_into still gives a permutation however the pool is drawn
        rows = shuffle_into(generator(1), deck, np.empty((100, 5), dtype=np.uint8))
        assert (np.sort(rows, axis=1) == deck).all()

    def test_split_hands_deals_round_the_table(self):
        rows = mc.deal(3, seed=9)
        hands, rest = mc.split_hands(rows, 4, 12)
        assert hands.shape == (3, 4, 12) and rest.shape == (3, 4)
        assert (hands[:, 1, :] == rows[:, 1:48:4]).all() and (rest == rows[:, 48:]).all()


class TestEstimate:
    def test_wilson_known_values(self):
        lo, hi = wilson(50, 100)                 # textbook: 0.4038 – 0.5962
        assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
        assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1 and wilson(0, 0) == (0.0, 1.0)
        assert 1 in Estimate(10, 10) and 0 in Estimate(0, 10)

    def test_repr_and_text(self):
        e = Estimate(3, 10)
        assert repr(e) == "Estimate(hits=3, n=10)" and str(e).startswith("0.300000 (95% CI 0.107")
        assert repr(Estimate(1, 5, 100)) == "Estimate(hits=1, n=5, deals=100)"


# (monte-carlo function, exact function, args, options)
BINARY = [
    (mc.card_dead, exact.card_dead, (4,), {}),
    (mc.card_dead, exact.card_dead, (3, "KH"), {}),
    (mc.card_dead, exact.card_dead, (2,), {"allow_two_players": True}),
    (mc.any_box_card_dead, exact.any_box_card_dead, (5,), {}),
    (mc.any_box_card_dead, exact.any_box_card_dead, (8,), {}),
    (mc.holds_card, exact.holds_card, (6,), {}),
    (mc.opener_no_club, lambda **o: exact.opener_no_club(**o), (), {}),
    (mc.opener_no_club, lambda *a, **o: exact.opener_no_club(**o), (5,), {"decks": 2, "jokers_per_deck": 2}),
    (mc.dealt_jack, lambda **o: exact.dealt_jack(**o), (), {}),
    (mc.dealt_jack, lambda **o: exact.dealt_jack(**o), (), {"jokers_per_deck": 2, "with_jokers": True}),
    (mc.can_answer_seven, lambda **o: exact.can_answer_seven(**o), (), {}),
    (mc.can_answer_seven, lambda **o: exact.can_answer_seven(**o), (), {"my_sevens": 1}),
    (mc.can_answer_seven, lambda **o: exact.can_answer_seven(**o), (), {"my_sevens": 2, "decks": 2}),
]


# How the checks are sized.  A 95% interval misses the truth in 1 run of 20 by design, so a family of
# ~65 checks at 95% (13 yes/no questions + 52 distribution outcomes) would be expected to fail about
# three times whatever the code.  (With one seed shared by every check it is worse: the checks reuse
# the same decks and miss together.  That happened while this file was written: three tail-of-deck
# checks at one shared seed missed at once, z = -2.3 to -3.4, while a 100-seed study and a
# 20-million-deal run showed no bias.)  So each check gets its own seed, and the family is held to a
# 99.99% Wilson interval (z = 3.89): under 1% chance that any of them misses by luck, while a bias of a
# few percent of the chance still fails at n = 200 000.  The plain 95% check is test_headline_at_95_percent
# and the module's doctest.
Z_FAMILY = 3.890591886413094


def _inside(truth, e):
    lo, hi = wilson(e.hits, e.n, Z_FAMILY)
    return lo <= truth <= hi


@pytest.mark.parametrize("i", range(len(BINARY)))
def test_simulation_agrees_with_exact(i):
    sim, ex, args, opts = BINARY[i]
    est = sim(*args, n=N, seed=SEED + i, **opts)
    truth = ex(*args, **opts)
    assert est.deals == N
    assert _inside(truth, est), (est, float(truth))


DISTS = [
    (mc.box_cards_dead, exact.box_cards_dead, (3,)),
    (mc.box_cards_dead, exact.box_cards_dead, (4,)),
    (mc.box_cards_in_hand, exact.box_cards_in_hand, (4,)),
    (mc.box_cards_in_hand, exact.box_cards_in_hand, (8,)),
    (mc.draws_until_club, exact.draws_until_club, (4,)),
    (mc.draws_until_club, exact.draws_until_club, (7,)),
]


@pytest.mark.parametrize("i", range(len(DISTS)))
def test_distribution_agrees_with_exact(i):
    sim, ex, args = DISTS[i]
    est, truth = sim(*args, n=N, seed=SEED + 100 + i), ex(*args)
    assert set(truth) <= set(est)
    for k, e in est.items():
        assert _inside(truth.get(k, 0), e), (k, e, float(truth.get(k, 0)))


def test_conditional_counts():
    est = mc.draws_until_club(4, n=N, seed=SEED)
    some = next(iter(est.values()))
    # the opener has no club in about 11.5% of the deals; only those count
    assert some.deals == N and some.n == sum(e.hits for e in est.values())
    assert exact.opener_no_club() in Estimate(some.n, N)


def test_same_seed_same_estimate():
    for sim, _, args, opts in BINARY[:4]:
        assert sim(*args, n=50_000, seed=7, **opts) == sim(*args, n=50_000, seed=7, **opts)
    assert mc.card_dead(4, n=50_000, seed=7) != mc.card_dead(4, n=50_000, seed=8)
    assert str(mc.box_cards_dead(4, n=50_000, seed=7)) == str(mc.box_cards_dead(4, n=50_000, seed=7))
    assert repr(mc.card_dead(4, n=10_000, seed=2026)) == "Estimate(hits=790, n=10000)"   # pinned


def test_convergence():
    df = mc.convergence(mc.card_dead, 4, seed=SEED, n=100_000)
    assert df["deals"].tolist() == [10, 100, 1000, 10_000, 100_000]
    assert (df["low"] <= df["estimate"]).all() and (df["estimate"] <= df["high"]).all()
    assert (df["high"] - df["low"]).is_monotonic_decreasing
    # the last row is the estimate of one run of that many deals with the same seed
    last = mc.card_dead(4, n=100_000, seed=SEED)
    assert df["hits"].iloc[-1] == last.hits
    d = mc.convergence(mc.draws_until_club, 4, seed=1, n=20_000, checkpoints=[500, 20_000], outcome=1)
    assert d["deals"].tolist() == [500, 20_000] and (d["n"] < d["deals"]).all()


def test_deals_per_second_runs():
    assert mc.deals_per_second(mc.card_dead, 4, n=20_000, repeats=2) > 0


def test_headline_at_95_percent():
    # the check of the brief, as the docs show it: 1/13 inside the plain 95% Wilson interval
    est = mc.card_dead(4, n=10 ** 6, seed=1)
    assert exact.card_dead(4) in est
    assert (est.hits, est.n) == (76700, 10 ** 6)


@pytest.mark.parametrize("module", ["cardlib.prob.montecarlo", "cardlib.prob.shuffle"])
def test_doctests(module):
    import doctest
    import importlib
    failures, tried = doctest.testmod(importlib.import_module(module))[:2]
    assert tried > 0 and failures == 0


HAND4 = "10D JC AS 2S 3S 4S 5S 6S 8S 9S 10S JS"        # 4 players: you hold two box cards


@pytest.mark.parametrize("i,sim,ex,kw", [
    (0, mc.card_dead, exact.card_dead, {}),
    (1, mc.card_dead, exact.card_dead, {"card": "JC"}),     # you hold it: never dead
    (2, mc.any_box_card_dead, exact.any_box_card_dead, {}),
    (3, mc.holds_card, exact.holds_card, {}),
])
def test_given_hand_agrees_with_exact(i, sim, ex, kw):
    est = sim(4, hand=HAND4, n=N, seed=SEED + 200 + i, **kw)
    assert _inside(ex(4, hand=HAND4, **kw), est), est


def test_given_hand_distribution_and_deal():
    est, truth = mc.box_cards_dead(4, hand=HAND4, n=N, seed=SEED + 210), exact.box_cards_dead(4, hand=HAND4)
    for k, e in est.items():
        assert _inside(truth.get(k, 0), e), (k, e)
    with pytest.raises(InvalidOptionError, match="seat=0"):
        mc.holds_card(4, hand=HAND4, seat=0, n=10, seed=0)


def test_given_hand_deals_keep_your_hand():
    import dataclasses
    sim = dataclasses.replace(mc._BUILDERS[mc.card_dead](4, hand=HAND4), outcome=lambda rows: rows.copy())
    rows = next(sim._blocks(1000, seed=1))
    mine = sorted(c.index for c in map(Card.parse, HAND4.split()))
    assert (np.sort(rows[:, 0:48:4], axis=1) == mine).all()
    assert (np.sort(rows, axis=1) == np.arange(52)).all()
