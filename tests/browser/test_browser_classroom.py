"""The classroom (`make classroom`) in a real browser, as a teacher uses it: the start page, the tables in
projector mode at 1280x800 and 1920x1080, a whole hand to its end (the winner on screen without
scrolling), undo and "save this hand" and the saved hand in the stepper, and the offline rule: no request
leaves 127.0.0.1 (the browser stops any other, conftest.launch_browser, and the test fails on it).

Screenshots go to test-artifacts/browser/ (gitignored); the page timings to
test-artifacts/browser/classroom-timings.txt (reported, not asserted: this machine is shared and loaded).
"""

from __future__ import annotations

import re
import time
import urllib.request
from urllib.parse import urlsplit

import pytest

from ._support import ARTIFACTS, open_in_lab, open_in_voila, wait_until, wait_visible

pytestmark = pytest.mark.browser

LESSONS = {  # the start page's links and the title each lesson page shows
    "sari_cuce_table.ipynb": "Sarı Cüce: play a hand",
    "pis_yedili_table.ipynb": "Pis Yedili: play a hand",
    "stepper.ipynb": "Step through a hand",
}
SIZES = [(1280, 800), (1920, 1080)]
TIMINGS = ARTIFACTS / "classroom-timings.txt"


@pytest.fixture
def offline(page, browser_context):
    """Every request the page makes, checked at the end: none may leave 127.0.0.1."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    blocked_before = len(browser_context.blocked_requests)
    yield seen
    outside = [u for u in seen if not u.startswith(("data:", "blob:")) and urlsplit(u).hostname != "127.0.0.1"]
    blocked = browser_context.blocked_requests[blocked_before:]
    assert not outside and not blocked, (f"requests that left 127.0.0.1: {sorted(set(outside + blocked))}")
    assert seen, "the page made no request at all (was it loaded?)"


def timed(what: str, value: float, unit: str = "s") -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with TIMINGS.open("a") as f:
        f.write(f"{what}: {value:.2f} {unit}\n")
    print(f"{what}: {value:.2f} {unit}")


def html_sent(page) -> float:
    """Seconds from the request to the page's last byte of HTML: the server's part (Voila sends a page once its
    warmed-up kernel has run the notebook); the rest of a page time is the browser's (scripts, widgets)."""
    return page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd") / 1000


def fetched(page) -> str:
    """How much of the page came over the network (the rest from the browser's cache)."""
    sizes = page.evaluate("performance.getEntriesByType('resource').map(e => e.transferSize)")
    return f"{sum(sizes) / 1e6:.1f} MB fetched"


def empty_the_browser_cache(page) -> None:
    """The browser's HTTP cache emptied (as in a browser that never opened a classroom page)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Network.clearBrowserCache")
    finally:
        cdp.detach()


def card_buttons(page):
    return page.locator(".cardlib-table button.cardlib-card")


def playable(page):
    return page.locator(".cardlib-table button.cardlib-card.cardlib-playable:not([disabled])")


def narration_text(page) -> str:
    return page.locator(".cardlib-table .cardlib-narration").first.inner_text(timeout=2000)


def open_table(page, server, notebook: str, label: str):
    started = time.monotonic()
    open_in_voila(page, server, notebook)
    wait_visible(page, playable(page), f"no playable card button on the classroom page {notebook}", 60)
    timed(f"{label} {notebook}: page to a playable card", time.monotonic() - started)


def in_view(page, locator) -> bool:
    """Whether the element is wholly inside the window as it is now (no scrolling)."""
    return locator.evaluate("e => { const r = e.getBoundingClientRect();"
                            " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }")


def click_and_wait(page, button, what: str) -> None:
    before = narration_text(page)
    button.click()
    wait_until(page, lambda: narration_text(page) != before, f"the narration did not change after {what}")


# ------------------------------------------------------------------------------------------ the pages

READY = {  # what each lesson shows once its widget works
    "stepper.ipynb": lambda page: page.locator("button.jupyter-button", has_text="next"),
    "sari_cuce_table.ipynb": lambda page: playable(page),
    "pis_yedili_table.ipynb": lambda page: playable(page),
}


def test_first_pages_of_a_fresh_server(page, voila_server, offline):
    """Each lesson opened once, as soon as the server answers (the stepper first: a class starts there):
    the time from the request to the widget, and how long after the server came up that was.  The
    first page may wait for its warmed-up kernel, which is still starting, and comes to a browser with an empty
    cache; the others find Voila's scripts in it.  Reported, not asserted."""
    empty_the_browser_cache(page)
    for name, ready in READY.items():
        started = time.monotonic()
        open_in_voila(page, voila_server, name)
        wait_visible(page, ready(page), f"{name} showed no widget", 60)
        timed(f"fresh server (asked {started - voila_server.up_at:.0f} s after it came up; HTML sent after "
              f"{html_sent(page):.1f} s; {fetched(page)}) {name}: page to its widgets",
              time.monotonic() - started)


