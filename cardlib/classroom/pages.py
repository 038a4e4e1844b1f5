"""The classroom's pages as widget trees, one per student's page, all in the server's one process: the
start page (the lessons; for the teacher the choice of deals, the class address and its QR code), a page
per lesson (the lesson notebook run for that page: its words and its table, stepper or explorer) and the
projector page (the class tally beside the exact chance).  :mod:`.app` draws them (:mod:`.render`).

Every page is opened in a language (issue 25): its own words (:mod:`.words`) are said in it, a lesson and the
start page are their translated copies in that language where they exist (``index.tr.ipynb``,
``pis_yedili_table.tr.ipynb``), else the English ones, whose widgets still speak the language (the page's work runs
inside :func:`cardlib.i18n.using`, :mod:`.app`).  The start page offers the languages.
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

from ..i18n import LANGUAGES, format_percent
from . import words
from .lessons import INDEX, Lesson, find_lessons, find_translations, markdown_html, run_lesson
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
    language: str = "en"           # the classroom's first language (``--language``): a page that names none
    network: bool = False
    deals: Deals = field(default_factory=Deals)
    tally: Tally = field(default_factory=Tally)
    pages: Pages = field(default_factory=lambda: Pages(cap=90, cap_lesson=60))
    lessons: dict = field(default_factory=dict)
    translations: dict = field(default_factory=dict)     # language -> name -> its translated Lesson
    questions: dict = field(default_factory=dict)
    look_every: float = 3.0        # seconds between a stepper's looks for newly saved hands

    def load(self) -> "Class":
        """Find the lessons and run each once (their imports done before the first student; a lesson that
        fails is said in the log now, not to a student later); keep the questions they ask the class."""
        from ..i18n import using
        self.lessons = find_lessons(self.root)
        self.translations = find_translations(self.root, self.lessons)
        runs = [("en", lesson) for lesson in self.lessons.values()]
        runs += [(lang, lesson) for lang, found in self.translations.items() for lesson in found.values()]
        for lang, lesson in runs:
            try:
                with using(lang):
                    page = run_lesson(lesson)
            except Exception:
                log.exception("the lesson %s does not run", lesson.path)
                continue
            if page.question is not None and lang == "en":
                self.questions[lesson.name] = page.question
            _close(page.widget)
        return self

    def lesson(self, name: str, language: str = "en") -> Lesson | None:
        """The lesson ``name`` in ``language``: its translated copy, else the English lesson."""
        return self.translations.get(language, {}).get(name) or self.lessons.get(name)

    def title(self, name: str, language: str = "en") -> str:
        if name == "projector":
            return words.say(words.PROJECTOR_TITLE, language)
        lesson = self.lesson(name, language)
        return lesson.title if lesson is not None else words.say(words.START_TITLE, language)


@dataclass
class Opened:
    """A page opened for a student: its widget tree, what to do every second (``tick``: True when the tree
    changed) and when it closes."""

    root: Any
    tick: Callable[[], bool] | None = None
    close: Callable[[], None] | None = None
    folder: Path | None = None      # a lesson's folder: its widgets' clicks run there, as its code did


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


def _back(lang: str) -> str:
    return f'<a class="cardlib-back" href="/">{html.escape(words.say(words.BACK, lang))}</a>'


def open_page(cls: Class, name: str, teacher: bool, lang: str = "en") -> Opened:
    """The widget tree of a new page ``name`` ("start", "projector" or a lesson's name) in ``lang``."""
    if name == "start":
        return Opened(start_page(cls, teacher, lang))         # its widgets are closed by the page's Owner
    if name == "projector":
        return projector_page(cls, lang)
    return lesson_page(cls, name, lang)


# ----------------------------------------------------------------------------------------- start page
def _lesson_links(source_html: str) -> str:
    """The start page's links to ``x.ipynb`` (as a teacher writes them in index.ipynb; ``x.tr.ipynb`` in its
    Turkish copy) lead to the lesson (in the page's language)."""
    return re.sub(r'href="([A-Za-z0-9_-]+)(?:\.[a-z]{2})?\.ipynb"', r'href="/\1"', source_html)


def language_choice(lang: str) -> str:
    """The start page's choice of language: each language in its own words, the page's own marked; a link
    to ``?lang=xx`` (the guard keeps the choice for every later page)."""
    names = words.language_names()
    links = "".join(
        f'<a href="/?lang={code}" hreflang="{code}" lang="{code}"'
        + (' aria-current="true"' if code == lang else "") + f'>{html.escape(names[code])}</a>' for code in LANGUAGES)
    return (f'<nav class="cardlib-languages" aria-label="{html.escape(words.say(words.LANGUAGE_LABEL, lang))}">'
            f'{html.escape(words.say(words.LANGUAGE_LABEL, lang))} {links}</nav>')


def start_page(cls: Class, teacher: bool, lang: str = "en") -> W.Widget:
    import nbformat
    index = cls.root / f"{INDEX}.{lang}.ipynb"
    if lang == "en" or not index.exists():
        index = cls.root / f"{INDEX}.ipynb"
    try:
        nb = nbformat.read(str(index), as_version=4)
        body = _lesson_links("".join(markdown_html(c.source) for c in nb.cells if c.cell_type == "markdown"))
    except Exception:
        log.exception("the start page %s cannot be read", index)
        items = "".join(f'<li><a href="/{name}">{html.escape(cls.title(name, lang))}</a></li>'
                        for name in cls.lessons)
        body = (f"<h1>{html.escape(words.say(words.START_TITLE, lang))}</h1>"
                f"<ul class='cardlib-lessons'>{items}</ul>")
    parts: list[W.Widget] = [W.HTML(language_choice(lang) + body)]
    if teacher:
        parts.append(teacher_panel(cls, lang))
    return W.VBox(parts)


def teacher_panel(cls: Class, lang: str = "en") -> W.Widget:
    """The teacher's choices: the deals for the pages opened from now on, and the class address with its
    QR code."""
    same, fresh = words.say(words.DEALS_SAME, lang), words.say(words.DEALS_FRESH, lang)
    choice = W.RadioButtons(options=[same, fresh], value=fresh if cls.deals.fresh else same,
                            description=words.say(words.DEALS_LABEL, lang), layout=W.Layout(width="auto"))
    seed = W.Text(value="" if cls.deals.seed is None else str(cls.deals.seed),
                  placeholder=words.say(words.SEED_PLACEHOLDER, lang), description=words.say(words.SEED_LABEL, lang),
                  layout=W.Layout(width="260px"))
    note = W.HTML()

    def changed(_: Any = None) -> None:
        text = seed.value.strip()
        if text and not (text.isascii() and text.isdigit() and int(text) < 2**64):
            note.value = f"<i>{html.escape(repr(text))}: {html.escape(words.say(words.SEED_BAD, lang))}</i>"
            return
        note.value = ""
        cls.deals.set(fresh=choice.value == fresh, seed=int(text) if text else None)

    choice.observe(changed, names="value")
    seed.observe(changed, names="value")
    choice.add_class("cardlib-deals")
    seed.add_class("cardlib-seed")
    box = W.VBox([W.HTML(f"<h2>{html.escape(words.say(words.TEACHER_TITLE, lang))}</h2>"), choice, seed, note,
                  W.HTML(join_html(cls, lang)),
                  W.HTML(f'<a class="cardlib-projector-link" href="/projector">'
                         f'{html.escape(words.say(words.PROJECTOR_LINK, lang))}</a>')])
    box.add_class("cardlib-teacher")
    return box


def join_html(cls: Class, lang: str = "en") -> str:
    """The class address in words and as a QR code (a PNG: no script, no SVG); in a language other than
    the classroom's first (``--language``), the address opens the classroom in it (``&lang=tr``)."""
    if not cls.network:
        return f'<div class="cardlib-join">{html.escape(words.say(words.JOIN_LOCAL, lang, address=cls.address))}</div>'
    from .qr import qr_png_data_uri
    query = ([f"code={cls.code}"] if cls.code else []) + ([f"lang={lang}"] if lang != cls.language else [])
    join = cls.address + ("?" + "&".join(query) if query else "")
    return (f'<div class="cardlib-join">{html.escape(words.say(words.JOIN, lang, address=join))}</div>'
            f'<div class="cardlib-code"><b>{html.escape(words.say(words.CLASS_CODE, lang, code=cls.code or ""))}</b></div>'
            f'<div class="cardlib-qr"><img alt="{html.escape(join)}" src="{qr_png_data_uri(join)}"></div>')


# -------------------------------------------------------------------------------------- lesson page
def lesson_page(cls: Class, name: str, lang: str = "en") -> Opened:
    lesson = cls.lesson(name, lang)
    if lesson is None:
        return Opened(W.VBox([W.HTML(_back(lang)), _notice(words.say(words.NO_LESSON, lang))]))
    page_id = uuid.uuid4().hex
    taken, scope, n, cap = cls.pages.enter(name, page_id)
    if not taken:
        text = words.say(words.LESSON_FULL if scope == "lesson" else words.FULL, lang, open=n, cap=cap)
        log.warning("refused a page of %s: %s", name, text)
        return Opened(W.VBox([W.HTML(_back(lang)), _notice(text)]))
    try:
        page = run_lesson(lesson)
        _deal(cls, page, name, page_id)
    except Exception:                      # whatever a lesson's code raises stays in the log
        cls.pages.leave(name, page_id)
        log.exception("the lesson %s failed for a page", lesson.path)
        return Opened(W.VBox([W.HTML(_back(lang)), _notice(words.say(words.LESSON_ERROR, lang))]))
    widget = page.widget
    parts = [W.HTML(_back(lang) + "".join(f'<div class="cardlib-words">{w}</div>' for w in page.words))]
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
    return Opened(root, tick, close, lesson.path.parent)


def _deal(cls: Class, page: Any, name: str, page_id: str) -> None:
    """The teacher's choice of deals for the page's table, and its answers to the class question."""
    table = page.widget
    if not hasattr(table, "start_over"):
        return
    seed = cls.deals.seed_for(table.seed)
    if seed != table.seed:
        table.start_over(seed)
    question = cls.questions.get(name, page.question)    # one question for the lesson in every language
    if question is not None:
        table.deal_listeners.append(lambda t: cls.tally.answer(name, page_id, question.answer(t)))
        cls.tally.answer(name, page_id, question.answer(table))


# ----------------------------------------------------------------------------------- projector page
def projector_page(cls: Class, lang: str = "en") -> Opened:
    tally = W.HTML()
    seen = [-1]

    def tick() -> bool:
        if cls.tally.version == seen[0]:
            return False
        seen[0] = cls.tally.version
        tally.value = tally_html(cls, lang)
        return True
    tick()
    root = W.VBox([W.HTML(_back(lang) + f"<h1>{html.escape(words.say(words.PROJECTOR_TITLE, lang))}</h1>"), tally,
                   W.HTML(join_html(cls, lang))])
    root.add_class("cardlib-projector-page")
    return Opened(root, tick, lambda: _close(root))


def tally_html(cls: Class, lang: str = "en") -> str:
    """The class's answers to each lesson's question (from the pages of every language), in ``lang``."""
    if not cls.questions:
        return f'<div class="cardlib-notice">{html.escape(words.say(words.NO_QUESTION, lang))}</div>'
    from ..i18n import using
    rows = []
    for name, question in cls.questions.items():
        yes, tables = cls.tally.counts(name)
        share = format_percent(yes / tables, language=lang) if tables else "–"
        with using(lang):
            chance = str(question.chance) if question.chance is not None else None
        rows.append(f'<div class="cardlib-tally" data-lesson="{name}">'
                    f'<div class="cardlib-tally-question"><b>{html.escape(cls.title(name, lang))}</b> — '
                    f'{html.escape(question.said(lang))}</div>'
                    f'<div class="cardlib-tally-count" data-yes="{yes}" data-tables="{tables}">'
                    f'{html.escape(words.tally_line(yes, tables, share, lang))}</div>'
                    + (f'<div class="cardlib-exact">{html.escape(words.say(words.EXACT, lang, chance=chance))}</div>'
                       if chance is not None else "") + "</div>")
    return "".join(rows)
