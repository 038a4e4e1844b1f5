"""Charts of hands, games and matches (plotly).

Every game's:

- :func:`hand_sizes_chart`: how many cards each player holds after every turn of a hand;
- :func:`step_chart`: the chart of a hand for the stepper, with each step's x position (the game's own,
  from its charts face, else the hand sizes).

Each game's own (its charts face, ``GameSpec.charts``), offered here by name:

- ``run_chart``, ``run_data``: a Sarı Cüce hand, card by card: the rank climbing, coloured by player, with
  stalls, King restarts and captures marked (:mod:`cardlib.saricuce.charts`);
- ``chips_chart``: the chips of every player and of the five boxes over the hands of a Sarı Cüce game;
- ``match_scores_chart``: the running totals of a Pis Yedili match over its deals
  (:mod:`cardlib.pisyedili.charts`).

Each takes a hand record (a path, a dict or a :class:`cardlib.records.Record`) or an engine object, and
returns a ``plotly.graph_objects.Figure`` (``widget=True``: a ``FigureWidget`` that can be updated).  The
figures have transparent backgrounds, grey text and grid and mid-tone colours, so they read the same in
JupyterLab's light and dark themes (:mod:`cardlib.plots.kit`).  The rules modules never import this package.

Shown in a notebook, every figure (cardlib's and any other plotly figure of the kernel) also carries its
still, a PNG drawn without a browser (:mod:`cardlib.plots.still`), so a stored notebook shows the chart
where plotly's JavaScript does not run (nbconvert, GitHub, a notebook opened before it is trusted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from ..games import face_export, game_of
from ..i18n import _, ngettext, with_language
from .kit import GREY, PALETTE, StepChart, as_timeline, figure, finish, seat_names, style
from . import still as _still

# every chart shown in a notebook carries its still (a PNG beside plotly's JSON): cardlib.plots.still
_still.install()

__all__ = ["hand_sizes_data", "hand_sizes_chart", "step_chart", "StepChart", "PALETTE", "GREY", "style"]


def hand_sizes_data(source: Any, names: Sequence[str] | None = None) -> dict:
    """Cards in every hand at the start and after each turn (a turn ends when the player to act changes)."""
    tl = as_timeline(source, names)
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
    return {"players": hand.players, "names": seat_names(names, hand.players), "sizes": sizes,
            "movers": movers, "moves": turn_moves, "title": game_of(hand).title}


def _hands(pos: dict) -> list[list[str]]:
    return [h.split() if isinstance(h, str) else list(h) for h in pos["hands"]]


@with_language
def hand_sizes_chart(source: Any, names: Sequence[str] | None = None, *, widget: bool = False,
                     title: str | None = None) -> go.Figure:
    """How many cards each player holds after every turn of a hand (a hand or a record), in any game."""
    data = hand_sizes_data(source, names)
    names = data["names"]
    xs = list(range(len(data["sizes"])))
    fig = figure(widget)
    for s in range(data["players"]):
        hover = [_("deal")] + [f"{names[m]}: {t}" for m, t in zip(data["movers"], data["moves"])]
        fig.add_trace(go.Scatter(x=xs, y=[row[s] for row in data["sizes"]], mode="lines", name=names[s],
                                 line=dict(color=PALETTE[s % len(PALETTE)], width=2.5, shape="hv"),
                                 customdata=hover,
                                 hovertemplate=f"{names[s]}: " + _("{y} cards after turn {x}").format(x="%{x}", y="%{y}")
                                 + "<br>%{customdata}<extra></extra>"))
    turns = ngettext("{n} turn", "{n} turns", len(xs) - 1).format(n=len(xs) - 1)
    style(fig, title or _("{game}: cards in hand, turn by turn ({turns})").format(game=data['title'], turns=turns),
          _("turn"), _("cards in hand"))
    fig.update_yaxes(rangemode="tozero")
    return finish(fig, widget)


def sizes_step_chart(tl: Any) -> StepChart:
    """The stepper's chart of a game without one of its own: the hand sizes, x = the turns completed by each
    step."""
    fig = hand_sizes_chart(tl)
    xs, turn = [], 0
    for step in tl.steps:
        if step.index > 0:
            nxt = step.position.get("to_act")
            if nxt != step.mover or nxt is None or step.index == len(tl.steps) - 1:
                turn += 1
        xs.append(turn)
    return StepChart(fig, xs, False)


def step_chart(source: Any, names: Sequence[str] | None = None) -> StepChart:
    """The chart of a hand with each step's x position: its game's own (``step_chart`` of its charts face:
    Sarı Cüce's run chart), else the hand sizes."""
    tl = as_timeline(source, names)
    spec = game_of(tl.hand)
    charts = spec.face("charts") if spec.has_face("charts") else None
    if charts is not None and hasattr(charts, "step_chart"):
        return charts.step_chart(tl)
    return sizes_step_chart(tl)


def __getattr__(name: str) -> Any:
    """Each game's own charts by their names (``run_chart``, ``chips_chart``, ``match_scores_chart`` ...)."""
    return face_export("charts", name, __name__)
