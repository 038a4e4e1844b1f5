"""The 8 worked hands of /work/shared/examples (copied to tests/data/examples): replay ``start`` +
``moves`` and compare ``end`` (semantically: card lists as text or lists) and ``result`` exactly."""

import pytest
from saricuce_support import EXAMPLES, check_invariants, load_example, norm_position

from cardlib.saricuce import GAME, Hand, Rules

NAMES = sorted(p.name for p in EXAMPLES.glob("sari-cuce-*.json"))


def test_all_eight_examples_are_present():
    assert len(NAMES) == 8


@pytest.mark.parametrize("name", NAMES)
def test_example_replays_to_end_and_result(name):
    rec = load_example(name)
    assert rec["game"] == GAME.name
    rules = Rules.from_dict(rec["rules"])
    hand = Hand.from_start(rules, rec["start"])
    for move in rec["moves"]:
        hand.push(move)
        check_invariants(hand)
    assert hand.is_over()
    assert norm_position(hand.position()) == norm_position(rec["end"])
    assert hand.result().to_dict() == rec["result"]
    # the record round-trips: start() is the start we were given, the moves are the record's moves
    assert norm_position(hand.start()) == norm_position(rec["start"])
    assert hand.record_moves() == rec["moves"]
    assert rules.to_dict() == rec["rules"]


@pytest.mark.parametrize("name", NAMES)
def test_example_pops_back_to_start(name):
    rec = load_example(name)
    hand = Hand.from_start(Rules.from_dict(rec["rules"]), rec["start"])
    first = (hand.position(), hand.events)
    for move in rec["moves"]:
        hand.push(move)
    while hand.move_stack:
        hand.pop()
    assert (hand.position(), hand.events) == first
