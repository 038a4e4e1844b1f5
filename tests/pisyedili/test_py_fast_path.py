"""Hand.push plays the common moves on an inlined fast path (for speed, see docs/benchmarks.md); the
general path (HandBase.push: check, _apply with a full snapshot) plays every move.  The two must agree
on every step of every hand, under every option: position, legal moves, events, undo."""

import random

import pytest

from cardlib.engine import HandBase
from cardlib.pisyedili import Hand, Rules
from cardlib.rng import Rng

OPTIONS = {
    "opening": ("first_player", "first_round"), "draw_policy": ("multi", "single"),
    "ace_rule": ("follow", "all_draw"), "aces_all_at_once": (False, True), "ace_cannot_finish": (False, True),
    "stock_exhaustion": ("lowest_hand_wins", "reshuffle"), "tek": (False, True),
    "end_penalty_draws": (False, True), "seven_penalty": ("linear3", "doubling3"),
    "play_after_penalty_draw": (False, True), "two_player_reverse_as_skip": (False, True),
    "jack_must_change_suit": (False, True), "decks": (1, 2), "jokers_per_deck": (0, 1, 2),
}


def random_rules(r: random.Random) -> dict:
    d = {"preset": r.choice(["classic", "turkish"])}
    for name, values in OPTIONS.items():
        if r.random() < 0.3:
            d[name] = r.choice(values)
    most = (d.get("decks", 1) * (52 + d.get("jokers_per_deck", 0)) - 1) // 7
    d["players"] = r.choice([2, 3, 4, 5, min(7, most)])
    return d


def state(hand: Hand):
    return (hand.position(), [str(m) for m in hand.legal_moves], [e.describe(None) for e in hand.events],
            hand.record_moves(), None if hand.result() is None else hand.result().to_dict())


@pytest.mark.parametrize("case", range(40))
def test_fast_path_and_general_path_agree(case):
    r = random.Random(case)
    rules = Rules.from_dict(random_rules(r))
    fast = Hand.deal(rules, seed=case)
    general = Hand.deal(rules, seed=case)
    chooser = Rng(case)
    steps = 0
    while not fast.is_over() and steps < 600:
        moves = list(fast.legal_moves)
        move = moves[chooser.below(len(moves))]
        before = state(fast)
        fast.push(move)
        HandBase.push(general, move)
        assert state(fast) == state(general), f"step {steps}: {move}"
        if chooser.below(10) == 0:              # take it back on both paths now and then, then replay it
            fast.pop()
            general.pop()
            assert state(fast) == state(general) == before
            fast.push(move)
            HandBase.push(general, move)
        steps += 1
    while fast.move_stack:                       # unwind the whole hand on both paths
        fast.pop()
        general.pop()
    assert state(fast) == state(general)
