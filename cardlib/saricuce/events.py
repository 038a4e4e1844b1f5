"""What happens in a hand of Sarı Cüce, as typed events.

Every event is a frozen dataclass with a ``kind`` (its class name in snake_case) and ``describe(names)``,
one plain English sentence for a narration line (:mod:`cardlib.events`).  ``names`` is a list of player
names by seat, or ``None`` for "Seat 0", "Seat 1", ...

>>> from cardlib import Card
>>> Capture(seat=1, box=Card.parse("7D"), chips=20).describe(["Ada", "Bora", "Cem"])
'Bora takes the 7♦ box (the yellow dwarf): 20 chips.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Rank
from ..events import Event, seat_name
from .rules import BOXES, STAKE_PER_PLAYER, YELLOW_DWARF

__all__ = [
    "Event", "Deal", "Stakes", "Play", "Capture", "KingRestart", "Stall", "SkipRank", "Stop", "HandEnd",
    "Opera", "Payment", "Doubling", "GameEnd", "rank_name", "rank_words",
]

_RANK_WORDS = {1: "an Ace", 2: "a 2", 3: "a 3", 4: "a 4", 5: "a 5", 6: "a 6", 7: "a 7", 8: "an 8", 9: "a 9",
               10: "a 10", 11: "a Jack", 12: "a Queen", 13: "a King"}


def rank_name(rank: int) -> str:
    """``8`` -> ``'8'``, ``11`` -> ``'J'``: the rank as written in records and announcements."""
    return Rank(rank).text


def rank_words(rank: int) -> str:
    """``8`` -> ``'an 8'``, ``11`` -> ``'a Jack'``: a card of that rank, in a sentence."""
    return _RANK_WORDS[rank]


#: a seat's name as written: never re-cased (issue 28, U1: upper() of its first letter made "ßeyza" "SSeyza",
#: "ﬁona" "FIona" and "iris" "Iris"); the default names and "Seat N" are capitalised already
_who = seat_name


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _are(n: int) -> str:
    return "is" if n == 1 else "are"


def _box(card: Card) -> str:
    return card.pretty() + (" box (the yellow dwarf)" if card is YELLOW_DWARF else " box")


@dataclass(frozen=True)
class Deal(Event):
    """NJ-11: the dealer dealt ``cards_each`` cards to every player; ``dead`` cards stay face down."""

    dealer: int
    cards_each: int
    dead: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return (f"{_who(names, self.dealer)} deals {self.cards_each} cards to each player; "
                f"{self.dead} cards stay face down in the dead stock.")


@dataclass(frozen=True)
class Stakes(Event):
    """NJ-06: every player staked 1, 2, 3, 4, 5 chips on the boxes; ``board`` is the board afterwards."""

    players: int
    stakes: tuple[int, ...]
    board: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        boxes = ", ".join(f"{s} on {b.pretty()}" for s, b in zip(self.stakes, BOXES))
        now = ", ".join(f"{b.pretty()} {v}" for v, b in zip(self.board, BOXES))
        return f"Each of the {self.players} players stakes {sum(self.stakes)} chips ({boxes}); the board holds {now}."


@dataclass(frozen=True)
class Play(Event):
    """NJ-12..NJ-17: ``seat`` played ``card``; ``lead`` if it starts a run; ``run_position`` counts the
    cards of the current run (1 for a lead).  (The rule set says "sequence"; cardlib says "run" everywhere.)"""

    seat: int
    card: Card
    lead: bool
    run_position: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = _who(names, self.seat)
        if self.lead:
            return f"{who} leads {self.card.pretty()}, starting a new run."
        return f"{who} plays {self.card.pretty()} (card {self.run_position} of the run)."


@dataclass(frozen=True)
class Capture(Event):
    """NJ-19: ``seat`` played a box card and took the ``chips`` of that box (possibly 0)."""

    seat: int
    box: Card
    chips: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(names, self.seat)} takes the {_box(self.box)}: {_chips(self.chips)}."


@dataclass(frozen=True)
class KingRestart(Event):
    """NJ-17: a King closed the run and its player starts a new one ("Roi et je recommence")."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"The King closes the run; {_who(names, self.seat)} starts a new one."


@dataclass(frozen=True)
class Stall(Event):
    """NJ-18 / NJ-F2 / NJ-F3: nobody played the needed rank(s) ``ranks``; ``seat`` (the player of the last
    card) starts a new run.  ``declined`` when somebody held the rank but said "stop"."""

    seat: int
    ranks: tuple[int, ...]
    declined: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        sans = " and ".join(rank_name(r) for r in self.ranks)
        if self.declined:
            why = f"nobody will play {_RANK_WORDS[self.ranks[0]]}"
        elif len(self.ranks) == 1:
            why = f"nobody holds {_RANK_WORDS[self.ranks[0]]}"
        else:
            why = "nobody holds any of them"
        return f"Sans {sans}: {why}, so {_who(names, self.seat)} starts a new run."


