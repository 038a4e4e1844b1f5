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
from ..i18n import N_, NP_, _, join_and, ngettext, pgettext
from .rules import BOXES, STAKE_PER_PLAYER, YELLOW_DWARF

__all__ = [
    "Event", "Deal", "Stakes", "Play", "Capture", "KingRestart", "Stall", "SkipRank", "Stop", "HandEnd",
    "Opera", "Payment", "Doubling", "GameEnd", "rank_name", "rank_words",
]

# TRANSLATORS: a card of this rank in a sentence ("nobody holds an 8", "the run skips to a Jack")
_RANK_WORDS = {1: N_("an Ace"), 2: N_("a 2"), 3: N_("a 3"), 4: N_("a 4"), 5: N_("a 5"), 6: N_("a 6"), 7: N_("a 7"),
               8: N_("an 8"), 9: N_("a 9"), 10: N_("a 10"), 11: N_("a Jack"), 12: N_("a Queen"), 13: N_("a King")}


def rank_name(rank: int) -> str:
    """``8`` -> ``'8'``, ``11`` -> ``'J'``: the rank as written in records and announcements."""
    return Rank(rank).text


def rank_words(rank: int) -> str:
    """``8`` -> ``'an 8'``, ``11`` -> ``'a Jack'``: a card of that rank, in a sentence (in the language
    spoken: ``un 8``, ``bir vale``)."""
    return _(_RANK_WORDS[rank])


def sans_word(rank: int) -> str:
    """The rank as a player says it in "sans huit" (NJ-18): ``8`` in English, ``huit`` in French."""
    return pgettext("said aloud", rank_name(rank))


# the ranks as said aloud, marked for the catalogs
_SAID = [NP_("said aloud", "A"), NP_("said aloud", "2"), NP_("said aloud", "3"), NP_("said aloud", "4"),
         NP_("said aloud", "5"), NP_("said aloud", "6"), NP_("said aloud", "7"), NP_("said aloud", "8"),
         NP_("said aloud", "9"), NP_("said aloud", "10"), NP_("said aloud", "J"), NP_("said aloud", "Q"),
         NP_("said aloud", "K")]


#: a seat's name as written: never re-cased (issue 28, U1: upper() of its first letter made "ßeyza" "SSeyza",
#: "ﬁona" "FIona" and "iris" "Iris"); the default names and "Seat N" are capitalised already
_who = seat_name


def _chips(n: int) -> str:
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


def _written_off(n: int) -> str:
    return ngettext("{n} chip is written off", "{n} chips are written off", n).format(n=n)


@dataclass(frozen=True)
class Deal(Event):
    """NJ-11: the dealer dealt ``cards_each`` cards to every player; ``dead`` cards stay face down."""

    dealer: int
    cards_each: int
    dead: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        deal = ngettext("{dealer} deals {n} card to each player", "{dealer} deals {n} cards to each player",
                        self.cards_each).format(dealer=_who(names, self.dealer), n=self.cards_each)
        rest = ngettext("{n} card stays face down in the dead stock.", "{n} cards stay face down in the dead stock.",
                        self.dead).format(n=self.dead)
        return _("{deal}; {rest}").format(deal=deal, rest=rest)


@dataclass(frozen=True)
class Stakes(Event):
    """NJ-06: every player staked 1, 2, 3, 4, 5 chips on the boxes; ``board`` is the board afterwards."""

    players: int
    stakes: tuple[int, ...]
    board: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        boxes = ", ".join(_("{n} on {box}").format(n=s, box=b.pretty()) for s, b in zip(self.stakes, BOXES))
        now = ", ".join(f"{b.pretty()} {v}" for v, b in zip(self.board, BOXES))
        return _("Each of the {players} players stakes {n} chips ({boxes}); the board holds {board}.").format(
            players=self.players, n=sum(self.stakes), boxes=boxes, board=now)


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
            return _("{player} leads {card}, starting a new run.").format(player=who, card=self.card.pretty())
        return _("{player} plays {card} (card {n} of the run).").format(player=who, card=self.card.pretty(),
                                                                        n=self.run_position)


@dataclass(frozen=True)
class Capture(Event):
    """NJ-19: ``seat`` played a box card and took the ``chips`` of that box (possibly 0)."""

    seat: int
    box: Card
    chips: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        text = (_("{player} takes the {box} box (the yellow dwarf): {chips}.") if self.box is YELLOW_DWARF
                else _("{player} takes the {box} box: {chips}."))
        return text.format(player=_who(names, self.seat), box=self.box.pretty(), chips=_chips(self.chips))


