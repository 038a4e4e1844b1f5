"""Fine points PY-F1..PY-F15 and one test per option of the options table (RULES.md §2.3, §4)."""

import pytest
from pisyedili_support import deal, hand_text, moves, position, rules, split_deck

from cardlib import IllegalMoveError, cards_text
from cardlib.pisyedili import Hand
from cardlib.pisyedili.hand import SAFETY_VALVE_TURNS


def js(card):
    return {card + s for s in ("=C", "=D", "=H", "=S")}


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_F1_drawing_is_always_legal_against_sevens_passing_never(preset):
    r = rules(preset, tek=False)
    rest = split_deck(r, "7H 2C 3C")
    h = Hand.from_start(r, {"hands": ["2C 3C", cards_text(rest[:25]), cards_text(rest[25:])], "stock": "",
                            "discard": "7H", "to_act": 0, "pending": 2})
    assert moves(h) == ["draw"]
    with pytest.raises(IllegalMoveError, match="passing is not allowed"):
        h.push("pass")
    h.push("draw")
    assert h.pending == 0 and h.to_act == 1 and hand_text(h, 0) == "2C 3C"


def test_PY_F2_play_after_penalty_draw():
    r = rules("classic", play_after_penalty_draw=True)
    h = position(r, ["2C 3C", "5H 4D", "4S 5D"], "7H", "KC QC 9H 2S", pending=1)
    h.push("draw")
    assert h.to_act == 0 and set(moves(h)) == {"9H", "pass"}  # one play on the spent 7, or pass; no draw
    assert h.position()["turn_state"] == "after_penalty"
    h.push("9H")
    assert h.to_act == 1
    h = position(r, ["2C 3C", "5H 4D", "4S 5D"], "7H", "KC QC 9S 2S", pending=1)
    h.push("draw")
    assert moves(h) == ["pass"]


def test_PY_F3_only_a_draw_that_takes_the_last_card_ends_a_classic_hand():
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S"], "5H", "")
    h.push("pass")
    assert not h.is_over()
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S"], "7H", "", pending=1)
    h.push("draw")  # takes nothing: the hand goes on
    assert not h.is_over() and h.to_act == 1


def test_PY_F4_no_play_counter_counts_penalty_draws_and_ace_extra_turn_passes():
    r = rules("turkish", tek=False, aces_all_at_once=False)
    h = position(r, ["2C 3C", "KD QD", "AH 9S 4S"], "7H", "2D 3D 4D 6C 8S 10S", pending=1, to_act=0)
    h.push("draw")        # seat 0: penalty draw, no card played (1)
    h.push("draw")        # seat 1: draws 10S
    h.push("pass")        # (2)
    h.push("AH")          # seat 2 plays: the count restarts
    assert h.to_act == 2 and moves(h) == ["draw"]
    h.push("draw")
    h.push("pass")        # the extra turn without a play (1)
    assert not h.is_over()


def test_PY_F5_safety_valve_after_2000_turns():
    # classic, empty stock, nobody can play: everyone passes forever (no PY-28B in classic)
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S 4S"], "5H", "")
    for _ in range(SAFETY_VALVE_TURNS - 1):
        h.push("pass")
    assert not h.is_over()
    h.push("pass")
    res = h.result()
    assert res.safety_valve and res.reason == "safety_valve" and res.ended_by == "stock"
    assert res.to_dict() == {"winner": None, "ended_by": "stock", "multiplier": 1, "scores": [0, 20, 13],
                             "safety_valve": True}
    assert "safety_valve" in [e.kind for e in h.events]
    assert "safety_valve" not in position(rules(), ["7H", "KD", "9S"], "5H", "2C").copy().position()


