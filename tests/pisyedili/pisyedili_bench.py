"""How fast the reference engine plays random hands: ``python tests/pisyedili/pisyedili_bench.py [players] [preset] [seconds]``.

Rates are per CPU second of this process (``time.process_time``, as bench/run.py measures), so that other
work on a shared machine hardly moves them.
"""

import sys
import time

from cardlib.pisyedili import Hand, Rules, bots


def main(players: int = 4, preset: str = "classic", seconds: float = 5.0) -> float:
    rules = Rules.preset_rules(preset, players)
    n = moves = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        hand = Hand.deal(rules, seed=n)
        players_ = [bots.RandomBot(n * 10 + s) for s in range(players)]
        while not hand.is_over():
            hand.push(players_[hand.to_act].choose(hand))
        moves += len(hand.move_stack)
        n += 1
    dt = time.process_time() - t0
    print(f"{preset} {players}p random bots: {n / dt:.0f} hands/s, {moves / dt:.0f} moves/s per CPU second "
          f"({n} hands, {moves / n:.1f} moves per hand)")
    return n / dt


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 4, a[1] if len(a) > 1 else "classic", float(a[2]) if len(a) > 2 else 5.0)
