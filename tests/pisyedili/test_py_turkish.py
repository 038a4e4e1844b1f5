"""Tek, end penalty draws, Aces at once, two decks, Ace cannot finish, jokers (PY-T1..T5, PY-J1, PY-J2)."""

import pytest
from pisyedili_support import hand_text, moves, position, rules

from cardlib import IllegalMoveError


def js(card):
    return {card + s for s in ("=C", "=D", "=H", "=S")}


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_T1_tek_flag_on_the_play_that_leaves_one_card(preset):
    h = position(rules(preset, tek=True), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KC QC")
    assert set(moves(h)) == {"5H", "5H!", "draw"}
    h.push("5H!")
    assert h.position()["tek"] == [0] and h.events[-1].kind == "tek"
    with pytest.raises(IllegalMoveError, match="tek"):
        position(rules(preset, tek=False), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KC QC").push("5H!")


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_T1b_undeclared_single_card_draws_first_and_cannot_go_out(preset):
    r = rules(preset, tek=True)
    h = position(r, ["5H", "3D 4D", "4S 5D"], "5S", "9H 2C 3C")
    assert h.position().get("turn_state") is None  # derived from the position
    assert moves(h) == ["draw"]
    with pytest.raises(IllegalMoveError, match="tek penalty"):
        h.push("5H")
    h.push("draw")
    assert hand_text(h, 0) == "5H 9H" and [e.kind for e in h.events] == ["tek_penalty", "draw"]
    assert set(moves(h)) == {"5H", "5H!", "pass"}  # no second draw, even under draw_policy = multi
    assert h.position()["turn_state"] == "tek"
    h.push("5H!")
    assert h.position()["tek"] == [0]


def test_PY_T1b_declared_single_card_may_go_out():
    h = position(rules("turkish"), ["5H", "3D 4D", "4S 5D"], "5S", "9H 2C 3C", tek=[0])
    assert set(moves(h)) == {"5H", "draw"}
    h.push("5H")
    assert h.result().winner == 0


def test_PY_A18_receiving_cards_lapses_the_declaration():
    r = rules("turkish", players=3)
    h = position(r, ["AH 9C 2C", "3D", "4S 5D"], "5H", "KC QC JC 2S", tek=[1])
    h.push("AH")
    assert h.position()["tek"] == [] and hand_text(h, 1) == "3D KC"


def test_PY_T2_end_penalty_draws_are_recursive():
    r = rules("turkish", players=3, tek=False)
    h = position(r, ["9H", "7D 2D", "AS 4S"], "5H", "KC 7C 2C 3C QC 4C 5C 6C")
    h.push("9H")
    # seat 1 owes 3 for 7D: KC, 7C (+3), 2C; then 3 more: 3C QC 4C.  Seat 2 owes 1 for AS: 5C.
    assert hand_text(h, 1) == "7D 2D KC 7C 2C 3C QC 4C" and hand_text(h, 2) == "AS 4S 5C"
    # seat 1: 20+2+10+20+2+3+10+4 = 71; seat 2: 15+4+5 = 24 (multiplier 1 for 9H)
    assert h.result().scores == (0, 71, 24)
    assert [e.why for e in h.events if e.kind == "draw"] == ["end", "end"]


def test_PY_T2_end_penalty_order_starts_after_the_winner_in_the_current_direction():
    r = rules("turkish", players=3, tek=False)
    h = position(r, ["9H", "AD 2D", "AS 4S"], "5H", "KC QC", direction=-1)
    h.push("9H")
    assert hand_text(h, 2) == "AS 4S KC" and hand_text(h, 1) == "AD 2D QC"  # PY-A21


def test_PY_T2_off_in_classic():
    h = position(rules("classic"), ["9H", "7D 2D", "AS 4S"], "5H", "KC 7C 2C")
    h.push("9H")
    assert hand_text(h, 1) == "7D 2D" and h.result().scores == (0, 22, 19)


def test_PY_T3_aces_all_at_once_before_any_other_follow_up():
    r = rules("turkish", tek=False)
    h = position(r, ["AH 5H AS AD", "3D 4D", "4S 5D"], "4H", "KC QC JC 2S 3S 4C 9D 9S")
    h.push("AH")
    assert set(moves(h)) == {"AS", "AD"}
    h.push("AD")
    assert moves(h) == ["AS"]
    h.push("AS")
    assert moves(h) == ["draw"]  # 5H is not legal on AS; no more Aces


def test_PY_F16_aces_all_at_once_has_no_effect_under_the_classic_follow_rule():
    r = rules("classic", aces_all_at_once=True)
    assert r.ace_rule == "follow" and r.aces_all_at_once  # a valid combination
    h = position(r, ["AH 5H AS 9C", "3D 4D", "4S 5D"], "4H", "KC QC")
    h.push("AH")
    assert moves(h) == ["5H", "AS", "end"]  # the follow-up stays optional and any card legal on AH will do
    h.push("end")
    assert h.to_act == 1
    # a record with both replays as under follow alone
    plain = position(rules("classic"), ["AH 5H AS 9C", "3D 4D", "4S 5D"], "4H", "KC QC")
    plain.push("AH")
    assert moves(plain) == ["5H", "AS", "end"]


def test_PY_T4_two_decks_identical_jacks_and_cards():
    r = rules("classic", decks=2)
    h = position(r, ["JS 5H 5H", "3D 4D", "4S 5D"], "JS", "KC QC", named_suit="H")
    assert set(moves(h)) == {"5H", "draw"}  # no J on a J, even the same J
    h.push("5H")
    assert hand_text(h, 0) == "JS 5H"


def test_PY_T5_ace_cannot_finish_turkish_draws_then_play_or_keep():
    r = rules("turkish")
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "KC 2C 9H 3S", tek=[0])
    h.push("AH")
    assert not h.is_over() and hand_text(h, 1) == "3D 4D KC" and hand_text(h, 2) == "4S 5D 2C"
    assert h.to_act == 0 and h.hands[0] == [] and moves(h) == ["draw"]
    h.push("draw")
    assert set(moves(h)) == {"9H", "pass"}  # may play it (going out) or keep it
    h.push("9H")
    assert h.result().winner == 0 and h.result().multiplier == 1


def test_PY_T5_keeping_the_card_counts_as_tek():
    r = rules("classic", ace_cannot_finish=True, tek=True)
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "3S KC", tek=[0])
    h.push("AH")
    h.push("draw")
    assert moves(h) == ["pass"]  # 3S is not legal on AH
    h.push("pass")
    assert h.position()["tek"] == [0] and h.to_act == 1


