"""Sarı Cüce's fast engine (``GameSpec.kernel``): the game compiled to machine code with numba, for tables of
random hands (``cardlib.simulate(engine="fast")``) and the replay check.

- :mod:`._kernel`: the numba kernel (one ``uint64`` mask a hand, the NJ-14 search on bits);
- :mod:`.run`: :func:`simulate`, :func:`table`, :func:`replay` and the ahead-of-time build (``AOT``);
- :mod:`.options`: the options it plays (``SUPPORTED``) and the vector the kernel reads;
- :mod:`.codec`: a deal and its moves as the kernel takes them;
- :mod:`.adapter`: simulate's side (``KERNEL``: how a run splits, simulate's tables).

What every game's kernel face offers is :data:`cardlib.engine.GameSpec.FACES` (``"kernel"``); the machinery
they share is the private :mod:`cardlib._fast`.  Importing this package loads neither numba nor the kernel:
the first call does (or loads the ahead-of-time module, with no numba at all).
"""

from __future__ import annotations

import time
from typing import Any

from ...errors import InvalidRecordError
from ..rules import BOX_NAMES
from .adapter import KERNEL
from .options import SUPPORTED
from .run import AOT, replay, simulate, table

__all__ = ["KERNEL", "SUPPORTED", "AOT", "COLUMN_LABELS", "simulate", "table", "replay", "warm",
           "seconds_per_hand"]

#: the labels of a 2-D column's parts in a DataFrame (``board_10D`` ... ``board_7D``); others are per seat
COLUMN_LABELS: dict[str, tuple[str, ...]] = {"board": tuple(BOX_NAMES)}

#: about how long the kernel takes for one hand with random bots, single core (``make bench``: 1.0e6 hands/s)
SECONDS_PER_HAND = 6e-6


def seconds_per_hand(rules: Any) -> float:
    """About the seconds one hand takes in the fast engine under ``rules`` (to decide ``workers=None``)."""
    return SECONDS_PER_HAND


def warm() -> float:
    """Compile (or load from numba's cache, or the ahead-of-time module) every kernel; the seconds it took."""
    t0 = time.perf_counter()
    simulate(2, players=4, seed=0)
    simulate(2, players=4, seed=0, games=True)
    try:                    # the replay: an empty move list compiles it, then stops short
        replay({"players": 4}, {"seed": 0}, [])
    except InvalidRecordError:
        pass
    return time.perf_counter() - t0
