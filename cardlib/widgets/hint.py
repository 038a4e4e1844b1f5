"""A "hint" button for the :class:`~cardlib.widgets.Table`: every legal move of your seat with its chances.

``HintPanel(table)`` is a small widget under a table.  Its button is enabled only on your turn; a click
asks the expert (:func:`cardlib.expert.hint`) about the position from your seat's information only, and
shows every legal move, best first: the chance of winning the hand with its 95% interval, the expected
points (Pis Yedili, fewer is better) or net chips of the hand (Sarı Cüce), with its interval, and the
sentence that says why the best move is best when a rule makes it so.  Nothing is computed until the
button is clicked; once the table moves on, the answer is cleared (it was about another position).

``Table(..., hints=True)`` adds one under the table (``table.hint_panel``); around a table made without
it, ``W.VBox([table, HintPanel(table)])`` does the same.

Testable without a browser: ``.buttons["hint"]``, ``.click()``, ``.hint`` (the last
:class:`~cardlib.expert.Hint`, or ``None``), ``.rows`` (its moves as dicts, best first), ``.seed``
(the seed it used), ``.asked`` (how many hints were computed), ``.message`` and ``.box.value`` (the HTML).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..display.svg import INK, PANEL, esc
from ..expert import HINT_BUDGET, Hint
from ..expert import hint as _expert_hint
from ..i18n import _, format_number, format_percent, get_language, speaking, using
from ..seeds import bot_seed
from .base import StaticView
from .static import frame, labels_row, png_img, run_line

__all__ = ["HintPanel", "hint_html"]

_BOX_STYLE = (f"background:{PANEL};color:{INK};border:1px solid #8d8878;border-radius:6px;padding:6px 10px;"
              "font-family:sans-serif;font-size:13px;line-height:1.35")
_CELL = f"padding:2px 8px;color:{INK};text-align:right"
_FIRST = f"padding:2px 8px;color:{INK};text-align:left;font-family:monospace"


def _value(metric: str, x: float) -> str:
    text = f"{x:+.1f}" if metric == "chips" else f"{x:.1f}"
    return text.replace(".", format_number(0.5)[1]) if get_language() != "en" else text


def _pct(x: float) -> str:
    return format_percent(x)


def hint_html(h: Hint, words: Any = None) -> str:
    """A hint as a small HTML table, best first, with the reason under it.  ``words(move)`` (optional)
    says a move in words (the table uses ``move_words``); the move's record text is always shown."""
    unit = _("expected points (fewer is better)") if h.metric == "points" else _("expected chips this hand")
    interval = _("{percent} interval").format(percent=_pct(0.95))
    head = "".join(f'<th style="{_CELL}">{esc(c)}</th>' for c in (_("win chance"), interval, unit, interval))
    rows = []
    for k, m in enumerate(h.moves):
        said = None if words is None else words(m.move)
        # the record text, and the move in words beside it; a move that plays no card is said in words only
        # ("çek", "pioche"): its record text is an English word
        label = (m.text if said is None else said if getattr(m.move, "card", 0) is None
                 else f"{m.text} ({said})")
        style = "background:#fff3c4;font-weight:bold" if k == 0 else ""
        rows.append(f'<tr style="{style}"><td style="{_FIRST}">{esc(label)}</td>'
                    f'<td style="{_CELL}">{esc(_pct(m.win))}</td>'
                    f'<td style="{_CELL}">{esc(_pct(m.win_low))}–{esc(_pct(m.win_high))}</td>'
                    f'<td style="{_CELL}">{_value(h.metric, m.value)}</td>'
                    f'<td style="{_CELL}">' + esc(_("{low} to {high}").format(low=_value(h.metric, m.value_low),
                                                                             high=_value(h.metric, m.value_high)))
                    + '</td></tr>')
    if h.why:
        why = ('<div style="margin-top:4px"><b>' + esc(_("Why {move}:").format(move=h.moves[0].text))
               + f'</b> {esc(h.why)}</div>')
    else:
        why = ('<div style="margin-top:4px">' + esc(_("No single rule makes the best move best here: the numbers do."))
               + '</div>')
    order = (_("best first by expected points (fewer is better)") if h.metric == "points"
             else _("best first by expected chips (more is better)"))
    cost = _("{playouts} playouts in {worlds} deals of the cards you cannot see").format(playouts=h.playouts,
                                                                                         worlds=h.worlds)
    tail = _("intervals are {percent}.").format(percent=_pct(0.95))
    cost = f'<div style="color:#555;font-size:11px">{esc(order[0].upper() + order[1:])}; {esc(cost)}; {esc(tail)}</div>'
    return (f'<div class="cardlib-hint" style="{_BOX_STYLE}"><table style="border-collapse:collapse">'
            f'<tr><th style="{_FIRST}">' + esc(_("move")) + f'</th>{head}</tr>{"".join(rows)}</table>{why}{cost}</div>')


