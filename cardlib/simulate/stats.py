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

from ..prob.results import Z95, wilson  # one Wilson interval for the whole library

__all__ = ["Z95", "wilson", "mean_ci", "rate_row", "mean_row"]

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
    lo, hi = wilson(s, n) if n else (math.nan, math.nan)
    return {"metric": metric, "value": s / n if n else math.nan, "ci_low": lo, "ci_high": hi, "n": n}


def mean_row(metric: str, values: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a mean with its 95 % interval."""
    m, lo, hi = mean_ci(values)
    return {"metric": metric, "value": m, "ci_low": lo, "ci_high": hi, "n": int(np.asarray(values).size)}
