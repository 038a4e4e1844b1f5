"""The printable material (`make print`, tools/print_material.py): a rule sheet per game holding every rule id
of its part of the rules reference, with pictures; the worksheet with its answers and its chart as PNG."""

import base64
import importlib.util
import re
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


def test_one_command_writes_three_sheets(written):
    assert sorted(written) == ["pis-yedili-rules.html", "probability-worksheet.html", "sari-cuce-rules.html"]
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
