"""Issue 10: outside the game packages and the registry, code finds a game through a registry (a dict keyed by
the game's name, :data:`cardlib.games.GAMES`), never by testing its name (``if game == "sari-cuce"``)."""

import ast
from pathlib import Path

from cardlib.games import GAMES

CARDLIB = Path(__file__).resolve().parents[2] / "cardlib"
OWN = {"saricuce", "pisyedili"}          # a game package may name itself


def _names_a_game(node: ast.AST) -> bool:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game(e) for e in node.elts)
    if isinstance(node, ast.Constant) and node.value in GAMES:
        return True
    # SARI_CUCE.name, GAME.name, saricuce.GAME.name ...
    if not (isinstance(node, ast.Attribute) and node.attr == "name"):
        return False
    owner = ast.unparse(node.value).upper().replace("_", "")
    return any(word in owner for word in ("GAME", "SARICUCE", "PISYEDILI"))


def name_tests(source: str) -> list[int]:
    """The lines of ``source`` that compare something with a game's name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(_names_a_game(n) for n in [node.left, *node.comparators]):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_a_name_test():
    assert name_tests('if game == "sari-cuce":\n    pass\n') == [1]
    assert name_tests("x = a if game != PIS_YEDILI.name else b\n") == [1]
    assert name_tests("if spec.name in (saricuce.GAME.name,):\n    pass\n") == [1]
    assert name_tests("KERNELS = {k.name: k for k in ks}\n") == []


def test_no_game_name_tests_outside_the_game_packages():
    found = {}
    for path in sorted(CARDLIB.rglob("*.py")):
        rel = path.relative_to(CARDLIB)
        if rel.parts[0] in OWN or rel.name == "games.py":
            continue
        if lines := name_tests(path.read_text(encoding="utf-8")):
            found[str(rel)] = lines
    assert found == {}
