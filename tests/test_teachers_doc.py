"""docs/teachers.md: linked from the README, its examples run and give what they show (the worked example's
exact answer and its simulation), and the lesson template it points to is a notebook of the series."""

import doctest
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "teachers.md"


def test_linked_from_the_readme():
    assert "(docs/teachers.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_its_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted >= 12


def test_the_worked_example_answers_exactly_and_by_simulation():
    text = DOC.read_text(encoding="utf-8")
    assert "dealt to nobody with 6 players" in text and "1/13 ≈ 0.0769231" in text
    assert "card_dead(6) in estimate" in text


def test_the_template_lesson_exists_and_is_the_worked_example():
    links = re.findall(r"\]\(\.\./(notebooks/[^)]+\.ipynb)\)", DOC.read_text(encoding="utf-8"))
    assert "notebooks/lesson_template.ipynb" in links
    nb = json.loads((ROOT / "notebooks" / "lesson_template.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "card_dead(PLAYERS)" in code and "mc.card_dead(PLAYERS" in code and "assert exact in estimate" in code
    assert "style(fig" in code
