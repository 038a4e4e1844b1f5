"""What a third, independent bad-input run found (issue 16): a repeated single-valued flag where the last
one won, error lines that echoed a huge input whole, a player-count limit that named a number no game
takes, "at at" in a JSON message, and ``--workers 1000`` accepted."""

from __future__ import annotations

import pytest

from ._support import cli, record, write

DEAL = ["deal", "--game", "pis-yedili", "--players", "4", "--seed", "1"]
SIM = ["simulate", "--game", "sari-cuce", "--hands", "2", "--workers", "1"]


# -- a single-valued flag given twice ----------------------------------------------------------------
@pytest.mark.parametrize("argv, flag", [
    (["deal", "--game", "sari-cuce", "--players", "4", "--players", "5"], "--players"),
    (["deal", "--game", "sari-cuce", "--game", "pis-yedili", "--players", "4"], "--game"),
    (DEAL + ["--seed", "2"], "--seed"),
    (DEAL + ["--dealer", "0", "--dealer", "1"], "--dealer"),
    (["play", "--game", "sari-cuce", "--players", "4", "--seed", "1", "--bots", "random", "--bots", "heuristic"],
     "--bots"),
    (["play", "--game", "sari-cuce", "--players", "4", "--seed", "1", "--bots", "expert", "--budget", "5",
      "--budget", "6"], "--budget"),
    (SIM + ["--hands", "3"], "--hands"),
    (SIM + ["--workers", "1"], "--workers"),
    (SIM + ["--engine", "fast", "--engine", "reference"], "--engine"),
    (SIM + ["--json", "--json"], "--json"),
    (SIM + ["--seed", "1", "--seed", "1"], "--seed"),          # even the same value: given twice is a slip
    (["replay", "x.json", "--strict", "--strict"], "--strict"),
])
def test_a_single_valued_flag_given_twice_is_refused_naming_it(argv, flag):
    run = cli(*argv)
    assert run.code == 2, run
    assert f"argument {flag}" in run.error and "given twice" in run.error, run.err


def test_repeatable_flags_still_repeat():
    run = cli(*DEAL[:5], "--option", "preset=turkish", "--option", "tek=true", "--seed", "3")
    assert run.code == 0, run.err


# -- long input is quoted short ----------------------------------------------------------------------
MB = 1_000_000


def _record_with(where: str, value: str) -> dict:
    if where == "hand":
        rec = record("sari-cuce-4p-default.json")
        rec["start"] = {"hands": [value, "", "", ""], "dead": ""}
    elif where == "card":
        rec = record("sari-cuce-4p-default.json")
        rec["start"]["hands"][0] = value
    elif where == "name":
        rec = record("sari-cuce-4p-default.json")
        rec["names"] = [value, "B", "C", "D"]
    elif where == "option":
        rec = record("pis-yedili-4p-preset-turkish.json")
        rec["rules"]["preset"] = value
    elif where == "option name":
        rec = record("pis-yedili-4p-preset-turkish.json")
        rec["rules"][value] = 1
    elif where == "start field":
        rec = record("sari-cuce-4p-default.json")
        rec["start"][value] = 1
    elif where == "move":
        rec = record("sari-cuce-4p-default.json")
        rec["moves"] = [value[:1999]]
    else:
        raise AssertionError(where)
    return rec


