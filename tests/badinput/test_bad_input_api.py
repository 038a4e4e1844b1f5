"""Bad input through the API: whatever ``push`` is given (move text, moves of another hand or game, objects
that are no move, a ``chance`` of any shape), it either plays a legal move (which ``pop`` takes back) or
raises a :class:`~cardlib.errors.CardlibError` and leaves ``position()``, ``events`` and ``legal_moves``
exactly as they were.  And rules built from bad option values raise a CardlibError, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import Card, CardlibError
from cardlib.games import find_game
from cardlib.seeds import bot_seed

from .test_bad_input_campaign import MOVE_TEXT, NASTY_SCALARS, OPTION_NAMES, SCALE, nasty_values

RULES = {"sari-cuce": [{"players": 3}, {"players": 4, "stall_rule": "skip_rank", "allow_voluntary_stop": True},
                       {"players": 6}],
         "pis-yedili": [{"players": 2}, {"players": 4, "preset": "turkish"},
                        {"players": 5, "preset": "turkish", "decks": 2, "jokers_per_deck": 2},
                        {"players": 3, "ace_rule": "follow", "tek": True}]}


def state(hand):
    return (hand.position(), hand.events, [str(m) for m in hand.legal_moves], len(hand.move_stack))


@st.composite
def hands(draw):
    game = draw(st.sampled_from(sorted(RULES)))
    spec = find_game(game)
    rules = spec.make_rules(draw(st.sampled_from(RULES[game])))
    seed = draw(st.integers(0, 2 ** 32))
    hand = spec.hand.deal(rules, seed=seed)
    bots = [spec.make_bot("random", bot_seed(seed, s)) for s in range(rules.players)]
    for _ in range(draw(st.integers(0, 60))):
        if hand.is_over():
            break
        hand.push(bots[hand.to_act].choose(hand))
    return hand


OTHER_MOVES = [find_game(g).hand.deal(find_game(g).make_rules(RULES[g][0]), seed=9) for g in sorted(RULES)]
NOT_MOVES = [None, 5, 5.0, True, Card.parse("7D"), [], ["7D"], {}, b"7D", object(), "7D" * 100]


@st.composite
def candidates(draw, hand):
    kind = draw(st.sampled_from(["text", "text", "legal", "other", "object"]))
    if kind == "text":
        return draw(MOVE_TEXT)
    if kind == "legal":
        legal = list(hand.legal_moves)
        return draw(st.sampled_from(legal)) if legal else "draw"
    if kind == "other":
        other = draw(st.sampled_from(OTHER_MOVES))
        return draw(st.sampled_from(list(other.legal_moves)))
    return draw(st.sampled_from(NOT_MOVES))


CHANCES = st.one_of(st.none(), st.sampled_from([5, "AS", [5], [["AS", 5]], {"a": 1}, [], ["AS 2S"], ["reshuffle"],
                                                [[]], [["AS"]], ["7D 7D 7D"]]),
                    st.lists(MOVE_TEXT, max_size=3))


@settings(max_examples=max(1, int(120 * SCALE)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_refused_push_changes_nothing(data):
    hand = data.draw(hands())
    for _ in range(3):
        before = state(hand)
        move = data.draw(candidates(hand))
        chance = data.draw(CHANCES)
        try:
            hand.push(move, chance) if chance is not None else hand.push(move)
        except CardlibError:
            assert state(hand) == before
            continue
        hand.pop()                                # played: pop puts everything back
        assert state(hand) == before


@settings(max_examples=max(1, int(120 * SCALE)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(RULES)), options=st.data())
def test_rules_from_bad_option_values_raise_a_cardlib_error(game, options):
    spec = find_game(game)
    opts = options.draw(st.dictionaries(st.sampled_from(OPTION_NAMES[game] + ["players", "colour", "preset"]),
                                        st.one_of(st.sampled_from(NASTY_SCALARS), nasty_values(1)), max_size=3))
    try:
        rules = spec.make_rules(opts)
    except CardlibError:
        return
    for key, value in opts.items():     # what was taken is exactly what was asked, by type too
        if key in ("players", "preset") or key in OPTION_NAMES[game]:
            assert getattr(rules, key).__class__ is value.__class__ and getattr(rules, key) == value
    spec.hand.deal(rules, seed=1)       # and deals


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_api_refuses_bad_seeds_with_a_cardlib_error(game):
    spec = find_game(game)
    rules = spec.make_rules(RULES[game][0])
    for seed in (-1, 2 ** 64, 1.0, "1", True, [1], 10 ** 5000):
        with pytest.raises(CardlibError, match="seed"):
            spec.hand.deal(rules, seed=seed)
        with pytest.raises(CardlibError, match="seed"):
            spec.hand.from_start(rules, {"seed": seed})
