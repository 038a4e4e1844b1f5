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
from ..i18n import _, count_words, ngettext, suit_word

__all__ = [
    "Event", "Deal", "Play", "Draw", "Pass", "PenaltyDraw", "Skip", "Reverse", "NamedSuit",
    "Tek", "TekPenalty", "AceDraws", "Reshuffle", "StockOut", "NoPlay", "SafetyValve",
    "HandEnd", "Scores", "MatchEnd",
]

_name = seat_name


def team_name(names: Sequence[str] | None, team: int, teams: int) -> str:
    """PY-P1: team k is seats k and k + n/2, named after them: "Ada & Cem"."""
    return _("{a} & {b}").format(a=_name(names, team), b=_name(names, team + teams))


def _and(items: Sequence[str]) -> str:
    """``Ada``, ``Ada and Bora``, ``Ada, Bora and Cem`` in the language spoken."""
    from ..i18n import join_and
    return join_and(items)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def _count(k: int) -> str:
    return count_words("card", k)


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """PY-05: ``dealer`` dealt ``cards_each`` cards to every player; ``stock`` cards are left face down.
    ``packets``: the packet sizes of a deal in packets (PY-05b, ``(4, 3)`` or ``(3, 2, 2)``), else empty."""

    dealer: int
    cards_each: int
    stock: int
    packets: tuple[int, ...] = ()

    def describe(self, names: Sequence[str] | None = None) -> str:
        who, n = _name(names, self.dealer), self.cards_each
        if self.packets:
            deal = ngettext("{dealer} deals {n} card to each player in packets of {packets}",
                            "{dealer} deals {n} cards to each player in packets of {packets}", n)
        else:
            deal = ngettext("{dealer} deals {n} card to each player", "{dealer} deals {n} cards to each player", n)
        rest = ngettext("{n} card stays face down in the stock.", "{n} cards stay face down in the stock.",
                        self.stock)
        return _("{deal}; {rest}").format(deal=deal.format(dealer=who, n=n, packets="-".join(map(str, self.packets))),
                                          rest=rest.format(n=self.stock))


@dataclass(frozen=True, slots=True)
class Play(Event):
    """``seat`` played ``card``; ``inert`` for an opening card (PY-08)."""

    seat: int
    card: Card
    inert: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        text = _("{player} plays {card} as an opening card (no effect).") if self.inert else _("{player} plays {card}.")
        return text.format(player=_name(names, self.seat), card=self.card.pretty())


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``seat`` drew ``cards`` (``why``: ``draw``, ``opening``, ``ace`` (PY-T5), ``tek`` or ``end``)."""

    seat: int
    cards: tuple[Card, ...]
    why: str = "draw"

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = _name(names, self.seat)
        if not self.cards:
            return _("{player} cannot draw: there is nothing to draw.").format(player=who)
        text = {"end": _("{player} draws {cards} as an end-of-hand penalty (PY-T2)."),
                "ace": _("{player} draws {cards} after the last Ace (PY-T5).")}.get(self.why) \
            or _("{player} draws {cards}.")
        return text.format(player=who, cards=_cards(self.cards))


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """``seat`` ended the turn without playing (``end``: declined the Ace follow-up)."""

    seat: int
    end: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.end:
            return _("{player} ends the turn without following the Ace.").format(player=_name(names, self.seat))
        return _("{player} passes.").format(player=_name(names, self.seat))


@dataclass(frozen=True, slots=True)
class PenaltyDraw(Event):
    """``seat`` drew the pending-sevens penalty: ``owed`` cards for ``sevens`` sevens (PY-20)."""

    seat: int
    sevens: int
    owed: int
    cards: tuple[Card, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        text = ngettext("{player} draws {cards} for {n} seven", "{player} draws {cards} for {n} sevens", self.sevens)
        text = text.format(player=_name(names, self.seat), cards=_count(self.owed), n=self.sevens)
        if len(self.cards) != self.owed:
            text += " " + _("(only {n} could be drawn)").format(n=len(self.cards))
        return text + "."


@dataclass(frozen=True, slots=True)
class Skip(Event):
    """``seat`` loses the turn to an 8 (PY-22)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} is skipped.").format(player=_name(names, self.seat))


@dataclass(frozen=True, slots=True)
class Reverse(Event):
    """A 10 turned the direction to ``direction`` (PY-23)."""

    direction: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("Play now goes clockwise.") if self.direction == 1 else _("Play now goes anticlockwise.")


@dataclass(frozen=True, slots=True)
class NamedSuit(Event):
    seat: int
    suit: Suit

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} names {suit}.").format(player=_name(names, self.seat), suit=suit_word(self.suit))


