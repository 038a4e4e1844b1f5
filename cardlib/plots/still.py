"""A chart's still: a plotly figure drawn as an SVG picture, and so as a PNG (resvg), with no browser.

A plotly chart is drawn by plotly.js in the browser: a notebook viewer that runs no script (nbconvert,
GitHub, an untrusted JupyterLab without plotly's extension) shows nothing where it stands.  Every chart
cardlib shows therefore carries a still: :func:`figure_svg` draws the figure's own data and layout (the
traces, axes, titles, legend, lines and notes that cardlib's charts and the notebooks' use) on a light
panel, and :class:`StillRenderer` puts its PNG into the figure's display bundle beside plotly's JSON
(``install()``, done when :mod:`cardlib.plots` is imported in a notebook's kernel).  Same figure, same
bytes, on every machine: no browser, no clock, no random ids (docs/pictures-plots-widgets.md says why
not plotly's own export through kaleido).

Drawn: scatter traces (lines with gaps and ``hv`` steps, dashes, markers: circle, diamond, square, star,
x, triangle, open circle; text above or below the markers; error bars; faded unselected points), bars
(grouped, with error bars), linear, log and category axes (their range, tick values and texts), shapes
(lines and rectangles, in data or domain coordinates), annotations (their text), the title and the legend.
Hover texts and anything interactive are not drawn: the live chart has them.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..display.svg import SvgImage, esc, svg_document, svg_to_png

__all__ = ["figure_svg", "chart_png", "StillRenderer", "install"]

#: plotly.js's own colours for traces that name none (template "none": the D3 colours)
COLORWAY = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
            "#bcbd22", "#17becf"]
BACK = "#f7f5ee"      # the light panel of every cardlib picture (cardlib.display.svg.PANEL)
TEXT = "#3a3a3a"
AXIS = "#8c8c8c"
GRID = "#dcd8cc"
DASHES = {"dash": "6,4", "dot": "2,3", "dashdot": "6,3,2,3", "longdash": "10,4", "longdashdot": "10,3,2,3"}


def _fig_dict(fig: Any) -> dict:
    if isinstance(fig, Mapping):
        return dict(fig)
    if hasattr(fig, "to_dict"):
        return fig.to_dict()
    raise TypeError(f"{fig!r} is not a plotly figure or a figure dict")


def _values(v: Any) -> list:
    """A data array as a list (lists, tuples, numpy arrays, pandas series; plotly's typed-array dicts)."""
    if v is None:
        return []
    if isinstance(v, Mapping) and "bdata" in v:
        import numpy as np
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=v["dtype"]).tolist()
    if hasattr(v, "tolist"):
        return list(v.tolist())
    if isinstance(v, (str, bytes)):
        return [v]
    return list(v)


def _num(v: Any) -> float | None:
    if v is None or isinstance(v, bool):
        return None
    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def _get(d: Any, *path: str, default: Any = None) -> Any:
    for key in path:
        if not isinstance(d, Mapping) or key not in d or d[key] is None:
            return default
        d = d[key]
    return d


def _fmt(x: float) -> str:
    """A tick label as plotly writes it: 0.25, 1.5, 10, 1k, 10k, 1M."""
    if x != 0 and abs(x) >= 1000 and float(x).is_integer():
        for size, unit in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
            if abs(x) >= size and (x / size).is_integer():
                return f"{x / size:g}{unit}"
    text = f"{x:.6g}"
    return "0" if text in ("-0", "0") else text


def _nice_ticks(lo: float, hi: float, count: int = 6) -> list[float]:
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks = []
    k = 0
    while first + k * step <= hi + step * 1e-9:
        ticks.append(round(first + k * step, 12))
        k += 1
    return ticks


