"""One hand of Sarı Cüce: the rules of docs/rules-sari-cuce.md (NJ-01..NJ-28, NJ-F*) as an engine.

:class:`Hand` is the engine contract around one typed :class:`~.state.State`, which every rule function
takes (:class:`~cardlib.engine.StateHand` reads the state for the members both games share); each concept lives in its own module, as in
Pis Yedili (:mod:`cardlib.pisyedili.hand`):

- :mod:`.deal` deals (NJ-11), reads deals and takes the stakes (NJ-06); :mod:`.position` reads, checks and
  writes positions (with :mod:`.fields`, the readers of single fields);
- :mod:`.legal` gives the legal moves and :mod:`.reasons` says why a move is not legal;
- :mod:`.play` applies a move (captures, the next holder, King restarts, stalls, stops) and
  :mod:`.result` settles the hand (NJ-20..NJ-26);
- :mod:`.journal` takes a move back from its token and its events.

>>> hand = Hand.deal(Rules(players=4), seed=7)
>>> hand.to_act, len(hand.legal_moves)
(0, 12)
>>> hand.push(hand.parse_move(str(list(hand.legal_moves)[0])))
Move.parse('AD')

The only decisions are which card to lead, which card of the needed rank to play (NJ-16) and, with
``allow_voluntary_stop``, ``stop``.  Events are logged as ``(event class, *fields)`` tuples on the hot
path and made into the typed events of :mod:`cardlib.saricuce.events` when :attr:`Hand.events` is read.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, cards_text
from ..engine import StateHand
from ..errors import InvalidPositionError
from ..jsonio import shown
from ..seeds import check_seed
from .deal import DEAL_FIELDS, deal_cards, read_deal
from .fields import check_rules
from .journal import rewind
from .legal import legal_moves
from .moves import Move
from .play import apply
from .position import played_by, read_position, write_position
from .ranks import RANK_TEXT
from .reasons import why_illegal
from .result import Result
from .rules import BOX_NAMES, Rules
from .state import State, Token, copy_start

__all__ = ["Hand"]

GAME = "sari-cuce"


class Hand(StateHand[Move, Rules, State, Result]):
    """One hand; build it with :meth:`deal` or :meth:`from_start`.

    ``hand.state`` is everything the hand is (:class:`~.state.State`); the hand shows its fields, read-only:
    ``hands`` (``hand_of(seat)``: a copy of one seat's), ``dead``, ``chips``, ``board``, ``played``,
    ``played_by``, ``dealer``, ``to_act`` (``None`` once the hand is over), ``needed``, ``last`` and ``winner``.
    """

    game = GAME
    DEALT_CARDS = ("hands", "dead")         # what a seed deals (check_seeded_deal)
    # the state and the rule functions the shared members call (StateHand)
    new_state = State
    rules_legal = staticmethod(legal_moves)
    rules_why_illegal = staticmethod(why_illegal)

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int = 0, dealer: int | None = None,
             chips: list[int] | None = None, board: dict[str, int] | None = None) -> Hand:
        """Shuffle with ``Rng(seed)``, deal one card at a time from the dealer's left (NJ-11) and take the
        stakes (NJ-06).  ``dealer`` defaults to seat n-1 (so seat 0 leads, NJ-10); ``chips`` and
        ``board`` are the chips before the stakes (defaults: ``starting_chips`` each, an empty board).
        A seat with fewer than 15 chips makes the deal impossible (NJ-08, NJ-F1): InvalidPositionError.
        """
        hand = cls(check_rules(rules), _internal=True)
        deal_cards(hand.state, seed, dealer, chips, board)
        return hand

    @classmethod
    def from_start(cls, rules: Rules | dict[str, Any], start: dict[str, Any], seed: int | None = None, *,
                   strict: bool = False) -> Hand:
        """A records.md ``start``: a deal (no ``to_act``; ``hands`` or ``seed``) or a position in the
        middle of a hand (has ``to_act``).

        A deal is checked against the rules (NJ-02, NJ-08/NJ-F1, NJ-28).  A position is taken when it can
        be played on, and what could not happen in a real hand is listed by :meth:`status`
        (:mod:`cardlib.saricuce.position`); with ``strict=True`` such a position is refused too.  A bad
        start raises :class:`InvalidPositionError` quoting the input."""
        rules = check_rules(rules)
        if not isinstance(start, dict):
            raise InvalidPositionError(f"start {shown(start)} must be an object (a deal or a position)")
        hand = cls(rules, _internal=True)
        if "to_act" in start:
            read_position(hand.state, start, strict=strict)
            return hand
        unknown = [k for k in start if k not in DEAL_FIELDS]
        if unknown:
            raise InvalidPositionError(
                f"start: unknown field(s) {', '.join(map(shown, unknown))}; a deal has {', '.join(DEAL_FIELDS)}"
                " (a position also has to_act, needed, last, played, played_by)")
        s = start.get("seed", seed)
        if s is not None:
            # checked with hands too: a deal written out with the seed that dealt it keeps a good seed
            check_seed(s, "start: seed", InvalidPositionError)
        if "hands" not in start:
            if s is None:
                raise InvalidPositionError("start: a deal needs 'hands' (and 'dead') or a 'seed'")
            deal_cards(hand.state, s, start.get("dealer"), start.get("chips"), start.get("board"))
            return hand
        cls.check_seeded_deal(rules, start)
        read_deal(hand.state, start)
        return hand

    # -- reading the hand ----------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        """The records.md position (cards as canonical text; chips and board as they are now)."""
        return write_position(self.state)

    def start(self) -> dict[str, Any]:
        """The records.md ``start`` this hand began from (a deal: chips and board before the stakes)."""
        st = self.state.start
        if isinstance(st, tuple):
            dealer, hands, dead, chips, board = st
            return {"dealer": dealer, "hands": [cards_text(h) for h in hands], "dead": cards_text(dead),
                    "chips": list(chips), "board": dict(zip(BOX_NAMES, board))}
        return copy_start(st)

    def record_moves(self) -> list[str]:
        return [str(m) for m in self.move_stack]

    def __repr__(self) -> str:
        state = self.state
        where = "over" if state.over else f"seat {state.to_act} to act"
        need = "" if state.needed is None else f", needed {RANK_TEXT[state.needed]}"
        return f"<saricuce.Hand {self.players} players, move {len(self.move_stack) + 1}, {where}{need}>"

    # -- the state's fields, as users read them ---------------------------------------------------------
    @property
    def dead(self) -> list[Card]:
        """The dead stock (NJ-02)."""
        return self.state.dead

    @property
    def chips(self) -> list[int]:
        """Each seat's chips now."""
        return self.state.chips

    @property
    def board(self) -> list[int]:
        """The five boxes now, in the order 10D JC QS KH 7D (NJ-05)."""
        return self.state.board

    @property
    def played(self) -> list[Card]:
        """The cards played this hand, in order."""
        return self.state.played

    @property
    def played_by(self) -> list[int]:
        """Seats that have played a card this hand (decides the Opéra, NJ-24)."""
        return played_by(self.state)

    @property
    def needed(self) -> int | None:
        """The rank that must follow (2..13), ``None`` for a lead (NJ-13)."""
        return self.state.needed

    @property
    def last(self) -> int | None:
        """The seat that played the last card."""
        return self.state.last

    @property
    def winner(self) -> int | None:
        """The seat that went out, once the hand is over (NJ-20)."""
        return self.state.winner

    # -- the engine hooks ----------------------------------------------------------------------------
    def parse_move(self, text: str | Move) -> Move:
        """``"7D"`` (any card notation) or ``"stop"``; :class:`InvalidMoveError` for unreadable text."""
        return Move.parse(text)

    def _apply(self, move: Move, chance: Any = None) -> Token:
        return apply(self.state, move)

    def _undo(self, token: Token) -> None:
        rewind(self.state, token)
