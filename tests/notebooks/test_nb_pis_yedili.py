"""The Pis Yedili notebooks (20-23, pis_yedili_table) and their example records.

nbval checks the stored outputs; these tests check what nbval cannot: that the records replay to their
stored end and result, that their notes cite rule ids, and that every volatile output (widgets, plotly) is
tagged ``nbval-ignore-output`` while the pictures stay compared.
"""

import json
import re
from pathlib import Path

import pytest

from cardlib.records import load_record

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PIS_YEDILI = ["20_pis_yedili_basics", "21_pis_yedili_specials", "22_pis_yedili_turkish",
              "23_pis_yedili_examples", "pis_yedili_table"]
RECORDS = sorted((NOTEBOOKS / "records").glob("pis-yedili-*.json"))
VOLATILE = ("application/vnd.jupyter.widget-view+json", "application/vnd.plotly.v1+json")
RULE_ID = re.compile(r"\bPY-(?:[AFTJ]?\d+[A-Z]?b?)\b")


def cells(name):
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def test_the_five_example_records_are_there():
    assert {p.stem for p in RECORDS} >= {"pis-yedili-seven-chain", "pis-yedili-jack", "pis-yedili-ace-follow-up",
                                         "pis-yedili-stock-out", "pis-yedili-turkish-tek"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_its_stored_end_and_result(path):
    record = load_record(path)
    assert record.game == "pis-yedili"
    assert record.differences() == []
    assert record.names and len(record.names) == record.make_rules().players
    assert record.notes and any(RULE_ID.search(note) for note in record.notes.values())


@pytest.mark.parametrize("name", PIS_YEDILI)
def test_notebook_is_executed_and_volatile_outputs_are_ignored(name):
    code = [c for c in cells(name) if c["cell_type"] == "code"]
    assert all(c.get("execution_count") for c in code), "run tools/run_notebooks.py on it"
    for c in code:
        kinds = {key for out in c.get("outputs", []) for key in out.get("data", {})}
        if kinds & set(VOLATILE):
            assert "nbval-ignore-output" in c["metadata"].get("tags", []), "".join(c["source"])[:80]


@pytest.mark.parametrize("name", PIS_YEDILI[:3])
def test_rules_notebooks_keep_their_pictures_compared(name):
    pictures = [c for c in cells(name) if c["cell_type"] == "code"
                and any("<svg" in str(out.get("data", {})) for out in c.get("outputs", []))]
    assert pictures and not any("nbval-ignore-output" in c["metadata"].get("tags", []) for c in pictures)
