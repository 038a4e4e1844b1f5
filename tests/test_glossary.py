"""The glossary's entries (notebooks/01_glossary.ipynb): each names a rule and the notebook that teaches it,
and that notebook exists and cites the rule.  (Moved out of the glossary, where the reader found it noise.)"""

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ROW = re.compile(r"^\| \*\*(.+?)\*\* \| .+ \| (\S+) \| \[\d+\]\((.+?\.ipynb)\) \|$", re.M)


def prose(name: str) -> str:
    """The markdown of a notebook, as one text."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def test_every_glossary_entry_points_to_a_notebook_that_cites_its_rule():
    entries = ROW.findall(prose("01_glossary.ipynb"))
    unsupported = [(word, rule, notebook) for word, rule, notebook in entries
                   if not (NOTEBOOKS / notebook).exists()
                   or (rule != "—" and not re.search(rf"\b{re.escape(rule)}\b", prose(notebook)))]
    assert len(entries) > 40 and unsupported == []


def test_the_check_can_fail():
    row = "| **stock** | The pile. | PY-99 | [20](20_pis_yedili_basics.ipynb) |"
    ((word, rule, notebook),) = ROW.findall(row)
    assert (word, rule) == ("stock", "PY-99") and not re.search(rf"\b{rule}\b", prose(notebook))


def test_the_runs_picture_says_what_the_hand_did():
    """The glossary's runs-and-stalls prose (its third cell): the first run climbs from the 3♦ to the K♥, the
    second stops at the 8♠ because every other 9 is dead and the 9♣ was played in the first run."""
    from cardlib import display, saricuce

    stall = json.loads((NOTEBOOKS / "records" / "sari-cuce-stall.json").read_text(encoding="utf-8"))
    runs = [" ".join(map(str, run)) for run in saricuce.runs_of(display.as_hand(stall).played)]
    assert runs[0].startswith("3D") and runs[0].endswith("KH") and runs[1].endswith("8S")
    assert {"9D", "9H", "9S"} <= set(stall["end"]["dead"].split()) and "9C" in runs[0].split()
