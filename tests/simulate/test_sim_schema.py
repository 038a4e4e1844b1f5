"""One table from both engines (issue 23): with the same seed, simulate(engine="reference") and
simulate(engine="fast") give the same column names, in the same order, with the same dtypes; and where the
two engines' bots play alike (the same moves: a reference hand replayed in the fast kernel), the same
values in every column.  docs/simulate.md lists the columns once."""

from __future__ import annotations

import pandas as pd
import pytest

from cardlib.games import find_game
from cardlib.seeds import hand_seed
from cardlib.series import play_to_end, seat_bots
from cardlib.simulate import simulate

CASES = [
    ("sari-cuce", 4, {}),
    ("sari-cuce", 3, {"allow_voluntary_stop": True, "stall_rule": "skip_rank"}),
    ("sari-cuce", 5, {"opera_reward": "double_payments"}),
    ("pis-yedili", 4, {}),
    ("pis-yedili", 4, {"preset": "turkish"}),
    ("pis-yedili", 4, {"partnerships": True}),
    ("pis-yedili", 5, {"decks": 2, "jokers_per_deck": 1}),
]
IDS = [f"{g}-{p}-{'-'.join(map(str, o.values())) or 'defaults'}" for g, p, o in CASES]


def _run(game, players, options, engine, **kw):
    return simulate(game, players, n=40, seed=11, engine=engine, progress=False, workers=1, **options, **kw)


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_both_engines_give_the_same_columns_and_dtypes(game, players, options):
    ref, fast = _run(game, players, options, "reference"), _run(game, players, options, "fast")
    assert list(ref.table.dtypes.items()) == list(fast.table.dtypes.items())
    assert ref.table["seed"].equals(fast.table["seed"])            # the same deals
    assert [r["metric"] for r in ref.summary_rows()] == [r["metric"] for r in fast.summary_rows()]


def test_both_engines_give_the_same_series_tables():
    ref, fast = (_run("sari-cuce", 4, {}, engine, series=True) for engine in ("reference", "fast"))
    assert list(ref.table.dtypes.items()) == list(fast.table.dtypes.items())
    assert list(ref.series_table.dtypes.items()) == list(fast.series_table.dtypes.items())


def test_no_integer_code_reaches_a_user():
    t = _run("pis-yedili", 4, {"preset": "turkish"}, "fast").table
    assert set(t["reason"]) <= {"out", "stock", "no_play", "safety_valve"} and set(t["ended_by"]) <= {"out", "stock"}
    assert all(isinstance(c, str) and len(c) in (2, 3) for c in t["last_card"].dropna())


def _same(a, b) -> bool:
    if pd.isna(a) or pd.isna(b):
        return bool(pd.isna(a) and pd.isna(b))
    return bool(a == b)


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_the_same_moves_give_the_same_row_in_both_engines(game, players, options):
    """Every column, hand by hand: a reference hand (its random bots' moves) replayed in the fast kernel."""
    from cardlib.simulate.fast import replay_row

    spec = find_game(game)
    rules = spec.make_rules({"players": players, **options})
    table = _run(game, players, options, "reference").table
    checked = 0
    for i, row in table.iterrows():
        s = hand_seed(11, i)
        hand = spec.hand.deal(rules, seed=s, dealer=players - 1)
        play_to_end(hand, seat_bots(spec, "random", s, players))
        fast = replay_row(game, rules.to_dict(), s, hand.record_moves())
        assert list(fast) == list(table.columns)
        wrong = {c: (row[c], fast[c]) for c in table.columns if c != "hand" and not _same(row[c], fast[c])}
        assert not wrong, f"hand {i}: reference vs fast {wrong}"
        checked += 1
    assert checked == 40


