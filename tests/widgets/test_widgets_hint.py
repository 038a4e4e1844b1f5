"""The hint panel, driven from Python against a Table built here: the button works on your turn only,
its table of moves is the expert's hint with the same seed, and nothing is computed until asked."""

import pytest

import cardlib.widgets.hint as hint_module
from cardlib.expert import hint
from cardlib.widgets import HintPanel, Table

BUDGET = 40      # small: the answers are compared with hint() at the same budget and seed, not judged


@pytest.fixture
def counted(monkeypatch):
    """Count the panel's calls of the expert's hint."""
    calls = []

    def counting(*args, **kwargs):
        calls.append((args, kwargs))
        return hint(*args, **kwargs)

    monkeypatch.setattr(hint_module, "_expert_hint", counting)
    return calls


def test_nothing_is_computed_until_asked(counted):
    t = Table("pis-yedili", seed=4, bots="heuristic")
    panel = HintPanel(t, budget=BUDGET)
    for _ in range(3):                      # the table moves on: still nothing computed
        if t.hand.is_over():
            break
        t.play(sorted(t.legal())[0] if "draw" not in t.legal() else "draw")
    assert counted == [] and panel.asked == 0 and panel.hint is None and panel.rows == []
    assert panel.box.value == ""


def test_the_table_of_moves_is_the_hint_with_the_same_seed(counted):
    t = Table("pis-yedili", seed=7, bots="heuristic", preset="turkish")
    panel = HintPanel(t, budget=BUDGET)
    assert panel.your_turn() and not panel.buttons["hint"].disabled
    panel.buttons["hint"].click()
    assert len(counted) == 1 and panel.asked == 1
    assert panel.seed == panel.seed_for()
    again = hint(t.hand, seat=t.seat, budget=BUDGET, seed=panel.seed)
    assert panel.rows == again.rows()
    assert sorted(r["move"] for r in panel.rows) == sorted(t.legal())          # every legal move, once
    assert panel.rows[0]["move"] == str(again.best)
    html = panel.box.value
    assert "win chance" in html and "expected points" in html and "95% interval" in html
    assert html.index(panel.rows[0]["move"]) < html.index(panel.rows[-1]["move"])   # best first
    if again.why:
        assert again.why.split("(")[0].strip()[:20] in html.replace("&quot;", '"')
    panel.click()                            # the same position: the same answer, not computed again
    assert len(counted) == 1


def test_a_new_position_clears_the_answer_and_gets_its_own_seed():
    t = Table("sari-cuce", seed=5, bots="heuristic")
    panel = HintPanel(t, budget=BUDGET)
    first = panel.click()
    assert first is not None and first.metric == "chips" and "expected chips" in panel.box.value
    seed = panel.seed
    t.play(first.moves[0].text)
    assert panel.hint is None and panel.box.value == ""                        # it was about another position
    if not t.hand.is_over():
        again = panel.click()
        assert panel.seed != seed and panel.rows == hint(t.hand, seat=t.seat, budget=BUDGET, seed=panel.seed).rows()
        assert again is panel.hint


def test_the_button_only_works_on_your_turn(counted):
    t = Table("pis-yedili", seed=2, bots="heuristic")
    panel = HintPanel(t, budget=BUDGET)
    # the table plays the bots at once, so the hand is the human's or over; push a move of ours without
    # letting the bots answer, as while they think
    t.hand.push(list(t.hand.legal_moves)[0])
    panel.refresh()
    assert not panel.your_turn() and panel.buttons["hint"].disabled
    assert panel.click() is None and "your turn" in panel.message and counted == []


def test_no_hint_once_the_hand_is_over(counted):
    t = Table("sari-cuce", seed=3, bots="heuristic")
    panel = HintPanel(t, budget=BUDGET)
    while not t.hand.is_over():
        t.play(sorted(t.legal())[0])
    assert panel.buttons["hint"].disabled
    assert panel.click() is None and panel.message == "The hand is over." and counted == []
    t.new_hand()
    assert not panel.buttons["hint"].disabled and panel.box.value == ""


def test_a_fixed_seed_and_attach():
    t = Table("pis-yedili", seed=9, bots="heuristic")
    before = len(t.children)
    panel = HintPanel.attach(t, budget=BUDGET, seed=123)
    assert t.children[-1] is panel and len(t.children) == before + 1
    h = panel.click()
    assert panel.seed == 123 and h.rows() == hint(t.hand, seat=t.seat, budget=BUDGET, seed=123).rows()
    assert "Seat 0" in panel.static_text()


def test_a_table_with_hints_has_its_panel_and_one_without_has_none():
    plain = Table("sari-cuce", seed=4)
    helped = Table("sari-cuce", seed=4, hints=True)
    assert plain.hint_panel is None and not any(isinstance(c, HintPanel) for c in plain.children)
    assert isinstance(helped.hint_panel, HintPanel) and helped.children[-1] is helped.hint_panel
    assert helped.hint_panel.table is helped
    assert len(helped.children) == len(plain.children) + 1


def test_the_answer_says_each_move_in_words_once():
    """A card's move shows its record text and its words ("JC (J♣)"); a move whose words are its text is
    shown once ("draw", not "draw (draw)")."""
    from cardlib.widgets.hint import hint_html
    from cardlib.display.moves import move_words
    t = Table("pis-yedili", seed=2022, bots="heuristic")
    panel = HintPanel(t, budget=BUDGET, seed=1)
    answer = panel.click()
    html = hint_html(answer, move_words)
    assert sorted(m.text for m in answer.moves) == ["JC", "draw"]
    assert ">JC (J♣)<" in html and ">draw<" in html and "draw (draw)" not in html
