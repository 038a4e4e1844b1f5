"""Cards, ranks, suits, jokers and decks.

A :class:`Card` is a small value: there are exactly 53 of them (52 cards and the joker), made once and
shared, so two cards are equal exactly when they are the same object, and a card is cheap to hash and
compare.  With two decks the same card simply appears twice in a list: hands and stocks are multisets.
A card is never equal to its text, and comparing one with text raises (``"7H" in hand.dead`` would
otherwise be silently false): write ``Card.parse("7H") in hand.dead`` (docs/engine-api.md, "Cards and text").

>>> Card.parse("10♦") == Card.parse("td")
True
>>> str(Card.parse("td")), Card.parse("td").pretty()
('10D', '10♦')
>>> Card.parse("7D")
Card.parse('7D')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

from .errors import CardTextComparisonError, InvalidCardError, InvalidOptionError
from .jsonio import shown

__all__ = [
    "Suit", "Rank", "Card", "JOKER", "SUITS", "RANKS",
    "parse_cards", "cards_text", "make_deck",
]


_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_upper(text: str) -> str:
    """``text`` with only the ASCII letters upper-cased (issue 28, U1): ``str.upper`` folds other letters
    too (``"ſ"`` to ``"S"``, ``"ﬀ"`` to ``"FF"``), so a card, move or option word is matched exactly."""
    return text.translate(_ASCII_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with only the ASCII letters lower-cased (``"\u212a"``, the Kelvin sign, stays itself)."""
    return text.translate(_ASCII_LOWER)


def require_text(value: object, what: str, error: type[Exception] = InvalidCardError) -> str:
    """``value`` when it is text; otherwise ``error`` quoting it: ``suit 7 is not text``.  What the
    ``parse`` of every card and move type says of a value that is neither its type nor text."""
    if not isinstance(value, str):
        raise error(f"{what} {shown(value)} is not text")
    return value


class Suit(enum.Enum):
    """The four suits, in the order used for sorting and for the board: clubs, diamonds, hearts, spades."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit sign, ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOL[self]

    @property
    def word(self) -> str:
        """The suit's name in a sentence, plural: ``clubs``, ``diamonds``, ``hearts``, ``spades``."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """``club``, ``diamond``, ``heart``, ``spade``: "play a heart"."""
        return self.name.lower()[:-1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """``"H"``, ``"h"`` or ``"♥"`` (or ``"hearts"``) to :attr:`Suit.HEARTS`."""
        if isinstance(text, Suit):
            return text
        suit = _SUIT_LOOKUP.get(ascii_upper(require_text(text, "suit").strip()))
        if suit is None:
            raise InvalidCardError(f"suit {shown(text)} is not one of C D H S (or ♣ ♦ ♥ ♠)")
        return suit

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_LOOKUP: dict[str, Suit] = {}
for _s in SUITS:
    _SUIT_LOOKUP[_s.value] = _s
    _SUIT_LOOKUP[_SUIT_SYMBOL[_s]] = _s
    _SUIT_LOOKUP[_s.name] = _s
# the outline signs too, as people type them
_SUIT_LOOKUP.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})


