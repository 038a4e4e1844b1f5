"""The probability notebooks (30, 31, 32) stay reproducible and honest, without running them.

nbval (`make test`) re-runs the notebooks and compares every stored output.  These checks read the
stored notebooks only (well under a second) and catch what nbval cannot see or would report obscurely:

- every random thing is seeded: each simulation call passes ``seed=`` (and ``simulate`` passes
  ``progress=False``, so no progress bar is stored);
- every plotly figure cell is tagged ``nbval-ignore-output`` (its JSON changes across plotly versions)
  and asserts the figure's key values, in the same cell before it shows the figure or in the next code cell;
- stored outputs hold no timings, progress bars, memory addresses, warnings or errors, and were made by
  one clean run from top to bottom;
- the notebooks write no files and cite the rules they use (NJ-02, NJ-11, NJ-19, NJ-23, NJ-24, PY-06,
  PY-07, PY-19, PY-20, PY-28, PY-30 ...).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = {
    "30": ROOT / "notebooks" / "30_odds_of_the_deal.ipynb",
    "31": ROOT / "notebooks" / "31_class_questions_sari_cuce.ipynb",
    "32": ROOT / "notebooks" / "32_class_questions_pis_yedili.ipynb",
}
#: plotly figures each notebook shows at least
FIGURES = {"30": 2, "31": 1, "32": 1}
PLOTLY = "application/vnd.plotly.v1+json"
IGNORE = "nbval-ignore-output"
#: rule ids each notebook must cite, because its lessons rest on them
CITES = {
    "30": {"NJ-02", "NJ-05", "NJ-07", "NJ-11", "NJ-19", "NJ-23", "PY-05", "PY-06", "PY-07", "PY-13", "PY-19",
           "PY-20", "PY-28"},
    "31": {"NJ-02", "NJ-06", "NJ-07", "NJ-08", "NJ-12", "NJ-19", "NJ-23", "NJ-24", "NJ-25", "NJ-26", "NJ-27",
           "NJ-28"},
    "32": {"PY-06", "PY-16", "PY-19", "PY-28", "PY-28T", "PY-30", "PY-31", "PY-T2"},
}


def load(key: str) -> dict:
    return json.loads(NOTEBOOKS[key].read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def output_text(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append("".join(out.get("text", "")))
        for mime, data in out.get("data", {}).items():
            if mime != PLOTLY and not mime.startswith("image/"):   # a picture's bytes are not text
                parts.append("".join(data) if isinstance(data, list) else str(data))
    return "\n".join(parts)


def calls(nb: dict):
    """Every function call in the notebook's code: (dotted name, ast.Call)."""
    for cell in code_cells(nb):
        for node in ast.walk(ast.parse(source(cell))):
            if isinstance(node, ast.Call):
                yield ast.unparse(node.func), node


def keywords(call: ast.Call) -> dict[str, str]:
    return {k.arg: ast.unparse(k.value) for k in call.keywords if k.arg}


@pytest.fixture(params=sorted(NOTEBOOKS))
def key(request) -> str:
    return request.param


def test_notebooks_exist_and_are_listed_in_the_index(key):
    assert NOTEBOOKS[key].exists()
    index = (ROOT / "notebooks" / "00_index.ipynb").read_text(encoding="utf-8")
    assert NOTEBOOKS[key].name in index


def test_every_simulation_is_seeded(key):
    seeded = 0
    for name, call in calls(load(key)):
        kw = keywords(call)
        if name == "simulate":
            assert "seed" in kw, f"simulate(...) without seed= in notebook {key}"
            assert kw.get("progress") == "False", f"simulate(...) without progress=False in notebook {key}"
            seeded += 1
        elif re.fullmatch(r"mc\.\w+|fast\.simulate\w*", name) and name != "mc.split_hands":
            assert "seed" in kw, f"{name}(...) without seed= in notebook {key}"
            seeded += 1
        elif name.startswith(("np.random.", "random.")):
            assert name == "np.random.default_rng" and call.args, f"unseeded randomness {name}() in notebook {key}"
            seeded += 1
    assert seeded >= 5


def test_figures_are_ignored_by_nbval_and_checked_next(key):
    cells = code_cells(load(key))
    figures = 0
    for i, cell in enumerate(cells):
        if any(PLOTLY in out.get("data", {}) for out in cell.get("outputs", [])):
            figures += 1
            assert IGNORE in cell.get("metadata", {}).get("tags", []), f"figure cell {i} is not tagged {IGNORE}"
            lines = source(cell).strip().splitlines()
            name = lines[-1].strip()
            own = "\n".join(lines[:-1])
            check = source(cells[i + 1]) if i + 1 < len(cells) else ""
            assert any("assert" in text and f"{name}." in text for text in (own, check)), \
                f"no asserts on {name} in or after figure cell {i}"
        elif IGNORE in cell.get("metadata", {}).get("tags", []):
            pytest.fail(f"cell {i} ignores its output but shows no figure")
    assert figures >= FIGURES[key]


def test_stored_outputs_are_clean_and_deterministic(key):
    cells = code_cells(load(key))
    counts = [c.get("execution_count") for c in cells]
    assert counts == list(range(1, len(cells) + 1)), "not one clean run from top to bottom"
    for i, cell in enumerate(cells):
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"cell {i} stored an error"
            assert out.get("name") != "stderr", f"cell {i} stored stderr (a warning or a progress bar?)"
        text = output_text(cell)
        assert not re.search(r"0x[0-9a-fA-F]{6,}", text), f"cell {i} shows a memory address"
        assert not re.search(r"\bit/s\b|\d+(\.\d+)? ?(s|seconds)\b|games_per_second|Simulation ", text), \
            f"cell {i} shows a timing or a Simulation repr: {text[:200]!r}"


def test_notebooks_write_no_files(key):
    for name, call in calls(load(key)):
        assert name not in {"open", "write_text", "write_bytes"} and not name.endswith(
            (".to_csv", ".to_json", ".to_parquet", ".write_html", ".write_image", ".savefig")), \
            f"notebook {key} writes a file with {name}()"


def test_notebooks_cite_the_rules_they_use(key):
    nb = load(key)
    text = "\n".join(source(c) for c in nb["cells"])
    cited = set(re.findall(r"\b(?:NJ|PY)-[A-Z]?\d+[A-Z]?b?\b", text))
    assert CITES[key] <= cited, f"notebook {key} does not cite {sorted(CITES[key] - cited)}"
