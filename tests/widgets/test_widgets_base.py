"""The shared widget parts: a static view for stored notebooks, and the explorer base."""

import base64

import ipywidgets as W
import pytest

from cardlib.display import card_svg
from cardlib.widgets import Stepper, Table
from cardlib.widgets.base import Explorer

RECORD = "tests/data/examples/sari-cuce-4p-default.json"


class CardExplorer(Explorer):
    title = "A card"

    def __init__(self):
        super().__init__({"card": W.Dropdown(options=["7D", "QS"], value="7D")})

    def situation(self, card):
        return card_svg(card), f"The card is {card}."


def test_an_explorer_redraws_on_every_change():
    e = CardExplorer()
    assert e.sentence == "The card is 7D." and "♦" in e.picture
    e.controls["card"].value = "QS"                     # as a click in the browser would
    assert e.sentence == "The card is QS." and "♠" in e.picture and e.sentence_box.value.count("QS") == 1
    e.set(card="7D")
    assert e.values == {"card": "7D"} and "7D" in e.sentence_box.value
    with pytest.raises(ValueError, match="no control 'suit'"):
        e.set(suit="H")


def test_an_explorer_must_say_what_its_rule_does():
    with pytest.raises(TypeError, match="define situation"):
        class Silent(Explorer):
            pass


@pytest.mark.parametrize("make", [CardExplorer, lambda: Table("pis-yedili", seed=2), lambda: Stepper(RECORD)],
                         ids=["explorer", "table", "stepper"])
def test_a_stored_widget_shows_its_picture_and_words_without_a_kernel(make):
    w = make()
    data = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data      # the live widget, where it can run
    png = base64.b64decode(data["image/png"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == w.picture._repr_png_()
    assert data["text/plain"] == w.static_text() and "Table(children" not in data["text/plain"]
    assert len(data["text/plain"].splitlines()) >= 1


@pytest.mark.parametrize("preheat", ["True", "False"])
def test_in_a_voila_page_the_stored_picture_is_left_out(monkeypatch, preheat):
    """Voila's kernels (pre-heated or not) draw the live widget: no PNG is made for them, the words stay."""
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    w = Table("pis-yedili", seed=2)
    assert "image/png" in w._repr_mimebundle_()
    monkeypatch.setenv("VOILA_PREHEAT", preheat)
    data = w._repr_mimebundle_()
    assert "image/png" not in data and "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"] == w.static_text()
