"""Positions: reading one as people write it, checking it, saying what is odd about it, and writing one.

A position (records.md, with ``to_act``) is taken when it can be played on.  What breaks the game is an
:class:`~cardlib.errors.InvalidPositionError` naming the field and why: cards that do not make up the
deck, an unknown card or field, a value of the wrong type, a seat out of range, and a state that
contradicts itself so that the rules say nothing (pending sevens without a 7 on top, a phase the
other fields deny, ...).  What could not happen in a real hand but can be played on is a warning
(:func:`read_position` returns them; ``Hand.status()`` lists them; ``from_start(..., strict=True)``
refuses them).  docs/rules-pis-yedili.md, "Positions", lists both kinds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import Card, Suit, cards_text, make_deck, parse_cards
from ..checks import check_seat, check_whole
from ..errors import InvalidCardError, InvalidPositionError
from .legal import tek_due
from .play import SAFETY_VALVE_TURNS
from .ranks import ACE, CARD, CLUBS, JOKER, RANK, SEVEN, SUIT, names_suit
from .state import State
from ..jsonio import shown

__all__ = ["FIELDS", "PHASES", "TURN_STATES", "check_fields", "read_cards", "read_position", "write_position",
           "derive_turn_state", "complete_position", "whole", "seat_of", "card_list"]

#: every field a start may have (records.md; ``turn_state``, ``turns``, ``idle``: docs/rules-pis-yedili.md)
FIELDS = ("dealer", "hands", "stock", "discard", "to_act", "direction", "named_suit", "pending", "drawn", "phase",
          "opening_left", "tek", "scores", "seed", "turn_state", "turns", "idle")
PHASES = ("opening", "play", "ace")
#: turn sub-states that the standard fields cannot always show (docs/rules-pis-yedili.md, decision 13)
TURN_STATES = ("tek_draw", "tek", "after_penalty", "t5", "ace_drawn")
_JC = CARD[10]


# -- values -----------------------------------------------------------------------------------------
def whole(value: Any, what: str, low: int = 0) -> int:
    """``value`` as a whole number >= ``low``, else an error naming ``what`` (cardlib.checks)."""
    return check_whole(what, value, low, error=InvalidPositionError)


def seat_of(value: Any, what: str, n: int) -> int:
    return check_seat(what, value, n, error=InvalidPositionError)


def _seats(value: Any, what: str, n: int) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise InvalidPositionError(f"{what} {shown(value)} must be a list of seats")
    return [seat_of(x, f"{what} entry", n) for x in value]


def card_list(value: Any, what: str) -> list[Card]:
    if value is None:
        return []
    try:
        return parse_cards(value)
    except InvalidCardError as e:
        raise InvalidPositionError(f"{what}: {e}") from None


def check_fields(start: Any) -> None:
    if not isinstance(start, dict):
        raise InvalidPositionError(f"start {shown(start)} must be a mapping")
    unknown = sorted(set(start) - set(FIELDS))
    if unknown:
        raise InvalidPositionError(f"start has unknown field {shown(unknown[0])}; known: {', '.join(sorted(FIELDS))}")


# -- cards ------------------------------------------------------------------------------------------
def read_cards(state: State, start: dict[str, Any]) -> None:
    """``hands``, ``stock`` (top first) and ``discard`` (bottom first), which must make up the deck."""
    n = state.players
    hands = start["hands"]
    if not isinstance(hands, (list, tuple)) or len(hands) != n:
        raise InvalidPositionError(f"hands {shown(hands)}: need one hand per player ({n})")
    state.hands = [card_list(x, f"hand of seat {i}") for i, x in enumerate(hands)]
    state.held = [sorted(c.index for c in x) for x in state.hands]
    state.stock = card_list(start.get("stock"), "stock")[::-1]   # internally the top card is last
    state.discard = card_list(start.get("discard"), "discard")
    _check_deck(state)


def _check_deck(state: State) -> None:
    """Hands + stock + discard must be the deck exactly, as a multiset (docs/engine-api.md, the invariants)."""
    rules = state.rules
    want = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    have: Counter[Card] = Counter()
    for x in state.hands:
        have.update(x)
    have.update(state.stock)
    have.update(state.discard)
    if have == want:
        return
    extra, missing = have - want, want - have
    deck = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}" + (
        f" with {rules.jokers_per_deck * rules.decks} joker(s)" if rules.jokers_per_deck else "")
    parts = []
    if extra:
        parts.append("too many copies of " + " ".join(
            f"{c}" + (f" (x{extra[c] + want[c]})" if extra[c] + want[c] > 1 else "") for c in sorted(extra)))
    if missing:
        parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
    raise InvalidPositionError(
        f"the cards in hands, stock and discard must make up the deck ({deck}, {sum(want.values())} cards) "
        f"exactly; found {sum(have.values())}: " + "; ".join(parts)
        + " (complete_position() buries unlisted cards under the top of the discard)")


# -- a position -------------------------------------------------------------------------------------
def read_position(state: State, start: dict[str, Any]) -> list[str]:
    """Set the hand's fields from the position ``start`` (cards already read); returns the warnings."""
    n = state.players
    state.to_act = seat_of(start["to_act"], "to_act", n)
    d = start.get("direction", 1)
    if d.__class__ is not int or d not in (1, -1):     # not 1.0, not true
        raise InvalidPositionError(f"direction {shown(d)} must be 1 or -1")
    state.direction = d
    ns = start.get("named_suit")
    try:
        state.named_suit = None if ns is None else Suit.parse(ns)
    except InvalidCardError:
        raise InvalidPositionError(f"named_suit {shown(ns)} is not a suit (C D H S) or null") from None
    state.pending = whole(start.get("pending", 0), "pending")
    state.drawn = whole(start.get("drawn", 0), "drawn")
    state.phase = start.get("phase", "play")
    if state.phase not in PHASES:
        raise InvalidPositionError(f"phase {shown(state.phase)} must be one of {', '.join(PHASES)}")
    state.opening_left = _seats(start.get("opening_left", []), "opening_left", n)
    state.tek = set(_seats(start.get("tek", []), "tek", n))
    state.turns = whole(start.get("turns", 0), "turns")
    state.idle_turns = whole(start.get("idle", 0), "idle")
    ts = start.get("turn_state")
    if ts is not None and ts not in TURN_STATES:
        raise InvalidPositionError(f"turn_state {shown(ts)} must be one of {', '.join(TURN_STATES)}")
    _check_contradictions(state, start)
    state.turn_state = derive_turn_state(state) if ts is None else ts
    _check_turn_state(state, ts)
    return _warnings(state)


