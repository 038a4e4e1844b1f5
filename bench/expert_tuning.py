"""Compare variants of the expert on the same hands: ``python -m bench.expert_tuning``.

Each variant is a name and the :class:`~cardlib.expert.bot.SearchBot` options it changes, written
``name:option=value,option=value`` (``plain:``, ``sqrt:power=0.5``, ``bonus:win_bonus=100``).  Every
variant plays the same hands (``hand_seed(seed, i)``, the focus at seat ``i mod 4`` against three
heuristic bots, as in bench/expert_strength.py); the jobs are interleaved by hand, so that a run
stopped early has about as many hands of every variant, and each finished hand is appended at once to
``--out`` as a JSON line (``--report FILE`` summarises such a file).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

from cardlib.prob import Z95, wilson

from .expert_strength import PLAYERS, _rules


def parse_variant(text: str) -> tuple[str, dict]:
    name, _, rest = text.partition(":")
    options = {}
    for part in filter(None, rest.split(",")):
        k, _, v = part.partition("=")
        options[k] = v if k == "allocation" else float(v) if "." in v or k in ("margin", "win_bonus", "power") else int(v)
    return name, options


def one(job: tuple) -> dict:
    name, options, game, preset, seed, i, others = job
    from cardlib.expert import expert_bot
    from cardlib.seeds import bot_seed, hand_seed
    from cardlib.series import play_to_end
    spec, rules = _rules(game, preset)
    hs = hand_seed(seed, i)
    hand = spec.hand.deal(rules, seed=hs)
    me = i % PLAYERS
    bots = [expert_bot(game, bot_seed(hs, s), **options) if s == me else spec.make_bot(others, bot_seed(hs, s))
            for s in range(PLAYERS)]
    play_to_end(hand, bots)
    r = hand.result()
    if game == "pis-yedili":
        values = [float(v) for v in r.scores]
        won = values[me] == 0 and r.winner == me if getattr(r, "winner", None) is not None else values[me] == 0
    else:
        start = hand.start()["chips"]
        values = [float(r.chips[s] - start[s]) for s in range(PLAYERS)]
        won = r.winner == me
    b = bots[me]
    return {"variant": name, "i": i, "me": me, "values": values, "won": bool(won), "zero": values[me] == 0,
            "decisions": b.decisions, "seconds": b.seconds_spent, "moves": len(hand.move_stack)}


def summary(lines: list[dict]) -> str:
    out = []
    by: dict[str, list[dict]] = {}
    for d in lines:
        by.setdefault(d["variant"], []).append(d)
    for name, ds in by.items():
        n = len(ds)
        wins = sum(d["won"] for d in ds)
        lo, hi = wilson(wins, n)
        mine = [d["values"][d["me"]] for d in ds]
        diff = [d["values"][d["me"]] - sum(v for s, v in enumerate(d["values"]) if s != d["me"]) / (PLAYERS - 1)
                for d in ds]
        half = Z95 * statistics.stdev(diff) / math.sqrt(n) if n > 1 else math.nan
        dec = sum(d["decisions"] for d in ds)
        sec = sum(d["seconds"] for d in ds)
        out.append(f"{name:>12}: n {n:4d}  win {wins / n:6.1%} [{lo:.1%}, {hi:.1%}]  mean {statistics.fmean(mine):6.1f}"
                   f"  diff {statistics.fmean(diff):+6.1f} ± {half:4.1f}  dec/hand {dec / n:4.1f}"
                   f"  s/dec {sec / dec if dec else math.nan:.2f}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="*", default=["plain:"])
    p.add_argument("--game", default="pis-yedili")
    p.add_argument("--preset", default="turkish")
    p.add_argument("--others", default="heuristic")
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--start", type=int, default=0, help="the first hand index")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--report", type=Path, default=None, help="summarise a JSON-lines file and stop")
    args = p.parse_args(argv)
    if args.report:
        print(summary([json.loads(x) for x in args.report.read_text().splitlines() if x.strip()]))
        return 0
    preset = None if args.game == "sari-cuce" else args.preset
    variants = [parse_variant(v) for v in args.variants]
    jobs = [(name, opts, args.game, preset, args.seed, i, args.others)
            for i in range(args.start, args.start + args.hands) for name, opts in variants]
    done: list[dict] = []
    sink = args.out.open("a", encoding="utf-8") if args.out else None
    with Pool(args.jobs) as pool:
        for k, d in enumerate(pool.imap_unordered(one, jobs)):
            done.append(d)
            if sink:
                sink.write(json.dumps(d) + "\n")
                sink.flush()
            if (k + 1) % (10 * len(variants)) == 0:
                print(summary(done), file=sys.stderr, flush=True)
    print(summary(done))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
