"""The static form of a widget: plain HTML with its pictures as PNG and its words, for a notebook read
without a kernel.

A widget is drawn by the browser's widget manager from a live kernel.  Stored in a notebook (its live view
stripped, tools/run_notebooks.py) and read where nothing runs (nbconvert to HTML or Markdown, GitHub, a
fresh clone opened in JupyterLab before it is trusted), an output shows its richest form that the viewer
draws: untrusted JupyterLab draws neither SVG nor scripts, and with a picture present it never shows
``text/plain``.  So every cardlib widget puts in its display bundle, beside the live view, a ``text/html``
made of plain elements only: ``<img src="data:image/png;base64,...">`` pictures (resvg, then a palette PNG:
the same bytes on every run, nbval compares them) and its words in ``<div>``s.  Inline styles make it look
like the widget; a viewer that drops them (GitHub) still shows the pictures and the words in order.

Building blocks used by :class:`cardlib.widgets.base.StaticView` and the widgets' ``static_html``.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from html import unescape
from typing import Any

from ..display.svg import INK, PANEL, esc, svg_to_png
from ..i18n import _

__all__ = ["png_img", "control_words", "value_words", "frame", "labels_row", "lines_box", "run_line", "STILL_ZOOM",
           "PICTURE_COLOURS", "STILL_COLOURS",
           "embedded_pngs", "first_png", "visible_text"]

#: a filmstrip's stills are drawn at half size (a 760-pixel picture: 380 pixels wide)
STILL_ZOOM = 0.5
#: colours kept in a widget's main picture and in the small stills (palette PNGs; a third of the bytes)
PICTURE_COLOURS = 128
STILL_COLOURS = 64

_BOX = (f"background:{PANEL};color:{INK};border:1px solid #8d8878;border-radius:6px;padding:6px 10px;"
        "font-family:sans-serif;font-size:14px;line-height:1.4")
# a light panel of its own, like every picture: the words read the same in JupyterLab's light and dark themes
_FRAME = (f"background:{PANEL};color:{INK};border-radius:8px;padding:8px 10px;max-width:100%;"
          "box-sizing:border-box;font-family:sans-serif")
_LABEL = ("display:inline-block;border:1px solid #8d8878;border-radius:4px;padding:1px 7px;margin:2px 3px 2px 0;"
          f"background:#fffdf6;color:{INK};font-family:sans-serif;font-size:13px")


def png_img(svg: Any, alt: str | None = None, *, zoom: float = 1.0, colours: int = PICTURE_COLOURS) -> str:
    """An ``<img>`` of the picture ``svg`` (an ``SvgImage`` or SVG text) as an embedded palette PNG, drawn at
    ``zoom``, with ``alt`` (default: the picture's own alt text) and its width in pixels."""
    png = svg_to_png(str(svg), zoom=zoom, colours=colours)
    width = int.from_bytes(png[16:20], "big")           # the PNG's IHDR width
    words = alt if alt is not None else getattr(svg, "alt", "") or _("a picture")
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{esc(words)}" width="{width}" '
            f'style="max-width:100%;height:auto;display:block">')


def control_words(name: str, control: Any, value: Any = ...) -> str:
    """One control and a value of it (default: its own) in words, as its label shows it: ``players: 6``,
    ``card: 7♥``, ``Bora holds a 7: yes``."""
    label = (getattr(control, "description", "") or name).rstrip(":")
    if value is ...:
        value = control.value
    return f"{label}: {value_words(control, value)}"


def value_words(control: Any, value: Any) -> str:
    """A control's value as the control shows it (the option's label for a dropdown or toggle buttons)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    labels = getattr(control, "_options_labels", None)
    values = getattr(control, "_options_values", None)
    if labels is not None and values is not None:
        values = list(values)
        if any(value == v for v in values):
            return str(labels[values.index(value)])
        chosen = value if isinstance(value, (tuple, list)) else (value,)
        words = [str(labels[values.index(v)]) for v in chosen if v in values]
        if words or isinstance(value, (tuple, list)):
            return ", ".join(words) or _("none")
    if isinstance(value, (tuple, list)):
        return ", ".join(str(x) for x in value) or _("none")
    return str(value) if value != "" else _("(empty)")


def lines_box(lines: Iterable[str], css_class: str = "cardlib-static-words", html: str = "") -> str:
    """Lines of words in a light box (each line escaped; ``html`` added at the end as it is)."""
    body = "".join(f'<div style="color:{INK}">{esc(line)}</div>' for line in lines)
    return f'<div class="{css_class}" style="{_BOX}">{body}{html}</div>'


def labels_row(title: str, labels: Sequence[tuple[str, str]]) -> str:
    """The labels of a row of buttons, each ``(label, note)`` (``note``: "playable", "off", ""), drawn as
    button-like boxes: what the live widget's buttons say."""
    items = []
    for label, note in labels:
        style = _LABEL + (";border:2px solid #e6a800;font-weight:bold" if note == "playable" else
                          ";opacity:.55;border-style:dashed" if note == "off" else "")
        mark = " ▲" if note == "playable" else ""
        items.append(f'<span style="{style}">{esc(label)}{mark}</span>')
    return (f'<div class="cardlib-static-buttons" style="margin:4px 0"><b>{esc(title)}</b> '
            + " ".join(items) + "</div>")


def run_line(words: str) -> str:
    """The one line that says what appears when the notebook runs."""
    return (f'<div class="cardlib-static-run" style="font-style:italic;font-size:13px;color:#4a4a4a;'
            f'margin-top:4px">{esc(words)}</div>')


def frame(kind: str, body: str) -> str:
    """The whole static form of a widget of ``kind`` (``explorer``, ``stepper``, ``table``, ``hint`` ...)."""
    return f'<div class="cardlib-static cardlib-static-{esc(kind)}" style="{_FRAME}">{body}</div>'


# -- reading a static form back (the tests and tools/ read what a viewer shows) --------------------------

_IMG = re.compile(r'<img\b[^>]*?\bsrc="data:image/png;base64,([A-Za-z0-9+/=]+)"')
_TAG = re.compile(r"<style\b.*?</style>|<script\b.*?</script>|<[^>]+>", re.S)


def first_png(html_text: str) -> str | None:
    """The base64 text of the first PNG embedded in an HTML fragment (None if it has none)."""
    m = _IMG.search(html_text)
    return m.group(1) if m else None


def embedded_pngs(html_text: str) -> list[bytes]:
    """The PNG pictures embedded in an HTML fragment (``<img src="data:image/png;base64,...">``), in order."""
    return [base64.b64decode(data) for data in _IMG.findall(html_text)]


def visible_text(html_text: str) -> str:
    """The words an HTML fragment shows: its tags, styles and scripts taken out, entities read, spaces
    joined."""
    return " ".join(unescape(_TAG.sub(" ", html_text)).split())
