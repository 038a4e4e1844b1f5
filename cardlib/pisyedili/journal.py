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
from typing import Any

from ..cards import Card

__all__ = ["mark", "rewind", "take", "give", "restock", "tek_on", "tek_off", "set_opening_left"]

PLAY, DRAW, RESHUFFLE, TEK_ON, TEK_OFF, OPENING = range(6)


def mark(h: Any) -> tuple:
    """The undo token of the move about to be applied."""
    return (h.to_act, h.direction, h.named, h.pending, h.drawn, h.phase, h.sub, h.turns, h.idle,
            len(h._evlog), len(h._journal), h._legal)


def rewind(h: Any, token: tuple) -> None:
    """Put the hand back exactly as it was when ``token`` was made."""
    (h.to_act, h.direction, h.named, h.pending, h.drawn, h.phase, h.sub, h.turns, h.idle,
     n_events, n_journal, legal) = token
    journal = h._journal
    while len(journal) > n_journal:
        e = journal.pop()
        code = e[0]
        if code == PLAY:
            _, seat, pos, card = e
            h.discard.pop()
            h.hands[seat].insert(pos, card)
            insort(h._sidx[seat], card.index)
        elif code == DRAW:
            seat = e[1]
            c = h.hands[seat].pop()
            h._sidx[seat].remove(c.index)
            h.stock.append(c)
        elif code == TEK_ON:
            h.tek.discard(e[1])
        elif code == TEK_OFF:
            h.tek.add(e[1])
        elif code == OPENING:
            h.opening_left = list(e[1])
        else:  # RESHUFFLE: the stock was empty before it
            h.stock = []
            h.discard[0:0] = e[1]
            if e[2] is not None:
                h.rng.setstate(e[2])
    del h._evlog[n_events:]
    del h._events[n_events:]
    h.over = False
    h.res = None
    h._legal = legal


def take(h: Any, seat: int, card: Card) -> list[Card]:
    """``card`` leaves the seat's hand (its first copy) for the discard pile; returns the hand."""
    hand = h.hands[seat]
    pos = hand.index(card)  # cards are interned and compare by identity: the first copy
    del hand[pos]
    h._sidx[seat].remove(card.index)
    h.discard.append(card)
    h._journal.append((PLAY, seat, pos, card))
    return hand


def give(h: Any, seat: int) -> Card:
    """The top stock card goes to the end of the seat's hand."""
    c = h.stock.pop()
    h.hands[seat].append(c)
    insort(h._sidx[seat], c.index)
    h._journal.append((DRAW, seat))
    return c


def restock(h: Any, order: tuple[Card, ...], rng_state: Any) -> None:
    """The discards under the top card become the stock, ``order`` top first (PY-28T)."""
    h._journal.append((RESHUFFLE, tuple(h.discard[:-1]), rng_state))
    h.stock = list(reversed(order))
    del h.discard[:-1]


def tek_on(h: Any, seat: int) -> None:
    if seat not in h.tek:
        h.tek.add(seat)
        h._journal.append((TEK_ON, seat))


def tek_off(h: Any, seat: int) -> None:
    if seat in h.tek:
        h.tek.discard(seat)
        h._journal.append((TEK_OFF, seat))


def set_opening_left(h: Any, seats: list[int]) -> None:
    h._journal.append((OPENING, tuple(h.opening_left)))
    h.opening_left = seats
