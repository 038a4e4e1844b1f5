"""What the Sarı Cüce rules read off a card, by its index (``Card.index``: 0..51 suit-major; no joker).

>>> from cardlib import Card
>>> i = Card.parse("7D").index
>>> RANK[i], POINTS[i], BOX[i], RANK_TEXT[11], KING
(7, 7, 4, 'J', 13)
"""

from __future__ import annotations

from ..cards import Card, make_deck
from .events import rank_name
from .rules import BOXES, card_points, rank_of

__all__ = ["KING", "CARD", "RANK", "POINTS", "BOX", "ORDER", "RANK_TEXT", "sort_key"]

#: NJ-17: after a King a new run starts
KING = 13
#: the card of each index
CARD: tuple[Card, ...] = tuple(make_deck())
assert all(c.index == i for i, c in enumerate(CARD))
#: rank number (A = 1 .. K = 13) by card index (NJ-01)
RANK: tuple[int, ...] = tuple(rank_of(c) for c in CARD)
#: what a card left in hand costs at the settlement (NJ-21)
POINTS: tuple[int, ...] = tuple(card_points(c) for c in CARD)
#: the box of a card (its place in ``BOXES``, NJ-05), -1 for the others
BOX: tuple[int, ...] = tuple(BOXES.index(c) if c in BOXES else -1 for c in CARD)
#: how a player sorts the cards in hand: by rank, then suit (runs climb by rank whatever the suit, NJ-01)
ORDER: tuple[int, ...] = tuple((rank_of(c) - 1) * 4 + c.index // 13 for c in CARD)
#: a rank as records write it (``needed``), 1..13
RANK_TEXT = {r: rank_name(r) for r in range(1, 14)}


def sort_key(card: Card) -> int:
    """:data:`ORDER` of ``card``: the order of the legal moves."""
    return ORDER[card.index]
