"""Step through a recorded hand: buttons, a slider, one narration line per event, and the pictures."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..display import outcome_html, position_svg
from ..display.svg import INK, PANEL, HtmlImage, esc
from ..display.moves import move_words
from ..i18n import _, check_language, ngettext, speaking
from ..records import Timeline, timeline
from ..records import load_record
from .base import StaticView
from .static import STILL_COLOURS, STILL_ZOOM, frame, png_img, run_line

__all__ = ["Stepper"]

_NARRATION_STYLE = (f"background:{PANEL};color:{INK};border:1px solid #8d8878;border-radius:6px;"
                    "padding:6px 10px;font-family:sans-serif;font-size:14px;min-height:3.2em")


def _chart_wait() -> str:
    return ('<style>.cardlib-chart:has(.js-plotly-plot) .cardlib-chart-wait { display: none; }</style>'
            '<div class="cardlib-chart-wait" style="font-family:sans-serif;font-size:15px;color:#4a4a4a;'
            'padding:6px 0">' + esc(_("Drawing the chart… the first one of a page takes some seconds.")) + '</div>')


# projector mode (the classroom's stepper): everything grows with the screen like the tables' projector mode,
# and the chart sits beside the picture, not under it, so both are on one screen
_PROJECTOR = """<style>
.cardlib-stepper.cardlib-projector .cardlib-picture svg { width: auto !important; max-width: 100% !important;
  height: clamp(280px, calc(100vh - 300px), 2000px) !important; }
.cardlib-stepper.cardlib-projector .cardlib-steps button.jupyter-button { height: clamp(36px, 3vw, 60px) !important;
  font-size: clamp(16px, 1.4vw, 26px) !important; width: auto !important; padding: 0 .8em !important; }
.cardlib-stepper.cardlib-projector .cardlib-narration, .cardlib-stepper.cardlib-projector .cardlib-step-head {
  font-size: clamp(15px, 1.25vw, 24px) !important; }
