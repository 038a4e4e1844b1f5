"""A game is one folder (issue 22): its faces live in its package and are named on its GameSpec, the rules
never import pictures, widgets or the search, nothing outside a game package imports one by name, and the
import graph has no circle between a game and the search or the pictures.  Read from the source (ast),
every import statement, at module level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardlib.engine import GameSpec
from cardlib.games import GAMES

CARDLIB = Path(__file__).parents[2] / "cardlib"
OWN = [spec for spec in GAMES.values() if spec.hand.__module__.startswith("cardlib.")]
GAME_PACKAGES = {spec.hand.__module__.rsplit(".", 1)[0] for spec in OWN}
FACE_PACKAGES = ("cardlib.display", "cardlib.plots", "cardlib.widgets", "cardlib.expert")
#: modules outside the game packages that still name one, each with the reason (none should stay)
NOT_YET: dict[str, str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(CARDLIB.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in CARDLIB.rglob("*.py")}


def imports(module: str, top_level_only: bool = False) -> set[str]:
    """The cardlib modules that ``module`` imports (a submodule import counts its parent packages too)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = []
    for node in (tree.body if top_level_only else ast.walk(tree)):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        nodes += [n for n in ([node] if top_level_only else [node]) if isinstance(n, (ast.Import, ast.ImportFrom))]
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
            names = [f"{target}.{a.name}" for a in node.names]
            found |= {n if n in MODULES else target for n in names}
        else:
            found |= {a.name for a in node.names}
    out = set()
    for name in found:
        parts = name.split(".")
        out |= {".".join(parts[:k]) for k in range(2, len(parts) + 1) if ".".join(parts[:k]) in MODULES}
    return out - {module}


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def faces_of(spec: GameSpec) -> set[str]:
    """The spec's face modules, and the game's private modules (a leading underscore: compiled kernels)."""
    package = spec.hand.__module__.rsplit(".", 1)[0]
    named = {getattr(spec, face) for face in GameSpec.FACES if getattr(spec, face)}
    inside = {m for m in MODULES if any(in_package(m, face) for face in named)}      # a face may be a package
    private = {m for m in MODULES if in_package(m, package) and m.rsplit(".", 1)[-1].startswith("_")}
    return named | inside | private


def test_every_face_module_exists_and_is_inside_its_game():
    for spec in OWN:
        package = spec.hand.__module__.rsplit(".", 1)[0]
        for face in GameSpec.FACES:
            path = getattr(spec, face)
            if path is not None:
                assert path in MODULES and in_package(path, package), (spec.name, face, path)
                assert spec.face(face) is not None


@pytest.mark.parametrize("spec", OWN, ids=[s.name for s in OWN])
def test_the_rules_never_import_pictures_widgets_or_the_search(spec):
    package = spec.hand.__module__.rsplit(".", 1)[0]
    faces = faces_of(spec)
    rules = [m for m in MODULES if in_package(m, package) and m not in faces]
    assert len(rules) >= 8
    for module in rules:
        bad = {m for m in imports(module) if m in faces or any(in_package(m, p) for p in FACE_PACKAGES)}
        assert not bad, f"{module} imports {sorted(bad)}"


def test_the_check_sees_a_rules_module_importing_a_picture():
    assert "cardlib.display" in imports("cardlib.saricuce.picture")
    assert any(in_package(m, "cardlib.expert") for m in imports("cardlib.pisyedili.expert"))


def test_no_module_outside_a_game_package_imports_one():
    seen = []
    for module in MODULES:
        if module == "cardlib.games" or any(in_package(module, p) for p in GAME_PACKAGES):
            continue
        named = {m for m in imports(module) if any(in_package(m, p) for p in GAME_PACKAGES)}
        if named:
            seen.append(module)
            assert module in NOT_YET, f"{module} imports {sorted(named)}: ask cardlib.games / the GameSpec"
    assert set(NOT_YET) <= set(seen), f"no longer importing a game, take them off NOT_YET: {set(NOT_YET) - set(seen)}"


def test_no_import_circle_between_a_game_and_its_faces():
    """Module-level imports only (what runs at import time): no strongly connected part of the graph holds
    both a game's module and a module of the pictures, plots, widgets or the search."""
    graph = {m: imports(m, top_level_only=True) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(part)

    for v in graph:
        if v not in index:
            visit(v)
    assert circles, "the package-internal circles (a submodule importing its package) should be found"
    for part in circles:
        games = {m for m in part if any(in_package(m, p) for p in GAME_PACKAGES)}
        faces = {m for m in part if any(in_package(m, p) for p in FACE_PACKAGES)}
        assert not (games and faces), f"import circle between {sorted(games)} and {sorted(faces)}"


def game_names_in_code(source: str) -> list[int]:
    """The lines of ``source`` that spell a registered game's name in code: a dict key, a tuple of names, a
    comparison ... (a docstring's example and a default argument value aside)."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body and \
                isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skip.add(id(node.body[0].value))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip |= {id(d) for d in node.args.defaults + node.args.kw_defaults if d is not None}
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant) and id(node) not in skip
            and isinstance(node.value, str) and node.value in GAMES]


def test_the_check_sees_a_table_keyed_by_a_game():
    assert game_names_in_code('"""A doc: simulate("sari-cuce")."""\ndef f(game="sari-cuce"):\n    pass\n') == []
    assert game_names_in_code('SECONDS = {("fast", "sari-cuce"): 6e-6}\n') == [1]
    assert game_names_in_code('GAMES = ("sari-cuce",\n         "pis-yedili")\n') == [1, 2]


def test_no_module_outside_a_game_package_names_one_in_its_code():
    """No side table keyed by a game's name (the fast engines', the cost per hand ...): the spec and its faces
    say everything about a game."""
    found = {}
    for module, path in MODULES.items():
        if module == "cardlib.games" or any(in_package(module, p) for p in GAME_PACKAGES):
            continue
        if lines := game_names_in_code(path.read_text(encoding="utf-8")):
            found[module] = lines
    assert found == {}
