"""The benchmark harness: ``python -m bench.run --out docs/benchmarks.md`` (what ``make bench`` runs).

Everything is measured in ONE process pinned to one CPU (``os.sched_setaffinity``) with every thread
pool set to one thread (OMP, MKL, OpenBLAS, numexpr, numba), so our engines and the references see the
same machine in the same minute.  Each number is the median of ``--repeats`` timed runs (each run
sized to about ``--seconds`` seconds after a short calibration run).

Measured:

(a) our reference engines, random bots, 4 players: Sarı Cüce hands/s and moves/s (target >= 3,000
    hands/s) and Pis Yedili (preset classic) hands/s and moves/s, plus ``cardlib.simulate`` end to end;
(b) references: RLCard's UNO game driven by its raw loop (``UnoGame``: ``init_game``,
    ``get_legal_actions``, ``step`` with a seeded random choice; no env wrapper; target: our Pis Yedili
    reference engine ahead of it, ratio >= 1: throughput is the fast engine's job); OpenSpiel's ``crazy_eights`` (4 players) driven from Python with seeded random
    legal actions, and OpenSpiel's C++ loop ``pyspiel.evaluate_bots`` with uniform random bots (the
    target for our fast engines);
(c) ``bench/fast_bench.py``, ``bench/prob_bench.py``, ``bench/widgets_bench.py``: each ``run() -> dict``,
    imported lazily; a missing module or one that fails becomes a row saying so, never a crash;
(d) the memory of a 1,000,000-hand table, if ``fast_bench`` reports it.

The dicts of (c) may hold numbers (``{"hands_per_s": 1.2e6}``), nested dicts (flattened with dots) or
measurement dicts ``{"value": v, "unit": "hands/s", "target": t, "note": "..."}``.  Keys this harness
compares with a reference (OpenSpiel's C++ loop) are listed in ``FAST_TARGET_KEYS``.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import gc
import importlib
import json
import math
import os
import platform
import random
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

__all__ = ["main", "run_all", "Row"]

PLAYERS = 4
SC_TARGET_HANDS_PER_S = 3000.0
#: the reference Pis Yedili engine must stay ahead of RLCard's raw UNO loop (ours / UNO; the old 3x is retired)
PY_VS_UNO_TARGET = 1.0
#: keys of fast_bench's dict that are compared with OpenSpiel's C++ loop (first match wins per game)
FAST_TARGET_KEYS = {
    "pis-yedili": ("pis_yedili_hands_per_s", "pis_yedili_games_per_s", "py_hands_per_s", "py_games_per_s",
                   "pisyedili_hands_per_s", "pis-yedili.hands_per_s", "pis_yedili.hands_per_s"),
    "sari-cuce": ("sari_cuce_hands_per_s", "sc_hands_per_s", "nj_hands_per_s", "saricuce_hands_per_s",
                  "sari-cuce.hands_per_s", "sari_cuce.hands_per_s"),
}
MEMORY_KEY_WORDS = ("memory", "bytes", "mib", "mb")
THREAD_VARS = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "NUMEXPR_NUM_THREADS",
               "NUMBA_NUM_THREADS", "VECLIB_MAXIMUM_THREADS")


def one_thread_env() -> list[str]:
    """Set every thread pool to one thread; returns the libraries already imported (too late for them).

    :func:`main` calls this first, before numpy, numba or any engine is imported.
    """
    for var in THREAD_VARS:
        os.environ[var] = "1"
    return [m for m in ("numpy", "numba", "scipy") if m in sys.modules]


# ---------------------------------------------------------------------------------------------------
# rows
# ---------------------------------------------------------------------------------------------------

@dataclass
class Row:
    """One line of the results table."""

    section: str
    measure: str
    value: float | None = None
    unit: str = ""
    target: str = ""
    ratio: float | None = None
    status: str = ""          # PASS / FAIL / "" (informational) / "not available" / "error"
    note: str = ""
    spread: str = ""          # min..max of the repeats

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("section", "measure", "value", "unit", "target", "ratio",
                                               "status", "note", "spread")}


@dataclass
class Rate:
    """Median rates of several timed runs, per CPU second of this process (``time.process_time``)."""

    units_per_s: float
    moves_per_s: float | None
    runs: list[float] = field(default_factory=list)
    units_per_run: int = 0
    moves_per_unit: float | None = None
    wall_units_per_s: float | None = None
    cpu_share: float | None = None      # CPU seconds / wall seconds over the timed runs

    @property
    def spread(self) -> str:
        if not self.runs:
            return ""
        return f"{_num(min(self.runs))}..{_num(max(self.runs))}"


def _num(x: float | None) -> str:
    if x is None or (isinstance(x, float) and (math.isnan(x) or math.isinf(x))):
        return "-"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:,.1f}"
    return f"{x:.3g}"


# ---------------------------------------------------------------------------------------------------
# timing
# ---------------------------------------------------------------------------------------------------

def measure(fn: Callable[[int, int], tuple[int, int | None]], repeats: int, seconds: float,
            first: int = 4) -> Rate:
    """``fn(count, seed) -> (units, moves)`` plays ``count`` units; returns the median rates.

    Time is this process's CPU time (``time.process_time``: everything here is single-threaded), so
    other work on a shared machine slows the wall clock but hardly the rates; the wall-clock rate and
    the share of the CPU the process got are kept beside it.  A calibration run (also a warm-up) grows
    ``count`` until it takes at least a tenth of ``seconds``, then every timed run plays about
    ``seconds`` worth of CPU time.  Each run gets its own seed.
    """
    clock = time.process_time
    count = max(1, first)
    while True:
        t0 = clock()
        fn(count, 10_000_000)
        dt = clock() - t0
        if dt >= seconds / 10 or count >= 10_000_000:
            break
        count *= 4 if dt < seconds / 100 else 2
    count = max(1, int(count * seconds / max(dt, 1e-9)))
    unit_rates, move_rates, wall_rates = [], [], []
    cpu_total = wall_total = 0.0
    moves_per_unit = None
    for r in range(repeats):
        gc.collect()
        w0, t0 = time.perf_counter(), clock()
        units, moves = fn(count, r * 1_000_003)
        dt, wall = max(clock() - t0, 1e-9), max(time.perf_counter() - w0, 1e-9)
        cpu_total += dt
        wall_total += wall
        unit_rates.append(units / dt)
        wall_rates.append(units / wall)
        if moves is not None:
            move_rates.append(moves / dt)
            moves_per_unit = moves / units
    return Rate(units_per_s=statistics.median(unit_rates),
                moves_per_s=statistics.median(move_rates) if move_rates else None,
                runs=unit_rates, units_per_run=count, moves_per_unit=moves_per_unit,
                wall_units_per_s=statistics.median(wall_rates), cpu_share=cpu_total / wall_total)


# ---------------------------------------------------------------------------------------------------
# (a) our reference engines
# ---------------------------------------------------------------------------------------------------

def _reference_playout(game: str, options: dict[str, Any]) -> Callable[[int, int], tuple[int, int]]:
    from cardlib.games import find_game

    spec = find_game(game)
    rules = spec.make_rules({"players": PLAYERS, **options})
    Hand = spec.hand

    def fn(count: int, seed: int) -> tuple[int, int]:
        bots = [spec.make_bot("random", seed * 8 + k) for k in range(PLAYERS)]
        moves = 0
        for i in range(count):
            hand = Hand.deal(rules, seed=seed + i)
            push, is_over = hand.push, hand.is_over
            while not is_over():
                push(bots[hand.to_act].choose(hand))
            moves += len(hand.move_stack)
        return count, moves

    return fn


def _simulate_fn(game: str) -> Callable[[int, int], tuple[int, int]]:
    from cardlib.simulate import simulate

    def fn(count: int, seed: int) -> tuple[int, int]:
        sim = simulate(game, players=PLAYERS, n=count, seed=seed, progress=False)
        return count, int(sim.table["moves"].sum())

    return fn


# ---------------------------------------------------------------------------------------------------
# (b) references
# ---------------------------------------------------------------------------------------------------

UNO_STEP_CAP = 10_000


def _uno_fn() -> Callable[[int, int], tuple[int, int]]:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    def fn(count: int, seed: int) -> tuple[int, int]:
        game = UnoGame(num_players=PLAYERS)
        game.np_random = np.random.RandomState(seed % 2**32)
        rnd = random.Random(seed)
        moves = 0
        for _ in range(count):
            game.init_game()
            steps = 0
            while not game.is_over() and steps < UNO_STEP_CAP:
                legal = game.get_legal_actions()
                game.step(legal[int(rnd.random() * len(legal))])
                steps += 1
            moves += steps
        return count, moves

    return fn


def _openspiel_python_fn() -> Callable[[int, int], tuple[int, int]]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": PLAYERS})

    def fn(count: int, seed: int) -> tuple[int, int]:
        rnd = random.Random(seed)
        moves = 0
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    x = rnd.random()
                    acc = 0.0
                    action = outcomes[-1][0]
                    for a, p in outcomes:
                        acc += p
                        if x < acc:
                            action = a
                            break
                    state.apply_action(action)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rnd.random() * len(legal))])
                    moves += 1
        return count, moves

    return fn


def _openspiel_cpp_fn() -> Callable[[int, int], tuple[int, None]]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": PLAYERS})

    def fn(count: int, seed: int) -> tuple[int, None]:
        bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(PLAYERS)]
        for i in range(count):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
        return count, None

    return fn


# ---------------------------------------------------------------------------------------------------
# (c) the fast engines, measured here too (same pinned process as the references)
# ---------------------------------------------------------------------------------------------------

def _fast_fn(game: str) -> Callable[[int, int], tuple[int, int]]:
    from cardlib import _fast as fast
    from cardlib.games import find_game

    fast.warm_all()  # compile (or load numba's cache) outside the timed runs
    sim = find_game(game).face("kernel").simulate

    def fn(count: int, seed: int) -> tuple[int, int]:
        t = sim(count, players=PLAYERS, seed=seed)
        return count, int(t["moves"].sum())

    return fn


def _fast_table_memory() -> list[Row]:
    """Bytes of a 1,000,000-hand table of each fast engine: every column is a fixed-width array with one
    row per hand, so 10,000 hands times 100 is exact."""
    from cardlib import _fast as fast
    from cardlib.pisyedili import kernel as py_kernel
    from cardlib.saricuce import kernel as sc_kernel

    rows = []
    for game, sim in (("Sarı Cüce", sc_kernel.simulate), ("Pis Yedili", py_kernel.simulate)):
        t = sim(10_000, players=PLAYERS, seed=0)
        arrays = fast.table_nbytes(t) * 100
        frame = int(fast.to_frame(t).memory_usage(deep=True, index=False).sum()) * 100
        rows.append(Row("memory", f"1,000,000-hand {game} 4p table, numpy arrays", arrays / 2**20, "MiB",
                        note=f"{arrays / 1e6:.0f} bytes per hand, computed from 10,000 hands x 100"))
        rows.append(Row("memory", f"1,000,000-hand {game} 4p table, as a DataFrame (fast.to_frame)",
                        frame / 2**20, "MiB", note="computed from 10,000 hands x 100"))
    return rows


# ---------------------------------------------------------------------------------------------------
# (c) other engineers' benches
# ---------------------------------------------------------------------------------------------------

def _flatten(d: Any, prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(d, dict) and "value" in d and not any(isinstance(v, dict) for v in d.values()):
        return [(prefix or "value", d)]
    if isinstance(d, dict):
        for k, v in d.items():
            out.extend(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return [(prefix, d)]


def _leaf_row(section: str, key: str, leaf: Any) -> Row:
    if isinstance(leaf, dict):
        value = leaf.get("value")
        row = Row(section, key, value if isinstance(value, (int, float)) and not isinstance(value, bool) else None,
                  unit=str(leaf.get("unit", "")), note=str(leaf.get("note", "")))
        if row.value is None and value is not None:
            row.note = (f"{value}; " + row.note).strip("; ")
        tgt = leaf.get("target")
        if tgt is not None:
            row.target = f"{_num(float(tgt))} {row.unit}".strip() if isinstance(tgt, (int, float)) else str(tgt)
        if "pass" in leaf:
            row.status = "PASS" if leaf["pass"] else "FAIL"
        if "ratio" in leaf and isinstance(leaf["ratio"], (int, float)):
            row.ratio = float(leaf["ratio"])
        return row
    if isinstance(leaf, bool):
        return Row(section, key, None, note=str(leaf), status="PASS" if leaf else "FAIL")
    if isinstance(leaf, (int, float)):
        unit = ""
        for suffix, u in (("_per_s", "/s"), ("_per_second", "/s"), ("_bytes", "bytes"), ("_mib", "MiB"),
                          ("_mb", "MB"), ("_seconds", "s"), ("_s", "s"), ("_ms", "ms"), ("_us", "µs")):
            if key.lower().endswith(suffix):
                unit = u
                break
        return Row(section, key, float(leaf), unit=unit)
    return Row(section, key, None, note=str(leaf)[:200])


def run_module_bench(name: str, section: str, quick: bool) -> tuple[list[Row], dict | None]:
    """``bench.<name>.run()`` as rows; a missing module or a failure is one row saying so."""
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        mod = importlib.import_module(f"bench.{name}")
    except ModuleNotFoundError as exc:
        return [Row(section, f"bench/{name}.py", status="not available",
                    note=f"module missing ({exc.name})")], None
    except Exception as exc:  # noqa: BLE001 - anything at import is reported, never fatal
        return [Row(section, f"bench/{name}.py", status="error",
                    note=f"import failed: {type(exc).__name__}: {exc}"[:300])], None
    run = getattr(mod, "run", None)
    if not callable(run):
        return [Row(section, f"bench/{name}.py", status="not available", note="has no run()")], None
    try:
        try:
            result = run(quick=True) if quick else run()
        except TypeError as exc:
            if quick and "quick" in str(exc):
                result = run()
            else:
                raise
    except Exception as exc:  # noqa: BLE001
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return [Row(section, f"bench/{name}.py run()", status="error",
                    note=f"{type(exc).__name__}: {exc} ({Path(tb.filename).name}:{tb.lineno})"[:300])], None
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    if not isinstance(result, dict):
        return [Row(section, f"bench/{name}.py run()", status="error",
                    note=f"returned {type(result).__name__}, not a dict")], None
    rows = [_leaf_row(section, key, leaf) for key, leaf in _flatten(result)]
    rows.append(Row(section, f"bench/{name}.py run() wall time", dt, "s",
                    note=f"{cpu:.1f} CPU s ({100 * cpu / max(dt, 1e-9):.0f}% of a CPU); its figures are its own "
                         "timings (wall clock unless it says otherwise)"))
    return rows, result


# ---------------------------------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------------------------------

def pin_one_cpu(cpu: int | None) -> int | None:
    """Pin this process to one CPU (the last one allowed unless ``cpu`` is given); returns it."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[-1] if cpu is None else cpu
    if chosen not in allowed:
        raise SystemExit(f"bench: --cpu {cpu} is not one of the allowed CPUs {allowed}")
    os.sched_setaffinity(0, {chosen})
    return chosen


