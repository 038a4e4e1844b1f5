"""simulate(..., workers=N): the hands (or games) split over processes give exactly the table of one
process, for both engines and both games; parts in one process too; Ctrl-C's message; the seed offset
that splits the fast Pis Yedili runs."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import subprocess
import sys
import time

import re

import numpy as np
import pandas as pd
import pytest

from cardlib.errors import InvalidOptionError
from cardlib.seeds import hand_seed
from cardlib.simulate import parallel, simulate

CASES = [
    dict(game="sari-cuce", engine="fast", n=3000),
    dict(game="sari-cuce", engine="fast", n=60, series=True, hands_limit=3),
    dict(game="sari-cuce", engine="fast", n=2000, allow_voluntary_stop=True, stall_rule="skip_rank"),
    dict(game="pis-yedili", engine="fast", n=3000),
    dict(game="pis-yedili", engine="fast", n=200, preset="turkish"),
    dict(game="sari-cuce", n=30),
    dict(game="sari-cuce", n=4, series=True),
    dict(game="pis-yedili", n=20),
    dict(game="pis-yedili", n=2, series=True),
    dict(game="sari-cuce", n=16, dealer="rotate", bots="heuristic,random,random,random"),
]


def _same(a, b):
    pd.testing.assert_frame_equal(a.table, b.table)
    if a.series_table is not None:
        pd.testing.assert_frame_equal(a.series_table, b.series_table)


@pytest.mark.parametrize("kw", CASES, ids=lambda kw: "-".join(str(v) for v in kw.values()))
def test_two_workers_give_the_table_of_one(kw):
    one = simulate(players=4, seed=11, progress=False, workers=1, **kw)
    two = simulate(players=4, seed=11, progress=False, workers=2, **kw)
    _same(one, two)
    assert one.extra["workers"] == 1 and two.extra["workers"] == 2


def test_workers_from_a_forkserver_too(monkeypatch):
    """Where fork is not used (threads, as in Jupyter; macOS) the workers start from a forkserver."""
    if "forkserver" not in mp.get_all_start_methods():
        pytest.skip("no forkserver here")
    monkeypatch.setattr(parallel, "_context", lambda: mp.get_context("forkserver"))
    kw = dict(game="sari-cuce", engine="fast", n=500)
    _same(simulate(players=4, seed=2, progress=False, workers=1, **kw),
          simulate(players=4, seed=2, progress=False, workers=2, **kw))


def test_one_process_plays_long_runs_in_parts_with_the_same_table(monkeypatch):
    from cardlib.simulate import fast as sim_fast
    for kw in (dict(game="sari-cuce", n=1000), dict(game="pis-yedili", n=1000),
               dict(game="sari-cuce", n=40, series=True)):
        whole = simulate(players=4, seed=5, progress=False, workers=1, engine="fast", **kw)
        for k in (sim_fast.kernel("sari-cuce"), sim_fast.kernel("pis-yedili")):
            monkeypatch.setattr(k, "part_hands", 150)
        monkeypatch.setattr(sim_fast, "PART_SERIES", 7)
        parts = simulate(players=4, seed=5, progress=False, workers=1, engine="fast", **kw)
        monkeypatch.undo()
        _same(whole, parts)


@pytest.mark.parametrize("series", [False, True])
def test_first_starts_a_run_later(series):
    """One way to start at hand (game) a: ``first=a`` plays the last rows of the longer run, from any seed
    (the summary-only run's chunks start this way)."""
    for seed in (0, 2**63 - 1, 2**64 - 1):
        whole = simulate("sari-cuce", n=6, seed=seed, progress=False, workers=1, series=series).table
        tail = simulate("sari-cuce", n=2, seed=seed, first=4, progress=False, workers=1, series=series).table
        cols = [c for c in whole.columns if c != "hand"] if series else list(whole.columns)
        last = whole[whole["series"] >= 4] if series else whole.iloc[4:]
        assert tail[cols].reset_index(drop=True).equals(last[cols].reset_index(drop=True))
    assert not hasattr(parallel, "offset_seed")      # the second way (its own SplitMix copy) is gone


def test_a_part_from_a_first_hand_is_the_rows_of_a_longer_run():
    from cardlib.pisyedili import kernel as py_kernel
    from cardlib.saricuce import kernel as sc_kernel
    for sim in (sc_kernel.simulate, py_kernel.simulate):
        whole = sim(40, players=4, seed=2**63 - 1)
        part = sim(15, players=4, seed=2**63 - 1, first=25)
        for k in whole:
            assert np.array_equal(part[k], whole[k][25:]), (sim.__module__, k)
        assert part["seed"][0] == hand_seed(2**63 - 1, 25)


def test_plan_and_workers_argument():
    assert parallel.plan(10, 3) == [(0, 3), (3, 6), (6, 10)]
    assert parallel.plan(2, 8) == [(0, 1), (1, 2)]
    assert parallel.default_workers() >= 1
    with pytest.raises(InvalidOptionError, match="workers"):
        simulate("sari-cuce", n=5, workers=0, progress=False)


def test_bots_that_do_not_pickle_stay_in_one_process():
    class Local:                              # a class defined in a function does not pickle
        def __init__(self):
            from cardlib.saricuce.bots import RandomBot
            self.bot = RandomBot(1)

        def choose(self, hand):
            return self.bot.choose(hand)

    bots = [Local() for _ in range(4)]
    sim = simulate("sari-cuce", players=4, n=3, bots=bots, progress=False)
    assert sim.extra["workers"] == 1
    with pytest.raises(InvalidOptionError, match="pickle"):
        simulate("sari-cuce", players=4, n=3, bots=bots, progress=False, workers=2)


def test_the_interruption_says_how_far_it_got():
    e = parallel.SimulationInterrupted(3, 8, 37_500, 100_000, "hands")
    assert isinstance(e, KeyboardInterrupt)
    assert "3 of 8 parts" in str(e) and "37,500 of 100,000 hands" in str(e) and "worker" in str(e)
    assert str(parallel.SimulationInterrupted(0, 1, 12, 200, "hands")) == "interrupted (after 12 of 200 hands); nothing written"


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc")
def test_ctrl_c_stops_every_worker_with_one_line():
    """What a terminal's Ctrl-C does (SIGINT to the whole process group) during a 2-worker run."""
    proc = subprocess.Popen([sys.executable, "-m", "cardlib", "simulate", "--game", "sari-cuce", "--engine", "fast",
                             "--hands", "50000000", "--workers", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=_default_sigint)
    deadline = time.time() + 60
    while time.time() < deadline and len(_children(proc.pid)) < 2:   # both workers started
        time.sleep(0.2)
    workers = _children(proc.pid)
    assert len(workers) >= 2
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and err.strip().count("\n") == 0, err
    # how far: the parts done, or (a loaded machine, the signal while the workers start) none yet
    assert "interrupted" in err and ("of 50,000,000 hands" in err or "before the first hand was done" in err), err
    time.sleep(0.5)
    assert not [p for p in workers if os.path.exists(f"/proc/{p}") and "zombie" not in _state(p)]


def _default_sigint() -> None:
    """In the child, Ctrl-C's default action, whatever the test run inherited (a background job ignores
    SIGINT, and a child that starts ignoring it never sees it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children(pid: int) -> list[int]:
    try:
        text = open(f"/proc/{pid}/task/{pid}/children").read()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _state(pid: int) -> str:
    try:
        return open(f"/proc/{pid}/status").read().lower()
    except OSError:
        return "zombie"


# ------------------------------------------------------------------------------------------- issue 16
def test_a_table_that_cannot_fit_is_refused_before_any_work():
    """Refused from the sizes alone: played, 10**12 hands would never end (and never fit)."""
    from cardlib.errors import InvalidOptionError
    for game in ("sari-cuce", "pis-yedili"):
        with pytest.raises(InvalidOptionError, match=r"n=1,000,000,000,000 hands: .* memory available; about [\d,]+ hands fit"):
            simulate(game, players=4, n=10**12, engine="fast", progress=False, workers=1)
        with pytest.raises(InvalidOptionError, match=r"n=1,000,000,000,000 hands: .* memory available"):
            simulate(game, players=4, n=10**12, engine="reference", progress=False, workers=1)
    with pytest.raises(InvalidOptionError, match=r"n=1,000,000,000,000 games: .* hand rows"):
        simulate("sari-cuce", players=4, n=10**12, engine="fast", series=True, progress=False, workers=1)


def test_the_memory_check_counts_what_the_run_keeps():
    from cardlib.errors import InvalidOptionError
    from cardlib.simulate.limits import check_fits
    check_fits("n=10", 10, "hands", 100, available=1000)
    with pytest.raises(InvalidOptionError, match=r"^n=11: the table of 11 hands would take about 1 kB .* about 10 hands fit"):
        check_fits("n=11", 11, "hands", 100, available=1000)


@pytest.mark.process
def test_a_huge_run_on_the_command_line_exits_2_with_one_line():
    proc = subprocess.run([sys.executable, "-m", "cardlib", "simulate", "--game", "pis-yedili", "--engine", "fast",
                           "--hands", "100000000000000"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("cardlib: error: n=100,000,000,000,000 hands: ") and proc.stderr.count("\n") == 1


_INTERRUPTED_RUN = """
import sys
from cardlib.simulate import simulate
from cardlib.simulate.parallel import SimulationInterrupted
simulate("pis-yedili", players=4, n=1000, engine="fast", workers=1, progress=False)   # kernels loaded
print("ready", flush=True)
try:
    simulate("pis-yedili", players=4, n=5_000_000, engine="fast", workers=1, progress=False)
except SimulationInterrupted as exc:
    print(exc, flush=True)
    sys.exit(130)
"""


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals to a child process")
def test_ctrl_c_stops_a_one_process_fast_run_within_a_second_and_says_how_far():
    """A compiled loop cannot see Ctrl-C: the run goes in parts of about a third of a second."""
    proc = subprocess.Popen([sys.executable, "-c", _INTERRUPTED_RUN], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
    assert proc.stdout.readline() == "ready\n"
    time.sleep(1.5)                    # parts running
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "", err
    done = re.fullmatch(r"interrupted \((\d+) of (\d+) parts were done: [\d,]+ of 5,000,000 hands\); "
                        r"nothing written\n", out)
    assert done, out
    # it stopped between parts, long before the end (no wall-clock bound here: the machine may be shared;
    # a part's CPU time is checked below, and the benchmark times the rest)
    assert int(done.group(1)) < int(done.group(2)), out


@pytest.mark.parametrize("game, rules", [("sari-cuce", {}), ("pis-yedili", {"preset": "classic"}),
                                         ("pis-yedili", {"preset": "turkish"})])
def test_one_part_of_a_fast_run_takes_well_under_a_second(game, rules):
    """What makes Ctrl-C quick: the kernel returns to Python after each part (CPU time: a shared
    machine does not change it)."""
    from cardlib import _fast as fast
    from cardlib.simulate import fast as sim_fast
    size = sim_fast._part_size(game, 4, {"players": 4, **rules}, False)
    fast.simulate(game, 100, players=4, seed=1, rules=rules)
    best = float("inf")
    for seed in (2, 3):
        c0 = time.process_time()
        fast.simulate(game, size, players=4, seed=seed, rules=rules)
        best = min(best, time.process_time() - c0)
    assert best < 0.7, (game, rules, size, best)
