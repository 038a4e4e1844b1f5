"""The rows of the reference engine's tables: one per hand (:func:`hand_row`), one per series (game or match)
(:func:`series_row`), and the DataFrame they make (:func:`frame`).  The columns are the same as the fast
engine's (docs/simulate.md); the game's own columns come from its tally (``spec.tally``)."""

from __future__ import annotations

from typing import Any

__all__ = ["hand_row", "series_row", "frame"]


def hand_row(spec: Any, hand: Any, i: int, seed: int) -> dict[str, Any]:
    """The columns every game has, then the game's own (its tally)."""
    res = hand.result()
    row = {"hand": i, "seed": seed, "dealer": hand.dealer, "winner": res.winner, "moves": len(hand.move_stack),
           **spec.tally.hand_row(hand)}
    reason = getattr(res, "reason", None)
    if reason is not None:  # Pis Yedili: out, stock, no_play or safety_valve (PY-28, PY-28B, PY-F5)
        row["reason"] = reason
        row["valve"] = reason == "safety_valve"
    return row


def series_row(spec: Any, series: Any, g: int) -> dict[str, Any]:
    """One row of the series table (a game or a match): ``series hands winners``, the game's own columns, then
    each seat's win share (1, or a share for co-winners)."""
    result = series.result()
    winners = list(result.winners)
    row: dict[str, Any] = {"series": g, "hands": len(series.hands), "winners": " ".join(map(str, winners)),
                           **spec.tally.series_row(series)}
    for k in range(series.players):
        row[f"win_{k}"] = (1.0 / len(winners)) if k in winners else 0.0
    return row


def frame(rows: list[dict[str, Any]]) -> Any:
    """The rows as a DataFrame: ``winner`` as ``Int64`` (Pis Yedili: <NA> when the stock ended the hand),
    ``seed`` as ``int64`` (hand seeds are below 2**63)."""
    import pandas as pd

    df = pd.DataFrame(rows)
    if "winner" in df:
        df["winner"] = df["winner"].astype("Int64")
    if "seed" in df:
        df["seed"] = df["seed"].astype("int64")
    return df
