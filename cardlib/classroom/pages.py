"""The classroom's pages as widget trees, one per student's page, all in the server's one process: the
start page (the lessons; for the teacher the choice of deals, the class address and its QR code), a page
per lesson (the lesson notebook run for that page: its words and its table, stepper or explorer) and the
projector page (the class tally beside the exact chance).  :mod:`.app` draws them (:mod:`.render`).
"""

from __future__ import annotations

import html
import logging
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import ipywidgets as W

from . import words
from .lessons import INDEX, find_lessons, markdown_html, run_lesson
from .tally import Deals, Pages, Tally

log = logging.getLogger("cardlib.classroom")

__all__ = ["Class", "Opened", "Owner", "open_page"]


@dataclass
class Class:
    """What the pages of one classroom share: its folder and lessons, the address students open, the
    class code, the teacher's choice of deals, the open pages and the class's answers."""

    root: Path = Path("notebooks/classroom")
    address: str = "http://127.0.0.1:8866/"
    code: str | None = None
    network: bool = False
    deals: Deals = field(default_factory=Deals)
    tally: Tally = field(default_factory=Tally)
    pages: Pages = field(default_factory=lambda: Pages(cap=90, cap_lesson=60))
    lessons: dict = field(default_factory=dict)
    questions: dict = field(default_factory=dict)
    look_every: float = 3.0        # seconds between a stepper's looks for newly saved hands

    def load(self) -> "Class":
        """Find the lessons and run each once (their imports done before the first student; a lesson that
        fails is said in the log now, not to a student later); keep the questions they ask the class."""
        self.lessons = find_lessons(self.root)
        for name, lesson in self.lessons.items():
            try:
                page = run_lesson(lesson)
            except Exception:
                log.exception("the lesson %s does not run", name)
                continue
            if page.question is not None:
                self.questions[name] = page.question
            _close(page.widget)
        return self

    def title(self, name: str) -> str:
        if name == "start":
            return words.START_TITLE
        if name == "projector":
            return words.PROJECTOR_TITLE
        return self.lessons[name].title if name in self.lessons else words.START_TITLE


@dataclass
class Opened:
    """A page opened for a student: its widget tree, what to do every second (``tick``: True when the tree
    changed) and when it closes."""

    root: Any
    tick: Callable[[], bool] | None = None
    close: Callable[[], None] | None = None


