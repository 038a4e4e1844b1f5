"""Every error type, with the input quoted and the state unchanged."""

import pytest
from pisyedili_support import position, rules

from cardlib import (GameOverError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
                     InvalidRecordError, make_deck, cards_text)
from cardlib.pisyedili import Hand, Move, Rules, complete_position


@pytest.mark.parametrize("text", ["11H", "foo", "7C=H", "JS=Z", "", "draw!"])
def test_unreadable_moves_raise_InvalidMoveError(text):
    h = Hand.deal(Rules(), seed=1)
    before = h.position()
    with pytest.raises(InvalidMoveError, match="move " + repr(text).replace("!", ".")):
        h.push(text)
    assert h.position() == before and h.move_stack == []
    assert text not in h.legal_moves


def test_move_parse_round_trips():
    for text in ["7C", "JS=H", "X=H", "9C!", "JS=H!", "draw", "pass", "end", "10D"]:
        assert str(Move.parse(text)) == text
        assert eval(repr(Move.parse(text))) == Move.parse(text)
    assert Move.parse("td") == Move.parse("10D") and Move.parse("js=h!") == Move.parse("JS=H!")
    assert Move.parse("Joker=S") == Move.parse("X=S")
    with pytest.raises(InvalidMoveError):
        Move.parse(7)


def test_illegal_move_names_the_move_where_and_why_and_changes_nothing():
    h = position(rules(), ["2H 9C KD", "3D 4D", "4S 5D"], "9H", "KC QC")
    before, events = h.position(), list(h.events)
    with pytest.raises(IllegalMoveError) as info:
        h.push("KD")
    msg = str(info.value)
    assert "'KD'" in msg and "move 1, seat 0 to act, phase play" in msg
    assert "top card is 9H and no 7 pending: play a heart, a 9 or a J" in msg and "joker" not in msg   # none dealt
    assert h.position() == before and h.events == events and h.move_stack == []


@pytest.mark.parametrize("pos, move, why", [
    (dict(hands=["2H 9C", "3D 4D", "4S 5D"], discard="9H", stock="KC"), "5S", "seat 0 does not hold 5S"),
    (dict(hands=["JS 9C", "3D 4D", "4S 5D"], discard="9H", stock="KC"), "JS", "must name a suit"),
    (dict(hands=["JS 9C", "3D 4D", "4S 5D"], discard="JH", stock="KC", named_suit="C"), "JS=C", "no J on a J"),
    (dict(hands=["7S 9C", "3D 4D", "4S 5D"], discard="7H", stock="KC", pending=2), "9C",
     "sevens pending: play a 7 or draw 6"),
    (dict(hands=["2H 9C", "3D 4D", "4S 5D"], discard="9H", stock="KC"), "pass", "pass only after drawing"),
    (dict(hands=["2H 9C", "3D 4D", "4S 5D"], discard="9H", stock="KC"), "end", "'end' is only"),
    (dict(hands=["2H 9C", "3D 4D", "4S 5D"], discard="9H", stock="KC"), "2H!", "tek ('!') is off"),
])
def test_why_illegal(pos, move, why):
    h = position(rules(), pos.pop("hands"), pos.pop("discard"), pos.pop("stock"), **pos)
    before = h.position()
    with pytest.raises(IllegalMoveError, match=why.replace("(", r"\(").replace(")", r"\)")):
        h.push(move)
    assert h.position() == before


def test_moves_after_the_end_raise_GameOverError():
    h = position(rules(), ["7H", "3D 4D", "4S 5D"], "9H", "KC")
    h.push("7H")
    with pytest.raises(ValueError, match="the hand is over") as raised:      # every cardlib error is a ValueError
        h.push("draw")
    assert type(raised.value) is GameOverError


def test_pop_without_moves():
    with pytest.raises(IndexError):
        Hand.deal(Rules(), seed=1).pop()


def _full(r, **fields):
    return complete_position(r, {"hands": ["2H 9C", "3D 4D", "4S 5D"], "stock": "KC QC", "discard": "9H",
                                 "to_act": 0, **fields})


