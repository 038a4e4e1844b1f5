"""Issue 25: the command line's player-facing output follows LC_ALL, LC_MESSAGES, LANG; its error lines
stay English (docs/languages.md)."""

import pytest

from cardlib.cli import main


@pytest.fixture
def record(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["play", "--game", "sari-cuce", "--players", "4", "--seed", "5"]) == 0
    path = tmp_path / "hand.json"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    return path


@pytest.mark.parametrize("env,want", [
    ({"LANG": "C.UTF-8"}, "deals 12 cards to each player"),
    ({"LANG": "fr_FR.UTF-8"}, "distribue 12 cartes à chaque joueur"),
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "tr_TR.UTF-8"}, "herkese 12 kart dağıtır"),
    ({"LANG": "tr_TR.UTF-8", "LC_ALL": "pl_PL.UTF-8"}, "rozdaje każdemu 12 kart"),
    ({"LANG": "de_DE.UTF-8"}, "deals 12 cards to each player"),
])
def test_replay_narrates_in_the_environment_language(record, monkeypatch, capsys, env, want):
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert want in out.splitlines()[1]
    assert out.splitlines()[0].startswith("sari-cuce hand, 4 players")      # the record's own header


def test_error_lines_stay_english(record, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["hint", str(record), "--at", "999"]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    assert got.err.startswith("cardlib: error: --at 999:") and "moves" in got.err
