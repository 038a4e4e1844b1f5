"""Normal play: legal cards, drawing and passing, special cards (PY-11..PY-25, PY-A05..A15, PY-A25/A26)."""

import pytest
from pisyedili_support import hand_text, moves, position, rules, split_deck

from cardlib import IllegalMoveError, InvalidOptionError, cards_text
from cardlib.pisyedili import Hand

SUITS4 = ["=C", "=D", "=H", "=S"]


def js(card):
    return {card + s for s in SUITS4}


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_11_a_turn_is_a_play_or_a_draw(preset):
    h = position(rules(preset, tek=False), ["9H 2C", "3D 4D", "4S 5S"], "5H", "KC QC")
    assert set(moves(h)) == {"9H", "draw"}
    with pytest.raises(IllegalMoveError, match="pass only after drawing"):
        h.push("pass")


def test_PY_12_match_suit_or_rank_or_play_a_jack_or_joker():
    h = position(rules(jokers_per_deck=1), ["2H 9C JS KD 3S X", "3D 4D", "4S 5S"], "9H", "KC QC")
    assert set(moves(h)) == {"9C", "2H", "draw"} | js("JS") | js("X")
    with pytest.raises(IllegalMoveError, match="top card is 9H and no 7 pending: play a heart, a 9, a J or a joker"):
        h.push("KD")


def test_PY_12_the_reason_names_a_joker_only_where_the_deck_has_one():
    plain = position(rules(), ["2H 9C JS KD 3S", "3D 4D", "4S 5S"], "9H", "KC QC")
    with pytest.raises(IllegalMoveError, match="top card is 9H and no 7 pending: play a heart, a 9 or a J;"):
        plain.push("KD")
    named = position(rules(), ["2H 9C JS KD 3S", "3D 4D", "4S 5S"], "JH", "KC QC", named_suit="C")
    with pytest.raises(IllegalMoveError, match=r"naming clubs: play a club that is not a J \(no J on a J, PY-14\);"):
        named.push("KD")
    opening = position(rules(jokers_per_deck=1), ["5H 9D", "X 5D 9H", "4S 5S"], "JC", "KC QC", to_act=1)
    assert set(moves(opening)) == {"X=C", "X=D", "X=H", "X=S", "draw"}
    with pytest.raises(IllegalMoveError, match=r"the opening JC: play a club that is not a J, or a joker \(PY-15b\);"):
        opening.push("5D")
    jokers = position(rules(jokers_per_deck=1), ["2H 9C JS KD 3S X", "3D 4D", "4S 5S"], "JH", "KC QC", named_suit="C")
    with pytest.raises(IllegalMoveError, match=r"that is not a J, or a joker \(no J on a J, PY-14\);"):
        jokers.push("KD")


def test_PY_13_jack_on_anything_but_a_jack_naming_any_suit():
    h = position(rules(), ["JS 2D", "3D 4D", "4S 5S"], "9H", "KC QC")
    assert set(moves(h)) == js("JS") | {"draw"}  # naming hearts, the current suit, is allowed (PY-A06)
    h.push("JS=H")
    assert h.named_suit.value == "H" and h.to_act == 1
    assert [e.kind for e in h.events[-2:]] == ["play", "named_suit"]


def test_PY_13_no_jack_against_pending_sevens():
    h = position(rules(), ["JS 7C 2D", "3D 4D", "4S 5S"], "7H", "KC QC", pending=1)
    assert set(moves(h)) == {"7C", "draw"}
    with pytest.raises(IllegalMoveError, match="sevens pending: play a 7 or draw 3"):
        h.push("JS=C")


def test_PY_A05_no_jack_on_a_jack_whatever_suit_was_named():
    h = position(rules(), ["JS 5S 5H", "3D 4D", "4S 5D"], "JD", "KC QC", named_suit="S")
    assert set(moves(h)) == {"5S", "draw"}
    with pytest.raises(IllegalMoveError, match="naming spades: play a spade that is not a J"):
        h.push("JS=H")


def test_PY_14_jack_on_top_named_suit_but_no_jack_or_a_joker():
    h = position(rules(jokers_per_deck=1), ["5S JS 5H QS X", "3D 4D", "4S 5D"], "JD", "KC QC", named_suit="S")
    assert set(moves(h)) == {"5S", "QS", "draw"} | js("X")


def test_PY_15_named_suit_stays_through_draws_and_passes():
    h = position(rules(), ["2H 3H", "5S 4D", "4S 5D"], "JD", "KC QC", named_suit="S")
    h.push("draw")
    h.push("pass")
    assert h.to_act == 1 and h.named_suit.value == "S" and set(moves(h)) == {"5S", "draw"}


