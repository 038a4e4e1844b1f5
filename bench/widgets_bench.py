"""Timing of the widgets (not a unit test): one Stepper step, one Table move with the bots' answers, and
one change of a control of each rule explorer (the picture and the sentence redrawn).

``run() -> dict`` is called by ``bench/run.py``; ``python -m bench.widgets_bench`` prints the dict.
Times are wall-clock milliseconds in plain Python (no browser): the work a click costs the kernel.
Target: < 50 ms each.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

TARGET_MS = 50.0
_DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "examples"


def _ms(f) -> float:
    t = time.perf_counter()
    f()
    return (time.perf_counter() - t) * 1000.0


def _stepper(path: Path) -> tuple[list[float], float]:
    from cardlib.widgets import Stepper
    build = []
    st = None

    def make():
        nonlocal st
        st = Stepper(path)
    build.append(_ms(make))
    times = []
    for _ in range(3):
        st.go(0)
        for _k in range(len(st) - 1):
            times.append(_ms(lambda: st.buttons["next"].click()))
    return times, build[0]


def _table(game: str, hands: int, **options) -> list[float]:
    """ms per move of ours (4 players), including every bot answer up to our next turn."""
    from cardlib.widgets import Table
    times = []
    for seed in range(hands):
        t = Table(game, seed=seed, players=4, **options)
        while not t.hand.is_over():
            legal = t.legal()
            move = legal[0]
            if "=" in move:           # a Jack: two clicks, timed together
                card, suit = move.split("=")
                def two():
                    t.play(card)
                    t.name_suit(suit.rstrip("!"))
                times.append(_ms(two))
            else:
                times.append(_ms(lambda: t.play(move)))
    return times


#: Pis Yedili explorers: the control values each one cycles through (every control, each a few times)
PY_EXPLORER_CHANGES = {
    "WhatMayIPlay": [("top", "7S"), ("pending", 2), ("pending", 0), ("top", "JS"), ("named", "H"), ("named", ""),
                     ("top", "9H"), ("phase", "opening"), ("preset", "turkish"), ("phase", "play"), ("drew", True),
                     ("hand", "3D 4S 7H"), ("drew", False), ("phase", "ace"), ("top", "AH"), ("preset", "classic"),
                     ("phase", "play"), ("hand", "7H 9S KD 2H JC")],
    "SevenChain": [("sevens", k) for k in (2, 3, 4, 1)] + [("penalty", "doubling3"), ("holds_seven", False),
                                                            ("sevens", 4), ("penalty", "linear3"), ("holds_seven", True)],
    "WhoPlaysNext": [("card", "10"), ("players", 7), ("seat", 5), ("direction", "anticlockwise"), ("card", "8"),
                     ("players", 2), ("reverse_as_skip", True), ("card", "10"), ("players", 4), ("card", "9")],
    "AceTurn": [("rule", "all_draw"), ("aces_all_at_once", True), ("cards", "5H 3D"), ("tek", "says"),
                ("cards", "3D"), ("tek", "forgets"), ("cards", ""), ("ace_cannot_finish", True), ("tek", "says"),
                ("stock", "5H 2C 3C"), ("rule", "follow"), ("cards", "AS 5H 3D"), ("tek", "off")],
    "SayTek": [("said", False), ("between", "ace"), ("said", True), ("between", "seven"), ("said", False),
               ("between", "nothing")],
    "HandScore": [("last", "JH"), ("last", "X"), ("multipliers", False), ("bora", "7D 2D"), ("cem", "AS 4S"),
                  ("penalty_draws", True), ("direction", "anticlockwise"), ("multipliers", True), ("last", "7H")],
}


def _explorer_changes(repeats: int = 3) -> dict[str, list[float]]:
    """ms per change of one control of each Pis Yedili explorer (situation, picture and sentence)."""
    from cardlib.widgets import explorers
    out = {}
    for name, changes in PY_EXPLORER_CHANGES.items():
        e = getattr(explorers, name)()
        start = dict(e.values)
        times = []
        for _ in range(repeats):
            for control, value in changes:
                times.append(_ms(lambda: setattr(e.controls[control], "value", value)))
            e.set(**start)
        out[name] = times
    return out


def _m(values: list[float], note: str) -> dict:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"value": round(statistics.median(values), 2), "unit": "ms", "target": TARGET_MS,
            "note": f"{note}; median of {len(values)}, 95th percentile {p95:.1f} ms, max {max(values):.1f} ms"}


#: Sarı Cüce explorers: changes cycled through, each one a reader's click (the explorer redraws once)
SARI_CUCE_CHANGES = {
    "DealExplorer": [{"players": 5}, {"carried": ("7D",)}, {"players": 8}, {"players": 2},
                     {"allow_two_players": True}, {"players": 4, "allow_two_players": False, "carried": ()}],
    "NextPlayerExplorer": [{"card": "JH"}, {"last": 3}, {"holders": (1,)}, {"players": 7}, {"holders": ()},
                           {"players": 4}, {"card": "8H", "last": 1, "holders": (0, 2, 3)}],
    "StallExplorer": [{"holders": (2,)}, {"stall_rule": "skip_rank"}, {"declines": True}, {"card": "KS"},
                      {"card": "QH"}, {"holders": ()}, {"stall_rule": "restart", "declines": False, "card": "8H"}],
    "SettlementExplorer": [{"step": 1}, {"step": 2}, {"step": 5}, {"chips3": 30}, {"cards1": "KH 5S"},
                           {"cards2": "10D QC 7S"}, {"cards1": "KH KC JD AH", "cards2": "QC 2D", "chips3": 85,
                                                     "step": 0}],
    "OperaExplorer": [{"opera_definition": "single_run"}, {"opera_reward": "double_payments"}, {"hand": "single"},
                      {"hand": "interrupted"}, {"hand": "restart", "opera_definition": "no_other_player",
                                                "opera_reward": "sweep_board"}],
    "GameEndExplorer": [{"chips2": 14}, {"end_mode": "bankruptcy"}, {"hands_played": 5}, {"chips2": 40},
                        {"hands_limit": 7}, {"end_mode": "hands", "hands_played": 3, "hands_limit": 5}],
}


def sari_cuce_explorers(rounds: int = 8) -> dict:
    """ms per control change of each Sarı Cüce explorer (picture + sentence; the PNG is only made when a
    notebook stores the widget)."""
    from cardlib.saricuce import explorers as saricuce
    out = {}
    for name, changes in SARI_CUCE_CHANGES.items():
        explorer = getattr(saricuce, name)()
        times = [_ms(lambda c=change: explorer.set(**c)) for _ in range(rounds) for change in changes]
        out[f"explorer_change_sari_cuce_{name}"] = _m(times, f"{name}: one control change redrawn")
    return out


def run() -> dict:
    # warm up imports and plotly's FigureWidget (one-time cost, reported separately)
    first = _ms(lambda: __import__("cardlib.widgets"))
    sc_steps, sc_build = _stepper(_DATA / "sari-cuce-4p-default.json")
    py_steps, py_build = _stepper(_DATA / "pis-yedili-4p-preset-classic.json")
    sc_moves = _table("sari-cuce", 20)
    py_moves = _table("pis-yedili", 20)
    py_turkish = _table("pis-yedili", 10, preset="turkish")
    explorers = sari_cuce_explorers()
    py_explorers = _explorer_changes()
    return {
        **explorers,
        **{f"explorer_change_pis_yedili_{name}": _m(times, f"{name}: one control changed, picture + sentence redrawn")
           for name, times in py_explorers.items()},
        "stepper_step_sari_cuce": _m(sc_steps, "Stepper next: position SVG + narration + run-chart marker"),
        "stepper_step_pis_yedili": _m(py_steps, "Stepper next: table SVG + narration + hand-size marker"),
        "table_move_sari_cuce_4p": _m(sc_moves, "Table: your card + 3 random bots' answers + redraw"),
        "table_move_pis_yedili_4p": _m(py_moves, "Table (classic): your move + bots' answers + redraw"),
        "table_move_pis_yedili_4p_turkish": _m(py_turkish, "Table (turkish): your move + bots' answers + redraw"),
        "stepper_build_ms": {"value": round(sc_build, 1), "unit": "ms",
                             "note": f"first Stepper incl. plotly FigureWidget start-up; a second one {py_build:.0f} ms; "
                                     f"import cardlib.widgets {first:.0f} ms"},
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=1, ensure_ascii=False))
