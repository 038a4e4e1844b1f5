"""Many shuffled decks at once: one row per deal, top card first, as card indices (``Card.index``).

Each call makes its own ``numpy.random.Generator(PCG64(seed))``; nothing touches a global random state,
and the same seed gives the same rows on every machine.

How a row is shuffled: a Fisher–Yates shuffle (the inside-out form) compiled with numba.  The place
``j`` in ``0..i`` comes from a 32-bit random number ``x`` by Lemire's multiply-and-shift,
``j = (x·(i+1)) >> 32``, with his rejection step (D. Lemire, "Fast random integer generation in an
interval", 2019), so every one of the N! orders is exactly equally likely (no modulo bias).
Rejections are rare (chance below (i+1)/2³², about 2⁻²⁶ for a 53-card deck); the extra numbers they
need come from a spare pool drawn from the same generator, so the result still depends only on the
seed.

>>> import numpy as np
>>> rows = shuffled_rows(np.arange(5, dtype=np.uint8), 3, seed=7)
>>> rows.shape, sorted(rows[0].tolist())
((3, 5), [0, 1, 2, 3, 4])
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.random import PCG64, Generator

from ..cards import make_deck
from ..checks import check_whole
from ..seeds import check_seed

__all__ = ["deck_array", "generator", "shuffle_into", "shuffled_rows", "CHUNK"]

#: Rows shuffled per block: big enough to amortise the Python overhead, small enough for the cache.
CHUNK = 1 << 15
_SPARE = 64


def generator(seed: int) -> Generator:
    """A fresh ``Generator(PCG64(seed))``; ``seed`` is a seed as everywhere (0 .. 2**64 - 1, cardlib.seeds)."""
    return Generator(PCG64(check_seed(int(seed) if isinstance(seed, np.integer) else seed)))


def deck_array(decks: int = 1, jokers_per_deck: int = 0) -> np.ndarray:
    """The deck of :func:`cardlib.cards.make_deck` as a ``uint8`` array of card indices (joker = 52)."""
    return np.array([c.index for c in make_deck(decks, jokers_per_deck)], dtype=np.uint8)


@njit(cache=True, nogil=True)
def _fisher_yates(deck, words, spare, out):  # pragma: no cover - compiled
    """Shuffle ``deck`` into each row of ``out`` (the "inside-out" Fisher–Yates: card i goes to place i,
    then swaps with a place j chosen uniformly in 0..i).

    The random numbers are 32-bit halves of the 64-bit ``words`` (low half first), taken in order:
    row by row, card by card.  Returns how many spare 32-bit numbers were used, or -1 if the spare
    pool ran dry (the caller retries with a larger pool).
    """
    rows = out.shape[0]
    n = deck.shape[0]
    used = 0
    k = 0
    two32 = np.uint64(4294967296)
    low32 = np.uint64(4294967295)
    shift = np.uint64(32)
    for r in range(rows):
        row = out[r]
        if n > 0:
            row[0] = deck[0]
        for i in range(1, n):
            w = words[k >> 1]
            x = (w >> shift) if (k & 1) else (w & low32)
            k += 1
            s = np.uint64(i + 1)
            m = x * s                      # Lemire: j = floor(x * s / 2**32), exact with rejection
            lo = m & low32
            if lo < s:
                t = (two32 - s) % s        # 2**32 mod s
                while lo < t:
                    if used == 2 * spare.shape[0]:
                        return -1
                    w = spare[used >> 1]
                    x = (w >> shift) if (used & 1) else (w & low32)
                    used += 1
                    m = x * s
                    lo = m & low32
            j = np.intp(m >> shift)
            row[i] = row[j]
            row[j] = deck[i]
    return used


def shuffle_into(gen: Generator, deck: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Fill every row of ``out`` with a fresh shuffle of ``deck``, drawing from ``gen``.

    Uses ``rows × (len(deck) − 1)`` 32-bit numbers (the halves of 64-bit raw outputs of the bit
    generator) plus a spare pool for the rare rejections.
    """
    rows, n = out.shape
    need = rows * max(n - 1, 0)
    words = gen.bit_generator.random_raw((need + 1) // 2)
    spare = gen.bit_generator.random_raw(_SPARE)
    while _fisher_yates(deck, words, spare, out) < 0:
        spare = np.concatenate([spare, gen.bit_generator.random_raw(spare.size)])
    return out


def shuffled_rows(deck: np.ndarray, rows: int, seed: int) -> np.ndarray:
    """``rows`` independent shuffles of ``deck`` (a 1-D array), as a ``(rows, len(deck))`` array."""
    rows = check_whole("rows", rows, 0)
    gen = generator(seed)
    deck = np.ascontiguousarray(deck)
    out = np.empty((int(rows), deck.size), dtype=deck.dtype)
    for start in range(0, int(rows), CHUNK):
        shuffle_into(gen, deck, out[start:start + CHUNK])
    return out
