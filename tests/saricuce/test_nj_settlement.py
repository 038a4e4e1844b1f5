"""Settlement edge cases (NJ-21..NJ-26, NJ-A05..A09, NJ-F5, NJ-F6), each worked out by hand in the
comments.  Settlement order (NJ-25): Opéra sweep, then each loser from the winner's left: payment, then
doublings in board order 10D JC QS KH 7D."""

from saricuce_support import deal_with, position

from cardlib.saricuce import Rules

R3 = Rules(players=3)

# Scenario A (3 players).  Seat 0 played KC last and leads again with its only card, 5C.
#   seat 1: AD 10S QH 7D -> 1 + 10 + 10 + 7 = 28 points, holds the 7D box card
#   seat 2: 2H 3H 10D    -> 2 + 3 + 10     = 15 points, holds the 10D box card
# The position helper puts AC 2C 3C 4C 6C 7C 8C in the dead stock and everything else on the played
# pile, so the JC, QS and KH boxes were captured (0) and 10D / 7D hold this hand's stakes: 3 and 15.
# Chips: 300 - 18 = 282 -> 94 each.
HANDS_A = ["5C", "AD 10S QH 7D", "2H 3H 10D"]
BOARD_A = {"10D": 3, "JC": 0, "QS": 0, "KH": 0, "7D": 15}


def scenario_a(rules=R3, chips=None):
    h = position(rules, HANDS_A, to_act=0, last=0, last_card="KC", chips=chips)
    assert h.position()["board"] == BOARD_A
    assert str(h.dead[0]) == "AC" and len(h.dead) == 7
    h.push("5C")
    return h.result()


def test_plain_settlement_with_doublings():
    # seat 1: 94 - 28 = 66, doubles 7D (15): 51, 7D box 30
    # seat 2: 94 - 15 = 79, doubles 10D (3): 76, 10D box 6
    # seat 0: 94 + 28 + 15 = 137.   137 + 51 + 76 + 6 + 30 = 300 (NJ-28)
    r = scenario_a()
    assert r.to_dict() == {"winner": 0, "opera": False, "paid": [0, 28, 15], "doubled": [0, 15, 3],
                           "chips": [137, 51, 76],
                           "board": {"10D": 6, "JC": 0, "QS": 0, "KH": 0, "7D": 30}}


def test_payer_short_of_chips_NJ_26_F6():
    # chips [150, 20, 112] (sum 282).  Seat 1 owes 28 but has 20: pays 20 (8 written off), then owes
    # 15 to the 7D box and has 0: pays 0 (15 written off).  Seat 2: 112 - 15 - 3 = 94, 10D box 6.
    # Seat 0: 150 + 20 + 15 = 185.   185 + 0 + 94 + 6 + 15 = 300.
    r = scenario_a(chips=[150, 20, 112])
    assert r.paid == (0, 20, 15) and r.doubled == (0, 0, 3)          # F6: what was actually transferred
    assert r.chips == (185, 0, 94) and r.board == (6, 0, 0, 0, 15)
    assert r.written_off == (0, 23, 0)


def test_payer_short_only_for_the_doubling_NJ_A06():
    # chips [150, 35, 97]: seat 1 pays all 28 (7 left), then only 7 of the 15 it owes the 7D box.
    # Seat 2: 97 - 15 - 3 = 79.  Seat 0: 150 + 28 + 15 = 193.  Board 7D 15 + 7 = 22, 10D 6.
    # 193 + 0 + 79 + 22 + 6 = 300.
    r = scenario_a(chips=[150, 35, 97])
    assert r.paid == (0, 28, 15) and r.doubled == (0, 7, 3)
    assert r.chips == (193, 0, 79) and r.board == (6, 0, 0, 0, 22)


def test_doubling_off():
    # the plain case without NJ-23: seat 0 gets the payments only, 94 + 28 + 15 = 137;
    # seat 1: 94 - 28 = 66, seat 2: 94 - 15 = 79, board unchanged (3 + 15).  137 + 66 + 79 + 18 = 300.
    r = scenario_a(Rules(players=3, doubling=False))
    assert r.doubled == (0, 0, 0) and r.chips == (137, 66, 79) and r.board == (3, 0, 0, 0, 15)


def test_per_card_payments():
    # payment_unit = per_card: seat 1 pays 4 (4 cards), seat 2 pays 3; doublings as usual (15 and 3).
    # seat 0: 94 + 7 = 101; seat 1: 94 - 4 - 15 = 75; seat 2: 94 - 3 - 3 = 88; board 6 + 30.
    r = scenario_a(Rules(players=3, payment_unit="per_card"))
    assert r.paid == (0, 4, 3) and r.chips == (101, 75, 88) and r.board == (6, 0, 0, 0, 30)


def test_box_card_in_the_dead_stock_is_never_doubled_NJ_A09():
    # Same hands, but 10D is in the dead stock (seat 2 holds 4H instead): its box keeps its 3 chips and
    # carries over; only seat 1 doubles (7D).  Seat 2 pays 2 + 3 + 4 = 9.
    h = position(R3, ["5C", "AD 10S QH 7D", "2H 3H 4H"], to_act=0, last=0, last_card="KC",
                 dead="AC 2C 3C 4C 6C 7C 10D")
    h.push("5C")
    r = h.result()
    assert r.doubled == (0, 15, 0) and r.paid == (0, 28, 9)
    assert r.board == (3, 0, 0, 0, 30)


