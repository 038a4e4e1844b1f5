"""Team measures in a simulation's summary (docs/pairs.md, PY-P1, PY-P4, PY-P6): ``{t}`` measures of a
game's tally run over the table's teams, and a match table's team measures (win share, mean total) are
summarised too."""

import math

import pytest

from cardlib.prob import Z95
from cardlib.pisyedili import tally
from cardlib.simulate.stats import metric_rows

# four matches of four players in pairs, written by hand: team 0 wins two, team 1 one, one is shared
MATCHES = {
    "score_0": [4, 10, 5, 20], "score_1": [20, 5, 10, 5], "score_2": [6, 20, 15, 20], "score_3": [30, 15, 10, 5],
    "team_total_0": [10, 30, 20, 40], "team_total_1": [50, 20, 20, 10],
    "team_win_0": [1.0, 0.0, 0.5, 0.0], "team_win_1": [0.0, 1.0, 0.5, 1.0],
}


def _rows(table, players, per_seat):
    return {r["metric"]: r for r in metric_rows(table, players, tally.SERIES_SUMMARY, per_seat=per_seat)}


def test_team_match_measures_by_hand():
    rows = _rows(MATCHES, 4, per_seat=False)
    assert list(rows) == ["win share team 0", "win share team 1", "mean total team 0", "mean total team 1"]
    win0 = rows["win share team 0"]
    assert (win0["value"], win0["n"]) == (0.375, 4)              # (1 + 0 + 0.5 + 0) / 4
    # Wilson, z = 1.95996 (95 %): centre (p + z²/2n) / (1 + z²/n), half-width z/(1 + z²/n) · √(p(1-p)/n + z²/4n²)
    assert Z95 == pytest.approx(1.959964)
    p, n, z = 0.375, 4, 1.959964
    centre, half = (p + z * z / (2 * n)) / (1 + z * z / n), z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert (win0["low"], win0["high"]) == pytest.approx((centre - half, centre + half))
    assert (centre - half, centre + half) == pytest.approx((0.0919, 0.7806), abs=1e-4)
    assert rows["win share team 1"]["value"] == 0.625
    total0 = rows["mean total team 0"]
    assert total0["value"] == 25.0                               # (10 + 30 + 20 + 40) / 4
    # sample sd: √((15² + 5² + 5² + 15²) / 3) = √(500/3); 1.96 standard errors (of √4 = 2) each side
    half = 1.959964 * math.sqrt(500 / 3) / 2
    assert (total0["low"], total0["high"]) == pytest.approx((25 - half, 25 + half))
    assert rows["mean total team 1"]["value"] == 25.0            # (50 + 20 + 20 + 10) / 4


def test_team_measures_stop_at_the_teams_the_table_has():
    six = dict(MATCHES, team_total_2=[1, 2, 3, 4], team_win_2=[0, 0, 0, 0])
    assert "mean total team 2" in _rows(six, 6, per_seat=False)
    assert "mean total team 2" not in _rows(six, 4, per_seat=False)     # 4 players: teams 0 and 1
    solo = {k: v for k, v in MATCHES.items() if not k.startswith("team_")}
    assert _rows(solo, 4, per_seat=False) == {}                          # no partnerships, no team rows
    assert list(_rows(solo, 4, per_seat=True)) == [f"mean total score seat {k}" for k in range(4)]
    assert _rows(solo, 4, per_seat=True)["mean total score seat 0"]["value"] == 39 / 4


def test_a_simulated_team_match_summary_has_the_team_match_measures():
    from cardlib.simulate import simulate
    sim = simulate("pis-yedili", players=4, n=4, seed=5, bots="heuristic", partnerships=True, series=True,
                   deals_per_match=2, progress=False)
    g, summary = sim.series_table, sim.summary()
    for t in range(2):
        assert summary.loc[f"win share team {t}", "value"] == pytest.approx(g[f"team_win_{t}"].mean())
        assert summary.loc[f"mean total team {t}", "value"] == pytest.approx(g[f"team_total_{t}"].mean())
        assert summary.loc[f"win share team {t}", "n"] == 4
    assert summary.loc["win share team 0", "value"] + summary.loc["win share team 1", "value"] == pytest.approx(1)
    assert "win share team 2" not in summary.index
    plain = simulate("pis-yedili", players=4, n=2, seed=5, series=True, deals_per_match=2, progress=False)
    assert not any("team" in m for m in plain.summary().index)


def test_the_fast_engine_plays_pairs_with_the_reference_table_s_team_columns():
    from cardlib.simulate import simulate
    kw = dict(players=4, n=300, seed=7, partnerships=True, partner_goes_free=True, progress=False)
    fast = simulate("pis-yedili", engine="fast", **kw)
    ref = simulate("pis-yedili", engine="reference", **kw)
    team_cols = [c for c in ref.table.columns if c.startswith("team_")]
    assert team_cols == ["team_score_0", "team_score_1", "team_out_0", "team_out_1", "team_diff"]
    assert [c for c in fast.table.columns if c.startswith("team_")] == team_cols
    t = fast.table
    assert (t["team_score_0"] == t["score_0"] + t["score_2"]).all()
    assert (t["team_diff"] == t["team_score_0"] - t["team_score_1"]).all()
    won = t["winner"].notna()
    assert ((t["team_out_0"] + t["team_out_1"])[won] == 1).all() and ((t["team_out_0"] + t["team_out_1"])[~won] == 0).all()
    rows = fast.summary().index
    assert "mean score team 0" in rows and "out rate team 1" in rows
