"""The command line end to end beside the plain C of the same playouts (issue 23): ``run() -> dict`` for
``bench/run.py`` (``make bench``).

Run alone:  ``taskset -c 1 python -m bench.cli_bench [--quick]``.

For each game, in turns (C, ours, C, ours, ...: a load that changes during the bench hits both alike),
``repeats`` times:

- **C**: ``bench/c``'s program (``bench.c.driver``) plays ``n`` hands, 4 players, random bots; its own CPU
  time (``CLOCK_PROCESS_CPUTIME_ID``, the deal included), built twice, ``gcc -O2 -march=native`` (the
  driver's flags) and ``-O3 -march=native``, which is 10-15 % faster on this machine: the ratio is against
  the faster of the two (the C reference's best flags; docs/speed-limit: a slower C says little), the other
  is in the note;
- **ours**: ``python -m cardlib simulate --game G --engine fast --json --hands n --players 4 --workers 1
  --seed S``, a new process each time: its CPU time (user + system, from ``getrusage`` of the child),
  which is everything a user waits for on a quiet core: the interpreter's start, the imports, the checks,
  the kernel, the table, the summary and the JSON;
- **the floor**: the least a Python program can spend on the same playouts with this kernel: a new
  interpreter that imports numpy, loads the compiled kernel module (``_aot``) directly and calls it once on
  the arrays ``simulate`` passes it (no cardlib, no table, no summary, no JSON).  What ours costs above the
  floor is cardlib's; the floor above the C is the interpreter, numpy and the kernel.

``ratio`` is the median over the turns of our time over the C's (target: 1.2).  Then the **warm command**:
``python -m cardlib simulate --game G --engine fast --json --hands 1000 --workers 1``, the median CPU time of
``repeats + 2`` runs after one (target: under 0.5 s; the wall time is reported too, and equals it on a quiet
core), started as a user of ``pip install -e .`` starts it (the README's install: the editable install's
finder is imported at every start) and with ``python -S`` and site-packages on ``PYTHONPATH`` (no ``.pth``
file run: what a regular install without the finder costs).  Before timing, cardlib's modules are compiled
to bytecode (``compileall``), as an installed package is: a checkout run with ``PYTHONDONTWRITEBYTECODE``
would compile ~70 modules at every start.
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


def ours_without_site(game: str, n: int, seed: int) -> dict[str, float]:
    """:func:`ours` with ``python -S`` (site-packages on ``PYTHONPATH``): no ``.pth`` file is run, so neither
    the editable install's finder (what a regular install saves) nor the other packages' start-up hooks."""
    import site
    import sysconfig

    env = _env()
    paths = [str(ROOT), sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([*paths, *filter(None, [os.environ.get("PYTHONPATH")])]))
    cmd = [sys.executable, "-S", *command(game, n, seed)[1:]]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0 or json.loads(out.stdout)["hands"] != n:
        raise RuntimeError(f"python -S {' '.join(cmd[2:])}: status {out.returncode}: {out.stderr[-300:]}")
    return {"cpu_s": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), "wall_s": wall}


#: the floor's program: numpy, the compiled kernel loaded from its file, one call on the arrays in the pickle
_FLOOR = """
import pickle, sys
import importlib.util
import numpy as np
with open(sys.argv[1], "rb") as f:
    d = pickle.load(f)
