"""One hand of Pis Yedili: the rules of RULES.md §2 (PY-01..PY-31, PY-T*, PY-J*, PY-F*) as an engine.

>>> from cardlib.pisyedili import Hand, Rules
>>> hand = Hand.deal(Rules(players=4), seed=7)
>>> hand.to_act, hand.position()["phase"]
(0, 'opening')
"""

from __future__ import annotations

import _random
from bisect import bisect_left, insort
from collections import Counter
from dataclasses import dataclass
from math import floor as _floor
from operator import attrgetter
from typing import Any

from ..cards import SUITS, Card, Rank, Suit, cards_text, make_deck, parse_cards
from ..engine import HandBase
from ..errors import CardlibError, InvalidCardError, InvalidPositionError, InvalidRecordError
from ..jsonio import shown
from ..rng import Rng
from ..seeds import SEED_MAX, check_seed
from . import events as ev
from .moves import DRAW, END, PASS, Move
from .rules import Rules
from .scoring import multiplier, out_scores, stock_scores

__all__ = ["Hand", "Result", "SAFETY_VALVE_TURNS", "complete_position", "replay_record"]

#: PY-F5: a hand still running after this many turns is stopped and scored like a stock ending
SAFETY_VALVE_TURNS = 2000

_SEVEN, _EIGHT, _TEN, _ACE, _JACK = 7, 8, 10, 1, 11
_CLUBS = Suit.CLUBS
_SUIT_NAME = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
_SUIT_PLURAL = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
_PHASES = ("opening", "play", "ace")
# turn sub-states that a position cannot show by its standard fields (see docs/rules-pis-yedili.md)
_TURN_STATES = ("tek_draw", "tek", "after_penalty", "t5", "ace_drawn")
# rank number (1..13) of a card, 0 for the joker
_RANK = tuple([i % 13 + 1 for i in range(52)] + [0])
_SUIT = tuple([SUITS[i // 13] for i in range(52)] + [None])
_ALL = tuple(Card.parse(t) for t in [r + s for s in "CDHS" for r in
                                       ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")] + ["X"])
assert all(c.index == i for i, c in enumerate(_ALL))


def _play_table(tek: bool) -> tuple:
    out = []
    for c in _ALL:
        if c.is_joker or _RANK[c.index] == _JACK:
            ms = []
            for s in SUITS:
                ms.append(Move("play", c, s, False))
                if tek:
                    ms.append(Move("play", c, s, True))
        else:
            ms = [Move("play", c, None, False)] + ([Move("play", c, None, True)] if tek else [])
        out.append(tuple(ms))
    return tuple(out)


# end-of-hand penalty cards owed per card held (PY-T2): 7 -> 3, A -> 1, joker -> 10
_END_OWED = tuple([3 if r == 7 else 1 if r == 1 else 0 for r in _RANK[:52]] + [10])
_PLAYS = _play_table(False)
_PLAYS_TEK = _play_table(True)
_IDX = attrgetter("index")
#: (decks, jokers per deck) -> (make_deck's deck, the Fisher-Yates steps (i, i + 1.0) from the end)
_DECKS: dict[tuple[int, int], tuple[tuple[Card, ...], tuple[tuple[int, float], ...]]] = {}
_MOVE_CARD_INDEX = attrgetter("card.index")
_DREW, _PASSED, _PLAYED, _TEK_DECLARED = ev.Draw, ev.Pass, ev.Play, ev.Tek
_SUIT_NAMED, _SKIPPED, _REVERSED, _PENALTY_DRAWN = ev.NamedSuit, ev.Skip, ev.Reverse, ev.PenaltyDraw
#: by rank number (0: joker): a card with no effect but its suit and rank (not 7, 8, 10, A, J, joker)
_EFFECT_RANKS = frozenset((_SEVEN, _EIGHT, _TEN))
# the kinds of undo token (see "Undo tokens" in Hand)
_TOK_FULL, _TOK_PLAY, _TOK_DRAW, _TOK_NONE, _TOK_DRAW1, _TOK_PASS1 = 0, 1, 2, 3, 4, 5


def _on_top(i: int, t: int, named: Suit | None, pending: bool) -> bool:
    """Hand._legal_on_top for card index ``i`` on top index ``t`` (-1: no top card)."""
    if pending:
        return _RANK[i] == _SEVEN
    if t < 0:
        return True
    if t == 52:  # joker on top: named suit, any J, any joker (PY-J2)
        return i == 52 or _RANK[i] == _JACK or _SUIT[i] is named
    if _RANK[t] == _JACK:  # J on top: named suit but not a J; a joker (PY-14)
        if i == 52:
            return True
        return _SUIT[i] is (named if named is not None else _CLUBS) and _RANK[i] != _JACK  # PY-15b
    return i == 52 or _RANK[i] == _JACK or _SUIT[i] is _SUIT[t] or _RANK[i] == _RANK[t]


#: (top index or -1, named suit letter or None, sevens pending, tek option, jack_must_change_suit) -> plays table
_TABLES: dict[tuple, tuple] = {}


def _play_moves_table(t: int, named: Suit | None, pending: bool, tek_opt: bool, jmcs: bool) -> tuple:
    """Card index -> the moves that play it outside the opening (what Hand._plays_for adds when
    Hand._legal_on_top allows the card; ``()`` when it does not)."""
    key = (t, None if named is None else named._value_, pending, tek_opt, jmcs)
    table = _TABLES.get(key)
    if table is not None:
        return table
    if t < 0:
        cur = None
    elif t == 52 or _RANK[t] == _JACK:
        cur = named if named is not None else _CLUBS
    else:
        cur = _SUIT[t]
    plays = _PLAYS_TEK if tek_opt else _PLAYS
    rows = []
    for i in range(53):
        if not _on_top(i, t, named, pending):
            rows.append(())
        elif jmcs and _RANK[i] == _JACK:
            rows.append(tuple(m for m in plays[i] if m.suit is not cur))
        else:
            rows.append(plays[i])
    table = _TABLES[key] = tuple(rows)
    return table


_BY_TOP: dict[bool, tuple] = {}


def _tables_by_top(jmcs: bool) -> tuple:
    """The plays tables without the tek option, for direct lookup: (by top index with no named suit,
    by top index then named suit letter, the table when sevens are pending)."""
    tables = _BY_TOP.get(jmcs)
    if tables is None:
        plain = tuple(_play_moves_table(t, None, False, False, jmcs) for t in range(53))
        named = tuple({s.value: _play_moves_table(t, s, False, False, jmcs) for s in SUITS} for t in range(53))
        tables = _BY_TOP[jmcs] = (plain, named, _play_moves_table(-1, None, True, False, jmcs))
    return tables


def _opening_table(top_is_j: bool, tek_opt: bool) -> tuple:
    """Card index -> the inert opening plays of that card (a club; no J on a J)."""
    rows = []
    for c in _ALL:
        if _SUIT[c.index] is _CLUBS and not (top_is_j and _RANK[c.index] == _JACK):
            rows.append((Move("play", c, None, False), Move("play", c, None, True)) if tek_opt
                        else (Move("play", c, None, False),))
        else:
            rows.append(())
    return tuple(rows)


#: _OPENING[top is a J][tek option]
_OPENING = tuple(tuple(_opening_table(j, t) for t in (False, True)) for j in (False, True))


@dataclass(frozen=True)
class Result:
    """How a hand ended.  ``winner`` is a seat, or ``None`` when it ended by the stock (PY-28, PY-F14).

    ``reason`` says more than ``ended_by``: ``out``, ``stock`` (PY-28), ``no_play`` (PY-28B) or
    ``safety_valve`` (PY-F5); the last two are scored, and reported, as ``ended_by = "stock"``.
    """

    winner: int | None
    ended_by: str
    multiplier: int
    scores: tuple[int, ...]
    reason: str = "out"

    @property
    def safety_valve(self) -> bool:
        return self.reason == "safety_valve"

    def to_dict(self) -> dict[str, Any]:
        """The record's ``result``; ``"safety_valve": true`` is added only when the valve fired."""
        d: dict[str, Any] = {"winner": self.winner, "ended_by": self.ended_by,
                             "multiplier": self.multiplier, "scores": list(self.scores)}
        if self.safety_valve:
            d["safety_valve"] = True
        return d


def _parse_card_list(value: Any, what: str) -> list[Card]:
    if value is None:
        return []
    try:
        return parse_cards(value)
    except InvalidCardError as e:
        raise InvalidPositionError(f"{what}: {e}") from None


class Hand(HandBase[Move]):
    """A hand of Pis Yedili.  Build it with :meth:`deal` or :meth:`from_start`; see docs/engine-api.md."""

    game = "pis-yedili"
    chance = "reshuffles"      # push(move, chance=[stock orders]): HandBase checks the shape

    # ------------------------------------------------------------------------------------------------
    # construction
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
        self._dups = rules.decks > 1 or rules.jokers_per_deck > 1  # a card can be held twice
        self._plain, self._named, self._sevens = _tables_by_top(self._jmcs)
        # events are logged as raw tuples ``(event class, *fields)`` and made into event objects only
        # when ``events`` is read (most playouts never read them)
        self._evlog: list[tuple] = []
        self._events: list[ev.Event] = []
        # move number -> the reshuffle orders of that move (only moves with a reshuffle are listed)
        self._shuffles: dict[int, list[tuple[Card, ...]]] = {}
        self._rng: Rng | None = None
        self._rng_seed = 0
        self._legal: list[Move] | None = None
        self._chance: list | None = None
        self._chance_i = 0
        self._rng_saved = None
        self._this_move_shuffles: list[tuple[Card, ...]] | None = None

    @classmethod
    def deal(cls, rules: Rules, seed: int | None = 0, dealer: int | None = None) -> Hand:
        """Shuffle ``make_deck`` with ``Rng(seed)`` and deal 7 cards each, one at a time clockwise
        from the dealer's left (PY-05); the rest is the stock, no upcard."""
        n = rules.players
        if dealer is None:
            dealer = n - 1
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidPositionError(f"dealer {dealer!r} is not a seat 0..{n - 1}")
        if seed is None:
            seed = 0
        elif seed.__class__ is not int or not 0 <= seed <= SEED_MAX:
            seed = check_seed(seed)  # raises, as Rng(seed) does: a whole number 0 .. 2**64 - 1
        key = (rules.decks, rules.jokers_per_deck)
        made = _DECKS.get(key)
        if made is None:
            deck = make_deck(*key)
            made = _DECKS[key] = (tuple(deck), tuple((i, float(i + 1)) for i in range(len(deck) - 1, 0, -1)))
        deck = list(made[0])  # make_deck(rules.decks, rules.jokers_per_deck)
        # Rng(seed).shuffle(deck), inline: Rng(seed) draws from random.Random(seed) (the same numbers as
        # _random.Random(seed), without random.Random's Python-level __init__); Fisher-Yates from the end,
        # j = int(random() * (i + 1)) (floor is int for these non-negative numbers, and quicker)
        rnd = _random.Random(seed).random
        for i, m in made[1]:
            j = _floor(rnd() * m)
            deck[i], deck[j] = deck[j], deck[i]
        # card i goes to seat (dealer + 1 + i) % n, so seat s gets every n-th card from (s - dealer - 1) % n
        m = 7 * n
        hands = [deck[(s - dealer - 1) % n:m:n] for s in range(n)]
        # what from_start(rules, {"dealer", "seed", "hands", "stock"}, _trusted=True) builds, directly
        self = cls(rules, _internal=True)
        self._rng_seed = seed
        self.dealer = dealer
        self.hands = hands
        self._sidx = [sorted(map(_IDX, h)) for h in hands]
        self.discard = []
        self.stock = deck[:m - 1:-1]  # internally the top card is last
        self._scores_in = None
        self.over = False
        self.res = None
        self.turns = 0
        self.idle = 0
        self._turn_played = False
        self.sub = None
        first = (dealer + 1) % n
        self.direction = 1
        self.named = None
        self.pending = 0
        self.drawn = 0
        self.phase = "opening"
        if rules.opening == "first_player":
            self.opening_left = [first]
        else:
            self.opening_left = [(first + i) % n for i in range(n)]
        self.tek = set()
        self.to_act = first
        self._start = {"dealer": dealer, "seed": seed, "hands": [tuple(h) for h in hands],
                       "stock": tuple(deck[m:])}
        self._evlog.append((ev.Deal, dealer, 7, len(self.stock)))
        self._begin_turn(first, "opening")
        return self

    @classmethod
    def from_start(cls, rules: Rules, start: dict[str, Any], seed: int | None = None, *,
                   _trusted: bool = False) -> Hand:
        """A records.md ``start``: a deal (no ``to_act``; ``hands`` or just ``seed``) or a position."""
        if isinstance(rules, dict):
            rules = Rules.from_dict(rules)
        if not isinstance(start, dict):
            raise InvalidPositionError(f"start {start!r} must be a mapping")
        known = {"dealer", "hands", "stock", "discard", "to_act", "direction", "named_suit", "pending",
                 "drawn", "phase", "opening_left", "tek", "scores", "seed", "turn_state"}
        unknown = sorted(set(start) - known)
        if unknown:
            raise InvalidPositionError(f"start has unknown field {unknown[0]!r}; known: {', '.join(sorted(known))}")
        n = rules.players
        if "hands" not in start:
            if "to_act" in start:
                raise InvalidPositionError("a position (with to_act) must list the hands")
            s = start.get("seed", seed)
            if s is None:   # as Sarı Cüce: a deal is its cards or the seed that deals them, never seed 0 unasked
                raise InvalidPositionError("a deal needs 'hands' (and 'stock') or a 'seed'")
            dealer = start.get("dealer")
            h = cls.deal(rules, seed=s, dealer=dealer)
            if "scores" in start:
                h._scores_in = h._check_scores(start["scores"])
                h._start = dict(h._start, scores=list(h._scores_in))
            return h
        self = cls(rules, _internal=True)
        s = start.get("seed", seed)
        if s is not None and (s.__class__ is not int or not 0 <= s <= SEED_MAX):
            raise InvalidPositionError(f"seed {shown(s)} must be a whole number from 0 to 2**64 - 1")
        self._rng = None  # made when first needed (the rng property)
        self._rng_seed = 0 if s is None else s
        dealer = start.get("dealer", n - 1)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidPositionError(f"dealer {dealer!r} is not a seat 0..{n - 1}")
        self.dealer = dealer
        hands = start["hands"]
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise InvalidPositionError(f"hands {hands!r}: need one hand per player ({n})")
        if _trusted:  # Hand.deal: made from make_deck, nothing to check
            self.hands = [list(h) for h in hands]
            stock_top_first = list(start["stock"])
            self.discard = []
        else:
            self.hands = [_parse_card_list(h, f"hand of seat {i}") for i, h in enumerate(hands)]
            stock_top_first = _parse_card_list(start.get("stock"), "stock")
            self.discard = _parse_card_list(start.get("discard"), "discard")
        self.stock = stock_top_first[::-1]  # internally the top card is last
        self._sidx = [sorted(map(_IDX, h)) for h in self.hands]
        if not _trusted:
            self._check_cards(start)
        self._scores_in = self._check_scores(start["scores"]) if "scores" in start else None
        self.over = False
        self.res: Result | None = None
        self.turns = 0
        self.idle = 0
        self._turn_played = False
        self.sub: str | None = None
        if "to_act" not in start:
            # a deal
            extra = sorted(set(start) & {"direction", "named_suit", "pending", "drawn", "phase",
                                         "opening_left", "tek", "turn_state", "discard"})
            if extra and not (extra == ["discard"] and not self.discard):
                raise InvalidPositionError(
                    f"a deal (no to_act) cannot set {extra[0]!r}; give to_act for a position")
            bad = [i for i, h in enumerate(self.hands) if len(h) != 7]
            if bad:
                raise InvalidPositionError(
                    f"a deal gives 7 cards to each player (PY-05): seat {bad[0]} has {len(self.hands[bad[0]])}")
            first = (dealer + 1) % n
            self.direction = 1
            self.named: Suit | None = None
            self.pending = 0
            self.drawn = 0
            self.phase = "opening"
            if rules.opening == "first_player":
                self.opening_left = [first]
            else:
                self.opening_left = [(first + i) % n for i in range(n)]
            self.tek: set[int] = set()
            self.to_act = first
            start_out = {"dealer": dealer}
            if s is not None:
                start_out["seed"] = s
            start_out["hands"] = [tuple(h) for h in self.hands]  # made text by start()
            start_out["stock"] = tuple(stock_top_first)
            if self._scores_in is not None:
                start_out["scores"] = list(self._scores_in)
            self._start = start_out
            self._evlog.append((ev.Deal, dealer, 7, len(self.stock)))
            self._begin_turn(first, "opening")
        else:
            self._load_position(start)
            self._start = self.position()
            if s is not None:
                self._start["seed"] = s
        self._legal = None
        return self

    def _check_scores(self, scores: Any) -> list[int]:
        if (not isinstance(scores, (list, tuple)) or len(scores) != self.players
                or any(isinstance(v, bool) or not isinstance(v, int) for v in scores)):
            raise InvalidPositionError(f"scores {scores!r}: need one whole number per player ({self.players})")
        return list(scores)

    def _check_cards(self, start: dict) -> None:
        """Hands + stock + discard must be the deck exactly, as a multiset (RULES.md §3 item 4)."""
        rules = self.rules
        want = Counter(make_deck(rules.decks, rules.jokers_per_deck))
        have: Counter = Counter()
        for h in self.hands:
            have.update(h)
        have.update(self.stock)
        have.update(self.discard)
        if have == want:
            return
        extra = have - want
        missing = want - have
        deck = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}" + (
            f" with {rules.jokers_per_deck * rules.decks} joker(s)" if rules.jokers_per_deck else "")
        parts = []
        if extra:
            parts.append("too many copies of " + " ".join(
                f"{c}" + (f" (x{extra[c] + want[c]})" if extra[c] + want[c] > 1 else "")
                for c in sorted(extra)))
        if missing:
            parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
        raise InvalidPositionError(
            f"the cards in hands, stock and discard must make up the deck ({deck}, {len(list(want.elements()))} "
            f"cards) exactly; found {sum(have.values())}: " + "; ".join(parts)
            + " (complete_position() buries unlisted cards under the top of the discard)")

    def _load_position(self, start: dict) -> None:
        rules = self.rules
        n = self.players

        def seat(value, what):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
                raise InvalidPositionError(f"{what} {value!r} is not a seat 0..{n - 1}")
            return value

        self.to_act = seat(start["to_act"], "to_act")
        d = start.get("direction", 1)
        if d.__class__ is not int or d not in (1, -1):     # not 1.0, not true
            raise InvalidPositionError(f"direction {d!r} must be 1 or -1")
        self.direction = d
        ns = start.get("named_suit")
        try:
            self.named = None if ns is None else Suit.parse(ns)
        except InvalidCardError:
            raise InvalidPositionError(f"named_suit {ns!r} is not a suit (C D H S) or null") from None
        p = start.get("pending", 0)
        if isinstance(p, bool) or not isinstance(p, int) or p < 0:
            raise InvalidPositionError(f"pending {p!r} must be a whole number >= 0")
        self.pending = p
        dr = start.get("drawn", 0)
        if isinstance(dr, bool) or not isinstance(dr, int) or dr < 0:
            raise InvalidPositionError(f"drawn {dr!r} must be a whole number >= 0")
        self.drawn = dr
        ph = start.get("phase", "play")
        if ph not in _PHASES:
            raise InvalidPositionError(f"phase {ph!r} must be one of opening, play, ace")
        self.phase = ph
        ol = start.get("opening_left", [])
        if not isinstance(ol, (list, tuple)):
            raise InvalidPositionError(f"opening_left {ol!r} must be a list of seats")
        self.opening_left = [seat(x, "opening_left entry") for x in ol]
        tk = start.get("tek", [])
        if not isinstance(tk, (list, tuple)):
            raise InvalidPositionError(f"tek {tk!r} must be a list of seats")
        self.tek = {seat(x, "tek entry") for x in tk}
        top = self.discard[-1] if self.discard else None
        me = self.to_act
        # invariants (RULES.md §3 item 4) and consistency of the fields
        if len(set(self.opening_left)) != len(self.opening_left):
            raise InvalidPositionError(f"opening_left {ol!r} repeats a seat")
        if (ph == "opening") != bool(self.opening_left):
            raise InvalidPositionError(
                f"phase {ph!r} with opening_left {ol!r}: the phase is 'opening' exactly when a seat still owes an opening club")
        if ph == "opening" and self.opening_left[0] != me:
            raise InvalidPositionError(f"to_act {me} but seat {self.opening_left[0]} owes the next opening club")
        if p and (top is None or _RANK[top.index] != _SEVEN):
            raise InvalidPositionError(f"pending {p} but the top card is {top or 'missing'}: sevens are pending only on a 7")
        if p and ph != "play":
            raise InvalidPositionError(f"pending {p} in phase {ph!r}: sevens are pending only in play")
        if self.named is not None and (top is None or not (top.is_joker or _RANK[top.index] == _JACK)):
            raise InvalidPositionError(f"named_suit {ns!r} but the top card is {top or 'missing'}: only a J or joker names a suit")
        if top is not None and top.is_joker and self.named is None:
            raise InvalidPositionError("a joker on top must have a named_suit (PY-J1)")
        if (top is not None and _RANK[top.index] == _JACK and self.named is None and top is not Card.parse("JC")):
            raise InvalidPositionError(f"{top} on top needs a named_suit (only an inert opening JC names none)")
        if ph == "ace" and (top is None or _RANK[top.index] != _ACE):  # phase ace always has an Ace on top
            raise InvalidPositionError(f"phase 'ace' but the top card is {top or 'missing'}")
        for s in self.tek:
            if len(self.hands[s]) != 1:
                raise InvalidPositionError(f"tek lists seat {s}, which holds {len(self.hands[s])} cards (tek is for one card)")
        for s, h in enumerate(self.hands):
            if not h and not (s == me and ph == "ace" and rules.ace_cannot_finish):
                raise InvalidPositionError(f"seat {s} holds no cards: the hand would be over")
        # cards drawn this turn are still in hand, unless Aces were played on since (classic follow rule:
        # draw, then play an Ace and follow it): in the ace phase drawn may exceed the hand
        if dr > len(self.hands[me]) and ph != "ace":
            raise InvalidPositionError(f"drawn {dr} but seat {me} holds only {len(self.hands[me])} cards")
        ts = start.get("turn_state")
        if ts is not None and ts not in _TURN_STATES:
            raise InvalidPositionError(f"turn_state {ts!r} must be one of {', '.join(_TURN_STATES)}")
        if ts is None:
            ts = self._derive_turn_state()
        self.sub = ts
        self._turn_played = False

    def _derive_turn_state(self) -> str | None:
        rules = self.rules
        me = self.to_act
        h = self.hands[me]
        if self.phase == "ace":
            if rules.ace_cannot_finish and not h:
                return "t5"
            if rules.ace_rule == "all_draw":
                if self.drawn >= 1:
                    return "ace_drawn"
                if self._tek_due(me):
                    return "tek_draw"
            return None
        if self.phase == "play" and self.drawn == 0 and self._tek_due(me):
            return "tek_draw"
        return None

    # ------------------------------------------------------------------------------------------------
    # views
    def position(self) -> dict[str, Any]:
        """The records.md position (stock top first, discard bottom first)."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [cards_text(h) for h in self.hands],
            "stock": cards_text(reversed(self.stock)),
            "discard": cards_text(self.discard),
            "to_act": None if self.over else self.to_act,
            "direction": self.direction,
            "named_suit": None if self.named is None else self.named.value,
            "pending": self.pending,
            "drawn": 0 if self.over else self.drawn,
            "phase": self.phase,
            "opening_left": list(self.opening_left),
            "tek": sorted(self.tek),
        }
        if self._scores_in is not None:
            out["scores"] = list(self._scores_in)
        if not self.over and self.sub is not None and self.sub != self._derive_turn_state():
            out["turn_state"] = self.sub
        return out

    def start(self) -> dict[str, Any]:
        """The records.md start this hand began from (a deal: ``hands`` and ``stock`` as card text)."""
        import copy
        out = copy.deepcopy(self._start)
        if isinstance(out.get("stock"), tuple):
            out["hands"] = [cards_text(h) for h in out["hands"]]
            out["stock"] = cards_text(out["stock"])
        return out

    @property
    def events(self) -> list[ev.Event]:
        """What has happened so far, one typed event per step (see :mod:`cardlib.pisyedili.events`)."""
        mat = self._events
        log = self._evlog
        k = len(mat)
        if k < len(log):
            mat.extend([e if isinstance(e, ev.Event) else e[0](*e[1:]) for e in log[k:]])
        return list(mat)

    @property
    def rng(self) -> Rng:
        """The hand's own seeded generator (reshuffles, PY-28T), ``Rng(seed)`` made when first needed."""
        r = self._rng
        if r is None:
            r = self._rng = Rng(self._rng_seed)
        return r

    @rng.setter
    def rng(self, value: Rng) -> None:
        self._rng = value

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def named_suit(self) -> Suit | None:
        return self.named

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result | None:
        return self.res

    def status(self) -> list[str]:
        """What is odd about the start of this hand (nothing, for a hand dealt or read strictly)."""
        return list(getattr(self, "_warnings", ()))

    def record_moves(self) -> list[str]:
        out: list[str] = []
        shuffles = self._shuffles
        for k, move in enumerate(self.move_stack):
            out.append(str(move))
            for order in shuffles.get(k, ()):
                out.append("reshuffle " + cards_text(order))
        return out

    def copy(self) -> Hand:
        other = Hand(self.rules, _internal=True)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other._sidx = [x[:] for x in self._sidx]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.opening_left = self.opening_left[:]
        other.tek = set(self.tek)
        other._evlog = self._evlog[:]
        other._events = self._events[:]
        other._shuffles = {k: v[:] for k, v in self._shuffles.items()}
        other.move_stack = self.move_stack[:]
        other._undo_stack = self._undo_stack[:]
        if self._rng is not None:
            other._rng = Rng(self._rng.seed)
            other._rng.setstate(self._rng.getstate())
        other._legal = None
        return other

    def _where(self) -> str:
        if self.over:
            return f"move {len(self.move_stack) + 1}, hand over"
        return f"move {len(self.move_stack) + 1}, seat {self.to_act} to act, phase {self.phase}"

    def __repr__(self) -> str:
        if not hasattr(self, "res"):
            return "<pis-yedili Hand (not built)>"
        if self.over:
            return f"<pis-yedili Hand over: {self.res.to_dict()}>"
        top = self.top
        named = f"={self.named.value}" if self.named else ""
        return (f"<pis-yedili Hand {self._where()}, top {top}{named}, pending {self.pending}, "
                f"stock {len(self.stock)}>")

    # ------------------------------------------------------------------------------------------------
    # moves
    def parse_move(self, text: str | Move) -> Move:
        return Move.parse(text)

    def _can_draw(self) -> bool:
        return bool(self.stock) or (self.rules.stock_exhaustion == "reshuffle" and len(self.discard) > 1)

    def _tek_due(self, seat: int) -> bool:
        return self.rules.tek and len(self.hands[seat]) == 1 and seat not in self.tek

    def _current_suit(self) -> Suit | None:
        top = self.discard[-1] if self.discard else None
        if top is None:
            return None
        if top.is_joker or _RANK[top.index] == _JACK:
            return self.named if self.named is not None else _CLUBS
        return _SUIT[top.index]

    def _legal_on_top(self, card: Card) -> bool:
        """PY-12/13/14/20/J1/J2 (outside the opening)."""
        top = self.discard[-1] if self.discard else None
        i = card.index
        if self.pending:
            return _RANK[i] == _SEVEN
        if top is None:
            return True
        t = top.index
        if t == 52:  # joker on top: named suit, any J, any joker (PY-J2)
            return i == 52 or _RANK[i] == _JACK or _SUIT[i] is self.named
        if _RANK[t] == _JACK:  # J on top: named suit but not a J; a joker (PY-14)
            if i == 52:
                return True
            named = self.named if self.named is not None else _CLUBS  # PY-15b
            return _SUIT[i] is named and _RANK[i] != _JACK
        return i == 52 or _RANK[i] == _JACK or _SUIT[i] is _SUIT[t] or _RANK[i] == _RANK[t]

    def _plays_for(self, card: Card, out: list[Move], hand_len: int) -> None:
        """Every move playing ``card`` (suits for a J/joker, with and without tek)."""
        i = card.index
        tek_opt = hand_len == 2 and self.rules.tek
        if self.rules.jack_must_change_suit and _RANK[i] == _JACK:
            cur = self._current_suit()
            table = _PLAYS_TEK[i] if tek_opt else _PLAYS[i]
            out.extend(m for m in table if m.suit is not cur)
            return
        out.extend(_PLAYS_TEK[i] if tek_opt else _PLAYS[i])

    def _generate_legal(self) -> list[Move]:
        legal = self._legal
        if legal is not None:
            return legal
        if self.sub is None and self.phase == "play" and not self.over:
            # normal play (PY-11..PY-18), the usual case, here; the others in _compute_legal.
            # The plays come from precomputed tables (_play_moves_table): for the situation on the
            # table, card index -> the moves that play that card, in the order of _PLAYS / _PLAYS_TEK.
            # Walking the hand's card indices in ascending order (_sidx) gives the list that
            # _legal_on_top and _plays_for give card by card.
            me = self.to_act
            discard = self.discard
            pending = self.pending
            if not discard or (self._tek_rule and len(self.hands[me]) == 2):
                table = self._table(len(self.hands[me]))
            elif pending:
                table = self._sevens  # only a 7 on a 7, whatever the top (PY-20)
            else:
                named = self.named
                if named is None:
                    table = self._plain[discard[-1].index]
                else:  # a J or joker on top
                    table = self._named[discard[-1].index][named._value_]
            out = []
            if self._dups:
                for i in sorted(set(self._sidx[me])):
                    ms = table[i]
                    if ms:
                        out += ms
            else:
                for i in self._sidx[me]:
                    ms = table[i]
                    if ms:
                        out += ms
            if pending:
                out.append(DRAW)  # PY-F1
            elif self.stock or (self._reshuffles and len(discard) > 1):  # something to draw
                if self._multi_draw or not self.drawn:
                    out.append(DRAW)
                if self.drawn:
                    out.append(PASS)
            else:
                out.append(PASS)
            self._legal = out
            return out
        legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Move]:
        """The legal moves outside normal play (which _generate_legal does itself)."""
        if self.over:
            return []
        me = self.to_act
        hand = self.hands[me]
        n_hand = len(hand)
        sub = self.sub
        ph = self.phase
        discard = self.discard
        if ph == "opening":
            top_is_j = bool(discard) and _RANK[discard[-1].index] == _JACK
            table = _OPENING[top_is_j][self._tek_rule and n_hand == 2]
            idx = sorted(set(self._sidx[me])) if self._dups else self._sidx[me]
            out = [m for i in idx for m in table[i]]
            if self._can_draw():
                out.append(DRAW)
            elif not out:
                out.append(PASS)  # PY-10
            return out
        if sub == "tek_draw":
            if self._can_draw():
                return [DRAW]
            sub = "tek"  # nothing to draw: the restrictions still hold
        table = self._table(n_hand)
        if sub == "t5":
            if not hand:
                return [DRAW]
            out = list(table[hand[-1].index])
            out.append(PASS)
            return out
        if sub == "ace_drawn":
            out = list(table[hand[-1].index])
            if not out:
                out.append(PASS)
            return out
        idx = sorted(set(self._sidx[me])) if self._dups else self._sidx[me]
        if sub == "tek":
            out = [m for i in idx for m in table[i]] if n_hand >= 2 else []
            out.append(DRAW if self.pending else PASS)
            return out
        if sub == "after_penalty":
            out = [m for i in idx for m in table[i]]
            out.append(PASS)
            return out
        if ph == "ace":
            rules = self.rules
            if rules.aces_all_at_once:
                aces = [i for i in idx if _RANK[i] == _ACE]
                if aces:
                    plays = _PLAYS_TEK if (n_hand == 2 and rules.tek) else _PLAYS
                    return [m for i in aces for m in plays[i]]
            out = [m for i in idx for m in table[i]]
            if rules.ace_rule == "follow":
                out.append(END)
            elif not out:
                out.append(DRAW if self._can_draw() else PASS)
            return out
        raise AssertionError(f"no legal-move rule for phase {ph!r} and turn state {sub!r}")  # pragma: no cover

    def _table(self, n_hand: int) -> tuple:
        """The plays table of the current top card, named suit and pending sevens (see _play_moves_table)."""
        discard = self.discard
        return _play_moves_table(discard[-1].index if discard else -1, self.named, self.pending != 0,
                                 n_hand == 2 and self._tek_rule, self._jmcs)

    def _why_illegal(self, move: Move) -> str:
        if self.over:
            return "the hand is over"
        me = self.to_act
        hand = self.hands[me]
        top = self.top
        rules = self.rules
        ph = self.phase
        sub = self.sub
        if move.kind == "play":
            c = move.card
            if c not in hand:
                return f"seat {me} does not hold {c}"
            is_j = not c.is_joker and _RANK[c.index] == _JACK
            if move.tek:
                if not rules.tek:
                    return "tek ('!') is off in these rules"
                if len(hand) != 2:
                    return "tek ('!') goes only on a play that leaves exactly one card"
            if ph == "opening":
                if c.is_joker:
                    return "no joker in the opening: play a club or draw (PY-F13)"
                if _SUIT[c.index] is not _CLUBS:
                    return "the opening card must be a club: play a club or draw (PY-06, PY-07)"
                if move.suit is not None:
                    return "an opening J♣ is inert and names no suit: write JC (PY-08)"
                if is_j and top is not None and _RANK[top.index] == _JACK:
                    return "no J on a J (PY-13, PY-F13)"
                return "not among the legal moves"
            if (is_j or c.is_joker) and move.suit is None:
                return f"a {'J' if is_j else 'joker'} must name a suit: write e.g. {c}=H (PY-13, PY-J1)"
            if sub in ("tek_draw",) and self._can_draw():
                return "tek penalty: you began the turn with one card and no \"tek\": draw a card first (PY-T1b)"
            if sub == "tek" and len(hand) < 2:
                return "tek penalty: you cannot go out this turn (PY-T1b)"
            if sub == "t5" and not hand:
                return "your last card was an Ace, which cannot finish: draw a card (PY-T5)"
            if sub in ("t5", "ace_drawn") and c is not hand[-1]:
                return f"only the card just drawn ({hand[-1]}) may be played now (PY-F7, PY-F9)"
            if self.pending:
                owed = self._penalty_count(self.pending)
                return f"sevens pending: play a 7 or draw {owed} (PY-20)"
            if ph == "ace" and rules.aces_all_at_once and sub is None and any(
                    _RANK[x.index] == _ACE for x in hand) and _RANK[c.index] != _ACE:
                return "you hold another Ace: play your Aces first (aces_all_at_once, PY-T3)"
            if not self._legal_on_top(c):
                return self._top_text()
            if is_j and rules.jack_must_change_suit and move.suit is self._current_suit():
                return (f"the J must change the suit: {_SUIT_PLURAL[move.suit]} is the current suit "
                        f"(jack_must_change_suit)")
            return "not among the legal moves"
        if move.kind == "draw":
            if ph == "ace" and rules.ace_rule == "follow" and sub is None:
                return "no drawing in the Ace follow-up: play a card legal on the Ace, or end (PY-F8)"
            if ph == "ace" and sub is None:
                return "you must play an Ace or a card legal on the Ace (PY-24U)"
            if sub in ("tek", "after_penalty", "ace_drawn") or (sub == "t5" and self.hands[me]):
                return "no more drawing this turn"
            if not self._can_draw():
                return "there is nothing to draw"
            if rules.draw_policy == "single" and self.drawn:
                return "only one draw per turn (draw_policy single, PY-17T)"
            return "not among the legal moves"
        if move.kind == "pass":
            if ph == "opening":
                return "no passing in the opening: play a club or draw (PY-07)"
            if self.pending:
                owed = self._penalty_count(self.pending)
                return f"sevens pending: play a 7 or draw {owed}; passing is not allowed (PY-F1)"
            if sub == "tek_draw":
                return "tek penalty: draw a card first (PY-T1b)"
            if sub == "ace_drawn":
                return f"the card you drew ({self.hands[me][-1]}) is legal and must be played (PY-F7)"
            if ph == "ace" and rules.ace_rule == "follow" and sub is None:
                return "after an Ace, write 'end' to stop without following it (PY-24)"
            if ph == "ace" and sub is None:
                return "you must play an Ace or a card legal on the Ace (PY-24U)"
            return "pass only after drawing at least one card, or when nothing can be drawn (PY-18)"
        if move.kind == "end":
            return "'end' is only for declining the classic Ace follow-up (PY-24)"
        return "not among the legal moves"

    def _top_text(self) -> str:
        top = self.top
        if top is None:
            return "not among the legal moves"
        if top.is_joker:
            s = self.named
            return f"top card is a joker naming {_SUIT_PLURAL[s]}: play a {_SUIT_NAME[s]}, a J or a joker (PY-J2)"
        if _RANK[top.index] == _JACK:
            s = self.named if self.named is not None else _CLUBS
            if self.named is None:
                return f"top card is the opening JC: play a club that is not a J (PY-15b)"
            return f"top card is {top} naming {_SUIT_PLURAL[s]}: play a {_SUIT_NAME[s]} that is not a J, or a joker (no J on a J, PY-14)"
        r = Rank(_RANK[top.index]).text
        return (f"top card is {top} and no 7 pending: play a {_SUIT_NAME[_SUIT[top.index]]}, a {r}, "
                f"a J or a joker")

    def _penalty_count(self, c: int) -> int:
        if self.rules.seven_penalty == "doubling3":
            return 3 * 2 ** (c - 1)
        return 3 * c

    # ------------------------------------------------------------------------------------------------
    # undo
    # Undo tokens.  Most moves are undone from a compact token: the scalar fields, copies of
    # opening_left and tek when not empty, the cached legal list, and what the move did to the cards:
    #   (_TOK_PLAY, ..., pos, card)  the card left position pos of the mover's hand for the discard;
    #   (_TOK_DRAW, ..., n, None)    cards went from the stock to the mover's hand, now longer than n;
    #   (_TOK_NONE, ..., None, None) no card moved (a pass or an end);
    #   (_TOK_DRAW1, legal, seat, drawn, n_events, n, tek)  a plain draw of one card in normal play;
    #   (_TOK_PASS1, legal, seat, drawn, turns, idle, played, n_events, phase)  a pass or end.
    # Everything else (a hand going out, Ace draws, reshuffles, replays with reshuffle orders) takes
    # a full snapshot: (_TOK_FULL, snapshot, rng state).
    def _snapshot(self) -> tuple:
        return (
            [h[:] for h in self.hands], self.stock[:], self.discard[:], self.to_act, self.direction,
            self.named, self.pending, self.drawn, self.phase, self.opening_left[:], set(self.tek),
            self.over, self.res, self.turns, self.idle, self._turn_played, self.sub, len(self._evlog),
        )

    def _restore(self, snap: tuple, rng_state) -> None:
        (hands, stock, discard, self.to_act, self.direction, self.named, self.pending,
         self.drawn, self.phase, opening_left, tek, self.over, self.res, self.turns,
         self.idle, self._turn_played, self.sub, n_events) = snap
        # copies, so that a token shared by copy() stays untouched
        self.hands = [h[:] for h in hands]
        self._sidx = [sorted(map(_IDX, h)) for h in self.hands]
        self.stock = stock[:]
        self.discard = discard[:]
        self.opening_left = opening_left[:]
        self.tek = set(tek)
        del self._evlog[n_events:]
        del self._events[n_events:]
        if rng_state is not None:
            self.rng.setstate(rng_state)
        self._legal = None

    def _token(self, code: int, a: Any, b: Any) -> tuple:
        ol = self.opening_left
        tek = self.tek
        return (code, self._legal, self.to_act, self.direction, self.named, self.pending, self.drawn,
                self.phase, self.turns, self.idle, self._turn_played, self.sub, len(self._evlog),
                ol[:] if ol else None, set(tek) if tek else None, a, b)

    def _apply(self, move: Move, chance: Any = None) -> Any:
        # the general way, with a full snapshot; push plays most moves itself, with a compact token
        snap = self._snapshot()
        self._rng_saved = None
        self._this_move_shuffles = []
        self._chance = None if chance is None else list(chance)
        self._chance_i = 0
        try:
            if move.kind == "play":
                self._play(move)
            elif move.kind == "draw":
                self._draw_move()
            elif move.kind == "pass":
                self._pass(False)
            else:
                self._pass(True)
            if self._chance is not None and self._chance_i != len(self._chance):
                raise InvalidRecordError(
                    f"move {str(move)!r} at move {len(self.move_stack) + 1}: {len(self._chance)} reshuffle "
                    f"order(s) given but {self._chance_i} reshuffle(s) happened")
        except BaseException:
            self._restore(snap, self._rng_saved)
            raise
        finally:
            self._chance = None
        self._legal = None
        if self._this_move_shuffles:
            self._shuffles[len(self.move_stack)] = self._this_move_shuffles
        return (_TOK_FULL, snap, self._rng_saved)

    def push(self, move: Move | str, chance: Any = None) -> Move:
        # HandBase.push, with most moves played here with a compact undo token (see the tokens above);
        # the rest go through HandBase.push (errors, reshuffle orders) or _apply (a full snapshot).
        if move.__class__ is str:
            move = self.parse_move(move)
        legal = self._legal
        if legal is None:
            legal = self._generate_legal()
        if chance is not None or move not in legal:
            return HandBase.push(self, move, chance)
        kind = move.kind
        me = self.to_act
        hand = self.hands[me]
        log = self._evlog
        if kind == "play":
            card = move.card
            i = card.index
            rank = _RANK[i]
            phase = self.phase
            # not a card that goes out, nor an Ace that makes the others draw (ace_rule all_draw)
            if len(hand) < 2 or (rank == _ACE and phase != "opening" and not self._follow):
                return self._push_full(move)
            # where the card is (hand.index would compare cards with ==, which is slow)
            pos = 0
            for c in hand:
                if c is card:
                    break
                pos += 1
            ol = self.opening_left
            tek = self.tek
            token = (_TOK_PLAY, legal, me, self.direction, self.named, self.pending, self.drawn,
                     phase, self.turns, self.idle, self._turn_played, self.sub, len(log),
                     ol[:] if ol else None, set(tek) if tek else None, pos, card)
            try:
                if phase == "opening" or tek or move.tek:
                    self._play(move, pos)
                    self._legal = None
                elif rank == _ACE:
                    # what _play does for an Ace that stays in play, ace_rule follow: the same player
                    # may follow it (PY-24, PY-F8)
                    del hand[pos]
                    self._sidx[me].remove(i)
                    self.discard.append(card)
                    log.append((_PLAYED, me, card, False))
                    self.named = None
                    self._turn_played = True
                    self.phase = "ace"
                    self.sub = None
                    if self._tek_rule or self._dups or self.rules.aces_all_at_once:
                        self._legal = None
                    else:
                        # the legal list, now (what _compute_legal gives in the Ace phase)
                        table = self._plain[i]
                        out = []
                        for k in self._sidx[me]:
                            ms = table[k]
                            if ms:
                                out += ms
                        out.append(END)
                        self._legal = out
                else:
                    # what _play does for a card that stays in play (len(hand) >= 2), no tek involved
                    del hand[pos]
                    self._sidx[me].remove(i)
                    self.discard.append(card)
                    log.append((_PLAYED, me, card, False))
                    if i == 52 or rank == _JACK:
                        suit = self.named = move.suit
                        log.append((_SUIT_NAMED, me, suit))
                    else:
                        self.named = None
                    if rank in _EFFECT_RANKS:
                        nxt = self._effect(me, rank, log)
                    else:  # no effect on who plays next, or a J or the joker
                        nxt = (me + self.direction) % self.players
                    # _end_turn(nxt, True)
                    t = self.turns = self.turns + 1
                    self.idle = 0
                    if t >= SAFETY_VALVE_TURNS:
                        self._turn_played = True
                        log.append((ev.SafetyValve, t))
                        self._end_stock(None, reason="safety_valve")
                        self._legal = None
                    else:
                        self.to_act = nxt
                        self.phase = "play"
                        self.drawn = 0
                        self._turn_played = False
                        if self._tek_rule or self._dups:
                            self.sub = "tek_draw" if (self._tek_rule and len(self.hands[nxt]) == 1) else None
                            self._legal = None
                        else:
                            self.sub = None
                            # The next player's legal list, now (what _generate_legal gives for normal
                            # play): the plays table of this card, the named suit or the sevens.
                            if rank == _SEVEN:
                                table = self._sevens
                            elif i == 52 or rank == _JACK:
                                table = self._named[i][suit._value_]
                            else:
                                table = self._plain[i]
                            out = []
                            for k in self._sidx[nxt]:
                                ms = table[k]
                                if ms:
                                    out += ms
                            if rank == _SEVEN:
                                out.append(DRAW)  # PY-F1
                            elif self.stock or (self._reshuffles and len(self.discard) > 1):
                                out.append(DRAW)  # nothing drawn yet this turn
                            else:
                                out.append(PASS)
                            self._legal = out
            except BaseException:  # pragma: no cover - nothing here raises
                self._undo_token(token)
                raise
            self.move_stack.append(move)
            self._undo_stack.append(token)
            return move
        if kind == "draw":
            stock = self.stock
            phase = self.phase
            sub = self.sub
            pending = self.pending
            if stock and (phase == "play" or phase == "opening") and sub is None and not pending:
                # the plain draw of _draw_move (one card; the turn goes on), inline
                tek = self.tek
                drawn = self.drawn
                token = (_TOK_DRAW1, legal, me, drawn, len(log), len(hand), set(tek) if tek else None)
                try:
                    c = stock.pop()
                    hand.append(c)
                    insort(self._sidx[me], c.index)
                    if tek:
                        tek.discard(me)  # receiving cards cancels a declaration (PY-F10)
                    self.drawn = drawn + 1
                    log.append((_DREW, me, (c,), phase if phase == "opening" else "draw"))
                    if not stock:
                        if not self._reshuffles:
                            self._end_stock(me)
                        self._legal = None
                    elif self._dups or self._tek_rule or not self.discard or phase == "opening":
                        self._legal = None
                    else:
                        # The next legal list, from this one: the same player, top, named suit and no
                        # sevens, so the same plays table; the drawn card's plays go in by card index,
                        # and after a draw the list ends with draw (multi) and pass.
                        named = self.named
                        t = self.discard[-1].index
                        ms = (self._plain[t] if named is None else self._named[t][named._value_])[c.index]
                        out = legal[:len(legal) - ((self._multi_draw or not drawn) + (drawn > 0))]
                        if ms:
                            k = bisect_left(out, c.index, key=_MOVE_CARD_INDEX)
                            out[k:k] = ms
                        if self._multi_draw:
                            out.append(DRAW)
                        out.append(PASS)
                        self._legal = out
                except BaseException:  # pragma: no cover
                    self._undo_token(token)
                    raise
                self.move_stack.append(move)
                self._undo_stack.append(token)
                return move
            # a draw that the stock covers (no reshuffle, no hand going out)
            k = 1
            if pending and phase != "opening" and sub != "tek_draw":
                k = self._penalty_count(pending)
            if len(stock) < k:
                return self._push_full(move)
            token = self._token(_TOK_DRAW, len(hand), None)
            try:
                if (pending and phase == "play" and sub is None and not self.rules.play_after_penalty_draw
                        and not self._tek_rule and not self._dups):
                    # the sevens penalty of _draw_move (PY-20), inline: draw k cards, the turn ends
                    sidx = self._sidx[me]
                    got = stock[-k:]
                    del stock[-k:]
                    got.reverse()  # the top card (last) first
                    hand += got
                    for c in got:
                        insort(sidx, c.index)
                    tek = self.tek
                    if tek:
                        tek.discard(me)  # receiving cards cancels a declaration (PY-F10)
                    self.pending = 0
                    log.append((_PENALTY_DRAWN, me, pending, k, tuple(got)))
                    if not stock and not self._reshuffles:
                        self._end_stock(me)
                        self._legal = None
                    else:
                        nxt = (me + self.direction) % self.players
                        # _end_turn(nxt, False)
                        t = self.turns = self.turns + 1
                        idle = self.idle = self.idle + 1
                        if self._reshuffles and idle >= self.players:
                            log.append((ev.NoPlay, idle))
                            self._end_stock(None, reason="no_play")
                            self._legal = None
                        elif t >= SAFETY_VALVE_TURNS:
                            log.append((ev.SafetyValve, t))
                            self._end_stock(None, reason="safety_valve")
                            self._legal = None
                        else:
                            self.to_act = nxt
                            self.drawn = 0
                            self._turn_played = False
                            # the next player's legal list, now (as after a play): a 7 on top, no sevens
                            table = self._plain[self.discard[-1].index]
                            out = []
                            for i in self._sidx[nxt]:
                                ms = table[i]
                                if ms:
                                    out += ms
                            out.append(DRAW if stock or (self._reshuffles and len(self.discard) > 1) else PASS)
                            self._legal = out
                else:
                    self._draw_move()
                    self._legal = None
            except BaseException:  # pragma: no cover
                self._undo_token(token)
                raise
            self.move_stack.append(move)
            self._undo_stack.append(token)
            return move
        phase = self.phase
        if self.sub is None and (phase == "play" or phase == "ace"):
            # the pass (or end) of _pass in normal play or after an Ace, inline
            drawn = self.drawn
            turns = self.turns
            idle = self.idle
            played = self._turn_played
            token = (_TOK_PASS1, legal, me, drawn, turns, idle, played, len(log), phase)
            try:
                log.append((_PASSED, me, kind == "end"))
                nxt = (me + self.direction) % self.players
                # _end_turn(nxt, played)
                t = self.turns = turns + 1
                if played:
                    self.idle = 0
                else:
                    idle = self.idle = idle + 1
                if not played and self._reshuffles and idle >= self.players:
                    log.append((ev.NoPlay, idle))
                    self._end_stock(None, reason="no_play")
                    self._legal = None
                elif t >= SAFETY_VALVE_TURNS:
                    log.append((ev.SafetyValve, t))
                    self._end_stock(None, reason="safety_valve")
                    self._legal = None
                else:
                    self.to_act = nxt
                    self.phase = "play"
                    self.drawn = 0
                    self._turn_played = False
                    discard = self.discard
                    if self._tek_rule or self._dups or not discard:
                        self.sub = "tek_draw" if (self._tek_rule and len(self.hands[nxt]) == 1
                                                  and nxt not in self.tek) else None
                        self._legal = None
                    else:
                        self.sub = None
                        # the next player's legal list, now (as after a play): same top, no sevens
                        named = self.named
                        t = discard[-1].index
                        table = self._plain[t] if named is None else self._named[t][named._value_]
                        out = []
                        for k in self._sidx[nxt]:
                            ms = table[k]
                            if ms:
                                out += ms
                        out.append(DRAW if self.stock or (self._reshuffles and len(discard) > 1) else PASS)
                        self._legal = out
            except BaseException:  # pragma: no cover
                self._undo_token(token)
                raise
            self.move_stack.append(move)
            self._undo_stack.append(token)
            return move
        token = self._token(_TOK_NONE, None, None)
        try:
            self._pass(kind == "end")
        except BaseException:  # pragma: no cover
            self._undo_token(token)
            raise
        self._legal = None
        self.move_stack.append(move)
        self._undo_stack.append(token)
        return move

    push.__doc__ = HandBase.push.__doc__

    def _push_full(self, move: Move) -> Move:
        """Play the legal ``move`` with a full snapshot as its undo token (what HandBase.push does once
        the move is checked)."""
        token = self._apply(move)
        self.move_stack.append(move)
        self._undo_stack.append(token)
        return move

    def _undo_token(self, token: tuple) -> None:
        if token[0] == _TOK_PASS1:
            _, legal, me, self.drawn, self.turns, self.idle, self._turn_played, n_events, self.phase = token
            self.sub = None
            self.to_act = me
            self.over = False
            self.res = None
            del self._evlog[n_events:]
            del self._events[n_events:]
            self._legal = legal
            return
        if token[0] == _TOK_DRAW1:
            _, legal, me, self.drawn, n_events, a, tek = token
            hand = self.hands[me]
            c = hand.pop()
            self._sidx[me].remove(c.index)
            self.stock.append(c)
            self.sub = None
        else:
            (code, legal, me, self.direction, self.named, self.pending, self.drawn, self.phase, self.turns,
             self.idle, self._turn_played, self.sub, n_events, ol, tek, a, b) = token
            if code == _TOK_PLAY:
                self.discard.pop()
                self.hands[me].insert(a, b)
                insort(self._sidx[me], b.index)
            elif code == _TOK_DRAW:
                hand = self.hands[me]
                got = hand[a:]
                del hand[a:]
                sidx = self._sidx[me]
                for c in got:
                    sidx.remove(c.index)
                got.reverse()
                self.stock.extend(got)
            # copies, so that a token shared by copy() stays untouched
            self.opening_left = ol[:] if ol else []
        self.to_act = me
        self.over = False
        self.res = None
        self.tek = set(tek) if tek else set()
        del self._evlog[n_events:]
        del self._events[n_events:]
        self._legal = legal

    def _undo(self, token: Any) -> None:
        if token[0] == _TOK_FULL:
            self._restore(token[1], token[2])
            self._shuffles.pop(len(self.move_stack) - 1, None)
        else:
            self._undo_token(token)

    # ------------------------------------------------------------------------------------------------
    # drawing
    def _reshuffle(self) -> None:
        """PY-28T: every discard but the top becomes the new stock."""
        under = self.discard[:-1]
        if self._chance is not None:
            if self._chance_i >= len(self._chance):
                raise InvalidRecordError(
                    f"a reshuffle happened at move {len(self.move_stack) + 1} but the record gives no "
                    f"'reshuffle ...' order for it")
            order = self._chance[self._chance_i]
            self._chance_i += 1
            if isinstance(order, str):
                text = order[len("reshuffle"):] if order.strip().lower().startswith("reshuffle") else order
                try:
                    order = parse_cards(text)
                except InvalidCardError as e:
                    raise InvalidRecordError(f"reshuffle order {order!r}: {e}") from None
            else:
                try:
                    order = parse_cards(order)
                except InvalidCardError as e:
                    raise InvalidRecordError(f"reshuffle order: {e}") from None
            if Counter(order) != Counter(under):
                extra = Counter(order) - Counter(under)
                missing = Counter(under) - Counter(order)
                raise InvalidRecordError(
                    f"reshuffle at move {len(self.move_stack) + 1} must hold exactly the {len(under)} "
                    f"discards under the top card {self.discard[-1]}"
                    + (f"; not there: {cards_text(sorted(extra.elements()))}" if extra else "")
                    + (f"; missing: {cards_text(sorted(missing.elements()))}" if missing else ""))
        else:
            if self._rng_saved is None:
                self._rng_saved = self.rng.getstate()
            order = under
            self.rng.shuffle(order)
        order = tuple(order)
        self.stock = list(reversed(order))
        self.discard = self.discard[-1:]
        self._this_move_shuffles.append(order)
        self._evlog.append((ev.Reshuffle, order))

    def _draw_cards(self, seat: int, k: int) -> tuple[list[Card], bool]:
        """Draw up to ``k`` cards for ``seat``; returns (cards, stock_ended) (PY-28, PY-28T)."""
        got: list[Card] = []
        hand = self.hands[seat]
        sidx = self._sidx[seat]
        reshuffle = self.rules.stock_exhaustion == "reshuffle"
        for _ in range(k):
            if not self.stock:
                if reshuffle and len(self.discard) > 1:
                    self._reshuffle()
                else:
                    break
            c = self.stock.pop()
            hand.append(c)
            insort(sidx, c.index)
            got.append(c)
            if not self.stock and not reshuffle:
                break
        if got:
            self.tek.discard(seat)  # receiving cards cancels a declaration (PY-F10)
        ended = bool(got) and not self.stock and not reshuffle
        return got, ended

    def _draw_move(self) -> None:
        me = self.to_act
        sub = self.sub
        if self.phase == "opening":
            got, ended = self._draw_cards(me, 1)
            self.drawn += len(got)
            self._evlog.append((ev.Draw, me, tuple(got), "opening"))
            if ended:
                self._end_stock(me)
            return
        if sub == "tek_draw":
            self._evlog.append((ev.TekPenalty, me))
            got, ended = self._draw_cards(me, 1)
            self.drawn += len(got)
            self.sub = "tek"
            self._evlog.append((ev.Draw, me, tuple(got), "tek"))
            if ended:
                self._end_stock(me)
            return
        if self.pending:
            c = self.pending
            owed = self._penalty_count(c)
            got, ended = self._draw_cards(me, owed)
            self.pending = 0
            self._evlog.append((ev.PenaltyDraw, me, c, owed, tuple(got)))
            if ended:
                self._end_stock(me)
                return
            if self.rules.play_after_penalty_draw:
                self.drawn += len(got)
                self.sub = "after_penalty"
                return
            self._end_turn(self._next(me, 1), False)
            return
        got, ended = self._draw_cards(me, 1)
        self.drawn += len(got)
        self._evlog.append((ev.Draw, me, tuple(got), "ace" if sub == "t5" else "draw"))
        if sub == "t5" and not self.hands[me]:
            self._end_out(me, self.discard[-1], mult=1)  # PY-F9: nothing could be drawn
            return
        if ended:
            self._end_stock(me)
            return
        if self.phase == "ace" and sub is None:
            self.sub = "ace_drawn"

    # ------------------------------------------------------------------------------------------------
    # playing
    def _next(self, seat: int, steps: int) -> int:
        return (seat + self.direction * steps) % self.players

    def _play(self, move: Move, pos: int | None = None) -> None:
        """Play ``move``; ``pos`` is where its card is in the mover's hand, if known."""
        me = self.to_act
        card = move.card
        hand = self.hands[me]
        if pos is None:
            pos = 0
            for c in hand:
                if c is card:  # cards are interned: the first equal card (what hand.remove takes)
                    break
                pos += 1
        del hand[pos]
        i = card.index
        self._sidx[me].remove(i)
        self.discard.append(card)
        self._turn_played = True
        log = self._evlog
        tek = self.tek
        if self.phase == "opening":
            log.append((_PLAYED, me, card, True))
            if move.tek:
                tek.add(me)
                log.append((_TEK_DECLARED, me))
            elif len(hand) != 1:
                tek.discard(me)  # tek lists only seats holding one card
            # PY-08: no effect; the next opener or the next player continues (PY-09, PY-09T)
            self.named = None
            self.opening_left.remove(me)
            if not hand:
                self._end_out(me, card)
                return
            nxt = self._next(me, 1)
            if self.opening_left:
                nxt = self.opening_left[0]
            self._end_turn(nxt, True, "opening" if self.opening_left else "play")
            return
        log.append((_PLAYED, me, card, False))
        if move.tek:
            tek.add(me)
            log.append((_TEK_DECLARED, me))
        elif tek and len(hand) != 1:
            tek.discard(me)  # tek lists only seats holding one card
        rank = _RANK[i]
        if i == 52 or rank == _JACK:
            suit = self.named = move.suit
            log.append((_SUIT_NAMED, me, suit))
        else:
            self.named = None
        if not hand:
            if rank == _ACE and self.rules.ace_cannot_finish:
                self._ace_cannot_finish(me)
                return
            self._end_out(me, card)  # PY-26: the last card's effects are not applied
            return
        if rank in _EFFECT_RANKS:
            nxt = self._effect(me, rank, log)
        elif rank == _ACE:
            if self._follow:
                # PY-24: optional follow-up, same turn (PY-F8)
                self.phase = "ace"
                self.sub = None
            else:
                if self._ace_draws(me):
                    return
                self._end_turn(me, True, "ace")  # PY-24T/PY-24U: an extra turn
            return
        else:
            nxt = (me + self.direction) % self.players
        # self._end_turn(nxt, True), inline
        t = self.turns = self.turns + 1
        self.idle = 0
        if t >= SAFETY_VALVE_TURNS:
            log.append((ev.SafetyValve, t))
            self._end_stock(None, reason="safety_valve")
            return
        self.to_act = nxt
        self.phase = "play"
        self.drawn = 0
        self._turn_played = False
        # PY-T1b: a player who begins the turn with one undeclared card must draw first
        self.sub = "tek_draw" if (self._tek_rule and len(self.hands[nxt]) == 1 and nxt not in tek) else None

    def _ace_draws(self, me: int) -> bool:
        """PY-24T: every other player draws one card, in turn order from the next player; True if the
        stock ran out and ended the hand (PY-28)."""
        draws = []
        for k in range(1, self.players):
            s = self._next(me, k)
            got, ended = self._draw_cards(s, 1)
            draws.append((s, tuple(got)))
            if ended:
                self._evlog.append((ev.AceDraws, me, tuple(draws)))
                self._end_stock(s)
                return True
        self._evlog.append((ev.AceDraws, me, tuple(draws)))
        return False

    def _ace_cannot_finish(self, me: int) -> None:
        """PY-T5 / PY-F9: the last card was an Ace; draws for the others first (PY-24T), then a draw."""
        if self.rules.ace_rule == "all_draw":
            if self._ace_draws(me):
                return
        self.phase = "ace"
        self.drawn = 0
        self.sub = "t5"
        if not self._can_draw():
            self._end_out(me, self.discard[-1], mult=1)

    def _pass(self, is_end: bool) -> None:
        me = self.to_act
        self._evlog.append((_PASSED, me, is_end))
        if self.phase == "opening":
            # PY-10: no club and nothing to draw; the opening duty moves on (PY-F13)
            self.opening_left.remove(me)
            nxt = self._next(me, 1)
            if not self.opening_left and not self.discard:
                self.opening_left.append(nxt)
            if self.opening_left:
                nxt = self.opening_left[0]
            self._end_turn(nxt, False, "opening" if self.opening_left else "play")
            return
        if self.sub == "t5":
            self.tek.add(me)  # PY-F9: keeping the drawn card counts as having declared tek
        self._end_turn(self._next(me, 1), self._turn_played)

    # ------------------------------------------------------------------------------------------------
    # turns and the end of the hand
    def _begin_turn(self, seat: int, phase: str) -> None:
        self.to_act = seat
        self.phase = phase
        self.drawn = 0
        self._turn_played = False
        self.sub = None
        if phase != "opening" and self._tek_due(seat):
            self.sub = "tek_draw"

    def _effect(self, me: int, rank: int, log: list) -> int:
        """The effect of a 7, 8 or 10 that ``me`` played (PY-19, PY-22, PY-23); returns the next seat.
        Both the fast push path and ``_play`` use it."""
        d = self.direction
        n = self.players
        if rank == _SEVEN:
            self.pending += 1
            return (me + d) % n
        if rank == _EIGHT:
            log.append((_SKIPPED, (me + d) % n))
            return (me + 2 * d) % n
        d = self.direction = -d  # a 10
        log.append((_REVERSED, d))
        if n == 2 and self.rules.two_player_reverse_as_skip:
            return me  # PY-F6
        return (me + d) % n

    def _end_turn(self, nxt: int, played: bool, phase: str = "play") -> None:
        self.turns += 1
        self.idle = 0 if played else self.idle + 1
        if not played and self.rules.stock_exhaustion == "reshuffle" and self.idle >= self.players:
            self._evlog.append((ev.NoPlay, self.idle))
            self._end_stock(None, reason="no_play")
            return
        if self.turns >= SAFETY_VALVE_TURNS:
            self._evlog.append((ev.SafetyValve, self.turns))
            self._end_stock(None, reason="safety_valve")
            return
        self._begin_turn(nxt, phase)

    def _finish(self, res: Result) -> None:
        self.over = True
        self.res = res
        self.to_act = None
        self.drawn = 0
        self.sub = None
        self._evlog.append((ev.HandEnd, res.winner, res.ended_by, res.multiplier,
                            self.discard[-1] if res.winner is not None and self.discard else None))
        self._evlog.append((ev.Scores, res.scores))

    def _end_stock(self, seat: int | None, reason: str = "stock") -> None:
        if reason == "stock" and seat is not None:
            self._evlog.append((ev.StockOut, seat))
        self._finish(Result(None, "stock", 1, tuple(stock_scores(self.hands)), reason))

    def _end_out(self, me: int, card: Card, mult: int | None = None) -> None:
        if mult is None:
            mult = multiplier(card, self.rules)
        if self.rules.end_penalty_draws:
            # PY-T2 / PY-A21: the others draw 3 per 7, 1 per A, 10 per joker, recursively
            for k in range(1, self.players):
                s = self._next(me, k)
                owed = sum(_END_OWED[c.index] for c in self.hands[s])
                got_all: list[Card] = []
                while owed > 0:
                    if not self.stock and not (self.rules.stock_exhaustion == "reshuffle" and len(self.discard) > 1):
                        break
                    got, _ = self._draw_cards(s, 1)
                    if not got:
                        break
                    owed += _END_OWED[got[0].index] - 1
                    got_all += got
                if got_all:
                    self._evlog.append((ev.Draw, s, tuple(got_all), "end"))
        self._finish(Result(me, "out", mult, tuple(out_scores(self.hands, me, mult)), "out"))


# ----------------------------------------------------------------------------------------------------
# helpers for tests, examples and the record reader

def complete_position(rules: Rules | dict, start: dict[str, Any]) -> dict[str, Any]:
    """A copy of a short position in which every unlisted card is buried in the discard pile under the
    top card (RULES.md §3 item 2), so that the cards make up the deck exactly."""
    if isinstance(rules, dict):
        rules = Rules.from_dict(rules)
    out = dict(start)
    listed: Counter = Counter()
    for h in start.get("hands", []):
        listed.update(_parse_card_list(h, "hand"))
    listed.update(_parse_card_list(start.get("stock"), "stock"))
    discard = _parse_card_list(start.get("discard"), "discard")
    listed.update(discard)
    deck = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    over = listed - deck
    if over:
        raise InvalidPositionError(f"too many copies of {cards_text(sorted(over))} for this deck")
    missing = sorted((deck - listed).elements())
    out["discard"] = [str(c) for c in missing + discard]
    if not discard and missing:
        raise InvalidPositionError("complete_position needs a top card in the discard to bury cards under")
    return out


def replay_record(record: dict[str, Any]) -> Hand:
    """Play a records.md hand record (``rules``, ``start``, ``moves`` with ``reshuffle ...`` entries)."""
    rules = Rules.from_dict(record.get("rules", {}))
    hand = Hand.from_start(rules, record["start"])
    moves = list(record.get("moves", []))
    i = 0
    while i < len(moves):
        text = moves[i]
        j = i + 1
        chance = []
        while j < len(moves) and isinstance(moves[j], str) and moves[j].strip().lower().startswith("reshuffle"):
            chance.append(moves[j])
            j += 1
        try:
            hand.push(text, chance if chance else None)
        except CardlibError as e:
            raise InvalidRecordError(f"move {i} {text!r}: {e}") from e
        i = j
    return hand
