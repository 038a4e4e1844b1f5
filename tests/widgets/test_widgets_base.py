"""The shared widget parts: a static view for stored notebooks, and the explorer base."""

import base64

import ipywidgets as W
import pytest

from cardlib.display import card_svg
from cardlib.widgets import Stepper, Table
from cardlib.display.svg import svg_to_png
from cardlib.widgets.base import Explorer
from cardlib.widgets.static import PICTURE_COLOURS, STILL_COLOURS, STILL_ZOOM, embedded_pngs, visible_text

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
    html = data["text/html"]                                       # where it cannot: plain HTML, no script
    assert "<script" not in html and "<svg" not in html
    pngs = embedded_pngs(html)
    assert pngs and all(png[:8] == b"\x89PNG\r\n\x1a\n" for png in pngs)
    shown = (svg_to_png(w.picture, colours=PICTURE_COLOURS), svg_to_png(w.picture, zoom=STILL_ZOOM, colours=STILL_COLOURS))
    assert set(shown) & set(pngs)                                   # the picture it shows now (a stepper: a still)
    assert len(visible_text(html).split()) >= 12                    # and its words
    assert data["text/plain"] == w.static_text() and "Table(children" not in data["text/plain"]
    assert len(data["text/plain"].splitlines()) >= 1
    assert base64.b64decode(data["image/png"]) == pngs[0]          # the first picture again, the same bytes


def test_the_static_form_is_the_same_on_every_build():
    """nbval compares the stored HTML, PNG bytes included."""
    for make in (CardExplorer, lambda: Table("pis-yedili", seed=2), lambda: Stepper(RECORD)):
        assert make()._repr_mimebundle_()["text/html"] == make()._repr_mimebundle_()["text/html"]


def test_an_explorers_static_form_has_its_settings_sentence_stills_and_what_runs():
    class Stills(CardExplorer):
        stills = ({"card": "QS"},)

    e = Stills()
    html = e._repr_mimebundle_()["text/html"]
    words = visible_text(html)
    assert "card: 7D" in words and "The card is 7D." in words and "The card is QS." in words
    assert "When the notebook runs, controls (card) change the situation" in words
    assert len(embedded_pngs(html)) == 2 and e.values == {"card": "7D"} and e.sentence == "The card is 7D."
    class Wrong(CardExplorer):
        stills = ({"suit": "H"},)
    with pytest.raises(ValueError, match="stills names no control 'suit'"):
        Wrong()._repr_mimebundle_()


@pytest.mark.parametrize("preheat", ["True", "False"])
def test_in_a_voila_page_the_stored_picture_is_left_out(monkeypatch, preheat):
    """Voila's kernels (pre-heated or not) draw the live widget: no static form is made for them, the words
    stay."""
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    w = Table("pis-yedili", seed=2)
    assert "text/html" in w._repr_mimebundle_()
    monkeypatch.setenv("VOILA_PREHEAT", preheat)
    data = w._repr_mimebundle_()
    assert "text/html" not in data and "image/png" not in data
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"] == w.static_text()
