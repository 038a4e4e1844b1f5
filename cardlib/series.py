"""Hands in a row: :class:`Series`, the base of a Sarı Cüce ``Game`` and a Pis Yedili ``Match``.

A series owns the seeds (:mod:`cardlib.seeds`): hand ``k`` of a series seeded ``s`` is dealt with
``hand_seed(s, k)``, and a bot it makes by name for that hand is seeded ``bot_seed(hand seed, seat)``.
So ``Game(rules, seed=s)``, the ``Table`` widget seeded ``s``, ``simulate(..., series=True, seed=s)``
(its first game) and the command line all play the same deals, and with the same bot names the same
games.  The first dealer is a parameter (default seat n-1, so seat 0 leads); after every hand the deal
passes one seat to the left (NJ-10, PY-04).

A game's series says three things: how it deals hand ``k`` (:meth:`Series._deal`), what a finished hand
changes (:meth:`Series._book`) and when the series is over and with what result (:meth:`Series._end`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .engine import GameSpec, HandBase
from .checks import check_seat
from .deprecated import moved_names
from .errors import GameOverError, InvalidOptionError
from .seeds import bot_seed, hand_seed, check_seed
from .jsonio import shown
from .events import Event

__all__ = ["Series", "Player", "seat_bots", "play_to_end"]

H = TypeVar("H", bound=HandBase[Any, Any])
R = TypeVar("R")


class Series(ABC, Generic[H, R]):
    """Hands in a row.  ``next_hand()`` deals the next hand; ``play(bots)`` plays the rest of the series.

    ``hands`` are the hands dealt so far, ``seeds`` their hand seeds; ``result()`` is ``None`` until the
    series is over.  A hand is booked (its chips or scores carried on) once, as soon as it is over and
    the series is next asked about anything.
    """

    #: the game's spec (set by the game package: ``Game.spec = GAME``)
    spec: ClassVar[GameSpec]

    def __init__(self, rules: Any = None, seed: int = 0, dealer: int | None = None):
        self.rules = self.spec.rules.from_dict(rules) if rules is None or isinstance(rules, dict) else rules
        if not isinstance(self.rules, self.spec.rules):
            raise InvalidOptionError(f"rules {shown(rules)} must be {self.spec.title} rules (or a dict of options)")
        n = self.players = self.rules.players
        if dealer is None:
            dealer = n - 1
        self.first_dealer = check_seat("dealer", dealer, n)
        self.seed = check_seed(seed)            # 0 .. 2**64 - 1: -5 is refused, not taken as 2**64 - 5
        self.hands: list[H] = []
        self.seeds: list[int] = []
        self.results: list[Any] = []       # the booked hands' results, in order
        self._booked = 0                   # how many of ``hands`` are booked

    # -- what each game says -----------------------------------------------------------------------
    @abstractmethod
    def _deal(self, seed: int, dealer: int) -> H:
        """Deal the next hand with this hand seed and dealer (Sarı Cüce: with the chips carried over)."""

    @abstractmethod
    def _book(self, result: Any) -> None:
        """Carry a finished hand's result on (Sarı Cüce: chips and board; Pis Yedili: the totals)."""

    @abstractmethod
    def _end(self) -> R | None:
        """The series' result if it is over now (between hands), else ``None``."""

    # -- shared ------------------------------------------------------------------------------------
    @property
    def current(self) -> H | None:
        """The hand being played (or the last one)."""
        return self.hands[-1] if self.hands else None

    @property
    def dealer(self) -> int:
        """The dealer of the current hand, or of the next one when none is being played."""
        k = len(self.hands) - 1 if self.hands and not self.hands[-1].is_over() else len(self.results)
        return (self.first_dealer + k) % self.players

    def hand_seed(self, k: int) -> int:
        """The hand seed of hand ``k`` (0, 1, ...) of this series."""
        return hand_seed(self.seed, k)

    def _sync(self) -> None:
        while self._booked < len(self.hands) and self.hands[self._booked].is_over():
            result = self.hands[self._booked].result()
            self.results.append(result)
            self._book(result)
            self._booked += 1

    def add(self, hand_or_result: Any) -> None:
        """Book a hand's result that was not dealt by :meth:`next_hand` (a finished hand, or its result):
        for worked examples and tests."""
        self._sync()
        if self.hands and not self.hands[-1].is_over():
            raise GameOverError(f"{self.spec.hand_word} {len(self.hands)} is still being played; finish it first")
        result = hand_or_result
        if hasattr(hand_or_result, "is_over"):
            if hand_or_result in self.hands:
                return  # dealt here: booked already
            if not hand_or_result.is_over():
                raise GameOverError(f"the {self.spec.hand_word} is not over yet")
            result = hand_or_result.result()
        if self._end() is not None:
            raise GameOverError(f"the {self.spec.series_word} is over after {len(self.results)} {self.spec.hand_word}s")
        self.results.append(result)
        self._book(result)

    def is_over(self) -> bool:
        return self.result() is not None

    def result(self) -> R | None:
        self._sync()
        if self.hands and not self.hands[-1].is_over():
            return None
        return self._end()

    @property
    def events(self) -> list[Event]:
        """The series' own events (a game adds its end event: Sarı Cüce's ``GameEnd``, Pis Yedili's
        ``MatchEnd``, once it is over); each hand's events are in ``hands[i].events``.  None here."""
        return []

    def next_hand(self) -> H:
        """Deal the next hand.  :class:`GameOverError` once the series is over, or while the current hand is
        still being played."""
        self._sync()
        if self.hands and not self.hands[-1].is_over():
            raise GameOverError(f"{self.spec.hand_word} {len(self.hands)} is still being played; finish it first")
        over = self._end()
        if over is not None:
            raise GameOverError(f"the {self.spec.series_word} is over after {len(self.results)} {self.spec.hand_word}s")
        seed = self.hand_seed(len(self.results))
        hand = self._deal(seed, (self.first_dealer + len(self.results)) % self.players)
        self.seeds.append(seed)
        self.hands.append(hand)
        return hand

    def bots(self, names: str | Sequence[str], hand_seed: int | None = None) -> list[Any]:
        """Bots by name for the current hand (or the hand with ``hand_seed``), one per seat, seeded
        ``bot_seed(hand seed, seat)``: one name for every seat, or one per seat."""
        if hand_seed is None:
            if not self.seeds:
                raise GameOverError("no hand has been dealt yet")
            hand_seed = self.seeds[-1]
        return seat_bots(self.spec, names, hand_seed, self.players)

    def play_hand(self, bots: Any) -> H:
        """Deal the next hand and play it out; ``bots``: bot names or bot objects (one, or one per seat)."""
        hand = self.next_hand()
        play_to_end(hand, self._players_for(bots))
        return hand

    def play(self, bots: Any) -> R:
        """Play the rest of the series with ``bots`` (names or bot objects; one, or one per seat) and return
        its result."""
        while not self.is_over():
            if self.hands and not self.hands[-1].is_over():
                play_to_end(self.hands[-1], self._players_for(bots))
            else:
                self.play_hand(bots)
        result = self.result()
        assert result is not None
        return result

    def _players_for(self, bots: Any) -> list[Any]:
        return seat_bots(self.spec, bots, self.seeds[-1], self.players)

    def __repr__(self) -> str:
        state = "over" if self.is_over() else f"{len(self.results)} {self.spec.hand_word}s played"
        return f"<{self.spec.name} {type(self).__name__} {self.players} players, seed {self.seed}, {state}>"


