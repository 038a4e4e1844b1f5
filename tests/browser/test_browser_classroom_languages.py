"""Issue 25: the classroom in Turkish and in French, in a real browser, as a class uses it.

From the English start page a student picks the language (the start page's choice, ``?lang=``); the choice
is kept for every page (a cookie, like the class code): the start page, each lesson (its words from the
lesson's translated copy, its table or stepper speaking the language, also after clicks), the projector
page and the teacher's panel.  On none of them is an English word of the source catalog left (players'
names, the languages' own names, card codes and the address aside; the example hands' notes are data in
English, not translated yet); the same pages in English do have
such words (so the check can fail).  Screenshots: test-artifacts/browser/test_the_classroom_in_*.png.
"""

from __future__ import annotations

import re

import pytest

from cardlib.classroom import words
from cardlib.i18n import using
from cardlib.i18n import _ as say

from ._support import CLASS_CODE, TEACHER_KEY, wait_until, wait_visible

pytestmark = pytest.mark.browser

LESSONS = ["/sari_cuce_table", "/pis_yedili_table", "/stepper"]
SAVED = {"tr": "kayıtlı:", "fr": "enregistrée :"}          # the stepper's hands saved at a table (its copy's label)

#: everything a reader gets from the page: its title and text, the words of its pictures and controls
PAGE_WORDS = """() => {
  const parts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[title],[alt],[aria-label],[placeholder]'))
    for (const a of ['title', 'alt', 'aria-label', 'placeholder']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
  for (const t of document.querySelectorAll('svg text, svg title, svg desc, option')) parts.push(t.textContent);
  return parts.join('\\n');
}"""


def english_left(text: str, lang: str) -> list[str]:
    from tests.i18n.test_narration import _english_only, _words
    text = re.sub(r"https?://\S+", " ", text)                    # the class's address (?code=...&lang=...)
    for name in words.language_names().values():                # each language named in its own words
        text = text.replace(name, " ")
    return sorted(_words(text) & _english_only(lang))


def page_words(page) -> str:
    """The page's words, but the notes of the example hands' records (data, in English: not translated yet,
    docs/languages.md)."""
    text = page.evaluate(PAGE_WORDS)
    for note in page.locator(".cardlib-note").all_inner_texts():
        text = text.replace(note.strip(), " ") if note.strip() else text
    return text


def drawn(page, what: str) -> None:
    wait_until(page, lambda: page.locator("#cardlib-root").count() and not page.locator(".cardlib-waiting").count(),
               f"{what} is still being dealt", 60)


def narration(page) -> str:
    return page.locator(".cardlib-narration").first.inner_text(timeout=2000)


def in_language(page, lang: str) -> bool:
    return page.evaluate("() => document.documentElement.lang") == lang


