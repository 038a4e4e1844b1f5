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


def test_an_unreadable_saved_hand_is_listed_as_such_and_the_rest_shown(tmp_path):
    """(issue 28, W4) One broken file among the saved hands: the page still opens on a readable hand, the
    broken one is listed last as unreadable, and picking it says why in place of the Stepper."""
    (tmp_path / "a-broken.json").write_text('{"game": "sari', encoding="utf-8")
    (tmp_path / "b-list.json").write_text("[]", encoding="utf-8")
    (tmp_path / "c-bytes.json").write_bytes(b"\xff\xfe\x00")
    shutil.copy(SC4, tmp_path / "d-good.json")
    picker = HandPicker(hands_in(tmp_path), plot=False)
    labels = list(picker.pick.options)
    assert labels == ["d-good", "unreadable: a-broken", "unreadable: b-list", "unreadable: c-bytes"]
    assert isinstance(picker.stepper, Stepper) and picker.stepper.game == "sari-cuce"
    picker.pick.label = "unreadable: b-list"
    assert not isinstance(picker.stepper, Stepper)
    assert "This hand cannot be read" in picker.stepper.value and "b-list.json" in picker.stepper.value
    assert "cannot be read" in picker.static_text()
    picker.pick.label = "d-good"
    assert isinstance(picker.stepper, Stepper)
