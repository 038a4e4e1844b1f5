"""A person on the command line (issue 27): ``play --bots human,...`` reads that seat's moves from standard
input, and ``hint FILE`` gives the expert's hint for a record's position."""

from __future__ import annotations

import io
import json
import sys

import pytest

from cardlib.cli import main
from cardlib.games import find_game
from cardlib.records import load_record


def cli(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def seat_moves(record: dict, seat: int) -> list[str]:
    """The moves ``seat`` played in a record (replayed to know who moved)."""
    spec = find_game(record["game"])
    hand = spec.hand.from_start(spec.make_rules(record["rules"]), record["start"])
    mine = []
    for text in record["moves"]:
        if hand.to_act == seat:
            mine.append(text)
        hand.push(text)
    return mine


@pytest.mark.parametrize("game, options", [("pis-yedili", ("--option", "preset=turkish")), ("sari-cuce", ())])
def test_a_person_plays_a_whole_hand(capsys, monkeypatch, game, options):
    """A person who types the heuristic's moves plays the hand ``--bots heuristic`` plays (the other seats'
    bots are seeded by their seat), and gets the same record; bad lines on the way change nothing."""
    base = ("play", "--game", game, "--players", "4", "--seed", "8", *options)
    code, out, _ = cli(capsys, monkeypatch, base + ("--bots", "heuristic",))
    assert code == 0
    bots_record = json.loads(out)
    typed = seat_moves(bots_record, 1)
    lines = ["not-a-move", "", "moves"] + typed
    code, out, err = cli(capsys, monkeypatch, base + ("--bots", "heuristic,human,heuristic,heuristic"),
                         "\n".join(lines) + "\n")
    assert code == 0
    record = json.loads(out)
    assert record["moves"] == bots_record["moves"] and record["result"] == bots_record["result"]
    errors = [line for line in err.splitlines() if "cardlib: error:" in line]
    assert len(errors) == 1 and "not-a-move" in errors[0]          # one line for the bad input, then asked again
    assert "Seat 1, your cards:" in err and "The hand is over" in err
    # piped input: each move after its prompt, as a terminal echoes it, so an error starts its own line
    assert "Seat 1> not-a-move\ncardlib: error:" in err and f"Seat 1> {typed[0]}\n" in err
    end = err.strip().splitlines()[-1]                 # the outcome in words, not the result's dict
    assert end.startswith("The hand is over: ") and "{" not in end and ("wins" in end or "out" in end)


def test_an_illegal_move_is_said_in_the_engines_words_and_asked_again(capsys, monkeypatch):
    argv = ("play", "--game", "pis-yedili", "--players", "4", "--seed", "3", "--bots", "human,heuristic")
    code, out, err = cli(capsys, monkeypatch, argv[:-1] + ("human,heuristic,heuristic,heuristic",), "7H\nAC\n")
    assert code == 0
    errors = [line for line in err.splitlines() if "cardlib: error:" in line]
    assert len(errors) == 1
    assert "move '7H' at move 1, seat 0 to act, phase opening is not legal" in errors[0]
    assert "legal: AC 5C 10C draw" in errors[0]
    record = load_record(json.loads(out))
    assert record.moves[0] == "AC" and record.result is None          # the input ended: the record so far
    assert "the input ended after" in err
    assert record.differences() == []


def test_the_end_of_the_input_ends_cleanly(capsys, monkeypatch):
    argv = ("play", "--game", "sari-cuce", "--players", "4", "--seed", "1", "--bots", "human")
    code, out, err = cli(capsys, monkeypatch, argv, "")
    assert code == 0 and json.loads(out)["moves"] == []
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("cardlib: note: the input ended")


def test_an_unknown_bot_is_still_refused(capsys, monkeypatch):
    code, out, err = cli(capsys, monkeypatch, ("play", "--game", "sari-cuce", "--players", "4", "--bots", "humans"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_hint_of_a_record(capsys, monkeypatch, tmp_path):
    code, out, _ = cli(capsys, monkeypatch, ("deal", "--game", "pis-yedili", "--players", "4", "--seed", "5",
                                              "--option", "preset=turkish"))
    path = tmp_path / "deal.json"
    path.write_text(out)
    code, out, err = cli(capsys, monkeypatch, ("hint", str(path), "--budget", "400"))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Seat 0: ") and "best first by expected points (fewer is better)" in lines[0]
    assert "400 playouts" in lines[0] or "playouts in" in lines[0]
    assert lines[1].split() == ["move", "win", "95%", "interval", "points", "95%", "interval"]
    # the same words as the notebooks' hint panel
    from cardlib.expert import hint
    from cardlib.records import replay
    from cardlib.widgets.hint import hint_html
    panel = hint_html(hint(replay(str(path))[0], budget=400))
    assert "Best first by expected points (fewer is better)" in panel
    # a finished record has nothing to hint; --at past its end is refused
    code, out, _ = cli(capsys, monkeypatch, ("play", "--game", "sari-cuce", "--players", "4", "--seed", "2",
                                              "--bots", "heuristic"))
    done = tmp_path / "done.json"
    done.write_text(out)
    code, out, err = cli(capsys, monkeypatch, ("hint", str(done)))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "the hand is over" in err
    code, out, err = cli(capsys, monkeypatch, ("hint", str(done), "--at", "9999"))
    assert code == 2 and out == "" and "--at 9999" in err
    code, out, err = cli(capsys, monkeypatch, ("hint", str(done), "--at", "3", "--budget", "200"))
    assert code == 0 and "best first by expected chips (more is better)" in out


def test_the_end_is_said_in_the_language_spoken(capsys, monkeypatch):
    """LANG=fr: the seats, the prompts and the end line in French (the end line was English before the
    outcome's words)."""
    base = ("play", "--game", "sari-cuce", "--players", "4", "--seed", "8")
    code, out, _ = cli(capsys, monkeypatch, base + ("--bots", "heuristic",))
    typed = seat_moves(json.loads(out), 1)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, err = cli(capsys, monkeypatch, base + ("--bots", "heuristic,human,heuristic,heuristic"),
                         "\n".join(typed) + "\n")
    assert code == 0
    end = err.strip().splitlines()[-1]
    assert end.startswith("La donne est finie : ") and "The hand is over" not in err


def test_a_person_with_standard_input_closed_is_refused(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    code = main(["play", "--game", "sari-cuce", "--players", "3", "--seed", "1", "--bots", "human,random,random"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "standard input, which is closed" in err