def test_PY_15_named_suit_stays_through_a_reshuffle():
    h = position(rules("turkish", tek=False), ["2H 3H", "5S 4D", "4S 5D"], "2C 3C JD", "", named_suit="S")
    h.push("draw")
    assert h.events[0].kind == "reshuffle" and len(h.events[0].stock) == 45
    assert h.named_suit.value == "S" and h.position()["discard"] == "JD"
    assert len(h.stock) == 44 and h.hands[0][-1] is h.events[0].stock[0]
    h.push("pass")
    assert h.named_suit.value == "S" and set(moves(h)) == {"5S", "draw"}


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_16_drawing_is_allowed_while_holding_a_legal_card(preset):
    h = position(rules(preset, tek=False), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KC QC")
    assert set(moves(h)) == {"5H", "draw"}
    h.push("draw")
    assert hand_text(h, 0) == "5H 9C KC"


def test_PY_17_multi_after_a_draw_play_any_legal_card_draw_again_or_pass():
    h = position(rules("classic"), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KS QC 2D")
    h.push("draw")
    assert set(moves(h)) == {"5H", "KS", "draw", "pass"}  # PY-A26: 5H was already held
    h.push("draw")
    assert h.position()["drawn"] == 2
    h.push("KS")
    assert h.to_act == 1 and h.position()["drawn"] == 0


def test_PY_17T_single_one_draw_then_play_or_pass():
    h = position(rules("turkish"), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KS QC 2D")
    h.push("draw")
    assert set(moves(h)) == {"5H", "KS", "pass"}
    with pytest.raises(IllegalMoveError, match="only one draw per turn"):
        h.push("draw")


def test_PY_18_pass_after_a_draw_or_when_nothing_can_be_drawn():
    # classic, a position that starts with an empty stock (PY-F3): no draw, passing is legal
    h = position(rules("classic"), ["5H 9C", "3D 4D", "4S 5D"], "5S", "")
    assert set(moves(h)) == {"5H", "pass"}
    # turkish: the stock is empty and the discard holds only its top card
    r = rules("turkish")
    rest = split_deck(r, "5S")
    h = Hand.from_start(r, {"hands": [cards_text(rest[:20]), cards_text(rest[20:40]), cards_text(rest[40:])],
                            "stock": "", "discard": "5S", "to_act": 0})
    assert "pass" in moves(h) and "draw" not in moves(h)
    # with something to reshuffle, drawing is possible and passing is not
    h = position(r, ["2H 3H", "5S 4D", "4S 5D"], "5C", "")
    assert moves(h) == ["draw"]


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_19_a_seven_makes_the_next_player_face_three(preset):
    h = position(rules(preset), ["7H 2C", "3D 4D", "4S 5D"], "5H", "KC QC JC 2S")
    h.push("7H")
    assert h.pending == 1 and h.to_act == 1 and moves(h) == ["draw"]
    h.push("draw")
    assert hand_text(h, 1) == "3D 4D KC QC JC"
    assert h.pending == 0 and h.to_act == 2
    assert h.events[-1].kind == "penalty_draw" and h.events[-1].owed == 3


def test_PY_20_only_a_seven_answers_then_three_per_seven():
    r = rules(jokers_per_deck=1)
    h = position(r, ["7D JH X AH 8H 10H", "7S 4D", "4S 5D"], "7H", "KC QC JC 2S 3S 4C 5C 6C", pending=1)
    assert set(moves(h)) == {"7D", "draw"}  # no J, joker, A, 8 or 10 (PY-A07)
    h.push("7D")
    assert h.pending == 2 and set(moves(h)) == {"7S", "draw"}
    h.push("7S")
    h.push("draw")  # seat 2 draws 3 x 3 = 9; the stock has 8: classic ends the hand (PY-28)
    assert h.is_over() and len(h.hands[2]) == 10


def test_PY_20_drawing_the_penalty_ends_the_turn():
    h = position(rules(), ["7D 2C", "5H 4D", "4S 5D"], "7H", "KC QC JC 2S 3S 4C 5C", pending=2)
    h.push("draw")
    assert len(h.hands[0]) == 8 and h.to_act == 1 and h.pending == 0  # PY-A08


def test_PY_21_after_the_penalty_the_seven_is_ordinary():
    h = position(rules(), ["2C 3C", "7D 4D 5H", "4S 5D"], "7H", "KC QC JC 2S 3S", pending=1)
    h.push("draw")
    assert set(moves(h)) == {"7D", "5H", "draw"}
    h.push("7D")
    assert h.pending == 1  # a new count


def test_PY_22_eight_skips_and_with_two_players_plays_again():
    h = position(rules(players=3), ["8H 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    h.push("8H")
    assert h.to_act == 2 and h.events[-1].kind == "skip" and h.events[-1].seat == 1
    h = position(rules(players=2), ["8H 2C", "3D 4D"], "5H", "KC QC")
    h.push("8H")
    assert h.to_act == 0 and h.phase == "play"  # PY-A10: a full new turn
    assert "draw" in moves(h)


def test_PY_23_ten_reverses():
    h = position(rules(players=3), ["10H 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    h.push("10H")
    assert h.direction == -1 and h.to_act == 2
    h = position(rules(players=2), ["10H 2C", "3D 4D"], "5H", "KC QC")
    h.push("10H")
    assert h.direction == -1 and h.to_act == 1  # PY-A11


def test_PY_A09_a_seven_chain_goes_on_in_the_direction_set_before_it():
    h = position(rules(players=4), ["7H 2C", "3D 4D", "4S 5D", "7S 6D"], "5H", "KC QC JC", direction=-1)
    h.push("7H")
    assert h.to_act == 3
    h.push("7S")
    assert h.to_act == 2 and h.pending == 2


def test_PY_24_classic_ace_optional_follow_up_same_turn():
    r = rules("classic", jokers_per_deck=1)
    h = position(r, ["AH 8H AS 2C X", "3D 4D", "4S 5D"], "5H", "KC QC")
    h.push("AH")
    assert h.phase == "ace" and h.to_act == 0
    assert set(moves(h)) == {"8H", "AS", "end"} | js("X")  # no draw (PY-F8)
    h.push("AS")
    assert h.phase == "ace" and set(moves(h)) == {"end"} | js("X")  # the follow-up Ace allows another
    h.push("end")
    assert h.to_act == 1 and h.phase == "play"


def test_PY_24_classic_ace_follow_up_effects_apply():
    h = position(rules("classic"), ["AH 8H 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    h.push("AH")
    h.push("8H")
    assert h.to_act == 2 and h.phase == "play"  # the 8 skipped seat 1


def test_PY_24T_turkish_everyone_else_draws_one_per_ace_then_extra_turn():
    r = rules("turkish", players=3, tek=False)
    h = position(r, ["AH AS 5S 9C", "3D 4D", "4S 5D"], "4H", "KC QC JC 2S 6H 6D")
    h.push("AH")
    assert hand_text(h, 1) == "3D 4D KC" and hand_text(h, 2) == "4S 5D QC"
    assert h.to_act == 0 and h.phase == "ace"
    assert moves(h) == ["AS"]  # aces_all_at_once (PY-T3)
    h.push("AS")
    assert hand_text(h, 1) == "3D 4D KC JC" and hand_text(h, 2) == "4S 5D QC 2S"
    assert moves(h) == ["5S"]
    h.push("5S")
    assert h.to_act == 1 and h.phase == "play"
    assert [e.kind for e in h.events].count("ace_draws") == 2


def test_PY_A12_two_players_turkish_ace():
    h = position(rules("turkish", players=2, tek=False), ["AH 5H 9C", "3D 4D"], "4H", "KC QC")
    h.push("AH")
    assert hand_text(h, 1) == "3D 4D KC" and h.to_act == 0 and moves(h) == ["5H"]


def test_PY_24U_extra_turn_without_a_legal_card_draws_then_must_play_it():
    r = rules("turkish", players=3, aces_all_at_once=False)
    h = position(r, ["AH 9C 2D", "3D 4D", "4S 5D"], "4H", "KC QC 7H 2S")
    h.push("AH")
    assert moves(h) == ["draw"]
    h.push("draw")
    assert hand_text(h, 0) == "9C 2D 7H" and moves(h) == ["7H"]  # legal, so it must be played (PY-F7)
    with pytest.raises(IllegalMoveError, match="must be played"):
        h.push("pass")
    h = position(r, ["AH 9C 2D", "3D 4D", "4S 5D"], "4H", "KC QC 3C 2S")
    h.push("AH")
    h.push("draw")
    assert moves(h) == ["pass"]
    h.push("pass")
    assert h.to_act == 1


def test_PY_24U_extra_turn_must_play_a_legal_card_if_held():
    r = rules("turkish", players=3, aces_all_at_once=False)
    h = position(r, ["AH AS 5H 9C", "3D 4D", "4S 5D"], "4H", "KC QC JC 2S")
    h.push("AH")
    assert set(moves(h)) == {"AS", "5H"}  # no draw while holding a legal card (PY-A15)


@pytest.mark.parametrize("card", ["QH", "KH", "9H", "2H", "3H", "4H", "6H"])
def test_PY_25_no_effect_cards(card):
    h = position(rules(players=4), [f"{card} 2C", "3D 4D", "4S 5D", "6S 8D"], "5H", "KC QC")
    h.push(card)
    assert h.to_act == 1 and h.direction == 1 and h.pending == 0 and h.phase == "play"
    assert h.named_suit is None


def test_match_play_takes_one_bot_for_every_seat_like_the_sari_cuce_game():
    from cardlib.pisyedili import Match, Rules, bots
    match = Match(Rules(players=3), seed=1)
    result = match.play(bots.HeuristicBot(1))
    assert match.is_over() and len(match.results) == 4 and result == match.result()
    assert repr(match) == "<pis-yedili Match 3 players, seed 1, over>"
    with pytest.raises(InvalidOptionError, match="2 bots for 3 players"):
        Match(Rules(players=3), seed=1).play([bots.RandomBot(1), bots.RandomBot(2)])


def test_going_out_with_a_multiplier_is_narrated_plainly():
    from cardlib.pisyedili.events import HandEnd
    from cardlib import Card
    text = HandEnd(winner=0, ended_by="out", multiplier=3, card=Card.parse("7H")).describe(["Ada", "Bora"])
    assert text == "Ada goes out with 7♥: the others score their cards x3."
