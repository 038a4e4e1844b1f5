"""Issue 25: the short path of each game in the game's home languages (Sarı Cüce / Nain Jaune in Turkish and
French, Pis Yedili in Turkish and Polish): ``notebooks/<english name>.<lang>.ipynb``.

Each translation stays in step with its English source: the same cells in the same order, its code the
same but for the language line (``cardlib.set_language("tr")`` and its import), its prose the same cards,
numbered rules and links.  What it shows speaks the language: no English word of the source catalog in
its stored outputs' visible forms, nor in its prose.  The index links each one on an "In other languages"
line, outside the tables whose times make the series' reading time (tools/reading_time.py leaves the
translations out of the English total)."""

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TRANSLATIONS = {"02_sari_cuce_short": ("tr", "fr"), "03_pis_yedili_short": ("tr", "pl")}
PAIRS = [(name, lang) for name, langs in TRANSLATIONS.items() for lang in langs]
#: a word of each language the narration of the stored hand must use (so the check of English is not empty)
OWN = {("02_sari_cuce_short", "tr"): "süpürür", ("02_sari_cuce_short", "fr"): "prend la case",
       ("03_pis_yedili_short", "tr"): "atar", ("03_pis_yedili_short", "pl"): "zagrywa"}
LANGUAGE_LINES = {"import cardlib"}
CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")
LINK = re.compile(r"\]\(([^)]+\.ipynb)\)")

_spec = importlib.util.spec_from_file_location("narration", ROOT / "tests" / "i18n" / "test_narration.py")
narration = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(narration)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell) -> str:
    return "".join(cell["source"])


def translated(name: str, lang: str) -> Path:
    return NOTEBOOKS / f"{name}.{lang}.ipynb"


def english_code(text: str, lang: str) -> list[str]:
    """A translation's code cell without its language lines (and the blank lines around them)."""
    lines = [line for line in text.splitlines() if line not in LANGUAGE_LINES | {f'cardlib.set_language("{lang}")'}]
    return [line for k, line in enumerate(lines) if line.strip() or (0 < k < len(lines) - 1 and lines[k - 1].strip())]


def visible(output: dict) -> str:
    """What a reader without a kernel sees of an output: its HTML or Markdown and its pictures' words (an
    SVG's text, a PNG's alt text); text/plain only when nothing else can be shown."""
    if "text" in output:
        return "".join(output["text"])
    data = output.get("data", {})
    shown = ["".join(data[k]) for k in ("text/html", "text/markdown", "image/svg+xml") if k in data]
    if not shown and not any(k.startswith("image/") for k in data):
        shown.append("".join(data.get("text/plain", "")))
    text = re.sub(r"<style\b.*?</style>", " ", " ".join(shown), flags=re.S)
    alts = re.findall(r'alt="([^"]*)"', text)
    return re.sub(r"<[^>]+>", " ", re.sub(r'data:[^"]+', "", text)) + " " + " ".join(alts)


#: option values an explorer's settings line shows as they are written in code (the preset ``classic``), as
#: tests/i18n/test_narration.py decides for the explorers
OPTION_VALUES = {"classic", "turkish"}


def english_left(text: str, lang: str) -> set[str]:
    import html
    return narration._words(html.unescape(text)) & (narration._english_only(lang) - OPTION_VALUES)


def prose(cell) -> str:
    """A markdown cell's words: without link targets and code spans (names of files and of code)."""
    return re.sub(r"`[^`]*`|\]\([^)]*\)", " ", source(cell))


def test_the_translations_are_these_four():
    found = {p.name for p in NOTEBOOKS.glob("*.*.ipynb")}
    assert found == {translated(name, lang).name for name, lang in PAIRS}


