"""What happens in a hand of High Card, one frozen event per step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.cards import Card
from cardlib.events import Event, seat_name


@dataclass(frozen=True)
class Deal(Event):
    dealer: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.dealer)} deals three cards each."


@dataclass(frozen=True)
class Play(Event):
    seat: int
    card: Card

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} plays {self.card.pretty()}."


@dataclass(frozen=True)
class TrickWon(Event):
    seat: int
    card: Card

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} takes the trick with {self.card.pretty()} (HC-4)."


@dataclass(frozen=True)
class HandEnd(Event):
    winner: int
    tricks: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.winner)} wins the hand with {self.tricks[self.winner]} tricks (HC-5)."
