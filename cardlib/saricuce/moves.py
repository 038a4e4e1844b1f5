"""The moves of Sarı Cüce: play a card (``7D``) or, with ``allow_voluntary_stop``, ``stop``.

Moves are interned values, like cards: there are exactly 53 of them.

>>> Move.parse("td"), str(Move.parse("10♦")), Move.parse("STOP")
(Move.parse('10D'), '10D', Move.parse('stop'))
>>> Move.parse("7D") is Move.play(Card.parse("7D"))
True
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, ascii_lower, make_deck, require_text
from ..errors import InvalidCardError, InvalidMoveError
from ..i18n import _
from ..jsonio import shown

__all__ = ["Move", "STOP", "PLAYS"]


class Move:
    """Play ``card``, or decline (``card is None``: the move ``stop``, NJ-F2)."""

    __slots__ = ("card", "_text")

    card: Card | None
    _text: str

    def __new__(cls, card: Card | None = None) -> Move:
        if card is None:
            return STOP
        if not isinstance(card, Card) or card.is_joker:
            raise InvalidMoveError(f"move card {shown(card)} is not a card of the 52-card deck")
        return PLAYS[card.index]

    @classmethod
    def _make(cls, card: Card | None) -> Move:
        m = object.__new__(cls)
        object.__setattr__(m, "card", card)
        object.__setattr__(m, "_text", "stop" if card is None else str(card))
        return m

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Move is immutable")

    @classmethod
    def play(cls, card: Card | str) -> Move:
        """The move that plays ``card``."""
        return cls(Card.parse(card) if isinstance(card, str) else card)

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """``"7D"`` / ``"7♦"`` / ``"td"`` or ``"stop"`` (any case); :class:`InvalidMoveError` otherwise."""
        if isinstance(text, Move):
            return text
        if isinstance(text, Card):
            return cls(text)
        key = require_text(text, "move", InvalidMoveError).strip()
        if ascii_lower(key) == "stop":
            return STOP
        try:
            card = Card.parse(key)
        except InvalidCardError:
            raise InvalidMoveError(
                f"move {shown(text)} is not a Sarı Cüce move: write a card such as '7D' or '10♦', or 'stop'") from None
        if card.is_joker:
            raise InvalidMoveError(f"move {shown(text)}: Sarı Cüce is played without jokers (NJ-01)")
        return PLAYS[card.index]

    @property
    def is_stop(self) -> bool:
        return self.card is None

    def describe(self) -> str:
        """The move in plain words, for buttons and narration: ``10♦``, ``stop (sans …)``."""
        return _("stop (sans …)") if self.card is None else self.card.pretty()

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move.parse, (self._text,))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: Any) -> Move:
        return self

    def __hash__(self) -> int:
        return 52 if self.card is None else self.card.index


PLAYS: tuple[Move, ...] = tuple(Move._make(c) for c in make_deck())  # index order, 0..51
STOP: Move = Move._make(None)
