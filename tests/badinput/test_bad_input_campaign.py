"""The project's own bad-input campaign: hypothesis mutates the valid records of both games (every file of
tests/data/examples and notebooks/records), option values, flags and files, and runs them through
``cardlib.cli.main`` in this process (a few through a child process).  Every run keeps the promise
(``_support.check_promise``: status 0 or 2, on 2 one line ``cardlib: error: ...`` and nothing on stdout,
no traceback); a mutation that is bad for sure must exit 2 (nothing silently accepted); and what is
accepted with ``--json`` writes a record that reads back and replays to the same record.

Bounded in time: about 15 s on a quiet machine (``CARDLIB_BAD_INPUT_EXAMPLES`` scales the number of examples).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib.records import Record

from ._support import RECORDS, cli, cli_subprocess

SCALE = float(os.environ.get("CARDLIB_BAD_INPUT_EXAMPLES", "1"))


def examples(n: int) -> settings:
    return settings(max_examples=max(1, int(n * SCALE)), deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large])


# -- values people (and campaigns) put where they do not belong --------------------------------------------
NASTY_SCALARS = [None, True, False, 0, 1, -1, 2, 7, 2.0, 1.0, 0.5, -0.0, 10 ** 30, "", " ", "0", "1", "banana",
                 "7D", "7♦", "JS=H", "X", "draw", "pass", "end", "stop", "reshuffle", "reshuffle 7D 8D", "AS 2H 10D",
                 "turkish", "classic", "restart", "sari-cuce", "pis-yedili", "cardlib-hand/1", "\u0000",
                 "Ada\nBora", "x" * 300, "Sarı", "🃏"]
CARD_TEXT = st.sampled_from(["AS", "2H", "10D", "TD", "7♦", "QS", "KH", "JC", "X", "1Z", "11H", "", "7d"])
MOVE_TEXT = st.one_of(
    CARD_TEXT, st.sampled_from(["draw", "pass", "end", "stop", "tek", "JS=H", "X=C!", "9C!", "JS=Z", "J=H",
                                "reshuffle", "reshuffle 7D", "RESHUFFLE AS 2S", "  ", "7D 8D", "=H"]),
    st.text(max_size=6))


def nasty_values(depth: int = 2):
    base = st.one_of(st.sampled_from(NASTY_SCALARS), st.integers(-10, 60), st.text(max_size=8), MOVE_TEXT)
    if depth == 0:
        return base
    inner = nasty_values(depth - 1)
    return st.one_of(base, st.lists(inner, max_size=4),
                     st.dictionaries(st.sampled_from(["players", "seed", "hands", "to_act", "10D", "a", ""]), inner,
                                     max_size=3))


def paths_of(data, prefix=()):
    """Every path into a JSON value (tuples of keys and indexes)."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:60]):          # long move lists: their first 60 entries
            yield from paths_of(v, prefix + (i,))


def get(data, path):
    for p in path:
        data = data[p]
    return data


@st.composite
def mutated_record(draw):
    """``(name, record or text or bytes, must_fail)``: a valid record with one to three mutations."""
    name = draw(st.sampled_from(sorted(RECORDS)))
    rec = json.loads(json.dumps(RECORDS[name]))
    must_fail = False
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["set", "set", "delete", "insert", "move", "move", "moves", "swap", "top"]))
        paths = [p for p in paths_of(rec) if p]
        if kind == "set" and paths:
            path = draw(st.sampled_from(paths))
            get(rec, path[:-1])[path[-1]] = draw(nasty_values())
        elif kind == "delete" and paths:
            path = draw(st.sampled_from(paths))
            del get(rec, path[:-1])[path[-1]]
        elif kind == "insert":
            dicts = [p for p in paths_of(rec) if isinstance(get(rec, p), dict)]
            path = draw(st.sampled_from(dicts))
            get(rec, path)[draw(st.sampled_from(["extra", "seed", "to_act", "names", "chance", "dead", "x"]))] = \
                draw(nasty_values(1))
        elif kind == "move" and isinstance(rec.get("moves"), list) and rec["moves"]:
            i = draw(st.integers(0, len(rec["moves"]) - 1))
            rec["moves"][i] = draw(MOVE_TEXT)
        elif kind == "moves" and isinstance(rec.get("moves"), list):
            i = draw(st.integers(0, len(rec["moves"])))
            op = draw(st.sampled_from(["cut", "insert", "double"]))
            if op == "cut":
                del rec["moves"][i:]
            elif op == "insert":
                rec["moves"].insert(i, draw(MOVE_TEXT))
            else:
                rec["moves"] = rec["moves"] + rec["moves"]
        elif kind == "swap" and isinstance(rec.get("moves"), list) and len(rec["moves"]) > 1:
            i, j = draw(st.integers(0, len(rec["moves"]) - 1)), draw(st.integers(0, len(rec["moves"]) - 1))
            rec["moves"][i], rec["moves"][j] = rec["moves"][j], rec["moves"][i]
        elif kind == "top":
            key = draw(st.sampled_from(["colour", "Game", "notes ", "end_", "seed"]))
            rec[key] = draw(nasty_values(1))
            must_fail = True                          # an unknown top-level field: always refused
    form = draw(st.sampled_from(["json"] * 6 + ["duplicate", "truncated", "utf-16", "latin-1", "garbage"]))
    text = json.dumps(rec, ensure_ascii=draw(st.booleans()), indent=draw(st.sampled_from([None, 1])))
    if form == "json":
        return name, text.encode("utf-8"), must_fail
    if form == "duplicate":
        key = draw(st.sampled_from(['"game"', '"rules"', '"start"', '"moves"']))
        if text.count(key) and text.lstrip().startswith("{"):
            text = "{" + key + ': "sari-cuce", ' + text.lstrip()[1:]
            return name, text.encode("utf-8"), True
        return name, text.encode("utf-8"), must_fail
    if form == "truncated":
        cut = draw(st.integers(0, max(0, len(text) - 2)))
        return name, text[:cut].encode("utf-8"), True
    if form == "utf-16":
        return name, text.encode("utf-16"), True
    if form == "latin-1":
        raw = text.encode("latin-1", errors="replace")
        try:
            raw.decode("utf-8")                       # pure ASCII (or ? for what latin-1 lacks): UTF-8 too
        except UnicodeDecodeError:
            return name, raw, True
        return name, raw, must_fail
    at = draw(st.integers(0, len(text)))
    junk = draw(st.binary(min_size=1, max_size=4))
    return name, text.encode("utf-8")[:at] + junk + text.encode("utf-8")[at:], False


