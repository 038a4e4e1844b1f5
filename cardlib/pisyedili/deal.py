"""Dealing a hand (PY-05, PY-05b) and reading a deal as a start (a start without ``to_act``).

The deck is ``make_deck(decks, jokers_per_deck)`` shuffled by ``cardlib.rng.Rng(seed)``; card ``k`` goes
to seat ``(dealer + 1 + k) mod n`` until everyone has 7, and the rest is the stock (top first), with no
upcard.  With ``deal_packets`` (PY-05b) the same shuffled deck is dealt in packets, clockwise from the
dealer's left: 4 cards to each player in turn, then 3 each (``4-3``), or 3, then 2, then 2 (``3-2-2``);
only which card goes to whom changes, and the stock is the same 52 - 7n cards.  The opener is the dealer's left (PY-06); with ``first_round`` every seat owes an opening club,
in turn from the opener (PY-09T).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, make_deck
from ..errors import InvalidPositionError
from ..seeds import deal_seed
from ..rng import Rng
from . import events as ev
from .play import begin_turn
from .position import seat_of
from .rules import HAND_SIZE, PACKETS, Rules
from .state import State
from ..jsonio import shown

__all__ = ["shuffled_deck", "deal_cards", "deal_hands", "read_deal", "DEAL_FIELDS"]

#: what a deal may not set: the fields of a hand in progress (give ``to_act`` for a position)
DEAL_FIELDS = ("direction", "named_suit", "pending", "drawn", "phase", "opening_left", "tek", "turn_state",
               "turns", "idle")
_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def shuffled_deck(rules: Rules, seed: int) -> list[Card]:
    """``make_deck`` for these rules, shuffled by ``Rng(seed)``."""
    key = (rules.decks, rules.jokers_per_deck)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = tuple(make_deck(*key))
    out = list(deck)
    Rng(seed).shuffle(out)
    return out


def deal_hands(deck: list[Card], n: int, dealer: int, packets: tuple[int, ...] = PACKETS[1]) -> list[list[Card]]:
    """The hands dealt from ``deck`` (top first) by ``dealer`` to ``n`` seats in ``packets`` (PY-05, PY-05b):
    each packet size in turn goes to every player, clockwise from the dealer's left.

    >>> from cardlib import parse_cards
    >>> deck = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD")    # 2 players, dealer seat 1
    >>> [" ".join(map(str, x)) for x in deal_hands(deck, 2, 1, (4, 3))]
    ['AC 2C 3C 4C 9C 10C JC', '5C 6C 7C 8C QC KC AD']
    """
    if packets == (1,) * len(packets):
        m = len(packets) * n
        return [deck[(s - dealer - 1) % n:m:n] for s in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    k = 0
    for size in packets:
        for i in range(n):
            hands[(dealer + 1 + i) % n].extend(deck[k:k + size])
            k += size
    return hands


def deal_cards(state: State, seed: int, dealer: int | None) -> None:
    """Deal the hand ``h`` from ``seed`` (PY-05, in packets PY-05b) and begin the opening."""
    n = state.players
    dealer = n - 1 if dealer is None else seat_of(dealer, "dealer", n)
    seed = deal_seed(seed)              # a whole number 0 .. 2**64 - 1, never None read as 0 (issue 28, A7)
    deck = shuffled_deck(state.rules, seed)
    m = HAND_SIZE * n
    state.dealer = dealer
    state.rng_seed = seed
    state.hands = deal_hands(deck, n, dealer, state.rules.packets)
    state.held = [sorted(c.index for c in x) for x in state.hands]
    state.stock = deck[:m - 1:-1]             # internally the top card is last
    state.discard = []
    state.start = {"dealer": dealer, "seed": seed, "hands": [tuple(x) for x in state.hands], "stock": tuple(deck[m:])}
    _begin(state)


def read_deal(state: State, start: dict[str, Any], seed: int | None) -> list[str]:
    """A deal given card by card (``hands``, ``stock``; cards already read): returns the warnings."""
    extra = [f for f in DEAL_FIELDS if f in start]
    if state.discard:
        extra.append("discard")
    if extra:
        raise InvalidPositionError(f"a deal (no to_act) cannot set {shown(extra[0])}; give to_act for a position")
    empty = [s for s, x in enumerate(state.hands) if not x]
    if empty:
        raise InvalidPositionError(f"seat {empty[0]} holds no cards: the hand would be over")
    out: dict[str, Any] = {"dealer": state.dealer}
    if seed is not None:
        out["seed"] = seed
    out["hands"] = [tuple(x) for x in state.hands]
    out["stock"] = tuple(reversed(state.stock))
    state.start = out
    _begin(state)
    return [f"hand of seat {s}: {len(x)} cards; a deal gives {HAND_SIZE} cards to each player (PY-05)"
            for s, x in enumerate(state.hands) if len(x) != HAND_SIZE]


def _begin(state: State) -> None:
    n = state.players
    first = (state.dealer + 1) % n
    state.opening_left = [first] if state.rules.opening == "first_player" else [(first + i) % n for i in range(n)]
    packets = state.rules.packets
    state.event_log.append((ev.Deal, state.dealer, HAND_SIZE, len(state.stock), packets if packets[0] > 1 else ()))
    begin_turn(state, first, "opening")
