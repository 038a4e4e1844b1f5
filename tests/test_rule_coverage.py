"""Every rule id is taught: cited in the project's rules reference, in a test, and in a notebook.

The rule ids come from the rule set we play by (shared/RULES.md beside the checkout, or beside the folder
of worktrees that holds it, when it is there; otherwise the project's own references in docs/, which list
every id).
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# a checkout (/work/main) or a worktree of it (/work/wt/<name>)
SHARED_RULES = next((p for p in (ROOT.parent / "shared" / "RULES.md", ROOT.parent.parent / "shared" / "RULES.md")
                     if p.exists()), ROOT.parent / "shared" / "RULES.md")
# NJ-01, NJ-F6, NJ-A20; PY-05b, PY-09T, PY-28B, PY-F14, PY-A30, PY-P1 (pairs, §2.5); PY-T1b; PY-J2
ID = re.compile(r"\b(NJ-(?:F|A)?\d+|PY-(?:F|A|P)?\d+[A-Z]?b?|PY-T\d+b?|PY-J\d)\b")


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
    assert {"PY-05b", *(f"PY-P{k}" for k in range(1, 8))} <= ids       # pairs and packets (RULES.md §2.5, PY-05b)


def test_the_id_pattern_reads_every_kind_of_id():
    text = "NJ-01 NJ-F6 NJ-A20 PY-05b PY-09T PY-28B PY-T1b PY-J2 PY-F14 PY-A30 PY-P1 PY-P7 (PY-P5)"
    assert ids_in(text) == set(text.replace("(", "").replace(")", "").split())


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
