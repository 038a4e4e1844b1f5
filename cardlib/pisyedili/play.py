"""Applying a legal move: what a play, a draw, a pass or an ``end`` does, and how a turn ends.

:func:`apply` is the engine's ``_apply`` hook: it plays one move that :mod:`.legal` allows and returns its
undo token (:mod:`.journal`); :func:`.journal.rewind` takes it back.  The rules are those of docs/rules-pis-yedili.md:
the opening (PY-06..PY-10), special cards (PY-19..PY-24U), drawing and passing (PY-16..PY-18), tek
(PY-T1, PY-T1b), the last Ace (PY-T5) and the end of the hand (PY-26, PY-28, PY-28B, PY-F5).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import InvalidRecordError, ReshuffleOrderError
from . import events as ev
from .draw import draw_cards
from .journal import mark, rewind, set_opening_left, take, tek_off, tek_on
from .legal import can_draw, tek_due
from .moves import Move
from .ranks import ACE, EIGHT, JACK, JOKER, RANK, SEVEN, TEN
from .result import end_out, end_stock
from ..jsonio import shown

__all__ = ["apply", "SAFETY_VALVE_TURNS", "played_this_turn"]

#: PY-F5: a hand still running after this many turns is stopped and scored like a stock ending
SAFETY_VALVE_TURNS = 2000


def apply(h: Any, move: Move, chance: Any = None) -> tuple:
    """Play the legal ``move``; ``chance``: the record's reshuffle orders for it.  Returns the undo token;
    on an error (a bad reshuffle order) the hand is put back as it was and the error raised."""
    token = mark(h)
    h._legal = None
    h._move_shuffles = None
    if chance is not None:
        h._chance = list(chance)
        h._chance_i = 0
    try:
        kind = move.kind
        if kind == "play":
            _play(h, move)
        elif kind == "draw":
            _draw(h)
        else:
            _pass(h, kind == "end")
        if chance is not None and h._chance_i != len(h._chance):
            done = h._chance_i
            raise ReshuffleOrderError(
                f"move {shown(str(move))} at move {len(h.move_stack) + 1}: {len(h._chance)} reshuffle "
                f"order(s) given but {done} reshuffle(s) happened", done,
                "a reshuffle entry too many: that move " + (
                    "did not reshuffle the stock" if done == 0 else
                    f"reshuffled the stock {'once' if done == 1 else 'twice' if done == 2 else f'{done} times'}"))
    except BaseException:
        rewind(h, token)
        raise
    finally:
        h._chance = None
    if h._move_shuffles:
        h._shuffles[len(h.move_stack)] = h._move_shuffles
    return token


def _next(h: Any, seat: int, steps: int = 1) -> int:
    """PY-03: ``steps`` seats on from ``seat`` in the current direction."""
    return (seat + h.direction * steps) % h.players


# -- playing a card ---------------------------------------------------------------------------------
def _play(h: Any, move: Move) -> None:
    """A card leaves the hand for the discard pile (PY-11): its declaration, its named suit, then going out
    (PY-26, PY-T5), the Ace (PY-24, PY-24T) or the effect of a 7, 8 or 10 and the next turn."""
    me = h.to_act
    card = move.card
    assert card is not None                   # a play move has a card
    hand = take(h, me, card)
    log = h._evlog
    opening = h.phase == "opening"
    log.append((ev.Play, me, card, opening))
    if move.tek:                                 # PY-T1
        tek_on(h, me)
        log.append((ev.Tek, me))
    elif h.tek:
        tek_off(h, me)                           # tek lists only declared one-card seats (decision 2)
    if opening:
        _opening_play(h, me, card, hand)
        return
    i = card.index
    rank = RANK[i]
    if i == JOKER or rank == JACK:               # PY-13, PY-J1, PY-F12: names a suit, even going out
        h.named = move.suit
        log.append((ev.NamedSuit, me, move.suit))
    else:
        h.named = None
    if not hand:
        if rank == ACE and h.rules.ace_cannot_finish:
            _last_ace(h, me)                     # PY-T5
        else:
            end_out(h, me, card)                 # PY-26: the last card's effects are not applied
        return
    if rank == ACE:
        _ace(h, me)
        return
    _end_turn(h, _effect(h, me, rank), True)


def _opening_play(h: Any, me: int, card: Card, hand: list[Card]) -> None:
    """PY-08: an inert club; the next opener owes theirs (PY-09T), or normal play starts (PY-09)."""
    h.named = None
    left = list(h.opening_left)
    left.remove(me)
    set_opening_left(h, left)
    if not hand:
        end_out(h, me, card)
        return
    _end_turn(h, left[0] if left else _next(h, me), True, "opening" if left else "play")


def _effect(h: Any, me: int, rank: int) -> int:
    """The effect of a 7, 8 or 10 (PY-19, PY-22, PY-23, PY-F6; other cards have none, PY-25); returns the
    seat that plays next."""
    if rank == SEVEN:
        h.pending += 1
    elif rank == EIGHT:
        h._evlog.append((ev.Skip, _next(h, me)))
        return _next(h, me, 2)
    elif rank == TEN:
        h.direction = -h.direction
        h._evlog.append((ev.Reverse, h.direction))
        if h.players == 2 and h.rules.two_player_reverse_as_skip:
            return me
    return _next(h, me)


def _ace(h: Any, me: int) -> None:
    """PY-24: the optional follow-up in the same turn (a tek penalty lasts the whole turn, PY-F15);
    PY-24T: the others draw one card each, then the Ace's player takes an extra turn (PY-24U)."""
    if h._follow:
        h.phase = "ace"
        if h.sub != "tek":
            h.sub = None
        return
    if not _ace_draws(h, me):
        _end_turn(h, me, True, "ace")


