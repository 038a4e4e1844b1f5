"""The strategy notebook (33) stays seeded and cites the rules it teaches, without running it (nbval runs it)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PATH = ROOT / "notebooks" / "33_strategy.ipynb"
CITES = {"PY-06", "PY-07", "PY-09T", "PY-19", "PY-20", "PY-30", "PY-T2", "PY-A30", "NJ-A20", "NJ-12", "NJ-14",
         "NJ-16", "NJ-19", "NJ-23"}


def cells(kind: str) -> list[str]:
    nb = json.loads(PATH.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def test_cites_the_rules_it_teaches():
    prose = "\n".join(cells("markdown"))
    assert {rule for rule in CITES if rule not in prose} == set()


def test_every_random_thing_is_seeded():
    for source in cells("code"):
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            words = {k.arg for k in node.keywords}
            if name in ("simulate", "fast.simulate_saricuce", "PisYedili.deal", "SariCuce.deal", "hint"):
                assert "seed" in words, f"{name} without seed= in: {source[:80]}"
            if name == "simulate":
                assert "progress" in words


def test_every_code_cell_is_short_and_claims_are_asserted():
    code = cells("code")
    assert all(len(c.splitlines()) <= 16 for c in code)
    assert sum("assert" in c for c in code) >= 8


def test_exact_answers_are_checked_against_their_formula():
    code = "\n".join(cells("code"))
    assert code.count("Fraction(comb(") >= 2            # the 7 answered and the opener without a club


def test_shows_the_hint_panel_under_a_table():
    """The usage the docs give (docs/expert.md): a ``Table(..., hints=True)``, the live cell tagged volatile
    and stored as the table's static view (a picture, not a widget repr), and the panel checked from code."""
    nb = json.loads(PATH.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert any("hints=True" in "".join(c["source"]) and "table.hint_panel" in "".join(c["source"]) for c in code)
    live = [c for c in code if "".join(c["source"]).strip() == "table"]
    assert len(live) == 1 and "nbval-ignore-output" in live[0]["metadata"].get("tags", [])
    assert any("image/png" in out.get("data", {}) for out in live[0]["outputs"])
    assert any("panel.click()" in c and "assert" in c for c in cells("code"))
