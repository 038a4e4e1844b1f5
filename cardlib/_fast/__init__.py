"""The fast engines' shared machinery (private: the public way in is ``cardlib.simulate(engine="fast")``).

Each game's fast engine is its kernel face (``GameSpec.kernel``, e.g. :mod:`cardlib.saricuce.kernel`): the
game compiled to machine code with numba, playing random bots on integer arrays, a million hands in about
a second on one core, within about 1.1x of plain C (``make bench``, docs/fast-engine.md).  This package holds
what the kernels share and names no game: the bit tricks (:mod:`._bits`), the seeded deal and random
streams (:mod:`._rng`), the option checks (:mod:`.options`), the reading of starts and moves
(:mod:`.codecs`), the ahead-of-time build (:mod:`.aot`) and the warm-up (:mod:`.warmup`); and the calls
below, which find the game's kernel through its spec (a game without one raises
:class:`~cardlib.errors.MissingFaceError`: ``High Card has no fast engine (GameSpec.kernel)``).

>>> from cardlib import _fast
>>> t = _fast.simulate("sari-cuce", 1000, players=4, seed=1)   # dict of numpy arrays, one row per hand
>>> t["winner"].shape, t["paid"].shape
((1000,), (1000, 4))
>>> _fast.to_frame(t, "sari-cuce").columns[:4].tolist()
['winner', 'opera', 'moves', 'leads']
>>> _fast.replay("sari-cuce", {"players": 4}, record["start"], record["moves"])   # doctest: +SKIP
{'winner': 1, 'opera': False, 'paid': [15, 0, 15, 21], ...}

The random bot picks uniformly among the legal moves of the player to act, listed in a canonical
order (ascending card index, then ``stop``; Pis Yedili: a J or joker once per named suit C D H S, each
without then with a tek declaration where one is possible, then ``draw``, ``pass``, ``end``): the same
set of moves as the reference engines' ``legal_moves``.  Every run is seeded: hand ``i`` of a run seeded
``s`` is the same for every ``n_hands``, and nothing touches a global random state.  Hand ``i`` is dealt
with the seed :func:`cardlib.seeds.hand_seed` ``(s, i)`` (the table's ``seed`` column) exactly as the
reference engines deal it: ``Hand.deal(rules, seed=hand_seed(s, i))`` holds the same cards (the SplitMix64
shuffle of :class:`cardlib.rng.Rng`, compiled in ``_rng.deal_shuffle``).  The random bots' choices come
from their own stream.

``make venv`` leaves the kernels compiled (``python -m cardlib._fast.warmup``: the kernels that name an
ahead-of-time build, :mod:`cardlib._fast.aot`, loaded without numba; every numba kernel into numba's disk
cache, ``cache=True``); otherwise a first call compiles the kernel it needs (about 10 s for Sarı Cüce, 25 to
40 s for Pis Yedili), and :func:`warm_all` compiles or loads them all (the name ``warmup`` is the module that runs it) and returns the time taken.  Option
values a fast engine does not play raise :class:`~cardlib.errors.InvalidOptionError` naming them (the
kernel face's ``SUPPORTED`` lists what it plays); see ``docs/fast-engine.md``.
"""

from __future__ import annotations

import time
from importlib import import_module
from typing import Any

import numpy as np

from ..errors import CardlibError, IllegalMoveError, InvalidRecordError

__all__ = ["simulate", "replay", "to_frame", "table_nbytes", "warm_all", "kernel", "games",
           "check_n", "check_seed", "raise_replay", "Lazy"]


class Lazy:
    """A kernel module imported on first use: numba loads only when a call needs it (and a kernel with an
    ahead-of-time module runs without it, :mod:`cardlib._fast.aot`)."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):        # inspect and doctest probe for __wrapped__ etc.: not an import
            raise AttributeError(attr)
        return getattr(import_module(self._name), attr)


def kernel(game: Any) -> Any:
    """The kernel face of ``game`` (its name or spec); a game without one raises
    :class:`~cardlib.errors.MissingFaceError` naming it."""
    from ..games import find_game
    return find_game(game).face("kernel")


def games() -> tuple[str, ...]:
    """The names of the registered games that have a fast engine."""
    from ..games import GAMES
    return tuple(name for name, spec in GAMES.items() if spec.has_face("kernel"))


def check_n(n_hands: int) -> int:
    if isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 0:
        raise ValueError(f"n_hands={n_hands!r}: must be a whole number >= 0")
    return int(n_hands)


def check_seed(seed: int) -> int:
    """A seed (0 .. 2**64 - 1, cardlib.seeds) as the kernels take it: the same 64 bits in an ``int64`` (the
    kernels read them back as ``uint64``, so 2**63 .. 2**64 - 1 pass as negative numbers and mean themselves)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise ValueError(f"seed={seed!r}: must be a whole number in 0 .. 2**64-1")
    seed = int(seed)
    return seed - 2**64 if seed >= 2**63 else seed


