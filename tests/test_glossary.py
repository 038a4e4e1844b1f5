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