@pytest.mark.parametrize("lang", ["tr", "fr"])
def test_the_classroom_in_the_players_language(page, in_class, browser_context, snap, lang):
    base = in_class.url
    try:
        # the English start page first: its words are the source's (the check below can find them)
        page.goto(base + "/", wait_until="domcontentloaded")
        drawn(page, "the start page")
        assert in_language(page, "en")
        assert english_left(page_words(page), lang), "the English start page has no English word to find"
        # the student picks the language on the start page; the address keeps no ?lang=
        choice = page.locator(f'.cardlib-languages a[hreflang="{lang}"]')
        wait_visible(page, choice, f"the start page offers no {lang} (.cardlib-languages)")
        choice.click()
        wait_until(page, lambda: in_language(page, lang) and not page.locator(".cardlib-waiting").count(),
                   f"the start page did not turn {lang}", 60)
        assert page.url == base + "/", page.url
        assert page.locator(f'.cardlib-languages a[aria-current][hreflang="{lang}"]').count() == 1
        left = english_left(page_words(page), lang)
        snap(f"{lang}-start")
        assert not left, f"English left on the {lang} start page: {left}"
        hrefs = [a.get_attribute("href") for a in page.locator(".cardlib-lessons a").all()]
        assert sorted(hrefs) == sorted(LESSONS), hrefs
        with using(lang):
            next_word, back_word = say("next ▶"), say("◀ back")

        for href in LESSONS:
            page.goto(base + "/", wait_until="domcontentloaded")   # each lesson from the start page's link
            drawn(page, "the start page")
            page.locator(f'.cardlib-lessons a[href="{href}"]').click()
            wait_until(page, lambda: page.url == base + href, f"the link to {href} did not open it")
            drawn(page, href)
            assert in_language(page, lang), f"{href} is not in {lang}: the choice was not kept"
            assert page.locator(".cardlib-back").inner_text() == words.say(words.BACK, lang)
            if href.endswith("_table"):
                card = page.locator(".cardlib-table button.cardlib-card.cardlib-playable:not([disabled])")
                wait_visible(page, card, f"no playable card on {href}", 60)
                for _ in range(2):                                 # two moves: the table answers in the language
                    before = narration(page)
                    card.first.click()
                    wait_until(page, lambda: narration(page) != before, f"a click on {href} was not answered")
                    if page.locator(".cardlib-table button.cardlib-card.cardlib-playable:not([disabled])").count() == 0:
                        break
            else:
                wait_visible(page, page.locator(".cardlib-narration"), "the stepper page shows no Stepper", 60)
                # an example hand (a hand saved at a table by an earlier test keeps the names it was saved
                # with, "Ada (you)" at an English table: data, like a record's)
                select = page.locator(".cardlib-stepper select, select").first
                labels = select.evaluate("s => Array.from(s.options).map(o => o.textContent)")
                example = next(label for label in labels if not label.startswith(SAVED[lang]))
                if labels[0] != example:            # the drawing of the new pick comes with the dropdown's change
                    select.select_option(label=example)
                    wait_until(page, lambda: select.evaluate("s => s.options[s.selectedIndex].textContent") == example
                               and page.locator(".cardlib-narration").count(), f"picking {example!r} did not show it")
                step = page.get_by_role("button", name=next_word)
                for _ in range(3):
                    before = narration(page)
                    step.first.click()
                    wait_until(page, lambda: narration(page) != before, f"{next_word} did not step on {href}")
                assert page.get_by_role("button", name=back_word).count() == 1
            left = english_left(page_words(page), lang)
            snap(f"{lang}-{href.strip('/')}")
            assert not left, f"English left on the {lang} page {href}: {left}"

        # the projector page: the class's answers (the Sarı Cüce question) in the language
        page.goto(base + "/projector", wait_until="domcontentloaded")
        drawn(page, "the projector page")
        wait_visible(page, page.locator(".cardlib-tally-count"), "the projector page counts nothing")
        text = page_words(page)
        assert words.say(words.DEALT, lang, card="7♦") in text
        assert "0,230769" in text and "0.230769" not in text                  # the exact chance in the locale's form
        left = english_left(text, lang)
        snap(f"{lang}-projector")
        assert not left, f"English left on the {lang} projector page: {left}"

        # the teacher's start page: the panel in the language, the students' address opens it in the language
        browser_context.add_cookies([{"name": "cardlib-teacher", "value": TEACHER_KEY, "url": base}])
        page.goto(base + "/", wait_until="domcontentloaded")
        panel = wait_visible(page, page.locator(".cardlib-teacher"), "the teacher's start page has no panel", 60)
        assert in_language(page, lang)
        assert f"?code={CLASS_CODE}&lang={lang}" in panel.inner_text()
        left = english_left(page_words(page), lang)
        snap(f"{lang}-teacher")
        assert not left, f"English left on the {lang} teacher's start page: {left}"
    finally:                      # the next tests of this browser find the classroom as a student left it
        browser_context.clear_cookies()
        browser_context.add_cookies([{"name": "cardlib-class", "value": CLASS_CODE, "url": base}])
