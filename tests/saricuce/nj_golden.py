"""Golden playthroughs of Sarı Cüce: complete hands written as text (every step's position summary, legal
moves, move and events), checked in under ``golden/`` and compared on every test run.

Regenerate after an intended change of behaviour or wording, then read the diff:

    .venv/bin/python tests/saricuce/nj_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
sys.path.insert(0, str(HERE.parents[1]))

from cardlib.saricuce import Hand, Rules, bots  # noqa: E402

NAMES = ["Ada", "Bora", "Cem", "Deniz", "Ece", "Filiz", "Gül", "Hakan"]

CASES = {
    "nj_3p_default_tips": (Rules(players=3), 11, "tips", 1),
    "nj_4p_skip_rank_stop_random": (Rules(players=4, stall_rule="skip_rank", allow_voluntary_stop=True), 5,
                                    "random", 7),
    "nj_5p_per_card_no_doubling_tips": (Rules(players=5, payment_unit="per_card", doubling=False), 23, "tips", 2),
}


def transcript(rules: Rules, seed: int, kind: str, bot_seed: int) -> str:
    hand = Hand.deal(rules, seed=seed)
    n = rules.players
    names = NAMES[:n]
    seat_bots = [(bots.TipsBot if kind == "tips" else bots.RandomBot)(bot_seed + s) for s in range(n)]
    lines = [f"# Sarı Cüce golden playthrough (regenerate: python tests/saricuce/nj_golden.py)",
             f"rules: {json.dumps(rules.to_dict())}",
             f"deal seed: {seed}; bots: {kind} seeded {bot_seed}+seat; names: {' '.join(names)}",
             f"start: {json.dumps(hand.start())}"]
    for e in hand.events:
        lines.append(f"  - {e.describe(names)}")
    seen = len(hand.events)
    step = 0
    while not hand.is_over():
        step += 1
        p = hand.position()
        lines.append(f"step {step}: {names[p['to_act']]} (seat {p['to_act']}) to act; needed {p['needed'] or '-'}; "
                     f"last {'-' if p['last'] is None else p['last']}")
        lines.append("  hands: " + " | ".join(f"{s}: {h}" for s, h in enumerate(p["hands"])))
        lines.append(f"  chips {p['chips']}; board " + " ".join(f"{k} {v}" for k, v in p["board"].items()))
        lines.append(f"  legal: {' '.join(str(m) for m in hand.legal_moves)}")
        move = seat_bots[hand.to_act].choose(hand)
        hand.push(move)
        lines.append(f"  move: {move}")
        for e in hand.events[seen:]:
            lines.append(f"  - {e.describe(names)}")
        seen = len(hand.events)
    lines.append(f"end: {json.dumps(hand.position())}")
    lines.append(f"result: {json.dumps(hand.result().to_dict())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (rules, seed, kind, bot_seed) in CASES.items():
        path = GOLDEN / f"{name}.txt"
        path.write_text(transcript(rules, seed, kind, bot_seed), encoding="utf-8")
        print("wrote", path)


if __name__ == "__main__":
    main()
