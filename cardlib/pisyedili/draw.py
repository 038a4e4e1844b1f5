"""Drawing from the stock, and rebuilding it from the discards (PY-28, PY-28T, PY-A19, PY-F10).

A reshuffle is chance: during a replay the record's ``reshuffle ...`` entries give the order (checked to
hold exactly the discards under the top card); otherwise the hand's own seeded ``Rng`` shuffles.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import Card, ascii_lower, cards_text, parse_cards
from ..errors import InvalidCardError, InvalidRecordError, ReshuffleOrderError
from . import events as ev
from .journal import give, restock, tek_off

__all__ = ["draw_cards", "reshuffle"]


def draw_cards(h: Any, seat: int, k: int) -> tuple[list[Card], bool]:
    """Draw up to ``k`` cards for ``seat``; returns ``(cards, stock_ended)``.

    Under ``lowest_hand_wins`` the draw that takes the last stock card is cut short there and ends the hand
    (PY-28, PY-A19: the caller ends it); under ``reshuffle`` an empty stock is rebuilt when a card is owed,
    and a draw with nothing to rebuild from is cut short (PY-28T).  Receiving cards cancels a tek
    declaration (PY-F10).
    """
    got: list[Card] = []
    reshuffles = h._reshuffles
    for _ in range(k):
        if not h.stock:
            if reshuffles and len(h.discard) > 1:
                reshuffle(h)
            else:
                break
        got.append(give(h, seat))
        if not h.stock and not reshuffles:
            break
    if got and h.tek:
        tek_off(h, seat)
    return got, bool(got) and not h.stock and not reshuffles


def reshuffle(h: Any) -> None:
    """PY-28T: every discard but the top becomes the new stock, in the record's order or shuffled."""
    under = h.discard[:-1]
    state = None
    if h._chance is not None:
        order = _recorded_order(h, under)
    else:
        state = h.rng.getstate()
        order = list(under)
        h.rng.shuffle(order)
    stock = tuple(order)
    restock(h, stock, state)
    if h._move_shuffles is None:
        h._move_shuffles = []
    h._move_shuffles.append(stock)
    h._evlog.append((ev.Reshuffle, stock))


def _recorded_order(h: Any, under: list[Card]) -> list[Card]:
    """The next ``reshuffle ...`` order of the move being replayed, checked against the discards."""
    where = f"move {len(h.move_stack) + 1}"
    if h._chance_i >= len(h._chance):
        raise InvalidRecordError(f"a reshuffle happened at {where} but the record gives no 'reshuffle ...' order "
                                 f"for it")
    k = h._chance_i
    order = h._chance[k]
    h._chance_i += 1
    if isinstance(order, str) and ascii_lower(order.strip()).startswith("reshuffle"):
        order = order.strip()[len("reshuffle"):]
    try:
        order = parse_cards(order)
    except InvalidCardError as e:
        raise ReshuffleOrderError(f"reshuffle order at {where}: {e}", k, str(e)) from None
    if Counter(order) != Counter(under):
        extra = Counter(order) - Counter(under)
        missing = Counter(under) - Counter(order)
        why = (f"must hold exactly the {len(under)} discards under the top card {h.discard[-1]}"
               + (f"; not there: {cards_text(sorted(extra.elements()))}" if extra else "")
               + (f"; missing: {cards_text(sorted(missing.elements()))}" if missing else ""))
        raise ReshuffleOrderError(f"reshuffle at {where} {why}", k, f"the reshuffle {why}")
    return order
