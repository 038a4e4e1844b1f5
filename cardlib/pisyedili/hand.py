"""One hand of Pis Yedili: the rules of docs/rules-pis-yedili.md (PY-01..PY-31, PY-T*, PY-J*, PY-F*, pairs PY-P*) as an engine.

:class:`Hand` holds the state and ties the concepts together; each lives in its own module:

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
from ..engine import HandBase
from ..errors import CardlibError, InvalidPositionError, InvalidRecordError, entry_error
from ..jsonio import shown
from ..rng import Rng
from ..seeds import check_seed
from . import events as ev
from .deal import deal_cards, read_deal
from .journal import rewind
from .legal import legal_moves
from .moves import Move
from .play import SAFETY_VALVE_TURNS, apply, played_this_turn
from .position import check_fields, complete_position, read_cards, read_position, seat_of, write_position
from .reasons import why_illegal
from .result import Result
from .rules import Rules

__all__ = ["Hand", "Result", "SAFETY_VALVE_TURNS", "complete_position", "replay_record"]


class Hand(HandBase[Move]):
    """A hand of Pis Yedili.  Build it with :meth:`deal` or :meth:`from_start`; see docs/engine-api.md.

    The state: ``hands`` (by seat, in the order the cards came), ``stock`` (internally top card last),
    ``discard`` (bottom first), ``to_act``, ``direction``, ``named_suit``, ``pending``, ``drawn``, ``phase``
    (``opening``, ``play``, ``ace``), ``opening_left``, ``tek``, and ``sub``, the turn state that the standard
    fields do not show (docs/rules-pis-yedili.md, decision 13).
    """

    game = "pis-yedili"
    chance = "reshuffles"      # push(move, chance=[stock orders]): HandBase checks the shape
    DEALT_CARDS = ("hands", "stock")        # what a seed deals (check_seeded_deal); the stock in order
    DEALT_IN_ORDER = ("stock",)

    @classmethod
    def seed_shuffles(cls, rules: Any) -> bool:
        """With ``stock_exhaustion="reshuffle"`` (Turkish) a start's seed shuffles the reshuffles that a
        record leaves out (records.md), so it is taken next to any cards; otherwise a seed next to the
        cards can only say which seed dealt them (:meth:`check_seeded_deal`)."""
        return rules.stock_exhaustion == "reshuffle"

    def __init__(self, rules: Rules, *, _internal: bool = False):
        if not _internal:
            raise TypeError("use Hand.deal(rules, seed=...) or Hand.from_start(rules, start)")
        super().__init__()
        self.rules = rules
        self.players = rules.players
        # rule flags read on every move (Rules is frozen)
        self._tek_rule = rules.tek
        self._jmcs = rules.jack_must_change_suit
        self._reshuffles = rules.stock_exhaustion == "reshuffle"
        self._multi_draw = rules.draw_policy == "multi"
        self._follow = rules.ace_rule == "follow"
        self._dups = rules.decks > 1 or rules.jokers_per_deck > 1   # a card can be held twice
        self.hands: list[list[Card]] = []
        self._sidx: list[list[int]] = []    # by seat: the card indices held, ascending (for the legal moves)
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.dealer = rules.players - 1
        self.to_act: int | None = None
        self.direction = 1
        self.named: Suit | None = None
        self.pending = 0
        self.drawn = 0
        self.phase = "opening"
        self.opening_left: list[int] = []
        self.tek: set[int] = set()
        self.sub: str | None = None
        self.turns = 0                      # turns ended (PY-F5)
        self.idle = 0                       # turns in a row ended without a card played (PY-28B)
        self.over = False
        self.res: Result | None = None
        self._scores_in: list[int] | None = None
        self._start: dict[str, Any] = {}
        self._warnings: list[str] = []
        # events are logged as raw tuples ``(event class, *fields)`` and made into event objects only
        # when ``events`` is read (most playouts never read them)
        self._evlog: list[tuple] = []
        self._events: list[ev.Event] = []
        self._journal: list[tuple] = []
        self._legal: list[Move] | None = None
        # move number -> the reshuffle orders of that move (only moves with a reshuffle are listed)
        self._shuffles: dict[int, list[tuple[Card, ...]]] = {}
        self._move_shuffles: list[tuple[Card, ...]] | None = None
        self._chance: list | None = None
        self._chance_i = 0
        self._rng: Rng | None = None
        self._rng_seed = 0

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int | None = 0, dealer: int | None = None) -> Hand:
        """Shuffle ``make_deck`` with ``Rng(seed)`` and deal 7 cards each, one at a time clockwise from the
        dealer's left (PY-05), or in packets with ``deal_packets`` (PY-05b); the rest is the stock, no
        upcard.  ``dealer`` defaults to seat n-1."""
        h = cls(rules, _internal=True)
        deal_cards(h, seed, dealer)
        return h

    @classmethod
    def from_start(cls, rules: Rules | dict, start: dict[str, Any], seed: int | None = None, *,
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
        h = cls(rules, _internal=True)
        if "hands" not in start:
            if "to_act" in start:
                raise InvalidPositionError("a position (with to_act) must list the hands")
            if s is None:   # as Sarı Cüce: a deal is its cards or the seed that deals them, never seed 0 unasked
                raise InvalidPositionError("a deal needs 'hands' (and 'stock') or a 'seed'")
            deal_cards(h, s, start.get("dealer"))
        else:
            cls.check_seeded_deal(rules, start)
            h._rng_seed = 0 if s is None else s
            h.dealer = seat_of(start.get("dealer", h.players - 1), "dealer", h.players)
            read_cards(h, start)
            if "to_act" in start:
                h._warnings = read_position(h, start)
            else:
                h._warnings = read_deal(h, start, s)
        if "scores" in start:
            h._scores_in = _scores(start["scores"], h.players)
        if "to_act" in start:
            h._start = write_position(h)
            if s is not None:
                h._start["seed"] = s
        elif h._scores_in is not None:
            h._start["scores"] = list(h._scores_in)
        if strict and h._warnings:
            raise InvalidPositionError("the start could not arise in a real hand (strict): " + "; ".join(h._warnings))
        return h

    # -- reading the hand ----------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        """The records.md position (stock top first, discard bottom first)."""
        return write_position(self)

    def start(self) -> dict[str, Any]:
        """The records.md start this hand began from (a deal: ``hands`` and ``stock`` as card text)."""
        out = _copy.deepcopy(self._start)
        if isinstance(out.get("stock"), tuple):
            out["hands"] = [cards_text(x) for x in out["hands"]]
            out["stock"] = cards_text(out["stock"])
        return out

    @property
    def events(self) -> list[ev.Event]:
        """What has happened so far, one typed event per step (see :mod:`cardlib.pisyedili.events`)."""
        mat, log = self._events, self._evlog
        if len(mat) < len(log):
            mat.extend(e[0](*e[1:]) for e in log[len(mat):])
        return list(mat)

    @property
    def rng(self) -> Rng:
        """The hand's own seeded generator (reshuffles, PY-28T), ``Rng(seed)`` made when first needed."""
        if self._rng is None:
            self._rng = Rng(self._rng_seed)
        return self._rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        self._rng = value

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def named_suit(self) -> Suit | None:
        return self.named

    @property
    def _turn_played(self) -> bool:
        """Whether the player to act has played a card this turn (:func:`.play.played_this_turn`)."""
        return played_this_turn(self)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result | None:
        return self.res

    def status(self) -> list[str]:
        """What could not happen in a real hand about the start of this one (empty for a dealt hand)."""
        return list(self._warnings)

    def record_moves(self) -> list[str]:
        out: list[str] = []
        for k, move in enumerate(self.move_stack):
            out.append(str(move))
            out += ["reshuffle " + cards_text(order) for order in self._shuffles.get(k, ())]
        return out

    def copy(self) -> Hand:
        other = Hand(self.rules, _internal=True)
        other.__dict__.update(self.__dict__)
        other.hands = [x[:] for x in self.hands]
        other._sidx = [x[:] for x in self._sidx]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.opening_left = self.opening_left[:]
        other.tek = set(self.tek)
        other._evlog = self._evlog[:]
        other._events = self._events[:]
        other._journal = self._journal[:]
        other._shuffles = {k: v[:] for k, v in self._shuffles.items()}
        other.move_stack = self.move_stack[:]
        other._undo_stack = self._undo_stack[:]
        if self._rng is not None:
            other._rng = Rng(self._rng.seed)
            other._rng.setstate(self._rng.getstate())
        return other

    def _where(self) -> str:
        if self.over:
            return f"move {len(self.move_stack) + 1}, hand over"
        return f"move {len(self.move_stack) + 1}, seat {self.to_act} to act, phase {self.phase}"

    def __repr__(self) -> str:
        if self.over and self.res is not None:
            return f"<pis-yedili Hand over: {self.res.to_dict()}>"
        named = f"={self.named.value}" if self.named else ""
        return (f"<pis-yedili Hand {self._where()}, top {self.top}{named}, pending {self.pending}, "
                f"stock {len(self.stock)}>")

    # -- the engine hooks ----------------------------------------------------------------------------
    def parse_move(self, text: str | Move) -> Move:
        return Move.parse(text)

    def _generate_legal(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_moves(self)
        return legal

    def _why_illegal(self, move: Move) -> str:
        return why_illegal(self, move)

    def _apply(self, move: Move, chance: Any = None) -> tuple:
        return apply(self, move, chance)

    def _undo(self, token: tuple) -> None:
        rewind(self, token)
        self._shuffles.pop(len(self.move_stack) - 1, None)


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
