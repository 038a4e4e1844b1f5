"""Pis Yedili's side of ``simulate(..., engine="fast")``: how a run of its kernel is split into parts and how
the kernel's arrays become simulate's hand table (:mod:`cardlib.simulate.fast` calls it, as ``KERNEL`` of
the kernel face)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...cards import make_deck
from .. import GAME
from ...simulate.columns import Columns
from .options import read
from .run import simulate, table, team_sums

__all__ = ["KERNEL", "PisYediliKernel", "REASONS"]

#: the fast table's ``reason`` codes (``cardlib.pisyedili.kernel._kernel`` ``R_OUT .. R_VALVE``), as the reference
#: ``Result.reason`` names them
REASONS = np.array(["out", "stock", "no_play", "safety_valve"], dtype=object)
VALVE = 3
#: the kernel table's ``ended_by`` codes, as the reference ``Result.ended_by`` names them
ENDINGS = np.array(["out", "stock"], dtype=object)
#: the kernel's card codes (52: the joker) as text, and -1 (no card played) as None
CARD_TEXT = np.array([str(c) for c in make_deck(1, 1)] + [None], dtype=object)


class PisYediliKernel:
    """The fast Pis Yedili kernel as simulate uses it: single hands (no matches)."""

    name = GAME.name
    plays_series = False
    #: hands in one kernel call, about a third of a CPU second (``simulate.fast.PART_SERIES`` says why);
    #: hands that reshuffle the stock (the Turkish preset) are about ten times longer
    part_hands = 40_000
    part_hands_reshuffle = 4_000
    #: a run's peak memory over its kernel rows, measured (2,000,000 hands of 4 players: 153 / 44 bytes)
    peak_factor = 3.6

    def part_size(self, players: int, rules: dict) -> int:
        if read(rules, players).get("stock_exhaustion") == "reshuffle":
            return self.part_hands_reshuffle
        return self.part_hands

    def ranges(self, n: int, k: int, seed: int) -> list[tuple[int, int, int]]:
        """``k`` parts ``(first, end, seed)``: the kernel plays any range of hands from its first index."""
        from ...simulate.parallel import plan

        return [(a, b, seed) for a, b in plan(n, k)]

    def part(self, first: int, count: int, players: int, seed: int, rules: dict,
             series: bool) -> dict[str, np.ndarray]:
        return simulate(count, players=players, seed=seed, rules=rules, first=first)

    def part_into(self, rows: dict[str, np.ndarray], first: int, count: int, players: int, seed: int,
                  rules: dict) -> None:
        simulate(count, players=players, seed=seed, rules=rules, first=first, out=rows)

    def empty_table(self, n: int, players: int, empty: Any) -> dict[str, np.ndarray]:
        return table(n, players, empty)

    def tables(self, t: dict[str, np.ndarray], players: int, rules: dict, series: bool):
        N = len(t["winner"])
        df = Columns(nullable=("winner",))
        df.lazy("hand", lambda: np.arange(N))                    # made when first read (a summary never does)
        df["seed"] = t["seed"]
        df.lazy("dealer", lambda: np.full(N, players - 1, dtype=np.int64))
        df["winner"] = t["winner"]
        df["moves"] = t["moves"]
        # the columns of the reference table, in its order (tally.hand_row; docs/simulate.md)
        ended, reason, last = t["ended_by"], t["reason"], t["last_card"]
        # the text columns are made when first read (a summary never reads them)
        df.lazy("ended_by", lambda: ENDINGS[ended])
        df["stock_ended"] = t["ended_by"] != 0                    # as the reference table (its summary's rate)
        df["multiplier"] = t["multiplier"]
        df["draws"] = t["draw_moves"]                            # draw moves
        df["reshuffles"] = t["reshuffles"]
        for k in range(players):
            df[f"score_{k}"] = t["scores"][:, k]
        if read(rules, players)["partnerships"]:     # the reference table's team columns (tally.hand_row)
            teams = team_sums(t["scores"])
            h = players // 2
            for k in range(h):
                df[f"team_score_{k}"] = teams[:, k]
            for k in range(h):
                df[f"team_out_{k}"] = ((t["winner"] >= 0) & (t["winner"] % h == k)).astype(np.float64)
            if h == 2:
                df["team_diff"] = teams[:, 0] - teams[:, 1]
        df["plays"] = t["plays"]
        df["cards_drawn"] = t["draws"]                           # the kernel's draws count the cards
        df["penalty"] = t["penalty"]
        df["turns"] = t["turns"]
        df["stock_left"] = t["stock_left"]
        df.lazy("last_card", lambda: CARD_TEXT[last])           # a card's text, never the kernel's code
        df.lazy("reason", lambda: REASONS[reason])               # as the reference engine's table
        df["valve"] = t["reason"] == VALVE
        return df, None


KERNEL = PisYediliKernel()
