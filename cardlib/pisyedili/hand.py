"""One hand of Pis Yedili: the rules of docs/rules-pis-yedili.md (PY-01..PY-31, PY-T*, PY-J*, PY-F*, pairs PY-P*) as an engine.

:class:`Hand` is the engine contract around one typed :class:`~.state.State`, which every rule function
takes (:class:`~cardlib.engine.StateHand` reads the state for the members both games share); each concept
lives in its own module:

- :mod:`.deal` deals (PY-05) and reads deals; :mod:`.position` reads, checks and writes positions;
- :mod:`.legal` gives the legal moves (one function decides whether a card may be played on the table)
  and :mod:`.reasons` says why a move is not legal;
- :mod:`.play` applies a move, :mod:`.draw` draws and reshuffles, :mod:`.result` ends the hand;
- :mod:`.journal` records every change a move makes, so that ``pop`` replays it backwards.

>>> from cardlib.pisyedili import Hand, Rules
>>> hand = Hand.deal(Rules(players=4), seed=7)
>>> hand.to_act, hand.position()["phase"]
(0, 'opening')
"""

from __future__ import annotations

import copy as _copy
from typing import Any

from ..cards import Card, Suit, ascii_lower, cards_text
from ..engine import StateHand
from ..errors import CardlibError, InvalidPositionError, entry_error
from ..jsonio import shown
from ..rng import Rng
from ..seeds import check_seed
from .deal import deal_cards, read_deal
from .journal import rewind
from .legal import legal_moves
from .moves import Move
from .play import SAFETY_VALVE_TURNS, apply
from .position import check_fields, complete_position, read_cards, read_position, seat_of, write_position
from .reasons import why_illegal
from .result import Result
from .rules import Rules
from .state import State, Token

__all__ = ["Hand", "Result", "SAFETY_VALVE_TURNS", "complete_position", "replay_record"]


