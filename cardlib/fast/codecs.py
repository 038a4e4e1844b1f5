"""What the fast engines' replay reads, through the reference engines: a start and its moves in, codes out.

The compiled kernels take numbers (card indices, move codes, a work array); people write records.md
starts and move texts.  Between the two stands only this module, and it reads nothing itself: a start is
read and checked by the game's own ``Hand.from_start`` (:func:`cardlib.records.hand_at_start`), a move by
the game's own ``Move.parse``, and a reshuffle entry by :meth:`cardlib.records.Record.steps`.  So a
malformed card, a start whose cards do not make the deck, or chips a hand cannot start from get the same
error, with the same words, in ``fast.replay`` as in ``cardlib replay``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import Suit, make_deck
from ..errors import CardlibError, InvalidMoveError, InvalidPositionError
from ..games import find_game
from ..records import Record, hand_at_start
from ..pisyedili.kernel import _kernel as _py
from ..saricuce.kernel import _codes
from ..jsonio import shown

__all__ = ["deal_hand", "nj_deal", "nj_moves", "py_deal", "py_moves", "card_text"]

#: a named suit's code in a Pis Yedili move: 1 + its place in ``Suit`` (0: no suit named)
_SUIT_CODE = {suit: k + 1 for k, suit in enumerate(Suit)}
#: a card's text by its index (the kernels' card codes; 52 is the joker)
_CARD_TEXT = [str(card) for card in make_deck(1, 1)]


def card_text(index: int) -> str:
    """The text of the card with kernel code ``index``."""
    return _CARD_TEXT[index]


def deal_hand(game: str, rules: Any, start: Any):
    """The reference hand at ``start``, which must be a deal (nobody has moved yet): the fast replay
    plays whole hands from their deal.  Every field is checked by the game's engine, strictly."""
    spec = find_game(game)
    if not isinstance(start, dict):
        raise InvalidPositionError(f"start {shown(start)} is not a dict")
    if start.get("to_act") is not None or "needed" in start or "phase" in start:
        raise InvalidPositionError(
            "the fast replay starts from a deal, not from a position in the middle of a hand (to_act)")
    if not isinstance(rules, spec.rules):
        rules = spec.make_rules(rules)
    return hand_at_start(spec, rules, start, strict=True)


def nj_deal(hand: Any) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """A Sarı Cüce deal as the kernel takes it: ``(dealer, loc, chips, board)``: where each card is (a
    seat, or dead), and the chips and boxes before the stakes."""
    start = hand.start()
    loc = np.full(52, _codes.DEAD, dtype=np.int64)
    for seat, cards in enumerate(hand.hands):
        for card in cards:
            loc[card.index] = seat
    chips = np.array(start["chips"], dtype=np.int64)
    board = np.array(list(start["board"].values()), dtype=np.int64)
    return hand.dealer, loc, chips, board


def _parse(spec: Any, i: int, text: Any) -> Any:
    if not isinstance(text, str):
        raise InvalidMoveError(f"move {i} {shown(text)} is not text")
    try:
        return spec.move.parse(text)
    except CardlibError as exc:
        raise InvalidMoveError(f"move {i} {shown(text)}: {exc}") from None


def nj_moves(moves: list) -> np.ndarray:
    """Sarı Cüce move texts as kernel codes (a card's index, or ``STOP``)."""
    spec = find_game("sari-cuce")
    script = np.empty(len(moves), dtype=np.int64)
    for i, text in enumerate(moves):
        move = _parse(spec, i, text)
        script[i] = _codes.STOP if move.is_stop else move.card.index
    return script


def py_deal(hand: Any, W: np.ndarray) -> None:
    """Write a Pis Yedili deal into the kernel's work array ``W``: the hands (a mask and counts a seat) and the
    stock (bottom first); a deal's discard pile is empty (PY-05)."""
    if hand.discard:
        raise InvalidPositionError("a deal starts with an empty discard pile (PY-05)")
    for seat, cards in enumerate(hand.hands):
        _py.set_hand(W, seat, [c.index for c in cards])
    for k, card in enumerate(hand.stock):        # the reference keeps its stock bottom first too
        W[_py.STOCK + k] = card.index
    W[_py.SN] = len(hand.stock)


_KIND_CODE = {"draw": _py.DRAW, "pass": _py.PASS, "end": _py.END}


def py_moves(moves: list) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Pis Yedili move texts (with ``reshuffle ...`` entries) as ``(script, CH, plain)``: the kernel's
    move codes (``card * 16 + named suit * 2 + tek``, or DRAW/PASS/END), its reshuffle table ``CH``
    (count, then after which move, how many cards, the cards) and the move texts without the entries."""
    spec = find_game("pis-yedili")
    steps = Record(game=spec.name, rules={}, start={}, moves=list(moves), source="moves").steps()
    script = np.empty(len(steps), dtype=np.int64)
    at: list[int] = []
    sizes: list[int] = []
    cards: list[int] = []
    plain: list[str] = []
    for k, (i, text, orders) in enumerate(steps):
        move = _parse(spec, k, text)
        if move.kind in _KIND_CODE:
            script[k] = _KIND_CODE[move.kind]
        else:
            suit = _SUIT_CODE[move.suit] if move.suit is not None else 0
            script[k] = move.card.index * 16 + suit * 2 + int(move.tek)
        for order in orders:
            at.append(k)
            sizes.append(len(order))
            cards.extend(c.index for c in order)
        plain.append(text)
    CH = np.array([len(at)] + at + sizes + cards, dtype=np.int64)
    return script, CH, plain

