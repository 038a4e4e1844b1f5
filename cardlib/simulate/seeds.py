"""The per-hand deal seed shared by every engine: :func:`hand_seed` (plain Python, no numpy).

Hand ``i`` of a simulation seeded with ``seed`` is dealt by ``Rng(hand_seed(seed, i))``, in the reference
engines (``simulate(engine="reference")``) and in the compiled ones (:mod:`cardlib.fast`, which compute
the same number inside numba), so both play the same deals.  Hand ``h`` of game (or match) ``g`` is dealt
with ``hand_seed(hand_seed(seed, g), h)``.

``hand_seed(seed, i) = mix(mix(seed XOR 0x9E3779B97F4A7C15) + i * 0xBF58476D1CE4E5B9) >> 1``, all modulo
2**64, where ``mix`` is SplitMix64's finaliser (``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
z *= 0x94D049BB133111EB; z ^= z >> 31``): a 63-bit number, a few multiplications, the same on every
machine.  ``seed`` is taken modulo 2**64 (the fast engines take 0 .. 2**63-1).
"""

from __future__ import annotations

import operator

__all__ = ["hand_seed"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def hand_seed(seed: int, i: int) -> int:
    """The seed that deals hand ``i`` of a run seeded with ``seed`` (0 .. 2**63-1).

    >>> hand_seed(0, 5) == hand_seed(0, 5), hand_seed(0, 5) != hand_seed(0, 6)
    (True, True)
    """
    for name, v in (("seed", seed), ("i", i)):
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise TypeError(f"{name}={v!r} must be a whole number")
    seed, i = operator.index(seed), operator.index(i)
    if i < 0:
        raise ValueError(f"i={i!r}: a hand index is >= 0")
    return _mix((_mix((seed & _MASK) ^ _GOLDEN) + i * _M1) & _MASK) >> 1
