"""Speed of cardlib.prob's vectorised Monte Carlo deals: ``run() -> dict`` for ``bench/run.py``.

Run alone:  ``python -c "from bench.prob_bench import run; print(run())"``.

Every figure is deals per second: ``n`` full shuffles of the 52-card deck (104/108 for the two-deck
row), each dealt and classified, timed ``repeats`` times after a warm-up (which also loads or compiles
the numba shuffle); the median is reported, with the slowest..fastest run in the note.
"""

from __future__ import annotations

import statistics
import time

TARGET = 1_000_000     # deals per second on one core, for the simple questions


def _rate(fn, n: int, repeats: int) -> tuple[float, list[float], float]:
    """Median wall-clock deals/s, every run's rate, and the median deals per second of CPU time (which a
    busy machine disturbs less: it counts only the time this process was actually running)."""
    fn(1000, 0)                                   # warm-up / compile
    rates, cpu_rates = [], []
    for r in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        fn(n, 1 + r)
        t1, c1 = time.perf_counter(), time.process_time()
        rates.append(n / (t1 - t0))
        cpu_rates.append(n / max(c1 - c0, 1e-9))
    return statistics.median(rates), rates, statistics.median(cpu_rates)


def _leaf(rate: float, rates: list[float], cpu: float, n: int, what: str, target: bool = False) -> dict:
    out = {"value": rate, "unit": "deals/s",
           "note": f"{what}; median of {len(rates)} runs of {n:,} deals ({min(rates):,.0f}..{max(rates):,.0f}); "
                   f"{cpu:,.0f} per CPU-second"}
    if target:
        out["target"] = f">= {TARGET:,}"
        out["pass"] = rate >= TARGET
    return out


def run(quick: bool = False, n: int | None = None, repeats: int | None = None) -> dict:
    """Median deals per second for the shuffle alone and for each simple question."""
    from cardlib.prob import montecarlo as mc
    from cardlib.prob.shuffle import CHUNK, deck_array, generator, shuffle_into

    n = n or (100_000 if quick else 1_000_000)
    repeats = repeats or (3 if quick else 5)

    def shuffle_only(count, seed, deck=deck_array()):
        import numpy as np
        gen = generator(seed)
        buf = np.empty((min(count, CHUNK), deck.size), dtype=np.uint8)
        for start in range(0, count, CHUNK):
            shuffle_into(gen, deck, buf[:min(CHUNK, count - start)])

    questions = {
        "card_dead_4p": (lambda c, s: mc.card_dead(4, n=c, seed=s), "mc.card_dead(4): is the 7♦ dead?"),
        "any_box_card_dead_4p": (lambda c, s: mc.any_box_card_dead(4, n=c, seed=s), "mc.any_box_card_dead(4)"),
        "box_cards_in_hand_4p": (lambda c, s: mc.box_cards_in_hand(4, n=c, seed=s), "mc.box_cards_in_hand(4)"),
        "opener_no_club_4p": (lambda c, s: mc.opener_no_club(4, n=c, seed=s), "mc.opener_no_club(4)"),
        "draws_until_club_4p": (lambda c, s: mc.draws_until_club(4, n=c, seed=s), "mc.draws_until_club(4)"),
        "can_answer_seven_4p": (lambda c, s: mc.can_answer_seven(4, my_sevens=1, n=c, seed=s),
                                "mc.can_answer_seven(4, my_sevens=1)"),
        "dealt_jack_2decks_4jokers": (lambda c, s: mc.dealt_jack(4, decks=2, jokers_per_deck=2, n=c, seed=s),
                                      "mc.dealt_jack, 108-card deck"),
    }
    out: dict = {}
    out["deals_per_s"] = _leaf(*_rate(questions["card_dead_4p"][0], n, repeats), n,
                               "simple question mc.card_dead(4)", target=True)
    out["shuffle_only_per_s"] = _leaf(*_rate(shuffle_only, n, repeats), n,
                                      "52-card shuffles alone (numba Fisher-Yates)")
    per_q = {}
    for key, (fn, what) in questions.items():
        per_q[key] = _leaf(*_rate(fn, n, repeats), n, what)
    out["questions"] = per_q
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=1, ensure_ascii=False))
