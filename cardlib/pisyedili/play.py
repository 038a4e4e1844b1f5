"""Applying a legal move: what a play, a draw, a pass or an ``end`` does, and how a turn ends.

:func:`apply` is the engine's ``_apply`` hook: it plays one move that :mod:`.legal` allows and returns its
undo token (:mod:`.journal`); :func:`.journal.rewind` takes it back.  The rules are those of docs/rules-pis-yedili.md:
the opening (PY-06..PY-10), special cards (PY-19..PY-24U), drawing and passing (PY-16..PY-18), tek
(PY-T1, PY-T1b), the last Ace (PY-T5) and the end of the hand (PY-26, PY-28, PY-28B, PY-F5).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import ReshuffleOrderError
from . import events as ev
from .draw import draw_cards
from .journal import mark, rewind, set_opening_left, take, tek_off, tek_on
from .legal import can_draw, tek_due
from .moves import Move
from .ranks import ACE, EIGHT, JACK, JOKER, RANK, SEVEN, TEN
from .result import end_out, end_stock
from ..jsonio import shown
from .state import Replay, State, Token

__all__ = ["apply", "SAFETY_VALVE_TURNS", "played_this_turn"]

#: PY-F5: a hand still running after this many turns is stopped and scored like a stock ending
SAFETY_VALVE_TURNS = 2000


def apply(state: State, move: Move, chance: list[Any] | None, number: int) -> Token:
    """Play the legal ``move``, the hand's move ``number`` (0-based); ``chance``: the record's reshuffle
    orders for it.  Returns the undo token; on an error (a bad reshuffle order) the hand is put back as it
    was and the error raised."""
    token = mark(state)
    state.legal = None
    state.move_reshuffles = None
    replay = state.replay = None if chance is None else Replay(list(chance), number + 1)
    try:
        kind = move.kind
        if kind == "play":
            _play(state, move)
        elif kind == "draw":
            _draw(state)
        else:
            _pass(state, kind == "end")
        if replay is not None and replay.used != len(replay.orders):
            done = replay.used
            raise ReshuffleOrderError(
                f"move {shown(str(move))} at move {number + 1}: {len(replay.orders)} reshuffle "
                f"order(s) given but {done} reshuffle(s) happened", done,
                "a reshuffle entry too many: that move " + (
                    "did not reshuffle the stock" if done == 0 else
                    f"reshuffled the stock {'once' if done == 1 else 'twice' if done == 2 else f'{done} times'}"))
    except BaseException:
        rewind(state, token)
        raise
    finally:
        state.replay = None
    if state.move_reshuffles:
        state.reshuffle_orders[number] = state.move_reshuffles
    return token


def _next(state: State, seat: int, steps: int = 1) -> int:
    """PY-03: ``steps`` seats on from ``seat`` in the current direction."""
    return (seat + state.direction * steps) % state.players


# -- playing a card ---------------------------------------------------------------------------------
def _play(state: State, move: Move) -> None:
    """A card leaves the hand for the discard pile (PY-11): its declaration, its named suit, then going out
    (PY-26, PY-T5), the Ace (PY-24, PY-24T) or the effect of a 7, 8 or 10 and the next turn."""
    me = state.to_act
    card = move.card
    assert card is not None                   # a play move has a card
    hand = take(state, me, card)
    log = state.event_log
    opening = state.phase == "opening"
    log.append((ev.Play, me, card, opening))
    if move.tek:                                 # PY-T1
        tek_on(state, me)
        log.append((ev.Tek, me))
    elif state.tek:
        tek_off(state, me)                           # tek lists only declared one-card seats (decision 2)
    if opening:
        _opening_play(state, me, card, hand)
        return
    i = card.index
    rank = RANK[i]
    if i == JOKER or rank == JACK:               # PY-13, PY-J1, PY-F12: names a suit, even going out
        state.named_suit = move.suit
        log.append((ev.NamedSuit, me, move.suit))
    else:
        state.named_suit = None
    if not hand:
        if rank == ACE and state.rules.ace_cannot_finish:
            _last_ace(state, me)                     # PY-T5
        else:
            end_out(state, me, card)                 # PY-26: the last card's effects are not applied
        return
    if rank == ACE:
        _ace(state, me)
        return
    _end_turn(state, _effect(state, me, rank), True)


def _opening_play(state: State, me: int, card: Card, hand: list[Card]) -> None:
    """PY-08: an inert club; the next opener owes theirs (PY-09T), or normal play starts (PY-09)."""
    state.named_suit = None
    left = list(state.opening_left)
    left.remove(me)
    set_opening_left(state, left)
    if not hand:
        end_out(state, me, card)
        return
    _end_turn(state, left[0] if left else _next(state, me), True, "opening" if left else "play")


def _effect(state: State, me: int, rank: int) -> int:
    """The effect of a 7, 8 or 10 (PY-19, PY-22, PY-23, PY-F6; other cards have none, PY-25); returns the
    seat that plays next."""
    if rank == SEVEN:
        state.pending += 1
    elif rank == EIGHT:
        state.event_log.append((ev.Skip, _next(state, me)))
        return _next(state, me, 2)
    elif rank == TEN:
        state.direction = -state.direction
        state.event_log.append((ev.Reverse, state.direction))
        if state.players == 2 and state.rules.two_player_reverse_as_skip:
            return me
    return _next(state, me)


def _ace(state: State, me: int) -> None:
    """PY-24: the optional follow-up in the same turn (a tek penalty lasts the whole turn, PY-F15);
    PY-24T: the others draw one card each, then the Ace's player takes an extra turn (PY-24U)."""
    if state.ace_follow:
        state.phase = "ace"
        if state.turn_state != "tek":
            state.turn_state = None
        return
    if not _ace_draws(state, me):
        _end_turn(state, me, True, "ace")


