"""Random hands in pairs (PY-P1..PY-P7): both presets, 4, 6 and 8 players (8 with two decks, PY-02), with
and without ``partner_goes_free``, one and two decks, with and without jokers.  Each hand is written as a
record, replayed through ``python -m cardlib replay FILE --json`` (``cardlib.cli.main``), and its
``scores`` and ``team_scores`` are checked against the rules, computed here from the end position."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pisyedili_support import check_invariants

from cardlib.cli import main
from cardlib.pisyedili import Hand, Rules
from cardlib.pisyedili import events as ev
from cardlib.pisyedili.bots import HeuristicBot, RandomBot
from cardlib.records import record_from_hand
from cardlib.series import play_to_end

# PY-29 and PY-30, written out again here so that the check does not lean on the engine's own tables
VALUE = {"A": 15, "J": 25, "Q": 10, "K": 10, "7": 20, "X": 100}
MULTIPLIER = {"7": 3, "J": 2, "X": 10}


def value(card: str) -> int:
    rank = card[:-1] if card != "X" else "X"
    return VALUE.get(rank, int(rank) if rank.isdigit() else 0)


def expected_scores(rules: Rules, end: dict, result: dict) -> list[int]:
    hands = [h.split() for h in end["hands"]]
    worth = [sum(value(c) for c in h) for h in hands]
    if result["ended_by"] == "stock":                      # PY-28 / PY-A20; nobody goes free (PY-P5)
        low = min(worth)
        return [0 if w == low else w for w in worth]
    w = result["winner"]
    top = end["discard"].split()[-1]
    rank = "X" if top == "X" else top[:-1]
    mult = MULTIPLIER.get(rank, 1) if rules.finish_multipliers else 1
    if rank == "A" and rules.ace_cannot_finish:
        mult = 1                                           # PY-F9: out on the Ace with nothing to draw
    assert result["multiplier"] == mult
    free = {w, (w + rules.players // 2) % rules.players} if rules.partner_goes_free else {w}   # PY-P5
    return [0 if s in free else worth[s] * mult for s in range(rules.players)]


@st.composite
def games(draw):
    preset = draw(st.sampled_from(["classic", "turkish"]))
    players = draw(st.sampled_from([4, 6, 8]))
    decks = 2 if players == 8 else draw(st.sampled_from([1, 2]))
    jokers = draw(st.sampled_from([0, 2])) if decks == 2 or draw(st.booleans()) else 0
    free = draw(st.booleans())
    packets = draw(st.sampled_from([1, "4-3", "3-2-2"]))
    rules = Rules.preset_rules(preset, players, decks=decks, jokers_per_deck=jokers, partnerships=True,
                               partner_goes_free=free, deal_packets=packets)
    bots = draw(st.lists(st.sampled_from(["random", "heuristic", "team"]), min_size=players, max_size=players))
    return rules, draw(st.integers(0, 2**32)), bots


def _bot(name, seed):
    from cardlib.pisyedili import GAME
    return GAME.make_bot(name, seed) if name == "team" else (RandomBot if name == "random" else HeuristicBot)(seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(games())
def test_PY_P4_P5_P7_random_hands_in_pairs_replay_to_the_scores_of_the_rules(tmp_path_factory, capsys, game):
    rules, seed, bots = game
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    play_to_end(hand, [_bot(b, seed + s) for s, b in enumerate(bots)])
    check_invariants(hand)
    res = hand.result()
    n, half = rules.players, rules.players // 2
    # PY-P4: a team's score is the sum of its two players' (team k: seats k and k + n/2, PY-P1)
    assert res.team_scores == tuple(res.scores[k] + res.scores[k + half] for k in range(half))
    if res.winner is not None and rules.partner_goes_free:
        partner = (res.winner + half) % n
        assert res.scores[partner] == 0                                           # PY-P5
        assert not [e for e in hand.events if isinstance(e, ev.Draw) and e.why == "end" and e.seat == partner]
    path = tmp_path_factory.mktemp("pairs") / "hand.json"
    record_from_hand(hand).save(path)
    capsys.readouterr()
    assert main(["replay", str(path), "--json", "--check"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["rules"]["partnerships"] is True                                 # PY-P7
    assert done["result"] == res.to_dict()
    scores = expected_scores(rules, done["end"], done["result"])
    assert done["result"]["scores"] == scores
    assert done["result"]["team_scores"] == [scores[k] + scores[k + half] for k in range(half)]


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_P5_the_partner_would_have_drawn_end_penalty_cards_without_going_free(preset):
    """Over many hands the winner's partner does draw end penalty cards without partner_goes_free
    (PY-P4, PY-T2) and never with it (PY-P5)."""
    seen = {False: 0, True: 0}
    for free in (False, True):
        r = Rules.preset_rules(preset, 4, partnerships=True, partner_goes_free=free, end_penalty_draws=True)
        for seed in range(150):
            hand = Hand.deal(r, seed=seed)
            play_to_end(hand, [HeuristicBot(seed * 4 + s) for s in range(4)])
            w = hand.result().winner
            if w is None:
                continue
            partner = (w + 2) % 4
            seen[free] += any(isinstance(e, ev.Draw) and e.why == "end" and e.seat == partner for e in hand.events)
    assert seen[False] > 0 and seen[True] == 0
