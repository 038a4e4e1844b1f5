"""A class in the browser: N students (each a Chromium context of its own, as on its own device) open one
lesson at the same moment and each plays a move (N=5 here; N=30 in `make bench`: bench/classroom_load.py,
figures in docs/classroom-load.md); and the class tally end to end: the teacher chooses the deals on the start
page, five students open the Sarı Cüce table, and the projector page counts who was dealt the 7♦ beside the
exact chance.  The server as on the school network (a class code; bound to 127.0.0.1), every wait bounded.
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from bench.classroom_load import class_at_once, close_class, summary

from ._support import ARTIFACTS, CLASS_CODE, TEACHER_KEY, wait_until, wait_visible

pytestmark = pytest.mark.browser

N = 5


class Students:
    """N students in a Chromium of their own (the async API, on a thread of its own: the session's browser
    uses the sync API on this one), their pages kept open until :meth:`leave`."""

    def __init__(self, urls: list[str]):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.records = self._run(class_at_once(urls, timeout=90, keep=True), 150)

    def _run(self, coro, timeout: float):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def leave(self) -> None:
        try:
            self._run(close_class(self.records), 60)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


def test_five_students_open_one_lesson_at_once_and_each_plays(in_class):
    students = Students([f"{in_class.url}/pis_yedili_table?code={CLASS_CODE}"] * N)
    try:
        result = summary(students.records)
    finally:
        students.leave()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "classroom-timings.txt").open("a") as f:
        f.write(f"{N} students at once: {result}\n")
    assert result["ok"] == N, f"pages that failed: {result['errors']}"


def _teacher_chooses(page, server, fresh: bool, seed: str = "") -> None:
    page.context.add_cookies([{"name": "cardlib-teacher", "value": TEACHER_KEY, "url": server.url}])
    page.goto(server.url + "/", wait_until="domcontentloaded")
    panel = wait_visible(page, page.locator(".cardlib-teacher"), "the teacher's start page has no panel", 60)
    label = "a fresh deal" if fresh else "the same deal"
    radio = panel.locator(".cardlib-deals label", has_text=label).locator("input")
    radio.check()
    seed_box = panel.locator(".cardlib-seed input")
    seed_box.fill(seed)
    seed_box.press("Enter")
    seed_box.blur()
    wait_until(page, lambda: radio.is_checked(), f"the choice {label!r} did not hold")


def _projector_counts(page) -> tuple[int, int]:
    row = page.locator(".cardlib-tally[data-lesson='sari_cuce_table'] .cardlib-tally-count")
    return int(row.get_attribute("data-yes")), int(row.get_attribute("data-tables"))


@pytest.mark.parametrize("fresh", [True, False], ids=["a-fresh-deal-each", "the-same-deal"])
def test_the_class_tally_counts_who_was_dealt_the_yellow_dwarf(page, browser_context, in_class, snap, fresh):
    _teacher_chooses(page, in_class, fresh, "" if fresh else "12")
    page.goto(in_class.url + "/projector", wait_until="domcontentloaded")
    tally = wait_visible(page, page.locator(".cardlib-tally[data-lesson='sari_cuce_table']"),
                         "the projector page shows no tally for the Sarı Cüce table", 60)
    assert "Were you dealt the 7♦?" in tally.inner_text() and "3/13" in tally.inner_text()
    wait_until(page, lambda: _projector_counts(page)[1] == 0, "tables counted before any student came", 10)
    students = Students([f"{in_class.url}/sari_cuce_table?code={CLASS_CODE}"] * N)
    try:
        assert summary(students.records)["ok"] == N, summary(students.records)["errors"]
        hands = [tuple(sorted(r["cards"])) for r in students.records]
        yes = sum("7D" in hand for hand in hands)
        if fresh:
            assert len(set(hands)) > 1, "every student was dealt the same cards under 'a fresh deal each'"
        else:
            assert len(set(hands)) == 1 and yes in (0, N), "'the same deal' dealt different hands"
        wait_until(page, lambda: _projector_counts(page) == (yes, N),
                   f"the projector page does not count {yes} of {N} (it shows {_projector_counts(page)})", 15)
        snap(f"projector-{'fresh' if fresh else 'same'}")
    finally:
        students.leave()
    wait_until(page, lambda: _projector_counts(page)[1] == 0,
               "the projector page still counts the tables of students who left", 15)
