"""A move of High Card is one card: its text is the card's (``"QS"``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardlib.cards import Card
from cardlib.errors import CardlibError, InvalidMoveError
from cardlib.jsonio import shown


@dataclass(frozen=True)
class Move:
    card: Card

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(f"move {shown(text)} is not text")
        try:
            return cls(Card.parse(text))
        except CardlibError:
            raise InvalidMoveError(f"move {shown(text)} is not a card (High Card has no other moves)") from None

    def describe(self) -> str:
        return self.card.pretty()

    def __str__(self) -> str:
        return str(self.card)
