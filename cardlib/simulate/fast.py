"""``simulate(..., engine="fast")``: the table from the compiled engines, each game's kernel face
(``GameSpec.kernel``; the machinery they share is the private :mod:`cardlib._fast`).

The fast engines deal hand ``i`` with ``hand_seed(seed, i)`` exactly as the reference engines do (Sarı
Cüce games: the hands of ``Game(rules, seed=seed + g)``, :mod:`cardlib.seeds`), so for the same ``seed``
both engines play the same deals, and the ``seed`` column replays any of them.  They play random bots
only (their own random stream: the same deals, not the same choices as the reference bots), always with
dealer ``n-1`` for single hands, and play Sarı Cüce games but not Pis Yedili matches.  Whatever they cannot do raises :class:`~cardlib.simulate.EngineUnavailableError` saying why;
an option value they do not play raises :class:`~cardlib.errors.InvalidOptionError` naming it.  Nothing
ever falls back to the reference engines silently.

The table is the reference engine's, column for column (names, order, dtypes, meaning; each game's
kernel adapter builds it, docs/simulate.md lists it); :func:`replay_row` gives the row of a hand played
with given moves, which the tests compare with the reference row of the same hand.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np


from ..games import find_game
from .arguments import Arguments
from .core import EngineUnavailableError
from .result import Simulation
from .limits import check_fits
from .names import plural
from ..jsonio import shown

__all__ = ["run_fast", "kernel", "replay_row"]


def kernel(game: str) -> Any:
    """The fast side of ``game`` (``KERNEL`` of its kernel face, ``GameSpec.kernel``: how a run splits into
    parts, its tables); a game without a fast engine raises :class:`~cardlib.errors.MissingFaceError`
    (``High Card has no fast engine (GameSpec.kernel)``)."""
    return find_game(game).face("kernel").KERNEL


def fast_part(game: str, first: int, count: int, players: int, seed: int, rules: dict, series: bool):
    """One part of a split fast run (in a worker): the raw fast table of hands (or games) ``first ..
    first + count - 1``."""
    return kernel(game).part(first, count, players, seed, rules, series)


def _concat(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    if len(parts) == 1:
        return parts[0]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


#: a compiled loop cannot see Ctrl-C, so a run goes in parts of about a third of a CPU second on the
#: development machine (``make bench``; each kernel's ``part_hands``, series: ``PART_SERIES``), and Ctrl-C
#: stops it within a second (saying how far it got) while a progress bar moves; the same table
PART_SERIES = 50_000


def row_bytes(game: str, players: int) -> int:
    """Bytes of one row of the fast kernel's table (every column, 2-D ones times their width)."""
    proto = _empty_table(game, 0, players, np.empty)
    return sum(a.dtype.itemsize * int(np.prod(a.shape[1:], dtype=np.int64)) for a in proto.values())


def _part_size(game: str, players: int, rules: dict, series: bool) -> int:
    return PART_SERIES if series else kernel(game).part_size(players, rules)


def _check_size(game: str, n: int, players: int, rules: dict, series: bool) -> None:
    """Refuse a run whose table cannot fit in memory, before any work: the kernel's rows times the
    kernel's measured ``peak_factor`` (games: at least ``min(hands_limit, 5)`` hands each)."""
    row = kernel(game).peak_factor * row_bytes(game, players)
    if series:
        hands = min(int(rules.get("hands_limit", 5)), 5)
        check_fits(f"n={n:,} {plural(find_game(game).series_word)}", n * hands, "hand rows", row)
    else:
        check_fits(f"n={n:,} hands", n, "hands", row)


def _raw(game: str, n: int, players: int, seed: int, rules: dict, series: bool, workers: int, scheduler: Any,
         progress: Any, first: int = 0) -> dict[str, np.ndarray]:
    """The raw fast table of the whole run, in one process or split (the same arrays either way)."""
    if series and not kernel(game).plays_series:
        spec = find_game(game)
        raise EngineUnavailableError(f"engine='fast' plays {spec.title} {plural(spec.hand_word)}, not "
                                     f"{plural(spec.series_word)}; use engine='reference' for series=True")
    part = _part_size(game, players, rules, series)
    if workers == 1 and scheduler is None and n <= part:
        return fast_part(game, first, n, players, seed, rules, series)
    from .parallel import SimulationInterrupted

    unit = plural(find_game(game).series_word) if series else "hands"
    try:
        return _raw_parts(game, n, players, seed, rules, series, workers, scheduler, progress, part, unit, first)
    except SimulationInterrupted:
        raise
    except KeyboardInterrupt:   # before the first part started (workers starting, the table being made)
        raise SimulationInterrupted(0, 1, 0, n, unit, workers=workers > 1) from None


