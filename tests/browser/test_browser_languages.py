"""Issue 25, done when: a Pis Yedili hand played at the Table in Turkish and a Sarı Cüce hand in French, in a
real browser (Voila, as the classroom serves a table), from the first click to the banner, with the hint
panel's numbers in the locale's form; no English word of the source catalog on the table; screenshots kept
under test-artifacts/browser/ (first click, the hint, the banner)."""

import re

import nbformat
import pytest

from cardlib import i18n

from ._support import VOILA_RENDER_TIMEOUT, voila_serving, wait_until

pytestmark = pytest.mark.browser

CARD = re.compile(r"^(10|[2-9TJQKA])[CDHS]$|^X\d*$")
TABLES = {
    "pis-yedili-tr": ("pis-yedili", "tr", 3),
    "sari-cuce-fr": ("sari-cuce", "fr", 5),
}


@pytest.fixture(scope="module")
def language_server(tmp_path_factory):
    """Voila with the classroom's settings, serving one table notebook per language (a fixed seed each)."""
    home = tmp_path_factory.mktemp("voila-languages")
    root = home / "tables"
    root.mkdir()
    for name, (game, lang, seed) in TABLES.items():
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(
            f"from cardlib.widgets import Table\nTable(game={game!r}, seed={seed}, language={lang!r}, hints=True)")]
        nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
        nbformat.write(nb, root / f"{name}.ipynb")
    with voila_serving("voila-languages", root, home) as server:
        yield server


def _english_only(lang: str) -> set[str]:
    from tests.i18n.test_narration import _english_only as words
    return words(lang)


def _words(text: str) -> set[str]:
    from tests.i18n.test_narration import _words as words
    return words(text)


def _narration(table) -> list[str]:
    return table.locator(".cardlib-narration").first.evaluate(
        "e => Array.from(e.children).map(c => c.textContent.trim())", timeout=5000)


@pytest.mark.parametrize("name", list(TABLES))
def test_a_hand_in_the_players_language(page, language_server, snap, name):
    game, lang, seed = TABLES[name]
    page.goto(f"{language_server.url}/voila/render/{name}.ipynb", wait_until="domcontentloaded",
              timeout=VOILA_RENDER_TIMEOUT * 1000)
    table = page.locator(".cardlib-table").first
    wait_until(page, lambda: table.count() and table.locator(".cardlib-narration").count(),
               f"no table on the {name} page", VOILA_RENDER_TIMEOUT)
    # the words of this language's own moves (draw, pass, end, stop) and the hint button
    with i18n.using(lang):
        actions = {i18n._(w) for w in ("draw", "pass", "end the turn", "stop (sans …)")}
        hint_word = i18n._("hint")
    seen = [table.inner_text()]
    # the hint on the first turn: its chances are percentages in the locale's form
    hint = table.get_by_role("button", name=hint_word)
    wait_until(page, lambda: hint.is_enabled(), f"the hint button ({hint_word}) is not enabled on {name}")
    hint.click()
    box = table.locator(".cardlib-hint").first
    wait_until(page, lambda: box.count() and re.search(r"\d", box.inner_text()) and "…" not in box.inner_text(),
               f"no hint shown on {name}", 120)
    text = box.inner_text()
    pct = r"%\d+" if lang == "tr" else r"\d+\s%"
    assert re.search(pct, text) and re.search(r"\d+,\d", text), text          # %25 / 25 %, 42,8
    assert not re.search(r"\d+\.\d", text), text
    snap("hint")
    seen.append(table.inner_text())
    clicks = 0
    while not table.locator(".cardlib-outcome").count():
        cards = [b for b in table.locator("button.jupyter-button[title]").all()
                 if CARD.match(b.get_attribute("title") or "") and b.is_visible() and b.is_enabled()]
        plain = [b for b in cards if not (b.get_attribute("title") or "").startswith(("J", "X"))]
        others = [b for b in table.locator("button.cardlib-action").all()
                  if b.is_visible() and b.is_enabled() and b.inner_text().strip() in actions]
        before = _narration(table)
        if plain or cards:
            (plain or cards)[0].click()
            suits = table.locator("button.cardlib-action:not([disabled])", has_text=re.compile("[♣♦♥♠]"))
            page.wait_for_timeout(300)
            if suits.count() and suits.first.is_visible():
                suits.first.click()
        elif others:
            others[0].click()
        else:
            pytest.fail(f"no enabled card or move button on {name}, narration: {before[-3:]}", pytrace=False)
        clicks += 1
        if clicks == 1:
            snap("first-click")
        wait_until(page, lambda: _narration(table) != before or table.locator(".cardlib-outcome").count(),
                   f"nothing happened after click {clicks} on {name}")
        seen.append(table.inner_text())
        assert clicks < 80, f"the hand did not end after {clicks} clicks on {name}"
    table.locator(".cardlib-outcome").first.scroll_into_view_if_needed()
    banner = table.locator("svg g.banner")
    wait_until(page, lambda: banner.count(), f"no banner in the picture at the end on {name}")
    snap("banner")
    seen.append(table.inner_text())
    left = sorted(_words(" ".join(seen)) & _english_only(lang))
    assert not left, f"English words on the {lang} table: {left}"
    with i18n.using(lang):
        over = i18n._("The hand is over.")
    assert over in seen[-1]
