"""The examples in the Pis Yedili docstrings stay true."""

import doctest
import importlib

import pytest

MODULES = ["cardlib.pisyedili", "cardlib.pisyedili.hand", "cardlib.pisyedili.match", "cardlib.pisyedili.rules",
           "cardlib.pisyedili.moves", "cardlib.pisyedili.scoring"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
