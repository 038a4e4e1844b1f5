"""The fast engines deal exactly the reference deals: cardlib.rng.Rng's SplitMix64 shuffle compiled
(cardlib._fast._rng.deal_shuffle), the shared per-hand seed (cardlib.seeds.hand_seed) and hand i of a
run dealt as Hand.deal(rules, seed=hand_seed(seed, i)) for both games, several player counts, two decks
and jokers."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardlib import _fast as fast
from cardlib.saricuce import kernel as sc_kernel
from cardlib.pisyedili import kernel as py_kernel
from cardlib.cards import make_deck, parse_cards
from numba import njit

from cardlib._fast import _rng
from cardlib.rng import Rng
from cardlib.seeds import hand_seed, series_seed

SEEDS = [0, 1, 2, 3, 7, 12345, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**62 + 5, 2**63 - 1,
         987654321987654321]
SEEDS += [random.Random(99).randrange(2**63) for _ in range(60)]
SEEDS += [random.Random(98).randrange(2**32) for _ in range(30)]


def _ix(text) -> list[int]:
    return [c.index for c in parse_cards(text or "")]


# ------------------------------------------------------------------------------------- the shuffle
@njit(cache=True)
def _deal(seed, arr):
    _rng.deal_shuffle(seed, arr, arr.shape[0])


def test_compiled_shuffle_is_rng_shuffle():
    for s in SEEDS + [2**64 - 1]:
        for size in (52, 53, 104, 108):
            want = list(range(size))
            Rng(s).shuffle(want)
            got = np.arange(size, dtype=np.int64)
            _deal(np.uint64(s), got)
            assert got.tolist() == want, (s, size)


# ------------------------------------------------------------------------------------- hand_seed
def test_hand_seed_is_the_same_in_python_and_numba():
    for s in SEEDS:
        for i in (0, 1, 2, 999, 10**6, 2**40):
            h = hand_seed(s, i)
            assert 0 <= h < 2**63
            assert _rng.hand_seed(s, i) == h, (s, i)
    assert len({hand_seed(0, i) for i in range(10_000)}) == 10_000
    assert hand_seed(0, 1_000_003) != hand_seed(1, 0)
    # the documented formula, pinned: it is the deal of hand i in every engine
    assert hand_seed(0, 0) == 2598789274482403935
    assert hand_seed(7, 3) == 2475150699877270988
    assert hand_seed(2**63 - 1, 10**6) == 1486881652994441730
    g, h = np.array([0, 0, 3, 5]), np.array([0, 1, 0, 4])
    out = np.empty(4, np.int64)
    _rng.hand_seeds(11, True, g, h, out)
    assert out.tolist() == [hand_seed(series_seed(11, a), b) for a, b in zip(g.tolist(), h.tolist())]
    _rng.hand_seeds(11, False, g, h, out)
    assert out.tolist() == [hand_seed(11, k) for k in range(4)]
    with pytest.raises(TypeError):
        hand_seed(1.5, 0)
    with pytest.raises(ValueError):
        hand_seed(1, -1)


# ------------------------------------------------------------------------------------- Sarı Cüce
@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_sari_cuce_hand_i_is_the_reference_deal(players):
    ref = pytest.importorskip("cardlib.saricuce")
    rules = ref.Rules.from_dict({"players": players, "allow_two_players": players == 2})
    seed = 2**40 + players
    t = sc_kernel.simulate(20, seed=seed, rules=rules, deals=True)
    for i in range(20):
        assert t["seed"][i] == hand_seed(seed, i)
        start = ref.Hand.deal(rules, seed=hand_seed(seed, i)).start()
        seat = t["deal"][i]
        for s in range(players):
            assert sorted(np.flatnonzero(seat == s).tolist()) == sorted(_ix(start["hands"][s])), (i, s)
        assert sorted(np.flatnonzero(seat == -1).tolist()) == sorted(_ix(start.get("dead"))), i


def test_sari_cuce_games_deal_hand_h_of_game_g_from_its_seed():
    ref = pytest.importorskip("cardlib.saricuce")
    rules = ref.Rules.from_dict({"players": 4, "hands_limit": 3})
    t = sc_kernel.simulate(30, seed=5, rules=rules, games=True, deals=True)
    for i in range(30):
        g, h, dealer = int(t["game"][i]), int(t["hand"][i]), int(t["dealer"][i])
        s = hand_seed(5 + g, h)           # hand h of Game(seed=5 + g) (cardlib.seeds)
        assert t["seed"][i] == s
        start = ref.Hand.deal(rules, seed=s, dealer=dealer).start()
        for k in range(4):
            assert sorted(np.flatnonzero(t["deal"][i] == k).tolist()) == sorted(_ix(start["hands"][k])), (i, k)


def test_deals_option_does_not_change_the_play():
    a = sc_kernel.simulate(300, players=4, seed=9)
    b = sc_kernel.simulate(300, players=4, seed=9, deals=True)
    for k, v in a.items():
        assert np.array_equal(v, b[k]), k
    a = py_kernel.simulate(200, players=4, seed=9)
    b = py_kernel.simulate(200, players=4, seed=9, deals=True)
    for k, v in a.items():
        assert np.array_equal(v, b[k]), k


# ------------------------------------------------------------------------------------- Pis Yedili
@pytest.mark.parametrize("players, options", [
    (2, {}), (3, {}), (4, {}), (6, {}), (4, {"preset": "turkish"}),
    (5, {"decks": 2, "jokers_per_deck": 2}), (8, {"decks": 2, "jokers_per_deck": 1}),
])
def test_pis_yedili_hand_i_is_the_reference_deal(players, options):
    ref = pytest.importorskip("cardlib.pisyedili")
    rules = ref.Rules.from_dict({"players": players, **options})
    seed = 3 * players + 1
    t = py_kernel.simulate(20, seed=seed, rules=rules, deals=True)
    assert t["deal"].shape == (20, len(make_deck(rules.decks, rules.jokers_per_deck)))
    for i in range(20):
        assert t["seed"][i] == hand_seed(seed, i)
        start = ref.Hand.deal(rules, seed=hand_seed(seed, i)).start()
        deck = t["deal"][i].tolist()
        for s in range(players):  # dealer n-1: seat s gets cards s, s+n, ... of the shuffled deck
            assert deck[s:7 * players:players] == _ix(start["hands"][s]), (i, s)
        assert deck[7 * players:] == _ix(start["stock"]), i


def test_replay_of_a_seeded_start_uses_the_same_deal():
    """The replay kernels take the deal from the same seed: a reference hand dealt from hand_seed and
    played by the reference RandomBot replays to the same result from {"seed": hand_seed(s, i)}."""
    ref = pytest.importorskip("cardlib.pisyedili")
    rules = ref.Rules.from_dict({"players": 4})
    for i in range(5):
        s = hand_seed(42, i)
        hand = ref.Hand.deal(rules, seed=s)
        bot = ref.bots.RandomBot(i)
        while not hand.is_over():
            hand.push(bot.choose(hand))
        got = fast.replay("pis-yedili", rules, {"seed": s}, hand.record_moves())
        assert got == hand.result().to_dict()


@pytest.mark.parametrize("players, packets", [(4, 1), (4, "4-3"), (5, "3-2-2"), (3, "4-3")])
def test_pis_yedili_kernel_deals_the_reference_hands_in_packets(players, packets):
    """PY-05b: the kernel's deal (``_pisyedili._deal``) gives every seat the reference deal's cards."""
    ref = pytest.importorskip("cardlib.pisyedili")
    from cardlib.pisyedili.kernel import _kernel as _pisyedili
    from cardlib.pisyedili.kernel.options import encode as py_encode, read as py_options
    rules = {"players": players, "deal_packets": packets}
    o = py_options(rules)
    deck0 = np.array([c.index for c in make_deck(1, 0)], dtype=np.int64)
    for seed in range(5):
        W = _pisyedili.new_state(players, py_encode(o))
        deck = deck0.copy()
        _pisyedili._deal(W, players - 1, deck, hand_seed(7, seed))
        start = ref.Hand.deal(ref.Rules.from_dict(rules), seed=hand_seed(7, seed)).start()
        for s in range(players):
            assert _pisyedili.hand_cards(W, s) == sorted(_ix(start["hands"][s])), (seed, s)
        stock = [int(W[_pisyedili.STOCK + k]) for k in range(int(W[_pisyedili.SN]))][::-1]   # top first
        assert stock == _ix(start["stock"])
    t = py_kernel.simulate(200, players=players, seed=1, rules=rules)
    assert (t["moves"] > 0).all()
