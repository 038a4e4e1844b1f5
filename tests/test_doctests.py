"""Every example in the library's docstrings runs and gives what it shows."""

import doctest
import importlib
import pkgutil

import pytest

import cardlib

ALL = sorted(m.name for m in pkgutil.walk_packages(cardlib.__path__, "cardlib.") if m.name != "cardlib.__main__")


def _has_examples(name: str) -> bool:
    module = importlib.import_module(name)
    return any(t.examples for t in doctest.DocTestFinder().find(module))


#: the modules whose docstrings hold examples (a module without any would run an empty test)
MODULES = [name for name in ALL if _has_examples(name)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, cardlibs_own_games):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_the_modules_with_examples_are_found():
    assert len(MODULES) >= 40 and len(MODULES) < len(ALL)
    assert "cardlib.cards" in MODULES and "cardlib.errors" not in MODULES


def test_some_modules_have_examples():
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted
                    for n in ("cardlib.cards", "cardlib.records", "cardlib.saricuce", "cardlib.display"))
    assert attempted >= 8
