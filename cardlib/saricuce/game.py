"""A game of Sarı Cüce: hands in a row until NJ-08 or NJ-09 ends it, then NJ-27 names the winners.

>>> from cardlib.saricuce import Rules, bots
>>> game = Game(Rules(players=3, hands_limit=2), seed=1)
>>> result = game.play([bots.RandomBot(s) for s in range(3)])
>>> result.hands_played, result.reason, sum(result.chips) + sum(result.board)
(2, 'hands_limit', 300)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import GameOverError, InvalidOptionError
from ..rng import Rng
from . import events as ev
from .hand import Hand, _check_rules, _seat
from .result import GameResult
from .rules import BOX_NAMES, STAKE_PER_PLAYER, Rules

__all__ = ["Game", "game_winners"]


def game_winners(chips: Sequence[int]) -> tuple[int, ...]:
    """NJ-27 / NJ-A19: the seats holding the most chips (ties are shared; board chips count for nobody)."""
    best = max(chips)
    return tuple(s for s, c in enumerate(chips) if c == best)


class Game:
    """Hands in a row (NJ-08..NJ-10, NJ-27).

    ``seed`` seeds the game's own :class:`~cardlib.rng.Rng`, which draws each hand's deal seed; the first
    dealer is ``dealer`` (default seat n-1, so seat 0 leads the first hand) and the deal passes left after
    every settled hand (NJ-10).  Chips and the board carry over from hand to hand (NJ-07).
    """

    def __init__(self, rules: Rules | dict | None = None, seed: int = 0, dealer: int | None = None):
        self.rules = _check_rules(rules if rules is not None else Rules())
        n = self.players = self.rules.players
        try:
            self.dealer = n - 1 if dealer is None else _seat("dealer", dealer, n)
        except ValueError as exc:
            raise InvalidOptionError(str(exc).replace("start: ", "")) from None
        self.seed = seed
        self._rng = Rng(seed)
        self.chips: list[int] = [self.rules.starting_chips] * n
        self.board: list[int] = [0] * 5
        self.hands: list[Hand] = []
        self.seeds: list[int] = []
        self._result: GameResult | None = None

    @property
    def current(self) -> Hand | None:
        """The hand being played (or the last one)."""
        return self.hands[-1] if self.hands else None

    def _sync(self) -> None:
        """Take chips and board from the last hand once it is settled; end the game if NJ-08/09 say so."""
        hand = self.current
        if self._result is not None or (hand is not None and not hand.is_over()):
            return
        if hand is not None and getattr(hand, "_game_synced", False) is False:
            res = hand.result()
            self.chips = list(res.chips)
            self.board = list(res.board)
            self.dealer = (self.dealer + 1) % self.players        # NJ-10
            hand._game_synced = True
        played = len(self.hands)
        if self.rules.end_mode == "hands" and played >= self.rules.hands_limit:
            reason = "hands_limit"                                 # NJ-09
        elif any(c < STAKE_PER_PLAYER for c in self.chips):
            reason = "bankruptcy"                                  # NJ-08 (both end modes)
        else:
            return
        winners = game_winners(self.chips)                         # NJ-27
        self._result = GameResult(winners=winners, chips=tuple(self.chips), board=tuple(self.board),
                                  hands_played=played, reason=reason)

    def is_over(self) -> bool:
        self._sync()
        return self._result is not None

    def result(self) -> GameResult | None:
        self._sync()
        return self._result

    @property
    def events(self) -> list[ev.Event]:
        """The game's own events: the :class:`~cardlib.saricuce.events.GameEnd` once it is over.
        Each hand's events are in ``game.hands[i].events``."""
        r = self.result()
        if r is None:
            return []
        return [ev.GameEnd(winners=r.winners, chips=r.chips, reason=r.reason, hands_played=r.hands_played)]

    def next_hand(self) -> Hand:
        """Deal the next hand (stakes taken).  :class:`GameOverError` once the game is over, or while the
        current hand is still being played."""
        hand = self.current
        if hand is not None and not hand.is_over():
            raise GameOverError(f"hand {len(self.hands)} is still being played; finish it first")
        if self.is_over():
            raise GameOverError(f"the game is over after {len(self.hands)} hands ({self._result.reason})")
        seed = self._rng.below(2 ** 31)
        hand = Hand.deal(self.rules, seed=seed, dealer=self.dealer, chips=list(self.chips),
                         board=dict(zip(BOX_NAMES, self.board)))
        self.seeds.append(seed)
        self.hands.append(hand)
        return hand

    def play(self, bots: Any | Sequence[Any]) -> GameResult:
        """Play the game to its end with ``bots`` (one per seat, or one for every seat)."""
        seats = list(bots) if isinstance(bots, (list, tuple)) else [bots] * self.players
        if len(seats) != self.players:
            raise InvalidOptionError(f"{len(seats)} bots for {self.players} players")
        while not self.is_over():
            hand = self.next_hand()
            while not hand.is_over():
                hand.push(seats[hand.to_act].choose(hand))
        return self._result

    def __repr__(self) -> str:
        state = "over" if self.is_over() else f"{len(self.hands)} hands dealt"
        return f"<saricuce.Game {self.players} players, {state}, chips {self.chips}>"
