"""What happens in a Pis Yedili hand, one typed event per step, for narration and tests.

Every event is a frozen dataclass with a ``kind`` (its class name in snake_case) and ``describe(names)``,
one plain sentence (:mod:`cardlib.events`).  ``names`` is a list of player names, or ``None`` for "Seat 0",
"Seat 1", ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Suit, cards_text
from ..events import Event, seat_name

__all__ = [
    "Event", "Deal", "Play", "Draw", "Pass", "PenaltyDraw", "Skip", "Reverse", "NamedSuit",
    "Tek", "TekPenalty", "AceDraws", "Reshuffle", "StockOut", "NoPlay", "SafetyValve",
    "HandEnd", "Scores", "MatchEnd",
]

_SUIT_NAME = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


_name = seat_name


def team_name(names: Sequence[str] | None, team: int, teams: int) -> str:
    """PY-P1: team k is seats k and k + n/2, named after them: "Ada & Cem"."""
    return f"{_name(names, team)} & {_name(names, team + teams)}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def _count(k: int) -> str:
    return f"{k} card" if k == 1 else f"{k} cards"


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """PY-05: ``dealer`` dealt ``cards_each`` cards to every player; ``stock`` cards are left face down.
    ``packets``: the packet sizes of a deal in packets (PY-05b, ``(4, 3)`` or ``(3, 2, 2)``), else empty."""

    dealer: int
    cards_each: int
    stock: int
    packets: tuple[int, ...] = ()

    def describe(self, names: Sequence[str] | None = None) -> str:
        how = f" in packets of {'-'.join(map(str, self.packets))}" if self.packets else ""
        return (f"{_name(names, self.dealer)} deals {self.cards_each} cards to each player{how}; "
                f"{_count(self.stock)} stay face down in the stock.")


@dataclass(frozen=True, slots=True)
class Play(Event):
    """``seat`` played ``card``; ``inert`` for an opening card (PY-08)."""

    seat: int
    card: Card
    inert: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        extra = " as an opening card (no effect)" if self.inert else ""
        return f"{_name(names, self.seat)} plays {self.card.pretty()}{extra}."


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``seat`` drew ``cards`` (``why``: ``draw``, ``opening``, ``ace`` (PY-T5), ``tek`` or ``end``)."""

    seat: int
    cards: tuple[Card, ...]
    why: str = "draw"

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = _name(names, self.seat)
        if not self.cards:
            return f"{who} cannot draw: there is nothing to draw."
        why = {"end": " as an end-of-hand penalty (PY-T2)", "ace": " after the last Ace (PY-T5)"}.get(self.why, "")
        return f"{who} draws {_cards(self.cards)}{why}."


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """``seat`` ended the turn without playing (``end``: declined the Ace follow-up)."""

    seat: int
    end: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.end:
            return f"{_name(names, self.seat)} ends the turn without following the Ace."
        return f"{_name(names, self.seat)} passes."