class Rank(enum.IntEnum):
    """Ranks from Ace (1) to King (13); the value is the rank's place in a Sarı Cüce run."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        """``A 2 … 10 J Q K``."""
        return _RANK_TEXT[self]

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        if isinstance(text, Rank):
            return text
        rank = _RANK_LOOKUP.get(ascii_upper(require_text(text, "rank").strip()))
        if rank is None:
            raise InvalidCardError(f"rank {shown(text)} is not one of A 2 3 4 5 6 7 8 9 10 J Q K")
        return rank

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


RANKS: tuple[Rank, ...] = tuple(Rank)
_RANK_TEXT = {r: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(int(r), str(int(r))) for r in RANKS}
_RANK_LOOKUP = {t: r for r, t in _RANK_TEXT.items()}
_RANK_LOOKUP.update({"T": Rank.TEN, "1": Rank.ACE})


class Card:
    """One playing card, or the joker.

    Cards are interned: ``Card.parse("7D") is Card.parse("7♦")``.  ``rank`` and ``suit`` are ``None``
    for the joker.  ``index`` is 0..51 (suit-major: clubs A..K, diamonds, hearts, spades) and 52 for the
    joker; cards sort by it.
    """

    __slots__ = ("rank", "suit", "index", "_text")

    rank: Rank | None
    suit: Suit | None
    index: int
    _text: str

    def __new__(cls, rank: Rank | int | None, suit: Suit | str | None = None) -> Card:
        if rank is None and suit is None:
            return _ALL[52]
        try:
            if rank is None:      # a suit without a rank
                raise ValueError
            r = Rank(rank) if not isinstance(rank, Rank) else rank
        except ValueError:
            raise InvalidCardError(f"rank {shown(rank)} is not 1..13") from None
        s = suit if isinstance(suit, Suit) else Suit.parse(suit) if isinstance(suit, str) else None
        if s is None:
            raise InvalidCardError(f"card needs a suit, got {shown(suit)}")
        return _ALL[s.index * 13 + int(r) - 1]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        if index == 52:
            rank, suit, text = None, None, "X"
        else:
            rank, suit = Rank(index % 13 + 1), SUITS[index // 13]
            text = rank.text + suit.value
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "_text", text)
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: ``"10D"``, ``"td"``, ``"10♦"``, ``"X"`` or ``"Joker"`` (any case).

        Raises :class:`InvalidCardError` that quotes the text.  Two-deck copies are written like any card.
        """
        if isinstance(text, Card):
            return text
        card = _LOOKUP.get(ascii_upper(require_text(text, "card").strip()))
        if card is None:
            raise InvalidCardError(
                f"card {shown(text)} is not a card: write rank then suit, e.g. '10D', 'TD', '10♦', 'QS', or 'X' for a joker")
        return card

    @property
    def is_joker(self) -> bool:
        return self.index == 52

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    def pretty(self) -> str:
        """The card for people: ``10♦``, ``Q♠``; the joker is ``Joker``."""
        if self.rank is None or self.suit is None:   # the joker
            return "Joker"
        return self.rank.text + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    # Equality is identity (cards are interned), written out: a card is never equal to its text, and
    # comparing one with text raises instead of being silently false ("7H" in hand.dead: docs/engine-api.md,
    # "Cards and text").  Defined in Python it is also quicker than inheriting object's == through the
    # slot that __lt__ makes Python-level (about 250 ns instead of 500 ns per comparison in list.index).
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self is other
        if isinstance(other, str):
            raise _text_comparison(self, other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self is not other
        if isinstance(other, str):
            raise _text_comparison(self, other)
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.parse, (self._text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def _repr_html_(self) -> str:
        from .display import card_html  # display code is imported lazily, never by the rules
        return card_html(self)


def _text_comparison(card: Card, text: str) -> CardTextComparisonError:
    return CardTextComparisonError(
        f"card {card._text} compared with the text {shown(text[:20])}: card lists hold cards, not text, so write "
        f"Card.parse({shown(text[:20])}) in cards (or {shown(text[:20])} in cards_text(cards).split())")


_ALL: tuple[Card, ...] = tuple(Card._make(i) for i in range(53))
JOKER: Card = _ALL[52]
_LOOKUP: dict[str, Card] = {}
for _c in _ALL[:52]:
    for _rt, _r in _RANK_LOOKUP.items():
        if _r is _c.rank:
            for _st, _s in _SUIT_LOOKUP.items():
                if _s is _c.suit:
                    _LOOKUP[_rt + _st] = _c
_LOOKUP.update({"X": JOKER, "JOKER": JOKER, "🃏": JOKER})


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Read a list of cards: ``"AS 2H 10D"`` or ``["AS", "2H"]`` (or cards).  Order is kept.

    In text the cards are separated by spaces (records.md), and only by spaces: ``"AS, 2H"`` is refused
    saying so (a hand-written position is lenient in content, not in syntax).

    >>> parse_cards("AS,2H")
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidCardError: card list 'AS,2H': cards are separated by spaces ('AS 2H 10D'), not commas
    """
    if isinstance(cards, str):
        if "," in cards:
            raise InvalidCardError(f"card list {shown(cards)}: cards are separated by spaces ('AS 2H 10D'), not commas")
        items: Iterable[str | Card] = cards.split()
    else:
        try:
            items = list(cards)
        except TypeError:
            raise InvalidCardError(f"card list {shown(cards)} is neither text nor a list") from None
    out = []
    for item in items:
        out.append(Card.parse(item))
    return out


def cards_text(cards: Iterable[Card]) -> str:
    """The canonical text of a list of cards: ``"AS 2H 10D"``."""
    return " ".join(c._text for c in cards)


def make_deck(decks: int = 1, jokers_per_deck: int = 0) -> list[Card]:
    """A fresh deck in canonical order: each deck's 52 cards then its jokers, deck after deck."""
    # by type as well as value (2.0 == 2, but a list cannot be repeated 2.0 times): cardlib.options
    if decks.__class__ is not int or decks not in (1, 2):
        raise InvalidOptionError(f"decks={shown(decks)}: cardlib plays with 1 or 2 decks")
    if jokers_per_deck.__class__ is not int or jokers_per_deck not in (0, 1, 2):
        raise InvalidOptionError(f"jokers_per_deck={shown(jokers_per_deck)}: 0, 1 or 2 jokers per deck")
    one = list(_ALL[:52]) + [JOKER] * jokers_per_deck
    return one * decks
