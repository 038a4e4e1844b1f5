"""Issue 25: the catalogs are complete, compile, keep placeholders, and plural forms are right."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib import i18n

ROOT = Path(__file__).resolve().parents[2]


def test_catalogs_complete_and_checked():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogs.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("lang", ["tr", "fr", "pl"])
def test_placeholders_kept(lang):
    from babel.messages.pofile import read_po
    cat = read_po((i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "cardlib.po").open("rb"), locale=lang)
    for m in cat:
        if not m.id:
            continue
        want = set(re.findall(r"\{\w+\}", m.id if isinstance(m.id, str) else m.id[0]))
        for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
            assert set(re.findall(r"\{\w+\}", s)) == want, (lang, m.id, s)


def test_polish_three_forms():
    got = [i18n.count_words("card", n, language="pl") for n in (1, 2, 5, 22, 25)]
    assert got == ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"]


def test_numbers_in_locale_form():
    assert i18n.format_percent(0.25, language="tr") == "%25"
    assert i18n.format_percent(0.25, language="fr").replace("\u202f", " ").replace("\xa0", " ") == "25 %"
    assert i18n.format_number(0.25, language="tr") == "0,25"
    assert i18n.format_interval(0.21, 0.29, language="fr", digits=2) == "[0,21; 0,29]"


def test_seed_words_and_language_choice():
    assert [i18n.suit_word(s, language="tr") for s in "CDHS"] == ["sinek", "karo", "kupa", "maça"]
    assert [i18n.suit_word(s, language="fr") for s in "CDHS"] == ["trèfle", "carreau", "cœur", "pique"]
    assert [i18n.rank_word(r, language="pl") for r in "JQKA"] == ["walet", "dama", "król", "as"]
    i18n.set_language("fr")
    try:
        assert i18n._("{a} and {b}") == "{a} et {b}"
        assert i18n.pgettext("glossary", "sans") == "sans (« sans huit »)"
        with pytest.raises(ValueError, match="xx"):
            i18n.set_language("xx")
        assert i18n.get_language() == "fr"
    finally:
        i18n.set_language("en")
    assert i18n.language_from_environment({"LANG": "tr_TR.UTF-8"}) == "tr"
    assert i18n.language_from_environment({"LC_ALL": "pl_PL", "LANG": "fr_FR"}) == "pl"


def test_glossary_speaks_the_seed_words():
    from cardlib.glossary import glossary_markdown, term, terms
    assert [term(w).said("tr") for w in ("clubs", "diamonds", "hearts", "spades")] == ["sinek", "karo", "kupa", "maça"]
    assert [term(w).said("fr") for w in ("Jack", "Queen", "King")] == ["valet", "dame", "roi"]
    assert term("yellow dwarf").said("fr") == "le nain jaune" and term("tek").said("tr") == "tek"
    assert term("dead stock").said("tr") == "ölü deste" and term("run").said("pl") == "sekwencja"
    for lang in ("tr", "fr", "pl"):         # every term translated (no English left but words of both)
        same = [t.word for t in terms() if t.said(lang) == t.word]
        assert set(same) <= {"joker", "tek", "pass", "partner", "seed", "Ace", "points"}, (lang, same)
    table = glossary_markdown("pis-yedili")
    assert "| pending sevens | bekleyen yedililer | sept en attente | czekające siódemki | PY-19 |" in table
    with pytest.raises(KeyError, match="'trick'"):
        term("trick")


@pytest.mark.parametrize("lang", ["tr", "fr", "pl"])
def test_terminology_tables_say_what_the_catalogs_say(lang):
    """docs/terms-<lang>.md's table is written from the catalogs (make catalogs) and checked by --check:
    here, that each of its rows is the glossary's word in that language."""
    from cardlib.glossary import term
    text = (ROOT / "docs" / f"terms-{lang}.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", text, re.M)
    rows = [r for r in rows if r[0] != "English" and not r[0].startswith("---")]
    assert len(rows) > 60
    for english, said, rule in rows:
        assert term(english).said(lang) == said and term(english).rule == rule


def test_probability_answers_in_the_locale_form():
    from fractions import Fraction

    from cardlib.prob import montecarlo as mc
    from cardlib.prob import show
    e = mc.card_dead(6, n=20_000, seed=1)
    english = str(e)
    assert re.fullmatch(r"0\.\d{6} \(95% CI 0\.\d{6}–0\.\d{6}, n = 20,000\)", english)
    with i18n.using("tr"):
        assert str(e) == english.replace(".", ",").replace("95% CI", "%95 GA").replace("20,000", "20.000")
        assert str(show(Fraction(1, 13))) == "1/13 ≈ 0,0769231"
    with i18n.using("fr"):
        assert str(e).endswith("n = 20\u202f000)") and "IC à 95\u00a0%" in str(e)
    assert str(show(Fraction(1, 13))) == "1/13 ≈ 0.0769231"
