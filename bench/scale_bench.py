"""Start-up and scale of ``simulate``: ``run(cpus=...) -> dict`` for ``bench/run.py``.

Run alone:  ``python -m bench.scale_bench [--quick]``.  Every figure is the wall clock of a separate
process started on every CPU in ``cpus`` (``bench/run.py`` pins itself to one CPU; these children are
given the CPUs it was allowed before), so they include everything a user waits for.

- **first use after a fresh set-up**: ``git clone`` of this repository (its last commit) into a
  temporary directory; the set-up step ``make venv`` adds after installing (``python -m
  cardlib._fast.warmup``, timed), run with this environment's packages and ``PYTHONPATH`` on the
  clone; then the first ``python -m cardlib simulate --game sari-cuce --engine fast --hands 1000``
  (target: < 5 s), and warm calls (median of 5; target: < 1 s).  For comparison, the same first call
  in a second clone without the set-up step (numba compiles then);
- **workers**: ``simulate("sari-cuce", n=N, engine="fast", workers=1)`` and ``workers=2`` in fresh
  processes, wall clock, and the speed-up (target: >= 1.7 on two cores);
- **Dask**: the same run with ``scheduler="local"`` (a ``LocalCluster`` of two processes, its start
  included), checked equal to the one-process table.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_TARGET_S = 5.0
WARM_TARGET_S = 1.0
SPEEDUP_TARGET = 1.7
CLI = ["-m", "cardlib", "simulate", "--game", "sari-cuce", "--engine", "fast", "--hands", "1000"]


def _cpus() -> set[int]:
    text = os.environ.get("CARDLIB_BENCH_CPUS")
    if text:
        return {int(c) for c in text.split(",")}
    return set(range(os.cpu_count() or 1))


def _timed(args: list[str], cpus: set[int], env: dict | None = None, cwd: Path | None = None,
           timeout: float = 1800) -> tuple[float, str]:
    """(wall seconds, stdout) of ``python args`` on ``cpus``."""
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env=None if env is None else {**os.environ, **env},
                          preexec_fn=lambda: os.sched_setaffinity(0, cpus) if hasattr(os, "sched_setaffinity") else None)
    dt = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {proc.stderr[-500:]}")
    return dt, proc.stdout


def _clone(dest: Path) -> Path:
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(dest)], check=True)
    return dest


def start_times(cpus: set[int], cold: bool = True) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="cardlib-fresh-") as tmp:
        clone = _clone(Path(tmp) / "fresh")
        env = {"PYTHONPATH": str(clone)}
        setup, _ = _timed(["-m", "cardlib._fast.warmup"], cpus, env, cwd=clone)
        first, text = _timed(CLI, cpus, env, cwd=clone)
        warm = [_timed(CLI, cpus, env, cwd=clone)[0] for _ in range(5)]
        commit = subprocess.run(["git", "-C", str(clone), "log", "-1", "--format=%h"], capture_output=True,
                                text=True).stdout.strip()
        cmd = "python " + " ".join(CLI)
        out["setup_warmup_s"] = {"value": round(setup, 1), "unit": "s",
                                 "note": f"python -m cardlib._fast.warmup in a fresh clone of {commit} (the step make "
                                         "venv adds: the ahead-of-time kernel and numba's cache)"}
        out["first_call_after_setup_s"] = {
            "value": round(first, 2), "unit": "s", "target": f"< {FIRST_TARGET_S:g} s", "pass": first < FIRST_TARGET_S,
            "note": f"`{cmd}`, the first call after the set-up, wall clock"}
        med = statistics.median(warm)
        out["warm_call_s"] = {
            "value": round(med, 2), "unit": "s", "target": f"< {WARM_TARGET_S:g} s", "pass": med < WARM_TARGET_S,
            "note": f"the same command again, median of 5 ({min(warm):.2f}..{max(warm):.2f} s), wall clock"}
        if cold:
            cold_clone = _clone(Path(tmp) / "cold")
            c, _ = _timed(CLI, cpus, {"PYTHONPATH": str(cold_clone)}, cwd=cold_clone)
            out["first_call_without_setup_s"] = {
                "value": round(c, 1), "unit": "s",
                "note": "for comparison: the same first call in a clone where the set-up step did not run (numba "
                        "compiles the kernels then)"}
    return out


_RUN = """
import json, sys, time
from cardlib.simulate import simulate
n, workers, scheduler = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] or None
t0 = time.perf_counter()
sim = simulate("sari-cuce", players=4, n=n, seed=1, engine="fast", progress=False, workers=workers, scheduler=scheduler)
dt = time.perf_counter() - t0
t = sim.data
print(json.dumps({"seconds": dt, "moves": int(t["moves"].sum()), "chips": int(t["chips_0"].astype("int64").sum()),
                  "seeds": int(t["seed"][-1]), "nbytes": int(sum(v.nbytes for v in t.values()))}))
"""


def _sim(n: int, workers: int, scheduler: str | None, cpus: set[int]) -> dict:
    _, out = _timed(["-c", _RUN, str(n), str(workers), scheduler or ""], cpus, cwd=ROOT)
    return json.loads(out.strip().splitlines()[-1])


def scaling(cpus: set[int], n: int, dask_n: int) -> dict:
    out: dict = {}
    one = _sim(n, 1, None, cpus)
    two = _sim(n, 2, None, cpus)
    same = {k: one[k] for k in ("moves", "chips", "seeds")} == {k: two[k] for k in ("moves", "chips", "seeds")}
    speedup = one["seconds"] / two["seconds"]
    out["workers_1_s"] = {"value": round(one["seconds"], 2), "unit": "s",
                          "note": f"simulate('sari-cuce', n={n:,}, engine='fast', workers=1), the table included"}
    out["workers_2_s"] = {"value": round(two["seconds"], 2), "unit": "s",
                          "note": f"the same with workers=2; the same table: {same}"}
    out["workers_2_speedup"] = {"value": round(speedup, 2), "unit": "x", "target": f">= {SPEEDUP_TARGET:g}",
                                "pass": speedup >= SPEEDUP_TARGET and same,
                                "note": f"{len(cpus)} CPUs; the speed-up of workers=2 over workers=1 on {n:,} hands"}
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        out["dask_local"] = {"value": None, "note": "dask.distributed not installed (pip install 'cardlib[cluster]')"}
        return out
    ref = one if dask_n == n else _sim(dask_n, 1, None, cpus)
    d = _sim(dask_n, 2, "local", cpus)
    same = {k: ref[k] for k in ("moves", "chips", "seeds")} == {k: d[k] for k in ("moves", "chips", "seeds")}
    out["dask_local_s"] = {"value": round(d["seconds"], 2), "unit": "s",
                           "note": f"simulate('sari-cuce', n={dask_n:,}, engine='fast', scheduler='local') (a LocalCluster "
                                   f"of 2 processes, its start included); the same table as one process: {same}; "
                                   f"one process: {ref['seconds']:.2f} s; the fast arrays {d['nbytes'] / 2**20:.0f} MiB"}
    out["dask_local_same_table"] = {"value": None, "pass": same, "note": "moves, chips and seeds equal one process's"}
    return out


def run(quick: bool = False, cpus: set[int] | None = None) -> dict:
    cpus = cpus or _cpus()
    out = {"cpus": len(cpus)}
    out.update(start_times(cpus, cold=not quick))
    out.update(scaling(cpus, 200_000 if quick else 4_000_000, 100_000 if quick else 1_000_000))
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1, ensure_ascii=False))
