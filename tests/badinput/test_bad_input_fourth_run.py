"""Issue 28: the classes of the fourth independent bad-input run, one test per class (bounded in time:
about 30 s on a quiet machine, plus about 25 s of ``process`` tests: the long-path clone, closed stderr).

U1 text folded into ASCII (cards, moves, bots, options, presets, languages, --dealer, scheduler address);
A8 the move-text cache; W5, W6 the Table (what ``play`` takes, stale and double clicks); S13 names of one
line; S14, S15 impossible position fields; S16 nothing but output on stdout; R4 every option at its
bounds through a whole series; A7 ``Hand.deal(seed=None)``; ``make test`` from a long clone path (the
port-8787 test is in tests/simulate/test_sim_dask.py, with the Dask tests)."""

from __future__ import annotations

import pytest

from cardlib.cards import Card, Rank, Suit
from cardlib.errors import InvalidCardError, InvalidMoveError
from cardlib.pisyedili.moves import Move as PyMove
from cardlib.saricuce.moves import Move as ScMove

# U1: letters that str.upper()/lower() fold into ASCII ("ſ" to "S", "ﬀ" to "FF", Kelvin sign to "k")
_FOLDING = ["Aſ", "3ſ", "aſ", "10ſ", "Kſ"]


@pytest.mark.parametrize("text", _FOLDING)
def test_u1_card_text_is_not_unicode_folded(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_u1_suit_and_rank_text_is_not_unicode_folded() -> None:
    with pytest.raises(InvalidCardError):
        Suit.parse("ſ")
    with pytest.raises(InvalidCardError):
        Suit.parse("ſpades")
    with pytest.raises(InvalidCardError):
        Rank.parse("\u212a")        # Kelvin sign, lower() gives "k"
    assert Card.parse("as") is Card.parse("AS") and Suit.parse("♠") is Suit.SPADES


@pytest.mark.parametrize("text", ["3ſ", "draw\u0130", "DRAW", "\u212aS"])
def test_u1_move_words_are_matched_exactly(text: str) -> None:
    if text == "DRAW":
        assert PyMove.parse(text) == PyMove.parse("draw")
        return
    with pytest.raises(InvalidMoveError):
        PyMove.parse(text)
    with pytest.raises(InvalidMoveError):
        ScMove.parse(text)


def test_u1_stop_is_matched_exactly() -> None:
    assert ScMove.parse("STOP") == ScMove.parse("stop")
    with pytest.raises(InvalidMoveError):
        ScMove.parse("ſtop")


class _Hostile(str):
    def __hash__(self) -> int:
        return hash("7D")

    def __eq__(self, other: object) -> bool:
        return True


def test_a8_str_subclass_does_not_poison_the_move_cache() -> None:
    PyMove.parse(_Hostile("AC"))
    assert PyMove.parse("7D").card is Card.parse("7D")


# -- the Table (cardlib.widgets): W5, W6, S13 --------------------------------------------------------------
def _stale_second_click(game: str, key: str, seeds: range = range(40), **options) -> tuple[object, int]:
    """A table and seed where the button ``key`` is enabled, and enabled again after its own click (so a
    stale second click on it would act); the old button is clicked again and the move count returned
    before and after that second click.  Moves are picked by a seeded choice, the same every run."""
    import random

    from cardlib.widgets import Table
    for seed in seeds:
        t = Table(game, seed=seed, players=4, bots="random", **options)
        pick = random.Random(seed)
        for _ in range(300):
            if t.hand.is_over():
                break
            b = t.buttons.get(key)
            if b is not None and not b.disabled:
                b.click()
                if t.pending_card is not None:
                    t.choose(t.legal()[0].split("=")[1][0])
                again = t.buttons.get(key)
                if again is not None and not again.disabled:
                    moves = len(t.hand.move_stack)
                    b.click()                              # the same (now stale) button, clicked again
                    return t, moves
                continue
            if t.hand.to_act != t.seat:
                break
            legal = t.legal()
            move = pick.choice(legal)
            t.play(move.split("=")[0] if "=" in move else move)
            if t.pending_card is not None:
                t.choose(move.split("=")[1][0])
    pytest.fail(f"no state in {seeds} seeds where {key!r} is enabled again after its own click")


@pytest.mark.parametrize("game,key,seeds,options", [
    ("pis-yedili", "draw", range(40), {}),                             # classic: several draws a turn
    ("pis-yedili", "pass", range(28, 60), {"preset": "turkish"}),      # a turn that starts with pass (seed 28)
    ("sari-cuce", "stop", range(40), {"allow_voluntary_stop": True}),
    ("pis-yedili", "7D", range(15, 60), {"decks": 2}),                 # a card held twice (two decks; seed 15)
])
def test_w6_a_second_click_on_a_stale_button_does_nothing(game, key, seeds, options):
    t, moves = _stale_second_click(game, key, seeds, **options)
    assert len(t.hand.move_stack) == moves, (key, [str(m) for m in t.hand.move_stack[moves:]])


def test_w6_a_double_click_on_undo_takes_back_one_move():
    from cardlib.widgets import Table
    for seed in range(40):
        t = Table("sari-cuce", seed=seed, players=3)
        for _ in range(2):
            if t.legal():
                t.play(t.legal()[0])
        if not t.buttons["undo"].disabled and len(t._undo) == 2:
            break
    else:
        pytest.fail("no table with two moves of yours to take back in 40 seeds")
    undo = t.buttons["undo"]
    undo.click()
    kept = list(t.hand.move_stack)
    assert not t.buttons["undo"].disabled              # one more could be taken back: by a new click only
    undo.click()                                       # the double click's second half
    assert list(t.hand.move_stack) == kept


def test_w5_table_play_refuses_what_is_not_a_move():
    from cardlib.errors import InvalidMoveError
    from cardlib.saricuce.moves import Move as ScMove
    from cardlib.widgets import Table
    t = Table("pis-yedili", seed=3, players=4)
    before = list(t.hand.move_stack)
    for bad in (None, 7, 2.0, [], ScMove.parse("stop")):
        with pytest.raises(InvalidMoveError):
            t.play(bad)
    assert list(t.hand.move_stack) == before


# S13: a name is one line by Unicode's definition (str.splitlines) and holds no control character
_BROKEN_NAMES = ["Ada\u2028Bora", "Ada\u2029", "Ada\x85Bora", "Ada\x1cBora", "Ada\x0bBora", "\x9bAda", "Ada\nBora"]


@pytest.mark.parametrize("name", _BROKEN_NAMES)
def test_s13_a_name_with_a_line_break_is_refused_by_reader_and_table(name):
    from cardlib.errors import CardlibError
    from cardlib.records import Record
    from cardlib.widgets import Table
    rec = {"game": "sari-cuce", "rules": {"players": 3}, "start": {"seed": 1}, "moves": [],
           "names": ["Cem", name, "Deniz"]}
    with pytest.raises(CardlibError, match=r"names\[1\]"):
        Record.from_dict(rec)
    with pytest.raises(CardlibError, match=r"names\[1\]"):
        Table("sari-cuce", seed=1, players=3, names=["Cem", name, "Deniz"])


def test_s13_the_names_a_table_takes_are_the_names_its_records_read_back():
    from cardlib.records import Record
    from cardlib.widgets import Table
    names = ["Çağla", "Zoë 🃏", "Łukasz"]
    t = Table("pis-yedili", seed=2, players=3, names=names)
    assert Record.from_dict(t.record()).names == names


# -- U1, the rest: every other word or number read from people is matched exactly --------------------------
@pytest.mark.parametrize("dealer", ["\u0663", "\uff13", " 3", "0_3", "3\u2028"])   # Arabic-Indic 3, fullwidth 3
def test_u1_simulate_dealer_is_ascii_digits(dealer):
    from ._support import cli
    run = cli("simulate", "--game", "sari-cuce", "--players", "4", "--hands", "1", "--seed", "1",
              "--dealer", dealer)
    assert run.code == 2 and "--dealer" in run.error


@pytest.mark.parametrize("address", ["tcp://10.0.0.5:\u0668\u0667\u0668\u0666", "tcp://host\u3000x:8786"])
def test_u1_scheduler_address_is_ascii(address):
    from cardlib.errors import InvalidOptionError
    from cardlib.simulate import simulate
    with pytest.raises(InvalidOptionError, match="scheduler"):
        simulate("sari-cuce", players=4, n=1, seed=1, scheduler=address, progress=False)


@pytest.mark.parametrize("word", ["Random", "RANDOM", "random\u0130", "heuriſtic"])
def test_u1_bot_option_and_preset_names_are_exact(word):
    from cardlib.bots import make_bot
    from cardlib.errors import InvalidOptionError
    from cardlib.pisyedili import Rules
    with pytest.raises(InvalidOptionError):
        make_bot("pis-yedili", word)
    with pytest.raises(InvalidOptionError):
        Rules(preset=word)
    with pytest.raises(InvalidOptionError):
        Rules.from_dict({"preset": "turkiſh"})
    with pytest.raises(InvalidOptionError):
        Rules.from_dict({"Players": 4})


def test_u1_language_names_fold_ascii_only(monkeypatch):
    import cardlib.i18n as i18n
    assert i18n._check("TR_tr.UTF-8") == "tr"
    monkeypatch.setattr(i18n, "LANGUAGES", (*i18n.LANGUAGES, "kk"))   # a language whose code folds from U+212A
    assert i18n._check("KK") == "kk"
    with pytest.raises(ValueError):
        i18n._check("\u212ak")


# -- S14, S15: a field the rules never read, a count that cannot happen: warnings, errors with --strict -----
def _py_record(rules: dict, **fields) -> dict:
    from cardlib.pisyedili import Rules, complete_position
    start = complete_position(Rules.from_dict(rules), {"hands": ["2H 9C 8C", "3D 4D", "4S 5D"], "stock": "KC QC",
                                                      "discard": "9H", "to_act": 0, **fields})
    return {"game": "pis-yedili", "rules": rules, "start": start, "moves": []}


@pytest.mark.parametrize("rules,fields,field", [
    ({"players": 3}, {"idle": 2}, "idle 2"),                                           # S14
    ({"players": 3}, {"discard": "AH", "phase": "ace", "drawn": 60}, "drawn 60"),      # S15
    ({"players": 3, "preset": "turkish", "tek": False}, {"drawn": 2}, "drawn 2"),      # single draw
])
def test_s14_s15_impossible_fields_warn_and_strict_refuses(tmp_path, rules, fields, field):
    import json

    from ._support import cli
    path = tmp_path / "start.json"
    path.write_text(json.dumps(_py_record(rules, **fields)), encoding="utf-8")
    run = cli("replay", str(path))
    assert run.code == 0 and "cardlib: warning: " in run.err and f"start: {field}" in run.err, run
    run = cli("replay", "--strict", str(path))
    assert run.code == 2 and field in run.error


# -- S16: nothing but the command's output on stdout, even when stderr cannot be written -------------------
def _without_stderr(redirect: str, *argv: str):
    """``python -m cardlib ARGV`` in a shell with standard error ``redirect``ed (``2>&-`` closes it):
    (exit status, stdout)."""
    import subprocess
    import sys

    from ._support import ROOT
    proc = subprocess.run(["sh", "-c", f'"$0" -m cardlib "$@" {redirect}', sys.executable, *argv],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120, cwd=ROOT)
    return proc.returncode, proc.stdout.decode("utf-8")


@pytest.mark.process
@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/full"])
def test_s16_notes_never_go_to_stdout(redirect):
    import json

    from cardlib.records import load_record
    code, out = _without_stderr(redirect, "deal", "--game", "pis-yedili", "--players", "3")   # a note: the seed
    assert code == 0
    rec = load_record(json.loads(out))          # the record alone: it reads back
    assert rec.game == "pis-yedili" and rec.start["seed"] >= 0
    code, out = _without_stderr(redirect, "deal", "--game", "pis-yedili", "--players", "30")  # an error
    assert code == 2 and out == ""


def test_s16_in_process_with_no_stderr(monkeypatch, capsys):
    import sys

    from cardlib.cli import main
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["deal", "--game", "sari-cuce", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("{") and "cardlib:" not in out
    assert main(["deal", "--game", "sari-cuce", "--players", "40"]) == 2
    assert capsys.readouterr().out == ""
    assert sys.stderr is None                   # as it was


# -- R4: every option at its documented bounds plays a whole series (game, match) ----------------------------
_SC_BOUNDS = [
    {"players": 3, "starting_chips": 15}, {"players": 8, "starting_chips": 15},
    {"players": 3, "starting_chips": 10 ** 15, "hands_limit": 4},            # the largest starting_chips
    {"players": 8, "starting_chips": 10 ** 15, "hands_limit": 4},
    {"players": 2, "allow_two_players": True, "starting_chips": 10 ** 15, "hands_limit": 3},
    {"players": 4, "hands_limit": 1}, {"players": 4, "hands_limit": 10_000},  # the longest: ends by NJ-08
    {"players": 5, "end_mode": "bankruptcy", "starting_chips": 15},
]


@pytest.mark.parametrize("options", _SC_BOUNDS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_r4_sari_cuce_options_at_their_bounds_play_a_whole_game(options):
    from cardlib.options import WHOLE_MAX
    from cardlib.saricuce import Game, Rules
    assert WHOLE_MAX == 10 ** 15                              # the documented maximum tested here
    rules = Rules(**options)
    game = Game(rules, seed=5)
    result = game.play("random")
    assert game.is_over() and result.hands_played == len(game.hands) >= 1
    assert sum(result.chips) + sum(result.board) == rules.starting_chips * rules.players
    if "hands_limit" in options and options["hands_limit"] < 10:
        assert result.hands_played == options["hands_limit"]


def test_r4_the_largest_starting_chips_through_simulate_and_a_record():
    import json

    from cardlib.records import load_record
    from cardlib.saricuce import Game, Rules
    from cardlib.simulate import simulate
    sim = simulate("sari-cuce", players=8, n=2, seed=3, series=True, progress=False, starting_chips=10 ** 15,
                   hands_limit=3)
    assert sim.hands == 6
    game = Game(Rules(players=8, starting_chips=10 ** 15, hands_limit=3), seed=3)
    game.play("random")
    from cardlib.records import record_from_hand
    for hand in game.hands:                    # every hand's record reads back and replays to itself
        rec = record_from_hand(hand).to_dict()
        assert load_record(json.loads(json.dumps(rec))).replay().position() == hand.position()


_PY_BOUNDS = [
    {"players": 2, "deals_per_match": 1}, {"players": 7}, {"players": 2, "preset": "turkish"},
    {"players": 15, "decks": 2, "jokers_per_deck": 2, "deals_per_match": 2},   # the most players
]


@pytest.mark.parametrize("options", _PY_BOUNDS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_r4_pis_yedili_options_at_their_bounds_play_a_whole_match(options):
    from cardlib.pisyedili import Match, Rules
    rules = Rules(**options)
    match = Match(rules, seed=5)
    result = match.play("random")
    assert match.is_over() and len(match.hands) == rules.deals_per_match
    assert list(result.totals) == [sum(h.result().scores[s] for h in match.hands) for s in range(rules.players)]


# -- A7: Hand.deal(seed=None) is refused, not dealt as seed 0 without a word ---------------------------------
@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_a7_deal_with_seed_none_is_refused(game):
    from cardlib.errors import InvalidOptionError
    from cardlib.games import find_game
    spec = find_game(game)
    rules = spec.make_rules({"players": 4})
    with pytest.raises(InvalidOptionError, match="seed=None"):
        spec.hand.deal(rules, seed=None)
    for bad in (-1, 2 ** 64, 1.0, True, "7"):
        with pytest.raises(InvalidOptionError):
            spec.hand.deal(rules, seed=bad)
    assert spec.hand.deal(rules).start() == spec.hand.deal(rules, seed=0).start()   # the default: seed 0


# -- make test in a teacher's clone: from any folder (a long path), beside any program (port 8787 taken) -----
#: the tests that compare messages naming a file (checked once: tests/core and tests/badinput all pass from a
#: clone whose paths are 145 characters and longer)
_PATH_TESTS = ["tests/core/test_cli.py", "tests/core/test_cli_points.py", "tests/core/test_records.py",
               "tests/badinput/test_bad_input_classes.py::test_ctrl_c_during_a_replay_is_one_line_saying_how_far_it_got",
               "tests/badinput/test_bad_input_classes.py::test_a_stored_result_that_disagrees_is_said_even_without_check"]


@pytest.mark.process
def test_the_tests_that_name_a_file_pass_in_a_clone_with_a_long_path(tmp_path):
    """A copy of the project under a folder whose paths are longer than the 120 characters a message quotes
    whole (cardlib.jsonio.source_name shortens them): the tests that compare messages naming a file pass."""
    import os
    import shutil
    import subprocess
    import sys

    from ._support import ROOT
    clone = tmp_path / ("a-teachers-clone-in-a-deep-folder-" + "x" * 100) / "cardlib"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".git", ".venv", "saved-hands")
    for part in ("cardlib", "tests", "tools"):
        shutil.copytree(ROOT / part, clone / part, ignore=skip)
    shutil.copytree(ROOT / "notebooks" / "records", clone / "notebooks" / "records")
    for name in ("pyproject.toml", "Makefile"):
        shutil.copy(ROOT / name, clone / name)
    assert len(str(clone / "tests" / "data" / "examples" / "x.json")) > 120
    env = dict(os.environ, PYTHONPATH=str(clone))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow",
                           "-k", "replay or check or strict or warn or interrupt or disagree or start", *_PATH_TESTS],
                          cwd=clone, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout


def _every_value():
    """(game, option, value) for every choice and true/false option of both games."""
    from cardlib.pisyedili.rules import OPTION_VALUES
    from cardlib.saricuce.rules import _BOOLS, _CHOICES
    out = [("sari-cuce", name, v) for name, values in _CHOICES.items() for v in values]
    out += [("sari-cuce", name, v) for name in _BOOLS for v in (False, True)]
    for name, values in OPTION_VALUES.items():
        if values is int:
            continue                                   # deals_per_match: above and in the slow tests
        out += [("pis-yedili", name, v) for v in ((False, True) if values is bool else values)]
    return out


@pytest.mark.parametrize("game,name,value", _every_value(), ids=lambda x: str(x))
def test_r4_every_value_of_every_option_plays_a_whole_series(game, name, value):
    """Every value a rule option takes, with the fewest and the most players those rules seat: if the rules
    take it, a whole game (match) plays through with it (rules that refuse it say so at once)."""
    from cardlib.errors import InvalidOptionError
    from cardlib.games import find_game
    spec = find_game(game)
    extra = {"partnerships": True} if name == "partner_goes_free" and value else {}
    rules = spec.make_rules({"players": 4, name: value, **extra})
    low = 2 if game == "pis-yedili" or rules.allow_two_players else 3
    high = rules.max_players if game == "pis-yedili" else 8
    played = 0
    for players in sorted({low, high - 1, high}):
        try:
            rules = spec.make_rules({"players": players, name: value, **extra, "hands_limit": 3}
                                    if game == "sari-cuce" else {"players": players, name: value, **extra,
                                                                  "deals_per_match": 2})
        except InvalidOptionError:
            continue                                   # e.g. pairs need an even count of 4 or more
        series = spec.series(rules, seed=11)
        series.play("random")
        assert series.is_over() and series.result() is not None
        played += 1
    assert played >= 1


@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_u1_names_are_narrated_as_written(game):
    """A player's name is never re-cased in the narration (Sarı Cüce upper-cased its first letter: "ßeyza"
    read "SSeyza", "ﬁona" read "FIona")."""
    from cardlib.bots import make_bot
    from cardlib.games import find_game
    from cardlib.series import play_to_end
    names = ["ßeyza", "ﬁona", "iris"]
    spec = find_game(game)
    hand = spec.hand.deal(spec.make_rules({"players": 3}), seed=4)
    play_to_end(hand, [make_bot(game, "random", s) for s in range(3)])
    told = " ".join(e.describe(names) for e in hand.events)
    assert "SSeyza" not in told and "FIona" not in told and "Iris" not in told
    assert any(name in told for name in names)
