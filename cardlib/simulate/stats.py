"""Summary rows of a simulation: one :class:`~cardlib.prob.results.Estimate` per measure.

>>> rate_row("win rate", [1, 0, 1, 1])["value"]
0.75
>>> mean_row("moves", [1.0, 2.0, 3.0])["value"]
2.0

:func:`metric_rows` turns a game's declarative measures (its ``tally``: ``SUMMARY``, ``SERIES_SUMMARY``)
into rows: ``{k}`` in a measure stands for each seat, ``{t}`` for each team (PY-P1: ``players / 2`` of them,
in pairs).

>>> table = {"team_total_0": [10, 30], "team_total_1": [20, 20], "score_0": [1, 2], "score_1": [3, 4]}
>>> spec = [("mean", "mean total team {t}", "team_total_{t}"), ("mean", "mean score seat {k}", "score_{k}")]
>>> [(r["metric"], r["value"]) for r in metric_rows(table, 2, spec, per_seat=False)]
[('mean total team 0', 20.0)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..prob.estimate import Z95, Estimate   # one estimate type for the whole library

__all__ = ["rate_row", "mean_row", "metric_rows", "summary_rows"]


def rate_row(metric: str, hits: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a rate: ``hits`` are 0/1 (or fractions, for shared wins) per hand or game.
    ``_stats`` holds what summing chunks needs (:func:`cardlib.simulate.stream.combine_rows`)."""
    a = np.asarray(hits, dtype=float)
    total = float(a.sum())
    return {"metric": metric, **Estimate.rate(total, int(a.size)).row(), "_stats": ("rate", total, int(a.size))}


