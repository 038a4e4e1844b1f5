"""How often the 2,000-turn safety valve (PY-F5) ends a Pis Yedili hand with random bots, per preset and
player count: ``python -m bench.valve_table [--hands 20000] [--seed 0]`` prints the Markdown table that
``docs/fast-engine.md`` and ``docs/simulate.md`` quote.

The fast engine's table has ``reason`` 3 for those hands (``simulate``'s ``valve`` column); the rate is
given with its 95 % Wilson interval, with the mean length of the hands that did end by the rules.
"""

from __future__ import annotations

import argparse
import time


def measure(hands: int, seed: int, players=range(2, 8), presets=("classic", "turkish")) -> list[dict]:
    from cardlib.pisyedili import kernel as py_kernel
    from cardlib.prob import wilson

    rows = []
    for preset in presets:
        for n in players:
            t0 = time.perf_counter()
            t = py_kernel.simulate(hands, players=n, seed=seed, rules={"preset": preset})
            valve = t["reason"] == 3
            k = int(valve.sum())
            lo, hi = wilson(k, hands)
            rows.append({"preset": preset, "players": n, "hands": hands, "valve": k, "rate": k / hands,
                         "low": lo, "high": hi, "no_play": float((t["reason"] == 2).mean()),
                         "moves_ended": float(t["moves"][~valve].mean()) if k < hands else float("nan"),
                         "seconds": time.perf_counter() - t0})
    return rows


def markdown(rows: list[dict]) -> str:
    lines = ["| preset | players | hands | ended by the valve | 95 % interval | ended by PY-28B (no play) | "
             "mean moves of the other hands |", "|---|---:|---:|---:|---|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['preset']} | {r['players']} | {r['hands']:,} | {100 * r['rate']:.2f} % ({r['valve']:,}) | "
                     f"{100 * r['low']:.2f} .. {100 * r['high']:.2f} % | {100 * r['no_play']:.1f} % | "
                     f"{r['moves_ended']:,.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.valve_table", description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    print(markdown(measure(args.hands, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
