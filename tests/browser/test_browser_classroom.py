"""The classroom (`make classroom`: python -m cardlib.classroom) in a real browser, as a teacher uses it: the
start page, the tables in projector mode at 1280x800 and 1920x1080, a whole hand to its end (the winner on
screen without scrolling), undo and "save this hand" and the saved hand in the stepper (also one saved
while the stepper is open), the stepper's projector mode and chart, the waiting page, a closed page, and
the offline rule: no request leaves 127.0.0.1 (the browser stops any other, conftest.launch_browser, and
the test fails on it).  The server runs as on the school network (a class code, which the browser holds:
the in_class fixture).

Screenshots go to test-artifacts/browser/ (gitignored); the page timings to
test-artifacts/browser/classroom-timings.txt (reported, not asserted: this machine is shared and loaded).
"""

from __future__ import annotations

import re
import time
import urllib.request
from urllib.parse import urlsplit

import pytest

from cardlib.classroom import words

from ._support import ARTIFACTS, CLASS_CODE, TEACHER_KEY, open_in_lab, wait_until, wait_visible

pytestmark = pytest.mark.browser

LESSONS = {  # the start page's links and the title each lesson page shows
    "/sari_cuce_table": "Sarı Cüce: play a hand",
    "/pis_yedili_table": "Pis Yedili: play a hand",
    "/stepper": "Step through a hand",
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


def card_buttons(page):
    return page.locator(".cardlib-table button.cardlib-card")


def playable(page):
    return page.locator(".cardlib-table button.cardlib-card.cardlib-playable:not([disabled])")


def narration_text(page) -> str:
    return page.locator(".cardlib-table .cardlib-narration").first.inner_text(timeout=2000)


def open_lesson(page, server, name: str) -> None:
    """Open the lesson page /<name> (the page's shell, then its drawing over its websocket)."""
    page.goto(f"{server.url}/{name}", wait_until="domcontentloaded")
    wait_until(page, lambda: not page.locator(".cardlib-waiting").count(),
               f"the page /{name} still says {words.WAITING!r}; server log:\n{server.log_tail()}", 60)
    for leak in ("Traceback", words.LESSON_ERROR):
        assert leak not in page.locator("body").inner_text(), f"/{name} shows {leak!r}"


def open_table(page, server, notebook: str, label: str):
    started = time.monotonic()
    open_lesson(page, server, notebook.removesuffix(".ipynb"))
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


def test_pages_ask_nothing_of_a_cdn(in_class):
    """The HTML of every page (no browser): no stylesheet, script or module from outside."""
    for name in ("", "sari_cuce_table", "stepper", "projector"):
        request = urllib.request.Request(f"{in_class.url}/{name}", headers={"Cookie": f"cardlib-class={CLASS_CODE}"})
        with urllib.request.urlopen(request, timeout=60) as resp:
            page = resp.read().decode("utf-8", "replace")
        assert not re.findall(r'(?:href|src)="(https?://[^"]+)"|import\("(https?://[^"]+)"\)', page), name


def test_start_page_lists_the_lessons_by_title(page, in_class, snap, offline):
    started = time.monotonic()
    page.goto(in_class.url + "/", wait_until="domcontentloaded")
    lessons = page.locator(".cardlib-lessons li")
    wait_visible(page, lessons, "the start page (/) shows no list of lessons (.cardlib-lessons)", 60)
    timed("start page / to the lessons", time.monotonic() - started)
    snap("start-page")
    assert page.locator("h1", has_text="The classroom").count() == 1
    rows = {}
    for i in range(lessons.count()):
        link = lessons.nth(i).locator("a").first
        line = lessons.nth(i).locator("div").first.inner_text()
        rows[link.get_attribute("href")] = (link.inner_text(), line)
    assert {href: title for href, (title, _) in rows.items()} == LESSONS
    for href, (title, line) in rows.items():
        assert len(line.split()) >= 8, f"the line on {title!r} is too short: {line!r}"
        assert (in_class.root / f"{href[1:]}.ipynb").is_file()
    assert ".ipynb" not in page.locator(".cardlib-lessons").inner_text()
    assert page.locator(".cardlib-teacher").count() == 0, "a student sees the teacher's panel"
    page.locator(".cardlib-lessons a", has_text=LESSONS["/stepper"]).click()
    wait_visible(page, page.locator("h1", has_text=LESSONS["/stepper"]), "the stepper link did not open it", 60)
    wait_visible(page, page.locator(".cardlib-narration"), "the stepper page shows no Stepper", 60)
    snap("stepper-from-start-page")


def test_the_teachers_start_page_shows_the_address_and_its_qr_code(page, in_class, snap, offline):
    page.goto(f"{in_class.url}/?teacher={TEACHER_KEY}", wait_until="domcontentloaded")
    panel = wait_visible(page, page.locator(".cardlib-teacher"), "the teacher's start page has no teacher's panel", 60)
    assert page.url == in_class.url + "/", f"the teacher's key stays in the address: {page.url}"
    qr = panel.locator(".cardlib-qr img")
    wait_until(page, lambda: qr.evaluate("i => i.complete && i.naturalWidth > 150"), "the QR code did not load")
    assert qr.get_attribute("src").startswith("data:image/png;base64,")
    assert f"?code={CLASS_CODE}" in panel.inner_text() and CLASS_CODE in panel.locator(".cardlib-code").inner_text()
    snap("teacher-start-page")


def test_the_waiting_page_says_so_and_later_to_reload(page, in_class, snap, offline):
    """Before the page's drawing comes (here: its websocket held back), it says the table is being dealt, and
    after WAIT_LONG seconds (a CSS delay, no script needed) to reload."""
    page.route_web_socket(re.compile(r".*/ws/.*"), lambda ws: None)          # never answered
    page.goto(f"{in_class.url}/pis_yedili_table", wait_until="domcontentloaded")
    wait_visible(page, page.get_by_text(words.WAITING), "the waiting page does not say the table is being dealt", 10)
    late = page.locator(".cardlib-wait-long")
    assert late.inner_text() == words.WAITING_LONG
    assert late.evaluate("e => getComputedStyle(e).animationDelay") == f"{words.WAIT_LONG}s"
    assert float(late.evaluate("e => getComputedStyle(e).opacity")) == 0          # not yet
    snap("waiting")


def test_a_lost_connection_says_to_reload(page, in_class, snap, offline):
    holder = {}
    page.route_web_socket(re.compile(r".*/ws/.*"), lambda ws: holder.update(ws=ws, server=ws.connect_to_server()))
    open_table(page, in_class, "pis_yedili_table.ipynb", "lost connection")
    holder["ws"].close()
    wait_visible(page, page.get_by_text(words.LOST), "a page whose connection was lost says nothing", 10)
    snap("lost")


def test_stepper_page_and_its_chart(page, in_class, snap, offline):
    started = time.monotonic()
    open_lesson(page, in_class, "stepper")
    wait_visible(page, page.locator("button.jupyter-button", has_text="next"), "the stepper has no 'next' button", 60)
    timed("stepper: page to the Stepper's 'next'", time.monotonic() - started)
    chart = page.locator("button", has_text="show the chart")
    wait_visible(page, chart, "the stepper offers no 'show the chart' button")
    clicked = time.monotonic()
    chart.click()
    wait_visible(page, page.locator(".js-plotly-plot .main-svg"), "'show the chart' drew no chart", 60)
    timed("stepper: 'show the chart' to the chart (the page's first)", time.monotonic() - clicked)
    wait_until(page, lambda: not page.locator(".cardlib-chart-wait").first.is_visible(),
               "the 'drawing the chart' note stays under the chart")
    before = page.locator(".js-plotly-plot .shapelayer path").first.get_attribute("d")
    page.locator("button.jupyter-button", has_text="next").click()
    wait_until(page, lambda: page.locator(".js-plotly-plot .shapelayer path").first.get_attribute("d") != before,
               "the chart's marker line did not move with 'next'")
    snap("chart")


def test_the_stepper_in_projector_mode_shows_picture_and_chart_on_one_screen(page, in_class, snap, offline):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, in_class, "stepper")
    wait_visible(page, page.locator(".cardlib-stepper.cardlib-projector"),
                 "the classroom stepper is not in projector mode")
    page.locator("button", has_text="show the chart").click()
    plot = wait_visible(page, page.locator(".js-plotly-plot .main-svg"), "no chart", 60)
    picture = page.locator(".cardlib-stepper .cardlib-picture svg").first
    plot.scroll_into_view_if_needed()
    snap("stepper-projector-1280x800")
    top = lambda loc: loc.evaluate("e => e.getBoundingClientRect().top")          # noqa: E731
    bottom = lambda loc: loc.evaluate("e => e.getBoundingClientRect().bottom")    # noqa: E731
    assert abs(top(plot) - top(picture)) < 200, "the chart is not beside the picture"
    assert bottom(plot) - top(picture) <= 800, "picture and chart are not on one 800 px screen"
    font = float(page.locator("button.jupyter-button", has_text="next").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"))
    assert font >= 16, f"the stepper's buttons have a {font} px font in projector mode"


def test_the_stepper_opened_unrun_in_jupyterlab_shows_its_picture(page, lab_server, snap):
    """notebooks/classroom/stepper.ipynb is made for the classroom; opened in JupyterLab before it runs (untrusted,
    no widget state) it shows the stored PNG of the Stepper's picture and its words, not a widget's repr."""
    from .test_browser_first_look import OUTPUT, REPR, stored_pictures

    name = "classroom/stepper.ipynb"
    assert stored_pictures(name) == 1, f"{name} stores {stored_pictures(name)} pictures, not the Stepper's one"
    panel = open_in_lab(page, lab_server, name)
    # the stored picture: a PNG output, or a PNG inside the static HTML form (the filmstrip, issue 24)
    image = wait_visible(page, panel.locator(f"{OUTPUT} img"),
                         f"{name} opened without running shows no picture (img)", 60)
    wait_until(page, lambda: image.evaluate("img => img.complete && img.naturalWidth > 300"),
               f"the stored picture of {name} did not load")
    text = "\n".join(panel.locator(OUTPUT).all_inner_texts())
    snap("opened-in-lab")
    assert not REPR.findall(text) and "HandPicker(" not in text, f"{name} shows a repr: {text[:300]!r}"


# -------------------------------------------------------------------------------------- projector


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("notebook", ["sari_cuce_table.ipynb", "pis_yedili_table.ipynb"])
def test_projector_mode(page, in_class, snap, offline, notebook, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, in_class, notebook, f"{width}x{height}")
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


def test_a_whole_hand_ends_with_the_winner_on_screen(page, in_class, snap, offline):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, in_class, "sari_cuce_table.ipynb", "1280x800 (whole hand)")
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
    assert re.search(r"\S wins: \d+ chips — .+ pays \d+", text), f"the banner says {text!r}"
    page.evaluate("window.scrollTo(0, 0)")            # the page as it stands, not where the last click left it
    snap("end-of-hand-1280x800")
    assert in_view(page, new_hand.first) and in_view(page, banner), (
        "at 1280x800 the banner and the 'new hand' button are not both on screen")
    alt = page.locator(".cardlib-picture svg").first.get_attribute("aria-label")
    assert alt and " wins: " in alt, f"the picture's alt text does not say who won: {alt!r}"