@dataclass(frozen=True)
class KingRestart(Event):
    """NJ-17: a King closed the run and its player starts a new one ("Roi et je recommence")."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("The King closes the run; {player} starts a new one.").format(player=_who(names, self.seat))


@dataclass(frozen=True)
class Stall(Event):
    """NJ-18 / NJ-F2 / NJ-F3: nobody played the needed rank(s) ``ranks``; ``seat`` (the player of the last
    card) starts a new run.  ``declined`` when somebody held the rank but said "stop"."""

    seat: int
    ranks: tuple[int, ...]
    declined: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        sans = join_and([sans_word(r) for r in self.ranks])
        who = _who(names, self.seat)
        if self.declined:
            text = _("Sans {sans}: nobody will play {rank}, so {player} starts a new run.")
        elif len(self.ranks) == 1:
            text = _("Sans {sans}: nobody holds {rank}, so {player} starts a new run.")
        else:
            text = _("Sans {sans}: nobody holds any of them, so {player} starts a new run.")
        return text.format(sans=sans, rank=rank_words(self.ranks[0]), player=who)


@dataclass(frozen=True)
class SkipRank(Event):
    """``stall_rule = skip_rank`` (NJ-F3): nobody holds ``ranks``, so the needed rank becomes ``needed``."""

    seat: int
    ranks: tuple[int, ...]
    needed: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        sans = join_and([sans_word(r) for r in self.ranks])
        return _("Sans {sans}: the run skips to {rank}.").format(sans=sans, rank=rank_words(self.needed))


@dataclass(frozen=True)
class Stop(Event):
    """``allow_voluntary_stop`` (NJ-F2): ``seat`` held the needed ``rank`` and declined ("sans X")."""

    seat: int
    rank: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} says \"sans {sans}\" and declines to play {rank}.").format(
            player=_who(names, self.seat), sans=sans_word(self.rank), rank=rank_words(self.rank))


@dataclass(frozen=True)
class HandEnd(Event):
    """NJ-20: ``winner`` played the last card of their hand, ``card``, and wins the hand."""

    winner: int
    card: Card

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{player} plays the last card ({card}) and wins the hand.").format(
            player=_who(names, self.winner), card=self.card.pretty())


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
            return _("Opéra! Nobody else played a card: {player} sweeps everything left on the board, {chips}, and "
                     "nobody doubles a box.").format(player=who, chips=_chips(sum(self.swept)))
        return _("Opéra! Nobody else played a card: everyone pays {player} double.").format(player=who)


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
            return _("{payer} owes {payee} {chips} for the cards left in hand but has only {n}: pays {n}, and "
                     "{written_off}.").format(payer=payer, payee=payee, chips=_chips(self.due), n=self.amount,
                                              written_off=_written_off(self.short))
        return _("{payer} pays {payee} {chips} for the cards left in hand.").format(
            payer=payer, payee=payee, chips=_chips(self.amount))


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
        box = self.box.pretty()
        if self.amount == 0:
            return _("{player} still holds {card} and owes its box {chips} (doubling it), but has no chips left: "
                     "nothing is paid (NJ-26).").format(player=who, card=box, chips=_chips(self.due))
        if self.short:
            return _("{player} still holds {card} and owes its box {chips} (doubling it) but has only {n}: pays {n}, "
                     "and {written_off}.").format(player=who, card=box, chips=_chips(self.due), n=self.amount,
                                                  written_off=_written_off(self.short))
        return _("{player} still holds {card} and doubles its box: pays {chips} into it.").format(
            player=who, card=box, chips=_chips(self.amount))


@dataclass(frozen=True)
class GameEnd(Event):
    """NJ-08 / NJ-09 / NJ-27: the game is over; ``winners`` hold the most chips (ties shared)."""

    winners: tuple[int, ...]
    chips: tuple[int, ...]
    reason: str          # "hands_limit", "bankruptcy" or "max_hands" (docs/rules-sari-cuce.md, Decision 10)
    hands_played: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.reason == "hands_limit":
            end = ngettext("The game ends after {n} hand", "The game ends after {n} hands",
                           self.hands_played).format(n=self.hands_played)
        elif self.reason == "max_hands":
            end = ngettext("The game ends after {n} hand, the most a game may last",
                           "The game ends after {n} hands, the most a game may last",
                           self.hands_played).format(n=self.hands_played)
        else:
            poor = [s for s, c in enumerate(self.chips) if c < STAKE_PER_PLAYER]
            end = ngettext("The game ends because {players} cannot stake {stake} chips ({n} hand played)",
                           "The game ends because {players} cannot stake {stake} chips ({n} hands played)",
                           self.hands_played).format(players=join_and([_who(names, s) for s in poor]),
                                                     stake=STAKE_PER_PLAYER, n=self.hands_played)
        best = self.chips[self.winners[0]]
        if len(self.winners) == 1:
            return end + ": " + _("{player} wins with {chips}.").format(player=_who(names, self.winners[0]),
                                                                         chips=_chips(best))
        return end + ": " + _("{players} share the win with {chips} each.").format(
            players=join_and([_who(names, s) for s in self.winners]), chips=_chips(best))
