"""cardlib.prob.given: questions conditioned on your own hand, checked by enumerating the unseen cards."""

import itertools
from fractions import Fraction as F
from math import comb

import pytest

from cardlib import Card, make_deck
from cardlib.errors import InvalidCardError, InvalidOptionError, InvalidPositionError
from cardlib.prob.given import given_hand, matcher


def _all_but(*keep):
    """A 'hand' holding every card of one deck except ``keep``, so the unseen cards are ``keep``."""
    keep = {Card.parse(c) for c in keep}
    return [c for c in make_deck() if c not in keep]


class TestUnseen:
    def test_counts_one_deck(self):
        u = given_hand("7H 7C 2D 5S 9S KD QH")
        assert u.total == 45
        assert (u.count("7"), u.count("C"), u.count("7D"), u.count("X"), u.count("J")) == (2, 12, 1, 0, 4)
        assert u.count(lambda c: c.is_red) == 26 - 4

    def test_counts_two_decks_jokers_and_seen_cards(self):
        u = given_hand("7D 7D X", seen="7S", decks=2, jokers_per_deck=2)
        assert u.total == 108 - 4
        assert (u.count("7D"), u.count("7"), u.count("X")) == (0, 5, 3)

    @pytest.mark.parametrize("what,cards", [("7", 3), ("C", 2), ("9H", 4), ("X", 1)])
    def test_matches_enumeration(self, what, cards):
        # unseen: 7C 7H 9H 2C 3D X ... built from a hand of all other cards (plus a joker in the deck)
        unseen = ["7C", "7H", "9H", "2C", "3D"]
        u = given_hand(_all_but(*unseen), jokers_per_deck=1)
        pool = [Card.parse(c) for c in unseen] + [Card.parse("X")]
        m = matcher(what)
        subsets = list(itertools.combinations(pool, cards))
        for k in range(cards + 1):
            hits = sum(sum(map(m, s)) == k for s in subsets)
            assert u.dist(what, cards).get(k, 0) == F(hits, len(subsets))
        assert u.chance(what, cards) == F(sum(any(map(m, s)) for s in subsets), len(subsets))
        assert u.chance_none(what, cards) == F(sum(not any(map(m, s)) for s in subsets), len(subsets))
        K = sum(map(m, pool))
        assert u.chance_all(what, cards) == F(sum(sum(map(m, s)) == K for s in subsets), len(subsets))

    def test_sari_cuce_stall(self):
        # 4 players, you hold two 9s; both other 9s dead: C(38,2)/C(40,4) = 1/130
        nj = given_hand("9C 9D AS 2S 3S 4S 5S 6S 8S 10S JS QS")
        assert nj.chance_all("9", cards=4) == F(comb(38, 2), comb(40, 4)) == F(1, 130)


class TestBadInput:
    def test_too_many_copies(self):
        with pytest.raises(InvalidPositionError, match="7D appears 2 times"):
            given_hand("7D 7D")
        with pytest.raises(InvalidPositionError, match="X appears 1 times"):
            given_hand("X")

    def test_bad_selector(self):
        with pytest.raises(InvalidOptionError, match="'11'"):
            given_hand("7D").count("11")
        with pytest.raises(InvalidOptionError, match="42"):
            matcher(42)

    def test_bad_card_text(self):
        with pytest.raises(InvalidCardError, match="'11H'"):
            given_hand("11H")

    def test_too_many_cards_asked(self):
        with pytest.raises(InvalidOptionError, match="cards=46"):
            given_hand("7H 7C 2D 5S 9S KD QH").chance("7", cards=46)