@pytest.mark.parametrize("name, lang", PAIRS)
def test_the_same_cells_as_the_english(name, lang):
    english, ours = load(NOTEBOOKS / f"{name}.ipynb")["cells"], load(translated(name, lang))["cells"]
    assert [(c["cell_type"], c["id"]) for c in ours] == [(c["cell_type"], c["id"]) for c in english]
    code = [(e, o) for e, o in zip(english, ours) if e["cell_type"] == "code"]
    assert f'cardlib.set_language("{lang}")' in source(code[0][1]).splitlines()
    for e, o in code:
        assert english_code(source(o), lang) == source(e).splitlines(), o["id"]
    for e, o in zip(english, ours):
        if e["cell_type"] != "markdown":
            continue
        assert sorted(CARD.findall(source(o))) == sorted(CARD.findall(source(e))), o["id"]
        for pattern in (r"^#+ ", r"^\d+\. ", r"^- "):            # headings, numbered rules, list items
            assert len(re.findall(pattern, source(o), re.M)) == len(re.findall(pattern, source(e), re.M)), o["id"]
        # the same links, or the same page's translation in this language where there is one
        local = [re.sub(r"\.(tr|fr|pl)\.ipynb$", ".ipynb", link) for link in LINK.findall(source(o))]
        assert local == LINK.findall(source(e)), o["id"]
        for link in LINK.findall(source(o)):
            assert (NOTEBOOKS / link).exists() and link.endswith((".ipynb", f".{lang}.ipynb")), link


@pytest.mark.parametrize("name, lang", PAIRS)
def test_a_sibling_translation_is_linked_where_it_exists(name, lang):
    prose_links = {link for c in load(translated(name, lang))["cells"] if c["cell_type"] == "markdown"
                   for link in LINK.findall(source(c))}
    for other in TRANSLATIONS:
        if other != name and lang in TRANSLATIONS[other]:
            assert translated(other, lang).name in prose_links


@pytest.mark.parametrize("name, lang", PAIRS)
def test_the_stored_outputs_speak_the_language(name, lang):
    cells = load(translated(name, lang))["cells"]
    seen = [visible(o) for c in cells for o in c.get("outputs", [])]
    assert len(seen) == sum(len(c.get("outputs", [])) for c in load(NOTEBOOKS / f"{name}.ipynb")["cells"])
    assert OWN[(name, lang)] in " ".join(seen)
    left = {k: english_left(text, lang) for k, text in enumerate(seen)}
    assert not any(left.values()), {k: sorted(w) for k, w in left.items() if w}


@pytest.mark.parametrize("name, lang", PAIRS)
def test_the_prose_is_translated(name, lang):
    cells = load(translated(name, lang))["cells"]
    left = {c["id"]: english_left(prose(c), lang) for c in cells if c["cell_type"] == "markdown"}
    assert not any(left.values()), {k: sorted(w) for k, w in left.items() if w}


@pytest.mark.parametrize("name, lang", PAIRS)
def test_the_check_can_fail_on_the_english(name, lang):
    """The same checks on the English source find English words, in its outputs and in its prose."""
    cells = load(NOTEBOOKS / f"{name}.ipynb")["cells"]
    assert english_left(" ".join(visible(o) for c in cells for o in c.get("outputs", [])), lang)
    assert english_left(" ".join(prose(c) for c in cells if c["cell_type"] == "markdown"), lang)


def test_the_index_links_them_outside_the_timed_tables():
    index = "".join(source(c) for c in load(NOTEBOOKS / "00_index.ipynb")["cells"])
    (line,) = [line for line in index.splitlines() if "In other languages" in line]
    paragraph = index[index.index(line):].split("\n\n")[0]
    for name, lang in PAIRS:
        assert f"]({translated(name, lang).name})" in paragraph
        assert not re.search(rf"\]\({re.escape(translated(name, lang).name)}\) \|", index)   # no table row
    assert "reading time" in paragraph


def test_the_english_total_leaves_the_translations_out():
    sys.path.insert(0, str(ROOT / "tools"))
    import reading_time
    english = reading_time.english_notebooks()
    assert not {p.name for p in english} & {translated(n, lang).name for n, lang in PAIRS}
    assert {NOTEBOOKS / f"{name}.ipynb" for name in TRANSLATIONS} <= set(english)
    assert reading_time.total() == pytest.approx(sum(reading_time.minutes(p) for p in english))
    assert reading_time.translation_of(translated("02_sari_cuce_short", "fr")) == NOTEBOOKS / "02_sari_cuce_short.ipynb"
    assert reading_time.translation_of(NOTEBOOKS / "02_sari_cuce_short.ipynb") is None
