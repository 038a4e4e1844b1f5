"""Every notebook as a fresh clone shows it, in JupyterLab in real Chromium, before anything runs (issue 24).

The server's data dir is fresh, so every notebook is untrusted: JupyterLab draws no stored SVG and runs no
stored script, and no widget can be drawn without a kernel that made it.  For every interactive output of
the stored notebook (an explorer, stepper, table, hint panel, hand picker, or a chart; found as
tests/notebooks/test_static_view.py finds them), the cell shows its pictures, loaded, and a widget's words:
its static form (docs/pictures-plots-widgets.md).  A screenshot of every such output and of every notebook
is kept under test-artifacts/browser/static-view/ (docs/browser-tests.md).
"""

from __future__ import annotations

import re

import nbformat
import pytest

from ._support import ARTIFACTS, NOTEBOOKS, open_in_lab, slug, wait_until

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "static-view"
OUTPUT = ".jp-OutputArea-output"
PLOTLY = "application/vnd.plotly.v1+json"
KIND = re.compile(r'class="cardlib-static cardlib-static-([\w-]+)"')
TAG = re.compile(r"<style\b.*?</style>|<script\b.*?</script>|<[^>]+>", re.S)
WORD = re.compile(r"[^\W\d_]{3,}")


def interactive(nb) -> list[tuple[int, str, dict]]:
    """(cell index, kind, output data) of every interactive output: a chart, or a cardlib widget's static form."""
    found = []
    for k, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = "".join(data.get("text/html", ""))
            m = KIND.search(html)
            if PLOTLY in data:
                found.append((k, "chart", data))
            elif m:
                found.append((k, m.group(1), data))
    return found


def words_of(html: str) -> list[str]:
    from html import unescape
    return WORD.findall(unescape(TAG.sub(" ", html)))


NOTEBOOK_NAMES = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
                        if ".ipynb_checkpoints" not in p.parts
                        and interactive(nbformat.read(str(p), as_version=4)))


def test_there_are_notebooks_to_look_at():
    assert len(NOTEBOOK_NAMES) >= 10, NOTEBOOK_NAMES


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_an_unrun_notebook_shows_every_interactive_outputs_pictures_and_words(page, lab_server, name):
    nb = nbformat.read(str(NOTEBOOKS / name), as_version=4)
    outputs = interactive(nb)
    panel = open_in_lab(page, lab_server, name)
    cells = panel.locator(".jp-Cell")
    wait_until(page, lambda: cells.count() == len(nb.cells),
               f"{name}: JupyterLab shows {cells.count()} cells of {len(nb.cells)}", 60)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{slug(name)}.png"))
    problems = []
    for k, kind, data in outputs:
        area = cells.nth(k).locator(OUTPUT)
        area.first.scroll_into_view_if_needed()
        wanted = max(1, len(re.findall(r'<img\b[^>]*src="data:image/png', "".join(data.get("text/html", "")))))
        if kind == "chart":          # a chart: its still (img) or, where plotly's extension draws it, the live chart
            shows = lambda: (area.locator("img").count() >= 1 or area.locator(".js-plotly-plot .main-svg").count() >= 1)
            wanted = 1
        else:
            shows = lambda: area.locator("img").count() >= wanted
        try:
            wait_until(page, shows, f"{name} cell {k} ({kind})", timeout=20)
        except pytest.fail.Exception:
            problems.append(f"cell {k} ({kind}): {area.locator('img').count()} pictures of {wanted}")
            continue
        images = area.locator("img")
        for j in range(images.count()):
            image = images.nth(j)
            image.scroll_into_view_if_needed()
            if not image.evaluate("img => img.complete && img.naturalWidth > 0"):
                problems.append(f"cell {k} ({kind}): picture {j + 1} did not load")
        if kind != "chart":
            stored = words_of("".join(data["text/html"]))
            shown = set(WORD.findall(" ".join(area.all_inner_texts())))
            missing = [w for w in stored if w not in shown]
            if len(missing) > len(stored) // 20:
                problems.append(f"cell {k} ({kind}): {len(missing)} of {len(stored)} words not shown, e.g. "
                                f"{missing[:6]}")
            if not stored:
                problems.append(f"cell {k} ({kind}): no words")
        area.first.evaluate("el => el.scrollIntoView({block: 'start'})")      # the output's top, in the page
        page.wait_for_timeout(100)
        page.screenshot(path=str(SHOTS / f"{slug(name)}-cell{k}-{kind}.png"))
    assert not problems, f"{name} opened untrusted, without running: " + "; ".join(problems)
