"""The static forms of the widgets (cardlib.widgets.static): what a stored notebook shows without a kernel.

A stepper's filmstrip, a table's still with its buttons' labels, the hint panel, the hand picker; the
bytes are the same on every build (nbval compares the stored HTML) and a stepper's form stays small."""

import json

import pytest

from cardlib.display.svg import svg_to_png
from cardlib.widgets import HandPicker, HintPanel, Stepper, Table
from cardlib.widgets.static import (STILL_COLOURS, STILL_ZOOM, control_words, embedded_pngs, png_img, value_words,
                                    visible_text)
from cardlib.widgets.stepper import MAX_STILLS

STALL = "notebooks/records/sari-cuce-stall.json"            # notes at 0, 16, 34, 38, 42 (the last)
CHAIN = "notebooks/records/pis-yedili-seven-chain.json"     # ten notes: more than MAX_STILLS


def notes(path):
    return {int(k): v for k, v in json.load(open(path, encoding="utf-8"))["notes"].items()}


@pytest.mark.parametrize("path", [STALL, CHAIN])
def test_a_steppers_filmstrip_has_every_noted_moment_and_the_last(path):
    s = Stepper(path)
    last = len(s) - 1
    html = s._repr_mimebundle_()["text/html"]
    words = visible_text(html)
    assert s.moments() == sorted(set(notes(path)) | {0, last})
    for step, note in notes(path).items():
        assert " ".join(note.split()) in words                      # every note's words
        assert s.heading(step) in words
    for line in s.timeline.steps[last].lines:
        assert line in words                                         # the end, narrated
    stills = s.still_steps()
    assert stills[0] == 0 and stills[-1] == last and len(stills) <= MAX_STILLS
    pngs = embedded_pngs(html)
    assert len(pngs) == len(stills) + 1                              # the stills and the chart
    s.go(last)
    assert svg_to_png(s.picture, zoom=STILL_ZOOM, colours=STILL_COLOURS) in pngs
    assert f"step through all {last} moves" in words
    assert len(html.encode()) < 100_000                              # a stored notebook stays small


def test_the_filmstrip_leaves_the_stepper_where_it_was():
    s = Stepper(STALL, plot=False)
    s.go(5)
    before = (s.hand.position(), s.narration, str(s.picture))
    html = s._repr_mimebundle_()["text/html"]
    assert (s.hand.position(), s.narration, str(s.picture)) == before and s.step == 5
    assert 5 in s.moments() and s.heading(5) in visible_text(html)
    assert len(embedded_pngs(html)) == len(s.still_steps())          # plot=False: no chart
    assert "the chart" not in visible_text(html)


def test_a_stepper_with_a_chart_button_stores_the_chart_still():
    html = Stepper(STALL, plot="button")._repr_mimebundle_()["text/html"]
    chart = embedded_pngs(html)[-1]
    assert chart[:4] == b"\x89PNG" and "how the run climbs" in html    # its alt text is the chart's title


def test_a_tables_still_names_its_buttons_and_what_they_do():
    t = Table("pis-yedili", seed=3, bots="heuristic")
    html = t._repr_mimebundle_()["text/html"]
    words = visible_text(html)
    legal = {str(m.card) for m in t.hand.legal_moves if m.card is not None}
    for key, button in t.buttons.items():
        if "cardlib-card" in button._dom_classes:
            marked = f"{button.description} ▲" in words
            assert marked == (key in legal), key                     # playable cards marked, only those
    for label in ("draw", "↶ undo", "save this hand", "new hand"):
        assert label in words
    assert "When the notebook runs, these are buttons" in words and t.narration[-1] in words
    assert svg_to_png(t.picture, colours=128) in embedded_pngs(html)


def test_a_table_with_hints_shows_the_hint_button_and_an_answer_once_asked():
    t = Table("sari-cuce", seed=4, hints=True)
    words = visible_text(t._repr_mimebundle_()["text/html"])
    assert "Hint: hint" in words and "lists every legal move" in words
    panel = t.hint_panel
    if not panel.your_turn():
        pytest.skip("seed 4 does not start on the human's turn")
    panel.click()
    words = visible_text(t._repr_mimebundle_()["text/html"])
    assert "win chance" in words and panel.hint.moves[0].text in words


def test_a_hint_panel_on_its_own_shows_the_tables_position():
    t = Table("sari-cuce", seed=4)
    panel = HintPanel(t)
    html = panel._repr_mimebundle_()["text/html"]
    assert svg_to_png(t.picture, colours=128) in embedded_pngs(html)
    assert "hint" in visible_text(html) and 'class="cardlib-static cardlib-static-hint"' in html


