"""The opening club (PY-06..PY-10, PY-15b, PY-A01..A04, PY-F13)."""

import pytest
from pisyedili_support import deal, hand_text, moves, position, rules, split_deck

from cardlib import IllegalMoveError, cards_text
from cardlib.pisyedili import Hand

H0 = "2C 9C 3H 4H 5H 6H 8D"
H1 = "QC 5D 6D 9D 10D KD 2S"
H2 = "3S 4S 5S 6S 9S KS QS"


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_06_dealers_left_opens_with_a_club_only(preset):
    h = deal(rules(preset), [H0, H1, H2], dealer=2)
    assert h.to_act == 0 and h.phase == "opening"
    assert moves(h) == ["2C", "9C", "draw"]
    with pytest.raises(IllegalMoveError, match="must be a club"):
        h.push("3H")


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_07_opener_draws_one_at_a_time_until_a_club_and_never_passes(preset):
    h = deal(rules(preset), ["2H 3H 4H 5H 6H 8D 7D", H1, H2], stock_top="KH 4C", dealer=2)
    assert moves(h) == ["draw"]
    h.push("draw")
    assert hand_text(h, 0).endswith("KH") and moves(h) == ["draw"]  # still no club; no pass
    with pytest.raises(IllegalMoveError, match="no passing in the opening"):
        h.push("pass")
    h.push("draw")  # a second draw even under draw_policy = single (PY-F13)
    assert moves(h) == ["4C", "draw"] and h.position()["drawn"] == 2
    h.push("4C")
    assert h.to_act == 1


def test_PY_A02_opener_holding_a_club_may_draw_instead():
    h = deal(rules(), [H0, H1, H2], dealer=2)
    h.push("draw")
    assert "2C" in moves(h) and "draw" in moves(h)


@pytest.mark.parametrize("card", ["7C", "8C", "10C", "AC"])
def test_PY_08_opening_specials_are_inert(card):
    h = deal(rules(), [f"{card} 3H 4H 5H 6H 8D 9H", "QC 5D 6D 9D 10D KD 2S", H2], dealer=2)
    h.push(card)
    assert h.to_act == 1 and h.direction == 1 and h.pending == 0 and h.phase == "play"
    assert "draw" in moves(h) and "QC" in moves(h)  # no sevens to answer, no Ace follow-up
    assert h.events[-1].kind == "play" and h.events[-1].inert


def test_PY_08_inert_jack_of_clubs_names_no_suit():
    h = deal(rules(), ["JC 3H 4H 5H 6H 8D 9H", "QC 5D 6D 9D 10D KD JS", H2], dealer=2)
    h.push("JC")
    assert h.named_suit is None and h.position()["named_suit"] is None
    with pytest.raises(IllegalMoveError):
        h.push("JC=H")  # cannot happen (seat 1 holds no JC), but a named JC in the opening is refused


def test_PY_09_classic_only_the_opener_plays_a_club():
    h = deal(rules("classic"), [H0, H1, H2], dealer=2)
    h.push("9C")
    assert h.phase == "play" and h.position()["opening_left"] == []
    assert moves(h) == ["QC", "9D", "draw"]
    # seat 1 plays normally: a 9 of another suit is legal
    h.push("9D")
    assert h.to_act == 2


def test_PY_09T_turkish_everyone_opens_then_the_first_opener_plays_on():
    h = deal(rules("turkish"), [H0, H1, "3S 4S 5S 6S 9S KS 3C"], dealer=2)
    assert h.position()["opening_left"] == [0, 1, 2]
    h.push("9C")
    assert h.to_act == 1 and h.phase == "opening" and h.position()["opening_left"] == [1, 2]
    assert moves(h) == ["QC", "draw"]  # 9D would match in normal play, but the opening wants a club
    h.push("QC")
    assert moves(h) == ["3C", "draw"]
    h.push("3C")
    assert h.to_act == 0 and h.phase == "play" and h.position()["opening_left"] == []
    assert set(moves(h)) == {"2C", "3H", "draw"}  # 3H matches the 3C by rank


