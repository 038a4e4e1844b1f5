"""Pis Yedili's charts (its charts face, GameSpec.charts): the running totals of a match; a hand's chart is
the cards in every hand, turn by turn (:func:`cardlib.plots.hand_sizes_chart`, the chart of every game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from ..i18n import _, with_language

from ..plots.kit import PALETTE, figure, finish, result_and_start, seat_names, series_items, style

if TYPE_CHECKING:
    from .match import Match

__all__ = ["match_scores_chart"]


def _match_scores(match: Match) -> list[list[int]]:
    out = []
    for item in series_items(match):
        if isinstance(item, (list, tuple)):
            out.append([int(v) for v in item])
            continue
        res, _ = result_and_start(item)
        if res is not None:
            out.append([int(v) for v in res["scores"]])
    return out


@with_language
def match_scores_chart(match: Match, names: Sequence[str] | None = None, *, widget: bool = False,
                       title: str | None = None) -> go.Figure:
    """Pis Yedili: each player's running total over the deals of a match (lowest total wins, PY-31).

    ``match``: a ``Match``, or a list of records, hands, results or score lists (one per deal)."""
    per_deal = _match_scores(match)
    if not per_deal:
        raise ValueError("match_scores_chart needs at least one finished deal")
    n = len(per_deal[0])
    names = seat_names(names if names is not None else getattr(match, "names", None), n)
    xs = list(range(len(per_deal) + 1))
    fig = figure(widget)
    for s in range(n):
        totals, t = [0], 0
        for row in per_deal:
            t += row[s]
            totals.append(t)
        fig.add_trace(go.Scatter(x=xs, y=totals, mode="lines+markers", name=names[s],
                                 line=dict(color=PALETTE[s % len(PALETTE)], width=2.5),
                                 customdata=[0] + [row[s] for row in per_deal],
                                 hovertemplate=f"{names[s]}<br>"
                                 + _("after deal {x}: {y} points (this deal {deal})").format(
                                     x="%{x}", y="%{y}", deal="%{customdata}") + "<extra></extra>"))
    style(fig, title or _("Pis Yedili: match totals after each deal (lowest wins)"), _("deals played"),
          _("points (total)"))
    fig.update_xaxes(tickvals=xs)
    return finish(fig, widget)
