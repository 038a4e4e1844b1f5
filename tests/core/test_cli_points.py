"""The command line points of issue 14: an unseeded deal says its seed, ``replay -``, ``replay --check``
says ok, ``--version``, ``simulate --help`` shows 95%, rare rates keep their digits, no warnings at
start-up."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlib
from cardlib.cli import main
from cardlib.jsonio import source_name
from cardlib.records import Record
from cardlib.simulate.cli import _fmt

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "examples"


def run(*args: str, stdin: bytes | None = None, flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *flags, "-m", "cardlib", *args], input=stdin, capture_output=True,
                          timeout=120, cwd=ROOT)


@pytest.mark.parametrize("command", ["deal", "play"])
@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_deal_and_play_without_a_seed_say_the_fresh_seed_and_write_it(capsys, command, game):
    assert main([command, "--game", game, "--players", "4"]) == 0
    first = capsys.readouterr()
    m = re.fullmatch(r"cardlib: note: no --seed given, so a fresh one: seed (\d+) \(--seed \1 deals this hand "
                     r"again\)\n", first.err)
    assert m, first.err
    seed = int(m.group(1))
    rec = json.loads(first.out)
    assert rec["start"]["seed"] == seed
    assert main([command, "--game", game, "--players", "4", "--seed", str(seed)]) == 0
    again = capsys.readouterr()
    assert again.err == "" and json.loads(again.out) == rec          # the same hand, said and written
    assert Record.from_dict(rec).differences() == []
    assert main([command, "--game", game, "--players", "4"]) == 0
    fresh = json.loads(capsys.readouterr().out)["start"]["seed"]
    assert 0 <= fresh < 2**64 and fresh.__class__ is int           # a fresh seed each time: test_unseeded_deals_differ


def test_unseeded_deals_differ():
    seeds = set()
    for _ in range(3):
        proc = run("deal", "--game", "sari-cuce", "--players", "4")
        seeds.add(json.loads(proc.stdout)["start"]["seed"])
    assert len(seeds) > 1


def test_replay_dash_reads_standard_input():
    path = DATA / "pis-yedili-3p-preset-turkish.json"
    from_file = run("replay", str(path))
    from_stdin = run("replay", "-", stdin=path.read_bytes())
    assert from_stdin.returncode == 0 and from_stdin.stdout == from_file.stdout and from_stdin.stderr == b""
    bad = run("replay", "-", stdin=b"{")
    assert bad.returncode == 2 and bad.stderr.decode().startswith("cardlib: error: <stdin>: not JSON")


def test_replay_check_says_ok_or_what_differs(tmp_path, capsys):
    path = DATA / "sari-cuce-4p-default.json"
    assert main(["replay", "--check", "--json", str(path)]) == 0
    out = capsys.readouterr()
    assert out.err == f"cardlib: check: {source_name(path)}: ok, the stored end and result agree with a replay\n"
    json.loads(out.out)                       # stdout stays the record alone
    rec = json.loads(path.read_text())
    rec.pop("end"), rec.pop("result")
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(rec))
    assert main(["replay", "--check", str(bare)]) == 0
    assert capsys.readouterr().err == (f"cardlib: check: {source_name(bare)}: nothing to check: the record stores no end or "
                                       f"result (replay --json writes them)\n")
    rec["result"] = {"winner": 9}
    bare.write_text(json.dumps(rec))
    assert main(["replay", "--check", str(bare)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardlib: error: {source_name(bare)}: the stored end/result disagree with a replay: ")
    assert "result.winner: record has 9, replay gives 1" in err and err.count("\n") == 1


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0 and capsys.readouterr().out == f"cardlib {cardlib.__version__}\n"


def test_simulate_help_shows_95_percent_once():
    proc = run("simulate", "--help")
    text = " ".join(proc.stdout.decode().split())
    assert proc.returncode == 0 and "95% intervals" in text and "95%%" not in text


@pytest.mark.parametrize("x, text", [(0.00042, "0.000420"), (0.0025, "0.00250"), (0.0000123, "0.0000123"),
                                     (4.2e-7, "4.2e-07"), (0.0, "0.000"), (0.25, "0.250"), (0.012, "0.012"),
                                     (12.34, "12.3"), (-0.0031, "-0.00310"), (float("nan"), "-"), (None, "-")])
def test_rare_rates_keep_three_significant_digits(x, text):
    assert _fmt(x) == text


def test_the_opera_rate_is_not_shown_as_zero():
    # seed 4: one Opéra in 400 five-player hands (seeds 1, 2, 3 and 5 have none with the SplitMix64 deal)
    proc = run("simulate", "--game", "sari-cuce", "--players", "5", "--hands", "400", "--seed", "4")
    line = next(line for line in proc.stdout.decode().splitlines() if line.startswith("opera rate"))
    value = line.split()[2]
    significant = value.replace(".", "").lstrip("-0")
    assert float(value) > 0 and len(significant) >= 3, line        # 0.00250, not 0.003 (or 0.000 at 4 players)


@pytest.mark.parametrize("args", [
    ["--version"], ["--help"], ["replay", str(DATA / "sari-cuce-4p-default.json")],
    ["deal", "--game", "pis-yedili", "--players", "3", "--seed", "1"],
    ["play", "--game", "sari-cuce", "--players", "3", "--seed", "1"],
    ["simulate", "--game", "pis-yedili", "--players", "3", "--hands", "3"],
    ["simulate", "--game", "sari-cuce", "--players", "3", "--hands", "3", "--engine", "fast"],
], ids=lambda a: a[0])
def test_no_deprecation_warnings_at_start_up(args):
    proc = run(*args, flags=("-W", "error::DeprecationWarning", "-W", "error::PendingDeprecationWarning",
                             "-W", "error::FutureWarning"))
    err = proc.stderr.decode()
    assert proc.returncode == 0 and "Warning" not in err and "Traceback" not in err, err


def test_jupyterlab_starts_without_news_or_update_pop_ups():
    settings = json.loads((ROOT / "tools" / "lab_settings.json").read_text())
    notification = settings["@jupyterlab/apputils-extension:notification"]
    assert notification["fetchNews"] == "false" and notification["checkForUpdates"] is False
    assert "tools/lab_settings.json $(LAB_SETTINGS)" in (ROOT / "Makefile").read_text()
