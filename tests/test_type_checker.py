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


def _listed(override: dict) -> list[str]:
    return override["module"] if isinstance(override["module"], list) else [override["module"]]


def _numba_compiled(path: Path) -> list[str]:
    """The module-level functions of ``path`` that numba compiles (``@njit``, ``@jit``, ``@intrinsic``)."""
    import ast

    def numba(decorator: ast.expr) -> bool:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        return name in ("njit", "jit", "intrinsic")

    tree = ast.parse(path.read_text())
    return [f.name for f in tree.body if isinstance(f, ast.FunctionDef) and any(numba(d) for d in f.decorator_list)]


def test_only_the_numba_kernels_are_exempt_from_the_type_checker():
    """Issue 23: every module is type-checked but the numba kernels (mypy cannot type njit functions; the
    override in pyproject.toml says why): each module whose errors are ignored is named (no pattern) and
    compiles its functions with numba.  Nor does a file switch the checker off itself."""
    config = _mypy_config()
    assert config["files"] == ["cardlib"] and "exclude" not in config and "ignore_errors" not in config
    assert not [o for o in config["overrides"] if o.get("follow_imports") in ("skip", "silent")]
    exempt = [o for o in config["overrides"] if o.get("ignore_errors") is True]
    assert len(exempt) == 1, "one override lists the kernels"
    kernels = _listed(exempt[0])
    assert "cardlib.saricuce.kernel._kernel" in kernels and "cardlib.pisyedili.kernel._kernel" in kernels
    for module in kernels:
        assert "*" not in module, f"{module}: the kernels are named one by one"
        path = ROOT / (module.replace(".", "/") + ".py")
        assert path.is_file(), f"{module} is not a module of cardlib"
        assert _numba_compiled(path), f"{module} compiles nothing with numba: it is type-checked like the rest"
    for path in sorted((ROOT / "cardlib").rglob("*.py")):
        text = path.read_text()
        assert not re.search(r"^#\s*(mypy:\s*ignore-errors|type:\s*ignore)", text, re.M), \
            f"{path.relative_to(ROOT)} switches the type checker off for the whole file"


def test_the_numba_test_tells_a_kernel(tmp_path):
    """The check above tells a module of njit functions from one without."""
    kernel, plain = tmp_path / "k.py", tmp_path / "p.py"
    kernel.write_text("from numba import njit\n\n@njit(cache=True)\ndef f(x):\n    return x\n")
    plain.write_text("import numba\n\ndef f(x):\n    return numba.njit(x)\n")
    assert _numba_compiled(kernel) == ["f"] and _numba_compiled(plain) == []


def test_every_type_ignore_names_its_error_and_says_why():
    """A ``# type: ignore`` names the error code it silences (mypy's ``ignore-without-code``, on in
    pyproject.toml) and has a comment saying why, on its line or just above."""
    assert "ignore-without-code" in _mypy_config().get("enable_error_code", [])
    found = 0
    for path in sorted((ROOT / "cardlib").rglob("*.py")):
        lines = path.read_text().splitlines()
        for k, line in enumerate(lines):
            m = re.search(r"#\s*type:\s*ignore(\[[^\]]*\])?(.*)$", line)
            if not m:
                continue
            found += 1
            where = f"{path.relative_to(ROOT)}:{k + 1}"
            assert m.group(1), f"{where}: the ignore names no error code"
            j = k - 1
            while j >= 0 and lines[j].strip().startswith("@"):      # the decorators of a def
                j -= 1
            above = lines[j].strip() if j >= 0 else ""
            assert m.group(2).strip().startswith("#") or above.startswith("#"), f"{where}: the ignore says not why"
    assert found <= MAX_IGNORES, f"{found} type: ignores in cardlib, at most {MAX_IGNORES}: type the code instead"


#: the `# type: ignore`s cardlib needs (issue 23): StaticView's mixin call, the explorers' __init__ wrapped to
#: take language= and the cli's read-only encoding
MAX_IGNORES = 3