class Owner:
    """The widgets one page made: every widget that appears while the page opens, takes a click or looks
    again (the server does one page's work at a time, on one thread) is the page's, and closed with it; a
    table draws new buttons for each position, so the page's tree alone does not hold them all."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    @staticmethod
    def _registry() -> dict:
        from ipywidgets.widgets import widget
        return getattr(widget, "_instances", {})

    def during(self, work: Callable[[], Any]) -> Any:
        before = set(self._registry())
        try:
            return work()
        finally:
            self.ids |= set(self._registry()) - before

    def close(self) -> None:
        registry = self._registry()
        for model_id in self.ids:
            widget = registry.get(model_id)
            if widget is not None:
                try:
                    widget.close()
                except Exception:
                    log.exception("closing a page's widget")
        self.ids.clear()


def _close(widget: Any) -> None:
    if isinstance(widget, W.Widget):
        try:
            _close_tree(widget)
        except Exception:
            log.exception("closing a page's widgets")


def _close_tree(widget: Any) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


def _notice(text: str) -> W.HTML:
    return W.HTML(f'<div class="cardlib-notice">{html.escape(text)}</div>')


def _back() -> str:
    return f'<a class="cardlib-back" href="/">{html.escape(words.BACK)}</a>'


def open_page(cls: Class, name: str, teacher: bool) -> Opened:
    """The widget tree of a new page ``name`` ("start", "projector" or a lesson's name)."""
    if name == "start":
        return Opened(start_page(cls, teacher))         # its widgets are closed by the page's Owner
    if name == "projector":
        return projector_page(cls)
    return lesson_page(cls, name)


# ----------------------------------------------------------------------------------------- start page
def _lesson_links(source_html: str) -> str:
    """The start page's links to ``x.ipynb`` (as a teacher writes them in index.ipynb) lead to the lesson."""
    return re.sub(r'href="([A-Za-z0-9_-]+)\.ipynb"', r'href="/\1"', source_html)


def start_page(cls: Class, teacher: bool) -> W.Widget:
    import nbformat
    index = cls.root / f"{INDEX}.ipynb"
    try:
        nb = nbformat.read(str(index), as_version=4)
        body = _lesson_links("".join(markdown_html(c.source) for c in nb.cells if c.cell_type == "markdown"))
    except Exception:
        log.exception("the start page %s cannot be read", index)
        items = "".join(f'<li><a href="/{name}">{html.escape(lesson.title)}</a></li>'
                        for name, lesson in cls.lessons.items())
        body = f"<h1>{html.escape(words.START_TITLE)}</h1><ul class='cardlib-lessons'>{items}</ul>"
    parts: list[W.Widget] = [W.HTML(body)]
    if teacher:
        parts.append(teacher_panel(cls))
    return W.VBox(parts)


def teacher_panel(cls: Class) -> W.Widget:
    """The teacher's choices: the deals for the pages opened from now on, and the class address with its
    QR code."""
    choice = W.RadioButtons(options=[words.DEALS_SAME, words.DEALS_FRESH],
                            value=words.DEALS_FRESH if cls.deals.fresh else words.DEALS_SAME,
                            description=words.DEALS_LABEL, layout=W.Layout(width="auto"))
    seed = W.Text(value="" if cls.deals.seed is None else str(cls.deals.seed), placeholder=words.SEED_PLACEHOLDER,
                  description=words.SEED_LABEL, layout=W.Layout(width="260px"))
    note = W.HTML()

    def changed(_: Any = None) -> None:
        text = seed.value.strip()
        if text and not (text.isascii() and text.isdigit() and int(text) < 2**64):
            note.value = f"<i>{html.escape(repr(text))}: {html.escape(words.SEED_BAD)}</i>"
            return
        note.value = ""
        cls.deals.set(fresh=choice.value == words.DEALS_FRESH, seed=int(text) if text else None)

    choice.observe(changed, names="value")
    seed.observe(changed, names="value")
    choice.add_class("cardlib-deals")
    seed.add_class("cardlib-seed")
    box = W.VBox([W.HTML(f"<h2>{html.escape(words.TEACHER_TITLE)}</h2>"), choice, seed, note, W.HTML(join_html(cls)),
                  W.HTML(f'<a class="cardlib-projector-link" href="/projector">'
                         f'{html.escape(words.PROJECTOR_LINK)}</a>')])
    box.add_class("cardlib-teacher")
    return box


def join_html(cls: Class) -> str:
    """The class address in words and as a QR code (a PNG: no script, no SVG)."""
    if not cls.network:
        return f'<div class="cardlib-join">{html.escape(words.JOIN_LOCAL.format(address=cls.address))}</div>'
    from .qr import qr_png_data_uri
    join = cls.address + (f"?code={cls.code}" if cls.code else "")
    return (f'<div class="cardlib-join">{html.escape(words.JOIN.format(address=join))}</div>'
            f'<div class="cardlib-code"><b>{html.escape(words.CLASS_CODE.format(code=cls.code or ""))}</b></div>'
            f'<div class="cardlib-qr"><img alt="{html.escape(join)}" src="{qr_png_data_uri(join)}"></div>')


# -------------------------------------------------------------------------------------- lesson page
def lesson_page(cls: Class, name: str) -> Opened:
    lesson = cls.lessons.get(name)
    if lesson is None:
        return Opened(W.VBox([W.HTML(_back()), _notice(words.NO_LESSON)]))
    page_id = uuid.uuid4().hex
    taken, scope, n, cap = cls.pages.enter(name, page_id)
    if not taken:
        text = (words.LESSON_FULL if scope == "lesson" else words.FULL).format(open=n, cap=cap)
        log.warning("refused a page of %s: %s", name, text)
        return Opened(W.VBox([W.HTML(_back()), _notice(text)]))
    try:
        page = run_lesson(lesson)
        _deal(cls, page, name, page_id)
    except Exception:                      # whatever a lesson's code raises stays in the log
        cls.pages.leave(name, page_id)
        log.exception("the lesson %s failed for a page", name)
        return Opened(W.VBox([W.HTML(_back()), _notice(words.LESSON_ERROR)]))
    widget = page.widget
    parts = [W.HTML(_back() + "".join(f'<div class="cardlib-words">{w}</div>' for w in page.words))]
    if isinstance(widget, W.Widget):
        parts.append(widget)
    root = W.VBox(parts)

    def close() -> None:
        cls.pages.leave(name, page_id)
        cls.tally.leave(name, page_id)
        _close(root)
        log.info("page %s of %s closed (%d open)", page_id[:8], name, cls.pages.count())

    tick = None
    if hasattr(widget, "look_again"):            # a stepper lists the hands saved while it is open
        import time
        last = [time.monotonic()]

        def tick() -> bool:
            if time.monotonic() - last[0] < cls.look_every:
                return False
            last[0] = time.monotonic()
            before = list(widget.pick.options)
            widget.look_again()
            return list(widget.pick.options) != before
    log.info("page %s of %s opened (%d open)", page_id[:8], name, cls.pages.count())
    return Opened(root, tick, close)


def _deal(cls: Class, page: Any, name: str, page_id: str) -> None:
    """The teacher's choice of deals for the page's table, and its answers to the class question."""
    table = page.widget
    if not hasattr(table, "start_over"):
        return
    seed = cls.deals.seed_for(table.seed)
    if seed != table.seed:
        table.start_over(seed)
    question = page.question
    if question is not None:
        table.deal_listeners.append(lambda t: cls.tally.answer(name, page_id, question.answer(t)))
        cls.tally.answer(name, page_id, question.answer(table))


# ----------------------------------------------------------------------------------- projector page
def projector_page(cls: Class) -> Opened:
    tally = W.HTML()
    seen = [-1]

    def tick() -> bool:
        if cls.tally.version == seen[0]:
            return False
        seen[0] = cls.tally.version
        tally.value = tally_html(cls)
        return True
    tick()
    root = W.VBox([W.HTML(_back() + f"<h1>{html.escape(words.PROJECTOR_TITLE)}</h1>"), tally,
                   W.HTML(join_html(cls))])
    root.add_class("cardlib-projector-page")
    return Opened(root, tick, lambda: _close(root))


def tally_html(cls: Class) -> str:
    if not cls.questions:
        return f'<div class="cardlib-notice">{html.escape(words.NO_QUESTION)}</div>'
    rows = []
    for name, question in cls.questions.items():
        yes, tables = cls.tally.counts(name)
        share = f"{yes / tables:.0%}" if tables else "–"
        rows.append(f'<div class="cardlib-tally" data-lesson="{name}">'
                    f'<div class="cardlib-tally-question"><b>{html.escape(cls.title(name))}</b>: '
                    f'{html.escape(question.text)}</div>'
                    f'<div class="cardlib-tally-count" data-yes="{yes}" data-tables="{tables}">'
                    f'{html.escape(words.TALLY_LINE.format(yes=yes, tables=tables, share=share))}</div>'
                    + (f'<div class="cardlib-exact">{html.escape(words.EXACT.format(chance=question.chance))}</div>'
                       if question.chance is not None else "") + "</div>")
    return "".join(rows)
