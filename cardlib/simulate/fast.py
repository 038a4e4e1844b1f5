"""``simulate(..., engine="fast")``: the table from the compiled engines, each game's kernel face
(``GameSpec.kernel``; the machinery they share is the private :mod:`cardlib._fast`).

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
from .core import EngineUnavailableError, Simulation
from .limits import check_fits
from .names import plural
from ..jsonio import shown

__all__ = ["run_fast", "kernel"]


def kernel(game: str):
    """The fast side of ``game`` (``KERNEL`` of its kernel face, ``GameSpec.kernel``: how a run splits into
    parts, its tables); a game without a fast engine raises :class:`~cardlib.errors.MissingFaceError`
    (``High Card has no fast engine (GameSpec.kernel)``)."""
    return find_game(game).face("kernel").KERNEL


def fast_part(game: str, first: int, count: int, players: int, seed: int, rules: dict, game_mode: bool):
    """One part of a split fast run (in a worker): the raw fast table of hands (or games) ``first ..
    first + count - 1``."""
    return kernel(game).part(first, count, players, seed, rules, game_mode)


def _concat(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    if len(parts) == 1:
        return parts[0]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


#: a compiled loop cannot see Ctrl-C, so a run goes in parts of about a third of a CPU second on the
#: development machine (``make bench``; each kernel's ``part_hands``, games: ``PART_GAMES``), and Ctrl-C
#: stops it within a second (saying how far it got) while a progress bar moves; the same table
PART_GAMES = 50_000


def row_bytes(game: str, players: int) -> int:
    """Bytes of one row of the fast kernel's table (every column, 2-D ones times their width)."""
    proto = _empty_table(game, 0, players, np.empty)
    return sum(a.dtype.itemsize * int(np.prod(a.shape[1:], dtype=np.int64)) for a in proto.values())


def _part_size(game: str, players: int, rules: dict, game_mode: bool) -> int:
    return PART_GAMES if game_mode else kernel(game).part_size(players, rules)


def _check_size(game: str, n: int, players: int, rules: dict, game_mode: bool) -> None:
    """Refuse a run whose table cannot fit in memory, before any work: the kernel's rows times the
    kernel's measured ``peak_factor`` (games: at least ``min(hands_limit, 5)`` hands each)."""
    row = kernel(game).peak_factor * row_bytes(game, players)
    if game_mode:
        hands = min(int(rules.get("hands_limit", 5)), 5)
        check_fits(f"n={n:,} games", n * hands, "hand rows", row)
    else:
        check_fits(f"n={n:,} hands", n, "hands", row)


def _raw(game: str, n: int, players: int, seed: int, rules: dict, game_mode: bool, workers: int, scheduler: Any,
         progress: Any) -> dict[str, np.ndarray]:
    """The raw fast table of the whole run, in one process or split (the same arrays either way)."""
    if game_mode and not kernel(game).plays_series:
        spec = find_game(game)
        raise EngineUnavailableError(f"engine='fast' plays {spec.title} {plural(spec.hand_word)}, not "
                                     f"{plural(spec.series_word)}; use engine='reference' for game_mode=True")
    part = _part_size(game, players, rules, game_mode)
    if workers == 1 and scheduler is None and n <= part:
        return fast_part(game, 0, n, players, seed, rules, game_mode)
    from .parallel import SimulationInterrupted

    unit = "games" if game_mode else "hands"
    try:
        return _raw_parts(game, n, players, seed, rules, game_mode, workers, scheduler, progress, part, unit)
    except SimulationInterrupted:
        raise
    except KeyboardInterrupt:   # before the first part started (workers starting, the table being made)
        raise SimulationInterrupted(0, 1, 0, n, unit, workers=workers > 1) from None


def _raw_parts(game, n, players, seed, rules, game_mode, workers, scheduler, progress, part, unit):
    from .core import _Progress
    from .parallel import PARTS_PER_WORKER, SHARED, Runner

    with Runner(workers, scheduler) as runner:
        k = max(runner.slots * PARTS_PER_WORKER if runner.slots > 1 else 1, -(-n // part))
        ranges = kernel(game).ranges(n, k, seed)
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
            jobs = [(game, a, b - a, players, s, rules, game_mode)
                    for a, b, s in ranges]
            parts = runner.map(fast_part, jobs, [j[2] for j in jobs], unit, bar.update)
        finally:
            bar.close()
    return _concat(parts)


def _empty_table(game: str, n: int, players: int, empty) -> dict[str, np.ndarray]:
    return kernel(game).empty_table(n, players, empty)


def fast_part_into(game: str, key: int, first: int, count: int, players: int, seed: int, rules: dict) -> None:
    """One part of a split fast run of single hands, written into rows ``first .. first + count - 1`` of
    the table ``SHARED[key]`` (this process's, or the parent's shared memory in a forked worker)."""
    from .parallel import SHARED

    table = SHARED[key]
    rows = {k: v[first:first + count] for k, v in table.items()}
    kernel(game).part_into(rows, first, count, players, seed, rules)


def run_fast(*, game: str, players: int, n: int, seed: int, bots: tuple, progress: Any, game_mode: bool,
             dealer: Any, options: dict[str, Any], workers: int = 1, scheduler: Any = None) -> Simulation:
    """Play with the game's fast engine; see the module docstring for what it can and cannot do."""
    face = find_game(game).face("kernel")      # a game without one: MissingFaceError naming it
    if any(b != "random" for b in bots):
        raise EngineUnavailableError(
            f"engine='fast' plays random bots only, not {', '.join(sorted({str(b) for b in bots if b != 'random'}))}; "
            "use engine='reference' for other bots")
    if dealer is not None:
        raise EngineUnavailableError(
            f"engine='fast' deals with dealer {players - 1} (seat 0 leads), so dealer={shown(dealer)} needs engine='reference'")
    if not 0 <= seed < 2**63:
        raise InvalidOptionError(f"seed={shown(seed)}: engine='fast' takes seeds 0 .. 2**63-1")
    rules = {"players": players, **options}
    # check the options first (InvalidOptionError / PlayerCountError name them): the reference rules'
    # checks (bounds included: no number the kernels' 64-bit integers cannot hold), then the fast ones
    find_game(game).make_rules(rules)
    face.simulate(0, players=players, seed=seed, rules=rules)
    _check_size(game, n, players, rules, game_mode)
    t0 = time.perf_counter()
    raw = _raw(game, n, players, seed, rules, game_mode, workers, scheduler, progress)
    table, game_table = kernel(game).tables(raw, players, rules, game_mode)
    del raw
    seconds = time.perf_counter() - t0
    return Simulation(game=game, players=players, n=n, seed=seed, bots=tuple(bots), engine="fast",
                      rules=find_game(game).make_rules(rules).to_dict(), game_mode=game_mode, data=table,
                      seconds=seconds, game_data=game_table,
                      extra={"workers": workers, "scheduler": scheduler if isinstance(scheduler, str) else None})
