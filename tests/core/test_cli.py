"""The command line: replay, deal, play; bad input exits 2 with one line and no traceback."""

import copy
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.cli import main
from cardlib.games import find_game
from cardlib.jsonio import source_name
from cardlib.records import Record

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"
TEACHING = Path(__file__).resolve().parents[1] / "data" / "positions" / "sari-cuce-teaching-position.json"
#: the teaching position as it would be in a real hand: played in playing order, the chips adding up
TRUE_START = {"played": "9H 10H JS QH KS 3C 4C 5C 6D 7D", "chips": [100, 85, 85],
              "board": {"10D": 3, "JC": 6, "QS": 9, "KH": 12, "7D": 0}}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardlib", *args], capture_output=True, text=True, timeout=120)


def test_replay_prints_one_event_a_line(capsys):
    assert main(["replay", str(DATA / "sari-cuce-4p-default.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("sari-cuce hand, 4 players")
    assert len(out) > 34  # at least one line per card played


def test_replay_json_is_the_completed_record(capsys):
    path = DATA / "pis-yedili-3p-preset-turkish.json"
    assert main(["replay", str(path), "--json"]) == 0
    done = json.loads(capsys.readouterr().out)
    stored = json.loads(path.read_text())
    assert done["result"] == stored["result"]
    assert Record.from_dict(done).differences() == []


@pytest.mark.parametrize("game, players", [("sari-cuce", 4), ("pis-yedili", 3)])
def test_deal_is_seeded(capsys, game, players):
    assert main(["deal", "--game", game, "--players", str(players), "--seed", "7"]) == 0
    first = capsys.readouterr().out
    assert main(["deal", "--game", game, "--players", str(players), "--seed", "7"]) == 0
    assert capsys.readouterr().out == first
    rec = json.loads(first)
    assert rec["game"] == game and rec["moves"] == [] and len(rec["start"]["hands"]) == players


@pytest.mark.parametrize("game, extra", [("sari-cuce", []), ("pis-yedili", []),
                                         ("pis-yedili", ["--option", "preset=turkish"]),
                                         ("sari-cuce", ["--option", "stall_rule=skip_rank", "--bots", "heuristic"])])
def test_play_prints_a_complete_record(capsys, game, extra):
    assert main(["play", "--game", game, "--players", "4", "--seed", "3", *extra]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["result"] is not None and rec["end"]["to_act"] is None
    again = Record.from_dict(rec)
    assert again.differences() == []


@pytest.mark.parametrize("args, words", [
    (["replay", "no-such-file.json"], "no-such-file.json"),
    (["deal", "--game", "sari-cuce", "--players", "9"], "9"),
    (["deal", "--game", "pis-yedili", "--players", "4", "--option", "preset=german"], "german"),
    (["deal", "--game", "pis-yedili", "--players", "4", "--option", "colour"], "name=value"),
    (["deal", "--game", "chess", "--players", "4"], "chess"),
    (["play", "--game", "sari-cuce", "--players", "4", "--bots", "genius"], "genius"),
    (["frobnicate"], "frobnicate"),
    # a misspelt option is named, before the options it left out (argparse alone says "--game is required")
    (["deal", "--gmae", "sari-cuce"], "unrecognized option '--gmae' (did you mean --game?)"),
    (["simulate", "--game", "sari-cuce", "--hnads", "5"], "'--hnads' (did you mean --hands?)"),
    (["--verison"], "'--verison' (did you mean --version?)"),
    # an option is spelled whole: argparse's prefixes would take "--gam" for "--game" and "--play" for "--players"
    (["deal", "--gam", "sari-cuce", "--players", "4"], "'--gam'"),
    (["deal", "--game", "sari-cuce", "--play", "4"], "--play"),
    (["deal", "--game", "sari-cuce", "--players", "4", "extra"], "unrecognized arguments: extra"),
    # a value with a space is a value (argparse's own rule), not a misspelt option: what is missing is said
    (["deal", "--players", "4", "--option", "-a b"], "the following arguments are required: --game"),
    # a guess never names an old, hidden option name (--game-mode is --series now, --games is --hands)
    (["simulate", "--game", "pis-yedili", "--game-mod"], "unrecognized option '--game-mod' (did you mean --game?)"),
])
def test_bad_input_exits_2_with_one_line(args, words):
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and words in lines[0]


def test_bad_record_exits_2_and_names_the_move(tmp_path):
    rec = json.loads((DATA / "sari-cuce-4p-default.json").read_text())
    rec["moves"][5] = "KS"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    proc = run("replay", str(bad))
    assert proc.returncode == 2 and proc.stdout == ""
    line = proc.stderr.strip()
    assert "\n" not in line and "move 6" in line and "'KS'" in line and str(bad) in line


def test_replay_check_catches_a_wrong_stored_result(tmp_path, capsys):
    rec = json.loads((DATA / "pis-yedili-4p-preset-classic.json").read_text())
    assert main(["replay", str(DATA / "pis-yedili-4p-preset-classic.json"), "--check"]) == 0
    rec["result"]["scores"] = [1, 2, 3, 4]
    bad = tmp_path / "wrong.json"
    bad.write_text(json.dumps(rec))
    capsys.readouterr()
    assert main(["replay", str(bad), "--check"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "result.scores" in err and "[1, 2, 3, 4]" in err


def test_output_into_a_closed_pipe_is_not_an_error(monkeypatch, capsys):
    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["replay", str(DATA / "sari-cuce-8p-default.json")]) == 0   # e.g. `... | head -2`
    assert capsys.readouterr().err == ""


# -- hand-written positions: warnings on stderr, --strict refuses them ----------------------------------
def teaching_record(**start) -> dict:
    rec = json.loads(TEACHING.read_text(encoding="utf-8"))
    rec["start"].update(copy.deepcopy(start))
    return rec


def warnings_of(stderr: str, path) -> list[str]:
    """The warning lines, each checked to be ``cardlib: warning: FILE: start: FIELD: ...``; their fields."""
    prefix = f"cardlib: warning: {source_name(path)}: start: "
    lines = stderr.splitlines()
    assert all(line.startswith(prefix) for line in lines), stderr
    return [line.removeprefix(prefix).split(":")[0] for line in lines]


def test_replay_of_a_hand_written_position_warns_and_exits_0():
    proc = run("replay", str(TEACHING))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert warnings_of(proc.stderr, TEACHING) == ["board", "chips", "played"]
    assert "QS box holds 5 chips, less than this hand's stakes (3 x 3 = 9, NJ-06)" in proc.stderr
    assert "Ada takes the Q♠ box: 5 chips." in proc.stdout.splitlines()


def test_replay_strict_refuses_a_hand_written_position_with_one_line():
    proc = run("replay", "--strict", str(TEACHING))
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"cardlib: error: {source_name(TEACHING)}: start: strict: ")
    assert "QS box holds 5 chips" in lines[0] and "NJ-28" in lines[0]


@pytest.mark.parametrize("start, field, words", [
    # the QS box below this hand's stakes (the chips still add up)
    (dict(TRUE_START, chips=[106, 85, 85], board=dict(TRUE_START["board"], QS=3)), "board",
     "the QS box holds 3 chips, less than this hand's stakes"),
    # the played cards listed by suit, ending with KS, while needed and last are given
    (dict(TRUE_START, played="3C 4C 5C 6D 7D 9H 10H QH JS KS"), "played", "not in a playing order"),
], ids=["box-below-stakes", "played-by-suit"])
def test_the_hand_written_examples_replay_with_a_warning(tmp_path, capsys, start, field, words):
    path = tmp_path / "teacher.json"
    path.write_text(json.dumps(teaching_record(**start)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    err = capsys.readouterr().err
    assert warnings_of(err, path) == [field] and words in err
    assert main(["replay", "--strict", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("cardlib: error: ") and words in err


def test_the_true_teaching_position_has_no_warnings(tmp_path, capsys):
    path = tmp_path / "true.json"
    path.write_text(json.dumps(teaching_record(**TRUE_START)), encoding="utf-8")
    assert main(["replay", "--strict", str(path)]) == 0
    assert capsys.readouterr().err == ""


def test_replay_json_and_check_with_warnings(tmp_path, capsys):
    assert main(["replay", "--json", str(TEACHING)]) == 0
    captured = capsys.readouterr()
    done = json.loads(captured.out)                      # stdout is the record alone
    assert warnings_of(captured.err, TEACHING) == ["board", "chips", "played"]
    assert done["end"]["to_act"] == 0 and done["end"]["chips"] == [109, 86, 86]
    path = tmp_path / "done.json"
    path.write_text(json.dumps(done), encoding="utf-8")
    assert main(["replay", "--check", str(path)]) == 0
    done["end"]["chips"] = [110, 86, 85]
    path.write_text(json.dumps(done), encoding="utf-8")
    assert main(["replay", "--check", str(path)]) == 2
    assert "end.chips" in capsys.readouterr().err.splitlines()[-1]


def _takes_strict(game: str) -> bool:
    return "strict" in inspect.signature(find_game(game).hand.from_start).parameters


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_replay_strict_takes_every_worked_hand(path, capsys):
    rec = Record.load(path)
    if not _takes_strict(rec.game):
        pytest.skip(f"{rec.game}: its Hand.from_start does not take strict= yet")
    assert main(["replay", "--strict", "--check", str(path)]) == 0
    assert capsys.readouterr().err == f"cardlib: check: {source_name(path)}: ok, the stored end and result agree with a replay\n"
