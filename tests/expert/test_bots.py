"""The expert bots: legal moves only, reproducible with a seed, and usable wherever a bot is."""

from __future__ import annotations

import pytest

from cardlib.bots import Bot
from cardlib.errors import GameOverError
from cardlib.expert import expert_bot, model_for
from cardlib.pisyedili.expert import ExpertBot as PyExpert
from cardlib.pisyedili.expert import PlayoutBot
from cardlib.saricuce.expert import ExpertBot as ScExpert
from cardlib.games import find_game
from cardlib.pisyedili.bots import HeuristicBot
from cardlib.series import play_to_end, seat_bots


def full_hand(game: str, seed: int, options: dict, budget: int = 12):
    spec = find_game(game)
    rules = spec.make_rules(dict(players=4, **options))
    hand = spec.hand.deal(rules, seed=seed)
    bots = [expert_bot(game, seed * 4 + s, budget=budget) for s in range(4)]
    play_to_end(hand, bots)           # push refuses any illegal move
    return hand, bots


@pytest.mark.parametrize("game, options, seeds", [
    ("sari-cuce", {}, (2, 3)), ("pis-yedili", {"preset": "classic"}, (2, 3)),
    ("pis-yedili", {"preset": "turkish"}, (1, 5)),   # (other seeds: Turkish hands of 100-400 moves, slow here)
])
def test_experts_play_whole_hands_legally(game, options, seeds):
    for seed in seeds:
        hand, bots = full_hand(game, seed, options)
        assert hand.is_over() and hand.result() is not None
        assert sum(b.decisions for b in bots) > 0


def test_same_seed_same_hand():
    a, _ = full_hand("pis-yedili", 3, {"preset": "classic"})
    b, _ = full_hand("pis-yedili", 3, {"preset": "classic"})
    assert a.record_moves() == b.record_moves()
    a, _ = full_hand("sari-cuce", 3, {})
    b, _ = full_hand("sari-cuce", 3, {})
    assert a.record_moves() == b.record_moves()


def test_another_seed_other_choices():
    spec = find_game("sari-cuce")
    hand = spec.hand.deal(spec.make_rules({"players": 4}), seed=8)
    picks = {str(ScExpert(s, budget=12, allocation="uniform", margin=0).choose(hand)) for s in range(12)}
    assert len(picks) > 1


def test_the_expert_is_a_bot_with_a_default_budget():
    for cls in (ScExpert, PyExpert):
        bot = cls(5)
        assert isinstance(bot, Bot) and bot.seed == 5 and bot.budget == cls.DEFAULT_BUDGET
        assert repr(bot) == f"ExpertBot(5)"
        assert repr(cls(5, budget=50)) == "ExpertBot(5, budget=50)"
    with pytest.raises(ValueError):
        ScExpert(0, budget=0)
    with pytest.raises(ValueError):
        PyExpert(0, seconds=0)
    with pytest.raises(ValueError):
        PyExpert(0, allocation="greedy")
    with pytest.raises(ValueError):
        expert_bot("chess")


def test_plugs_into_series_and_seat_bots_by_object():
    spec = find_game("pis-yedili")
    match = spec.series(spec.make_rules({"players": 3, "deals_per_match": 1}), seed=2)
    bots = seat_bots(spec, [PyExpert(1, budget=8), "heuristic", "random"], 99, 3)
    result = match.play(bots)
    assert result is not None


def test_simulate_takes_expert_objects():
    from cardlib.simulate import simulate
    sim = simulate("sari-cuce", players=3, n=2, seed=1, bots=[ScExpert(1, budget=8), "heuristic", "heuristic"],
                   progress=False)
    assert len(sim.table) == 2


def test_a_finished_hand_has_no_move():
    hand, bots = full_hand("sari-cuce", 4, {}, budget=4)
    with pytest.raises(GameOverError):
        bots[0].choose(hand)


def test_forced_moves_cost_nothing():
    spec = find_game("pis-yedili")
    hand = spec.hand.deal(spec.make_rules({"players": 4}), seed=1)
    bot = PyExpert(0, budget=10)
    while len(hand.legal_moves) != 1:
        hand.push(HeuristicBot(0).choose(hand))
    bot.choose(hand)
    assert bot.decisions == 0 and bot.playouts == 0


