"""``simulate(..., engine="fast")``: the table from :mod:`cardlib.fast`'s compiled engines.

The fast engines deal hand ``i`` with ``hand_seed(seed, i)`` exactly as the reference engines do (Sarı
Cüce games: the hands of ``Game(rules, seed=seed + g)``, :mod:`cardlib.seeds`), so for the same ``seed``
both engines play the same deals, and the ``seed`` column replays any of them.  They play random bots
only (their own random stream: the same deals, not the same choices as the reference bots), always with
dealer ``n-1`` for single hands, and play Sarı Cüce games but not Pis Yedili matches.  Whatever they cannot do raises :class:`~cardlib.simulate.EngineUnavailableError` saying why;
an option value they do not play raises :class:`~cardlib.errors.InvalidOptionError` naming it.  Nothing
ever falls back to the reference engines silently.

Columns, beside the reference ones they share (``hand seed dealer winner moves``, Sarı Cüce ``opera paid
doubled board chips_k net_k``, Pis Yedili ``ended_by multiplier score_k``): every other column of the
fast table as it is, 2-D ones split per seat (Sarı Cüce ``leads stalls kings swept captured_k`` ...,
Pis Yedili ``plays cards_drawn penalty turns stock_left`` ...; the fast ``draws`` counts cards drawn,
so it is renamed ``cards_drawn``).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..errors import InvalidOptionError
from ..games import find_game
from ..pisyedili import GAME as PIS_YEDILI
from ..saricuce import GAME as SARI_CUCE
from .core import Columns, EngineUnavailableError, Simulation

__all__ = ["run_fast"]

def _fast_module():
    try:
        from .. import fast
    except ImportError as exc:
        raise EngineUnavailableError(f"engine='fast' is not available: cardlib.fast cannot be imported ({exc})") from exc
    for name in ("simulate_saricuce", "simulate_pisyedili", "warmup"):
        if not hasattr(fast, name):
            raise EngineUnavailableError(f"engine='fast' is not available: cardlib.fast has no {name}()")
    return fast


def _rest(df: Columns, t: dict[str, np.ndarray], done: set[str], rename: dict[str, str] | None = None) -> None:
    """Every column of the fast table not handled yet, as is (2-D ones as ``name_k``)."""
    rename = rename or {}
    for name, a in t.items():
        if name in done:
            continue
        out = rename.get(name, name)
        if a.ndim == 1:
            df[out] = a
        else:
            for k in range(a.shape[1]):
                df[f"{out}_{k}"] = a[:, k]


def _sc_frames(t: dict[str, np.ndarray], players: int, start_chips: int, game_mode: bool):
    """simulate's hand table (and game table) from the fast arrays, as :class:`Columns` (no pandas)."""
    chips = t["chips"]
    N = len(chips)
    df = Columns(nullable=("winner",))
    if game_mode:
        game = t["game"]
        df["game"] = game
        df["hand_in_game"] = t["hand"]
        df["hand"] = np.arange(N)
        before = np.empty_like(chips)
        if N:
            before[0] = start_chips
            before[1:] = chips[:-1]
            first = np.r_[True, game[1:] != game[:-1]]
            before[first] = start_chips
    else:
        df["hand"] = np.arange(N)
        before = np.full_like(chips, start_chips)
    df["seed"] = t["seed"]
    df["dealer"] = t["dealer"]
    df["winner"] = t["winner"]
    df["moves"] = t["moves"]
    df["opera"] = t["opera"]
    board = t["board"].sum(axis=1)
    df["paid"] = t["paid"].sum(axis=1)
    df["doubled"] = t["doubled"].sum(axis=1)
    df["board"] = board
    for k in range(players):
        df[f"chips_{k}"] = chips[:, k]
    for k in range(players):
        df[f"net_{k}"] = chips[:, k] - before[:, k]
    _rest(df, t, {"game", "hand", "seed", "dealer", "winner", "moves", "opera", "paid", "doubled", "board", "chips"})
    if not game_mode:
        return df, None
    last = np.r_[game[1:] != game[:-1], True] if N else np.zeros(0, bool)
    final = chips[last].astype(np.int64)
    best = final.max(axis=1, initial=0)
    won = final == best[:, None]
    share = won / won.sum(axis=1, keepdims=True).clip(min=1)
    games = Columns()
    games["game"] = game[last]
    games["hands"] = np.diff(np.r_[0, np.flatnonzero(last) + 1])
    games["ended_by"] = np.where(final.min(axis=1, initial=15) < 15, "bankruptcy", "hands_limit").astype(object)
    games["winners"] = np.array([" ".join(str(k) for k in np.flatnonzero(w)) for w in won], dtype=object)
    games["board"] = board[last]
    for k in range(players):
        games[f"chips_{k}"] = final[:, k]
    for k in range(players):
        games[f"win_{k}"] = share[:, k].astype(float)
    return df, games


