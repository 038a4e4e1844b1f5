"""Sarı Cüce's side of ``simulate(..., engine="fast")``: how a run of its kernel is split into parts and how
the kernel's arrays become simulate's hand table and game table (:mod:`cardlib.simulate.fast` calls it,
as ``KERNEL`` of the kernel face)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import GAME
from ..rules import BOX_NAMES, STAKE_PER_PLAYER
from ...simulate.columns import Columns
from .run import simulate, table

__all__ = ["KERNEL", "SariCuceKernel"]

#: the first guess of hands per game (the table grows while games are unfinished)
GAME_HANDS_GUESS = 8


class SariCuceKernel:
    """The fast Sarı Cüce kernel as simulate uses it: single hands and whole games (``series=True``)."""

    name = GAME.name
    plays_series = True
    #: hands in one kernel call, about a third of a CPU second (``simulate.fast.PART_SERIES`` says why)
    part_hands = 250_000
    #: a run's peak memory over its kernel rows, measured (2,000,000 hands of 4 players: 181 / 117 bytes)
    peak_factor = 1.6

    def part_size(self, players: int, rules: dict) -> int:
        return self.part_hands

    def ranges(self, n: int, k: int, seed: int) -> list[tuple[int, int, int]]:
        """``k`` parts ``(first, end, seed)``: the kernel plays any range of hands from its first index."""
        from ...simulate.parallel import plan

        return [(a, b, seed) for a, b in plan(n, k)]

    def part(self, first: int, count: int, players: int, seed: int, rules: dict,
             series: bool) -> dict[str, np.ndarray]:
        if series:
            return self.games(count, players, seed, rules, first)
        return simulate(count, players=players, seed=seed, rules=rules, first=first)

    def part_into(self, rows: dict[str, np.ndarray], first: int, count: int, players: int, seed: int,
                  rules: dict) -> None:
        simulate(count, players=players, seed=seed, rules=rules, first=first, out=rows)

    def empty_table(self, n: int, players: int, empty: Any) -> dict[str, np.ndarray]:
        return table(n, players, empty)

    @staticmethod
    def games(n: int, players: int, seed: int, rules: dict, first: int = 0) -> dict[str, np.ndarray]:
        """The fast table of games ``first .. first + n - 1`` (whole games: hand rows of games < n only):
        game ``g`` is game 0 of the run seeded ``seed + g`` (``game_streams``), so any range of games can
        be played anywhere and the ranges put together."""
        s = (seed + first) % 2**64                 # series_seed's domain: every seed
        from ...simulate.fast import row_bytes
        from ...simulate.limits import check_fits
        if rules.get("end_mode", "hands") == "hands":
            limit = int(rules.get("hands_limit", 5))
            why = f"hands_limit={limit:,}"
        else:                                      # NJ-08 ends them, or 10,000 hands (Decision 10)
            limit, why = GAME_HANDS_GUESS, "end_mode=bankruptcy: up to 10,000 hands each"
        size = n * min(max(limit, 1), GAME_HANDS_GUESS) + 1
        row = KERNEL.peak_factor * row_bytes(GAME.name, players)
        while True:  # hand i is the same for every n_hands: grow until game n-1 is complete
            check_fits(f"n={n:,} games ({why})", size, "hand rows", row)
            t = simulate(size, players=players, seed=s, rules=rules, games=True, game_streams=True)
            if t["game"].size and int(t["game"][-1]) >= n:
                break
            size *= 2
        keep = t["game"] < n
        t = {k: v[keep] for k, v in t.items()}
        t["game"] += first
        return t

    def tables(self, t: dict[str, np.ndarray], players: int, rules: dict, series: bool):
        """simulate's hand table (and game table) from the fast arrays, as :class:`Columns` (no pandas)."""
        start_chips = int(rules.get("starting_chips", 100))
        chips = t["chips"]
        N = len(chips)
        df = Columns(nullable=("winner",))
        boxes = t["board"]
        if series:
            board_before = np.zeros_like(boxes)    # a game's first hand starts on an empty board
            game = t["game"]
            df["series"] = game
            df["hand_in_series"] = t["hand"]
            df["hand"] = np.arange(N)
            before = np.empty_like(chips)
            if N:
                before[0] = start_chips
                before[1:] = chips[:-1]
                board_before[1:] = boxes[:-1]
                first = np.r_[True, game[1:] != game[:-1]]
                before[first] = start_chips
                board_before[first] = 0
        else:                                      # every hand starts afresh: one column serves every seat
            df.lazy("hand", lambda: np.arange(N))
            before = np.broadcast_to(np.full(N, start_chips, chips.dtype)[:, None], chips.shape)
            board_before = np.broadcast_to(np.zeros(N, boxes.dtype)[:, None], boxes.shape)
        # the columns of the reference table, in its order (tally.hand_row; docs/simulate.md)
        for name in ("seed", "dealer", "winner", "moves", "opera", "captures"):
            df[name] = t[name]
        # the columns a summary does not read are made when first read (Columns.lazy): a command line run
        # of 300,000 hands then writes 10 MB less (their page faults cost a few ms)
        paid, doubled = t["paid"], t["doubled"]
        df.lazy("paid", lambda: _row_sum(paid))
        df.lazy("doubled", lambda: _row_sum(doubled))
        df.lazy("board", lambda: _row_sum(boxes))
        for k in range(players):
            df[f"chips_{k}"] = chips[:, k]
        for k in range(players):
            df[f"net_{k}"] = chips[:, k] - before[:, k]
        for k in range(players):
            df[f"start_chips_{k}"] = before[:, k]
        for b, name in enumerate(BOX_NAMES):
            df[f"board_{name}"] = boxes[:, b]
        for b, name in enumerate(BOX_NAMES):
            df[f"start_board_{name}"] = board_before[:, b]
        for name in ("leads", "stalls", "kings", "stops", "swept"):
            df[name] = t[name]
        for k in range(players):
            df[f"captured_{k}"] = t["captured"][:, k]
        if not series:
            return df, None
        return df, self._series_table(game, chips, df["board"], players, rules)

    @staticmethod
    def _series_table(game: np.ndarray, chips: np.ndarray, board: np.ndarray, players: int, rules: dict) -> Columns:
        N = len(chips)
        last = np.r_[game[1:] != game[:-1], True] if N else np.zeros(0, bool)
        final = chips[last].astype(np.int64)
        best = final.max(axis=1, initial=0)
        won = final == best[:, None]
        share = won / won.sum(axis=1, keepdims=True).clip(min=1)
        games = Columns()
        games["series"] = game[last]
        hands = np.diff(np.r_[0, np.flatnonzero(last) + 1])
        games["hands"] = hands
        games["winners"] = np.array([" ".join(str(k) for k in np.flatnonzero(w)) for w in won], dtype=object)
        games["ended_by"] = _ended_by(hands, final, rules)
        games["board"] = board[last]
        for k in range(players):
            games[f"chips_{k}"] = final[:, k]
        for k in range(players):
            games[f"win_{k}"] = share[:, k].astype(float)
        return games


def _row_sum(a: np.ndarray) -> np.ndarray:
    """The sum of each row of a narrow 2-D array (a few columns), as int64: column by column, several times
    faster than ``a.sum(axis=1)`` on hundreds of thousands of rows of four or five."""
    out = a[:, 0].astype(np.int64)
    for k in range(1, a.shape[1]):
        out += a[:, k]
    return out


KERNEL = SariCuceKernel()


def _ended_by(hands: np.ndarray, final: np.ndarray, rules: dict) -> np.ndarray:
    """Why each game ended, as the reference ``Game`` says it (docs/rules-sari-cuce.md, Decisions 10 and 11):
    with end_mode hands, ``hands_limit`` once the limit is played (even when a seat is also broke), else
    ``bankruptcy``; with bankruptcy, ``bankruptcy`` (NJ-08), else ``max_hands`` (the most hands a game may have)."""
    if rules.get("end_mode", "hands") == "hands":
        ended = np.where(hands >= int(rules.get("hands_limit", 5)), "hands_limit", "bankruptcy")
    else:
        broke = final.min(axis=1, initial=STAKE_PER_PLAYER) < STAKE_PER_PLAYER
        ended = np.where(broke, "bankruptcy", "max_hands")
    return ended.astype(object)
