"""Many hands with bots, as a table: :func:`simulate` and :class:`Simulation`.

Every hand is played by the game's engine (``engine="reference"``: :mod:`cardlib.saricuce`,
:mod:`cardlib.pisyedili`; ``engine="fast"``: :mod:`cardlib.fast`).  Hand ``i`` is dealt with the seed
:func:`~cardlib.simulate.seeds.hand_seed` ``(seed, i)`` (hand ``h`` of game or match ``g``:
``hand_seed(hand_seed(seed, g), h)``), by both engines, so ``engine="reference"`` and ``engine="fast"``
play the same deals; the reference bots are seeded from :func:`derive_seed` ``(seed, "bot", i, seat)``.
A hand's outcome depends on nothing but ``seed`` and ``i``: not on how many hands came before it, on
chunking, or on the global random state (which nothing here touches).  The ``seed`` column of the table
replays any deal: ``Hand.deal(rules, seed=row.seed, dealer=row.dealer)``.
"""

from __future__ import annotations

import hashlib
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..errors import InvalidOptionError, PlayerCountError
from .seeds import hand_seed
from .stats import mean_row, rate_row

__all__ = ["GAMES", "BOT_NAMES", "ENGINES", "EngineUnavailableError", "Simulation", "derive_seed", "hand_seed",
           "simulate"]

from .names import BOT_NAMES, ENGINES, GAMES
_MODULES = {"sari-cuce": "cardlib.saricuce", "pis-yedili": "cardlib.pisyedili"}
#: NJ-06: chips a player needs to stake a hand (NJ-08)
_NJ_ENTRY = 15
#: a safety valve for Sarı Cüce games with ``end_mode=bankruptcy`` (not a rule)
MAX_HANDS_PER_GAME = 10_000


