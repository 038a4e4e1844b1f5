"""A Pis Yedili match: ``deals_per_match`` deals, the deal passing left, lowest total wins (PY-04, PY-31);
with partnerships the teams' totals are added up too, and the lowest team total wins (PY-P6).

>>> from cardlib.pisyedili import Match, Rules
>>> m = Match(Rules(players=3), seed=5)
>>> result = m.play("random")
>>> m.is_over(), len(result.totals), result.deals_played
(True, 3, 4)
>>> pairs = Match(Rules(players=4, partnerships=True), seed=5)
>>> r = pairs.play("random")
>>> r.team_totals == (r.totals[0] + r.totals[2], r.totals[1] + r.totals[3])
True
>>> set(r.winners) == {s for k in r.winning_teams for s in (k, k + 2)}
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidOptionError
from ..series import Series
from . import events as ev
from .hand import Hand, Result
from .rules import Rules

__all__ = ["Match", "MatchResult", "match_winners"]


def match_winners(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """PY-31 / PY-A27 (and PY-P6 for team totals): the indices with the lowest total (ties are co-winners)."""
    low = min(totals)
    return tuple(s for s, t in enumerate(totals) if t == low)


@dataclass(frozen=True)
class MatchResult:
    """A finished match: ``totals`` are the added deal scores by seat; ``winners`` hold the lowest (PY-31).

    With partnerships (PY-P6): ``team_totals`` are the teams' added scores (team k: seats k and k + n/2),
    ``winning_teams`` the team(s) with the lowest team total (ties co-win), and ``winners`` the seats of
    those teams; ``totals`` still show each player's own total.  Without, both team fields are ``None``.
    """

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    deals_played: int
    team_totals: tuple[int, ...] | None = None
    winning_teams: tuple[int, ...] | None = None

    @property
    def hands_played(self) -> int:
        return self.deals_played

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"winners": list(self.winners), "totals": list(self.totals),
                             "deals_played": self.deals_played}
        if self.team_totals is not None:
            d["team_totals"] = list(self.team_totals)
            d["winning_teams"] = list(self.winning_teams or ())
        return d


class Match(Series[Hand, MatchResult]):
    """Deals in a row (PY-04, PY-31), a :class:`cardlib.series.Series`: deal ``k`` is dealt with
    ``hand_seed(seed, k)`` by seat ``(dealer + k) mod n`` (default first dealer n-1).  ``totals`` are the
    added deal scores so far; ``add(result)`` books a deal played elsewhere.  With partnerships
    ``team_totals`` add up the teams' scores (PY-P6) and the lowest team total wins the match.
    """

    def __init__(self, rules: Rules | dict[str, Any] | None = None, seed: int = 0, dealer: int | None = None):
        super().__init__(rules, seed, dealer)
        self.totals: list[int] = [0] * self.players

    @property
    def team_totals(self) -> list[int] | None:
        """PY-P6: each team's total so far (team k: seats k and k + n/2); ``None`` without partnerships."""
        sums = self.rules.team_sums(self.totals)
        return None if sums is None else list(sums)

    def _deal(self, seed: int, dealer: int) -> Hand:
        return Hand.deal(self.rules, seed=seed, dealer=dealer)

    def _book(self, result: Result) -> None:
        if len(result.scores) != self.players:
            raise InvalidOptionError(f"result has {len(result.scores)} scores for {self.players} players")
        self.totals = [t + s for t, s in zip(self.totals, result.scores)]

    def _end(self) -> MatchResult | None:
        if len(self.results) < self.rules.deals_per_match:
            return None
        teams = self.rules.teams
        if teams is None:
            return MatchResult(winners=match_winners(self.totals), totals=tuple(self.totals),
                               deals_played=len(self.results))
        team_totals = self.rules.team_sums(self.totals)
        best = match_winners(team_totals)                   # PY-P6: the lowest team total, ties co-win
        return MatchResult(winners=tuple(sorted(s for k in best for s in teams[k])), totals=tuple(self.totals),
                           deals_played=len(self.results), team_totals=team_totals, winning_teams=best)

    def winners(self) -> list[int]:
        """The seats with the lowest total (co-winners on a tie), with partnerships the seats of the
        team(s) with the lowest team total (PY-P6); empty until the match is over."""
        r = self.result()
        return [] if r is None else list(r.winners)

    @property
    def events(self) -> list[ev.Event]:
        """The match's own events: :class:`~cardlib.pisyedili.events.MatchEnd` once it is over."""
        r = self.result()
        return [] if r is None else [ev.MatchEnd(winners=r.winners, totals=r.totals, deals_played=r.deals_played,
                                                 team_totals=r.team_totals, winning_teams=r.winning_teams)]

    def to_dict(self) -> dict[str, Any]:
        d = {"rules": self.rules.to_dict(), "seed": self.seed, "first_dealer": self.first_dealer,
             "results": [r.to_dict() for r in self.results], "totals": list(self.totals),
             "winners": self.winners()}
        if self.rules.partnerships:
            r = self.result()
            d["team_totals"] = self.team_totals
            d["winning_teams"] = [] if r is None else list(r.winning_teams or ())
        return d