@pytest.mark.parametrize("where, value", [
    ("hand", "AS " * (MB // 3)), ("card", "Q" * MB), ("name", "x" * MB), ("option", "t" * MB),
    ("option name", "q" * MB), ("start field", "z" * MB), ("move", "Z" * MB)])
def test_a_megabyte_of_input_gives_one_short_line(tmp_path, where, value):
    path = write(tmp_path / "big.json", _record_with(where, value))
    run = cli("replay", str(path))
    assert run.code == 2, run
    _short(run, value)
    assert "characters" in run.error, run.err           # it says how long the input was


def _short(run, value: str) -> None:
    """One line that quotes at most 60 characters of ``value``: about 300 characters in all, more only
    where the message's own text is long (the known option names, a temporary file's path)."""
    assert len(run.err) <= 600, (len(run.err), run.err[:700])
    assert value[0] * 61 not in run.err and value[:61] not in run.err, run.err[:700]


@pytest.mark.parametrize("argv", [
    DEAL[:5] + ["--option", "preset=" + "t" * MB],
    DEAL[:5] + ["--option", "p" * MB + "=1"],
    DEAL[:5] + ["--option", "preset=" + "t" * 900],
    ["play", "--game", "pis-yedili", "--players", "4", "--seed", "1", "--bots", "b" * MB],
    ["simulate", "--game", "pis-yedili", "--bots", "b" * MB],
    ["simulate", "--game", "pis-yedili", "--players", "4" * MB],
    ["simulate", "--game", "pis-yedili", "--dealer", "d" * MB],
    ["simulate", "--game", "pis-yedili", "--scheduler", "s" * MB],
    ["deal", "--game", "g" * MB, "--players", "4"],
    ["replay", "f" * MB],
], ids=["option value", "option name", "option 900", "play bots", "simulate bots", "players", "dealer",
        "scheduler", "game", "file name"])
def test_a_megabyte_flag_gives_one_short_line(argv):
    run = cli(*argv)
    assert run.code == 2, run
    _short(run, max(max(argv, key=len).split("="), key=len))


def test_the_shortening_helper_says_how_long():
    from cardlib.jsonio import one_line, shown
    assert shown("AS") == "'AS'"
    assert shown("x" * MB) == repr("x" * 60) + "… (1,000,000 characters)"
    assert shown(list(range(MB))).endswith("… (1,000,000 items)") and len(shown(list(range(MB)))) < 100
    line = one_line("a" * MB + "\nend")          # the backstop: a message that quotes input whole
    assert len(line) <= 1000 and "\n" not in line and line.endswith(" end") and "characters cut" in line


# -- the small ones --------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, game_words", [
    (["simulate", "--game", "sari-cuce", "--players", str(10**19), "--hands", "1"], "3 to 8 players"),
    (["deal", "--game", "pis-yedili", "--players", str(10**19)], "2 to 7 players"),
    (["simulate", "--game", "sari-cuce", "--engine", "fast", "--players", str(10**19), "--hands", "1"],
     "3 to 8 players"),
])
def test_a_huge_player_count_is_refused_with_the_games_real_range(argv, game_words):
    run = cli(*argv)
    assert run.code == 2, run
    assert game_words in run.error and "1,000,000,000,000,000" not in run.error, run.err


def test_a_truncated_string_says_at_once(tmp_path):
    path = write(tmp_path / "cut.json", '{"game": "sari-cuce", "rules": {"x": "abc')
    run = cli("replay", str(path))
    assert run.code == 2
    assert "at at" not in run.error and "Unterminated string starting at line 1 column 38" in run.error, run.err


@pytest.mark.parametrize("workers", ["1000", "100000"])
def test_too_many_workers_are_refused_saying_why(workers):
    run = cli("simulate", "--game", "sari-cuce", "--hands", "1", "--workers", workers)
    assert run.code == 2, run
    assert f"workers={int(workers):,}: at most " in run.error and "per core" in run.error, run.err


def test_the_workers_bound_is_four_per_core():
    from cardlib.errors import InvalidOptionError
    from cardlib.simulate import simulate
    from cardlib.simulate.parallel import default_workers
    top = 4 * default_workers()
    with pytest.raises(InvalidOptionError, match=f"at most {top} here"):
        simulate("sari-cuce", n=1, workers=top + 1, progress=False)


# -- a bad reshuffle entry is named by its own number -----------------------------------------------
TURKISH = "pis-yedili-4p-preset-turkish.json"


def _reshuffle_at(rec: dict) -> int:
    return next(i for i, m in enumerate(rec["moves"]) if m.startswith("reshuffle"))


@pytest.mark.parametrize("how", ["a card short", "given twice", "after a move without a reshuffle"])
def test_a_bad_reshuffle_entry_is_named_by_its_own_number(tmp_path, how):
    rec = record(TURKISH)
    k = _reshuffle_at(rec)                     # 0-based; it follows move k (1-based), and is move k + 1
    entry = rec["moves"][k]
    if how == "a card short":
        rec["moves"][k] = entry.rsplit(" ", 1)[0]
        want, after = k + 1, k
    elif how == "given twice":
        rec["moves"].insert(k + 1, entry)
        want, after = k + 2, k
    else:
        rec["moves"].insert(3, entry)
        want, after = 4, 3
    run = cli("replay", str(write(tmp_path / "r.json", rec)))
    assert run.code == 2, run
    head = f"r.json: move {want} 'reshuffle "
    assert head in run.error and f"(after move {after} {rec['moves'][after - 1]!r})" in run.error, run.err
    assert ("missing" if how == "a card short" else "a reshuffle entry too many") in run.error, run.err


