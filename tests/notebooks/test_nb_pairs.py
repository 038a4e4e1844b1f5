"""Notebook 25 (Pis Yedili in pairs) and its record: what nbval cannot check.

nbval checks the stored outputs; these tests check that the notebook cites every pairs rule id (PY-P1 ..
PY-P7) and PY-05b, was executed top to bottom, loads its worked deal from a record that lists its cards
(so that a change of the deal generator cannot change it), and that the record replays in pairs.
"""

import json
import re
from pathlib import Path

from cardlib.records import load_record

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOK = NOTEBOOKS / "25_pis_yedili_pairs.ipynb"
RECORD = NOTEBOOKS / "records" / "pis-yedili-pairs.json"


def cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def test_the_notebook_cites_every_pairs_rule_and_the_packets():
    text = "\n".join("".join(c["source"]) for c in cells())
    ids = set(re.findall(r"\bPY-(?:P\d|05b)\b", text))
    assert ids == {f"PY-P{k}" for k in range(1, 8)} | {"PY-05b"}


def test_the_notebook_is_executed_in_order_and_checks_itself():
    code = [c for c in cells() if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    asserts = sum("assert " in "".join(c["source"]) for c in code)
    assert asserts >= 8
    # prose and code about one to one, short code cells (pytudes)
    prose = sum(c["cell_type"] == "markdown" for c in cells())
    assert 0.6 <= prose / len(code) <= 1.6
    assert max(len("".join(c["source"]).splitlines()) for c in code) <= 12


def test_the_worked_deal_is_a_record_with_its_cards_listed():
    record = load_record(RECORD)
    assert "seed" not in record.start and len(record.start["hands"]) == 4 and record.start["stock"]
    assert record.rules == {"players": 4, "preset": "classic", "partnerships": True}       # PY-P7
    assert record.differences() == []
    assert record.result["team_scores"] == [142, 76]
    assert 'load_record("records/pis-yedili-pairs.json")' in "".join("".join(c["source"]) for c in cells())
