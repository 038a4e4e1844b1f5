"""What a Sarı Cüce hand and game count for in a simulation table (:mod:`cardlib.simulate`).

``hand_row(hand)`` gives this game's columns of a finished hand, ``series_row(game)`` those of a finished
game; ``SUMMARY`` and ``SERIES_SUMMARY`` name the measures :meth:`Simulation.summary` reports beside the
ones every game has (win rates per seat, moves per hand).  ``{k}`` stands for each seat.
"""

from __future__ import annotations

from typing import Any

from .rules import BOX_NAMES, BOXES

__all__ = ["hand_row", "series_row", "VALVE", "SUMMARY", "SERIES_SUMMARY", "SERIES_VALUE"]

#: (kind, metric, column): ``rate`` of a 0/1 column, ``mean`` of a column, per-seat ``mean`` with ``{k}``
#: every hand ends by the rules: no safety valve, no ``valve`` column
VALVE = False
SUMMARY: tuple[tuple[str, str, str], ...] = (
    ("mean", "mean net chips seat {k}", "net_{k}"),
    ("rate", "opera rate", "opera"),
    ("mean", "mean captures per hand", "captures"),
)
SERIES_SUMMARY: tuple[tuple[str, str, str], ...] = (
    ("mean", "mean final chips seat {k}", "chips_{k}"),
)
#: the per-seat column of a game row that decides the winners (most chips, NJ-27)
SERIES_VALUE = ("chips_", max)


def hand_row(hand: Any) -> dict[str, Any]:
    """``opera captures paid doubled board chips_k net_k start_chips_k board_B start_board_B`` of a settled
    hand: chips after it, their change over the hand (stakes included) and the chips at its start, before
    the stakes; ``board`` what is left on the boxes, ``board_B`` on box ``B`` (``10D`` ... ``7D``) after
    the hand and ``start_board_B`` before its stakes.  So a lesson reads a hand's start from its own row."""
    res = hand.result()
    start = hand.start()
    start_chips = start["chips"]
    row: dict[str, Any] = {"opera": bool(res.opera),
                           "captures": sum(1 for c in hand.played if c in BOXES),
                           "paid": int(sum(res.paid)), "doubled": int(sum(res.doubled)),
                           "board": int(sum(res.board))}
    for k, c in enumerate(res.chips):
        row[f"chips_{k}"] = c
    for k, c in enumerate(res.chips):
        row[f"net_{k}"] = c - start_chips[k]
    for k, c in enumerate(start_chips):
        row[f"start_chips_{k}"] = c
    for name, after in zip(BOX_NAMES, res.board):
        row[f"board_{name}"] = after
    for name in BOX_NAMES:
        row[f"start_board_{name}"] = start["board"][name]
    return row


def series_row(game: Any) -> dict[str, Any]:
    """``ended_by board chips_k`` of a finished game (``ended_by``: ``hands_limit`` or ``bankruptcy``)."""
    r = game.result()
    row: dict[str, Any] = {"ended_by": r.reason, "board": int(sum(r.board))}
    for k, c in enumerate(r.chips):
        row[f"chips_{k}"] = c
    return row
