"""Pis Yedili's fast engine (``GameSpec.kernel``): the game compiled to machine code with numba, for tables of
random hands (``cardlib.simulate(engine="fast")``) and the replay check.

- :mod:`._kernel`: the numba kernel (a work array ``W``: hands as masks and counts, the stock, the pile,
  the turn's state; ``_legal``, ``_select``, ``_apply``, ``_score``, which the expert's playouts share);
- :mod:`._layout`: the layout of ``W`` and the codes, plain Python (the Python side needs no numba);
- :mod:`.run`: :func:`simulate`, :func:`table`, :func:`replay` and the ahead-of-time build (``AOT``);
- :mod:`.options`: the presets and options it plays (``SUPPORTED``: all of RULES.md 2.3) and the vector
  the kernel reads;
- :mod:`.codec`: a deal and its moves as the kernel takes them;
- :mod:`.adapter`: simulate's side (``KERNEL``: how a run splits, simulate's table).

What every game's kernel face offers is :data:`cardlib.engine.GameSpec.FACES` (``"kernel"``); the machinery
they share is the private :mod:`cardlib._fast`.  Importing this package loads neither numba nor the kernel.
"""

from __future__ import annotations

import time
from typing import Any

from ...errors import InvalidRecordError
from .adapter import KERNEL
from .options import SUPPORTED
from .run import AOT, replay, simulate, table, team_sums

__all__ = ["KERNEL", "SUPPORTED", "AOT", "COLUMN_LABELS", "simulate", "table", "replay", "warm",
           "seconds_per_hand", "team_sums"]

#: every 2-D column is per seat
COLUMN_LABELS: dict[str, tuple[str, ...]] = {}

#: about how long the kernel takes for one hand with random bots, single core (``make bench``: 0.6e6 hands/s
#: classic); the Turkish end penalty draws (PY-T2) make hands about eight times longer
SECONDS_PER_HAND = 1e-5
TURKISH_FACTOR = 8


def seconds_per_hand(rules: Any) -> float:
    """About the seconds one hand takes in the fast engine under ``rules`` (to decide ``workers=None``)."""
    return SECONDS_PER_HAND * (TURKISH_FACTOR if getattr(rules, "end_penalty_draws", False) else 1)


def warm() -> float:
    """Compile (or load from numba's cache) every kernel; the seconds it took."""
    t0 = time.perf_counter()
    simulate(2, players=4, seed=0)
    try:                    # the replay: an empty move list compiles it, then stops short
        replay({"players": 4}, {"seed": 0}, [])
    except InvalidRecordError:
        pass
    return time.perf_counter() - t0
