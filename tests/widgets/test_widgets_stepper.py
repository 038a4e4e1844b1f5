"""The Stepper widget, driven from Python: buttons, slider, narration, pictures and the plot marker."""

import json
from pathlib import Path

import pytest

from cardlib import Card
from cardlib.records import load_record
from cardlib.widgets import Stepper

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"
SC4 = DATA / "sari-cuce-4p-default.json"
SC6 = DATA / "sari-cuce-6p-default.json"
PY4 = DATA / "pis-yedili-4p-preset-classic.json"


@pytest.fixture(scope="module")
def sc():
    return Stepper(SC4, names=["Ada", "Bora", "Cem", "Deniz"])


def test_starts_at_the_deal(sc):
    sc.go(0)
    assert sc.step == 0 and sc.move is None
    assert sc.buttons["first"].disabled and sc.buttons["back"].disabled
    assert not sc.buttons["next"].disabled and not sc.buttons["last"].disabled
    assert sc.narration[0] == "Ada deals 12 cards to each player; 4 cards stay face down in the dead stock."
    assert "stakes 15 chips" in sc.narration[1]
    assert "The deal" in sc.status.value
    assert 'data-box="7D" data-chips="20"' in sc.picture          # stakes taken: 5 x 4
    assert sc.outcome is None and sc.outcome_box.value == ""
    assert "cardlib-narration" in sc.narration_box.value


def test_next_and_back(sc):
    sc.go(0)
    sc.buttons["next"].click()
    assert sc.step == 1 and sc.slider.value == 1 and sc.move == "JH"
    assert sc.narration == ["Bora leads J♥, starting a new run."]
    assert "Move 1 of 34: Bora, J♥" in sc.status.value
    assert "Bora leads J♥" in sc.narration_box.value
    assert not sc.buttons["back"].disabled
    assert "Played this hand (1)" in sc.picture
    sc.buttons["back"].click()
    assert sc.step == 0 and sc.buttons["back"].disabled


def test_slider_moves_the_step_and_the_picture_follows(sc):
    sc.slider.value = 11                      # after move 11: Bora played J♣ and took its box
    assert sc.step == 11 and sc.move == "JC"
    assert any("takes the J♣ box: 8 chips" in line for line in sc.narration)
    assert 'data-box="JC" data-chips="0"' in sc.picture
    hand = load_record(SC4).replay(upto=11)
    pos = hand.position()
    for chips in pos["chips"]:
        assert f">{chips} chips<" in sc.picture
    assert f"{['Ada', 'Bora', 'Cem', 'Deniz'][pos['to_act']]} to act" in sc.picture
    assert sc.position == pos
    assert sc.legal == [str(m) for m in hand.legal_moves]
    # the run chart's marker follows: 11 cards played
    assert sc.figure.layout.shapes[0].x0 == 11


def test_last_shows_the_outcome(sc):
    sc.buttons["last"].click()
    assert sc.step == 34 and sc.buttons["next"].disabled and sc.buttons["last"].disabled
    assert "Bora plays the last card (9♣) and wins the hand." in sc.narration
    assert "Deniz pays Bora 21 chips for the cards left in hand." in sc.narration
    assert "Bora wins the hand." in sc.outcome and ">184<" in sc.outcome_box.value
    # the winner and the settlement in the picture itself, a banner at the top (and in its alt text)
    assert '<g class="banner">' in sc.picture
    assert "Bora wins: 51 chips — Cem pays 15, Deniz pays 21, Ada pays 15" in sc.picture
    assert "Bora wins: 51 chips — Cem pays 15" in sc.picture.alt
    sc.buttons["first"].click()
    assert sc.step == 0


def test_step_is_clamped_and_assignable(sc):
    sc.step = 1000
    assert sc.step == 34
    sc.step = -3
    assert sc.step == 0
    assert len(sc) == 35


def test_history_holds_every_line_up_to_the_step(sc):
    sc.step = 3
    assert sc.history[:2] == sc.timeline.steps[0].lines
    assert sc.history[-1] == sc.narration[-1]
    assert len(sc.history) == sum(len(s.lines) for s in sc.timeline.steps[:4])


def test_pis_yedili_stepper_from_a_dict_with_the_hand_size_plot():
    rec = json.loads(PY4.read_text())
    st = Stepper(rec)
    assert st.game == "pis-yedili"
    st.buttons["next"].click()
    assert st.move == "8C" and any("8♣" in line for line in st.narration)
    assert "top card 8♣" in st.picture
    names = [t.name for t in st.figure.data]
    assert names == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    st.buttons["last"].click()
    assert "Seat 3 goes out" in st.outcome
    assert st.figure.layout.shapes[0].x0 == len(st.figure.data[0].x) - 1


def test_stepper_from_a_record_object_and_a_hand_without_plot():
    st = Stepper(load_record(SC6), plot=False)
    assert st.figure is None
    st.step = 5
    assert st.move == load_record(SC6).moves[4]
    hand = load_record(SC6).replay(upto=3)
    st2 = Stepper(hand, plot=False)
    assert len(st2) == 4
    st2.buttons["last"].click()
    assert st2.outcome is None                # the hand is not over
    assert st2.position == hand.position()


def test_hidden_hands(sc):
    st = Stepper(SC4, visible=[0], plot=False)
    st.step = 2
    own = [Card.parse(c).pretty() for c in st.position["hands"][0].split()]
    assert all(c in st.picture for c in own)
    assert 'class="card-back"' in st.picture


def test_run_chart_fades_the_cards_not_yet_played(sc):
    sc.step = 11
    seat_traces = [t for t in sc.figure.data if t.name in ("Ada", "Bora", "Cem", "Deniz")]
    played = sum(len(t.selectedpoints) for t in seat_traces)
    assert played == 11
    sc.step = 0
    assert sum(len(t.selectedpoints) for t in seat_traces) == 0
    sc.buttons["last"].click()
    assert sum(len(t.selectedpoints) for t in seat_traces) == 34


def test_widget_logger_is_not_shadowed(sc):
    import logging
    assert isinstance(sc.log, logging.Logger)         # ipywidgets reports callback errors through it


def test_chart_on_a_button_is_built_on_the_first_press():
    s = Stepper(SC4, plot="button")
    assert s.figure is None and s.chart_box.children == ()
    assert s.buttons["chart"].description == "show the chart" and s.chart_box in s.children
    s.go(11)
    s.buttons["chart"].value = True                       # a press of the toggle
    assert s.figure is not None and s.chart_box.children == (s.chart_wait, s.figure)
    assert "cardlib-chart-wait" in s.chart_wait.value and "cardlib-chart" in s.chart_box._dom_classes
    assert s.figure.layout.shapes[0].x0 == 11             # the marker at the current step
    assert s.buttons["chart"].description == "hide the chart"
    s.go(12)
    assert s.figure.layout.shapes[0].x0 == 12
    s.show_chart(False)
    assert s.chart_box.children == () and s.buttons["chart"].value is False
    with pytest.raises(ValueError, match="plot='sometimes': True, False or 'button'"):
        Stepper(SC4, plot="sometimes")
