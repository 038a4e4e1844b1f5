"""Speed and memory of the fast engines (each game's GameSpec.kernel): ``run() -> dict`` for ``bench/run.py``.

Run alone:  ``NUMBA_NUM_THREADS=1 taskset -c 1 python -m bench.fast_bench [--quick]``.

Every rate is hands per CPU second of this process (``time.process_time``; the kernels are
single-threaded), the median of ``repeats`` timed runs after a warm-up, 4 players, random bots:

- ``compile_s``: the first call of every kernel in this process (a load from the ahead-of-time module
  or numba's cache after ``make venv``; ``cache_state`` says which);
- ``sari_cuce``: for every option set of ``bench.c.driver.SC_OPTION_SETS`` (together they hold every
  option value the kernel supports), hands/s, and the deal alone (``_saricuce.deal_only``: µs a hand)
  so that the play alone is known: ``play only`` is ``1 / (1/rate - deal time)``;
- ``sari_cuce_hands_per_s`` (defaults) and ``pis_yedili_hands_per_s`` (classic), with
  their old 25,000 target; ``pis_yedili_turkish`` hands/s and moves/s for information;
- ``pis_yedili``: for every option set of ``bench.c.driver.PY_OPTION_SETS``, hands/s and moves a hand;
- ``table_memory_1m_hands_mib``: the bytes of the per-hand result tables of 1,000,000 simulated hands
  (4 players) for each game, actually built, as numpy arrays and as a pandas DataFrame.
"""

from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import statistics  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

TARGET_HANDS_PER_S = 25_000
MEMORY_LIMIT_MB = 500
PLAYERS = 4


def _cache_state() -> str:
    from cardlib._fast import aot
    from cardlib.saricuce import kernel as sc_kernel
    cached = list(Path(sc_kernel.__file__).parent.glob("__pycache__/*.nbi"))
    parts = ["ahead-of-time Sarı Cüce module" if aot.compiled(sc_kernel.AOT) is not None else "no ahead-of-time module",
             "numba cache present (load)" if cached else "no numba cache (compile)"]
    return "; ".join(parts)


def _rate(fn, n: int, repeats: int) -> tuple[float, list[float], float]:
    """(median hands per CPU second, every run's rate, median wall-clock rate)."""
    fn(min(n, 1000), 0)  # warm-up
    cpu, wall = [], []
    for r in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        fn(n, 1 + r)
        t1, c1 = time.perf_counter(), time.process_time()
        cpu.append(n / max(c1 - c0, 1e-9))
        wall.append(n / (t1 - t0))
    return statistics.median(cpu), cpu, statistics.median(wall)


def _leaf(rate, rates, wall, n, what, target=True, moves=None) -> dict:
    out = {"value": round(rate), "unit": "hands/s",
           "note": f"{what}; median of {len(rates)} runs of {n:,} hands ({min(rates):,.0f}..{max(rates):,.0f}) per "
                   f"CPU second; wall clock {wall:,.0f}/s" + (f"; {moves:.1f} moves a hand" if moves else "")}
    if target:
        out["target"] = f">= {TARGET_HANDS_PER_S:,}"
        out["pass"] = rate >= TARGET_HANDS_PER_S
    return out


def deal_us(n: int = 200_000, repeats: int = 3) -> float:
    """µs per hand of the Sarı Cüce deal alone (hand seed, shuffle), CPU time, best of ``repeats``."""
    from cardlib.saricuce.kernel import _kernel as _saricuce
    _saricuce.deal_only(10, 0)
    best = float("inf")
    for r in range(repeats):
        c0 = time.process_time()
        _saricuce.deal_only(n, r)
        best = min(best, time.process_time() - c0)
    return best / n * 1e6


def sari_cuce_rates(quick: bool = False, repeats: int = 5) -> dict:
    """Per option set: hands per CPU second of the Sarı Cüce kernel face's ``simulate``."""
    from bench.c.driver import SC_OPTION_SETS
    from cardlib.saricuce import kernel as sc_kernel

    n = 20_000 if quick else 200_000
    out: dict = {}
    us = deal_us(n)
    for name, rules in SC_OPTION_SETS.items():
        rate, rates, wall = _rate(lambda k, s: sc_kernel.simulate(k, players=PLAYERS, seed=s, rules=rules),
                                  n, repeats)
        play = 1 / max(1 / rate - us * 1e-6, 1e-12)
        out[name] = {
            "value": round(rate), "unit": "hands/s", "option_set": name, "play_only": round(play),
            "note": f"median of {len(rates)} runs of {n:,} hands ({min(rates):,.0f}..{max(rates):,.0f}); the deal "
                    f"{us:.2f} µs a hand, the play alone {play:,.0f} hands/s; wall {wall:,.0f}/s"}
    out["deal_us"] = round(us, 3)
    return out


