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
from cardlib.series import play_to_end


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
    play_to_end(hand, [expert_bot(game, bot_seed(11, s)) if n == "expert" else spec.make_bot(n, bot_seed(11, s))
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


def test_play_takes_the_experts_budget(capsys, monkeypatch):
    """``--budget N`` gives the expert seats N playouts a decision: the hand the library plays with that
    budget."""
    argv = ("play", "--game", "sari-cuce", "--players", "3", "--seed", "4", "--bots", "expert,heuristic,heuristic")
    small = load_record(json.loads(run(capsys, *argv, "--budget", "3")))
    spec = find_game("sari-cuce")
    hand = spec.hand.deal(spec.make_rules({"players": 3}), seed=4)
    play_to_end(hand, [expert_bot("sari-cuce", bot_seed(4, 0), budget=3)]
             + [spec.make_bot("heuristic", bot_seed(4, s)) for s in (1, 2)])
    assert [str(m) for m in hand.move_stack] == small.moves
    assert small.differences() == []
    import cardlib.expert
    made = []
    real = cardlib.expert.expert_bot
    monkeypatch.setattr(cardlib.expert, "expert_bot", lambda *a, **k: made.append(k) or real(*a, **k))
    run(capsys, *argv[:-1], "expert,heuristic,expert", "--budget", "2")
    assert made == [{"budget": 2}, {"budget": 2}]                    # each expert seat got the budget


@pytest.mark.parametrize("extra, words", [
    (("--bots", "random", "--budget", "5"), "only the expert takes a budget"),
    (("--bots", "expert", "--budget", "0"), "give 1 to 100,000"),
    (("--bots", "expert", "--budget", "many"), "not a whole number"),
])
def test_a_bad_budget_is_one_line_exit_2(capsys, extra, words):
    try:
        code = main(["play", "--game", "sari-cuce", "--players", "3", "--seed", "1", *extra])
    except SystemExit as exc:                     # argparse's own refusals exit from the parser
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err


def test_simulate_says_how_long_the_expert_may_take(capsys):
    """An expert seat in ``simulate`` puts one line on stderr with the time it may take; none without one."""
    from cardlib.simulate.cli import expert_note

    turkish = expert_note("pis-yedili", 4, {"preset": "turkish"}, "expert,heuristic,heuristic,heuristic", 1000)
    classic = expert_note("pis-yedili", 4, {"preset": "classic"}, "expert", 1000)
    assert "thinks 500 playouts" in turkish and "0.21 s a hand" in turkish and "3 minutes" in turkish
    assert "0.04 s a hand" in classic and "4 such seat(s)" in classic and "2 minutes" in classic
    assert expert_note("pis-yedili", 4, {}, "heuristic", 1000) is None
    assert expert_note("sari-cuce", 4, {}, "expert", 0) is None              # refused anyway, by simulate
    assert main(["simulate", "--game", "sari-cuce", "--players", "3", "--hands", "1", "--seed", "2",
                 "--bots", "expert,random,random"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("cardlib: note: an expert seat") and "1 such seat(s) over 1 hands" in err
    assert main(["simulate", "--game", "sari-cuce", "--players", "3", "--hands", "1", "--seed", "2"]) == 0
    assert "expert" not in capsys.readouterr().err
