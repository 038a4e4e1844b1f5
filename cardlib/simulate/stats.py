"""Confidence intervals for simulation summaries: a rate (Wilson) and a mean (normal approximation).

>>> lo, hi = wilson(30, 100)
>>> round(lo, 3), round(hi, 3)
(0.219, 0.396)
>>> mean_ci([1.0, 2.0, 3.0])[0]
2.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

__all__ = ["Z95", "wilson", "mean_ci", "rate_row", "mean_row"]

#: the two-sided 95 % normal quantile
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``; ``(nan, nan)`` when ``n == 0``.

    Unlike ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and is sensible for p near 0 or 1 (an
    Opéra, for instance); it always contains ``successes / n``.
    """
    if n <= 0:
        return math.nan, math.nan
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / denom
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))


def mean_ci(values: Sequence[float] | np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean ± z standard errors (sample standard deviation).

    One value gives an interval of width 0; no values give NaNs.
    """
    a = np.asarray(values, dtype=float)
    n = a.size
    if n == 0:
        return math.nan, math.nan, math.nan
    m = float(a.mean())
    if n == 1:
        return m, m, m
    half = z * float(a.std(ddof=1)) / math.sqrt(n)
    return m, m - half, m + half


def rate_row(metric: str, hits: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a rate: ``hits`` are 0/1 (or fractions, for shared wins) per hand or game."""
    a = np.asarray(hits, dtype=float)
    n = int(a.size)
    s = float(a.sum())
    lo, hi = wilson(s, n)
    return {"metric": metric, "value": s / n if n else math.nan, "ci_low": lo, "ci_high": hi, "n": n}


def mean_row(metric: str, values: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a mean with its 95 % interval."""
    m, lo, hi = mean_ci(values)
    return {"metric": metric, "value": m, "ci_low": lo, "ci_high": hi, "n": int(np.asarray(values).size)}