def test_the_api_replay_of_a_record_numbers_entries_as_records_md():
    from cardlib.errors import InvalidRecordError
    from cardlib.pisyedili.hand import replay_record
    rec = record(TURKISH)
    k = _reshuffle_at(rec)
    rec["moves"].insert(k + 1, rec["moves"][k])
    with pytest.raises(InvalidRecordError, match=rf"^record: move {k + 2} 'reshuffle .* \(after move {k} "):
        replay_record(rec)
    rec = record(TURKISH)
    rec["moves"][2] = "QQ"
    with pytest.raises(InvalidRecordError, match=r"^record: move 3 'QQ'"):
        replay_record(rec)


# -- records.md: cards are separated by spaces ------------------------------------------------------
@pytest.mark.parametrize("name, field", [("sari-cuce-4p-default.json", "hands"),
                                         ("sari-cuce-4p-default.json", "dead"),
                                         ("pis-yedili-4p-preset-classic.json", "hands"),
                                         ("pis-yedili-4p-preset-classic.json", "stock")])
def test_cards_separated_by_commas_are_refused_saying_spaces(tmp_path, name, field):
    rec = record(name)
    value = rec["start"][field]
    text = value[0] if isinstance(value, list) else value
    assert " " in text, text
    if isinstance(value, list):
        rec["start"][field][0] = text.replace(" ", ", ")
    else:
        rec["start"][field] = text.replace(" ", ",")
    run = cli("replay", str(write(tmp_path / "r.json", rec)))
    assert run.code == 2, run
    assert "cards are separated by spaces" in run.error and "not commas" in run.error, run.err


def test_the_shared_examples_and_positions_still_load():
    from pathlib import Path
    from ._support import ROOT
    shared = Path("/work/shared/examples")             # the team's examples, where this machine has them
    files = sorted(shared.glob("*.json")) + sorted((ROOT / "tests" / "data").rglob("*.json"))
    assert len(files) >= 4
    for f in files:
        assert cli("replay", str(f)).code == 0, f


# -- a deal with both seed and hands ------------------------------------------------------------------
def _dealt(game: str, seed: int, *options: str) -> dict:
    import json
    argv = ["deal", "--game", game, "--players", "4", "--seed", str(seed)]
    for o in options:
        argv += ["--option", o]
    run = cli(*argv)
    assert run.code == 0, run.err
    return json.loads(run.out)


@pytest.mark.parametrize("game, options", [("sari-cuce", ()), ("pis-yedili", ("preset=classic",))])
def test_a_deal_with_seed_and_hands_must_be_that_seeds_deal(tmp_path, game, options):
    rec = _dealt(game, 42, *options)
    assert "seed" in rec["start"] and "hands" in rec["start"]
    assert cli("replay", str(write(tmp_path / "ok.json", rec))).code == 0        # as deal writes it
    rec["start"]["hands"][0] = " ".join(sorted(rec["start"]["hands"][0].split()))   # a hand in any order
    assert cli("replay", str(write(tmp_path / "sorted.json", rec))).code == 0
    rec["start"]["seed"] = 43                                      # another seed: the cards are not its deal
    run = cli("replay", str(write(tmp_path / "bad.json", rec)))
    assert run.code == 2, run
    assert "seed 43 and hands disagree: seed 43 deals hands[0] " in run.error, run.err
    other = _dealt(game, 43, *options)["start"]
    assert repr(other["hands"][0]) in run.error, run.err


def test_a_sari_cuce_dead_stock_that_is_not_the_seeds_is_refused(tmp_path):
    rec = _dealt("sari-cuce", 7)
    hands, dead = rec["start"]["hands"], rec["start"]["dead"].split()
    first = hands[0].split()
    first[0], dead[0] = dead[0], first[0]                  # the same deck, not the seed's deal
    hands[0], rec["start"]["dead"] = " ".join(first), " ".join(dead)
    run = cli("replay", str(write(tmp_path / "bad.json", rec)))
    assert run.code == 2 and "seed 7 and hands disagree" in run.error, run.err


def test_the_pis_yedili_stock_order_is_part_of_the_deal(tmp_path):
    rec = _dealt("pis-yedili", 5, "preset=classic")
    stock = rec["start"]["stock"].split()
    stock[0], stock[1] = stock[1], stock[0]
    rec["start"]["stock"] = " ".join(stock)
    run = cli("replay", str(write(tmp_path / "bad.json", rec)))
    assert run.code == 2 and "seed 5 and stock disagree" in run.error, run.err