def _check_contradictions(state: State, start: dict[str, Any]) -> None:
    """The errors: fields that deny each other, so that the rules say nothing about the position."""
    me, ph, p = state.to_act, state.phase, state.pending
    top = state.discard[-1] if state.discard else None
    ol = state.opening_left
    if len(set(ol)) != len(ol):
        raise InvalidPositionError(f"opening_left {shown(ol)} repeats a seat")
    if (ph == "opening") != bool(ol):
        raise InvalidPositionError(f"phase {shown(ph)} with opening_left {shown(ol)}: the phase is 'opening' exactly when a "
                                   f"seat still owes an opening club")
    if ph == "opening" and ol[0] != me:
        raise InvalidPositionError(f"to_act {me} but seat {ol[0]} owes the next opening club")
    if p and (top is None or RANK[top.index] != SEVEN):
        raise InvalidPositionError(f"pending {p} but the top card is {top or 'missing'}: sevens are pending only "
                                   f"on a 7")
    if p and ph != "play":
        raise InvalidPositionError(f"pending {p} in phase {shown(ph)}: sevens are pending only in play")
    if state.named_suit is not None and (top is None or not names_suit(top.index)):
        raise InvalidPositionError(f"named_suit {shown(start.get('named_suit'))} but the top card is {top or 'missing'}: "
                                   f"only a J or joker names a suit")
    if top is not None and top.index == JOKER and state.named_suit is None:
        raise InvalidPositionError("a joker on top must have a named_suit (PY-J1)")
    if top is not None and names_suit(top.index) and state.named_suit is None and top is not _JC:
        raise InvalidPositionError(f"{top} on top needs a named_suit (only an inert opening JC names none)")
    if ph == "ace" and (top is None or RANK[top.index] != ACE):
        raise InvalidPositionError(f"phase 'ace' but the top card is {top or 'missing'}: an Ace phase follows an Ace")
    for s, x in enumerate(state.hands):
        if not x and not (s == me and ph == "ace" and state.rules.ace_cannot_finish):
            raise InvalidPositionError(f"seat {s} holds no cards: the hand would be over")


def _check_turn_state(state: State, given: str | None) -> None:
    """A ``turn_state`` these rules or this phase never have is an error."""
    if given is None:
        return
    r = state.rules
    need = {"tek_draw": (r.tek and state.phase != "opening", "the tek option and a phase other than opening"),
            "tek": (r.tek and state.phase != "opening", "the tek option and a phase other than opening"),
            "after_penalty": (r.play_after_penalty_draw and state.phase == "play",
                              "play_after_penalty_draw and phase 'play'"),
            "t5": (r.ace_cannot_finish and state.phase == "ace", "ace_cannot_finish and phase 'ace'"),
            "ace_drawn": (r.ace_rule == "all_draw" and state.phase == "ace" and bool(state.hands[state.to_act]),
                          "ace_rule all_draw, phase 'ace' and a card in hand")}
    ok, what = need[given]
    if not ok:
        raise InvalidPositionError(f"turn_state {shown(given)} needs {what}")


