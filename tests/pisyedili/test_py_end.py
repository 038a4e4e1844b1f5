"""End of hand, scoring and the match (PY-26..PY-31, PY-A17, PY-A19..A21, PY-A24, PY-A27, PY-F14)."""

import pytest
from pisyedili_support import hand_text, moves, position, rules, stock_text

from cardlib import parse_cards
from cardlib.pisyedili import Match, Result, bots
from cardlib.pisyedili.scoring import card_value, hand_value, multiplier


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_26_going_out_ends_the_hand_and_the_last_cards_effects_are_not_applied(preset):
    r = rules(preset, end_penalty_draws=False, tek=False)
    h = position(r, ["7H", "KD 4D", "JS 5D"], "5H", "KC QC JC")
    h.push("7H")
    assert h.is_over() and h.to_act is None and moves(h) == []
    assert h.pending == 0  # no sevens for seat 1 (PY-A17)
    res = h.result()
    # seat 1: K 10 + 4 = 14, x3 = 42; seat 2: J 25 + 5 = 30, x3 = 90
    assert res.to_dict() == {"winner": 0, "ended_by": "out", "multiplier": 3, "scores": [0, 42, 90]}
    assert [e.kind for e in h.events[-2:]] == ["hand_end", "scores"]


def test_PY_26_going_out_on_an_eight_ten_or_ace_has_no_effect():
    for card in ("8H", "10H", "AH"):
        h = position(rules("classic"), [card, "KD 4D", "JS 5D"], "5H", "KC QC")
        h.push(card)
        assert h.is_over() and h.direction == 1 and h.position()["to_act"] is None
        assert h.result().multiplier == 1  # PY-A24: no multiplier for A or 10


def test_PY_27_classic_may_go_out_with_an_ace():
    h = position(rules("classic"), ["AH", "KD 4D", "JS 5D"], "5H", "KC QC")
    assert "AH" in moves(h)
    h.push("AH")
    assert h.result().winner == 0 and h.result().scores == (0, 14, 30)


def test_PY_28_classic_the_draw_of_the_last_card_ends_the_hand_lowest_hand_wins():
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S"], "5H", "4H")
    h.push("draw")
    # values: seat 0 2+3+4 = 9, seat 1 10+10 = 20, seat 2 9: the two lowest score 0, no multiplier
    assert h.is_over() and hand_text(h, 0) == "2C 3C 4H"
    assert h.result().to_dict() == {"winner": None, "ended_by": "stock", "multiplier": 1, "scores": [0, 20, 0]}
    assert "stock_out" in [e.kind for e in h.events]


def test_PY_28_penalty_cut_short_by_the_last_card():
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S"], "7H", "4H 5S", pending=1)
    h.push("draw")
    # seat 0 owed 3 but only 2 were there: 2+3+4+5 = 14; seat 1 20; seat 2 9
    assert h.is_over() and hand_text(h, 0) == "2C 3C 4H 5S"
    assert h.result().scores == (14, 20, 0) and h.events[0].owed == 3 and len(h.events[0].cards) == 2


def test_PY_A19_a_position_with_an_empty_stock_plays_on():
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S"], "5H", "")
    assert moves(h) == ["pass"]
    h.push("pass")
    assert not h.is_over() and h.to_act == 1


def test_PY_28T_reshuffle_all_but_the_top_card():
    h = position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", "")
    under = h.discard[:-1]
    order = list(reversed(under))
    h.push("draw", [order])
    assert h.position()["discard"] == "5H"
    assert h.hands[0][-1] is order[0] and stock_text(h) == " ".join(str(c) for c in order[1:])
    assert h.record_moves() == ["draw", "reshuffle " + " ".join(str(c) for c in order)]
    assert h.events[0].kind == "reshuffle"


def test_PY_28T_reshuffle_without_chance_uses_the_hands_seeded_rng():
    a = position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", "")
    b = position(rules("turkish", tek=False), ["2C 3C", "KD QD", "9S 4S"], "5H", "")
    a.push("draw")
    b.push("draw")
    assert a.position() == b.position() and a.record_moves() == b.record_moves()
    assert a.record_moves()[1].startswith("reshuffle ")


def test_PY_28T_nothing_to_reshuffle_cuts_the_penalty_short():
    from pisyedili_support import split_deck
    from cardlib import cards_text
    from cardlib.pisyedili import Hand
    r = rules("turkish", tek=False)
    rest = split_deck(r, "7H 2C 3C")
    h = Hand.from_start(r, {"hands": ["2C 3C", cards_text(rest[:25]), cards_text(rest[25:])], "stock": "",
                            "discard": "7H", "to_act": 0, "pending": 1})
    assert moves(h) == ["draw"]
    h.push("draw")  # PY-F1: nothing can be drawn; the sevens are spent
    assert hand_text(h, 0) == "2C 3C" and h.pending == 0 and h.to_act == 1