def _raw_parts(game: str, n: int, players: int, seed: int, rules: dict, series: bool, workers: int,
               scheduler: Any, progress: Any, part: int, unit: str, first: int = 0) -> dict[str, np.ndarray]:
    from .parallel import PARTS_PER_WORKER, SHARED, Runner
    from .progress import Progress

    with Runner(workers, scheduler) as runner:
        k = max(runner.slots * PARTS_PER_WORKER if runner.slots > 1 else 1, -(-n // part))
        ranges = kernel(game).ranges(n, k, seed)
        bar = Progress(progress, n, unit)
        try:
            if runner.shares_memory and not series:
                # every part writes its rows into one table: nothing is sent back or put together
                table = _empty_table(game, n, players, runner.empty)
                SHARED[id(table)] = table
                try:
                    jobs = [(game, id(table), a, b - a, players, s, rules, first) for a, b, s in ranges]
                    runner.map(fast_part_into, jobs, [j[3] for j in jobs], unit, bar.update)
                finally:
                    del SHARED[id(table)]
                return table
            part_jobs = [(game, first + a, b - a, players, s, rules, series) for a, b, s in ranges]
            parts = runner.map(fast_part, part_jobs, [j[2] for j in part_jobs], unit, bar.update)
        finally:
            bar.close()
    return _concat(parts)


def _empty_table(game: str, n: int, players: int, empty) -> dict[str, np.ndarray]:
    return kernel(game).empty_table(n, players, empty)


def fast_part_into(game: str, key: int, row: int, count: int, players: int, seed: int, rules: dict,
                   first: int = 0) -> None:
    """One part of a split fast run of single hands, written into rows ``row .. row + count - 1`` of
    the table ``SHARED[key]`` (this process's, or the parent's shared memory in a forked worker): the
    hands ``first + row ..`` of the run seeded ``seed``."""
    from .parallel import SHARED

    table = SHARED[key]
    rows = {k: v[row:row + count] for k, v in table.items()}
    kernel(game).part_into(rows, first + row, count, players, seed, rules)


def run_fast(a: Arguments) -> Simulation:
    """Play the run ``a`` (checked) with the fast kernels; see the module docstring for what they can and
    cannot do."""
    from .parallel import auto_workers, default_workers

    game, players, n, seed, bots, dealer, options = a.game, a.players, a.n, a.seed, a.bots, a.dealer, a.options
    series, scheduler, progress = a.series, a.scheduler, a.progress
    workers = a.workers if a.workers is not None else default_workers()
    if a.workers is None and scheduler is None:
        workers = auto_workers(a.engine, game, n, series, options)
    face = find_game(game).face("kernel")      # a game without one: MissingFaceError naming it
    if any(b != "random" for b in bots):
        raise EngineUnavailableError(
            f"engine='fast' plays random bots only, not {', '.join(sorted({str(b) for b in bots if b != 'random'}))}; "
            "use engine='reference' for other bots")
    if dealer is not None:
        raise EngineUnavailableError(
            f"engine='fast' deals with dealer {players - 1} (seat 0 leads), so dealer={shown(dealer)} needs engine='reference'")
    rules = {"players": players, **options}
    # check the options first (InvalidOptionError / PlayerCountError name them): the reference rules'
    # checks (bounds included: no number the kernels' 64-bit integers cannot hold), then the fast ones
    find_game(game).make_rules(rules)
    face.simulate(0, players=players, seed=seed, rules=rules)
    _check_size(game, n, players, rules, series)
    t0 = time.perf_counter()
    raw = _raw(game, n, players, seed, rules, series, workers, scheduler, progress, a.first)
    table, series_table = kernel(game).tables(raw, players, rules, series)
    if a.first and not series:
        table["hand"] = table["hand"] + a.first             # hand i of the run, as the reference table
    del raw
    seconds = time.perf_counter() - t0
    return Simulation(game=game, players=players, n=n, seed=seed, bots=tuple(bots), engine="fast",
                      rules=find_game(game).make_rules(rules).to_dict(), series=series, data=table,
                      seconds=seconds, series_data=series_table,
                      extra={"workers": workers, "scheduler": scheduler if isinstance(scheduler, str) else None})


def replay_row(game: str, rules: dict[str, Any], seed: int, moves: list[str]) -> dict[str, Any]:
    """The row ``simulate(engine="fast")`` gives for the single hand dealt by the hand seed ``seed`` (dealer
    the last seat) and played with ``moves`` (a record's moves): the fast engine's table of a hand any bot
    played, to compare with the reference engine's row of the same hand (tests/simulate/test_sim_schema.py)."""
    from .. import _fast

    players = int(find_game(game).make_rules(rules).players)
    t = _fast.replay(game, rules, {"seed": seed}, moves, table=True)
    if "seed" in t:
        t["seed"][0] = seed
    if "dealer" in t:
        t["dealer"][0] = players - 1
    table, _ = kernel(game).tables(t, players, rules, False)
    row = table.to_frame().iloc[0]                         # as the DataFrame shows it (<NA> for no winner)
    return {name: row[name] for name in table}
