"""The README's examples stay true (like python-chess's `python -m doctest README.rst`)."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples(cardlibs_own_games):
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 6
    assert result.failed == 0


def test_readme_shows_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
