"""Seeded randomness that gives the same numbers on every machine, every Python and every engine.

:class:`Rng` is SplitMix64 (Steele, Lea and Flood 2014) in plain Python integers, a counter-based
generator whose state is one 64-bit number:

    state  = the seed (0 .. 2**64 - 1)
    next() = mix(state := (state + 0x9E3779B97F4A7C15) mod 2**64)
    mix(z) : z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31
    below(n)  = ((next() >> 11) * n) >> 53          (Lemire's multiply-shift on 53 bits, no float)
    random()  = (next() >> 11) * 2**-53
    shuffle   = Fisher-Yates from the end: for i = len-1 down to 1, swap items[i], items[below(i + 1)]

It is defined by integer arithmetic alone, so the same seed gives the same numbers whatever the Python
or numpy version (nothing of the :mod:`random` module is used), and the compiled engines deal with the
very same bits (``cardlib/_fast/_rng.py`` ``deal_shuffle``, ``bench/c/deal.h`` ``deal_counter``): a hand
seed deals the same cards in the reference engines, the fast engines and the C references.  No seeding
cost (the state is the seed), so a generator per hand is cheap.  Nothing in cardlib touches the global
random state.  ``tests/core/test_rng.py`` pins the output.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .seeds import SEED_MAX, check_seed
from .jsonio import shown

T = TypeVar("T")

__all__ = ["Rng", "shuffled", "GOLDEN"]

_MASK = (1 << 64) - 1
#: the SplitMix64 increment (2**64 / the golden ratio, odd)
GOLDEN = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9      #: SplitMix64's two multipliers (its mix function)
MIX_2 = 0x94D049BB133111EB
_M1, _M2 = MIX_1, MIX_2
_TWO_M53 = 2.0 ** -53


class Rng:
    """A small seeded generator (SplitMix64): ``random()``, ``below(n)``, ``choice(seq)``, ``shuffle(list)``.

    ``Rng(7)`` and ``Rng(7)`` give the same numbers everywhere.  A seed is a whole number from 0 to
    2**64 - 1 (:func:`cardlib.seeds.check_seed`); ``None`` means 0.  ``getstate``/``setstate`` (the
    state is one whole number) let an engine undo a move that used chance.

    >>> hex(Rng(0).next64())             # SplitMix64's published first output for seed 0
    '0xe220a8397b1dcdaf'
    >>> Rng(0).below(52), Rng(2026).below(1000)
    (45, 857)
    """

    __slots__ = ("_z", "seed")

    def __init__(self, seed: int | None = 0):
        if seed is None:
            seed = 0
        elif seed.__class__ is not int or not 0 <= seed <= SEED_MAX:
            seed = check_seed(seed)          # raises: a seed is a whole number 0 .. 2**64 - 1
        self.seed = seed
        self._z = seed

    def next64(self) -> int:
        """The next 64 random bits."""
        z = self._z = (self._z + GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits of :meth:`next64` times 2**-53."""
        z = self._z = (self._z + GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _TWO_M53

    def below(self, n: int) -> int:
        """A whole number in ``0 .. n-1``, each with chance 1/n (up to n / 2**53): ``((next64() >> 11) * n) >> 53``."""
        if n <= 0:
            raise ValueError(f"below({shown(n)}): n must be positive")
        z = self._z = (self._z + GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return (((z ^ (z >> 31)) >> 11) * n) >> 53

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates from the end, in place: ``items[i]`` swaps with ``items[below(i + 1)]``."""
        z = self._z
        for i in range(len(items) - 1, 0, -1):
            z = (z + GOLDEN) & _MASK
            x = ((z ^ (z >> 30)) * _M1) & _MASK
            x = ((x ^ (x >> 27)) * _M2) & _MASK
            j = (((x ^ (x >> 31)) >> 11) * (i + 1)) >> 53
            items[i], items[j] = items[j], items[i]
        self._z = z

    def getstate(self) -> int:
        return self._z

    def setstate(self, state: int) -> None:
        if state.__class__ is not int or not 0 <= state <= _MASK:
            raise ValueError(f"Rng state {shown(state)}: a whole number from 0 to 2**64 - 1")
        self._z = state

    def __repr__(self) -> str:
        return f"Rng({shown(self.seed)})"


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy of ``items``: the same seed gives the same order everywhere."""
    out = list(items)
    Rng(seed).shuffle(out)
    return out
