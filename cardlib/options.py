"""One checker for rule-option values, for both games and every way options come in (a record's ``rules``,
``--option NAME=VALUE``, ``Rules(...)``, ``GameSpec.make_rules``).

An option is ``true``/``false``, a whole number or a word, and is compared by type as well as by value:
``2.0`` is not the deck count 2 and ``1`` is not ``true`` (Python's ``2.0 in (1, 2)`` and ``True == 1``
would let them through, and they would fail later, far from the input).  ``null`` is refused too: an
option left out takes its default, an option given must have a value.

>>> check_value("decks", 2, (1, 2))
2
>>> check_value("decks", 2.0, (1, 2))
Traceback (most recent call last):
...
cardlib.errors.InvalidOptionError: decks=2.0: must be one of 1, 2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .checks import check_bool, check_whole
from .errors import InvalidOptionError
from .jsonio import shown

__all__ = ["WHOLE_MAX", "SERIES_MAX", "check_value", "check_options"]

#: the largest whole-number option value (chips, hand counts): far beyond any game, small enough to print
WHOLE_MAX = 10 ** 15
#: the most hands a game (Sarı Cüce ``hands_limit``) or deals a match (Pis Yedili ``deals_per_match``) may
#: have: a series keeps every hand it played, so a longer one would only fill the memory
SERIES_MAX = 10_000


def check_value(name: str, value: Any, allowed: Any) -> Any:
    """``value`` when it is one of ``allowed`` with the same type: a tuple of choices, ``bool``, or ``int``
    (a whole number >= 1)."""
    if allowed is bool:
        return check_bool(name, value)
    if allowed is int:
        return check_whole(name, value, 1, WHOLE_MAX)
    for choice in allowed:
        if value.__class__ is choice.__class__ and value == choice:
            return value
    raise InvalidOptionError(f"{name}={shown(value)}: must be one of {', '.join(str(a) for a in allowed)}")


def check_options(options: Mapping[str, Any], game: str) -> dict[str, Any]:
    """A record's ``rules`` (or the ``--option`` values) as a dict, each name text and each value true/false,
    a whole number or a word: no ``null``, no ``2.0``, no list or object.  Which names and values a game
    takes is its ``Rules``'s business."""
    if not isinstance(options, Mapping):
        raise InvalidOptionError(f"rules {shown(options)} must be an object of options ({game})")
    out: dict[str, Any] = {}
    for name, value in options.items():
        if not isinstance(name, str):
            raise InvalidOptionError(f"option name {shown(name)} is not text ({game})")
        if value is None:
            raise InvalidOptionError(f"{name}=null: give the option a value, or leave it out for its default "
                                     f"({game})")
        if value.__class__ not in (bool, int, str):
            kind = {float: "a number with a decimal point", list: "a list", dict: "an object"}.get(
                value.__class__, type(value).__name__)
            raise InvalidOptionError(f"{name}={shown(value)}: {kind}, but an option is true/false, a whole "
                                     f"number (no decimal point) or a word ({game})")
        if value.__class__ is int and abs(value) > WHOLE_MAX and name != "players":
            # (the player count's real limit is the game's own range, which its Rules says: 3 to 8 ...)
            raise InvalidOptionError(f"{name}={shown(value)}: must be at most {WHOLE_MAX:,} ({game})")
        out[name] = value
    return out
