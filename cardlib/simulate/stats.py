"""Summary rows of a simulation: one :class:`~cardlib.prob.results.Estimate` per measure.

>>> rate_row("win rate", [1, 0, 1, 1])["value"]
0.75
>>> mean_row("moves", [1.0, 2.0, 3.0])["value"]
2.0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..estimates import Z95, Estimate, mean_interval, wilson   # one estimate type for the whole library

__all__ = ["Z95", "wilson", "mean_interval", "rate_row", "mean_row"]


def rate_row(metric: str, hits: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a rate: ``hits`` are 0/1 (or fractions, for shared wins) per hand or game."""
    a = np.asarray(hits, dtype=float)
    return {"metric": metric, **Estimate.rate(float(a.sum()), int(a.size)).row()}


def mean_row(metric: str, values: Sequence[float] | np.ndarray) -> dict:
    """A summary row for a mean with its 95 % interval."""
    return {"metric": metric, **Estimate.mean(np.asarray(values, dtype=float)).row()}
