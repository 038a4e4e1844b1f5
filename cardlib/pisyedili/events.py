"""What happens in a Pis Yedili hand, one typed event per step, for narration and tests.

Every event is a frozen dataclass with a ``kind`` (a short string) and ``describe(names)``, one plain
sentence.  ``names`` is a list of player names, or ``None`` for "Player 0", "Player 1", ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card, Suit, cards_text

__all__ = [
    "Event", "Played", "Drew", "Passed", "PenaltyDrawn", "Skipped", "Reversed", "SuitNamed",
    "TekDeclared", "TekPenalty", "AceDraws", "Reshuffled", "StockEnded", "NoPlayEnded", "SafetyValve",
    "HandEnd", "Scores",
]

_SUIT_NAME = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


def _name(names: Sequence[str] | None, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def _count(k: int) -> str:
    return f"{k} card" if k == 1 else f"{k} cards"


class Event:
    kind: ClassVar[str] = ""

    def describe(self, names: Sequence[str] | None = None) -> str:  # pragma: no cover - overridden
        return self.kind


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``card``; ``inert`` for an opening card (PY-08)."""

    seat: int
    card: Card
    inert: bool = False
    kind: ClassVar[str] = "played"

    def describe(self, names=None):
        extra = " as an opening card (no effect)" if self.inert else ""
        return f"{_name(names, self.seat)} plays {self.card.pretty()}{extra}."


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``cards`` (``why``: ``draw``, ``opening``, ``ace`` (PY-T5), ``tek`` or ``end``)."""

    seat: int
    cards: tuple[Card, ...]
    why: str = "draw"
    kind: ClassVar[str] = "drew"

    def describe(self, names=None):
        who = _name(names, self.seat)
        if not self.cards:
            return f"{who} cannot draw: there is nothing to draw."
        why = {"end": " as an end-of-hand penalty (PY-T2)", "ace": " after the last Ace (PY-T5)"}.get(self.why, "")
        return f"{who} draws {_cards(self.cards)}{why}."


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` ended the turn without playing (``end``: declined the Ace follow-up)."""

    seat: int
    end: bool = False
    kind: ClassVar[str] = "passed"

    def describe(self, names=None):
        if self.end:
            return f"{_name(names, self.seat)} ends the turn without following the Ace."
        return f"{_name(names, self.seat)} passes."


@dataclass(frozen=True, slots=True)
class PenaltyDrawn(Event):
    """``seat`` drew the pending-sevens penalty: ``owed`` cards for ``sevens`` sevens (PY-20)."""

    seat: int
    sevens: int
    owed: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "penalty drawn"

    def describe(self, names=None):
        short = "" if len(self.cards) == self.owed else f" (only {len(self.cards)} could be drawn)"
        return (f"{_name(names, self.seat)} draws {_count(self.owed)} for "
                f"{self.sevens} seven{'s' if self.sevens != 1 else ''}{short}.")


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """``seat`` loses the turn to an 8 (PY-22)."""

    seat: int
    kind: ClassVar[str] = "skipped"

    def describe(self, names=None):
        return f"{_name(names, self.seat)} is skipped."


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """A 10 turned the direction to ``direction`` (PY-23)."""

    direction: int
    kind: ClassVar[str] = "reversed"

    def describe(self, names=None):
        way = "clockwise" if self.direction == 1 else "anticlockwise"
        return f"Play now goes {way}."


@dataclass(frozen=True, slots=True)
class SuitNamed(Event):
    seat: int
    suit: Suit
    kind: ClassVar[str] = "suit named"

    def describe(self, names=None):
        return f"{_name(names, self.seat)} names {_SUIT_NAME[self.suit]}."


@dataclass(frozen=True, slots=True)
class TekDeclared(Event):
    seat: int
    kind: ClassVar[str] = "tek declared"

    def describe(self, names=None):
        return f"{_name(names, self.seat)} says \"tek\": one card left."


@dataclass(frozen=True, slots=True)
class TekPenalty(Event):
    """``seat`` began the turn with one undeclared card: draws first and cannot go out (PY-T1b)."""

    seat: int
    kind: ClassVar[str] = "tek penalty"

    def describe(self, names=None):
        return (f"{_name(names, self.seat)} did not say \"tek\": must draw a card and cannot go out "
                f"this turn.")


@dataclass(frozen=True, slots=True)
class AceDraws(Event):
    """Every other player drew one card for ``seat``'s Ace (PY-24T); ``draws`` is ((seat, cards), ...)."""

    seat: int
    draws: tuple[tuple[int, tuple[Card, ...]], ...]
    kind: ClassVar[str] = "ace draws"

    def describe(self, names=None):
        got = ", ".join(_name(names, s) for s, cards in self.draws if cards)
        return f"For {_name(names, self.seat)}'s Ace everyone else draws a card ({got or 'nobody could'})."


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discards under the top card became the new ``stock`` (top first) (PY-28T)."""

    stock: tuple[Card, ...]
    kind: ClassVar[str] = "reshuffled"

    def describe(self, names=None):
        return f"The stock is empty: {_count(len(self.stock))} from the discard pile are shuffled into a new stock."

    def entry(self) -> str:
        return "reshuffle " + cards_text(self.stock)


@dataclass(frozen=True, slots=True)
class StockEnded(Event):
    """``seat`` drew the last card of the stock, which ends the hand (PY-28)."""

    seat: int
    kind: ClassVar[str] = "stock ended"

    def describe(self, names=None):
        return f"{_name(names, self.seat)} draws the last card of the stock: the hand ends."


@dataclass(frozen=True, slots=True)
class NoPlayEnded(Event):
    """``turns`` turns in a row passed with no card played (PY-28B)."""

    turns: int
    kind: ClassVar[str] = "no play"

    def describe(self, names=None):
        return f"Nobody has played a card for {self.turns} turns in a row: the hand ends (PY-28B)."


@dataclass(frozen=True, slots=True)
class SafetyValve(Event):
    """The hand reached the turn cap and ends as a stock ending (PY-F5, not a rule)."""

    turns: int
    kind: ClassVar[str] = "safety valve"

    def describe(self, names=None):
        return f"The hand has lasted {self.turns} turns: it is stopped and scored as if the stock had run out."


@dataclass(frozen=True, slots=True)
class HandEnd(Event):
    winner: int | None
    ended_by: str
    multiplier: int
    card: Card | None = None
    kind: ClassVar[str] = "hand end"

    def describe(self, names=None):
        if self.winner is None:
            return "The hand is over: the lowest hand wins."
        times = f": the others score their cards x{self.multiplier}" if self.multiplier != 1 else ""
        last = f" with {self.card.pretty()}" if self.card is not None else ""
        return f"{_name(names, self.winner)} goes out{last}{times}."


@dataclass(frozen=True, slots=True)
class Scores(Event):
    scores: tuple[int, ...]
    kind: ClassVar[str] = "scores"

    def describe(self, names=None):
        return "Scores: " + ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(self.scores)) + "."