def test_tek_twins_are_pruned():
    """PY-T1 / PY-F11: a play that may declare tek is searched only declared."""
    from cardlib.expert import observation
    from cardlib.pisyedili import Hand, Rules
    model = model_for("pis-yedili")
    found = 0
    for seed in range(40):
        hand = Hand.deal(Rules.turkish(4), seed=seed)
        bots = [HeuristicBot(seed + s) for s in range(4)]
        while not hand.is_over():
            legal = list(hand.legal_moves)
            if any(m.tek for m in legal):
                kept = model.prune(observation(hand, hand.to_act), legal)
                assert all(m.tek for m in kept if m.kind == "play" and len(hand.hands[hand.to_act]) == 2)
                assert {(m.card, m.suit) for m in kept if m.kind == "play"} == \
                    {(m.card, m.suit) for m in legal if m.kind == "play"}
                found += 1
            hand.push(bots[hand.to_act].choose(hand))
        if found > 5:
            break
    assert found


def test_playout_bot_is_the_heuristic_faster():
    """PlayoutBot makes HeuristicBot's choices (same seed, same moves), so playouts model that player."""
    from cardlib.pisyedili import Hand, Rules
    for preset in ("classic", "turkish"):
        for seed in range(6):
            hand = Hand.deal(Rules.preset_rules(preset, 4), seed=seed)
            slow = [HeuristicBot(seed + s) for s in range(4)]
            fast = [PlayoutBot(seed + s) for s in range(4)]
            while not hand.is_over():
                m = slow[hand.to_act].choose(hand)
                assert fast[hand.to_act].choose(hand) == m
                hand.push(m)


def test_models_by_name():
    assert model_for("sari-cuce").metric == "chips" and model_for("sari-cuce").higher_is_better
    assert model_for(find_game("pis-yedili")).metric == "points"


def test_the_objective_power_by_rules_and_by_option():
    """Pis Yedili chooses on sqrt(points) under the Turkish end penalty draws (PY-T2), on the plain points
    otherwise; Sarı Cüce on the plain chips; ``power=`` overrides, and must be in [0, 1]."""
    from cardlib.expert import observation
    from cardlib.pisyedili import Hand, Rules
    model = model_for("pis-yedili")
    assert model.power(observation(Hand.deal(Rules.turkish(4), seed=1), 0)) == 0.5
    assert model.power(observation(Hand.deal(Rules.classic(4), seed=1), 0)) == 1.0
    assert model.power(observation(Hand.deal(Rules.turkish(4, end_penalty_draws=False), seed=1), 0)) == 1.0
    spec = find_game("sari-cuce")
    sc = spec.hand.deal(spec.make_rules({"players": 4}), seed=1)
    assert model_for("sari-cuce").power(observation(sc, 0)) == 1.0
    assert PyExpert(0).power is None and PyExpert(0, power=0).power == 0.0
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError):
            PyExpert(0, power=bad)


def test_power_orders_by_the_transformed_points():
    """search(power=p) orders the moves by the mean of points ** p, and reports the plain points."""
    import math
    from cardlib.expert import observation, search
    from cardlib.pisyedili import Hand, Rules
    from cardlib.rng import Rng
    hand = Hand.deal(Rules.turkish(4), seed=12)
    bots = [HeuristicBot(s) for s in range(4)]
    while len(hand.legal_moves) < 3:
        hand.push(bots[hand.to_act].choose(hand))
    model = model_for("pis-yedili")
    view = observation(hand, hand.to_act)
    moves = list(hand.legal_moves)
    plain = search(model, view, moves, Rng(3), 60, allocation="uniform")
    root = search(model, view, moves, Rng(3), 60, allocation="uniform", power=0.5)
    by_move = {id(s.move): s for s in plain.stats}
    for st in root.stats:
        assert st.values == by_move[id(st.move)].values                  # the same worlds, the same playouts
        assert st.objective == [math.sqrt(v) for v in st.values]
    scores = [st.score for st in root.stats]
    assert scores == sorted(scores)                                       # fewest (root) points first