def test_PY_10_opener_without_club_and_nothing_to_draw_passes_classic():
    r = rules("classic")
    rest = split_deck(r)
    clubs = [c for c in rest if c.suit.value == "C"]
    others = [c for c in rest if c.suit.value != "C"]
    hands = [cards_text(others[:20]), cards_text(others[20:]), cards_text(clubs)]
    h = Hand.from_start(r, {"hands": hands, "stock": "", "discard": "", "to_act": 0, "phase": "opening",
                            "opening_left": [0]})
    assert moves(h) == ["pass"]
    h.push("pass")
    assert h.to_act == 1 and h.position()["opening_left"] == [1] and h.phase == "opening"
    h.push("pass")
    assert h.to_act == 2 and moves(h)[0] == "AC"


def test_PY_10_turkish_first_round_duty_dropped_when_clubs_already_opened():
    r = rules("turkish")
    rest = split_deck(r, "5C")
    clubs = cards_text(c for c in rest if c.suit.value == "C")
    reds = cards_text(c for c in rest if c.suit.value in "DH")
    spades = cards_text(c for c in rest if c.suit.value == "S")
    h = Hand.from_start(r, {"hands": [clubs, reds, spades], "stock": "", "discard": "5C", "to_act": 1,
                            "phase": "opening", "opening_left": [1, 2]})
    assert moves(h) == ["pass"]  # nothing to draw: the discard holds only its top card
    h.push("pass")
    assert h.to_act == 2 and h.position()["opening_left"] == [2]
    h.push("pass")
    assert h.to_act == 0 and h.phase == "play"


def test_PY_A03_a_live_seven_on_an_inert_seven():
    h = deal(rules(), ["7C 3H 4H 5H 6H 8D 9H", "7H 5D 6D 9D 10D KD 2S", H2], dealer=2)
    h.push("7C")
    assert h.pending == 0
    h.push("7H")
    assert h.pending == 1 and set(moves(h)) == {"draw"}
    h.push("draw")
    assert len(h.hands[2]) == 10


def test_PY_15b_inert_jack_of_clubs_wants_a_club_that_is_not_a_jack():
    r = rules("classic", jokers_per_deck=1)
    h = deal(r, ["JC 3H 4H 5H 6H 8D 9H", "QC JS 6D 9D 10D X 2S", H2], dealer=2)
    h.push("JC")
    assert set(moves(h)) == {"QC", "X=C", "X=D", "X=H", "X=S", "draw"}
    with pytest.raises(IllegalMoveError, match="opening JC: play a club that is not a J"):
        h.push("JS=H")


def test_PY_F13_no_jack_on_inert_jack_no_joker_in_the_opening():
    r = rules("turkish", decks=2, jokers_per_deck=1)
    h = deal(r, ["JC 3H 4H 5H 6H 8D 9H", "JC 3C X 9D 10D 2D 2S", H2], dealer=2)
    h.push("JC")
    assert moves(h) == ["3C", "draw"]
    with pytest.raises(IllegalMoveError, match="no J on a J"):
        h.push("JC")
    with pytest.raises(IllegalMoveError, match="no joker in the opening"):
        h.push("X=C")


def test_PY_A04_stock_runs_out_in_the_opening_classic_ends_the_hand():
    r = rules("classic")
    rest = split_deck(r, "8H")
    h = Hand.from_start(r, {"hands": [cards_text(c for c in rest if c.suit.value in "DH"),
                                      cards_text(c for c in rest if c.suit.value == "S"),
                                      cards_text(c for c in rest if c.suit.value == "C")],
                            "stock": "8H", "discard": "", "to_act": 0, "phase": "opening", "opening_left": [0]})
    h.push("draw")
    assert h.is_over() and h.result().ended_by == "stock"