def test_PY_F6_two_player_reverse_as_skip():
    r = rules(players=2, two_player_reverse_as_skip=True)
    h = position(r, ["10H 2C", "3D 4D"], "5H", "KC QC")
    h.push("10H")
    assert h.direction == -1 and h.to_act == 0 and "draw" in moves(h)
    r = rules(players=3, two_player_reverse_as_skip=True)  # only for two players
    h = position(r, ["10H 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    h.push("10H")
    assert h.to_act == 2


def test_PY_F7_the_ace_extra_turn_is_a_new_turn():
    r = rules("turkish")
    h = position(r, ["3C AH 2H", "3D 4D", "4S 5D"], "5H", "9S KC QC JC")
    h.push("draw")
    assert h.position()["drawn"] == 1
    h.push("AH")  # leaves 2H + 3C + 9S
    assert h.to_act == 0 and h.position()["drawn"] == 0 and h.phase == "ace"
    # tek is checked again: playing an Ace down to one card without "!" means a forced draw next
    h = position(r, ["AH 2H", "3D 4D", "4S 5D"], "5H", "KC QC 9S")
    h.push("AH")
    assert moves(h) == ["draw"] and h.sub == "tek_draw"
    h.push("draw")
    assert set(moves(h)) == {"2H", "2H!", "pass"}


def test_PY_F8_classic_follow_up_end_always_legal_draw_never():
    h = position(rules("classic"), ["AH 9C 2S", "3D 4D", "4S 5D"], "5H", "KC QC")
    h.push("AH")
    assert moves(h) == ["end"]
    with pytest.raises(IllegalMoveError, match="no drawing in the Ace follow-up"):
        h.push("draw")
    with pytest.raises(IllegalMoveError, match="end"):
        h.push("pass")


def test_PY_F9_see_PY_T5():
    r = rules("turkish")
    h = position(r, ["AH", "3D 4D", "4S 5D"], "5H", "KC 2C 4H", tek=[0])
    h.push("AH")
    h.push("draw")
    assert set(moves(h)) == {"4H", "pass"}
    h.push("pass")
    assert h.position()["tek"] == [0] and h.to_act == 1


def test_PY_F10_tek_penalty_against_sevens_and_not_in_the_opening():
    r = rules("turkish")
    h = position(r, ["7C", "3D 4D", "4S 5D"], "7H", "KC QC JC 2S 3S", pending=1)
    assert moves(h) == ["draw"]  # the forced single draw first
    h.push("draw")
    assert hand_text(h, 0) == "7C KC" and h.pending == 1
    assert set(moves(h)) == {"7C", "7C!", "draw"}  # a 7 that keeps a card, or the penalty
    h.push("draw")
    assert hand_text(h, 0) == "7C KC QC JC 2S" and h.to_act == 1
    # the opening does not check tek (a one-card opener is only possible in a made-up position)
    rest = split_deck(r, "5C 9C")
    h = Hand.from_start(r, {"hands": ["9C", cards_text(rest[:25]), cards_text(rest[25:])], "stock": "",
                            "discard": "5C", "to_act": 0, "phase": "opening", "opening_left": [0]})
    assert moves(h) == ["9C"]


def test_PY_F10_tek_penalty_with_nothing_to_draw_against_sevens_the_draw_is_the_penalty():
    r = rules("turkish")
    rest = split_deck(r, "7H 7C")
    h = Hand.from_start(r, {"hands": ["7C", cards_text(rest[:25]), cards_text(rest[25:])], "stock": "",
                            "discard": "7H", "to_act": 0, "pending": 1})
    assert moves(h) == ["draw"]         # no forced draw can be made; a 7 would go out (decision 7)
    h.push("draw")
    assert [e.kind for e in h.events] == ["penalty_draw"] and h.pending == 0 and h.to_act == 1


def test_PY_F11_tek_is_optional_and_only_on_a_play_leaving_one_card():
    r = rules("turkish")
    h = position(r, ["5H 9H 2C", "3D 4D", "4S 5D"], "5S", "KC QC")
    assert set(moves(h)) == {"5H", "draw"}
    with pytest.raises(IllegalMoveError, match="exactly one card"):
        h.push("5H!")
    h = position(r, ["5H 2C", "3D 4D", "4S 5D"], "5S", "KC QC")
    h.push("5H")  # forgetting is legal
    assert h.position()["tek"] == []


def test_PY_F12_a_jack_names_a_suit_even_going_out_change_suit_only_for_jacks():
    h = position(rules("classic"), ["JS", "3D 4D", "4S 5D"], "5H", "KC QC")
    assert set(moves(h)) == js("JS") | {"draw"}
    h.push("JS=D")
    assert h.position()["named_suit"] == "D" and h.result().multiplier == 2
    r = rules("classic", jack_must_change_suit=True, jokers_per_deck=1)
    h = position(r, ["JS X 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    assert set(moves(h)) == {"JS=C", "JS=D", "JS=S", "draw"} | js("X")


def test_PY_F13_see_opening_tests():
    r = rules("classic", jokers_per_deck=1)
    h = deal(r, ["X 3H 4H 5H 6H 8D 9H", "QC 5D 6D 9D 10D KD 2S", "3S 4S 5S 6S 9S KS QS"], dealer=2)
    assert moves(h) == ["draw"]  # no club, the joker is not legal in the opening


def test_PY_F14_see_end_tests():
    h = position(rules("classic"), ["9D", "KD QD", "9S"], "5H", "4H")
    h.push("draw")
    assert h.result().winner is None and h.result().multiplier == 1



def test_PY_F15_a_tek_penalty_lasts_through_the_classic_ace_follow_up():
    r = rules("classic", tek=True)
    h = position(r, ["9H", "3D 4D", "4S 5D"], "5H", "AH KC QC")
    h.push("draw")                      # the forced draw (PY-T1b) gives AH
    assert moves(h) == ["AH", "AH!", "9H", "9H!", "pass"]
    h.push("AH")
    assert h.phase == "ace" and moves(h) == ["end"]  # 9H would go out: not this turn
    with pytest.raises(IllegalMoveError, match="tek penalty: you cannot go out this turn"):
        h.push("9H")
    with pytest.raises(IllegalMoveError, match="write 'end'"):
        h.push("pass")
    h.push("end")
    assert h.to_act == 1 and hand_text(h, 0) == "9H"
    # a follow-up that keeps a card is allowed, and the penalty holds through every follow-up Ace
    h = position(r, ["AH AS 9H", "3D 4D", "4S 5D"], "5H", "KC QC", drawn=1, turn_state="tek")
    h.push("AH")
    assert moves(h) == ["9H", "9H!", "AS", "AS!", "end"]
    h.push("AS")
    assert moves(h) == ["end"]


def test_PY_F15_aces_first_in_a_turkish_extra_turn_under_a_tek_penalty():
    r = rules("turkish")
    h = position(r, ["AH 2H", "3D 4D", "4S 5D"], "5H", "KC QC AS 9S")
    h.push("AH")                        # no "tek": the extra turn begins with one undeclared card
    assert moves(h) == ["draw"]
    h.push("draw")                      # AS
    assert hand_text(h, 0) == "2H AS" and h.phase == "ace"
    assert moves(h) == ["AS", "AS!", "pass"]  # 2H is legal on AH, but the Ace comes first (PY-T3)
    with pytest.raises(IllegalMoveError, match="play your Aces first"):
        h.push("2H")
    # without aces_all_at_once the tek penalty allows any play that keeps a card, or a pass (decision 6)
    h = position(rules("turkish", aces_all_at_once=False), ["AH 2H", "3D 4D", "4S 5D"], "5H", "KC QC AS 9S")
    h.push("AH")
    h.push("draw")
    assert moves(h) == ["2H", "2H!", "AS", "AS!", "pass"]


def test_PY_F15_a_tek_penalty_lasts_through_a_play_after_the_sevens():
    r = rules("classic", tek=True, play_after_penalty_draw=True)
    h = position(r, ["7C", "3D 4D", "4S 5D"], "7H", "KC QC 9H 2S 3S", pending=1)
    h.push("draw")                      # the forced draw: KC
    assert moves(h) == ["7C", "7C!", "draw"]
    h.push("draw")                      # the sevens: QC 9H 2S
    assert h.position()["turn_state"] == "tek" and h.drawn == 4
    assert moves(h) == ["7C", "9H", "pass"]   # a play on the spent 7 or a pass (PY-F2), no draw

# --- one test per option --------------------------------------------------------------------------------

def test_option_opening():
    hands = ["2C 9C 3H 4H 5H 6H 8D", "QC 5D 6D 9D 10D KD 2S", "3S 4S 5S 6S 9S KS 3C"]
    assert deal(rules(opening="first_player"), hands, dealer=2).position()["opening_left"] == [0]
    assert deal(rules(opening="first_round"), hands, dealer=2).position()["opening_left"] == [0, 1, 2]
    assert deal(rules("turkish", opening="first_player"), hands, dealer=2).position()["opening_left"] == [0]


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_draw_policy(preset):
    for policy, again in (("multi", True), ("single", False)):
        h = position(rules(preset, draw_policy=policy, tek=False), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KC QC")
        h.push("draw")
        assert ("draw" in moves(h)) is again


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_ace_rule(preset):
    for rule, other_draws in (("follow", False), ("all_draw", True)):
        h = position(rules(preset, ace_rule=rule, tek=False), ["AH 9C 2S", "3D 4D", "4S 5D"], "5H", "KC QC 8D")
        h.push("AH")
        assert (len(h.hands[1]) == 3) is other_draws
        assert h.phase == "ace" and h.to_act == 0


def test_option_aces_all_at_once():
    for flag, expected in ((True, ["AS"]), (False, ["5H", "AS"])):
        h = position(rules("turkish", aces_all_at_once=flag, tek=False), ["AH 5H AS 9C", "3D 4D", "4S 5D"], "4H",
                     "KC QC 8D")
        h.push("AH")
        assert moves(h) == expected


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_ace_cannot_finish(preset):
    for flag in (True, False):
        h = position(rules(preset, ace_cannot_finish=flag, end_penalty_draws=False), ["AH", "3D 4D", "4S 5D"],
                     "5H", "KC QC 8D 9D", tek=[0])
        h.push("AH")
        assert h.is_over() is (not flag)


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_stock_exhaustion(preset):
    for mode, over in (("lowest_hand_wins", True), ("reshuffle", False)):
        h = position(rules(preset, stock_exhaustion=mode, tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", "4H")
        h.push("draw")
        assert h.is_over() is over


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_tek(preset):
    for flag in (True, False):
        h = position(rules(preset, tek=flag), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KC QC")
        assert ("5H!" in moves(h)) is flag


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_end_penalty_draws(preset):
    for flag in (True, False):
        h = position(rules(preset, end_penalty_draws=flag, tek=False), ["9H", "7D 2D", "4S 5D"], "5H", "KC QC 8D")
        h.push("9H")
        assert len(h.hands[1]) == (5 if flag else 2)


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_finish_multipliers(preset):
    for flag, mult in ((True, 2), (False, 1)):
        h = position(rules(preset, finish_multipliers=flag, end_penalty_draws=False), ["JS", "3D 4D", "4S 5D"],
                     "5H", "KC QC", tek=[0])
        h.push("JS=H")
        assert h.result().multiplier == mult and h.result().scores == (0, 7 * mult, 9 * mult)


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_seven_penalty(preset):
    stock = " ".join(["2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC"])
    for mode, c, owed in (("linear3", 3, 9), ("doubling3", 3, 12), ("doubling3", 2, 6), ("doubling3", 1, 3)):
        h = position(rules(preset, seven_penalty=mode, tek=False), ["2H 3H", "3D 4D", "4S 5D"], "7H", stock,
                     pending=c)
        h.push("draw")
        assert len(h.hands[0]) == 2 + owed


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_play_after_penalty_draw(preset):
    for flag in (True, False):
        h = position(rules(preset, play_after_penalty_draw=flag, tek=False), ["2C 3C", "5H 4D", "4S 5D"], "7H",
                     "KC QC 9H 2S", pending=1)
        h.push("draw")
        assert (h.to_act == 0) is flag


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_two_player_reverse_as_skip(preset):
    for flag in (True, False):
        h = position(rules(preset, players=2, two_player_reverse_as_skip=flag, tek=False), ["10H 2C", "3D 4D"],
                     "5H", "KC QC")
        h.push("10H")
        assert (h.to_act == 0) is flag and h.direction == -1


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_option_jack_must_change_suit(preset):
    for flag in (True, False):
        h = position(rules(preset, jack_must_change_suit=flag, tek=False), ["JS 2C", "3D 4D", "4S 5D"], "5H",
                     "KC QC")
        assert ("JS=H" in moves(h)) is (not flag)
        if flag:
            with pytest.raises(IllegalMoveError, match="must change the suit: hearts is the current suit"):
                h.push("JS=H")


def test_option_jack_must_change_suit_follows_the_named_suit():
    r = rules("classic", jack_must_change_suit=True, jokers_per_deck=1)
    h = position(r, ["JS 2C", "3D 4D", "4S 5D"], "X", "KC QC", named_suit="D")
    assert set(moves(h)) == {"JS=C", "JS=H", "JS=S", "draw"}


def test_option_decks_and_jokers_in_play():
    r = rules("turkish", decks=2, jokers_per_deck=2, players=5)
    h = Hand.deal(r, seed=4)
    assert sum(len(x) for x in h.hands) + len(h.stock) == 108