@dataclass(frozen=True, slots=True)
class PenaltyDraw(Event):
    """``seat`` drew the pending-sevens penalty: ``owed`` cards for ``sevens`` sevens (PY-20)."""

    seat: int
    sevens: int
    owed: int
    cards: tuple[Card, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        short = "" if len(self.cards) == self.owed else f" (only {len(self.cards)} could be drawn)"
        return (f"{_name(names, self.seat)} draws {_count(self.owed)} for "
                f"{self.sevens} seven{'s' if self.sevens != 1 else ''}{short}.")


@dataclass(frozen=True, slots=True)
class Skip(Event):
    """``seat`` loses the turn to an 8 (PY-22)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_name(names, self.seat)} is skipped."


@dataclass(frozen=True, slots=True)
class Reverse(Event):
    """A 10 turned the direction to ``direction`` (PY-23)."""

    direction: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        way = "clockwise" if self.direction == 1 else "anticlockwise"
        return f"Play now goes {way}."


@dataclass(frozen=True, slots=True)
class NamedSuit(Event):
    seat: int
    suit: Suit

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_name(names, self.seat)} names {_SUIT_NAME[self.suit]}."


@dataclass(frozen=True, slots=True)
class Tek(Event):
    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_name(names, self.seat)} says \"tek\": one card left."


@dataclass(frozen=True, slots=True)
class TekPenalty(Event):
    """``seat`` began the turn with one undeclared card: draws first and cannot go out (PY-T1b)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return (f"{_name(names, self.seat)} did not say \"tek\": must draw a card and cannot go out "
                f"this turn.")


@dataclass(frozen=True, slots=True)
class AceDraws(Event):
    """Every other player drew one card for ``seat``'s Ace (PY-24T); ``draws`` is ((seat, cards), ...)."""

    seat: int
    draws: tuple[tuple[int, tuple[Card, ...]], ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        got = ", ".join(_name(names, s) for s, cards in self.draws if cards)
        return f"For {_name(names, self.seat)}'s Ace everyone else draws a card ({got or 'nobody could'})."


@dataclass(frozen=True, slots=True)
class Reshuffle(Event):
    """The discards under the top card became the new ``stock`` (top first) (PY-28T)."""

    stock: tuple[Card, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"The stock is empty: {_count(len(self.stock))} from the discard pile are shuffled into a new stock."

    def entry(self) -> str:
        return "reshuffle " + cards_text(self.stock)


@dataclass(frozen=True, slots=True)
class StockOut(Event):
    """``seat`` drew the last card of the stock, which ends the hand (PY-28)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_name(names, self.seat)} draws the last card of the stock: the hand ends."


@dataclass(frozen=True, slots=True)
class NoPlay(Event):
    """``turns`` turns in a row passed with no card played (PY-28B)."""

    turns: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"Nobody has played a card for {self.turns} turns in a row: the hand ends (PY-28B)."


@dataclass(frozen=True, slots=True)
class SafetyValve(Event):
    """The hand reached the turn cap and ends as a stock ending (PY-F5, not a rule)."""

    turns: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"The hand has lasted {self.turns} turns: it is stopped and scored as if the stock had run out."


@dataclass(frozen=True, slots=True)
class HandEnd(Event):
    winner: int | None
    ended_by: str
    multiplier: int
    card: Card | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.winner is None:
            return "The hand is over: the lowest hand wins."
        times = f": the others score their cards x{self.multiplier}" if self.multiplier != 1 else ""
        last = f" with {self.card.pretty()}" if self.card is not None else ""
        return f"{_name(names, self.winner)} goes out{last}{times}."


@dataclass(frozen=True, slots=True)
class Scores(Event):
    """The hand's scores by seat (PY-30, PY-28); with partnerships also by team (``team_scores``, PY-P4:
    team k is seats k and k + n/2)."""

    scores: tuple[int, ...]
    team_scores: tuple[int, ...] | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        out = "Scores: " + ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(self.scores)) + "."
        if self.team_scores is not None:
            half = len(self.team_scores)
            out += " Teams: " + ", ".join(f"{team_name(names, k, half)} {v}"
                                           for k, v in enumerate(self.team_scores)) + "."
        return out


@dataclass(frozen=True, slots=True)
class MatchEnd(Event):
    """PY-31: the match is over after ``deals_played`` deals; ``winners`` have the lowest total.  With
    partnerships (PY-P6) ``winning_teams`` have the lowest of the ``team_totals`` and ``winners`` are their
    seats."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    deals_played: int
    team_totals: tuple[int, ...] | None = None
    winning_teams: tuple[int, ...] | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.team_totals is not None and self.winning_teams:
            half = len(self.team_totals)
            low = self.team_totals[self.winning_teams[0]]
            who = " and ".join(team_name(names, k, half) for k in self.winning_teams)
            verb = "win" if len(self.winning_teams) == 1 else "share the win"
            return (f"The match ends after {self.deals_played} deals: {who} {verb} with {low} team points "
                    f"(individual totals: " + ", ".join(f"{_name(names, s)} {t}" for s, t in enumerate(self.totals))
                    + ").")
        low = self.totals[self.winners[0]]
        who = " and ".join(_name(names, s) for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"The match ends after {self.deals_played} deals: {who} {verb} with {low} points."
