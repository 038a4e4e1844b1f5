"""The state of one Sarı Cüce hand, in one typed place: :class:`State`.

Every rule function of the package (:mod:`.deal`, :mod:`.legal`, :mod:`.reasons`, :mod:`.play`,
:mod:`.result`, :mod:`.journal`, :mod:`.position`) takes a ``State`` and reads or changes its fields;
:class:`~cardlib.saricuce.Hand` holds one (``hand.state``) and shows its fields to users.  The layout is
Pis Yedili's (:mod:`cardlib.pisyedili.state`).

>>> from cardlib.saricuce import Hand, Rules
>>> state = Hand.deal(Rules(players=3), seed=1).state
>>> state.to_act, state.needed, state.run_length, state.board
(0, None, 0, [3, 6, 9, 12, 15])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card
from .ranks import RANK

if TYPE_CHECKING:
    from .events import Event
    from .moves import Move
    from .result import Result
    from .rules import Rules

__all__ = ["State", "Token", "LogEntry", "SEARCH_ORDERS"]

#: an undo token (:func:`.play.apply` makes it, :func:`.journal.rewind` takes it)
Token = tuple[Any, ...]
#: an event as logged on the hot path: ``(event class, *fields)``, made into the event when read
LogEntry = tuple[Any, ...]
#: for each player count, for each seat: the seats in NJ-14 search order (that seat first, then clockwise)
SEARCH_ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 9)}


@dataclass(slots=True, eq=False)
class State:
    """Everything a Sarı Cüce hand is, by full name (docs/rules-sari-cuce.md; positions: records.md).

    The cards and chips: ``hands`` (by seat, in dealt order), ``dead`` (the dead stock, NJ-02), ``played``
    (the cards played this hand, in order), ``chips`` (by seat) and ``board`` (the five boxes in the order
    10D JC QS KH 7D, NJ-05).  ``rank_counts[seat][rank]`` and ``rank_held[rank]`` count the cards of each
    rank (1..13) a seat holds and all seats hold (NJ-14 looks them up).

    The turn: ``to_act`` (the seat to act; once the hand is ``over``, the seat that went out), ``needed``
    (the rank that must follow, ``None`` for a lead, NJ-13), ``last`` (the seat that played the last card),
    ``has_played`` (by seat, decides the Opéra, NJ-24), ``run_length`` (the cards of the current run) and
    ``run_broken`` (a restart or a skipped rank broke the single run, NJ-F4).

    The rule flags read on every move: ``skip_rank`` (``stall_rule = skip_rank``, NJ-F3) and
    ``voluntary_stop`` (``allow_voluntary_stop``, NJ-15/NJ-F2); ``search_order`` is
    :data:`SEARCH_ORDERS` for this player count.
    """

    rules: Rules
    players: int = field(init=False)
    skip_rank: bool = field(init=False)
    voluntary_stop: bool = field(init=False)
    search_order: tuple[tuple[int, ...], ...] = field(init=False)
    # the cards and chips
    hands: list[list[Card]] = field(default_factory=list)
    dead: list[Card] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    board: list[int] = field(default_factory=list)
    rank_counts: list[list[int]] = field(default_factory=list)
    rank_held: list[int] = field(default_factory=list)
    # the turn
    dealer: int = field(init=False)
    to_act: int = 0
    needed: int | None = None
    last: int | None = None
    has_played: list[bool] = field(init=False)
    run_length: int = 0
    run_broken: bool = False
    # the end
    over: bool = False
    winner: int | None = None
    result: Result | None = None
    # the start (a deal is kept as its parts, written out when asked) and what could not happen in a real hand
    start: dict[str, Any] | tuple[Any, ...] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    # what happened: the events as logged and as made when read; the legal moves once asked
    event_log: list[LogEntry] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    legal: list[Move] | None = None

    def __post_init__(self) -> None:
        rules = self.rules
        n = self.players = rules.players
        self.dealer = n - 1
        self.skip_rank = rules.stall_rule == "skip_rank"
        self.voluntary_stop = rules.allow_voluntary_stop
        self.search_order = SEARCH_ORDERS[n]
        self.has_played = [False] * n

    def count_ranks(self) -> None:
        """Count ``rank_counts`` and ``rank_held`` from ``hands``."""
        self.rank_counts = [[0] * 14 for _ in range(self.players)]
        self.rank_held = [0] * 14
        for seat, cards in enumerate(self.hands):
            counts = self.rank_counts[seat]
            for c in cards:
                r = RANK[c.index]
                counts[r] += 1
                self.rank_held[r] += 1

    def copy(self) -> State:
        """An independent copy (the lists are copied; cards, moves and events are shared)."""
        other = State(self.rules)
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        other.hands = [list(h) for h in self.hands]
        other.dead = list(self.dead)
        other.played = list(self.played)
        other.chips = list(self.chips)
        other.board = list(self.board)
        other.rank_counts = [list(c) for c in self.rank_counts]
        other.rank_held = list(self.rank_held)
        other.has_played = list(self.has_played)
        other.event_log = list(self.event_log)
        other.events = list(self.events)
        other.start = self.start if isinstance(self.start, tuple) else copy_start(self.start)
        return other


#: the fields a copy shares (immutable values)
_SCALARS = ("dealer", "to_act", "needed", "last", "run_length", "run_broken", "over", "winner", "result",
            "warnings")


def copy_start(start: dict[str, Any]) -> dict[str, Any]:
    """A copy of a written-out start deep enough that changing the copy never changes the hand."""
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in start.items()}
