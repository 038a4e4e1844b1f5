"""Compile (or load from numba's cache) the expert's compiled playouts and the ISMCTS kernel, so that no
search compiles at first use: ``cardlib._fast.warmup`` (``make venv``) calls :func:`warm`."""

from __future__ import annotations

import time
__all__ = ["warm"]


def warm() -> float:
    """One small search in each game with an expert (its face's ``warm()``: the compiled playouts, Pis
    Yedili's ISMCTS too); returns the seconds."""
    from ..games import GAMES
    t0 = time.perf_counter()
    for spec in GAMES.values():
        if spec.has_face("expert"):
            warm_game = getattr(spec.face("expert"), "warm", None)
            if warm_game is not None:
                warm_game()
    return time.perf_counter() - t0
