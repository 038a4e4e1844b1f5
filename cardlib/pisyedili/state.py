"""The state of one Pis Yedili hand, in one typed place: :class:`State`.

Every rule function of the package (:mod:`.legal`, :mod:`.reasons`, :mod:`.play`, :mod:`.draw`,
:mod:`.result`, :mod:`.journal`, :mod:`.position`, :mod:`.deal`) takes a ``State`` and reads or changes
its fields; :class:`~cardlib.pisyedili.Hand` holds one (``hand.state``) and shows its fields to users.
Changes to the piles and lists go through :mod:`.journal`, so that a move can be taken back.

>>> from cardlib.pisyedili import Hand, Rules
>>> state = Hand.deal(Rules(players=4), seed=7).state
>>> state.phase, state.to_act, state.named_suit, state.idle_turns, len(state.stock)
('opening', 0, None, 0, 24)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card, Suit
from ..rng import Rng

if TYPE_CHECKING:
    from .events import Event
    from .moves import Move
    from .result import Result
    from .rules import Rules

__all__ = ["State", "Replay", "Token", "LogEntry"]

#: an undo token (:func:`.journal.mark`)
Token = tuple[Any, ...]
#: an event as logged on the hot path: ``(event class, *fields)``, made into the event when read
LogEntry = tuple[Any, ...]


@dataclass(slots=True, eq=False)
class Replay:
    """The record's ``reshuffle ...`` orders for the move being replayed (``push(move, chance=...)``):
    ``move`` is its number (1-based, for messages) and ``used`` how many orders its reshuffles took."""

    orders: list[Any]
    move: int
    used: int = 0


@dataclass(slots=True, eq=False)
class State:
    """Everything a Pis Yedili hand is, by full name (docs/rules-pis-yedili.md; positions: records.md).

    The cards: ``hands`` (by seat, in the order the cards came), ``held`` (by seat, the card indices held,
    ascending: the legal moves read it), ``stock`` (top card last), ``discard`` (bottom first).

    The turn: ``to_act`` (the seat to act; once the hand is ``over``, the seat that ended it), ``direction`` (1 clockwise, -1), ``named_suit``
    (the suit a J or joker on top names), ``pending`` (sevens pending, PY-19), ``drawn`` (cards drawn this
    turn), ``phase`` (``opening``, ``play``, ``ace``), ``opening_left`` (the seats that still owe an opening
    club, next first), ``tek`` (seats that declared tek), ``turn_state`` (what the standard fields do not
    show, decision 13: ``tek_draw``, ``tek``, ``after_penalty``, ``t5``, ``ace_drawn``, or ``None``),
    ``turns`` (turns ended, PY-F5) and ``idle_turns`` (turns in a row ended without a card played, PY-28B).

    The rule flags read on every move (``Rules`` is frozen, so they are read once): ``tek_rule``,
    ``jack_must_change_suit``, ``reshuffles`` (``stock_exhaustion = reshuffle``), ``multi_draw``,
    ``ace_follow`` (``ace_rule = follow``) and ``duplicates`` (a card can be held twice).
    """

    rules: Rules
    players: int = field(init=False)
    tek_rule: bool = field(init=False)
    jack_must_change_suit: bool = field(init=False)
    reshuffles: bool = field(init=False)
    multi_draw: bool = field(init=False)
    ace_follow: bool = field(init=False)
    duplicates: bool = field(init=False)
    # the cards
    hands: list[list[Card]] = field(default_factory=list)
    held: list[list[int]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    # the turn
    dealer: int = field(init=False)
    to_act: int = 0
    direction: int = 1
    named_suit: Suit | None = None
    pending: int = 0
    drawn: int = 0
    phase: str = "opening"
    opening_left: list[int] = field(default_factory=list)
    tek: set[int] = field(default_factory=set)
    turn_state: str | None = None
    turns: int = 0
    idle_turns: int = 0
    # the end
    over: bool = False
    result: Result | None = None
    # the start: as records.md writes it, the scores it gave, and what could not happen in a real hand
    start: dict[str, Any] = field(default_factory=dict)
    scores: list[int] | None = None
    warnings: list[str] = field(default_factory=list)
    # what happened: the events as logged (most playouts never read them) and as made when read, the
    # journal of changes (undo), the legal moves of the player to act once asked
    event_log: list[LogEntry] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    journal: list[tuple[Any, ...]] = field(default_factory=list)
    legal: list[Move] | None = None
    # chance: move number -> the reshuffle orders of that move (only moves with a reshuffle are listed),
    # those of the move being applied, the record's orders when replaying, the hand's own generator
    reshuffle_orders: dict[int, list[tuple[Card, ...]]] = field(default_factory=dict)
    move_reshuffles: list[tuple[Card, ...]] | None = None
    replay: Replay | None = None
    rng: Rng | None = None
    rng_seed: int = 0

    def __post_init__(self) -> None:
        rules = self.rules
        self.players = rules.players
        self.dealer = rules.players - 1
        self.tek_rule = rules.tek
        self.jack_must_change_suit = rules.jack_must_change_suit
        self.reshuffles = rules.stock_exhaustion == "reshuffle"
        self.multi_draw = rules.draw_policy == "multi"
        self.ace_follow = rules.ace_rule == "follow"
        self.duplicates = rules.decks > 1 or rules.jokers_per_deck > 1

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def generator(self) -> Rng:
        """The hand's own seeded generator (reshuffles, PY-28T), ``Rng(rng_seed)`` made when first needed."""
        if self.rng is None:
            self.rng = Rng(self.rng_seed)
        return self.rng

    def copy(self) -> State:
        """An independent copy (the lists, sets and the generator are copied; cards and moves are shared)."""
        other = State(self.rules)
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        other.hands = [x[:] for x in self.hands]
        other.held = [x[:] for x in self.held]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.opening_left = self.opening_left[:]
        other.tek = set(self.tek)
        other.scores = None if self.scores is None else self.scores[:]
        other.warnings = self.warnings[:]
        other.event_log = self.event_log[:]
        other.events = self.events[:]
        other.journal = self.journal[:]
        other.reshuffle_orders = {k: v[:] for k, v in self.reshuffle_orders.items()}
        if self.rng is not None:
            other.rng = Rng(self.rng.seed)
            other.rng.setstate(self.rng.getstate())
        return other


#: the fields a copy shares (immutable values, or values never changed in place)
_SCALARS = ("dealer", "to_act", "direction", "named_suit", "pending", "drawn", "phase", "turn_state", "turns",
            "idle_turns", "over", "result", "start", "legal", "move_reshuffles", "replay", "rng_seed")
