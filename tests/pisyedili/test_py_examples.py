"""The 11 worked hands of shared/examples replay exactly (copied to tests/data/examples), three of them in
pairs (PY-P4, PY-P5, PY-P7: the result's ``team_scores``)."""

import json

import pytest
from pisyedili_support import EXAMPLES, check_invariants

from cardlib.pisyedili import Hand, Rules, replay_record
from cardlib.records import load_record

FILES = sorted(EXAMPLES.glob("pis-yedili-*.json"))


def test_all_eleven_examples_are_there():
    assert len(FILES) == 11
    pairs = [p for p in FILES if "partnerships-on" in p.name]
    assert len(pairs) == 3
    for p in pairs:
        rec = json.loads(p.read_text())
        assert rec["rules"]["partnerships"] is True and "team_scores" in rec["result"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_replays_to_the_same_end_and_result(path):
    rec = json.loads(path.read_text())
    hand = replay_record(rec)
    assert hand.is_over()
    # card lists compare as cards: the examples write them as lists, the engine as text (records.md)
    assert load_record(rec).differences() == []
    assert hand.position()["hands"] == [" ".join(h) for h in rec["end"]["hands"]]
    assert hand.result().to_dict() == rec["result"]
    assert hand.record_moves() == rec["moves"]  # the reshuffle entries come back where they were
    check_invariants(hand)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_steps_and_takes_back(path):
    rec = json.loads(path.read_text())
    rules = Rules.from_dict(rec["rules"])
    hand = Hand.from_start(rules, rec["start"])
    seen = [(hand.position(), len(hand.events))]
    entries = rec["moves"]
    i = 0
    while i < len(entries):
        j = i + 1
        orders = []
        while j < len(entries) and entries[j].startswith("reshuffle"):
            orders.append(entries[j])
            j += 1
        assert entries[i] in hand.legal_moves
        hand.push(entries[i], orders or None)
        check_invariants(hand)
        seen.append((hand.position(), len(hand.events)))
        i = j
    while hand.move_stack:
        hand.pop()
        seen.pop()
        assert (hand.position(), len(hand.events)) == seen[-1]
    assert hand.position() == Hand.from_start(rules, rec["start"]).position()


def test_example_start_is_kept():
    rec = json.loads(FILES[0].read_text())
    hand = replay_record(rec)
    start = hand.start()
    assert start["hands"] == rec["start"]["hands"] and start["stock"] == rec["start"]["stock"]
    assert start["dealer"] == rec["start"]["dealer"]
