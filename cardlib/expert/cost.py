"""What an expert seat costs in time: :func:`seconds_per_hand`, for the command line's warning.

The figures are the bench's (``python -m bench.expert_strength``, docs/expert-strength.md): searched
decisions per hand times seconds per searched decision at the default budget of 200 playouts, two
processes on this 2-core machine under other sessions' load.  They scale with the budget, since a
decision's time is its playouts.  They are estimates to warn with, not guarantees.
"""

from __future__ import annotations

from typing import Any
from ..jsonio import shown

__all__ = ["seconds_per_hand", "MEASURED_BUDGET"]

#: the budget the figures below were measured at
MEASURED_BUDGET = 200

#: seconds of one expert seat per hand, four players, at MEASURED_BUDGET (expert-strength.md:
#: decisions per hand x seconds per decision)
_SECONDS = {
    ("pis-yedili", False): 7.8 * 0.20,      # classic: 1.6 s
    ("pis-yedili", True): 11.7 * 0.54,      # the Turkish end penalty draws (PY-T2): 6.3 s
    ("sari-cuce", False): 4.0 * 0.11,       # 0.4 s
}


def seconds_per_hand(game: str, rules: Any, budget: int | None = None) -> float:
    """About how many seconds one expert seat adds to a hand of ``game`` under ``rules`` at ``budget``
    playouts a decision (default: the expert's own, 200).

    >>> from cardlib.pisyedili import Rules
    >>> round(seconds_per_hand("pis-yedili", Rules.classic(4)), 1)
    1.6
    >>> round(seconds_per_hand("pis-yedili", Rules.classic(4), budget=400), 1)
    3.1
    """
    turkish = bool(getattr(rules, "end_penalty_draws", False))
    base = _SECONDS.get((game, turkish))
    if base is None:
        raise ValueError(f"no measured cost for the expert in {shown(game)}")
    return base * (MEASURED_BUDGET if budget is None else budget) / MEASURED_BUDGET
