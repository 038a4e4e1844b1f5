"""The registry finds other packages' games (entry points, importlib.metadata: ~40 ms of a command line
call's 200) only when it is listed or asked for a name it does not hold (issue 23, the pipeline's speed)."""

from __future__ import annotations

import pytest

from cardlib import games


@pytest.fixture
def registry(monkeypatch):
    calls = []
    monkeypatch.setattr(games._Registry, "_installed", False)
    monkeypatch.setattr(games, "_register_installed", lambda: calls.append(1))
    r = games._Registry()
    r["sari-cuce"] = games.GAMES["sari-cuce"]
    return r, calls


def test_a_known_name_does_not_look_further(registry):
    r, calls = registry
    assert "sari-cuce" in r and r["sari-cuce"].name == "sari-cuce" and r.get("sari-cuce") is not None
    assert "sari-cuce" in games.GameChoices()
    assert calls == []


@pytest.mark.parametrize("ask", [list, len, lambda r: r.keys(), lambda r: r.items(), lambda r: "high-card" in r,
                                 lambda r: r.get("high-card")])
def test_listing_or_a_miss_looks_once(registry, ask):
    r, calls = registry
    ask(r)
    ask(r)
    assert calls == [1]


def test_an_unknown_game_still_names_the_known_ones():
    from cardlib.errors import InvalidOptionError
    with pytest.raises(InvalidOptionError, match="'belote' is not one of sari-cuce, pis-yedili"):
        games.find_game("belote")