FLAGS = st.lists(st.sampled_from(["--json", "--check", "--strict"]), unique=True, max_size=3)


def replay_mutated(tmp_path_factory, case, flags, runner=cli):
    """Write the mutated record and replay it; a surely bad one must be refused."""
    name, data, must_fail = case
    path = tmp_path_factory.mktemp("rec") / name
    path.write_bytes(data)
    run = runner("replay", str(path), *flags)
    if must_fail:
        assert run.code == 2, run
    return run


@examples(150)
@given(case=mutated_record(), flags=FLAGS)
def test_mutated_records_keep_the_promise(tmp_path_factory, case, flags):
    run = replay_mutated(tmp_path_factory, case, flags)
    if run.code == 0 and "--json" in flags:
        done = json.loads(run.out)                       # the completed record reads back ...
        again = Record.from_dict(done)
        assert again.differences() == []                 # ... and replays to itself
        assert json.loads(again.completed().dumps()) == done


@examples(25)
@given(case=mutated_record())
def test_mutated_records_on_standard_input(case):
    name, data, must_fail = case
    run = cli("replay", "-", "--json", stdin=data)
    if must_fail:
        assert run.code == 2, run


# -- options and flags --------------------------------------------------------------------------------------
OPTION_NAMES = {
    "sari-cuce": ["end_mode", "hands_limit", "starting_chips", "allow_two_players", "allow_voluntary_stop",
                  "stall_rule", "opera_definition", "opera_reward", "payment_unit", "doubling"],
    "pis-yedili": ["preset", "opening", "draw_policy", "ace_rule", "aces_all_at_once", "ace_cannot_finish",
                   "stock_exhaustion", "tek", "end_penalty_draws", "finish_multipliers", "seven_penalty",
                   "play_after_penalty_draw", "two_player_reverse_as_skip", "jack_must_change_suit", "decks",
                   "jokers_per_deck", "deals_per_match"],
}
OPTION_VALUE_TEXT = st.one_of(
    st.sampled_from(["true", "false", "null", "0", "1", "2", "3", "-1", "2.0", "1e3", "1.5", "NaN", "Infinity",
                     "classic", "turkish", "restart", "skip_rank", "hands", "bankruptcy", "per_card", "linear3",
                     "reshuffle", "multi", "single", "follow", '"turkish"', "[]", "{}", "[1]", '{"a": 1}',
                     '{"a": 1, "a": 2}', "[" * 40 + "]" * 40, "9" * 60, "", " ", "\ud800", "true ", "True"]),
    st.text(max_size=10))
SURELY_BAD_VALUES = {"null", "2.0", "1e3", "1.5", "NaN", "Infinity", "[]", "{}", "[1]", '{"a": 1}',
                     '{"a": 1, "a": 2}', "[" * 40 + "]" * 40, "9" * 60, "\ud800", "True"}


