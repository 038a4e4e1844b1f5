"""A summary-only simulation: the hands played chunk by chunk, each chunk summed up and dropped, so that
a run of 10**8 hands (or more) needs the memory of one chunk, not of its whole table (issue 16).

:func:`simulate_summary` gives the rows :meth:`Simulation.summary_rows` would give for the same run (the
same hands: chunk ``a .. b-1`` is ``simulate(seed=seed, first=a, n=b-a)``, hands or series ``a .. b-1``
of the run), up to the last bits of floating point: a rate is summed as its
hits and trials, a mean as its count, mean and sum of squared deviations (combined exactly as Chan,
Golub and LeVeque's pairwise update), and the 95 % intervals are made from those at the end.  The command
line prints only a summary, so ``python -m cardlib simulate`` always runs this way: the table-fits check
(:mod:`cardlib.simulate.limits`) applies to one chunk, not to ``n``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..prob.estimate import Z95, Estimate
from ..games import find_game
from ..jsonio import shown
from .result import Rates, summary_dict
from .names import plural

__all__ = ["CHUNK", "Summary", "simulate_summary", "combine_rows"]

#: hands a chunk holds, by engine: the fast engine keeps 44 to 117 bytes a row (1.6 to 3.6 times while it is
#: summed up), the reference engine about 1.6 KB: a chunk takes a few hundred MB at most
CHUNK = {"fast": 1_000_000, "reference": 100_000}
#: games or matches in a chunk (each keeps its hands' rows too)
CHUNK_SERIES = {"fast": 200_000, "reference": 10_000}
#: the most hands (or series) a summary-only run plays: memory no longer bounds it, time does (10**11
#: fast Sarı Cüce hands are a week of one core); more is refused, saying how long it would take
MAX_N = 10 ** 11


def _check_n(n: int, game: str, engine: str, series: bool, unit: str, rules: dict[str, Any]) -> None:
    if n <= MAX_N:
        return
    from ..errors import InvalidOptionError
    from .parallel import SERIES_HANDS, seconds_per_hand
    each = seconds_per_hand(engine, game, rules) * (SERIES_HANDS if series else 1)
    years = n * each / (365 * 86400)
    raise InvalidOptionError(
        f"n={n:,} {unit}: more than {MAX_N:,}, the most a run plays; at about {1 / each:,.0f} {unit} a second "
        f"on one core ({engine} engine) it would take some {years:,.0f} years of one core (for more, add up "
        f"the summaries of runs with other seeds)")


@dataclass
class Summary(Rates):
    """What a summary-only run measured: the rows of :meth:`Simulation.summary_rows` for ``valve``, and
    the totals the command line's last line says (``hands``, ``moves``, ``seconds``, ``valve_rate``)."""

    game: str
    players: int
    n: int
    seed: int
    bots: tuple
    engine: str
    rules: dict[str, Any]
    series: bool
    valve: str
    rows: list[dict[str, Any]]
    hands: int
    moves: int
    seconds: float
    valve_rate: float | None
    chunks: int
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def spec(self):
        return find_game(self.game)

    def summary_rows(self, valve: str = "keep") -> list[dict[str, Any]]:
        if valve != self.valve:
            from ..errors import InvalidOptionError
            raise InvalidOptionError(f"valve={shown(valve)}: this summary-only run measured valve={self.valve!r} "
                                     f"(its rows are not kept); run it again with valve={shown(valve)}")
        return [{k: v for k, v in r.items() if k != "_stats"} for r in self.rows]

    def to_dict(self, valve: str = "keep") -> dict[str, Any]:
        return summary_dict(self, valve)       # the same JSON as a run that keeps its rows