.cardlib-stepper.cardlib-projector .cardlib-stage { gap: 12px; align-items: flex-start; flex-wrap: nowrap !important; }
.cardlib-stepper.cardlib-projector .cardlib-stage > .cardlib-picture { flex: 0 1 auto; min-width: 0; }
.cardlib-stepper.cardlib-projector .cardlib-stage:has(.cardlib-chart > *) > .cardlib-picture { max-width: 62%; }
.cardlib-stepper.cardlib-projector .cardlib-chart { flex: 1 1 420px; min-width: 380px; }
</style>"""

#: the most stills a stored Stepper shows (the step shown, the last, and the notes' moves spread between):
#: about 10 kB each, so its static form stays under 100 kB
MAX_STILLS = 6


class Stepper(StaticView, W.VBox):
    """Step through a hand record (a path, a dict, a :class:`~cardlib.records.Record` or a hand).

    ``first``/``back``/``next``/``last`` buttons and a slider choose the step (0 = the deal, k = after
    move k); the narration says in plain words what the move did; the position picture and the plot
    (Sarı Cüce: the run chart; Pis Yedili: the hand sizes) follow the step.

    Testable without a browser: ``.step`` (read or assign), ``.buttons``, ``.slider``, ``.narration``
    (the lines of the current step), ``.history`` (all lines up to it), ``.position``, ``.picture`` (the SVG),
    ``.move`` (the move of the current step), ``.note`` (the record's note on that move, or None),
    ``.outcome`` (HTML once at the last step of a finished hand).

    ``plot``: ``True`` draws the chart at once, ``False`` never, ``"button"`` offers a ``show the chart``
    toggle (``.buttons["chart"]``) and builds the chart on its first press: plotly and its widget are then
    not imported before a student asks for them (the classroom stepper: the page shows in a second).

    ``language``: ``"en"``, ``"tr"``, ``"fr"`` or ``"pl"`` for its buttons, narration, pictures and outcome
    (default ``None``: the language spoken when it draws, :func:`cardlib.i18n.set_language`).

    ``projector=True`` (the classroom's stepper): the buttons, the narration and the picture grow with the
    screen as the tables' do, and the chart is drawn beside the picture, both on one screen.

    Stored in a notebook, it shows a filmstrip (:meth:`static_html`): the moves the record's notes point to
    and the last one, each with its narration and note, small stills of some of them, and the chart.
    """

    static_kind = "stepper"

    def __init__(self, record: Any, names: list[str] | None = None, *, visible: Any = None,
                 plot: bool | str = True, width: int = 760, projector: bool = False,
                 language: str | None = None):
        if plot not in (True, False, "button"):
            raise ValueError(f"plot={plot!r}: True, False or 'button'")
        self._plot = plot
        self.language = check_language(language)
        self._build(record, names, visible, plot, width, projector)

    @speaking
    def _build(self, record: Any, names: list[str] | None, visible: Any, plot: bool | str, width: int,
               projector: bool) -> None:
        self.timeline: Timeline = record if isinstance(record, Timeline) else timeline(record, names)
        self.names = self.timeline.names
        self.game = self.timeline.game
        # one hand, moved to the step shown with push and pop (python-chess's board in a viewer)
        rec = load_record(self.timeline.record)
        self.hand = rec.initial_hand()
        self._moves = [(text, orders or None) for _, text, orders in rec.steps()]
        self._visible, self._width = visible, width
        n_steps = len(self.timeline.steps)
        self.buttons = {
            "first": W.Button(description=_("« first"), tooltip=_("the deal"), layout=W.Layout(width="90px")),
            "back": W.Button(description=_("◀ back"), tooltip=_("one move back"), layout=W.Layout(width="90px")),
            "next": W.Button(description=_("next ▶"), tooltip=_("one move on"), layout=W.Layout(width="90px")),
            "last": W.Button(description=_("last »"), tooltip=_("the end"), layout=W.Layout(width="90px")),
        }
        self.slider = W.IntSlider(value=0, min=0, max=n_steps - 1, step=1, description=_("move"),
                                  continuous_update=True, layout=W.Layout(width="360px"))
        self.status = W.HTML()
        self.narration_box = W.HTML()
        self.picture_box = W.HTML()
        self.outcome_box = W.HTML()
        self.figure = self._make_figure() if plot is True else None
        self.chart_box = W.VBox()
        self.chart_box.add_class("cardlib-chart")
        #: shown with the chart until the browser has drawn it (the first chart of a page brings plotly's
        #: drawing code, about 5 MB, through the kernel: 10-15 s in the classroom), then hidden by its own rule
        self.chart_wait = W.HTML(_chart_wait())
        if plot == "button":
            chart = self.buttons["chart"] = W.ToggleButton(value=False, description=_("show the chart"),
                                                           tooltip=_("the chart of the hand, with the step marked"),
                                                           layout=W.Layout(width="auto"))
            chart.observe(lambda change: self.show_chart(change["new"]), names="value")
        self.buttons["first"].on_click(lambda _: self.go(0))
        self.buttons["back"].on_click(lambda _: self.go(self.step - 1))
        self.buttons["next"].on_click(lambda _: self.go(self.step + 1))
        self.buttons["last"].on_click(lambda _: self.go(len(self.timeline.steps) - 1))
        self.slider.observe(self._on_slider, names="value")
        steps = [self.buttons[k] for k in ("first", "back", "next", "last")]
        extra = [self.buttons["chart"]] if "chart" in self.buttons else []
        controls = W.HBox([*steps, self.slider, *extra], layout=W.Layout(flex_flow="row wrap"))
        controls.add_class("cardlib-steps")
        self.picture_box.add_class("cardlib-picture")
        self.projector = bool(projector)
        chart = [self.figure] if self.figure is not None else [self.chart_box] if plot == "button" else []
        if self.projector:
            stage = W.HBox([self.picture_box, *chart], layout=W.Layout(flex_flow="row wrap"))
            stage.add_class("cardlib-stage")
            children = [W.HTML(_PROJECTOR), controls, self.status, self.narration_box, stage, self.outcome_box]
        else:
            children = [controls, self.status, self.narration_box, self.picture_box, self.outcome_box, *chart]
        super().__init__(children=children)
        self.add_class("cardlib-stepper")
        if self.projector:
            self.add_class("cardlib-projector")
        self._step = -1
        self.go(0)

    # -- plots -------------------------------------------------------------------------------------
    def _make_figure(self):
        from .. import plots
        chart = plots.step_chart(self.timeline)
        fig = chart.figure
        self._plot_x = chart.x
        self._fade = chart.fade
        fig.add_vline(x=-1, line=dict(color="#e6b800", width=2, dash="dot"))
        fig.layout.height = 360
        import plotly.graph_objects as go
        # the traces whose markers fade until played (not the sequence line)
        self._trace_x = [list(t.x) if (t.mode or "").find("markers") >= 0 else None for t in fig.data]
        if self._fade:
            for t in fig.data:
                if "markers" in (t.mode or ""):
                    t.unselected = dict(marker=dict(opacity=0.18), textfont=dict(color="rgba(140,140,140,0.3)"))
        self._apply(fig, self._plot_x[0])   # the state of step 0, before the widget exists
        return go.FigureWidget(fig)      # built whole, then wrapped (see plots._figure)

    @speaking
    def show_chart(self, show: bool = True) -> None:
        """Show (build, the first time) or hide the chart of a ``plot="button"`` Stepper."""
        if show and self.figure is None:
            # the note alone first: a box shows no child before the browser has loaded all of them, and the
            # figure's own code may take seconds to come
            self.chart_box.children = [self.chart_wait]
            self.figure = self._make_figure()
            self._update_figure(self._plot_x[self._step])
        if "chart" in self.buttons and self.buttons["chart"].value != show:
            self.buttons["chart"].value = show            # calls back here once, with the same value
            return
        self.chart_box.children = [self.chart_wait, self.figure] if show and self.figure is not None else []
        if "chart" in self.buttons:
            self.buttons["chart"].description = _("hide the chart") if show else _("show the chart")

    # -- stepping ----------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self._step

    @step.setter
    def step(self, value: int) -> None:
        self.go(value)

    @speaking
    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the hand)."""
        last = len(self.timeline.steps) - 1
        step = max(0, min(int(step), last))
        if step == self._step:
            return
        self._step = step
        if self.slider.value != step:
            self.slider.value = step          # calls _on_slider, which returns at once (same step)
        s = self.timeline.steps[step]
        self.buttons["first"].disabled = self.buttons["back"].disabled = step == 0
        self.buttons["next"].disabled = self.buttons["last"].disabled = step == last
        head = self.heading(step)
        self.status.value = f'<b class="cardlib-step-head" style="font-family:sans-serif">{esc(head)}</b>'
        lines = s.lines or [_("(nothing else happens)")]
        # the record's note on this move, if any (records.md: "text by move number, shown by the stepper")
        self.note = (self.timeline.record.get("notes") or {}).get(str(step))
        note_html = (f'<div class="cardlib-note" style="color:{INK};font-style:italic;margin-top:4px">'
                     f'{esc(self.note)}</div>' if self.note else "")
        self.narration_box.value = (f'<div class="cardlib-narration" style="{_NARRATION_STYLE}">'
                                    + "".join(f'<div style="color:{INK}">{esc(x)}</div>' for x in lines)
                                    + note_html + "</div>")
        self._move_hand_to(step)
        self.picture = position_svg(self.hand, self.names, visible=self._visible, width=self._width)
        self.picture_box.value = str(self.picture)
        result = self.timeline.record.get("result")
        if step == last and result is not None:
            self.outcome: HtmlImage | None = outcome_html(result, self.names)
        else:
            self.outcome = None
        self.outcome_box.value = str(self.outcome or "")
        if self.figure is not None:
            self._update_figure(self._plot_x[step])

    def _move_hand_to(self, step: int) -> None:
        hand = self.hand
        while len(hand.move_stack) > step:
            hand.pop()
        while len(hand.move_stack) < step:
            text, orders = self._moves[len(hand.move_stack)]
            hand.push(hand.parse_move(text), orders)

    def _update_figure(self, x: float) -> None:
        """Move the marker line to ``x``; on the run chart the cards not yet played are faded."""
        fig = self.figure
        if fig is None or fig.layout.shapes[0].x0 == x:      # None: no chart drawn (the callers ask first)
            return
        with fig.batch_update():
            self._apply(fig, x)

    def _apply(self, fig, x: float) -> None:
        fig.layout.shapes[0].update(x0=x, x1=x)
        if self._fade:
            for trace, xs in zip(fig.data, self._trace_x):
                if xs is not None:
                    trace.selectedpoints = [i for i, v in enumerate(xs) if v is not None and v <= x + 0.5]

    def _on_slider(self, change) -> None:
        self.go(change["new"])

    # -- what the tests read -----------------------------------------------------------------------
    @property
    def narration(self) -> list[str]:
        """The narration lines of the current step (the events of its move)."""
        return list(self.timeline.steps[self._step].lines)

    @property
    def history(self) -> list[str]:
        """Every narration line from the deal up to the current step."""
        return [line for s in self.timeline.steps[: self._step + 1] for line in s.lines]

    @property
    def position(self) -> dict:
        return self.timeline.steps[self._step].position

    @property
    def move(self) -> str | None:
        return self.timeline.steps[self._step].move

    @property
    def legal(self) -> list[str]:
        return list(self.timeline.steps[self._step].legal)

    def __len__(self) -> int:
        return len(self.timeline.steps)

    @speaking
    @speaking
    def heading(self, step: int) -> str:
        """``The deal`` or ``Move 3 of 42: Bora, 7♥`` (in the Stepper's language)."""
        if step == 0:
            return _("The deal")
        s = self.timeline.steps[step]
        assert s.mover is not None and s.move is not None       # every step after the deal has its move
        return _("Move {step} of {last}: {player}, {move}").format(
            step=step, last=len(self.timeline.steps) - 1, player=self.names[s.mover],
            move=move_words(self.hand.parse_move(s.move)))

    def moments(self) -> list[int]:
        """The steps of the filmstrip: the step shown, every move a note of the record points to, the last."""
        last = len(self.timeline.steps) - 1
        notes = self.timeline.record.get("notes") or {}
        noted = {int(k) for k in notes if str(k).isdigit() and 0 <= int(k) <= last}
        return sorted(noted | {self._step, last})

    def still_steps(self) -> list[int]:
        """The moments drawn as stills (at most :data:`MAX_STILLS`): the step shown, the last, and the
        notes' moves spread evenly between."""
        moments = self.moments()
        ends = {self._step, moments[-1]}
        middle = [m for m in moments if m not in ends]
        room = MAX_STILLS - len(ends)
        if len(middle) > room:
            middle = [middle[round(k * (len(middle) - 1) / max(room - 1, 1))] for k in range(room)] if room > 0 else []
        return sorted(ends | set(middle))

    @speaking
    @speaking
    def static_html(self) -> str:
        """The filmstrip: each moment's heading, narration and note; a small still of the position at the
        :meth:`still_steps`; the chart of the whole hand (unless ``plot=False``); what the buttons do."""
        last = len(self.timeline.steps) - 1
        drawn = set(self.still_steps())
        notes = self.timeline.record.get("notes") or {}
        cells = []
        here = self._step
        try:
            for step in self.moments():
                lines = list(self.timeline.steps[step].lines) or [_("(nothing else happens)")]
                note = notes.get(str(step))
                words = "".join(f"<div>{esc(x)}</div>" for x in lines)
                if note:
                    words += f'<div class="cardlib-note" style="font-style:italic">{esc(note)}</div>'
                img = ""
                if step in drawn:
                    self._move_hand_to(step)
                    picture = position_svg(self.hand, self.names, visible=self._visible, width=self._width)
                    img = png_img(picture, zoom=STILL_ZOOM, colours=STILL_COLOURS)
                cells.append(f'<div class="cardlib-static-moment" style="display:inline-block;vertical-align:top;'
                             f'width:380px;max-width:100%;margin:6px 10px 6px 0;font-size:13px;line-height:1.35">'
                             f'<div style="font-weight:bold">{esc(self.heading(step))}</div>{img}{words}</div>')
        finally:
            self._move_hand_to(here)
        result = self.timeline.record.get("result")
        outcome = str(outcome_html(result, self.names)) if result is not None else ""
        chart = ""
        if self._plot is not False:
            from .. import plots
            from ..plots.still import figure_svg
            fig = plots.step_chart(self.timeline).figure
            chart = png_img(figure_svg(fig, width=self._width), colours=STILL_COLOURS)
        from ..games import find_game
        players = ", ".join(self.names)
        moments = len(self.moments())
        what = _("{game}, {players}: a hand of {n} moves, and {k} moments of it").format(
            game=find_game(self.game).title, players=players, n=last, k=moments)
        head = f'<div style="font-weight:bold;font-size:15px">{esc(what)}</div>'
        run = run_line((_("When the notebook runs, « first, ◀ back, next ▶, last » and the move slider step through "
                          "all {n} moves: the narration, the picture and the chart (its marker on the move) follow.")
                        if chart else
                        _("When the notebook runs, « first, ◀ back, next ▶, last » and the move slider step through "
                          "all {n} moves: the narration, the picture follow.")).format(n=last))
        return frame(self.static_kind, head + "".join(cells) + outcome + chart + run)

    @speaking
    def static_text(self) -> str:
        """The heading and the narration of the step shown: what a stored notebook shows without a kernel."""
        s = self.timeline.steps[self._step]
        last = len(self.timeline.steps) - 1
        head = _("The deal") if self._step == 0 else _("Move {step} of {last}").format(step=self._step, last=last)
        moves = ngettext("{n} move", "{n} moves", last).format(n=last)
        return "\n".join([f"{head} ({self.game}, {moves})", *s.lines])
