"""Information-set MCTS for Pis Yedili (issue 27): it plays legal moves, is seeded, reads only its seat's
view, and finds the move the determinized search finds where one move is clearly best."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardlib.lessons import position
from cardlib.pisyedili.expert.ismcts import ISMCTSBot

from .conftest import played_py
from .test_no_peeking import SETTINGS, observation, py_twins


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), moves=st.integers(0, 60), perm=st.integers(0, 10 ** 6),
       preset=st.sampled_from(["classic", "turkish"]))
def test_ismcts_does_not_peek(seed, moves, perm, preset):
    a, b, me = py_twins(seed, moves, perm, preset)
    assert observation(a, me) == observation(b, me)
    x, y = ISMCTSBot(5, budget=60), ISMCTSBot(5, budget=60)
    assert x.choose(a) == y.choose(b)
    assert x.last == y.last


def test_ismcts_plays_legal_seeded_moves_in_every_preset():
    for preset, options in (("classic", {}), ("turkish", {}), ("classic", {"partnerships": True}),
                            ("turkish", {"partnerships": True, "partner_goes_free": True})):
        for seed in range(4):
            hand = played_py(seed, 6 * seed, preset, **options)
            if hand.is_over():
                continue
            a, b = ISMCTSBot(seed, budget=200).choose(hand), ISMCTSBot(seed, budget=200).choose(hand)
            assert a == b and a in hand.legal_moves


def test_ismcts_finds_the_clear_best_move():
    """Notebook 33's position: the 7♥ makes the next player, who holds one card, draw 3 (PY-19)."""
    spot = position("pis-yedili", {"preset": "classic"},
                    hands=["7H KH 4C 9S QD", "2H", "3D 8C JS 6D AS", "KC 10D 4S 8H QS 2C"],
                    discard="5H", stock="9D 6C AH 3S 10C 7C KD 2D QC 8S", to_act=0)
    bot = ISMCTSBot(1, budget=3000)
    assert str(bot.choose(spot)) == "7H"
    (best, visits, _), second = bot.last[0], bot.last[1]
    assert visits > 3 * second[1]               # most of the iterations went to it