def _cuts(n: int, size: int, players: int, dealer: Any) -> list[tuple[int, int]]:
    """Chunks ``(a, b)`` of about ``size`` hands (series) covering ``0 .. n-1``."""
    if dealer == "rotate":              # hand (game) i is dealt by seat (n-1+i) mod n: whole rounds
        size = max(players, size // players * players)
    return [(a, min(n, a + size)) for a in range(0, n, size)]


def simulate_summary(game: str = "sari-cuce", players: int = 4, n: int = 1000, seed: int = 0,
                     bots: Any = "random", engine: str = "reference", *, series: bool = False,
                     dealer: int | str | None = None, workers: int | None = None, scheduler: Any = None,
                     valve: str = "keep", chunk: int | None = None, progress: bool | None = False,
                     on_chunk: Callable[[int, int], None] | None = None, **options: Any) -> Summary:
    """:func:`~cardlib.simulate.simulate`'s summary of the same run, keeping one chunk of rows at a time
    (``chunk`` hands, or games or matches with ``series=True``; default :data:`CHUNK`).  ``progress`` as in
    ``simulate`` (a run of one chunk is exactly that run; a longer one shows one bar over every chunk);
    ``on_chunk(done, n)`` is called after each chunk.  Ctrl-C raises :class:`~cardlib.simulate.parallel.SimulationInterrupted`
    saying how many of the ``n`` were done."""
    from ..checks import check_whole
    from ..deprecated import renamed_keyword
    from .arguments import check_valve
    from .core import simulate
    from .progress import Progress
    from .parallel import SimulationInterrupted

    series = renamed_keyword(options, "game_mode", "series", series, False, "simulate_summary")
    spec = find_game(game)
    check_valve(spec, valve)
    n = check_whole("n", n, 1)
    _check_n(n, game, engine, series, plural(spec.series_word) if series else "hands",
             {"players": players, **options})
    size = check_whole("chunk", chunk, 1) if chunk is not None else (
        (CHUNK_SERIES if series else CHUNK).get(engine, CHUNK["reference"]))
    unit = plural(spec.series_word) if series else "hands"
    parts: list[list[dict]] = []
    hands = moves = valve_hands = 0
    seconds = 0.0
    first = None
    done = 0
    cuts = _cuts(n, size, players if isinstance(players, int) else 1, dealer)
    bar = Progress(progress, n, unit) if len(cuts) > 1 else None
    try:
        for a, b in cuts:
            sim = simulate(game, players=players, n=b - a, seed=seed, first=a, bots=bots, engine=engine,
                           progress=progress if bar is None else False, series=series, dealer=dealer,
                           workers=workers, scheduler=scheduler, **options)
            first = first or sim
            parts.append(sim.summary_rows(valve))
            hands += sim.hands
            seconds += sim.seconds              # playing time, as simulate() counts it
            moves += sim.moves
            if sim.valve_rate is not None:
                valve_hands += round(sim.valve_rate * sim.hands)
            done = b
            del sim
            if bar is not None:
                bar.update(b - a)
            if on_chunk is not None:
                on_chunk(done, n)
    except SimulationInterrupted as exc:
        raise SimulationInterrupted(0, 1, done + exc.units, n, unit, workers=False) from None
    except KeyboardInterrupt:
        raise SimulationInterrupted(0, 1, done, n, unit, workers=False) from None
    finally:
        if bar is not None:
            bar.close()
    assert first is not None
    return Summary(game=first.game, players=first.players, n=n, seed=seed, bots=first.bots, engine=first.engine,
                   rules=first.rules, series=series, valve=valve, rows=combine_rows(parts), hands=hands,
                   moves=moves, seconds=seconds,
                   valve_rate=(valve_hands / hands if hands else 0.0) if first.valve_rate is not None else None,
                   chunks=len(parts), extra=dict(first.extra))


def combine_rows(parts: list[list[dict]]) -> list[dict]:
    """The summary rows of the chunks ``parts`` (each the rows of one chunk, in the same order) as the
    rows of the whole run: rates from their summed hits and trials, means by the pairwise update."""
    out = []
    for rows in zip(*parts):
        metric = rows[0]["metric"]
        assert all(r["metric"] == metric for r in rows), [r["metric"] for r in rows]
        stats = [r["_stats"] for r in rows]
        if stats[0][0] == "rate":
            hits, count = sum(s[1] for s in stats), sum(s[2] for s in stats)
            out.append({"metric": metric, **Estimate.rate(hits, count).row(), "_stats": ("rate", hits, count)})
            continue
        count, mean, m2 = 0, 0.0, 0.0
        for _, nb, mb, m2b in stats:
            if nb == 0:
                continue
            total = count + nb
            delta = mb - mean
            mean += delta * nb / total
            m2 += m2b + delta * delta * count * nb / total
            count = total
        if count == 0:
            value = low = high = math.nan
        elif count == 1:
            value = low = high = mean
        else:
            half = Z95 * math.sqrt(m2 / (count - 1)) / math.sqrt(count)
            value, low, high = mean, mean - half, mean + half
        out.append({"metric": metric, "value": value, "low": low, "high": high, "n": count,
                    "_stats": ("mean", count, mean, m2)})
    return out
