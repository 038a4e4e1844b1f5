"""What the Pis Yedili rules read off a card, by its index (``Card.index``: 0..51 suit-major, 52 the joker).

>>> RANK[CARD[6].index], SUIT[6], names_suit(52), names_suit(10), names_suit(6)
(7, Suit.CLUBS, True, True, False)
"""

from __future__ import annotations

from ..cards import SUITS, Card, Suit

__all__ = ["SEVEN", "EIGHT", "TEN", "ACE", "JACK", "JOKER", "RANK", "SUIT", "CARD", "CLUBS", "SUIT_NAME",
           "SUIT_PLURAL", "names_suit"]

#: the ranks with an effect (PY-19 7, PY-22 8, PY-23 10, PY-24 A, PY-13 J) and the joker's index (PY-J1)
SEVEN, EIGHT, TEN, ACE, JACK = 7, 8, 10, 1, 11
JOKER = 52
#: rank number (1..13) by card index, 0 for the joker
RANK: tuple[int, ...] = tuple([i % 13 + 1 for i in range(52)] + [0])
#: suit by card index, ``None`` for the joker
SUIT: tuple[Suit | None, ...] = tuple([SUITS[i // 13] for i in range(52)] + [None])
#: the card of each index (cards are interned: ``CARD[i] is Card.parse(...)``)
CARD: tuple[Card, ...] = tuple(Card.parse(r + s) for s in "CDHS"
                               for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")) + (
                               Card.parse("X"),)
assert all(c.index == i for i, c in enumerate(CARD))
CLUBS = Suit.CLUBS
SUIT_NAME = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
SUIT_PLURAL = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


def names_suit(i: int) -> bool:
    """A J or a joker: played outside the opening, it names a suit (PY-13, PY-J1, PY-F12)."""
    return i == JOKER or RANK[i] == JACK
