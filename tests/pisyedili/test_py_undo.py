"""Undo (the journal of cardlib.pisyedili.journal): taking moves back gives exactly the hand that playing
only the moves before them gives, under every option: position, legal moves, events, record, result and
the reshuffle generator; and a copy is independent of its original."""

import random

import pytest

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
            hand.record_moves(), None if hand.result() is None else hand.result().to_dict(),
            hand.rng.getstate())


def replayed(rules: Rules, seed: int, moves: list[str]) -> Hand:
    """A fresh hand with the record entries ``moves`` (reshuffle orders included) played."""
    hand = Hand.deal(rules, seed=seed)
    i = 0
    while i < len(moves):
        j = i + 1
        while j < len(moves) and moves[j].startswith("reshuffle"):
            j += 1
        hand.push(moves[i], moves[i + 1:j] or None)
        i = j
    return hand


@pytest.mark.parametrize("case", range(40))
def test_pop_gives_the_hand_of_the_moves_before(case):
    r = random.Random(case)
    rules = Rules.from_dict(random_rules(r))
    hand = Hand.deal(rules, seed=case)
    chooser = Rng(case)
    steps = 0
    while not hand.is_over() and steps < 400:
        moves = list(hand.legal_moves)
        hand.push(moves[chooser.below(len(moves))])
        steps += 1
        if chooser.below(8) == 0:                       # take back a few moves now and then
            back = [hand.peek()]
            for _ in range(chooser.below(min(4, len(hand.move_stack)))):
                hand.pop()
                back.append(hand.peek())
            taken = hand.pop()
            assert taken is back[-1]
            got = state(hand)
            want = state(replayed(rules, case, hand.record_moves()))
            # (the replay takes its reshuffles from the record, so its generator has not moved)
            assert got[:-1] == want[:-1], f"step {steps}"
    while hand.move_stack:                              # unwind the whole hand
        hand.pop()
    assert state(hand) == state(Hand.deal(rules, seed=case))


def test_a_copy_is_independent_and_can_pop():
    rules = Rules.preset_rules("turkish", 4)
    hand = Hand.deal(rules, seed=1)                     # a hand of 513 moves with these choices
    chooser = Rng(1)
    while len(hand.move_stack) < 200 and not hand.is_over():
        moves = list(hand.legal_moves)
        hand.push(moves[chooser.below(len(moves))])
    assert len(hand.move_stack) == 200
    before = state(hand)
    other = hand.copy()
    assert state(other) == before
    for _ in range(50):
        other.pop()
    assert state(hand) == before
    moves = list(other.legal_moves)
    other.push(moves[0])
    assert state(hand) == before
