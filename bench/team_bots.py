"""Two team bots against two heuristic bots, in four-player Pis Yedili pairs: ``python -m bench.team_bots``.

    python -m bench.team_bots                          # 10,000 deals = 20,000 hands per rule set, 2 processes
    python -m bench.team_bots --deals 500 --processes 1 --rules classic   # a quick look

Deal ``k`` (``k = 0 .. deals-1``) has the hand seed ``hand_seed(seed, k)`` and the dealer ``k mod 4`` (the
deal rotates), and is played twice: once with the team bots (``TeamBot``) in seats 0 and 2 against
heuristic bots (``HeuristicBot``) in seats 1 and 3, once with the seats the other way round (seats
alternate).  The bot in seat ``j`` is seeded ``bot_seed(hand seed, j)`` in both, as everywhere in cardlib.

The measure, per hand, is the **team score difference**: the heuristic team's score minus the team bots'
team's score (PY-P4; points are bad, so a positive difference means the team bots did better).  Both
orientations of a deal are averaged first, and the interval (``Estimate.mean``, mean ± 1.96 standard
errors) is taken over those deal averages, which removes most of the luck of the cards; it is still the
difference per hand.  The share of hands in which the team bots' team scored less is given as well.

Nothing depends on the number of processes: every deal is seeded by its number, and the results are put
back in deal order before anything is summed.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool

RULE_SETS = {
    "classic": {"preset": "classic"},
    "classic-free": {"preset": "classic", "partner_goes_free": True},
    "turkish": {"preset": "turkish"},
    "turkish-free": {"preset": "turkish", "partner_goes_free": True},
}


def play_deals(job: tuple[str, int, int, int]) -> list[tuple[int, int]]:
    """Deals ``start .. stop-1`` of one rule set: for each, (difference with the team bots in seats 0/2,
    difference with them in seats 1/3)."""
    from cardlib.pisyedili import Hand, Rules
    from cardlib.pisyedili.bots import HeuristicBot, TeamBot
    from cardlib.seeds import bot_seed, hand_seed
    from cardlib.series import play_to_end

    name, seed, start, stop = job
    rules = Rules.from_dict({"players": 4, "partnerships": True, **RULE_SETS[name]})
    out = []
    for k in range(start, stop):
        h_seed = hand_seed(seed, k)
        pair = []
        for team in (0, 1):                          # the team bots' team: seats team and team + 2
            bots = [(TeamBot if s % 2 == team else HeuristicBot)(bot_seed(h_seed, s)) for s in range(4)]
            hand = Hand.deal(rules, seed=h_seed, dealer=k % 4)
            play_to_end(hand, bots)
            ts = hand.result().team_scores
            pair.append(ts[1 - team] - ts[team])
        out.append((pair[0], pair[1]))
    return out


def measure(name: str, deals: int, seed: int, processes: int, chunk: int = 250) -> dict:
    from cardlib.prob import Estimate

    jobs = [(name, seed, a, min(a + chunk, deals)) for a in range(0, deals, chunk)]
    t0 = time.perf_counter()
    if processes > 1:
        with Pool(processes) as pool:
            parts = pool.map(play_deals, jobs)
    else:
        parts = [play_deals(j) for j in jobs]
    seconds = time.perf_counter() - t0
    pairs = [p for part in parts for p in part]
    per_deal = [(a + b) / 2 for a, b in pairs]
    hands = [d for p in pairs for d in p]
    better = Estimate.rate(sum(1 for d in hands if d > 0) + 0.5 * sum(1 for d in hands if d == 0), len(hands))
    return {"rules": name, "hands": len(hands), "difference": Estimate.mean(per_deal), "better": better,
            "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.team_bots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals per rule set (two hands each); default 10000")
    parser.add_argument("--seed", type=int, default=2025, help="deal k has hand seed hand_seed(seed, k); default 2025")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--rules", action="append", choices=list(RULE_SETS),
                        help="rule sets to measure (repeatable; default all four)")
    args = parser.parse_args(argv)
    names = args.rules or list(RULE_SETS)
    print(f"TeamBot x2 against HeuristicBot x2, 4 players in pairs, {args.deals:,} deals x 2 seatings each, "
          f"seed {args.seed}")
    print("| rules | hands | team score difference per hand (heuristic team - team bots) | 95% interval "
          "| hands the team bots' team scored less (ties half) | seconds |")
    print("|---|---|---|---|---|---|")
    for name in names:
        r = measure(name, args.deals, args.seed, args.processes)
        d, b = r["difference"], r["better"]
        print(f"| {name} | {r['hands']:,} | {d.value:+.2f} | [{d.low:+.2f}, {d.high:+.2f}] "
              f"| {b.value:.3f} [{b.low:.3f}, {b.high:.3f}] | {r['seconds']:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
