"""A Pis Yedili deal and its moves as the kernel takes them, read through the reference engine
(:mod:`cardlib._fast.codecs` says why)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._fast.codecs import parse_move
from ...cards import Suit
from ...errors import InvalidPositionError
from ...records import Record
from .. import GAME
from . import _layout as _py   # plain Python: the codes and W, without numba

__all__ = ["deal", "moves"]

#: a named suit's code in a Pis Yedili move: 1 + its place in ``Suit`` (0: no suit named)
_SUIT_CODE = {suit: k + 1 for k, suit in enumerate(Suit)}
_KIND_CODE = {"draw": _py.DRAW, "pass": _py.PASS, "end": _py.END}


def deal(hand: Any, W: np.ndarray) -> None:
    """Write a Pis Yedili deal into the kernel's work array ``W``: the hands (a mask and counts a seat) and the
    stock (bottom first); a deal's discard pile is empty (PY-05)."""
    if hand.discard:
        raise InvalidPositionError("a deal starts with an empty discard pile (PY-05)")
    for seat, cards in enumerate(hand.hands):
        _py.set_hand(W, seat, [c.index for c in cards])
    for k, card in enumerate(hand.stock):        # the reference keeps its stock bottom first too
        W[_py.STOCK + k] = card.index
    W[_py.SN] = len(hand.stock)


def moves(texts: list) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Pis Yedili move texts (with ``reshuffle ...`` entries) as ``(script, CH, plain)``: the kernel's
    move codes (``card * 16 + named suit * 2 + tek``, or DRAW/PASS/END), its reshuffle table ``CH``
    (count, then after which move, how many cards, the cards) and the move texts without the entries."""
    steps = Record(game=GAME.name, rules={}, start={}, moves=list(texts), source="moves").steps()
    script = np.empty(len(steps), dtype=np.int64)
    at: list[int] = []
    sizes: list[int] = []
    cards: list[int] = []
    plain: list[str] = []
    for k, (i, text, orders) in enumerate(steps):
        move = parse_move(GAME, k, text)
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
