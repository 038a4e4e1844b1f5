"""One seed domain, 0 .. 2**64 - 1, checked by one check (cardlib.seeds.check_seed) wherever a seed comes in
(issue 23; issue 28's A9: a series seeded -5 played the games of 2**64 - 5)."""

from __future__ import annotations

import pytest

from cardlib.errors import InvalidOptionError
from cardlib.pisyedili import Match
from cardlib.saricuce import Game

TOP = 2**64 - 1


@pytest.mark.parametrize("series", [Game, Match], ids=["Game", "Match"])
@pytest.mark.parametrize("seed", [-5, -1, 2**64, True, 5.0, "5"])
def test_a_series_refuses_a_seed_outside_the_domain(series, seed):
    with pytest.raises(InvalidOptionError, match="a seed is a whole number from 0 to 2\\*\\*64 - 1"):
        series(seed=seed)


@pytest.mark.parametrize("series", [Game, Match], ids=["Game", "Match"])
def test_a_series_takes_the_whole_domain(series):
    assert series(seed=TOP).seed == TOP and series(seed=0).seed == 0
    assert series(seed=TOP).play_hand("random") is not None


def test_the_table_widget_refuses_a_negative_seed():
    pytest.importorskip("ipywidgets")
    from cardlib.widgets import Table
    with pytest.raises(InvalidOptionError, match="seed=-5"):
        Table(seed=-5)


@pytest.mark.parametrize("engine", ["reference", "fast"])
@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_simulate_takes_the_whole_domain_in_both_engines(game, engine):
    """The fast engine took seeds below 2**63 only; now every seed, dealing the reference's hands."""
    from cardlib.seeds import hand_seed
    from cardlib.simulate import simulate
    for seed in (2**63 - 1, 2**63, TOP):
        sim = simulate(game, n=3, seed=seed, engine=engine, progress=False, workers=1)
        assert sim.seed == seed and list(sim.table["seed"]) == [hand_seed(seed, i) for i in range(3)]
    for bad in (-5, 2**64):
        with pytest.raises(InvalidOptionError, match=f"seed={bad}"):
            simulate(game, n=3, seed=bad, engine=engine, progress=False)


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_games_past_the_top_seed_wrap_at_2_64(engine):
    """Game g of a series run is the series seeded (seed + g) mod 2**64 in both engines (was mod 2**63: the
    seeds s and s + 2**63 played the same games)."""
    from cardlib.seeds import hand_seed, series_seed
    from cardlib.simulate import simulate
    assert series_seed(TOP, 1) == 0 and series_seed(2**63, 0) == 2**63
    t = simulate("sari-cuce", n=3, seed=TOP - 1, engine=engine, series=True, progress=False, workers=1).table
    firsts = t[t["hand_in_series"] == 0]
    assert [int(s) for s in firsts["seed"]] == [hand_seed((TOP - 1 + g) % 2**64, 0) for g in range(3)]


def test_the_probability_generator_takes_the_same_seeds():
    from cardlib.prob.shuffle import generator
    generator(TOP)
    with pytest.raises(InvalidOptionError, match="seed=-1"):
        generator(-1)