def _per_seat(bots: Any, n: int) -> list[Any]:
    if isinstance(bots, str):
        seats: list[Any] = [b.strip() for b in bots.split(",")] if "," in bots else [bots] * n
    elif isinstance(bots, (list, tuple)):
        seats = list(bots)
    else:
        seats = [bots] * n
    if len(seats) != n:
        raise InvalidOptionError(f"{len(seats)} bots for {n} players: give one, or one per seat")
    return seats


def seat_bots(spec: GameSpec, bots: Any, hand_seed: int, players: int) -> list[Any]:
    """One bot per seat for the hand with this hand seed: a name becomes the game's bot seeded
    ``bot_seed(hand_seed, seat)``; a bot object is used as it is.  ``bots``: one (for every seat), a
    comma-separated text of names, or one per seat."""
    return [spec.make_bot(b, bot_seed(hand_seed, s)) if isinstance(b, str) else b
            for s, b in enumerate(_per_seat(bots, players))]


class Player(Protocol):
    """What plays a seat: a bot (:class:`cardlib.bots.Bot`) or anything with ``choose(hand)`` giving a
    legal move of the seat to act."""

    def choose(self, hand: Any) -> Any: ...


def play_to_end(hand: H, bots: Sequence[Player]) -> H:
    """Play ``hand`` to its end, each seat's move chosen by ``bots[seat]``; returns the hand.  (Was
    ``play_out``, the name of the lessons' :func:`cardlib.lessons.play_out`, which takes bot names and a seed.)"""
    push, is_over = hand.push, hand.is_over
    while not is_over():
        seat = hand.to_act
        assert seat is not None               # a hand that is not over has a seat to act
        push(bots[seat].choose(hand))
    return hand


# the old name (it was also the lessons' play_out, with other arguments): still readable, with a warning
__getattr__ = moved_names(__name__, {"play_out": "cardlib.series:play_to_end"})
