"""Many hands with bots, as a table: :func:`simulate` and :class:`Simulation`.

Every hand is played by the game's engine (``engine="reference"``: the game's ``Hand`` and series, found
in :mod:`cardlib.games`; ``engine="fast"``: the game's kernel face, ``GameSpec.kernel``).  The seeds follow :mod:`cardlib.seeds`:
hand ``i`` has the hand seed ``hand_seed(seed, i)``, which deals it and seeds its bots (``bot_seed(hand
seed, seat)``); with ``game_mode`` game ``g`` is the game's series seeded ``seed + g`` (``Game(rules,
seed=seed + g)`` plays it again).  Both engines deal the same hands.  A hand's outcome depends on nothing
but ``seed`` and ``i``: not on how many hands came before it, on chunking, or on the global random state
(which nothing here touches).  The ``seed`` column replays any row: ``python -m cardlib play --seed <seed>``
with the same bots, or ``Hand.deal(rules, seed=row.seed, dealer=row.dealer)``.
"""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import InvalidOptionError, PlayerCountError
from ..games import find_game
from ..seeds import check_seed, hand_seed, series_seed
from ..series import play_out, seat_bots
from .stats import mean_row, metric_rows, rate_row

__all__ = ["GAMES", "BOT_NAMES", "ENGINES", "EngineUnavailableError", "Simulation", "Columns", "hand_seed",
           "simulate"]

from .names import BOT_NAMES, ENGINES, GAMES, plural
from ..jsonio import shown


class EngineUnavailableError(InvalidOptionError):
    """``engine="fast"`` was asked for but the game's fast engine cannot play this run (other bots, a dealer)."""


# ---------------------------------------------------------------------------------------------------
# the result
# ---------------------------------------------------------------------------------------------------

