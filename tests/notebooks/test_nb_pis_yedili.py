"""The Pis Yedili notebooks (20-24, pis_yedili_table) and their example records.

nbval checks the stored outputs; these tests check what nbval cannot: that the records replay to their
stored end and result, list their cards and cite rule ids; that every volatile output (widgets, plotly) is
tagged ``nbval-ignore-output`` while the pictures stay compared; that every rules notebook lets the reader
touch its rules (an explorer, stored with its picture and sentence); that checks sit in the cells whose
claim they check; and that Run All at the table leaves the reader's first move to the reader.
"""

import json
import re
from pathlib import Path

import pytest

from cardlib.records import load_record

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
RULES_NOTEBOOKS = ["20_pis_yedili_basics", "21_pis_yedili_specials", "22_pis_yedili_turkish_opening_and_tek",
                   "23_pis_yedili_turkish_ace_and_penalties"]
PIS_YEDILI = RULES_NOTEBOOKS + ["24_pis_yedili_examples", "pis_yedili_table", "03_pis_yedili_short"]
RECORDS = sorted((NOTEBOOKS / "records").glob("pis-yedili-*.json"))
VOLATILE = ("application/vnd.jupyter.widget-view+json", "application/vnd.plotly.v1+json")
RULE_ID = re.compile(r"\bPY-(?:[AFTJ]?\d+[A-Z]?b?)\b")
EXPLORERS = ("WhatMayIPlay", "SevenChain", "WhoPlaysNext", "AceTurn", "SayTek", "HandScore")


def cells(name):
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def code_cells(name):
    return [c for c in cells(name) if c["cell_type"] == "code"]


def source(cell):
    return "".join(cell["source"])


def test_the_example_records_are_there():
    assert {p.stem for p in RECORDS} >= {"pis-yedili-seven-chain", "pis-yedili-jack", "pis-yedili-ace-follow-up",
                                         "pis-yedili-stock-out", "pis-yedili-turkish-tek", "pis-yedili-first-deal",
                                         "pis-yedili-no-club", "pis-yedili-turkish-opening"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_its_stored_end_and_result(path):
    record = load_record(path)
    assert record.game == "pis-yedili"
    assert record.differences() == []
    assert record.names and len(record.names) == record.make_rules().players
    assert record.notes and any(RULE_ID.search(note) for note in record.notes.values())
    assert "hands" in record.start and "stock" in record.start        # the cards are listed, not a seed


@pytest.mark.parametrize("name", PIS_YEDILI)
def test_every_hand_followed_comes_from_a_record_with_its_cards(name):
    for c in code_cells(name):
        for path in re.findall(r'load_record\(f?"(records/[^"]+)"\)', source(c)):
            if "{" not in path:
                assert (NOTEBOOKS / path).exists() and "hands" in load_record(NOTEBOOKS / path).start


@pytest.mark.parametrize("name", PIS_YEDILI)
def test_notebook_is_executed_and_volatile_outputs_are_ignored(name):
    code = code_cells(name)
    assert all(c.get("execution_count") for c in code), "run tools/run_notebooks.py on it"
    for c in code:
        kinds = {key for out in c.get("outputs", []) for key in out.get("data", {})}
        if kinds & set(VOLATILE):
            assert "nbval-ignore-output" in c["metadata"].get("tags", []), source(c)[:80]


@pytest.mark.parametrize("name", PIS_YEDILI)
def test_checks_sit_in_the_cells_whose_claim_they_check(name):
    """No code cell holds only ``assert`` lines (issue 13): prose, picture, check."""
    for c in code_cells(name):
        lines = [line for line in source(c).splitlines() if line.strip() and not line.startswith((" ", "#"))]
        assert not lines or not all(line.startswith("assert") for line in lines), source(c)[:80]


@pytest.mark.parametrize("name", RULES_NOTEBOOKS)
def test_rules_notebooks_keep_their_pictures_compared(name):
    pictures = [c for c in code_cells(name) if any("<svg" in str(out.get("data", {})) for out in c.get("outputs", []))]
    assert pictures and not any("nbval-ignore-output" in c["metadata"].get("tags", []) for c in pictures)


@pytest.mark.parametrize("name", RULES_NOTEBOOKS)
def test_every_rules_notebook_has_an_explorer_stored_with_its_picture_and_sentence(name):
    shown = []
    for c in code_cells(name):
        made = [e for e in EXPLORERS if re.search(rf"\b{e}\(", source(c))]
        if made and source(c).rstrip().splitlines()[-1].isidentifier():
            data = [out.get("data", {}) for out in c.get("outputs", [])]
            assert any("image/png" in d and "(PY-" in "".join(d.get("text/plain", "")) for d in data), source(c)[:80]
            shown += made
    assert shown


@pytest.mark.parametrize("name", RULES_NOTEBOOKS)
def test_rules_notebooks_list_the_rules_they_cite(name):
    text = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "markdown")
    assert "### The rules in this notebook" in text
    table = text.split("### The rules in this notebook", 1)[1]
    prose = text.split("### The rules in this notebook", 1)[0]
    # each id in the prose is listed in the table, where a reader looks it up
    assert set(RULE_ID.findall(prose)) <= set(RULE_ID.findall(table))


def test_the_fine_points_are_cited_where_the_tek_penalty_and_the_ace_are_taught():
    text = {name: "\n".join(source(c) for c in cells(name)) for name in RULES_NOTEBOOKS}
    assert "PY-F16" in text["21_pis_yedili_specials"]
    assert "PY-F15" in text["22_pis_yedili_turkish_opening_and_tek"] and "PY-F15" in text["23_pis_yedili_turkish_ace_and_penalties"]


def test_the_safety_valve_is_measured_not_dismissed():
    text = "\n".join(source(c) for c in cells("22_pis_yedili_turkish_opening_and_tek"))
    # measured with the public table (issue 23: no raw kernel dict, no integer reason code)
    assert "never fires" not in text and 'engine="fast"' in text and 'table["valve"]' in text


def test_run_all_at_the_table_leaves_the_first_move_to_the_reader():
    for c in code_cells("pis_yedili_table"):
        assert not re.search(r"\b(table|turkish_table)\.(play|click|name_suit)\(", source(c)), source(c)[:80]
    assert any("assert table.hand.move_stack == []" in source(c) for c in code_cells("pis_yedili_table"))
