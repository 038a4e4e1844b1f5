"""cardlib.simulate: seeded, chunk-independent tables; chips conserved (NJ-28); summaries with intervals."""

import math

import numpy as np
import pandas as pd
import pytest

from cardlib.errors import CardlibError, InvalidOptionError, PlayerCountError
from cardlib.simulate import EngineUnavailableError, Simulation, simulate

GAMES = [("sari-cuce", 4), ("pis-yedili", 4)]


@pytest.mark.parametrize("game, players", GAMES)
def test_same_seed_same_table(game, players):
    a = simulate(game, players=players, n=30, seed=5, progress=False)
    b = simulate(game, players=players, n=30, seed=5, progress=False)
    pd.testing.assert_frame_equal(a.table, b.table)
    c = simulate(game, players=players, n=30, seed=6, progress=False)
    assert not a.table["seed"].equals(c.table["seed"])


@pytest.mark.parametrize("game, players", GAMES)
def test_hand_i_does_not_depend_on_how_many_hands_run(game, players):
    """Hand i is seeded from (seed, i): the first 10 of 25 hands are the 10 hands of a shorter run."""
    short = simulate(game, players=players, n=10, seed=11, progress=False).table
    long = simulate(game, players=players, n=25, seed=11, progress=False).table
    pd.testing.assert_frame_equal(short, long.iloc[:10])


@pytest.mark.parametrize("game, players", [("sari-cuce", 3), ("sari-cuce", 5), ("pis-yedili", 2), ("pis-yedili", 6)])
def test_one_row_per_hand_and_its_columns(game, players):
    sim = simulate(game, players=players, n=12, seed=1, progress=False)
    assert isinstance(sim, Simulation)
    t = sim.table
    assert len(t) == 12 == sim.hands == sim.n
    assert list(t["hand"]) == list(range(12))
    for col in ("hand", "seed", "dealer", "winner", "moves"):
        assert col in t.columns
    assert (t["moves"] > 0).all()
    assert (t["dealer"] == players - 1).all()
    assert sim.seconds > 0 and sim.hands_per_second > 0
    per_seat = "chips_" if game == "sari-cuce" else "score_"
    assert [c for c in t.columns if c.startswith(per_seat)] == [f"{per_seat}{k}" for k in range(players)]


@pytest.mark.parametrize("game, bots", [("sari-cuce", "random"), ("pis-yedili", "heuristic,random,random")])
def test_seed_column_replays_the_hand(game, bots):
    """A row's seed is its hand seed: it deals the hand and seeds its bots (bot_seed(seed, seat))."""
    from cardlib.games import find_game
    from cardlib.seeds import hand_seed
    from cardlib.series import play_to_end, seat_bots

    spec = find_game(game)
    sim = simulate(game, players=3, n=3, seed=2, bots=bots, progress=False)
    row = sim.table.iloc[2]
    assert row["seed"] == hand_seed(2, 2)
    hand = spec.hand.deal(spec.make_rules({"players": 3}), seed=int(row["seed"]), dealer=int(row["dealer"]))
    play_to_end(hand, seat_bots(spec, bots, int(row["seed"]), 3))
    assert hand.result().winner == row["winner"]
    assert len(hand.move_stack) == row["moves"]


def test_sari_cuce_chips_are_conserved_per_hand():
    """NJ-28: chips + board = 100 x n, every hand (chips reset each hand)."""
    sim = simulate("sari-cuce", players=4, n=60, seed=3, progress=False)
    t = sim.table
    chips = t[[f"chips_{k}" for k in range(4)]].sum(axis=1) + t["board"]
    assert (chips == 400).all()
    assert (t[[f"net_{k}" for k in range(4)]].sum(axis=1) + t["board"] == 0).all()
    assert t["winner"].between(0, 3).all()
    assert t["opera"].dtype == bool
    assert (t["captures"] <= 5).all()