def test_a_turkish_seed_next_to_the_cards_seeds_the_reshuffles(tmp_path):
    """records.md: a record that leaves its reshuffle entries out is shuffled with the start's seed, so
    there a seed next to any cards is used (not ignored), and not checked against them."""
    import json
    rec = record(TURKISH)
    k = _reshuffle_at(rec)
    rec["moves"] = rec["moves"][:k]                         # up to the move that reshuffles, entry left out
    ends = set()
    for seed in (1, 2):
        rec["start"]["seed"] = seed
        run = cli("replay", "--json", str(write(tmp_path / f"t{seed}.json", rec)))
        assert run.code == 0, run.err
        ends.add(json.loads(run.out)["end"]["stock"])
    assert len(ends) == 2                                   # the seed decided the new stock


# -- a summary-only run streams: the table-fits refusal is for runs that keep their rows -------------
def _same_rows(full: list[dict], streamed: list[dict]) -> None:
    import math
    assert [r["metric"] for r in full] == [r["metric"] for r in streamed]
    for a, b in zip(full, streamed):
        assert a["n"] == b["n"], (a, b)
        for k in ("value", "low", "high"):
            assert (math.isnan(a[k]) and math.isnan(b[k])) or math.isclose(a[k], b[k], rel_tol=1e-9,
                                                                            abs_tol=1e-12), (k, a, b)


@pytest.mark.parametrize("kw", [
    dict(game="sari-cuce", n=300, seed=5, engine="reference", chunk=70),
    dict(game="pis-yedili", n=300, seed=5, engine="reference", chunk=70, valve="drop"),
    dict(game="sari-cuce", n=5000, seed=2**62 + 5, engine="fast", chunk=999),
    dict(game="pis-yedili", n=5000, seed=11, engine="fast", chunk=999, preset="turkish"),
    dict(game="sari-cuce", n=40, seed=3, engine="reference", chunk=7, series=True),
    dict(game="sari-cuce", n=300, seed=3, engine="fast", chunk=70, series=True),
    dict(game="sari-cuce", n=100, seed=3, engine="reference", chunk=13, dealer="rotate"),
    dict(game="sari-cuce", n=30, seed=3, engine="reference", chunk=7, series=True, dealer="rotate"),
    dict(game="pis-yedili", n=12, seed=3, engine="reference", chunk=5, series=True, valve="only",
         deals_per_match=2),
], ids=["sc-ref", "py-ref-drop", "sc-fast", "py-fast-turkish", "sc-ref-games", "sc-fast-games", "sc-rotate",
        "sc-games-rotate", "py-matches-only"])
def test_the_streamed_summary_equals_the_summary_of_the_full_table(kw):
    from cardlib.simulate import simulate
    from cardlib.simulate.stream import simulate_summary
    kw = dict(kw, workers=1)
    valve, chunk = kw.pop("valve", "keep"), kw.pop("chunk")
    full = simulate(progress=False, **kw)
    streamed = simulate_summary(valve=valve, chunk=chunk, **kw)
    assert streamed.chunks > 1
    _same_rows(full.summary_rows(valve), streamed.summary_rows(valve))
    assert (streamed.hands, streamed.moves) == (full.hands, full.moves)


def test_a_run_whose_table_would_not_fit_streams_in_chunks(monkeypatch):
    """With 2 MB of memory 'available', 3,000 reference hands (about 4.8 MB of rows) are refused when the
    rows are kept, and run chunk by chunk when only the summary is asked for: no call ever holds more
    than a chunk of rows."""
    from cardlib.errors import InvalidOptionError
    from cardlib.simulate import core, limits, simulate, stream
    monkeypatch.setattr(limits, "available_memory", lambda: 2_000_000)
    with pytest.raises(InvalidOptionError, match="memory available"):
        simulate("sari-cuce", n=3000, workers=1, progress=False)
    sizes = []
    real = core.simulate

    def spy(*a, **k):
        sizes.append(k["n"])
        return real(*a, **k)
    monkeypatch.setattr(core, "simulate", spy)
    monkeypatch.setitem(stream.CHUNK, "reference", 1000)
    s = stream.simulate_summary("sari-cuce", n=3000, workers=1)
    assert s.hands == 3000 and sizes == [1000, 1000, 1000]


