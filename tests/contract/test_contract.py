"""The engine contract (cardlib/engine.py), checked over every game in the registry: drift fails here.

Each test runs once per game of ``cardlib.games.GAMES``, on hands dealt from several seeds and played by
the game's random bot, so a game that breaks a promise of the contract fails by name.
"""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from cardlib import events as base_events
from cardlib.bots import Bot
from cardlib.engine import GameSpec, HandBase
from cardlib.errors import GameOverError, IllegalMoveError, InvalidMoveError, InvalidOptionError
from cardlib.games import GAMES, find_game, game_of
from cardlib.records import load_record, record_from_hand
from cardlib.seeds import bot_seed, hand_seed
from cardlib.series import Series, play_to_end, seat_bots

SPECS = list(GAMES.values())
IDS = [spec.name for spec in SPECS]


def dealt(spec: GameSpec, seed: int = 3, players: int = 4):
    return spec.hand.deal(spec.make_rules({"players": players}), seed=seed)


def played(spec: GameSpec, seed: int = 3, players: int = 4, moves: int | None = None):
    """A hand played by random bots (seeded from the hand seed), all the way or for ``moves`` moves."""
    hand = dealt(spec, seed, players)
    bots = seat_bots(spec, "random", seed, players)
    while not hand.is_over() and (moves is None or len(hand.move_stack) < moves):
        hand.push(bots[hand.to_act].choose(hand))
    return hand


def event_classes(spec: GameSpec) -> list[type]:
    module = inspect.getmodule(spec.hand).__package__ + ".events"
    mod = __import__(module, fromlist=["*"])
    return [c for c in vars(mod).values()
            if inspect.isclass(c) and issubclass(c, base_events.Event) and c is not base_events.Event]


# ------------------------------------------------------------------------------------------- the registry
def test_the_registry_finds_every_game_by_name():
    assert {"sari-cuce", "pis-yedili"} <= set(GAMES) and len(SPECS) == len(GAMES) >= 3      # and the tests' own
    for spec in SPECS:
        assert find_game(spec.name) is spec and find_game(spec) is spec
        assert spec.hand.game == spec.name
        assert issubclass(spec.hand, HandBase) and issubclass(spec.series, Series) and spec.series.spec is spec
        assert spec.bots and all(issubclass(spec.bot_class(b), Bot) for b in spec.bots)
        assert set(spec.bots) >= {"random", "heuristic"}
    with pytest.raises(InvalidOptionError, match="'bridge'"):
        find_game("bridge")


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_game_of_knows_every_object_of_the_game(spec):
    hand = played(spec)
    assert game_of(hand) is spec and game_of(hand.rules) is spec and game_of(spec.series()) is spec
    assert game_of(hand.position()) is spec and game_of(hand.result()) is spec
    assert game_of(record_from_hand(hand).to_dict()) is spec


# ------------------------------------------------------------------------------------------- positions
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_card_lists_are_text_in_positions_and_starts(spec):
    hand = played(spec, moves=10)
    for view in (hand.position(), hand.start()):
        assert all(isinstance(h, str) for h in view["hands"])
        for key in spec.card_fields:
            if key in view:
                assert isinstance(view[key], str), (key, view[key])


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_reached_in_play_is_a_valid_start(spec, seed):
    hand = played(spec, seed, moves=12)
    while hand.is_over():                  # a short hand: the position just before its end
        hand.pop()
    again = spec.hand.from_start(hand.rules, hand.position(), strict=True)
    assert again.status() == [] and hand.status() == [] and hand.is_valid()
    assert [str(m) for m in again.legal_moves] == [str(m) for m in hand.legal_moves]
    assert again.position() == hand.position()


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_start_gives_back_the_deal(spec):
    hand = played(spec)
    fresh = spec.hand.from_start(hand.rules, hand.start())
    assert fresh.position() == dealt(spec).position()