def test_PY_T5_drawn_counts_on_after_the_last_ace():
    r = rules("classic", ace_cannot_finish=True)
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "AS KC QC")
    h.push("draw")                      # AS: the turn has drawn one card
    h.push("AH")
    h.push("AS")                        # the last card, an Ace: the PY-T5 draw comes in the same turn
    assert h.hands[0] == [] and h.sub == "t5" and h.drawn == 1 and h.position()["drawn"] == 1
    h.push("draw")
    assert h.drawn == 2


def test_PY_F9_keeping_the_card_is_tek_only_with_the_tek_option():
    r = rules("classic", ace_cannot_finish=True)           # tek is off
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "3S KC")
    h.push("AH")
    h.push("draw")
    h.push("pass")
    assert h.position()["tek"] == [] and h.tek == set()


def test_PY_T5_another_ace_repeats_and_nothing_to_draw_goes_out():
    r = rules("classic", ace_cannot_finish=True)
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "AS 9C 2S")
    h.push("AH")
    h.push("draw")
    assert set(moves(h)) == {"AS", "pass"}
    h.push("AS")
    assert moves(h) == ["draw"] and h.hands[0] == []
    # PY-F9: nothing can be drawn -> out with the Ace, multiplier 1
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "")
    h.push("AH")
    assert h.result().winner == 0 and h.result().multiplier == 1


def test_PY_J1_jokers_on_anything_but_pending_sevens_and_name_a_suit():
    r = rules("classic", jokers_per_deck=2)
    for top, named in (("9H", None), ("JD", "S"), ("X", "C")):
        h = position(r, ["X 2C", "3D 4D", "4S 5D"], top, "KC QC", named_suit=named)
        assert js("X") <= set(moves(h))
    h = position(r, ["X 2C", "3D 4D", "4S 5D"], "7H", "KC QC", pending=1)
    assert moves(h) == ["draw"]
    h = position(r, ["X 2C", "3D 4D", "4S 5D"], "9H", "KC QC")
    h.push("X=D")
    assert h.named_suit.value == "D" and h.to_act == 1


def test_PY_J2_joker_on_top_named_suit_any_jack_any_joker():
    r = rules("classic", jokers_per_deck=1, decks=2)
    h = position(r, ["X 5D 5H JH 9C", "3D 4D", "4S 5S"], "X", "KC QC", named_suit="D")
    assert set(moves(h)) == {"5D", "draw"} | js("X") | js("JH")


def test_PY_F9_a_made_up_position_with_nothing_to_draw_after_the_last_ace():
    from pisyedili_support import split_deck
    from cardlib import cards_text
    from cardlib.pisyedili import Hand
    r = rules("classic", ace_cannot_finish=True)
    rest = split_deck(r, "AH")
    h = Hand.from_start(r, {"hands": ["", cards_text(rest[:25]), cards_text(rest[25:])], "stock": "",
                            "discard": "AH", "to_act": 0, "phase": "ace"})
    assert moves(h) == ["draw"]
    h.push("draw")
    assert h.result().winner == 0 and h.result().multiplier == 1
