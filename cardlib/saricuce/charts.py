"""Sarı Cüce's charts (its charts face, GameSpec.charts): the run of a hand card by card, the chips of a
game hand by hand, and the stepper's chart of a hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from ..cards import Card
from ..i18n import _, ngettext, with_language
from ..plots.kit import (GREY, PALETTE, StepChart, as_timeline, figure, finish, result_and_start, seat_names,
                         series_items, style)
from .rules import BOX_NAMES, BOXES

__all__ = ["run_data", "run_chart", "chips_chart", "step_chart"]

BOX_COLOURS = dict(zip(BOX_NAMES, ("#e377c2", "#2ca02c", "#6d8fd6", "#ff7f0e", "#d4b000")))
BOX_PRETTY = {str(box): box.pretty() for box in BOXES}
RANK_TICKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def run_data(source: Any, names: Sequence[str] | None = None) -> dict:
    """What the run chart draws, as plain lists (handy for tests and for the stepper).

    ``plays``: one dict per card played (``step`` = the move number it was played at, ``seat``, ``card``,
    ``rank``, ``lead``); ``captures``, ``stalls``, ``kings``, ``stops``: the events marked on the chart.
    """
    tl = as_timeline(source, names)
    names = tl.names
    plays: list[dict[str, Any]] = []
    captures: list[dict[str, Any]] = []
    stalls: list[dict[str, Any]] = []
    kings: list[dict[str, Any]] = []
    stops: list[dict[str, Any]] = []
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
    return {"players": hand.players, "names": seat_names(names, hand.players), "plays": plays,
            "captures": captures, "stalls": stalls, "kings": kings, "stops": stops}


@with_language
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
    fig = figure(widget)
    # the run path: one line per run (None breaks it at every lead)
    xs: list[int | None] = []
    ys: list[int | None] = []
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
        x=[c["x"] for c in caps], y=[rank_at.get(c["x"]) for c in caps], mode="markers", name=_("capture"),
        marker=dict(size=22, symbol="circle-open", color="#e6b800", line=dict(width=3, color="#e6b800")),
        hovertext=[c["text"] for c in caps], hoverinfo="text"))
    kings = data["kings"]
    fig.add_trace(go.Scatter(
        x=[k["x"] for k in kings], y=[13.6] * len(kings), mode="markers", name=_("King: new run"),
        marker=dict(size=13, symbol="star", color="#e15759"), hovertext=[k["text"] for k in kings], hoverinfo="text"))
    stalls = data["stalls"] + data["stops"]
    fig.add_trace(go.Scatter(
        x=[s["x"] + 0.5 for s in stalls], y=[min(13, rank_at.get(s["x"], 12) + 1) for s in stalls],
        mode="markers", name=_("stall (sans …)"), marker=dict(size=12, symbol="x", color=GREY),
        hovertext=[s["text"] for s in stalls], hoverinfo="text"))
    n = data["players"]
    style(fig, title or _("Sarı Cüce: how the run climbs ({n} players, {cards} played)").format(
        n=n, cards=ngettext("{n} card", "{n} cards", len(plays)).format(n=len(plays))),
          _("card played (in order)"), _("rank"))
    fig.update_yaxes(tickvals=list(range(1, 14)), ticktext=RANK_TICKS, range=[0.5, 14.2])
    fig.update_xaxes(range=[0, max(len(plays), 1) + 1])
    return finish(fig, widget)


def _game_results(source: Any) -> tuple[list[int] | None, list[dict]]:
    """(chips at the start, [result dicts of every settled hand]) from a Game or a list."""
    start: list[int] | None = None
    results: list[dict] = []
    for item in series_items(source):
        res, st = result_and_start(item)
        if start is None and not results and st and "chips" in st and "to_act" not in st:
            start = list(st["chips"])
        if res is not None:
            results.append(res)
    if start is None:
        rules = getattr(source, "rules", None)
        if rules is not None and getattr(rules, "starting_chips", None) is not None:
            start = [rules.starting_chips] * rules.players
    return start, results


@with_language
def chips_chart(game: Any, names: Sequence[str] | None = None, *, widget: bool = False,
                title: str | None = None) -> go.Figure:
    """Sarı Cüce: the chips of every player (solid lines) and of the five boxes (dashed) after each hand.

    ``game``: a ``Game`` (its hand results), or a list of records, hands or results (in playing order).
    """
    chips, results = _game_results(game)
    if not results:
        raise ValueError("chips_chart needs at least one settled hand")
    n = len(results[0]["chips"])
    names = seat_names(names if names is not None else getattr(game, "names", None), n)
    start: list[int | None] = list(chips) if chips else [None] * n
    xs = list(range(0, len(results) + 1))
    fig = figure(widget)
    for s in range(n):
        ys = [start[s]] + [r["chips"][s] for r in results]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=names[s],
                                 line=dict(color=PALETTE[s % len(PALETTE)], width=2.5),
                                 hovertemplate=f"{names[s]}<br>" + _("after hand {x}: {y} chips").format(
                                     x="%{x}", y="%{y}") + "<extra></extra>"))
    for box, colour in BOX_COLOURS.items():
        ys = [0 if start[0] is not None else None] + [int(r["board"][box]) for r in results]
        box_name = _("box {card}").format(card=BOX_PRETTY[box])
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=box_name,
                                 line=dict(color=colour, width=1.5, dash="dash"), marker=dict(symbol="square", size=6),
                                 hovertemplate=f"{box_name}<br>" + _("after hand {x}: {y} chips").format(
                                     x="%{x}", y="%{y}") + "<extra></extra>"))
    style(fig, title or _("Sarı Cüce: chips after each hand ({hands})").format(
        hands=ngettext("{n} hand", "{n} hands", len(results)).format(n=len(results))),
          _("hands played"), _("chips"))
    fig.update_xaxes(tickvals=xs, range=[-0.2, len(results) + 0.2])
    return finish(fig, widget)


def step_chart(tl: Any) -> StepChart:
    """The stepper's chart: the run chart, x = the cards played by each step (their markers fade in)."""
    fig = run_chart(tl)
    plays_at = [p["step"] for p in run_data(tl)["plays"]]
    counts, k = [], 0
    for step in range(len(tl.steps)):
        while k < len(plays_at) and plays_at[k] <= step:
            k += 1
        counts.append(k)
    return StepChart(fig, counts, True)               # cards played by each step
