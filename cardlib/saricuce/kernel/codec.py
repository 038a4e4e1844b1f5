"""A Sarı Cüce deal and its moves as the kernel takes them, read through the reference engine
(:mod:`cardlib._fast.codecs` says why)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._fast.codecs import parse_move
from .. import GAME
from . import _codes

__all__ = ["deal", "moves"]


def deal(hand: Any) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
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


def moves(texts: list) -> np.ndarray:
    """Sarı Cüce move texts as kernel codes (a card's index, or ``STOP``)."""
    script = np.empty(len(texts), dtype=np.int64)
    for i, text in enumerate(texts):
        move = parse_move(GAME, i, text)
        script[i] = _codes.STOP if move.is_stop else move.card.index
    return script
