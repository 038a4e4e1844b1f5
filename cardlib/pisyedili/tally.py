"""What a Pis Yedili hand and match count for in a simulation table (:mod:`cardlib.simulate`).

``hand_row(hand)`` gives this game's columns of a finished hand, ``series_row(match)`` those of a finished
match; ``SUMMARY`` and ``SERIES_SUMMARY`` name the measures :meth:`Simulation.summary` reports beside the
ones every game has.  ``{k}`` stands for each seat.
"""

from __future__ import annotations

from typing import Any

__all__ = ["hand_row", "series_row", "SUMMARY", "SERIES_SUMMARY", "SERIES_VALUE"]

#: (kind, metric, column); ``zero_share`` is each seat's share of the seats that scored 0 (PY-28/PY-A20:
#: a stock ending has no winner, but its lowest hands score 0), so the shares add up to 1
SUMMARY: tuple[tuple[str, str, str], ...] = (
    ("zero_share", "best-hand share seat {k}", "score_{k}"),
    ("mean", "mean score seat {k}", "score_{k}"),
    ("rate", "stock ending rate", "stock_ended"),
    ("mean", "mean multiplier", "multiplier"),
)
SERIES_SUMMARY: tuple[tuple[str, str, str], ...] = (
    ("mean", "mean total score seat {k}", "score_{k}"),
)
#: the per-seat column of a match row that decides the winners (lowest total, PY-31)
SERIES_VALUE = ("score_", min)


def hand_row(hand: Any) -> dict[str, Any]:
    """``ended_by stock_ended multiplier draws reshuffles score_k`` of a finished hand (``draws``: draw
    moves; ``reshuffles``: PY-28T rebuilds of the stock)."""
    res = hand.result()
    row: dict[str, Any] = {"ended_by": res.ended_by, "stock_ended": res.ended_by == "stock",
                           "multiplier": res.multiplier,
                           "draws": sum(1 for m in hand.move_stack if m.kind == "draw"),
                           "reshuffles": sum(1 for e in hand.record_moves() if e.startswith("reshuffle"))}
    for k, s in enumerate(res.scores):
        row[f"score_{k}"] = s
    return row


def series_row(match: Any) -> dict[str, Any]:
    """``score_k`` of a finished match: each seat's total."""
    r = match.result()
    return {f"score_{k}": t for k, t in enumerate(r.totals)}
