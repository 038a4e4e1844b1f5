"""The hint's sentence: one plain reason, from the position and the move, when a rule makes the move good."""

from __future__ import annotations

import pytest

from cardlib import make_deck, parse_cards
from cardlib.expert import hint, model_for, observation
from cardlib.pisyedili import Hand as PyHand
from cardlib.pisyedili import Rules as PyRules
from cardlib.pisyedili import complete_position
from cardlib.saricuce import Hand as ScHand
from cardlib.saricuce import Rules as ScRules

PY = model_for("pis-yedili")
SC = model_for("sari-cuce")


def py_hand(mine: str, top: str, preset: str = "classic", pending: int = 0, named=None, drawn: int = 0,
            others=None):
    """Seat 0 to play holding ``mine`` on ``top``; the other hands (7 cards each unless given) and a
    3-card stock come from the rest of the deck in deck order."""
    used = set(parse_cards(mine)) | set(parse_cards(top)) | set(parse_cards(" ".join(others or ())))
    rest = [str(c) for c in make_deck() if c not in used]
    if others is None:
        others = [" ".join(rest[7 * k:7 * k + 7]) for k in range(3)]
        rest = rest[21:]
    stock = " ".join(rest[:3])
    start = {"dealer": 3, "hands": [mine, *others], "stock": stock, "discard": top, "to_act": 0,
             "direction": 1, "named_suit": named, "pending": pending, "drawn": drawn, "phase": "play",
             "opening_left": [], "tek": []}
    rules = PyRules.preset_rules(preset, 4)
    return PyHand.from_start(rules, complete_position(rules, start))


def py_why(hand, move: str):
    legal = list(hand.legal_moves)
    m = hand.parse_move(move)
    assert m in legal, (move, legal)
    return PY.explain(observation(hand, hand.to_act), m, legal)


def sc_hand(mine: str, played: str = "KC", needed=None):
    """Seat 0 to play holding ``mine`` after playing the last of the cards ``played`` (a King before a
    lead, NJ-17; the card below ``needed`` before a follow, NJ-14), with enough clubs and diamonds played
    before them for the other three hands to hold 9 cards each (no rank gets played out that way: two
    suits of a rank at most); 4 dead cards."""
    last = 0
    mine_c, played_c = parse_cards(mine), parse_cards(played)
    rest = [c for c in make_deck() if c not in mine_c and c not in played_c]
    extra = 52 - 4 - 27 - len(mine_c) - len(played_c)
    filler = [c for c in rest if c.suit.value in "CD"][:extra]
    rest = [c for c in rest if c not in filler]
    dead, rest = rest[-4:], rest[:-4]
    hands = [mine_c, rest[:9], rest[9:18], rest[18:27]]
    gone = {str(c) for c in filler + played_c}
    board = {box: 0 if box in gone else chips for box, chips in
             {"10D": 4, "JC": 8, "QS": 12, "KH": 16, "7D": 20}.items()}      # NJ-19: a played box is empty
    chips = [85, 85 + 60 - sum(board.values()), 85, 85]                # the captured boxes went to seat 1 (NJ-28)
    start = {"dealer": 3, "hands": [" ".join(map(str, h)) for h in hands], "dead": " ".join(map(str, dead)),
             "chips": chips, "board": board,
             "to_act": 0, "needed": needed, "last": last,
             "played": " ".join(map(str, filler + played_c)), "played_by": [0, 1, 2, 3]}
    return ScHand.from_start(ScRules(players=4), start)


def sc_why(hand, move: str):
    legal = list(hand.legal_moves)
    m = hand.parse_move(move)
    assert m in legal
    return SC.explain(observation(hand, 0), m, legal)


# -- Pis Yedili ------------------------------------------------------------------------------------------
def test_py_goes_out():
    assert py_why(py_hand("5H", "5C"), "5H").startswith("It goes out: you score 0")
    assert "times 3 for finishing with 7♥" in py_why(py_hand("7H", "7C"), "7H")        # PY-30


def test_py_seven_makes_the_next_player_draw():
    assert py_why(py_hand("7H 2S KD", "9H"), "7H") == \
        "It makes the next player draw 3 unless they play a 7 (PY-19, PY-20)."


def test_py_seven_passes_the_sevens_on():
    why = py_why(py_hand("7H 2S", "7C", pending=1), "7H")
    assert why.startswith("It passes the sevens on") and "draw 6" in why


def test_py_drawing_the_sevens():
    assert py_why(py_hand("2S 3D", "7C", pending=1), "draw") == \
        "You hold no 7 to pass the sevens on, so you draw the 3 cards (PY-20)."
    assert "keeps your 7" in py_why(py_hand("7H 2S", "7C", pending=1), "draw")


