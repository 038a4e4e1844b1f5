"""Issue 25: `make print` in every language (tools/print_languages.py): each sheet once per language, its
words from the sheets' catalog (cardlib/locale/<lang>/LC_MESSAGES/sheets.po), its pictures drawn in the
language, its numbers in the language's signs."""

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("print_languages", ROOT / "tools" / "print_languages.py")
pl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pl)


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("print")
    paths, missing = pl.write_languages(out)
    return {p.name: p.read_text(encoding="utf-8") for p in paths}, missing


def _text(html: str) -> str:
    html = re.sub(r"<svg\b.*?</svg>|<img\b[^>]*>|<style>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_every_sheet_in_every_language(printed):
    pages, _ = printed
    english = [n for n in pages if n.count(".") == 1]
    assert "probability-worksheet.html" in english
    for name in english:
        for lang in ("tr", "fr", "pl"):
            page = pages[name.replace(".html", f".{lang}.html")]
            assert page.startswith("<!DOCTYPE html>") and f'<html lang="{lang}">' in page


@pytest.mark.parametrize("lang, words, number", [
    ("tr", ["Olasılık çalışma kâğıdı", "Yanıtlar", "kesin:", "%95 GA"], "100.000"),
    ("fr", ["Fiche de probabilités", "Réponses", "exact :", "IC à 95 %"], "100\u202f000"),
    ("pl", ["Karta pracy z prawdopodobieństwa", "Odpowiedzi", "dokładnie:", "PU 95%"], "100\u00a0000"),
])
def test_the_worksheet_is_translated_whole(printed, lang, words, number):
    pages, missing = printed
    page = pages[f"probability-worksheet.{lang}.html"]
    text = _text(page)
    for word in words:
        assert word in text, word
    assert number in text and "0,0769231" in text and "0.0769231" not in text
    assert not _units("probability-worksheet.html", pages) & set(missing[lang])
    # the chart's own labels are translated before it is made a PNG: its alt text says so
    assert re.search(r'<img [^>]*alt="[^"]*(çubuk grafiği|diagramme en barres|Wykres słupkowy)', page)


def _units(name: str, pages: dict) -> set[str]:
    w = pl.Words(None)
    pl.translate_text(" ".join(pl.PICTURE.split(pages[name])), w)
    return set(w.seen)


@pytest.mark.parametrize("lang", ["tr", "fr", "pl"])
@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_the_students_sheets_are_translated_whole(printed, game, lang):
    """The students' sheet of each game (its rules in a player's words) has every unit translated; its
    pictures speak the language."""
    pages, missing = printed
    name = f"{game}-players.html"
    if name not in pages:
        pytest.skip("no students' sheet in this print_material")
    assert not _units(name, pages) & set(missing[lang])
    page = pages[name.replace(".html", f".{lang}.html")]
    heading = {"tr": "nasıl oynanır", "fr": "comment jouer", "pl": "jak grać"}[lang]
    assert heading in _text(page)


def test_the_teachers_reference_pictures_in_the_language(printed):
    pages, missing = printed
    page = pages["pis-yedili-rules.tr.html"]
    svgs = " ".join(pl.PICTURE.findall(page))
    assert "Puanlar" in svgs or "kart" in svgs                     # the table pictures speak Turkish
    assert "cards" not in re.sub(r"<[^>]*>", " ", svgs).split()
    assert "Pis Yedili: öğretmenin başvuru metni" in _text(page)


@pytest.mark.parametrize("lang", ["tr", "fr", "pl"])
def test_every_sheet_is_translated_whole(printed, lang):
    """Every unit of every sheet has its translation (the teacher's references' rules text too): nothing is
    left in English, and `print_languages.py --check` passes."""
    pages, missing = printed
    english = [n for n in pages if n.count(".") == 1]
    assert {"sari-cuce-rules.html", "pis-yedili-rules.html"} <= set(english)
    assert missing[lang] == []
    units = set().union(*(_units(name, pages) for name in english))
    assert len(units) > 150 and units <= set(pl.Words(lang).table)


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\{\d+\}", " ", text))}


def _prose(page: str) -> str:
    """A sheet's words a reader reads: no pictures, styles, title or code (option names stay as written)."""
    import html
    page = re.sub(r"<svg\b.*?</svg>|<img\b[^>]*>|<style>.*?</style>|<code>.*?</code>|<title>.*?</title>", " ", page,
                  flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", ["tr", "fr", "pl"])
@pytest.mark.parametrize("name", ["sari-cuce-rules", "pis-yedili-rules", "sari-cuce-players", "pis-yedili-players",
                                  "probability-worksheet"])
def test_no_english_word_left_on_a_sheet(printed, name, lang):
    """No word of the sheets' English source that the language's own translations never use is on the sheet
    in that language; the English sheet has hundreds of them (the check can fail)."""
    from babel.messages.pofile import read_po
    pages, _ = printed
    with (pl.LOCALE_DIR / f"{pl.DOMAIN}.pot").open("rb") as f:
        source = set().union(*(_words(m.id) for m in read_po(f) if m.id))
    with pl.po_path(lang).open("rb") as f:
        own = set().union(*(_words(m.string) for m in read_po(f) if m.id and m.string))
    english_only = source - own
    assert _words(_prose(pages[f"{name}.{lang}.html"])) & english_only == set()
    assert len(_words(_prose(pages[f"{name}.html"])) & english_only) > 40


def _kept(text: str, lang: str) -> tuple:
    """What a translation keeps as the English unit has it: numbers' holes, code (a sheet's own file name
    in the language's form), rule ids, card faces and tags."""
    code = [re.sub(rf"\.{lang}\.html</code>$", ".html</code>", c) for c in re.findall(r"<code>.*?</code>", text, re.S)]
    return (sorted(re.findall(r"\{\d+\}", text)), sorted(code), sorted(re.findall(r"\b[A-Z]{2}-[A-Z]?\d+\w*", text)),
            sorted(re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", text)), sorted(re.findall(r"</?(\w+)", text)))


@pytest.mark.parametrize("lang", ["tr", "fr", "pl"])
def test_a_translation_keeps_the_units_numbers_code_rule_ids_and_cards(lang):
    from babel.messages.pofile import read_po
    with pl.po_path(lang).open("rb") as f:
        entries = [m for m in read_po(f) if m.id and m.string]
    assert len(entries) > 150
    changed = [m.id for m in entries if _kept(m.id, lang) != _kept(m.string, lang)]
    assert changed == []
    assert _kept("<code>end</code> (PY-24) on 7♦ {0}", lang) != _kept("<code>fin</code> (PY-24) sur 7♦ {0}", lang)


def test_the_check_passes():
    assert pl.main(["--check"]) == 0


def test_a_missing_translation_is_noticed():
    w = pl.Words("tr")
    w.table = {}
    assert w.say("Answers") == "Answers" and w.missing == ["Answers"]
    w.table = {"Answers": "Yanıtlar", "<b>{0}.</b> Only {1}": "<b>{0}.</b> Yalnız {1}"}
    assert w.say("Answers") == "Yanıtlar"
    assert w.say("<b>5.</b> Only 100,000") == "<b>5.</b> Yalnız 100.000"
    assert pl.numbered("NJ-02 and 7♦ in 0.25 of 100,000 C(47,4)") == (
        "NJ-02 and 7♦ in {0} of {1} C({2},{3})", ["0.25", "100,000", "47", "4"])
