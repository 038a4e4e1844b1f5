"""The building blocks of cardlib's charts: the look (:func:`style`, :data:`PALETTE`), figures, seat
names, the timeline of a hand and the hands of a series.  The charts themselves are in :mod:`cardlib.plots`
(those of every game) and in each game's charts face (``cardlib.<game>.charts``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

__all__ = ["PALETTE", "GREY", "GRID", "style", "figure", "finish", "seat_names", "as_timeline", "series_items",
           "result_and_start", "StepChart"]

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac"]
GREY = "#8c8c8c"
GRID = "rgba(140,140,140,0.28)"


def style(fig: go.Figure, title: str, x_title: str, y_title: str, height: int = 420) -> go.Figure:
    """The cardlib look: no template, transparent backgrounds, mid-grey text and grid (light and dark)."""
    axis = dict(gridcolor=GRID, zerolinecolor=GRID, linecolor=GREY, tickcolor=GREY, showline=True,
                title_font=dict(color=GREY), tickfont=dict(color=GREY))
    fig.update_layout(
        template="none", title=dict(text=title, x=0.01, xanchor="left", font=dict(color=GREY, size=16)),
        paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)", font=dict(color=GREY, size=12),
        legend=dict(bgcolor="rgba(0,0,0,0)", font=dict(color=GREY)), height=height,
        margin=dict(l=60, r=20, t=60, b=50), hovermode="closest")
    fig.update_xaxes(title_text=x_title, **axis)
    fig.update_yaxes(title_text=y_title, **axis)
    return fig


def figure(widget: bool = False) -> go.Figure:
    """A new figure to add traces to.  Always a plain Figure: traces added one by one to a FigureWidget
    before it is shown get lost in containers (VBox) under Voila; :func:`finish` wraps the finished one."""
    return go.Figure()


def finish(fig: go.Figure, widget: bool) -> go.Figure:
    """The finished figure, as a ``FigureWidget`` when ``widget`` (one that can be updated in place)."""
    return go.FigureWidget(fig) if widget else fig


def seat_names(names: Sequence[str] | None, n: int) -> list[str]:
    """``names`` for ``n`` seats, the missing ones ``Seat k``."""
    from ..events import default_names
    out = list(names or [])[:n]
    return out + default_names(n)[len(out):]


def as_timeline(source: Any, names: Sequence[str] | None = None) -> Any:
    """The :class:`cardlib.records.Timeline` of a hand or a record (a timeline is returned as is)."""
    from ..records import Timeline, timeline
    if isinstance(source, Timeline):
        return source
    return timeline(source, list(names) if names is not None else None)


def series_items(source: Any) -> list[Any]:
    """The hands of a Game/Match (or whatever list was given), in playing order."""
    if isinstance(source, (list, tuple)):
        return list(source)
    for attr in ("hands", "results", "records"):
        value = getattr(source, attr, None)
        if value is not None:
            return list(value() if callable(value) else value)
    raise TypeError(f"{source!r} is neither a game, a match nor a list of hands, records or results")


def result_and_start(item: Any) -> tuple[dict | None, dict | None]:
    """(result dict, start dict) of a hand, a record (dict or Record) or a result."""
    from ..display.svg import as_result_dict
    if hasattr(item, "legal_moves"):
        res = item.result()
        return (res.to_dict() if res is not None else None), item.start()
    if isinstance(item, dict) and "format" in item:
        return item.get("result"), item.get("start")
    if hasattr(item, "start") and hasattr(item, "moves") and not callable(item.start):   # a Record
        return item.result, item.start
    return as_result_dict(item), None


@dataclass
class StepChart:
    """A hand's chart for the stepper: ``figure``, the x position of every step of the timeline, and
    whether the markers of the cards not yet played fade (the run chart) or not."""

    figure: go.Figure
    x: Sequence[float]
    fade: bool
