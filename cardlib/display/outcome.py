"""The outcome of a hand, in words and a small table, for every game: each game's own sentences and table
(its outcome face, ``GameSpec.outcome``: who paid whom in Sarı Cüce, the points in Pis Yedili), or, for a
game without one, a generic table of the result's fields."""

from __future__ import annotations

from typing import Any

from ..games import game_of
from ..i18n import _, using
from .svg import INK, PANEL, PALETTE, HtmlImage, as_result_dict, esc, names_for

__all__ = ["outcome_html", "outcome_lines", "outcome_headline"]


def _face(r: dict | None) -> Any:
    """The game's outcome face, or this module's generic one (``None``, no result: game_of says so)."""
    spec = game_of(r)
    return spec.face("outcome") if spec.has_face("outcome") else _Generic


def outcome_lines(result: Any, names: list[str] | None = None, *, language: str | None = None) -> list[str]:
    """The outcome as plain sentences (for narration lines and tests), in ``language`` (default: the one
    spoken, :mod:`cardlib.i18n`)."""
    r = as_result_dict(result)
    with using(language):
        return list(_face(r).lines(r, names))


def outcome_headline(result: Any, names: list[str] | None = None, *, language: str | None = None) -> str:
    """The outcome in one line, for the banner of a finished hand's picture: ``"Bora wins: 16 chips — Ada
    pays 5, Cem pays 3, Deniz pays 8"`` (Sarı Cüce), ``"Bora goes out: Ada 12 points, Cem 4 points, Deniz 30
    points"`` (Pis Yedili)."""
    r = as_result_dict(result)
    with using(language):
        return str(_face(r).headline(r, names))


def outcome_html(result: Any, names: list[str] | None = None, *, totals: list[int] | None = None,
                 title: str | None = None, language: str | None = None) -> HtmlImage:
    """The outcome of a hand (a ``Result`` or the record's ``result`` dict) as a small HTML panel.

    Sarı Cüce: the winner, the Opéra, what each seat paid the winner and into the boxes, chips after.
    Pis Yedili: who went out (or that the stock ran out), the multiplier, this hand's points per seat and,
    with ``totals``, the match totals; in pairs also each seat's team (A, B, ...), the team points of the
    hand (PY-P4) and, with ``totals``, the team match totals (PY-P6).  A game without an outcome face of its
    own: who won and a column per per-seat field of its result.  Draws its own background, so it reads in
    light and dark themes.  ``language``: its words' language (default: the one spoken, :mod:`cardlib.i18n`).
    """
    r = as_result_dict(result)
    face = _face(r)
    with using(language):
        lines = list(face.lines(r, names))
        cols, rows, foot = face.table(r, names, totals)
        return _panel(title, lines, cols, rows, foot, names_for(names, len(rows)))


class _Generic:
    """The outcome of a game without an outcome face: the winner (``winner``, a seat or ``None``) and each
    field of the result that holds one value per seat, as a column."""

    @staticmethod
    def _seats(r: dict) -> int:
        lists = [v for v in r.values() if isinstance(v, list)]
        return max((len(v) for v in lists), default=0)

    @staticmethod
    def _columns(r: dict, n: int) -> list[str]:
        return [k for k, v in r.items() if isinstance(v, list) and len(v) == n and
                all(isinstance(x, (int, float, str, bool)) for x in v)]

    @classmethod
    def headline(cls, r: dict, names: list[str] | None) -> str:
        n = cls._seats(r)
        names = names_for(names, n)
        w = r.get("winner")
        head = _("{player} wins").format(player=names[w]) if isinstance(w, int) and 0 <= w < n else _("Nobody wins")
        rest = [f"{k.replace('_', ' ')} " + ", ".join(f"{names[s]} {r[k][s]}" for s in range(n))
                for k in cls._columns(r, n)]
        return head + (": " + "; ".join(rest) if rest else "")

    @classmethod
    def lines(cls, r: dict, names: list[str] | None) -> list[str]:
        n = cls._seats(r)
        names = names_for(names, n)
        w = r.get("winner")
        return [_("{player} wins the hand.").format(player=names[w]) if isinstance(w, int) and 0 <= w < n
                else _("Nobody wins the hand.")]

    @classmethod
    def table(cls, r: dict, names: list[str] | None, totals: list[int] | None) -> tuple[list[str], list, str]:
        n = cls._seats(r)
        keys = cls._columns(r, n)
        cols = [_("player")] + [k.replace("_", " ") for k in keys] + ([_("total")] if totals is not None else [])
        rows = [(s, s == r.get("winner"), [str(r[k][s]) for k in keys] + ([str(totals[s])] if totals is not None else []))
                for s in range(n)]
        other = [f"{k.replace('_', ' ')}: {v}" for k, v in r.items()
                 if k != "winner" and k not in keys and isinstance(v, (int, float, str, bool))]
        return cols, rows, "; ".join(other)


def _panel(title: str | None, lines: list[str], cols: list[str], rows: list, foot: str,
           names: list[str]) -> HtmlImage:
    cell = f"padding:3px 10px;border-bottom:1px solid #d8d4c8;color:{INK};text-align:right"
    head = f"padding:3px 10px;border-bottom:2px solid #8d8878;color:{INK};text-align:right;font-weight:bold"
    html = [f'<div class="cardlib-outcome" style="background:{PANEL};color:{INK};border:1px solid #8d8878;'
            f'border-radius:8px;padding:10px 14px;display:inline-block;font-family:sans-serif;font-size:13px">']
    if title:
        html.append(f'<div style="font-weight:bold;font-size:15px;margin-bottom:4px;color:{INK}">{esc(title)}</div>')
    html.append(f'<div style="font-weight:bold;font-size:15px;color:{INK}">{esc(lines[0])}</div>')
    html.append(f'<table style="border-collapse:collapse;margin:6px 0;background:{PANEL}"><tr>')
    html.append("".join(f'<th style="{head}{";text-align:left" if i == 0 else ""}">{esc(c)}</th>'
                        for i, c in enumerate(cols)))
    html.append("</tr>")
    for s, won, vals in rows:
        bg = "background:#fff1b8;" if won else ""
        dot = f'<span style="display:inline-block;width:10px;height:10px;border-radius:5px;background:{PALETTE[s % len(PALETTE)]};margin-right:6px"></span>'
        html.append(f'<tr style="{bg}"><td style="{cell};text-align:left">{dot}{esc(names[s])}'
                    f'{" ★" if won else ""}</td>' + "".join(f'<td style="{cell}">{esc(v)}</td>' for v in vals) + "</tr>")
    html.append("</table>")
    html.append("".join(f'<div style="color:{INK}">{esc(line)}</div>' for line in lines[1:]))
    html.append(f'<div style="color:#555;margin-top:4px">{esc(foot)}</div></div>')
    return HtmlImage("".join(html))
