"""Where every seed in cardlib comes from: one scheme for hands, series, bots and simulations.

- A **hand seed** ``h`` deals one hand, ``Hand.deal(rules, seed=h)`` (``Rng(h)`` shuffles the deck), and
  seeds the bots that play it: the bot in seat ``j`` is seeded :func:`bot_seed` ``(h, j)``.  A record's
  ``start: {"seed": h}``, ``python -m cardlib deal --seed h`` and ``play --seed h`` all mean this.
- A **series seed** ``s`` names hands in a row (a Sarı Cüce ``Game``, a Pis Yedili ``Match``, the
  ``Table`` widget): hand ``k`` of it has the hand seed :func:`hand_seed` ``(s, k)``.
- ``simulate(seed=s)`` plays the hands of the series ``s`` (row ``i`` has hand seed ``hand_seed(s, i)``,
  each hand starting afresh), or with ``series=True`` the series ``s``, ``s + 1``, ... (game ``g`` is
  ``Game(rules, seed=s + g)``: :func:`series_seed`).  The table's ``seed`` column is each row's hand
  seed, so ``play --seed <that seed>`` replays the row.

``hand_seed(s, k) = mix(mix(s XOR 0x9E3779B97F4A7C15) + k * 0xBF58476D1CE4E5B9) >> 1`` modulo 2**64, where
``mix`` is SplitMix64's finaliser (``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
z *= 0x94D049BB133111EB; z ^= z >> 31``): a 63-bit number, a few multiplications, the same on every machine
and in the compiled engines (each game's ``GameSpec.kernel``, :mod:`cardlib._fast`).  ``bot_seed`` is the same mix with another constant.
Plain Python, no numpy: the command line imports it at start-up.

>>> hand_seed(0, 5) == hand_seed(0, 5), hand_seed(0, 5) != hand_seed(0, 6)
(True, True)
>>> bot_seed(7, 0) != hand_seed(7, 0)
True
"""

from __future__ import annotations

import operator

__all__ = ["hand_seed", "bot_seed", "series_seed", "check_seed", "deal_seed", "SEED_MAX"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_BOTS = 0xD1B54A32D192ED03     # another odd constant: bot seeds never follow deal seeds
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


#: the largest seed: seeds are whole numbers 0 .. 2**64 - 1 (a negative seed would deal as its absolute value,
#: and bot seeds mix the seed modulo 2**64)
SEED_MAX = _MASK


def check_seed(value: object, what: str = "seed", error: type[Exception] | None = None) -> int:
    """``value`` when it is a seed, a whole number from 0 to 2**64 - 1 (not ``true``, not ``7.0``, not -5:
    a negative seed is refused, never taken modulo 2**64); otherwise ``error`` (default
    :class:`~cardlib.errors.InvalidOptionError`) quoting it.  The one seed check: every function, class
    and command that takes a seed calls it.

    >>> check_seed(7)
    7
    >>> check_seed(-7)
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidOptionError: seed=-7: a seed is a whole number from 0 to 2**64 - 1
    """
    if value.__class__ is not int or not 0 <= value <= _MASK:
        from .errors import InvalidOptionError
        from .jsonio import shown
        raise (error or InvalidOptionError)(f"{what}={shown(value)}: a seed is a whole number from 0 to 2**64 - 1")
    return value


def deal_seed(value: object) -> int:
    """The seed ``Hand.deal`` takes (issue 28, A7): a seed, never ``None``.  A deal is always dealt from a
    seed that deals it again, so ``seed=None`` is refused rather than read as seed 0 without a word (the
    command line draws a fresh seed and says which: ``deal`` without ``--seed``)."""
    if value is None:
        from .errors import InvalidOptionError
        raise InvalidOptionError("seed=None: Hand.deal deals from a seed, a whole number from 0 to 2**64 - 1 "
                                 "(seed=0 is the first; a fresh one: random.SystemRandom().randrange(2**64))")
    return check_seed(value)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def _whole(name: str, v: object) -> int:
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(f"{name}={v!r} must be a whole number")
    return operator.index(v)


def _derive(salt: int, seed: object, i: object, what: str) -> int:
    s, k = _whole("seed", seed), _whole(what, i)
    if k < 0:
        raise ValueError(f"{what}={k!r}: must be >= 0")
    return _mix((_mix((s & _MASK) ^ salt) + k * _M1) & _MASK) >> 1


def hand_seed(seed: int, i: int) -> int:
    """The hand seed of hand ``i`` of the series (or simulation) seeded with ``seed``: 0 .. 2**63-1."""
    return _derive(_GOLDEN, seed, i, "i")


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` playing the hand whose hand seed is ``seed``."""
    return _derive(_BOTS, seed, seat, "seat")


def series_seed(seed: int, g: int) -> int:
    """Game (or match) ``g`` of ``simulate(seed=seed, series=True)`` is the series seeded with this,
    ``seed + g`` (modulo 2**64: every seed is one, 0 .. 2**64 - 1, in both engines)."""
    return (_whole("seed", seed) + _whole("g", g)) & _MASK