def test_the_command_line_streams_a_run_whose_table_would_not_fit(monkeypatch):
    from cardlib.simulate import limits, stream
    monkeypatch.setattr(limits, "available_memory", lambda: 2_000_000)
    monkeypatch.setitem(stream.CHUNK, "reference", 1000)
    run = cli("simulate", "--game", "sari-cuce", "--hands", "3000", "--workers", "1")
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1].startswith("3000 hands, "), run.out
    import json
    run = cli("simulate", "--game", "sari-cuce", "--hands", "3000", "--workers", "1", "--json")
    data = json.loads(run.out)
    assert data["hands"] == 3000 and data["summary"]["win rate seat 0"]["n"] == 3000, data


def test_a_run_too_long_for_any_machine_is_refused_saying_how_long():
    run = cli("simulate", "--game", "pis-yedili", "--engine", "fast", "--hands", str(10**14))
    assert run.code == 2
    assert run.error.startswith("cardlib: error: n=100,000,000,000,000 hands: more than 100,000,000,000") \
        and "years of one core" in run.error, run.err


# -- Ctrl-C during a run on a local Dask cluster ------------------------------------------------------
def _interrupted_cluster_run(tmp_path, hook: str, argv: list[str], delay: float, to: str = "group"):
    """Run ``python -m cardlib *argv`` in its own process group with SIGINT's default action, the function
    ``hook`` of ``cardlib.simulate.parallel`` wrapped to mark a file when it is called; SIGINT ``delay`` s after
    the mark, to the group (as a terminal's Ctrl-C) or the parent alone.  Returns ``(status, stdout, stderr)``."""
    import os
    import signal
    import subprocess
    import sys
    import time
    pytest.importorskip("dask.distributed", reason="the [cluster] extra (dask.distributed) is not installed")
    from ._support import ROOT
    mark = tmp_path / "marked"
    code = (
        f"import pathlib, runpy, sys\nimport cardlib.simulate.parallel as par\n_real = par.{hook}\n"
        f"def marked(*a, **k):\n    pathlib.Path({str(mark)!r}).touch()\n    return _real(*a, **k)\n"
        f"par.{hook} = marked\nsys.argv = ['cardlib', *{argv!r}]\nrunpy.run_module('cardlib', run_name='__main__')\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 300
        while not mark.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert mark.exists(), proc.communicate(timeout=60)
        time.sleep(delay)
        if to == "group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, out.decode(), err.decode()


@pytest.mark.process
@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="signals to a process group")
@pytest.mark.parametrize("to", ["group", "parent"])
def test_ctrl_c_on_a_local_dask_cluster_is_one_line_and_status_130(tmp_path, to):
    """A real SIGINT once the parts are submitted to the cluster (the child marks that in a file: a loaded
    machine may take many seconds to start a cluster): to the whole process group, as a terminal's Ctrl-C
    sends it, or to the command alone.  dask.distributed's warnings and tracebacks (cancelled tasks, lost
    heartbeats, workers killed) must not reach stderr: one line, status 130."""
    argv = ["simulate", "--game", "sari-cuce", "--hands", "1000000", "--workers", "2", "--scheduler", "local"]
    code, out, err = _interrupted_cluster_run(tmp_path, "_map_dask", argv, 2, to)   # 2 s: the parts are running
    assert code == 130, err[-2000:]
    assert out == "" and err.count("\n") == 1, err[-3000:]
    assert err.startswith("cardlib: interrupted (") and "of 1,000,000 hands" in err and "nothing written" in err, err


@pytest.mark.process
@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="signals to a process group")
def test_ctrl_c_while_a_local_cluster_starts_prints_no_traceback(tmp_path):
    """The worker processes are spawned ignoring SIGINT, so a terminal's Ctrl-C while they start (and
    import distributed) prints no traceback from any of them; the parent does not see a Ctrl-C in that
    second or two (it then runs on: exit 0), and sees one after it (exit 130, one line)."""
    argv = ["simulate", "--game", "sari-cuce", "--hands", "20000", "--workers", "2", "--scheduler", "local"]
    code, out, err = _interrupted_cluster_run(tmp_path, "_local_cluster", argv, 0.3)   # the workers are starting
    assert "Traceback" not in err and "Fatal Python error" not in err, err[-3000:]
    assert code in (0, 130), err[-2000:]
    if code == 130:
        assert err.count("\n") == 1 and err.startswith("cardlib: interrupted ("), err
    else:
        assert err == "" and out.splitlines()[-1].startswith("20000 hands, "), err

