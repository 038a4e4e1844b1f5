"""Python's Mersenne Twister (MT19937) in numba: the deals of :class:`cardlib.rng.Rng`, compiled.

``mt_seed(mt, seed)`` seeds exactly as ``random.Random(seed)`` does for a whole number ``0 <= seed < 2**63``
(CPython's ``random_seed``: the key is the 32-bit little-endian words of the number, ``[0]`` for 0, fed
to ``init_by_array``), ``mt_random(mt)`` is ``random()`` (53 bits: ``(a * 2**26 + b) / 2**53`` with
``a = genrand >> 5``, ``b = genrand >> 6``) and ``mt_shuffle(mt, arr, n)`` is :meth:`cardlib.rng.Rng.shuffle`
(``j = int(random() * (i + 1))`` from ``i = n-1`` down to 1).  So ``mt_seed(mt, s)`` followed by
``mt_shuffle`` over the canonical deck gives the reference engines' deal for seed ``s``, bit for bit.

The generator state is an explicit int64 array of ``MT_SIZE`` (624 words, each 0 .. 2**32-1, then the
position), so nothing touches a global random state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

N = 624
M = 397
MT_SIZE = N + 1            # the 624 words, then the index of the next word
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK = 0xFFFFFFFF


def _init_genrand(s: int) -> np.ndarray:
    mt = [0] * N
    mt[0] = s & _MASK
    for i in range(1, N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
    return np.array(mt, dtype=np.int64)


#: init_genrand(19650218), where every init_by_array starts (computed once, a constant for numba)
_INIT = _init_genrand(19650218)


def new_mt() -> np.ndarray:
    """An unseeded state array (seed it with ``mt_seed``)."""
    return np.zeros(MT_SIZE, dtype=np.int64)


@njit(cache=True)
def mt_seed(mt, seed):
    """Seed ``mt`` as ``random.Random(seed)`` does; ``0 <= seed < 2**63``."""
    s = np.int64(seed)
    lo = s & _MASK
    hi = (s >> 32) & _MASK
    keylen = 2 if hi != 0 else 1
    for k in range(N):
        mt[k] = _INIT[k]
    i = 1
    j = 0
    for _ in range(N if N > keylen else keylen):
        kj = lo if j == 0 else hi
        p = mt[i - 1]
        mt[i] = ((mt[i] ^ ((p ^ (p >> 30)) * 1664525)) + kj + j) & _MASK
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= keylen:
            j = 0
    for _ in range(N - 1):
        p = mt[i - 1]
        mt[i] = ((mt[i] ^ ((p ^ (p >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = _UPPER
    mt[N] = N  # the first draw twists


@njit(cache=True)
def _twist(mt):
    for kk in range(N - M):
        y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
        mt[kk] = mt[kk + M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    for kk in range(N - M, N - 1):
        y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
        mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    y = (mt[N - 1] & _UPPER) | (mt[0] & _LOWER)
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    mt[N] = 0


@njit(cache=True, inline="always")
def mt_uint32(mt):
    """genrand_uint32: the next 32 random bits (as an int64 0 .. 2**32-1)."""
    if mt[N] >= N:
        _twist(mt)
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=True, inline="always")
def mt_random(mt):
    """``random.Random.random()``: a float in [0, 1) with 53 random bits."""
    a = mt_uint32(mt) >> 5
    b = mt_uint32(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def mt_shuffle(mt, arr, n):
    """:meth:`cardlib.rng.Rng.shuffle` on ``arr[:n]``, in place."""
    for i in range(n - 1, 0, -1):
        j = np.int64(mt_random(mt) * (i + 1))
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@njit(cache=True)
def mt_randoms(seed, out):
    """Fill ``out`` with the first ``len(out)`` ``random()`` values of ``random.Random(seed)`` (tests)."""
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(mt, seed)
    for k in range(out.shape[0]):
        out[k] = mt_random(mt)
