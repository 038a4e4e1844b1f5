"""The checks of :func:`~cardlib.simulate.simulate`'s arguments, each refusing bad input with
:class:`~cardlib.errors.InvalidOptionError` (or :class:`~cardlib.errors.PlayerCountError`) naming it,
before any hand is played.  Whole numbers go through the library's one check,
:func:`cardlib.checks.check_whole`; seeds through :func:`cardlib.seeds.check_seed`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..checks import check_bool, check_seat, check_whole
from ..errors import InvalidOptionError, PlayerCountError
from ..games import GAMES, find_game
from ..jsonio import shown
from ..seeds import check_seed
from .names import ENGINES, all_bot_names

__all__ = ["Arguments", "check_arguments", "check_game", "bot_names", "check_valve", "check_scheduler",
           "check_workers", "VALVE_CHOICES", "WORKERS_PER_CORE"]

#: which hands a summary measures where a safety valve can end them (:meth:`Simulation.summary`)
VALVE_CHOICES = ("keep", "drop", "only")
#: the most worker processes a run starts, per core this process may use: more only wait for the same
#: cores, and each takes its own memory (``--workers 1000`` on two cores would start 1,000 processes)
WORKERS_PER_CORE = 4
#: ASCII only (issue 28, U1): a host name or address (IPv6 in brackets) and a port of ASCII digits; without
#: re.ASCII, \d would take any Unicode digit ("٨٧٨٦")
_SCHEDULER = re.compile(r"(tcp|tls|inproc|ucx|ws|wss)://(?:[\w.\-]+|\[[0-9A-Fa-f:.]+\]):\d+/?", re.ASCII)


@dataclass(frozen=True)
class Arguments:
    """:func:`~cardlib.simulate.simulate`'s arguments once checked (``workers``: the count asked for, or
    ``None`` for the automatic choice)."""

    game: str
    players: int
    n: int
    seed: int
    first: int
    bots: tuple[Any, ...]
    engine: str
    progress: bool | None
    series: bool
    dealer: int | str | None
    workers: int | None
    scheduler: Any
    options: dict[str, Any]


def check_arguments(game: Any, players: Any, n: Any, seed: Any, bots: Any, engine: Any, progress: Any,
                    series: Any, dealer: Any, workers: Any, scheduler: Any, options: dict[str, Any],
                    first: Any = 0) -> Arguments:
    """Every argument of a run checked, in the order a reader gives them; the game's rules check the
    player count's range and the options."""
    game = check_game(game)
    players = check_whole("players", players, 1, why=" (the game's rules set the real range)",
                          error=PlayerCountError)
    if not (progress is None or isinstance(progress, bool)):
        raise InvalidOptionError(f"progress={shown(progress)}: give True, False or None (automatic)")
    n = check_whole("n", n, 1)
    first = check_whole("first", first, 0)
    seed = check_seed(_plain(seed))                           # 0 .. 2**64 - 1, as everywhere
    find_game(game).make_rules({"players": players, **options})  # the game's player range and options first
    check_scheduler(scheduler)
    if engine not in ENGINES:
        raise InvalidOptionError(f"engine {shown(engine)} is not one of {', '.join(ENGINES)}")
    check_bool("series", series)
    if dealer is not None and not (isinstance(dealer, str) and dealer == "rotate"):
        dealer = check_seat("dealer", dealer, players)       # a seat, 'rotate' or None
    workers = None if workers is None else check_workers(workers, scheduler)
    return Arguments(game=game, players=players, n=n, seed=seed, first=first, bots=bot_names(bots, players),
                     engine=engine, progress=progress, series=series, dealer=dealer, workers=workers,
                     scheduler=scheduler, options=options)


def _plain(seed: Any) -> Any:
    """A numpy integer seed as a Python int (``check_seed`` takes exact ints only)."""
    if seed.__class__ is int or isinstance(seed, bool):
        return seed
    try:
        import numpy as np
    except ImportError:        # pragma: no cover - numpy is a dependency
        return seed
    return int(seed) if isinstance(seed, np.integer) else seed


def check_game(game: Any) -> str:
    if not isinstance(game, str) or game not in GAMES:          # the registry: cardlib's own games at once
        raise InvalidOptionError(f"game {shown(game)} is not one of {', '.join(GAMES)}")
    return str(game)


def bot_names(bots: Any, players: int) -> tuple[Any, ...]:
    """``"random"``, ``"heuristic"``, ``"random,heuristic,..."`` or a list with one entry per seat (a
    name or an object with ``choose(hand)``)."""
    if isinstance(bots, str):
        items: list[Any] = [b.strip() for b in bots.split(",")] if "," in bots else [bots] * players
    elif isinstance(bots, Sequence):
        items = list(bots)
    else:
        raise InvalidOptionError(f"bots={shown(bots)}: give 'random', 'heuristic' or a list with one bot per seat")
    if len(items) != players:
        raise InvalidOptionError(f"bots={shown(bots)}: {len(items)} bot(s) for {players} players; give one name or one per seat")
    for b in items:
        if not isinstance(b, str) and not callable(getattr(b, "choose", None)):
            raise InvalidOptionError(f"bot {shown(b)} is neither a bot name ({', '.join(all_bot_names())}) nor an object with choose(hand)")
    return tuple(items)


def check_valve(spec: Any, valve: Any) -> None:
    """``valve`` is one of :data:`VALVE_CHOICES`, and other than ``"keep"`` only for a game whose hands may
    end at a safety valve (its tally's ``VALVE``)."""
    if valve not in VALVE_CHOICES:
        raise InvalidOptionError(f"valve={shown(valve)}: not one of {', '.join(VALVE_CHOICES)}")
    if valve != "keep" and not getattr(spec.tally, "VALVE", False):
        raise InvalidOptionError(f"valve={shown(valve)}: every {spec.title} hand ends by the rules; only a game with "
                                 "a safety valve (Pis Yedili, PY-F5) can leave its valve hands out")


def check_scheduler(scheduler: Any) -> None:
    """``None``, ``"local"``, a Dask scheduler address (``"tcp://host:8786"``) or a ``Client``-like object."""
    if isinstance(scheduler, str) and scheduler != "local" and not _SCHEDULER.fullmatch(scheduler):
        raise InvalidOptionError(f"scheduler={shown(scheduler)}: give 'local' (a cluster on this machine) or a Dask "
                                 "scheduler address with its port, such as 'tcp://10.0.0.5:8786'")


def check_workers(workers: Any, scheduler: Any) -> int:
    """A worker count of at least 1, and on this machine at most :data:`WORKERS_PER_CORE` per core."""
    from .parallel import default_workers

    workers = check_whole("workers", workers, 1)
    cores = default_workers()
    if (scheduler is None or scheduler == "local") and workers > WORKERS_PER_CORE * cores:
        raise InvalidOptionError(
            f"workers={workers:,}: at most {WORKERS_PER_CORE * cores} here ({WORKERS_PER_CORE} per core, and this "
            f"process may use {cores} core{'s' if cores != 1 else ''}): more processes only wait for the same "
            f"cores and each takes its own memory; the table is the same with any number of workers")
    return workers