def simulate(game: Any, n_hands: int, players: int | None = None, seed: int = 0, rules: Any = None,
             **kwargs: Any) -> dict[str, np.ndarray]:
    """``n_hands`` hands of ``game`` with random bots in its fast engine: its kernel face's ``simulate``
    (which says the columns and the other keywords)."""
    return kernel(game).simulate(n_hands, players, seed, rules, **kwargs)


def replay(game: Any, rules: Any, start: dict, moves: list[str] | str, end: bool = False,
           table: bool = False) -> Any:
    """Replay a deal (records.md ``start``) with the given moves in the fast engine.

    Returns the record's ``result`` dict (Sarı Cüce: winner, opera, paid, doubled, chips, board;
    Pis Yedili: winner, ended_by, multiplier, scores); with ``end=True`` returns ``(result, end)``,
    ``end`` holding the final hands (sorted by card) and dead cards or stock (top first) and discards.
    Every move is checked against the fast engine's own legal moves: an illegal one raises
    :class:`IllegalMoveError` with its index, too few or too many moves :class:`InvalidRecordError`.
    ``table=True`` returns the kernel's table of the one hand instead (the arrays ``simulate`` gives, one
    row; ``cardlib.simulate.fast.replay_row`` makes it simulate's row).
    """
    if isinstance(moves, str):
        moves = moves.split()
    if table:
        return kernel(game).replay(rules, start, list(moves), False, table_only=True)
    return kernel(game).replay(rules, start, list(moves), end)


def raise_replay(err: int, at: int, moves: list, errors: dict[int, CardlibError] | None = None) -> None:
    """The error a kernel's replay stopped with (0: none): 1 an illegal move, 2 too few moves, 3 too many;
    a game's own codes from ``errors``."""
    if err == 0:
        return
    if err == 1:
        raise IllegalMoveError(f"move {at} {moves[at]!r} is not legal in the fast engine's position")
    if err == 2:
        raise InvalidRecordError(f"the moves end after {len(moves)} moves, before the hand is over")
    if err == 3:
        raise InvalidRecordError(f"the hand is over after move {at - 1}, but {len(moves) - at} more moves follow")
    if errors and err in errors:
        raise errors[err]
    raise InvalidRecordError(f"the fast engine stopped the replay at move {at} (its code {err})")


def to_frame(table: dict[str, np.ndarray], game: Any = None):
    """A pandas DataFrame of a simulation table: 2-D columns become ``paid_0``, ``paid_1``, ... or take
    the labels the game's kernel face gives them (``COLUMN_LABELS``: Sarı Cüce's ``board_10D`` ...
    ``board_7D``); without ``game``, the labels of any kernel face that has them for that width."""
    import pandas as pd

    labels: dict[str, list[tuple[str, ...]]] = {}
    for name in ((game,) if game is not None else games()):
        for k, v in getattr(kernel(name), "COLUMN_LABELS", {}).items():
            labels.setdefault(k, []).append(tuple(v))
    cols: dict[str, np.ndarray] = {}
    for k, v in table.items():
        if v.ndim == 1:
            cols[k] = v
            continue
        names = next((lab for lab in labels.get(k, ()) if len(lab) == v.shape[1]), tuple(range(v.shape[1])))
        for j, name in enumerate(names):
            cols[f"{k}_{name}"] = v[:, j]
    return pd.DataFrame(cols)


def table_nbytes(table: dict[str, np.ndarray]) -> int:
    """Bytes held by a simulation table's arrays."""
    return sum(v.nbytes for v in table.values())


def warm_all() -> float:
    """Compile (or load from numba's cache) every kernel of every game with a fast engine (its kernel
    face's ``warm()``); returns the seconds it took."""
    t0 = time.perf_counter()
    for name in games():
        kernel(name).warm()
    return time.perf_counter() - t0
