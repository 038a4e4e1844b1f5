"""The hand Stepper in a real browser: in JupyterLab (an example notebook, or the classroom stepper) and in
the Voila classroom: 'next' changes the narration, 'back' brings it back."""

import pytest

from ._support import (exercise_stepper, first_notebook_using, open_in_lab, open_in_voila, run_all_cells,
                       wait_until, wait_visible)

pytestmark = pytest.mark.browser

CLASSROOM_STEPPER = "classroom/stepper.ipynb"


def test_stepper_in_jupyterlab(page, lab_server, snap):
    notebook = first_notebook_using(lab_server.root, "Stepper(", ("*example*.ipynb", "*stepper*.ipynb"),
                                    CLASSROOM_STEPPER)
    panel = open_in_lab(page, lab_server, notebook)
    run_all_cells(page, panel, notebook)
    snap("ran")
    exercise_stepper(page, panel, snap, f"JupyterLab ({notebook})")


def test_stepper_in_voila_classroom(page, voila_server, snap):
    open_in_voila(page, voila_server, "stepper.ipynb")
    wait_visible(page, page.locator(".widget-dropdown select"),
                 "the Voila classroom stepper shows no dropdown of hand records", 90)
    snap("rendered")
    exercise_stepper(page, page.locator("body"), snap, "the Voila classroom stepper")

    # Another hand from the dropdown gives another Stepper, with another picture.
    select = page.locator(".widget-dropdown select").first
    options = select.locator("option").all_inner_texts()
    assert len(options) > 1, f"the classroom stepper offers {len(options)} hand(s) in its dropdown: {options!r}"
    picture = page.locator(".widget-html-content svg").first
    before = picture.evaluate("e => e.outerHTML")
    select.select_option(index=1)
    wait_until(page, lambda: page.locator(".cardlib-narration").count() == 1
               and page.locator(".widget-html-content svg").first.evaluate("e => e.outerHTML") != before,
               f"choosing {options[1]!r} in the dropdown did not show a Stepper with another picture")
    snap("other-hand")
