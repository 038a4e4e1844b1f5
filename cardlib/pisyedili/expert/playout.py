"""Pis Yedili playouts in the compiled engine, from what one seat sees (issue 27; docs/expert.md).

:class:`Playouts` takes a seat's view (:func:`cardlib.pisyedili.expert.observe`) and one world drawn
from it by the reference sampler (only its public fields and the seat's own cards are read: they are the
real ones in every world), and plays moves out in the compiled kernel (:mod:`._playout`):
``Playouts(view, world).run(moves, n_worlds, seed)`` gives the seat's points (its team's in pairs) and
whether it won, one row a world, one column a move.  The bots are the heuristic's
(``cardlib.pisyedili.expert.PlayoutBot``), the team bot's in pairs (``TeamBot``).

:meth:`Playouts.record` plays one world and one move again and returns the world's cards and the
playout's moves and reshuffle orders: ``tests/expert/test_playout.py`` replays it in the reference
engine and gets the same moves and the same scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...cards import Card, Suit, cards_text, make_deck
from ..kernel import _kernel as _k
from ..kernel.options import encode, read
from ..moves import Move
from ..play import played_this_turn

__all__ = ["Playouts", "PlayoutRecord", "move_code", "code_move"]

_SUITS = list(Suit)
_CARDS = make_deck(1, 1)                      # card by kernel code (52: the joker)
_PHASE = {"opening": _k.PH_OPENING, "play": _k.PH_PLAY, "ace": _k.PH_ACE}
_SUB = {None: _k.SUB_NONE, "tek_draw": _k.SUB_TEK_DRAW, "tek": _k.SUB_TEK, "after_penalty": _k.SUB_AFTER_PENALTY,
        "t5": _k.SUB_T5, "ace_drawn": _k.SUB_ACE_DRAWN}
_WORDS = {"draw": _k.DRAW, "pass": _k.PASS, "end": _k.END}
_CODE_WORD = {v: k for k, v in _WORDS.items()}


def move_code(move: Move) -> int:
    """A move's kernel code: ``card * 16 + (named suit + 1) * 2 + tek``, or DRAW / PASS / END."""
    if move.kind != "play":
        return _WORDS[move.kind]
    assert move.card is not None
    suit = 0 if move.suit is None else _SUITS.index(move.suit) + 1
    return move.card.index * 16 + suit * 2 + int(move.tek)


def code_move(code: int) -> Move:
    """The move of a kernel code (the inverse of :func:`move_code`)."""
    if code in _CODE_WORD:
        return Move.parse(_CODE_WORD[code])
    card = _CARDS[code >> 4]
    suit = ((code >> 1) & 7) - 1
    return Move("play", card, None if suit < 0 else _SUITS[suit], bool(code & 1))


def encode_hand(hand: Any) -> np.ndarray:
    """The kernel's state vector ``W`` for a reference hand in play (every field of its position and its
    turn state; the playout then replaces the hidden cards)."""
    rules = hand.rules
    n = hand.players
    W = _k.new_state(n, encode(read(rules)))
    for s, cards in enumerate(hand.hands):
        _k.set_hand(W, s, [c.index for c in cards])
    for j, c in enumerate(hand.stock):          # bottom first, as the reference keeps it
        W[_k.STOCK + j] = c.index
    W[_k.SN] = len(hand.stock)
    for j, c in enumerate(hand.discard):
        W[_k.DISC + j] = c.index
    W[_k.DN] = len(hand.discard)
    me = hand.to_act
    W[_k.TO_ACT] = me
    W[_k.DIR] = hand.direction
    W[_k.PHASE] = _PHASE[hand.phase]
    W[_k.SUB] = _SUB[hand.sub]
    W[_k.PENDING] = hand.pending
    W[_k.DRAWN] = hand.drawn
    W[_k.NAMED] = -1 if hand.named is None else _SUITS.index(hand.named)
    W[_k.PLAYED] = int(played_this_turn(hand.state))
    W[_k.TURNS] = hand.turns
    W[_k.IDLE] = hand.idle
    W[_k.WINNER] = -1
    W[_k.MULT] = 1
    W[_k.FREE] = -1
    W[_k.LAST_CARD] = -1
    W[_k.OL_HEAD] = 0
    W[_k.OL_LEN] = len(hand.opening_left)
    for j, s in enumerate(hand.opening_left):
        W[_k.OL + j] = s
    W[_k.DRAWN_CARD] = hand.hands[me][-1].index if hand.hands[me] else -1
    for s in range(n):
        W[_k.TEKF + s] = int(s in hand.tek)
    return W


