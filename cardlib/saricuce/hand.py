"""One hand of Sarı Cüce: the deal, the stakes, the runs, the captures and the settlement.

>>> hand = Hand.deal(Rules(players=4), seed=7)
>>> hand.to_act, len(hand.legal_moves)
(0, 12)
>>> hand.push(hand.parse_move(str(list(hand.legal_moves)[0])))
Move.parse('AD')

Everything forced happens inside :meth:`Hand.push`: finding the next holder (NJ-14), captures (NJ-19),
King restarts (NJ-17), stalls (NJ-18 / NJ-F3) and the settlement (NJ-22..NJ-26).  The only decisions are
which card to lead, which card of the needed rank to play (NJ-16) and, with ``allow_voluntary_stop``,
``stop``.

Events are logged as small tuples on the hot path and turned into the typed events of
:mod:`cardlib.saricuce.events` when :attr:`Hand.events` is read.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, cards_text, make_deck
from ..engine import HandBase
from ..errors import InvalidPositionError
from ..i18n import _
from ..rng import Rng
from ..jsonio import shown
from ..seeds import SEED_MAX
from . import events as ev
from .fields import (check_deck, check_rules, check_total, read_board, read_cards, read_chips, read_hands,
                     read_seat)
from .moves import _PLAYS, STOP, Move
from .position import load_position
from .result import Result
from .rules import BOX_NAMES, BOXES, STAKE_PER_PLAYER, STAKES, Rules, card_points, rank_of

__all__ = ["Hand"]

GAME = "sari-cuce"

_DECK: tuple[Card, ...] = tuple(make_deck())
_RANK: tuple[int, ...] = tuple(rank_of(c) for c in _DECK)             # by card index
_SORT: tuple[int, ...] = tuple((rank_of(c) - 1) * 4 + c.index // 13 for c in _DECK)   # rank, then suit (suit-major index)
_POINTS: tuple[int, ...] = tuple(card_points(c) for c in _DECK)
_BOX_OF: tuple[int, ...] = tuple(BOXES.index(c) if c in BOXES else -1 for c in _DECK)
#: for each player count, for each seat: the seats in NJ-14 search order (that seat first, then clockwise)
_ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 9)}
_RANK_TEXT = {r: ev.rank_name(r) for r in range(1, 14)}

# event log codes (tuples on the hot path; see _materialize)
_E_DEAL, _E_STAKES, _E_PLAY, _E_CAPTURE, _E_KING, _E_STALL, _E_SKIP, _E_STOP, _E_WIN, _E_OPERA, \
    _E_PAY, _E_DOUBLE = range(12)

_DEAL_KEYS = ("dealer", "hands", "dead", "chips", "board", "seed")


def _sort_key(card: Card) -> int:
    return _SORT[card.index]



class Hand(HandBase[Move]):
    """One hand; build it with :meth:`deal` or :meth:`from_start`."""

    game = GAME
    DEALT_CARDS = ("hands", "dead")         # what a seed deals (check_seeded_deal)

    # -- construction ------------------------------------------------------------------------------
    def __init__(self, rules: Rules, dealer: int, hands: list[list[Card]], dead: list[Card],
                 chips: list[int], board: list[int], *, _start: dict[str, Any] | tuple):
        """Low level: use :meth:`deal` or :meth:`from_start` (they validate their input)."""
        super().__init__()
        self.rules = rules
        self.players = n = rules.players
        self.dealer = dealer
        self.hands = hands
        self.dead = dead
        self.chips = chips
        self.board = board
        self.played: list[Card] = []
        self._pb = [False] * n
        self.last: int | None = None
        self.needed: int | None = None
        self.to_act: int | None = None
        self.winner: int | None = None
        self._result: Result | None = None
        self._seq = 0
        self._broken = False
        self._log: list[tuple] = []
        self._events: list[ev.Event] = []
        self._legal: list[Move] | None = None
        self._start = _start
        self._order = _ORDERS[n]
        self._counts = [[0] * 14 for _ in range(n)]
        self._held = [0] * 14
        for s, h in enumerate(hands):
            cs = self._counts[s]
            for c in h:
                r = _RANK[c.index]
                cs[r] += 1
                self._held[r] += 1
        self._skip = rules.stall_rule == "skip_rank"
        self._stop = rules.allow_voluntary_stop
        self._warnings: tuple[str, ...] = ()

    def _set_position(self, played: list[Card], played_by: list[int], last: int | None, needed: int | None,
                      to_act: int, broken: bool, seq: int, warnings: list[str]) -> None:
        """Low level, for :mod:`cardlib.saricuce.position`: the state in the middle of a hand, and what is
        odd about it (:meth:`status`)."""
        self.played = list(played)
        for s in played_by:
            self._pb[s] = True
        self.last, self.needed, self.to_act = last, needed, to_act
        self._broken, self._seq = broken, seq
        self._warnings = tuple(warnings)
        self._start = self.position()

    @classmethod
    def deal(cls, rules: Rules, seed: int | None = 0, dealer: int | None = None,
             chips: list[int] | None = None, board: dict[str, int] | None = None) -> Hand:
        """Shuffle with ``Rng(seed)``, deal one card at a time from the dealer's left (NJ-11) and take the
        stakes (NJ-06).  ``dealer`` defaults to seat n-1 (so seat 0 leads, NJ-10); ``chips`` and
        ``board`` are the chips before the stakes (defaults: ``starting_chips`` each, an empty board).
        A seat with fewer than 15 chips makes the deal impossible (NJ-08, NJ-F1): InvalidPositionError.
        """
        rules = check_rules(rules)
        n = rules.players
        dealer = n - 1 if dealer is None else read_seat("dealer", dealer, n)
        deck = list(_DECK)
        Rng(seed).shuffle(deck)
        k = rules.cards_per_player
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(n * k):
            hands[(dealer + 1 + i) % n].append(deck[i])
        chips = read_chips(list(chips) if isinstance(chips, (list, tuple)) else
                           [rules.starting_chips] * n if chips is None else chips, n)
        boxes = read_board(board) if board is not None else [0, 0, 0, 0, 0]
        return cls._dealt(rules, dealer, hands, deck[n * k:], chips, boxes)

    @classmethod
    def from_start(cls, rules: Rules, start: dict[str, Any], seed: int | None = None, *,
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
        if "to_act" in start:
            return load_position(cls, rules, start, strict=strict)
        unknown = [k for k in start if k not in _DEAL_KEYS]
        if unknown:
            raise InvalidPositionError(
                f"start: unknown field(s) {', '.join(map(shown, unknown))}; a deal has {', '.join(_DEAL_KEYS)}"
                " (a position also has to_act, needed, last, played, played_by)")
        s = start.get("seed", seed)
        if s is not None and (s.__class__ is not int or not 0 <= s <= SEED_MAX):
            # checked with hands too: a deal written out with the seed that dealt it keeps a good seed
            raise InvalidPositionError(f"start: seed {shown(s)} is not a whole number from 0 to 2**64 - 1")
        if "hands" not in start:
            if s is None:
                raise InvalidPositionError("start: a deal needs 'hands' (and 'dead') or a 'seed'")
            return cls.deal(rules, seed=s, dealer=start.get("dealer"), chips=start.get("chips"),
                            board=start.get("board"))
        cls.check_seeded_deal(rules, start)
        return cls._from_deal(rules, start)

    @classmethod
    def _from_deal(cls, rules: Rules, start: dict[str, Any]) -> Hand:
        n = rules.players
        k = rules.cards_per_player
        dealer = start.get("dealer")
        dealer = n - 1 if dealer is None else read_seat("dealer", dealer, n)
        hands = read_hands(start.get("hands"), n)
        if "dead" not in start:
            raise InvalidPositionError("start: a deal with 'hands' needs 'dead' (the dead stock)")
        dead = read_cards("dead", start["dead"])
        for s, h in enumerate(hands):
            if len(h) != k:
                raise InvalidPositionError(
                    f"start: hands[{s}] has {len(h)} cards ({shown(cards_text(h))}); with {n} players each hand "
                    f"is dealt {k} cards (NJ-02)")
        if len(dead) != rules.dead_count:
            raise InvalidPositionError(
                f"start: dead has {len(dead)} cards ({shown(cards_text(dead))}); with {n} players the dead stock "
                f"has {rules.dead_count} (NJ-02, NJ-11)")
        check_deck(hands, dead, [])
        chips = read_chips(start.get("chips", [rules.starting_chips] * n), n)
        board = read_board(start.get("board", {b: 0 for b in BOX_NAMES}))
        return cls._dealt(rules, dealer, hands, dead, chips, board)

    @classmethod
    def _dealt(cls, rules: Rules, dealer: int, hands: list[list[Card]], dead: list[Card], chips: list[int],
               board: list[int]) -> Hand:
        """A checked deal: NJ-08/F1, then the stakes (NJ-06); seat dealer+1 leads (NJ-12)."""
        n = rules.players
        check_total(rules, chips, board, "before the stakes")
        poor = [s for s in range(n) if chips[s] < STAKE_PER_PLAYER]
        if poor:
            raise InvalidPositionError(
                "start: " + ", ".join(f"seat {s} has {chips[s]} chips" for s in poor) +
                f" in {shown(chips)}: a hand needs 15 chips from every player, so this deal cannot be played "
                "and the game is over (NJ-08, NJ-F1)")
        # the start is written out lazily (start()): the cards as dealt, chips and board before the stakes
        hand = cls(rules, dealer, hands, dead, chips, board,
                   _start=(dealer, [list(h) for h in hands], list(dead), list(chips), list(board)))
        for s in range(n):
            hand.chips[s] -= STAKE_PER_PLAYER
        for b, stake in enumerate(STAKES):
            hand.board[b] += stake * n
        hand._log.append((_E_DEAL, dealer, rules.cards_per_player, len(dead)))
        hand._log.append((_E_STAKES, n, STAKES, tuple(hand.board)))
        hand.to_act = (dealer + 1) % n
        return hand

    # -- HandBase ------------------------------------------------------------------------------------
    def _generate_legal(self) -> list[Move]:
        legal = self._legal
        if legal is not None:
            return legal
        s = self.to_act
        if s is None:
            legal = []
        elif self.needed is None:
            legal = [_PLAYS[c.index] for c in sorted(self.hands[s], key=_sort_key)]
        else:
            need = self.needed
            cards = [c for c in self.hands[s] if _RANK[c.index] == need]
            if len(cards) > 1:
                cards.sort(key=_sort_key)
            legal = [_PLAYS[c.index] for c in cards]
            if self._stop:
                legal.append(STOP)
        self._legal = legal
        return legal

    def parse_move(self, text: str | Move) -> Move:
        """``"7D"`` (any card notation) or ``"stop"``; :class:`InvalidMoveError` for unreadable text."""
        return Move.parse(text)

    def is_over(self) -> bool:
        return self.winner is not None

    def _where(self) -> str:
        if self.to_act is None:
            return f"move {len(self.move_stack) + 1}, hand over"
        return f"move {len(self.move_stack) + 1}, seat {self.to_act} to act"

    def _why_illegal(self, move: Move) -> str:
        """Why ``move`` is refused, in the language spoken (:mod:`cardlib.i18n`)."""
        s = self.to_act
        assert s is not None                  # asked of a move offered while the hand is on
        if not isinstance(move, Move):
            return _("{move} is not a move").format(move=shown(move))
        if move.card is None:
            if not self._stop:
                return _("stop is not allowed (allow_voluntary_stop is off, NJ-15): seat {seat} must play").format(seat=s)
            return _("seat {seat} leads a new run, and a lead cannot be declined (NJ-F2)").format(seat=s)
        if move.card not in self.hands[s]:
            return _("{card} is not in seat {seat}'s hand").format(card=move.card, seat=s)
        if self.needed is not None and _RANK[move.card.index] != self.needed:
            return _("needed rank is {rank} (NJ-13)").format(rank=_RANK_TEXT[self.needed])
        return _("not among the legal moves")

    def _apply(self, move: Move, chance: Any = None) -> tuple:
        seat = self.to_act
        assert seat is not None               # a move is applied to a hand that is not over
        card = move.card
        log = self._log
        needed = self.needed
        self._legal = None
        token: tuple[int, Card | None, int, bool, int | None, int | None, int, bool, int]
        if card is None:
            token = (seat, None, -1, False, needed, self.last, self._seq, self._broken, len(log))
            self._apply_stop(seat)
            return token
        hand = self.hands[seat]
        idx = hand.index(card)
        del hand[idx]
        ci = card.index
        r = _RANK[ci]
        self._counts[seat][r] -= 1
        held = self._held
        held[r] -= 1
        played = self.played
        played.append(card)
        pb = self._pb
        pb_new = not pb[seat]
        if pb_new:
            pb[seat] = True
        seq = self._seq
        token = (seat, card, idx, pb_new, needed, self.last, seq, self._broken, len(log))
        if needed is None:
            seq = 1
            if len(played) > 1:
                self._broken = True       # a restart breaks a single run (NJ-F4)
            log.append((_E_PLAY, seat, card, True, 1))
        else:
            seq += 1
            log.append((_E_PLAY, seat, card, False, seq))
        self._seq = seq
        b = _BOX_OF[ci]
        if b >= 0:                        # NJ-19
            board = self.board
            amount = board[b]
            board[b] = 0
            self.chips[seat] += amount
            log.append((_E_CAPTURE, seat, b, amount))
        self.last = seat
        if not hand:                      # NJ-20
            self._settle(seat, card)
        elif r == 13:                     # NJ-17
            log.append((_E_KING, seat))
            self.needed = None
            self.to_act = seat
        else:
            need = r + 1                  # NJ-13
            if held[need]:
                counts = self._counts
                for s in self._order[seat]:   # NJ-14
                    if counts[s][need]:
                        self.needed = need
                        self.to_act = s
                        break
            else:
                self._nobody(need, False)
        return token

    def _apply_stop(self, seat: int) -> None:
        """NJ-F2: the designated holder declines; the search goes on up to the seat before the last player."""
        need = self.needed
        assert need is not None               # only a designated holder can decline (NJ-F2)
        self._log.append((_E_STOP, seat, need))
        last = self.last
        n = self.players
        counts = self._counts
        s = (seat + 1) % n
        while s != last:
            if counts[s][need]:
                self.to_act = s
                return
            s = (s + 1) % n
        self._nobody(need, True)

    def _nobody(self, need: int, declined: bool) -> None:
        """Nobody (willing) holds ``need``: stall (NJ-18) or, with ``skip_rank``, move on (NJ-F3)."""
        last = self.last
        assert last is not None               # someone played the rank below ``need``
        held = self._held
        missing = [need]
        if self._skip and need < 13:
            need += 1
            while need < 13 and not held[need]:
                missing.append(need)
                need += 1
            if held[need]:
                self._log.append((_E_SKIP, last, tuple(missing), need))
                self._broken = True
                counts = self._counts
                for s in self._order[last]:
                    if counts[s][need]:
                        self.needed = need
                        self.to_act = s
                        return
            missing.append(13)            # a missing King always restarts
        self._log.append((_E_STALL, last, tuple(missing), declined))
        self.needed = None
        self.to_act = last

    def _settle(self, w: int, card: Card) -> None:
        """NJ-20..NJ-26, in the order of NJ-25."""
        rules = self.rules
        log = self._log
        chips, board, hands = self.chips, self.board, self.hands
        n = self.players
        self.winner = w
        self.to_act = None
        self.needed = None
        log.append((_E_WIN, w, card))
        pb = self._pb
        opera = not any(pb[s] for s in range(n) if s != w)
        if opera and rules.opera_definition == "single_run" and self._broken:
            opera = False
        sweep = opera and rules.opera_reward == "sweep_board"
        factor = 2 if opera and rules.opera_reward == "double_payments" else 1
        swept = 0
        if opera:
            taken = tuple(board)
            if sweep:
                swept = sum(taken)
                chips[w] += swept
                for b in range(5):
                    board[b] = 0
            else:
                taken = (0, 0, 0, 0, 0)
            log.append((_E_OPERA, w, rules.opera_reward, taken))
        paid = [0] * n
        doubled = [0] * n
        short = [0] * n
        per_card = rules.payment_unit == "per_card"
        do_double = rules.doubling and not opera
        for i in range(1, n):
            s = (w + i) % n
            h = hands[s]
            due = (len(h) if per_card else sum(_POINTS[c.index] for c in h)) * factor
            amount = due if due <= chips[s] else chips[s]
            chips[s] -= amount
            chips[w] += amount
            paid[s] = amount
            short[s] += due - amount
            log.append((_E_PAY, s, w, amount, due))
            if do_double:
                for b in range(5):
                    if BOXES[b] in h:
                        due = board[b]
                        amount = due if due <= chips[s] else chips[s]
                        chips[s] -= amount
                        board[b] += amount
                        doubled[s] += amount
                        short[s] += due - amount
                        log.append((_E_DOUBLE, s, b, amount, due))
        self._result = Result(winner=w, opera=opera, paid=tuple(paid), doubled=tuple(doubled),
                              chips=tuple(chips), board=tuple(board), swept=swept, written_off=tuple(short))

    def _undo(self, token: tuple) -> None:
        seat, card, idx, pb_new, needed, last, seq, broken, log_len = token
        log = self._log
        chips, board = self.chips, self.board
        for e in reversed(log[log_len:]):
            code = e[0]
            if code == _E_CAPTURE:
                chips[e[1]] -= e[3]
                board[e[2]] += e[3]
            elif code == _E_PAY:
                chips[e[1]] += e[3]
                chips[e[2]] -= e[3]
            elif code == _E_DOUBLE:
                chips[e[1]] += e[3]
                board[e[2]] -= e[3]
            elif code == _E_OPERA and e[2] == "sweep_board":
                for b in range(5):
                    board[b] += e[3][b]
                    chips[e[1]] -= e[3][b]
        del log[log_len:]
        if len(self._events) > log_len:
            del self._events[log_len:]
        if card is not None:
            self.hands[seat].insert(idx, card)
            r = _RANK[card.index]
            self._counts[seat][r] += 1
            self._held[r] += 1
            self.played.pop()
            if pb_new:
                self._pb[seat] = False
        self.to_act = seat
        self.needed = needed
        self.last = last
        self._seq = seq
        self._broken = broken
        self.winner = None
        self._result = None
        self._legal = None

    # -- reading the hand ----------------------------------------------------------------------------
    def result(self) -> Result | None:
        """The settled hand (NJ-20..NJ-26), or ``None`` while it is being played."""
        return self._result

    @property
    def played_by(self) -> list[int]:
        """Seats that have played a card this hand (decides the Opéra, NJ-24)."""
        return [s for s in range(self.players) if self._pb[s]]

    @property
    def events(self) -> list[ev.Event]:
        """The typed events so far (a fresh list; ``pop`` removes the events of the move taken back)."""
        cache = self._events
        log = self._log
        for i in range(len(cache), len(log)):
            cache.append(_materialize(log[i]))
        return list(cache)

    def position(self) -> dict[str, Any]:
        """The records.md position (cards as canonical text; chips and board as they are now)."""
        return {
            "dealer": self.dealer,
            "hands": [cards_text(h) for h in self.hands],
            "dead": cards_text(self.dead),
            "chips": list(self.chips),
            "board": dict(zip(BOX_NAMES, self.board)),
            "to_act": self.to_act,
            "needed": None if self.needed is None else _RANK_TEXT[self.needed],
            "last": self.last,
            "played": cards_text(self.played),
            "played_by": self.played_by,
        }

    def start(self) -> dict[str, Any]:
        """The records.md ``start`` this hand began from (a deal: chips and board before the stakes)."""
        st = self._start
        if isinstance(st, tuple):
            dealer, hands, dead, chips, board = st
            return {"dealer": dealer, "hands": [cards_text(h) for h in hands], "dead": cards_text(dead),
                    "chips": list(chips), "board": dict(zip(BOX_NAMES, board))}
        return _copy_start(st)

    def status(self) -> list[str]:
        """What is odd about the position this hand started from, one sentence per oddity, each starting
        with the field it is about (``"board: the QS box holds ..."``).  Empty for every dealt hand, for
        every position reached by play, and for a hand read with ``strict=True``."""
        return list(self._warnings)

    def record_moves(self) -> list[str]:
        return [str(m) for m in self.move_stack]

    def copy(self) -> Hand:
        """An independent copy, with the same move stack (so it can ``pop`` too)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.dead = list(self.dead)
        other.chips = list(self.chips)
        other.board = list(self.board)
        other.played = list(self.played)
        other._pb = list(self._pb)
        other._log = list(self._log)
        other._events = list(self._events)
        other._legal = None
        other._counts = [list(c) for c in self._counts]
        other._held = list(self._held)
        other.move_stack = list(self.move_stack)
        other._undo_stack = list(self._undo_stack)
        other._start = self._start if isinstance(self._start, tuple) else _copy_start(self._start)
        return other

    def hand_of(self, seat: int) -> list[Card]:
        """A copy of the cards ``seat`` holds, in dealt order."""
        return list(self.hands[seat])

    def __repr__(self) -> str:
        state = "over" if self.to_act is None else f"seat {self.to_act} to act"
        need = "" if self.needed is None else f", needed {_RANK_TEXT[self.needed]}"
        return f"<saricuce.Hand {self.players} players, move {len(self.move_stack) + 1}, {state}{need}>"


