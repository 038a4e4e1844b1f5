"""Positions as people write them (cardlib/saricuce/position.py; docs/rules-sari-cuce.md, Decisions 4 to 6,
17 and 18): what is refused, what is taken with a warning in ``status()``, ``strict=True``, what is derived."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saricuce_support import DECK, load_example, snapshot

from cardlib.errors import InvalidPositionError
from cardlib.saricuce import Hand, Rules, bots

R3 = Rules(players=3)
R4 = Rules(players=4)
START = load_example("sari-cuce-4p-default.json")["start"]     # dealer 0: seat 1 leads
TEACHING = Path(__file__).resolve().parents[1] / "data" / "positions" / "sari-cuce-teaching-position.json"


def mid():
    """A position reached by play: seat 1 led JH, seat 2 (the first Queen holder, with QD) to play.
    Seat 0 holds QS and QC, seat 1 KH and KD, seat 2 KC; seat 3 no Queen."""
    hand = Hand.from_start(R4, copy.deepcopy(START))
    hand.push("JH")
    return hand.position()


def teaching():
    return json.loads(TEACHING.read_text(encoding="utf-8"))


def refused(change, rules=R4, start=None):
    """``change`` breaks the position: it is refused even without ``strict``, and the input is untouched."""
    pos = copy.deepcopy(start or mid())
    change(pos)
    before = copy.deepcopy(pos)
    with pytest.raises(InvalidPositionError) as err:
        Hand.from_start(rules, pos)
    assert pos == before
    return str(err.value)


def odd(change, rules=R4, start=None):
    """``change`` makes a position that cannot happen in a real hand but can be played on: it is taken,
    ``status()`` says why, and ``strict=True`` refuses it naming the same things."""
    pos = copy.deepcopy(start or mid())
    assert Hand.from_start(rules, copy.deepcopy(pos), strict=True).status() == []
    change(pos)
    before = copy.deepcopy(pos)
    hand = Hand.from_start(rules, pos)
    assert pos == before
    warnings = hand.status()
    assert warnings and not hand.is_valid() and list(hand.legal_moves)
    with pytest.raises(InvalidPositionError) as err:
        Hand.from_start(rules, pos, strict=True)
    assert "strict" in str(err.value) and all(w in str(err.value) for w in warnings)
    return warnings


def one(warnings, field):
    """The warning about ``field`` (each warning starts with the field it is about)."""
    about = [w for w in warnings if w.startswith(field + ": ")]
    assert len(about) == 1, warnings
    return about[0]


# -- reached positions ------------------------------------------------------------------------------
def test_position_round_trips():
    pos = mid()
    h = Hand.from_start(R4, pos, strict=True)
    assert h.position() == pos and h.start() == pos
    assert h.status() == [] and h.is_valid()
    assert [str(m) for m in h.legal_moves] == ["QD"]


def test_dealt_hands_have_nothing_odd():
    assert Hand.deal(R4, seed=3).status() == []
    assert Hand.from_start(R4, copy.deepcopy(START), strict=True).status() == []


# -- errors: what breaks the game -------------------------------------------------------------------
def test_position_errors():
    assert "to_act is null" in refused(lambda p: p.update(to_act=None))
    assert "also needs dealer" in refused(lambda p: p.pop("dealer"))
    assert "unknown field(s) 'stock'" in refused(lambda p: p.update(stock=""))
    assert "to_act=9" in refused(lambda p: p.update(to_act=9))
    assert "last=4" in refused(lambda p: p.update(last=4))
    assert "to_act=3 holds no Q" in refused(lambda p: p.update(to_act=3))
    assert "needed='Z'" in refused(lambda p: p.update(needed="Z"))
    assert "names a seat twice" in refused(lambda p: p.update(played_by=[1, 1]))
    assert "must be a list of seats" in refused(lambda p: p.update(played_by="1"))
    assert "missing: JH" in refused(lambda p: p.update(played=""))
    assert "duplicated: JH (hands[0], played)" in refused(lambda p: p["hands"].__setitem__(0, p["hands"][0] + " JH"))
    assert "'1Z'" in refused(lambda p: p.update(played="1Z"))
    assert "whole numbers from 0" in refused(lambda p: p["chips"].__setitem__(0, -1))
    assert "with last=null" in refused(lambda p: p.update(last=None))


def test_a_seat_without_cards_has_won():
    def empty_seat_3(p):
        p["played"] += " " + p["hands"][3]
        p["hands"][3] = ""
        p["played_by"] = [1, 3]
    assert "hands[3] is empty" in refused(empty_seat_3) and "NJ-20" in refused(empty_seat_3)


# -- warnings: what could not happen in a real hand -------------------------------------------------
def test_box_below_the_stakes_NJ_06():
    w = odd(lambda p: (p["board"].update({"QS": 5}), p["chips"].__setitem__(0, p["chips"][0] + 7)))
    assert one(w, "board") == "board: the QS box holds 5 chips, less than this hand's stakes (3 x 4 = 12, NJ-06)"


def test_box_not_emptied_although_its_card_was_played_NJ_19():
    def play_10d(p):
        p["played"] = "JH 10D"
        p["hands"][1] = p["hands"][1].replace("10D ", "")
    w = odd(play_10d)
    assert "10D has been played this hand, so its box was captured (NJ-19), but it holds 4 chips" in one(w, "board")


def test_chip_total_that_does_not_add_up_NJ_28():
    w = odd(lambda p: p.update(chips=[100, 85, 85, 85]))
    assert "make 415 chips, but 4 players x 100 starting chips = 400 (NJ-28)" in one(w, "chips")


def test_NJ_28_holds_relative_to_the_positions_own_total():
    pos = mid()
    pos["chips"] = [90, 80, 85, 77]               # 332 + 60 on the board: 392, not 400
    for seed in range(20):
        hand = Hand.from_start(R4, copy.deepcopy(pos))
        bot = bots.RandomBot(seed)
        while not hand.is_over():
            hand.push(bot.choose(hand))
            assert sum(hand.chips) + sum(hand.board) == 392 and min(hand.chips) >= 0
        r = hand.result()
        assert sum(r.chips) + sum(r.board) == 392


def test_played_pile_in_no_playing_order():
    # seat 1 led JH and then, as written, 3C: but seat 2 holds QD, and a Queen had to follow
    def pile(p):
        p["played"] = "JH 3C"
        p["hands"][0] = p["hands"][0].replace("3C ", "")
    w = odd(pile, start=mid())
    assert one(w, "played") == ("played: not in a playing order: after JH comes 3C, but a card of rank Q was "
                                "still held and had to follow (NJ-13, NJ-14); the pile is read as a set of cards")


def test_played_listed_by_suit_with_needed_and_last_given():
    # the teacher's pile ends with KS, a King, but needed and last are given: they are taken as given
    rec = teaching()
    hand = Hand.from_start(R3, rec["start"])
    assert hand.needed == 8 and hand.last == 0 and hand.to_act == 1
    assert [str(m) for m in hand.legal_moves] == ["8D", "8S"]
    warnings = hand.status()
    assert [w.split(":")[0] for w in warnings] == ["board", "chips", "played"]
    with pytest.raises(InvalidPositionError, match="QS box holds 5 chips"):
        Hand.from_start(R3, rec["start"], strict=True)
    for move in rec["moves"]:
        hand.push(move)
    assert hand.chips[0] == 104 + 5 and hand.board[2] == 0     # Ada takes the 5 chips of the QS box


def test_last_card_a_king_but_needed_given_NJ_17():
    # in playing order up to a King: then needed is a warning about the pile's end, not an error
    hand = Hand.from_start(R4, copy.deepcopy(START))
    bot = bots.RandomBot(1)
    while not (hand.played and hand.played[-1].rank == 13 and hand.needed is None):
        hand.push(bot.choose(hand))
    pos = hand.position()
    rank = next(c for c in hand.hands[hand.to_act]).rank
    w = odd(lambda p: p.update(needed=int(rank)), start=pos)
    assert f"the last card listed, {hand.played[-1]}, is a King, so a new run starts (NJ-17)" in one(w, "played")


def test_needed_null_although_the_run_goes_on_NJ_13():
    w = odd(lambda p: p.update(needed=None, to_act=1))
    assert "after the last card listed, JH, a card of rank Q is still held" in one(w, "played")
    w = odd(lambda p: p.update(needed=None))           # seat 2 leads, though seat 1 played the last card
    assert "seat 1, leads, not seat 2 (NJ-17, NJ-18)" in one(w, "to_act")


def test_needed_that_does_not_follow_the_last_card_NJ_13():
    w = odd(lambda p: p.update(needed="K"))            # seat 2 holds KC; after JH comes a Queen
    assert "the last card listed, JH, is followed by Q, not by needed K" in one(w, "played")
    assert "first holder of rank K from seat 1 clockwise is seat 1, not seat 2 (NJ-14)" in one(w, "to_act")


def test_to_act_not_the_first_holder_NJ_14():
    w = odd(lambda p: p.update(to_act=0))
    assert one(w, "to_act") == "to_act: the first holder of rank Q from seat 1 clockwise is seat 2, not seat 0 (NJ-14)"
    # with allow_voluntary_stop, seat 2 may have declined: seat 0 is then a seat that can act
    assert Hand.from_start(Rules(players=4, allow_voluntary_stop=True), dict(mid(), to_act=0), strict=True)


def test_hand_sizes_that_do_not_fit_played_by_NJ_02():
    w = odd(lambda p: p.update(played_by=[]))
    assert "hands[1]: seat 1 holds 11 cards but is not in played_by []" in one(w, "hands[1]")
    assert one(w, "played_by") == "played_by: empty, but 1 cards have been played"
    assert "last: seat 1 played the last card but is not in played_by []" in one(w, "last")
    w = odd(lambda p: p.update(played_by=[1, 2]))
    assert "seat 2 is in played_by [1, 2] but holds 12 cards" in one(w, "hands[2]")
    assert "2 seats [1, 2] have played, but only 1 cards are in played" in one(w, "played_by")


def test_dead_stock_of_the_wrong_size_NJ_11():
    def more_dead(p):
        p["dead"] += " 3H"
        p["hands"][0] = p["hands"][0].replace("3H ", "")
    w = odd(more_dead)
    assert one(w, "dead").startswith("dead: 5 cards (2D 2H QH 2S 3H); with 4 players the dead stock has 4")
    assert "seat 0 holds 11 cards but is not in played_by" in one(w, "hands[0]")


def test_nothing_played_the_dealers_left_leads_NJ_12():
    pos = Hand.from_start(R4, copy.deepcopy(START)).position()
    w = odd(lambda p: p.update(to_act=2), start=pos)
    assert one(w, "to_act") == "to_act: nothing has been played, so seat 1 (the dealer's left) leads, not seat 2 (NJ-12)"
    w = odd(lambda p: p.update(last=1), start=pos)
    assert one(w, "last").startswith("last: seat 1, but nothing has been played")


# -- fields left out --------------------------------------------------------------------------------
@pytest.mark.parametrize("left_out, note", [
    ("needed", "needed: not given; taken as Q, the rank that follows JH"),
    ("last", "last: not given; taken as seat 1"),
    ("played_by", "played_by: not given; taken as the seats holding fewer than 12 cards, [1]"),
    ("played", "played: not given; taken as the 1 cards in no hand and not in dead (JH)"),
])
def test_a_field_left_out_is_derived_and_said(left_out, note):
    pos = mid()
    full = Hand.from_start(R4, copy.deepcopy(pos))
    del pos[left_out]
    hand = Hand.from_start(R4, pos)
    assert hand.position() == full.position()
    assert [w for w in hand.status() if w.startswith(note)], hand.status()
    with pytest.raises(InvalidPositionError, match="strict"):
        Hand.from_start(R4, pos, strict=True)


def test_a_lead_with_needed_and_last_left_out():
    hand = Hand.from_start(R4, copy.deepcopy(START))
    for m in ("JH", "QD", "KC"):                   # seat 2 plays the King and leads again (NJ-17)
        hand.push(m)
    pos = hand.position()
    del pos["needed"], pos["last"]
    again = Hand.from_start(R4, pos)
    assert again.position() == hand.position()
    assert {w.split(":")[0] for w in again.status()} == {"needed", "last"}


# -- the Opéra from a hand-written played_by (NJ-24, NJ-F4) ------------------------------------------
def opera_position(rules, played):
    """Seat 0 has played ``played`` alone (played_by [0]) and holds 5C 6C; everyone else holds all 15."""
    start = Hand.deal(rules, seed=2).position()
    rest = [c for c in " ".join(start["hands"]).split() + start["dead"].split()
            if c not in played.split() + ["5C", "6C"]]
    start.update(hands=["5C 6C", " ".join(rest[:15]), " ".join(rest[15:30])], dead=" ".join(rest[30:]),
                 played=played, played_by=[0], last=0, needed="5", to_act=0)
    start["board"].update({b: 0 for b in ("10D", "JC", "QS", "KH", "7D") if b in played.split()})
    return start


@pytest.mark.parametrize("definition", ["no_other_player", "single_run"])
def test_opera_judged_from_played_by_and_the_pile(definition):
    rules = Rules(players=3, opera_definition=definition)
    for played, unbroken in (("AH 2H 3D 4S", True), ("4S 3D 2H AH", False)):
        hand = Hand.from_start(rules, opera_position(rules, played))
        assert any(w.startswith("played:") for w in hand.status()) == (not unbroken)
        hand.push("5C")
        hand.push("6C")
        assert hand.result().opera == (unbroken or definition == "no_other_player")


def test_no_opera_when_played_by_names_another_seat():
    start = opera_position(R3, "AH 2H 3D 4S")
    start["played_by"] = [0, 1]
    hand = Hand.from_start(R3, start)             # seat 1 holds 15 cards: a warning, but played_by is taken
    assert any(w.startswith("hands[1]:") for w in hand.status())
    hand.push("5C")
    hand.push("6C")
    assert not hand.result().opera


def test_a_refused_start_leaves_nothing_behind():
    pos = mid()
    hand = Hand.from_start(R4, copy.deepcopy(pos))
    snap = snapshot(hand)
    with pytest.raises(InvalidPositionError):
        Hand.from_start(R4, dict(pos, to_act=3))
    assert snapshot(hand) == snap


# -- any position that is taken can be played to the end --------------------------------------------
@st.composite
def written_positions(draw):
    """Positions as anyone might write them: the deck cut at random into hands, dead and played, and every
    other field drawn freely (most are odd, many are refused)."""
    rules = Rules(players=draw(st.integers(3, 8)), allow_voluntary_stop=draw(st.booleans()),
                  stall_rule=draw(st.sampled_from(["restart", "skip_rank"])),
                  opera_definition=draw(st.sampled_from(["no_other_player", "single_run"])))
    n = rules.players
    deck = draw(st.permutations([str(c) for c in DECK]))
    cuts = sorted(draw(st.lists(st.integers(0, 52), min_size=n + 1, max_size=n + 1)))
    parts = [deck[a:b] for a, b in zip([0] + cuts, cuts + [52])]
    seat = st.integers(0, n - 1)
    start = {"dealer": draw(seat), "hands": [" ".join(h) for h in parts[:n]], "dead": " ".join(parts[n]),
             "played": " ".join(parts[n + 1]), "to_act": draw(seat),
             "chips": draw(st.lists(st.integers(0, 200), min_size=n, max_size=n)),
             "board": dict(zip(("10D", "JC", "QS", "KH", "7D"), draw(st.lists(st.integers(0, 60), min_size=5,
                                                                              max_size=5))))}
    for key, value in (("needed", st.one_of(st.none(), st.integers(2, 13))), ("last", st.one_of(st.none(), seat)),
                       ("played_by", st.lists(seat, unique=True))):
        if draw(st.booleans()):
            start[key] = draw(value)
    if draw(st.booleans()):
        del start["played"]
    return rules, start


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(written_positions(), st.integers(0, 2 ** 32))
def test_a_position_that_is_taken_plays_to_the_end(written, bot_seed):
    rules, start = written
    try:
        hand = Hand.from_start(rules, copy.deepcopy(start))
    except InvalidPositionError as exc:
        assert str(exc).startswith("start: ")
        return
    total = sum(hand.chips) + sum(hand.board)
    bot = bots.RandomBot(bot_seed)
    for _ in range(2000):                                      # NJ-A17: it always ends (stops included)
        if hand.is_over():
            break
        hand.push(bot.choose(hand))
        assert sum(hand.chips) + sum(hand.board) == total and min(hand.chips) >= 0   # NJ-28, its own total
    assert hand.is_over() and hand.result().winner == hand.last
    again = Hand.from_start(rules, hand.start())               # start() reads back to the same hand
    for move in hand.move_stack:
        again.push(move)
    assert again.position() == hand.position() and again.result() == hand.result()
