"""The classroom's light page without a server: widgets drawn as HTML with ipywidgets' own classes, and what a
page may ask of them (cardlib.classroom.render); lessons run from their notebooks (cardlib.classroom.lessons);
the class question (cardlib.classroom.question)."""

from __future__ import annotations

import re

import ipywidgets as W
import nbformat
import pytest

from cardlib.classroom import dealt
from cardlib.classroom.lessons import LessonError, find_lessons, run_lesson
from cardlib.classroom.render import Page
from cardlib.widgets import HandPicker, Table


def test_a_table_is_drawn_with_the_classes_of_ipywidgets_views_and_plays_by_its_ids():
    t = Table("pis-yedili", seed=3, bots="heuristic", projector=True)
    page = Page(t)
    text = page.html()
    assert 'class="widget-box widget-vbox cardlib-table cardlib-projector"' in text
    assert "<svg" in text and 'class="widget-html-content"' in text
    cards = re.findall(r'<button class="jupyter-widgets jupyter-button widget-button cardlib-card cardlib-playable" '
                       r'data-w="([0-9a-f]+)" data-ev="click" title="([^"]+)"', text)
    assert cards and all(page.drawn[w] is t.buttons[title] for w, title in cards)
    before = len(t.hand.move_stack)
    assert page.apply({"w": cards[0][0], "ev": "click"}) is True
    assert len(t.hand.move_stack) > before and "Ada (you) plays" in page.html()


def test_a_page_can_touch_only_its_drawn_enabled_widgets_and_only_by_their_events():
    t = Table("pis-yedili", seed=3, bots="heuristic")
    page = Page(t)
    page.html()
    disabled = next(w for w, b in page.drawn.items() if isinstance(b, W.Button) and b.disabled)
    hidden = W.Button(description="not on the page")
    moves = len(t.hand.move_stack)
    for event in [{"w": disabled, "ev": "click"}, {"w": hidden.model_id, "ev": "click"},
                  {"w": "nope", "ev": "click"}, {"w": disabled}, "click", None, ["w"], {"ev": "click"}]:
        assert page.apply(event) is False, event
    card = next(w for w, b in page.drawn.items() if isinstance(b, W.Button) and not b.disabled
                and "cardlib-card" in b._dom_classes)
    for event in [{"w": card, "ev": "value", "value": "__import__('os')"}, {"w": card, "ev": "index", "value": 0},
                  {"w": card, "ev": "exec", "value": "1"}]:
        assert page.apply(event) is False, event
    assert len(t.hand.move_stack) == moves


def test_controls_take_only_values_they_can_hold():
    drop = W.Dropdown(options={"a": 1, "b": 2})
    slider = W.IntSlider(value=1, min=0, max=5)
    text = W.Text(value="")
    check = W.Checkbox(value=False, description="c")
    page = Page(W.VBox([drop, slider, text, check]))
    html = page.html()
    assert '<select data-w="' in html and 'type="range"' in html and 'type="checkbox"' in html
    assert page.apply({"w": drop.model_id, "ev": "index", "value": 1}) and drop.value == 2
    for bad in (2, -1, "1", True, None):
        assert not page.apply({"w": drop.model_id, "ev": "index", "value": bad}) and drop.value == 2
    assert page.apply({"w": slider.model_id, "ev": "value", "value": 4}) and slider.value == 4
    for bad in (6, -1, True, None, [1]):
        assert not page.apply({"w": slider.model_id, "ev": "value", "value": bad}) and slider.value == 4
    assert page.apply({"w": text.model_id, "ev": "value", "value": "12"}) and text.value == "12"
    assert not page.apply({"w": text.model_id, "ev": "value", "value": "x" * 201})
    assert page.apply({"w": check.model_id, "ev": "value", "value": True}) and check.value is True


def test_the_stepper_page_draws_its_chart_as_a_figure_for_plotly_js(tmp_path):
    picker = HandPicker({"a": "tests/data/examples/sari-cuce-4p-default.json"}, plot="button", projector=True)
    page = Page(picker)
    assert "cardlib-plot" not in page.html()
    picker.stepper.buttons["chart"].value = True
    text = page.html()
    assert text.count('class="cardlib-plot') == 1 and "data-plot=" in text and page.plots == 1
    assert "cardlib-unsupported" not in text


