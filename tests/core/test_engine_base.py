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


@pytest.mark.parametrize("make", HANDS, ids=["sari-cuce", "pis-yedili"])
@pytest.mark.parametrize("name", ["to_act", "dealer"])
def test_setting_to_act_or_dealer_says_how_to_set_up_a_position(make, name):
    hand = make()
    before, legal = hand.position(), [str(m) for m in hand.legal_moves]
    with pytest.raises(AttributeError, match=rf"{name} is read-only .*Hand\.from_start\(rules, \{{\.\.\., '{name}': 2\}}\)"):
        setattr(hand, name, 1)
    assert hand.position() == before and [str(m) for m in hand.legal_moves] == legal
    assert hand.to_act == 0 and hand.dealer == 3


@pytest.mark.parametrize("make", HANDS, ids=["sari-cuce", "pis-yedili"])
def test_hand_of_is_a_copy_of_one_seats_cards_in_both_games(make):
    hand = make()
    mine = hand.hand_of(0)
    assert mine == hand.hands[0] and mine is not hand.hands[0]
    mine.clear()
    assert len(hand.hand_of(0)) == len(hand.hands[0]) > 0
