"""How strong is the expert?  ``python -m bench.expert_strength --out docs/expert-strength.md``

Four-player hands, each dealt afresh from ``hand_seed(seed, i)``; the bot under test (the *focus*)
sits at seat ``i mod 4``, so it plays every seat equally often; every other bot is seeded
``bot_seed(hand seed, seat)``.  The rows:

- Pis Yedili, classic and turkish: one expert against three heuristic bots;
- Sarı Cüce: one expert against three tips bots (the game's ``heuristic``);
- controls: the same deals with a heuristic (tips) bot as the focus, which must come out level;
- does more thinking help: one expert with ``--big-budget`` playouts against three with ``--self-budget``.

For each row: the focus's win rate (95% Wilson interval); its mean points or net chips per hand, the
others' mean, and the paired difference focus minus the others' mean in the same hand (mean ± 1.96
standard errors); the expert's searched decisions per hand and seconds per searched decision.  Then the
hint's time at its default budget over positions of heuristic play.

Hands are shared between ``--jobs`` processes (``multiprocessing``); every seed is fixed by the hand's
index, so the numbers are the same with any number of jobs.  ``--quick`` is a short smoke run.
``--only WORD`` plays only the rows whose label contains WORD (``--only turkish``).  ``--cache FILE``
keeps every hand played in a JSON-lines file and plays again only the hands it lacks: a hand is keyed by
its row and index and by a fingerprint of the source of ``cardlib/expert`` (but the hint and the cost estimates), ``cardlib/pisyedili``
and ``cardlib/saricuce``, so a change to the bots or the rules plays everything again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from cardlib.expert import HINT_BUDGET, expert_bot, hint
from cardlib.games import find_game
from cardlib.prob import Z95, wilson
from cardlib.seeds import bot_seed, hand_seed
from cardlib.series import play_to_end

__all__ = ["main", "play_row", "hint_times"]

PLAYERS = 4


def _rules(game: str, preset: str | None):
    spec = find_game(game)
    options: dict[str, Any] = {"players": PLAYERS}
    if preset:
        options["preset"] = preset
    return spec, spec.make_rules(options)


def _one(job: tuple) -> tuple:
    """Play hand ``i`` of a row; returns (focus value, others' mean, focus won, decisions, seconds)."""
    game, preset, seed, i, focus, others = job
    spec, rules = _rules(game, preset)
    hs = hand_seed(seed, i)
    hand = spec.hand.deal(rules, seed=hs)
    me = i % PLAYERS

    def make(kind: tuple, s: int):
        name, budget = kind
        if name == "expert":
            return expert_bot(game, bot_seed(hs, s), budget=budget)
        return spec.make_bot(name, bot_seed(hs, s))

    bots = [make(focus if s == me else others, s) for s in range(PLAYERS)]
    play_to_end(hand, bots)
    r = hand.result()
    if game == "pis-yedili":
        values = [float(v) for v in r.scores]
        won = values[me] == 0
    else:
        start = hand.start()["chips"]
        values = [float(r.chips[s] - start[s]) for s in range(PLAYERS)]
        won = r.winner == me
    rest = sum(values[s] for s in range(PLAYERS) if s != me) / (PLAYERS - 1)
    b = bots[me]
    return values[me], rest, won, getattr(b, "decisions", 0), getattr(b, "seconds_spent", 0.0), len(hand.move_stack)


def fingerprint() -> str:
    """A hash of the source the results depend on (the expert and both games' engines and bots)."""
    root = Path(__file__).resolve().parents[1] / "cardlib"
    h = hashlib.sha256()
    for sub in ("expert", "pisyedili", "saricuce"):
        for path in sorted((root / sub).glob("*.py")):
            if sub == "expert" and path.name in ("hint.py", "__init__.py", "cost.py"):
                continue                  # the hint, the exports and the time estimates do not play
            h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def _key(job: tuple, fp: str) -> str:
    game, preset, seed, i, focus, others = job
    return json.dumps([fp, game, preset, seed, i, list(focus), list(others)])


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, half


def _load_cache(path: Path | None) -> dict[str, tuple]:
    if path is None or not path.exists():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            out[d["key"]] = tuple(d["result"])
    return out


def play_row(pool: Pool, label: str, game: str, preset: str | None, n: int, seed: int,
             focus: tuple, others: tuple, cache: Path | None = None) -> dict:
    t0 = time.perf_counter()
    jobs = [(game, preset, seed, i, focus, others) for i in range(n)]
    fp = fingerprint()
    known = _load_cache(cache)
    todo = [j for j in jobs if _key(j, fp) not in known]
    if cache is None:
        for j, r in zip(todo, pool.map(_one, todo, chunksize=max(1, n // 40))):
            known[_key(j, fp)] = r
    else:
        with cache.open("a", encoding="utf-8") as sink:
            for j, r in zip(todo, pool.imap(_one, todo, chunksize=1)):
                known[_key(j, fp)] = r
                sink.write(json.dumps({"key": _key(j, fp), "result": list(r)}) + "\n")
                sink.flush()
    res = [known[_key(j, fp)] for j in jobs]
    wall = time.perf_counter() - t0
    mine = [r[0] for r in res]
    rest = [r[1] for r in res]
    diff = [a - b for a, b in zip(mine, rest)]
    wins = sum(r[2] for r in res)
    decisions = sum(r[3] for r in res)
    seconds = sum(r[4] for r in res)
    lo, hi = wilson(wins, n)
    row = {"label": label, "game": game, "preset": preset, "n": n, "focus": focus, "others": others,
           "win": wins / n, "win_lo": lo, "win_hi": hi, "mine": _mean_ci(mine), "rest": _mean_ci(rest),
           "diff": _mean_ci(diff), "decisions": decisions / n,
           "per_decision": seconds / decisions if decisions else math.nan, "wall": wall,
           "moves": statistics.fmean(r[5] for r in res), "played": len(todo)}
    print(f"  {label}: {_row_text(row)}  [{wall:.0f} s]", file=sys.stderr, flush=True)
    return row


def _hint_job(job: tuple) -> list[tuple[float, int]]:
    """Time the hint (and, with ``expert``, one expert decision instead) every 5th move of a hand of
    heuristic play; returns (seconds, playouts) per timed position."""
    game, preset, seed, k = job[:4]
    expert = len(job) > 4 and job[4]
    spec, rules = _rules(game, preset)
    times = []
    hs = hand_seed(seed + 7, k)
    hand = spec.hand.deal(rules, seed=hs)
    bots = [spec.make_bot("heuristic", bot_seed(hs, s)) for s in range(PLAYERS)]
    step = 0
    while not hand.is_over():
        if step % 5 == 0 and not expert:
            t = time.perf_counter()
            h = hint(hand, seed=k)
            times.append((time.perf_counter() - t, h.playouts))
        elif expert and step % 3 == 0:
            bot = expert_bot(game, k * 1000 + step)
            t = time.perf_counter()
            bot.choose(hand)
            if bot.decisions:                        # a searched decision
                times.append((time.perf_counter() - t, bot.playouts))
        hand.push(bots[hand.to_act].choose(hand))
        step += 1
    return times


def hint_times(game: str, preset: str | None, hands: int, seed: int, expert: bool = False) -> dict:
    """The hint at its default budget (or, with ``expert``, one expert decision at its default budget),
    timed in this process (one core) at positions of ``hands`` hands of heuristic play."""
    timed: list[tuple[float, int]] = []
    for k in range(hands):
        timed.extend(_hint_job((game, preset, seed, k, expert)))
    times = sorted(t for t, _ in timed)
    return {"game": game, "preset": preset, "n": len(times), "median": statistics.median(times),
            "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1],
            "rate": sum(p for _, p in timed) / sum(times)}


def _fmt(m: tuple[float, float], signed: bool) -> str:
    v, h = m
    return f"{v:+.1f} ± {h:.1f}" if signed else f"{v:.1f} ± {h:.1f}"


def _who(kind: tuple, game: str = "") -> str:
    name, budget = kind
    if name == "expert":
        return f"expert({budget})"
    return "tips" if game == "sari-cuce" and name == "heuristic" else name


def _row_text(r: dict) -> str:
    signed = r["game"] == "sari-cuce"
    return (f"win {r['win']:.1%} [{r['win_lo']:.1%}, {r['win_hi']:.1%}], focus {_fmt(r['mine'], signed)}, "
            f"others {_fmt(r['rest'], signed)}, diff {_fmt(r['diff'], True)}")


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _timing_table(what: str, timed: list[dict]) -> list[str]:
    out = [f"| game | {what} timed | median s | 95th percentile s | max s | playouts / s |", "|---|---|---|---|---|---|"]
    for h in timed:
        game = "Sarı Cüce" if h["game"] == "sari-cuce" else f"Pis Yedili ({h['preset']})"
        out.append(f"| {game} | {h['n']} | {h['median']:.2f} | {h['p95']:.2f} | {h['max']:.2f} | {h['rate']:.0f} |")
    return out


def markdown(rows: list[dict], hints: list[dict], decisions: list[dict], args: argparse.Namespace, command: str,
             wall: float) -> str:
    out = ["# The expert's strength", "",
           "Measured by `bench/expert_strength.py` (the method: docs/expert.md). Four players; every hand is "
           "dealt afresh from `hand_seed(seed, i)` and the bot under test (the *focus*) sits at seat `i mod 4`. "
           "Intervals are 95%: Wilson for the win rate, mean ± 1.96 standard errors for the means; *diff* is "
           "the focus's result minus the mean of the three others' in the same hand (paired). Pis Yedili counts "
           "points (fewer is better; a win is a hand scored 0); Sarı Cüce counts the net chips of the hand, "
           "stakes included (more is better; a win is going out).", "",
           f"- command: `{command}`",
           f"- budget: the expert plays {args.budget} playouts per decision (sequential halving over the moves, "
           "keeping the heuristic's own move unless another beats it by one standard error); the self-play "
           f"rows pit {args.big_budget} playouts against {args.self_budget}; a decision with one sensible move "
           "is not searched; *s / decision* is the wall-clock time of a searched decision, two processes on "
           "two cores",
           f"- machine: `nproc` = {os.cpu_count()}, CPU {_cpu()}, Python {platform.python_version()}; "
           f"{args.jobs} processes; whole run {wall / 60:.1f} minutes", "",
           "| game | focus | others | hands | focus win rate | focus mean | others' mean | diff | "
           "searched decisions / hand | s / decision |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        signed = r["game"] == "sari-cuce"
        game = "Sarı Cüce" if r["game"] == "sari-cuce" else f"Pis Yedili ({r['preset']})"
        per = "—" if math.isnan(r["per_decision"]) else f"{r['per_decision']:.2f}"
        dec = "—" if r["focus"][0] != "expert" else f"{r['decisions']:.1f}"
        out.append(f"| {game} | {_who(r['focus'], r['game'])} | 3 × {_who(r['others'], r['game'])} | {r['n']} | "
                   f"{r['win']:.1%} [{r['win_lo']:.1%}, {r['win_hi']:.1%}] | {_fmt(r['mine'], signed)} | "
                   f"{_fmt(r['rest'], signed)} | {_fmt(r['diff'], True)} | {dec} | {per} |")
    out += ["", f"The hint at its default budget ({HINT_BUDGET} playouts shared by the legal moves), timed on one "
            "core at every 5th move of hands played by the heuristic bots:", "",
            *_timing_table("hints", hints)]
    out += ["", f"One searched decision of the expert at its default budget ({args.budget} playouts), timed the same "
            "way at every 3rd move (the *s / decision* column above is measured under the run's own load, two "
            "processes, and whatever else the machine ran):", "",
            *_timing_table("decisions", decisions)]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=600, help="hands per expert-vs-heuristic row")
    p.add_argument("--turkish-hands", type=int, default=400, help="hands of the Turkish row (longer hands)")
    p.add_argument("--control-hands", type=int, default=600, help="hands per control row")
    p.add_argument("--self-hands", type=int, default=200, help="hands per self-play row")
    p.add_argument("--budget", type=int, default=200, help="the expert's playouts per decision")
    p.add_argument("--self-budget", type=int, default=50, help="the three experts' budget in self-play")
    p.add_argument("--big-budget", type=int, default=200, help="the focus expert's budget in self-play")
    p.add_argument("--hint-hands", type=int, default=6, help="hands whose positions time the hint")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--quick", action="store_true", help="a smoke run: a few hands per row")
    p.add_argument("--timing-only", action="store_true", help="only the hint and decision timings")
    p.add_argument("--out", type=Path, default=None, help="write the markdown table here")
    p.add_argument("--only", default=None, help="play only the rows whose label contains this word")
    p.add_argument("--cache", type=Path, default=None, help="a JSON-lines file of hands already played")
    p.add_argument("--no-timing", action="store_true", help="skip the hint and decision timings")
    args = p.parse_args(argv)
    if args.quick:
        args.hands = args.control_hands = args.turkish_hands = 16
        args.self_hands = 8
        args.hint_hands = 1
    command = "python -m bench.expert_strength " + " ".join(argv if argv is not None else sys.argv[1:])
    t0 = time.perf_counter()
    E, Es, Eb = ("expert", args.budget), ("expert", args.self_budget), ("expert", args.big_budget)
    H = ("heuristic", None)
    plan = [
        ("PY classic: expert vs heuristic", "pis-yedili", "classic", args.hands, E, H),
        ("PY turkish: expert vs heuristic", "pis-yedili", "turkish", args.turkish_hands, E, H),
        ("SC: expert vs tips", "sari-cuce", None, args.hands, E, H),
        ("PY classic: control", "pis-yedili", "classic", args.control_hands, H, H),
        ("PY turkish: control", "pis-yedili", "turkish", args.control_hands, H, H),
        ("SC: control", "sari-cuce", None, args.control_hands, H, H),
        ("PY classic: big vs small expert", "pis-yedili", "classic", args.self_hands, Eb, Es),
        ("SC: big vs small expert", "sari-cuce", None, args.self_hands, Eb, Es),
    ]
    rows = []
    with Pool(args.jobs) as pool:
        for label, game, preset, n, focus, others in ([] if args.timing_only else plan):
            if args.only and args.only not in label:
                continue
            rows.append(play_row(pool, label, game, preset, n, args.seed, focus, others, args.cache))
    games = (("pis-yedili", "classic"), ("pis-yedili", "turkish"), ("sari-cuce", None))
    if args.no_timing:
        games = ()
    hints = [hint_times(g, pr, args.hint_hands, args.seed) for g, pr in games]
    decisions = [hint_times(g, pr, args.hint_hands, args.seed, expert=True) for g, pr in games]
    for what, hs in (("hint", hints), ("decision", decisions)):
        for h in hs:
            print(f"  {what} {h['game']} {h['preset']}: median {h['median']:.2f} s, p95 {h['p95']:.2f} s, "
                  f"max {h['max']:.2f} s over {h['n']}", file=sys.stderr)
    text = markdown(rows, hints, decisions, args, command, time.perf_counter() - t0)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
