"""What a Sarı Cüce hand and game count for in a simulation table (:mod:`cardlib.simulate`).

``hand_row(hand)`` gives this game's columns of a finished hand, ``series_row(game)`` those of a finished
game; ``SUMMARY`` and ``SERIES_SUMMARY`` name the measures :meth:`Simulation.summary` reports beside the
ones every game has (win rates per seat, moves per hand).  ``{k}`` stands for each seat.
"""

from __future__ import annotations

from typing import Any

from . import events as ev
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
    """``opera captures paid doubled board chips_k net_k start_chips_k board_B start_board_B leads stalls
    kings stops swept captured_k`` of a settled hand: chips after it, their change over the hand (stakes
    included) and the chips at its start, before the stakes; ``board`` what is left on the boxes,
    ``board_B`` on box ``B`` (``10D`` ... ``7D``) after the hand and ``start_board_B`` before its stakes.
    So a lesson reads a hand's start from its own row.  How the hand went: ``leads`` (runs started,
    NJ-13), ``stalls`` (NJ-18), ``kings`` (King restarts, NJ-17), ``stops`` (declined follows, NJ-15),
    ``swept`` (chips of an Opéra sweep, NJ-24) and ``captured_k`` (chips seat ``k`` took from boxes,
    NJ-19): the same columns as the fast engine's (docs/simulate.md)."""
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
    row.update(leads=0, stalls=0, kings=0, stops=0, swept=0)
    captured = [0] * hand.players
    for e in hand.events:
        if isinstance(e, ev.Play):
            row["leads"] += e.lead
        elif isinstance(e, ev.Capture):
            captured[e.seat] += e.chips
        elif isinstance(e, ev.Stall):
            row["stalls"] += 1
        elif isinstance(e, ev.KingRestart):
            row["kings"] += 1
        elif isinstance(e, ev.Stop):
            row["stops"] += 1
        elif isinstance(e, ev.Opera):
            row["swept"] += sum(e.swept)
    for k, c in enumerate(captured):
        row[f"captured_{k}"] = c
    return row


def series_row(game: Any) -> dict[str, Any]:
    """``ended_by board chips_k`` of a finished game (``ended_by``: ``hands_limit``, ``bankruptcy`` or
    ``max_hands``)."""
    r = game.result()
    row: dict[str, Any] = {"ended_by": r.reason, "board": int(sum(r.board))}
    for k, c in enumerate(r.chips):
        row[f"chips_{k}"] = c
    return row
