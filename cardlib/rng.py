"""Seeded randomness that gives the same numbers on every machine and Python version.

Python guarantees that ``random.Random(seed).random()`` yields the same sequence for an integer seed
across versions (the module's documented reproducibility promise); its ``shuffle``, ``choice`` and
``randrange`` carry no such promise.  So every random choice in cardlib is built here on ``random()``
alone, and nothing in cardlib touches the global random state.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .seeds import SEED_MAX, check_seed

T = TypeVar("T")

__all__ = ["Rng", "shuffled"]


class Rng:
    """A small seeded generator: ``below(n)``, ``choice(seq)``, ``shuffle(list)``.

    ``Rng(7)`` and ``Rng(7)`` give the same numbers everywhere.  A seed is a whole number from 0 to
    2**64 - 1 (:func:`cardlib.seeds.check_seed`); ``None`` means 0.  ``getstate``/``setstate`` let an
    engine undo a move that used chance.
    """

    __slots__ = ("_r", "seed")

    def __init__(self, seed: int | None = 0):
        if seed is None:
            seed = 0
        elif seed.__class__ is not int or not 0 <= seed <= SEED_MAX:
            seed = check_seed(seed)          # raises: a seed is a whole number 0 .. 2**64 - 1
        self.seed = seed
        self._r = random.Random(seed)

    def random(self) -> float:
        return self._r.random()

    def below(self, n: int) -> int:
        """A whole number in ``0 .. n-1``, each with chance 1/n (up to 2**-53)."""
        if n <= 0:
            raise ValueError(f"below({n!r}): n must be positive")
        return int(self._r.random() * n)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        rnd = self._r.random
        for i in range(len(items) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def getstate(self):
        return self._r.getstate()

    def setstate(self, state) -> None:
        self._r.setstate(state)

    def __repr__(self) -> str:
        return f"Rng({self.seed!r})"


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy of ``items``: the same seed gives the same order everywhere."""
    out = list(items)
    Rng(seed).shuffle(out)
    return out
