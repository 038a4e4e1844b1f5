"""Bad input to cardlib.prob raises cardlib errors whose message names the input."""

from fractions import Fraction

import pytest

from cardlib.errors import CardlibError, InvalidOptionError, InvalidPositionError, PlayerCountError
from cardlib.prob import exact
from cardlib.prob import montecarlo as mc
from cardlib.prob.deals import nj_hand_size, py_check_players, py_max_players


@pytest.mark.parametrize("players", [0, 1, 2, 9, 52, -3])
@pytest.mark.parametrize("question", [exact.card_dead, exact.any_box_card_dead, exact.box_cards_dead,
                                      exact.box_cards_in_hand, exact.holds_card])
def test_sari_cuce_player_count(question, players):
    with pytest.raises(PlayerCountError, match=f"players={players}"):
        question(players)


@pytest.mark.parametrize("players", [2.0, "4", True, None])
def test_player_count_must_be_a_whole_number(players):
    with pytest.raises(PlayerCountError, match="players="):
        nj_hand_size(players)
    with pytest.raises(PlayerCountError, match="players="):
        py_check_players(players)


def test_two_players_need_the_option():
    with pytest.raises(PlayerCountError, match="allow_two_players"):
        exact.card_dead(2)
    assert exact.card_dead(2, allow_two_players=True) == Fraction(8, 52)


@pytest.mark.parametrize("players,decks,jokers", [(1, 1, 0), (8, 1, 0), (15, 2, 0), (16, 2, 2)])
def test_pis_yedili_player_count(players, decks, jokers):
    with pytest.raises(PlayerCountError, match=f"players={players}"):
        exact.draws_until_club(players, decks=decks, jokers_per_deck=jokers)
    with pytest.raises(PlayerCountError, match=f"players={players}"):
        mc.opener_no_club(players, decks=decks, jokers_per_deck=jokers, n=10, seed=0)


def test_pis_yedili_player_limits():
    # PY-02: 7n ≤ deck size − 1
    assert (py_max_players(), py_max_players(2), py_max_players(2, 2)) == (7, 14, 15)


@pytest.mark.parametrize("opts,name", [({"decks": 3}, "decks=3"), ({"decks": 0}, "decks=0"),
                                       ({"jokers_per_deck": 3}, "jokers_per_deck=3")])
def test_deck_options(opts, name):
    with pytest.raises(InvalidOptionError, match=name):
        exact.opener_no_club(**opts)
    with pytest.raises(InvalidOptionError, match=name):
        exact.dealt_jack(**opts)
    with pytest.raises(InvalidOptionError, match=name):
        mc.dealt_jack(n=10, seed=0, **opts)


@pytest.mark.parametrize("args,name", [((5, 6, 1, 0), "K=6"), ((5, 2, 6, 0), "n=6"), ((-1, 0, 0, 0), "N=-1"),
                                       ((5, 2, 1, 0.5), "k=0.5"), ((5.0, 2, 1, 0), "N=5.0")])
def test_hypergeom_arguments(args, name):
    with pytest.raises(InvalidOptionError, match=name):
        exact.hypergeom(*args)


def test_seven_question_arguments():
    with pytest.raises(InvalidOptionError, match="my_sevens=5"):
        exact.can_answer_seven(my_sevens=5)
    with pytest.raises(InvalidOptionError, match="my_sevens=3"):
        exact.can_answer_seven(my_sevens=3, seen_cards=2, seen_sevens=2)
    with pytest.raises(InvalidOptionError, match="seen_sevens=2"):
        exact.can_answer_seven(seen_sevens=2, seen_cards=1)
    with pytest.raises(InvalidOptionError, match="my_sevens=5"):
        mc.can_answer_seven(my_sevens=5, n=10, seed=0)
    with pytest.raises(InvalidOptionError, match="my_hand_size=6 needs my_sevens"):
        exact.can_answer_seven(my_hand_size=6)


def test_sari_cuce_hands_and_cards():
    with pytest.raises(InvalidPositionError, match="12 cards, not 2"):
        exact.card_dead(4, hand="AC 2C")
    with pytest.raises(InvalidPositionError, match="appears twice"):
        exact.holds_card(4, hand="AC AC 3C 4C 5C 6C 7C 8C 9C 10C JC QC")
    with pytest.raises(InvalidOptionError, match="card='X'"):
        exact.card_dead(4, "X")
    with pytest.raises(InvalidOptionError, match="card='X'"):
        mc.holds_card(4, "X", n=10, seed=0)


@pytest.mark.parametrize("kw,name", [({"n": 0}, "n=0"), ({"n": -5}, "n=-5"), ({"n": 1.5}, "n=1.5"),
                                     ({"seed": -1}, "seed=-1"), ({"seed": "x"}, "seed='x'"),
                                     ({"seed": 1.0}, "seed=1.0")])
def test_simulation_size_and_seed(kw, name):
    args = {"n": 10, "seed": 0} | kw
    with pytest.raises(InvalidOptionError, match=name):
        mc.card_dead(4, **args)


def test_seat_and_convergence_arguments():
    with pytest.raises(InvalidOptionError, match="seat=4"):
        mc.holds_card(4, seat=4, n=10, seed=0)
    with pytest.raises(InvalidOptionError, match="question="):
        mc.convergence(exact.card_dead, 4, seed=0)
    with pytest.raises(InvalidOptionError, match="outcome=7"):
        mc.convergence(mc.box_cards_dead, 4, seed=0, n=100, outcome=7)


def test_every_error_is_a_value_error():
    assert issubclass(PlayerCountError, CardlibError) and issubclass(CardlibError, ValueError)
