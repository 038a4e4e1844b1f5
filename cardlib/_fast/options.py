"""Reading a rules dict for a fast engine: the checks every game's kernel options share.

The fast engines take the same options as the reference engines (RULES.md, sections 1.3 and 2.3), by
the same names.  Each game's kernel package holds its own option table (``<game>.kernel.options``: the
defaults, every value, the values its kernel plays, and the int64 vector the kernel reads); this module
only reads and checks.  An option value the fast engine does not implement raises
:class:`~cardlib.errors.InvalidOptionError` naming the option and the value: nothing is silently ignored.
"""

from __future__ import annotations

from typing import Any

from ..checks import check_whole
from ..errors import InvalidOptionError
from ..jsonio import shown

__all__ = ["as_dict", "check_value", "players_of"]


def as_dict(rules: Any) -> dict:
    """A copy of ``rules`` as a dict (a rules dict, a reference ``Rules``, or ``None``)."""
    if rules is None:
        return {}
    if hasattr(rules, "to_dict"):
        rules = rules.to_dict()
    if not isinstance(rules, dict):
        raise InvalidOptionError(f"rules {shown(rules)} are neither a dict nor a Rules object")
    return dict(rules)


def check_value(name: str, value: Any, known: dict, supported: dict, game: str) -> None:
    """``name=value`` must be one of ``known`` (``None``: any whole number >= 0) and played by the fast
    engine of ``game`` (``supported``)."""
    if name not in known:
        raise InvalidOptionError(f"unknown {game} option {shown(name)} (value {shown(value)})")
    allowed = known[name]
    if allowed is None:
        check_whole(name, value, 0)
    elif not any(value == a and type(value) is type(a) for a in allowed):
        raise InvalidOptionError(f"{name}={shown(value)}: not one of {', '.join(map(repr, allowed))}")
    ok = supported[name]
    if ok is not None and value not in ok:
        raise InvalidOptionError(
            f"{name}={shown(value)} is not supported by the fast {game} engine (engine='fast'); it plays "
            f"{name} in {{{', '.join(map(repr, ok))}}}: use the reference engine for this option")


def players_of(d: dict, players: int | None) -> Any:
    """The player count: ``players`` if given (it must agree with the rules'), else the rules', else 4.
    Takes ``players`` out of ``d``."""
    n = d.pop("players", None)
    if players is not None:
        if n is not None and n != players:
            raise InvalidOptionError(f"players={shown(players)} disagrees with the rules' players={shown(n)}")
        n = players
    return 4 if n is None else n
