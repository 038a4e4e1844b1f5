"""Exact answers of cardlib.prob: hand-computed values (written out in comments), brute-force
enumeration on small decks, and identities between the questions."""

import doctest
import itertools
from collections import Counter
from fractions import Fraction
from math import comb, prod

import pytest

import cardlib.prob as prob
from cardlib.prob import deals, exact, given, results
from cardlib.prob.exact import (
    NO_CLUB, any_box_card_dead, at_least, box_cards_dead, box_cards_in_hand, can_answer_seven,
    card_dead, dealt_jack, draws_until_club, expected_draws_until_club, first_success_dist, for_players,
    holds_card, hypergeom, hypergeom_cdf, hypergeom_dist, opener_no_club,
)
from cardlib.prob.results import Dist, Exact, show

F = Fraction


@pytest.mark.parametrize("module", [prob, deals, exact, given, results])
def test_doctests(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)[:2]
    assert tried > 0 and failures == 0


class TestResultTypes:
    def test_exact_is_a_fraction_that_shows_its_decimal(self):
        p = Exact(4, 52)
        assert p == F(1, 13) and isinstance(p, F)
        assert str(p) == "1/13 ≈ 0.0769231"
        assert repr(p) == "Exact(1, 13)" and eval(repr(p)) == p
        assert show(F(1)) == "1" and show(F(0)) == "0"
        assert type(p + p) is F          # arithmetic gives plain fractions

    def test_dist(self):
        d = Dist({0: F(1, 4), 1: F(3, 4)})
        assert d.total() == 1 and d.mean() == F(3, 4) and d.P(lambda k: k >= 1) == F(3, 4)
        assert str(d).splitlines() == ["0  1/4  ≈ 0.25", "1  3/4  ≈ 0.75"]
        with pytest.raises(TypeError):
            Dist({"no club": F(1)}).mean()
        assert list(d.to_frame()["probability"]) == [0.25, 0.75]


class TestHypergeometric:
    @pytest.mark.parametrize("N,K,n", [(6, 2, 3), (7, 3, 4), (8, 8, 3), (8, 0, 5), (9, 4, 9), (5, 2, 0)])
    def test_matches_enumeration_of_all_hands(self, N, K, n):
        # cards 0..K-1 are special; count the special ones in every n-card subset
        counts = Counter(sum(c < K for c in hand) for hand in itertools.combinations(range(N), n))
        total = comb(N, n)
        dist = hypergeom_dist(N, K, n)
        assert dist == {k: F(v, total) for k, v in counts.items()}
        for k in range(-1, n + 2):
            assert hypergeom(N, K, n, k) == F(counts.get(k, 0), total)
            assert hypergeom_cdf(N, K, n, k) == F(sum(v for j, v in counts.items() if j <= k), total)
            assert at_least(N, K, n, k) == F(sum(v for j, v in counts.items() if j >= k), total)

    def test_known_values(self):
        # one Ace in a 5-card poker hand: 4·C(48,4)/C(52,5) = 778320/2598960 = 3243/10829
        assert hypergeom(52, 4, 5, 1) == F(3243, 10829)
        # at least one Jack in 7 cards: 1 − (48·47·46·45·44·43·42)/(52·51·50·49·48·47·46) = 3478/7735
        assert at_least(52, 4, 7) == 1 - F(prod(range(42, 49)), prod(range(46, 53))) == F(3478, 7735)


class TestFirstSuccess:
    @pytest.mark.parametrize("deck,clubs,players,hand", [(9, 3, 2, 2), (8, 3, 2, 3), (7, 2, 2, 2), (8, 1, 3, 2)])
    def test_matches_enumeration_of_every_deal(self, deck, clubs, players, hand):
        # A toy Pis Yedili: cards 0..clubs-1 are clubs, dealt round the table from seat 0, the rest is
        # the stock (top first).  Over every order of the deck, keep the deals where seat 0 has no club
        # and record how many draws it takes to reach a club.
        dealt = players * hand
        seen = Counter()
        for order in itertools.permutations(range(deck)):
            if any(c < clubs for c in order[0:dealt:players]):
                continue
            stock = order[dealt:]
            first = next((i + 1 for i, c in enumerate(stock) if c < clubs), NO_CLUB)
            seen[first] += 1
        total = sum(seen.values())
        expected = {k: F(v, total) for k, v in seen.items()}
        assert first_success_dist(deck - hand, clubs, deck - dealt) == expected

    def test_sums_to_one(self):
        for players in range(2, 8):
            assert draws_until_club(players).total() == 1
        assert draws_until_club(14, decks=2, jokers_per_deck=2).total() == 1


