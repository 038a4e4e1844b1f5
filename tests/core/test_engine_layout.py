"""Both rules engines are laid out alike (issue 22, docs/engine-api.md "One layout for both games"): a typed,
slotted ``State`` that every rule function takes, the same module for the same concept, no module reaching
into another's private attributes, and short functions."""

import ast
import re
import dataclasses
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("pisyedili", "saricuce")
#: the modules both games have, for the same concepts (the table in docs/engine-api.md)
SHARED = ("state", "hand", "rules", "ranks", "deal", "position", "legal", "reasons", "play", "result", "journal",
          "events", "moves", "bots", "tally")
#: the modules whose functions are the rules: each public function takes the State first
RULE_MODULES = ("deal", "legal", "reasons", "play", "result", "journal")
#: a sunder name of the standard library (enum), not a module's private attribute
ALLOWED = {"_value_"}
LONGEST = 80


def _source(game: str, module: str) -> ast.Module:
    return ast.parse((ROOT / "cardlib" / game / f"{module}.py").read_text())


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_the_shared_modules(game):
    missing = [m for m in SHARED if not (ROOT / "cardlib" / game / f"{m}.py").exists()]
    assert not missing, f"cardlib/{game} lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_state_is_one_slotted_dataclass_and_the_hand_holds_it(game):
    state_cls = importlib.import_module(f"cardlib.{game}.state").State
    assert dataclasses.is_dataclass(state_cls) and "__slots__" in vars(state_cls)
    names = {f.name for f in dataclasses.fields(state_cls)}
    assert not [n for n in names if n.startswith("_")], "the state's fields have full, public names"
    package = importlib.import_module(f"cardlib.{game}")
    hand = package.GAME.hand.deal(package.GAME.rules(), seed=1)
    assert isinstance(hand.state, state_cls)
    with pytest.raises(AttributeError):
        hand.state.not_a_field = 1                       # slotted: a misspelt field is an error


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module", RULE_MODULES)
def test_the_rule_functions_take_the_state(game, module):
    tree = _source(game, module)
    checked = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.args.args:
            for arg in node.args.args:                   # no untyped bag: ``h: Any`` was the old way
                if arg.arg in ("h", "hand", "state"):
                    assert arg.annotation is not None and ast.unparse(arg.annotation) != "Any", (module, node.name)
            first = node.args.args[0]
            if first.arg == "state":
                assert first.annotation is not None and ast.unparse(first.annotation) == "State", (module, node.name)
                checked += 1
    assert checked, f"cardlib/{game}/{module}.py: no function takes the State"


def _private_reaches(tree: ast.Module) -> list[str]:
    """``x._name`` where ``x`` is not ``self``/``cls`` nor a class or function of the same module."""
    own = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and node.attr not in ALLOWED):
            base = node.value
            if isinstance(base, ast.Name) and (base.id in ("self", "cls") or base.id in own):
                continue
            if isinstance(base, ast.Call) and ast.unparse(base.func) == "super":
                continue
            out.append(f"line {node.lineno}: {ast.unparse(node)}")
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module", SHARED)
def test_no_module_reaches_into_private_attributes(game, module):
    assert _private_reaches(_source(game, module)) == []


def test_the_private_check_can_fail():
    assert _private_reaches(ast.parse("def f(hand):\n    return hand._evlog\n")) == ["line 2: hand._evlog"]
    assert _private_reaches(ast.parse("class A:\n    def f(self):\n        return self._x, A._y, super()._z\n")) == []


#: what every hand around a State shows alike, written once in cardlib.engine.StateHand
STATE_HAND_MEMBERS = ("__init__", "events", "is_over", "result", "status", "copy", "to_act", "dealer", "hands",
                      "hand_of", "_generate_legal", "_why_illegal")


def _redefined(cls: type) -> list[str]:
    return [name for name in STATE_HAND_MEMBERS if name in vars(cls)]


@pytest.mark.parametrize("game", GAMES)
def test_both_hands_share_what_reads_the_state(game):
    from cardlib.engine import StateHand

    hand = importlib.import_module(f"cardlib.{game}.hand").Hand
    assert issubclass(hand, StateHand) and _redefined(hand) == []
    assert [n for n in STATE_HAND_MEMBERS if n not in vars(StateHand)] == []
    assert _redefined(type("Again", (hand,), {"hand_of": lambda self, seat: []})) == ["hand_of"]  # can fail


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_functions_are_short(game):
    longest = []
    for module in SHARED + ("draw", "fields", "match", "game", "scoring"):
        path = ROOT / "cardlib" / game / f"{module}.py"
        if not path.exists():
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                longest.append((node.end_lineno - node.lineno + 1, f"{module}.{node.name}"))
    assert max(longest)[0] <= LONGEST, sorted(longest)[-3:]


def _layout_table() -> list[tuple[str, str, str]]:
    """The rows of docs/engine-api.md's "One layout for both games" table: concept, Pis Yedili, Sarı Cüce."""
    doc = (ROOT / "docs" / "engine-api.md").read_text(encoding="utf-8")
    section = doc[doc.index("## One layout for both games"):]
    section = section[:section.index("\n## ", 4)]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [(c.strip(), p.strip(), s.strip()) for c, p, s in rows[1:]]


def _names_missing(game: str, cell: str) -> list[str]:
    """The names a cell of the table gives that its module (the ``x.py`` named before them) does not export."""
    module, missing = None, []
    for name in re.findall(r"`([^`]+)`", cell):
        if name.endswith(".py"):
            module = importlib.import_module(f"cardlib.{game}.{name[:-3]}")
        elif module is None or name not in getattr(module, "__all__", dir(module)):
            missing.append(f"{game}: {name}")
    return missing


def test_the_layout_table_in_engine_api_names_what_the_modules_hold():
    rows = _layout_table()
    assert len(rows) >= 12 and rows[0][0] == "the state, by full name"
    missing = [m for _, py, sc in rows for m in _names_missing("pisyedili", py) + _names_missing("saricuce", sc)]
    assert missing == []
    assert _names_missing("saricuce", "`play.py` `apply`, `settle`") == ["saricuce: settle"]    # the check can fail
