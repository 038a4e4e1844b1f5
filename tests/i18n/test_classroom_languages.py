"""Issue 25: the classroom's lessons in every language (notebooks/classroom/<name>.<lang>.ipynb,
tools/classroom_languages.py)
and its pages opened in a language without a server (cardlib.classroom.pages)."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from cardlib.classroom import words
from cardlib.i18n import LANGUAGES, using

ROOT = Path(__file__).resolve().parents[2]
CLASSROOM = ROOT / "notebooks" / "classroom"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def _tool():
    spec = importlib.util.spec_from_file_location("classroom_languages", ROOT / "tools" / "classroom_languages.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _english_left(text: str, lang: str) -> list[str]:
    from tests.i18n.test_narration import _english_only, _words
    return sorted(_words(text) & _english_only(lang))


def test_every_lesson_has_a_current_copy_in_each_language():
    tool = _tool()
    assert tool.problems() == []
    english = tool.english_notebooks()
    assert {p.name for p in english} == {"index.ipynb", "pis_yedili_table.ipynb", "sari_cuce_table.ipynb",
                                         "stepper.ipynb"}
    for lang in OTHERS:
        assert {p.name for p in CLASSROOM.glob(f"*.{lang}.ipynb")} == {f"{p.stem}.{lang}.ipynb" for p in english}


def test_the_copies_are_not_lessons_of_their_own_and_the_reading_time_leaves_them_out():
    from cardlib.classroom.lessons import find_lessons, find_translations
    assert sorted(find_lessons(CLASSROOM)) == ["pis_yedili_table", "sari_cuce_table", "stepper"]
    found = find_translations(CLASSROOM)
    assert sorted(found) == sorted(OTHERS) and all(sorted(v) == sorted(find_lessons(CLASSROOM)) for v in found.values())
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    from reading_time import english_notebooks
    assert not [p for p in english_notebooks() if p.parent == CLASSROOM and p.name.count(".") > 1]


def test_the_check_finds_a_missing_copy_a_stale_one_and_other_code(tmp_path):
    tool = _tool()
    root = tmp_path / "classroom"
    shutil.copytree(CLASSROOM, root, ignore=shutil.ignore_patterns("saved-hands", ".ipynb_checkpoints"))
    assert tool.problems(root) == []
    (root / "stepper.pl.ipynb").unlink()                                      # missing
    english = nbformat.read(str(root / "pis_yedili_table.ipynb"), as_version=4)
    english.cells[0].source += "\n\nA new sentence to translate."                 # the English words change
    nbformat.write(english, str(root / "pis_yedili_table.ipynb"))
    fr = nbformat.read(str(root / "sari_cuce_table.fr.ipynb"), as_version=4)
    fr.cells[-1].source = fr.cells[-1].source.replace("seed=7", "seed=8")       # another deal than the English
    nbformat.write(fr, str(root / "sari_cuce_table.fr.ipynb"))
    tr = nbformat.read(str(root / "stepper.tr.ipynb"), as_version=4)
    tr.cells[-1].source = tr.cells[-1].source.replace('language="tr"', 'language="fr"')
    nbformat.write(tr, str(root / "stepper.tr.ipynb"))
    index = nbformat.read(str(root / "index.pl.ipynb"), as_version=4)
    index.cells[0].source = index.cells[0].source.replace("stepper.pl.ipynb", "stepper.ipynb")   # to the English
    nbformat.write(index, str(root / "index.pl.ipynb"))
    (root / "gone.tr.ipynb").write_text((root / "stepper.tr.ipynb").read_text())
    found = tool.problems(root)
    assert any("stepper.pl.ipynb: missing" in p for p in found), found
    assert sum(".ipynb: translated from other English words than pis_yedili_table.ipynb" in p for p in found) == 3
    assert any("sari_cuce_table.fr.ipynb: its code is not" in p for p in found), found
    assert any("stepper.tr.ipynb: HandPicker(...) is made with language='fr'" in p for p in found), found
    assert any("index.pl.ipynb: links to" in p for p in found), found
    assert any("gone.tr.ipynb: no English notebook gone.ipynb" in p for p in found), found
    assert len(found) == 8, found
    tool.stamp(["pis_yedili_table.tr.ipynb"], root)                              # translated anew: stamped
    assert sum("than pis_yedili_table.ipynb" in p for p in tool.problems(root)) == 2


@pytest.mark.parametrize("lang", OTHERS)
def test_every_example_hand_has_a_title_in_each_language_and_its_steppers_list_it(lang):
    """The stepper lessons of every language list the example hands (notebooks/records) by the titles of
    cardlib.classroom.words, translated in the catalogs; a record not named there is listed by its file's name."""
    records = sorted(p.stem for p in (ROOT / "notebooks" / "records").glob("*.json"))
    assert sorted(words.HAND_TITLES) == records
    titles = {stem: words.hand_title(stem, language=lang) for stem in records}
    english = {stem: words.hand_title(stem) for stem in records}
    assert english == {stem: str(title) for stem, title in words.HAND_TITLES.items()}
    assert [stem for stem in records if titles[stem] == english[stem]] == []             # every one translated
    assert len(set(titles.values())) == len(records)                                    # and told apart
    assert _english_left(" ".join(titles.values()), lang) == [], titles
    assert words.hand_title("pis-yedili-new-hand", language=lang) == "pis yedili new hand"
    stored = nbformat.read(str(CLASSROOM / f"stepper.{lang}.ipynb"), as_version=4)
    shown = " ".join(str(o.get("data", {}).get("text/html", "")) for c in stored.cells if c.cell_type == "code"
                     for o in c.get("outputs", []))
    from html import unescape
    shown = unescape(shown)
    assert [t for t in titles.values() if t not in shown] == [], "the stored stepper lists other titles"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_copies_words_have_no_english_left(lang):
    for path in sorted(CLASSROOM.glob(f"*.{lang}.ipynb")):
        nb = nbformat.read(str(path), as_version=4)
        text = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
        text = re.sub(r"<[^>]+>|\b\w+\.ipynb\b", " ", text)                       # tags and links: not words
        code = " ".join(c.source for c in nb.cells if c.cell_type == "code")
        shown = " ".join(s for s in re.findall(r'"([^"\n]*)"', code) if " " in s and "(" not in s and "/" not in s)
        assert _english_left(text, lang) == [], path.name
        assert _english_left(shown, lang) == [], (path.name, shown)
        assert nb.metadata["cardlib"]["language"] == lang
        english = nbformat.read(str(CLASSROOM / path.name.replace(f".{lang}.", ".")), as_version=4)
        assert _english_left(" ".join(c.source for c in english.cells), lang), "the English lesson has no English?"


