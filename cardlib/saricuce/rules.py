"""The options of Sarı Cüce (docs/rules-sari-cuce.md, options) and the fixed tables of the game (deal table, boxes, points).

>>> Rules(players=5).cards_per_player, Rules(players=5).dead_count
(9, 7)
>>> Rules.from_dict({"players": 3, "stall_rule": "skip_rank"}).to_dict()
{'players': 3, 'stall_rule': 'skip_rank'}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..cards import Card
from ..errors import InvalidCardError, InvalidOptionError, PlayerCountError
from ..jsonio import shown
from ..checks import check_bool, check_whole
from ..options import SERIES_MAX, WHOLE_MAX, check_options, check_value

__all__ = ["Rules", "DEAL_TABLE", "DECK_SIZE", "BOXES", "BOX_NAMES", "YELLOW_DWARF", "STAKES", "STAKE_PER_PLAYER",
           "CHIPS_MAX", "rank_of", "card_points", "runs_of"]

#: NJ-02: cards dealt to each player, by player count (2 only with ``allow_two_players``).
DEAL_TABLE: dict[int, int] = {2: 22, 3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}

#: the most chips one seat or one box can hold (issue 28, R4): a game's every chip, when the most players
#: all start with the largest ``starting_chips`` (WHOLE_MAX); a position (the next hand of a game) may hold
#: up to this, so every ``starting_chips`` the rules take is one a whole game can be played with
CHIPS_MAX = WHOLE_MAX * max(DEAL_TABLE)
#: NJ-01: one 52-card deck, no jokers.
DECK_SIZE = 52

#: NJ-05: the five boxes in board order (the order of NJ-25's doublings).
BOX_NAMES: tuple[str, ...] = ("10D", "JC", "QS", "KH", "7D")
BOXES: tuple[Card, ...] = tuple(Card.parse(t) for t in BOX_NAMES)
#: the yellow dwarf (le nain jaune, sarı cüce) itself: the 7♦, the last box
YELLOW_DWARF: Card = BOXES[-1]
#: NJ-06: what every player stakes on each box at the start of a hand.
STAKES: tuple[int, ...] = (1, 2, 3, 4, 5)
STAKE_PER_PLAYER = sum(STAKES)  # 15, the entry of NJ-08


def rank_of(card: Card) -> int:
    """NJ-01: a card's rank as a number, A = 1 .. K = 13 (the game has no joker: InvalidCardError)."""
    if card.rank is None:
        raise InvalidCardError(f"card {card}: Sarı Cüce is played without jokers (NJ-01)")
    return int(card.rank)


def card_points(card: Card) -> int:
    """NJ-21: A = 1, 2..10 face value, J = Q = K = 10."""
    return min(rank_of(card), 10)


def runs_of(played: list[Card]) -> list[list[Card]]:
    """A played pile split into its runs: a card one rank above the last continues it (NJ-13); a
    King closes it (NJ-17) and any other card starts a new one (a stall, NJ-18; with ``skip_rank`` a
    skipped rank shows as a break too).

    >>> [[str(c) for c in run] for run in runs_of([Card.parse(t) for t in "JH QD KC 4C 5H 9D".split()])]
    [['JH', 'QD', 'KC'], ['4C', '5H'], ['9D']]
    """
    runs: list[list[Card]] = []
    for card in played:
        last = runs[-1][-1] if runs else None
        if last is not None and rank_of(last) < 13 and rank_of(card) == rank_of(last) + 1:
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


_CHOICES = {
    "end_mode": ("hands", "bankruptcy"),
    "stall_rule": ("restart", "skip_rank"),
    "opera_definition": ("no_other_player", "single_run"),
    "opera_reward": ("sweep_board", "double_payments"),
    "payment_unit": ("card_points", "per_card"),
}
_BOOLS = ("allow_two_players", "allow_voluntary_stop", "doubling")


@dataclass(frozen=True)
class Rules:
    """Every option of docs/rules-sari-cuce.md with its default, plus ``players`` (NJ-02).

    Invalid values raise :class:`InvalidOptionError`; a player count the rules do not allow raises
    :class:`PlayerCountError` (2 players need ``allow_two_players=True``).
    """

    players: int = 4
    end_mode: str = "hands"                  # NJ-09
    hands_limit: int = 5                     # NJ-09
    starting_chips: int = 100                # NJ-04
    allow_two_players: bool = False          # NJ-02
    allow_voluntary_stop: bool = False       # NJ-15, NJ-A02, NJ-F2
    stall_rule: str = "restart"              # NJ-18, NJ-F3
    opera_definition: str = "no_other_player"  # NJ-24, NJ-A04, NJ-F4
    opera_reward: str = "sweep_board"        # NJ-24, NJ-A05, NJ-F5
    payment_unit: str = "card_points"        # NJ-21/22
    doubling: bool = True                    # NJ-23

    def __post_init__(self) -> None:
        # one checker for both games (cardlib.options): the type counts, so 2.0 is not 2 and 1 is not true
        for name in _BOOLS:
            check_bool(name, getattr(self, name))
        for name, choices in _CHOICES.items():
            check_value(name, getattr(self, name), choices)
        object.__setattr__(self, "hands_limit", check_whole("hands_limit", self.hands_limit, 1, SERIES_MAX))
        object.__setattr__(self, "starting_chips", check_whole(
            "starting_chips", self.starting_chips, STAKE_PER_PLAYER, WHOLE_MAX,
            why=" (a player needs 15 chips to stake a hand, NJ-08)"))
        p = check_whole("players", self.players, None, error=PlayerCountError)
        object.__setattr__(self, "players", p)
        if p == 2 and not self.allow_two_players:
            raise PlayerCountError("players=2: two players need allow_two_players=true (NJ-02)")
        if p not in DEAL_TABLE:
            raise PlayerCountError(f"players={shown(p)}: Sarı Cüce is played by 3 to 8 players (2 with allow_two_players), NJ-02")

    # -- derived -----------------------------------------------------------------------------------
    @property
    def cards_per_player(self) -> int:
        """NJ-02."""
        return DEAL_TABLE[self.players]

    @property
    def dead_count(self) -> int:
        """NJ-11: the cards left over after the deal."""
        return DECK_SIZE - self.players * DEAL_TABLE[self.players]

    @property
    def total_chips(self) -> int:
        """NJ-28: ``starting_chips * players``."""
        return self.starting_chips * self.players

    # -- records -----------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Rules:
        """The record's ``rules`` object; anything left out takes its default."""
        if d is None:
            return cls()
        if not isinstance(d, dict):
            raise InvalidOptionError(f"rules {shown(d)} must be an object of options")
        d = check_options(d, "sari-cuce")
        known = {f.name for f in fields(cls)}
        unknown = [k for k in d if k not in known]
        if unknown:
            raise InvalidOptionError(
                f"unknown option(s) {', '.join(map(repr, unknown))} for sari-cuce; options: {', '.join(sorted(known))}")
        return cls(**d)

    def to_dict(self) -> dict[str, Any]:
        """``players`` and every option that differs from its default."""
        out: dict[str, Any] = {"players": self.players}
        for f in fields(self):
            if f.name != "players" and getattr(self, f.name) != f.default:
                out[f.name] = getattr(self, f.name)
        return out
