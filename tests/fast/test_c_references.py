"""The C references of the bench (bench/c) still play the kernels' rules: a short run of the checks that
``make bench`` makes before it times them (C's tables equal the kernels', reference records replayed in
C give the reference results), so a change to a kernel, a codec or the C cannot silently break the bench."""

from __future__ import annotations

import shutil

import pytest

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")


@pytest.fixture(scope="module")
def exes(tmp_path_factory):
    from bench.c import driver
    return driver.build(out=tmp_path_factory.mktemp("c"))


@pytest.mark.parametrize("game, rules, players", [
    ("pis-yedili", {"preset": "classic"}, 4),
    ("pis-yedili", {"preset": "turkish"}, 3),
    ("pis-yedili", {"preset": "classic", "jokers_per_deck": 1, "aces_all_at_once": True}, 5),
    ("sari-cuce", {}, 4),
])
def test_c_tables_equal_the_kernels(exes, game, rules, players):
    from bench.c import driver
    driver.check_table(exes, game, 200, rules, players, seed=3)


def test_reference_records_replayed_in_c(exes):
    from bench.c import driver
    done = driver.check_replays(exes, scale=0.05)
    assert done["pis-yedili"] >= 18 and done["sari-cuce"] >= 10


def test_a_paired_timing_gives_a_ratio(exes):
    from bench.c import driver
    r = driver.paired(exes, "pis-yedili", 2000, {"preset": "classic"}, repeats=1)
    assert r["ratio"] > 0 and len(r["ratios"]) == 1 and r["ours_hands_per_s"] > 0
