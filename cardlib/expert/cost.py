"""What an expert seat costs in time: :func:`seconds_per_hand`, for the command line's warning.

Each game's expert face holds its figures (``SECONDS_PER_HAND``, measured by the bench, ``python -m
bench.expert_ladder``, docs/expert-strength.md: the time one expert seat spends choosing in a hand at the
default budget of :data:`MEASURED_BUDGET` playouts, in the compiled playouts).  They scale with the budget, since a
decision's time is its playouts.  They are estimates to warn with, not guarantees.
"""

from __future__ import annotations

from typing import Any

__all__ = ["seconds_per_hand", "MEASURED_BUDGET"]

#: the budget the games' figures were measured at (the expert's default)
MEASURED_BUDGET = 500


def seconds_per_hand(game: Any, rules: Any, budget: int | None = None) -> float:
    """About how many seconds one expert seat adds to a hand of ``game`` (its name or spec) under ``rules``
    at ``budget`` playouts a decision (default: the expert's own, 500).  A game without an expert raises
    :class:`~cardlib.errors.MissingFaceError`.

    >>> from cardlib.pisyedili import Rules
    >>> round(seconds_per_hand("pis-yedili", Rules.classic(4)), 3)
    0.037
    >>> round(seconds_per_hand("pis-yedili", Rules.classic(4), budget=8000), 2)
    0.59
    """
    from ..games import find_game
    base = float(find_game(game).face("expert").seconds_per_hand(rules))
    return base * (MEASURED_BUDGET if budget is None else budget) / MEASURED_BUDGET
