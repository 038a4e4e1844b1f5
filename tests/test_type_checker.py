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
