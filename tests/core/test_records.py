"""Hand records (docs/records.md): reading, validation, replay of the shared worked hands, round trips."""

import json
from pathlib import Path

import pytest

from cardlib import InvalidOptionError, InvalidRecordError
from cardlib.games import find_game
from cardlib.jsonio import source_name
from cardlib.records import FORMAT, Record, load_record, record_from_hand, replay

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"
EXAMPLES = sorted(DATA.glob("*.json"))
TEACHING = Path(__file__).resolve().parents[1] / "data" / "positions" / "sari-cuce-teaching-position.json"


def test_examples_are_present():
    # the worked hands from shared/examples, copied as fixtures: 8 of Sarı Cüce, 11 of Pis Yedili (three
    # of them in pairs, RULES.md §2.5)
    assert len([p for p in EXAMPLES if p.name.startswith("sari-cuce")]) == 8
    assert len([p for p in EXAMPLES if p.name.startswith("pis-yedili")]) == 11


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_worked_hand_replays_to_the_same_end_and_result(path):
    rec = Record.load(path)
    assert rec.end is not None and rec.result is not None
    assert rec.differences() == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_completed_record_round_trips(path, tmp_path):
    done = Record.load(path).completed()
    out = tmp_path / "again.json"
    done.save(out)
    again = Record.load(out)
    assert again.to_dict() == json.loads(done.dumps())
    assert again.differences() == []
    assert again.completed().to_dict() == done.to_dict()


def test_seeded_start_deals_the_same_hand_everywhere():
    rec = {"game": "sari-cuce", "rules": {"players": 4}, "start": {"seed": 42}, "moves": []}
    a = load_record(rec).replay().position()
    b = load_record(json.dumps(rec)).replay().position()
    assert a == b
    other = load_record({**rec, "start": {"seed": 43}}).replay().position()
    assert other["hands"] != a["hands"]


def test_record_from_a_played_hand_replays():
    spec = find_game("pis-yedili")
    hand = spec.hand.deal(spec.make_rules({"players": 3}), seed=5)
    bot = spec.make_bot("random", 1)
    for _ in range(15):
        if hand.is_over():
            break
        hand.push(bot.choose(hand))
    rec = record_from_hand(hand, names=["A", "B", "C"])
    assert rec.replay().position() == hand.position()
    assert rec.differences() == []
    hand2, done = replay(rec.to_dict())
    assert done["format"] == FORMAT and hand2.position() == hand.position()


@pytest.mark.parametrize("data, words", [
    ([], "JSON object"),
    ({"game": "chess", "start": {}}, "'chess'"),
    ({"start": {}}, "no 'game'"),
    ({"game": "sari-cuce", "start": {}, "colour": 1}, "'colour'"),
    ({"game": "sari-cuce", "format": "pgn", "start": {}}, "'pgn'"),
    ({"game": "sari-cuce", "start": []}, "'start'"),
    ({"game": "sari-cuce", "start": {}, "moves": "AS 2S"}, "'moves'"),
    ({"game": "sari-cuce", "start": {}, "moves": ["AS", 7, "2S"]}, "move 2 is 7"),
    ({"game": "sari-cuce", "start": {}, "names": "Ada"}, "'names'"),
    ({"game": "sari-cuce", "start": {}, "rules": [4]}, "'rules'"),
])
def test_malformed_records_are_refused(data, words):
    with pytest.raises(InvalidRecordError) as info:
        Record.from_dict(data)
    assert words in str(info.value)


def test_illegal_move_names_its_index_text_and_why():
    base = json.loads((DATA / "sari-cuce-4p-default.json").read_text())
    base.pop("end"), base.pop("result")
    base["moves"] = base["moves"][:3] + ["2D"] + base["moves"][4:]   # 2D lies in the dead stock
    with pytest.raises(InvalidRecordError) as info:
        load_record(base).replay()
    text = str(info.value)
    assert "move 4" in text and "'2D'" in text


def test_unreadable_move_and_bad_option():
    base = json.loads((DATA / "pis-yedili-4p-preset-classic.json").read_text())
    base["moves"] = ["8C", "JD=Q"]
    with pytest.raises(InvalidRecordError, match="move 2 'JD=Q'"):
        load_record(base).replay()
    base["rules"] = {"players": 4, "preset": "classic", "seven_penaltyy": "linear3"}
    with pytest.raises(InvalidRecordError, match="seven_penaltyy"):
        load_record(base).replay()


def test_cards_that_do_not_make_the_deck_are_refused():
    base = json.loads((DATA / "sari-cuce-4p-default.json").read_text())
    base.pop("end"), base.pop("result")
    base["start"]["dead"] = "2D 2H QH 2D"    # 2S missing, 2D twice
    with pytest.raises(InvalidRecordError) as info:
        load_record(base).replay()
    assert "2D" in str(info.value)
    assert "start: start:" not in str(info.value)


def test_reshuffle_entry_must_follow_a_move():
    base = json.loads((DATA / "pis-yedili-4p-preset-classic.json").read_text())
    base["moves"] = ["reshuffle 2C 3C"]
    with pytest.raises(InvalidRecordError, match="must follow a move"):
        load_record(base).replay()


def test_unknown_game():
    with pytest.raises(InvalidOptionError, match="'bridge'"):
        find_game("bridge")


def test_missing_file_and_bad_json(tmp_path):
    with pytest.raises(InvalidRecordError, match="cannot read"):
        Record.load(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(InvalidRecordError, match="not JSON"):
        Record.load(bad)


# -- hand-written positions (docs/records.md, "Positions as people write them") ---------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_worked_hands_have_no_warnings(path):
    rec = Record.load(path)
    hand = rec.replay()
    assert hand.status() == [] and rec.warnings(hand) == [] and rec.warnings() == []


def test_a_hand_written_position_replays_with_its_warnings():
    rec = Record.load(TEACHING)
    hand = rec.replay()
    assert len(hand.move_stack) == len(rec.moves) and not hand.is_over()
    warnings = rec.warnings(hand)
    assert warnings == [f"{source_name(TEACHING)}: start: {w}" for w in hand.status()] == rec.warnings()
    assert [w.split(": ")[2] for w in warnings] == ["board", "chips", "played"]
    assert rec.initial_hand().status() == hand.status()


def test_strict_refuses_a_hand_written_position():
    rec = Record.load(TEACHING)
    for attempt in (lambda: rec.replay(strict=True), lambda: rec.initial_hand(strict=True),
                    lambda: replay(rec, strict=True)):
        with pytest.raises(InvalidRecordError) as info:
            attempt()
        text = str(info.value)
        assert text.startswith(f"{source_name(TEACHING)}: start: strict: ") and "QS box holds 5 chips" in text
        assert "start: start:" not in text


def test_the_completed_record_of_a_hand_written_position_keeps_it_as_written():
    rec = Record.load(TEACHING)
    done = rec.completed()
    assert done.start == rec.start and done.differences() == []
    assert done.warnings() == rec.warnings()
