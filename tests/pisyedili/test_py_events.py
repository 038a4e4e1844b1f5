"""Events: typed, frozen, with a kind and a plain sentence; the legal-move view."""

import dataclasses

import pytest
from py_support import position, rules

from cardlib.pisyedili import Hand, Rules, events


def test_every_event_kind_is_logged_and_described():
    seen = {}
    for preset in ("classic", "turkish"):
        for seed in range(12):
            r = Rules.preset_rules(preset, 4, jokers_per_deck=2)
            h = Hand.deal(r, seed=seed)
            from cardlib.pisyedili.bots import HeuristicBot
            bots = [HeuristicBot(s) for s in range(4)]
            while not h.is_over():
                h.push(bots[h.to_act].choose(h))
            for e in h.events:
                seen.setdefault(e.kind, e)
    for kind in ("play", "draw", "pass", "penalty_draw", "skip", "reverse", "named_suit", "tek",
                 "ace_draws", "hand_end", "scores"):
        assert kind in seen, kind
    for e in seen.values():
        text = e.describe(["Ada", "Bora", "Cem", "Deniz"])
        assert text.endswith(".") and text[0].isupper()
        assert e.describe(None)
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