@dataclass(frozen=True)
class PlayoutRecord:
    """One playout as the kernel played it: the world (``hands`` by seat, ``stock`` top first, the cards
    as lists in deck order) and the moves, ``reshuffles[k]`` the orders (top first) of move ``k``."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    moves: tuple[Move, ...]
    reshuffles: dict[int, list[tuple[Card, ...]]]
    points: float
    won: bool

    def start(self, view: Any) -> dict[str, Any]:
        """The records.md position of the world (the view's public fields, the seat's own hand in its
        order, the other hands and the stock as the kernel dealt them)."""
        pos = dict(view.public)
        pos["hands"] = [cards_text(view.hand) if s == view.seat else cards_text(h) for s, h in enumerate(self.hands)]
        pos["stock"] = cards_text(self.stock)
        return pos


class Playouts:
    """Compiled playouts for one decision of ``view.seat`` (:mod:`cardlib.pisyedili.expert._playout`)."""

    def __init__(self, view: Any, world: Any):
        self.view = view
        self.W0 = encode_hand(world)
        n = view.players
        cards: list[int] = []
        start = [0]
        gcounts = np.zeros((max(1, len(view.groups)), n), dtype=np.int64)
        gstock = np.zeros(max(1, len(view.groups)), dtype=np.int64)
        for g, group in enumerate(view.groups):
            cards += [c.index for c in group.cards]
            start.append(len(cards))
            gcounts[g] = group.counts
            gstock[g] = group.stock
        self.gcards = np.array(cards + [0], dtype=np.int64)
        self.gstart = np.array(start, dtype=np.int64)
        self.gcounts = gcounts
        self.gstock = gstock
        self.layout = np.array(list(view.stock_layout) or [(0, 0)], dtype=np.int64).reshape(-1, 2)
        self.team = bool(view.rules.partnerships)
        self._empty = np.zeros(0, dtype=np.int64)

    def run(self, moves: Sequence[Move], n_worlds: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
        """``(points, won)``, each ``n_worlds x len(moves)``: every move played out in the same worlds."""
        codes = np.array([move_code(m) for m in moves], dtype=np.int64)
        points = np.zeros((n_worlds, len(codes)), dtype=np.int64)
        won = np.zeros((n_worlds, len(codes)), dtype=np.int8)
        e = self._empty
        _playout_kernel().playouts(self.W0, self.view.seat, codes, n_worlds, seed, self.gcards, self.gstart,
                                   self.gcounts, self.gstock, self.layout, self.team, points, won, -1, -1, e, e, e)
        return points.astype(np.float64), won.astype(bool)

    def record(self, moves: Sequence[Move], world: int, move: int, seed: int) -> PlayoutRecord:
        """World ``world`` of a batch of ``world + 1`` and the playout of ``moves[move]`` in it."""
        codes = np.array([move_code(m) for m in moves], dtype=np.int64)
        nw = world + 1
        points = np.zeros((nw, len(codes)), dtype=np.int64)
        won = np.zeros((nw, len(codes)), dtype=np.int8)
        n = self.view.players
        rdeal = np.zeros(n * _k.NC + 1 + _k.CAP, dtype=np.int64)
        rmoves = np.zeros(20000, dtype=np.int64)
        rord = np.zeros(200000, dtype=np.int64)
        err = _playout_kernel().playouts(self.W0, self.view.seat, codes, nw, seed, self.gcards, self.gstart,
                                         self.gcounts, self.gstock, self.layout, self.team, points, won, world,
                                         move, rdeal, rmoves, rord)
        if err:
            raise RuntimeError("the playout was too long to record")
        hands = []
        for s in range(n):
            row = rdeal[s * _k.NC:(s + 1) * _k.NC]
            hands.append(tuple(_CARDS[c] for c in range(_k.NC) for _ in range(int(row[c]))))
        sn = int(rdeal[n * _k.NC])
        stock = tuple(_CARDS[int(c)] for c in rdeal[n * _k.NC + 1:n * _k.NC + 1 + sn][::-1])
        played = tuple(code_move(int(c)) for c in rmoves[1:1 + int(rmoves[0])])
        orders: dict[int, list[tuple[Card, ...]]] = {}
        p = 1
        for _ in range(int(rord[0])):
            at, nu = int(rord[p]), int(rord[p + 1])
            orders.setdefault(at, []).append(tuple(_CARDS[int(c)] for c in rord[p + 2:p + 2 + nu]))
            p += 2 + nu
        return PlayoutRecord(tuple(hands), stock, played, orders, float(points[world, move]), bool(won[world, move]))


def _playout_kernel() -> Any:
    from . import _playout          # numba compiles (or loads from its cache) on first use
    return _playout
