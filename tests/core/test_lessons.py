"""The notebooks' vocabulary (cardlib.lessons): short positions, narration, playing out."""

import pytest

from cardlib.errors import InvalidPositionError
from cardlib.lessons import narrate, play_out, position
from cardlib.prob import Estimate
from cardlib.saricuce import complete_position


def test_a_sari_cuce_position_from_a_few_fields():
    hand = position("sari-cuce", {"players": 3}, hands=["7D 8H", "8S 9C", "KH"], played="AC 2C 3C 4C 5C 6C",
                    to_act=0, needed="7", last=2, played_by=[2])
    assert [str(m) for m in hand.legal_moves] == ["7D"]
    assert hand.chips == [85, 85, 85] and hand.board == [3, 6, 9, 12, 15]     # stakes taken (NJ-06)
    assert len(hand.dead) == 52 - 5 - 6
    start = complete_position({"players": 3}, {"hands": ["AS"], "played": "7D", "dead": "2C"})
    assert start["board"]["7D"] == 0 and start["dead"] == "2C"                # played box is empty; given kept


def test_a_pis_yedili_position_buries_the_rest_under_the_top_card():
    hand = position("pis-yedili", hands=["9H 2C", "3D 4D", "4S 5D"], discard="5H", stock="KC", to_act=0)
    assert hand.top.pretty() == "5♥" and len(hand.discard) == 52 - 6 - 1
    with pytest.raises(InvalidPositionError, match="top card"):
        position("pis-yedili", hands=["9H 2C", "3D 4D", "4S 5D"], to_act=0)


def test_narrate_and_play_out_are_seeded():
    a = play_out(position("pis-yedili", hands=["9H 2C", "3D 4D", "4S 5D"], discard="5H", stock="KC QC",
                          to_act=0), "random", seed=4)
    b = play_out(position("pis-yedili", hands=["9H 2C", "3D 4D", "4S 5D"], discard="5H", stock="KC QC",
                          to_act=0), "random", seed=4)
    assert a.is_over() and a.record_moves() == b.record_moves()
    text = narrate(a.events, ["Ada", "Bora", "Cem"])
    assert text.count("\n") == len(a.events) - 1 and "Ada" in text and repr(text) == str(text)
    assert 0.25 in Estimate.rate(25, 100)


def test_table_is_markdown_for_a_notebook_and_aligned_text_at_the_prompt():
    from cardlib.lessons import table
    t = table(["players", "cards each", "dead"], [(3, 15, 7), (4, 12, "4 | none")])
    assert t._repr_markdown_().splitlines() == ["| players | cards each | dead |", "|---|---|---|",
                                                "| 3 | 15 | 7 |", "| 4 | 12 | 4 \\| none |"]
    assert repr(t).splitlines()[1] == "3        15          7"
    with pytest.raises(ValueError, match="has 2 cells; the header"):
        table(["a", "b", "c"], [(1, 2)])