# -- helpers ---------------------------------------------------------------------------------------
def _materialize(e: tuple) -> ev.Event:
    code = e[0]
    if code == _E_PLAY:
        return ev.Play(seat=e[1], card=e[2], lead=e[3], run_position=e[4])
    if code == _E_CAPTURE:
        return ev.Capture(seat=e[1], box=BOXES[e[2]], chips=e[3])
    if code == _E_KING:
        return ev.KingRestart(seat=e[1])
    if code == _E_STALL:
        return ev.Stall(seat=e[1], ranks=e[2], declined=e[3])
    if code == _E_SKIP:
        return ev.SkipRank(seat=e[1], ranks=e[2], needed=e[3])
    if code == _E_STOP:
        return ev.Stop(seat=e[1], rank=e[2])
    if code == _E_WIN:
        return ev.HandEnd(winner=e[1], card=e[2])
    if code == _E_OPERA:
        return ev.Opera(seat=e[1], reward=e[2], swept=e[3])
    if code == _E_PAY:
        return ev.Payment(payer=e[1], payee=e[2], amount=e[3], due=e[4])
    if code == _E_DOUBLE:
        return ev.Doubling(seat=e[1], box=BOXES[e[2]], amount=e[3], due=e[4])
    if code == _E_DEAL:
        return ev.Deal(dealer=e[1], cards_each=e[2], dead=e[3])
    if code == _E_STAKES:
        return ev.Stakes(players=e[1], stakes=e[2], board=e[3])
    raise AssertionError(e)  # pragma: no cover


def _copy_start(start: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in start.items()}
