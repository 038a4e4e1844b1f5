"""A Pis Yedili match: ``deals_per_match`` deals, the deal passing left, lowest total wins (PY-04, PY-31).

>>> from cardlib.pisyedili import Match, Rules
>>> m = Match(Rules(players=3), seed=5)
>>> result = m.play("random")
>>> m.is_over(), len(result.totals), result.deals_played
(True, 3, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidOptionError
from ..series import Series
from . import events as ev
from .hand import Hand, Result

__all__ = ["Match", "MatchResult", "match_winners"]


def match_winners(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """PY-31 / PY-A27: the seats with the lowest total (ties are co-winners)."""
    low = min(totals)
    return tuple(s for s, t in enumerate(totals) if t == low)


@dataclass(frozen=True)
class MatchResult:
    """A finished match: ``totals`` are the added deal scores; ``winners`` hold the lowest (PY-31)."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    deals_played: int

    @property
    def hands_played(self) -> int:
        return self.deals_played

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "totals": list(self.totals), "deals_played": self.deals_played}


class Match(Series[Hand, MatchResult]):
    """Deals in a row (PY-04, PY-31), a :class:`cardlib.series.Series`: deal ``k`` is dealt with
    ``hand_seed(seed, k)`` by seat ``(dealer + k) mod n`` (default first dealer n-1).  ``totals`` are the
    added deal scores so far; ``add(result)`` books a deal played elsewhere.
    """

    def __init__(self, rules=None, seed: int = 0, dealer: int | None = None):
        super().__init__(rules, seed, dealer)
        self.totals: list[int] = [0] * self.players

    def _deal(self, seed: int, dealer: int) -> Hand:
        return Hand.deal(self.rules, seed=seed, dealer=dealer)

    def _book(self, result: Result) -> None:
        if len(result.scores) != self.players:
            raise InvalidOptionError(f"result has {len(result.scores)} scores for {self.players} players")
        self.totals = [t + s for t, s in zip(self.totals, result.scores)]

    def _end(self) -> MatchResult | None:
        if len(self.results) < self.rules.deals_per_match:
            return None
        return MatchResult(winners=match_winners(self.totals), totals=tuple(self.totals),
                           deals_played=len(self.results))

    def winners(self) -> list[int]:
        """The seats with the lowest total (co-winners on a tie); empty until the match is over."""
        r = self.result()
        return [] if r is None else list(r.winners)

    @property
    def events(self) -> list[ev.Event]:
        """The match's own events: :class:`~cardlib.pisyedili.events.MatchEnd` once it is over."""
        r = self.result()
        return [] if r is None else [ev.MatchEnd(winners=r.winners, totals=r.totals, deals_played=r.deals_played)]

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "seed": self.seed, "first_dealer": self.first_dealer,
                "results": [r.to_dict() for r in self.results], "totals": list(self.totals),
                "winners": self.winners()}
