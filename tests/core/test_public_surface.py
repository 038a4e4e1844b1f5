"""The public surface (issue 23): the modules a notebook imports from, one home for each public name, and the
names that moved still readable where users had them, with a warning.  docs/engine-api.md, "What is public",
says the same in words."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import warnings
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

# what a notebook (and a teacher) imports from: the front door, the lessons' vocabulary, the widgets, plots,
# probability and simulation, pictures, records, the expert, and the two games
PUBLIC = ("cardlib", "cardlib.lessons", "cardlib.glossary",
          "cardlib.widgets", "cardlib.plots", "cardlib.prob", "cardlib.simulate",
          "cardlib.display", "cardlib.records", "cardlib.expert", "cardlib.saricuce", "cardlib.pisyedili",
          # the classroom (issue 26): a lesson asks the class a question (``from cardlib.classroom import dealt``)
          "cardlib.classroom",
          # the two ways of answering a question, side by side (``from cardlib.prob import exact, montecarlo as mc``)
          "cardlib.prob.exact", "cardlib.prob.montecarlo")
# modules below those that a notebook may still import: none since notebooks 22 and 33 read the fast engine
# through simulate(engine="fast").table (issue 23's one table)
NOT_YET: set[str] = set()
# cardlib itself re-exports these modules' names (the front door): not a second home
FRONT_DOOR = {"cardlib.cards", "cardlib.rng", "cardlib.seeds", "cardlib.errors", "cardlib.i18n"}


def _imports(nb: Path) -> list[tuple[str, list[str]]]:
    found = []
    for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tree = ast.parse("\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardlib"):
                found.append((node.module, [a.name for a in node.names]))
            elif isinstance(node, ast.Import):
                found += [(a.name, []) for a in node.names if a.name.startswith("cardlib")]
    return found


def _modules(imports: list[tuple[str, list[str]]]) -> list[str]:
    """The modules imported, ``from cardlib import fast`` counting as ``cardlib.fast``."""
    modules = []
    for module, names in imports:
        mod = importlib.import_module(module)
        subs = [f"{module}.{n}" for n in names if isinstance(getattr(mod, n, None), ModuleType)
                or (not hasattr(mod, n) and importlib.util.find_spec(f"{module}.{n}") is not None)]
        modules += subs or [module]
    return modules


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebooks_import_from_public_modules_only(nb):
    wrong = [module for module in _modules(_imports(nb)) if module not in PUBLIC and module not in NOT_YET]
    assert not wrong, f"{nb.name} imports below the public modules: {wrong}"
    private = [(module, n) for module, names in _imports(nb) for n in names if n.startswith("_")]
    assert not private, f"{nb.name} imports private names: {private}"


def test_the_check_sees_a_deep_import(tmp_path):
    nb = tmp_path / "deep.ipynb"
    nb.write_text(json.dumps({"cells": [{"cell_type": "code", "source": ["from cardlib.pisyedili.scoring import hand_value\n",
                                                                         "from cardlib.prob import _private"]}]}))
    assert _imports(nb) == [("cardlib.pisyedili.scoring", ["hand_value"]), ("cardlib.prob", ["_private"])]
    assert _modules([("cardlib", ["Card", "fast"]), ("cardlib.prob", ["show"])]) == ["cardlib.fast", "cardlib.prob"]


def _homes() -> dict[tuple[str, int], list[str]]:
    homes: dict[tuple[str, int], list[str]] = {}
    for module in PUBLIC[:-2] + ("cardlib.events", "cardlib.games", "cardlib.series", "cardlib.engine") + tuple(FRONT_DOOR):
        mod = importlib.import_module(module)
        for name in getattr(mod, "__all__", ()):
            value = getattr(mod, name)
            key = (name, hash(value) if isinstance(value, (int, str, float, tuple, frozenset)) else id(value))
            homes.setdefault(key, []).append(module)
    return homes


def test_each_public_name_has_one_home():
    twice = {name: modules for (name, _), modules in _homes().items()
             if len([m for m in modules if not (m in FRONT_DOOR and "cardlib" in modules)]) > 1}
    assert not twice, f"names exported from more than one public module: {twice}"


def test_the_estimates_live_in_prob():
    from cardlib import prob
    assert {"Estimate", "estimates", "wilson", "mean_interval", "Z95"} <= set(prob.__all__)
    homes = _homes()
    assert [m for (name, _), m in homes.items() if name == "Estimate"] == [["cardlib.prob"]]


@pytest.mark.parametrize("module, name, home", [
    ("cardlib.lessons", "Estimate", "cardlib.prob"), ("cardlib.lessons", "estimates", "cardlib.prob"),
    ("cardlib.simulate", "wilson", "cardlib.prob"), ("cardlib.simulate", "mean_interval", "cardlib.prob"),
    ("cardlib.simulate", "hand_seed", "cardlib.seeds"),
])
def test_a_moved_name_still_works_with_a_warning(module, name, home):
    with pytest.warns(DeprecationWarning, match=f"{module}.{name} is deprecated: import it from {home}"):
        old = getattr(importlib.import_module(module), name)
    assert old is getattr(importlib.import_module(home), name)
    assert name not in importlib.import_module(module).__all__


def test_an_unknown_name_is_still_an_attribute_error():
    import cardlib.lessons
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="'cardlib.lessons' has no attribute 'Estimat'"):
            cardlib.lessons.Estimat  # noqa: B018


def test_explorers_are_offered_by_the_widgets():
    from cardlib import widgets
    from cardlib.pisyedili import explorers
    assert widgets.WhatMayIPlay is explorers.WhatMayIPlay
    assert "WhatMayIPlay" in widgets.explorers_of("pis-yedili")
    with pytest.raises(AttributeError, match="no attribute 'NoSuchExplorer'"):
        widgets.NoSuchExplorer  # noqa: B018


@pytest.mark.parametrize("module, old, home, new", [
    ("cardlib.series", "play_out", "cardlib.series", "play_to_end"),       # the lessons' play_out is another
    ("cardlib.simulate", "GAMES", "cardlib.simulate", "GAME_NAMES"),       # cardlib.games.GAMES is the registry
])
def test_a_renamed_name_still_works_with_a_warning(module, old, home, new):
    with pytest.warns(DeprecationWarning, match=f"{module}.{old} is deprecated: it is now"):
        value = getattr(importlib.import_module(module), old)
    assert value == getattr(importlib.import_module(home), new)       # (GAME_NAMES: a tuple made when read)
    assert old not in importlib.import_module(module).__all__


def test_games_per_second_is_renamed_hands_per_second():
    from cardlib.simulate import simulate
    sim = simulate("sari-cuce", n=4, series=True, seed=1, progress=False, workers=1)
    assert sim.hands_per_second == pytest.approx(sim.hands / sim.seconds)
    assert sim.series_per_second == pytest.approx(4 / sim.seconds)
    with pytest.warns(DeprecationWarning, match="games_per_second is deprecated: it counts hands"):
        assert sim.games_per_second == pytest.approx(4 / sim.seconds)
    assert simulate("sari-cuce", n=4, seed=1, progress=False, workers=1).series_per_second is None


def test_game_mode_is_renamed_series():
    """Issue 23: "game" is a rules package (game="sari-cuce"); a whole Sarı Cüce game or Pis Yedili match is a
    series: simulate(series=True), sim.series_table, the columns series and hand_in_series.  The old names
    still work, with a warning naming the new one."""
    from cardlib.errors import InvalidOptionError
    from cardlib.simulate import simulate, simulate_summary
    new = simulate("sari-cuce", n=3, series=True, seed=1, progress=False, workers=1)
    said = r"simulate\(game_mode=...\) is deprecated: it is now simulate\(series=...\)"
    with pytest.warns(DeprecationWarning, match=said):
        old = simulate("sari-cuce", n=3, game_mode=True, seed=1, progress=False, workers=1)
    assert old.series and old.table.equals(new.table) and old.series_table.equals(new.series_table)
    assert {"series", "hand_in_series"} <= set(new.table.columns) and "game" not in new.table.columns
    assert list(new.series_table.columns[:3]) == ["series", "hands", "winners"]
    for name, value in (("game_table", new.series_table), ("game_data", new.series_data), ("game_mode", True)):
        with pytest.warns(DeprecationWarning, match=f"Simulation.{name} is deprecated: it is now Simulation.series"):
            assert getattr(new, name) is value
    with pytest.warns(DeprecationWarning, match=r"simulate_summary\(game_mode=...\) is deprecated"):
        summary = simulate_summary("sari-cuce", n=3, game_mode=True, seed=1)
    assert summary.series and [r["value"] for r in summary.summary_rows()] == pytest.approx(
        [r["value"] for r in new.summary_rows()])
    with pytest.warns(DeprecationWarning, match="Summary.game_mode is deprecated: it is now Summary.series"):
        assert summary.game_mode is True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(InvalidOptionError, match="game_mode=False and series=True: give series only"):
            simulate("sari-cuce", n=3, series=True, game_mode=False, progress=False)
        with pytest.raises(InvalidOptionError, match="game_mode='yes'"):
            simulate("sari-cuce", n=3, game_mode="yes", progress=False)
