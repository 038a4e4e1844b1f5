"""A chart's still (cardlib.plots.still): a plotly figure drawn as SVG, and as PNG, without a browser, and
put into the figure's display bundle in a notebook."""

import re

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from cardlib import plots
from cardlib.plots import still
from cardlib.plots.still import StillRenderer, chart_png, figure_svg, install

RECORD = "notebooks/records/sari-cuce-stall.json"


def texts(svg):
    return re.findall(r">([^<>]+)</text>", svg)


def test_a_run_chart_still_draws_its_title_axes_legend_and_every_card():
    fig = plots.run_chart(RECORD)
    svg = figure_svg(fig)
    words = texts(svg)
    assert fig.layout.title.text in words and "rank" in words and "card played (in order)" in words
    assert {"Ada", "Bora", "Cem", "capture", "King: new run"} <= set(words)
    assert {"A", "10", "K"} <= set(words)                              # the tick texts the layout gives
    played = sum(len(t.x) for t in fig.data[1:4])
    assert len(re.findall(r'<(?:circle|polygon)[^>]*fill="#(?:4e79a7|f28e2b|e15759)"', svg)) >= played
    assert svg.alt.startswith(fig.layout.title.text)


def test_bars_error_bars_a_log_axis_a_line_and_a_note():
    fig = go.Figure([go.Bar(x=[0, 1, 2], y=[0.5, 0.3, 0.2], marker_color="#d4b000",
                            error_y=dict(array=[0.05, 0.04, 0.03]))])
    fig.add_hline(y=0.25, line_dash="dash", annotation_text="fair share")
    svg = figure_svg(fig)
    assert svg.count('fill="#d4b000"') == 3 and "fair share" in texts(svg) and 'stroke-dasharray="6,4"' in svg
    assert len(re.findall(r'<path d="M[^"]*V[^"]*M[^"]*H', svg)) == 3          # three error bars with caps
    log = go.Figure(go.Scatter(x=[10, 100, 1000, 10_000], y=[1, 2, 3, 4]))
    log.update_xaxes(type="log")
    assert {"10", "100", "1k", "10k"} <= set(texts(figure_svg(log)))


def test_categories_hv_steps_and_gaps():
    fig = go.Figure([go.Scatter(x=["a", "b", "c", "d", "e"], y=[1, 2, None, 3, 4], mode="lines", line_shape="hv",
                                name="one"),
                     go.Scatter(x=["a", "b", "c"], y=[2, 2, 2], mode="markers", name="two")])
    svg = figure_svg(fig)
    assert {"a", "b", "c", "d", "e", "one", "two"} <= set(texts(svg))
    colour = fig.layout.template.layout.colorway[0]                    # the template's first colour
    path = re.search(rf'<path d="(M[^"]*)" stroke="{colour}"', svg, re.I).group(1)
    assert path.count("M") == 2 and path.count("H") == 2 and path.count("V") == 2   # steps, broken at the None


def test_the_still_is_the_same_on_every_build_and_small():
    a, b = chart_png(plots.run_chart(RECORD)), chart_png(plots.run_chart(RECORD))
    assert a == b and a[:8] == b"\x89PNG\r\n\x1a\n" and len(a) < 40_000


def test_a_figure_dict_with_typed_arrays_is_drawn_as_the_figure():
    """A stored notebook's plotly JSON keeps numbers as base64 typed arrays (bdata)."""
    fig = go.Figure(go.Scatter(x=list(range(5)), y=[0.1, 0.2, 0.15, 0.3, 0.25], name="p"))
    stored = pio.from_json(pio.to_json(fig)).to_plotly_json()
    import json
    as_json = json.loads(pio.to_json(fig))
    assert "bdata" in json.dumps(as_json) or isinstance(as_json["data"][0]["y"], list)
    assert figure_svg(as_json) == figure_svg(fig) == figure_svg(stored)


def test_the_renderer_puts_the_still_beside_plotlys_json(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    fig = plots.hand_sizes_chart("tests/data/examples/pis-yedili-4p-preset-classic.json")
    bundle = pio.renderers._build_mime_bundle(fig.to_dict(), "plotly_mimetype+" + still.NAME)
    import base64
    assert "application/vnd.plotly.v1+json" in bundle
    assert base64.b64decode(bundle["image/png"]) == chart_png(fig)
    monkeypatch.setenv("VOILA_PREHEAT", "True")                        # Voila draws the live chart only
    assert StillRenderer().to_mimebundle(fig.to_dict()) == {}


class Renderers(dict):
    def __init__(self, default):
        super().__init__()
        self.default = default


@pytest.mark.parametrize("default, added", [("plotly_mimetype", True), ("plotly_mimetype+notebook", True),
                                            ("jupyterlab", True), ("browser", False), ("png", False)])
def test_install_adds_the_still_in_a_notebook_kernel_only(default, added):
    r = Renderers(default)
    assert install(r) is added and isinstance(r[still.NAME], StillRenderer)
    assert r.default == (f"{default}+{still.NAME}" if added else default)
    assert install(r) is added and r.default.count(still.NAME) == (1 if added else 0)      # once


def test_not_a_figure_is_refused():
    with pytest.raises(TypeError, match="not a plotly figure"):
        figure_svg(42)
