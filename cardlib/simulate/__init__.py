"""Simulate many hands with bots and look at the numbers: :func:`simulate`.

>>> from cardlib.simulate import simulate
>>> sim = simulate("sari-cuce", players=4, n=200, seed=1)   # doctest: +SKIP
>>> sim.summary()                                            # doctest: +SKIP

``python -m cardlib simulate --game sari-cuce --players 4 --hands 1000 --json`` does the same from the
command line (:mod:`cardlib.simulate.cli`).
"""

from importlib import import_module

from ..deprecated import moved_names
from .names import ENGINES

# pandas and numpy load on first use, so that `python -m cardlib` starts quickly
_LAZY = {"simulate": "core", "Simulation": "result", "EngineUnavailableError": "core",
         "simulate_summary": "stream", "Summary": "stream"}


# names whose one home is elsewhere (issue 23): still readable here, with a deprecation warning
_moved = moved_names(__name__, {"wilson": "cardlib.prob", "mean_interval": "cardlib.prob", "hand_seed": "cardlib.seeds",
                                # renamed: cardlib.games.GAMES is the registry (a GameSpec per name), these are names
                                "GAMES": "cardlib.simulate.names:GAME_NAMES"})


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    if name in ("GAME_NAMES", "BOT_NAMES"):         # worked out when read: the registry lists every game then
        return getattr(import_module(".names", __name__), name)
    return _moved(name)


__all__ = ["simulate", "simulate_summary", "Summary", "Simulation", "EngineUnavailableError", "GAME_NAMES", "BOT_NAMES",
           "ENGINES"]