class HintPanel(StaticView, W.VBox):
    """A "hint" button and the answer under it, for the human seat of ``table`` (a
    :class:`~cardlib.widgets.Table`, or anything with ``.hand``, ``.seat`` and ``.hand_seed``).

    ``budget`` is the hint's playouts (:data:`cardlib.expert.HINT_BUDGET`, under a second); ``seed``
    fixes every answer's seed; by default a position's seed is ``bot_seed(table.hand_seed, moves played)``,
    so the same position of the same deal always gets the same answer (``hint(table.hand,
    seat=table.seat, budget=panel.budget, seed=panel.seed_for())`` reproduces it).

    Stored in a notebook on its own, it shows the table's picture, the button's label and the answer, or
    what the button gives when the notebook runs (:meth:`static_html`).
    """

    static_kind = "hint"

    def __init__(self, table: Any, budget: int = HINT_BUDGET, seed: int | None = None):
        self.table = table
        self.budget = int(budget)
        self.fixed_seed = seed
        self.hint: Hint | None = None
        self.seed: int | None = None
        self.asked = 0
        self.message = ""
        self._key: tuple | None = None
        self.language = getattr(table, "language", None)
        with using(self.language):
            self.button = W.Button(description=_("hint"), tooltip=_("what would the expert play? (your turn only)"),
                                   icon="lightbulb-o", layout=W.Layout(width="auto"))
        self.button.on_click(lambda _b: self.click())
        self.buttons = {"hint": self.button}
        self.box = W.HTML()
        super().__init__(children=[self.button, self.box])
        # the table redraws its status and picture after every move: follow it (no change to the table)
        for name in ("status", "picture_box"):
            widget = getattr(table, name, None)
            if isinstance(widget, W.Widget):
                widget.observe(lambda _change: self.refresh(), names="value")
        self.refresh()

    @classmethod
    def attach(cls, table: Any, **options: Any) -> HintPanel:
        """A panel added under ``table``'s other widgets (``table.children``); returns the panel."""
        panel = cls(table, **options)
        table.children = (*table.children, panel)
        return panel

    # -- state -----------------------------------------------------------------------------------
    def your_turn(self) -> bool:
        """Is it the human seat's turn (the only time a hint is given)?"""
        hand = self.table.hand
        return not hand.is_over() and hand.to_act == self.table.seat

    def _position(self) -> tuple:
        hand = self.table.hand
        return (id(hand), len(hand.move_stack), hand.is_over())

    def seed_for(self) -> int:
        """The seed of a hint asked now."""
        if self.fixed_seed is not None:
            return self.fixed_seed
        return bot_seed(self.table.hand_seed, len(self.table.hand.move_stack))

    @property
    def rows(self) -> list[dict]:
        """The last hint's moves as dicts, best first (empty before any)."""
        return [] if self.hint is None else self.hint.rows()

    def refresh(self) -> None:
        """Enable the button on your turn only, and clear an answer about an earlier position."""
        self.button.disabled = not self.your_turn()
        if self._key is not None and self._key != self._position():
            self.hint, self._key, self.message = None, None, ""      # about another position
            self.box.value = ""

    # -- the click -------------------------------------------------------------------------------
    @speaking
    def click(self) -> Hint | None:
        """What the button does: the hint for your seat now (``None``, and a message, when it is not your turn)."""
        if not self.your_turn():
            self.message = (_("The hand is over.") if self.table.hand.is_over() else
                            _("A hint is for your turn: wait until it is your move."))
            self.box.value = f'<div class="cardlib-hint" style="{_BOX_STYLE}">{esc(self.message)}</div>'
            self.button.disabled = True
            self.hint, self._key = None, self._position()
            return None
        if self.hint is not None and self._key == self._position():
            return self.hint                    # asked twice for the same position: the same answer
        self.seed = self.seed_for()
        self.button.disabled = True
        self.box.value = f'<div class="cardlib-hint" style="{_BOX_STYLE}">' + esc(_("thinking …")) + '</div>'
        try:
            self.hint = _expert_hint(self.table.hand, seat=self.table.seat, budget=self.budget, seed=self.seed)
        finally:
            self.button.disabled = not self.your_turn()
        self.asked += 1
        self._key = self._position()
        self.message = ""
        self.box.value = hint_html(self.hint, _words())
        return self.hint

    @speaking
    def static_text(self) -> str:
        """The answer in plain text (what a stored notebook shows), or what the button does."""
        return str(self.hint) if self.hint is not None else (self.message or _("hint: ask for one on your turn"))

    @property
    def picture(self) -> Any:
        """The table's picture (the position the hint is about)."""
        return getattr(self.table, "picture", None)

    def static_words(self) -> str:
        """The button's label and the answer shown (or what the button gives), as plain HTML."""
        state = "off" if self.button.disabled else ""
        answer = self.box.value if self.hint is not None or self.message else ""
        with using(self.language):
            return (labels_row(_("Hint:"), [(self.button.description, state)]) + answer
                    + run_line(_("When the notebook runs, the hint button (on your turn) lists every legal move, best "
                                 "first, with its chance of winning and the points or chips it is expected to bring, "
                                 "and says why the best one is best.")))

    def static_html(self) -> str:
        picture = self.picture
        img = png_img(picture) if picture is not None else ""
        return frame(self.static_kind, img + self.static_words())


def _words():
    from ..display.moves import move_words
    return move_words