class TestSariCuce:
    # One 52-card deck (NJ-01); the deal table of NJ-02; the box cards 10♦ J♣ Q♠ K♥ 7♦ (NJ-05); the rest of
    # the deck is the dead stock (NJ-11).  d = 52 − players × hand: 3→7, 4→4, 5→7, 6→4, 7→3, 8→4 (2→8).
    DEAD = {3: 7, 4: 4, 5: 7, 6: 4, 7: 3, 8: 4}

    def test_deal_table(self):
        assert {n: deals.nj_dead_count(n) for n in range(3, 9)} == self.DEAD
        assert deals.nj_dead_count(2, allow_two_players=True) == 8

    def test_card_dead(self):
        # P(7♦ dead, 4 players) = 4/52 = 1/13; 3 players 7/52; 7 players 3/52
        assert card_dead(4) == F(1, 13)
        assert card_dead(3) == F(7, 52) and card_dead(7) == F(3, 52)
        assert card_dead(2, allow_two_players=True) == F(8, 52)
        assert all(card_dead(n, c) == F(self.DEAD[n], 52) for n in self.DEAD for c in deals.BOX_CARDS)

    def test_card_dead_given_hand(self):
        hand = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"        # 4 players, no 7♦: 4 of 40 unseen are dead
        assert card_dead(4, hand=hand) == F(4, 40)
        assert card_dead(4, "JC", hand=hand) == 0

    def test_any_box_card_dead(self):
        # 4 players: 1 − C(47,4)/C(52,4) = 1 − 178365/270725 = 18472/54145
        assert any_box_card_dead(4) == F(18472, 54145)
        # 7 players: 1 − (47·46·45)/(52·51·50) = 1 − 3243/4420 = 1177/4420
        assert any_box_card_dead(7) == F(1177, 4420)
        for n in self.DEAD:
            assert any_box_card_dead(n) == 1 - box_cards_dead(n)[0]

    def test_box_cards_dead_matches_enumeration_of_dead_stocks(self):
        # every 4-card dead stock of the real deck, counting box cards in it (C(52,4) = 270725 sets)
        box = {c.index for c in deals.BOX_CARDS}
        counts = Counter(len(box.intersection(s)) for s in itertools.combinations(range(52), 4))
        assert box_cards_dead(4) == {k: F(v, comb(52, 4)) for k, v in counts.items()}

    def test_box_cards_dead_given_hand(self):
        hand = "10D JC AS 2S 3S 4S 5S 6S 8S 9S 10S JS"       # holds 2 box cards; 3 of 40 unseen are box
        d = box_cards_dead(4, hand=hand)
        assert d == hypergeom_dist(40, 3, 4)
        assert any_box_card_dead(4, hand=hand) == 1 - F(comb(37, 4), comb(40, 4))

    def test_box_cards_in_hand(self):
        d = box_cards_in_hand(4)
        assert d.total() == 1 and d.mean() == F(5 * 12, 52)
        # 3 players, all five in one 15-card hand: C(47,10)/C(52,15)
        assert box_cards_in_hand(3)[5] == F(comb(47, 10), comb(52, 15))

    def test_holds_card(self):
        # h/52: 3→15/52, 4→3/13, 5→9/52, 6→2/13, 7→7/52, 8→3/26
        assert for_players(holds_card) == {3: F(15, 52), 4: F(3, 13), 5: F(9, 52), 6: F(2, 13),
                                           7: F(7, 52), 8: F(3, 26)}
        # the chances that someone holds it or it is dead add up to 1
        for n in self.DEAD:
            assert n * holds_card(n) + card_dead(n) == 1
        hand = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"
        assert holds_card(4, hand=hand) == F(12, 40)
        assert 3 * holds_card(4, hand=hand) + card_dead(4, hand=hand) == 1
        assert holds_card(4, "QC", hand=hand) == 0


