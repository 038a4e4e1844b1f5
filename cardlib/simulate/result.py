"""What a simulation gives: :class:`Simulation` (the tables and their summary) and :class:`Rates`, how
fast a run went (shared with the summary-only :class:`~cardlib.simulate.stream.Summary`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..deprecated import renamed
from ..games import find_game
from .columns import TableView, as_frame
from .names import plural

__all__ = ["Rates", "Simulation"]


class Rates:
    """How fast a run went: ``hands`` and ``moves`` per second of wall time (``seconds``), and with
    ``series=True`` the games or matches (``n``) per second; shared by :class:`Simulation` and the
    summary-only :class:`~.stream.Summary`."""

    n: int
    seconds: float
    moves: Any
    hands: Any
    series: bool

    @property
    def hands_per_second(self) -> float:
        """Hands played per second (every hand of every game or match with ``series``)."""
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    @property
    def series_per_second(self) -> float | None:
        """Games (Sarı Cüce) or matches (Pis Yedili) per second with ``series``, else ``None``."""
        if not self.series:
            return None
        return self.n / self.seconds if self.seconds > 0 else math.inf

    @property
    def games_per_second(self) -> float:
        """Deprecated: it counted hands (``n`` per second; whole games or matches only with ``series``). Use
        :attr:`hands_per_second` (or :attr:`series_per_second`)."""
        import warnings
        warnings.warn("games_per_second is deprecated: it counts hands (n per second); use hands_per_second, "
                      "or series_per_second for whole games and matches", DeprecationWarning, stacklevel=2)
        return self.n / self.seconds if self.seconds > 0 else math.inf

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds > 0 else math.inf

    @property
    def game_mode(self) -> bool:
        """Deprecated: :attr:`series` (whole games or matches), its new name."""
        renamed(f"{type(self).__name__}.game_mode", f"{type(self).__name__}.series")
        return self.series


@dataclass
class Simulation(Rates):
    """What :func:`simulate` returns.

    - ``table``: one row per hand, a pandas DataFrame (see :func:`simulate` for the columns);
    - ``series_table``: with ``series=True``, one row per game (Sarı Cüce) or match (Pis Yedili), else ``None``;
    - ``summary()``: win rates per seat with 95 % intervals, mean chips or scores, mean length ...;
    - ``seconds`` (wall time of the play, table included), ``hands_per_second`` and, with ``series``,
      ``series_per_second`` (games or matches).

    ``data`` and ``series_data`` hold the tables as they were made (a DataFrame, or :class:`Columns` from
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
    series: bool
    data: Any
    seconds: float
    series_data: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    _frames: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def table(self) -> Any:
        """One row per hand (a pandas DataFrame)."""
        if "table" not in self._frames:
            self._frames["table"] = as_frame(self.data)
        return self._frames["table"]

    @property
    def series_table(self) -> Any:
        """One row per game or match with ``series=True`` (a DataFrame), else ``None``."""
        if self.series_data is None:
            return None
        if "series" not in self._frames:
            self._frames["series"] = as_frame(self.series_data)
        return self._frames["series"]

    @property
    def game_table(self) -> Any:
        """Deprecated: :attr:`series_table`, its new name."""
        renamed("Simulation.game_table", "Simulation.series_table")
        return self.series_table

    @property
    def game_data(self) -> Any:
        """Deprecated: :attr:`series_data`, its new name."""
        renamed("Simulation.game_data", "Simulation.series_data")
        return self.series_data

    @property
    def spec(self) -> Any:
        """The game (:mod:`cardlib.games`)."""
        return find_game(self.game)

    @property
    def hands(self) -> int:
        """Hands played (``n`` unless ``series``)."""
        return len(TableView(self.data))

    @property
    def moves(self) -> int:
        """Moves played in all the hands."""
        return int(TableView(self.data).raw("moves").sum())

    @property
    def valve_rate(self) -> float | None:
        """The share of hands the 2,000-turn safety valve ended (PY-F5), or ``None`` for a game without
        one (Sarı Cüce hands always end)."""
        t = TableView(self.data)
        if "valve" not in t:
            return None
        return float(t.raw("valve").mean()) if len(t) else 0.0

    def summary(self, valve: str = "keep") -> Any:
        """One row per measure, indexed by ``metric``: ``value``, ``low``, ``high`` (the 95 % interval), ``n``.

        Rates use the Wilson interval, means the normal approximation; with ``series`` the win
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
        from .stats import summary_rows

        return summary_rows(self, valve)

    def to_dict(self, valve: str = "keep") -> dict[str, Any]:
        """A JSON-ready summary: what ``python -m cardlib simulate --json`` prints (``valve``: as in
        :meth:`summary`)."""
        return summary_dict(self, valve)

    def __repr__(self) -> str:
        unit = plural(self.spec.series_word) if self.series else "hands"
        return (f"<Simulation {self.game} {self.players} players, {self.n} {unit}, bots {','.join(self.bots)}, "
                f"engine {self.engine}, {self.seconds:.2f} s ({self.n / self.seconds if self.seconds > 0 else math.inf:,.0f} {unit}/s)>")


def summary_dict(run: Any, valve: str = "keep") -> dict[str, Any]:
    """The JSON of a run that was summed up (a :class:`Simulation` or a summary-only ``Summary``)."""
    def num(x: Any) -> Any:
        x = float(x)
        return None if math.isnan(x) or math.isinf(x) else x

    summary = {r["metric"]: {"value": num(r["value"]), "low": num(r["low"]), "high": num(r["high"]),
                             "n": int(r["n"])}
               for r in run.summary_rows(valve)}
    return {
        "game": run.game, "players": run.players, "engine": run.engine, "bots": list(run.bots),
        "rules": run.rules, "seed": run.seed, "series": run.series, "n": run.n, "hands": run.hands,
        "moves": run.moves,
        "seconds": round(run.seconds, 6), "hands_per_second": num(round(run.hands_per_second, 3)),
        # deprecated: n per second (hands, or games with series), kept for readers of the old JSON
        "games_per_second": num(round(run.n / run.seconds, 3)) if run.seconds > 0 else None,
        "moves_per_second": num(round(run.moves_per_second, 1)),
        "workers": run.extra.get("workers", 1), "valve": valve,
        # deprecated, kept for readers of the old JSON: series under its old name, and n ("games")
        "game_mode": run.series, "games": run.n,
        "summary": summary,
    }
