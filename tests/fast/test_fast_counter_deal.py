"""The deal of every engine (issue 17, part 2): its definition in plain Python, written out here again
independently of ``cardlib.rng``, against the reference ``Rng``, the numba ``_rng.deal_shuffle`` and the
kernels' deals, with its output pinned, so no version can drift (the C one of bench/c/deal.h is
checked by the bench)."""

from __future__ import annotations

import numpy as np
from numba import njit

from cardlib.saricuce import kernel as sc_kernel
from cardlib.pisyedili import kernel as py_kernel
from cardlib._fast import _rng
from cardlib.rng import shuffled
from cardlib.seeds import hand_seed

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def spec_shuffle(seed: int, deck) -> list:
    """The definition: SplitMix64 from the hand seed, below(n) = ((next >> 11) * n) >> 53, Fisher-Yates
    from the end."""
    deck = list(deck)
    z = seed & _MASK
    for i in range(len(deck) - 1, 0, -1):
        z = (z + 0x9E3779B97F4A7C15) & _MASK
        j = ((_mix(z) >> 11) * (i + 1)) >> 53
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_numba_and_reference_deal_are_the_definition():
    for s in [0, 1, 2, 12345, 2**63 - 1] + [hand_seed(7, i) for i in range(50)]:
        for size in (52, 53, 104, 108):
            got = np.arange(size, dtype=np.int64)
            _deal(s, got)
            want = spec_shuffle(s, range(size))
            assert got.tolist() == want, (s, size)
            assert shuffled(range(size), s) == want, (s, size)


@njit(cache=True)
def _deal(seed, arr):
    _rng.deal_shuffle(seed, arr, arr.shape[0])


def test_the_deal_is_pinned():
    """The first cards of two deals, computed once: the generator's output may never change silently."""
    assert spec_shuffle(0, range(52))[:13] == [12, 35, 8, 48, 2, 49, 51, 11, 28, 25, 18, 13, 23]
    assert spec_shuffle(hand_seed(0, 0), range(52))[:6] == [38, 37, 50, 33, 24, 27]


def test_the_sari_cuce_kernel_deals_it():
    t = sc_kernel.simulate(5, players=4, seed=3, deals=True)
    for i in range(5):
        deck = spec_shuffle(int(t["seed"][i]), range(52))
        want = np.full(52, -1)
        for k in range(48):
            want[deck[k]] = k % 4          # dealer 3: seat 0 gets the first card
        assert t["deal"][i].tolist() == want.tolist()


def test_the_pis_yedili_kernel_deals_it():
    t = py_kernel.simulate(5, players=4, seed=3, deals=True)
    for i in range(5):
        assert t["deal"][i].tolist() == spec_shuffle(int(t["seed"][i]), range(52))
