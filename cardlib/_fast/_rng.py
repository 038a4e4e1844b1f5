"""A tiny explicit-state generator for the compiled kernels (SplitMix64).

The state is a one-element ``uint64`` array passed to every kernel function, so nothing depends on
numba's (or numpy's) global random state: the same seed gives the same hands on every call, every
machine and every thread count.  ``hand_state(seed, i)`` derives the state of hand ``i`` of a run, so hand
``i`` is the same whatever ``n_hands`` is.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import GOLDEN, MIX_1, MIX_2

_GOLDEN = np.uint64(GOLDEN)          # the constants of cardlib.rng, whose Rng these functions match bit for bit
_M1 = np.uint64(MIX_1)
_M2 = np.uint64(MIX_2)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S53 = np.uint64(53)


@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def next_u64(state):
    """Advance the state and return 64 random bits."""
    state[0] += _GOLDEN
    return _mix(state[0])


@njit(cache=True, inline="always")
def below(state, n):
    """A whole number in 0..n-1, each with chance 1/n (up to 2**-53); n < 2**11."""
    return np.int64(((next_u64(state) >> _S11) * np.uint64(n)) >> _S53)


@njit(cache=True)
def hand_state(state, seed, i):
    """Set ``state`` to the start state of hand ``i`` of a run seeded with ``seed``."""
    state[0] = _mix(_mix(np.uint64(seed) ^ _GOLDEN) + np.uint64(i) * _M1)


@njit(cache=True, inline="always")
def shuffle(state, arr, n):
    """Fisher-Yates on ``arr[:n]``, in place."""
    for i in range(n - 1, 0, -1):
        j = below(state, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


_S1 = np.uint64(1)


@njit(cache=True)
def hand_seed(seed, i):
    """The deal seed of hand ``i`` of a run seeded with ``seed`` (its 64 bits; an ``int64`` seed is read as
    unsigned, so 0 .. 2**64 - 1 all pass): the same number
    as :func:`cardlib.seeds.hand_seed`, i.e. ``mix(mix(seed ^ G) + i * M1) >> 1`` modulo 2**64, ``mix``
    SplitMix64's finaliser.  The deal itself is ``Rng(hand_seed)``'s (:func:`deal_shuffle`)."""
    return np.int64(_mix(_mix(np.uint64(seed) ^ _GOLDEN) + np.uint64(i) * _M1) >> _S1)




@njit(cache=True)
def game_hand_seed(seed, g, h):
    """The deal seed of hand ``h`` of game ``g`` of a run seeded with ``seed``: hand_seed(series_seed(seed,
    g), h), where series_seed(seed, g) = (seed + g) mod 2**64 (:mod:`cardlib.seeds`)."""
    return hand_seed(np.uint64(seed) + np.uint64(g), h)


@njit(cache=True)
def hand_seeds(seed, games, g, h, out):
    """``out[k]``: hand_seed(seed, k), or with ``games`` game_hand_seed(seed, g[k], h[k])."""
    for k in range(out.shape[0]):
        if games:
            out[k] = game_hand_seed(seed, g[k], h[k])
        else:
            out[k] = hand_seed(seed, k)


# ------------------------------------------------------------------------- the deal generator
# The deal of every engine (cardlib.rng.Rng's shuffle, bit for bit; issue 17, part 2).
# For a hand seed ``h`` (0 <= h < 2**64) the stream is SplitMix64 started at ``h`` itself:
#     next_u64():  h = (h + 0x9E3779B97F4A7C15) mod 2**64;  return mix(h)
#     below(n)  =  ((next_u64() >> 11) * n) >> 53         (no float; n < 2**11 here)
# and the deck (the canonical ``make_deck`` order) is shuffled by Fisher-Yates from the end:
#     for i = size-1 down to 1:  j = below(i + 1);  swap deck[i], deck[j]
# It is a few integer operations a card (no state to seed), the same on every machine and in every
# language (Python: ``cardlib/rng.py``; C: ``bench/c/deal.h``), and independent of Python's and
# numpy's generators by construction.

@njit(cache=True, inline="always")
def deal_shuffle(seed, arr, n):
    """Shuffle ``arr[:n]`` in place with the counter-based deal for the hand seed ``seed``."""
    z = np.uint64(seed)
    for i in range(n - 1, 0, -1):
        z += _GOLDEN
        j = np.int64(((_mix(z) >> _S11) * np.uint64(i + 1)) >> _S53)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t
