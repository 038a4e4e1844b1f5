"""Sarı Cüce playouts in the compiled engine, from what one seat sees (issue 27; docs/expert.md).

``Playouts(view, world).run(moves, n_worlds, seed)`` gives the seat's net chips for the hand (its chips
at the end less its chips at the start, stakes included) and whether it went out, one row a world, one
column a move; the hidden cards are placed by the reference sampler's law (the view's voids, NJ-14) and
every seat is played by ``TipsBot`` (:mod:`._playout`).  ``world`` is one world the reference sampler
drew: only its public state is read (the same in every world).  A ``stop`` move
(``allow_voluntary_stop``) is not played by the kernel: :func:`playouts_for` gives ``None`` then, and
the search plays that decision in the reference engine.

:meth:`Playouts.record` plays one world and one move again and returns the world's hands and the
playout's moves; ``tests/expert/test_playout.py`` replays it in the reference engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...cards import Card, cards_text, make_deck

__all__ = ["Playouts", "PlayoutRecord", "playouts_for"]

_DECK = make_deck()


def _options(rules: Any) -> np.ndarray:
    return np.array([rules.stall_rule == "skip_rank", rules.payment_unit == "per_card", bool(rules.doubling),
                     rules.opera_reward == "double_payments", rules.opera_definition == "single_run"],
                    dtype=np.int64)


@dataclass(frozen=True)
class PlayoutRecord:
    """One playout as the kernel played it: the world's ``hands`` (by seat, in deck order), ``dead`` and
    the cards played from the first move on; ``chips`` the seat's chips at the end, ``won``."""

    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]
    moves: tuple[Card, ...]
    chips: int
    won: bool

    def start(self, view: Any) -> dict[str, Any]:
        """The records.md position of the world."""
        pos = dict(view.public)
        pos["hands"] = [cards_text(view.hand) if s == view.seat else cards_text(h) for s, h in enumerate(self.hands)]
        pos["dead"] = cards_text(self.dead)
        return pos


class Playouts:
    """Compiled playouts for one decision of ``view.seat`` (:mod:`cardlib.saricuce.expert._playout`)."""

    def __init__(self, view: Any, world: Any, placement: Any):
        self.view = view
        n = view.players
        hidden = view.hidden_cards()
        self.hidden = np.array([c.index for c in hidden] + [0], dtype=np.int64)[:len(hidden)]
        a = placement.arrays()
        self.fixed, self.loose, self.tied, self.allowed, self.room, self.where0 = a
        self.burn_in, self.sweeps = placement.BURN_IN, placement.SWEEPS
        self.own = sum(1 << c.index for c in view.hand)
        self.chips = np.array(world.chips, dtype=np.int64)
        self.board = np.array(world.board, dtype=np.int64)
        self.to_act = int(world.to_act)
        self.needed = 0 if world.needed is None else int(world.needed)
        self.last = -1 if world.last is None else int(world.last)
        self.played_by = sum(1 << s for s in range(n) if world.state.has_played[s])
        self.broken = bool(world.state.run_broken)
        self.n_played = len(world.played)
        self.opt = _options(view.rules)
        self._empty = np.zeros(0, dtype=np.int64)

    def _call(self, moves: Sequence[Any], n_worlds: int, seed: int, rec_world: int = -1, rec_move: int = -1,
              rdeal: Any = None, rmoves: Any = None) -> tuple[np.ndarray, np.ndarray]:
        codes = np.array([m.card.index for m in moves], dtype=np.int64)
        chips = np.zeros((n_worlds, len(codes)), dtype=np.int64)
        won = np.zeros((n_worlds, len(codes)), dtype=np.int8)
        e = self._empty
        _kernel().playouts(self.view.seat, self.view.players, self.own, self.hidden, self.fixed, self.loose,
                           self.tied, self.allowed, self.room, self.where0, self.burn_in, self.sweeps, self.chips,
                           self.board, self.to_act, self.needed, self.last, self.played_by, self.broken,
                           self.n_played, self.opt, codes, n_worlds, seed, chips, won, rec_world, rec_move,
                           e if rdeal is None else rdeal, e if rmoves is None else rmoves)
        return chips, won

    def run(self, moves: Sequence[Any], n_worlds: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
        """``(net chips, won)``, each ``n_worlds x len(moves)``: every move played out in the same worlds."""
        chips, won = self._call(moves, n_worlds, seed)
        return (chips - self.view.start_chips[self.view.seat]).astype(np.float64), won.astype(bool)

    def record(self, moves: Sequence[Any], world: int, move: int, seed: int) -> PlayoutRecord:
        """World ``world`` of a batch of ``world + 1`` and the playout of ``moves[move]`` in it."""
        n = self.view.players
        rdeal = np.zeros(n, dtype=np.int64)
        rmoves = np.zeros(64, dtype=np.int64)
        chips, won = self._call(moves, world + 1, seed, world, move, rdeal, rmoves)
        masks = [int(x) & ((1 << 64) - 1) for x in rdeal]
        hands = tuple(tuple(c for c in _DECK if masks[s] >> c.index & 1) for s in range(n))
        held = set().union(*[set(h) for h in hands])
        dead = tuple(c for c in self.view.hidden_cards() if c not in held)
        played = tuple(_DECK[int(c)] for c in rmoves[1:1 + int(rmoves[0])])
        return PlayoutRecord(hands, dead, played, int(chips[world, move]), bool(won[world, move]))


def playouts_for(view: Any, world: Any, placement: Any, moves: Sequence[Any]) -> Playouts | None:
    """Compiled playouts for these moves, or ``None`` when one of them is ``stop`` (the kernel plays
    cards only; the tips bot never stops, but the seat may be asked)."""
    if any(m.card is None for m in moves):
        return None
    return Playouts(view, world, placement)


def _kernel() -> Any:
    from . import _playout          # numba compiles (or loads from its cache) on first use
    return _playout
