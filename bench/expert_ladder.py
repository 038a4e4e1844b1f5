"""The expert's strength ladder (issue 27): ``python -m bench.expert_ladder --out docs/expert-strength.md``
(``make bench-expert``; ``make bench`` runs it too).

Four players.  Every row plays the same deals: hand ``i`` is dealt from ``hand_seed(seed, i)`` and every
bot is seeded ``bot_seed(hand seed, seat)``.  The bot under test (the *focus*) sits at seat ``i mod 4``;
in pairs the focus is a team of two (seats ``i mod 2`` and its partner opposite) against two team bots.
The focus is, in turn: the random bot, the heuristic (the *control*: the game's own ``heuristic``, tips
in Sarı Cüce, the team bot in pairs), and the expert at three budgets (playouts a decision), all against
the game's heuristic on the other seats.  So every row but the control is a paired comparison with it
(the same deal, the same seat, the same seeds): *gain* is the focus's result minus the control's in the
same hand, mean ± 1.96 standard errors, in the game's own measure (Pis Yedili: points, fewer is better,
the team's in pairs; Sarı Cüce: net chips of the hand, stakes included, more is better).  A row *clears*
the control when that interval lies wholly on the better side of 0.

Time: *s / decision* is a searched decision's wall time; *s / hand* is the time the focus seat spends
choosing in a hand (per expert seat in pairs).  *Today's* expert, the search with its playouts in the
reference engine at its old default budget of 200 (``engine="reference"``), is timed in the same run on
the first ``--ref-hands`` deals of each row, so that the ratio does not depend on the machine's load.

Every number is seeded, so a run gives the same results on any machine (the times differ); hands are
shared by ``--jobs`` processes.  ``--hands`` bounds the run (400 by default: about 25 minutes on an idle
2-core machine with 2 jobs; the output says how long it took).  ``--cache FILE`` keeps each hand played
(keyed by the source of the expert and the games), so a stopped run goes on where it stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from cardlib.prob import Z95, wilson
from cardlib.expert import HINT_BUDGET
from cardlib.games import find_game
from cardlib.seeds import bot_seed, hand_seed

__all__ = ["main", "ROWS", "play_hand"]

PLAYERS = 4
#: the rows: label -> (game, rule options, the heuristic's name)
ROWS: dict[str, tuple[str, dict[str, Any], str]] = {
    "sari-cuce": ("sari-cuce", {}, "heuristic"),
    "classic": ("pis-yedili", {"preset": "classic"}, "heuristic"),
    "turkish": ("pis-yedili", {"preset": "turkish"}, "heuristic"),
    "pairs": ("pis-yedili", {"preset": "classic", "partnerships": True}, "team"),
}
TITLES = {"sari-cuce": "Sarı Cüce", "classic": "Pis Yedili, classic", "turkish": "Pis Yedili, Turkish",
          "pairs": "Pis Yedili, classic pairs"}
BUDGETS = (500, 2000, 8000)
#: the budget the issue's time and strength targets are judged at: the expert's default (both games' is 500)
TARGET_BUDGET = 500
#: today's expert (before issue 27): the reference engine's playouts at the old default budget
TODAY = ("expert-ref", 200)
#: a tenth of today's time a hand (issue 27), the issue's figures for a Turkish and a Sarı Cüce hand
TARGET_SECONDS = {"turkish": 0.6, "sari-cuce": 0.05}


class _Timed:
    """A bot whose ``choose`` time is added up (the seat's thinking time in a hand)."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.seconds = 0.0

    def choose(self, hand: Any) -> Any:
        t = time.perf_counter()
        move = self.bot.choose(hand)
        self.seconds += time.perf_counter() - t
        return move


def _make(spec: Any, variant: tuple[str, int], seed: int) -> Any:
    name, budget = variant
    if name == "expert":
        return spec.face("expert").ExpertBot(seed, budget=budget)
    if name == "ismcts":
        from cardlib.pisyedili.expert.ismcts import ISMCTSBot
        return ISMCTSBot(seed, budget=budget)
    if name == "expert-ref":
        return spec.face("expert").ExpertBot(seed, budget=budget, engine="reference")
    return spec.make_bot(name, seed)


def play_hand(job: tuple) -> dict[str, Any]:
    """Hand ``i`` of row ``row`` with the focus playing ``variant``: the focus's result, the others',
    whether the focus won, and its time."""
    row, variant, seed, i = job
    game, options, heuristic = ROWS[row]
    spec = find_game(game)
    rules = spec.make_rules(dict(options, players=PLAYERS))
    hs = hand_seed(seed, i)
    hand = spec.hand.deal(rules, seed=hs)
    pairs = bool(options.get("partnerships"))
    focus = [i % 2, i % 2 + 2] if pairs else [i % PLAYERS]
    bots = [_Timed(_make(spec, tuple(variant) if s in focus else (heuristic, 0), bot_seed(hs, s)))
            for s in range(PLAYERS)]
    while not hand.is_over():
        hand.push(bots[hand.to_act].choose(hand))
    r = hand.result()
    if game == "pis-yedili":
        values = [float(v) for v in r.scores]
        if pairs:
            mine = values[focus[0]] + values[focus[1]]
            rest = sum(values) - mine
            won = values[focus[0]] == 0 or values[focus[1]] == 0
        else:
            mine = values[focus[0]]
            rest = (sum(values) - mine) / (PLAYERS - 1)
            won = mine == 0
    else:
        start = hand.start()["chips"]
        values = [float(r.chips[s] - start[s]) for s in range(PLAYERS)]
        mine = values[focus[0]]
        rest = (sum(values) - mine) / (PLAYERS - 1)
        won = r.winner == focus[0]
    seat_bots = [bots[s] for s in focus]
    return {"mine": mine, "rest": rest, "won": bool(won),
            "seconds": sum(b.seconds for b in seat_bots) / len(seat_bots),
            "decisions": sum(getattr(b.bot, "decisions", 0) for b in seat_bots),
            "searched": sum(getattr(b.bot, "seconds_spent", 0.0) for b in seat_bots)}


def warm() -> None:
    """Load the compiled playouts (numba's cache) before anything is timed: one small search a game."""
    for row in ("sari-cuce", "turkish"):
        game, options, _ = ROWS[row]
        spec = find_game(game)
        hand = spec.hand.deal(spec.make_rules(dict(options, players=PLAYERS)), seed=1)
        bot = spec.face("expert").ExpertBot(0, budget=16)
        while not hand.is_over() and not bot.decisions:
            hand.push(bot.choose(hand))


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    return m, (Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0)


def _fingerprint() -> str:
    from bench.expert_strength import fingerprint
    return fingerprint()


def _play(pool: Pool | None, jobs: list[tuple], cache: dict, cache_path: Path | None, fp: str) -> list[dict]:
    keys = [json.dumps([fp, *job]) for job in jobs]
    todo = [(k, j) for k, j in zip(keys, jobs) if k not in cache]
    if todo:
        it = pool.imap(play_hand, [j for _, j in todo], chunksize=4) if pool else map(play_hand, [j for _, j in todo])
        with open(cache_path, "a", encoding="utf-8") if cache_path else open(os.devnull, "w") as out:
            for (k, _), res in zip(todo, it):
                cache[k] = res
                out.write(json.dumps({"key": k, "result": res}) + "\n")
                out.flush()
    return [cache[k] for k in keys]


def _summary(row: str, variant: tuple, hands: list[dict], control: list[dict] | None) -> dict[str, Any]:
    higher = ROWS[row][0] == "sari-cuce"
    n = len(hands)
    wins = sum(h["won"] for h in hands)
    out: dict[str, Any] = {"row": row, "variant": list(variant), "n": n, "win": wins / n,
                           "win_ci": wilson(wins, n), "mine": _mean_ci([h["mine"] for h in hands]),
                           "rest": _mean_ci([h["rest"] for h in hands]),
                           "seconds": statistics.fmean(h["seconds"] for h in hands),
                           "values": [h["mine"] for h in hands], "wins": [int(h["won"]) for h in hands]}
    dec = sum(h["decisions"] for h in hands)
    out["decisions"] = dec / n
    out["per_decision"] = sum(h["searched"] for h in hands) / dec if dec else None
    if control is not None:
        gain = [h["mine"] - c["mine"] for h, c in zip(hands, control)]
        m, half = _mean_ci(gain)
        out["gain"] = (m, half)
        out["clears"] = (m - half > 0) if higher else (m + half < 0)
    return out


def _who(variant: tuple, row: str) -> str:
    name, budget = variant
    if name == "expert":
        return f"expert({budget})"
    if name == "ismcts":
        return f"ISMCTS({budget})"
    if name == "expert-ref":
        return f"today's expert({budget}, reference playouts)"
    if name == "heuristic" or name == "team":
        return {"sari-cuce": "tips (control)", "pairs": "team (control)"}.get(row, "heuristic (control)")
    return name


def _load(path: Path | None) -> dict:
    out: dict = {}
    if path is not None and path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                d = json.loads(line)
                out[d["key"]] = d["result"]
    return out


def _load_avg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def run(rows: list[str], hands: int, ref_hands: int, seed: int, jobs: int, budgets: tuple[int, ...],
        cache_path: Path | None, hint_hands: int = 0, log: Any = sys.stderr,
        ismcts: tuple[int, ...] = (), only_ismcts: bool = False) -> dict[str, Any]:
    cache = _load(cache_path)
    fp = _fingerprint()
    out: dict[str, Any] = {"rows": [], "loads": [_load_avg()], "hands": hands, "ref_hands": ref_hands,
                           "seed": seed, "jobs": jobs, "budgets": list(budgets)}
    t0 = time.perf_counter()
    warm()
    pool = Pool(jobs, initializer=warm) if jobs > 1 else None
    try:
        for row in rows:
            heuristic = ROWS[row][2]
            variants = [(heuristic, 0)]
            if not only_ismcts:
                variants += [("random", 0)] + [("expert", b) for b in budgets]
            if ROWS[row][0] == "pis-yedili":
                variants += [("ismcts", b) for b in ismcts]
            control = None
            for v in variants:
                t = time.perf_counter()
                res = _play(pool, [(row, v, seed, i) for i in range(hands)], cache, cache_path, fp)
                s = _summary(row, v, res, control)
                if control is None:
                    control = res
                s["wall"] = time.perf_counter() - t
                out["rows"].append(s)
                print(f"{row} {_who(v, row)}: {s['n']} hands, gain {s.get('gain')}, {s['seconds']:.3f} s/hand, "
                      f"{s['wall']:.0f} s, load {_load_avg()}", file=log, flush=True)
                out["loads"].append(_load_avg())
            if not ref_hands:
                continue
            t = time.perf_counter()
            res = _play(pool, [(row, TODAY, seed, i) for i in range(ref_hands)], cache, cache_path, fp)
            s = _summary(row, TODAY, res, control[:ref_hands])
            s["wall"] = time.perf_counter() - t
            out["rows"].append(s)
            print(f"{row} today's expert: {s['seconds']:.3f} s/hand over {ref_hands} hands", file=log, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if hint_hands:
        from bench.expert_strength import hint_times
        t = time.perf_counter()
        out["hint"] = hint_times("pis-yedili", "turkish", hint_hands, seed)
        out["hint"]["wall"] = time.perf_counter() - t
        out["hint"]["budget"] = HINT_BUDGET
        print(f"hint: {out['hint']}", file=log, flush=True)
    out["wall"] = time.perf_counter() - t0
    out["loads"].append(_load_avg())
    return out


def _f(m: tuple[float, float], signed: bool) -> str:
    v, h = m
    return f"{v:+.1f} ± {h:.1f}" if signed else f"{v:.1f} ± {h:.1f}"


def markdown(res: dict[str, Any], command: str) -> str:
    from bench.expert_strength import _cpu
    lines = ["# The expert's strength", "",
             "Measured by `bench/expert_ladder.py` (the method: docs/expert.md; the design: the module's "
             "docstring). Four players; hand *i* is dealt from `hand_seed(seed, i)`, every bot is seeded "
             "`bot_seed(hand seed, seat)`, and the bot under test (the *focus*) sits at seat *i* mod 4 (in pairs: "
             "a team of two, seats *i* mod 2 and opposite, against two team bots). Every focus plays the same "
             "deals from the same seat, so each row is paired with the control (the game's heuristic in the "
             "focus seat): *gain* is the focus's result minus the control's in the same hand, mean ± 1.96 "
             "standard errors, in the game's own measure: Pis Yedili points (fewer is better; the team's points "
             "in pairs), Sarı Cüce net chips of the hand, stakes included (more is better). *Clears* says "
             "whether that interval lies wholly on the better side of 0. Win rates have 95% Wilson intervals (a "
             "Pis Yedili win is a hand scored 0, in pairs either partner's; a Sarı Cüce win is going out).", "",
             "## Latest run", "",
             f"- command: `{command}`",
             f"- machine: `nproc` = {os.cpu_count()}, CPU {_cpu()}, Python {sys.version.split()[0]}; "
             f"{res['jobs']} processes; the machine was shared with other sessions: load average (1, 5, 15 "
             f"minutes) {res['loads'][0]} at the start, {res['loads'][-1]} at the end, "
             f"from {min(float(x.split()[0]) for x in res['loads'] if x != 'unknown'):.1f} to "
             f"{max(float(x.split()[0]) for x in res['loads'] if x != 'unknown'):.1f} between rows",
             f"- hands: {res['hands']} a row (today's expert: the first {res['ref_hands']}); seed {res['seed']}; "
             f"whole run {res['wall'] / 60:.1f} minutes", "",
             "| game | focus | hands | win rate | focus mean | others' mean | gain vs control | clears | "
             "searched decisions / hand | s / decision | s / hand |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in res["rows"]:
        row = r["row"]
        signed = ROWS[row][0] == "sari-cuce"
        lo, hi = r["win_ci"]
        gain = _f(r["gain"], True) if "gain" in r else "—"
        clears = ("yes" if r["clears"] else "no") if "gain" in r else "—"
        per = f"{r['per_decision']:.3f}" if r["per_decision"] else "—"
        dec = f"{r['decisions'] / (2 if row == 'pairs' else 1):.1f}" if r["decisions"] else "—"
        lines.append(f"| {TITLES[row]} | {_who(tuple(r['variant']), row)} | {r['n']} | {r['win']:.1%} "
                     f"[{lo:.1%}, {hi:.1%}] | {_f(r['mine'], signed)} | {_f(r['rest'], signed)} | {gain} | "
                     f"{clears} | {dec} | {per} | {r['seconds']:.3f} |")
    lines += ["", "*s / hand* is the time one focus seat spends choosing in a hand (in pairs, per expert seat); "
              "*searched decisions / hand* counts one seat's decisions with more than one sensible move.", "",
              "### Time: the expert against today's expert, same run", "",
              f"Today's expert is the search before issue 27 (playouts in the reference engine, 200 a decision), "
              f"timed on the first {res['ref_hands']} deals of each row in the same run. The target (issue 27): "
              f"an expert seat adds at most a tenth of today's time to a hand.", "",
              "| game | today's s / hand | expert | s / hand | ratio to today | s / hand the control's seat takes |",
              "|---|---|---|---|---|---|"]
    by = {(r["row"], tuple(r["variant"])): r for r in res["rows"]}
    for row in dict.fromkeys(r["row"] for r in res["rows"]):
        today = by.get((row, TODAY))
        ctrl = by[(row, (ROWS[row][2], 0))]
        if today is None:
            continue
        for b in res["budgets"]:
            e = by.get((row, ("expert", b)))
            if e is None:
                continue
            lines.append(f"| {TITLES[row]} | {today['seconds']:.3f} | expert({b}) | {e['seconds']:.3f} | "
                         f"{e['seconds'] / today['seconds']:.3f} | {ctrl['seconds']:.4f} |")
    lines += ["", "### The targets of issue 27, at the expert's default budget", ""] + targets(res)
    lines += ismcts_section(res)
    h = res.get("hint")
    tail = ["", "## Before issue 27", "",
            "This page's earlier runs (`bench/expert_strength.py`, in its git history) measured the expert with "
            "its playouts in the reference engine, 200 a decision: about 0.4 s a hand in Sarı Cüce, 1.6 s in "
            "classic Pis Yedili and 6 s in Turkish per expert seat. It beat the heuristic bots by points or "
            "chips everywhere, but in Turkish not by wins: 26.9% [22.3%, 32.0%] of 320 hands, its share being "
            "25%. The rows above measure the same search with its playouts in the compiled engines."]
    if h:
        lines += ["", "### The hint for a live Turkish hand", "",
                  f"`hint(hand)` at its default budget ({h['budget']} playouts shared by the legal moves, every "
                  f"move with its win chance and expected points and their 95% intervals), timed in the main "
                  f"process at every 5th position of hands of heuristic play (target: under 0.5 s):", "",
                  "| hints timed | median s | 95th percentile s | max s | playouts / s |", "|---|---|---|---|---|",
                  f"| {h['n']} | {h['median']:.3f} | {h['p95']:.3f} | {h['max']:.3f} | {h['rate']:.0f} |"]
    lines += tail
    return "\n".join(lines) + "\n"


def ismcts_section(res: dict[str, Any]) -> list[str]:
    """ISMCTS against the determinized expert at the same budget, on the same deals (paired)."""
    by = {(r["row"], tuple(r["variant"])): r for r in res["rows"]}
    body = []
    for (row, variant), r in by.items():
        e = by.get((row, ("expert", variant[1])))
        if variant[0] != "ismcts" or e is None or "values" not in r or "values" not in e:
            continue
        d = [a - b for a, b in zip(r["values"], e["values"])]
        w = [a - b for a, b in zip(r["wins"], e["wins"])]
        m, half = _mean_ci(d)
        wm, wh = _mean_ci(w)
        signed = ROWS[row][0] == "sari-cuce"
        body.append(f"| {TITLES[row]} | {variant[1]} | {r['n']} | {_f(r['mine'], signed)} | {_f(e['mine'], signed)} | "
                    f"{m:+.1f} ± {half:.1f} | {wm:+.1%} ± {wh:.1%} | {r['seconds']:.3f} | {e['seconds']:.3f} |")
    if not body:
        return []
    return ["", "### Information-set MCTS against the determinized expert", "",
            "The same deals and seats; *ISMCTS − expert* is the paired difference of the focus's result (points, "
            "fewer is better) and of its wins, mean ± 1.96 standard errors.", "",
            "| game | budget | hands | ISMCTS mean | expert mean | ISMCTS − expert | wins: ISMCTS − expert | "
            "ISMCTS s / hand | expert s / hand |", "|---|---|---|---|---|---|---|---|---|", *body]


def targets(res: dict[str, Any]) -> list[str]:
    """The issue's "done when", read off the results at :data:`TARGET_BUDGET`: one line each."""
    by = {(r["row"], tuple(r["variant"])): r for r in res["rows"]}
    out = []
    for row in dict.fromkeys(r["row"] for r in res["rows"]):
        e = by.get((row, ("expert", TARGET_BUDGET)))
        if e is None:
            continue
        today = by.get((row, TODAY))
        m, half = e["gain"]
        parts = [f"gain {m:+.1f} ± {half:.1f} over {e['n']} hands: " + ("clears the control" if e["clears"] else
                                                                        "does NOT clear the control")]
        if today is not None:
            ratio = e["seconds"] / today["seconds"]
            parts.append(f"{e['seconds']:.3f} s a hand, {ratio:.3f} of today's {today['seconds']:.3f} s "
                         + ("(at most a tenth)" if ratio <= 0.1 else "(MORE than a tenth)"))
        if row in TARGET_SECONDS:
            ok = e["seconds"] < TARGET_SECONDS[row]
            parts.append(f"{'under' if ok else 'NOT under'} the issue's {TARGET_SECONDS[row]} s a hand on this "
                         f"machine")
        out.append(f"- {TITLES[row]}, expert({TARGET_BUDGET}): " + "; ".join(parts) + ".")
    h = res.get("hint")
    if h:
        ok = h["max"] < 0.5
        out.append(f"- The hint for a live Turkish hand: at most {h['max']:.3f} s over {h['n']} positions "
                   f"({'under' if ok else 'NOT under'} 0.5 s), with an estimate and a 95% interval per move.")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.expert_ladder", description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--ref-hands", type=int, default=20, help="hands of today's expert timed per row")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--budgets", default=",".join(map(str, BUDGETS)))
    ap.add_argument("--only", action="append", choices=tuple(ROWS), help="play only this row (repeatable)")
    ap.add_argument("--hint-hands", type=int, default=8, help="hands of heuristic play whose hints are timed")
    ap.add_argument("--ismcts", default="500,2000", help="ISMCTS at these budgets too, in the Pis Yedili rows "
                                                        "(default 500,2000; '' for none)")
    ap.add_argument("--only-ismcts", action="store_true", help="only the control and the ISMCTS rows")
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=None, help="write the markdown here (else: standard output)")
    ap.add_argument("--json", type=Path, default=None, help="also write the raw results here")
    args = ap.parse_args(argv)
    budgets = tuple(int(b) for b in args.budgets.split(","))
    rows = args.only or list(ROWS)
    command = "python -m bench.expert_ladder " + " ".join(argv if argv is not None else sys.argv[1:])
    ismcts = tuple(int(b) for b in args.ismcts.split(",") if b)
    res = run(rows, args.hands, args.ref_hands, args.seed, args.jobs, budgets, args.cache, args.hint_hands,
              ismcts=ismcts, only_ismcts=args.only_ismcts)
    text = markdown(res, command.strip())
    if args.json:
        args.json.write_text(json.dumps(res, indent=1), encoding="utf-8")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
