"""The command line: replay, deal, play; bad input exits 2 with one line and no traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.cli import main
from cardlib.records import Record

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"


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
