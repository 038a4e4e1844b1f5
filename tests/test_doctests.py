"""Every example in the library's docstrings runs and gives what it shows."""

import doctest
import importlib
import pkgutil

import pytest

import cardlib

MODULES = sorted(m.name for m in pkgutil.walk_packages(cardlib.__path__, "cardlib.") if m.name != "cardlib.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, cardlibs_own_games):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_some_modules_have_examples():
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted
                    for n in ("cardlib.cards", "cardlib.records", "cardlib.saricuce", "cardlib.display"))
    assert attempted >= 8
