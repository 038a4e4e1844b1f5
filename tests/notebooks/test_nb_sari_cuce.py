"""The Sarı Cüce notebooks (10-13 and the table) and their hand records.

nbval re-runs the notebooks themselves; these tests check what nbval cannot: the records still replay
exactly and show what the notebooks say they show, and the stored notebooks are fit for strict nbval
(executed, volatile outputs tagged, no memory addresses, no saved widget state).
"""

import json
import re
from pathlib import Path

import pytest

from cardlib.records import load_record

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
RECORDS = NOTEBOOKS / "records"
OURS = ["10_sari_cuce_board_and_deal", "11_sari_cuce_runs", "12_sari_cuce_settlement",
        "13_sari_cuce_examples", "sari_cuce_table"]
RECORD_NAMES = ["yellow-dwarf", "stall", "opera", "short-of-chips"]
VOLATILE = re.compile(r"^\s*(\w+_stepper|table|Stepper\(.*\)|run_chart\(.*\)|chips_chart\(.*\))\s*$", re.M)


def notebook(name):
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", RECORD_NAMES)
def test_record_replays_exactly(name):
    rec = load_record(RECORDS / f"sari-cuce-{name}.json")
    assert rec.game == "sari-cuce"
    assert rec.names and len(rec.names) == rec.make_rules().players
    assert rec.notes
    assert rec.end is not None and rec.result is not None
    assert rec.differences() == []


def events_of(name):
    rec = load_record(RECORDS / f"sari-cuce-{name}.json")
    hand = rec.replay()
    return rec, hand, hand.events


def test_yellow_dwarf_record_takes_100_chips_at_move_27():
    rec, _, _ = events_of("yellow-dwarf")
    assert rec.start["board"]["7D"] == 80
    hand = rec.replay(upto=27)
    capture = hand.events[-1]
    assert (capture.kind, str(capture.box), capture.chips, capture.seat) == ("capture", "7D", 100, 1)


def test_stall_record_has_eight_stalls_one_of_them_sans_king():
    _, _, events = events_of("stall")
    stalls = [e for e in events if e.kind == "stall"]
    assert len(stalls) == 8 and (13,) in [e.ranks for e in stalls]     # NJ-18, NJ-A14


def test_opera_record_is_an_opera_with_a_short_payer():
    _, hand, _ = events_of("opera")
    result = hand.result()
    assert result.opera and hand.played_by == [0] and result.swept == 48     # NJ-24
    assert result.written_off == (0, 1, 0, 0)                                  # NJ-26


def test_short_of_chips_record_writes_off_two_payers():
    _, hand, _ = events_of("short-of-chips")
    result = hand.result()
    assert result.written_off == (0, 0, 30, 43) and result.chips[2] == result.chips[3] == 0   # NJ-26, NJ-F6


@pytest.mark.parametrize("name", OURS)
def test_notebook_is_stored_executed_and_stable(name):
    nb = notebook(name)
    assert "widgets" not in nb["metadata"]
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        assert cell["execution_count"] is not None, source
        tags = cell["metadata"].get("tags", [])
        if VOLATILE.search(source.splitlines()[-1]):
            assert "nbval-ignore-output" in tags, f"widget or plotly output not tagged: {source!r}"
        if "nbval-ignore-output" in tags:
            continue
        for out in cell["outputs"]:
            text = json.dumps(out)
            assert not re.search(r"0x[0-9a-fA-F]{6,}", text), source
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {}), source
            assert "application/vnd.plotly.v1+json" not in out.get("data", {}), source


@pytest.mark.parametrize("name", OURS)
def test_notebook_links_resolve(name):
    text = "\n".join("".join(c["source"]) for c in notebook(name)["cells"] if c["cell_type"] == "markdown")
    for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        assert (NOTEBOOKS / target).exists(), target
