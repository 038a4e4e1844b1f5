"""Every entry point of cardlib with the tests' third game, High Card (tests/thirdgame/highcard), which is
one folder and one registration line (tests/conftest.py).  Each works, or refuses with the one error class
the docs promise (MissingFaceError, naming the game and the face); ENTRY_POINTS lists them all.

It also shows a game from another package registered through the ``cardlib.games`` entry point group."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import highcard
import pytest

from cardlib.errors import MissingFaceError
from cardlib.games import GAMES, find_game, game_of

SPEC = highcard.GAME
RULES = {"players": 3}

#: every entry point this file drives, and what High Card gets there: "works" or the face it lacks
ENTRY_POINTS = {
    "cli deal": "works", "cli play": "works", "cli replay": "works", "cli replay --check": "works",
    "cli simulate": "works", "cli simulate --engine fast": "kernel", "records round trip": "works",
    "simulate reference": "works", "simulate series": "works", "simulate workers": "works",
    "simulate fast": "kernel", "lessons position/narrate/play_out": "works", "picture": "works",
    "outcome": "works", "step chart": "works", "Table clicked to the end": "works", "Stepper": "works",
    "explorers": "works", "expert bot": "expert", "hint": "expert", "observation": "expert",
}


def played(seed: int = 5):
    hand = SPEC.hand.deal(SPEC.make_rules(RULES), seed=seed)
    from cardlib.series import play_to_end, seat_bots
    return play_to_end(hand, seat_bots(SPEC, "random", seed, 3))


def cli(capsys, *args: str) -> tuple[int, str, str]:
    from cardlib.cli import main
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_game_is_registered_by_one_line():
    assert GAMES["high-card"] is SPEC and find_game("high-card") is SPEC
    assert game_of(played()) is SPEC and game_of(played().position()) is SPEC
    text = (Path(__file__).parents[1] / "conftest.py").read_text()
    assert text.count("register(") == 1
    cardlib_files = [p for p in Path(highcard.__file__).parent.glob("*.py")]
    assert sum(len(p.read_text().splitlines()) for p in cardlib_files) < 480


def test_entry_points_listed_are_the_ones_tested():
    names = {n for n in globals() if n.startswith("test_")}
    assert len(ENTRY_POINTS) == 21 and len(names) >= 12


# ---------------------------------------------------------------------------------------- command line
def test_cli_deal_play_replay(capsys, tmp_path):
    code, out, err = cli(capsys, "deal", "--game", "high-card", "--players", "3", "--seed", "4")
    assert code == 0 and json.loads(out)["game"] == "high-card"
    code, out, err = cli(capsys, "play", "--game", "high-card", "--players", "3", "--seed", "4", "--bots", "heuristic")
    record = json.loads(out)
    assert code == 0 and record["result"]["winner"] in (0, 1, 2) and len(record["moves"]) == 9
    path = tmp_path / "hand.json"
    path.write_text(out)
    code, out, err = cli(capsys, "replay", str(path))
    assert code == 0 and "takes the trick" in out and "wins the hand" in out
    code, out, err = cli(capsys, "replay", "--check", str(path))
    assert code == 0 and "ok" in err


def test_cli_simulate_and_its_fast_refusal(capsys):
    code, out, err = cli(capsys, "simulate", "--game", "high-card", "--players", "3", "--hands", "40", "--seed", "1",
                         "--json")
    assert code == 0 and json.loads(out)["hands"] == 40
    code, out, err = cli(capsys, "simulate", "--game", "high-card", "--players", "3", "--hands", "40",
                         "--engine", "fast")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "High Card has no fast engine (GameSpec.kernel)" in err


# ---------------------------------------------------------------------------------------- library
def test_records_round_trip():
    from cardlib.records import load_record, record_from_hand
    hand = played()
    rec = record_from_hand(hand)
    again = load_record(json.loads(json.dumps(rec.to_dict()))).replay()
    assert again.position() == hand.position() and again.result() == hand.result()
    assert rec.differences() == []


def test_simulate_reference_series_and_workers():
    from cardlib.simulate import simulate
    sim = simulate("high-card", players=3, n=60, seed=2, bots="heuristic")
    assert len(sim.table) == 60 and {"tricks_0", "tricks_1", "tricks_2"} <= set(sim.table.columns)
    assert sim.table["winner"].between(0, 2).all()
    games = simulate("high-card", players=3, n=5, seed=2, series=True)
    assert len(games.series_table) == 5 and games.series_table["hands"].ge(2).all()      # first to 2 wins (HC-6)
    split = simulate("high-card", players=3, n=60, seed=2, bots="heuristic", workers=2)
    assert split.table.equals(sim.table)


def test_simulate_fast_refuses_with_the_face():
    from cardlib import _fast
    from cardlib.simulate import simulate, simulate_summary
    with pytest.raises(MissingFaceError, match=r"High Card has no fast engine \(GameSpec.kernel\)"):
        simulate("high-card", players=3, n=10, engine="fast")
    with pytest.raises(MissingFaceError, match=r"High Card has no fast engine \(GameSpec.kernel\)"):
        simulate("high-card", players=3, n=10, engine="fast", workers=1)
    with pytest.raises(MissingFaceError, match=r"High Card has no fast engine \(GameSpec.kernel\)"):
        simulate_summary("high-card", players=3, n=10, engine="fast")
    with pytest.raises(MissingFaceError, match=r"High Card has no fast engine \(GameSpec.kernel\)"):
        _fast.replay("high-card", RULES, {"seed": 1}, [])
    assert "high-card" not in _fast.games()


def test_lessons():
    from cardlib.lessons import narrate, play_out, position
    hand = position("high-card", {"players": 2}, hands=["AS 2S", "KS 3H"], rest="", trick="", to_act=0,
                    tricks=[1, 0], last_taker=0, taken=" ".join(c for c in _other_cards("AS 2S KS 3H")))
    assert [str(m) for m in hand.legal_moves] == ["AS", "2S"]
    hand.push("AS")
    assert str(narrate(hand.events[-1:], ["Ada", "Bora"])) == "Ada plays A♠."
    assert play_out(hand, "random", seed=1).is_over()


def _other_cards(held: str) -> list[str]:
    from cardlib.cards import cards_text, make_deck, parse_cards
    mine = set(parse_cards(held))
    return cards_text([c for c in make_deck() if c not in mine]).split()


def test_the_generic_picture_and_outcome():
    from cardlib.display import outcome_html, outcome_lines, position_svg
    hand = SPEC.hand.deal(SPEC.make_rules(RULES), seed=3)
    svg = position_svg(hand, ["Ada", "Bora", "Cem"])
    assert svg.startswith("<svg") and "Ada" in svg and "High Card" in svg and "rest (43)" in svg
    assert "Ada to play" in svg.alt and "generic picture" in svg
    assert svg._repr_png_()[:4] == b"\x89PNG"
    done = played()
    html = outcome_html(done.result(), ["Ada", "Bora", "Cem"])
    assert "tricks" in html and "wins the hand" in html
    assert outcome_lines(done.result())[0].endswith("wins the hand.")
    assert "wins" in position_svg(done)        # the banner of a finished hand


def test_the_step_chart_is_the_hand_sizes():
    from cardlib.plots import step_chart
    chart = step_chart(played())
    assert len(chart.x) == 10 and chart.x == sorted(chart.x) and 3 <= chart.x[-1] <= 9 and not chart.fade
    assert chart.figure.layout.title.text.startswith("High Card: cards in hand")


def test_a_table_clicked_to_the_end():
    from cardlib.widgets import Table
    t = Table("high-card", seed=3, players=3, bots="heuristic")
    clicks = 0
    while not t.hand.is_over():
        playable = [k for k, b in t.buttons.items() if not b.disabled and k[:1].isalnum() and len(k) <= 3
                    and k not in ("new",)]
        t.buttons[sorted(playable)[0]].click()
        clicks += 1
    assert clicks == 3 and "High Card" in str(t.picture) and t.outcome and "tricks" in str(t.outcome)
    assert t.buttons["new"].disabled is False
    t.buttons["new"].click()
    assert not t.hand.is_over() and t.hands_played == 2


def test_a_stepper_steps_through_a_hand():
    from cardlib.widgets import Stepper
    s = Stepper(played(), plot=False)
    s.step = s.slider.max
    assert s.slider.max == 9 and "wins the hand" in " ".join(s.history) and s.outcome


def test_no_explorers_and_no_expert_refused_by_name():
    from cardlib.expert import expert_bot, hint, observation
    from cardlib.widgets.explorers import explorers_of
    assert explorers_of("high-card") == {} and set(explorers_of("pis-yedili")) >= {"WhatMayIPlay"}
    hand = SPEC.hand.deal(SPEC.make_rules(RULES), seed=3)
    for call in (lambda: expert_bot("high-card"), lambda: hint(hand), lambda: observation(hand, 0)):
        with pytest.raises(MissingFaceError, match=r"High Card has no expert \(GameSpec.expert\)"):
            call()
    with pytest.raises(MissingFaceError, match="GameSpec.explorers"):
        SPEC.face("explorers")


@pytest.mark.process
def test_a_game_from_another_package_registers_through_its_entry_point(tmp_path):
    """A teacher's package declares ``[project.entry-points."cardlib.games"]``; cardlib knows the game in
    a fresh process (here a fake installed distribution on sys.path)."""
    dist = tmp_path / "teachersgame-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: teachersgame\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[cardlib.games]\nhigh-card = highcard:GAME\n")
    code = textwrap.dedent("""
        import sys, json
        from cardlib.cli import main
        sys.exit(main(["play", "--game", "high-card", "--players", "2", "--seed", "1"]))
    """)
    env_path = f"{tmp_path}:{Path(highcard.__file__).parents[1]}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "high-card"