def _version(dist: str) -> str:
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:  # noqa: BLE001
        return "not installed"


def machine_info(cpu: int | None) -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 2**20:.1f} GiB"
                break
    except OSError:
        pass
    return {
        "cpu_model": model, "cores": os.cpu_count(), "pinned_cpu": cpu, "memory": mem,
        "nproc": os.environ.get("CARDLIB_BENCH_CPUS", "").count(",") + 1 if os.environ.get("CARDLIB_BENCH_CPUS")
        else os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "numpy": _version("numpy"), "numba": _version("numba"), "pandas": _version("pandas"),
        "rlcard": _version("rlcard"), "open_spiel": _version("open_spiel"),
        "cardlib": _version("cardlib"),
        "loadavg_start": _loadavg(),
        "env": {k: os.environ.get(k) for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if os.environ.get(k)},
    }


def _cpu_times() -> dict[str, tuple[int, int]]:
    """``{"cpu0": (busy, total), ...}`` jiffies from /proc/stat (empty where there is none)."""
    out = {}
    try:
        for line in Path("/proc/stat").read_text().splitlines():
            parts = line.split()
            if parts and parts[0].startswith("cpu") and parts[0] != "cpu":
                vals = [int(x) for x in parts[1:]]
                idle = vals[3] + (vals[4] if len(vals) > 4 else 0)
                out[parts[0]] = (sum(vals[:8]) - idle, sum(vals[:8]))
    except (OSError, ValueError, IndexError):
        pass
    return out


