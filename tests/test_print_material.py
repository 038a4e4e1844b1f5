"""The printable material (`make print`, tools/print_material.py): for each game a sheet for the students in a
player's words (one or two printed pages) and the teacher's reference holding every rule id of its part of the
rules reference, with pictures; the worksheet with what its questions need, room to draw, its answers and its
chart as PNG."""

import base64
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("print_material", ROOT / "tools" / "print_material.py")
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("print")
    paths = pm.main([str(out)])
    return {p.name: p.read_text(encoding="utf-8") for p in paths}


def test_one_command_writes_five_sheets(written):
    assert sorted(written) == ["pis-yedili-players.html", "pis-yedili-rules.html", "probability-worksheet.html",
                               "sari-cuce-players.html", "sari-cuce-rules.html"]
    for page in written.values():
        assert page.startswith("<!DOCTYPE html>") and "@page" in page
        assert not re.search(r'(?:src|href)="https?://', page), "a printed sheet must not need the network"


@pytest.mark.parametrize("game, first, last", [("sari-cuce", "NJ-01", "NJ-28"), ("pis-yedili", "PY-01", "PY-31")])
def test_a_rule_sheet_has_every_rule_id_of_its_part_and_pictures(written, game, first, last):
    page = written[f"{game}-rules.html"]
    _, doc, stop, _ = pm.SHEETS[game]
    ids = pm.rule_ids(pm.sheet_markdown(doc, stop))
    assert first in ids and last in ids and len(ids) >= 28
    missing = [i for i in ids if not re.search(rf"\b{re.escape(i)}\b", page)]
    assert not missing, f"{game} sheet lacks {missing}"
    assert page.count("<svg") >= 1 and 'class="banner"' in page           # the picture of a finished hand
    assert "<table>" in page or game == "pis-yedili"                        # the deal table drawn as a table


def test_the_worksheet_has_questions_answers_and_the_chart_as_png(written):
    page = written["probability-worksheet.html"]
    assert page.index("Answers") > page.index("fraction:")
    assert page.count('class="question"') == 2 * 5
    need = page[page.index('class="need"'):page.index("fraction:")]         # what the questions need, first
    assert "<th>players</th><td>3</td>" in need and "<th>dead cards</th><td>7</td><td>4</td><td>7</td><td>4</td>" in need
    assert page.count('class="work"') == 4 and "A chart to draw on" in page[:page.index("Answers")]
    for text in ("1/13 ≈ 0.0769231", "3/13 ≈ 0.230769", "18472/54145 ≈ 0.341158", "69597/605360 ≈ 0.114968"):
        assert text in page
    assert page.count("lies inside the 95% interval") == 4 and "does NOT lie" not in page
    pngs = re.findall(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]+)"', page)
    assert len(pngs) == 1
    data, alt = pngs[0]
    assert base64.b64decode(data)[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    assert alt.startswith("A bar chart of the chance that the 7♦ is dead. 3 players: exact 0.1346")


def test_the_rule_sheets_speak_to_players_not_programmers(written):
    """No table of options or error classes on a sheet for the class (the rules reference has them)."""
    for game in ("sari-cuce", "pis-yedili"):
        page = written[f"{game}-rules.html"]
        found = [w for w in ("InvalidOptionError", "PlayerCountError", "Rules.from_dict",
                             "<td><code>draw_policy</code></td>") if w in page]
        assert not found, f"the {game} rule sheet says {found}"


#: what a player does not say: option names, seat numbers, rule-reference decisions, rule ids, code
CODE_WORDS = re.compile(r"\b\w+_\w+\b|Seats? \d|\bDecision\b|\b(?:NJ|PY)-\w+|<code>|\b[2-9JQKA](?:10)?[CDHS]\b")


@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_the_students_sheet_is_in_a_players_words(written, game):
    page = written[f"{game}-players.html"]
    words = re.sub(r"<svg.*?</svg>|<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
    assert not CODE_WORDS.findall(words), CODE_WORDS.findall(words)
    assert page.count("<li>") >= 8 and page.count("<svg") >= 2 and "how to play" in page
    notebook = pm.PLAYERS[game][1]                         # the one place these words are written
    assert pm.short_rules(notebook).splitlines()[2][3:40] in words


def test_the_check_for_code_words_can_fail():
    assert CODE_WORDS.findall("set starting_chips to 50; Seats 0..n-1 deal; see Decision 18 (NJ-04); play 9H")


def pdf_pages(html_path, tmp_path):
    pdf = tmp_path / (html_path.stem + ".pdf")
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", html_path.as_uri()], check=True, capture_output=True, timeout=120)
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes()))


@pytest.mark.browser
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium (apt-get install -y chromium)")
def test_printed_page_counts(tmp_path):
    """Printed to PDF by Chromium (A4): a students' sheet is one or two pages, the worksheet at most four."""
    paths = {p.name: p for p in pm.main([str(tmp_path / "print")])}
    pages = {name: pdf_pages(path, tmp_path) for name, path in paths.items()}
    assert all(1 <= pages[f"{g}-players.html"] <= 2 for g in ("sari-cuce", "pis-yedili")), pages
    assert pages["probability-worksheet.html"] <= 4, pages