def test_pages_ask_nothing_of_a_cdn(voila_server):
    """The HTML itself (no browser): no stylesheet, script or module from outside (Voila's own lab template
    links two Font Awesome stylesheets on cdn.jsdelivr.net and nbconvert's imports mermaid from cdnjs)."""
    for name in ("", "voila/render/index.ipynb", "voila/render/sari_cuce_table.ipynb"):
        with urllib.request.urlopen(f"{voila_server.url}/{name}", timeout=120) as resp:
            page = resp.read().decode("utf-8", "replace")
        outside = re.findall(r'(?:href|src)="(https?://[^"]+)"|import\("(https?://[^"]+)"\)|Url = "(https?://[^"]+)"',
                             page)
        assert not outside, f"/{name} asks outside 127.0.0.1 for {outside}"


def test_start_page_lists_the_lessons_by_title(page, voila_server, snap, offline):
    started = time.monotonic()
    page.goto(voila_server.url + "/", wait_until="domcontentloaded")
    lessons = page.locator(".cardlib-lessons li")
    wait_visible(page, lessons, "the start page (/) shows no list of lessons (.cardlib-lessons)", 60)
    timed("start page / to the lessons", time.monotonic() - started)
    snap("start-page")
    assert "/voila/render/index.ipynb" in page.url, f"/ did not open the start page (it is at {page.url})"
    assert page.locator("h1", has_text="The classroom").count() == 1
    rows = {}
    for i in range(lessons.count()):
        link = lessons.nth(i).locator("a").first
        line = lessons.nth(i).locator("div").first.inner_text()
        rows[link.get_attribute("href")] = (link.inner_text(), line)
    assert {href: title for href, (title, _) in rows.items()} == LESSONS
    for href, (title, line) in rows.items():
        assert len(line.split()) >= 8, f"the line on {title!r} is too short: {line!r}"
        assert (voila_server.root / href).is_file()
    # no bare file names shown, and a link opens its lesson
    assert ".ipynb" not in page.locator(".cardlib-lessons").inner_text()
    page.locator(".cardlib-lessons a", has_text=LESSONS["stepper.ipynb"]).click()
    wait_visible(page, page.locator("h1", has_text=LESSONS["stepper.ipynb"]), "the stepper link did not open it", 90)
    wait_visible(page, page.locator(".cardlib-narration"), "the stepper page shows no Stepper", 60)
    snap("stepper-from-start-page")


def test_stepper_page_time(page, voila_server, snap, offline):
    started = time.monotonic()
    open_in_voila(page, voila_server, "stepper.ipynb")
    wait_visible(page, page.locator("button.jupyter-button", has_text="next"), "the stepper has no 'next' button",
                 60)
    timed("stepper.ipynb (its warmed-up kernel maybe still starting): page to the Stepper's 'next'",
          time.monotonic() - started)
    chart = page.locator("button", has_text="show the chart")
    wait_visible(page, chart, "the stepper offers no 'show the chart' button")
    clicked = time.monotonic()
    chart.click()
    wait_note = page.locator(".cardlib-chart .cardlib-chart-wait")
    wait_visible(page, wait_note, "'show the chart' says nothing while the chart is being drawn", 10)
    wait_visible(page, page.locator(".js-plotly-plot"), "'show the chart' drew no chart", 60)
    timed("stepper.ipynb: 'show the chart' to the chart (the page's first)", time.monotonic() - clicked)
    wait_until(page, lambda: not wait_note.first.is_visible(),
               "the 'drawing the chart' note stays under the chart")
    snap("chart")