@st.composite
def option_args(draw):
    game = draw(st.sampled_from(sorted(OPTION_NAMES)))
    names = OPTION_NAMES[game] + ["players", "colour", "Preset", "stall-rule", ""]
    options = draw(st.lists(st.tuples(st.sampled_from(names), OPTION_VALUE_TEXT), max_size=3))
    must_fail = len({n for n, _ in options}) < len(options)        # the same option twice
    must_fail |= any(v in SURELY_BAD_VALUES or n in ("players", "colour", "Preset", "stall-rule", "")
                     for n, v in options)
    players = draw(st.one_of(st.sampled_from(["2", "3", "4", "5", "8", "9", "15", "0", "-1", "x", "4.0", "9" * 50]),
                             st.integers(-3, 20).map(str)))
    argv = ["--game", game, "--players", players]
    for n, v in options:
        argv += ["--option", f"{n}={v}"]
    if draw(st.booleans()):
        seed = draw(st.sampled_from(["0", "1", "7", "-1", "x", "1.5", str(2 ** 64), str(2 ** 64 - 1), "9" * 50, ""]))
        argv += ["--seed", seed]
        must_fail |= seed in ("-1", "x", "1.5", str(2 ** 64), "9" * 50, "")
    else:
        argv += ["--seed", "1"]          # the seeded run: a fresh seed would only say itself on stderr
    if draw(st.booleans()):
        argv += ["--dealer", draw(st.sampled_from(["0", "1", "3", "-1", "9", "x"]))]
    return argv, must_fail


@examples(100)
@given(case=option_args(), command=st.sampled_from(["deal", "deal", "play"]))
def test_options_and_flags_keep_the_promise(case, command):
    argv, must_fail = case
    run = cli(command, *argv)
    if must_fail:
        assert run.code == 2, run
    if run.code == 0:
        rec = Record.from_dict(json.loads(run.out))     # what is written reads back and replays
        assert rec.differences() == []


TOKENS = ["replay", "deal", "play", "simulate", "--game", "sari-cuce", "pis-yedili", "chess", "--players", "4",
          "3", "--seed", "1", "-1", "--option", "preset=turkish", "decks=2", "x", "--json", "--check", "--strict",
          "--bots", "random", "heuristic", "random,random", "--dealer", "0", "--hands", "2", "--engine",
          "reference", "--game-mode", "-", "--", "--version", "--help", "-h", "=", ""]


@examples(100)
@given(argv=st.lists(st.sampled_from(TOKENS), max_size=9))
def test_random_command_lines_keep_the_promise(argv):
    if "--hands" in argv and "simulate" in argv:
        i = argv.index("--hands")
        if i + 1 < len(argv) and argv[i + 1].isdigit():
            argv[i + 1] = "2"                             # small runs only
    if "replay" in argv and "-" in argv:
        argv = [a for a in argv if a != "-"]              # standard input is the next test's business
    cli(*argv)


# -- files ------------------------------------------------------------------------------------------------
def special_files(tmp: Path) -> list[str]:
    (tmp / "dir").mkdir(exist_ok=True)
    (tmp / "empty.json").write_bytes(b"")
    (tmp / "{brace}.json").write_text(json.dumps(RECORDS["sari-cuce-4p-default.json"]), encoding="utf-8")
    (tmp / "loop").unlink(missing_ok=True)
    os.symlink(tmp / "loop", tmp / "loop")
    (tmp / "null.json").write_bytes(b"null")
    (tmp / "list.json").write_bytes(b"[]")
    (tmp / "zero.json").write_bytes(b"\x00" * 100)
    return [str(tmp / "dir"), str(tmp / "empty.json"), str(tmp / "{brace}.json"), str(tmp / "loop"),
            str(tmp / "null.json"), str(tmp / "list.json"), str(tmp / "zero.json"), str(tmp / "missing.json"),
            "/dev/null", "", " ", "\x00", "a\x00b", "\udcff.json", "{", "{}", '{"game": "sari-cuce"}',
            "x" * 5000, str(tmp / ("y" * 300))]


def test_special_files_keep_the_promise(tmp_path):
    for path in special_files(tmp_path):
        run = cli("replay", path)
        expected = 0 if path.endswith("{brace}.json") else 2
        assert run.code == expected, run


@pytest.mark.process
@examples(6)
@given(case=mutated_record(), flags=FLAGS)
def test_mutated_records_through_a_child_process(tmp_path_factory, case, flags):
    replay_mutated(tmp_path_factory, case, flags, runner=cli_subprocess)


@pytest.mark.process
def test_a_record_from_standard_input_through_a_child_process():
    rng = random.Random(16)
    for name in rng.sample(sorted(RECORDS), 2):
        data = json.dumps(RECORDS[name]).encode()
        assert cli_subprocess("replay", "-", "--check", stdin=data).code == 0
        assert cli_subprocess("replay", "-", stdin=data[: len(data) // 2]).code == 2


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_every_valid_record_replays_and_checks(name, tmp_path):
    path = tmp_path / name
    path.write_text(json.dumps(RECORDS[name], ensure_ascii=False), encoding="utf-8")
    run = cli("replay", str(path), "--check", "--json")
    assert run.code == 0 and run.err.startswith("cardlib: check: ") and "ok" in run.err, run