def test_py_jack_names_the_suit_you_hold_most_of():
    assert py_why(py_hand("JS 2H 5H 9H 3C", "4D"), "JS=H") == \
        "It names hearts, the suit you hold most of (3 of your 4 cards) (PY-13)."
    assert py_why(py_hand("JS 2H 5H 9H 3C", "4D"), "JS=C") is None


def test_py_keeps_a_seven_for_a_chain():
    assert py_why(py_hand("7H 9H 2S", "5H"), "9H") == "It keeps your 7 to answer a 7 later (PY-20)."


def test_py_eight_skips_and_ten_reverses():
    assert py_why(py_hand("8H 2S 3C", "5H"), "8H") == "It skips the next player, Seat 1 (7 cards) (PY-22)."
    assert py_why(py_hand("10H 2S 3C", "5H"), "10H") == \
        "It reverses the direction, so Seat 3 (7 cards) plays next instead of Seat 1 (7 cards) (PY-23)."


def test_py_aces():
    assert py_why(py_hand("AH 2S 3C", "5H"), "AH") == "You may play one more card on it at once (PY-24)."
    assert py_why(py_hand("AH 2S 3C", "5H", "turkish"), "AH") == \
        "Every other player draws a card and you play again (PY-24T)."


def test_py_tek():
    assert py_why(py_hand("9H 2S", "5H", "turkish"), "9H!") == \
        "It says \"tek\", so that you may go out next turn (PY-T1)."
    assert py_why(py_hand("7H 2S", "5H", "turkish"), "7H!").endswith("and says \"tek\" so that you may go out "
                                                                     "next turn (PY-T1).")


def test_py_sheds_a_high_card():
    assert py_why(py_hand("KH 2H 3C", "5H"), "KH") == \
        "It sheds K♥, worth 10 points if another player goes out (PY-29, PY-30)."
    assert py_why(py_hand("KH 2H 3C", "5H"), "2H") is None


def test_py_nothing_fits():
    assert py_why(py_hand("2S 3C", "5H"), "draw") == "No card of yours can be played, so you draw (PY-16)."


# -- Sarı Cüce -------------------------------------------------------------------------------------------
def test_sc_goes_out():
    why = sc_why(sc_hand("5C", "AC 2C 3C 4C", needed=5), "5C")
    assert why.startswith("It goes out: you win the hand") and "(NJ-20, NJ-22)" in why


def test_sc_captures_a_box():
    why = sc_why(sc_hand("7D 7H 2C", "4C 5C 6C", needed=7), "7D")
    assert why.startswith("It captures the 7♦ box (20 chips) at once (NJ-19)")
    assert sc_why(sc_hand("7D 7H 2C", "4C 5C 6C", needed=7), "7H") is None   # the same rank, no rule


def test_sc_king_ends_the_run():
    assert sc_why(sc_hand("KS 2C 5D"), "KS") == \
        "It ends the run: the King closes it, so you lead again (NJ-17)."
    assert sc_why(sc_hand("JS QD KS 2C"), "JS") == \
        "It starts a run of 3 cards you hold (Jack to King); the King closes it, so you lead again (NJ-17)."


def test_sc_nobody_can_follow():
    why = sc_why(sc_hand("8S 2C 5D", "9C 9D 9H 9S KC"), "8S")
    assert why == ("It ends the run: no other player can hold a 9 (all are played or yours), so you lead "
                   "again (NJ-18).")


def test_sc_a_long_run():
    assert sc_why(sc_hand("4S 5D 6C 9C 2H"), "4S") == \
        "It starts a run of 3 cards you hold (4 to 6): you play them all before anyone else (NJ-14)."


def test_sc_sheds_high_points():
    why = sc_why(sc_hand("QD 2C 5H"), "QD")
    assert why == "It sheds a 10-point card that you would pay for if another player went out (NJ-21, NJ-22)."
    assert sc_why(sc_hand("QD 2C 5H"), "2C") is None


def test_the_hint_says_why_going_out_is_best():
    h = hint(py_hand("5H 9S", "5C", others=("2C 3C", "2D 3D", "2S 3S")), budget=40, seed=0)
    assert h.moves[0].text != "draw"
    h = hint(py_hand("5H", "5C"), budget=20, seed=0)
    assert h.best == h.moves[0].move and str(h.best) == "5H"
    assert h.why.startswith("It goes out") and f"Why 5H: {h.why}" in str(h)
