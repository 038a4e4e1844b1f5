"""The expert on the command line: ``play --bots expert`` and ``simulate --bots expert,...`` work, are seeded
and replay exactly (the bot in seat j is ExpertBot(bot_seed(hand seed, j)) at its default budget)."""

from __future__ import annotations

import json

import pytest

from cardlib.cli import main
from cardlib.expert import expert_bot
from cardlib.games import find_game
from cardlib.records import load_record
from cardlib.seeds import bot_seed
from cardlib.series import play_out


def run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.slow
def test_simulate_with_an_expert_is_seeded_json(capsys):
    argv = ("simulate", "--game", "pis-yedili", "--players", "4", "--hands", "2", "--seed", "5",
            "--bots", "expert,heuristic,heuristic,heuristic", "--json")
    assert json.loads(run(capsys, *argv))["summary"] == json.loads(run(capsys, *argv))["summary"]


@pytest.mark.parametrize("game, bots, options", [
    ("sari-cuce", "expert,random,random", ()),
    ("pis-yedili", "heuristic,expert,heuristic", ("--option", "preset=classic")),
])
def test_play_with_an_expert_is_seeded_and_replays(capsys, game, bots, options):
    argv = ("play", "--game", game, "--players", "3", "--seed", "11", "--bots", bots, *options)
    a = run(capsys, *argv)
    assert run(capsys, *argv) == a                                       # the same seed, the same hand
    record = load_record(json.loads(a))
    assert record.differences() == [] and record.result is not None      # it replays to its stored result
    # and it is the hand that the library plays with the same bots and seeds
    spec = find_game(game)
    rules = spec.make_rules({"players": 3, **({"preset": "classic"} if options else {})})
    hand = spec.hand.deal(rules, seed=11)
    names = bots.split(",")
    play_out(hand, [expert_bot(game, bot_seed(11, s)) if n == "expert" else spec.make_bot(n, bot_seed(11, s))
                    for s, n in enumerate(names)])
    assert [str(m) for m in hand.move_stack] == record.moves
    other = load_record(json.loads(run(capsys, *argv[:6], "12", *argv[7:])))
    assert other.moves != record.moves


def test_play_with_every_seat_an_expert(capsys):
    out = run(capsys, "play", "--game", "sari-cuce", "--players", "3", "--seed", "2", "--bots", "expert")
    assert load_record(json.loads(out)).differences() == []


def test_simulate_with_an_expert_is_seeded(capsys):
    argv = ("simulate", "--game", "sari-cuce", "--players", "4", "--hands", "2", "--seed", "5",
            "--bots", "expert,heuristic,heuristic,heuristic")
    a = json.loads(run(capsys, *argv, "--json"))
    assert a["bots"] == ["expert", "heuristic", "heuristic", "heuristic"] and a["hands"] == 2
    text = run(capsys, *argv)
    assert "bots expert,heuristic,heuristic,heuristic" in text
    for name, row in a["summary"].items():                             # the same numbers, printed
        assert name in text


def test_simulate_rows_replay_with_play(capsys):
    """A simulate row's seed replays with ``play --seed``: the same result."""
    from cardlib.simulate import simulate
    sim = simulate("sari-cuce", players=3, n=2, seed=8, bots="expert,random,random", progress=False)
    row = sim.table.iloc[1]
    record = load_record(json.loads(run(capsys, "play", "--game", "sari-cuce", "--players", "3", "--seed",
                                        str(int(row["seed"])), "--bots", "expert,random,random")))
    assert record.result["winner"] == row["winner"]
    assert [record.result["chips"][k] for k in range(3)] == [row[f"chips_{k}"] for k in range(3)]
