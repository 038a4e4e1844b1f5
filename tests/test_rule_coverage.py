"""Every rule id is taught: cited in the project's rules reference, in a test, and in a notebook.

The rule ids come from the rule set we play by (shared/RULES.md beside the checkout when it is there,
otherwise the project's own references in docs/, which list every id).
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"
ID = re.compile(r"\b(NJ-(?:F|A)?\d+|PY-(?:F|A)?\d+[A-Z]?b?|PY-T\d+b?|PY-J\d)\b")


def ids_in(text: str) -> set[str]:
    return set(ID.findall(text))


def rule_ids() -> set[str]:
    if SHARED_RULES.exists():
        return ids_in(SHARED_RULES.read_text(encoding="utf-8"))
    return ids_in((ROOT / "docs" / "rules-sari-cuce.md").read_text()) | ids_in((ROOT / "docs" / "rules-pis-yedili.md").read_text())


def notebook_text(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c.get("source", "")) for c in nb["cells"])


def test_the_rule_set_has_all_its_ids():
    ids = rule_ids()
    assert {"NJ-01", "NJ-28", "NJ-F6", "NJ-A20", "PY-01", "PY-31", "PY-T5", "PY-J2", "PY-F14", "PY-A30"} <= ids


@pytest.mark.parametrize("where", ["docs", "tests", "notebooks"])
def test_every_rule_id_is_cited(where):
    ids = rule_ids()
    if where == "docs":
        cited = set().union(*(ids_in(p.read_text(encoding="utf-8")) for p in (ROOT / "docs").glob("rules-*.md")))
    elif where == "tests":
        cited = set()
        for p in (ROOT / "tests").rglob("*.py"):
            if p.name == Path(__file__).name:
                continue
            text = p.read_text(encoding="utf-8")
            cited |= ids_in(text) | ids_in(text.replace("_", "-"))
    else:
        cited = set().union(*(ids_in(notebook_text(p)) for p in (ROOT / "notebooks").rglob("*.ipynb")))
    missing = sorted(ids - cited)
    assert not missing, f"rule ids never cited in {where}/: {' '.join(missing)}"
