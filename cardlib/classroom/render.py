"""The lessons' widgets drawn as plain HTML by the server, and the browser's clicks applied to them: the
classroom's light page.  The widgets are ipywidgets objects in the server's process (no kernel, no widget
scripts in the browser): :func:`render` writes a widget tree as HTML whose elements carry the classes and
inline styles that ipywidgets' own views give them (``jupyter-button``, ``widget-html-content`` ...), and
:meth:`Page.apply` takes an event from the page (``{"w": <model id>, "ev": "click" | "value" | "index",
"value": ...}``) and does what the widget's view would: a click calls its handlers, a value sets its
value.  Only widgets drawn on that page, enabled, can be touched, and only through these three events;
nothing a page sends is run as code.

Drawn: ``HTML``, ``Label``, ``Button``, ``ToggleButton``, ``ToggleButtons``, ``RadioButtons``, ``Dropdown``,
``SelectMultiple``, ``Checkbox``, ``IntSlider``, ``IntText``/``BoundedIntText``, ``Text`` and the boxes; a
plotly ``FigureWidget`` as its figure's JSON, drawn by plotly.js (served from this machine, loaded
the first time a page shows a chart).  Anything else shows a line saying it cannot be shown here.
"""

from __future__ import annotations

import html
import logging
from typing import Any

import ipywidgets as W

from . import words

log = logging.getLogger("cardlib.classroom")

__all__ = ["Page", "render"]

_BUTTON_STYLES = {"primary", "success", "info", "warning", "danger"}


