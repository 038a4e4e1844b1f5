"""The expert bots' shared body: :class:`SearchBot`, a :class:`cardlib.bots.Bot` that searches.

Each game's expert is a subclass that names its game's model: ``cardlib.expert.saricuce.ExpertBot`` and
``cardlib.expert.pisyedili.ExpertBot``.  ``ExpertBot(seed)`` plays with the default budget;
``ExpertBot(seed, budget=2000)`` thinks longer; ``seconds=0.5`` also caps the time of each decision
(the choice then depends on the machine's speed, so it is off by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..bots import Bot
from .search import GameModel, SearchResult, search

__all__ = ["SearchBot"]


class SearchBot(Bot):
    """Chooses by :func:`cardlib.expert.search.search` over the seat's information only.

    ``budget`` is the number of playouts per decision (a decision with one sensible move costs none);
    ``seconds`` an optional cap on each decision's wall-clock time; ``allocation`` ``"halving"``
    (sequential halving, the default) or ``"uniform"``.  ``last`` is the last decision's
    :class:`~cardlib.expert.search.SearchResult`; ``decisions``, ``playouts`` and ``seconds_spent``
    add up every decision searched (for reports of time per move).
    """

    model: ClassVar[GameModel]
    DEFAULT_BUDGET: ClassVar[int] = 400

    def __init__(self, seed: int = 0, budget: int | None = None, seconds: float | None = None,
                 allocation: str = "halving"):
        super().__init__(seed)
        self.budget = self.DEFAULT_BUDGET if budget is None else int(budget)
        if self.budget < 1:
            raise ValueError(f"budget={budget!r}: at least one playout")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds={seconds!r}: a positive number, or None")
        if allocation not in ("uniform", "halving"):
            raise ValueError(f"allocation={allocation!r}: 'uniform' or 'halving'")
        self.seconds = seconds
        self.allocation = allocation
        self.last: SearchResult | None = None
        self.decisions = 0
        self.playouts = 0
        self.seconds_spent = 0.0

    def pick(self, hand: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        model = self.model
        view = model.observe(hand, hand.to_act)     # from here on, only the seat's information is used
        moves = model.prune(view, legal)
        if len(moves) == 1:
            return moves[0]
        result = search(model, view, moves, self.rng, self.budget, self.seconds, self.allocation)
        self.last = result
        self.decisions += 1
        self.playouts += result.playouts
        self.seconds_spent += result.seconds
        return result.best

    def __repr__(self) -> str:
        extra = "" if self.budget == self.DEFAULT_BUDGET else f", budget={self.budget}"
        if self.seconds is not None:
            extra += f", seconds={self.seconds}"
        return f"{type(self).__name__}({self.seed!r}{extra})"
