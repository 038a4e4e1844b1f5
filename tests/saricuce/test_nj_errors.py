"""Every error the engine raises, with messages that quote the input, and the state unchanged after it."""

import copy

import pytest
from saricuce_support import load_example, position, snapshot

from cardlib.errors import (
    CardlibError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPositionError,
    PlayerCountError,
)
from cardlib.saricuce import Hand, Move, Rules

R4 = Rules(players=4)
START = load_example("sari-cuce-4p-default.json")["start"]     # dealer 0: seat 1 leads


def fresh():
    return Hand.from_start(R4, copy.deepcopy(START))


@pytest.mark.parametrize("text", ["11H", "", "stopp", "X", "Joker", "7", "D7D"])
def test_invalid_move_text(text):
    hand = fresh()
    snap = snapshot(hand)
    with pytest.raises(InvalidMoveError) as err:
        hand.push(text)
    assert repr(text) in str(err.value)
    assert snapshot(hand) == snap
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


def test_invalid_move_not_text():
    with pytest.raises(InvalidMoveError):
        Move.parse(42)
    assert Move.parse("  td ") is Move.parse("10D")


def test_illegal_card_not_in_hand():
    hand = fresh()
    snap = snapshot(hand)
    with pytest.raises(IllegalMoveError) as err:
        hand.push("QS")          # QS is seat 0's card; seat 1 leads
    msg = str(err.value)
    assert "'QS'" in msg and "move 1, seat 1 to act" in msg and "QS is not in seat 1's hand" in msg
    assert snapshot(hand) == snap


def test_illegal_wrong_rank():
    hand = fresh()
    hand.push("JH")              # seat 1 leads JH: needed Q, seat 2 holds QD
    snap = snapshot(hand)
    with pytest.raises(IllegalMoveError) as err:
        hand.push("4C")          # in seat 2's hand, but not a Queen
    assert "needed rank is Q" in str(err.value) and "move 2, seat 2 to act" in str(err.value)
    assert "legal: QD" in str(err.value)
    assert snapshot(hand) == snap


def test_illegal_stop_when_not_allowed():
    hand = fresh()
    hand.push("JH")
    with pytest.raises(IllegalMoveError, match="seat 2 must play"):
        hand.push(Move.parse("stop"))


def test_game_over_error_after_the_hand():
    h = position(R4, ["2C", "AD 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    h.push("2C")
    snap = snapshot(h)
    with pytest.raises(GameOverError, match="hand is over"):
        h.push("AD")
    assert snapshot(h) == snap


def test_pop_on_a_fresh_hand():
    with pytest.raises(IndexError):
        fresh().pop()


def test_errors_are_value_errors():
    for cls in (InvalidMoveError, IllegalMoveError, InvalidPositionError, InvalidOptionError, GameOverError):
        assert issubclass(cls, CardlibError) and issubclass(cls, ValueError)
    assert issubclass(PlayerCountError, InvalidOptionError)


def bad_start(change, rules=R4):
    start = copy.deepcopy(START)
    change(start)
    with pytest.raises(InvalidPositionError) as err:
        Hand.from_start(rules, start)
    return str(err.value)


def test_deal_duplicate_and_missing_cards():
    def dup(s):
        s["hands"][0] = s["hands"][0].replace("QS", "AC")   # AC now twice, QS missing
    msg = bad_start(dup)
    assert "AC (hands[0], hands[3])" in msg and "missing: QS" in msg


def test_deal_wrong_hand_size():
    def short(s):
        s["hands"][2] = s["hands"][2].rsplit(" ", 1)[0]
    msg = bad_start(short)
    assert "hands[2] has 11 cards" in msg and "12" in msg


def test_deal_wrong_dead_size_and_seats():
    assert "dead has 3 cards" in bad_start(lambda s: s.update(dead="2D 2H QH"))
    assert "dealer=4: is not a seat" in bad_start(lambda s: s.update(dealer=4))
    assert "dealer=True" in bad_start(lambda s: s.update(dealer=True))
    assert "hands has 3 entries" in bad_start(lambda s: s.update(hands=s["hands"][:3]))


def test_deal_bad_cards_chips_board():
    assert "'1Z'" in bad_start(lambda s: s["hands"].__setitem__(0, s["hands"][0].replace("QS", "1Z")))
    assert "no jokers" in bad_start(lambda s: s["hands"].__setitem__(0, s["hands"][0].replace("QS", "X")))
    assert "NJ-28" in bad_start(lambda s: s.update(chips=[100, 100, 100, 99]))
    assert "whole numbers" in bad_start(lambda s: s.update(chips=[100, 100, 100, -1]))
    assert "whole numbers" in bad_start(lambda s: s.update(chips=[100, 100, 100]))
    assert "not a box" in bad_start(lambda s: s["board"].update({"9D": 0}))
    assert "lacks the box" in bad_start(lambda s: s["board"].pop("7D"))
    assert "unknown field" in bad_start(lambda s: s.update(stock="AS"))
    assert "needs 'dead'" in bad_start(lambda s: s.pop("dead"))
    assert "seed='x'" in bad_start(lambda s: (s.pop("hands"), s.update(seed="x")))


def test_deal_refused_below_15_chips():
    msg = bad_start(lambda s: s.update(chips=[10, 190, 100, 100]))
    assert "seat 0 has 10 chips" in msg and "NJ-F1" in msg


def test_start_must_be_an_object():
    with pytest.raises(InvalidPositionError):
        Hand.from_start(R4, "AS 2H")


def test_rules_errors():
    with pytest.raises(PlayerCountError):
        Hand.deal(Rules.from_dict({"players": 9}), seed=1)
    with pytest.raises(InvalidOptionError):
        Rules.from_dict({"players": 4, "preset": "classic"})


def test_deal_arguments_are_checked():
    r3 = Rules(players=3)
    for bad in (5, "x", [100, 100]):
        with pytest.raises(InvalidPositionError, match="chips"):
            Hand.deal(r3, seed=1, chips=bad)
    with pytest.raises(InvalidPositionError, match="board 5"):
        Hand.deal(r3, seed=1, board=5)
    with pytest.raises(InvalidPositionError, match="dealer=3"):
        Hand.deal(r3, seed=1, dealer=3)
    start = Hand.deal(r3, seed=1).start()
    start["dealer"] = None                       # a null dealer is the default, seat n-1
    assert Hand.from_start(r3, start).dealer == 2
