"""Cards, suits, ranks: parsing, canonical text, repr round trip, errors (records.md notation)."""

import copy
import pickle

import pytest

from cardlib import JOKER, Card, InvalidCardError, InvalidOptionError, Rank, Suit, cards_text, make_deck, parse_cards


@pytest.mark.parametrize("text", ["10D", "10d", "td", "TD", "10♦", " 10D ", "t♦", "10♢"])
def test_ten_of_diamonds_spellings(text):
    assert Card.parse(text) is Card.parse("10D")
    assert str(Card.parse(text)) == "10D"


def test_every_card_round_trips_through_text_and_repr():
    for card in make_deck(jokers_per_deck=1):
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card  # repr evaluates back to the card
        assert Card.parse(card.pretty()) is card


def test_pretty_and_colour():
    assert Card.parse("qs").pretty() == "Q♠"
    assert Card.parse("7D").is_red and not Card.parse("7C").is_red
    assert JOKER.pretty() == "Joker" and JOKER.is_joker and str(JOKER) == "X"
    assert Card.parse("Joker") is JOKER is Card.parse("x")


def test_rank_and_suit_fields():
    card = Card.parse("KH")
    assert card.rank is Rank.KING and card.suit is Suit.HEARTS and int(card.rank) == 13
    assert Card(Rank.KING, "H") is card and Card(13, Suit.HEARTS) is card
    assert JOKER.rank is None and JOKER.suit is None


@pytest.mark.parametrize("bad", ["11H", "1", "", "AZ", "10", "♦", "KHH", "XX", "0S"])
def test_bad_card_text_names_the_input(bad):
    with pytest.raises(InvalidCardError) as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_bad_card_types():
    with pytest.raises(InvalidCardError):
        Card.parse(7)
    with pytest.raises(InvalidCardError):
        Card(14, "H")
    with pytest.raises(InvalidCardError):
        Card(3, None)


def test_cards_are_immutable_and_interned():
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy([card])[0] is card
    assert len({Card.parse("AS"), Card.parse("as"), Card.parse("A♠")}) == 1


def test_card_lists():
    cards = parse_cards("AS 2h 10♦ X")
    assert cards_text(cards) == "AS 2H 10D X"
    assert parse_cards(["AS", Card.parse("2H")]) == parse_cards("AS  2H")
    with pytest.raises(InvalidCardError, match="separated by spaces"):      # records.md: spaces, not commas
        parse_cards("AS,2H")
    with pytest.raises(InvalidCardError, match="'ZZ'"):
        parse_cards("AS ZZ")
    with pytest.raises(InvalidCardError):
        parse_cards(5)


def test_sorting_is_suit_major():
    assert sorted(parse_cards("2D KC AC X AS")) == parse_cards("AC KC 2D AS X")


def test_decks():
    assert len(make_deck()) == 52 and len(set(make_deck())) == 52
    two = make_deck(2, 2)
    assert len(two) == 108 and two.count(Card.parse("7D")) == 2 and two.count(JOKER) == 4
    with pytest.raises(InvalidOptionError, match="decks=3"):
        make_deck(3)
    with pytest.raises(InvalidOptionError, match="jokers_per_deck=5"):
        make_deck(1, 5)


def test_suit_and_rank_parse():
    assert Suit.parse("♥") is Suit.HEARTS and Suit.parse("s") is Suit.SPADES
    assert Rank.parse("t") is Rank.TEN and Rank.parse("q") is Rank.QUEEN
    with pytest.raises(InvalidCardError, match="'Z'"):
        Suit.parse("Z")
    with pytest.raises(InvalidCardError, match="'14'"):
        Rank.parse("14")


# -- cards and text (docs/engine-api.md, "Cards and text") ----------------------------------------------
def test_text_in_a_card_list_fails_loudly_instead_of_being_silently_false():
    """issue 14's trap: ``'7H' in hand.dead`` was False even when the 7♥ was dead."""
    from cardlib import CardlibError
    from cardlib.errors import CardTextComparisonError
    from cardlib.saricuce import Hand, Rules

    hand = Hand.deal(Rules(players=4), seed=1)
    dead = hand.dead[0]
    for test in (lambda: str(dead) in hand.dead, lambda: "7h" in hand.hands[0], lambda: hand.dead.index(str(dead)),
                 lambda: hand.dead.count("banana"), lambda: dead == str(dead), lambda: str(dead) != dead):
        with pytest.raises(CardTextComparisonError, match=r"Card.parse\("):
            test()
    with pytest.raises(TypeError):          # it is a comparison of the wrong types ...
        str(dead) in hand.dead  # noqa: B015
    with pytest.raises(CardlibError):       # ... and a cardlib error, as every bad input
        str(dead) in hand.dead  # noqa: B015
    assert Card.parse(str(dead)) in hand.dead and Card.parse(str(dead).lower()) in hand.dead
    assert str(dead) in cards_text(hand.dead).split()
    assert "7D" in hand.legal_moves or "7D" not in hand.legal_moves      # legal_moves reads text, as before


def test_cards_equal_exactly_when_identical_and_hash_agrees():
    cards = [Card.parse(t) for t in ("AS", "as", "A♠", "10D", "TD", "X", "Joker")]
    for a in cards:
        for b in cards:
            assert (a == b) is (a is b) and (a != b) is (a is not b)
            if a == b:
                assert hash(a) == hash(b)
    assert Card.parse("7D") != 7 and Card.parse("7D") != None  # noqa: E711
    assert {Card.parse("7D"): 1}.get(Card.parse("7♦")) == 1
    assert sorted([Card.parse("KS"), Card.parse("AC")]) == [Card.parse("AC"), Card.parse("KS")]
    with pytest.raises(TypeError):         # a list mixing cards and text fails loudly too
        [Card.parse("7D"), "7D"].count(Card.parse("7D"))
