"""Issue 11: the fast replay reads starts and moves through the reference engines (cardlib._fast.codecs), so
it takes what they take, refuses what they refuse, in their words, and plays the same hands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlib import _fast as fast
from cardlib.errors import InvalidMoveError, InvalidPositionError
from cardlib._fast import codecs
from cardlib.games import find_game
from cardlib.records import load_record

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "data" / "examples").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_worked_hand_replays_to_its_result_through_the_codecs(path):
    rec = load_record(path)
    hand = codecs.deal_hand(rec.game, rec.rules, rec.start)
    assert hand.start() == rec.initial_hand().start()
    assert fast.replay(rec.game, rec.rules, rec.start, rec.moves) == rec.replay().result().to_dict()


@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_a_bad_start_gets_the_reference_engine_s_own_words(game):
    spec = find_game(game)
    rules = spec.make_rules({"players": 4})
    start = dict(spec.hand.deal(rules, seed=3).start())
    start["hands"] = ["ZZ " + " ".join(start["hands"][0].split()[1:]), *start["hands"][1:]]
    with pytest.raises(InvalidPositionError) as ours:
        fast.replay(game, {"players": 4}, start, [])
    with pytest.raises(InvalidPositionError) as theirs:
        spec.hand.from_start(rules, start, strict=True)
    assert str(ours.value) == str(theirs.value) and "ZZ" in str(ours.value)


@pytest.mark.parametrize("game, move", [("sari-cuce", "7Z"), ("pis-yedili", "JS=Q")])
def test_a_malformed_move_is_named_with_its_place(game, move):
    with pytest.raises(InvalidMoveError, match=rf"move 0 '{move}'"):
        fast.replay(game, {"players": 4}, {"seed": 1}, [move])


def test_the_fast_replay_starts_only_from_a_deal():
    with pytest.raises(InvalidPositionError, match="from a deal"):
        codecs.deal_hand("pis-yedili", {"players": 3}, {"seed": 1, "to_act": 0})
