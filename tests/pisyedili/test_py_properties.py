"""Property tests over random hands: both presets, 2-7 players, one and two decks, with and without jokers."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pisyedili_support import check_invariants

from cardlib import GameOverError, IllegalMoveError, InvalidMoveError
from cardlib.pisyedili import Hand, Move, Rules
from cardlib.pisyedili.hand import SAFETY_VALVE_TURNS
from cardlib.rng import Rng

EXTRA = st.fixed_dictionaries({}, optional={
    "draw_policy": st.sampled_from(["multi", "single"]),
    "ace_rule": st.sampled_from(["follow", "all_draw"]),
    "aces_all_at_once": st.booleans(),
    "ace_cannot_finish": st.booleans(),
    "stock_exhaustion": st.sampled_from(["lowest_hand_wins", "reshuffle"]),
    "tek": st.booleans(),
    "end_penalty_draws": st.booleans(),
    "seven_penalty": st.sampled_from(["linear3", "doubling3"]),
    "play_after_penalty_draw": st.booleans(),
    "two_player_reverse_as_skip": st.booleans(),
    "jack_must_change_suit": st.booleans(),
    "opening": st.sampled_from(["first_player", "first_round"]),
})


@st.composite
def games(draw):
    preset = draw(st.sampled_from(["classic", "turkish"]))
    decks = draw(st.sampled_from([1, 2]))
    jokers = draw(st.sampled_from([0, 1, 2]))
    extra = draw(EXTRA)
    base = Rules.preset_rules(preset, 2, decks=decks, jokers_per_deck=jokers, **extra)
    players = draw(st.integers(2, min(7, base.max_players)))
    rules = Rules.preset_rules(preset, players, decks=decks, jokers_per_deck=jokers, **extra)
    return rules, draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


# cards and words that are often illegal, tried in every position
PROBES = [Move.parse(t) for t in ("draw", "pass", "end", "JS", "JS=H", "X=C", "7C", "AS!", "QD", "10H", "2C!")]

SETTINGS = dict(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_out(rules, seed, bot_seed, probe=True):
    hand = Hand.deal(rules, seed=seed)
    rng = Rng(bot_seed)
    trail = [(hand.position(), list(hand.events), hand.rng.getstate())]
    steps = 0
    while not hand.is_over():
        legal = list(hand.legal_moves)
        assert legal, "legal moves must not be empty while the hand runs"
        if probe and steps < 120:  # probing every step of a 2000-turn hand is slow; the start is enough
            before = hand.position()
            for m in PROBES:
                if m not in legal:
                    with pytest.raises(IllegalMoveError):
                        hand.push(m)
                    assert hand.position() == before
            # the position alone rebuilds the same choices
            again = Hand.from_start(rules, before)
            assert [str(m) for m in again.legal_moves] == [str(m) for m in legal]
        hand.push(legal[rng.below(len(legal))])
        check_invariants(hand)
        trail.append((hand.position(), list(hand.events), hand.rng.getstate()))
        steps += 1
        assert steps < 20 * SAFETY_VALVE_TURNS
    return hand, trail


@settings(**SETTINGS)
@given(games())
def test_every_random_hand_ends_with_cards_in_one_place_and_exact_undo(game):
    rules, seed, bot_seed = game
    hand, trail = play_out(rules, seed, bot_seed)
    res = hand.result()
    assert res is not None and len(res.scores) == rules.players
    assert all(s >= 0 for s in res.scores)
    if res.winner is not None:
        assert res.scores[res.winner] == 0 and len(hand.hands[res.winner]) == 0
    assert list(hand.legal_moves) == []
    with pytest.raises(GameOverError):
        hand.push("draw")
    # pop is exact: position, events and the generator state
    while hand.move_stack:
        hand.pop()
        trail.pop()
        pos, events, state = trail[-1]
        assert hand.position() == pos and hand.events == events and hand.rng.getstate() == state


@settings(**SETTINGS)
@given(games())
def test_replaying_the_record_gives_the_same_hand(game):
    rules, seed, bot_seed = game
    hand, _ = play_out(rules, seed, bot_seed, probe=False)
    from cardlib.pisyedili import replay_record
    again = replay_record({"rules": rules.to_dict(), "start": hand.start(), "moves": hand.record_moves()})
    assert again.position() == hand.position() and again.result() == hand.result()
    # a copy is independent
    c = again.copy()
    if c.move_stack:
        c.pop()
        assert again.position() == hand.position()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=6))
def test_parse_move_never_crashes(text):
    """Any text is a move that writes back as itself, or an InvalidMoveError that quotes the text."""
    try:
        m = Move.parse(text)
    except InvalidMoveError as e:
        assert repr(text) in str(e)
    else:
        assert Move.parse(str(m)) is m


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_many_random_hands_slow(game):
    play_out(*game, probe=False)
