"""Dealing a hand (NJ-10, NJ-11), reading a deal as a start (a start without ``to_act``), and the stakes
(NJ-06, NJ-08).

The deck is ``make_deck()`` shuffled by ``cardlib.rng.Rng(seed)``; card ``k`` goes to seat
``(dealer + 1 + k) mod n`` until everyone has their cards (NJ-02), and the rest is the dead stock.  Every
player then stakes 15 chips on the board (NJ-06) and the dealer's left leads (NJ-12).

>>> from cardlib.saricuce import Hand, Rules
>>> state = Hand.deal(Rules(players=3), seed=1).state
>>> len(state.hands[0]), len(state.dead), state.chips, state.to_act
(15, 7, [85, 85, 85], 0)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, cards_text
from ..errors import InvalidPositionError
from ..jsonio import shown
from ..rng import Rng
from ..seeds import deal_seed
from . import events as ev
from .fields import check_deck, check_total, read_board, read_cards, read_chips, read_hands, read_seat
from .ranks import CARD
from .rules import BOX_NAMES, STAKE_PER_PLAYER, STAKES
from .state import State

__all__ = ["deal_cards", "read_deal", "DEAL_FIELDS"]

#: the fields of a deal (records.md; a position also has ``to_act``)
DEAL_FIELDS = ("dealer", "hands", "dead", "chips", "board", "seed")


def deal_cards(state: State, seed: int, dealer: int | None, chips: Any = None, board: Any = None) -> None:
    """Deal from ``seed`` (NJ-11) with ``chips`` and ``board`` before the stakes (defaults: ``starting_chips``
    each, an empty board), then take the stakes."""
    rules = state.rules
    n = rules.players
    dealer = n - 1 if dealer is None else read_seat("dealer", dealer, n)
    deck = list(CARD)
    Rng(deal_seed(seed)).shuffle(deck)        # never None read as seed 0 (issue 28, A7)
    k = rules.cards_per_player
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(n * k):
        hands[(dealer + 1 + i) % n].append(deck[i])
    chips = read_chips(list(chips) if isinstance(chips, (list, tuple)) else
                       [rules.starting_chips] * n if chips is None else chips, n)
    boxes = read_board(board) if board is not None else [0, 0, 0, 0, 0]
    _stakes(state, dealer, hands, deck[n * k:], chips, boxes)


def read_deal(state: State, start: dict[str, Any]) -> None:
    """A deal given card by card (``hands``, ``dead``, optionally ``dealer``, ``chips``, ``board``), checked
    against the deal table (NJ-02, NJ-11) and the deck (NJ-01)."""
    rules = state.rules
    n, k = rules.players, rules.cards_per_player
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
    _stakes(state, dealer, hands, dead, chips, board)


def _stakes(state: State, dealer: int, hands: list[list[Card]], dead: list[Card], chips: list[int],
            board: list[int]) -> None:
    """A checked deal: NJ-08/F1, then the stakes (NJ-06); seat dealer+1 leads (NJ-12)."""
    rules = state.rules
    n = rules.players
    check_total(rules, chips, board, "before the stakes")
    poor = [s for s in range(n) if chips[s] < STAKE_PER_PLAYER]
    if poor:
        raise InvalidPositionError(
            "start: " + ", ".join(f"seat {s} has {chips[s]} chips" for s in poor) +
            f" in {shown(chips)}: a hand needs 15 chips from every player, so this deal cannot be played "
            "and the game is over (NJ-08, NJ-F1)")
    # the start is written out lazily (Hand.start()): the cards as dealt, chips and board before the stakes
    state.start = (dealer, [list(h) for h in hands], list(dead), list(chips), list(board))
    state.dealer, state.hands, state.dead = dealer, hands, dead
    state.chips = [c - STAKE_PER_PLAYER for c in chips]
    state.board = [b + stake * n for b, stake in zip(board, STAKES)]
    state.count_ranks()
    state.event_log.append((ev.Deal, dealer, rules.cards_per_player, len(dead)))
    state.event_log.append((ev.Stakes, n, STAKES, tuple(state.board)))
    state.to_act = (dealer + 1) % n
