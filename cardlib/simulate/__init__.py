"""Simulate many hands with bots and look at the numbers: :func:`simulate`.

>>> from cardlib.simulate import simulate
>>> sim = simulate("sari-cuce", players=4, n=200, seed=1)   # doctest: +SKIP
>>> sim.summary()                                            # doctest: +SKIP

``python -m cardlib simulate --game sari-cuce --players 4 --hands 1000 --json`` does the same from the
command line (:mod:`cardlib.simulate.cli`).
"""

from importlib import import_module

from ..seeds import hand_seed
from .names import BOT_NAMES, ENGINES, GAMES

# pandas and numpy load on first use, so that `python -m cardlib` starts quickly
_LAZY = {"simulate": "core", "Simulation": "core", "EngineUnavailableError": "core",
         "simulate_summary": "stream", "Summary": "stream",
         "wilson": "stats", "mean_interval": "stats"}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["simulate", "simulate_summary", "Summary", "Simulation", "hand_seed", "EngineUnavailableError", "GAMES", "BOT_NAMES", "ENGINES",
           "wilson", "mean_interval"]