class _Axis:
    """One axis: its kind (linear, log, category), range and ticks, and the map to pixels."""

    def __init__(self, spec: Mapping, values: list, categories: list, rangemode: str | None):
        self.spec = spec
        self.categories = categories
        kind = spec.get("type")
        if kind not in ("linear", "log", "category"):
            kind = "category" if categories else "linear"
        self.kind = kind
        given = spec.get("range")
        nums = [x for x in (_num(v) for v in values) if x is not None]
        if kind == "log":
            nums = [math.log10(x) for x in nums if x > 0]
        if given is not None and len(given) == 2 and None not in given:
            lo, hi = float(given[0]), float(given[1])
        elif kind == "category":
            lo, hi = -0.5, max(len(categories), 1) - 0.5
        else:
            lo, hi = (min(nums), max(nums)) if nums else (0.0, 1.0)
            if rangemode == "tozero":
                lo, hi = min(lo, 0.0), max(hi, 0.0)
            pad = (hi - lo) * 0.06 or (abs(hi) * 0.1 or 1.0)
            lo, hi = (lo if rangemode == "tozero" and lo == 0 else lo - pad), hi + pad
        self.lo, self.hi = lo, hi
        self.a, self.b = 0.0, 1.0

    def place(self, a: float, b: float) -> None:
        """Pixels of the range's two ends (b < a for a vertical axis)."""
        self.a, self.b = a, b

    def coord(self, v: Any) -> float | None:
        """The data value (a number, or a category) as a position on the axis's scale."""
        if self.kind == "category":
            if v in self.categories:
                return float(self.categories.index(v))
            return _num(v)
        x = _num(v)
        if x is None:
            return None
        if self.kind == "log":
            return math.log10(x) if x > 0 else None
        return x

    def px(self, v: Any) -> float | None:
        c = self.coord(v)
        return None if c is None else self.at(c)

    def at(self, c: float) -> float:
        return self.a + (c - self.lo) / ((self.hi - self.lo) or 1.0) * (self.b - self.a)

    def domain(self, f: float) -> float:
        return self.a + f * (self.b - self.a)

    def ticks(self) -> list[tuple[float, str]]:
        vals, texts = self.spec.get("tickvals"), self.spec.get("ticktext")
        if vals is not None:
            vals = _values(vals)
            texts = _values(texts) if texts is not None else [_fmt(float(v)) if _num(v) is not None else str(v)
                                                              for v in vals]
            out = [(self.coord(v), str(t)) for v, t in zip(vals, texts)]
            return [(c, t) for c, t in out if c is not None and self._inside(c)]
        if self.kind == "category":
            return [(float(k), str(c)) for k, c in enumerate(self.categories)]
        if self.kind == "log":
            return [(float(e), _fmt(10.0 ** e)) for e in range(math.ceil(self.lo), math.floor(self.hi) + 1)]
        return [(t, _fmt(t)) for t in _nice_ticks(self.lo, self.hi) if self._inside(t)]

    def _inside(self, c: float) -> bool:
        lo, hi = min(self.lo, self.hi), max(self.lo, self.hi)
        return lo - 1e-9 <= c <= hi + 1e-9