def _attr(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _css(widget: Any) -> str:
    """The inline style of a widget: its Layout's set traits (as ipywidgets' views write them)."""
    layout = getattr(widget, "layout", None)
    parts = []
    if isinstance(layout, W.Layout):
        for key in layout.keys:
            if key.startswith("_"):
                continue
            value = getattr(layout, key)
            if value is None or value == "":
                continue
            parts.append(f"{key.replace('_', '-')}:{value}")
    style = getattr(widget, "style", None)
    if isinstance(style, W.ButtonStyle):
        for key, prop in (("button_color", "background-color"), ("font_weight", "font-weight"),
                          ("text_color", "color"), ("font_size", "font-size"), ("font_family", "font-family")):
            value = getattr(style, key, None)
            if value:
                parts.append(f"{prop}:{value}")
    return ";".join(parts)


def _classes(widget: Any, *base: str) -> str:
    return " ".join([*base, *getattr(widget, "_dom_classes", ())])


def _not_shown(w: Any) -> str:
    return f'<div class="cardlib-unsupported">{html.escape(words.say(words.NOT_SHOWN, widget=type(w).__name__))}</div>'


class Page:
    """One student's page: its root widget and the widgets drawn last time, by model id."""

    def __init__(self, root: Any):
        self.root = root
        self.drawn: dict[str, Any] = {}
        self.plots = 0

    def html(self) -> str:
        self.drawn = {}
        self.plots = 0
        return self._draw(self.root)

    # -- events from the page ----------------------------------------------------------------------------
    def apply(self, event: Any) -> bool:
        """Do what the page asked of one of its widgets; False (and a line in the log) for anything else:
        an unknown or hidden widget, a disabled one, an event it does not take, a value out of range."""
        if not isinstance(event, dict) or not isinstance(event.get("w"), str):
            log.warning("a page sent an event that is not one: %.200r", event)
            return False
        w = self.drawn.get(event["w"])
        kind, value = event.get("ev"), event.get("value")
        if w is None or getattr(w, "disabled", False):
            return False
        try:
            if kind == "click" and isinstance(w, W.Button):
                w.click()
            elif kind == "click" and isinstance(w, W.ToggleButton):
                w.value = not w.value
            elif kind == "index" and isinstance(w, (W.Dropdown, W.ToggleButtons, W.RadioButtons)):
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(w.options):
                    return False
                w.index = value
            elif kind == "index" and isinstance(w, W.SelectMultiple):
                if not isinstance(value, list) or not all(isinstance(i, int) and 0 <= i < len(w.options)
                                                          for i in value):
                    return False
                w.index = tuple(value)
            elif kind == "value" and isinstance(w, W.Checkbox):
                w.value = bool(value)
            elif kind == "value" and isinstance(w, (W.IntSlider, W.IntText, W.BoundedIntText)):
                if not isinstance(value, (int, str)) or isinstance(value, bool):
                    return False
                number = int(value)
                if isinstance(w, (W.IntSlider, W.BoundedIntText)) and not w.min <= number <= w.max:
                    return False
                w.value = number
            elif kind == "value" and isinstance(w, W.Text):
                if not isinstance(value, str) or len(value) > 200:
                    return False
                w.value = value
            else:
                return False
        except (ValueError, TypeError) as exc:   # a value the widget refuses (traitlets' errors)
            log.warning("a page's %s on %s was refused: %s", kind, type(w).__name__, exc)
            return False
        return True

    # -- drawing --------------------------------------------------------------------------------------------
    def _draw(self, w: Any) -> str:
        try:
            return self._draw_one(w)
        except Exception:                 # one widget that cannot be drawn: a line, and the rest of the page
            log.exception("drawing a %s", type(w).__name__)
            return _not_shown(w)

    def _draw_one(self, w: Any) -> str:
        if isinstance(w, W.Widget) and getattr(w, "model_id", None):
            self.drawn[w.model_id] = w
        style = _css(w)
        wid = _attr(getattr(w, "model_id", ""))
        if isinstance(w, W.Box):
            kind = "widget-hbox" if isinstance(w, W.HBox) else "widget-vbox" if isinstance(w, W.VBox) else "widget-box"
            inner = "".join(self._draw(c) for c in w.children)
            return f'<div class="{_classes(w, "widget-box", kind)}" style="{_attr(style)}">{inner}</div>'
        if isinstance(w, W.HTML):
            return (f'<div class="{_classes(w, "widget-html", "widget-inline-hbox")}" style="{_attr(style)}">'
                    f'{self._description(w)}<div class="widget-html-content">{w.value}</div></div>')
        if isinstance(w, W.Label):
            return (f'<div class="{_classes(w, "widget-label-basic")}" style="{_attr(style)}">'
                    f'{html.escape(w.value)}</div>')
        if isinstance(w, W.Button):
            mod = f" mod-{w.button_style}" if w.button_style in _BUTTON_STYLES else ""
            return (f'<button class="{_classes(w, "jupyter-widgets", "jupyter-button", "widget-button")}{mod}" '
                    f'data-w="{wid}" data-ev="click" title="{_attr(w.tooltip or "")}" style="{_attr(style)}"'
                    f'{" disabled" if w.disabled else ""}>{html.escape(w.description)}</button>')
        if isinstance(w, W.ToggleButton):
            mod = " mod-active" if w.value else ""
            return (f'<button class="{_classes(w, "jupyter-widgets", "jupyter-button", "widget-toggle-button")}'
                    f'{mod}" data-w="{wid}" data-ev="click" title="{_attr(w.tooltip or "")}" '
                    f'aria-pressed="{"true" if w.value else "false"}" style="{_attr(style)}"'
                    f'{" disabled" if w.disabled else ""}>{html.escape(w.description)}</button>')
        if isinstance(w, W.ToggleButtons):
            buttons = "".join(
                f'<button class="jupyter-button widget-toggle-button{" mod-active" if i == w.index else ""}" '
                f'data-w="{wid}" data-ev="index" data-index="{i}"{" disabled" if w.disabled else ""}>'
                f'{html.escape(str(label))}</button>' for i, label in enumerate(w._options_labels))
            return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-toggle-buttons")}" style="{_attr(style)}">'
                    f'{self._description(w)}<div class="widget-toggle-buttons-row">{buttons}</div></div>')
        if isinstance(w, W.RadioButtons):
            radios = "".join(
                f'<label class="widget-radio-option"><input type="radio" name="r{wid}" data-w="{wid}" '
                f'data-ev="index" data-index="{i}"{" checked" if i == w.index else ""}'
                f'{" disabled" if w.disabled else ""}> {html.escape(str(label))}</label>'
                for i, label in enumerate(w._options_labels))
            return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-radio")}" style="{_attr(style)}">'
                    f'{self._description(w)}<div class="widget-radio-box">{radios}</div></div>')
        if isinstance(w, (W.Dropdown, W.SelectMultiple)):
            multiple = isinstance(w, W.SelectMultiple)
            chosen = set(w.index) if multiple else {w.index}
            options = "".join(f'<option value="{i}"{" selected" if i in chosen else ""}>{html.escape(str(label))}'
                              f'</option>' for i, label in enumerate(w._options_labels))
            kind = "widget-select-multiple" if multiple else "widget-dropdown"
            return (f'<div class="{_classes(w, "widget-inline-hbox", kind)}" style="{_attr(style)}">'
                    f'{self._description(w)}<select data-w="{wid}" data-ev="index"{" multiple" if multiple else ""}'
                    f'{" disabled" if w.disabled else ""}>{options}</select></div>')
        if isinstance(w, W.Checkbox):
            return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-checkbox")}" style="{_attr(style)}">'
                    f'<label><input type="checkbox" data-w="{wid}" data-ev="value"{" checked" if w.value else ""}'
                    f'{" disabled" if w.disabled else ""}> {html.escape(w.description)}</label></div>')
        if isinstance(w, W.IntSlider):
            return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-slider", "widget-hslider")}" '
                    f'style="{_attr(style)}">{self._description(w)}<input type="range" data-w="{wid}" '
                    f'data-ev="value" min="{w.min}" max="{w.max}" step="{w.step}" value="{w.value}"'
                    f'{" disabled" if w.disabled else ""}><span class="widget-readout">{w.value}</span></div>')
        if isinstance(w, (W.IntText, W.BoundedIntText, W.Text)):
            kind = "text" if isinstance(w, W.Text) else "number"
            bounds = (f' min="{w.min}" max="{w.max}"' if isinstance(w, W.BoundedIntText) else "")
            placeholder = f' placeholder="{_attr(w.placeholder)}"' if getattr(w, "placeholder", "") else ""
            return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-text")}" style="{_attr(style)}">'
                    f'{self._description(w)}<input type="{kind}" data-w="{wid}" data-ev="value"{bounds}'
                    f'{placeholder} value="{_attr(w.value)}"{" disabled" if w.disabled else ""}></div>')
        if type(w).__name__ == "FigureWidget":
            self.plots += 1
            style = ""
            return (f'<div class="cardlib-plot js-plotly-plot-host" style="{_attr(style)}" '
                    f'data-plot="{_attr(w.to_json())}"></div>')
        log.warning("the light page cannot draw a %s", type(w).__name__)
        return _not_shown(w)

    @staticmethod
    def _description(w: Any) -> str:
        text = getattr(w, "description", "")
        return f'<label class="widget-label">{html.escape(text)}</label>' if text else ""


def render(widget: Any) -> str:
    """A widget tree as HTML (see :class:`Page`)."""
    return Page(widget).html()