def _ace_draws(h: Any, me: int) -> bool:
    """PY-24T: every other player draws one card, in turn order from the next player; True if the stock
    ran out and ended the hand (PY-28)."""
    draws = []
    for k in range(1, h.players):
        s = _next(h, me, k)
        got, ended = draw_cards(h, s, 1)
        draws.append((s, tuple(got)))
        if ended:
            h._evlog.append((ev.AceDraws, me, tuple(draws)))
            end_stock(h, s)
            return True
    h._evlog.append((ev.AceDraws, me, tuple(draws)))
    return False


def _last_ace(h: Any, me: int) -> None:
    """PY-T5 / PY-F9: the others draw for the Ace first (PY-24T), then its player must draw a card; with
    nothing to draw they go out with the Ace at multiplier 1.  ``drawn`` counts on: it is the same turn."""
    if not h._follow and _ace_draws(h, me):
        return
    h.phase = "ace"
    h.sub = "t5"
    if not can_draw(h):
        end_out(h, me, h.discard[-1], mult=1)


# -- drawing ----------------------------------------------------------------------------------------
def _draw(h: Any) -> None:
    me = h.to_act
    sub = h.sub
    log = h._evlog
    if h.phase == "opening":                     # PY-07, PY-F13
        _draw_one(h, me, "opening")
        return
    if sub == "tek_draw" and can_draw(h):        # PY-T1b: the forced draw first (decision 7)
        log.append((ev.TekPenalty, me))
        h.sub = "tek"
        _draw_one(h, me, "tek")
        return
    if h.pending:
        _sevens_penalty(h, me)
        return
    if _draw_one(h, me, "ace" if sub == "t5" else "draw"):
        return
    if sub == "t5" and len(h.hands[me]) == 0:
        end_out(h, me, h.discard[-1], mult=1)    # PY-F9: nothing could be drawn
    elif h.phase == "ace" and sub is None:
        h.sub = "ace_drawn"                      # PY-24U, PY-F7


def _draw_one(h: Any, me: int, why: str) -> bool:
    """Draw one card for ``me``; True if that ended the hand (the last stock card, PY-28)."""
    got, ended = draw_cards(h, me, 1)
    h.drawn += len(got)
    h._evlog.append((ev.Draw, me, tuple(got), why))
    if ended:
        end_stock(h, me)
    return ended


def _sevens_penalty(h: Any, me: int) -> None:
    """PY-20, PY-F1: draw 3 x c (or the doubling count), c returns to 0 and the turn ends; with
    ``play_after_penalty_draw`` one play on the spent 7 or a pass follows (PY-F2), under the tek penalty
    if the turn has one (PY-F15)."""
    c = h.pending
    owed = h.rules.sevens_owed(c)
    got, ended = draw_cards(h, me, owed)
    h.pending = 0
    h._evlog.append((ev.PenaltyDraw, me, c, owed, tuple(got)))
    if ended:
        end_stock(h, me)
    elif h.rules.play_after_penalty_draw:
        h.drawn += len(got)
        h.sub = "tek" if h.sub in ("tek", "tek_draw") else "after_penalty"
    else:
        _end_turn(h, _next(h, me), False)


# -- passing and the end of a turn ------------------------------------------------------------------
def played_this_turn(h: Any) -> bool:
    """Whether the player to act has played a card this turn: after a classic Ace (PY-24) and during the
    PY-T5 draw; a Turkish Ace extra turn is a new turn (PY-F7)."""
    return h.phase == "ace" and (h._follow or h.sub == "t5")


def _pass(h: Any, is_end: bool) -> None:
    me = h.to_act
    h._evlog.append((ev.Pass, me, is_end))
    if h.phase == "opening":
        # PY-10, PY-F13: no club and nothing to draw; the duty moves on (decision 4)
        left = list(h.opening_left)
        left.remove(me)
        if not left and not h.discard:
            left.append(_next(h, me))
        set_opening_left(h, left)
        _end_turn(h, left[0] if left else _next(h, me), False, "opening" if left else "play")
        return
    if h.sub == "t5" and h._tek_rule:
        tek_on(h, me)                            # PY-F9: keeping the drawn card counts as tek (with tek on)
    _end_turn(h, _next(h, me), played_this_turn(h))


def _end_turn(h: Any, nxt: int, played: bool, phase: str = "play") -> None:
    """A turn ends: count it (PY-28B, PY-F4, PY-F5), then ``nxt`` begins one in ``phase``."""
    h.turns += 1
    h.idle = 0 if played else h.idle + 1
    if not played and h._reshuffles and h.idle >= h.players:
        h._evlog.append((ev.NoPlay, h.idle))
        end_stock(h, None, reason="no_play")
    elif h.turns >= SAFETY_VALVE_TURNS:
        h._evlog.append((ev.SafetyValve, h.turns))
        end_stock(h, None, reason="safety_valve")
    else:
        begin_turn(h, nxt, phase)


def begin_turn(h: Any, seat: int, phase: str) -> None:
    """``seat`` begins a turn; one undeclared last card means the tek penalty (PY-T1b; not in the
    opening, PY-F10)."""
    h.to_act = seat
    h.phase = phase
    h.drawn = 0
    h.sub = "tek_draw" if h._tek_rule and phase != "opening" and tek_due(h, seat) else None
