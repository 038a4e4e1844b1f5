"""One check for whole numbers, for the whole library: rule options, player counts, seats, positions'
counters and every argument of :func:`~cardlib.simulate.simulate` (plain Python, no numpy: the command
line imports it at start-up, and the rules import it without importing anything of the library's upper
floors).

A whole number is an ``int`` (or a numpy integer), never ``true``/``false`` (``True == 1`` in Python) and
never ``2.0``; the error names the input and says why, in one form: ``name=value: why``.

>>> check_whole("n", 5, 1)
5
>>> check_whole("n", 0, 1)
Traceback (most recent call last):
...
cardlib.errors.InvalidOptionError: n=0: must be at least 1
>>> check_whole("decks", True, 1, 2)
Traceback (most recent call last):
...
cardlib.errors.InvalidOptionError: decks=True: must be a whole number
>>> check_seat("dealer", 4, 4)
Traceback (most recent call last):
...
cardlib.errors.InvalidOptionError: dealer=4: is not a seat 0..3
"""

from __future__ import annotations

import numbers
import operator
from typing import Any

from .errors import InvalidOptionError
from .jsonio import shown

__all__ = ["check_whole", "check_seat", "check_bool"]


def _whole(value: Any) -> int | None:
    """``value`` as an ``int`` when it is a whole number (an int or a numpy integer, not a bool), else None."""
    if value.__class__ is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return operator.index(value)                      # an exact int (an int subclass cannot lie about itself)


def check_whole(name: str, value: Any, low: int | None = 0, high: int | None = None, *, why: str = "",
                error: type[Exception] = InvalidOptionError) -> int:
    """``value`` as an ``int`` when it is a whole number from ``low`` to ``high`` (``None``: no bound), else
    ``error`` (default :class:`~cardlib.errors.InvalidOptionError`) naming ``name`` and the value:
    ``"n=0: must be at least 1"``; ``why`` is added to a range error (``" (the game's rules set the real
    range)"``)."""
    v = _whole(value)
    if v is None:
        raise error(f"{name}={shown(value)}: must be a whole number")
    if low is not None and v < low:
        raise error(f"{name}={shown(value)}: must be at least {low}{why}")
    if high is not None and v > high:
        raise error(f"{name}={shown(value)}: must be at most {high:,}{why}")
    return v


def check_seat(name: str, value: Any, players: int, *, error: type[Exception] = InvalidOptionError) -> int:
    """``value`` when it is a seat of a ``players``-player table (``0 .. players - 1``), else ``error``:
    ``"dealer=4: is not a seat 0..3"``."""
    v = _whole(value)
    if v is None or not 0 <= v < players:
        raise error(f"{name}={shown(value)}: is not a seat 0..{players - 1}")
    return v


def check_bool(name: str, value: Any, *, error: type[Exception] = InvalidOptionError) -> bool:
    """``value`` when it is ``True`` or ``False`` (not ``1``, not ``"yes"``), else ``error``."""
    if value is not True and value is not False:
        raise error(f"{name}={shown(value)}: must be true or false")
    return value
