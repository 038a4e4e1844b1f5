"""The classroom's page template (tools/jupyter/voila/templates/classroom/index.html.j2) copies Voila's body
loop with one line added (voila.js right after the page's settings).  A Voila whose loop differs fails here,
so that the copy is looked at again instead of drifting from Voila's page."""

from __future__ import annotations

import re
from pathlib import Path

from jupyter_core.paths import jupyter_path

OURS = (Path(__file__).resolve().parents[1] / "tools" / "jupyter" / "voila" / "templates" / "classroom"
        / "index.html.j2")


def voila_lab_template() -> Path:
    found = [Path(d) / "index.html.j2" for d in jupyter_path("voila", "templates", "lab")]
    found = [p for p in found if p.is_file()]
    assert found, "Voila's lab template (voila/templates/lab/index.html.j2) is not installed"
    return found[0]


def block(text: str, name: str) -> str:
    m = re.search(r"\{%-?\s*block " + name + r"\b[^%]*-?%\}(.*?)\{%-?\s*endblock " + name + r"\s*-?%\}",
                  text, re.S)
    assert m, f"no block {name}"
    return m.group(1)


def shape(loop: str) -> str:
    """A body loop without its comments, its cell block's content and spacing."""
    loop = re.sub(r"\{#.*?#\}", "", loop, flags=re.S)
    loop = loop.replace(block(loop, "any_cell"), " CELL ")
    return re.sub(r"\s+", " ", loop.replace("{%-", "{%").replace("-%}", "%}")).strip()


def test_the_body_loop_is_voilas_with_the_script_added():
    ours = block(OURS.read_text(encoding="utf-8"), "body_loop")
    voilas = block(voila_lab_template().read_text(encoding="utf-8"), "body_loop")
    assert "{{ main_script }}" in ours
    assert shape(ours.replace("{{ main_script }}", "")) == shape(voilas), (
        f"Voila's body loop ({voila_lab_template()}) is not the one the classroom template copies: copy it again")


def test_the_cell_block_is_voilas():
    """Our cell block draws Voila's own (its super()), so each cell is wrapped once, as Voila does it."""
    cell = block(block(OURS.read_text(encoding="utf-8"), "body_loop"), "any_cell")
    assert re.sub(r"\s+", "", cell) == "{{super()}}"
