"""``simulate(..., engine="reference")``: the hands played by the game's own engine (its ``Hand`` and
series, :mod:`cardlib.games`), in this process or split over workers or a Dask cluster
(:mod:`cardlib.simulate.parallel`); the same table either way."""

from __future__ import annotations

import time
from typing import Any

from ..errors import InvalidOptionError
from ..games import find_game
from ..seeds import hand_seed, series_seed
from ..series import play_to_end, seat_bots
from .arguments import Arguments
from .names import plural
from .progress import Progress
from .result import Simulation
from .rows import frame, hand_row, series_row

__all__ = ["run_reference", "run_hands", "run_series", "reference_part", "dealer_for"]


def dealer_for(dealer: Any, players: int, i: int) -> int:
    """The dealer of hand (or game) ``i``: the last seat, ``"rotate"`` (``(n-1+i) mod n``) or the seat given."""
    if dealer is None:
        return players - 1
    if dealer == "rotate":
        return (players - 1 + i) % players
    return int(dealer)


def run_hands(spec: Any, rules: Any, n: int, seed: int, bots: tuple[Any, ...], dealer: Any,
              progress: bool | None, first: int = 0) -> list[dict[str, Any]]:
    """``n`` hands, each afresh: hand ``i`` (``first .. first + n - 1``) has the hand seed
    ``hand_seed(seed, i)`` (cardlib.seeds)."""
    rows = []
    bar = Progress(progress, n, "hands")
    try:
        for i in range(first, first + n):
            s = hand_seed(seed, i)
            hand = spec.hand.deal(rules, seed=s, dealer=dealer_for(dealer, rules.players, i))
            play_to_end(hand, seat_bots(spec, bots, s, rules.players))
            rows.append(hand_row(spec, hand, i, s))
            bar.update()
    except KeyboardInterrupt:
        from .parallel import SimulationInterrupted
        raise SimulationInterrupted(0, 1, len(rows), n, "hands") from None
    finally:
        bar.close()
    return rows


def run_series(spec: Any, rules: Any, n: int, seed: int, bots: tuple[Any, ...], dealer: Any,
               progress: bool | None, first: int = 0) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``n`` whole series (games or matches) ``first .. first + n - 1``: series ``g`` is ``spec.series(rules,
    seed=series_seed(seed, g))``; the ``hand`` column counts from 0 in this call."""
    hand_rows: list[dict[str, Any]] = []
    series_rows: list[dict[str, Any]] = []
    bar = Progress(progress, n, plural(spec.series_word))
    try:
        for g in range(first, first + n):
            series = spec.series(rules, seed=series_seed(seed, g), dealer=dealer_for(dealer, rules.players, g))
            while not series.is_over():
                hand = series.play_hand(bots)
                row = hand_row(spec, hand, len(hand_rows), series.seeds[-1])
                hand_rows.append({"series": g, "hand_in_series": len(series.hands) - 1, **row})
            series_rows.append(series_row(spec, series, g))
            bar.update()
    except KeyboardInterrupt:
        from .parallel import SimulationInterrupted
        raise SimulationInterrupted(0, 1, len(series_rows), n, plural(spec.series_word)) from None
    finally:
        bar.close()
    return hand_rows, series_rows


def reference_part(game: Any, rules: dict[str, Any], first: int, count: int, seed: int, bots: tuple[Any, ...],
                   dealer: Any, series: bool) -> Any:
    """One part of a split reference run (in a worker): the rows of hands (or series) ``first ..
    first + count - 1``, as one process plays them."""
    spec = find_game(game)
    r = spec.make_rules(rules)
    if series:
        return run_series(spec, r, count, seed, bots, dealer, False, first=first)
    return run_hands(spec, r, count, seed, bots, dealer, False, first=first)


def run_reference(a: Arguments) -> Simulation:
    """Play the run ``a`` (checked) with the reference engines."""
    from .limits import REFERENCE_BYTES_PER_HAND, check_fits
    from .parallel import auto_workers, default_workers, picklable, where

    spec = find_game(a.game)
    rules = spec.make_rules({"players": a.players, **a.options})   # bad options and counts raise here
    unit = plural(spec.series_word) if a.series else "hands"
    check_fits(f"n={a.n:,} {unit}", a.n, unit, REFERENCE_BYTES_PER_HAND)
    for b in a.bots:
        if isinstance(b, str):
            spec.make_bot(b)                                    # an unknown name raises here
    explicit = a.workers is not None
    workers = a.workers if a.workers is not None else default_workers()
    if not explicit and a.scheduler is None:
        workers = auto_workers(a.engine, a.game, a.n, a.series, {"players": a.players, **a.options})
    if (workers > 1 or a.scheduler is not None) and not picklable(a.bots):
        if explicit or a.scheduler is not None:
            raise InvalidOptionError("workers/scheduler: these bots cannot be sent to other processes (they do "
                                     "not pickle); use bot names, or workers=1")
        workers = 1
    t0 = time.perf_counter()
    series_data = None
    grows: list[dict[str, Any]] | None = None
    if workers == 1 and a.scheduler is None:
        if not a.series:
            rows = run_hands(spec, rules, a.n, a.seed, a.bots, a.dealer, a.progress, first=a.first)
        else:
            rows, grows = run_series(spec, rules, a.n, a.seed, a.bots, a.dealer, a.progress, first=a.first)
    else:
        rows, grows = _run_split(spec, rules.to_dict(), a, workers)
    if a.series:
        import pandas as pd
        series_data = pd.DataFrame(grows)
    table = frame(rows)
    seconds = time.perf_counter() - t0
    return Simulation(game=a.game, players=a.players, n=a.n, seed=a.seed,
                      bots=tuple(b if isinstance(b, str) else type(b).__name__ for b in a.bots),
                      engine=a.engine, rules=rules.to_dict(), series=a.series, data=table,
                      seconds=seconds, series_data=series_data,
                      extra={"workers": workers, "scheduler": where(a.scheduler), "first": a.first})


def _run_split(spec: Any, rules: dict[str, Any], a: Arguments,
               workers: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None]:
    from .parallel import PARTS_PER_WORKER, Runner, plan

    unit = plural(spec.series_word) if a.series else "hands"
    with Runner(workers, a.scheduler) as runner:
        parts = plan(a.n, runner.slots * PARTS_PER_WORKER)
        # the spec goes to the workers by name and package (GameSpec.__reduce__)
        jobs = [(spec, rules, a.first + lo, hi - lo, a.seed, a.bots, a.dealer, a.series) for lo, hi in parts]
        bar = Progress(a.progress, a.n, unit)
        try:
            results = runner.map(reference_part, jobs, [hi - lo for lo, hi in parts], unit, bar.update)
        finally:
            bar.close()
    if not a.series:
        return [row for part in results for row in part], None
    rows: list[dict[str, Any]] = []
    grows: list[dict[str, Any]] = []
    for hand_rows, part_rows in results:
        for row in hand_rows:
            row["hand"] = len(rows)
            rows.append(row)
        grows += part_rows
    return rows, grows
