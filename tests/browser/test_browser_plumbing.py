"""Smoke test of the browser plumbing: a throwaway notebook (a Button that changes a Label), written by the
fixtures into the served copies, run in JupyterLab and rendered by Voila.  Proves server + kernel +
ipywidgets + Chromium work together before the card-table tests run."""

import pytest

from ._support import (SMOKE_AFTER, SMOKE_BEFORE, SMOKE_NOTEBOOK, open_in_lab, open_in_voila, run_all_cells,
                       wait_until, wait_visible)

pytestmark = pytest.mark.browser


def test_jupyterlab_button_changes_label(page, lab_server, snap):
    panel = open_in_lab(page, lab_server, SMOKE_NOTEBOOK)
    snap("opened")
    run_all_cells(page, panel, SMOKE_NOTEBOOK)
    button = wait_visible(page, panel.locator("button.jupyter-button", has_text="Press me"),
                          "no 'Press me' widget button in the notebook output")
    wait_visible(page, panel.locator(".widget-label", has_text=SMOKE_BEFORE),
                 f"no label reading {SMOKE_BEFORE!r} in the notebook output")
    label = panel.locator(".widget-label").first
    snap("ran")
    button.click()
    wait_until(page, lambda: SMOKE_AFTER in label.inner_text(timeout=2000),
               f"the label did not change to {SMOKE_AFTER!r} after clicking the button")
    snap("clicked")


def test_voila_button_changes_label(page, voila_server, snap):
    open_in_voila(page, voila_server, SMOKE_NOTEBOOK)
    button = wait_visible(page, page.locator("button.jupyter-button", has_text="Press me"),
                          "Voila did not render the 'Press me' widget button", 60)
    wait_visible(page, page.locator(".widget-label", has_text=SMOKE_BEFORE),
                 f"no label reading {SMOKE_BEFORE!r} on the Voila page")
    label = page.locator(".widget-label").first
    editors = page.locator(".jp-CodeMirrorEditor, .cm-editor, .jp-InputArea-editor")
    assert editors.count() == 0, "Voila showed code cells (the classroom must hide the code)"
    snap("rendered")
    button.click()
    wait_until(page, lambda: SMOKE_AFTER in label.inner_text(timeout=2000),
               f"the label did not change to {SMOKE_AFTER!r} after clicking the button in Voila")
    snap("clicked")


OUTSIDE = ["https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@5/css/all.min.css",  # a CDN, by name
           "http://93.184.215.14/x.js",                                                     # an address, no name
           "http://localhost:8000/"]                                                         # not 127.0.0.1


def test_no_request_gets_past_the_loopback(page, browser_context):
    """The browser of these tests cannot reach past 127.0.0.1 (conftest.launch_browser), and every outside
    request it tries is recorded, so the classroom's offline test would see one: a page asks for a CDN
    stylesheet, an address without a name and localhost; each is stopped inside the browser (no proxy to
    go to, no name found: not refused or timed out by something out there) and each is recorded, as is a
    websocket opened to a CDN."""
    before = len(browser_context.blocked_requests)
    failures: dict[str, str] = {}
    page.on("requestfailed", lambda request: failures.setdefault(request.url, request.failure))
    page.set_content("<p>offline</p>")
    outcomes = page.evaluate("""urls => Promise.all(urls.map(u =>
        fetch(u, {mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(5000)})
          .then(() => 'reached', e => 'failed: ' + e.message)))""", OUTSIDE)
    assert all(o.startswith("failed") for o in outcomes), dict(zip(OUTSIDE, outcomes))
    wait_until(page, lambda: failures.keys() == set(OUTSIDE), f"not every outside request failed: {failures}", 10)
    stopped_here = {"net::ERR_PROXY_CONNECTION_FAILED", "net::ERR_NAME_NOT_RESOLVED"}
    assert set(failures.values()) <= stopped_here, failures
    socket_url = "wss://cdn.jsdelivr.net/socket"
    opened = page.evaluate("""u => new Promise(done => { const ws = new WebSocket(u);
        ws.onopen = () => done('open'); ws.onerror = () => done('failed'); })""", socket_url)
    assert opened == "failed"
    wait_until(page, lambda: set(browser_context.blocked_requests[before:]) == {*OUTSIDE, socket_url},
               f"the outside requests recorded: {browser_context.blocked_requests[before:]}", 10)