# ------------------------------------------------------------------------------------------- events
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_events_are_a_fresh_list(spec):
    hand = played(spec, moves=5)
    seen = hand.events
    seen.append("junk")
    seen.clear()
    assert hand.events and hand.events is not hand.events


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_event_kind_follows_the_naming_rule(spec):
    classes = event_classes(spec)
    assert len(classes) >= 3
    for cls in classes:
        assert cls.kind == base_events.kind_of(cls.__name__)
        assert dataclasses.is_dataclass(cls)
    assert {"Deal", "Play", "HandEnd"} <= {c.__name__ for c in classes}


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@pytest.mark.parametrize("seed", [1, 5])
def test_a_hand_begins_with_its_deal_and_ends_once(spec, seed):
    hand = played(spec, seed)
    kinds = [e.kind for e in hand.events]
    assert kinds[0] == "deal" and kinds.count("hand_end") == 1 and kinds.count("deal") == 1
    assert all(isinstance(e, base_events.Event) for e in hand.events)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_one_default_name_rule(spec):
    hand = played(spec, 2)
    text = " ".join(e.describe(None) for e in hand.events)
    assert "Seat " in text and "Player " not in text and "seat 0" not in text
    names = ["Ada", "Bora", "Cem", "Deniz"]
    named = " ".join(e.describe(names) for e in hand.events)
    assert "Seat " not in named and any(n in named for n in names)
    assert base_events.names_for(["Ada"], 3) == ["Ada", "Seat 1", "Seat 2"]


# ------------------------------------------------------------------------------------------- moves
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_push_pop_restore_everything(spec):
    hand = dealt(spec, 4)
    bots = seat_bots(spec, "random", 4, 4)
    seen = [(hand.position(), [str(e) for e in hand.events], [str(m) for m in hand.legal_moves])]
    while not hand.is_over():
        hand.push(bots[hand.to_act].choose(hand))
        seen.append((hand.position(), [str(e) for e in hand.events], [str(m) for m in hand.legal_moves]))
    while hand.move_stack:
        hand.pop()
        seen.pop()
        assert (hand.position(), [str(e) for e in hand.events], [str(m) for m in hand.legal_moves]) == seen[-1]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_bad_and_illegal_moves_raise_and_change_nothing(spec):
    hand = played(spec, moves=3)
    before = hand.position()
    with pytest.raises(InvalidMoveError):
        hand.push("not a move")
    illegal = next(m for m in (spec.move.parse(t) for t in ("2C", "KH", "AS", "7D", "QS", "9H"))
                   if m not in hand.legal_moves)
    with pytest.raises(IllegalMoveError, match="is not legal"):
        hand.push(illegal)
    assert hand.position() == before and len(hand.move_stack) == 3


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_finished_hand_refuses_moves_and_bots(spec):
    hand = played(spec)
    assert hand.is_over() and hand.to_act is None and hand.result() is not None
    assert list(hand.legal_moves) == []
    with pytest.raises(GameOverError, match="over"):
        hand.push(str(hand.peek()))
    for name in spec.bots:
        with pytest.raises(GameOverError, match="over"):
            spec.make_bot(name, 1).choose(hand)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_to_act_and_dealer_are_read_only(spec):
    hand = played(spec, moves=2)
    before, legal = hand.position(), [str(m) for m in hand.legal_moves]
    seat = (hand.to_act + 1) % hand.players
    for name in ("to_act", "dealer"):
        with pytest.raises(AttributeError):
            setattr(hand, name, seat)
    assert hand.position() == before and [str(m) for m in hand.legal_moves] == legal


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_copy_is_independent_and_can_pop(spec):
    hand = played(spec, moves=6)
    before, events = hand.position(), [str(e) for e in hand.events]
    other = hand.copy()
    other.pop()
    assert len(other.move_stack) == 5 and len(hand.move_stack) == 6
    assert other.position() != before
    assert hand.position() == before and [str(e) for e in hand.events] == events


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_record_moves_replay_the_hand(spec):
    hand = played(spec, 7)
    rec = record_from_hand(hand)
    again = load_record(rec.to_dict()).replay()
    assert again.position() == hand.position() and again.result() == hand.result()
    assert rec.differences() == []


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_action_words_are_the_moves_that_play_no_card(spec):
    words = set()
    rules = spec.make_rules({"players": 3, **spec.all_actions_options})
    for seed in range(12):
        hand = spec.hand.deal(rules, seed=seed)
        bots = seat_bots(spec, "random", seed, 3)
        while not hand.is_over():
            words |= {str(m) for m in hand.legal_moves if getattr(m, "card", None) is None}
            hand.push(bots[hand.to_act].choose(hand))
        assert words <= set(spec.actions(rules))
    assert bool(words) == bool(set(spec.actions(rules)) - set(spec.declarations)), \
        "the rules offer moves that play no card, but none was ever legal (or the other way round)"


