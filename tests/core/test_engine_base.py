"""What both engines share (cardlib.engine): a non-move is refused clearly; peek and pop on a fresh hand."""

import pytest

from cardlib import InvalidMoveError, pisyedili, saricuce

HANDS = [lambda: saricuce.Hand.deal(saricuce.Rules(players=4), seed=7),
         lambda: pisyedili.Hand.deal(pisyedili.Rules(players=4), seed=3)]


@pytest.mark.parametrize("make", HANDS, ids=["sari-cuce", "pis-yedili"])
@pytest.mark.parametrize("thing", [None, 42, 3.5, ["3C"]])
def test_a_non_move_is_refused_and_changes_nothing(make, thing):
    hand = make()
    before = hand.position()
    with pytest.raises(InvalidMoveError, match="is not a move"):
        hand.push(thing)
    assert hand.position() == before and hand.move_stack == []
    assert thing not in hand.legal_moves


@pytest.mark.parametrize("make", HANDS, ids=["sari-cuce", "pis-yedili"])
def test_peek_and_pop_on_a_fresh_hand(make):
    hand = make()
    with pytest.raises(IndexError, match="no moves"):
        hand.peek()
    with pytest.raises(IndexError, match="no moves"):
        hand.pop()