class TestPisYedili:
    # Decks and jokers (PY-01, PY-T4); 7 cards each, the rest is the stock (PY-05); the opener must play a
    # club, drawing one card at a time (PY-06, PY-07); a joker is no club in the opening (PY-J1); if the
    # stock holds no club the hand ends (PY-A04, PY-28); a 7 is answered only by a 7 (PY-20); Jacks and
    # jokers are the wild cards (PY-13, PY-J1).
    def test_opener_no_club(self):
        # (39·38·37·36·35·34·33)/(52·51·50·49·48·47·46) = 69597/605360 ≈ 0.115
        assert opener_no_club() == F(prod(range(33, 40)), prod(range(46, 53))) == F(69597, 605360)
        # two decks: C(78,7)/C(104,7); with 4 jokers C(82,7)/C(108,7)
        assert opener_no_club(decks=2) == F(comb(78, 7), comb(104, 7))
        assert opener_no_club(decks=2, jokers_per_deck=2) == F(comb(82, 7), comb(108, 7))

    def test_draws_until_club(self):
        d = draws_until_club(4)                   # U = 45 unseen, 13 clubs, stock of 24
        assert d[1] == F(13, 45)                  # the top card is a club
        assert d[2] == F(32, 45) * F(13, 44)      # a non-club, then a club
        assert d[NO_CLUB] == F(comb(21, 13), comb(45, 13))   # all 13 clubs among the other 21
        assert max(k for k in d if k != NO_CLUB) == 24
        d7 = draws_until_club(7)                  # stock of 3: 32·31·30/(45·44·43) that none is a club
        assert d7[NO_CLUB] == F(32 * 31 * 30, 45 * 44 * 43) == F(496, 1419)
        assert set(d7) == {1, 2, 3, NO_CLUB}

    def test_expected_draws(self):
        # endless stock: (U+1)/(C+1) = 46/14 = 23/7; the finite stock only cuts off the far tail
        e2 = expected_draws_until_club(2)
        assert F(23, 7) - F(1, 10 ** 6) < e2 <= F(23, 7)
        assert expected_draws_until_club(7) < e2

    def test_can_answer_seven(self):
        # nobody's hand known: 1 − C(48,7)/C(52,7) = 3478/7735
        assert can_answer_seven() == F(3478, 7735)
        # you hold k sevens of 4: 1 − C(45 − (4 − k), 7)/C(45, 7)
        for k in range(5):
            assert can_answer_seven(my_sevens=k) == 1 - F(comb(41 + k, 7), comb(45, 7))
        assert can_answer_seven(my_sevens=4) == 0
        # averaging over your own hand gives back the unconditional chance
        mine = hypergeom_dist(52, 4, 7)
        assert sum(p * can_answer_seven(my_sevens=k) for k, p in mine.items()) == can_answer_seven()
        # you just played a 7 and hold 6 cards, one of them a 7: 45 unseen, 2 sevens among them
        assert can_answer_seven(my_sevens=1, my_hand_size=6, seen_cards=1, seen_sevens=1) == \
            1 - F(comb(43, 7), comb(45, 7))
        # two decks: 8 sevens
        assert can_answer_seven(decks=2) == 1 - F(comb(96, 7), comb(104, 7))

    def test_dealt_jack(self):
        assert dealt_jack() == F(3478, 7735)      # same count as sevens: 4 of 52
        assert dealt_jack(decks=2) == 1 - F(comb(96, 7), comb(104, 7))
        assert dealt_jack(jokers_per_deck=2) == 1 - F(comb(50, 7), comb(54, 7))
        assert dealt_jack(jokers_per_deck=2, with_jokers=True) == 1 - F(comb(48, 7), comb(54, 7))
        assert dealt_jack(with_jokers=True) == dealt_jack()      # no jokers in the deck
