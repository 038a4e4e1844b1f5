"""The command line end to end beside the plain C of the same playouts (issue 23): ``run() -> dict`` for
``bench/run.py`` (``make bench``).

Run alone:  ``taskset -c 1 python -m bench.cli_bench [--quick]``.

For each game, in turns (C, ours, C, ours, ...: a load that changes during the bench hits both alike),
``repeats`` times:

- **C**: ``bench/c``'s program (``bench.c.driver``, ``gcc -O2 -march=native``) plays ``n`` hands, 4 players,
  random bots; its own CPU time (``CLOCK_PROCESS_CPUTIME_ID``, the deal included);
- **ours**: ``python -m cardlib simulate --game G --engine fast --json --hands n --players 4 --workers 1
  --seed S``, a new process each time: its CPU time (user + system, from ``getrusage`` of the child),
  which is everything a user waits for on a quiet core: the interpreter's start, the imports, the checks,
  the kernel, the table, the summary and the JSON.

``ratio`` is the median over the pairs of our time over the C's (target: 1.2).  Then the **warm command**:
``python -m cardlib simulate --game G --engine fast --json --hands 1000 --workers 1``, the median CPU time of
``repeats + 2`` runs after one (target: under 0.5 s; the wall time is reported too, and equals it on a quiet
core).  Before timing, cardlib's modules are compiled to bytecode (``compileall``), as an installed package
is: a checkout run with ``PYTHONDONTWRITEBYTECODE`` would compile ~70 modules at every start.
"""

from __future__ import annotations

import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("sari-cuce", "pis-yedili")
PLAYERS = 4
RATIO_TARGET = 1.2
WARM_TARGET_S = 0.5
ROOT = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("NUMBA_NUM_THREADS", "1")
    return env


def command(game: str, n: int, seed: int) -> list[str]:
    return [sys.executable, "-m", "cardlib", "simulate", "--game", game, "--engine", "fast", "--json",
            "--hands", str(n), "--players", str(PLAYERS), "--workers", "1", "--seed", str(seed)]


def ours(game: str, n: int, seed: int) -> dict[str, float]:
    """One run of the command line in a new process: its CPU seconds (user + system) and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(command(game, n, seed), capture_output=True, text=True, env=_env(), cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(command(game, n, seed)[1:])}: status {out.returncode}: {out.stderr[-300:]}")
    hands = json.loads(out.stdout)["hands"]
    if hands != n:
        raise RuntimeError(f"the command line played {hands} hands, not {n}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu_s": cpu, "wall_s": wall}


def run(quick: bool = False, repeats: int | None = None) -> dict[str, Any]:
    from bench.c import driver

    repeats = repeats or (3 if quick else 5)
    n = 30_000 if quick else 300_000
    compileall.compile_dir(str(ROOT / "cardlib"), quiet=1)
    exes = driver.build()
    out: dict[str, Any] = {}
    for game in GAMES:
        ours(game, 1000, 0)                                      # warm: the kernel loaded once, the caches filled
        c_runs, o_runs, ratios = [], [], []
        for r in range(repeats):
            c = driver.rate(exes, game, n, None, PLAYERS, seed=1 + r)["cpu_s"]
            o = ours(game, n, 1 + r)
            c_runs.append(c)
            o_runs.append(o)
            ratios.append(o["cpu_s"] / c)
        ratio = statistics.median(ratios)
        cpu = statistics.median(o["cpu_s"] for o in o_runs)
        out[f"{game}_end_to_end"] = {
            "value": round(ratio, 3), "unit": "x the C's time", "ratio": ratio,
            "target": f"<= {RATIO_TARGET}", "pass": ratio <= RATIO_TARGET,
            "note": f"{n:,} hands, 4 players, one core: the command line {cpu:.3f} CPU s (median of {repeats}; "
                    f"wall {statistics.median(o['wall_s'] for o in o_runs):.3f} s), the C "
                    f"{statistics.median(c_runs):.3f} CPU s; pairs {', '.join(f'{x:.2f}' for x in ratios)}"}
        warm = [ours(game, 1000, 0) for _ in range(repeats + 2)]
        wcpu = statistics.median(w["cpu_s"] for w in warm)
        out[f"{game}_warm_1000_hands"] = {
            "value": round(wcpu, 3), "unit": "CPU s", "target": f"< {WARM_TARGET_S} s", "pass": wcpu < WARM_TARGET_S,
            "note": f"python -m cardlib simulate --engine fast --json --hands 1000: median of {len(warm)} runs; wall "
                    f"{statistics.median(w['wall_s'] for w in warm):.3f} s (the same on a quiet core)"}
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1, ensure_ascii=False))
