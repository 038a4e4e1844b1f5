"""What the second, independent bad-input run against the command line found (issue 16), each now one line
and exit 2 before any work: a player count too big to make a list of, a scheduler address that is not one,
fast-engine chips beyond 32 bits, a match long enough to fill the memory, a seed outside 0 .. 2**64 - 1 in
simulate, ``--valve`` for a game without a safety valve, and a null dealer taken for the default."""

from __future__ import annotations

import pytest

from ._support import cli, record, write

HUGE = str(10**30)


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--game", "sari-cuce", "--players", HUGE, "--hands", "10"], ("players=",)),
    (["simulate", "--game", "pis-yedili", "--engine", "fast", "--players", HUGE, "--hands", "10"], ("players=",)),
    (["simulate", "--game", "sari-cuce", "--hands", "10", "--scheduler", "bogus"], ("scheduler=", "'bogus'")),
    (["simulate", "--game", "pis-yedili", "--hands", "10", "--scheduler", "http://x"], ("scheduler=",)),
    (["simulate", "--game", "sari-cuce", "--engine", "fast", "--hands", "10", "--series",
      "--option", "starting_chips=2147483648"], ("starting_chips=2147483648", "32 bits")),
    (["simulate", "--game", "pis-yedili", "--series", "--hands", "1", "--workers", "1",
      "--option", "deals_per_match=1000000000000000"], ("deals_per_match=", "at most 10,000")),
    (["simulate", "--game", "sari-cuce", "--hands", "10", "--option", "hands_limit=100000"], ("hands_limit=",)),
    (["simulate", "--game", "sari-cuce", "--hands", "10", "--seed", "-1"], ("seed=-1",)),
    (["simulate", "--game", "pis-yedili", "--hands", "10", "--seed", str(2**64)], ("seed",)),
    (["simulate", "--game", "sari-cuce", "--hands", "10", "--valve", "drop"], ("valve='drop'", "Sarı Cüce")),
])
def test_refused_with_one_line(argv, words):
    run = cli(*argv)
    assert run.code == 2 and run.out == "", run.err
    assert run.err.count("\n") == 1 and "Traceback" not in run.err, run.err
    assert all(w in run.error for w in words), run.err


def test_the_valve_still_works_where_there_is_one():
    run = cli("simulate", "--game", "pis-yedili", "--hands", "20", "--valve", "drop")
    assert run.code == 0, run.err


@pytest.mark.parametrize("name", ["sari-cuce-4p-default.json", "pis-yedili-4p-preset-classic.json"])
def test_a_null_dealer_is_not_the_default(tmp_path, name):
    rec = record(name)
    rec["start"]["dealer"] = None
    run = cli("replay", str(write(tmp_path / "null-dealer.json", rec)))
    assert run.code == 2 and "dealer" in run.error, run.err
