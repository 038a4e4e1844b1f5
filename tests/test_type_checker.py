"""The type checker (mypy, configured in pyproject.toml's [tool.mypy]) runs first in `make test` and
`make test-quick`, and a type error makes it fail.  (The check of cardlib/ itself is the Makefile step; it
is not repeated here.)"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _recipe(target: str) -> list[str]:
    text = (ROOT / "Makefile").read_text()
    m = re.search(rf"^{re.escape(target)}:[^\n]*\n((?:\t[^\n]*\n)+)", text, re.M)
    assert m, f"no target {target!r} in the Makefile"
    return [line.strip() for line in m.group(1).splitlines()]


def test_make_test_targets_run_mypy_before_pytest():
    for target in ("test", "test-quick"):
        steps = _recipe(target)
        assert steps[0] == "$(BIN)/python -m mypy", (target, steps)
        assert any("-m pytest" in s for s in steps[1:]), (target, steps)


@pytest.mark.process
def test_mypy_fails_on_a_type_error(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from cardlib.cards import Card\n\ncard: Card = Card.parse(7)\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           str(bad)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert 'Argument 1 to "parse" of "Card" has incompatible type "int"' in done.stdout


#: the flags of mypy's --strict that can be set per module (``strict`` itself is global only); the global ones
#: (warn_unused_ignores, warn_redundant_casts, check_untyped_defs) are checked below too
STRICT_FLAGS = {"disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
                "disallow_incomplete_defs", "disallow_untyped_decorators", "warn_return_any", "no_implicit_reexport",
                "strict_equality", "extra_checks"}
#: the core modules that pass --strict (issue 23) besides the games' rules modules, with the small ones every
#: game imports
CORE = {"cardlib.cards", "cardlib.engine", "cardlib.games", "cardlib.series", "cardlib.seeds", "cardlib.records",
        "cardlib.bots", "cardlib.errors", "cardlib.jsonio", "cardlib.options", "cardlib.rng"}


def _mypy_config() -> dict:
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def _rules_modules() -> set[str]:
    """Every module of cardlib's own games but their faces (picture, outcome, charts, explorers, expert, odds,
    the fast kernel): the rules, bots, events, tallies and series."""
    import pkgutil

    import cardlib.pisyedili
    import cardlib.saricuce

    out = set()
    for package in (cardlib.pisyedili, cardlib.saricuce):
        spec = package.GAME
        faces = {getattr(spec, face) for face in spec.FACES if getattr(spec, face)} | {package.__name__ + ".kernel"}
        out.add(package.__name__)
        for m in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not any(m.name == f or m.name.startswith(f + ".") for f in faces):
                out.add(m.name)
    return out


def test_the_core_and_rules_modules_are_checked_strictly():
    config = _mypy_config()
    strict = [o for o in config["overrides"] if STRICT_FLAGS <= {k for k, v in o.items() if v is True}]
    assert len(strict) == 1, "one override sets the --strict flags"
    listed = set(strict[0]["module"])
    want = CORE | _rules_modules()
    assert len(want) > 40 and "cardlib.pisyedili.state" in want and "cardlib.saricuce.play" in want
    assert not want - listed, f"not checked strictly: {sorted(want - listed)}"
    assert not listed - want, f"listed but not a core or rules module: {sorted(listed - want)}"
    assert all(config.get(flag) is True for flag in ("warn_unused_ignores", "warn_redundant_casts", "check_untyped_defs"))
    # no other override switches a strict module's checks off again
    for o in config["overrides"]:
        modules = o["module"] if isinstance(o["module"], list) else [o["module"]]
        if o is not strict[0] and (o.get("ignore_errors") or any(o.get(flag) is False for flag in STRICT_FLAGS)):
            hit = [m for m in modules if m in listed or any(m.endswith(".*") and x.startswith(m[:-1]) for x in listed)]
            assert not hit, f"{hit} are relaxed by another override"


@pytest.mark.process
def test_mypy_strict_passes_on_the_core_and_rules_modules():
    """The same check from the command line: ``mypy --strict`` on exactly those modules."""
    modules = sorted(CORE | _rules_modules())
    args = [a for m in modules for a in ("-m", m)]
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
