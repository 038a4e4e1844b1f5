"""simulate(engine="fast"): the fast engines' tables in the same shape, and explicit errors, never a fallback."""

import numpy as np
import pandas as pd
import pytest

from cardlib.errors import InvalidOptionError
from cardlib.cards import parse_cards
from cardlib.games import find_game
from cardlib.seeds import hand_seed
from cardlib.simulate import EngineUnavailableError, simulate

fast = pytest.importorskip("cardlib._fast")


def test_fast_sari_cuce_hands():
    sim = simulate("sari-cuce", players=4, n=500, seed=3, engine="fast", progress=False)
    t = sim.table
    assert sim.engine == "fast" and len(t) == 500
    assert (t[[f"chips_{k}" for k in range(4)]].sum(axis=1) + t["board"] == 400).all()   # NJ-28
    assert (t[[f"net_{k}" for k in range(4)]].sum(axis=1) + t["board"] == 0).all()
    assert t["winner"].between(0, 3).all() and (t["dealer"] == 3).all()
    again = simulate("sari-cuce", players=4, n=200, seed=3, engine="fast", progress=False)
    pd.testing.assert_frame_equal(again.table, t.iloc[:200])                           # hand i from (seed, i)
    s = sim.summary()
    for metric, r in s.iterrows():
        assert r.low <= r.value <= r.high, metric


def test_fast_sari_cuce_games():
    sim = simulate("sari-cuce", players=4, n=30, seed=1, engine="fast", series=True, progress=False)
    g, t = sim.series_table, sim.table
    assert len(g) == 30 and g["hands"].sum() == len(t) and list(g["series"]) == list(range(30))
    assert ((g["hands"] >= 1) & (g["hands"] <= 5)).all()
    assert np.allclose(g[[f"win_{k}" for k in range(4)]].sum(axis=1), 1.0)
    # net chips add up over a game to the final chips
    for k in range(4):
        assert (t.groupby("series")[f"net_{k}"].sum() + 100 == g.set_index("series")[f"chips_{k}"]).all()


def test_fast_pis_yedili_hands():
    sim = simulate("pis-yedili", players=4, n=300, seed=2, engine="fast", progress=False)
    t = sim.table
    assert len(t) == 300 and set(t["ended_by"]) <= {"out", "stock"}
    assert t.loc[t["ended_by"] == "stock", "winner"].isna().all()
    out = t[t["ended_by"] == "out"]
    for _, row in out.iterrows():
        assert row[f"score_{int(row['winner'])}"] == 0


def test_fast_and_reference_agree_on_average():
    """Same deals (hand_seed), different bots' choices: the mean length of a Sarı Cüce hand agrees within
    the intervals."""
    f = simulate("sari-cuce", players=4, n=4000, seed=1, engine="fast", progress=False).summary()
    r = simulate("sari-cuce", players=4, n=600, seed=1, progress=False).summary()
    m = "mean moves per hand"
    assert f.loc[m, "low"] - 0.5 <= r.loc[m, "value"] <= f.loc[m, "high"] + 0.5


@pytest.mark.parametrize("kwargs, words", [
    (dict(game="sari-cuce", bots="heuristic"), "random bots only"),
    (dict(game="pis-yedili", series=True), "matches"),
    (dict(game="sari-cuce", dealer="rotate"), "dealer"),
])
def test_what_fast_cannot_do_raises(kwargs, words):
    with pytest.raises(EngineUnavailableError) as info:
        simulate(n=5, engine="fast", progress=False, **kwargs)
    assert words in str(info.value)


def test_fast_bad_option_is_named():
    with pytest.raises(InvalidOptionError) as info:
        simulate("sari-cuce", players=4, n=5, engine="fast", progress=False, stall_rule="jump")
    assert "stall_rule" in str(info.value)
    with pytest.raises(InvalidOptionError) as info:
        simulate("pis-yedili", players=4, n=5, engine="fast", progress=False, colour="red")
    assert "colour" in str(info.value)


@pytest.mark.parametrize("game, players, options", [
    ("sari-cuce", 3, {}), ("sari-cuce", 4, {}), ("sari-cuce", 6, {}),
    ("pis-yedili", 3, {}), ("pis-yedili", 4, {}), ("pis-yedili", 5, {"decks": 2, "jokers_per_deck": 2}),
])
def test_reference_and_fast_play_the_same_deals(game, players, options):
    """The same seed gives the same deal in the reference engine, the fast engine and simulate: hand i
    of both tables is dealt with hand_seed(seed, i), and the fast kernel's deal of hand i holds the
    cards of Hand.deal(rules, seed=hand_seed(seed, i)), hand by hand."""
    ref = simulate(game, players=players, n=20, seed=8, progress=False, **options).table
    fst = simulate(game, players=players, n=20, seed=8, engine="fast", progress=False, **options).table
    seeds = [hand_seed(8, i) for i in range(20)]
    assert ref["seed"].tolist() == seeds and fst["seed"].tolist() == seeds
    assert ref["dealer"].tolist() == fst["dealer"].tolist() == [players - 1] * 20
    spec = find_game(game)
    rules = spec.make_rules({"players": players, **options})
    t = fast.simulate(game, 20, players=players, seed=8, rules=rules, deals=True)
    for i, row in ref.iterrows():
        start = spec.hand.deal(rules, seed=int(row["seed"]), dealer=int(row["dealer"])).start()
        want = [sorted(c.index for c in parse_cards(h)) for h in start["hands"]]
        if game == "sari-cuce":
            got = [sorted(np.flatnonzero(t["deal"][i] == s).tolist()) for s in range(players)]
        else:
            got = [sorted(t["deal"][i][s:7 * players:players].tolist()) for s in range(players)]
        assert got == want, (game, players, i)


def test_reference_and_fast_games_deal_the_same_hands():
    """Sarı Cüce games: hand h of game g is hand h of Game(seed=seed + g), dealt with hand_seed(seed + g, h),
    by both engines."""
    ref = simulate("sari-cuce", players=4, n=6, seed=4, series=True, progress=False).table
    fst = simulate("sari-cuce", players=4, n=6, seed=4, engine="fast", series=True, progress=False).table
    for t in (ref, fst):
        assert t["seed"].tolist() == [hand_seed(4 + g, h) for g, h in zip(t["series"], t["hand_in_series"])]
    both = ref.merge(fst, on=["series", "hand_in_series"], suffixes=("_r", "_f"))
    assert len(both) >= 6 and (both["seed_r"] == both["seed_f"]).all() and (both["dealer_r"] == both["dealer_f"]).all()
