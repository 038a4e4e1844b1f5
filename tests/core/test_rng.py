"""Seeded randomness: SplitMix64 in plain Python integers, the same numbers on every Python and numpy
version by construction (no :mod:`random`, no numpy), the same bits as the compiled deal; no global
random state."""

import random

import pytest

from cardlib import Rng, make_deck, shuffled

_MASK = (1 << 64) - 1


def _mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _stream(seed, k):
    """The definition: state = seed; next = mix(state += 0x9E3779B97F4A7C15)."""
    out, z = [], seed
    for _ in range(k):
        z = (z + 0x9E3779B97F4A7C15) & _MASK
        out.append(_mix(z))
    return out


def test_same_seed_same_shuffle():
    assert shuffled(make_deck(), 42) == shuffled(make_deck(), 42)
    assert shuffled(make_deck(), 42) != shuffled(make_deck(), 43)


def test_the_generator_is_splitmix64():
    # SplitMix64's published first outputs for seed 0 (Vigna's splitmix64.c)
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    for seed in (0, 1, 7, 2**63 - 1, 2**64 - 1, 987654321987654321):
        r = Rng(seed)
        want = _stream(seed, 40)
        assert [r.next64() for _ in range(10)] == want[:10]
        assert [r.random() for _ in range(10)] == [(x >> 11) * 2.0 ** -53 for x in want[10:20]]
        assert [r.below(52) for _ in range(10)] == [((x >> 11) * 52) >> 53 for x in want[20:30]]
        assert [r.below(10**12) for _ in range(10)] == [((x >> 11) * 10**12) >> 53 for x in want[30:40]]


def test_shuffle_is_fisher_yates_from_the_end():
    for seed in (0, 3, 2**64 - 1):
        for size in (2, 10, 52, 108):
            want, draws = list(range(size)), iter(_stream(seed, size))
            for i in range(size - 1, 0, -1):
                j = ((next(draws) >> 11) * (i + 1)) >> 53
                want[i], want[j] = want[j], want[i]
            assert shuffled(range(size), seed) == want


def test_shuffle_is_pinned_across_versions():
    # If this fails, every seeded deal in every record and notebook would change.
    assert shuffled(range(10), 7) == [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]
    assert shuffled(range(52), 0)[:13] == [12, 35, 8, 48, 2, 49, 51, 11, 28, 25, 18, 13, 23]
    r = Rng(2026)
    assert [r.below(1000) for _ in range(5)] == [857, 471, 667, 384, 791]
    assert Rng(0).random() == float.fromhex("0x1.c4415072f63b9p-1")


def test_does_not_touch_global_random_state():
    state = random.getstate()
    Rng(5).shuffle(list(range(52)))
    shuffled(make_deck(), 9)
    Rng(6).random()
    assert random.getstate() == state


def test_state_round_trip_and_choice():
    rng = Rng(1)
    saved = rng.getstate()
    assert saved == 1                      # the state is the seed, then the counter
    first = [rng.below(6) for _ in range(20)]
    rng.setstate(saved)
    assert [rng.below(6) for _ in range(20)] == first
    assert all(0 <= x < 6 for x in first)
    assert Rng(3).choice("abc") in "abc"
    with pytest.raises(ValueError):
        rng.setstate(-1)


def test_bad_seed_and_bound():
    with pytest.raises(ValueError, match="'x'"):     # a CardlibError, as every bad input
        Rng("x")
    for bad in (-1, True, 7.0, 2 ** 64):
        with pytest.raises(ValueError, match="a seed is a whole number from 0 to 2"):
            Rng(bad)
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_is_uniform_enough():
    # chi-square on the first position over 13,000 shuffles of 13 items (df=12, 0.999 quantile 32.9)
    rng = Rng(11)
    counts = [0] * 13
    for _ in range(13_000):
        items = list(range(13))
        rng.shuffle(items)
        counts[items[0]] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 32.9


def test_below_and_random_are_uniform_enough():
    rng = Rng(12)
    counts = [0] * 7
    for _ in range(7000):
        counts[rng.below(7)] += 1
    assert sum((c - 1000) ** 2 / 1000 for c in counts) < 22.5     # df=6, 0.999 quantile
    xs = [rng.random() for _ in range(10_000)]
    assert 0 <= min(xs) and max(xs) < 1 and abs(sum(xs) / len(xs) - 0.5) < 0.015