#: the fast table's ``reason`` codes, as the reference ``Result.reason`` names them
PY_REASONS = np.array(["out", "stock", "no_play", "safety_valve"], dtype=object)
R_VALVE = 3


def _py_frame(t: dict[str, np.ndarray], players: int) -> Columns:
    N = len(t["winner"])
    df = Columns(nullable=("winner",))
    df["hand"] = np.arange(N)
    df["seed"] = t["seed"]
    df["dealer"] = np.full(N, players - 1, dtype=np.int64)
    df["winner"] = t["winner"]
    df["ended_by"] = np.where(t["ended_by"] == 0, "out", "stock").astype(object)
    df["stock_ended"] = t["ended_by"] != 0                    # as the reference table (its summary's rate)
    df["multiplier"] = t["multiplier"]
    df["moves"] = t["moves"]
    for k in range(players):
        df[f"score_{k}"] = t["scores"][:, k]
    df["reason"] = PY_REASONS[t["reason"]]          # as the reference engine's table
    df["valve"] = t["reason"] == R_VALVE
    # the fast engine's ``draws`` counts cards drawn, not draw moves as the reference table's ``draws``
    _rest(df, t, {"winner", "ended_by", "multiplier", "moves", "scores", "dealer", "seed", "reason"},
          rename={"draws": "cards_drawn"})
    return df


def sc_games(n: int, players: int, seed: int, rules: dict, first: int = 0) -> dict[str, np.ndarray]:
    """The fast table of games ``first .. first + n - 1`` (whole games: hand rows of games < n only):
    game ``g`` is game 0 of the run seeded ``seed + g`` (``game_streams``), so any range of games can
    be played anywhere and the ranges put together."""
    fast = _fast_module()
    s = (seed + first) % 2**63
    limit = int(rules.get("hands_limit", 5))
    size = n * max(limit, 1) + 1
    while True:  # hand i is the same for every n_hands: grow until game n-1 is complete
        t = fast.simulate_saricuce(size, players=players, seed=s, rules=rules, games=True, game_streams=True)
        if t["game"].size and int(t["game"][-1]) >= n:
            break
        size *= 2
    keep = t["game"] < n
    t = {k: v[keep] for k, v in t.items()}
    t["game"] += first
    return t


def fast_part(game: str, first: int, count: int, players: int, seed: int, rules: dict, game_mode: bool):
    """One part of a split fast run (in a worker): the raw fast table of hands (or games) ``first ..
    first + count - 1``.  Pis Yedili parts get ``seed`` already moved to their first hand
    (:func:`cardlib.simulate.parallel.offset_seed`)."""
    fast = _fast_module()
    if game == SARI_CUCE.name:
        if game_mode:
            return sc_games(count, players, seed, rules, first)
        return fast.simulate_saricuce(count, players=players, seed=seed, rules=rules, first=first)
    return fast.simulate_pisyedili(count, players=players, seed=seed, rules=rules)