def test_a_widget_it_cannot_draw_is_one_line_and_the_rest_is_drawn():
    page = Page(W.VBox([W.ColorPicker(), W.HTML("<b>still here</b>")]))
    text = page.html()
    assert "ColorPicker: not shown on this page" in text and "<b>still here</b>" in text


def _lesson(folder, name, *cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# A title for {name}\n\nSome *words*."),
                *(nbformat.v4.new_code_cell(c) for c in cells)]
    nbformat.write(nb, str(folder / f"{name}.ipynb"))


def test_a_lesson_is_a_notebook_its_last_cells_value_is_the_page(tmp_path):
    _lesson(tmp_path, "one", "from cardlib.classroom import dealt\nclass_question = dealt('7D')",
            "import ipywidgets as w\nw.Button(description='hi')")
    _lesson(tmp_path, "_draft", "1")
    _lesson(tmp_path, "index")
    lessons = find_lessons(tmp_path)
    assert list(lessons) == ["one"] and lessons["one"].title == "A title for one"
    first, second = run_lesson(lessons["one"]), run_lesson(lessons["one"])
    assert isinstance(first.widget, W.Button) and first.widget is not second.widget      # a page each
    assert first.words == ["<h1>A title for one</h1>\n<p>Some <em>words</em>.</p>\n"]
    assert first.question.text == "Were you dealt the 7♦?"


@pytest.mark.parametrize("source, says", [("raise ValueError('x')", "bad.ipynb, cell 2: ValueError: x"),
                                          ("def (:", "bad.ipynb, cell 2: invalid syntax")])
def test_a_lesson_that_fails_names_its_notebook_and_cell(tmp_path, source, says):
    _lesson(tmp_path, "bad", source)
    with pytest.raises(LessonError, match=re.escape(says)):
        run_lesson(find_lessons(tmp_path)["bad"])


def test_a_class_question_is_answered_by_the_students_own_deal():
    question = dealt("7C")
    table = Table("sari-cuce", seed=7)
    assert "7C" in table.hand.start()["hands"][0].split() and question.answer(table) is True
    assert dealt("7D").answer(table) is False
    for bad in ("7Z", "", "ſ7", 7):
        with pytest.raises(ValueError, match="is not a card"):
            dealt(bad)


def test_make_classroom_runs_the_one_process_server(tmp_path):
    """`make classroom` is python -m cardlib.classroom on notebooks/classroom; CLASS_NETWORK=1 adds --network
    and CLASS_CODE=... --code (make -n: the commands printed, none run)."""
    import shutil
    import subprocess
    from pathlib import Path
    if shutil.which("make") is None:
        pytest.skip("no make")
    root = Path(__file__).resolve().parents[2]

    def command(*args):
        out = subprocess.run(["make", "-n", "-C", str(root), "classroom", *args], capture_output=True, text=True,
                             timeout=60).stdout
        return next(line for line in out.splitlines() if "cardlib.classroom" in line)
    assert command().split()[1:] == ["-m", "cardlib.classroom", "notebooks/classroom"]
    assert command("CLASS_NETWORK=1").split()[1:] == ["-m", "cardlib.classroom", "notebooks/classroom", "--network"]
    assert command("CLASS_NETWORK=1", "CLASS_CODE=k7q2m9").split()[-3:] == ["--network", "--code", "k7q2m9"]


@pytest.mark.parametrize("name", ["sari_cuce_table", "stepper", "start", "projector"])
def test_a_closed_page_leaves_no_widget_behind(name, monkeypatch):
    """Every widget a page made (its tree, a table's buttons of earlier drawings, layouts and styles) is closed
    with the page: a server open all day does not grow with the pages it served."""
    from pathlib import Path

    from ipywidgets.widgets import widget as registry

    from cardlib.classroom.pages import Class, Owner, open_page
    root = Path(__file__).resolve().parents[2] / "notebooks" / "classroom"
    monkeypatch.chdir(root)
    cls = Class(root=root).load()
    before = len(registry._instances)
    for _ in range(5):
        owner = Owner()
        opened = owner.during(lambda: open_page(cls, name, True))
        page = Page(opened.root)
        owner.during(page.html)
        clickable = [w for w, b in page.drawn.items() if isinstance(b, W.Button) and not b.disabled]
        if clickable:
            owner.during(lambda: page.apply({"w": clickable[0], "ev": "click"}))
            owner.during(page.html)
        if opened.close:
            opened.close()
        owner.close()
    assert len(registry._instances) == before