def test_a_hand_picker_lists_its_hands_and_shows_the_filmstrip():
    picker = HandPicker({"the stall": STALL, "the chain": CHAIN}, plot="button")
    words = visible_text(picker._repr_mimebundle_()["text/html"])
    assert "Hands to pick: the stall ▲ the chain" in words and "Sans 9" in words


def test_controls_are_said_as_their_labels_show_them():
    import ipywidgets as W
    top = W.Dropdown(options=[("none (empty pile)", ""), ("7♦", "7D")], value="7D", description="top card")
    assert control_words("top", top) == "top card: 7♦" and control_words("top", top, "") == "top card: none (empty pile)"
    many = W.SelectMultiple(options=[("Ada", 0), ("Bora", 1)], value=(1,), description="holders")
    assert control_words("holders", many) == "holders: Bora" and value_words(many, ()) == "none"
    assert control_words("drew", W.Checkbox(value=True, description="I drew")) == "I drew: yes"
    assert control_words("n", W.IntSlider(value=3)) == "n: 3"


def test_a_picture_is_stored_small_and_the_same_every_time():
    t = Table("sari-cuce", seed=4)
    full = svg_to_png(t.picture)
    small = svg_to_png(t.picture, zoom=0.5, colours=64)
    assert small == svg_to_png(t.picture, zoom=0.5, colours=64) and len(small) < len(full) / 3
    assert int.from_bytes(small[16:20], "big") == round(int.from_bytes(full[16:20], "big") / 2)
    assert 'alt="' in png_img(t.picture) and 'width="' in png_img(t.picture)


@pytest.mark.parametrize("bad, message", [(dict(zoom=0), "zoom=0"), (dict(zoom=-1), "zoom=-1"),
                                          (dict(colours=1), "colours=1"), (dict(colours=300), "colours=300")])
def test_a_bad_zoom_or_palette_is_refused(bad, message):
    t = Table("sari-cuce", seed=4)
    with pytest.raises(ValueError, match=message):
        svg_to_png(t.picture, **bad)


def test_an_explorers_stills_are_set_as_a_reader_would_and_set_back():
    """NextPlayerExplorer's stills: six players with the last seat playing (the seats follow the number of
    players, as when a reader changes it), the player of the last card holding the next rank, and a stall;
    then the explorer is as it was."""
    from cardlib.widgets.explorers import NextPlayerExplorer
    e = NextPlayerExplorer()
    before = (e.values, e.sentence, str(e.picture), e.controls["last"].options)
    html = e._repr_mimebundle_()["text/html"]
    assert (e.values, e.sentence, str(e.picture), e.controls["last"].options) == before
    words = visible_text(html)
    assert "players: 6; played by: Filiz; hold the next rank: Bora, Deniz" in words
    assert "Filiz and Ada have no 9, and Bora is the first who holds one" in words      # round past seat 0
    assert "hold the next rank: Bora, Deniz Bora played 8♥" in words
    assert "Bora is asked first and holds a 9, so Bora plays again" in words                # goes on
    assert "hold the next rank: none" in words and "That is a stall" in words
    assert len(embedded_pngs(html)) == 4


def test_say_tek_stores_the_two_other_settings_notebook_22_talks_about():
    """Reader's place 36: the stored SayTek (tek forgotten, nothing special between) also shows tek said (Ada
    may go out) and tek forgotten against Cem's 7 (the tek draw first, then a 7 or the penalty), each with
    its sentence."""
    from cardlib.widgets import SayTek
    words = visible_text(SayTek(said=False, between="nothing")._repr_mimebundle_()["text/html"])
    assert words.count("cannot go out this turn") >= 2
    assert "then: nothing special" in words and "She said tek, so she may go out with her last card now" in words
    assert "then: Cem plays a 7" in words and "the tek draw comes first" in words and "(PY-F10)" in words


def test_a_list_of_several_choices_says_how_to_choose_them_live_only():
    """A new user did not guess that 'hold the next rank' takes Ctrl-click: an explorer with such a list
    says so under its controls (in the language spoken); one without says nothing; the stored form, which
    shows the choices made, does not carry it."""
    import ipywidgets as W

    from cardlib.widgets import SayTek
    from cardlib.widgets.explorers import NextPlayerExplorer

    def said(e):
        return [c.value for c in e.children if isinstance(c, W.HTML) and "Ctrl" in c.value]

    assert len(said(NextPlayerExplorer())) == 1 and "Ctrl-click" in said(NextPlayerExplorer())[0]
    assert "Ctrl-tık" in said(NextPlayerExplorer(language="tr"))[0]
    assert said(SayTek()) == []
    assert "Ctrl-click" not in NextPlayerExplorer()._repr_mimebundle_()["text/html"]