def _ace_draws(state: State, me: int) -> bool:
    """PY-24T: every other player draws one card, in turn order from the next player; True if the stock
    ran out and ended the hand (PY-28)."""
    draws = []
    for k in range(1, state.players):
        s = _next(state, me, k)
        got, ended = draw_cards(state, s, 1)
        draws.append((s, tuple(got)))
        if ended:
            state.event_log.append((ev.AceDraws, me, tuple(draws)))
            end_stock(state, s)
            return True
    state.event_log.append((ev.AceDraws, me, tuple(draws)))
    return False


def _last_ace(state: State, me: int) -> None:
    """PY-T5 / PY-F9: the others draw for the Ace first (PY-24T), then its player must draw a card; with
    nothing to draw they go out with the Ace at multiplier 1.  ``drawn`` counts on: it is the same turn."""
    if not state.ace_follow and _ace_draws(state, me):
        return
    state.phase = "ace"
    state.turn_state = "t5"
    if not can_draw(state):
        end_out(state, me, state.discard[-1], mult=1)


# -- drawing ----------------------------------------------------------------------------------------
def _draw(state: State) -> None:
    me = state.to_act
    sub = state.turn_state
    log = state.event_log
    if state.phase == "opening":                     # PY-07, PY-F13
        _draw_one(state, me, "opening")
        return
    if sub == "tek_draw" and can_draw(state):        # PY-T1b: the forced draw first (decision 7)
        log.append((ev.TekPenalty, me))
        state.turn_state = "tek"
        _draw_one(state, me, "tek")
        return
    if state.pending:
        _sevens_penalty(state, me)
        return
    if _draw_one(state, me, "ace" if sub == "t5" else "draw"):
        return
    if sub == "t5" and len(state.hands[me]) == 0:
        end_out(state, me, state.discard[-1], mult=1)    # PY-F9: nothing could be drawn
    elif state.phase == "ace" and sub is None:
        state.turn_state = "ace_drawn"                      # PY-24U, PY-F7


def _draw_one(state: State, me: int, why: str) -> bool:
    """Draw one card for ``me``; True if that ended the hand (the last stock card, PY-28)."""
    got, ended = draw_cards(state, me, 1)
    state.drawn += len(got)
    state.event_log.append((ev.Draw, me, tuple(got), why))
    if ended:
        end_stock(state, me)
    return ended


def _sevens_penalty(state: State, me: int) -> None:
    """PY-20, PY-F1: draw 3 x c (or the doubling count), c returns to 0 and the turn ends; with
    ``play_after_penalty_draw`` one play on the spent 7 or a pass follows (PY-F2), under the tek penalty
    if the turn has one (PY-F15)."""
    c = state.pending
    owed = state.rules.sevens_owed(c)
    got, ended = draw_cards(state, me, owed)
    state.pending = 0
    state.event_log.append((ev.PenaltyDraw, me, c, owed, tuple(got)))
    if ended:
        end_stock(state, me)
    elif state.rules.play_after_penalty_draw:
        state.drawn += len(got)
        state.turn_state = "tek" if state.turn_state in ("tek", "tek_draw") else "after_penalty"
    else:
        _end_turn(state, _next(state, me), False)


# -- passing and the end of a turn ------------------------------------------------------------------
def played_this_turn(state: State) -> bool:
    """Whether the player to act has played a card this turn: after a classic Ace (PY-24) and during the
    PY-T5 draw; a Turkish Ace extra turn is a new turn (PY-F7)."""
    return state.phase == "ace" and (state.ace_follow or state.turn_state == "t5")


def _pass(state: State, is_end: bool) -> None:
    me = state.to_act
    state.event_log.append((ev.Pass, me, is_end))
    if state.phase == "opening":
        # PY-10, PY-F13: no club and nothing to draw; the duty moves on (decision 4)
        left = list(state.opening_left)
        left.remove(me)
        if not left and not state.discard:
            left.append(_next(state, me))
        set_opening_left(state, left)
        _end_turn(state, left[0] if left else _next(state, me), False, "opening" if left else "play")
        return
    if state.turn_state == "t5" and state.tek_rule:
        tek_on(state, me)                            # PY-F9: keeping the drawn card counts as tek (with tek on)
    _end_turn(state, _next(state, me), played_this_turn(state))


def _end_turn(state: State, nxt: int, played: bool, phase: str = "play") -> None:
    """A turn ends: count it (PY-28B, PY-F4, PY-F5), then ``nxt`` begins one in ``phase``."""
    state.turns += 1
    state.idle_turns = 0 if played else state.idle_turns + 1
    if not played and state.reshuffles and state.idle_turns >= state.players:
        state.event_log.append((ev.NoPlay, state.idle_turns))
        end_stock(state, None, reason="no_play")
    elif state.turns >= SAFETY_VALVE_TURNS:
        state.event_log.append((ev.SafetyValve, state.turns))
        end_stock(state, None, reason="safety_valve")
    else:
        begin_turn(state, nxt, phase)


def begin_turn(state: State, seat: int, phase: str) -> None:
    """``seat`` begins a turn; one undeclared last card means the tek penalty (PY-T1b; not in the
    opening, PY-F10)."""
    state.to_act = seat
    state.phase = phase
    state.drawn = 0
    state.turn_state = "tek_draw" if state.tek_rule and phase != "opening" and tek_due(state, seat) else None
