"""The play Table in a real browser: in JupyterLab (the play-table notebooks, all cells run) and in the Voila
classroom: click an enabled (legal) card button, the bots answer in the narration, the picture changes."""

import pytest

from ._support import NOTEBOOKS, exercise_table, open_in_lab, open_in_voila, run_all_cells

pytestmark = pytest.mark.browser

TABLE_NOTEBOOKS = ("sari_cuce_table.ipynb", "pis_yedili_table.ipynb")
LAB_TABLES = [name for name in TABLE_NOTEBOOKS if (NOTEBOOKS / name).is_file()] or ["(none)"]


@pytest.mark.parametrize("notebook", LAB_TABLES)
def test_table_in_jupyterlab(page, lab_server, snap, notebook):
    if notebook == "(none)":
        pytest.fail(f"no play-table notebook in notebooks/ (looked for {', '.join(TABLE_NOTEBOOKS)})",
                    pytrace=False)
    panel = open_in_lab(page, lab_server, notebook)
    run_all_cells(page, panel, notebook)
    snap("ran")
    exercise_table(page, panel, snap, f"JupyterLab ({notebook})")


@pytest.mark.parametrize("notebook", TABLE_NOTEBOOKS)
def test_table_in_voila_classroom(page, voila_server, snap, notebook):
    open_in_voila(page, voila_server, notebook)
    snap("loading")
    exercise_table(page, page.locator("body"), snap, f"the Voila classroom ({notebook})")