def test_sari_cuce_series_carries_chips_and_ends_by_the_rules():
    sim = simulate("sari-cuce", players=4, n=8, seed=4, progress=False, series=True)
    g, t = sim.series_table, sim.table
    assert len(g) == 8 and g["hands"].sum() == len(t)
    assert ((g["hands"] <= 5) & (g["hands"] >= 1)).all()           # NJ-09: 5 hands at most
    for _, game in g.iterrows():
        hands = t[t["series"] == game["series"]]
        assert list(hands["hand_in_series"]) == list(range(game["hands"]))
        # the deal passes left (NJ-10)
        assert list(hands["dealer"]) == [(3 + h) % 4 for h in range(game["hands"])]
        last = hands.iloc[-1]
        assert [game[f"chips_{k}"] for k in range(4)] == [last[f"chips_{k}"] for k in range(4)]
        if game["hands"] < 5:
            assert game["ended_by"] == "bankruptcy" and min(last[f"chips_{k}"] for k in range(4)) < 15
    total = t[[f"chips_{k}" for k in range(4)]].sum(axis=1) + t["board"]
    assert (total == 400).all()                                      # NJ-28 across hands
    assert np.allclose(g[[f"win_{k}" for k in range(4)]].sum(axis=1), 1.0)


def test_pis_yedili_scores_and_endings():
    sim = simulate("pis-yedili", players=4, n=40, seed=2, progress=False)
    t = sim.table
    scores = t[[f"score_{k}" for k in range(4)]]
    out = t[t["ended_by"] == "out"]
    for _, row in out.iterrows():
        assert row[f"score_{int(row['winner'])}"] == 0
    assert t.loc[t["ended_by"] == "stock", "winner"].isna().all()
    assert set(t["ended_by"]) <= {"out", "stock"}
    assert (scores >= 0).all().all()


def test_pis_yedili_match_mode_adds_the_deals():
    sim = simulate("pis-yedili", players=3, n=5, seed=1, progress=False, series=True)
    g, t = sim.series_table, sim.table
    assert len(g) == 5 and (g["hands"] == 4).all() and len(t) == 20
    for k in range(3):
        assert list(g[f"score_{k}"]) == list(t.groupby("series")[f"score_{k}"].sum())


def test_turkish_preset_and_options_reach_the_engine():
    sim = simulate("pis-yedili", players=4, n=10, seed=0, progress=False, preset="turkish")
    assert sim.rules["preset"] == "turkish"
    assert "reshuffles" in sim.table.columns
    sc = simulate("sari-cuce", players=4, n=5, seed=0, progress=False, stall_rule="skip_rank")
    assert sc.rules["stall_rule"] == "skip_rank"


def test_heuristic_and_mixed_bots():
    a = simulate("sari-cuce", players=4, n=20, seed=0, bots="heuristic", progress=False)
    b = simulate("sari-cuce", players=4, n=20, seed=0, bots=["heuristic", "random", "random", "random"],
                 progress=False)
    assert a.bots == ("heuristic",) * 4 and b.bots[0] == "heuristic"
    c = simulate("pis-yedili", players=4, n=10, seed=0, bots="random,heuristic,random,heuristic", progress=False)
    assert c.bots == ("random", "heuristic", "random", "heuristic")


def test_rotating_dealer():
    sim = simulate("sari-cuce", players=4, n=8, seed=0, dealer="rotate", progress=False)
    assert list(sim.table["dealer"]) == [3, 0, 1, 2, 3, 0, 1, 2]


@pytest.mark.parametrize("game, players", GAMES)
def test_summary_intervals_contain_the_value(game, players):
    sim = simulate(game, players=players, n=80, seed=9, progress=False)
    s = sim.summary()
    assert list(s.columns) == ["value", "low", "high", "n"]
    said = "win rate" if game == "sari-cuce" else "went out rate"     # Pis Yedili: who went out (PY-28)
    assert all(f"{said} seat {k}" in s.index for k in range(players))
    assert "mean moves per hand" in s.index
    for metric, r in s.iterrows():
        assert r.low <= r.value <= r.high, metric
        assert r.n == 80
    rates = s.loc[[f"{said} seat {k}" for k in range(players)], "value"]
    if game == "sari-cuce":
        assert math.isclose(rates.sum(), 1.0)       # every Sarı Cüce hand has one winner
        assert 0 <= s.loc["opera rate", "value"] <= 1
    else:
        assert math.isclose(rates.sum() + s.loc["stock ending rate", "value"], 1.0)
    assert s.loc["mean moves per hand", "value"] == pytest.approx(sim.table["moves"].mean())


