"""The ambiguities (NJ-A01..A20, where they can be tested) and the fine points (NJ-F1..F6) of RULES.md,
and one test per option of RULES.md 1.3."""

import pytest
from saricuce_support import deal_with, position, snapshot

from cardlib.errors import GameOverError, IllegalMoveError, InvalidOptionError, InvalidPositionError
from cardlib.saricuce import Game, Hand, Rules, bots, events

R4 = Rules(players=4)
STOP4 = Rules(players=4, allow_voluntary_stop=True)
SKIP4 = Rules(players=4, stall_rule="skip_rank")


def moves(hand):
    return [str(m) for m in hand.legal_moves]


# -- ambiguities ------------------------------------------------------------------------------------
def test_NJ_A01_several_holders_first_from_the_last_player():
    # 6s with seats 3 and 1; seat 2 plays 5: the search from seat 2 goes 2, 3 -> seat 3 (not seat 1)
    h = position(R4, ["9C 2C", "6D 3D", "5S JS", "6H 2H"], to_act=2, last=2, last_card="KC")
    h.push("5S")
    assert h.to_act == 3


def test_NJ_A02_holder_cannot_decline_by_default():
    h = position(R4, ["9C 2C", "6D 3D", "5S JS", "6H 2H"], to_act=2, last=2, last_card="KC")
    h.push("5S")
    assert "stop" not in h.legal_moves
    h = position(STOP4, ["9C 2C", "6D 3D", "5S JS", "6H 2H"], to_act=2, last=2, last_card="KC")
    h.push("5S")
    assert moves(h) == ["6H", "stop"]


