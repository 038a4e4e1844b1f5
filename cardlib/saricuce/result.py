"""The outcome of a settled hand (NJ-20..NJ-26) and of a game (NJ-27)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import BOX_NAMES

__all__ = ["Result", "GameResult"]


@dataclass(frozen=True)
class Result:
    """A settled hand.

    ``paid[s]``: chips seat ``s`` actually paid the winner (NJ-22, after the NJ-26 floor, NJ-F6);
    ``doubled[s]``: chips it actually paid into boxes (NJ-23); ``chips`` and ``board`` (box order
    10D JC QS KH 7D) after settlement.  ``swept`` is what an Opéra took off the board (NJ-24) and
    ``written_off[s]`` what seat ``s`` owed but could not pay (NJ-26).
    """

    winner: int
    opera: bool
    paid: tuple[int, ...]
    doubled: tuple[int, ...]
    chips: tuple[int, ...]
    board: tuple[int, ...]
    swept: int = 0
    written_off: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The record's ``result`` (records.md)."""
        return {"winner": self.winner, "opera": self.opera, "paid": list(self.paid),
                "doubled": list(self.doubled), "chips": list(self.chips),
                "board": dict(zip(BOX_NAMES, self.board))}


@dataclass(frozen=True)
class GameResult:
    """A finished game: ``winners`` hold the most chips (NJ-27, ties shared); board chips belong to nobody
    (NJ-A10).  ``reason`` is ``"hands_limit"`` (NJ-09) or ``"bankruptcy"`` (NJ-08)."""

    winners: tuple[int, ...]
    chips: tuple[int, ...]
    board: tuple[int, ...]
    hands_played: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "chips": list(self.chips),
                "board": dict(zip(BOX_NAMES, self.board)), "hands_played": self.hands_played,
                "reason": self.reason}