# -- pages opened in a language, without a server ----------------------------------------------------------
def _page_text(cls, name: str, lang: str, teacher: bool = False) -> str:
    from cardlib.classroom.pages import open_page
    from cardlib.classroom.render import Page
    with using(lang):
        opened = open_page(cls, name, teacher, lang)
        text = Page(opened.root).html()
    if opened.close is not None:
        opened.close()
    return text


@pytest.fixture(scope="module")
def english_only_classroom(tmp_path_factory):
    """A classroom of the English lessons alone (no translated copies)."""
    from cardlib.classroom.pages import Class
    root = tmp_path_factory.mktemp("classroom-en") / "classroom"
    shutil.copytree(CLASSROOM, root, ignore=shutil.ignore_patterns("saved-hands", "*.tr.ipynb", "*.fr.ipynb",
                                                                   "*.pl.ipynb"))
    return Class(root=root).load()


def test_a_lesson_without_a_copy_shows_its_english_words_and_a_table_in_the_language(english_only_classroom):
    cls = english_only_classroom
    assert cls.translations == {}
    text = _page_text(cls, "pis_yedili_table", "pl")
    assert "Pis Yedili: play a hand" in text                                    # the lesson's own words: English
    assert "Twój ruch" in text and "Your turn" not in text                      # its table: Polish
    assert words.say(words.BACK, "pl") in text
    start = _page_text(cls, "start", "pl", teacher=True)
    assert 'aria-current="true">Polski' in start and words.say(words.TEACHER_TITLE, "pl") in start
    assert words.say(words.DEALS_FRESH, "pl") in start and words.DEALS_SAME not in start     # its radio buttons


def test_the_projector_counts_every_languages_tables_for_one_question(english_only_classroom):
    cls = english_only_classroom
    cls.tally.answer("sari_cuce_table", "page-tr", True)
    cls.tally.answer("sari_cuce_table", "page-fr", False)
    from cardlib.classroom.pages import tally_html
    assert "1 z 2 stołów: tak (50%)" in tally_html(cls, "pl")
    assert "2 masadan 1 tanesi: evet (%50)" in tally_html(cls, "tr")
    assert "Sana 7♦ geldi mi?" in tally_html(cls, "tr") and "3/13 ≈ 0,230769" in tally_html(cls, "tr")
    cls.tally.clear()


def test_the_hand_picker_speaks_its_language_on_every_look(tmp_path):
    from cardlib.widgets import HandPicker
    bad = tmp_path / "broken.json"
    bad.write_text("{")
    hands = {"the jack": ROOT / "notebooks" / "records" / "pis-yedili-jack.json", "broken": bad}
    picker = HandPicker(lambda: hands, language="fr")
    assert (picker.pick.description, picker.again.description) == ("donne", "↻ chercher les donnes enregistrées")
    assert list(picker.pick.options)[-1] == "illisible : broken"
    hands["broken too"] = bad
    picker.look_again()                                  # outside any using(): still French
    assert list(picker.pick.options)[-2:] == ["illisible : broken", "illisible : broken too"]
    picker.pick.label = "illisible : broken"
    assert "Cette donne est illisible" in picker.stepper.value and "cannot be read" not in picker.stepper.value
    assert picker.static_text().startswith("donne : ")
    english = HandPicker(hands)
    assert english.pick.description == "hand" and list(english.pick.options)[-1] == "unreadable: broken too"