def test_PY_28B_n_turns_without_a_card_played_end_a_turkish_hand():
    r = rules("turkish", tek=False)
    h = position(r, ["2C 3C", "KD QD", "9S 4S"], "5H", "2D 3D 4D 6C")
    for _ in range(3):
        h.push("draw")
        assert not h.is_over()
        h.push("pass")
    # seat 0: 2+3+2 = 7, seat 1: 10+10+3 = 23, seat 2: 9+4+4 = 17
    assert h.is_over() and h.result().reason == "no_play"
    assert h.result().to_dict() == {"winner": None, "ended_by": "stock", "multiplier": 1, "scores": [0, 23, 17]}
    assert h.events[-3].kind == "no_play"
    # classic has no such rule
    h = position(rules("classic"), ["2C 3C", "KD QD", "9S 4S"], "5H", "2D 3D 4D 6C")
    for _ in range(3):
        h.push("draw")
        h.push("pass")
    assert not h.is_over()


def test_PY_29_card_values():
    vals = {t: card_value(parse_cards(t)[0]) for t in "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS X".split()}
    assert vals == {"AS": 15, "2S": 2, "3S": 3, "4S": 4, "5S": 5, "6S": 6, "7S": 20, "8S": 8, "9S": 9,
                    "10S": 10, "JS": 25, "QS": 10, "KS": 10, "X": 100}
    assert hand_value(parse_cards("JS 7D AC KH")) == 70


@pytest.mark.parametrize("last, suit, mult", [("7H", "", 3), ("JS", "=H", 2), ("X", "=H", 10), ("AH", "", 1),
                                               ("10H", "", 1), ("5H", "", 1)])
def test_PY_30_multiplier_of_the_winning_card(last, suit, mult):
    r = rules("classic", jokers_per_deck=1)
    h = position(r, [last, "AD 2D", "QS 3S"], "9H" if last != "5H" else "5S", "KC QC")
    h.push(last + suit)
    # seat 1: 15 + 2 = 17, seat 2: 10 + 3 = 13
    assert h.result().multiplier == mult and h.result().scores == (0, 17 * mult, 13 * mult)
    assert multiplier(parse_cards(last)[0], r) == mult


def test_PY_30_finish_multipliers_off():
    r = rules("classic", finish_multipliers=False)
    h = position(r, ["7H", "AD 2D", "QS 3S"], "9H", "KC QC")
    h.push("7H")
    assert h.result().multiplier == 1 and h.result().scores == (0, 17, 13)


def test_PY_30_a_joker_finish_with_a_joker_left_in_a_hand():
    r = rules("classic", jokers_per_deck=2)
    h = position(r, ["X", "X 2D", "QS"], "9H", "KC QC")
    h.push("X=S")
    # seat 1: 100 + 2 = 102, x10 = 1020; seat 2: 10 x 10 = 100
    assert h.result().scores == (0, 1020, 100)


def test_PY_31_four_deals_lowest_total_wins_ties_are_co_winners():
    m = Match(rules(players=3))
    # hand scores; the totals are 0+15+10+0 = 25, 20+0+5+0 = 25, 30+10+0+5 = 45
    for scores in ([0, 20, 30], [15, 0, 10], [10, 5, 0], [0, 0, 5]):
        assert not m.is_over() and m.winners() == []
        m.add(Result(None if scores.count(0) > 1 else scores.index(0), "out", 1, tuple(scores)))
    assert m.is_over() and m.totals == [25, 25, 45] and m.winners() == [0, 1]
    with pytest.raises(Exception):
        m.next_hand()


def test_PY_31_a_played_match_adds_up_hand_scores():
    r = rules("turkish", players=4, deals_per_match=4)
    m = Match(r, seed=3)
    result = m.play([bots.HeuristicBot(s) for s in range(4)])
    assert len(m.results) == 4 and result.totals == tuple(m.totals) and result.deals_played == 4
    assert m.totals == [sum(res.scores[s] for res in m.results) for s in range(4)]
    assert m.winners() == [s for s in range(4) if m.totals[s] == min(m.totals)]
    assert m.to_dict()["totals"] == m.totals


def test_option_deals_per_match():
    m = Match(rules(players=2, deals_per_match=2), seed=1)
    m.play([bots.RandomBot(1), bots.RandomBot(2)])
    assert len(m.results) == 2 and m.is_over()


def test_PY_F14_stock_ending_has_no_winner_and_multiplier_one():
    h = position(rules("classic"), ["7C 7D", "KD QD", "9S"], "5H", "4H")
    h.push("draw")
    assert h.result().winner is None and h.result().multiplier == 1 and h.result().ended_by == "stock"


@pytest.mark.slow
def test_option_deals_per_match_at_its_largest_plays_through():
    """Issue 28, R4: deals_per_match at its largest (SERIES_MAX) plays every deal (about 18 s)."""
    from cardlib.options import SERIES_MAX
    m = Match(rules(players=4, deals_per_match=SERIES_MAX), seed=1)
    result = m.play("random")
    assert m.is_over() and len(m.hands) == SERIES_MAX
    assert list(result.totals) == [sum(h.result().scores[s] for h in m.hands) for s in range(4)]
