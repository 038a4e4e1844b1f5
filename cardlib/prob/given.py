"""New questions, conditioned on what you can see: your own hand and any cards shown.

:func:`given_hand` returns the :class:`Unseen` cards: the deck minus your hand minus the cards you have
seen.  Right after a shuffle every unseen card is equally likely to be in any unseen place (another
player's hand, the dead stock, the stock), so any question "how many X are among these m unseen cards"
is hypergeometric:

    P(k of the m cards are X) = hypergeom(U, K, m, k)      U unseen cards, K of them X

>>> u = given_hand("7H 7C 2D 5S 9S KD QH")           # a Pis Yedili hand with two sevens
>>> u.total, u.count("7")
(45, 2)
>>> u.chance("7", cards=7)          # next player holds a 7: 1 − C(43,7)/C(45,7) = 1 − (38·37)/(45·44)
Exact(287, 990)

Sarı Cüce with 4 players (12 cards each, 4 dead): what is the chance that the two 9s you do not hold
are both dead, so a sequence can never pass 8 except through your hand?

>>> nj = given_hand("9C 9D AS 2S 3S 4S 5S 6S 8S 10S JS QS")
>>> nj.chance_all("9", cards=4)                      # C(2,2)·C(38,2)/C(40,4) = 703/91390
Exact(1, 130)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..cards import Card, Rank, Suit, make_deck, parse_cards
from ..errors import InvalidCardError, InvalidOptionError, InvalidPositionError
from .deals import check_count
from .exact import at_least, hypergeom, hypergeom_dist
from .results import Dist, Exact
from ..jsonio import shown

__all__ = ["Unseen", "given_hand", "matcher"]


def matcher(what) -> Callable[[Card], bool]:
    """Read a card selector: a card (``"7D"``), a rank (``"7"``, ``"J"``), a suit (``"C"``, ``"♣"``),
    the joker (``"X"``), a :class:`Card`/:class:`Rank`/:class:`Suit`, or any ``Card -> bool`` function.

    >>> [matcher(w)(Card.parse("7D")) for w in ("7D", "7", "D", "C", "X")]
    [True, True, True, False, False]
    """
    if isinstance(what, Card):
        return lambda c: c is what
    if isinstance(what, Rank):
        return lambda c: c.rank is what
    if isinstance(what, Suit):
        return lambda c: c.suit is what
    if isinstance(what, str):
        for kind in (Card, Rank, Suit):
            try:
                return matcher(kind.parse(what))
            except InvalidCardError:
                pass
        raise InvalidOptionError(
            f"what={shown(what)}: not a card ('7D'), a rank ('7', 'J'), a suit ('C', '♣') or the joker ('X')")
    if callable(what):
        return what
    raise InvalidOptionError(f"what={shown(what)}: not a card, rank, suit or Card -> bool function")


class Unseen:
    """The cards you cannot see, as counts, with hypergeometric questions about any m of them.

    Build it with :func:`given_hand`.  ``what`` is anything :func:`matcher` reads.
    """

    __slots__ = ("counts", "total")

    def __init__(self, counts: Counter):
        self.counts: Counter = +counts          # card -> copies unseen (zero counts dropped)
        self.total: int = sum(self.counts.values())

    def count(self, what) -> int:
        """How many unseen cards match ``what``."""
        m = matcher(what)
        return sum(k for c, k in self.counts.items() if m(c))

    def _m(self, cards) -> int:
        return check_count("cards", cards, high=self.total)

    def dist(self, what, cards: int) -> Dist:
        """How many of ``cards`` unseen cards (a hand, the dead stock, the top of the stock) match:
        hypergeom(U, K, cards, k) for each k."""
        return hypergeom_dist(self.total, self.count(what), self._m(cards))

    def chance(self, what, cards: int, at_least: int = 1) -> Exact:
        """P(at least ``at_least`` of ``cards`` unseen cards match ``what``)."""
        return _at_least(self.total, self.count(what), self._m(cards), at_least)

    def chance_none(self, what, cards: int) -> Exact:
        """P(none of ``cards`` unseen cards match) = C(U − K, cards) / C(U, cards)."""
        return hypergeom(self.total, self.count(what), self._m(cards), 0)

    def chance_all(self, what, cards: int) -> Exact:
        """P(every unseen card matching ``what`` is among ``cards`` given unseen cards)
        = C(U − K, cards − K) / C(U, cards)."""
        K = self.count(what)
        return hypergeom(self.total, K, self._m(cards), K)

    def __repr__(self) -> str:
        return f"<Unseen: {self.total} cards>"


_at_least = at_least


def given_hand(hand, *, seen=(), decks: int = 1, jokers_per_deck: int = 0) -> Unseen:
    """The unseen cards once you know your ``hand`` and the ``seen`` cards (the discard pile, played
    cards): the deck of ``decks`` decks and ``jokers_per_deck`` jokers, minus both.

    Raises :class:`~cardlib.errors.InvalidPositionError` if a card appears more often than the deck
    holds it.
    """
    deck = Counter(make_deck(decks, jokers_per_deck))
    known = Counter(parse_cards(hand)) + Counter(parse_cards(seen))
    for card, k in known.items():
        if k > deck[card]:
            raise InvalidPositionError(
                f"hand={shown(hand)}, seen={shown(seen)}: {card} appears {k} times, but the deck "
                f"(decks={decks}, jokers_per_deck={jokers_per_deck}) holds {deck[card]}")
    return Unseen(deck - known)
