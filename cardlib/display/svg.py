"""Small building blocks of the pictures: the string types Jupyter shows, escaping, colours, input helpers.

Nothing here draws a whole picture; see :mod:`cardlib.display.cards`, each game's own picture
(``cardlib.<game>.picture``) and :mod:`cardlib.display.outcome`.  Everything is deterministic: no random ids, no uuids, no clocks, so a notebook that
shows a picture gives the same output on every run (nbval strict).
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import Card, parse_cards
from ..events import default_names, names_for

__all__ = ["SvgImage", "HtmlImage", "esc", "default_names", "as_hand", "as_cards", "as_result_dict",
           "legal_cards", "visible_set", "PALETTE", "FONT", "banner", "status_or_banner", "svg_document", "text", "rect",
           "names_for", "svg_to_png", "FELT", "FELT_EDGE", "ON_FELT", "ON_FELT_DIM", "PANEL", "INK", "HIGHLIGHT"]

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


def svg_to_png(svg: str, *, zoom: float = 1.0, colours: int | None = None) -> bytes:
    """The picture as PNG (``resvg``, the same bytes on every run), for where SVG is not shown: a notebook
    opened before it is trusted shows PNG pictures but not SVG ones.

    ``zoom`` draws it smaller (0.5: half the width, the same layout); ``colours`` keeps that many colours
    (Pillow's fast octree, then an optimised palette PNG: a third of the bytes, still the same bytes on
    every run), for the stills of a widget's static form (cardlib.widgets.static), which a notebook stores."""
    import resvg_py  # only when a PNG is asked for

    if zoom <= 0:
        raise ValueError(f"zoom={zoom!r}: a picture is drawn at a zoom above 0")
    png = bytes(resvg_py.svg_to_bytes(svg_string=str(svg), zoom=zoom) if zoom != 1.0
                else resvg_py.svg_to_bytes(svg_string=str(svg)))
    if colours is None:
        return png
    if not 2 <= colours <= 256:
        raise ValueError(f"colours={colours!r}: a palette PNG has 2 to 256 colours")
    import io

    from PIL import Image  # only for the small stills
    with Image.open(io.BytesIO(png)) as image:
        small = image.quantize(colours, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue()


class SvgImage(str):
    """An SVG picture: a ``str`` that Jupyter shows as a picture (like python-chess's ``chess.svg``).

    Jupyter gets the SVG and a PNG of it: a trusted notebook shows the SVG (sharp at any size), one opened
    before it is trusted (a fresh clone) shows the PNG, and nbval compares the SVG.  The plain-text form
    is a short summary, so the picture is not stored a third time as text."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_png_(self) -> bytes:
        png = self.__dict__.get("_png")
        if png is None:
            png = self.__dict__["_png"] = svg_to_png(self)
        return png

    @property
    def alt(self) -> str:
        """What the picture shows, in words: its ``aria-label`` (the ``<desc>`` sentence, else the
        ``<title>``), for screen readers and for where no picture is shown."""
        m = _ARIA.search(self)
        return html.unescape(m.group(1)) if m else ""

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




def as_hand(obj: Any, rules: Any = None) -> Any:
    """The hand a picture draws, as python-chess's pictures take a board.

    A hand is drawn as it is.  A record (a :class:`~cardlib.records.Record`, a record dict or a path) is
    replayed to its end.  A records.md start or position dict becomes ``Hand.from_start(rules, ...)``
    (``rules``: a Rules object or a mapping of options; by default the game's defaults for that many
    hands), so the engine reads and checks it: nothing here parses card text.
    """
    if hasattr(obj, "legal_moves") and hasattr(obj, "position"):
        return obj
    from ..games import game_of
    from ..records import Record, load_record
    if isinstance(obj, Record) or hasattr(obj, "__fspath__") or isinstance(obj, str) or (
            isinstance(obj, Mapping) and "start" in obj and "game" in obj):
        return load_record(obj if not hasattr(obj, "__fspath__") else str(obj)).replay()
    if isinstance(obj, Mapping):
        spec = game_of(dict(obj))
        if not isinstance(rules, spec.rules):
            given = dict(rules or {})
            rules = spec.make_rules({"players": len(obj.get("hands") or ()), **given})
        return spec.hand.from_start(rules, dict(obj))
    raise TypeError(f"{obj!r} is neither a hand, a record nor a position dict")


def as_cards(value: Any) -> list[Card]:
    """Cards from a card list as people write it (``"AS 2H"``, a list of texts) or of cards."""
    if value is None:
        return []
    return parse_cards(value)


def legal_cards(hand: Any, legal: Any = None) -> set[Card] | None:
    """The cards that the legal moves play: ``legal`` is ``None`` (the hand's own legal moves, none
    once it is over), ``False`` (mark nothing), or the moves to mark (move objects, or their text, read by
    the hand)."""
    if legal is False:
        return None
    if legal is None:
        if hand.is_over():
            return None
        legal = hand.legal_moves
    moves = [hand.parse_move(m) if isinstance(m, str) else m for m in legal]
    return {m.card for m in moves if getattr(m, "card", None) is not None}


def visible_set(visible: Any, n: int) -> set[int]:
    """Seats shown face up: ``None``/``True``/``"all"`` (every seat), ``False``/``"none"``, a seat, or seats."""
    if visible is None or visible is True or visible == "all":
        return set(range(n))
    if visible is False or visible == "none":
        return set()
    if isinstance(visible, int):
        return {visible}
    return {int(v) for v in visible}


def as_result_dict(result: Any) -> dict | None:
    """A hand's result as the record's ``result`` dict, with what a Sarı Cüce result knows beyond it (the
    Opéra sweep and the chips written off, NJ-24, NJ-26), which the outcome shows.  A hand gives its result."""
    if result is None:
        return None
    if hasattr(result, "legal_moves"):
        result = result.result()
    if isinstance(result, Mapping):
        return dict(result)
    if hasattr(result, "to_dict"):
        out = result.to_dict()
        for extra in ("swept", "written_off"):
            if hasattr(result, extra):
                out[extra] = getattr(result, extra)
        return out
    raise TypeError(f"{result!r} is not a result")


_ARIA = re.compile(r'^<svg [^>]*?aria-label="([^"]*)"')


def svg_document(width: float, height: float, body: str, title: str | None = None, css_class: str = "cardlib",
                 desc: str | None = None) -> SvgImage:
    """Wrap fragments in a complete ``<svg>`` with explicit size and viewBox (scales in narrow cells).

    Alt text: ``title`` (a short name) goes in ``<title>``, ``desc`` (what the picture shows, in words) in
    ``<desc>``; the picture is ``role="img"`` with ``aria-label`` the description (else the title), which
    :attr:`SvgImage.alt` reads back."""
    w, h = int(round(width)), int(round(height))
    label = desc or title
    aria = f' role="img" aria-label="{esc(label)}"' if label else ""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="{FONT}" style="max-width:100%;height:auto"{aria}>')
    t = f"<title>{esc(title)}</title>" if title else ""
    d = f"<desc>{esc(desc)}</desc>" if desc else ""
    return SvgImage(head + t + d + body + "</svg>")


def banner(width: float, y: float, line: str, size: float = 20) -> tuple[str, float]:
    """A gold band across the picture with ``line`` in big dark letters (wrapped to two or three lines):
    the end of a hand, "Bora wins: ...", readable from the back of a room.  Returns (fragment, height)."""
    per_line = max(20, int((width - 28) / (size * 0.64)))
    lines = textwrap.wrap(line, per_line, break_long_words=False) or [""]
    h = 12 + len(lines) * (size + 6)
    parts = [f'<g class="banner">', rect(6, y, width - 12, h, HIGHLIGHT, "#8a6d00", 2, rx=8)]
    for k, text_line in enumerate(lines):
        parts.append(text(18, y + 6 + (k + 1) * (size + 6) - 6, text_line, size, INK, weight="bold"))
    parts.append("</g>")
    return "".join(parts), h


def status_or_banner(width: float, y: float, status: str, headline: str | None, acting: bool) -> tuple[str, float]:
    """The line under a table's title: the end-of-hand ``headline`` as a :func:`banner` when there is one,
    else the ``status`` line (gold while somebody is ``acting``).  Returns (fragment, the next y)."""
    if headline:
        frag, h = banner(width, y, headline)
        return frag, y + h + 8
    return text(12, y + 16, status, 15, HIGHLIGHT if acting else ON_FELT, weight="bold"), y + 28


def text(x: float, y: float, s: Any, size: float = 12, fill: str = INK, anchor: str = "start",
         weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{extra}>{esc(s)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 1,
         rx: float = 0, extra: str = "") -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw:g}"{extra}/>')
