"""The summary's sums without float copies (cardlib.simulate.stats._Sums) give the very floats of rate_row and
mean_row on the columns turned into floats (issue 23: the pipeline as fast as the kernel), and a summary
reads none of the columns a fast table makes when first read."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from cardlib.simulate import simulate
from cardlib.simulate.columns import Columns, TableView, _Lazy
from cardlib.simulate.stats import _Sums, mean_row, metric_rows, rate_row


def _table(n: int, seed: int) -> Columns:
    rng = np.random.default_rng(seed)
    t = Columns(nullable=("winner",))
    t["winner"] = rng.integers(-1, 4, n).astype(np.int8)
    t["net"] = rng.integers(-200, 200, n).astype(np.int32)
    t["moves"] = rng.integers(0, 3000, n).astype(np.int16)
    t["flag"] = rng.random(n) < 0.3
    t["out"] = (rng.random(n) < 0.6).astype(np.int8)               # a 0/1 integer column
    t["big"] = rng.integers(-2 ** 40, 2 ** 40, n)                 # int64: summed as floats (not exact)
    t["share"] = rng.random(n)
    for k in range(3):
        t[f"score_{k}"] = rng.integers(0, 3, n).astype(np.int32)
    return t


@pytest.mark.parametrize("n", [0, 1, 2, 7, 1000, 100_003])
def test_sums_are_the_float_rows(n):
    t = _table(n, n)
    view, sums = TableView(t), _Sums(TableView(t))
    for name in ("net", "moves", "flag", "big", "share"):
        want = mean_row(name, view.num(name))
        got = sums.mean_row(name, name)
        assert repr(got) == repr(want), name              # repr: nan == nan, and every bit of every float
    for name in ("flag", "out"):
        assert sums.rate_row(name, name) == rate_row(name, view.num(name))
    # the zero share (Pis Yedili's best-hand share) from the same seats
    spec = [("zero_share", "zero share seat {k}", "score_{k}")]
    plain = {f"score_{k}": t[f"score_{k}"] for k in range(3)}       # a mapping: the float path
    assert repr(metric_rows(view, 3, spec, per_seat=True)) == repr(metric_rows(plain, 3, spec, per_seat=True))


def test_ints_refuse_missing_and_floats():
    t = _table(10, 1)
    view = TableView(t)
    assert view.ints("winner") is None and view.ints("winner", missing=True) is t["winner"]
    assert view.ints("share") is None and view.ints("moves") is t["moves"]
    frame = pd.DataFrame({"w": pd.array([1, None, 2], dtype="Int64"), "m": [1, 2, 3]})
    assert TableView(frame).ints("w") is None and TableView(frame).ints("m").tolist() == [1, 2, 3]
    keep = np.array([True, False] * 5)
    assert TableView(t, keep).ints("moves").tolist() == t["moves"][keep].tolist()


@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_summary_reads_no_lazy_column(game):
    sim = simulate(game, players=4, n=500, seed=3, engine="fast", workers=1, progress=False)
    lazy = [k for k, v in dict.items(sim.data) if isinstance(v, _Lazy)]
    assert "hand" in lazy                        # the row numbers: made when read
    sim.summary_rows()
    assert sim.hands == 500
    assert [k for k, v in dict.items(sim.data) if isinstance(v, _Lazy)] == lazy
    assert sim.table["hand"].tolist() == list(range(500))     # and made right when read


def test_fast_chunks_make_no_reference_cycles():
    """python -m cardlib runs a fast simulation without the cyclic collector (cardlib/__main__.py): its
    chunks must leave nothing of theirs that only that collector would free (cycles of other tests'
    threads ending meanwhile, asyncio's for one, are not counted)."""
    import gc

    from cardlib.simulate.stream import simulate_summary

    def ours(o) -> bool:
        module = getattr(o, "__module__", None) or type(o).__module__ or ""
        return module.startswith(("cardlib", "numpy")) or isinstance(o, np.ndarray)

    for game in ("sari-cuce", "pis-yedili"):
        simulate_summary(game=game, n=200, engine="fast", workers=1, chunk=100)
        gc.collect()
        gc.disable()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            simulate_summary(game=game, n=2000, engine="fast", workers=1, chunk=100)
            gc.collect()
            assert [o for o in gc.garbage if ours(o)] == [], game
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()


@pytest.mark.parametrize("engine, on", [("fast", False), ("reference", True)])
def test_the_command_line_turns_the_collector_back_on(engine, on, capsys):
    import gc

    from cardlib.cli import main

    gc.disable()                  # as python -m cardlib starts
    try:
        assert main(["simulate", "--game", "sari-cuce", "--engine", engine, "--hands", "3", "--workers", "1",
                     "--json"]) == 0
        assert gc.isenabled() is on
        gc.disable()
        assert main(["simulate", "--game", "sari-cuce", "--engine", engine, "--hands", "3", "--workers", "1",
                     "--scheduler", "nowhere"]) == 2          # refused (bad address) after the collector is back
        assert gc.isenabled()
    finally:
        gc.enable()
    capsys.readouterr()