def test_series_summary():
    s = simulate("sari-cuce", players=3, n=6, seed=1, progress=False, series=True).summary()
    assert "win share seat 0" in s.index and "mean final chips seat 2" in s.index
    assert s.loc[[f"win share seat {k}" for k in range(3)], "value"].sum() == pytest.approx(1.0)
    for metric, r in s.iterrows():
        assert r.low <= r.value <= r.high, metric


def test_to_dict_is_json_ready():
    import json

    d = simulate("pis-yedili", players=3, n=5, seed=0, progress=False).to_dict()
    json.dumps(d)
    assert d["n"] == 5 and d["seconds"] > 0 and d["hands_per_second"] > 0
    assert d["summary"]["went out rate seat 0"]["n"] == 5


def test_no_global_random_state_is_used():
    import random

    random.seed(123)
    before = random.getstate()
    np.random.seed(5)
    np_before = np.random.get_state()[1].copy()
    simulate("pis-yedili", players=4, n=5, seed=0, progress=False)
    assert random.getstate() == before
    assert (np.random.get_state()[1] == np_before).all()


def test_progress_bar_when_asked(capsys):
    simulate("sari-cuce", players=3, n=3, seed=0, progress=True)
    assert "3/3" in capsys.readouterr().err
    simulate("sari-cuce", players=3, n=3, seed=0, progress=False)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("kwargs, exc, words", [
    (dict(game="belote"), InvalidOptionError, "'belote'"),
    (dict(game="sari-cuce", players=9), PlayerCountError, "players=9"),
    (dict(game="pis-yedili", players=1), PlayerCountError, "players"),
    (dict(game="sari-cuce", players="4"), PlayerCountError, "'4'"),
    (dict(game="sari-cuce", n=0), InvalidOptionError, "n=0"),
    (dict(game="sari-cuce", n=2.5), InvalidOptionError, "n=2.5"),
    (dict(game="sari-cuce", seed="x"), InvalidOptionError, "seed='x'"),
    (dict(game="sari-cuce", bots="clever"), InvalidOptionError, "'clever'"),
    (dict(game="sari-cuce", bots=["random"] * 3), InvalidOptionError, "3 bot(s) for 4 players"),
    (dict(game="sari-cuce", engine="turbo"), InvalidOptionError, "'turbo'"),
    (dict(game="sari-cuce", stall_rule="jump"), InvalidOptionError, "stall_rule"),
    (dict(game="sari-cuce", colour="red"), InvalidOptionError, "'colour'"),
    (dict(game="pis-yedili", preset="german"), InvalidOptionError, "german"),
    (dict(game="sari-cuce", dealer=7), InvalidOptionError, "dealer=7"),
    (dict(game="sari-cuce", progress="yes"), InvalidOptionError, "progress='yes'"),
])
def test_bad_input_names_it(kwargs, exc, words):
    kwargs = {"n": 2, "progress": False, **kwargs}
    with pytest.raises(exc) as info:
        simulate(**kwargs)
    assert words in str(info.value)
    assert isinstance(info.value, CardlibError)


def test_fast_engine_never_falls_back_silently():
    """engine="fast" plays with the game's kernel face, or raises saying why: never the reference engine."""
    sim = simulate("sari-cuce", players=4, n=20, seed=0, engine="fast", progress=False)
    assert sim.engine == "fast" and len(sim.table) == 20 and "leads" in sim.table   # a column only the fast engine has
    with pytest.raises(EngineUnavailableError, match="random bots only"):
        simulate("sari-cuce", players=4, n=20, seed=0, engine="fast", bots="heuristic", progress=False)


def test_pis_yedili_best_hand_shares_add_up_to_one():
    # stock endings have no winner (PY-28) but their lowest hands score 0; the shares count those too
    from cardlib.simulate import simulate as run
    sim = run("pis-yedili", players=3, n=60, seed=4, progress=False)
    summary = sim.summary()
    shares = [summary.loc[f"best-hand share seat {k}", "value"] for k in range(3)]
    assert abs(sum(shares) - 1) < 1e-9
    wins = [summary.loc[f"went out rate seat {k}", "value"] for k in range(3)]
    assert sum(wins) <= sum(shares)
