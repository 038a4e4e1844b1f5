"""Hands to test the expert on: played part of the way by seeded bots, in both games."""

from __future__ import annotations

import pytest

from cardlib.pisyedili import Hand as PyHand
from cardlib.pisyedili import Rules as PyRules
from cardlib.pisyedili.bots import HeuristicBot, RandomBot
from cardlib.saricuce import Hand as ScHand
from cardlib.saricuce import Rules as ScRules
from cardlib.saricuce.bots import RandomBot as ScRandom
from cardlib.saricuce.bots import TipsBot


def py_rules(preset: str = "classic", players: int = 4, **options):
    return PyRules.preset_rules(preset, players, **options)


def sc_rules(players: int = 4, **options):
    return ScRules(players=players, **options)


def played_py(seed: int, moves: int, preset: str = "classic", players: int = 4, random: bool = False, **options):
    """A Pis Yedili hand dealt from ``seed`` and played ``moves`` moves (or to the end) by bots."""
    hand = PyHand.deal(py_rules(preset, players, **options), seed=seed)
    kind = RandomBot if random else HeuristicBot
    bots = [kind(seed * 10 + s) for s in range(players)]
    while not hand.is_over() and len(hand.move_stack) < moves:
        hand.push(bots[hand.to_act].choose(hand))
    return hand


def played_sc(seed: int, moves: int, players: int = 4, random: bool = False, **options):
    """A Sarı Cüce hand dealt from ``seed`` and played ``moves`` moves (or to the end) by bots."""
    hand = ScHand.deal(sc_rules(players, **options), seed=seed)
    kind = ScRandom if random else TipsBot
    bots = [kind(seed * 10 + s) for s in range(players)]
    while not hand.is_over() and len(hand.move_stack) < moves:
        hand.push(bots[hand.to_act].choose(hand))
    return hand


@pytest.fixture
def hands():
    """The helpers above, for tests that build their own hands."""
    class H:
        pass
    h = H()
    h.py_rules, h.sc_rules, h.played_py, h.played_sc = py_rules, sc_rules, played_py, played_sc
    return h
