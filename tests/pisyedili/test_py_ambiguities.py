"""Ambiguities of RULES.md §2.4 not already covered next to their rule (PY-A13, A14, A16, A20, A22, A23, A28..A30)."""

import pytest
from pisyedili_support import hand_text, moves, position, rules

from cardlib import InvalidOptionError
from cardlib.pisyedili import Hand, Rules, bots


def test_PY_A13_classic_follow_up_is_optional_and_its_effects_apply():
    h = position(rules("classic"), ["AH 7H 9C", "3D 4D", "4S 5D"], "5H", "KC QC JC")
    h.push("AH")
    assert set(moves(h)) == {"7H", "end"}  # the Ace's suit; no draw
    h.push("7H")
    assert h.pending == 1 and h.to_act == 1


def test_PY_A14_several_aces_are_consecutive_extra_turns():
    h = position(rules("turkish", tek=False), ["AH AS 9C 2D", "3D 4D", "4S 5D"], "5H", "KC QC JC 2S 8D")
    h.push("AH")
    h.push("AS")
    # two Aces: each other player drew two cards, one per Ace
    assert hand_text(h, 1) == "3D 4D KC JC" and hand_text(h, 2) == "4S 5D QC 2S"


@pytest.mark.parametrize("preset, finishes", [("classic", True), ("turkish", False)])
def test_PY_A16_finishing_on_an_ace(preset, finishes):
    h = position(rules(preset), ["AH", "3D 4D", "4S 5D"], "5H", "KC QC 9S", tek=[0] if preset == "turkish" else [])
    h.push("AH")
    assert h.is_over() is finishes


def test_PY_A20_stock_ending_scores():
    h = position(rules("classic"), ["AC 2C", "KD", "9S 4S"], "5H", "3H")
    h.push("draw")
    # seat 0: 15+2+3 = 20, seat 1: 10, seat 2: 13 -> 20, 0, 13, no multiplier
    assert h.result().scores == (20, 0, 13) and h.result().multiplier == 1


def test_PY_A22_turkish_values_are_the_classic_table():
    h = position(rules("turkish", end_penalty_draws=False), ["9H", "JD QD KD", "2S 10S"], "5H", "KC", tek=[0])
    h.push("9H")
    assert h.result().scores == (0, 45, 12)


def test_PY_A23_the_joker_is_a_super_jack():
    r = rules("turkish", jokers_per_deck=2, tek=False)
    h = position(r, ["X", "X 2D", "3S 4S"], "JH", "KC QC 2H 3H 4H 5H 6H 8H 9H 10H 8C 9C", named_suit="S")
    assert set(moves(h)) == {"X=C", "X=D", "X=H", "X=S", "draw"}  # on a J
    h.push("X=H")
    # seat 1 holds a joker: 10 penalty cards at the end (PY-T2); then x10 for the joker finish
    assert hand_text(h, 1) == "X 2D KC QC 2H 3H 4H 5H 6H 8H 9H 10H"
    assert h.result().multiplier == 10
    assert h.result().scores == (0, (100 + 2 + 10 + 10 + 2 + 3 + 4 + 5 + 6 + 8 + 9 + 10) * 10, (3 + 4) * 10)


def test_PY_A28_partnerships_are_an_option_off_by_default():
    assert Rules().partnerships is False and Rules.turkish().partnerships is False
    assert Rules.from_dict({"partnerships": True}).teams == ((0, 2), (1, 3))
    with pytest.raises(InvalidOptionError, match="partnerships"):
        Rules.from_dict({"partnerships": "yes"})


def test_PY_A29_every_hand_terminates():
    for preset in ("classic", "turkish"):
        for seed in range(6):
            r = rules(preset, players=5)
            h = Hand.deal(r, seed=seed)
            b = bots.RandomBot(seed)
            while not h.is_over():
                h.push(b.choose(h))
            assert h.result().reason in ("out", "stock", "no_play", "safety_valve")


def test_PY_A30_the_heuristic_bot_uses_only_what_its_player_may_see():
    base = dict(hands=["7H 9H KH 2C", "3D 4D QS", "4S 5D 6C"], discard="5H", stock="KC QC JC")
    a = position(rules(), **base)
    b = position(rules(), **dict(base, hands=["7H 9H KH 2C", "4S 5D 6C", "3D 4D QS"], stock="JC KC QC"))
    assert str(bots.HeuristicBot(1).choose(a)) == str(bots.HeuristicBot(1).choose(b))
    # what everyone may see: hand sizes, the discard pile, named suit, pending, direction, stock size
    p = a.position()
    assert [len(x.split()) for x in p["hands"]] == [4, 3, 3] and len(p["stock"].split()) == 3
