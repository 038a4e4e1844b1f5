"""Regenerate the golden Pis Yedili playthroughs: ``python tests/pisyedili/golden/make_golden.py``.

Each transcript is a complete hand played by seeded heuristic bots: before every move the position and
the legal moves, then the move and the events it caused, and finally the result.  ``test_py_golden.py``
replays the same hands and compares the text, so any change in the engine's behaviour shows up as a diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# name -> (rules dict, deal seed, bot seed)
GAMES = {
    "classic-4p-seed3": ({"preset": "classic", "players": 4}, 3, 30),
    "turkish-3p-seed6": ({"preset": "turkish", "players": 3}, 6, 60),
    "turkish-4p-reshuffle-seed7": ({"preset": "turkish", "players": 4}, 7, 70),
    "turkish-2p-jokers-seed8": ({"preset": "turkish", "players": 2, "decks": 1, "jokers_per_deck": 2}, 8, 80),
}
NAMES = ["Ada", "Bora", "Cem", "Deniz", "Ece", "Fikret", "Gül"]


def transcript(rules_dict: dict, seed: int, bot_seed: int) -> str:
    from cardlib.pisyedili import Hand, Rules, bots

    rules = Rules.from_dict(rules_dict)
    hand = Hand.deal(rules, seed=seed)
    players = [bots.HeuristicBot(bot_seed + s) for s in range(rules.players)]
    names = NAMES[:rules.players]
    lines = [f"rules: {rules.to_dict()}", f"deal seed {seed}, dealer {hand.dealer}, bots HeuristicBot({bot_seed}+seat)"]
    for s, h in enumerate(hand.hands):
        lines.append(f"  {names[s]}: {' '.join(str(c) for c in h)}")
    lines.append(f"  stock: {hand.position()['stock']}")
    lines += [f"  {e.describe(names)}" for e in hand.events]
    seen = len(hand.events)
    while not hand.is_over():
        p = hand.position()
        top = p["discard"].split()[-1] if p["discard"] else "-"
        named = f"={p['named_suit']}" if p["named_suit"] else ""
        me = hand.to_act
        lines.append(
            f"{len(hand.move_stack) + 1}. {names[me]} [{p['phase']}] top {top}{named} pending {p['pending']} "
            f"dir {p['direction']:+d} stock {len(p['stock'].split())} drawn {p['drawn']} tek {p['tek']} "
            f"sizes {[len(h.split()) for h in p['hands']]}")
        lines.append(f"   hand: {p['hands'][me]}")
        lines.append(f"   legal: {' '.join(str(m) for m in hand.legal_moves)}")
        move = players[me].choose(hand)
        hand.push(move)
        lines.append(f"   -> {move}")
        for e in hand.events[seen:]:
            lines.append(f"      {e.describe(names)}")
        seen = len(hand.events)
    lines.append(f"result: {hand.result().to_dict()}")
    lines.append(f"record: {' | '.join(hand.record_moves())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    sys.path.insert(0, str(HERE.parents[2]))
    for name, (rules, seed, bot_seed) in GAMES.items():
        (HERE / f"{name}.txt").write_text(transcript(rules, seed, bot_seed), encoding="utf-8")
        print("wrote", name)


if __name__ == "__main__":
    main()
