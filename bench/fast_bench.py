"""Speed and memory of the fast engines (cardlib.fast): ``run() -> dict`` for ``bench/run.py``.

Run alone:  ``NUMBA_NUM_THREADS=1 python -c "from bench.fast_bench import run; import json; print(json.dumps(run(), indent=1))"``
(or ``python -m bench.fast_bench``).

- ``compile_s``: the first call of every kernel in this process (a numba compile on a fresh checkout,
  a load from numba's on-disk cache afterwards; ``cache_state`` says which it was);
- ``sari_cuce_hands_per_s`` and ``pis_yedili_hands_per_s`` (preset classic), 4 players, random bots,
  one thread: the median of ``repeats`` timed runs after a warm-up, wall clock, with the rate per
  CPU-second in the note (a busy machine disturbs that one less); ``pis_yedili_turkish_hands_per_s``
  for information (Turkish hands are about 9 times longer);
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
    import cardlib.fast as f
    cached = list(Path(f.__file__).parent.glob("__pycache__/*.nbi"))
    return "numba cache present (load)" if cached else "no numba cache (compile)"


def _rate(fn, n: int, repeats: int) -> tuple[float, list[float], float]:
    fn(min(n, 1000), 0)  # warm-up
    rates, cpu = [], []
    for r in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        fn(n, 1 + r)
        t1, c1 = time.perf_counter(), time.process_time()
        rates.append(n / (t1 - t0))
        cpu.append(n / max(c1 - c0, 1e-9))
    return statistics.median(rates), rates, statistics.median(cpu)


def _leaf(rate, rates, cpu, n, what, target=True) -> dict:
    out = {"value": round(rate), "unit": "hands/s",
           "note": f"{what}; median of {len(rates)} runs of {n:,} hands ({min(rates):,.0f}..{max(rates):,.0f}); "
                   f"{cpu:,.0f} per CPU-second"}
    if target:
        out["target"] = f">= {TARGET_HANDS_PER_S:,}"
        out["pass"] = rate >= TARGET_HANDS_PER_S
    return out


def run(quick: bool = False, repeats: int | None = None) -> dict:
    state = _cache_state()
    t0 = time.perf_counter()
    from cardlib import fast
    import_s = time.perf_counter() - t0
    compile_s = fast.warmup()
    repeats = repeats or (3 if quick else 5)
    n = 20_000 if quick else 200_000
    out: dict = {
        "compile_s": {"value": round(compile_s + import_s, 2), "unit": "s",
                      "note": f"import + first call of every kernel; {state}"},
    }
    sc = _rate(lambda k, s: fast.simulate_saricuce(k, players=PLAYERS, seed=s), n, repeats)
    out["sari_cuce_hands_per_s"] = _leaf(*sc, n, f"Sarı Cüce, default rules, {PLAYERS} players, random bots")
    py = _rate(lambda k, s: fast.simulate_pisyedili(k, players=PLAYERS, seed=s), n, repeats)
    out["pis_yedili_hands_per_s"] = _leaf(*py, n, f"Pis Yedili, preset classic, {PLAYERS} players, random bots")
    nt = max(n // 20, 2000)
    tk = _rate(lambda k, s: fast.simulate_pisyedili(k, players=PLAYERS, seed=s, rules={"preset": "turkish"}),
               nt, repeats)
    out["pis_yedili_turkish_hands_per_s"] = _leaf(*tk, nt, "Pis Yedili, preset turkish (information)",
                                                  target=False)
    # memory of a 1,000,000-hand table, built for real
    N = 1_000_000
    mem = {}
    for game, fn in (("sari_cuce", fast.simulate_saricuce), ("pis_yedili", fast.simulate_pisyedili)):
        t = fn(N, players=PLAYERS, seed=1)
        arrays = fast.table_nbytes(t)
        df = fast.to_frame(t)
        frame = int(df.memory_usage(deep=True).sum())
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
