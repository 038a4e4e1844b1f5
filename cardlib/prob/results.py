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

from collections.abc import Callable, Hashable
from fractions import Fraction
from numbers import Rational

from .estimate import Z95, Estimate, estimates, mean_interval, wilson
from ..jsonio import shown

__all__ = ["Exact", "Dist", "show", "decimal", "DistEstimate"]


def decimal(x, digits: int = 6) -> str:
    """``x`` as a decimal with ``digits`` significant digits (``0.0769231``); 0 and 1 stay ``0`` and ``1``."""
    from ..i18n import localize_number
    return localize_number(f"{float(x):.{digits}g}")


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
            raise TypeError(f"mean() needs numeric outcomes, this distribution has {shown(bad[0])}")
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
        inner = ", ".join(f"{shown(k)}: {shown(v)}" for k, v in self.items())
        return f"Dist({{{inner}}})"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.table())


# --------------------------------------------------------------------------------------------------
# Simulation answers: one estimate type for the whole library, in cardlib.estimates

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
