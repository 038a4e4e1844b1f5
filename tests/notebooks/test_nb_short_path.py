"""The short path (issue 24): one notebook per game for a learner who wants to play tonight: the rules on one
screen, one explorer stored with its picture and sentence, one hand played to its end from a record, and
the way on to a table and to the full series."""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SHORT = {"02_sari_cuce_short": ("NextPlayerExplorer", "sari_cuce_table.ipynb", "10_sari_cuce_board_and_deal.ipynb"),
         "03_pis_yedili_short": ("WhatMayIPlay", "pis_yedili_table.ipynb", "20_pis_yedili_basics.ipynb")}
EXPLORER = re.compile(r"\b[A-Z]\w*(Explorer|WhatMayIPlay|SevenChain|WhoPlaysNext|AceTurn|SayTek|HandScore)\(|"
                      r"\bWhatMayIPlay\(")


def cells(name):
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


@pytest.mark.parametrize("name", SHORT)
def test_the_rules_fit_on_one_screen(name):
    (rules,) = [source(c) for c in cells(name) if source(c).startswith("## The rules")]
    assert len(rules.splitlines()) <= 30 and len(rules.split()) <= 400       # one screen at the usual size
    assert not re.search(r"`\w+ = |\bseat \d|NJ-|PY-|Decision", rules)       # a player's words, no codes


@pytest.mark.parametrize("name", SHORT)
def test_one_explorer_stored_with_its_picture_and_sentence(name):
    explorer, _, _ = SHORT[name]
    made = [c for c in cells(name) if c["cell_type"] == "code" and EXPLORER.search(source(c))]
    assert len(made) == 1 and explorer in source(made[0])
    (out,) = made[0]["outputs"]
    # what a viewer shows: with an image present text/plain is never shown, so the picture and the sentence
    # must both be in the visible form (text/html)
    html = "".join(out["data"].get("text/html", ""))
    assert re.search(r'<img\b[^>]*src="data:image/png;base64,', html), "no picture in the visible form"
    sentence = re.search(r'class="cardlib-explorer-sentence"[^>]*>([^<]*)<', html)
    assert sentence and len(sentence.group(1)) > 80, "the explorer's sentence is not in its visible form"


@pytest.mark.parametrize("name", SHORT)
def test_one_hand_played_to_its_end(name):
    code = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "code")
    assert re.search(r'load_record\("records/[^"]+\.json"\)', code) and ".replay()" in code
    narrated = [c for c in cells(name) if "narrate(hand.events" in source(c)]
    text = "".join(narrated[0]["outputs"][0]["data"]["text/plain"])
    assert len(text.splitlines()) >= 20 and re.search(r"wins the hand|goes out", text)


@pytest.mark.parametrize("name", SHORT)
def test_the_way_on_to_a_table_and_the_series(name):
    _, table, series = SHORT[name]
    prose = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "markdown")
    assert f"]({table})" in prose and f"]({series})" in prose and "](00_index.ipynb)" in prose
