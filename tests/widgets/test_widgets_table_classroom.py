"""The Table's classroom side, driven from Python: undo of your last move, "save this hand" (a record the
Stepper opens), projector mode, playable cards told apart by more than a tint, and ``width``."""

import json
import re

import pytest

from cardlib.records import load_record
from cardlib.widgets import Stepper, Table

from .test_widgets_table import card_buttons, play_out


def your_move(t):
    """A legal move of yours that is a plain card or draw/pass (no Jack's suit to pick)."""
    legal = [m for m in sorted(t.legal()) if "=" not in m]
    return legal[0] if legal else sorted(t.legal())[0]


@pytest.mark.parametrize("game, seed", [("sari-cuce", 7), ("pis-yedili", 3)])
def test_undo_takes_back_your_move_and_the_bots_answers(game, seed):
    t = Table(game, seed=seed, bots="heuristic")
    assert t.buttons["undo"].disabled and not t.can_undo()
    with pytest.raises(ValueError, match="no move of yours to take back"):
        t.undo()
    t.play(your_move(t))
    before, lines, moves = t.hand.position(), list(t.narration), len(t.hand.move_stack)
    t.play(your_move(t)) if not t.hand.is_over() else None
    assert len(t.hand.move_stack) > moves                     # your move, and maybe the bots' answers
    assert not t.buttons["undo"].disabled
    t.buttons["undo"].click()
    assert t.hand.position() == before and len(t.hand.move_stack) == moves
    assert t.narration == lines + ["Ada (you) takes the last move back."]
    assert t.hand.to_act == 0 and "Your turn" in t.status.value
    t.undo()                                                  # and the first one too
    assert t.hand.to_act == 0 and t.hand.position() == Table(game, seed=seed, bots="heuristic").hand.position()
    assert not t.can_undo() and t.buttons["undo"].disabled


def test_undo_after_the_end_of_a_hand_unbooks_it():
    # seed 2: the bots before Ada's first turn of the next hand take no box (SplitMix64 deal; was seed 3)
    t = Table("sari-cuce", seed=2, bots="heuristic")
    while not t.hand.is_over():
        chips_before, hands = t.hand.position()["chips"], t.hands_played
        t.play(your_move(t))
    assert t.outcome is not None and not t.buttons["new"].disabled
    t.undo()                                                  # the last move of yours, which ended it
    assert not t.hand.is_over() and t.outcome is None and t.outcome_box.value == ""
    assert t.hand.position()["chips"] == chips_before and t.hands_played == hands
    assert t.buttons["new"].disabled and t.hand.to_act == 0
    play_out(t)                                               # played out again, then the next hand:
    after = t.hand.result().to_dict()["chips"]
    t.new_hand()                                              # the stakes come off what the hand booked
    assert t.hands_played == 2 and t.hand.position()["chips"] == [c - 15 for c in after]


def test_undo_restores_the_series_books():
    t = Table("sari-cuce", seed=3, bots="heuristic")
    while not t.hand.is_over():
        state = {k: repr(v) for k, v in vars(t.series).items()}
        t.play(your_move(t))
    assert {k: repr(v) for k, v in vars(t.series).items()} != state     # the hand was booked
    t.undo()
    assert {k: repr(v) for k, v in vars(t.series).items()} == state


def test_save_this_hand_writes_a_record_the_stepper_opens(tmp_path):
    t = Table("pis-yedili", seed=3, bots="heuristic", save_dir=tmp_path / "saved-hands")
    for _ in range(3):
        t.play(your_move(t))
    path = t.buttons["save"].click() or t.saved
    assert path is not None and path.parent == tmp_path / "saved-hands"
    assert path.name == t.saved_name() == f"pis-yedili-seed3-match1-deal1-move{len(t.hand.move_stack)}.json"
    assert json.loads(path.read_text(encoding="utf-8")) == t.record()
    assert "Saved this hand" in t.saved_box.value and path.name in t.saved_box.value
    assert 'download="' in t.saved_box.value
    # the record replays to where the table is, and the Stepper steps through it to there
    assert load_record(path).replay().position() == t.hand.position()
    s = Stepper(path, plot=False)
    s.go(len(s.timeline.steps) - 1)
    assert f"Move {len(t.hand.move_stack)} of {len(t.hand.move_stack)}" in s.status.value
    # a new hand forgets the saved note
    play_out(t)
    t.save_hand()
    assert t.saved.name.endswith(f"-move{len(t.hand.move_stack)}.json")
    t.new_hand()
    assert t.saved is None and t.saved_box.value == ""


