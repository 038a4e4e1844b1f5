"""Deprecated: the fast engines are private now (:mod:`cardlib._fast`, each game's ``GameSpec.kernel``);
use ``cardlib.simulate(game, ..., engine="fast")``.

The names users had here still work, with a :class:`DeprecationWarning` naming the new way:
``simulate``, ``replay``, ``to_frame``, ``table_nbytes``, ``warmup``, ``GAMES``, ``SUPPORTED`` and
``simulate_<game package>`` (``simulate_saricuce``, ``simulate_pisyedili``: the game's kernel face's
``simulate``).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from cardlib.fast import simulate_saricuce
>>> simulate_saricuce.__module__, str(caught[0].message)[:60]
('cardlib.saricuce.kernel.run', 'cardlib.fast.simulate_saricuce is deprecated: use cardlib.si')
"""

from __future__ import annotations

import warnings
from typing import Any

__all__: list[str] = []

_SAME = ("simulate", "replay", "to_frame", "table_nbytes")


def _old(name: str) -> Any:
    from .. import _fast
    from ..games import GAMES

    if name in _SAME:
        return getattr(_fast, name)
    if name == "warmup":
        return _fast.warm_all
    if name == "GAMES":
        return _fast.games()
    if name == "SUPPORTED":
        return {game: _fast.kernel(game).SUPPORTED for game in _fast.games()}
    if name.startswith("simulate_"):
        for spec in GAMES.values():
            if spec.kernel is not None and spec.kernel.rpartition(".")[0].rpartition(".")[2] == name[9:]:
                return spec.face("kernel").simulate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = _old(name)
    warnings.warn(f"cardlib.fast.{name} is deprecated: use cardlib.simulate(..., engine='fast') (the fast engines "
                  "are private, each game's GameSpec.kernel)", DeprecationWarning, stacklevel=2)
    return value