@dataclass(frozen=True, slots=True)
class Tek(Event):
    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} says \"tek\": one card left.").format(player=_name(names, self.seat))


@dataclass(frozen=True, slots=True)
class TekPenalty(Event):
    """``seat`` began the turn with one undeclared card: draws first and cannot go out (PY-T1b)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} did not say \"tek\": must draw a card and cannot go out this turn.").format(
            player=_name(names, self.seat))


@dataclass(frozen=True, slots=True)
class AceDraws(Event):
    """Every other player drew one card for ``seat``'s Ace (PY-24T); ``draws`` is ((seat, cards), ...)."""

    seat: int
    draws: tuple[tuple[int, tuple[Card, ...]], ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        got = ", ".join(_name(names, s) for s, cards in self.draws if cards)
        if not got:
            return _("For {player}'s Ace everyone else draws a card (nobody could).").format(
                player=_name(names, self.seat))
        return _("For {player}'s Ace everyone else draws a card ({players}).").format(
            player=_name(names, self.seat), players=got)


@dataclass(frozen=True, slots=True)
class Reshuffle(Event):
    """The discards under the top card became the new ``stock`` (top first) (PY-28T)."""

    stock: tuple[Card, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return ngettext("The stock is empty: {n} card from the discard pile is shuffled into a new stock.",
                        "The stock is empty: {n} cards from the discard pile are shuffled into a new stock.",
                        len(self.stock)).format(n=len(self.stock))

    def entry(self) -> str:
        return "reshuffle " + cards_text(self.stock)


@dataclass(frozen=True, slots=True)
class StockOut(Event):
    """``seat`` drew the last card of the stock, which ends the hand (PY-28)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} draws the last card of the stock: the hand ends.").format(player=_name(names, self.seat))


@dataclass(frozen=True, slots=True)
class NoPlay(Event):
    """``turns`` turns in a row passed with no card played (PY-28B)."""

    turns: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return ngettext("Nobody has played a card for {n} turn in a row: the hand ends (PY-28B).",
                        "Nobody has played a card for {n} turns in a row: the hand ends (PY-28B).",
                        self.turns).format(n=self.turns)


@dataclass(frozen=True, slots=True)
class SafetyValve(Event):
    """The hand reached the turn cap and ends as a stock ending (PY-F5, not a rule)."""

    turns: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return ngettext("The hand has lasted {n} turn: it is stopped and scored as if the stock had run out.",
                        "The hand has lasted {n} turns: it is stopped and scored as if the stock had run out.",
                        self.turns).format(n=self.turns)


@dataclass(frozen=True, slots=True)
class HandEnd(Event):
    winner: int | None
    ended_by: str
    multiplier: int
    card: Card | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.winner is None:
            return _("The hand is over: the lowest hand wins.")
        who = _name(names, self.winner)
        card = self.card.pretty() if self.card is not None else ""
        if self.multiplier != 1:
            text = (_("{player} goes out with {card}: the others score their cards x{n}.") if card else
                    _("{player} goes out: the others score their cards x{n}."))
        else:
            text = _("{player} goes out with {card}.") if card else _("{player} goes out.")
        return text.format(player=who, card=card, n=self.multiplier)


@dataclass(frozen=True, slots=True)
class Scores(Event):
    """The hand's scores by seat (PY-30, PY-28); with partnerships also by team (``team_scores``, PY-P4:
    team k is seats k and k + n/2)."""

    scores: tuple[int, ...]
    team_scores: tuple[int, ...] | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        scores = ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(self.scores))
        out = _("Scores: {scores}.").format(scores=scores)
        if self.team_scores is not None:
            half = len(self.team_scores)
            out += " " + _("Teams: {scores}.").format(scores=", ".join(f"{team_name(names, k, half)} {v}"
                                                                       for k, v in enumerate(self.team_scores)))
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
            who = _and([team_name(names, k, half) for k in self.winning_teams])
            text = (_("The match ends after {deals} deals: {teams} win with {points} team points "
                      "(individual totals: {totals}).") if len(self.winning_teams) == 1 else
                    _("The match ends after {deals} deals: {teams} share the win with {points} team points "
                      "(individual totals: {totals})."))
            return text.format(deals=self.deals_played, teams=who, points=low,
                               totals=", ".join(f"{_name(names, s)} {t}" for s, t in enumerate(self.totals)))
        low = self.totals[self.winners[0]]
        who = _and([_name(names, s) for s in self.winners])
        text = (_("The match ends after {deals} deals: {player} wins with {points} points.") if len(self.winners) == 1
                else _("The match ends after {deals} deals: {players} share the win with {points} points."))
        return text.format(deals=self.deals_played, player=who, players=who, points=low)
