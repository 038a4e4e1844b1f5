"""The two kinds of answer: an exact chance (:class:`Exact`, a :class:`~fractions.Fraction`) and a
distribution of exact chances (:class:`Dist`); plus :func:`show`, which prints either as a fraction next
to its decimal.

>>> p = Exact(1, 13)
>>> p == Fraction(1, 13), str(p)
(True, '1/13 ≈ 0.0769231')
>>> print(Dist({0: Fraction(1, 4), 1: Fraction(3, 4)}))
0  1/4  ≈ 0.25
1  3/4  ≈ 0.75
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from fractions import Fraction
from numbers import Rational

__all__ = ["Exact", "Dist", "show", "decimal", "wilson", "mean_interval", "Estimate", "estimates",
           "DistEstimate", "Z95"]


def decimal(x, digits: int = 6) -> str:
    """``x`` as a decimal with ``digits`` significant digits (``0.0769231``); 0 and 1 stay ``0`` and ``1``."""
    return f"{float(x):.{digits}g}"


class Exact(Fraction):
    """An exact chance: a :class:`~fractions.Fraction` that prints as the fraction and its decimal.

    It *is* a ``Fraction``: it compares, hashes and computes like one (arithmetic gives plain
    fractions).  ``repr`` evaluates back (``Exact(1, 13)``); ``str`` and the notebook display read
    ``1/13 ≈ 0.0769231``.
    """

    __slots__ = ()

    def __new__(cls, numerator=0, denominator=None):
        return super().__new__(cls, numerator, denominator)

    @property
    def fraction(self) -> Fraction:
        """The same number as a plain ``Fraction``."""
        return Fraction(self.numerator, self.denominator)

    def __repr__(self) -> str:
        return f"Exact({self.numerator}, {self.denominator})"

    def __str__(self) -> str:
        return str.__str__(show(self))

    def _repr_pretty_(self, p, cycle) -> None:  # IPython / Jupyter text display
        p.text(str(self))


class Shown(str):
    """The text of :func:`show`: a ``str`` that a notebook or the prompt shows without quotes."""

    def __repr__(self) -> str:
        return str(self)


def show(x, digits: int = 6) -> Shown:
    """A chance as people read it: ``1/13 ≈ 0.0769231``; a :class:`Dist` as its table.

    >>> show(Fraction(4, 52))
    1/13 ≈ 0.0769231
    >>> show(Fraction(1)) == "1"
    True
    """
    if isinstance(x, Dist):
        return Shown(x.table(digits))
    if isinstance(x, Rational):
        f = Fraction(x)
        if f.denominator == 1:
            return Shown(f.numerator)
        return Shown(f"{f.numerator}/{f.denominator} ≈ {decimal(f, digits)}")
    return Shown(decimal(x, digits))


class Dist(dict):
    """A probability distribution: outcome -> :class:`Exact` chance, in outcome order.

    ``d.P(pred)`` adds up the outcomes where ``pred(outcome)`` holds; ``d.mean()`` is the exact
    expectation (numeric outcomes only); ``print(d)`` shows the table.
    """

    def __init__(self, items=(), /):
        super().__init__()
        pairs = items.items() if isinstance(items, dict) else items
        for k, v in pairs:
            self[k] = Exact(v)

    def total(self) -> Fraction:
        """The sum of all chances (1 for a complete distribution)."""
        return sum(self.values(), Fraction(0))

    def P(self, pred: Callable[[Hashable], bool]) -> Exact:
        """The chance that the outcome satisfies ``pred``."""
        return Exact(sum((v for k, v in self.items() if pred(k)), Fraction(0)))

    def mean(self) -> Exact:
        """The exact expectation; every outcome must be a number."""
        bad = [k for k in self if not isinstance(k, (int, Fraction))]
        if bad:
            raise TypeError(f"mean() needs numeric outcomes, this distribution has {bad[0]!r}")
        return Exact(sum((k * v for k, v in self.items()), Fraction(0)))

    def table(self, digits: int = 6) -> str:
        """One line per outcome: outcome, fraction, decimal."""
        if not self:
            return "(empty distribution)"
        keys = [str(k) for k in self]
        fracs = [f"{v.numerator}/{v.denominator}" if v.denominator != 1 else str(v.numerator)
                 for v in self.values()]
        wk, wf = max(map(len, keys)), max(map(len, fracs))
        return "\n".join(f"{k:>{wk}}  {f:<{wf}}  ≈ {decimal(v, digits)}"
                         for k, f, v in zip(keys, fracs, self.values()))

    def to_frame(self):
        """The table as a pandas DataFrame (columns ``outcome``, ``fraction``, ``probability``)."""
        import pandas as pd  # only when asked for
        return pd.DataFrame({"outcome": list(self.keys()),
                             "fraction": [str(v.fraction) for v in self.values()],
                             "probability": [float(v) for v in self.values()]})

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v!r}" for k, v in self.items())
        return f"Dist({{{inner}}})"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.table())


# --------------------------------------------------------------------------------------------------
# Simulation answers

#: z for a two-sided 95% interval: the 97.5% point of the standard normal law.
Z95 = 1.959963984540054


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
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
        if self.kind == "mean":
            return f"{self.value:.6g} (95% CI {self.low:.6g} to {self.high:.6g}, n = {self.n:,})"
        return f"{self.value:.6f} (95% CI {self.low:.6f}–{self.high:.6f}, n = {self.n:,})"

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


class DistEstimate(dict):
    """Simulated distribution: outcome -> :class:`Estimate` (each with its own 95% Wilson interval)."""

    def __str__(self) -> str:
        if not self:
            return "(empty)"
        w = max(len(str(k)) for k in self)
        return "\n".join(f"{str(k):>{w}}  {e}" for k, e in self.items())

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))

    @property
    def n(self) -> int:
        return next(iter(self.values())).n if self else 0