def _warnings(state: State) -> list[str]:
    """What could not happen in a real hand, each naming the field and why (docs: "Positions")."""
    r, me, out = state.rules, state.to_act, []
    for s in sorted(state.tek):
        if not r.tek:
            out.append(f"tek lists seat {s}, but the tek option is off: nobody declares tek")
        elif len(state.hands[s]) != 1:
            out.append(f"tek lists seat {s}, which holds {len(state.hands[s])} cards: a declaration is for the last "
                       f"card, and receiving cards cancels it (PY-A18)")
    if state.phase != "ace" and state.drawn > len(state.hands[me]):
        out.append(f"drawn {state.drawn} but seat {me} holds {len(state.hands[me])} cards: outside an Ace's turn the "
                   f"cards drawn this turn are still in hand")
    if state.phase == "ace" and state.drawn > r.deck_size:
        out.append(f"drawn {state.drawn}: more cards than the deck holds ({r.deck_size}), in one turn")
    if (not state.multi_draw and state.phase == "play" and state.drawn >= 2
            and not (r.play_after_penalty_draw and state.turn_state in ("after_penalty", "tek"))):
        out.append(f"drawn {state.drawn} under draw_policy single: a turn draws one card (PY-17T); only the "
                   f"sevens' penalty with play_after_penalty_draw draws more before a play")
    if state.pending > 4 * r.decks:
        out.append(f"pending {state.pending}: the deck has only {4 * r.decks} sevens (PY-19)")
    if state.phase == "opening":
        out += _opening_warnings(state)
    if r.stock_exhaustion == "reshuffle" and state.idle_turns >= state.players:
        out.append(f"idle {state.idle_turns}: after {state.players} turns in a row without a card played the hand is over "
                   f"(PY-28B)")
    if r.stock_exhaustion != "reshuffle" and state.idle_turns:
        out.append(f"idle {state.idle_turns} under stock_exhaustion {r.stock_exhaustion}: turns without a card "
                   f"played are counted only under reshuffle (PY-28B); these rules never read them")
    if state.turns >= SAFETY_VALVE_TURNS:
        out.append(f"turns {state.turns}: the hand would have been stopped after {SAFETY_VALVE_TURNS} turns (PY-F5)")
    return out


def _opening_warnings(state: State) -> list[str]:
    out = []
    if any(SUIT[c.index] is not CLUBS for c in state.discard):
        out.append(f"discard {cards_text(state.discard)} in the opening: opening cards are clubs (PY-06)")
    if state.rules.opening == "first_player" and (len(state.opening_left) > 1 or state.discard):
        out.append(f"opening_left {state.opening_left} and discard {shown(cards_text(state.discard))}: with opening "
                   f"first_player only the opener owes a club, and normal play starts after it (PY-09)")
    if state.direction != 1:
        out.append("direction -1 in the opening: opening cards have no effect, so play still goes clockwise "
                   "(PY-03, PY-08)")
    return out


def derive_turn_state(state: State) -> str | None:
    """The turn state the standard fields imply (decision 13): a one-card undeclared turn start, an empty
    hand in phase ``ace`` (PY-T5), a Turkish extra turn after its draw."""
    me = state.to_act
    if state.phase == "ace":
        if state.rules.ace_cannot_finish and not state.hands[me]:
            return "t5"
        if not state.ace_follow:
            if state.drawn >= 1:
                return "ace_drawn"
            if tek_due(state, me):
                return "tek_draw"
        return None
    if state.phase == "play" and state.drawn == 0 and tek_due(state, me):
        return "tek_draw"
    return None


def write_position(state: State) -> dict[str, Any]:
    """The records.md position (stock top first, discard bottom first, card lists as text)."""
    out: dict[str, Any] = {
        "dealer": state.dealer,
        "hands": [cards_text(x) for x in state.hands],
        "stock": cards_text(reversed(state.stock)),
        "discard": cards_text(state.discard),
        "to_act": None if state.over else state.to_act,
        "direction": state.direction,
        "named_suit": None if state.named_suit is None else state.named_suit.value,
        "pending": state.pending,
        "drawn": 0 if state.over else state.drawn,
        "phase": state.phase,
        "opening_left": list(state.opening_left),
        "tek": sorted(state.tek),
    }
    if state.scores is not None:
        out["scores"] = list(state.scores)
    if not state.over:
        if state.turn_state is not None and state.turn_state != derive_turn_state(state):
            out["turn_state"] = state.turn_state
        if state.turns:
            out["turns"] = state.turns
        if state.idle_turns and state.reshuffles:
            out["idle"] = state.idle_turns
    return out


def complete_position(rules: Any, start: dict[str, Any]) -> dict[str, Any]:
    """A copy of a short position in which every unlisted card is buried in the discard pile under the
    top card (docs/rules-pis-yedili.md, positions), so that the cards make up the deck exactly."""
    from .rules import Rules
    if isinstance(rules, dict):
        rules = Rules.from_dict(rules)
    out = dict(start)
    listed: Counter[Card] = Counter()
    for x in start.get("hands", []):
        listed.update(card_list(x, "hand"))
    listed.update(card_list(start.get("stock"), "stock"))
    discard = card_list(start.get("discard"), "discard")
    listed.update(discard)
    deck = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    over = listed - deck
    if over:
        raise InvalidPositionError(f"too many copies of {cards_text(sorted(over))} for this deck")
    missing = sorted((deck - listed).elements())
    if not discard and missing:
        raise InvalidPositionError("complete_position needs a top card in the discard to bury cards under")
    out["discard"] = [str(c) for c in missing + discard]
    return out
