"""Undo: every change a move makes to the piles and lists goes through the few functions here, which also
write it down in the hand's journal; taking a move back replays its journal entries backwards.

A move's undo token (:func:`mark`) is the hand's scalar fields, its cached legal moves and the lengths of
the journal and the event log when the move began.  The journal entries are small tuples:

- ``(PLAY, seat, pos, card)``: ``card`` went from position ``pos`` of the seat's hand to the discard pile;
- ``(DRAW, seat)``: the top stock card went to the end of the seat's hand;
- ``(RESHUFFLE, under, rng_state)``: the discards ``under`` the top card became the (empty) stock, shuffled
  from ``rng_state`` (``None`` when a record gave the order);
- ``(TEK_ON, seat)`` / ``(TEK_OFF, seat)``: the seat joined or left ``tek``;
- ``(OPENING, seats)``: ``opening_left`` was ``seats`` before.

Nothing is copied on a common move: a play or a draw costs one tuple.
"""

from __future__ import annotations

from bisect import insort

from ..cards import Card
from .state import State, Token

__all__ = ["mark", "rewind", "take", "give", "restock", "tek_on", "tek_off", "set_opening_left"]

PLAY, DRAW, RESHUFFLE, TEK_ON, TEK_OFF, OPENING = range(6)


def mark(state: State) -> Token:
    """The undo token of the move about to be applied."""
    return (state.to_act, state.direction, state.named_suit, state.pending, state.drawn, state.phase, state.turn_state, state.turns, state.idle_turns,
            len(state.event_log), len(state.journal), state.legal)


def rewind(state: State, token: Token) -> None:
    """Put the hand back exactly as it was when ``token`` was made."""
    (state.to_act, state.direction, state.named_suit, state.pending, state.drawn, state.phase, state.turn_state, state.turns, state.idle_turns,
     n_events, n_journal, legal) = token
    journal = state.journal
    while len(journal) > n_journal:
        e = journal.pop()
        code = e[0]
        if code == PLAY:
            _, seat, pos, card = e
            state.discard.pop()
            state.hands[seat].insert(pos, card)
            insort(state.held[seat], card.index)
        elif code == DRAW:
            seat = e[1]
            c = state.hands[seat].pop()
            state.held[seat].remove(c.index)
            state.stock.append(c)
        elif code == TEK_ON:
            state.tek.discard(e[1])
        elif code == TEK_OFF:
            state.tek.add(e[1])
        elif code == OPENING:
            state.opening_left = list(e[1])
        else:  # RESHUFFLE: the stock was empty before it
            state.stock = []
            state.discard[0:0] = e[1]
            if e[2] is not None:
                state.generator().setstate(e[2])
    del state.event_log[n_events:]
    del state.events[n_events:]
    state.over = False
    state.result = None
    state.legal = legal


def take(state: State, seat: int, card: Card) -> list[Card]:
    """``card`` leaves the seat's hand (its first copy) for the discard pile; returns the hand."""
    hand = state.hands[seat]
    pos = hand.index(card)  # cards are interned and compare by identity: the first copy
    del hand[pos]
    state.held[seat].remove(card.index)
    state.discard.append(card)
    state.journal.append((PLAY, seat, pos, card))
    return hand


def give(state: State, seat: int) -> Card:
    """The top stock card goes to the end of the seat's hand."""
    c = state.stock.pop()
    state.hands[seat].append(c)
    insort(state.held[seat], c.index)
    state.journal.append((DRAW, seat))
    return c


def restock(state: State, order: tuple[Card, ...], rng_state: int | None) -> None:
    """The discards under the top card become the stock, ``order`` top first (PY-28T)."""
    state.journal.append((RESHUFFLE, tuple(state.discard[:-1]), rng_state))
    state.stock = list(reversed(order))
    del state.discard[:-1]


def tek_on(state: State, seat: int) -> None:
    if seat not in state.tek:
        state.tek.add(seat)
        state.journal.append((TEK_ON, seat))


def tek_off(state: State, seat: int) -> None:
    if seat in state.tek:
        state.tek.discard(seat)
        state.journal.append((TEK_OFF, seat))


def set_opening_left(state: State, seats: list[int]) -> None:
    state.journal.append((OPENING, tuple(state.opening_left)))
    state.opening_left = seats