def _concat(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    if len(parts) == 1:
        return parts[0]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


#: the largest part one kernel call plays (a few seconds): longer runs go in parts, so that Ctrl-C
#: stops them soon and a progress bar moves, with the same table
PART_HANDS = 1_000_000
PART_GAMES = 250_000


def _raw(game: str, n: int, players: int, seed: int, rules: dict, game_mode: bool, workers: int, scheduler: Any,
         progress: Any) -> dict[str, np.ndarray]:
    """The raw fast table of the whole run, in one process or split (the same arrays either way)."""
    if game == PIS_YEDILI.name and game_mode:
        raise EngineUnavailableError("engine='fast' plays Pis Yedili hands, not matches; use engine='reference' "
                                     "for game_mode=True")
    part = PART_GAMES if game_mode else PART_HANDS
    if workers == 1 and scheduler is None and n <= part:
        return fast_part(game, 0, n, players, seed, rules, game_mode)
    from .core import _Progress
    from .parallel import PARTS_PER_WORKER, SHARED, Runner, plan, plan_seeded

    unit = "games" if game_mode else "hands"
    with Runner(workers, scheduler) as runner:
        k = max(runner.slots * PARTS_PER_WORKER if runner.slots > 1 else 1, -(-n // part))
        if game == PIS_YEDILI.name:   # no first-hand index in that kernel: move the seed instead
            ranges = plan_seeded(n, k, seed)
        else:
            ranges = [(a, b, seed) for a, b in plan(n, k)]
        bar = _Progress(progress, n, unit)
        try:
            if runner.shares_memory and not game_mode:
                # every part writes its rows into one table: nothing is sent back or put together
                table = _empty_table(game, n, players, runner.empty)
                SHARED[id(table)] = table
                try:
                    jobs = [(game, id(table), a, b - a, players, s, rules) for a, b, s in ranges]
                    runner.map(fast_part_into, jobs, [j[3] for j in jobs], unit, bar.update)
                finally:
                    del SHARED[id(table)]
                return table
            jobs = [(game, a if game == SARI_CUCE.name else 0, b - a, players, s, rules, game_mode)
                    for a, b, s in ranges]
            parts = runner.map(fast_part, jobs, [j[2] for j in jobs], unit, bar.update)
        finally:
            bar.close()
    return _concat(parts)


def _empty_table(game: str, n: int, players: int, empty) -> dict[str, np.ndarray]:
    fast = _fast_module()
    if game == SARI_CUCE.name:
        return fast.nj_table(n, players, empty)
    proto = fast._py_table(0, players)        # the Pis Yedili table's columns and dtypes
    table = {k: empty((n,) + v.shape[1:], v.dtype) for k, v in proto.items()}
    table["seed"] = empty((n,), np.int64)
    return table


def fast_part_into(game: str, key: int, first: int, count: int, players: int, seed: int, rules: dict) -> None:
    """One part of a split fast run of single hands, written into rows ``first .. first + count - 1`` of
    the table ``SHARED[key]`` (this process's, or the parent's shared memory in a forked worker)."""
    from .parallel import SHARED

    table = SHARED[key]
    rows = {k: v[first:first + count] for k, v in table.items()}
    fast = _fast_module()
    if game == SARI_CUCE.name:
        fast.simulate_saricuce(count, players=players, seed=seed, rules=rules, first=first, out=rows)
        return
    t = fast.simulate_pisyedili(count, players=players, seed=seed, rules=rules)
    for k, v in rows.items():
        v[...] = t[k]


def _tables(game: str, t: dict[str, np.ndarray], n: int, players: int, rules: dict, game_mode: bool):
    if game == SARI_CUCE.name:
        return _sc_frames(t, players, int(rules.get("starting_chips", 100)), game_mode)
    return _py_frame(t, players), None


def run_fast(*, game: str, players: int, n: int, seed: int, bots: tuple, progress: Any, game_mode: bool,
             dealer: Any, options: dict[str, Any], workers: int = 1, scheduler: Any = None) -> Simulation:
    """Play with :mod:`cardlib.fast`; see the module docstring for what it can and cannot do."""
    fast = _fast_module()
    if any(b != "random" for b in bots):
        raise EngineUnavailableError(
            f"engine='fast' plays random bots only, not {', '.join(sorted({str(b) for b in bots if b != 'random'}))}; "
            "use engine='reference' for other bots")
    if dealer is not None:
        raise EngineUnavailableError(
            f"engine='fast' deals with dealer {players - 1} (seat 0 leads), so dealer={dealer!r} needs engine='reference'")
    if not 0 <= seed < 2**63:
        raise InvalidOptionError(f"seed={seed!r}: engine='fast' takes seeds 0 .. 2**63-1")
    rules = {"players": players, **options}
    # check the options first (InvalidOptionError / PlayerCountError name them)
    fast.simulate(game, 0, players=players, seed=seed, rules=rules)
    t0 = time.perf_counter()
    raw = _raw(game, n, players, seed, rules, game_mode, workers, scheduler, progress)
    table, game_table = _tables(game, raw, n, players, rules, game_mode)
    del raw
    seconds = time.perf_counter() - t0
    return Simulation(game=game, players=players, n=n, seed=seed, bots=tuple(bots), engine="fast",
                      rules=find_game(game).make_rules(rules).to_dict(), game_mode=game_mode, data=table,
                      seconds=seconds, game_data=game_table,
                      extra={"workers": workers, "scheduler": scheduler if isinstance(scheduler, str) else None})
