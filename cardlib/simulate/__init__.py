"""Simulate many hands with bots and look at the numbers: :func:`simulate`.

>>> from cardlib.simulate import simulate
>>> sim = simulate("sari-cuce", players=4, n=200, seed=1)   # doctest: +SKIP
>>> sim.summary()                                            # doctest: +SKIP

``python -m cardlib simulate --game sari-cuce --players 4 --games 1000 --json`` does the same from the
command line (:mod:`cardlib.simulate.cli`).
"""

from .core import BOT_NAMES, ENGINES, GAMES, EngineUnavailableError, Simulation, derive_seed, simulate
from .stats import mean_ci, wilson

__all__ = ["simulate", "Simulation", "derive_seed", "EngineUnavailableError", "GAMES", "BOT_NAMES", "ENGINES",
           "wilson", "mean_ci"]