# ------------------------------------------------------------------------------------------- series and seeds
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_series_deals_hand_k_with_its_hand_seed(spec):
    series = spec.series(spec.make_rules({"players": 3}), seed=11)
    result = series.play("random")
    assert series.is_over() and result == series.result() and result.winners
    assert series.seeds == [hand_seed(11, k) for k in range(len(series.hands))]
    for k, hand in enumerate(series.hands):
        assert hand.dealer == (2 + k) % 3                          # the deal passes left (NJ-10, PY-04)
    again = spec.series(spec.make_rules({"players": 3}), seed=11)
    assert again.play("random") == result
    with pytest.raises(GameOverError, match="over"):
        series.next_hand()


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_series_seeds_named_bots_from_each_hand_seed(spec):
    series = spec.series(spec.make_rules({"players": 3}), seed=4)
    hand = series.play_hand("random")
    # the same hand, played alone from its hand seed by bots seeded bot_seed(hand seed, seat)
    alone = spec.hand.deal(hand.rules, seed=series.seeds[0], dealer=2)
    play_to_end(alone, [spec.make_bot("random", bot_seed(series.seeds[0], s)) for s in range(3)])
    assert alone.record_moves() == hand.record_moves()


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_same_seed_plays_the_same_games_in_a_series_and_in_simulate(spec):
    pytest.importorskip("pandas")
    from cardlib.simulate import simulate
    sim = simulate(spec.name, players=3, n=2, seed=9, bots="heuristic", series=True, progress=False)
    for g in range(2):
        series = spec.series(spec.make_rules({"players": 3}), seed=9 + g)
        result = series.play("heuristic")
        rows = sim.table[sim.table["series"] == g]
        assert rows["seed"].tolist() == series.seeds
        assert rows["moves"].tolist() == [len(h.move_stack) for h in series.hands]
        assert sim.series_table.iloc[g]["winners"] == " ".join(map(str, result.winners))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_simulation_row_replays_from_its_seed_on_the_command_line(spec, capsys):
    pytest.importorskip("pandas")
    import json

    from cardlib.cli import main
    from cardlib.simulate import simulate
    row = simulate(spec.name, players=3, n=3, seed=5, bots="heuristic", progress=False).table.iloc[2]
    assert main(["play", "--game", spec.name, "--players", "3", "--seed", str(int(row["seed"])),
                 "--bots", "heuristic"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert len([m for m in rec["moves"] if not m.startswith("reshuffle")]) == row["moves"]
    assert rec["result"]["winner"] == (None if row.isna()["winner"] else row["winner"])


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_series_bots_by_name_and_objects(spec):
    series = spec.series(spec.make_rules({"players": 3}), seed=2)
    series.next_hand()
    bots = series.bots("random,heuristic,random")
    assert [type(b) for b in bots] == [spec.bots["random"], spec.bots["heuristic"], spec.bots["random"]]
    assert [b.seed for b in bots] == [bot_seed(series.seeds[0], s) for s in range(3)]
    with pytest.raises(InvalidOptionError, match="2 bots for 3 players"):
        series.bots(["random", "random"])
    with pytest.raises(InvalidOptionError, match="'genius'"):
        series.bots("genius")
