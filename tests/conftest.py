"""The whole suite runs with the tests' third game registered (tests/thirdgame): every test that serves
"every game" (the contract suite, the entry points) runs over it too."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "thirdgame"))

import highcard  # noqa: E402

from cardlib.games import register  # noqa: E402

register(highcard.GAME)        # the one line a game needs (docs/engine-api.md, "Adding a game")


import pytest  # noqa: E402


@pytest.fixture
def cardlibs_own_games():
    """For the documentation's examples (README, docstrings), which show what a user sees: the registry
    without the tests' third game, for the length of the test."""
    from cardlib.games import GAMES
    saved = dict(GAMES)
    GAMES.pop(highcard.GAME.name, None)
    yield
    GAMES.clear()
    GAMES.update(saved)


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    """The command line speaks the language of LC_ALL, LC_MESSAGES or LANG (issue 25): the suite runs with
    none of them naming a language, whatever the machine's locale; a test that wants one sets it."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
