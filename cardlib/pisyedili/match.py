"""A Pis Yedili match: ``deals_per_match`` hands, the deal passing left, lowest total wins (PY-04, PY-31).

>>> from cardlib.pisyedili import Match, Rules, bots
>>> m = Match(Rules(players=3), seed=5)
>>> m.play([bots.RandomBot(1), bots.RandomBot(2), bots.RandomBot(3)]).is_over()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import GameOverError, InvalidOptionError
from .hand import Hand, Result
from .rules import Rules

__all__ = ["Match"]


class Match:
    """Hands in a row.  ``next_hand()`` deals the next hand, ``add(hand)`` books its finished result.

    Each hand's seed is ``seed * 1000 + number`` (number 0, 1, ...), so a match replays from its seed.
    The first dealer is a parameter (default seat n-1); after each hand the deal passes one seat to the
    left (PY-04).  ``totals`` are the added hand scores, and the lowest total wins; ties are co-winners
    (PY-31, PY-A27).
    """

    def __init__(self, rules: Rules, seed: int = 0, dealer: int | None = None):
        if isinstance(rules, dict):
            rules = Rules.from_dict(rules)
        self.rules = rules
        n = rules.players
        if dealer is None:
            dealer = n - 1
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidOptionError(f"dealer {dealer!r} is not a seat 0..{n - 1}")
        self.seed = seed
        self.first_dealer = dealer
        self.results: list[Result] = []
        self.totals: list[int] = [0] * n
        self._current: Hand | None = None

    @property
    def dealer(self) -> int:
        """The dealer of the next (or current) hand."""
        return (self.first_dealer + len(self.results)) % self.rules.players

    def is_over(self) -> bool:
        return len(self.results) >= self.rules.deals_per_match

    def next_hand(self) -> Hand:
        if self.is_over():
            raise GameOverError(f"the match is over after {len(self.results)} deals")
        number = len(self.results)
        self._current = Hand.deal(self.rules, seed=self.seed * 1000 + number, dealer=self.dealer)
        return self._current

    def add(self, result: Result | Hand) -> None:
        """Book a finished hand (or its result); its scores are added to the totals."""
        if isinstance(result, Hand):
            if not result.is_over():
                raise GameOverError("the hand is not over yet")
            result = result.result()
        if self.is_over():
            raise GameOverError(f"the match is over after {len(self.results)} deals")
        if len(result.scores) != self.rules.players:
            raise InvalidOptionError(f"result has {len(result.scores)} scores for {self.rules.players} players")
        self.results.append(result)
        self.totals = [t + s for t, s in zip(self.totals, result.scores)]
        self._current = None

    def winners(self) -> list[int]:
        """The seats with the lowest total (co-winners on a tie); only once the match is over."""
        if not self.is_over():
            return []
        low = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == low]

    def play(self, bots: Any | Sequence[Any]) -> Match:
        """Play the rest of the match with ``bots`` (one per seat, or one for every seat), like
        ``saricuce.Game.play``; returns the match."""
        seats = list(bots) if isinstance(bots, (list, tuple)) else [bots] * self.rules.players
        if len(seats) != self.rules.players:
            raise InvalidOptionError(f"{len(seats)} bots for {self.rules.players} players")
        while not self.is_over():
            hand = self.next_hand()
            while not hand.is_over():
                hand.push(seats[hand.to_act].choose(hand))
            self.add(hand)
        return self

    def __repr__(self) -> str:
        state = "over" if self.is_over() else f"{len(self.results)} of {self.rules.deals_per_match} deals played"
        return f"<pisyedili.Match {self.rules.players} players, {state}, totals {list(self.totals)}>"

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "seed": self.seed, "first_dealer": self.first_dealer,
                "results": [r.to_dict() for r in self.results], "totals": list(self.totals),
                "winners": self.winners()}
