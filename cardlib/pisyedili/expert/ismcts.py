"""Information-set MCTS for Pis Yedili (issue 27): ``ISMCTSBot(seed, budget=500)``, a
:class:`cardlib.bots.Bot` that searches one tree over its seat's information sets, the hidden cards drawn
anew each iteration (:mod:`._ismcts`, compiled; docs/expert.md says how it compares with the expert's
determinized search, measured in docs/expert-strength.md).

It reads only its seat's view (:func:`cardlib.pisyedili.expert.observe`); its objective is the expert's
(points, their square root under the Turkish end penalty draws, the team's in pairs).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...bots import Bot
from ...jsonio import shown
from . import MODEL
from .playout import Playouts, code_move

__all__ = ["ISMCTSBot"]


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with ``budget`` iterations a decision (a decision with one sensible move
    costs none); ``c``: the UCB exploration constant, in units of the spread of the rewards seen;
    ``power``: the objective's exponent (``None``: the expert's, by the rules)."""

    DEFAULT_BUDGET = 500

    def __init__(self, seed: int = 0, budget: int | None = None, c: float = 0.7, power: float | None = None):
        super().__init__(seed)
        self.budget = self.DEFAULT_BUDGET if budget is None else int(budget)
        if self.budget < 1:
            raise ValueError(f"budget={shown(budget)}: at least one iteration")
        if not c >= 0:
            raise ValueError(f"c={shown(c)}: a number >= 0")
        self.c = float(c)
        self.power = power
        self.decisions = 0
        self.playouts = 0
        self.seconds_spent = 0.0
        self.last: list[tuple[Any, float, float]] = []      # the root's moves: (move, visits, mean objective)

    def pick(self, hand: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        view = MODEL.observe(hand, hand.to_act)
        moves = MODEL.prune(view, legal)
        if len(moves) == 1:
            return moves[0]
        t0 = time.perf_counter()
        p = Playouts(view, MODEL.public_world(view))
        power = MODEL.power(view) if self.power is None else float(self.power)
        rm = np.zeros(512, dtype=np.int64)
        rv = np.zeros(512, dtype=np.float64)
        rval = np.zeros(512, dtype=np.float64)
        from . import _ismcts
        k = _ismcts.search(p.W0, view.seat, self.budget, int(self.rng.random() * 2 ** 53), p.gcards, p.gstart,
                           p.gcounts, p.gstock, p.layout, p.team, power, self.c, rm, rv, rval)
        self.last = sorted(((code_move(int(rm[j])), float(rv[j]), float(rval[j])) for j in range(k)),
                           key=lambda x: -x[1])
        self.decisions += 1
        self.playouts += self.budget
        self.seconds_spent += time.perf_counter() - t0
        best = self.last[0][0]
        if best not in moves:                      # cannot happen: the root's moves are the seat's own
            raise AssertionError(f"ISMCTS chose {best}, not among {moves}")
        return best

    def __repr__(self) -> str:
        return f"ISMCTSBot({shown(self.seed)}, budget={self.budget})"
