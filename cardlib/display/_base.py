"""Small building blocks of the pictures: the string types Jupyter shows, escaping, colours, input helpers.

Nothing here draws a whole picture; see :mod:`cardlib.display.cards`, :mod:`.saricuce`, :mod:`.pisyedili`
and :mod:`.outcome`.  Everything is deterministic: no random ids, no uuids, no clocks, so a notebook that
shows a picture gives the same output on every run (nbval strict).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import Card, parse_cards
from ..events import default_names, names_for

__all__ = ["SvgImage", "HtmlImage", "esc", "default_names", "as_position", "as_cards", "as_result_dict",
           "legal_texts", "PALETTE", "FONT"]

FONT = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial Unicode MS, sans-serif"

# Player colours (Tableau 10): mid luminance, readable on a white page and on JupyterLab's dark theme.
PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac"]

# The pictures draw their own backgrounds, so they never depend on the page's colours.
FELT = "#1d5c3a"
FELT_EDGE = "#12402a"
ON_FELT = "#f3f1e6"        # text on the felt
ON_FELT_DIM = "#b9d3c2"
PANEL = "#f7f5ee"          # light panels (outcome tables, labels)
INK = "#202020"            # text on light panels
HIGHLIGHT = "#ffc400"      # who acts, legal cards


class SvgImage(str):
    """An SVG picture: a ``str`` that Jupyter shows as a picture (like python-chess's ``chess.svg``).

    Only the SVG is offered to Jupyter, and the plain-text form is a short summary, so a notebook stores
    each picture once."""

    def _repr_svg_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<SvgImage: {len(self):,} characters of SVG>"


class HtmlImage(str):
    """An HTML fragment (with inline SVG): a ``str`` that Jupyter shows as HTML; its plain-text form is a
    short summary, so a notebook stores each picture once."""

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<HtmlImage: {len(self):,} characters of HTML>"


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)




def as_position(obj: Any) -> dict:
    """A position dict from a dict (records.md shape), a record (its ``end``, else its ``start``) or a hand."""
    if isinstance(obj, Mapping):
        if "format" in obj and ("start" in obj or "end" in obj):  # a whole record
            return dict(obj.get("end") or obj["start"])
        return dict(obj)
    if hasattr(obj, "position") and callable(obj.position):
        return obj.position()
    raise TypeError(f"{obj!r} is neither a position dict, a record nor a hand")


def as_cards(value: Any) -> list[Card]:
    """Cards from a records.md string ``"AS 2H"``, a list of strings or of cards (``None`` -> [])."""
    if value is None:
        return []
    return parse_cards(value)


def as_result_dict(result: Any) -> dict | None:
    if result is None:
        return None
    if isinstance(result, Mapping):
        return dict(result)
    if hasattr(result, "to_dict"):
        out = result.to_dict()
        # what a Sarı Cüce result knows beyond the record's fields: the Opéra sweep and the chips
        # written off (NJ-24, NJ-26); the outcome picture shows them
        for extra in ("swept", "written_off"):
            if hasattr(result, extra):
                out[extra] = getattr(result, extra)
        return out
    raise TypeError(f"{result!r} is not a result")


def legal_texts(obj: Any) -> list[str] | None:
    """The legal moves of a hand (or a given list of moves) as texts; ``None`` when nothing is known."""
    if obj is None:
        return None
    if hasattr(obj, "legal_moves"):
        return [str(m) for m in obj.legal_moves]
    return [str(m) for m in obj]


def legal_cards(moves: Iterable[str] | None) -> set[str] | None:
    """The cards (canonical text) that some legal move plays: ``"JS=H!"`` -> ``"JS"``."""
    if moves is None:
        return None
    out = set()
    for m in moves:
        text = m.split("=")[0].rstrip("!")
        try:
            out.add(str(Card.parse(text)))
        except ValueError:
            pass
    return out


def svg_document(width: float, height: float, body: str, title: str | None = None, css_class: str = "cardlib") -> SvgImage:
    """Wrap fragments in a complete ``<svg>`` with explicit size and viewBox (scales in narrow cells)."""
    w, h = int(round(width)), int(round(height))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="{FONT}" style="max-width:100%;height:auto">')
    t = f"<title>{esc(title)}</title>" if title else ""
    return SvgImage(head + t + body + "</svg>")


def text(x: float, y: float, s: Any, size: float = 12, fill: str = INK, anchor: str = "start",
         weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{extra}>{esc(s)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 1,
         rx: float = 0, extra: str = "") -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw:g}"{extra}/>')
