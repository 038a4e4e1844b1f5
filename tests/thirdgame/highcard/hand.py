"""A hand of High Card: HandBase's contract (cardlib/engine.py) and nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card, cards_text, make_deck, parse_cards
from cardlib.engine import HandBase
from cardlib.errors import CardlibError, InvalidPositionError
from cardlib.jsonio import shown
from cardlib.rng import Rng

from . import events as ev
from .moves import Move
from .rules import HAND_SIZE, Rules, strength

_DEAL_KEYS = ("seed", "dealer", "hands", "rest")
_POSITION_KEYS = _DEAL_KEYS + ("to_act", "trick", "taken", "leader", "tricks", "last_taker")


@dataclass(frozen=True)
class Result:
    winner: int
    tricks: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "tricks": list(self.tricks)}


class Hand(HandBase[Move, Rules]):
    game = "high-card"
    DEALT_CARDS = ("hands", "rest")
    DEALT_IN_ORDER = ("rest",)

    def __init__(self, rules: Rules, dealer: int, hands: list[list[Card]], rest: list[Card]):
        super().__init__()
        self.rules, self.players, self._dealer = rules, rules.players, dealer
        self.hands, self.rest = hands, rest
        self.trick: list[Card] = []
        self.taken: list[Card] = []                                       # the cards of the tricks taken
        self.leader = self._to_act = (dealer + 1) % self.players            # HC-2
        self.tricks = [0] * self.players
        self.last_taker: int | None = None
        self._events: list[Any] = [ev.Deal(dealer)]
        self._start: dict[str, Any] = {"dealer": dealer, "hands": [cards_text(h) for h in hands],
                                       "rest": cards_text(rest)}
        self._warnings: list[str] = []

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int | None = 0, dealer: int | None = None) -> Hand:
        n = rules.players
        dealer = n - 1 if dealer is None else _seat("dealer", dealer, n)
        deck = list(make_deck())
        Rng(seed).shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(n * HAND_SIZE):                                    # HC-1
            hands[(dealer + 1 + i) % n].append(deck[i])
        return cls(rules, dealer, hands, deck[n * HAND_SIZE:])

    @classmethod
    def from_start(cls, rules: Rules, start: dict[str, Any], seed: int | None = None, *,
                   strict: bool = False) -> Hand:
        if not isinstance(start, dict):
            raise InvalidPositionError(f"start {shown(start)} must be an object")
        keys = _POSITION_KEYS if "to_act" in start else _DEAL_KEYS
        unknown = [k for k in start if k not in keys]
        if unknown:
            raise InvalidPositionError(f"start: unknown field(s) {', '.join(map(shown, unknown))}")
        n = rules.players
        if "hands" not in start:
            hand = cls.deal(rules, start.get("seed", seed) or 0, start.get("dealer"))
        else:
            hands, rest = _cards(start, "hands", n), _cards(start, "rest")
            trick, taken = (_cards(start, "trick"), _cards(start, "taken")) if "to_act" in start else ([], [])
            every = [c for h in hands for c in h] + rest + trick + taken
            if sorted(every) != sorted(make_deck()):
                raise InvalidPositionError("start: hands, rest, trick and taken must make up one 52-card deck (HC-1)")
            hand = cls(rules, _seat("dealer", start.get("dealer", n - 1), n), hands, rest)
            if "to_act" in start:
                hand.taken = taken
                hand._load(start, trick, strict)
        hand._start = dict(start)
        return hand

    def _load(self, start: dict[str, Any], trick: list[Card], strict: bool) -> None:
        n = self.players
        self._to_act = _seat("to_act", start["to_act"], n)
        self.leader = _seat("leader", start.get("leader", (self.to_act - len(trick)) % n), n)
        self.trick = trick
        tricks = start.get("tricks", [0] * n)
        if not isinstance(tricks, list) or len(tricks) != n or any(t.__class__ is not int or t < 0 for t in tricks):
            raise InvalidPositionError(f"start: tricks {shown(tricks)} must be {n} whole numbers")
        self.tricks = list(tricks)
        taker = start.get("last_taker")
        self.last_taker = None if taker is None else _seat("last_taker", taker, n)
        if not self.hands[self.to_act]:
            raise InvalidPositionError(f"start: to_act {self.to_act} holds no card and cannot move")
        done = HAND_SIZE - max(len(h) for h in self.hands)
        if sum(self.tricks) != done:
            self._warnings.append(f"tricks: {sum(self.tricks)} tricks taken, but {done} were played")
        if strict and self._warnings:
            raise InvalidPositionError("start (strict): " + "; ".join(self._warnings))

    # -- reading ----------------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "hands": [cards_text(h) for h in self.hands], "rest": cards_text(self.rest),
                "to_act": self.to_act, "trick": cards_text(self.trick), "taken": cards_text(self.taken), "leader": self.leader,
                "tricks": list(self.tricks), "last_taker": self.last_taker}

    def start(self) -> dict[str, Any]:
        return dict(self._start)

    @property
    def to_act(self) -> int | None:
        return self._to_act

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def events(self) -> list[Any]:
        return list(self._events)

    def is_over(self) -> bool:
        return self.to_act is None

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        return Result(self._winner, tuple(self.tricks))

    def status(self) -> list[str]:
        return list(self._warnings)

    def record_moves(self) -> list[str]:
        return [str(m) for m in self.move_stack]

    def copy(self) -> Hand:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.trick, other.tricks, other.taken = list(self.trick), list(self.tricks), list(self.taken)
        other._events, other.move_stack, other._undo_stack = list(self._events), list(self.move_stack), list(self._undo_stack)
        return other

    # -- the rules ------------------------------------------------------------------------------------
    def _generate_legal(self) -> list[Move]:
        if self.to_act is None:
            return []
        held = self.hands[self.to_act]
        led = self.trick[0].suit if self.trick else None
        follow = [c for c in held if c.suit is led]                       # HC-3
        return [Move(c) for c in (follow or held)]

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str:
        if move.card not in self.hands[self.to_act or 0]:
            return f"{move.card.pretty()} is not in the hand of seat {self.to_act}"
        return f"the suit led is {self.trick[0].suit.word}: follow it (HC-3)"

    def _apply(self, move: Move, chance: Any = None) -> Any:
        seat = self.to_act
        assert seat is not None
        at = self.hands[seat].index(move.card)
        token = (seat, at, self.leader, list(self.trick), list(self.tricks), self.last_taker, len(self._events))
        del self.hands[seat][at]
        self.trick.append(move.card)
        self._events.append(ev.Play(seat, move.card))
        if len(self.trick) < self.players:
            self._to_act = (seat + 1) % self.players
            return token
        led = self.trick[0].suit
        best = max((c for c in self.trick if c.suit is led), key=strength)                 # HC-4
        taker = (self.leader + self.trick.index(best)) % self.players
        self.tricks[taker] += 1
        self.taken += self.trick
        self.last_taker, self.trick, self.leader, self._to_act = taker, [], taker, taker    # HC-2
        self._events.append(ev.TrickWon(taker, best))
        if not any(self.hands):
            self._to_act = None
            self._events.append(ev.HandEnd(self._winner, tuple(self.tricks)))
        return token

    @property
    def _winner(self) -> int:
        """HC-5: the most tricks; among as many, the last to take one (the last taker, if among them)."""
        best = max(self.tricks)
        tied = [s for s in range(self.players) if self.tricks[s] == best]
        return self.last_taker if self.last_taker in tied else tied[0]

    def _undo(self, token: Any) -> None:
        seat, at, leader, trick, tricks, taker, n_events = token
        self.hands[seat].insert(at, self.move_stack[-1].card)
        if len(trick) + 1 == self.players:                                 # the move closed a trick
            del self.taken[-self.players:]
        self._to_act, self.leader, self.trick, self.tricks, self.last_taker = seat, leader, trick, tricks, taker
        del self._events[n_events:]


def _seat(name: str, value: Any, n: int) -> int:
    if value.__class__ is not int or not 0 <= value < n:
        raise InvalidPositionError(f"start: {name} {shown(value)} is not a seat 0..{n - 1}")
    return int(value)


def _cards(start: dict[str, Any], key: str, seats: int | None = None) -> Any:
    try:
        if seats is None:
            return list(parse_cards(start.get(key, "")))
        hands = start[key]
        if not isinstance(hands, list) or len(hands) != seats:
            raise InvalidPositionError(f"start: hands must list {seats} hands")
        return [list(parse_cards(h)) for h in hands]
    except CardlibError as exc:
        if isinstance(exc, InvalidPositionError):
            raise
        raise InvalidPositionError(f"start: {key}: {exc}") from None
