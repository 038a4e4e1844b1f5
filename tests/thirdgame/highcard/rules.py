"""High Card's rules, the tests' third game (tests/thirdgame/README.md).

HC-1 one 52-card deck, 2 to 6 players, three cards each, dealt one at a time from the dealer's left; the
     rest stays face down and is not played.
HC-2 the player on the dealer's left leads the first trick; the winner of a trick leads the next.
HC-3 you must follow the suit led if you can; otherwise play any card.
HC-4 the highest card of the suit led takes the trick (Ace high).
HC-5 after three tricks the player with the most tricks wins the hand; among players with as many, the
     one who took a trick last.
HC-6 a match is won by the first player to win ``target`` hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card
from cardlib.errors import InvalidOptionError, PlayerCountError
from cardlib.jsonio import shown
from cardlib.checks import check_whole

HAND_SIZE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 6


def strength(card: Card) -> int:
    """HC-4: 2 is the lowest, the Ace the highest."""
    return 14 if int(card.rank) == 1 else int(card.rank)


@dataclass(frozen=True)
class Rules:
    players: int = 4
    target: int = 2

    def __post_init__(self) -> None:
        if self.players.__class__ is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise PlayerCountError(f"players={shown(self.players)}: High Card is for {MIN_PLAYERS} to "
                                   f"{MAX_PLAYERS} players (HC-1)")
        check_whole("target", self.target, 1, 100)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Rules:
        d = dict(d or {})
        unknown = sorted(set(d) - {"players", "target"})
        if unknown:
            raise InvalidOptionError(f"unknown High Card option(s) {', '.join(map(shown, unknown))}: "
                                     f"the options are players, target")
        return cls(**d)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players} | ({"target": self.target} if self.target != 2 else {})