def test_a_bankruptcy_game_with_the_most_chips_ends_alike_in_both_engines(monkeypatch):
    """Issue 28, R4 (docs/rules-sari-cuce.md, Decision 10): with end_mode bankruptcy and the most chips the
    fast engine counts (CHIPS_MAX // players; the reference engine takes up to 10**15, tests/saricuce), a game
    ends once SERIES_MAX hands are settled (lowered to 30 here; the real one below), in both engines alike:
    the same deals, the same number of hands, the reason max_hands."""
    from cardlib import options
    from cardlib.saricuce.kernel.options import CHIPS_MAX
    monkeypatch.setattr(options, "SERIES_MAX", 30)
    runs = [simulate("sari-cuce", 4, n=3, seed=5, engine=engine, progress=False, workers=1, series=True,
                     end_mode="bankruptcy", starting_chips=CHIPS_MAX // 4) for engine in ("reference", "fast")]
    ref, fast = (r.series_table for r in runs)
    assert list(ref.dtypes.items()) == list(fast.dtypes.items())
    for games in (ref, fast):
        assert list(games["hands"]) == [30, 30, 30] and set(games["ended_by"]) == {"max_hands"}
    assert runs[0].table["seed"].equals(runs[1].table["seed"])          # the same deals, hand by hand
    assert (runs[1].table[[f"chips_{k}" for k in range(4)]].sum(axis=1) + runs[1].table["board"]
            == CHIPS_MAX // 4 * 4).all()


def test_the_fast_engine_ends_a_bankruptcy_game_at_the_real_limit():
    from cardlib.options import SERIES_MAX
    from cardlib.saricuce.kernel.options import CHIPS_MAX
    sim = simulate("sari-cuce", 4, n=2, seed=5, engine="fast", progress=False, workers=1, series=True,
                   end_mode="bankruptcy", starting_chips=CHIPS_MAX // 4)
    assert list(sim.series_table["hands"]) == [SERIES_MAX] * 2 and set(sim.series_table["ended_by"]) == {"max_hands"}


@pytest.mark.slow
def test_a_bankruptcy_game_at_the_real_limit_is_the_same_in_both_engines():
    """The same at the real SERIES_MAX (10,000 hands; about 13 s in all, the reference engine most of it)."""
    from cardlib.options import SERIES_MAX
    from cardlib.saricuce.kernel.options import CHIPS_MAX
    ref, fast = (simulate("sari-cuce", 4, n=1, seed=5, engine=engine, progress=False, workers=1, series=True,
                          end_mode="bankruptcy", starting_chips=CHIPS_MAX // 4) for engine in ("reference", "fast"))
    for sim in (ref, fast):
        assert (list(sim.series_table["hands"]), list(sim.series_table["ended_by"])) == ([SERIES_MAX], ["max_hands"])
    assert ref.table["seed"].equals(fast.table["seed"])


def test_at_the_hand_limit_both_engines_say_hands_limit_even_when_someone_is_broke():
    """Decision 11: end_mode hands, the last hand leaves someone broke: the reason is hands_limit (the fast
    engine said bankruptcy before issue 28)."""
    runs = [simulate("sari-cuce", 3, n=20, seed=2, engine=engine, progress=False, workers=1, series=True,
                     starting_chips=20, hands_limit=1) for engine in ("reference", "fast")]
    for sim in runs:
        games = sim.series_table
        broke = games[[f"chips_{k}" for k in range(3)]].min(axis=1) < 15
        assert broke.any() and set(games["ended_by"]) == {"hands_limit"}


def test_fast_bankruptcy_games_too_long_for_memory_say_why(monkeypatch):
    """A bankruptcy game's length is not known before it is played (up to 10,000 hands, Decision 10): the fast
    engine grows its table while games are unfinished, and refuses one that cannot fit naming end_mode, not
    hands_limit (which bankruptcy ignores)."""
    from cardlib.errors import InvalidOptionError
    from cardlib.saricuce.kernel.options import CHIPS_MAX
    from cardlib.simulate import limits
    monkeypatch.setattr(limits, "available_memory", lambda: 50_000_000)
    with pytest.raises(InvalidOptionError, match=r"n=20 games \(end_mode=bankruptcy: up to 10,000 hands each\): "
                                                 r"the table of [\d,]+ hand rows would take"):
        simulate("sari-cuce", 4, n=20, seed=5, engine="fast", progress=False, workers=1, series=True,
                 end_mode="bankruptcy", starting_chips=CHIPS_MAX // 4)
