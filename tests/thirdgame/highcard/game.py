"""A match of High Card: hands in a row until a player has won ``target`` of them (HC-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlib.events import Event, seat_name
from cardlib.series import Series

from .hand import Hand, Result


@dataclass(frozen=True)
class MatchResult:
    winners: tuple[int, ...]
    wins: tuple[int, ...]
    hands_played: int

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "wins": list(self.wins), "hands_played": self.hands_played}


@dataclass(frozen=True)
class MatchEnd(Event):
    winner: int

    def describe(self, names: Any = None) -> str:
        return f"{seat_name(names, self.winner)} wins the match (HC-6)."


class Match(Series[Hand, MatchResult]):
    def __init__(self, rules: Any = None, seed: int = 0, dealer: int | None = None):
        super().__init__(rules, seed, dealer)
        self.wins = [0] * self.players

    def _deal(self, seed: int, dealer: int) -> Hand:
        return Hand.deal(self.rules, seed=seed, dealer=dealer)

    def _book(self, result: Result) -> None:
        self.wins[result.winner] += 1

    def _end(self) -> MatchResult | None:
        if max(self.wins) < self.rules.target:
            return None
        return MatchResult((self.wins.index(max(self.wins)),), tuple(self.wins), len(self.results))

    @property
    def events(self) -> list[Event]:
        over = self._end()
        return [MatchEnd(over.winners[0])] if over is not None else []