OPTIONS = "s => Array.from(s.options).map(o => o.textContent.replace(/\u00a0/g, ' ').trim())"


def test_undo_and_save_then_the_stepper_lists_the_saved_hand(page, in_class, snap, offline):
    """Undo, save; a stepper opened before the save lists the hand within seconds (no ↻ pressed), and a
    stepper opened after it lists it at once, and steps to its last move."""
    stepper = page.context.new_page()
    open_lesson(stepper, in_class, "stepper")
    open_table(page, in_class, "pis_yedili_table.ipynb", "1400x1000 (undo and save)")
    undo = page.locator(".cardlib-table button.cardlib-action", has_text="undo")
    assert undo.first.is_disabled(), "undo is offered before any move"
    start_cards = sorted(card_buttons(page).evaluate_all("bs => bs.map(b => b.title)"))
    click_and_wait(page, playable(page).first, "playing a card")
    wait_until(page, undo.first.is_enabled, "undo stays disabled after a move")
    click_and_wait(page, undo.first, "undo")
    assert "takes the last move back" in narration_text(page)
    wait_until(page, lambda: sorted(card_buttons(page).evaluate_all("bs => bs.map(b => b.title)")) == start_cards,
               "undo did not give back the card played")
    click_and_wait(page, playable(page).first, "playing a card again")
    page.locator(".cardlib-table button.cardlib-action", has_text="save this hand").click()
    saved = wait_visible(page, page.locator(".cardlib-saved"), "'save this hand' showed no note of where")
    name = re.search(r"saved-hands/(\S+?)\.json", saved.inner_text()).group(1)
    assert (in_class.root / "saved-hands" / f"{name}.json").is_file()
    snap("saved")
    select = stepper.locator(".widget-dropdown select").first
    wait_until(stepper, lambda: f"saved: {name}" in select.evaluate(OPTIONS),
               f"the stepper opened before the save does not list {name} (no ↻ pressed)", 15)
    stepper.close()
    open_lesson(page, in_class, "stepper")
    select = page.locator(".widget-dropdown select").first
    assert select.evaluate(OPTIONS)[0] == f"saved: {name}", "the newest saved hand is not listed first"
    wait_until(page, lambda: "Deniz deals 7 cards" in page.locator(".cardlib-narration").first.inner_text(),
               "the saved hand did not open in the stepper")
    page.locator("button.jupyter-button", has_text="last").click()
    wait_until(page, lambda: re.search(r"Move (\d+) of \1", page.locator("body").inner_text()),
               "the stepper did not step to the saved hand's last move")
    snap("saved-hand-in-stepper")


def test_a_closed_page_frees_its_widgets_at_once(page, in_class, offline):
    open_table(page, in_class, "sari_cuce_table.ipynb", "closed page")
    log_before = in_class.log_path.read_text(errors="replace")
    closed = time.monotonic()
    page.close(run_before_unload=True)
    while "of sari_cuce_table closed" not in in_class.log_path.read_text(errors="replace")[len(log_before):]:
        assert time.monotonic() - closed < 10, "the server did not close the page's widgets within 10 s"
        time.sleep(0.1)
    timed("a closed table page: its widgets closed after", time.monotonic() - closed)
