"""The stored notebooks as a reader without a kernel sees them: converted by nbconvert to Markdown and to
HTML (what GitHub, nbviewer and an HTML export show), every explorer, stepper, table, hint panel and chart
shows a picture, and every one but a chart also its words; no output shows only an object's repr or an
empty chart.  (JupyterLab untrusted, in Chromium: tests/browser/test_browser_static_view.py.)"""

from __future__ import annotations

import copy
import json
import re
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter, MarkdownExporter

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLOTLY = "application/vnd.plotly.v1+json"
#: what a viewer shows when all it has is an object's repr
REPR = re.compile(r"<[\w.]+ object(?: at 0x[0-9a-fA-F]+)?>|\b[A-Z]\w*\((?:children|layout|value|description)="
                  r"|^Figure\(\{|<(?:cardlib|saricuce|pisyedili)\.[\w.]+[ >]|<LegalMoves\b|<SvgImage:|<HtmlImage:",
                  re.M)
#: the kinds of a widget's static form (cardlib.widgets.static.frame)
KIND = re.compile(r'class="cardlib-static cardlib-static-([\w-]+)"')
IMG = re.compile(r'<img\b[^>]*\bsrc="data:image/png;base64,[A-Za-z0-9+/=]{200,}"|!\[[^\]]*\]\([^)]+\.png\)')
TAG = re.compile(r"<style\b.*?</style>|<script\b.*?</script>|<[^>]+>|!\[[^\]]*\]\([^)]*\)", re.S)
WORD = re.compile(r"[^\W\d_]{2,}")


def words(text: str) -> int:
    """How many words a converted output shows (tags, pictures' data and styles taken out)."""
    return len(WORD.findall(TAG.sub(" ", text)))


def kind_of(data: dict) -> str | None:
    """Which interactive output this is: a chart, a cardlib widget (by the kind of its static form, or a
    widget whose static form is missing), or None for a plain output."""
    if PLOTLY in data:
        return "chart"
    html = "".join(data.get("text/html", ""))
    m = KIND.search(html)
    if m:
        return m.group(1)
    plain = "".join(data.get("text/plain", ""))
    if WIDGET_VIEW in data or re.match(r"[A-Z]\w*\((?:children|layout)=", plain):
        return "widget"
    if "image/png" in data and "image/svg+xml" not in data and words(plain) >= 8:
        return "widget"              # the old static form: a PNG and words in text/plain, which no viewer shows
    return None


@lru_cache(maxsize=None)
def exporters():
    return {"markdown": MarkdownExporter(), "html": HTMLExporter(template_name="basic")}


def one_output(nb, output) -> dict[str, str]:
    """The output alone in a notebook, converted to Markdown and to HTML: what each shows of it."""
    single = copy.deepcopy(nb)
    cell = nbformat.v4.new_code_cell(source="", outputs=[output])
    single.cells = [cell]
    return {name: exporter.from_notebook_node(single)[0] for name, exporter in exporters().items()}


def interactive(path: Path):
    nb = nbformat.read(path, as_version=4)
    for k, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            kind = kind_of(output.get("data", {}))
            if kind:
                yield nb, k, kind, output


def test_the_notebooks_have_interactive_outputs():
    found = [kind for path in NOTEBOOKS for _, _, kind, _ in interactive(path)]
    assert found.count("chart") >= 10 and found.count("explorer") >= 10 and found.count("stepper") >= 8
    assert found.count("table") >= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_interactive_output_shows_a_picture_and_words(path):
    failures = []
    for nb, k, kind, output in interactive(path):
        for fmt, shown in one_output(nb, output).items():
            if not IMG.search(shown):
                failures.append(f"cell {k} ({kind}): no picture in {fmt}")
            if kind != "chart" and words(shown) < 12:
                failures.append(f"cell {k} ({kind}): {words(shown)} words in {fmt}")
            if kind == "widget":
                failures.append(f"cell {k}: a widget without its static form (text/html)")
    assert not failures, f"{path.name}: " + "; ".join(failures)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_output_shows_only_a_repr(path):
    """Converted whole, to Markdown and to HTML: no output's visible form is an object's repr."""
    nb = nbformat.read(path, as_version=4)
    failures = []
    for name, exporter in exporters().items():
        body, resources = exporter.from_notebook_node(nb)
        for m in REPR.finditer(TAG.sub(" ", body) if name == "html" else body):
            failures.append(f"{name}: {m.group(0)!r}")
    for k, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if data and not (set(data) - {PLOTLY, WIDGET_VIEW, "text/plain"}) and (PLOTLY in data or WIDGET_VIEW in data):
                failures.append(f"cell {k}: an empty {'chart' if PLOTLY in data else 'widget'} (nothing a viewer draws)")
    assert not failures, f"{path.name}: " + "; ".join(failures[:8])


def test_the_check_fails_on_the_old_forms():
    """The test can fail: a widget stored as a PNG with its words in text/plain only, a chart without its
    still, and a repr."""
    import base64

    from cardlib.display import card_svg
    nb = nbformat.v4.new_notebook()
    png = base64.b64encode(card_svg("7D")._repr_png_()).decode("ascii")
    old = nbformat.v4.new_output("display_data", data={
        "image/png": png, "text/plain": "Who plays next (players = 4): Bora played the 8 and Cem holds a 9."})
    chart = nbformat.v4.new_output("display_data", data={PLOTLY: {"data": [], "layout": {}}})
    assert kind_of(old["data"]) == "widget" and kind_of(chart["data"]) == "chart"
    for output in (old, chart):
        shown = one_output(nb, output)
        assert not all(IMG.search(s) and words(s) >= 12 for s in shown.values())
    assert REPR.search("Table(children=(HTML(value=''),))") and REPR.search("<IPython.core.display.SVG object>")
    assert not REPR.search("Ada plays the 7♦ (card 3 of the run).")


def before_stop_count(paths) -> tuple[int, int]:
    """The shared before-stop check's own count (/work/shared/hooks/before-stop, copied here as it counts):
    (interactive outputs with a picture and visible words, interactive outputs)."""
    def hook_words(s):
        return len(re.findall(r"[^\W\d_]{2,}", re.sub(r"<[^>]+>|data:[^\"')]+", " ", s)))
    views = taught = 0
    for path in paths:
        for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
            for o in cell.get("outputs", []):
                d = o.get("data", {})
                plain = "".join(d.get("text/plain", "")).strip()
                chart = any(k.startswith("application/vnd.plotly") for k in d)
                widget = WIDGET_VIEW in d or ("image/png" in d and "image/svg+xml" not in d and plain
                                              and not plain.startswith("<") and hook_words(plain) >= 8)
                if not (chart or widget):
                    continue
                views += 1
                img = any(k in d for k in ("image/png", "image/svg+xml")) or any(
                    "<img" in "".join(d.get(k, "")) for k in ("text/html", "text/markdown"))
                txt = max([hook_words("".join(d.get(k, ""))) for k in ("text/html", "text/markdown")] + [0])
                taught += bool(img and (chart or txt >= 5))
    return taught, views


def test_the_before_stop_count_is_all_of_them():
    """The shared count sees every interactive output this test checks, and finds each one taught."""
    taught, views = before_stop_count(NOTEBOOKS)
    ours = sum(1 for path in NOTEBOOKS for _ in interactive(path))
    assert (taught, views) == (ours, ours)
