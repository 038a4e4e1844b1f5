"""Hands that the 2,000-turn safety valve ends (Pis Yedili, PY-F5): a ``reason`` and a ``valve`` column
in both engines' tables, the valve rate always in the summary, and summaries with or without them."""

from __future__ import annotations

import numpy as np
import pytest

from cardlib.errors import InvalidOptionError
from cardlib.simulate import simulate


@pytest.fixture(scope="module")
def turkish():
    return simulate("pis-yedili", players=5, n=1500, seed=1, engine="fast", progress=False, preset="turkish")


def test_both_engines_give_the_reason_of_each_hand(turkish):
    ref = simulate("pis-yedili", players=4, n=30, seed=2, progress=False)
    for t in (ref.table, turkish.table):
        assert set(t["reason"]) <= {"out", "stock", "no_play", "safety_valve"}
        assert (t["valve"] == (t["reason"] == "safety_valve")).all()
        assert ((t["ended_by"] == "out") == (t["reason"] == "out")).all()
    assert turkish.table["valve"].sum() > 0                    # about one hand in eight at 5 players


def test_the_summary_always_reports_the_valve_rate_and_can_leave_those_hands_out(turkish):
    t = turkish.table
    rate = t["valve"].mean()
    assert turkish.valve_rate == pytest.approx(rate)
    keep, drop, only = (turkish.summary(v) for v in ("keep", "drop", "only"))
    for s in (keep, drop, only):
        assert s.loc["safety valve rate", "value"] == pytest.approx(rate)
        assert s.loc["safety valve rate", "n"] == len(t)
    assert keep.loc["mean moves per hand", "n"] == len(t)
    assert drop.loc["mean moves per hand", "n"] == (~t["valve"]).sum()
    assert only.loc["mean moves per hand", "n"] == t["valve"].sum()
    assert drop.loc["mean moves per hand", "value"] == pytest.approx(t.loc[~t["valve"], "moves"].mean())
    assert only.loc["stock ending rate", "value"] == 1.0       # a valve hand is scored as a stock ending
    with pytest.raises(InvalidOptionError, match="valve"):
        turkish.summary("ignore")
    assert turkish.to_dict("drop")["valve"] == "drop"


def test_sari_cuce_has_no_valve():
    sim = simulate("sari-cuce", players=4, n=50, seed=1, engine="fast", progress=False)
    assert sim.valve_rate is None and "safety valve rate" not in sim.summary().index


def test_matches_with_a_valve_hand_can_be_left_out():
    sim = simulate("pis-yedili", players=4, n=4, seed=3, series=True, progress=False)
    s = sim.summary("drop")
    bad = set(sim.table.loc[sim.table["valve"], "series"])
    assert s.loc["mean hands per match", "n"] == len(sim.series_table) - len(bad)
    assert np.isfinite(s.loc["safety valve rate", "value"])