def mean_row(metric: str, values: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a mean with its 95 % interval (``_stats``: count, mean, sum of squared
    deviations, for :func:`cardlib.simulate.stream.combine_rows`)."""
    a = np.asarray(values, dtype=float)
    n = int(a.size)
    if n == 0:
        return {"metric": metric, "value": math.nan, "low": math.nan, "high": math.nan, "n": 0,
                "_stats": ("mean", 0, 0.0, 0.0)}
    mean = float(a.mean())
    d = a - mean
    m2 = float(np.multiply(d, d, out=d).sum())     # one pass: the interval is Estimate.mean's, from these
    half = Z95 * math.sqrt(m2 / (n - 1)) / math.sqrt(n) if n > 1 else 0.0
    return {"metric": metric, "value": mean, "low": mean - half, "high": mean + half, "n": n,
            "_stats": ("mean", n, mean, m2)}


def metric_rows(table: Any, players: int, spec: Sequence[tuple[str, str, str]], per_seat: bool,
                sums: "_Sums | None" = None) -> list[dict]:
    """Summary rows of a game's declarative measures ``(kind, metric, column)``: ``rate`` of a 0/1
    column, ``mean`` of a column, ``zero_share`` (each seat's share of the seats that scored 0).

    A ``{k}`` in the metric makes one row per seat, a ``{t}`` one per team (team ``t``: seats ``t`` and
    ``t + players/2``, PY-P1); ``per_seat`` picks the ``{k}`` measures, or all the others (team measures and
    measures of the whole table).  A measure whose column is not in ``table`` is left out, so a table
    without partnerships shows no team measure, and a team measure stops at the teams the table has.
    ``table``: a mapping of column names to values, as ``table[column]`` gives them (a DataFrame, a dict of
    arrays, the simulation's own view).  ``sums``: how the rows are summed (default: a new :class:`_Sums`).
    """
    sums = _Sums(table) if sums is None else sums
    rows: list[dict] = []
    for kind, metric, column in spec:
        if ("{k}" in metric) != per_seat:
            continue
        places = range(players) if per_seat else range(players // 2) if "{t}" in metric else range(1)
        cols = [column.format(k=i, t=i) for i in places]
        names = [metric.format(k=i, t=i) for i in places]
        if "{t}" in metric:                  # the teams this table has
            have = [i for i, c in enumerate(cols) if c in table]
            cols, names = [cols[i] for i in have], [names[i] for i in have]
            if not cols:
                continue
        elif any(c not in table for c in cols):
            continue
        if kind == "zero_share":
            zero = [sums.equal(c, 0) for c in cols]         # column by column: no (n, seats) copy
            count = np.zeros(zero[0].size, np.int16)        # the seats that scored 0, at least 1
            for z in zero:
                count += z
            np.maximum(count, 1, out=count)
            rows += [sums.share_row(name, z, count) for z, name in zip(zero, names)]
        elif kind == "rate":
            rows += [sums.rate_row(name, c) for name, c in zip(names, cols)]
        else:
            rows += [sums.mean_row(name, c) for name, c in zip(names, cols)]
    return rows


def _column(table: Any, name: str) -> np.ndarray:
    """A column as floats: the simulation's view gives them with ``num``, a mapping by ``[name]``."""
    num = getattr(table, "num", None)
    return num(name) if num is not None else np.asarray(table[name], dtype=float)


#: the integer columns summed exactly as integers: their sum is below 2**53 (a float's exact integers), so
#: the mean is the same float as the mean of the column turned into floats
_EXACT = 2 ** 53


def _exact(a: np.ndarray) -> bool:
    """Whether every partial sum of the integer (or boolean) array ``a`` is an exact float, whatever its
    values: then its float sum (numpy's, pairwise) is its integer sum."""
    if a.dtype.kind == "b":
        return a.size < _EXACT
    info = np.iinfo(a.dtype)
    return max(-int(info.min), int(info.max)) * a.size < _EXACT


class _Sums:
    """The rows of :func:`rate_row` and :func:`mean_row`, the same floats, made without a new float copy of
    every column: a 0/1 or integer column is counted or summed as integers (exact), and the one float array
    a mean's squared deviations need is a scratch array of the table's length, reused by every row (a new
    array per measure costs page faults that took as long as the summing: 40 ms of a Pis Yedili summary of
    300,000 hands in a new process, against 8 ms when the memory is reused)."""

    def __init__(self, table: Any):
        self.table = table
        self._scratch: np.ndarray | None = None

    def _ints(self, name: str) -> np.ndarray | None:
        """The column as its integers (or booleans) when it has no missing value, else ``None``."""
        ints = getattr(self.table, "ints", None)
        if ints is not None:
            return ints(name)
        v = self.table[name]
        a = v if isinstance(v, np.ndarray) else None
        return a if a is not None and a.dtype.kind in "iub" else None

    def scratch(self, n: int) -> np.ndarray:
        if self._scratch is None or self._scratch.size != n:
            self._scratch = np.empty(n, dtype=float)
        return self._scratch

    def equal(self, name: str, value: int) -> np.ndarray:
        a = self._ints(name)
        return (_column(self.table, name) if a is None else a) == value

    def rate_row(self, metric: str, name: str) -> dict:
        a = self._ints(name)
        if a is None or not _exact(a):
            return rate_row(metric, _column(self.table, name))
        return self.count_row(metric, a)

    def count_row(self, metric: str, hits: np.ndarray) -> dict:
        """:func:`rate_row` of an integer or boolean array whose sum is exact (:func:`_exact`)."""
        total = float(np.count_nonzero(hits) if hits.dtype.kind == "b" else int(hits.sum(dtype=np.int64)))
        return {"metric": metric, **Estimate.rate(total, int(hits.size)).row(), "_stats": ("rate", total, int(hits.size))}

    def mean_row(self, metric: str, name: str) -> dict:
        a = self._ints(name)
        if a is None or a.size == 0 or not _exact(a):
            return mean_row(metric, _column(self.table, name))
        mean = float(int(a.sum(dtype=np.int64))) / a.size         # numpy's mean of the floats, exactly
        return self._deviations(metric, a, mean)

    def share_row(self, metric: str, zero: np.ndarray, count: np.ndarray) -> dict:
        """:func:`mean_row` of ``zero / count`` (a seat's share of the seats that scored 0)."""
        if zero.size == 0:
            return mean_row(metric, zero / count)
        share = np.divide(zero, count, out=self.scratch(zero.size))
        return self._deviations(metric, share, float(share.mean()))

    def _deviations(self, metric: str, a: np.ndarray, mean: float) -> dict:
        """:func:`mean_row`'s row from the column ``a`` and its ``mean``: the squared deviations summed in
        the scratch array (which ``a`` may be)."""
        n = int(a.size)
        d = np.subtract(a, mean, out=self.scratch(n))
        m2 = float(np.multiply(d, d, out=d).sum())
        half = Z95 * math.sqrt(m2 / (n - 1)) / math.sqrt(n) if n > 1 else 0.0
        return {"metric": metric, "value": mean, "low": mean - half, "high": mean + half, "n": n,
                "_stats": ("mean", n, mean, m2)}


def summary_rows(sim: Any, valve: str = "keep") -> list[dict[str, Any]]:
    """The summary rows of the run ``sim`` (a :class:`~cardlib.simulate.Simulation`): per-seat win rates
    (with ``series``, win shares per game or match), the game's measures (its tally's ``SUMMARY``,
    ``SERIES_SUMMARY``), the mean moves per hand, and where hands can end at the safety valve, its rate
    last; ``valve`` as in :meth:`Simulation.summary`."""
    from .arguments import check_valve
    from .columns import TableView

    check_valve(sim.spec, valve)
    t, n = TableView(sim.data), sim.players
    g = TableView(sim.series_data) if sim.series else None
    tally = sim.spec.tally
    rows: list[dict[str, Any]] = []
    valve_row = None
    if "valve" in t:
        hit = t.raw("valve").astype(bool)
        valve_row = _Sums(t).count_row("safety valve rate", hit)
        if valve != "keep":
            want = valve == "only"
            if g is not None:
                bad = np.unique(t.raw("series")[hit])
                g = g.where(np.isin(g.raw("series"), bad) == want)
                t = t.where(np.isin(t.raw("series"), bad) == want)
            else:
                t = t.where(hit == want)
    sums = _Sums(t)
    if g is not None:
        games = _Sums(g)
        rows += [rate_row(f"win share seat {k}", g.num(f"win_{k}")) for k in range(n)]
        rows += metric_rows(g, n, tally.SERIES_SUMMARY, per_seat=True, sums=games)
        rows += metric_rows(g, n, tally.SERIES_SUMMARY, per_seat=False, sums=games)   # team match measures (PY-P6)
        rows.append(games.mean_row(f"mean hands per {sim.spec.series_word}", "hands"))
    else:
        said = getattr(tally, "WINNER_METRIC", "win rate seat {k}")     # what the winner column means
        w = t.ints("winner", missing=True)                              # a missing winner equals no seat
        if w is not None and _exact(w):
            rows += [sums.count_row(said.format(k=k), w == k) for k in range(n)]
        else:
            wf = t.num("winner")
            rows += [rate_row(said.format(k=k), (wf == k).astype(float)) for k in range(n)]
        rows += metric_rows(t, n, tally.SUMMARY, per_seat=True, sums=sums)
    rows.append(sums.mean_row("mean moves per hand", "moves"))
    rows += metric_rows(t, n, tally.SUMMARY, per_seat=False, sums=sums)
    if valve_row is not None:
        rows.append(valve_row)
    return rows