def _cpu_busy(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> str:
    parts = []
    for cpu, (b1, t1) in sorted(after.items()):
        b0, t0 = before.get(cpu, (0, 0))
        if t1 > t0:
            parts.append(f"{cpu} {100 * (b1 - b0) / (t1 - t0):.0f}%")
    return ", ".join(parts) or "-"


def _loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "-"


def _rate_rows(section: str, name: str, unit: str, rate: Rate | None, why: str = "") -> list[Row]:
    if rate is None:
        return [Row(section, name, status="not available", note=why)]
    rows = [Row(section, f"{name}: {unit}", rate.units_per_s, f"{unit}/s", spread=rate.spread,
                note=f"median of {len(rate.runs)} runs of {rate.units_per_run:,} {unit}; wall clock "
                     f"{_num(rate.wall_units_per_s)}/s with {100 * (rate.cpu_share or 0):.0f}% of the CPU")]
    if rate.moves_per_s is not None:
        rows.append(Row(section, f"{name}: moves", rate.moves_per_s, "moves/s",
                        note=f"{rate.moves_per_unit:.1f} moves per {unit[:-1] if unit.endswith('s') else unit}"))
    return rows


def _try_measure(label: str, build: Callable[[], Callable], repeats: int, seconds: float,
                 log: Callable[[str], None]) -> tuple[Rate | None, str]:
    try:
        fn = build()
    except Exception as exc:  # noqa: BLE001 - a missing engine or reference becomes a row
        return None, f"{type(exc).__name__}: {exc}"[:300]
    log(f"  {label} ...")
    try:
        rate = measure(fn, repeats, seconds)
    except Exception as exc:  # noqa: BLE001
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return None, f"failed: {type(exc).__name__}: {exc} ({Path(tb.filename).name}:{tb.lineno})"[:300]
    log(f"    {rate.units_per_s:,.1f}/s per CPU s (runs {rate.spread}; {100 * (rate.cpu_share or 0):.0f}% of a CPU)")
    return rate, ""


def _find(result: dict | None, keys: tuple[str, ...]) -> tuple[str, float] | None:
    if not result:
        return None
    flat = dict(_flatten(result))
    for k in keys:
        v = flat.get(k)
        if isinstance(v, dict):
            v = v.get("value")
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return k, float(v)
    return None


def run_all(repeats: int = 5, seconds: float = 0.6, quick: bool = False, cpu: int | None = None,
            log: Callable[[str], None] = print) -> dict[str, Any]:
    """Measure everything; returns ``{"machine": ..., "rows": [Row ...], "seconds": ...}``."""
    t_start = time.perf_counter()
    cpu_before = _cpu_times()
    if hasattr(os, "sched_getaffinity"):   # the CPUs the scale bench's children get back (before pinning)
        os.environ.setdefault("CARDLIB_BENCH_CPUS", ",".join(map(str, sorted(os.sched_getaffinity(0)))))
    pinned = pin_one_cpu(cpu)
    info = machine_info(pinned)
    log(f"bench: pinned to CPU {pinned}; {info['cpu_model']}; {info['python']}")
    rows: list[Row] = []

    # (a) our reference engines
    log("(a) reference engines, random bots, 4 players")
    sc, sc_why = _try_measure("Sarı Cüce playouts", lambda: _reference_playout("sari-cuce", {}), repeats, seconds, log)
    py, py_why = _try_measure("Pis Yedili classic playouts",
                              lambda: _reference_playout("pis-yedili", {"preset": "classic"}), repeats, seconds, log)
    rows += _rate_rows("reference engines", "Sarı Cüce 4p random bots", "hands", sc, sc_why)
    rows += _rate_rows("reference engines", "Pis Yedili classic 4p random bots", "hands", py, py_why)
    for game, label in (("sari-cuce", "Sarı Cüce"), ("pis-yedili", "Pis Yedili classic")):
        rate, why = _try_measure(f"simulate({game})", lambda g=game: _simulate_fn(g), max(3, repeats // 2),
                                 seconds, log)
        if rate is not None:
            rows.append(Row("reference engines", f"cardlib.simulate {label} 4p (table included)", rate.units_per_s,
                            "hands/s", spread=rate.spread))
        else:
            rows.append(Row("reference engines", f"cardlib.simulate {label} 4p", status="not available", note=why))

    # (b) references
    log("(b) references")
    uno, uno_why = _try_measure("RLCard UNO raw loop", _uno_fn, repeats, seconds, log)
    osp, osp_why = _try_measure("OpenSpiel crazy_eights from Python", _openspiel_python_fn, repeats, seconds, log)
    osc, osc_why = _try_measure("OpenSpiel crazy_eights evaluate_bots (C++)", _openspiel_cpp_fn, repeats, seconds, log)
    rows += _rate_rows("references", "RLCard UNO 4p raw UnoGame loop", "games", uno, uno_why)
    rows += _rate_rows("references", "OpenSpiel crazy_eights 4p, Python loop", "games", osp, osp_why)
    rows += _rate_rows("references", "OpenSpiel crazy_eights 4p, C++ evaluate_bots", "games", osc, osc_why)

    # targets
    tgt: list[Row] = []
    if sc is not None:
        ratio = sc.units_per_s / SC_TARGET_HANDS_PER_S
        tgt.append(Row("targets", "Sarı Cüce reference hands/s >= 3,000", sc.units_per_s, "hands/s",
                       target=f">= {SC_TARGET_HANDS_PER_S:,.0f}", ratio=ratio, status="PASS" if ratio >= 1 else "FAIL"))
    else:
        tgt.append(Row("targets", "Sarı Cüce reference hands/s >= 3,000", status="not available", note=sc_why))
    py_target = "Pis Yedili reference games/s >= RLCard UNO games/s"
    if py is not None and uno is not None:
        ratio = py.units_per_s / uno.units_per_s
        tgt.append(Row("targets", py_target, py.units_per_s, "games/s",
                       target=f">= {PY_VS_UNO_TARGET * uno.units_per_s:,.0f} ({PY_VS_UNO_TARGET:g} x {uno.units_per_s:,.0f})",
                       ratio=ratio, status="PASS" if ratio >= PY_VS_UNO_TARGET else "FAIL",
                       note=f"ratio is ours / UNO; target ratio {PY_VS_UNO_TARGET:g}"))
    else:
        tgt.append(Row("targets", py_target, status="not available", note=py_why or uno_why))

    # (c) the fast engines here, then the other benches
    log("(c) fast engines, probability, widgets")
    fsc, fsc_why = _try_measure("fast Sarı Cüce (cardlib.fast)", lambda: _fast_fn("sari-cuce"), repeats, seconds, log)
    fpy, fpy_why = _try_measure("fast Pis Yedili classic (cardlib.fast)", lambda: _fast_fn("pis-yedili"),
                                repeats, seconds, log)
    rows += _rate_rows("fast engines", "cardlib.fast Sarı Cüce 4p random bots", "hands", fsc, fsc_why)
    rows += _rate_rows("fast engines", "cardlib.fast Pis Yedili classic 4p random bots", "hands", fpy, fpy_why)
    extra_results: dict[str, Any] = {}
    for name, section in (("fast_bench", "fast engines"), ("prob_bench", "probability"),
                          ("widgets_bench", "widgets")):
        log(f"  bench/{name}.py ...")
        mrows, result = run_module_bench(name, section, quick)
        rows += mrows
        extra_results[name] = result
    fast = extra_results.get("fast_bench")
    for game, label, here, here_why in (("pis-yedili", "Pis Yedili", fpy, fpy_why),
                                        ("sari-cuce", "Sarı Cüce", fsc, fsc_why)):
        found = ("measured here", here.units_per_s) if here is not None else _find(fast, FAST_TARGET_KEYS[game])
        name = f"fast {label} hands/s >= OpenSpiel C++ crazy_eights games/s"
        if found is None or osc is None:
            why = (here_why or "fast_bench gives no " + "/".join(FAST_TARGET_KEYS[game][:2])) if found is None \
                else osc_why
            tgt.append(Row("targets", name, status="not available", note=why))
            continue
        key, value = found
        ratio = value / osc.units_per_s
        tgt.append(Row("targets", name, value, "hands/s", target=f">= {osc.units_per_s:,.0f}", ratio=ratio,
                       status="PASS" if ratio >= 1 else "FAIL",
                       note=key if key == "measured here" else f"fast_bench {key}"))

    # (e) the C references (same pinned CPU) and the 1.5x target; (f) start-up and scale (all CPUs)
    log("  bench/c/driver.py (C references: compile, check, time) ...")
    crows, cres = run_module_bench("c.driver", "C references", quick)
    rows += [r for r in crows if not r.measure.startswith("rates.")]
    rows += _c_rows(cres)
    tgt += _c_targets(fast, cres)
    log("  bench/cli_bench.py (the command line end to end, in turns with the C) ...")
    clrows, _ = run_module_bench("cli_bench", "command line vs C", quick)
    rows += clrows
    log("  bench/scale_bench.py (fresh clone, workers, Dask) ...")
    srows, _ = run_module_bench("scale_bench", "start-up and scale", quick)
    rows += srows

    # (d) memory of a 1,000,000-hand table
    mem = None
    if fast:
        for key, leaf in _flatten(fast):
            lk = key.lower()
            if any(w in lk for w in MEMORY_KEY_WORDS) and ("1m" in lk or "million" in lk or "1000000" in lk
                                                         or "1_000_000" in lk or "table" in lk):
                mem = _leaf_row("memory", key, leaf)
                break
    if mem is not None:
        rows.append(mem)
    else:
        try:
            rows += _fast_table_memory()
        except Exception as exc:  # noqa: BLE001
            rows.append(Row("memory", "1,000,000-hand table", status="not available",
                            note=f"no fast_bench figure, and the fast engine failed: {type(exc).__name__}: {exc}"[:300]))

    info["loadavg_end"] = _loadavg()
    info["cpu_busy"] = _cpu_busy(cpu_before, _cpu_times())
    # targets that the other benches judged themselves
    for r in rows:
        if r.status in ("PASS", "FAIL") and r.section not in ("targets", "memory"):
            tgt.append(Row("targets", f"{r.section}: {r.measure}", r.value, r.unit, target=r.target,
                           ratio=r.ratio, status=r.status, note="judged by its own bench module"))
    total = time.perf_counter() - t_start
    log(f"bench: done in {total:.0f} s")
    return {"machine": info, "rows": tgt + rows, "seconds": total, "repeats": repeats,
            "run_seconds": seconds, "quick": quick}


# ---------------------------------------------------------------------------------------------------
# (e) the C references against the fast engines
# ---------------------------------------------------------------------------------------------------

C_RATIO_TARGET = 1.5          # our kernel may take at most 1.5 times the C's time per hand
SC_ABSOLUTE_TARGET = 440_000  # Sarı Cüce hands/s per core, 4 players, random bots (issue 17)
PY_ABSOLUTE_TARGET = 330_000  # classic Pis Yedili hands/s per core, 4 players, random bots (issue 17)


def _c_rows(cres: dict | None) -> list[Row]:
    if not cres:
        return []
    rows = []
    for key, r in cres.get("rates", {}).items():
        game, name, *flags = key.split("/")
        rows.append(Row("C references", f"C {game} {name}{' ' + flags[0] if flags else ''}",
                        r["hands_per_s"], "hands/s",
                        note=f"gcc {flags[0] if flags else cres.get('flags', '')}; {r['moves_per_hand']:.1f} moves a "
                             f"hand; median of 3 runs, per CPU second of the C process"))
    return rows


def _ratio_row(label: str, ours: float, c: dict) -> Row:
    """Our time per hand over the C's: measured in turns with the C when the driver did (``paired``)."""
    if "ratio" in c:
        ours, ratio = c["ours_hands_per_s"], c["ratio"]
        how = (f"C and ours in turns, {len(c['ratios'])} pairs, median of the pair ratios "
               f"({', '.join(f'{x:.2f}' for x in c['ratios'])})")
    else:
        ratio = c["hands_per_s"] / ours
        how = "medians measured apart"
    return Row("targets", f"{label} time within {C_RATIO_TARGET:g}x of C", ours, "hands/s",
               target=f"C {c['hands_per_s']:,.0f} hands/s; ratio <= {C_RATIO_TARGET:g}",
               ratio=ratio, status="PASS" if ratio <= C_RATIO_TARGET else "FAIL",
               note=f"ratio: our time per hand over C's (gcc -O2 -march=native), same pinned CPU; {how}")


def ours_moves(c: dict, leaf: dict) -> float:
    return c.get("ours_hands_per_s", leaf["value"]) * leaf["moves_per_hand"]


def _absolute_row(label: str, ours: float, target: int, note: str = "") -> Row:
    return Row("targets", f"{label} hands/s >= {target:,}", ours, "hands/s", target=f">= {target:,}",
               ratio=ours / target, status="PASS" if ours >= target else "FAIL", note=note)


def _c_targets(fast: dict | None, cres: dict | None) -> list[Row]:
    """Per option set: the fast kernels' time per hand within 1.5x of the C's, and the absolute targets."""
    if not cres:
        return [Row("targets", "fast engines within 1.5x of C", status="not available", note="no C references")]
    sc = (fast or {}).get("sari_cuce", {})
    rates = cres.get("rates", {})
    rows = []
    for name, leaf in sc.items():
        if not isinstance(leaf, dict) or "option_set" not in leaf:
            continue
        c = rates.get(f"sari-cuce/{name}")
        if c is not None:
            rows.append(_ratio_row(f"fast Sarı Cüce ({name})", leaf["value"], c))
    best = sc.get("defaults")
    if best:
        rows.append(_absolute_row("fast Sarı Cüce (defaults)", best["value"], SC_ABSOLUTE_TARGET,
                                  f"the deal alone {sc.get('deal_us', float('nan')):.2f} µs a hand"))
    for name, leaf in (fast or {}).get("pis_yedili", {}).items():
        c = rates.get(f"pis-yedili/{name}")
        if c is not None:
            rows.append(_ratio_row(f"fast Pis Yedili ({name})", leaf["value"], c))
            if "moves_per_hand" in leaf:
                rows[-1].note += f"; {leaf['moves_per_hand']:.1f} moves a hand, {ours_moves(c, leaf):,.0f} moves/s"
    ours = (fast or {}).get("pis_yedili_hands_per_s")
    if ours:
        rows.append(_absolute_row("fast Pis Yedili (classic)", ours["value"], PY_ABSOLUTE_TARGET))
    return rows


# ---------------------------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------------------------

def _md(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


STRENGTH_DOC = Path(__file__).resolve().parents[1] / "docs" / "expert-strength.md"


def strength_section(doc: Path = STRENGTH_DOC) -> list[str]:
    """The expert's strength table, copied from its latest run in docs/expert-strength.md with its command:
    the ladder runs after this report in `make bench` (`bench/expert_ladder.py`, issue 27), so this
    report shows the latest measurement beside the speeds (issue 15)."""
    if not doc.exists():
        return []
    text = doc.read_text(encoding="utf-8").splitlines()
    table: list[str] = []
    command = next((line.split("`")[1] for line in text if line.startswith("- command: `")), None)
    for line in text:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    if not table:
        return []
    return ["## The expert's strength (latest run of `bench/expert_ladder.py`)", "",
            f"Copied from [expert-strength.md](expert-strength.md), where the method, the machine and the "
            f"earlier runs are; command: `{command}`. Intervals are 95% (Wilson for win rates, mean ± 1.96 "
            "standard errors otherwise); Pis Yedili counts points (fewer is better), Sarı Cüce net chips.", "",
            *table, ""]


def render_markdown(res: dict[str, Any], command: str) -> str:
    m = res["machine"]
    now = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmarks",
        "",
        "Written by `bench/run.py`; do not edit by hand: run it again.",
        "",
        f"- command: `{command}`",
        f"- date: {now}; the whole run took {res['seconds']:.0f} s"
        + (" (quick mode: small runs, numbers are rough)" if res.get("quick") else ""),
        f"- machine: {m['cpu_model']}, {m['cores']} cores (nproc {m.get('nproc', m['cores'])}), {m['memory']}; "
        f"pinned to CPU {m['pinned_cpu']}, one thread per library (OMP/MKL/OpenBLAS/numba = 1)",
        f"- load average (1/5/15 min): {m['loadavg_start']} at the start, {m.get('loadavg_end', '-')} at the end; "
        f"CPUs busy during the run: {m.get('cpu_busy', '-')} (ours is the pinned one; the rest is other work)",
        f"- {m['python']} on {m['platform']}",
        f"- numpy {m['numpy']}, numba {m['numba']}, pandas {m['pandas']}, rlcard {m['rlcard']}, "
        f"open_spiel {m['open_spiel']}, cardlib {m['cardlib']}",
        f"- each rate is per CPU second of the bench process (`time.process_time`; every engine here is "
        f"single-threaded), the median of {res['repeats']} runs of about {res['run_seconds']:g} CPU s after a "
        "calibration run that also warms up; `spread` is the slowest..fastest run; the note gives the "
        "wall-clock rate and the share of the CPU the process got (below 100% on a busy machine)",
        "",
    ]
    rows: list[Row] = res["rows"]
    sections: list[str] = []
    for r in rows:
        if r.section not in sections:
            sections.append(r.section)
    for section in sections:
        lines += [f"## {section[:1].upper() + section[1:]}", ""]
        if section == "targets":
            lines += ["| target | ours | reference / target | ratio | result | note |",
                      "|---|---:|---|---:|---|---|"]
            for r in rows:
                if r.section == section:
                    ours = f"{_num(r.value)} {r.unit}".strip() if r.value is not None else "-"
                    lines.append(f"| {_md(r.measure)} | {ours} | {_md(r.target) or '-'} | "
                                 f"{_num(r.ratio) if r.ratio is not None else '-'} | {('**' + r.status + '**') if r.status else '-'} | {_md(r.note)} |")
        else:
            lines += ["| measure | value | unit | spread | target | status | note |", "|---|---:|---|---|---|---|---|"]
            for r in rows:
                if r.section == section:
                    status = r.status or "-"
                    lines.append(f"| {_md(r.measure)} | {_num(r.value) if r.value is not None else '-'} | "
                                 f"{_md(r.unit)} | {r.spread or '-'} | {_md(r.target) or '-'} | {status} | "
                                 f"{_md(r.note)} |")
        lines.append("")
    lines += strength_section()
    lines += [
        "## Notes",
        "",
        "- Random bots everywhere: a hand's length and cost depend on the bots, so these are engine "
        "speeds under uniformly random legal play, not under the heuristic bot.",
        "- Ours: `Hand.deal(rules, seed)`, then the game's `RandomBot.choose(hand)` and `hand.push(move)` "
        "until the hand is over; `push` checks legality, as every caller's move is checked. "
        "`cardlib.simulate` adds the per-hand row and the DataFrame.",
        "- A Pis Yedili 'game' is one hand (deal) of the classic preset; a Sarı Cüce hand is one deal with "
        "fresh chips.",
        "- RLCard: `rlcard.games.uno.game.UnoGame(num_players=4)`, `init_game()`, then "
        "`step(choice(get_legal_actions()))` until `is_over()`; a seeded `numpy.random.RandomState` deals "
        "and a seeded `random.Random` chooses; no env wrapper, no state encoding. UNO has 108 cards and "
        "its own rules, so this compares engines of a similar kind of game, not the same game.",
        "- OpenSpiel: `pyspiel.load_game(\"crazy_eights\", {\"players\": 4})` with its defaults "
        "(max_draw_cards=5, max_turns=100, reshuffle=false, use_special_cards=false): games stop after "
        "100 turns (about one random game in ten reaches 100 player moves), so its games are shorter than "
        "untruncated ones would be. The Python loop "
        "samples chance outcomes by their probabilities and player actions uniformly with a seeded "
        "`random.Random`, and counts only player moves; `evaluate_bots` runs the whole game in C++ with "
        "`make_uniform_random_bot` bots.",
        "- Fast engines: each game's kernel face (`cardlib.saricuce.kernel` / `cardlib.pisyedili.kernel`, "
        "`GameSpec.kernel`) `simulate(count, players=4, seed)` timed here after `cardlib._fast.warm_all()` (numba compile or cache load excluded), a whole table of "
        "`count` hands per call; `bench/fast_bench.py`, when present, adds its own figures below them.",
        "- C references (`bench/c/`, `python -m bench.c.driver`): plain single-threaded C of the same random "
        "playouts (the kernels' rules, options, move order and streams), compiled here with `gcc -O2 "
        "-march=native` (and `-O3` for information) into a temporary directory, and checked before timing: "
        "reference-engine records replayed in C give the reference results, and C's random runs give the "
        "fast engines' tables, with the same deal (the SplitMix64 shuffle of `cardlib.rng.Rng`, every "
        "engine's since issue 17's part 2). The 1.5x rows divide our time per hand by C's for the same "
        "option set. The fast Sarı Cüce rows time the ahead-of-time "
        "module when it is built (`make venv`), else the numba kernel: the same code.",
        "- Start-up and scale (`bench/scale_bench.py`): separate processes on every CPU (not pinned), wall "
        "clock: a fresh `git clone` of the last commit, the set-up step of `make venv` (`python -m "
        "cardlib._fast.warmup`), the first and warm `python -m cardlib simulate --game sari-cuce --engine fast "
        "--hands 1000`; `simulate(..., workers=1)` against `workers=2`; a Dask `LocalCluster` run. Other "
        "programs on the machine slow these (see the load average).",
        "- Targets: the ratio is ours divided by the reference (or by the fixed target); every target "
        "needs a ratio of at least 1 (the reference Pis Yedili engine only has to stay ahead of RLCard's "
        "UNO loop: throughput is the fast engine's job). Rows judged by another bench "
        "module carry that module's own target.",
        "- Everything runs in one process pinned to one CPU, one after the other, so the references and "
        "ours see the same machine state. Rates are per CPU second, so time spent waiting for the CPU "
        "while other programs run does not count; caches and memory bandwidth are still shared, so a "
        "busy machine (see the load average and the CPU share in the notes) still costs a little.",
        "- Rows marked 'not available' are modules or packages that are not there (yet); they are not failures.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=None, help="write the Markdown report here (e.g. docs/benchmarks.md)")
    parser.add_argument("--json", default=None, help="also write the raw results as JSON here")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per measure (median taken); default 5")
    parser.add_argument("--seconds", type=float, default=0.6,
                        help="about how much CPU time one timed run takes; default 0.6")
    parser.add_argument("--cpu", type=int, default=None, help="CPU to pin to (default: the last allowed one)")
    parser.add_argument("--quick", action="store_true", help="tiny runs (tests, smoke checks): rough numbers")
    args = parser.parse_args(argv)
    late = one_thread_env()
    if late:
        print(f"bench: warning: {', '.join(late)} imported before the thread settings", file=sys.stderr)
    if args.quick:
        args.repeats, args.seconds = min(args.repeats, 3), min(args.seconds, 0.05)
    res = run_all(repeats=args.repeats, seconds=args.seconds, quick=args.quick, cpu=args.cpu)
    command = "python -m bench.run" + (" " + " ".join(argv if argv is not None else sys.argv[1:])).rstrip()
    print()
    for r in res["rows"]:
        if r.section == "targets":
            ratio = f" ratio {r.ratio:.2f}" if r.ratio is not None else ""
            print(f"{r.status:>13}  {r.measure}: {_num(r.value)} {r.unit}{ratio} {r.note}".rstrip())
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(render_markdown(res, command), encoding="utf-8")
        print(f"bench: wrote {args.out}")
    if args.json:
        data = dict(res, rows=[r.to_dict() for r in res["rows"]])
        Path(args.json).write_text(json.dumps(data, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
