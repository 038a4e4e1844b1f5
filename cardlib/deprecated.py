"""Names that moved to their one public home (issue 23), kept where users may have imported them from.

A module lists its moved names with :func:`moved_names`; reading one still works but warns with a
:class:`DeprecationWarning` naming the new home, so a notebook or a script keeps running while it is updated.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from cardlib.lessons import Estimate
>>> Estimate.__module__, str(caught[0].message)
('cardlib.prob.estimate', 'cardlib.lessons.Estimate is deprecated: import it from cardlib.prob')
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["moved_names", "renamed", "renamed_keyword"]


def moved_names(module: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``module``: each name of ``homes`` is read from its new home module
    (``{"Estimate": "cardlib.prob"}``) with a deprecation warning; any other name is an AttributeError.
    A home ``"module:new_name"`` is a name that was renamed too (``{"play_out": "cardlib.series:play_to_end"}``)."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        where, _, new = home.partition(":")
        if new:
            warnings.warn(f"{module}.{name} is deprecated: it is now {where}.{new}", DeprecationWarning,
                          stacklevel=2)
            return getattr(import_module(where), new)
        warnings.warn(f"{module}.{name} is deprecated: import it from {home}", DeprecationWarning, stacklevel=2)
        return getattr(import_module(home), name)

    return __getattr__


def renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` (an attribute or a keyword, written as the user wrote it: ``"Simulation.game_table"``)
    is now ``new``; ``stacklevel`` 3 points at the caller of the function that calls this."""
    warnings.warn(f"{old} is deprecated: it is now {new}", DeprecationWarning, stacklevel=stacklevel)


def renamed_keyword(options: dict[str, Any], old: str, new: str, value: Any, default: Any, where: str) -> Any:
    """The value of the keyword ``new`` of ``where`` (a function name) when ``options`` (its ``**options``)
    may hold it under its old name ``old``: ``old`` is taken out of ``options`` with a warning; given with
    a different ``new`` (not its ``default``) it is an :class:`~cardlib.errors.InvalidOptionError`.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     renamed_keyword({"game_mode": True}, "game_mode", "series", False, False, "simulate")
    True
    >>> str(caught[0].message)
    'simulate(game_mode=...) is deprecated: it is now simulate(series=...)'
    """
    if old not in options:
        return value
    from .errors import InvalidOptionError
    from .jsonio import shown

    was = options.pop(old)
    if isinstance(default, bool):
        from .checks import check_bool
        check_bool(old, was)                      # the error names what the user wrote
    renamed(f"{where}({old}=...)", f"{where}({new}=...)", stacklevel=4)
    if value != default and value != was:
        raise InvalidOptionError(f"{old}={shown(was)} and {new}={shown(value)}: give {new} only "
                                 f"({old} is its old name)")
    return was
