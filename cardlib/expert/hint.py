"""A hint that explains: every legal move with its chances, best first, and why the best is best.

``hint(hand)`` looks at the hand from the seat to act (only what that seat may see), plays every legal
move out in the same random worlds, and returns a :class:`Hint`: for each move the chance of winning the
hand and the expected points (Pis Yedili) or the expected net chips of the hand (Sarı Cüce), each with a
95% interval, best first; and, when a rule makes the best move good, one plain sentence saying so.

>>> from cardlib.saricuce import Hand, Rules
>>> h = hint(Hand.deal(Rules(players=4), seed=3), budget=24, seed=1)
>>> h.seat, len(h.moves) == len(Hand.deal(Rules(players=4), seed=3).legal_moves), h.metric
(0, True, 'chips')
>>> print(h.table().splitlines()[0])
move  win  95% interval  chips  95% interval
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from ..errors import GameOverError
from ..rng import Rng
from .search import GameModel, search
from ..jsonio import shown

__all__ = ["hint", "Hint", "MoveHint", "HINT_BUDGET"]

#: the default playouts of a hint, shared by the moves: under half a second for a Turkish hand on the
#: reference machine, in the compiled playouts (docs/expert-strength.md)
HINT_BUDGET = 10000


@dataclass(frozen=True)
class MoveHint:
    """One legal move: its text, the playouts it got, its win chance and expected ``metric`` value, each
    with a 95% interval (Wilson for the chance, mean ± 1.96 standard errors for the value)."""

    move: Any
    text: str
    n: int
    win: float
    win_low: float
    win_high: float
    value: float
    value_low: float
    value_high: float

    def row(self) -> dict[str, Any]:
        """The move as a plain dict (for a widget or a DataFrame)."""
        return {"move": self.text, "n": self.n, "win": self.win, "win_low": self.win_low,
                "win_high": self.win_high, "value": self.value, "value_low": self.value_low,
                "value_high": self.value_high}


@dataclass(frozen=True)
class Hint:
    """The moves of ``seat`` best first (``moves[0]`` is the advice), ``why`` the best move's reason (or
    ``None`` when no rule alone explains it), ``metric`` ``"points"`` (lower is better) or ``"chips"``
    (higher is better), and what it cost: ``playouts``, ``worlds``, ``seconds``.

    ``str(hint)`` is a plain-text table with the reason under it; ``rows()`` the same as dicts;
    ``_repr_html_`` a small HTML table for notebooks.
    """

    game: str
    seat: int
    metric: str
    higher_is_better: bool
    moves: tuple[MoveHint, ...]
    why: str | None
    playouts: int
    worlds: int
    seconds: float

    @property
    def best(self) -> Any:
        return self.moves[0].move

    def rows(self) -> list[dict[str, Any]]:
        return [m.row() for m in self.moves]

    def _cells(self) -> list[list[str]]:
        from ..i18n import _, format_percent as pct
        interval = _("{percent} interval").format(percent=pct(0.95))
        head = [_("move"), _("win"), interval, _("points") if self.metric == "points" else _("chips"), interval]
        body = [[m.text, pct(m.win), f"{pct(m.win_low)}–{pct(m.win_high)}", f"{m.value:+.1f}"
                 if self.metric == "chips" else f"{m.value:.1f}",
                 (f"{m.value_low:+.1f} to {m.value_high:+.1f}" if self.metric == "chips"
                  else f"{m.value_low:.1f}–{m.value_high:.1f}")] for m in self.moves]
        return [head] + body

    def table(self) -> str:
        """One row per move: move, win chance, its interval, expected points or chips, its interval."""
        cells = self._cells()
        widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
        lines = []
        for r in cells:
            first = r[0].ljust(widths[0])
            rest = [c.rjust(w) for c, w in zip(r[1:], widths[1:])]
            lines.append("  ".join([first] + rest).rstrip())
        return "\n".join(lines)

    @property
    def order_words(self) -> str:
        """How the moves are ordered, in the words every hint uses (the notebooks' panel, the command
        line): "best first by expected points (fewer is better)" or "... chips (more is better)"."""
        from ..i18n import _
        if self.metric == "points":
            return _("best first by expected points (fewer is better)")
        return _("best first by expected chips (more is better)")

    @property
    def cost_words(self) -> str:
        """What the hint cost: "4000 playouts in 444 deals of the cards you cannot see"."""
        from ..i18n import _
        return _("{playouts} playouts in {worlds} deals of the cards you cannot see").format(playouts=self.playouts,
                                                                                             worlds=self.worlds)

    def __str__(self) -> str:
        """The hint in the language spoken (:mod:`cardlib.i18n`): the command line's ``hint`` output."""
        from ..i18n import _, format_percent, ngettext
        head = _("Seat {seat}: {moves}, {order}; {cost}; intervals are {percent}").format(
            seat=self.seat, moves=ngettext("{n} move", "{n} moves", len(self.moves)).format(n=len(self.moves)),
            order=self.order_words, cost=self.cost_words, percent=format_percent(0.95))
        text = head + "\n" + self.table()
        if self.why:
            text += "\n" + _("Why {move}:").format(move=self.moves[0].text) + " " + self.why
        return text

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        cells = self._cells()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in cells[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in cells[1:])
        from ..i18n import _
        why = ("<p><b>" + html.escape(_("Why {move}:").format(move=self.moves[0].text)) + "</b> "
               + html.escape(self.why) + "</p>") if self.why else ""
        return f"<table><tr>{head}</tr>{body}</table>{why}"


def model_of(hand: Any) -> GameModel:
    """The expert's model of the hand's game (imported when first needed)."""
    from . import model_for
    return model_for(hand.game)


def hint(hand: Any, seat: int | None = None, budget: int = HINT_BUDGET, seed: int = 0,
         seconds: float | None = None, moves: Any = None) -> Hint:
    """Every legal move of the seat to act, estimated from that seat's information only, best first.

    ``seat`` defaults to ``hand.to_act`` (another seat has no move to hint: ``ValueError``).  ``budget``
    playouts are shared equally by the moves, played out in the same worlds; ``seed`` makes the answer
    reproducible; ``seconds`` (optional) stops early, making it depend on the machine.  ``moves``
    (optional: moves or their texts) compares only those legal moves (``moves=["7H", "KH"]``: is the 7
    worth keeping here?), each with ``budget / len(moves)`` playouts.
    """
    if hand.is_over():
        raise GameOverError("the hand is over: there is no move to hint")
    if seat is None:
        seat = hand.to_act
    if seat != hand.to_act:
        raise ValueError(f"seat {shown(seat)} is not to act (seat {hand.to_act} is): only the seat to act has moves")
    model = model_of(hand)
    legal = list(hand.legal_moves)
    view = model.observe(hand, seat)
    asked = legal
    if moves is not None:
        asked = []
        for m in moves:
            m = hand.parse_move(m) if isinstance(m, str) else m
            if m not in legal:
                raise ValueError(f"{m} is not a legal move here; legal: {' '.join(str(x) for x in legal)}")
            if m not in asked:
                asked.append(m)
        if not asked:
            raise ValueError("moves=[]: name at least one legal move")
    result = search(model, view, asked, Rng(seed), budget, seconds, "uniform")
    moves = []
    for st in result.stats:
        wl, wh = st.win_interval()
        vl, vh = st.mean_interval()
        moves.append(MoveHint(st.move, str(st.move), st.n, st.win_rate, wl, wh, st.mean, vl, vh))
    why = model.explain(view, result.best, legal)
    return Hint(model.name, seat, model.metric, model.higher_is_better, tuple(moves), why,
                result.playouts, result.worlds, result.seconds)
