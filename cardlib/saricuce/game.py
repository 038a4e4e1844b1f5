"""A game of Sarı Cüce: hands in a row until NJ-08 or NJ-09 ends it, then NJ-27 names the winners.

>>> from cardlib.saricuce import Rules
>>> game = Game(Rules(players=3, hands_limit=2), seed=1)
>>> result = game.play("random")
>>> result.hands_played, result.reason, sum(result.chips) + sum(result.board)
(2, 'hands_limit', 300)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import options
from ..series import Series
from . import events as ev
from .hand import Hand
from .result import GameResult, Result
from .rules import BOX_NAMES, STAKE_PER_PLAYER, Rules

__all__ = ["Game", "game_winners"]


def game_winners(chips: Sequence[int]) -> tuple[int, ...]:
    """NJ-27 / NJ-A19: the seats holding the most chips (ties are shared; board chips count for nobody)."""
    best = max(chips)
    return tuple(s for s, c in enumerate(chips) if c == best)


class Game(Series[Hand, GameResult]):
    """Hands in a row (NJ-08..NJ-10, NJ-27), a :class:`cardlib.series.Series`.

    Hand ``k`` is dealt with ``hand_seed(seed, k)``; the first dealer is ``dealer`` (default seat n-1, so
    seat 0 leads the first hand) and the deal passes left after every settled hand (NJ-10).  Chips and
    the board carry over from hand to hand (NJ-07): ``chips`` and ``board`` are as they are between hands.
    """

    def __init__(self, rules: Rules | dict[str, Any] | None = None, seed: int = 0, dealer: int | None = None):
        super().__init__(rules, seed, dealer)
        self.chips: list[int] = [self.rules.starting_chips] * self.players
        self.board: list[int] = [0] * 5

    def _deal(self, seed: int, dealer: int) -> Hand:
        return Hand.deal(self.rules, seed=seed, dealer=dealer, chips=list(self.chips),
                         board=dict(zip(BOX_NAMES, self.board)))

    def _book(self, result: Result) -> None:
        self.chips = list(result.chips)
        self.board = list(result.board)

    def _end(self) -> GameResult | None:
        played = len(self.results)
        if self.rules.end_mode == "hands" and played >= self.rules.hands_limit:
            reason = "hands_limit"                                 # NJ-09
        elif any(c < STAKE_PER_PLAYER for c in self.chips):
            reason = "bankruptcy"                                  # NJ-08 (both end modes)
        elif played >= options.SERIES_MAX:
            reason = "max_hands"         # end_mode bankruptcy: the most hands a game may have (Decision 10)
        else:
            return None
        return GameResult(winners=game_winners(self.chips), chips=tuple(self.chips), board=tuple(self.board),
                          hands_played=played, reason=reason)     # NJ-27

    @property
    def events(self) -> list[ev.Event]:
        """The game's own events: the :class:`~cardlib.saricuce.events.GameEnd` once it is over.
        Each hand's events are in ``game.hands[i].events``."""
        r = self.result()
        if r is None:
            return []
        return [ev.GameEnd(winners=r.winners, chips=r.chips, reason=r.reason, hands_played=r.hands_played)]
