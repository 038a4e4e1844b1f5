"""The expert bots' shared body: :class:`SearchBot`, a :class:`cardlib.bots.Bot` that searches.

Each game's expert is a subclass that names its game's model: ``cardlib.saricuce.expert.ExpertBot`` and
``cardlib.pisyedili.expert.ExpertBot``.  ``ExpertBot(seed)`` plays with the default budget;
``ExpertBot(seed, budget=2000)`` thinks longer; ``seconds=0.5`` also caps the time of each decision
(the choice then depends on the machine's speed, so it is off by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..bots import Bot
from .search import ENGINES, GameModel, SearchResult, paired_z, search
from ..jsonio import shown

__all__ = ["SearchBot"]


class SearchBot(Bot):
    """Chooses by :func:`cardlib.expert.search.search` over the seat's information only.

    ``budget`` is the number of playouts per decision (a decision with one sensible move costs none);
    ``seconds`` an optional cap on each decision's wall-clock time; ``allocation`` ``"halving"``
    (sequential halving, the default) or ``"uniform"``; ``margin``: the bot plays the playout policy's
    own move (the *baseline*, kept in the search to the end) unless the best move beats it by more than
    ``margin`` standard errors of their paired difference (0 always plays the best estimate).  ``last`` is the last decision's
    :class:`~cardlib.expert.search.SearchResult`; ``decisions``, ``playouts`` and ``seconds_spent``
    add up every decision searched (for reports of time per move).  ``win_bonus`` and ``power`` shape
    the objective the moves are chosen by (:func:`~cardlib.expert.search.search`); ``power=None``
    lets the game choose by the rules (Pis Yedili: 0.5 under the Turkish end penalty draws, 1 otherwise;
    docs/expert.md).  ``engine`` is where the playouts run: ``"compiled"`` (the game's kernel, the
    default) or ``"reference"`` (the reference engine: the judge, and the expert's speed before issue 27).
    """

    model: ClassVar[GameModel]
    DEFAULT_BUDGET: ClassVar[int] = 400
    #: leave the playout policy's own move only for a move that beats it by this many standard errors
    DEFAULT_MARGIN: ClassVar[float] = 1.0
    #: what winning the hand is worth on top of its points or chips, in choosing (0: the plain objective)
    WIN_BONUS: ClassVar[float] = 0.0

    def __init__(self, seed: int = 0, budget: int | None = None, seconds: float | None = None,
                 allocation: str = "halving", margin: float | None = None, win_bonus: float | None = None,
                 power: float | None = None, engine: str = "compiled"):
        super().__init__(seed)
        if engine not in ENGINES:
            raise ValueError(f"engine={shown(engine)}: 'compiled' or 'reference'")
        #: where the playouts run: the game's compiled kernel (the default) or the reference engine
        self.engine = engine
        self.budget = self.DEFAULT_BUDGET if budget is None else int(budget)
        if self.budget < 1:
            raise ValueError(f"budget={shown(budget)}: at least one playout")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds={shown(seconds)}: a positive number, or None")
        if allocation not in ("uniform", "halving"):
            raise ValueError(f"allocation={shown(allocation)}: 'uniform' or 'halving'")
        self.seconds = seconds
        self.allocation = allocation
        self.margin = self.DEFAULT_MARGIN if margin is None else float(margin)
        self.win_bonus = self.WIN_BONUS if win_bonus is None else float(win_bonus)
        if power is not None and not 0 <= power <= 1:
            raise ValueError(f"power={shown(power)}: a number from 0 to 1")
        #: None: the game's model chooses by the rules (:meth:`~cardlib.expert.search.GameModel.power`)
        self.power = None if power is None else float(power)
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
        base = model.baseline(view, moves, self.rng) if self.margin > 0 else None
        power = model.power(view) if self.power is None else self.power
        result = search(model, view, moves, self.rng, self.budget, self.seconds, self.allocation, keep=base,
                        win_bonus=self.win_bonus, power=power, engine=self.engine)
        self.last = result
        self.decisions += 1
        self.playouts += result.playouts
        self.seconds_spent += result.seconds
        best = result.stats[0]
        if base is None or best.move == base:
            return best.move
        ref = next(st for st in result.stats if st.move == base)
        if paired_z(best, ref, model.higher_is_better) > self.margin:
            return best.move
        return base

    def __repr__(self) -> str:
        extra = "" if self.budget == self.DEFAULT_BUDGET else f", budget={self.budget}"
        if self.seconds is not None:
            extra += f", seconds={self.seconds}"
        if self.engine != "compiled":
            extra += f", engine={self.engine!r}"
        return f"{type(self).__name__}({shown(self.seed)}{extra})"