@pytest.mark.parametrize("change, why", [
    (lambda d: d.update(hands=["2H 9C 9H", "3D 4D", "4S 5D"]), "too many copies of 9H"),
    (lambda d: d.update(discard=d["discard"][1:]), "missing AC"),
    (lambda d: d.update(pending=1), "sevens are pending only on a 7"),
    (lambda d: d.update(named_suit="H"), "only a J or joker names a suit"),
    (lambda d: d.update(named_suit="Q"), "named_suit 'Q' is not a suit"),
    (lambda d: d.update(phase="middle"), "phase 'middle'"),
    (lambda d: d.update(phase="opening"), "owes an opening club"),
    (lambda d: d.update(to_act=3), "to_act=3: is not a seat"),
    (lambda d: d.update(direction=2), "direction 2"),
    (lambda d: d.update(colour="red"), "unknown field 'colour'"),
    (lambda d: d.update(hands=["2H 9C", "3D 4D"]), "one hand per player"),
    (lambda d: d.update(hands=["2H 9C XX", "3D 4D", "4S 5D"]), "'XX' is not a card"),
    (lambda d: d.update(hands=["", "3D 4D 2H 9C", "4S 5D"]), "seat 0 holds no cards"),
    (lambda d: d.update(phase="ace"), "phase 'ace' but the top card is 9H"),
    (lambda d: d.update(scores=[1, 2]), "scores"),
    (lambda d: d.update(turn_state="dancing"), "turn_state"),
    (lambda d: d.update(turn_state="t5"), "turn_state 't5' needs ace_cannot_finish and phase 'ace'"),
    (lambda d: d.update(turn_state="tek"), "turn_state 'tek' needs the tek option"),
    (lambda d: d.update(drawn=-1), "drawn=-1: must be at least 0"),
    (lambda d: d.update(pending="1"), "pending='1': must be a whole number"),
    (lambda d: d.update(turns=1.5), "turns=1.5: must be a whole number"),
    (lambda d: d.update(tek=[7]), "tek entry=7: is not a seat"),
    (lambda d: d.update(tek="0"), "tek '0' must be a list of seats"),
    (lambda d: d.update(seed="x"), "seed='x': a seed is a whole number"),
])
def test_invalid_positions(change, why):
    r = rules()
    d = _full(r)
    Hand.from_start(r, d)  # the unchanged position is fine
    change(d)
    with pytest.raises(InvalidPositionError, match=why.replace("(", r"\(")):
        Hand.from_start(r, d)


def test_a_joker_on_top_needs_a_named_suit_and_a_jack_too():
    r = rules(jokers_per_deck=1)
    with pytest.raises(InvalidPositionError, match="joker on top must have a named_suit"):
        Hand.from_start(r, complete_position(r, {"hands": ["2H", "3D", "4S"], "discard": "X", "to_act": 0}))
    with pytest.raises(InvalidPositionError, match="JS on top needs a named_suit"):
        Hand.from_start(r, complete_position(r, {"hands": ["2H", "3D", "4S"], "discard": "JS", "to_act": 0}))


def test_invalid_deals():
    r = rules()
    deck = make_deck()
    with pytest.raises(InvalidPositionError, match="seat 0 holds no cards"):
        Hand.from_start(r, {"hands": ["", cards_text(deck[:14]), cards_text(deck[14:21])],
                            "stock": cards_text(deck[21:])})
    with pytest.raises(InvalidPositionError, match="cannot set 'pending'"):
        Hand.from_start(r, {"hands": [cards_text(deck[:7]), cards_text(deck[7:14]), cards_text(deck[14:21])],
                            "stock": cards_text(deck[21:]), "pending": 1})
    with pytest.raises(InvalidPositionError, match="dealer=5: is not a seat"):
        Hand.deal(r, seed=1, dealer=5)
    with pytest.raises(InvalidPositionError, match="must be a mapping"):
        Hand.from_start(r, "nope")


def test_bad_reshuffle_order_raises_InvalidRecordError_and_changes_nothing():
    h = position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", "")
    before = h.position()
    under = h.discard[:-1]
    with pytest.raises(InvalidRecordError, match="must hold exactly the 45 discards under the top card 5H; missing: AC"):
        h.push("draw", [under[1:]])
    assert h.position() == before and h.events == [] and h.move_stack == []
    with pytest.raises(InvalidRecordError, match="2 reshuffle order"):
        h.push("draw", [under, under])
    assert h.position() == before
    h.push("draw", [under])
    assert h.position()["stock"].split()[0] == str(under[1])


def test_hand_constructor_is_private():
    with pytest.raises(TypeError):
        Hand(Rules())