@dataclass(frozen=True)
class SkipRank(Event):
    """``stall_rule = skip_rank`` (NJ-F3): nobody holds ``ranks``, so the needed rank becomes ``needed``."""

    seat: int
    ranks: tuple[int, ...]
    needed: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        sans = " and ".join(rank_name(r) for r in self.ranks)
        return f"Sans {sans}: the run skips to {_RANK_WORDS[self.needed]}."


@dataclass(frozen=True)
class Stop(Event):
    """``allow_voluntary_stop`` (NJ-F2): ``seat`` held the needed ``rank`` and declined ("sans X")."""

    seat: int
    rank: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(names, self.seat)} says \"sans {rank_name(self.rank)}\" and declines to play {_RANK_WORDS[self.rank]}."


@dataclass(frozen=True)
class HandEnd(Event):
    """NJ-20: ``winner`` played the last card of their hand, ``card``, and wins the hand."""

    winner: int
    card: Card

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(names, self.winner)} plays the last card ({self.card.pretty()}) and wins the hand."


@dataclass(frozen=True)
class Opera(Event):
    """NJ-24: nobody else played.  ``reward`` is ``sweep_board`` (``swept`` per box, taken by ``seat``)
    or ``double_payments`` (NJ-F5)."""

    seat: int
    reward: str
    swept: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = _who(names, self.seat)
        if self.reward == "sweep_board":
            return f"Opéra! Nobody else played a card: {who} sweeps everything left on the board, {_chips(sum(self.swept))}, and nobody doubles a box."
        return f"Opéra! Nobody else played a card: everyone pays {who} double."


@dataclass(frozen=True)
class Payment(Event):
    """NJ-22 / NJ-26 / NJ-F6: ``payer`` owed ``due`` chips to ``payee`` and paid ``amount``."""

    payer: int
    payee: int
    amount: int
    due: int

    @property
    def short(self) -> int:
        """Chips written off because the payer ran out (NJ-26)."""
        return self.due - self.amount

    def describe(self, names: Sequence[str] | None = None) -> str:
        payer, payee = _who(names, self.payer), _who(names, self.payee)
        if self.short:
            return (f"{payer} owes {payee} {_chips(self.due)} for the cards left in hand but has only "
                    f"{self.amount}: pays {self.amount}, and {_chips(self.short)} {_are(self.short)} written off.")
        return f"{payer} pays {payee} {_chips(self.amount)} for the cards left in hand."


@dataclass(frozen=True)
class Doubling(Event):
    """NJ-23 / NJ-A07: ``seat`` still held the card of ``box`` and paid ``amount`` (of ``due``) into it."""

    seat: int
    box: Card
    amount: int
    due: int

    @property
    def short(self) -> int:
        return self.due - self.amount

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = _who(names, self.seat)
        if self.amount == 0:
            return (f"{who} still holds {self.box.pretty()} and owes its box {_chips(self.due)} (doubling it), "
                    f"but has no chips left: nothing is paid (NJ-26).")
        if self.short:
            return (f"{who} still holds {self.box.pretty()} and owes its box {_chips(self.due)} (doubling it) but "
                    f"has only {self.amount}: pays {self.amount}, and {_chips(self.short)} {_are(self.short)} "
                    f"written off.")
        return f"{who} still holds {self.box.pretty()} and doubles its box: pays {_chips(self.amount)} into it."


@dataclass(frozen=True)
class GameEnd(Event):
    """NJ-08 / NJ-09 / NJ-27: the game is over; ``winners`` hold the most chips (ties shared)."""

    winners: tuple[int, ...]
    chips: tuple[int, ...]
    reason: str          # "hands_limit" or "bankruptcy"
    hands_played: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.reason == "hands_limit":
            why = f"after {self.hands_played} hands"
        else:
            poor = [s for s, c in enumerate(self.chips) if c < STAKE_PER_PLAYER]
            why = ("because " + " and ".join(_who(names, s) for s in poor) + f" cannot stake {STAKE_PER_PLAYER} chips"
                   f" ({self.hands_played} hands played)")
        best = self.chips[self.winners[0]]
        if len(self.winners) == 1:
            return f"The game ends {why}: {_who(names, self.winners[0])} wins with {_chips(best)}."
        return f"The game ends {why}: " + " and ".join(_who(names, s) for s in self.winners) + f" share the win with {_chips(best)} each."
