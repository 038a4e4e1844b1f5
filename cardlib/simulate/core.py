"""Many hands with bots, as a table: :func:`simulate`.

Every hand is played by the game's engine (``engine="reference"``: the game's ``Hand`` and series, found
in :mod:`cardlib.games`, :mod:`cardlib.simulate.reference`; ``engine="fast"``: the game's kernel face,
``GameSpec.kernel``, :mod:`cardlib.simulate.fast`).  The seeds follow :mod:`cardlib.seeds`: hand ``i`` has the hand seed
``hand_seed(seed, i)``, which deals it and seeds its bots (``bot_seed(hand seed, seat)``); with
``series=True`` game (or match) ``g`` is the game's series seeded ``seed + g`` (``Game(rules, seed=seed + g)``
plays it again).  Both engines deal the same hands.  A hand's outcome depends on nothing but ``seed`` and ``i``: not
on how many hands came before it, on chunking, or on the global random state (which nothing here touches).
The ``seed`` column replays any row: ``python -m cardlib play --seed <seed>`` with the same bots, or
``Hand.deal(rules, seed=row.seed, dealer=row.dealer)``.

The package holds, one concern a module: the argument checks (:mod:`.arguments`), the result
(:mod:`.result`, :mod:`.columns`), the rows of the reference engine (:mod:`.rows`), the run loops
(:mod:`.reference`, :mod:`.fast`, :mod:`.parallel`), the summary (:mod:`.stats`, :mod:`.stream`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..deprecated import renamed_keyword
from ..errors import InvalidOptionError
from .arguments import check_arguments
from .result import Simulation

__all__ = ["EngineUnavailableError", "Simulation", "simulate"]


class EngineUnavailableError(InvalidOptionError):
    """``engine="fast"`` was asked for but the game's fast engine cannot play this run (other bots, a dealer)."""


def simulate(game: str = "sari-cuce", players: int = 4, n: int = 1000, seed: int = 0,
             bots: str | Sequence[Any] = "random", engine: str = "reference",
             progress: bool | None = None, *, series: bool = False, dealer: int | str | None = None,
             workers: int | None = None, scheduler: Any = None, first: int = 0, **options: Any) -> Simulation:
    """Play ``n`` hands (or, with ``series=True``, ``n`` whole games/matches) with bots.

    - ``game``: ``"sari-cuce"`` or ``"pis-yedili"``; ``players``: the player count;
    - ``seed``: 0 .. 2**64 - 1; ``first``: the index of the first hand (game) played: ``simulate(n=10,
      first=90)`` plays hands 90 .. 99 of the run seeded ``seed``, the last rows of ``simulate(n=100)``;
    - ``bots``: ``"random"``, ``"heuristic"``, or one per seat (names, or objects with ``choose(hand)``);
    - ``engine``: ``"reference"`` (the rules engines) or ``"fast"`` (the game's kernel face, ``GameSpec.kernel``; an
      :class:`EngineUnavailableError` if it cannot play this, never a silent fallback);
    - ``progress``: ``None`` shows a tqdm bar in a notebook or terminal once a run takes over a second,
      ``True`` always, ``False`` never;
    - ``series``: play whole series: Sarı Cüce games (chips and board carry over, NJ-08/NJ-09), Pis Yedili
      matches (``deals_per_match`` deals, PY-31); otherwise every hand starts afresh (``game_mode`` is its
      old name, deprecated);
    - ``dealer``: the first dealer (default: the last seat, so seat 0 leads) or ``"rotate"`` (hand or
      game ``i`` is dealt by seat ``(n-1+i) mod n``); in games and matches the deal passes left;
    - ``workers``: processes to split the hands (or series) over; the table is exactly the one of one
      process.  ``None``: every core this process may use (``os.process_cpu_count()``) when the run is
      long enough to gain (about two seconds of work or more), else one;
    - ``scheduler``: run the parts on a Dask cluster instead (``pip install 'cardlib[cluster]'``):
      ``"local"`` starts a ``LocalCluster`` of ``workers`` processes, ``"tcp://host:8786"`` uses a
      running scheduler, a ``dask.distributed.Client`` is used as it is; the same table again;
    - ``**options``: rule options (docs/rules-sari-cuce.md, docs/rules-pis-yedili.md) (``stall_rule="skip_rank"``, ``preset="turkish"`` ...).

    The table's columns are the same for both engines (names, order, dtypes, meaning; docs/simulate.md
    lists them all): ``hand seed dealer winner moves`` and

    - Sarı Cüce: ``opera captures paid doubled board chips_k net_k start_chips_k board_B start_board_B leads
      stalls kings stops swept captured_k``;
    - Pis Yedili: ``ended_by stock_ended multiplier draws reshuffles score_k`` (team columns with
      partnerships) ``plays cards_drawn penalty turns stock_left last_card reason valve`` (``winner`` is
      <NA> when the stock ended the hand);
    - with ``series``: also ``series hand_in_series``; ``series_table`` has a row per game (match) with final
      ``chips_k``/``score_k``, ``hands``, ``winners`` and ``win_k`` (1, or a share for co-winners).

    >>> sim = simulate("sari-cuce", players=4, n=20, seed=1, progress=False)   # doctest: +SKIP
    >>> sim.summary().loc["win rate seat 0", "value"]                           # doctest: +SKIP
    """
    series = renamed_keyword(options, "game_mode", "series", series, False, "simulate")
    a = check_arguments(game, players, n, seed, bots, engine, progress, series, dealer, workers, scheduler,
                        options, first)
    if a.engine == "fast":
        from .fast import run_fast

        return run_fast(a)
    from .reference import run_reference

    return run_reference(a)