class Columns(dict):
    """A table as named 1-D numpy arrays of one length (what the fast engine builds: no pandas needed to
    summarise it, so a command line call never imports pandas), in the engine's own narrow dtypes; the
    DataFrame has them as ``int64``.  ``nullable`` names integer columns whose ``-1`` means missing
    (``<NA>`` in the DataFrame, dtype ``Int64``)."""

    def __init__(self, *args, nullable: tuple[str, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.nullable = frozenset(nullable)

    @property
    def rows(self) -> int:
        return len(next(iter(self.values()))) if self else 0

    def add_rest(self, t: dict[str, np.ndarray], done: set[str], rename: dict[str, str] | None = None) -> None:
        """Every column of a fast table ``t`` not in ``done``, as it is (a 2-D one as ``name_k`` per seat),
        under its ``rename`` name if it has one."""
        rename = rename or {}
        for name, a in t.items():
            if name in done:
                continue
            out = rename.get(name, name)
            if a.ndim == 1:
                self[out] = a
            else:
                for k in range(a.shape[1]):
                    self[f"{out}_{k}"] = a[:, k]

    def to_frame(self):
        """The pandas DataFrame (``nullable`` columns as ``Int64``)."""
        import pandas as pd

        cols: dict[str, Any] = {}
        for k, v in self.items():
            if k in self.nullable:
                cols[k] = pd.array(np.where(v < 0, 0, v).astype(np.int64), dtype="Int64")
                cols[k][v < 0] = pd.NA
            elif v.dtype.kind in "iu":
                cols[k] = v.astype(np.int64)
            else:
                cols[k] = v
        return pd.DataFrame(cols)


class _View:
    """Read-only numpy access to the columns of a DataFrame or of :class:`Columns` (the summary's)."""

    def __init__(self, src: Any, keep: np.ndarray | None = None):
        self.src, self.keep = src, keep

    def __contains__(self, name: str) -> bool:
        return name in self.src

    def __len__(self) -> int:
        n = self.src.rows if isinstance(self.src, Columns) else len(self.src)
        return n if self.keep is None else int(self.keep.sum())

    def raw(self, name: str) -> np.ndarray:
        v = self.src[name]
        if not isinstance(self.src, Columns):
            v = v.to_numpy()
        return v if self.keep is None else v[self.keep]

    def num(self, name: str) -> np.ndarray:
        """As floats; missing values (``<NA>``, or -1 in a nullable column) are ``nan``."""
        if isinstance(self.src, Columns):
            v = self.src[name].astype(float)
            if name in self.src.nullable:
                v[self.src[name] < 0] = np.nan
        else:
            v = self.src[name].to_numpy(dtype=float, na_value=np.nan)
        return v if self.keep is None else v[self.keep]

    def where(self, mask: np.ndarray) -> "_View":
        if self.keep is None:
            return _View(self.src, mask)
        keep = self.keep.copy()
        keep[keep] = mask
        return _View(self.src, keep)


def _as_frame(data: Any):
    return data.to_frame() if isinstance(data, Columns) else data


class Rates:
    """How fast a run went: ``n`` (hands, or games/matches with ``game_mode``) and ``moves`` per second of wall
    time (``seconds``); shared by :class:`Simulation` and the summary-only :class:`~.stream.Summary`."""

    n: int
    seconds: float
    moves: Any

    @property
    def games_per_second(self) -> float:
        return self.n / self.seconds if self.seconds > 0 else math.inf

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds > 0 else math.inf


@dataclass
class Simulation(Rates):
    """What :func:`simulate` returns.

    - ``table``: one row per hand, a pandas DataFrame (see :func:`simulate` for the columns);
    - ``game_table``: with ``game_mode=True``, one row per game (Sarı Cüce) or match (Pis Yedili), else ``None``;
    - ``summary()``: win rates per seat with 95 % intervals, mean chips or scores, mean length ...;
    - ``seconds`` (wall time of the play, table included) and ``games_per_second`` (``n / seconds``).

    ``data`` and ``game_data`` hold the tables as they were made (a DataFrame, or :class:`Columns` from
    the fast engine, turned into a DataFrame on first use of ``table``), so that summing up a run needs
    no pandas.
    """

    game: str
    players: int
    n: int
    seed: int
    bots: tuple[str, ...]
    engine: str
    rules: dict[str, Any]
    game_mode: bool
    data: Any
    seconds: float
    game_data: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    _frames: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def table(self):
        """One row per hand (a pandas DataFrame)."""
        if "table" not in self._frames:
            self._frames["table"] = _as_frame(self.data)
        return self._frames["table"]

    @property
    def game_table(self):
        """One row per game or match with ``game_mode=True`` (a DataFrame), else ``None``."""
        if self.game_data is None:
            return None
        if "games" not in self._frames:
            self._frames["games"] = _as_frame(self.game_data)
        return self._frames["games"]

    @property
    def spec(self):
        """The game (:mod:`cardlib.games`)."""
        return find_game(self.game)

    @property
    def hands(self) -> int:
        """Hands played (``n`` unless ``game_mode``)."""
        return len(_View(self.data))

    @property
    def moves(self) -> int:
        """Moves played in all the hands."""
        return int(_View(self.data).raw("moves").sum())


    @property
    def valve_rate(self) -> float | None:
        """The share of hands the 2,000-turn safety valve ended (PY-F5), or ``None`` for a game without
        one (Sarı Cüce hands always end)."""
        t = _View(self.data)
        if "valve" not in t:
            return None
        return float(t.raw("valve").mean()) if len(t) else 0.0

    def summary(self, valve: str = "keep"):
        """One row per measure, indexed by ``metric``: ``value``, ``low``, ``high`` (the 95 % interval), ``n``.

        Rates use the Wilson interval, means the normal approximation; with ``game_mode`` the win
        shares (co-winners share a win) are per game or match.  Where hands can end at the safety valve
        (Pis Yedili, PY-F5: 2,000 turns without an end, a random-bot artefact) the last row is always
        ``safety valve rate`` over every hand played, and ``valve`` chooses the hands the other rows
        measure: ``"keep"`` all of them (a valve hand counts as a stock ending, as the rules score it),
        ``"drop"`` only those that ended by the rules, ``"only"`` only the valve hands (in game mode:
        the matches without, or with, a valve hand).
        """
        import pandas as pd

        rows = self.summary_rows(valve)
        return pd.DataFrame(rows, columns=["metric", "value", "low", "high", "n"]).set_index("metric")

    def summary_rows(self, valve: str = "keep") -> list[dict[str, Any]]:
        """The rows of :meth:`summary` as dicts (``metric value low high n``), without pandas; each also
        has ``_stats``, what adding up chunks needs (:mod:`cardlib.simulate.stream`)."""
        return _summary_rows(self, valve)

    def to_dict(self, valve: str = "keep") -> dict[str, Any]:
        """A JSON-ready summary: what ``python -m cardlib simulate --json`` prints (``valve``: as in
        :meth:`summary`)."""
        def num(x: Any) -> Any:
            x = float(x)
            return None if math.isnan(x) or math.isinf(x) else x

        summary = {r["metric"]: {"value": num(r["value"]), "low": num(r["low"]), "high": num(r["high"]),
                                 "n": int(r["n"])}
                   for r in self.summary_rows(valve)}
        return {
            "game": self.game, "players": self.players, "engine": self.engine, "bots": list(self.bots),
            "rules": self.rules, "seed": self.seed, "game_mode": self.game_mode,
            "games": self.n, "hands": self.hands, "moves": self.moves,
            "seconds": round(self.seconds, 6), "games_per_second": num(round(self.games_per_second, 3)),
            "moves_per_second": num(round(self.moves_per_second, 1)),
            "workers": self.extra.get("workers", 1), "valve": valve,
            "summary": summary,
        }

    def __repr__(self) -> str:
        unit = plural(self.spec.series_word) if self.game_mode else "hands"
        return (f"<Simulation {self.game} {self.players} players, {self.n} {unit}, bots {','.join(self.bots)}, "
                f"engine {self.engine}, {self.seconds:.2f} s ({self.games_per_second:,.0f} {unit}/s)>")


VALVE_CHOICES = ("keep", "drop", "only")


def check_valve(spec: Any, valve: str) -> None:
    """``valve`` is one of :data:`VALVE_CHOICES`, and other than ``"keep"`` only for a game whose hands may
    end at a safety valve (its tally's ``VALVE``)."""
    if valve not in VALVE_CHOICES:
        raise InvalidOptionError(f"valve={shown(valve)}: not one of {', '.join(VALVE_CHOICES)}")
    if valve != "keep" and not getattr(spec.tally, "VALVE", False):
        raise InvalidOptionError(f"valve={shown(valve)}: every {spec.title} hand ends by the rules; only a game with "
                                 "a safety valve (Pis Yedili, PY-F5) can leave its valve hands out")


def _summary_rows(sim: Simulation, valve: str = "keep") -> list[dict]:
    check_valve(sim.spec, valve)
    t, n = _View(sim.data), sim.players
    g = _View(sim.game_data) if sim.game_mode else None
    tally = sim.spec.tally
    rows: list[dict] = []
    valve_row = None
    if "valve" in t:
        hit = t.raw("valve").astype(bool)
        valve_row = rate_row("safety valve rate", hit.astype(float))
        if valve != "keep":
            want = valve == "only"
            if sim.game_mode:
                bad = np.unique(t.raw("game")[hit])
                g = g.where(np.isin(g.raw("game"), bad) == want)
                t = t.where(np.isin(t.raw("game"), bad) == want)
            else:
                t = t.where(hit == want)
    if sim.game_mode:
        rows += [rate_row(f"win share seat {k}", g.num(f"win_{k}")) for k in range(n)]
        rows += metric_rows(g, n, tally.SERIES_SUMMARY, per_seat=True)
        rows += metric_rows(g, n, tally.SERIES_SUMMARY, per_seat=False)    # team match measures (PY-P6)
        rows.append(mean_row(f"mean hands per {sim.spec.series_word}", g.num("hands")))
    else:
        w = t.num("winner")
        rows += [rate_row(f"win rate seat {k}", (w == k).astype(float)) for k in range(n)]
        rows += metric_rows(t, n, tally.SUMMARY, per_seat=True)
    rows.append(mean_row("mean moves per hand", t.num("moves")))
    rows += metric_rows(t, n, tally.SUMMARY, per_seat=False)
    if valve_row is not None:
        rows.append(valve_row)
    return rows


# ---------------------------------------------------------------------------------------------------
# argument checking
# ---------------------------------------------------------------------------------------------------

def _check_int(name: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidOptionError(f"{name}={shown(value)}: must be a whole number")
    if value < low:
        raise InvalidOptionError(f"{name}={shown(value)}: must be at least {low}")
    return int(value)


def _check_game(game: Any) -> str:
    if game not in GAMES:
        raise InvalidOptionError(f"game {shown(game)} is not one of {', '.join(GAMES)}")
    return game


def _bot_names(bots: Any, players: int) -> tuple[Any, ...]:
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
            raise InvalidOptionError(f"bot {shown(b)} is neither a bot name ({', '.join(BOT_NAMES)}) nor an object with choose(hand)")
    return tuple(items)


# ---------------------------------------------------------------------------------------------------
# progress
# ---------------------------------------------------------------------------------------------------

def _interactive() -> bool:
    if "ipykernel" in sys.modules:
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class _Progress:
    """A tqdm.auto bar (shown only after a second) or nothing; ``progress=None`` decides by itself."""

    def __init__(self, progress: bool | None, total: int, desc: str):
        self.bar = None
        if progress is False or (progress is None and not _interactive()):
            return
        from tqdm.auto import tqdm

        self.bar = tqdm(total=total, desc=desc, unit=desc.split()[-1], delay=0.0 if progress else 1.0,
                        leave=bool(progress), mininterval=0.2)

    def update(self, k: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(k)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# ---------------------------------------------------------------------------------------------------
# playing (reference engines)
# ---------------------------------------------------------------------------------------------------

def _dealer_for(dealer: Any, players: int, i: int) -> int:
    if dealer is None:
        return players - 1
    if dealer == "rotate":
        return (players - 1 + i) % players
    return dealer


def _hand_row(spec, hand, i: int, seed: int) -> dict[str, Any]:
    """The columns every game has, then the game's own (its tally)."""
    res = hand.result()
    row = {"hand": i, "seed": seed, "dealer": hand.dealer, "winner": res.winner, "moves": len(hand.move_stack),
           **spec.tally.hand_row(hand)}
    reason = getattr(res, "reason", None)
    if reason is not None:  # Pis Yedili: out, stock, no_play or safety_valve (PY-28, PY-28B, PY-F5)
        row["reason"] = reason
        row["valve"] = reason == "safety_valve"
    return row


def _run_hands(spec, rules, n, seed, bots, dealer, progress, first: int = 0) -> list[dict]:
    """``n`` hands, each afresh: hand ``i`` (``first .. first + n - 1``) has the hand seed
    ``hand_seed(seed, i)`` (cardlib.seeds)."""
    rows = []
    bar = _Progress(progress, n, "hands")
    try:
        for i in range(first, first + n):
            s = hand_seed(seed, i)
            hand = spec.hand.deal(rules, seed=s, dealer=_dealer_for(dealer, rules.players, i))
            play_out(hand, seat_bots(spec, bots, s, rules.players))
            rows.append(_hand_row(spec, hand, i, s))
            bar.update()
    except KeyboardInterrupt:
        from .parallel import SimulationInterrupted
        raise SimulationInterrupted(0, 1, len(rows), n, "hands") from None
    finally:
        bar.close()
    return rows


def _run_series(spec, rules, n, seed, bots, dealer, progress, first: int = 0) -> tuple[list[dict], list[dict]]:
    """``n`` whole games (matches) ``first .. first + n - 1``: game ``g`` is ``spec.series(rules,
    seed=series_seed(seed, g))``; the ``hand`` column counts from 0 in this call."""
    hand_rows, game_rows = [], []
    bar = _Progress(progress, n, plural(spec.series_word))
    try:
        for g in range(first, first + n):
            series = spec.series(rules, seed=series_seed(seed, g), dealer=_dealer_for(dealer, rules.players, g))
            while not series.is_over():
                hand = series.play_hand(bots)
                row = _hand_row(spec, hand, len(hand_rows), series.seeds[-1])
                hand_rows.append({"game": g, "hand_in_game": len(series.hands) - 1, **row})
            game_rows.append(_game_row(spec, series, g))
            bar.update()
    except KeyboardInterrupt:
        from .parallel import SimulationInterrupted
        raise SimulationInterrupted(0, 1, len(game_rows), n, plural(spec.series_word)) from None
    finally:
        bar.close()
    return hand_rows, game_rows


def _game_row(spec, series, g: int) -> dict[str, Any]:
    """One row of the game table: ``game hands winners``, the game's own columns, then each seat's win
    share (1, or a share for co-winners)."""
    result = series.result()
    winners = list(result.winners)
    row: dict[str, Any] = {"game": g, "hands": len(series.hands), "winners": " ".join(map(str, winners)),
                           **spec.tally.series_row(series)}
    for k in range(series.players):
        row[f"win_{k}"] = (1.0 / len(winners)) if k in winners else 0.0
    return row


def _frame(rows: list[dict]):
    import pandas as pd

    df = pd.DataFrame(rows)
    if "winner" in df:
        df["winner"] = df["winner"].astype("Int64")  # Pis Yedili: <NA> when the stock ended the hand
    if "seed" in df:
        df["seed"] = df["seed"].astype("int64")
    return df


# ---------------------------------------------------------------------------------------------------
# the entry point
# ---------------------------------------------------------------------------------------------------

def simulate(game: str = "sari-cuce", players: int = 4, n: int = 1000, seed: int = 0,
             bots: str | Sequence[Any] = "random", engine: str = "reference",
             progress: bool | None = None, *, game_mode: bool = False, dealer: int | str | None = None,
             workers: int | None = None, scheduler: Any = None, **options: Any) -> Simulation:
    """Play ``n`` hands (or, with ``game_mode=True``, ``n`` whole games/matches) with bots.

    - ``game``: ``"sari-cuce"`` or ``"pis-yedili"``; ``players``: the player count;
    - ``bots``: ``"random"``, ``"heuristic"``, or one per seat (names, or objects with ``choose(hand)``);
    - ``engine``: ``"reference"`` (the rules engines) or ``"fast"`` (the game's kernel face, ``GameSpec.kernel``; an
      :class:`EngineUnavailableError` if it cannot play this, never a silent fallback);
    - ``progress``: ``None`` shows a tqdm bar in a notebook or terminal once a run takes over a second,
      ``True`` always, ``False`` never;
    - ``game_mode``: Sarı Cüce plays whole games (chips and board carry over, NJ-08/NJ-09), Pis Yedili
      whole matches (``deals_per_match`` deals, PY-31); otherwise every hand starts afresh;
    - ``dealer``: the first dealer (default: the last seat, so seat 0 leads) or ``"rotate"`` (hand or
      game ``i`` is dealt by seat ``(n-1+i) mod n``); in games and matches the deal passes left;
    - ``workers``: processes to split the hands (or games) over; the table is exactly the one of one
      process.  ``None``: every core this process may use (``os.process_cpu_count()``) when the run is
      long enough to gain (about two seconds of work or more), else one;
    - ``scheduler``: run the parts on a Dask cluster instead (``pip install 'cardlib[cluster]'``):
      ``"local"`` starts a ``LocalCluster`` of ``workers`` processes, ``"tcp://host:8786"`` uses a
      running scheduler, a ``dask.distributed.Client`` is used as it is; the same table again;
    - ``**options``: rule options (docs/rules-sari-cuce.md, docs/rules-pis-yedili.md) (``stall_rule="skip_rank"``, ``preset="turkish"`` ...).

    Table columns, one row per hand: ``hand seed dealer winner moves`` and

    - Sarı Cüce: ``opera captures paid doubled board chips_0.. net_0..`` (``captures``: box cards played) (chips after the hand,
      and their change over the hand; ``board`` is what is left on the boxes);
    - Pis Yedili: ``ended_by multiplier draws reshuffles score_0..`` (``winner`` is <NA> when the stock
      ended the hand);
    - with ``game_mode``: also ``game hand_in_game``; ``game_table`` has a row per game with final
      ``chips_k``/``score_k``, ``hands``, ``winners`` and ``win_k`` (1, or a share for co-winners).

    >>> sim = simulate("sari-cuce", players=4, n=20, seed=1, progress=False)   # doctest: +SKIP
    >>> sim.summary().loc["win rate seat 0", "value"]                           # doctest: +SKIP
    """
    game = _check_game(game)
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise PlayerCountError(f"players={shown(players)}: must be a whole number")
    players = int(players)
    if players < 1:
        raise PlayerCountError(f"players={shown(players)}: must be at least 1 (the game's rules set the real range)")
    if not (progress is None or isinstance(progress, bool)):
        raise InvalidOptionError(f"progress={shown(progress)}: give True, False or None (automatic)")
    n = _check_int("n", n, 1)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise InvalidOptionError(f"seed={shown(seed)}: must be a whole number")
    seed = check_seed(int(seed))                                # 0 .. 2**64 - 1, as everywhere
    find_game(game).make_rules({"players": players, **options})  # the game's player range and options first
    _check_scheduler(scheduler)
    if engine not in ENGINES:
        raise InvalidOptionError(f"engine {shown(engine)} is not one of {', '.join(ENGINES)}")
    if not isinstance(game_mode, bool):
        raise InvalidOptionError(f"game_mode={shown(game_mode)}: must be true or false")
    if dealer is not None and dealer != "rotate":
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise InvalidOptionError(f"dealer={shown(dealer)}: a seat 0..{players - 1}, 'rotate' or None")
    explicit = workers is not None
    workers = _check_workers(workers, scheduler)
    if engine == "fast":
        from .fast import run_fast

        if not explicit and scheduler is None:
            workers = auto_workers(engine, game, n, game_mode, {"players": players, **options})
        return run_fast(game=game, players=players, n=n, seed=seed, bots=_bot_names(bots, players),
                        progress=progress, game_mode=game_mode, dealer=dealer, options=options,
                        workers=workers, scheduler=scheduler)

    spec = find_game(game)
    rules = spec.make_rules({"players": players, **options})   # bad options and counts raise here
    from .limits import REFERENCE_BYTES_PER_HAND, check_fits
    check_fits(f"n={n:,} {plural(spec.series_word) if game_mode else 'hands'}", n,
               plural(spec.series_word) if game_mode else "hands", REFERENCE_BYTES_PER_HAND)
    names = _bot_names(bots, players)
    for b in names:
        if isinstance(b, str):
            spec.make_bot(b)                                    # an unknown name raises here
    if not explicit and scheduler is None:
        workers = auto_workers(engine, game, n, game_mode, {"players": players, **options})
    if (workers > 1 or scheduler is not None) and not _picklable(names):
        if explicit or scheduler is not None:
            raise InvalidOptionError("workers/scheduler: these bots cannot be sent to other processes (they do "
                                     "not pickle); use bot names, or workers=1")
        workers = 1
    t0 = time.perf_counter()
    games = None
    if workers == 1 and scheduler is None:
        if not game_mode:
            rows = _run_hands(spec, rules, n, seed, names, dealer, progress)
        else:
            rows, grows = _run_series(spec, rules, n, seed, names, dealer, progress)
    else:
        rows, grows = _run_split(game, rules.to_dict(), n, seed, names, dealer, progress, game_mode, workers,
                                 scheduler)
    if game_mode:
        import pandas as pd
        games = pd.DataFrame(grows)
    table = _frame(rows)
    seconds = time.perf_counter() - t0
    return Simulation(game=game, players=players, n=n, seed=seed,
                      bots=tuple(b if isinstance(b, str) else type(b).__name__ for b in names),
                      engine=engine, rules=rules.to_dict(), game_mode=game_mode, data=table,
                      seconds=seconds, game_data=games, extra={"workers": workers, "scheduler": _where(scheduler)})


# ---------------------------------------------------------------------------------------------------
# splitting over processes or a cluster (cardlib.simulate.parallel)
# ---------------------------------------------------------------------------------------------------

#: hands a game (or match) is taken to last, to guess a game mode run's time
GAME_HANDS = 4
#: split by default only when the run is about this long on one core (starting workers costs ~1 s)
AUTO_SPLIT_SECONDS = 2.0


def seconds_per_hand(engine: str, game: str, rules: dict[str, Any]) -> float:
    """Rough single-core seconds one hand of ``game`` takes under ``rules`` (a rules dict) in ``engine``: the
    spec's ``hand_seconds`` (reference) or its kernel face's ``seconds_per_hand`` (fast)."""
    spec = find_game(game)
    made = spec.make_rules(rules)
    return float(spec.face("kernel").seconds_per_hand(made) if engine == "fast" else spec.hand_seconds(made))


def auto_workers(engine: str, game: str, n: int, game_mode: bool, rules: dict[str, Any]) -> int:
    """``workers=None``: every core for a run of ``AUTO_SPLIT_SECONDS`` or more, else 1 (``rules``: the rules
    dict, ``players`` included)."""
    from .parallel import default_workers

    cost = seconds_per_hand(engine, game, rules) * n * (GAME_HANDS if game_mode else 1)
    return default_workers() if cost >= AUTO_SPLIT_SECONDS else 1


#: ASCII only (issue 28, U1): a host name or address (IPv6 in brackets) and a port of ASCII digits; without
#: re.ASCII, \d would take any Unicode digit ("٨٧٨٦")
_SCHEDULER = re.compile(r"(tcp|tls|inproc|ucx|ws|wss)://(?:[\w.\-]+|\[[0-9A-Fa-f:.]+\]):\d+/?", re.ASCII)


def _check_scheduler(scheduler: Any) -> None:
    """``None``, ``"local"``, a Dask scheduler address (``"tcp://host:8786"``) or a ``Client``-like object."""
    if isinstance(scheduler, str) and scheduler != "local" and not _SCHEDULER.fullmatch(scheduler):
        raise InvalidOptionError(f"scheduler={shown(scheduler)}: give 'local' (a cluster on this machine) or a Dask "
                                 "scheduler address with its port, such as 'tcp://10.0.0.5:8786'")


#: the most worker processes a run starts, per core this process may use: more only wait for the same
#: cores, and each takes its own memory (``--workers 1000`` on two cores would start 1,000 processes)
WORKERS_PER_CORE = 4


def _check_workers(workers: Any, scheduler: Any) -> int:
    from .parallel import default_workers
    if workers is None:
        return default_workers()
    workers = _check_int("workers", workers, 1)
    cores = default_workers()
    if (scheduler is None or scheduler == "local") and workers > WORKERS_PER_CORE * cores:
        raise InvalidOptionError(
            f"workers={workers:,}: at most {WORKERS_PER_CORE * cores} here ({WORKERS_PER_CORE} per core, and this "
            f"process may use {cores} core{'s' if cores != 1 else ''}): more processes only wait for the same "
            f"cores and each takes its own memory; the table is the same with any number of workers")
    return workers


def _where(scheduler: Any) -> str | None:
    if scheduler is None or isinstance(scheduler, str):
        return scheduler
    return getattr(scheduler, "scheduler_info", lambda: {})().get("address", type(scheduler).__name__)


def _picklable(obj: Any) -> bool:
    import pickle
    try:
        pickle.dumps(obj)
        return True
    except Exception:  # noqa: BLE001 - any failure means: cannot go to another process
        return False


def reference_part(game: str, rules: dict, first: int, count: int, seed: int, bots: tuple, dealer: Any,
                   game_mode: bool):
    """One part of a split reference run (in a worker): the rows of hands (or games) ``first ..
    first + count - 1``, as one process plays them."""
    spec = find_game(game)
    r = spec.make_rules(rules)
    if game_mode:
        return _run_series(spec, r, count, seed, bots, dealer, False, first=first)
    return _run_hands(spec, r, count, seed, bots, dealer, False, first=first)


def _run_split(game, rules, n, seed, names, dealer, progress, game_mode, workers, scheduler):
    from .parallel import PARTS_PER_WORKER, Runner, plan

    unit = plural(find_game(game).series_word) if game_mode else "hands"
    with Runner(workers, scheduler) as runner:
        parts = plan(n, runner.slots * PARTS_PER_WORKER)
        spec = find_game(game)        # goes to the workers by name and package (GameSpec.__reduce__)
        jobs = [(spec, rules, a, b - a, seed, names, dealer, game_mode) for a, b in parts]
        bar = _Progress(progress, n, unit)
        try:
            results = runner.map(reference_part, jobs, [b - a for a, b in parts], unit, bar.update)
        finally:
            bar.close()
    if not game_mode:
        return [row for part in results for row in part], None
    rows, grows = [], []
    for hand_rows, game_rows in results:
        for row in hand_rows:
            row["hand"] = len(rows)
            rows.append(row)
        grows += game_rows
    return rows, grows

