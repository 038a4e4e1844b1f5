"""RandomBot and HeuristicBot."""

import pytest
from pisyedili_support import position, rules

from cardlib.bots import make_bot
from cardlib.pisyedili import Hand, bots


def play(hand, players):
    while not hand.is_over():
        m = players[hand.to_act].choose(hand)
        assert m in hand.legal_moves
        hand.push(m)
    return hand


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_random_bot_is_seeded_and_legal(preset):
    r = rules(preset, players=4)
    a = play(Hand.deal(r, seed=5), [bots.RandomBot(s) for s in range(4)])
    b = play(Hand.deal(r, seed=5), [bots.RandomBot(s) for s in range(4)])
    assert a.record_moves() == b.record_moves()
    c = play(Hand.deal(r, seed=5), [bots.RandomBot(s + 10) for s in range(4)])
    assert c.record_moves() != a.record_moves()


def test_bots_are_registered():
    assert isinstance(make_bot("pis-yedili", "random", 1), bots.RandomBot)
    assert isinstance(make_bot("pis-yedili", "heuristic", 1), bots.HeuristicBot)


def test_heuristic_keeps_a_seven_and_sheds_high_cards():
    h = position(rules(), ["7H 9H KH 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    assert str(bots.HeuristicBot(0).choose(h)) == "KH"


def test_heuristic_answers_a_seven_with_a_seven():
    h = position(rules(), ["7C 9H KH", "3D 4D", "4S 5D"], "7H", "KC QC JC", pending=1)
    assert str(bots.HeuristicBot(0).choose(h)) == "7C"


def test_heuristic_names_the_suit_it_holds_most_of():
    h = position(rules(), ["JS 2D 3D 4D 9C", "3C 4C", "4S 5S"], "5H", "KC QC")
    assert str(bots.HeuristicBot(0).choose(h)) == "JS=D"


def test_heuristic_declares_tek_and_goes_out():
    h = position(rules("turkish"), ["9H 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    assert str(bots.HeuristicBot(0).choose(h)) == "9H!"
    h = position(rules("turkish"), ["9H", "3D 4D", "4S 5D"], "5H", "KC QC", tek=[0])
    assert str(bots.HeuristicBot(0).choose(h)) == "9H"


def test_heuristic_draws_when_it_cannot_play_then_passes():
    h = position(rules(), ["2C 3C", "3D 4D", "4S 5D"], "5H", "KD QD")
    b = bots.HeuristicBot(0)
    assert str(b.choose(h)) == "draw"


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_heuristic_beats_random_over_many_hands(preset):
    r = rules(preset, players=4)
    mine = theirs = 0
    for seed in range(40):
        seat = seed % 4
        players = [bots.RandomBot(seed * 10 + s) for s in range(4)]
        players[seat] = bots.HeuristicBot(seed)
        res = play(Hand.deal(r, seed=seed), players).result()
        mine += res.scores[seat]
        theirs += sum(res.scores) - res.scores[seat]
    assert mine < theirs / 3  # the heuristic's average is below a random player's


# ------------------------------------------------------------------------- TeamBot (partnerships, PY-P1..P5)
def _pairs(preset="classic", **options):
    return rules(preset, players=4, partnerships=True, **options)


def test_team_bot_is_registered():
    from cardlib.pisyedili import GAME
    assert isinstance(make_bot("pis-yedili", "team", 1), bots.TeamBot) and "team" in GAME.bots


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_team_bot_without_partnerships_plays_as_the_heuristic_bot(preset):
    for seed in range(4):
        a = play(Hand.deal(rules(preset, players=4), seed=seed), [bots.HeuristicBot(s) for s in range(4)])
        b = play(Hand.deal(rules(preset, players=4), seed=seed), [bots.TeamBot(s) for s in range(4)])
        assert a.record_moves() == b.record_moves()


def test_PY_P2_team_bot_hits_the_next_opponent_about_to_go_out_with_a_seven():
    h = position(_pairs(), ["7H 9H KH 2C", "3D", "4S 5D", "6S 8C 9C"], "5H", "KC QC")
    assert str(bots.HeuristicBot(0).choose(h)) == "KH"       # keeps its 7 (PY-19)
    assert str(bots.TeamBot(0).choose(h)) == "7H"            # seat 1 must answer it or draw 3


def test_PY_P2_team_bot_skips_to_its_partner_about_to_go_out():
    h = position(_pairs(), ["8H 9H 2C 3C", "3D 4D", "4S", "6S 8C 9C"], "5H", "KC QC")
    assert str(bots.HeuristicBot(0).choose(h)) == "9H"
    assert str(bots.TeamBot(0).choose(h)) == "8H"            # skips seat 1: seat 2, the partner, plays next


def test_PY_P5_team_bot_does_not_make_its_partner_about_to_go_out_draw_under_partner_goes_free():
    r = _pairs("turkish", partner_goes_free=True)
    h = position(r, ["AH KH 3C", "3D 4D", "4S", "6S 8C 9C"], "5H", "KC QC 2H 3H")
    assert str(bots.HeuristicBot(0).choose(h)) == "AH"       # everyone draws a card (PY-24T) ...
    assert str(bots.TeamBot(0).choose(h)) == "KH"            # ... the partner too, who would then hold 2


def test_PY_P2_team_bot_plays_the_turkish_ace_on_opponents_about_to_go_out():
    h = position(_pairs("turkish"), ["AH QH 3C", "3D", "4S 5S", "6S"], "5H", "KC QC 2H 3H")
    assert str(bots.TeamBot(0).choose(h)) == "AH"
    # the partner's last card weighs more under partner_goes_free (PY-P5): with 4H beside the Ace
    cards = ["AH 4H 3C", "3D 4D", "4S", "6S 8C 9C"]
    h = position(_pairs("turkish"), cards, "5H", "KC QC 2H 3H")
    assert str(bots.TeamBot(0).choose(h)) == "AH"
    h = position(_pairs("turkish", partner_goes_free=True), cards, "5H", "KC QC 2H 3H")
    assert str(bots.TeamBot(0).choose(h)) == "4H"