spec = importlib.util.spec_from_file_location("_aot", d["module"])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
mod.run(*[a if kind == "value" else np.empty(a[0], np.dtype(a[1])) if kind == "empty" else a for kind, a in d["args"]])
"""


def floor_arguments(game: str, n: int, seed: int, folder: Path) -> Path | None:
    """A pickle of what the floor's program needs to play ``n`` hands as ``simulate`` does: the compiled
    kernel's file and the arguments ``simulate`` passes it (small arrays as they are, the table's arrays
    as shape and dtype); ``None`` when the kernel is not compiled ahead of time here."""
    import importlib
    import importlib.util
    import pickle

    import numpy as np

    from cardlib._fast import aot

    run = importlib.import_module({"sari-cuce": "cardlib.saricuce.kernel.run",
                                   "pis-yedili": "cardlib.pisyedili.kernel.run"}[game])
    if aot.compiled(run.AOT) is None:
        return None
    found = importlib.util.find_spec(f"{run.AOT.package}.{aot.MODULE}")
    seen: list[tuple] = []

    def record(*args):
        seen.append(tuple(args))
        return 0

    kernel, run._kernel = run._kernel, lambda: record
    try:
        run.simulate(n, players=PLAYERS, seed=seed, rules={"players": PLAYERS})
    finally:
        run._kernel = kernel
    args = [("value", a) if not isinstance(a, np.ndarray) else ("array", a) if a.size < 10_000 else
            ("empty", (a.shape, a.dtype.str)) for a in seen[-1]]
    path = folder / f"floor-{game}.pickle"
    with open(path, "wb") as f:
        pickle.dump({"module": found.origin if found else None, "args": args}, f)
    return path


def floor(pickled: Path) -> float:
    """CPU seconds of one run of the floor's program (a new process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", _FLOOR, str(pickled)], check=True, env=_env(), capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(quick: bool = False, repeats: int | None = None) -> dict[str, Any]:
    import tempfile

    from bench.c import driver

    repeats = repeats or (3 if quick else 5)
    n = 30_000 if quick else 300_000
    compileall.compile_dir(str(ROOT / "cardlib"), quiet=1)
    builds = {"-O2": driver.build(), "-O3": driver.build(("-O3", "-march=native"))}
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="cardlib-cli-bench-") as tmp:
        for game in GAMES:
            ours(game, 1000, 0)                                  # warm: the kernel loaded once, the caches filled
            pickled = floor_arguments(game, n, 1, Path(tmp))
            c_runs: dict[str, list[float]] = {flags: [] for flags in builds}
            o_runs, f_runs = [], []
            for r in range(repeats):
                for flags, exes in builds.items():
                    c_runs[flags].append(driver.rate(exes, game, n, None, PLAYERS, seed=1 + r)["cpu_s"])
                o_runs.append(ours(game, n, 1 + r))
                if pickled is not None:
                    f_runs.append(floor(pickled))
            c_med = {flags: statistics.median(v) for flags, v in c_runs.items()}
            best = min(c_med, key=lambda flags: c_med[flags])           # the faster C
            ratios = {flags: [o["cpu_s"] / c for o, c in zip(o_runs, v)] for flags, v in c_runs.items()}
            ratio = statistics.median(ratios[best])
            cpu = statistics.median(o["cpu_s"] for o in o_runs)
            other = next(flags for flags in builds if flags != best)
            out[f"{game}_end_to_end"] = {
                "value": round(ratio, 3), "unit": "x the C's time", "ratio": ratio,
                "target": f"<= {RATIO_TARGET}", "pass": ratio <= RATIO_TARGET,
                "note": f"{n:,} hands, 4 players, one core: the command line {cpu:.3f} CPU s (median of {repeats}; "
                        f"wall {statistics.median(o['wall_s'] for o in o_runs):.3f} s), the C (gcc {best} "
                        f"-march=native, the faster build) {c_med[best]:.3f} CPU s; pairs "
                        f"{', '.join(f'{x:.2f}' for x in ratios[best])}; against gcc {other} ({c_med[other]:.3f} s) "
                        f"{statistics.median(ratios[other]):.3f}"}
            if f_runs:
                fl = statistics.median(f_runs)
                out[f"{game}_floor"] = {
                    "value": round(statistics.median(f / c for f, c in zip(f_runs, c_runs[best])), 3),
                    "unit": "x the C's time",
                    "note": f"python, numpy and the compiled kernel alone (no cardlib): {fl:.3f} CPU s for the same "
                            f"hands, median of {repeats}; the command line costs {cpu - fl:.3f} s more (cardlib's "
                            f"imports, checks, table, summary and JSON)"}
            warm, bare = [], []
            for _ in range(repeats + 2):                         # in turns again
                warm.append(ours(game, 1000, 0))
                bare.append(ours_without_site(game, 1000, 0))
            wcpu = statistics.median(w["cpu_s"] for w in warm)
            out[f"{game}_warm_1000_hands"] = {
                "value": round(wcpu, 3), "unit": "CPU s", "target": f"< {WARM_TARGET_S} s", "pass": wcpu < WARM_TARGET_S,
                "note": f"python -m cardlib simulate --engine fast --json --hands 1000: median of {len(warm)} runs; wall "
                        f"{statistics.median(w['wall_s'] for w in warm):.3f} s (the same on a quiet core); with python "
                        f"-S (no .pth file run: no editable install's finder) "
                        f"{statistics.median(w['cpu_s'] for w in bare):.3f} CPU s"}
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1, ensure_ascii=False))
