"""Plots of hands, games and matches (plotly).

- :func:`run_chart`: a Sarı Cüce hand, card by card: the rank climbing, coloured by player, with stalls,
  King restarts and captures marked;
- :func:`chips_chart`: the chips of every player and of the five boxes over the hands of a game;
- :func:`hand_sizes_chart`: a Pis Yedili hand, the number of cards each player holds after every turn;
- :func:`match_scores_chart`: the running totals of a Pis Yedili match over its deals.

Each takes a hand record (a path, a dict or a :class:`cardlib.records.Record`) or an engine object, and
returns a ``plotly.graph_objects.Figure`` (``widget=True``: a ``FigureWidget`` that can be updated).  The
figures have transparent backgrounds, grey text and grid and mid-tone colours, so they read the same in
JupyterLab's light and dark themes.  The rules modules never import this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from .cards import Card
from .pisyedili import GAME as PIS_YEDILI
from .saricuce import GAME as SARI_CUCE
from .saricuce.rules import BOX_NAMES, BOXES

__all__ = ["run_chart", "chips_chart", "hand_sizes_chart", "match_scores_chart", "step_chart", "StepChart",
           "PALETTE", "style"]

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac"]
GREY = "#8c8c8c"
GRID = "rgba(140,140,140,0.28)"
BOX_COLOURS = dict(zip(BOX_NAMES, ("#e377c2", "#2ca02c", "#6d8fd6", "#ff7f0e", "#d4b000")))
BOX_PRETTY = {str(box): box.pretty() for box in BOXES}
RANK_TICKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


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


def _figure(widget: bool) -> go.Figure:
    # always build a plain Figure: traces added one by one to a FigureWidget before it is shown get lost
    # in containers (VBox) under Voila; _finish wraps the finished figure instead
    return go.Figure()


def _finish(fig: go.Figure, widget: bool) -> go.Figure:
    return go.FigureWidget(fig) if widget else fig


def _names(names: Sequence[str] | None, n: int) -> list[str]:
    from .display import default_names
    out = list(names or [])[:n]
    return out + default_names(n)[len(out):]


def _timeline(source: Any, names: Sequence[str] | None):
    from .records import Timeline, timeline
    if isinstance(source, Timeline):
        return source
    return timeline(source, list(names) if names is not None else None)


# --------------------------------------------------------------------------------- Sarı Cüce: run
def run_data(source: Any, names: Sequence[str] | None = None) -> dict:
    """What the run chart draws, as plain lists (handy for tests and for the stepper).

    ``plays``: one dict per card played (``step`` = the move number it was played at, ``seat``, ``card``,
    ``rank``, ``lead``); ``captures``, ``stalls``, ``kings``, ``stops``: the events marked on the chart.
    """
    tl = _timeline(source, names)
    names = tl.names
    plays, captures, stalls, kings, stops = [], [], [], [], []
    for step in tl.steps:
        for ev in step.events:
            kind = getattr(ev, "kind", "")
            if kind == "play":
                plays.append({"step": step.index, "x": len(plays) + 1, "seat": ev.seat, "card": str(ev.card),
                              "rank": int(ev.card.rank), "lead": bool(ev.lead), "text": ev.describe(names)})
            elif kind == "capture":
                captures.append({"step": step.index, "x": len(plays), "seat": ev.seat, "box": str(ev.box),
                                 "chips": ev.chips, "text": ev.describe(names)})
            elif kind in ("stall", "skip_rank"):
                stalls.append({"step": step.index, "x": len(plays), "seat": ev.seat, "ranks": list(ev.ranks),
                               "text": ev.describe(names)})
            elif kind == "king_restart":
                kings.append({"step": step.index, "x": len(plays), "seat": ev.seat, "text": ev.describe(names)})
            elif kind == "stop":
                stops.append({"step": step.index, "x": len(plays), "seat": ev.seat, "text": ev.describe(names)})
    hand = tl.hand
    return {"players": hand.players, "names": _names(names, hand.players), "plays": plays,
            "captures": captures, "stalls": stalls, "kings": kings, "stops": stops}


def run_chart(source: Any, names: Sequence[str] | None = None, *, widget: bool = False,
              title: str | None = None) -> go.Figure:
    """Sarı Cüce: the rank of every card played, in order, coloured by player.

    Lines join the cards of one run; a star marks a King (the run closes and its player starts
    again), a cross marks a stall ("sans 9": nobody holds the needed rank), a gold ring marks a capture of
    a box (hover for the chips).  ``source``: a hand, or a record (path, dict, Record).
    """
    data = run_data(source, names)
    names = data["names"]
    plays = data["plays"]
    fig = _figure(widget)
    # the run path: one line per run (None breaks it at every lead)
    xs, ys = [], []
    for p in plays:
        if p["lead"] and xs:
            xs.append(None)
            ys.append(None)
        xs.append(p["x"])
        ys.append(p["rank"])
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="run", line=dict(color=GREY, width=1.5),
                             hoverinfo="skip", showlegend=False))
    for s in range(data["players"]):
        mine = [p for p in plays if p["seat"] == s]
        fig.add_trace(go.Scatter(
            x=[p["x"] for p in mine], y=[p["rank"] for p in mine], mode="markers+text", name=names[s],
            text=[Card.parse(p["card"]).pretty() for p in mine], textposition="top center",
            textfont=dict(color=PALETTE[s % len(PALETTE)], size=10),
            marker=dict(color=PALETTE[s % len(PALETTE)], size=11, symbol=["diamond" if p["lead"] else "circle" for p in mine],
                        line=dict(color="rgba(0,0,0,0)", width=0)),
            hovertext=[p["text"] for p in mine], hoverinfo="text"))
    rank_at = {p["x"]: p["rank"] for p in plays}
    caps = data["captures"]
    fig.add_trace(go.Scatter(
        x=[c["x"] for c in caps], y=[rank_at.get(c["x"]) for c in caps], mode="markers", name="capture",
        marker=dict(size=22, symbol="circle-open", color="#e6b800", line=dict(width=3, color="#e6b800")),
        hovertext=[c["text"] for c in caps], hoverinfo="text"))
    kings = data["kings"]
    fig.add_trace(go.Scatter(
        x=[k["x"] for k in kings], y=[13.6] * len(kings), mode="markers", name="King: new run",
        marker=dict(size=13, symbol="star", color="#e15759"), hovertext=[k["text"] for k in kings], hoverinfo="text"))
    stalls = data["stalls"] + data["stops"]
    fig.add_trace(go.Scatter(
        x=[s["x"] + 0.5 for s in stalls], y=[min(13, rank_at.get(s["x"], 12) + 1) for s in stalls],
        mode="markers", name="stall (sans …)", marker=dict(size=12, symbol="x", color=GREY),
        hovertext=[s["text"] for s in stalls], hoverinfo="text"))
    n = data["players"]
    style(fig, title or f"Sarı Cüce: how the run climbs ({n} players, {len(plays)} cards played)",
          "card played (in order)", "rank")
    fig.update_yaxes(tickvals=list(range(1, 14)), ticktext=RANK_TICKS, range=[0.5, 14.2])
    fig.update_xaxes(range=[0, max(len(plays), 1) + 1])
    return _finish(fig, widget)


# --------------------------------------------------------------------------------- Sarı Cüce: chips
def _items(source: Any) -> list[Any]:
    """The hands of a Game/Match (or whatever list was given), in playing order."""
    if isinstance(source, (list, tuple)):
        return list(source)
    for attr in ("hands", "results", "records"):
        value = getattr(source, attr, None)
        if value is not None:
            return list(value() if callable(value) else value)
    raise TypeError(f"{source!r} is neither a game, a match nor a list of hands, records or results")


def _result_and_start(item: Any) -> tuple[dict | None, dict | None]:
    """(result dict, start dict) of a hand, a record (dict or Record) or a result."""
    from .display._base import as_result_dict
    if hasattr(item, "legal_moves"):
        res = item.result()
        return (res.to_dict() if res is not None else None), item.start()
    if isinstance(item, dict) and "format" in item:
        return item.get("result"), item.get("start")
    if hasattr(item, "start") and hasattr(item, "moves") and not callable(item.start):   # a Record
        return item.result, item.start
    return as_result_dict(item), None


def _game_results(source: Any) -> tuple[list[int] | None, list[dict]]:
    """(chips at the start, [result dicts of every settled hand]) from a Game or a list."""
    start = None
    results = []
    for item in _items(source):
        res, st = _result_and_start(item)
        if start is None and not results and st and "chips" in st and "to_act" not in st:
            start = list(st["chips"])
        if res is not None:
            results.append(res)
    if start is None:
        rules = getattr(source, "rules", None)
        if getattr(rules, "starting_chips", None) is not None:
            start = [rules.starting_chips] * rules.players
    return start, results


def chips_chart(game: Any, names: Sequence[str] | None = None, *, widget: bool = False,
                title: str | None = None) -> go.Figure:
    """Sarı Cüce: the chips of every player (solid lines) and of the five boxes (dashed) after each hand.

    ``game``: a ``Game`` (its hand results), or a list of records, hands or results (in playing order).
    """
    start, results = _game_results(game)
    if not results:
        raise ValueError("chips_chart needs at least one settled hand")
    n = len(results[0]["chips"])
    names = _names(names if names is not None else getattr(game, "names", None), n)
    start = start or [None] * n
    xs = list(range(0, len(results) + 1))
    fig = _figure(widget)
    for s in range(n):
        ys = [start[s]] + [r["chips"][s] for r in results]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=names[s],
                                 line=dict(color=PALETTE[s % len(PALETTE)], width=2.5),
                                 hovertemplate=f"{names[s]}<br>after hand %{{x}}: %{{y}} chips<extra></extra>"))
    for box, colour in BOX_COLOURS.items():
        ys = [0 if start[0] is not None else None] + [int(r["board"][box]) for r in results]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=f"box {BOX_PRETTY[box]}",
                                 line=dict(color=colour, width=1.5, dash="dash"), marker=dict(symbol="square", size=6),
                                 hovertemplate=f"box {BOX_PRETTY[box]}<br>after hand %{{x}}: %{{y}} chips<extra></extra>"))
    style(fig, title or f"Sarı Cüce: chips after each hand ({len(results)} hands)",
          "hands played", "chips")
    fig.update_xaxes(tickvals=xs, range=[-0.2, len(results) + 0.2])
    return _finish(fig, widget)


# --------------------------------------------------------------------------------- Pis Yedili
def hand_sizes_data(source: Any, names: Sequence[str] | None = None) -> dict:
    """Cards in every hand at the start and after each turn (a turn ends when the player to act changes)."""
    tl = _timeline(source, names)
    names, hand = tl.names, tl.hand
    sizes = [[len(x) for x in _hands(tl.steps[0].position)]]
    movers, turn_moves = [], []
    current: list[str] = []
    for k, step in enumerate(tl.steps[1:], start=1):
        current.append(step.move)
        nxt = step.position.get("to_act")
        if nxt != step.mover or nxt is None or k == len(tl.steps) - 1:
            sizes.append([len(x) for x in _hands(step.position)])
            movers.append(step.mover)
            turn_moves.append(" ".join(current))
            current = []
    return {"players": hand.players, "names": _names(names, hand.players), "sizes": sizes,
            "movers": movers, "moves": turn_moves}


def _hands(pos: dict) -> list[list[str]]:
    return [h.split() if isinstance(h, str) else list(h) for h in pos["hands"]]


def hand_sizes_chart(source: Any, names: Sequence[str] | None = None, *, widget: bool = False,
                     title: str | None = None) -> go.Figure:
    """Pis Yedili: how many cards each player holds after every turn of a hand (a hand or a record)."""
    data = hand_sizes_data(source, names)
    names = data["names"]
    xs = list(range(len(data["sizes"])))
    fig = _figure(widget)
    for s in range(data["players"]):
        hover = ["deal"] + [f"{names[m]}: {t}" for m, t in zip(data["movers"], data["moves"])]
        fig.add_trace(go.Scatter(x=xs, y=[row[s] for row in data["sizes"]], mode="lines", name=names[s],
                                 line=dict(color=PALETTE[s % len(PALETTE)], width=2.5, shape="hv"),
                                 customdata=hover,
                                 hovertemplate=f"{names[s]}: %{{y}} cards after turn %{{x}}<br>%{{customdata}}<extra></extra>"))
    style(fig, title or f"Pis Yedili: cards in hand, turn by turn ({len(xs) - 1} turns)", "turn", "cards in hand")
    fig.update_yaxes(rangemode="tozero")
    return _finish(fig, widget)


def _match_scores(match: Any) -> list[list[int]]:
    out = []
    for item in _items(match):
        if isinstance(item, (list, tuple)):
            out.append([int(v) for v in item])
            continue
        res, _ = _result_and_start(item)
        if res is not None:
            out.append([int(v) for v in res["scores"]])
    return out


def match_scores_chart(match: Any, names: Sequence[str] | None = None, *, widget: bool = False,
                       title: str | None = None) -> go.Figure:
    """Pis Yedili: each player's running total over the deals of a match (lowest total wins, PY-31).

    ``match``: a ``Match``, or a list of records, hands, results or score lists (one per deal)."""
    per_deal = _match_scores(match)
    if not per_deal:
        raise ValueError("match_scores_chart needs at least one finished deal")
    n = len(per_deal[0])
    names = _names(names if names is not None else getattr(match, "names", None), n)
    xs = list(range(len(per_deal) + 1))
    fig = _figure(widget)
    for s in range(n):
        totals, t = [0], 0
        for row in per_deal:
            t += row[s]
            totals.append(t)
        fig.add_trace(go.Scatter(x=xs, y=totals, mode="lines+markers", name=names[s],
                                 line=dict(color=PALETTE[s % len(PALETTE)], width=2.5),
                                 customdata=[0] + [row[s] for row in per_deal],
                                 hovertemplate=f"{names[s]}<br>after deal %{{x}}: %{{y}} points (this deal %{{customdata}})<extra></extra>"))
    style(fig, title or f"Pis Yedili: match totals after each deal (lowest wins)", "deals played", "points (total)")
    fig.update_xaxes(tickvals=xs)
    return _finish(fig, widget)


# --------------------------------------------------------------------------------- both games: a hand, step by step
@dataclass
class StepChart:
    """A hand's chart for the stepper: ``figure``, the x position of every step of the timeline, and
    whether the markers of the cards not yet played fade (the run chart) or not."""

    figure: go.Figure
    x: list[float]
    fade: bool


def _run_step_chart(tl: Any) -> StepChart:
    fig = run_chart(tl)
    plays_at = [p["step"] for p in run_data(tl)["plays"]]
    counts, k = [], 0
    for step in range(len(tl.steps)):
        while k < len(plays_at) and plays_at[k] <= step:
            k += 1
        counts.append(k)
    return StepChart(fig, counts, True)               # cards played by each step


def _sizes_step_chart(tl: Any) -> StepChart:
    fig = hand_sizes_chart(tl)
    xs, turn = [], 0
    for step in tl.steps:
        if step.index > 0:
            nxt = step.position.get("to_act")
            if nxt != step.mover or nxt is None or step.index == len(tl.steps) - 1:
                turn += 1
        xs.append(turn)
    return StepChart(fig, xs, False)                  # turns completed by each step


#: each game's chart of one hand, by the game's name (cardlib.games)
_STEP_CHARTS = {SARI_CUCE.name: _run_step_chart, PIS_YEDILI.name: _sizes_step_chart}


def step_chart(source: Any, names: Sequence[str] | None = None) -> StepChart:
    """The chart of a hand (its game's: the run chart, or the hand sizes) with each step's x position."""
    tl = _timeline(source, names)
    return _STEP_CHARTS[tl.game](tl)
