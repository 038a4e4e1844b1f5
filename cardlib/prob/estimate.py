"""Answers from simulation with their 95% intervals: one estimate type for the whole library.

:class:`Estimate` is a chance (Wilson's interval) or an average (the normal interval); :func:`estimates`
makes a table of them.  :mod:`cardlib.prob`, :mod:`cardlib.simulate`, the expert bots and the notebooks
all use these.  Plain Python (numpy and pandas only when a mean or a table is asked for).
"""

from __future__ import annotations

import math
from fractions import Fraction  # noqa: F401  (used by the doctests)

__all__ = ["Z95", "wilson", "mean_interval", "Estimate", "estimates"]


#: z for a two-sided 95% interval: the 97.5% point of the standard normal law.
Z95 = 1.959963984540054


def wilson(hits: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a chance seen ``hits`` times in ``n`` trials (95% by default).

        centre = (p̂ + z²/2n) / (1 + z²/n),  half-width = z/(1 + z²/n) · √(p̂(1 − p̂)/n + z²/4n²)

    Unlike the normal interval p̂ ± z·√(p̂(1 − p̂)/n) it stays inside [0, 1] and does not collapse to a
    point when p̂ is 0 or 1.  With n = 0 it is the whole of [0, 1].

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        return 0.0, 1.0
    p = hits / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * (p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == n else min(1.0, centre + half)
    return low, high


def mean_interval(values, z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean ± z standard errors (sample standard deviation, the normal
    approximation).  One value gives an interval of width 0; no values give NaNs.

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.868414..., 3.131585...)
    """
    import numpy as np  # only when an average is asked for

    a = np.asarray(values, dtype=float)
    if a.size == 0:
        return math.nan, math.nan, math.nan
    m = float(a.mean())
    if a.size == 1:
        return m, m, m
    half = z * float(a.std(ddof=1)) / math.sqrt(a.size)
    return m, m - half, m + half


class Estimate:
    """A simulated number with its 95% interval: a chance or an average.

    - ``Estimate.rate(hits, n)`` (or ``Estimate(hits, n)``): a chance, ``value = hits / n``, with the
      Wilson interval; ``hits`` may be fractional (shared wins).  ``n`` counts the trials that meet the
      question's condition and ``deals`` every trial simulated (Monte Carlo questions with a condition).
    - ``Estimate.mean(values)``: an average with the normal interval (mean ± 1.96 standard errors).

    ``x in estimate`` asks whether ``x`` lies in the interval; ``estimate.row()`` is the
    ``value low high n`` row of a table (:func:`estimates`).

    >>> e = Estimate.rate(25, 100)
    >>> round(e.value, 2), round(e.low, 3), Fraction(1, 4) in e
    (0.25, 0.175, True)
    >>> Estimate.mean([1, 2, 3]).value
    2.0
    """

    __slots__ = ("kind", "hits", "n", "deals", "value", "low", "high")

    kind: str
    hits: float | None          # ``None`` for a mean
    n: int
    deals: int
    value: float
    low: float
    high: float

    def __init__(self, hits: float, n: int, deals: int | None = None):
        self.kind = "rate"
        self.hits = hits if isinstance(hits, float) and not float(hits).is_integer() else int(hits)
        self.n = int(n)
        self.deals = self.n if deals is None else int(deals)
        self.value = self.hits / self.n if self.n else math.nan
        self.low, self.high = wilson(self.hits, self.n)

    @classmethod
    def rate(cls, hits: float, n: int, deals: int | None = None) -> Estimate:
        """A chance seen ``hits`` times in ``n`` trials, with its Wilson interval."""
        return cls(hits, n, deals)

    @classmethod
    def mean(cls, values) -> Estimate:
        """The average of ``values`` with its normal interval."""
        e = cls.__new__(cls)
        e.kind, e.hits = "mean", None
        e.value, e.low, e.high = mean_interval(values)
        e.n = e.deals = len(values)
        return e

    @property
    def method(self) -> str:
        return "Wilson score interval, 95%" if self.kind == "rate" else "mean ± 1.96 standard errors (95%)"

    def __contains__(self, x) -> bool:
        return self.low <= float(x) <= self.high

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def row(self) -> dict:
        """``{"value", "low", "high", "n"}``: a row of a table of estimates."""
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    def __float__(self) -> float:
        return self.value

    def _key(self) -> tuple:
        return (self.kind, self.hits, self.n, self.deals) if self.kind == "rate" else (
            self.kind, self.value, self.low, self.high, self.n)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Estimate):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        if self.kind == "mean":
            return f"<Estimate mean {self.value:.6g}, 95% interval {self.low:.6g} .. {self.high:.6g}, n = {self.n}>"
        extra = f", deals={self.deals}" if self.deals != self.n else ""
        return f"Estimate(hits={self.hits}, n={self.n}{extra})"

    def __str__(self) -> str:
        """``0.076900 (95% CI 0.075265–0.078568, n = 100,000)``, in the language spoken (:mod:`cardlib.i18n`:
        ``0,076900 (%95 GA 0,075265–0,078568, n = 100.000)``)."""
        from ..i18n import _, format_percent, localize_number as num
        ci = _("{percent} CI").format(percent=format_percent(0.95))
        n = num(f"{self.n:,}")
        if self.kind == "mean":
            between = _("{low} to {high}").format(low=num(f"{self.low:.6g}"), high=num(f"{self.high:.6g}"))
            return f"{num(f'{self.value:.6g}')} ({ci} {between}, n = {n})"
        return f"{num(f'{self.value:.6f}')} ({ci} {num(f'{self.low:.6f}')}–{num(f'{self.high:.6f}')}, n = {n})"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))


def estimates(items, index_name: str | None = None):
    """A pandas table of estimates, one row per label: ``{label: Estimate}`` (or pairs) ->
    ``value low high n``."""
    import pandas as pd  # only when asked for

    pairs = items.items() if isinstance(items, dict) else items
    labels, rows = [], []
    for label, e in pairs:
        labels.append(label)
        rows.append(e.row())
    frame = pd.DataFrame(rows, index=labels, columns=["value", "low", "high", "n"])
    frame.index.name = index_name
    return frame


