"""The Pis Yedili section of the bench alone: ``python -m bench.py_vs_uno [--repeats 5] [--seconds 0.6]``.

Measures, in one process pinned to one CPU exactly as ``bench/run.py`` does (same ``measure``, same
workloads), the reference Pis Yedili engine (classic, 4 players, random bots) and RLCard's raw UNO game
loop, and prints hands/s per CPU second of each and their ratio (target: ours / UNO >= 1).
"""

from __future__ import annotations

import argparse
import sys

from . import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.py_vs_uno", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.6)
    parser.add_argument("--cpu", type=int, default=None)
    args = parser.parse_args(argv)
    run.one_thread_env()
    cpu = run.pin_one_cpu(args.cpu)
    print(f"pinned to CPU {cpu}")
    py, py_why = run._try_measure("Pis Yedili classic playouts",
                                  lambda: run._reference_playout("pis-yedili", {"preset": "classic"}),
                                  args.repeats, args.seconds, print)
    uno, uno_why = run._try_measure("RLCard UNO raw loop", run._uno_fn, args.repeats, args.seconds, print)
    if py is None or uno is None:
        print(f"not available: {py_why or uno_why}")
        return 1
    ratio = py.units_per_s / uno.units_per_s
    print(f"Pis Yedili reference {py.units_per_s:,.0f} hands/s ({py.moves_per_s:,.0f} moves/s), "
          f"RLCard UNO {uno.units_per_s:,.0f} games/s: ratio {ratio:.2f} "
          f"({'PASS' if ratio >= run.PY_VS_UNO_TARGET else 'FAIL'} against {run.PY_VS_UNO_TARGET:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
