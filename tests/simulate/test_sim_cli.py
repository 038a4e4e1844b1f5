"""``python -m cardlib simulate``: the subcommand's parser, its JSON, its errors."""

import argparse
import json
import subprocess
import sys

import pytest

from cardlib.errors import CardlibError, InvalidOptionError
from cardlib.simulate.cli import add_parser, run


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["simulate", *argv])


def test_defaults_and_registration():
    args = parse("--game", "sari-cuce")
    assert (args.players, args.hands, args.games, args.seed, args.bots, args.engine, args.json) == (
        4, None, None, 0, "random", "reference", False)
    assert args.func is run


def test_json_summary_fields(capsys):
    args = parse("--game", "pis-yedili", "--players", "3", "--hands", "25", "--seed", "4", "--json")
    assert run(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["n"] == 25 and out["hands"] == 25
    assert out["seconds"] > 0 and out["hands_per_second"] > 0
    assert out["game"] == "pis-yedili" and out["players"] == 3 and out["seed"] == 4
    assert out["bots"] == ["random"] * 3 and out["engine"] == "reference"
    for k in range(3):
        row = out["summary"][f"went out rate seat {k}"]   # Pis Yedili's winner column is who went out
        assert f"win rate seat {k}" not in out["summary"]
        assert row["low"] <= row["value"] <= row["high"]


def test_json_is_seeded(capsys):
    run(parse("--game", "sari-cuce", "--hands", "15", "--seed", "3", "--json"))
    a = json.loads(capsys.readouterr().out)
    run(parse("--game", "sari-cuce", "--hands", "15", "--seed", "3", "--json"))
    b = json.loads(capsys.readouterr().out)
    assert a["summary"] == b["summary"]


def test_options_bots_and_series(capsys):
    args = parse("--game", "sari-cuce", "--hands", "3", "--bots", "heuristic", "--series",
                 "--option", "hands_limit=2", "--option", "stall_rule=skip_rank", "--json")
    assert run(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == {"players": 4, "hands_limit": 2, "stall_rule": "skip_rank"}
    assert out["series"] is True and out["hands"] <= 6
    assert "win share seat 0" in out["summary"]


def test_game_mode_is_the_old_name_of_series_with_a_note(capsys):
    """Issue 23: --game-mode plays whole games or matches as --series does, and says on stderr that it will go."""
    argv = ("--game", "sari-cuce", "--hands", "3", "--seed", "2", "--option", "hands_limit=2", "--json")
    assert run(parse(*argv, "--series")) == 0
    new, new_err = capsys.readouterr()
    assert run(parse(*argv, "--game-mode")) == 0
    old, old_err = capsys.readouterr()
    assert json.loads(old)["summary"] == json.loads(new)["summary"] and json.loads(old)["series"] is True
    assert new_err == "" and old_err.count("\n") == 1
    assert "--game-mode is deprecated" in old_err and "write --series" in old_err
    out = json.loads(new)                    # the old JSON keys stay for old readers
    assert (out["game_mode"], out["games"], out["n"]) == (True, 3, 3)


def test_readable_summary(capsys):
    assert run(parse("--game", "sari-cuce", "--players", "5", "--hands", "20")) == 0
    out = capsys.readouterr().out
    assert out.startswith("sari-cuce: 20 hands, 5 players")
    assert "win rate seat 4" in out and "95% interval" in out and "hands/s" in out


@pytest.mark.parametrize("argv, words", [
    (("--game", "sari-cuce", "--players", "9"), "players=9"),
    (("--game", "sari-cuce", "--hands", "0"), "n=0"),
    (("--game", "sari-cuce", "--bots", "clever"), "'clever'"),
    (("--game", "sari-cuce", "--option", "stall_rule"), "name=value"),
    (("--game", "sari-cuce", "--option", "players=3"), "--players"),
    (("--game", "pis-yedili", "--option", "preset=german"), "german"),
    (("--game", "sari-cuce", "--dealer", "left"), "--dealer 'left'"),
])
def test_bad_input_raises_a_cardlib_error(argv, words):
    with pytest.raises(CardlibError) as info:
        run(parse(*argv))
    assert words in str(info.value)


def test_fast_engine_is_explicit():
    try:
        run(parse("--game", "sari-cuce", "--hands", "5", "--engine", "fast", "--json"))
    except InvalidOptionError as exc:
        assert "fast" in str(exc)


@pytest.mark.process
def test_python_m_cardlib_simulate_json():
    proc = subprocess.run([sys.executable, "-m", "cardlib", "simulate", "--game", "sari-cuce", "--players", "4",
                           "--hands", "30", "--seed", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["n"] == 30 and out["seconds"] > 0 and out["hands_per_second"] > 0


@pytest.mark.process
def test_python_m_cardlib_simulate_bad_option_exits_2():
    proc = subprocess.run([sys.executable, "-m", "cardlib", "simulate", "--game", "sari-cuce", "--hands", "3",
                           "--option", "doubling=maybe"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.startswith("cardlib: error:") and "doubling" in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_games_is_a_deprecated_alias_of_hands_and_says_so(capsys):
    assert run(parse("--game", "sari-cuce", "--games", "4", "--seed", "3", "--json")) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["hands"] == 4
    assert err.count("\n") == 1 and "--games is deprecated" in err and "--hands" in err
    with pytest.raises(InvalidOptionError, match="--hands only"):
        run(parse("--game", "sari-cuce", "--games", "4", "--hands", "4"))


def test_a_slow_series_rate_is_not_shown_as_zero():
    from cardlib.simulate.cli import _rate
    assert (_rate(0.0715), _rate(3.0), _rate(12.4), _rate(12_345.6), _rate(float("inf"))) == (
        "0.0715", "3", "12", "12,346", "inf")