def test_a_finished_saved_hand_shows_its_outcome_in_the_stepper(tmp_path):
    t = Table("sari-cuce", seed=3, bots="heuristic", save_dir=tmp_path)
    play_out(t)
    s = Stepper(t.save_hand(), plot=False)
    s.go(len(s.timeline.steps) - 1)
    assert "wins the hand" in s.outcome
    assert "wins:" in s.picture and '<g class="banner">' in s.picture


def test_playable_cards_differ_by_class_not_only_by_tint():
    t = Table("pis-yedili", seed=3)
    cards = card_buttons(t)
    legal = set(t.legal())
    assert any(k in legal for k in cards) and any(k not in legal for k in cards)
    for key, b in cards.items():
        classes = set(b._dom_classes)
        assert "cardlib-card" in classes
        assert ("cardlib-playable" in classes) == (key in legal) != ("cardlib-unplayable" in classes)
    style = t.style_box.value
    # a gold border and a label for the playable ones; a dashed border and a dash for the others
    assert re.search(r"\.cardlib-playable \{[^}]*border: 3px solid", style)
    assert re.search(r"\.cardlib-unplayable \{[^}]*border: 2px dashed", style)
    assert 'content: "▲ play"' in style
    play_out(t)                                              # the end: every card button unplayable
    assert all("cardlib-unplayable" in b._dom_classes for b in card_buttons(t).values())


def test_projector_mode_and_width():
    plain = Table("pis-yedili", seed=3)
    big = Table("pis-yedili", seed=3, projector=True, width=1000)
    assert "cardlib-projector" not in plain._dom_classes and "cardlib-projector" in big._dom_classes
    assert "cardlib-table" in plain._dom_classes and "cardlib-table" in big._dom_classes
    assert 'width="760"' in plain.picture[:400] and 'width="1000"' in big.picture[:400]
    # the projector's sizes grow with the page (vw/vh), between a floor and a ceiling
    assert ".cardlib-projector button.cardlib-card {" in big.style_box.value
    assert "clamp(" in big.style_box.value
    assert "width" in Table.__doc__ and "projector=True" in Table.__doc__


def test_a_save_never_overwrites_another_students_hand(tmp_path):
    """(issue 28, W3) Two students at the classroom's seeded table who save after the same number of moves:
    both hands are kept, under two names; neither file is overwritten."""
    first = Table("pis-yedili", seed=3, bots="heuristic", save_dir=tmp_path)
    second = Table("pis-yedili", seed=3, bots="heuristic", save_dir=tmp_path)
    first.play(your_move(first))
    second.play(your_move(second))           # the same number of moves
    a, b = first.save_hand(), second.save_hand()
    assert a != b and a.name == first.saved_name() and b.name == first.saved_name().replace(".json", "-2.json")
    assert json.loads(a.read_text(encoding="utf-8")) == first.record()
    assert json.loads(b.read_text(encoding="utf-8")) == second.record()
    c = first.save_hand()                    # the same student again: a third file
    assert c.name.endswith("-3.json") and len(list(tmp_path.glob("*.json"))) == 3
    assert "Saved this hand" in first.saved_box.value and c.name in first.saved_box.value


def test_start_over_deals_from_a_fresh_or_a_given_seed():
    t = Table("sari-cuce", seed=7)
    seen = []
    t.deal_listeners.append(lambda table: seen.append(table.hand_seed))
    t.start_over(11)
    assert t.seed == 11 and t.hands_played == 1 and len(seen) == 1
    assert t.hand.start() == Table("sari-cuce", seed=11).hand.start()
    t.start_over()
    assert t.seed != 11 and len(seen) == 2
    with pytest.raises(ValueError, match="seed=-1"):
        t.start_over(-1)
