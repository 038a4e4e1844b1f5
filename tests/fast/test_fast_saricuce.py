"""The fast Sarı Cüce engine (its GameSpec.kernel face) against the worked examples, the reference engine
(cardlib.saricuce: the same hands replayed move by move give the same result; the same statistics over
random games) and its own contract (options, errors, determinism, NJ-28)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from cardlib import _fast as fast
from cardlib.saricuce import kernel as sc_kernel
from cardlib.errors import (IllegalMoveError, InvalidOptionError, InvalidPositionError, InvalidRecordError,
                            PlayerCountError)

GAME = "sari-cuce"
EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"


def _examples():
    return sorted(EXAMPLES.glob("sari-cuce-*.json"))


def _reference():
    return pytest.importorskip("cardlib.saricuce", reason="the reference Sarı Cüce engine does not import")


# ------------------------------------------------------------------------------------------ examples
@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.stem)
def test_examples_replay_to_their_result_and_end(path):
    rec = json.loads(path.read_text())
    result, end = fast.replay(GAME, rec["rules"], rec["start"], rec["moves"], end=True)
    assert result == rec["result"]
    want = rec["end"]
    assert [sorted(h) for h in end["hands"]] == [sorted(h) for h in want["hands"]]
    assert sorted(end["dead"]) == sorted(want["dead"])
    assert end["chips"] == want["chips"] and end["board"] == want["board"]


def test_replay_refuses_an_illegal_move_and_a_short_or_long_record():
    rec = json.loads((EXAMPLES / "sari-cuce-4p-default.json").read_text())
    moves = list(rec["moves"])
    bad = moves[:1] + ["2D"] + moves[2:]  # 2D is dead
    with pytest.raises(IllegalMoveError, match="move 1 '2D'"):
        fast.replay(GAME, rec["rules"], rec["start"], bad)
    with pytest.raises(InvalidRecordError, match="before the hand is over"):
        fast.replay(GAME, rec["rules"], rec["start"], moves[:-1])
    with pytest.raises(InvalidRecordError, match="more moves follow"):
        fast.replay(GAME, rec["rules"], rec["start"], moves + ["AC"])
    start = dict(rec["start"], chips=[130, 10, 130, 130])     # 400 chips, but a seat below the 15-chip stake
    with pytest.raises(InvalidPositionError, match="NJ-08"):
        fast.replay(GAME, rec["rules"], start, moves)
    start = dict(rec["start"], chips=[100, 100, 100, 90])
    with pytest.raises(InvalidPositionError, match="NJ-28"):
        fast.replay(GAME, rec["rules"], start, moves)
    start = dict(rec["start"], dead="2D 2H QH")          # a card short: the reference engine's own words
    with pytest.raises(InvalidPositionError, match="dead has 3 cards"):
        fast.replay(GAME, rec["rules"], start, moves)


# --------------------------------------------------------------------------------------------- options
@pytest.mark.parametrize("option, value", [
    ("allow_voluntary_stop", "yes"), ("stall_rule", "jump"), ("payment_unit", "per_point"), ("colour", 1),
    ("hands_limit", 0), ("doubling", 1),
])
def test_unknown_option_values_raise_naming_them(option, value):
    with pytest.raises(InvalidOptionError, match=option):
        sc_kernel.simulate(10, rules={"players": 4, option: value})


def test_player_counts():
    with pytest.raises(PlayerCountError):
        sc_kernel.simulate(10, players=9)
    with pytest.raises(PlayerCountError):
        sc_kernel.simulate(10, players=2)
    t = sc_kernel.simulate(10, players=2, rules={"allow_two_players": True})
    assert t["paid"].shape == (10, 2)


# --------------------------------------------------------------------------------------------- simulate
def test_simulation_is_seeded_and_hand_i_does_not_depend_on_n():
    a = sc_kernel.simulate(500, players=5, seed=11)
    b = sc_kernel.simulate(200, players=5, seed=11)
    c = sc_kernel.simulate(200, players=5, seed=12)
    for k in a:
        assert np.array_equal(a[k][:200], b[k]), k
    assert not np.array_equal(b["paid"], c["paid"])


@pytest.mark.parametrize("players", [3, 4, 8])
def test_every_hand_keeps_the_chip_total_nj28_and_settles_sensibly(players):
    t = sc_kernel.simulate(3000, players=players, seed=3, games=True, rules={"hands_limit": 5})
    total = t["chips"].sum(axis=1) + t["board"].sum(axis=1)
    assert (total == 100 * players).all()
    assert (t["chips"] >= 0).all() and (t["board"] >= 0).all()
    rows = np.arange(len(t["winner"]))
    assert (t["paid"][rows, t["winner"]] == 0).all()          # the winner pays nobody
    assert (t["hand"] < 5).all() and (np.diff(t["game"]) >= 0).all()
    # the deal passes left within a game (NJ-10)
    same = t["game"][1:] == t["game"][:-1]
    assert ((t["dealer"][1:][same] - t["dealer"][:-1][same]) % players == 1).all()
    assert (t["doubled"][t["opera"]] == 0).all()               # NJ-24: nobody doubles after an Opéra


def test_to_frame_and_memory_of_a_table():
    t = sc_kernel.simulate(1000, players=4, seed=1)
    df = fast.to_frame(t)
    assert len(df) == 1000 and "paid_3" in df.columns and "board_7D" in df.columns
    assert fast.table_nbytes(t) < 500  * 1000   # < 500 bytes a hand, so 1e6 hands < 500 MB


# ------------------------------------------------------------------------- equivalence with the reference
def _play_reference(ref, rules, seed):
    hand = ref.Hand.deal(rules, seed=seed)
    bot = ref.bots.RandomBot(seed)
    while not hand.is_over():
        hand.push(bot.choose(hand))
    return hand


@pytest.mark.parametrize("rules, n", [
    ({"players": 4}, 150),
    ({"players": 3}, 60),
    ({"players": 8}, 60),
    ({"players": 2, "allow_two_players": True}, 40),
    ({"players": 5, "stall_rule": "skip_rank"}, 60),
    ({"players": 4, "payment_unit": "per_card", "doubling": False}, 60),
    ({"players": 6, "opera_definition": "single_run", "opera_reward": "double_payments"}, 60),
    ({"players": 4, "allow_voluntary_stop": True}, 60),
    ({"players": 5, "allow_voluntary_stop": True, "stall_rule": "skip_rank"}, 60),
    ({"players": 3, "allow_voluntary_stop": True, "opera_definition": "single_run"}, 60),
])
def test_reference_random_hands_replay_to_the_same_result(rules, n):
    ref = _reference()
    r = ref.Rules.from_dict(rules)
    for seed in range(n):
        hand = _play_reference(ref, r, seed)
        got = fast.replay(GAME, r.to_dict(), hand.start(), hand.record_moves())
        assert got == hand.result().to_dict(), (rules, seed)
        # a seeded start deals the same cards as the reference
        seeded = {"dealer": hand.start().get("dealer", r.players - 1), "seed": seed}
        assert fast.replay(GAME, r, seeded, hand.record_moves()) == got


def test_reference_games_replay_hand_by_hand_with_boxes_carried_over():
    ref = _reference()
    for seed in range(6):
        rules = ref.Rules.from_dict({"players": 4, "hands_limit": 5})
        game = ref.Game(rules, seed=seed)
        game.play([ref.bots.RandomBot(seed * 10 + s) for s in range(4)])
        for hand in game.hands:
            got = fast.replay(GAME, rules.to_dict(), hand.start(), hand.record_moves())
            assert got == hand.result().to_dict()


@pytest.mark.parametrize("reward", ["sweep_board", "double_payments"])
def test_an_opera_matches_the_reference(reward):
    """A made-up Opéra: seat 0 holds every club and AD 2D, so it plays alone to the end (NJ-24, NJ-F5)."""
    ref = _reference()
    start = {"dealer": 2,
             "hands": ["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D",
                       "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH 2H 3H 4H",
                       "5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S"],
             "dead": "7S 8S 9S 10S JS QS KS",
             "chips": [96, 95, 93], "board": {"10D": 4, "JC": 0, "QS": 7, "KH": 0, "7D": 5}}
    moves = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D".split()
    rules = {"players": 3, "opera_reward": reward}
    got = fast.replay(GAME, rules, start, moves)
    assert got["opera"] is True and got["winner"] == 0 and got["doubled"] == [0, 0, 0]
    hand = ref.Hand.from_start(ref.Rules.from_dict(rules), start)
    for m in moves:
        hand.push(m)
    assert got == hand.result().to_dict()


# ---------------------------------------------------------------------------------- statistics agree
def _z(a, b):
    a = np.asarray(a, float)
    b = np.asarray(b, float)
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return 0.0 if se == 0 else (a.mean() - b.mean()) / se


def test_statistics_agree_with_the_reference_random_bot():
    """Same rules, independent random games: mean hand length, seat 0's win rate, mean payment and
    doubling of seat 1, and the number of sequences agree within sampling error (|z| < 4.5)."""
    ref = _reference()
    rules = ref.Rules.from_dict({"players": 4})
    rows = []
    for seed in range(400):
        hand = _play_reference(ref, rules, 10_000 + seed)
        res = hand.result().to_dict()
        rows.append((len(hand.record_moves()), res["winner"] == 0, res["paid"][1], res["doubled"][1]))
    ref_moves, ref_win0, ref_paid1, ref_doubled1 = map(np.array, zip(*rows))
    t = sc_kernel.simulate(20_000, players=4, seed=2024)
    for name, a, b in [("moves", t["moves"], ref_moves), ("seat 0 wins", t["winner"] == 0, ref_win0),
                       ("paid by seat 1", t["paid"][:, 1], ref_paid1),
                       ("doubled by seat 1", t["doubled"][:, 1], ref_doubled1)]:
        z = _z(a, b)
        assert abs(z) < 4.5, f"{name}: fast {np.mean(a):.3f} vs reference {np.mean(b):.3f}, z = {z:.2f}"


def test_game_statistics_agree_with_the_reference_games():
    """Games of 5 hands (boxes and chips carried over): seat 0's final chips, the board left at the
    end and the number of hands played agree with the reference ``Game`` within sampling error."""
    ref = _reference()
    rules = ref.Rules.from_dict({"players": 4, "hands_limit": 5, "starting_chips": 50})
    rows = []
    for seed in range(150):
        game = ref.Game(rules, seed=20_000 + seed)
        res = game.play([ref.bots.RandomBot(seed * 10 + s) for s in range(4)])
        rows.append((res.chips[0], sum(res.board), res.hands_played))
    ref_chips0, ref_board, ref_hands = map(np.array, zip(*rows))
    t = sc_kernel.simulate(20_000, players=4, seed=77, games=True, rules=rules)
    last = np.r_[t["game"][1:] != t["game"][:-1], False]       # the last hand of every complete game
    chips0, board, hands = t["chips"][last, 0], t["board"][last].sum(axis=1), t["hand"][last] + 1
    for name, a, b in [("final chips of seat 0", chips0, ref_chips0), ("board left", board, ref_board),
                       ("hands played", hands, ref_hands)]:
        z = _z(a, b)
        assert abs(z) < 4.5, f"{name}: fast {np.mean(a):.3f} vs reference {np.mean(b):.3f}, z = {z:.2f}"