def test_the_stepper_opened_unrun_in_jupyterlab_shows_its_picture(page, lab_server, snap):
    """notebooks/classroom/stepper.ipynb is made for Voila; opened in JupyterLab before it runs (untrusted,
    no widget state) it shows the stored PNG of the Stepper's picture and its words, not a widget's repr."""
    from .test_browser_first_look import OUTPUT, REPR, stored_pictures

    name = "classroom/stepper.ipynb"
    assert stored_pictures(name) == 1, f"{name} stores {stored_pictures(name)} pictures, not the Stepper's one"
    panel = open_in_lab(page, lab_server, name)
    image = wait_visible(page, panel.locator(f"{OUTPUT}.jp-RenderedImage img, {OUTPUT} .jp-RenderedImage img"),
                         f"{name} opened without running shows no picture (img)", 60)
    wait_until(page, lambda: image.evaluate("img => img.complete && img.naturalWidth > 300"),
               f"the stored picture of {name} did not load")
    text = "\n".join(panel.locator(OUTPUT).all_inner_texts())
    snap("opened-in-lab")
    assert not REPR.findall(text) and "HandPicker(" not in text, f"{name} shows a repr: {text[:300]!r}"


# -------------------------------------------------------------------------------------- projector


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("notebook", ["sari_cuce_table.ipynb", "pis_yedili_table.ipynb"])
def test_projector_mode(page, voila_server, snap, offline, notebook, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, voila_server, notebook, f"{width}x{height}")
    snap("table")
    assert page.locator(".cardlib-table.cardlib-projector").count() == 1, "the classroom table is not in projector mode"
    # big cards and buttons: readable from the back of a room, growing with the screen
    card = playable(page).first
    box = card.bounding_box()
    font = float(card.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert box["width"] >= 0.045 * width and box["height"] >= 0.04 * width and font >= 0.0155 * width, (
        f"a card button is {box['width']:.0f}x{box['height']:.0f} px, font {font:.0f} px at {width}x{height}")
    action = page.locator(".cardlib-table button.cardlib-action", has_text="save this hand")
    action_font = float(action.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert action_font >= 16, f"the buttons' font is {action_font} px at {width}x{height}"
    # the picture's own letters, scaled: its status line (15 px in the drawing) at 15 px or more on screen
    svg = page.locator(".cardlib-picture svg").first
    scale = svg.evaluate("e => e.getBoundingClientRect().width / e.viewBox.baseVal.width")
    timed(f"{width}x{height} {notebook}: the picture drawn at", scale, "x its size")
    assert scale >= 0.6, f"the table picture is drawn at {scale:.2f}x at {width}x{height}"
    # the page as it opens: the narration's first line is on the screen, under the buttons
    narration = page.locator(".cardlib-table .cardlib-narration").first
    top = narration.evaluate("e => e.getBoundingClientRect().top")
    assert top + 1.6 * font <= height, f"the narration starts at {top:.0f} px, off the {height} px screen"
    # the picture and the cards on one screen
    card.scroll_into_view_if_needed()
    assert in_view(page, card) and svg.evaluate("e => e.getBoundingClientRect().top") < height / 2
    # playable and unplayable cards differ by more than a tint: border style and width, lift, label
    look = "e => { const s = getComputedStyle(e); const a = getComputedStyle(e, '::after');" \
           " return [s.borderTopStyle, s.borderTopWidth, s.transform, a.content]; }"
    unplayable = page.locator(".cardlib-table button.cardlib-card.cardlib-unplayable")
    if unplayable.count():
        on, off = card.evaluate(look), unplayable.first.evaluate(look)
        assert on[0] == "solid" and off[0] == "dashed" and on[1] != off[1] and on[2] != off[2], (on, off)
        assert "play" in on[3] and "play" not in off[3], (on, off)


def test_a_whole_hand_ends_with_the_winner_on_screen(page, voila_server, snap, offline):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, voila_server, "sari_cuce_table.ipynb", "1280x800 (whole hand)")
    new_hand = page.locator(".cardlib-table button.cardlib-action", has_text="new")
    for clicks in range(40):
        if new_hand.first.is_enabled():
            break
        wait_until(page, lambda: playable(page).count() or new_hand.first.is_enabled(),
                   "neither a playable card nor 'new hand' on the table")
        if new_hand.first.is_enabled():
            break
        click_and_wait(page, playable(page).first, f"playing a card (click {clicks + 1})")
    else:
        pytest.fail("the hand did not end after 40 cards")
    banner = page.locator(".cardlib-picture svg g.banner")
    wait_visible(page, banner, "the end of the hand shows no banner in the picture")
    text = banner.evaluate("e => e.textContent")
    assert re.search(r"\S wins: \d+ chips — .+ pays \d+", text), f"the banner says {text!r}"   # "Ada (you) wins: ..."
    # where the player is (the 'new hand' button), the banner is on screen too: no scrolling to see who won
    new_hand.first.scroll_into_view_if_needed()
    snap("end-of-hand-1280x800")
    assert in_view(page, new_hand.first) and in_view(page, banner), (
        "at 1280x800 the banner and the 'new hand' button are not both on screen")
    alt = page.locator(".cardlib-picture svg").first.get_attribute("aria-label")
    assert alt and " wins: " in alt, f"the picture's alt text does not say who won: {alt!r}"


def test_undo_and_save_then_the_stepper_opens_the_saved_hand(page, voila_server, snap, offline):
    open_table(page, voila_server, "pis_yedili_table.ipynb", "1400x1000 (undo and save)")
    undo = page.locator(".cardlib-table button.cardlib-action", has_text="undo")
    assert undo.first.is_disabled(), "undo is offered before any move"
    start_cards = sorted(card_buttons(page).evaluate_all("bs => bs.map(b => b.title)"))
    click_and_wait(page, playable(page).first, "playing a card")
    wait_until(page, undo.first.is_enabled, "undo stays disabled after a move")
    snap("after-a-move")
    click_and_wait(page, undo.first, "undo")
    assert "takes the last move back" in narration_text(page)
    wait_until(page, lambda: sorted(card_buttons(page).evaluate_all("bs => bs.map(b => b.title)")) == start_cards,
               "undo did not give back the card played")
    snap("after-undo")
    click_and_wait(page, playable(page).first, "playing a card again")
    page.locator(".cardlib-table button.cardlib-action", has_text="save this hand").click()
    saved = wait_visible(page, page.locator(".cardlib-saved"), "'save this hand' showed no note of where")
    name = re.search(r"saved-hands/(\S+?)\.json", saved.inner_text()).group(1)
    assert (voila_server.root / "saved-hands" / f"{name}.json").is_file()
    snap("saved")
    # the stepper lists it (after "look for saved hands": its page may have been made before the save)
    open_in_voila(page, voila_server, "stepper.ipynb")
    page.locator("button", has_text="look for saved hands").click()
    select = page.locator(".widget-dropdown select").first
    options = "s => Array.from(s.options).map(o => o.textContent.replace(/\u00a0/g, ' ').trim())"
    wait_until(page, lambda: f"saved: {name}" in select.evaluate(options),
               f"the stepper does not list the saved hand {name}")
    if select.evaluate("s => s.options[s.selectedIndex].textContent.replace(/\u00a0/g, ' ').trim()") != f"saved: {name}":
        select.select_option(label=f"saved: {name}")
    wait_until(page, lambda: page.locator(".cardlib-narration").count() == 1
               and "Deniz deals 7 cards" in page.locator(".cardlib-narration").first.inner_text(),
               "the saved hand did not open in the stepper")
    # 'last »' (pressed again while the Stepper of the earlier pick is being replaced by the saved hand's)
    last = page.locator("button.jupyter-button", has_text="last")

    def at_the_last_move():
        if re.search(r"Move (\d+) of \1", page.locator("body").inner_text()):
            return True
        last.first.click(timeout=2000)
        return False

    wait_until(page, at_the_last_move, "the stepper did not step to the saved hand's last move", interval=1)
    snap("saved-hand-in-stepper")


@pytest.mark.parametrize("cache", ["empty", "filled"])
def test_page_times_once_the_lessons_are_warm(page, voila_server, snap, offline, cache):
    """The timings a class sees: each lesson opened once its warmed-up kernel is ready now (the server's log
    says "Kernel pool of <notebook> is filled" more often than a page took one), and the other lessons'
    kernels too (none starting meanwhile); with the browser's cache emptied first (a browser new to the
    classroom: Voila's 5 MB of scripts to fetch) or filled by the earlier visits (a second lesson, a
    reload).  Reported in classroom-timings.txt, not asserted."""
    for name, ready in READY.items():
        wait_until(page, lambda: all(voila_server.pool_ready(n) for n in READY),
                   f"the kernel pools of the lessons were not all filled again", 120)
        if cache == "empty":
            empty_the_browser_cache(page)
        started = time.monotonic()
        open_in_voila(page, voila_server, name)
        wait_visible(page, ready(page), f"{name} showed no widget", 60)
        timed(f"warm kernel, browser cache {cache} (HTML sent after {html_sent(page):.1f} s; {fetched(page)}) "
              f"{name}: page to its widgets", time.monotonic() - started)


# ------------------------------------------------------------------------------- a closed page's kernel

CLOSED_PAGE_BOUND = 15   # seconds: a closed page's kernel is gone by then (the idle cull would take 900)


def test_a_closed_page_frees_its_kernel_at_once(page, browser_context, voila_server, offline):
    """A lesson opened first thing (no cookie from another page yet), then its tab closed: its kernel is
    shut down within CLOSED_PAGE_BOUND seconds by the page's own shutdown request, which now carries the
    server's _xsrf token (the check stays on: tools/jupyter/voila/templates/classroom/index.html.j2).  The
    kernel is looked up through the server's API as the page may (/api/kernels/<id>: 200 or 404)."""
    browser_context.clear_cookies()
    open_in_voila(page, voila_server, "stepper.ipynb")
    wait_visible(page, page.locator("button.jupyter-button", has_text="next"), "the stepper has no 'next' button", 60)
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert re.fullmatch(r"[0-9a-f-]{36}", kernel or ""), f"no kernel id in the page's config: {kernel!r}"
    assert voila_server.kernel_alive(kernel), "the page's kernel is not running while the page is open"
    wait_until(page, lambda: any(c["name"] == "_xsrf" for c in browser_context.cookies(voila_server.url)),
               "the page did not get the server's _xsrf cookie", 10)
    log_before = voila_server.log_path.read_text(errors="replace")
    closed = time.monotonic()
    page.close(run_before_unload=True)              # a tab closed: beforeunload, then the page goes
    while voila_server.kernel_alive(kernel):
        if time.monotonic() - closed > CLOSED_PAGE_BOUND:
            new_log = voila_server.log_path.read_text(errors="replace")[len(log_before):]
            pytest.fail(f"the kernel of the closed page is still running {CLOSED_PAGE_BOUND} s after; server log "
                        f"since:\n{new_log[-3000:]}", pytrace=False)
        time.sleep(0.25)
    timed("a closed stepper page: its kernel gone after", time.monotonic() - closed)
    new_log = voila_server.log_path.read_text(errors="replace")[len(log_before):]
    assert "403 POST" not in new_log and f"Kernel shutdown: {kernel}" in new_log, new_log[-3000:]
