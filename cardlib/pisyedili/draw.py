"""Drawing from the stock, and rebuilding it from the discards (PY-28, PY-28T, PY-A19, PY-F10).

A reshuffle is chance: during a replay the record's ``reshuffle ...`` entries give the order (checked to
hold exactly the discards under the top card); otherwise the hand's own seeded ``Rng`` shuffles.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card, ascii_lower, cards_text, parse_cards
from ..errors import InvalidCardError, InvalidRecordError, ReshuffleOrderError
from . import events as ev
from .journal import give, restock, tek_off
from .state import Replay, State

__all__ = ["draw_cards", "reshuffle"]


def draw_cards(state: State, seat: int, k: int) -> tuple[list[Card], bool]:
    """Draw up to ``k`` cards for ``seat``; returns ``(cards, stock_ended)``.

    Under ``lowest_hand_wins`` the draw that takes the last stock card is cut short there and ends the hand
    (PY-28, PY-A19: the caller ends it); under ``reshuffle`` an empty stock is rebuilt when a card is owed,
    and a draw with nothing to rebuild from is cut short (PY-28T).  Receiving cards cancels a tek
    declaration (PY-F10).
    """
    got: list[Card] = []
    reshuffles = state.reshuffles
    for _ in range(k):
        if not state.stock:
            if reshuffles and len(state.discard) > 1:
                reshuffle(state)
            else:
                break
        got.append(give(state, seat))
        if not state.stock and not reshuffles:
            break
    if got and state.tek:
        tek_off(state, seat)
    return got, bool(got) and not state.stock and not reshuffles


def reshuffle(state: State) -> None:
    """PY-28T: every discard but the top becomes the new stock, in the record's order or shuffled."""
    under = state.discard[:-1]
    rng_state = None
    if state.replay is not None:
        order = _recorded_order(state.replay, state, under)
    else:
        rng_state = state.generator().getstate()
        order = list(under)
        state.generator().shuffle(order)
    stock = tuple(order)
    restock(state, stock, rng_state)
    if state.move_reshuffles is None:
        state.move_reshuffles = []
    state.move_reshuffles.append(stock)
    state.event_log.append((ev.Reshuffle, stock))


def _recorded_order(replay: Replay, state: State, under: list[Card]) -> list[Card]:
    """The next ``reshuffle ...`` order of the move being replayed, checked against the discards."""
    where = f"move {replay.move}"
    if replay.used >= len(replay.orders):
        raise InvalidRecordError(f"a reshuffle happened at {where} but the record gives no 'reshuffle ...' order "
                                 f"for it")
    k = replay.used
    order = replay.orders[k]
    replay.used += 1
    if isinstance(order, str) and ascii_lower(order.strip()).startswith("reshuffle"):
        order = order.strip()[len("reshuffle"):]
    try:
        order = parse_cards(order)
    except InvalidCardError as e:
        raise ReshuffleOrderError(f"reshuffle order at {where}: {e}", k, str(e)) from None
    if Counter(order) != Counter(under):
        extra = Counter(order) - Counter(under)
        missing = Counter(under) - Counter(order)
        why = (f"must hold exactly the {len(under)} discards under the top card {state.discard[-1]}"
               + (f"; not there: {cards_text(sorted(extra.elements()))}" if extra else "")
               + (f"; missing: {cards_text(sorted(missing.elements()))}" if missing else ""))
        raise ReshuffleOrderError(f"reshuffle at {where} {why}", k, f"the reshuffle {why}")
    return order