def _marker(shape: str, x: float, y: float, size: float, fill: str, line: str | None, width: float,
            opacity: float) -> str:
    r = max(size, 2.0) / 2
    op = f' opacity="{opacity:g}"' if opacity < 1 else ""
    open_ = shape.endswith("-open")
    base = shape[:-5] if open_ else shape
    paint = (f'fill="none" stroke="{fill}" stroke-width="{max(width, 1.5):g}"' if open_ else
             f'fill="{fill}"' + (f' stroke="{line}" stroke-width="{width:g}"' if line and width > 0 else ""))
    if base == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {paint}{op}/>'
    if base in ("diamond", "star", "triangle-up", "triangle-down", "x", "cross"):
        if base == "diamond":
            pts = [(0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)]
        elif base == "triangle-up":
            pts = [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)]
        elif base == "triangle-down":
            pts = [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)]
        elif base == "star":
            pts = [(1.3 * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / 5),
                    -1.3 * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        else:   # x and cross: drawn as strokes
            a = r * 0.9
            d = (f"M{x - a:.1f},{y - a:.1f}L{x + a:.1f},{y + a:.1f}M{x - a:.1f},{y + a:.1f}L{x + a:.1f},{y - a:.1f}"
                 if base == "x" else f"M{x - a:.1f},{y:.1f}L{x + a:.1f},{y:.1f}M{x:.1f},{y - a:.1f}L{x:.1f},{y + a:.1f}")
            return f'<path d="{d}" stroke="{fill}" stroke-width="{max(r / 2.2, 1.5):.1f}" fill="none"{op}/>'
        points = " ".join(f"{x + px * r:.1f},{y + py * r:.1f}" for px, py in pts)
        return f'<polygon points="{points}" {paint}{op}/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}{op}/>'


def _at(v: Any, k: int, default: Any = None) -> Any:
    """``v``, or its ``k``-th value when it is an array (a colour or size per point)."""
    if isinstance(v, (list, tuple)) or hasattr(v, "tolist"):
        seq = _values(v)
        return seq[k] if k < len(seq) else default
    return default if v is None else v


def figure_svg(fig: Any, width: int = 720, height: int | None = None) -> SvgImage:
    """The still of a plotly figure (a ``Figure``, a ``FigureWidget`` or its dict), ``width`` pixels wide
    (``height``: the figure's own, 420 if it has none)."""
    d = _fig_dict(fig)
    layout = dict(d.get("layout") or {})
    traces = [t for t in (d.get("data") or []) if t.get("visible", True) not in (False, "legendonly")]
    W = int(width)
    H = int(height or layout.get("height") or 420)
    colorway = layout.get("colorway") or _get(layout, "template", "layout", "colorway") or COLORWAY
    title = _get(layout, "title", "text", default="") if isinstance(layout.get("title"), Mapping) else (
        layout.get("title") or "")
    xspec, yspec = dict(layout.get("xaxis") or {}), dict(layout.get("yaxis") or {})

    # the data: categories and values on each axis (bars reach down to 0; error bars reach out)
    xs_all: list = []
    ys_all: list = []
    xcats: list = []
    bars = [t for t in traces if t.get("type") == "bar"]
    for t in traces:
        xs, ys = _values(t.get("x")), _values(t.get("y"))
        if not xs and ys:
            xs = list(range(len(ys)))
        for x in xs:
            if isinstance(x, str) and x not in xcats:
                xcats.append(x)
        xs_all += xs
        ys_all += ys
        err = t.get("error_y") or {}
        if err.get("visible", True) and err.get("array") is not None:
            up = _values(err["array"])
            down = up if err.get("symmetric", err.get("arrayminus") is None) else _values(err.get("arrayminus"))
            for k, y in enumerate(ys):
                if _num(y) is not None:
                    ys_all += [y + (_num(_at(up, k, 0)) or 0), y - (_num(_at(down, k, 0)) or 0)]
        if t.get("type") == "bar":
            ys_all.append(0)
    for shape in layout.get("shapes") or []:
        if shape.get("yref", "y") == "y":
            ys_all += [shape.get("y0"), shape.get("y1")]
        if shape.get("xref", "x") == "x":
            xs_all += [shape.get("x0"), shape.get("x1")]
    xaxis = _Axis(xspec, xs_all, xcats, xspec.get("rangemode"))
    if bars and xaxis.kind == "linear" and not xspec.get("range"):
        nums = [x for x in (_num(v) for t in bars for v in _values(t.get("x"))) if x is not None]
        if nums:
            xaxis.lo, xaxis.hi = min(nums) - 0.5, max(nums) + 0.5
    yaxis = _Axis(yspec, ys_all, [], yspec.get("rangemode") or ("tozero" if bars else None))

    # the frame: margins, a legend on the right when more than one trace is named
    margin = {"l": 60.0, "r": 20.0, "t": 60.0, "b": 50.0}
    margin.update({k: float(v) for k, v in (layout.get("margin") or {}).items() if k in margin and _num(v) is not None})
    legend = [t for t in traces if t.get("showlegend", len(traces) > 1 or bool(layout.get("showlegend")))
              and t.get("name") is not None]
    if layout.get("showlegend") is False:
        legend = []
    legend_w = (min(220, 40 + 7 * max(len(str(t["name"])) for t in legend)) if legend else 0)
    left, top = float(margin["l"]), float(margin["t"])
    right, bottom = W - float(margin["r"]) - legend_w, H - float(margin["b"])
    xaxis.place(left, right)
    yaxis.place(bottom, top)

    out = [f'<rect x="0" y="0" width="{W}" height="{H}" rx="8" fill="{BACK}"/>']
    # grid and ticks
    for tick, label in yaxis.ticks():
        ty = yaxis.at(tick)
        out.append(f'<line x1="{left:.1f}" y1="{ty:.1f}" x2="{right:.1f}" y2="{ty:.1f}" stroke="{GRID}"/>')
        out.append(f'<text x="{left - 6:.1f}" y="{ty + 4:.1f}" font-size="11" fill="{TEXT}" text-anchor="end">'
                   f'{esc(label)}</text>')
    for tick, label in xaxis.ticks():
        x = xaxis.at(tick)
        out.append(f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" stroke="{GRID}"/>')
        out.append(f'<text x="{x:.1f}" y="{bottom + 16:.1f}" font-size="11" fill="{TEXT}" text-anchor="middle">'
                   f'{esc(label)}</text>')
    out.append(f'<path d="M{left:.1f},{top:.1f}V{bottom:.1f}H{right:.1f}" stroke="{AXIS}" fill="none"/>')
    out.append(f'<svg x="{left:.1f}" y="{top - 12:.1f}" width="{right - left:.1f}" height="{bottom - top + 24:.1f}" '
               f'viewBox="{left:.1f} {top - 12:.1f} {right - left:.1f} {bottom - top + 24:.1f}" overflow="hidden">')

    # bars, grouped
    group = max(len(bars), 1)
    slot = 0.8 / group
    for b_index, t in enumerate(bars):
        colour = _get(t, "marker", "color") or colorway[traces.index(t) % len(colorway)]
        xs, ys = _values(t.get("x")), _values(t.get("y"))
        if not xs:
            xs = list(range(len(ys)))
        for k, (xv, yv) in enumerate(zip(xs, ys)):
            c, y = xaxis.coord(xv), _num(yv)
            if c is None or y is None:
                continue
            c0 = c - 0.4 + b_index * slot
            x0, x1 = xaxis.at(c0), xaxis.at(c0 + slot)
            y0, y1 = yaxis.at(0.0) if yaxis.kind != "log" else bottom, yaxis.px(y)
            if y1 is None:
                continue
            fill = _at(colour, k, colorway[0])
            out.append(f'<rect x="{min(x0, x1):.1f}" y="{min(y0, y1):.1f}" width="{abs(x1 - x0):.1f}" '
                       f'height="{abs(y1 - y0):.1f}" fill="{fill}"/>')
    # scatter traces
    for index, t in enumerate(traces):
        if t.get("type", "scatter") not in ("scatter", "scattergl", "bar"):
            continue
        xs, ys = _values(t.get("x")), _values(t.get("y"))
        if not xs:
            xs = list(range(len(ys)))
        colour_default = colorway[index % len(colorway)]
        if t.get("type") != "bar":
            mode = t.get("mode") or ("lines+markers" if len(xs) < 20 else "lines")
            line_colour = _get(t, "line", "color") or colour_default
            marker_colour = _get(t, "marker", "color") or (line_colour if "lines" in mode else colour_default)
            points = [(xaxis.px(x), yaxis.px(y)) for x, y in zip(xs, ys)]
            if "lines" in mode:
                dash = DASHES.get(str(_get(t, "line", "dash", default="")), "")
                width_ = float(_get(t, "line", "width", default=2))
                hv = _get(t, "line", "shape") == "hv"
                path, pen = [], False
                for px, py in points:
                    if px is None or py is None:
                        pen = False
                        continue
                    if pen and hv:
                        path.append(f"H{px:.1f}V{py:.1f}")
                    else:
                        path.append(f"{'L' if pen else 'M'}{px:.1f},{py:.1f}")
                    pen = True
                if path:
                    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
                    out.append(f'<path d="{"".join(path)}" stroke="{line_colour}" stroke-width="{width_:g}" '
                               f'fill="none" stroke-linejoin="round"{dash_attr}/>')
            selected = t.get("selectedpoints")
            chosen = set(_values(selected)) if selected is not None else None
            if "markers" in mode:
                size = _get(t, "marker", "size", default=6)
                symbol = _get(t, "marker", "symbol", default="circle")
                mline = _get(t, "marker", "line", default={}) or {}
                for k, (px, py) in enumerate(points):
                    if px is None or py is None:
                        continue
                    opacity = 1.0 if chosen is None or k in chosen else 0.18
                    out.append(_marker(str(_at(symbol, k, "circle")), px, py, float(_at(size, k, 6)),
                                       str(_at(marker_colour, k, colour_default)), mline.get("color"),
                                       float(mline.get("width") or 0), opacity))
            if "text" in mode:
                texts = _values(t.get("text"))
                tcolour = _get(t, "textfont", "color") or marker_colour
                tsize = float(_get(t, "textfont", "size", default=11))
                below = str(t.get("textposition", "middle center")).startswith("bottom")
                lift = float(_at(_get(t, "marker", "size", default=6), 0, 6)) / 2 + 3
                for k, (px, py) in enumerate(points):
                    if px is None or py is None or k >= len(texts):
                        continue
                    y = py + lift + tsize if below else py - lift
                    faded = "" if chosen is None or k in chosen else ' opacity="0.3"'
                    out.append(f'<text x="{px:.1f}" y="{y:.1f}" font-size="{tsize:g}" fill="{_at(tcolour, k, TEXT)}" '
                               f'text-anchor="middle"{faded}>{esc(texts[k])}</text>')
        # error bars (scatter and bars)
        err = t.get("error_y") or {}
        if err.get("visible", True) and err.get("array") is not None:
            up = _values(err["array"])
            down = up if err.get("symmetric", err.get("arrayminus") is None) else _values(err.get("arrayminus"))
            ecolour = err.get("color") or ("#444444" if t.get("type") == "bar" else
                                           _get(t, "line", "color") or colorway[index % len(colorway)])
            for k, (xv, yv) in enumerate(zip(xs, ys)):
                c, y = xaxis.coord(xv), _num(yv)
                if c is None or y is None:
                    continue
                if t.get("type") == "bar":
                    c = c - 0.4 + bars.index(t) * slot + slot / 2
                px = xaxis.at(c)
                hi_, lo_ = yaxis.px(y + (_num(_at(up, k, 0)) or 0)), yaxis.px(y - (_num(_at(down, k, 0)) or 0))
                if hi_ is None or lo_ is None:
                    continue
                out.append(f'<path d="M{px:.1f},{hi_:.1f}V{lo_:.1f}M{px - 4:.1f},{hi_:.1f}H{px + 4:.1f}'
                           f'M{px - 4:.1f},{lo_:.1f}H{px + 4:.1f}" stroke="{ecolour}" stroke-width="1.5" fill="none"/>')
    out.append("</svg>")

    # shapes and notes
    def where(axis: _Axis, ref: str, v: Any) -> float | None:
        if ref.endswith("domain") or ref == "paper":
            f = _num(v)
            return None if f is None else axis.domain(f)
        return axis.px(v)

    for shape in layout.get("shapes") or []:
        sx0, sx1 = where(xaxis, shape.get("xref", "x"), shape.get("x0")), where(xaxis, shape.get("xref", "x"), shape.get("x1"))
        sy0, sy1 = where(yaxis, shape.get("yref", "y"), shape.get("y0")), where(yaxis, shape.get("yref", "y"), shape.get("y1"))
        if sx0 is None or sx1 is None or sy0 is None or sy1 is None:
            continue
        x0, x1, y0, y1 = sx0, sx1, sy0, sy1
        line = shape.get("line") or {}
        colour = line.get("color") or "#444444"
        dash = DASHES.get(str(line.get("dash", "")), "")
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        if shape.get("type", "line") == "rect":
            out.append(f'<rect x="{min(x0, x1):.1f}" y="{min(y0, y1):.1f}" width="{abs(x1 - x0):.1f}" '
                       f'height="{abs(y1 - y0):.1f}" fill="{shape.get("fillcolor") or "none"}" opacity="0.3"/>')
        else:
            out.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{colour}" '
                       f'stroke-width="{float(line.get("width") or 2):g}"{dash_attr}/>')
    for note in layout.get("annotations") or []:
        x = where(xaxis, note.get("xref", "x"), note.get("x"))
        y = where(yaxis, note.get("yref", "y"), note.get("y"))
        if x is None or y is None or not note.get("text"):
            continue
        anchor = {"left": "start", "right": "end"}.get(note.get("xanchor"), "middle")
        dy = -4 if note.get("yanchor") == "bottom" else 14 if note.get("yanchor") == "top" else 4
        out.append(f'<text x="{x:.1f}" y="{y + dy:.1f}" font-size="12" fill="{TEXT}" text-anchor="{anchor}">'
                   f'{esc(note["text"])}</text>')

    # titles and legend
    if title:
        out.append(f'<text x="{W * 0.01 + 6:.1f}" y="28" font-size="16" fill="{TEXT}">{esc(title)}</text>')
    xtitle = _get(xspec, "title", "text", default="")
    ytitle = _get(yspec, "title", "text", default="")
    if xtitle:
        out.append(f'<text x="{(left + right) / 2:.1f}" y="{bottom + 36:.1f}" font-size="13" fill="{TEXT}" '
                   f'text-anchor="middle">{esc(xtitle)}</text>')
    if ytitle:
        cy = (top + bottom) / 2
        out.append(f'<text x="16" y="{cy:.1f}" font-size="13" fill="{TEXT}" text-anchor="middle" '
                   f'transform="rotate(-90 16 {cy:.1f})">{esc(ytitle)}</text>')
    for k, t in enumerate(legend):
        index = traces.index(t)
        colour_default = colorway[index % len(colorway)]
        ly = top + 8 + k * 20
        lx = right + 14
        if t.get("type") == "bar":
            colour = _at(_get(t, "marker", "color"), 0, colour_default)
            out.append(f'<rect x="{lx:.1f}" y="{ly - 6:.1f}" width="18" height="12" fill="{colour}"/>')
        else:
            mode = t.get("mode") or "lines+markers"
            colour = _get(t, "line", "color") or _at(_get(t, "marker", "color"), 0, colour_default)
            if "lines" in mode:
                dash = DASHES.get(str(_get(t, "line", "dash", default="")), "")
                dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
                out.append(f'<line x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 22:.1f}" y2="{ly:.1f}" stroke="{colour}" '
                           f'stroke-width="2"{dash_attr}/>')
            if "markers" in mode or "lines" not in mode:
                symbol = _at(_get(t, "marker", "symbol", default="circle"), 0, "circle")
                mcolour = _at(_get(t, "marker", "color"), 0, colour)
                out.append(_marker(str(symbol), lx + 11, ly, 8, str(mcolour), None, 0, 1.0))
        out.append(f'<text x="{lx + 28:.1f}" y="{ly + 4:.1f}" font-size="12" fill="{TEXT}">{esc(t["name"])}</text>')

    words = title or "a chart"
    desc = f"{words}; across: {xtitle or 'x'}; up: {ytitle or 'y'}"
    return svg_document(W, H, "".join(out), title=str(words), css_class="cardlib-chart-still", desc=desc)


def chart_png(fig: Any, width: int = 720, colours: int | None = 64) -> bytes:
    """The still of a figure as PNG bytes (``colours``: a palette PNG of that many colours; ``None``: full colour)."""
    return svg_to_png(figure_svg(fig, width), colours=colours)


try:
    from plotly.io._base_renderers import MimetypeRenderer
except ImportError:   # pragma: no cover - plotly moved it
    MimetypeRenderer = object


class StillRenderer(MimetypeRenderer):
    """A plotly renderer that adds the figure's still (``image/png``) to its display bundle: a notebook
    viewer that draws no plotly chart shows the picture; JupyterLab and Voila draw the live chart."""

    def to_mimebundle(self, fig_dict: dict) -> dict:
        from ..widgets.base import _in_voila
        if _in_voila():              # a Voila page always draws the live chart: no still is ever seen there
            return {}
        return {"image/png": base64.b64encode(chart_png(fig_dict)).decode("ascii")}


NAME = "cardlib_still"


def install(renderers: Any = None) -> bool:
    """Add the still to the figures shown in a notebook: register :class:`StillRenderer` as
    ``"cardlib_still"`` and add it to plotly's default renderers when they give plotly's JSON (a Jupyter
    kernel).  Elsewhere (a script, a terminal: plotly's ``browser`` renderer) nothing changes.  Returns
    whether the default now has the still."""
    if renderers is None:
        import plotly.io as pio
        renderers = pio.renderers
    if NAME not in renderers:
        renderers[NAME] = StillRenderer()
    names = [n for n in (renderers.default or "").split("+") if n]
    if NAME in names:
        return True
    if not any(n in ("plotly_mimetype", "jupyterlab", "nteract", "vscode", "notebook", "notebook_connected")
               for n in names):
        return False
    renderers.default = "+".join([*names, NAME])
    return True

