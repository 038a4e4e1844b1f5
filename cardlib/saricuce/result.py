"""The end of a hand and its settlement (NJ-20..NJ-26, in the order of NJ-25), and the outcome of a hand and
of a game (NJ-27)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card
from . import events as ev
from .ranks import POINTS
from .rules import BOX_NAMES, BOXES

if TYPE_CHECKING:
    from .state import State

__all__ = ["Result", "GameResult", "settle"]


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
    (NJ-A10).  ``reason`` is ``"hands_limit"`` (NJ-09), ``"bankruptcy"`` (NJ-08) or, with ``end_mode``
    bankruptcy, ``"max_hands"``: the game reached the most hands a game may have, 10,000 (Decision 10)."""

    winners: tuple[int, ...]
    chips: tuple[int, ...]
    board: tuple[int, ...]
    hands_played: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "chips": list(self.chips),
                "board": dict(zip(BOX_NAMES, self.board)), "hands_played": self.hands_played,
                "reason": self.reason}


def settle(state: State, w: int, card: Card) -> None:
    """Seat ``w`` went out with ``card`` (NJ-20): the Opéra (NJ-24), the payments for the cards left in hand
    (NJ-21, NJ-22) and the doubling of the boxes whose cards are still held (NJ-23), each at most what the
    payer has (NJ-26), in the order of NJ-25."""
    rules = state.rules
    log = state.event_log
    chips, board, hands = state.chips, state.board, state.hands
    n = state.players
    state.over = True
    state.winner = w
    state.needed = None
    log.append((ev.HandEnd, w, card))
    played = state.has_played
    opera = not any(played[s] for s in range(n) if s != w)
    if opera and rules.opera_definition == "single_run" and state.run_broken:
        opera = False
    swept = _opera(state, w) if opera else 0
    factor = 2 if opera and rules.opera_reward == "double_payments" else 1
    paid, doubled, short = [0] * n, [0] * n, [0] * n
    per_card = rules.payment_unit == "per_card"
    do_double = rules.doubling and not opera
    for i in range(1, n):
        s = (w + i) % n
        h = hands[s]
        due = (len(h) if per_card else sum(POINTS[c.index] for c in h)) * factor
        amount = due if due <= chips[s] else chips[s]
        chips[s] -= amount
        chips[w] += amount
        paid[s] = amount
        short[s] += due - amount
        log.append((ev.Payment, s, w, amount, due))
        if do_double:
            for b in range(5):
                if BOXES[b] in h:
                    due = board[b]
                    amount = due if due <= chips[s] else chips[s]
                    chips[s] -= amount
                    board[b] += amount
                    doubled[s] += amount
                    short[s] += due - amount
                    log.append((ev.Doubling, s, BOXES[b], amount, due))
    state.result = Result(winner=w, opera=opera, paid=tuple(paid), doubled=tuple(doubled), chips=tuple(chips),
                          board=tuple(board), swept=swept, written_off=tuple(short))


def _opera(state: State, w: int) -> int:
    """NJ-24: an Opéra; with ``sweep_board`` the winner takes the whole board.  Returns the chips swept."""
    board = state.board
    taken = tuple(board)
    swept = 0
    if state.rules.opera_reward == "sweep_board":
        swept = sum(taken)
        state.chips[w] += swept
        for b in range(5):
            board[b] = 0
    else:
        taken = (0, 0, 0, 0, 0)
    state.event_log.append((ev.Opera, w, state.rules.opera_reward, taken))
    return swept
