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

__all__ = ["moved_names"]


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
