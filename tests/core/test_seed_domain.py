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


def test_simulate_takes_the_top_seed_and_refuses_beyond():
    from cardlib.simulate import simulate
    sim = simulate("pis-yedili", n=3, seed=TOP, progress=False, workers=1)
    assert len(sim.table) == 3 and sim.seed == TOP
    for bad in (-5, 2**64):
        with pytest.raises(InvalidOptionError, match=f"seed={bad}"):
            simulate("pis-yedili", n=3, seed=bad, progress=False)


def test_the_probability_generator_takes_the_same_seeds():
    from cardlib.prob.shuffle import generator
    generator(TOP)
    with pytest.raises(InvalidOptionError, match="seed=-1"):
        generator(-1)
