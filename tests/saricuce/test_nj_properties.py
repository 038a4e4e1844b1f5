"""Property tests over thousands of random hands and games (RULES.md 3.4, docs/engine-api.md invariants)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saricuce_support import DECK, check_invariants, snapshot

from cardlib.errors import GameOverError, IllegalMoveError
from cardlib.rng import Rng
from cardlib.saricuce import STOP, Game, Hand, Move, Rules, bots

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rules_st(draw):
    two = draw(st.booleans()) and draw(st.booleans())
    players = 2 if two else draw(st.integers(3, 8))
    return Rules(
        players=players, allow_two_players=two or draw(st.booleans()),
        end_mode=draw(st.sampled_from(["hands", "bankruptcy"])), hands_limit=draw(st.integers(1, 6)),
        starting_chips=draw(st.sampled_from([15, 30, 50, 100, 250])),
        allow_voluntary_stop=draw(st.booleans()), stall_rule=draw(st.sampled_from(["restart", "skip_rank"])),
        opera_definition=draw(st.sampled_from(["no_other_player", "single_run"])),
        opera_reward=draw(st.sampled_from(["sweep_board", "double_payments"])),
        payment_unit=draw(st.sampled_from(["card_points", "per_card"])), doubling=draw(st.booleans()))


seeds = st.integers(0, 2 ** 32)


def bot_for(kind, seed):
    return bots.TipsBot(seed) if kind else bots.RandomBot(seed)


@settings(max_examples=1500, **SETTINGS)
@given(rules_st(), seeds, seeds, st.booleans())
def test_invariants_after_every_move(rules, deal_seed, bot_seed, tips):
    hand = Hand.deal(rules, seed=deal_seed)
    bot = bot_for(tips, bot_seed)
    check_invariants(hand)
    steps = 0
    while not hand.is_over():
        assert len(hand.legal_moves) > 0                      # NJ-A17: never stuck
        hand.push(bot.choose(hand))
        check_invariants(hand)                               # NJ-28, every card in one place
        steps += 1
        assert steps < 200
    r = hand.result()
    assert r.winner == hand.last and not hand.hands[r.winner]
    assert sum(r.chips) + sum(r.board) == rules.total_chips
    assert r.paid[r.winner] == 0 and r.doubled[r.winner] == 0
    assert r.opera == (hand.played_by == [r.winner]) or rules.opera_definition == "single_run"


@settings(max_examples=300, **SETTINGS)
@given(rules_st(), seeds, seeds)
def test_legal_moves_accepted_others_rejected_state_unchanged(rules, deal_seed, bot_seed):
    hand = Hand.deal(rules, seed=deal_seed)
    rng = Rng(bot_seed)
    while not hand.is_over():
        snap = snapshot(hand)
        legal = list(hand.legal_moves)
        for m in legal:                                     # every listed move is accepted ...
            hand.push(m)
            hand.pop()                                      # ... and pop restores everything
            assert snapshot(hand) == snap
        others = [Move.play(c) for c in DECK if Move.play(c) not in legal]
        if STOP not in legal:
            others.append(STOP)
        for _ in range(3):                                  # a sample of the rest is refused
            m = rng.choice(others)
            assert m not in hand.legal_moves and str(m) not in hand.legal_moves
            with pytest.raises(IllegalMoveError) as err:
                hand.push(str(m))
            assert repr(str(m)) in str(err.value)
            assert snapshot(hand) == snap
        hand.push(rng.choice(legal))
    snap = snapshot(hand)
    with pytest.raises(GameOverError, match="the hand is over"):
        hand.push("AS")
    assert snapshot(hand) == snap


@settings(max_examples=300, **SETTINGS)
@given(rules_st(), seeds, seeds)
def test_pop_restores_position_and_events_exactly(rules, deal_seed, bot_seed):
    hand = Hand.deal(rules, seed=deal_seed)
    bot = bots.RandomBot(bot_seed)
    history = [(hand.position(), hand.events)]
    while not hand.is_over():
        hand.push(bot.choose(hand))
        history.append((hand.position(), hand.events))
    moves = list(hand.move_stack)
    while hand.move_stack:
        history.pop()
        hand.pop()
        assert (hand.position(), hand.events) == history[-1]
    for m in moves:                                        # and forward again to the same end
        hand.push(m)
    assert hand.result() is not None


@settings(max_examples=200, **SETTINGS)
@given(rules_st(), seeds, seeds, st.integers(0, 60))
def test_position_round_trip_and_copy(rules, deal_seed, bot_seed, cut):
    hand = Hand.deal(rules, seed=deal_seed)
    bot = bots.RandomBot(bot_seed)
    while not hand.is_over() and len(hand.move_stack) < cut:
        hand.push(bot.choose(hand))
    if hand.is_over():
        return
    again = Hand.from_start(rules, hand.position())
    assert again.position() == hand.position()
    assert list(again.legal_moves) == list(hand.legal_moves)
    twin = hand.copy()
    while not hand.is_over():
        m = bot.choose(hand)
        hand.push(m)
        again.push(m)
        twin.push(m)
    assert again.position() == hand.position() == twin.position()
    if not (rules.allow_voluntary_stop and rules.opera_definition == "single_run"):
        assert again.result() == hand.result() == twin.result()
    twin.pop()                                             # the copy is independent
    assert hand.is_over() and not twin.is_over()


@settings(max_examples=100, **SETTINGS)
@given(rules_st(), seeds)
def test_seeded_deals_are_identical(rules, seed):
    a, b = Hand.deal(rules, seed=seed), Hand.deal(rules, seed=seed)
    assert a.start() == b.start() and a.position() == b.position() and a.events == b.events
    c = Hand.deal(rules, seed=seed + 1)
    assert c.start() != a.start()
    # a start() replays to the same hand
    assert Hand.from_start(rules, a.start()).position() == a.position()


@settings(max_examples=150, **SETTINGS)
@given(rules_st(), seeds, seeds)
def test_games_end_correctly(rules, seed, bot_seed):
    game = Game(rules, seed=seed)
    n = rules.players
    r = game.play([bots.RandomBot(bot_seed + s) if s % 2 else bots.TipsBot(bot_seed + s) for s in range(n)])
    assert sum(r.chips) + sum(r.board) == rules.total_chips
    assert r.winners == tuple(s for s in range(n) if r.chips[s] == max(r.chips))
    if r.reason == "hands_limit":
        assert rules.end_mode == "hands" and r.hands_played == rules.hands_limit
    else:
        assert min(r.chips) < 15
        assert rules.end_mode == "bankruptcy" or r.hands_played < rules.hands_limit
    for i, h in enumerate(game.hands):
        assert h.dealer == (n - 1 + i) % n
        assert min(h.start()["chips"]) >= 15
        if i:
            assert h.start()["chips"] == list(game.hands[i - 1].result().chips)
    assert len(game.events) == 1 and game.events[0].kind == "game_end"
    with pytest.raises(GameOverError):                    # a finished game deals no other hand
        game.next_hand()


#: option sets whose positions must read back exactly (docs/rules-sari-cuce.md, Decision 6)
POSITION_OPTIONS = [{}, {"allow_voluntary_stop": True}, {"stall_rule": "skip_rank"}, {"opera_definition": "single_run"},
                    {"stall_rule": "skip_rank", "opera_definition": "single_run"},
                    {"allow_voluntary_stop": True, "stall_rule": "skip_rank"},
                    {"allow_voluntary_stop": True, "stall_rule": "skip_rank", "opera_definition": "single_run"}]


@settings(max_examples=400, **SETTINGS)
@given(st.sampled_from(POSITION_OPTIONS), st.integers(3, 8), seeds, seeds, st.integers(0, 40))
def test_positions_reached_by_play_are_valid_and_replay_identically(options, players, deal_seed, bot_seed, cut):
    rules = Rules(players=players, **options)
    hand = Hand.deal(rules, seed=deal_seed, dealer=deal_seed % players)
    assert hand.status() == [] and hand.is_valid()
    bot = bots.RandomBot(bot_seed)
    while not hand.is_over() and len(hand.move_stack) < cut:
        hand.push(bot.choose(hand))
    if hand.is_over():
        return
    again = Hand.from_start(rules, hand.position(), strict=True)
    assert again.status() == [] and again.is_valid()
    assert again.position() == again.start() == hand.position()
    seen = len(hand.events)
    while not hand.is_over():
        assert list(again.legal_moves) == list(hand.legal_moves)
        move = bot.choose(hand)
        hand.push(move)
        again.push(move)
        assert again.position() == hand.position()
    assert again.is_over()
    if not rules.allow_voluntary_stop:
        # with stop, a sequence that every holder declined looks like a run in the pile (Decision 6)
        assert again.events == hand.events[seen:]
    if not (rules.allow_voluntary_stop and rules.opera_definition == "single_run"):
        assert again.result() == hand.result()
    else:
        assert again.result().chips == hand.result().chips or hand.played_by == [hand.winner]
