"""HandPicker: the classroom stepper's dropdown of hands feeding a Stepper, driven from Python."""

import shutil

import pytest

from cardlib.widgets import HandPicker, Stepper
from cardlib.widgets.static import embedded_pngs, visible_text

EXAMPLES = "tests/data/examples"
SC4 = f"{EXAMPLES}/sari-cuce-4p-default.json"


def hands_in(folder):
    return lambda: {p.stem: p for p in sorted(folder.glob("*.json"))}


def test_a_pick_opens_its_hand_in_a_new_stepper():
    picker = HandPicker({"first": SC4, "second": f"{EXAMPLES}/pis-yedili-4p-preset-classic.json"}, plot=False)
    first = picker.stepper
    assert isinstance(first, Stepper) and picker.children[1] is first and first.game == "sari-cuce"
    assert picker.again not in picker.children[0].children          # a fixed set of hands: nothing to look for
    picker.pick.label = "second"                                      # as the dropdown in the browser would
    assert picker.stepper is not first and picker.children[1] is picker.stepper
    assert picker.stepper.game == "pis-yedili" and picker.picture == picker.stepper.picture != first.picture


def test_look_again_finds_a_hand_saved_meanwhile(tmp_path):
    shutil.copy(SC4, tmp_path / "b.json")
    picker = HandPicker(hands_in(tmp_path), plot=False)
    assert picker.again in picker.children[0].children and list(picker.pick.options) == ["b"]
    shutil.copy(SC4, tmp_path / "a.json")
    picker.again.click()
    assert list(dict(picker.pick.options)) == ["a", "b"]


def test_stored_it_shows_the_steppers_picture_and_words():
    picker = HandPicker({"the example": SC4}, plot="button")
    data = picker._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data                  # the live widget
    html = data["text/html"]                                                   # unrun, untrusted: plain HTML
    assert embedded_pngs(html) and "the example" in visible_text(html)
    assert picker.stepper.static_html() in html                                # the Stepper's filmstrip
    assert data["text/plain"] == "hand: the example\n" + picker.stepper.static_text()
    assert "VBox(" not in data["text/plain"] and "HandPicker(" not in data["text/plain"]


def test_no_hands_is_refused_with_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="no hands to pick from"):
        HandPicker(hands_in(tmp_path))