# Opéra (3 players).  Seat 0 holds all the clubs plus KD and KS; dealer 2, so seat 0 leads.  The board
# carries 10D 4, KH 10, 7D 20 from earlier hands (34 chips), so the chips before the stakes are
# [100, 100, 66].  Stakes (3 players): 10D 7, JC 6, QS 9, KH 22, 7D 35; chips [85, 85, 51].
# Seat 0 plays AC..KC (capturing JC's 6 at the 11th card: 91 chips), KC restarts, KD restarts, KS is last.
# The other hands (dealt from the rest of the deck, dead = 6S..QS):
#   seat 1: AD..QD AH 2H 3H = (1+..+10) + 10 + 10 + 6 = 81 points (holds 10D)
#   seat 2: 4H..KH AS..5S   = (4+..+10) + 30 + 15    = 94 points (holds KH)
SEAT0 = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KD KS"
CARRIED = {"10D": 4, "JC": 0, "QS": 0, "KH": 10, "7D": 20}


def opera_hand(rules):
    h = deal_with(rules, {0: SEAT0}, dealer=2, chips=[100, 100, 66], board=CARRIED)
    assert h.position()["board"] == {"10D": 7, "JC": 6, "QS": 9, "KH": 22, "7D": 35}
    assert h.hands[1][0].rank == 1 and len(h.hands[1]) == 15
    for card in SEAT0.split():
        h.push(card)
    return h


def test_opera_sweep_worked_example():
    # Opéra (no_other_player): seat 0 sweeps 7 + 9 + 22 + 35 = 73 (the QS box too, though QS is dead):
    # 91 + 73 = 164.  No doubling.  Seat 1 pays 81 (85 -> 4); seat 2 owes 94 but has 51: pays 51.
    # Seat 0: 164 + 81 + 51 = 296; 296 + 4 + 0 = 300, board empty.
    h = opera_hand(Rules(players=3))
    r = h.result()
    assert r.opera and r.swept == 73
    assert r.to_dict() == {"winner": 0, "opera": True, "paid": [0, 81, 51], "doubled": [0, 0, 0],
                           "chips": [296, 4, 0], "board": {"10D": 0, "JC": 0, "QS": 0, "KH": 0, "7D": 0}}
    assert r.written_off == (0, 0, 43)
    kinds = [e.kind for e in h.events]
    assert kinds[-4:] == ["hand_end", "opera", "payment", "payment"]
    assert kinds.count("king_restart") == 2


def test_opera_single_run_definition_rejects_king_restarts_F4():
    # single_run: the two King restarts break the run, so no Opéra: no sweep, doublings apply.
    # Seat 1 pays 81 (4 left), then owes 7 to the 10D box: pays 4 (10D box 11).  Seat 2 pays 51, then
    # owes 22 to KH: pays 0.  Seat 0: 91 + 81 + 51 = 223.  Board 11 + 0 + 9 + 22 + 35 = 77.  223 + 77 = 300.
    h = opera_hand(Rules(players=3, opera_definition="single_run"))
    r = h.result()
    assert not r.opera
    assert r.paid == (0, 81, 51) and r.doubled == (0, 4, 0)
    assert r.chips == (223, 0, 0) and r.board == (11, 0, 9, 22, 35)


def test_opera_double_payments_F5():
    # double_payments: no sweep, nobody doubles, payments doubled (capped): seat 1 owes 162, pays 85;
    # seat 2 owes 188, pays 51.  Seat 0: 91 + 85 + 51 = 227; board 7 + 9 + 22 + 35 = 73.  227 + 73 = 300.
    h = opera_hand(Rules(players=3, opera_reward="double_payments"))
    r = h.result()
    assert r.opera and r.swept == 0
    assert r.paid == (0, 85, 51) and r.doubled == (0, 0, 0)
    assert r.chips == (227, 0, 0) and r.board == (7, 0, 9, 22, 35)
    assert r.written_off == (0, 162 - 85, 188 - 51)
    assert "double" in [e for e in h.events if e.kind == "opera"][0].describe()


def test_single_run_opera_that_counts():
    # 4 players, seat 0: AC 2D 3C .. QC, one unbroken run A..Q; the 12th card ends the hand.  Opéra under
    # both definitions.  It captures JC (8) on the way and sweeps 4 + 12 + 16 + 20 = 52 at the end.
    run = "AC 2D 3C 4C 5C 6C 7C 8C 9C 10C JC QC"
    for definition in ("no_other_player", "single_run"):
        h = deal_with(Rules(players=4, opera_definition=definition), {0: run})
        for card in run.split():
            assert h.to_act == 0
            h.push(card)
        r = h.result()
        assert r.opera and r.swept == 52
        assert r.chips[0] == 85 + 8 + 52 + sum(r.paid)


def test_box_content_is_measured_at_settlement_NJ_A08():
    # Seat 1 keeps 7D.  The 7D box holds 13 carried-over chips + this hand's 15 stakes = 28 at settlement,
    # so seat 1 doubles 28 (not 15).  The next hand would start from 56 (before its own stakes).
    h = position(R3, ["5C", "AD 10S QH 7D", "2H 3H 4H"], to_act=0, last=0, last_card="KC",
                 dead="AC 2C 3C 4C 6C 7C 10D", board={"10D": 3, "JC": 0, "QS": 0, "KH": 0, "7D": 28},
                 chips=[90, 90, 89])
    h.push("5C")
    r = h.result()
    assert r.doubled == (0, 28, 0) and r.board[4] == 56
