"""Events: typed, frozen, with a kind and a plain sentence; the legal-move view."""

import dataclasses

import pytest
from pisyedili_support import position, rules

from cardlib.events import Event, kind_of
from cardlib.pisyedili import Hand, Match, Rules, events
from cardlib.pisyedili.hand import SAFETY_VALVE_TURNS


def _hand_events(hand, *moves):
    for m in moves:
        hand.push(m)
    return hand.events


def _match_events():
    m = Match(Rules(players=2, deals_per_match=1), seed=1)
    m.play("random")
    return m.events


# one small scene per event class: what makes a hand (or a match) log it
SCENES = {
    "Deal": lambda: Hand.deal(Rules(players=3), seed=1).events,
    "Play": lambda: _hand_events(position(rules(), ["9H 2C", "3D 4D", "4S 5D"], "5H", "KC QC"), "9H"),
    "Draw": lambda: _hand_events(position(rules(), ["9H 2C", "3D 4D", "4S 5D"], "5H", "KC QC"), "draw"),
    "Pass": lambda: _hand_events(position(rules(), ["9C 2C", "3D 4D", "4S 5D"], "5H", "KC QC"), "draw", "pass"),
    "PenaltyDraw": lambda: _hand_events(position(rules(), ["2C 3C", "3D 4D", "4S 5D"], "7H", "KC QC 9D", pending=1),
                                        "draw"),
    "Skip": lambda: _hand_events(position(rules(), ["8H 2C", "3D 4D", "4S 5D"], "5H", "KC QC"), "8H"),
    "Reverse": lambda: _hand_events(position(rules(), ["10H 2C", "3D 4D", "4S 5D"], "5H", "KC QC"), "10H"),
    "NamedSuit": lambda: _hand_events(position(rules(), ["JS 2C", "3D 4D", "4S 5D"], "5H", "KC QC"), "JS=D"),
    "Tek": lambda: _hand_events(position(rules("turkish"), ["5H 9C", "3D 4D", "4S 5D"], "5S", "KC QC"), "5H!"),
    "TekPenalty": lambda: _hand_events(position(rules("turkish"), ["5H", "3D 4D", "4S 5D"], "5S", "9H 2C"), "draw"),
    "AceDraws": lambda: _hand_events(position(rules("turkish"), ["AH 9C 2S", "3D 4D", "4S 5D"], "5H", "KC QC"), "AH"),
    "Reshuffle": lambda: _hand_events(position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", ""),
                                      "draw"),
    "StockOut": lambda: _hand_events(position(rules(), ["2C 3C", "KD QD", "9S"], "5H", "4H"), "draw"),
    "NoPlay": lambda: _hand_events(position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H",
                                            "6D", idle=2), "draw", "pass"),
    "SafetyValve": lambda: _hand_events(position(rules(), ["2C 3C", "KD QD", "9S 4S"], "5H", "",
                                                 turns=SAFETY_VALVE_TURNS - 1), "pass"),
    "HandEnd": lambda: _hand_events(position(rules(), ["9H", "3D 4D", "4S 5D"], "5H", "KC QC"), "9H"),
    "Scores": lambda: _hand_events(position(rules(), ["9H", "3D 4D", "4S 5D"], "5H", "KC QC"), "9H"),
    "MatchEnd": _match_events,
}

EVENT_CLASSES = sorted((c for c in vars(events).values()
                        if isinstance(c, type) and issubclass(c, Event) and c is not Event
                        and c.__module__ == events.__name__), key=lambda c: c.__name__)


def test_the_event_classes_are_those_the_module_lists():
    assert {c.__name__ for c in EVENT_CLASSES} == set(events.__all__) - {"Event"}
    assert len(EVENT_CLASSES) == 18


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_event_kind_is_logged_and_described(cls):
    assert cls.__name__ in SCENES, f"no scene makes a hand log {cls.__name__}"
    logged = [e for e in SCENES[cls.__name__]() if type(e) is cls]
    assert logged, f"the scene for {cls.__name__} logged none"
    e = logged[0]
    assert e.kind == kind_of(cls.__name__)
    text = e.describe(["Ada", "Bora", "Cem", "Deniz"])
    assert text.endswith(".") and text[0].isupper()
    assert e.describe(None) and str(e) == e.describe(None)
    field = dataclasses.fields(e)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(e, field, 1)


def test_special_events_describe():
    names = ["Ada", "Bora", "Cem"]
    h = position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", "")
    h.push("draw")
    assert h.events[0].describe(names).startswith("The stock is empty")
    assert h.events[0].entry().startswith("reshuffle ")
    h = position(rules("turkish"), ["5H", "3D 4D", "4S 5D"], "5S", "9H 2C 3C")
    h.push("draw")
    assert h.events[0].describe(names) == 'Ada did not say "tek": must draw a card and cannot go out this turn.'
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S"], "5H", "4H")
    h.push("draw")
    assert [e.kind for e in h.events] == ["draw", "stock_out", "hand_end", "scores"]
    assert h.events[-1].describe(names) == "Scores: Ada 0, Bora 20, Cem 0."


def test_legal_moves_view():
    h = position(rules(), ["9H 2C", "3D 4D", "4S 5D"], "5H", "KC QC")
    lm = h.legal_moves
    assert "9H" in lm and "2C" not in lm and "junk" not in lm and len(lm) == 2
    assert repr(lm) == "<LegalMoves at move 1, seat 0 to act, phase play (9H, draw)>"
    h.push("draw")
    assert list(map(str, lm)) == ["9H", "draw", "pass"]  # live: the view follows the hand
    assert "top 5H" in repr(h)
