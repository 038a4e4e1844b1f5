"""Complete 4-player Sarı Cüce hands per second with RandomBots, on one core: wall and CPU time, best of
3 runs.  Not a test (timing never goes in unit tests):

    .venv/bin/python tests/saricuce/saricuce_bench.py 10000
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from cardlib.saricuce import Hand, Rules, bots  # noqa: E402

rules = Rules(players=4)
N = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
best_wall = best_cpu = 0
for run in range(3):
    bs = [bots.RandomBot(s) for s in range(4)]
    t, c = time.perf_counter(), time.process_time()
    moves = 0
    for i in range(N):
        h = Hand.deal(rules, seed=i)
        while h.to_act is not None:
            h.push(bs[h.to_act].choose(h))
        moves += len(h.move_stack)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    best_wall, best_cpu = max(best_wall, N / wall), max(best_cpu, N / cpu)
print(f"{N} hands x3, {moves/N:.1f} moves/hand: best {best_wall:.0f} hands/s wall, {best_cpu:.0f} hands/s CPU")
