"""The probability code's deal numbers are the rules modules' own (each rule fact lives in one place):
for every deck option Pis Yedili allows, cardlib.prob deals, sizes the deck and counts the players exactly
as ``cardlib.pisyedili.Rules`` does."""

import pytest

from cardlib.pisyedili import Hand, Rules
from cardlib.pisyedili import rules as py_rules
from cardlib.prob import deals


def test_the_hand_size_is_the_rules_one():
    assert deals.PY_HAND_SIZE == py_rules.HAND_SIZE == 7
    assert all(len(h) == deals.PY_HAND_SIZE for h in Hand.deal(Rules(players=5), seed=3).hands)


@pytest.mark.parametrize("decks", py_rules.OPTION_VALUES["decks"])
@pytest.mark.parametrize("jokers", py_rules.OPTION_VALUES["jokers_per_deck"])
def test_deck_and_player_counts_agree_with_rules(decks, jokers):
    rules = Rules(players=2, decks=decks, jokers_per_deck=jokers)
    assert deals.py_deck_size(decks, jokers) == rules.deck_size
    assert deals.py_max_players(decks, jokers) == rules.max_players
    top = rules.max_players
    for players in (py_rules.MIN_PLAYERS, top):
        hand = Hand.deal(Rules(players=players, decks=decks, jokers_per_deck=jokers), seed=1)
        assert deals.py_stock_size(players, decks, jokers) == len(hand.stock)
        assert deals.py_check_players(players, decks, jokers) == players
    for players in (py_rules.MIN_PLAYERS - 1, top + 1):    # both refuse the same counts
        with pytest.raises(Exception) as prob_error:
            deals.py_check_players(players, decks, jokers)
        with pytest.raises(Exception) as rules_error:
            Rules(players=players, decks=decks, jokers_per_deck=jokers)
        assert type(prob_error.value) is type(rules_error.value)