class Hand(StateHand[Move, Rules, State, Result]):
    """A hand of Pis Yedili.  Build it with :meth:`deal` or :meth:`from_start`; see docs/engine-api.md.

    ``hand.state`` is everything the hand is (:class:`~.state.State`); the hand shows its fields, read-only:
    ``hands`` (by seat, in the order the cards came; ``hand_of(seat)``: a copy of one seat's), ``stock`` (top
    card last), ``discard`` (bottom first), ``dealer``, ``to_act`` (``None`` once the hand is over), ``direction``, ``named_suit``, ``pending``,
    ``drawn``, ``phase`` (``opening``, ``play``, ``ace``), ``opening_left``, ``tek``, ``turn_state`` (what the
    standard fields do not show, docs/rules-pis-yedili.md, decision 13), ``turns`` and ``idle_turns``;
    ``named``, ``sub`` and ``idle`` are their older names.
    """

    game = "pis-yedili"
    chance = "reshuffles"      # push(move, chance=[stock orders]): HandBase checks the shape
    DEALT_CARDS = ("hands", "stock")        # what a seed deals (check_seeded_deal); the stock in order
    DEALT_IN_ORDER = ("stock",)
    # the state and the rule functions the shared members call (StateHand)
    new_state = State
    rules_legal = staticmethod(legal_moves)
    rules_why_illegal = staticmethod(why_illegal)

    @classmethod
    def seed_shuffles(cls, rules: Rules) -> bool:
        """With ``stock_exhaustion="reshuffle"`` (Turkish) a start's seed shuffles the reshuffles that a
        record leaves out (records.md), so it is taken next to any cards; otherwise a seed next to the
        cards can only say which seed dealt them (:meth:`check_seeded_deal`)."""
        return rules.stock_exhaustion == "reshuffle"

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int = 0, dealer: int | None = None) -> Hand:
        """Shuffle ``make_deck`` with ``Rng(seed)`` and deal 7 cards each, one at a time clockwise from the
        dealer's left (PY-05), or in packets with ``deal_packets`` (PY-05b); the rest is the stock, no
        upcard.  ``dealer`` defaults to seat n-1."""
        hand = cls(rules, _internal=True)
        deal_cards(hand.state, seed, dealer)
        return hand

    @classmethod
    def from_start(cls, rules: Rules | dict[str, Any], start: dict[str, Any], seed: int | None = None, *,
                   strict: bool = False) -> Hand:
        """A records.md ``start``: a deal (no ``to_act``; ``hands`` or just ``seed``) or a position.

        Any position that can be played on is taken; :meth:`status` lists what could not happen in a real
        hand, and ``strict=True`` refuses such a start (:class:`InvalidPositionError`)."""
        if isinstance(rules, dict):
            rules = Rules.from_dict(rules)
        check_fields(start)
        s = start.get("seed", seed)
        if s is not None:
            check_seed(s, "seed", InvalidPositionError)
        hand = cls(rules, _internal=True)
        state = hand.state
        if "hands" not in start:
            if "to_act" in start:
                raise InvalidPositionError("a position (with to_act) must list the hands")
            if s is None:   # as Sarı Cüce: a deal is its cards or the seed that deals them, never seed 0 unasked
                raise InvalidPositionError("a deal needs 'hands' (and 'stock') or a 'seed'")
            deal_cards(state, s, start.get("dealer"))
        else:
            cls.check_seeded_deal(rules, start)
            state.rng_seed = 0 if s is None else s
            state.dealer = seat_of(start.get("dealer", state.players - 1), "dealer", state.players)
            read_cards(state, start)
            if "to_act" in start:
                state.warnings = read_position(state, start)
            else:
                state.warnings = read_deal(state, start, s)
        if "scores" in start:
            state.scores = _scores(start["scores"], state.players)
        if "to_act" in start:
            state.start = write_position(state)
            if s is not None:
                state.start["seed"] = s
        elif state.scores is not None:
            state.start["scores"] = list(state.scores)
        if strict and state.warnings:
            raise InvalidPositionError("the start could not arise in a real hand (strict): "
                                       + "; ".join(state.warnings))
        return hand

    # -- reading the hand ----------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        """The records.md position (stock top first, discard bottom first)."""
        return write_position(self.state)

    def start(self) -> dict[str, Any]:
        """The records.md start this hand began from (a deal: ``hands`` and ``stock`` as card text)."""
        out = _copy.deepcopy(self.state.start)
        if isinstance(out.get("stock"), tuple):
            out["hands"] = [cards_text(x) for x in out["hands"]]
            out["stock"] = cards_text(out["stock"])
        return out

    def record_moves(self) -> list[str]:
        out: list[str] = []
        orders = self.state.reshuffle_orders
        for k, move in enumerate(self.move_stack):
            out.append(str(move))
            out += ["reshuffle " + cards_text(order) for order in orders.get(k, ())]
        return out

    def _where(self) -> str:
        state = self.state
        if state.over:
            return f"move {len(self.move_stack) + 1}, hand over"
        return f"move {len(self.move_stack) + 1}, seat {state.to_act} to act, phase {state.phase}"

    def __repr__(self) -> str:
        state = self.state
        if state.over and state.result is not None:
            return f"<pis-yedili Hand over: {state.result.to_dict()}>"
        named = f"={state.named_suit.value}" if state.named_suit else ""
        return (f"<pis-yedili Hand {self._where()}, top {state.top}{named}, pending {state.pending}, "
                f"stock {len(state.stock)}>")

    # -- the state's fields, as users read them ---------------------------------------------------------
    @property
    def stock(self) -> list[Card]:
        """The stock, top card last."""
        return self.state.stock

    @property
    def discard(self) -> list[Card]:
        """The discard pile, bottom first."""
        return self.state.discard

    @property
    def direction(self) -> int:
        """1 clockwise, -1 after an odd number of 10s (PY-23)."""
        return self.state.direction

    @property
    def named_suit(self) -> Suit | None:
        """The suit a J or joker on top names (PY-13, PY-J1)."""
        return self.state.named_suit

    @property
    def pending(self) -> int:
        """Sevens pending (PY-19)."""
        return self.state.pending

    @property
    def drawn(self) -> int:
        """Cards the player to act drew this turn."""
        return self.state.drawn

    @property
    def phase(self) -> str:
        """``opening``, ``play`` or ``ace``."""
        return self.state.phase

    @property
    def opening_left(self) -> list[int]:
        """The seats that still owe an opening club, next first (PY-09T)."""
        return self.state.opening_left

    @property
    def tek(self) -> set[int]:
        """The seats that declared tek (PY-T1)."""
        return self.state.tek

    @property
    def turn_state(self) -> str | None:
        """What the standard fields do not show (decision 13)."""
        return self.state.turn_state

    @property
    def turns(self) -> int:
        """Turns ended (PY-F5)."""
        return self.state.turns

    @property
    def idle_turns(self) -> int:
        """Turns in a row ended without a card played (PY-28B)."""
        return self.state.idle_turns

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.state.top

    # the short names these fields had before (kept: users may have them)
    named = named_suit
    sub = turn_state
    idle = idle_turns

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def res(self) -> Result | None:
        return self.state.result

    @property
    def rng(self) -> Rng:
        """The hand's own seeded generator (reshuffles, PY-28T), ``Rng(seed)`` made when first needed."""
        return self.state.generator()

    @rng.setter
    def rng(self, value: Rng) -> None:
        self.state.rng = value

    # -- the engine hooks ----------------------------------------------------------------------------
    def parse_move(self, text: str | Move) -> Move:
        return Move.parse(text)

    def _apply(self, move: Move, chance: Any = None) -> Token:
        return apply(self.state, move, chance, len(self.move_stack))

    def _undo(self, token: Token) -> None:
        rewind(self.state, token)
        self.state.reshuffle_orders.pop(len(self.move_stack) - 1, None)


def _scores(scores: Any, n: int) -> list[int]:
    if (not isinstance(scores, (list, tuple)) or len(scores) != n
            or any(isinstance(v, bool) or not isinstance(v, int) for v in scores)):
        raise InvalidPositionError(f"scores {shown(scores)}: need one whole number per player ({n})")
    return list(scores)


def replay_record(record: dict[str, Any]) -> Hand:
    """Play a records.md hand record (``rules``, ``start``, ``moves`` with ``reshuffle ...`` entries)."""
    rules = Rules.from_dict(record.get("rules", {}))
    hand = Hand.from_start(rules, record["start"])
    moves = list(record.get("moves", []))
    i = 0
    while i < len(moves):
        j = i + 1
        while j < len(moves) and isinstance(moves[j], str) and ascii_lower(moves[j].strip()).startswith("reshuffle"):
            j += 1
        try:
            hand.push(moves[i], moves[i + 1:j] or None)
        except CardlibError as e:                  # 1-based, every entry counted (records.md)
            raise entry_error("record", moves, i, e) from e
        i = j
    return hand