class EngineUnavailableError(InvalidOptionError):
    """``engine="fast"`` was asked for but :mod:`cardlib.fast` cannot play this game (yet)."""


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed made from ``parts`` (ints and short strings), the same on every machine (the
    reference bots' seeds; deals use the cheaper :func:`hand_seed`, which the fast engines share).

    >>> derive_seed(0, "deal", 5) == derive_seed(0, "deal", 5)
    True
    >>> derive_seed(0, "deal", 5) != derive_seed(0, "deal", 6)
    True
    """
    for p in parts:
        if isinstance(p, bool) or not isinstance(p, (int, str)):
            raise TypeError(f"seed part {p!r} must be an int or a str")
    text = "cardlib.simulate/" + "/".join(repr(p) for p in parts)
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


# ---------------------------------------------------------------------------------------------------
# the result
# ---------------------------------------------------------------------------------------------------

@dataclass
class Simulation:
    """What :func:`simulate` returns.

    - ``table``: one row per hand (see :func:`simulate` for the columns);
    - ``game_table``: with ``game_mode=True``, one row per game (Sarı Cüce) or match (Pis Yedili), else ``None``;
    - ``summary()``: win rates per seat with 95 % intervals, mean chips or scores, mean length ...;
    - ``seconds`` (wall time of the play, table included) and ``games_per_second`` (``n / seconds``).
    """

    game: str
    players: int
    n: int
    seed: int
    bots: tuple[str, ...]
    engine: str
    rules: dict[str, Any]
    game_mode: bool
    table: pd.DataFrame
    seconds: float
    game_table: pd.DataFrame | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        """Hands played (``n`` unless ``game_mode``)."""
        return int(len(self.table))

    @property
    def games_per_second(self) -> float:
        """``n`` (hands, or games/matches with ``game_mode``) per second of wall time."""
        return self.n / self.seconds if self.seconds > 0 else math.inf

    @property
    def moves_per_second(self) -> float:
        return float(self.table["moves"].sum()) / self.seconds if self.seconds > 0 else math.inf

    def summary(self) -> pd.DataFrame:
        """One row per measure, indexed by ``metric``: ``value``, ``ci_low``, ``ci_high`` (95 %), ``n``.

        Rates use the Wilson interval, means the normal approximation; with ``game_mode`` the win
        shares (co-winners share a win) are per game or match.
        """
        rows = _summary_rows(self)
        return pd.DataFrame(rows, columns=["metric", "value", "ci_low", "ci_high", "n"]).set_index("metric")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: what ``python -m cardlib simulate --json`` prints."""
        def num(x: Any) -> Any:
            x = float(x)
            return None if math.isnan(x) or math.isinf(x) else x

        summary = {m: {"value": num(r.value), "ci_low": num(r.ci_low), "ci_high": num(r.ci_high), "n": int(r.n)}
                   for m, r in self.summary().iterrows()}
        return {
            "game": self.game, "players": self.players, "engine": self.engine, "bots": list(self.bots),
            "rules": self.rules, "seed": self.seed, "game_mode": self.game_mode,
            "games": self.n, "hands": self.hands, "moves": int(self.table["moves"].sum()),
            "seconds": round(self.seconds, 6), "games_per_second": num(round(self.games_per_second, 3)),
            "moves_per_second": num(round(self.moves_per_second, 1)),
            "summary": summary,
        }

    def __repr__(self) -> str:
        unit = ("games" if self.game == "sari-cuce" else "matches") if self.game_mode else "hands"
        return (f"<Simulation {self.game} {self.players} players, {self.n} {unit}, bots {','.join(self.bots)}, "
                f"engine {self.engine}, {self.seconds:.2f} s ({self.games_per_second:,.0f} {unit}/s)>")


def _seat_rates(sim: Simulation, rows: list, label: str, frame: pd.DataFrame, prefix: str) -> None:
    for k in range(sim.players):
        rows.append(rate_row(f"{label} seat {k}", frame[f"{prefix}{k}"].to_numpy(dtype=float)))


def _summary_rows(sim: Simulation) -> list[dict]:
    t, n = sim.table, sim.players
    rows: list[dict] = []
    if sim.game_mode:
        g = sim.game_table
        _seat_rates(sim, rows, "win share", g, "win_")
        col = "chips_" if sim.game == "sari-cuce" else "score_"
        what = "final chips" if sim.game == "sari-cuce" else "total score"
        for k in range(n):
            rows.append(mean_row(f"mean {what} seat {k}", g[f"{col}{k}"]))
        rows.append(mean_row("mean hands per game", g["hands"]))
    else:
        wins = np.zeros((len(t), n))
        w = t["winner"].to_numpy(dtype=float, na_value=np.nan)
        for k in range(n):
            wins[:, k] = (w == k)
        for k in range(n):
            rows.append(rate_row(f"win rate seat {k}", wins[:, k]))
        if sim.game == "sari-cuce":
            for k in range(n):
                rows.append(mean_row(f"mean net chips seat {k}", t[f"net_{k}"]))
        else:
            # PY-28/PY-A20: a hand that ends with the stock has no winner, but its lowest hands score 0;
            # the share counts every seat that scored 0, co-winners sharing, so the shares add up to 1.
            scores = np.stack([t[f"score_{k}"].to_numpy(dtype=float) for k in range(n)], axis=1)
            zero = scores == 0
            share = zero / np.maximum(zero.sum(axis=1, keepdims=True), 1)
            for k in range(n):
                rows.append(mean_row(f"best-hand share seat {k}", share[:, k]))
            for k in range(n):
                rows.append(mean_row(f"mean score seat {k}", t[f"score_{k}"]))
    rows.append(mean_row("mean moves per hand", t["moves"]))
    if sim.game == "sari-cuce":
        rows.append(rate_row("opera rate", t["opera"].to_numpy(dtype=float)))
        if "captures" in t:
            rows.append(mean_row("mean captures per hand", t["captures"]))
        if "stalls" in t:
            rows.append(mean_row("mean stalls per hand", t["stalls"]))
    else:
        rows.append(rate_row("stock ending rate", (t["ended_by"] == "stock").to_numpy(dtype=float)))
        rows.append(mean_row("mean multiplier", t["multiplier"]))
    return rows


# ---------------------------------------------------------------------------------------------------
# argument checking
# ---------------------------------------------------------------------------------------------------

def _check_int(name: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidOptionError(f"{name}={value!r}: must be a whole number")
    if value < low:
        raise InvalidOptionError(f"{name}={value!r}: must be at least {low}")
    return int(value)


def _check_game(game: Any) -> str:
    if game not in GAMES:
        raise InvalidOptionError(f"game {game!r} is not one of {', '.join(GAMES)}")
    return game


def _bot_names(bots: Any, players: int) -> tuple[Any, ...]:
    """``"random"``, ``"heuristic"``, ``"random,heuristic,..."`` or a list with one entry per seat (a
    name or an object with ``choose(hand)``)."""
    if isinstance(bots, str):
        items: list[Any] = [b.strip() for b in bots.split(",")] if "," in bots else [bots] * players
    elif isinstance(bots, Sequence):
        items = list(bots)
    else:
        raise InvalidOptionError(f"bots={bots!r}: give 'random', 'heuristic' or a list with one bot per seat")
    if len(items) != players:
        raise InvalidOptionError(f"bots={bots!r}: {len(items)} bot(s) for {players} players; give one name or one per seat")
    for b in items:
        if isinstance(b, str):
            if b not in BOT_NAMES:
                raise InvalidOptionError(f"bot {b!r} is not one of {', '.join(BOT_NAMES)}")
        elif not callable(getattr(b, "choose", None)):
            raise InvalidOptionError(f"bot {b!r} is neither a bot name ({', '.join(BOT_NAMES)}) nor an object with choose(hand)")
    return tuple(items)


def _bot_factories(module, names: tuple[Any, ...]) -> list[Callable[[int], Any]]:
    """One ``seed -> bot`` per seat."""
    from ..bots import make_bot  # resolves names to the game's bot classes

    out: list[Callable[[int], Any]] = []
    for b in names:
        if isinstance(b, str):
            cls = type(make_bot(module.GAME, b, 0))
            out.append(cls)
        else:
            out.append(lambda _seed, _b=b: _b)
    return out


def _import_engine(game: str):
    import importlib

    try:
        return importlib.import_module(_MODULES[game])
    except ImportError as exc:  # the engine is missing or broken: say which
        raise EngineUnavailableError(f"the reference engine {_MODULES[game]} cannot be imported: {exc}") from exc


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

def _play(hand, bots) -> None:
    push, is_over = hand.push, hand.is_over
    while not is_over():
        push(bots[hand.to_act].choose(hand))


_SC_BOXES = frozenset(("10D", "JC", "QS", "KH", "7D"))  # NJ-05: playing one captures its box (NJ-19)


def _sc_row(hand, i: int, seed: int, dealer: int, start_chips: Sequence[int]) -> dict[str, Any]:
    res = hand.result().to_dict()
    moves = [str(m) for m in hand.move_stack]
    row: dict[str, Any] = {"hand": i, "seed": seed, "dealer": dealer, "winner": res["winner"],
                           "moves": len(moves), "opera": bool(res["opera"]),
                           "captures": sum(1 for m in moves if m in _SC_BOXES),
                           "paid": int(sum(res["paid"])), "doubled": int(sum(res["doubled"])),
                           "board": int(sum(res["board"].values()))}
    chips = res["chips"]
    for k, c in enumerate(chips):
        row[f"chips_{k}"] = c
    for k, c in enumerate(chips):
        row[f"net_{k}"] = c - start_chips[k]
    return row


def _py_row(hand, i: int, seed: int, dealer: int, reshuffles: bool) -> dict[str, Any]:
    res = hand.result().to_dict()
    draws = sum(1 for m in hand.move_stack if str(m) == "draw")
    row: dict[str, Any] = {"hand": i, "seed": seed, "dealer": dealer, "winner": res["winner"],
                           "ended_by": res["ended_by"], "multiplier": res["multiplier"],
                           "moves": len(hand.move_stack), "draws": draws,
                           "reshuffles": (sum(1 for e in hand.record_moves() if e.startswith("reshuffle"))
                                          if reshuffles else 0)}
    for k, s in enumerate(res["scores"]):
        row[f"score_{k}"] = s
    return row


def _reshuffles(rules) -> bool:
    """Only ``stock_exhaustion=reshuffle`` rebuilds the stock (PY-28T); then the record shows it."""
    return getattr(rules, "stock_exhaustion", None) == "reshuffle"


def _dealer_for(dealer: Any, players: int, i: int) -> int:
    if dealer is None:
        return players - 1
    if dealer == "rotate":
        return (players - 1 + i) % players
    return dealer


def _run_hands(mod, game, rules, n, seed, factories, dealer, progress) -> list[dict]:
    Hand = mod.Hand
    players = rules.players
    rows = []
    bar = _Progress(progress, n, "hands")
    try:
        for i in range(n):
            s = hand_seed(seed, i)
            d = _dealer_for(dealer, players, i)
            hand = Hand.deal(rules, seed=s, dealer=d)
            bots = [f(derive_seed(seed, "bot", i, k)) for k, f in enumerate(factories)]
            _play(hand, bots)
            if game == "sari-cuce":
                rows.append(_sc_row(hand, i, s, d, [rules.starting_chips] * players))
            else:
                rows.append(_py_row(hand, i, s, d, _reshuffles(rules)))
            bar.update()
    finally:
        bar.close()
    return rows


def _run_sc_games(mod, rules, n, seed, factories, dealer, progress) -> tuple[list[dict], list[dict]]:
    """Whole Sarı Cüce games (NJ-08 .. NJ-10, NJ-27): chips and board carry from hand to hand."""
    Hand = mod.Hand
    players = rules.players
    box_names = list(getattr(mod, "BOX_NAMES", None) or mod.rules.BOX_NAMES)
    hand_rows, game_rows = [], []
    bar = _Progress(progress, n, "games")
    try:
        for g in range(n):
            chips = [rules.starting_chips] * players
            board = {b: 0 for b in box_names}
            d = _dealer_for(dealer, players, g)
            h = 0
            ended_by = "hands_limit"
            while True:
                if min(chips) < _NJ_ENTRY:
                    ended_by = "bankruptcy"
                    break
                if rules.end_mode == "hands" and h >= rules.hands_limit:
                    break
                if h >= MAX_HANDS_PER_GAME:
                    ended_by = "cap"
                    break
                s = hand_seed(hand_seed(seed, g), h)
                start = dict(Hand.deal(rules, seed=s, dealer=d).start())
                start["chips"] = list(chips)
                start["board"] = dict(board)
                hand = Hand.from_start(rules, start, seed=s)
                bots = [f(derive_seed(seed, "bot", g, h, k)) for k, f in enumerate(factories)]
                _play(hand, bots)
                row = _sc_row(hand, len(hand_rows), s, d, chips)
                row = {"game": g, "hand_in_game": h, **row}
                hand_rows.append(row)
                res = hand.result().to_dict()
                chips = list(res["chips"])
                board = dict(res["board"])
                d = (d + 1) % players
                h += 1
            game_rows.append(_game_row(chips, max, "chips_", {"game": g, "hands": h, "ended_by": ended_by},
                                       {"board": int(sum(board.values()))}))
            bar.update()
    finally:
        bar.close()
    return hand_rows, game_rows


def _game_row(values: list, best_of, prefix: str, head: dict, tail: dict | None = None) -> dict[str, Any]:
    """One row of the game table: ``head``, the winners (``best_of`` = max chips, NJ-27, or min score,
    PY-31; ties share the win), ``tail``, then each seat's value under ``prefix`` and its win share."""
    best = best_of(values)
    winners = [k for k, v in enumerate(values) if v == best]
    row: dict[str, Any] = {**head, "winners": " ".join(map(str, winners)), **(tail or {})}
    for k, v in enumerate(values):
        row[f"{prefix}{k}"] = v
    for k in range(len(values)):
        row[f"win_{k}"] = (1.0 / len(winners)) if k in winners else 0.0
    return row


def _run_py_matches(mod, rules, n, seed, factories, dealer, progress) -> tuple[list[dict], list[dict]]:
    """Whole Pis Yedili matches (PY-31): ``deals_per_match`` deals, the deal passing left (PY-04)."""
    Hand = mod.Hand
    players = rules.players
    deals = int(getattr(rules, "deals_per_match", 4))
    hand_rows, game_rows = [], []
    bar = _Progress(progress, n, "matches")
    try:
        for g in range(n):
            totals = [0] * players
            d = _dealer_for(dealer, players, g)
            for h in range(deals):
                s = hand_seed(hand_seed(seed, g), h)
                hand = Hand.deal(rules, seed=s, dealer=d)
                bots = [f(derive_seed(seed, "bot", g, h, k)) for k, f in enumerate(factories)]
                _play(hand, bots)
                row = {"game": g, "hand_in_game": h, **_py_row(hand, len(hand_rows), s, d, _reshuffles(rules))}
                hand_rows.append(row)
                for k in range(players):
                    totals[k] += row[f"score_{k}"]
                d = (d + 1) % players
            game_rows.append(_game_row(totals, min, "score_", {"game": g, "hands": deals}))
            bar.update()
    finally:
        bar.close()
    return hand_rows, game_rows


def _frame(rows: list[dict]) -> pd.DataFrame:
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
             **options: Any) -> Simulation:
    """Play ``n`` hands (or, with ``game_mode=True``, ``n`` whole games/matches) with bots.

    - ``game``: ``"sari-cuce"`` or ``"pis-yedili"``; ``players``: the player count;
    - ``bots``: ``"random"``, ``"heuristic"``, or one per seat (names, or objects with ``choose(hand)``);
    - ``engine``: ``"reference"`` (the rules engines) or ``"fast"`` (:mod:`cardlib.fast`; an
      :class:`EngineUnavailableError` if it cannot play this, never a silent fallback);
    - ``progress``: ``None`` shows a tqdm bar in a notebook or terminal once a run takes over a second,
      ``True`` always, ``False`` never;
    - ``game_mode``: Sarı Cüce plays whole games (chips and board carry over, NJ-08/NJ-09), Pis Yedili
      whole matches (``deals_per_match`` deals, PY-31); otherwise every hand starts afresh;
    - ``dealer``: the first dealer (default: the last seat, so seat 0 leads) or ``"rotate"`` (hand or
      game ``i`` is dealt by seat ``(n-1+i) mod n``); in games and matches the deal passes left;
    - ``**options``: rule options of RULES.md (``stall_rule="skip_rank"``, ``preset="turkish"`` ...).

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
        raise PlayerCountError(f"players={players!r}: must be a whole number")
    players = int(players)
    if players < 1:
        raise PlayerCountError(f"players={players!r}: must be at least 1 (the game's rules set the real range)")
    if not (progress is None or isinstance(progress, bool)):
        raise InvalidOptionError(f"progress={progress!r}: give True, False or None (automatic)")
    n = _check_int("n", n, 1)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise InvalidOptionError(f"seed={seed!r}: must be a whole number")
    seed = int(seed)
    if engine not in ENGINES:
        raise InvalidOptionError(f"engine {engine!r} is not one of {', '.join(ENGINES)}")
    if not isinstance(game_mode, bool):
        raise InvalidOptionError(f"game_mode={game_mode!r}: must be true or false")
    if dealer is not None and dealer != "rotate":
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise InvalidOptionError(f"dealer={dealer!r}: a seat 0..{players - 1}, 'rotate' or None")
    if engine == "fast":
        from .fast import run_fast

        return run_fast(game=game, players=players, n=n, seed=seed, bots=_bot_names(bots, players),
                        progress=progress, game_mode=game_mode, dealer=dealer, options=options)

    mod = _import_engine(game)
    rules = mod.Rules.from_dict({"players": players, **options})   # bad options and counts raise here
    names = _bot_names(bots, players)
    factories = _bot_factories(mod, names)
    t0 = time.perf_counter()
    games = None
    if not game_mode:
        rows = _run_hands(mod, game, rules, n, seed, factories, dealer, progress)
    elif game == "sari-cuce":
        rows, grows = _run_sc_games(mod, rules, n, seed, factories, dealer, progress)
        games = pd.DataFrame(grows)
    else:
        rows, grows = _run_py_matches(mod, rules, n, seed, factories, dealer, progress)
        games = pd.DataFrame(grows)
    table = _frame(rows)
    seconds = time.perf_counter() - t0
    return Simulation(game=game, players=players, n=n, seed=seed,
                      bots=tuple(b if isinstance(b, str) else type(b).__name__ for b in names),
                      engine=engine, rules=rules.to_dict(), game_mode=game_mode, table=table,
                      seconds=seconds, game_table=games)

