"""The first look at a rules notebook, in JupyterLab in real Chromium (issue 13, "Done when").

- **Before anything runs** (the server's data dir is fresh, so every notebook is untrusted, as in a fresh
  clone): every stored picture shows as a picture (an ``img``), and no output shows an object's repr
  (``<IPython.core.display.SVG object>``, ``<saricuce.Hand ...>``, ``Table(children=...``).
- **After Run All**: changing the first control of an explorer (a dropdown, a slider, a toggle or a check box)
  changes that explorer's picture (the SVG in its HTML).
"""

from __future__ import annotations

import json
import re
import time

import pytest

from ._support import ERROR_OUTPUT, NOTEBOOKS, kernel_idle, open_in_lab, run_all_cells, wait_until, wait_visible

pytestmark = pytest.mark.browser

#: the rules notebooks, in the index's order
RULES = ["10_sari_cuce_board_and_deal.ipynb", "11_sari_cuce_runs.ipynb", "12_sari_cuce_settlement.ipynb",
         "20_pis_yedili_basics.ipynb", "21_pis_yedili_specials.ipynb",
         "22_pis_yedili_turkish_opening_and_tek.ipynb", "23_pis_yedili_turkish_ace_and_penalties.ipynb"]
#: the rules notebooks with explorers (an ``Explorer`` subclass shown after its static picture)
WITH_EXPLORERS = [name for name in RULES if name != "10_sari_cuce_board_and_deal.ipynb"]

#: what an output shows when the front end cannot render the object: its Python repr
REPR = re.compile(r"<IPython\.core\.display\.\w+ object>|<[\w.]+ object at 0x|<saricuce\.Hand|<pis-yedili Hand"
                  r"|<SvgImage|\b(?:Table|Stepper|VBox|HBox)\(children=")

OUTPUT = ".jp-OutputArea-output"


def stored_pictures(name: str) -> int:
    """How many outputs of the stored notebook carry a picture (PNG or SVG).  A chart's still is not counted:
    where plotly's extension is installed JupyterLab draws the chart itself from the stored JSON, and
    test_browser_static_view.py checks the charts."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return sum(1 for cell in nb["cells"] for out in cell.get("outputs", [])
               if {"image/png", "image/svg+xml"} & set(out.get("data", {}))
               and "application/vnd.plotly.v1+json" not in out.get("data", {}))


@pytest.mark.parametrize("name", RULES)
def test_an_unrun_rules_notebook_shows_its_pictures_and_no_reprs(page, lab_server, snap, name):
    pictures = stored_pictures(name)
    assert pictures > 0, f"{name} stores no picture"
    panel = open_in_lab(page, lab_server, name)
    # a picture's PNG (.jp-RenderedImage), or the pictures of a widget's static form (plain HTML, issue 24)
    images = panel.locator(f"{OUTPUT}.jp-RenderedImage img, {OUTPUT} .jp-RenderedImage img, "
                           f"{OUTPUT}.jp-RenderedHTMLCommon img")
    wait_until(page, lambda: images.count() >= pictures,
               f"{name} opened without running shows {images.count()} pictures (img) of its {pictures} stored ones")
    for k in range(images.count()):
        image = images.nth(k)
        wait_until(page, lambda: image.evaluate("img => img.complete && img.naturalWidth > 0"),
                   f"stored picture {k + 1} of {name} did not load "
                   f"({image.evaluate('img => img.src.slice(0, 40)')}...)")
    text = "\n".join(panel.locator(OUTPUT).all_inner_texts())
    reprs = sorted(set(REPR.findall(text)))
    snap("opened")
    assert not reprs, f"{name} opened without running shows object reprs instead of pictures: {reprs}"


# The innermost widget box around a control that also holds a picture: one explorer.
_EXPLORER = ("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' widget-vbox ')]"
             "[.//div[contains(concat(' ', normalize-space(@class), ' '), ' widget-html ')]//*[local-name()='svg']][1]")
_CONTROLS = ".widget-dropdown select, .widget-toggle-buttons button, .widget-checkbox input, .widget-slider"


def _changes(page, control):
    """Change one control the way a reader would, a few ways in turn (an option whose situation has no picture,
    a slider already at its end): each step performs one change and yields what it did."""
    tag = control.evaluate("el => el.tagName.toLowerCase()")
    if tag == "select":
        options = control.locator("option").all_inner_texts()
        current = control.evaluate("el => el.selectedIndex")
        for k in range(1, min(len(options), 4)):
            other = options[(current + k) % len(options)]
            control.select_option(label=other)
            yield f"chose {other!r} instead of {options[current]!r}"
    elif tag == "button":
        for other in control.locator("xpath=..").locator("button").all():
            if "mod-active" not in (other.get_attribute("class") or ""):
                label = other.inner_text()
                other.click()
                yield f"pressed {label!r}"
    elif tag == "input":
        control.click()
        yield "ticked a check box"
    else:
        handle = control.locator(".noUi-handle, .ui-slider-handle").first
        for key in ("ArrowLeft", "ArrowRight", "ArrowRight"):
            handle.focus()
            page.keyboard.press(key)
            yield f"moved a slider one step ({key})"


def _picture(explorer) -> str:
    """The SVG the explorer (an element handle: it stays the same box whatever it shows) shows now, or ""."""
    svg = explorer.query_selector(".widget-html svg")
    return svg.evaluate("svg => svg.outerHTML") if svg else ""


@pytest.mark.parametrize("name", WITH_EXPLORERS)
def test_after_run_all_an_explorers_control_changes_its_picture(page, lab_server, snap, name):
    panel = open_in_lab(page, lab_server, name)
    # JupyterLab may still swap the kernel it started on opening for the notebook's own: let it settle first
    page.wait_for_timeout(3000)
    wait_until(page, lambda: kernel_idle(page), f"the kernel of {name} did not settle", 60)
    try:
        run_all_cells(page, panel, name, timeout=150)
    except pytest.fail.Exception as first:
        if panel.locator(ERROR_OUTPUT).count():
            raise
        # a Run All sent to a kernel that was replaced runs one cell only: run all again, once
        print(f"second Run All in {name}: {first}")
        run_all_cells(page, panel, name, timeout=150)
    control = wait_visible(page, panel.locator(_CONTROLS), f"no explorer control in {name} after Run All", 60)
    explorer = control.locator(_EXPLORER)
    wait_visible(page, explorer, f"the first control of {name} sits in no widget box with a picture")
    explorer = explorer.element_handle()
    before = _picture(explorer)
    assert before, f"the first explorer of {name} shows no picture after Run All"
    control.scroll_into_view_if_needed()
    snap("before")
    tried = []
    for done in _changes(page, control):
        tried.append(done)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _picture(explorer) in ("", before):
            page.wait_for_timeout(250)
        if _picture(explorer) not in ("", before):
            break
    else:
        pytest.fail(f"the picture of the first explorer of {name} did not change after the reader "
                    f"{'; then '.join(tried)}", pytrace=False)
    snap("after")
