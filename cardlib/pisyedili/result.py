"""The end of a hand and its result: going out (PY-26, PY-30, PY-T2) or a stock ending (PY-28, PY-28B, PY-F5);
with partnerships, the team scores (PY-P4) and a partner who goes free (PY-P5).

>>> Result(None, "stock", 1, (0, 12, 0), "safety_valve").to_dict()["safety_valve"]
True
>>> Result(3, "out", 1, (86, 35, 17, 0), team_scores=(103, 35)).to_dict()["team_scores"]
[103, 35]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from . import events as ev
from .draw import draw_cards
from .legal import can_draw
from .scoring import END_OWED, multiplier, out_scores, stock_scores
from .state import State

__all__ = ["Result", "end_out", "end_stock"]


@dataclass(frozen=True)
class Result:
    """How a hand ended.  ``winner`` is a seat, or ``None`` when it ended by the stock (PY-28, PY-F14).

    ``reason`` says more than ``ended_by``: ``out``, ``stock`` (PY-28), ``no_play`` (PY-28B) or
    ``safety_valve`` (PY-F5); the last two are scored, and reported, as ``ended_by = "stock"``.
    ``team_scores`` (partnerships only, else ``None``): team k's score is the sum of seats k and k + n/2
    (PY-P4, PY-P7).
    """

    winner: int | None
    ended_by: str
    multiplier: int
    scores: tuple[int, ...]
    reason: str = "out"
    team_scores: tuple[int, ...] | None = None

    @property
    def safety_valve(self) -> bool:
        return self.reason == "safety_valve"

    def to_dict(self) -> dict[str, Any]:
        """The record's ``result``; ``"safety_valve": true`` is added only when the valve fired."""
        d: dict[str, Any] = {"winner": self.winner, "ended_by": self.ended_by,
                             "multiplier": self.multiplier, "scores": list(self.scores)}
        if self.team_scores is not None:
            d["team_scores"] = list(self.team_scores)          # PY-P7
        if self.safety_valve:
            d["safety_valve"] = True
        return d


def end_out(state: State, me: int, card: Card, mult: int | None = None) -> None:
    """``me`` went out with ``card`` (PY-26: its effects are not applied): the end penalty draws
    (PY-T2), then the winner scores 0 and the others their hand value times the multiplier (PY-30).
    With ``partner_goes_free`` the winner's partner draws no end penalty cards and scores 0 too (PY-P5)."""
    rules = state.rules
    if mult is None:
        mult = multiplier(card, rules)
    free = rules.partner(me) if rules.partner_goes_free else None
    if rules.end_penalty_draws:
        for k in range(1, state.players):
            seat = (me + state.direction * k) % state.players
            if seat != free:
                _end_penalty_draws(state, seat)
    scores = out_scores(state.hands, me, mult)
    if free is not None:
        scores[free] = 0
    _finish(state, Result(me, "out", mult, tuple(scores), "out", rules.team_sums(scores)))


def _end_penalty_draws(state: State, seat: int) -> None:
    """PY-T2 / PY-A21: 3 cards per 7, 1 per A, 10 per joker held, counting the cards drawn too, until
    nothing is owed or nothing can be drawn."""
    owed = sum(END_OWED[c.index] for c in state.hands[seat])
    drawn: list[Card] = []
    while owed > 0 and can_draw(state):
        got, _ = draw_cards(state, seat, 1)
        if not got:
            break
        owed += END_OWED[got[0].index] - 1
        drawn += got
    if drawn:
        state.event_log.append((ev.Draw, seat, tuple(drawn), "end"))


def end_stock(state: State, seat: int | None, reason: str = "stock") -> None:
    """A stock ending (PY-28, PY-A20): the lowest hands score 0, the others their value, no multiplier.
    ``seat`` drew the last card (``reason`` ``stock``); PY-28B (``no_play``) and the valve
    (``safety_valve``) end the same way."""
    if reason == "stock" and seat is not None:
        state.event_log.append((ev.StockOut, seat))
    scores = stock_scores(state.hands)            # PY-P5: nobody went out, so no partner goes free
    _finish(state, Result(None, "stock", 1, tuple(scores), reason, state.rules.team_sums(scores)))


def _finish(state: State, res: Result) -> None:
    state.over = True
    state.result = res
    state.drawn = 0
    state.turn_state = None
    state.event_log.append((ev.HandEnd, res.winner, res.ended_by, res.multiplier,
                            state.discard[-1] if res.winner is not None and state.discard else None))
    state.event_log.append((ev.Scores, res.scores, res.team_scores))