def test_NJ_A03_holder_chooses_which_seven_and_the_box_follows():
    for pick, taker_gets in (("7D", 20), ("7H", 0)):
        h = position(R4, ["6C 2C", "7D 7H 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
        h.push("6C")
        before = h.chips[1]
        h.push(pick)
        assert h.chips[1] - before == taker_gets
        assert ("7D" in [str(c) for c in h.hands[1]]) == (pick == "7H")


def test_NJ_A04_opera_includes_restarts_by_the_same_player():
    seat0 = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KD KS"
    h = deal_with(Rules(players=3), {0: seat0})
    for c in seat0.split():
        h.push(c)
    assert h.result().opera
    # and only the first leader can make one: a hand where seat 1 also played is never an Opéra
    h = position(R4, ["2C", "AD 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    h.push("2C")
    assert not h.result().opera


def test_NJ_A05_opera_pays_sweep_and_payments_nobody_doubles():
    seat0 = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KD KS"
    h = deal_with(Rules(players=3), {0: seat0})
    for c in seat0.split():
        h.push(c)
    r = h.result()
    assert r.opera and sum(r.board) == 0 and r.doubled == (0, 0, 0) and all(r.paid[1:])
    assert "10D" in [str(c) for c in h.hands[1]]       # a box card left in hand, yet no doubling


def test_NJ_A07_doubling_pays_the_box_content():
    h = position(Rules(players=3), ["5C", "AD 7D", "2H"], to_act=0, last=0, last_card="KC")
    box = h.board[4]
    h.push("5C")
    assert h.result().doubled[1] == box and h.result().board[4] == 2 * box
    dbl = [e for e in h.events if isinstance(e, events.Doubling)][0]
    assert (dbl.seat, str(dbl.box), dbl.amount, dbl.due, dbl.short) == (1, "7D", box, box, 0)


def test_NJ_A10_board_chips_at_game_end_belong_to_nobody():
    game = Game(Rules(players=3, hands_limit=2), seed=12)
    r = game.play(bots.RandomBot(4))
    assert sum(r.chips) + sum(r.board) == 300
    assert r.winners == tuple(s for s in range(3) if r.chips[s] == max(r.chips))


def test_NJ_A12_bankruptcy_checked_before_the_stakes():
    # a seat with exactly 15 chips can still stake; 14 cannot (the deal is refused, F1)
    Hand.deal(R4, seed=1, chips=[15, 185, 100, 100])
    with pytest.raises(InvalidPositionError, match="NJ-08"):
        Hand.deal(R4, seed=1, chips=[14, 186, 100, 100])


def test_NJ_A13_a_player_at_zero_chips_plays_on():
    h = position(R4, ["5C 2C", "6D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC",
                 chips=[250, 0, 75, 75])
    h.push("5C")
    assert h.to_act == 1 and moves(h) == ["6D"]
    h.push("6D")
    assert h.chips[1] == 0 and not h.is_over()


def test_NJ_A14_missing_king_is_an_ordinary_stall():
    h = position(R4, ["QC 2C", "6D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="JC", needed="Q")
    h.push("QC")
    assert h.events[-1].kind == "stall" and h.events[-1].ranks == (13,)
    assert h.to_act == 0 and h.needed is None


def test_NJ_A15_an_ace_after_a_king_is_a_new_run():
    h = position(R4, ["KC AC 5C", "6D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="QD", needed="K")
    h.push("KC")
    assert h.needed is None and moves(h) == ["AC", "5C"]        # any card, not only an Ace
    h.push("5C")
    assert h.events[-1].kind == "play" and h.events[-1].lead and h.events[-1].run_position == 1


def test_NJ_A16_last_card_a_box_card_captures_then_ends():
    h = position(R4, ["7D", "6D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    box = h.board[4]
    h.push("7D")
    kinds = [e.kind for e in h.events]
    assert kinds[kinds.index("play"):kinds.index("hand_end") + 1] == ["play", "capture", "hand_end"]
    assert h.events[kinds.index("capture")].chips == box


def test_NJ_A18_captures_are_automatic():
    h = position(R4, ["9C 2C", "10D 3D", "5S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    h.push("9C")
    h.push("10D")           # no announcement move exists; the capture happened inside push
    assert h.board[0] == 0


# -- fine points ------------------------------------------------------------------------------------
def test_NJ_F1_deal_with_a_seat_under_15_chips_is_refused():
    with pytest.raises(InvalidPositionError, match="seat 2 has 3 chips"):
        Hand.deal(Rules(players=3), seed=1, chips=[100, 197, 3])
    game = Game(Rules(players=3, starting_chips=15), seed=1)
    game.play(bots.RandomBot(0))
    with pytest.raises(GameOverError):
        game.next_hand()


def test_NJ_F2_stop_search_and_stall():
    # seat 0 leads 5C; the 6s: seat 0 (6C), seat 1 (6D), seat 3 (6H).  Everyone declines in turn:
    # 0 -> 1 -> 3, and seat 3 is the seat before the last player (0): the stall rule gives seat 0 the lead.
    h = position(STOP4, ["5C 6C 9S", "6D 2S", "3S 4S", "6H 2H"], to_act=0, last=0, last_card="KC")
    assert "stop" not in h.legal_moves                       # a lead can never be declined
    with pytest.raises(IllegalMoveError, match="cannot be declined"):
        h.push("stop")
    h.push("5C")
    assert h.to_act == 0 and moves(h) == ["6C", "stop"]
    h.push("stop")
    assert h.to_act == 1
    h.push("stop")
    assert h.to_act == 3
    h.push("stop")
    assert h.to_act == 0 and h.needed is None
    kinds = [e.kind for e in h.events[-4:]]
    assert kinds == ["stop", "stop", "stop", "stall"] and h.events[-1].declined
    assert "sans 6" in h.events[-2].describe()


def test_NJ_F2_stop_then_someone_plays():
    h = position(STOP4, ["5C 6C 9S", "6D 2S", "3S 4S", "6H 2H"], to_act=0, last=0, last_card="KC")
    h.push("5C")
    h.push("stop")
    h.push("6D")
    play = [e for e in h.events if e.kind == "play"][-1]
    assert (play.seat, str(play.card), play.run_position) == (1, "6D", 2)
    assert not any(e.kind == "stall" and e.ranks == (6,) for e in h.events)


def test_NJ_F2_stop_with_skip_rank_moves_on():
    # with skip_rank too, after everyone declines 6 the needed rank rises: 7 and 8 are nowhere, seat 0
    # holds 9S -> needed 9, searched from the last player (seat 0)
    rules = Rules(players=4, allow_voluntary_stop=True, stall_rule="skip_rank")
    h = position(rules, ["5C 6C 9S", "6D 2S", "3S 4S", "6H 2H"], to_act=0, last=0, last_card="KC")
    for m in ("5C", "stop", "stop", "stop"):
        h.push(m)
    assert h.to_act == 0 and h.position()["needed"] == "9"
    assert h.events[-1].kind == "skip_rank" and h.events[-1].ranks == (6, 7, 8)


def test_NJ_F3_skip_rank_rises_until_held_then_searches_from_last():
    # no 6 anywhere; 7s with seats 2 and 3: needed 7, searched from seat 0 -> seat 2
    h = position(SKIP4, ["5C 9C", "8D 3D", "7S JS", "7H 2H"], to_act=0, last=0, last_card="KC")
    h.push("5C")
    assert h.to_act == 2 and h.position()["needed"] == "7"
    assert h.events[-1].kind == "skip_rank" and "skips to a 7" in h.events[-1].describe()


def test_NJ_F3_missing_king_always_restarts():
    # J played, no Q and no K in any hand: the needed rank would rise to K, which nobody holds -> stall
    h = position(SKIP4, ["JD 9C", "8D 3D", "7S 2S", "7H 2H"], to_act=0, last=0, last_card="10C", needed="J")
    h.push("JD")
    assert h.events[-1].kind == "stall" and h.events[-1].ranks == (12, 13)
    assert h.to_act == 0 and h.needed is None


def test_NJ_F4_single_run_definition():
    # see also test_nj_settlement.py (King restarts break the run); here a stall breaks it:
    # seat 0 holds 2C 3C 5C 6C, no 4 anywhere else -> 2, 3, stall, 5, 6: nobody else played, but no run
    fixed = {0: "2C 3C 5C 6C 7C 8C 9C 10C JC QC KC AC", 1: "4C 4D 4H 4S AD 3D 5D 6D 7D 8D 9D 10D"}
    for definition, opera in (("no_other_player", True), ("single_run", False)):
        h = deal_with(Rules(players=4, opera_definition=definition), fixed, dead="2D 3H 5H 2S")
        # seat 1 holds the 4s, so leading 2C would hand over the turn; lead 5C..KC, then AC 2C 3C ...
        for c in "5C 6C 7C 8C 9C 10C JC QC KC AC 2C 3C".split():
            assert h.to_act == 0, c
            h.push(c)
        assert h.result().opera is opera


def test_NJ_F5_double_payments_no_sweep_no_doubling():
    seat0 = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KD KS"
    h = deal_with(Rules(players=3, opera_reward="double_payments"), {0: seat0})
    board_before_end = None
    for c in seat0.split():
        board_before_end = list(h.board)
        h.push(c)
    r = h.result()
    assert r.opera and r.swept == 0 and r.doubled == (0, 0, 0)
    assert list(r.board) == board_before_end          # nothing swept (KS is not a box card)
    pays = [e for e in h.events if isinstance(e, events.Payment)]
    assert all(p.due % 2 == 0 for p in pays)


def test_NJ_F6_reported_amounts_are_transferred_amounts():
    h = position(R4, ["2C", "KD QD JD", "9S", "8H 7D"], to_act=0, last=0, last_card="KC",
                 chips=[305, 5, 50, 20])
    h.push("2C")
    r = h.result()
    pays = {e.payer: e for e in h.events if isinstance(e, events.Payment)}
    assert r.paid[1] == pays[1].amount == 5 and pays[1].due == 30 and pays[1].short == 25
    # seat 3: owes 15 (pays 15, 5 left), then owes the 7D box 20: pays 5
    assert r.paid[3] == 15 and r.doubled[3] == 5 and r.written_off[3] == 15
    assert "written off" in pays[1].describe()


# -- options (RULES.md 1.3), one test each -----------------------------------------------------------
def test_option_end_mode():
    assert Rules().end_mode == "hands"
    r = Game(Rules(players=3, end_mode="bankruptcy"), seed=2).play(bots.RandomBot(1))
    assert r.reason == "bankruptcy"
    with pytest.raises(InvalidOptionError):
        Rules(end_mode="never")


def test_option_hands_limit():
    assert Rules().hands_limit == 5
    game = Game(Rules(players=6, hands_limit=2, starting_chips=500), seed=2)
    assert game.play(bots.RandomBot(1)).hands_played == 2
    for bad in (0, -1, 2.5, True):
        with pytest.raises(InvalidOptionError):
            Rules(hands_limit=bad)


def test_option_starting_chips():
    assert Rules().starting_chips == 100
    h = Hand.deal(Rules(players=3, starting_chips=60), seed=1)
    assert h.chips == [45, 45, 45]
    with pytest.raises(InvalidOptionError):
        Rules(starting_chips=14)


def test_option_allow_two_players():
    assert Rules().allow_two_players is False
    h = Hand.deal(Rules(players=2, allow_two_players=True), seed=1)
    assert h.board == [2, 4, 6, 8, 10]
    r = Game(Rules(players=2, allow_two_players=True, hands_limit=2), seed=1).play(bots.RandomBot(1))
    assert sum(r.chips) + sum(r.board) == 200


def test_option_allow_voluntary_stop():
    assert Rules().allow_voluntary_stop is False
    h = position(STOP4, ["5C 6C 9S", "6D 2S", "3S 4S", "6H 2H"], to_act=0, last=0, last_card="KC")
    h.push("5C")
    assert "stop" in h.legal_moves
    with pytest.raises(InvalidOptionError):
        Rules(allow_voluntary_stop="yes")


def test_option_stall_rule():
    assert Rules().stall_rule == "restart"
    hands = ["5C 9C", "8D 3D", "7S JS", "7H 2H"]
    restart = position(R4, hands, to_act=0, last=0, last_card="KC")
    skip = position(SKIP4, hands, to_act=0, last=0, last_card="KC")
    restart.push("5C")
    skip.push("5C")
    assert (restart.to_act, restart.needed) == (0, None)
    assert (skip.to_act, skip.needed) == (2, 7)
    with pytest.raises(InvalidOptionError):
        Rules(stall_rule="skip")


def test_option_opera_definition():
    assert Rules().opera_definition == "no_other_player"
    with pytest.raises(InvalidOptionError):
        Rules(opera_definition="grand")
    # behaviour: test_nj_settlement.py::test_opera_single_run_definition_rejects_king_restarts_F4


def test_option_opera_reward():
    assert Rules().opera_reward == "sweep_board"
    with pytest.raises(InvalidOptionError):
        Rules(opera_reward="triple")
    # behaviour: test_NJ_F5_double_payments_no_sweep_no_doubling


def test_option_payment_unit():
    assert Rules().payment_unit == "card_points"
    h = position(Rules(players=4, payment_unit="per_card"), ["2C", "KD QD JD", "9S", "8H 2H"],
                 to_act=0, last=0, last_card="KC")
    h.push("2C")
    assert h.result().paid == (0, 3, 1, 2)
    with pytest.raises(InvalidOptionError):
        Rules(payment_unit="points")


def test_option_doubling():
    assert Rules().doubling is True
    h = position(Rules(players=4, doubling=False), ["2C", "7D", "9S", "8H"], to_act=0, last=0, last_card="KC")
    h.push("2C")
    assert h.result().doubled == (0, 0, 0, 0) and h.result().board[4] == 20


def test_rules_from_dict_and_to_dict():
    r = Rules.from_dict({"players": 5, "doubling": False, "stall_rule": "skip_rank"})
    assert r.to_dict() == {"players": 5, "stall_rule": "skip_rank", "doubling": False}
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict({}) == Rules()
    with pytest.raises(InvalidOptionError, match="'colour'"):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(InvalidOptionError):
        Rules.from_dict(["players", 4])
    with pytest.raises(InvalidOptionError):
        Rules(doubling=1)
    assert Rules(players=6).cards_per_player == 8 and Rules(players=6).dead_count == 4


def test_stop_illegal_leaves_state_unchanged():
    h = position(R4, ["5C 6C 9S", "6D 2S", "3S 4S", "6H 2H"], to_act=0, last=0, last_card="KC")
    h.push("5C")
    snap = snapshot(h)
    with pytest.raises(IllegalMoveError):
        h.push("stop")
    assert snapshot(h) == snap


def test_NJ_A11_seven_and_eight_players_allowed_by_default():
    assert (Rules(players=7).cards_per_player, Rules(players=7).dead_count) == (7, 3)
    assert (Rules(players=8).cards_per_player, Rules(players=8).dead_count) == (6, 4)


def test_NJ_A17_a_hand_never_gets_stuck():
    for seed in range(300):
        h = Hand.deal(Rules(players=3 + seed % 6, stall_rule=("restart", "skip_rank")[seed % 2]), seed=seed)
        b = bots.RandomBot(seed)
        for _ in range(60):                  # at most 52 - dead cards can be played
            if h.is_over():
                break
            h.push(b.choose(h))
        assert h.is_over()


def test_NJ_A19_ties_at_the_game_end_are_shared():
    from cardlib.saricuce.game import game_winners
    assert game_winners([70, 70, 70]) == (0, 1, 2)
    assert events.GameEnd(winners=(0, 2), chips=(70, 60, 70), reason="hands_limit",
                          hands_played=5).describe() == (
        "The game ends after 5 hands: Seat 0 and Seat 2 share the win with 70 chips each.")


def test_NJ_A20_bots_use_only_what_the_player_may_see():
    # the same hand for seat 0 with different opponents' hands and dead stock: the same choice
    a = position(R4, ["9C 6H 4C 7S 5D 2S", "8D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    b = position(R4, ["9C 6H 4C 7S 5D 2S", "QD 3H", "AS JD", "10H 2C"], to_act=0, last=0, last_card="KC")
    for seed in range(10):
        assert bots.TipsBot(seed).choose(a) == bots.TipsBot(seed).choose(b)
        assert bots.RandomBot(seed).choose(a) == bots.RandomBot(seed).choose(b)
