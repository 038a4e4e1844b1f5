"""The fast Pis Yedili engine (its GameSpec.kernel face) against the worked examples, the reference engine
(cardlib.pisyedili: the same hands replayed move by move, reshuffles included, give the same result;
the same statistics over random hands) and its own contract (options, errors, determinism)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from cardlib import _fast as fast
from cardlib.pisyedili import kernel as py_kernel
from cardlib.errors import IllegalMoveError, InvalidOptionError, InvalidRecordError, PlayerCountError

GAME = "pis-yedili"
EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"


def _reference():
    return pytest.importorskip("cardlib.pisyedili", reason="the reference Pis Yedili engine does not import")


# ------------------------------------------------------------------------------------------ examples
def _examples():
    """Every worked hand (pairs included, RULES.md 2.5)."""
    return [pytest.param(p, id=p.stem) for p in sorted(EXAMPLES.glob("pis-yedili-*.json"))]


@pytest.mark.parametrize("path", _examples())
def test_examples_replay_to_their_result_and_end(path):
    rec = json.loads(path.read_text())
    result, end = fast.replay(GAME, rec["rules"], rec["start"], rec["moves"], end=True)
    assert result == rec["result"]
    want = rec["end"]
    assert [sorted(h) for h in end["hands"]] == [sorted(h) for h in want["hands"]]
    assert end["stock"] == want["stock"]
    assert end["discard"] == want["discard"]


def _turkish_example():
    return json.loads((EXAMPLES / "pis-yedili-4p-preset-turkish.json").read_text())


def test_replay_needs_every_reshuffle_order_and_checks_it():
    rec = _turkish_example()
    moves = rec["moves"]
    assert any(m.startswith("reshuffle") for m in moves)
    bare = [m for m in moves if not m.startswith("reshuffle")]
    with pytest.raises(InvalidRecordError, match="reshuffle"):
        fast.replay(GAME, rec["rules"], rec["start"], bare)
    i = next(i for i, m in enumerate(moves) if m.startswith("reshuffle"))
    cards = moves[i].split()[1:]
    swapped = moves[:i] + ["reshuffle " + " ".join(cards[:-1] + ["X"])] + moves[i + 1:]
    with pytest.raises((InvalidRecordError, ValueError)):
        fast.replay(GAME, rec["rules"], rec["start"], swapped)


def test_replay_refuses_an_illegal_move_and_a_short_or_long_record():
    rec = json.loads((EXAMPLES / "pis-yedili-4p-preset-classic.json").read_text())
    moves = rec["moves"]
    with pytest.raises(IllegalMoveError, match="move 0 '8H'"):
        fast.replay(GAME, rec["rules"], rec["start"], ["8H"] + moves[1:])  # the opener must play a club
    with pytest.raises(IllegalMoveError, match="move 1 'JD'"):
        fast.replay(GAME, rec["rules"], rec["start"], moves[:1] + ["JD"] + moves[2:])  # a J names a suit
    with pytest.raises(InvalidRecordError, match="before the hand is over"):
        fast.replay(GAME, rec["rules"], rec["start"], moves[:-1])
    with pytest.raises(InvalidRecordError, match="more moves follow"):
        fast.replay(GAME, rec["rules"], rec["start"], moves + ["draw"])


# --------------------------------------------------------------------------------------------- options
@pytest.mark.parametrize("option, value", [
    ("seven_penalty", "squares"), ("opening", "none"), ("decks", 3), ("jokers_per_deck", 5), ("colour", 1),
    ("preset", "german"),
])
def test_unknown_option_values_raise_naming_them(option, value):
    with pytest.raises(InvalidOptionError, match=option):
        py_kernel.simulate(10, rules={"players": 4, option: value})


def test_partnership_options_are_checked_as_the_reference_checks_them():
    with pytest.raises(PlayerCountError, match="PY-P1"):
        py_kernel.simulate(10, players=5, rules={"partnerships": True})
    with pytest.raises(InvalidOptionError, match="PY-P7"):
        py_kernel.simulate(10, players=4, rules={"partner_goes_free": True})


def test_a_partner_who_goes_free_scores_0_and_the_teams_add_up():
    t = py_kernel.simulate(3000, players=4, seed=2, rules={"partnerships": True, "partner_goes_free": True})
    out = t["winner"] >= 0
    partner = (t["winner"][out] + 2) % 4
    assert (t["scores"][out][np.arange(out.sum()), partner] == 0).all()
    plain = py_kernel.simulate(3000, players=4, seed=2, rules={"partnerships": True})
    assert (plain["scores"][out][np.arange(out.sum()), partner] > 0).any()      # PY-P5's default: they count
    assert np.array_equal(py_kernel.team_sums(t["scores"]), t["scores"][:, :2] + t["scores"][:, 2:])


def test_player_counts():
    with pytest.raises(PlayerCountError):
        py_kernel.simulate(10, players=8)
    with pytest.raises(PlayerCountError):
        py_kernel.simulate(10, players=1)
    t = py_kernel.simulate(10, players=14, rules={"decks": 2})
    assert t["scores"].shape == (10, 14)


# --------------------------------------------------------------------------------------------- simulate
def test_simulation_is_seeded_and_hand_i_does_not_depend_on_n():
    a = py_kernel.simulate(400, players=3, seed=5)
    b = py_kernel.simulate(100, players=3, seed=5)
    for k in a:
        assert np.array_equal(a[k][:100], b[k]), k


@pytest.mark.parametrize("rules", [{"preset": "classic"}, {"preset": "turkish"},
                                   {"preset": "turkish", "decks": 2, "jokers_per_deck": 2}])
def test_outcomes_are_consistent(rules):
    t = py_kernel.simulate(2000 if rules["preset"] == "classic" else 300, players=4, seed=9,
                                rules=rules)
    out = t["ended_by"] == 0
    rows = np.arange(len(out))
    assert (t["winner"][out] >= 0).all() and (t["winner"][~out] == -1).all()
    assert (t["scores"][rows[out], t["winner"][out]] == 0).all()            # PY-30
    assert (t["scores"][~out].min(axis=1) == 0).all()                       # PY-28: the lowest score 0
    assert (t["multiplier"][~out] == 1).all()                               # PY-F14
    assert set(np.unique(t["multiplier"])) <= {1, 2, 3, 10}
    if rules["preset"] == "classic":
        assert (t["stock_left"][~out] == 0).all() and (t["reshuffles"] == 0).all()


# ------------------------------------------------------------------------- equivalence with the reference
def _play_reference(ref, rules, seed):
    hand = ref.Hand.deal(rules, seed=seed)
    bot = ref.bots.RandomBot(seed)
    while not hand.is_over():
        hand.push(bot.choose(hand))
    return hand


def _agree(rules, hand, counts):
    """The fast engine replays the reference ``hand`` to its result, seeing as many legal moves before
    each move as the reference saw (``counts``): a move one engine allows and the other does not shows."""
    fast_counts = np.full(len(counts), -1, dtype=np.int64)
    got = py_kernel.replay(rules.to_dict(), hand.start(), hand.record_moves(), False, fast_counts)
    assert got == hand.result().to_dict()
    step = next((i for i, (a, b) in enumerate(zip(fast_counts, counts)) if a != b), None)
    assert step is None, (f"move {step} ({hand.move_stack[step]}): the fast engine has {fast_counts[step]} legal "
                          f"moves, the reference {counts[step]}")
    return got


def _counted(hand, choose):
    """Play ``hand`` out with ``choose(hand) -> move``; returns the number of legal moves before each move."""
    counts = []
    while not hand.is_over():
        counts.append(len(hand.legal_moves))
        hand.push(choose(hand))
    return counts


@pytest.mark.parametrize("rules, n", [
    ({"players": 4}, 150),
    ({"players": 2}, 60),
    ({"players": 7}, 60),
    ({"players": 3, "seven_penalty": "doubling3", "jack_must_change_suit": True}, 60),
    ({"players": 2, "two_player_reverse_as_skip": True, "draw_policy": "single"}, 60),
    ({"players": 4, "play_after_penalty_draw": True, "finish_multipliers": False}, 60),
    ({"players": 5, "decks": 2, "jokers_per_deck": 2}, 40),
    ({"players": 3, "tek": True, "ace_cannot_finish": True}, 60),
    ({"players": 3, "aces_all_at_once": True}, 60),                                  # PY-F16
    ({"preset": "turkish", "players": 4}, 30),
    ({"preset": "turkish", "players": 2}, 30),
    ({"preset": "turkish", "players": 5, "decks": 2, "jokers_per_deck": 2}, 10),
    ({"preset": "turkish", "players": 3, "aces_all_at_once": False, "jack_must_change_suit": True}, 20),
    ({"players": 4, "ace_rule": "all_draw", "stock_exhaustion": "reshuffle", "play_after_penalty_draw": True},
     20),
    ({"players": 4, "partnerships": True}, 60),                                       # PY-P1..P5
    ({"players": 6, "partnerships": True, "partner_goes_free": True}, 60),
    ({"preset": "turkish", "players": 4, "partnerships": True, "partner_goes_free": True}, 20),
], ids=lambda v: "-".join(f"{k}={x}" for k, x in v.items()) if isinstance(v, dict) else str(v))
def test_reference_random_hands_replay_to_the_same_result(rules, n):
    ref = _reference()
    r = ref.Rules.from_dict(rules)
    for seed in range(n):
        hand = ref.Hand.deal(r, seed=seed)
        got = _agree(r, hand, _counted(hand, ref.bots.RandomBot(seed).choose))
        if seed < 5:  # a seeded start deals the same cards and stock as the reference
            seeded = {"dealer": hand.start()["dealer"], "seed": seed}
            assert fast.replay(GAME, r, seeded, hand.record_moves()) == got



def _is_ace(move):
    return move.kind == "play" and not move.card.is_joker and int(move.card.rank) == 1


def _steered_hands(ref, rules, where, want=5, most=4000):
    """Reference hands that reach a fine point: bots that forget tek and play an Ace whenever they can
    walk into the situations below; returns the first ``want`` hands in which ``where(hand)`` held at
    some step (of at most ``most`` dealt)."""
    found = []
    for seed in range(most):
        hand = ref.Hand.deal(rules, seed=seed)
        rng = ref.bots.RandomBot(seed).rng
        seen = []

        def choose(h):
            seen.append(where(h))
            legal = [m for m in h.legal_moves if not m.tek]
            pool = [m for m in legal if _is_ace(m)] or legal
            return pool[rng.below(len(pool))]

        counts = _counted(hand, choose)
        if any(seen):
            found.append((hand, counts))
            if len(found) == want:
                break
    return found


def _holds_ace(hand):
    return any(not c.is_joker and int(c.rank) == 1 for c in hand.hands[hand.to_act])


@pytest.mark.parametrize("rules, where", [
    # PY-F15: the classic follow-up under a tek penalty
    ({"players": 2, "tek": True}, lambda h: h.phase == "ace" and h.sub == "tek"),
    # PY-F15: a Turkish extra turn under a tek penalty, holding another Ace (PY-T3)
    ({"preset": "turkish", "players": 4}, lambda h: h.phase == "ace" and h.sub == "tek" and _holds_ace(h)),
    # PY-F16: a classic follow-up while holding another Ace, with aces_all_at_once
    ({"players": 2, "aces_all_at_once": True}, lambda h: h.phase == "ace" and _holds_ace(h)),
], ids=["PY-F15-follow", "PY-F15-extra-turn", "PY-F16"])
def test_fast_agrees_with_the_reference_where_the_fine_points_apply(rules, where):
    ref = _reference()
    r = ref.Rules.from_dict(rules)
    hands = _steered_hands(ref, r, where)
    assert len(hands) == 5, "too few hands reached the situation"
    for hand, counts in hands:
        _agree(r, hand, counts)

# ---------------------------------------------------------------------------------- statistics agree
def _z(a, b):
    a = np.asarray(a, float)
    b = np.asarray(b, float)
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return 0.0 if se == 0 else (a.mean() - b.mean()) / se


def _compare(ref, rules_dict, n_ref, n_fast, seed):
    rules = ref.Rules.from_dict(rules_dict)
    rows = []
    for s in range(n_ref):
        hand = _play_reference(ref, rules, seed + s)
        res = hand.result().to_dict()
        moves = sum(1 for m in hand.record_moves() if not m.startswith("reshuffle"))
        rows.append((moves, res["winner"] == 0, res["ended_by"] == "stock", res["scores"][1]))
    ref_moves, ref_win0, ref_stock, ref_score1 = map(np.array, zip(*rows))
    t = py_kernel.simulate(n_fast, players=rules.players, seed=seed, rules=rules_dict)
    for name, a, b in [("moves", t["moves"], ref_moves), ("seat 0 goes out", t["winner"] == 0, ref_win0),
                       ("ended by the stock", t["ended_by"] == 1, ref_stock),
                       ("score of seat 1", t["scores"][:, 1], ref_score1)]:
        z = _z(a, b)
        assert abs(z) < 4.5, f"{name}: fast {np.mean(a):.3f} vs reference {np.mean(b):.3f}, z = {z:.2f}"


def test_statistics_agree_with_the_reference_random_bot_classic():
    """Independent random hands: mean hand length (moves), seat 0's rate of going out, the share of
    stock endings and seat 1's mean score agree within sampling error (|z| < 4.5)."""
    _compare(_reference(), {"preset": "classic", "players": 4}, 300, 20_000, 7_000)


@pytest.mark.slow
def test_statistics_agree_with_the_reference_random_bot_turkish():
    _compare(_reference(), {"preset": "turkish", "players": 4}, 150, 5_000, 8_000)
