"""Stored notebooks: executed top to bottom, no saved widget state, no errors, not huge, all in the index."""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_series_is_there():
    names = {p.name for p in NOTEBOOKS}
    assert {"00_index.ipynb", "sari_cuce_table.ipynb", "pis_yedili_table.ipynb"} <= names
    assert len(NOTEBOOKS) >= 15


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_stored_executed_and_clean(path):
    nb = load(path)
    assert "widgets" not in nb["metadata"], "saved widget state: run `make notebooks` (it strips it)"
    counts = [c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert counts == list(range(1, len(counts) + 1)), "not executed once, top to bottom"
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"an error is stored in {path.name}"
            assert out.get("name") != "stderr", f"stderr is stored in {path.name}: {''.join(out.get('text', ''))[:200]}"
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})
    assert path.stat().st_size < 1_500_000


def test_the_index_links_every_notebook_and_only_existing_ones():
    index = "".join("".join(c["source"]) for c in load(ROOT / "notebooks" / "00_index.ipynb")["cells"])
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", index))
    assert all((ROOT / "notebooks" / link).exists() for link in links), links
    top = {p.name for p in NOTEBOOKS if p.parent == ROOT / "notebooks" and p.name != "00_index.ipynb"}
    assert top <= links, f"not in the index: {sorted(top - links)}"


def index_text() -> str:
    return "".join("".join(c["source"]) for c in load(ROOT / "notebooks" / "00_index.ipynb")["cells"])


def test_the_index_gives_each_notebook_its_reading_time_by_its_own_method():
    """Issue 24: 200 words and 8 code lines a minute, rounded to 5 (tools/reading_time.py)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from reading_time import rounded
    rows = re.findall(r"\]\(([^)]+\.ipynb)\) \|[^|\n]*\| (\d+) min", index_text())
    assert len(rows) >= 18, rows
    wrong = [(link, int(stated), rounded(ROOT / "notebooks" / link)) for link, stated in rows
             if int(stated) != rounded(ROOT / "notebooks" / link)]
    assert wrong == [], "index time, method time: " + repr(wrong)


def test_the_short_path_comes_first_in_the_index():
    text = index_text()
    first = min(text.index("02_sari_cuce_short.ipynb"), text.index("03_pis_yedili_short.ipynb"))
    assert first < text.index("## The series") < text.index("10_sari_cuce_board_and_deal.ipynb")
