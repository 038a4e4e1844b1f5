"""environment.yml (for conda users) lists the same packages, with the same lower bounds, as pyproject.toml."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _split(spec: str) -> tuple[str, str]:
    m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(>=\s*[0-9][0-9a-zA-Z.]*)?\s*", spec)
    assert m, f"cannot read requirement {spec!r}"
    return m.group(1).lower().replace("_", "-"), (m.group(2) or "").replace(" ", "")


def test_environment_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = dict(_split(s) for s in project["dependencies"] + project["optional-dependencies"]["test"])
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed: dict[str, str] = {}
    pip_lines: list[str] = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_lines += dep["pip"]
            continue
        name, bound = _split(dep)
        listed[name] = bound
    for line in pip_lines:
        if line.startswith("-e"):
            continue
        name, bound = _split(line)
        listed[name] = bound
    assert listed.pop("python") == ">=" + project["requires-python"].removeprefix(">=")
    listed.pop("pip")
    assert listed == wanted
    assert "-e ." in pip_lines, "environment.yml must install cardlib itself with pip"