def pis_yedili_rates(quick: bool = False, repeats: int = 5) -> dict:
    """Per option set of ``bench.c.driver.PY_OPTION_SETS``: hands per CPU second of
    the Pis Yedili kernel face's ``simulate``, with the moves a hand."""
    from bench.c.driver import PY_OPTION_SETS, PY_SHARE
    from cardlib.pisyedili import kernel as py_kernel

    out: dict = {}
    for name, rules in PY_OPTION_SETS.items():
        n = (20_000 if quick else 200_000) * 5 // PY_SHARE.get(name, 5)
        moves: list[float] = []

        def fn(k, s, rules=rules, moves=moves):
            moves.append(float(py_kernel.simulate(k, players=PLAYERS, seed=s, rules=rules)["moves"].mean()))

        rate, rates, wall = _rate(fn, n, repeats)
        out[name] = {"value": round(rate), "unit": "hands/s", "option_set": name, "moves_per_hand": moves[-1],
                     "note": f"median of {len(rates)} runs of {n:,} hands ({min(rates):,.0f}..{max(rates):,.0f}); "
                             f"{moves[-1]:.1f} moves a hand, {rate * moves[-1]:,.0f} moves/s; wall {wall:,.0f}/s"}
    return out


def run(quick: bool = False, repeats: int | None = None) -> dict:
    state = _cache_state()
    t0 = time.perf_counter()
    from cardlib import _fast as fast
    from cardlib.pisyedili import kernel as py_kernel
    from cardlib.saricuce import kernel as sc_kernel
    import_s = time.perf_counter() - t0
    compile_s = fast.warm_all()
    repeats = repeats or (3 if quick else 5)
    n = 20_000 if quick else 200_000
    out: dict = {
        "compile_s": {"value": round(compile_s + import_s, 2), "unit": "s",
                      "note": f"import + first call of every kernel; {state}"},
    }
    sc = _rate(lambda k, s: sc_kernel.simulate(k, players=PLAYERS, seed=s), n, repeats)
    out["sari_cuce_hands_per_s"] = _leaf(*sc, n, f"Sarı Cüce, default rules, {PLAYERS} players, random bots")
    out["sari_cuce"] = sari_cuce_rates(quick, repeats)
    moves = {}

    def py(rules):
        def fn(k, s):
            t = py_kernel.simulate(k, players=PLAYERS, seed=s, rules=rules)
            moves[rules["preset"]] = float(t["moves"].mean())
        return fn

    r = _rate(py({"preset": "classic"}), n, repeats)
    out["pis_yedili_hands_per_s"] = _leaf(*r, n, f"Pis Yedili, preset classic, {PLAYERS} players, random bots",
                                          moves=moves["classic"])
    nt = max(n // 20, 2000)
    tk = _rate(py({"preset": "turkish"}), nt, repeats)
    out["pis_yedili_turkish_hands_per_s"] = _leaf(*tk, nt, "Pis Yedili, preset turkish (information)",
                                                  target=False, moves=moves["turkish"])
    out["pis_yedili_turkish_moves_per_s"] = {"value": round(tk[0] * moves["turkish"]), "unit": "moves/s",
                                             "note": f"{moves['turkish']:.0f} moves a hand"}
    out["pis_yedili"] = pis_yedili_rates(quick, repeats)
    # memory of a 1,000,000-hand table, built for real
    N = 100_000 if quick else 1_000_000
    mem = {}
    for game, fn in (("sari_cuce", sc_kernel.simulate), ("pis_yedili", py_kernel.simulate)):
        t = fn(N, players=PLAYERS, seed=1)
        arrays = fast.table_nbytes(t) * (1_000_000 // N)
        df = fast.to_frame(t)
        frame = int(df.memory_usage(deep=True).sum()) * (1_000_000 // N)
        mem[game] = (arrays, frame)
        del t, df
    worst = max(max(v) for v in mem.values())
    out["table_memory_1m_hands_mib"] = {
        "value": round(worst / 2**20, 1), "unit": "MiB", "target": f"< {MEMORY_LIMIT_MB} MB",
        "pass": worst < MEMORY_LIMIT_MB * 1e6,
        "note": "; ".join(f"{g}: arrays {a / 2**20:.0f} MiB, DataFrame {f / 2**20:.0f} MiB"
                          for g, (a, f) in mem.items()) + f" ({PLAYERS} players, largest shown)",
    }
    return out


if __name__ == "__main__":
    import json
    import sys
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1, ensure_ascii=False))
