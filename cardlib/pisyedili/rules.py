"""The options of Pis Yedili (docs/rules-pis-yedili.md, options) and the two presets, ``classic`` and ``turkish``.

>>> Rules().preset, Rules().players, Rules(preset="turkish").draw_policy
('classic', 4, 'single')
>>> r = Rules.from_dict({"preset": "turkish", "players": 3, "tek": False})
>>> r.draw_policy, r.tek, r.to_dict()
('single', False, {'players': 3, 'preset': 'turkish', 'tek': False})
>>> Rules().sevens_owed(3), Rules(seven_penalty="doubling3").sevens_owed(3)
(9, 12)
>>> pairs = Rules(players=6, partnerships=True)
>>> pairs.teams, pairs.team_of(4), pairs.partner(4), Rules(deal_packets="3-2-2").packets
(((0, 3), (1, 4), (2, 5)), 1, 1, (3, 2, 2))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

from ..errors import InvalidOptionError, PlayerCountError
from ..jsonio import shown
from ..checks import check_whole
from ..options import SERIES_MAX, check_options, check_value

__all__ = ["Rules", "PRESETS", "OPTION_VALUES", "HAND_SIZE", "MIN_PLAYERS", "CARDS_PER_DECK", "PACKETS",
           "deck_size_of", "max_players_for"]

#: PY-05: the cards dealt to each player
HAND_SIZE = 7
#: PY-02: the fewest players
MIN_PLAYERS = 2
#: PY-01: the cards of one deck without its jokers
CARDS_PER_DECK = 52


def deck_size_of(decks: int, jokers_per_deck: int) -> int:
    """PY-01: 52 cards a deck plus its jokers (the options are checked by :class:`Rules`)."""
    return decks * (CARDS_PER_DECK + jokers_per_deck)


def max_players_for(deck_size: int) -> int:
    """PY-02: the largest n with 7n <= deck size - 1 (everyone gets 7 cards, one card at least is left for
    the stock)."""
    return (deck_size - 1) // HAND_SIZE


#: the values each option may take; ``bool`` and ``int`` name a type
OPTION_VALUES: dict[str, Any] = {
    "opening": ("first_player", "first_round"),
    "draw_policy": ("multi", "single"),
    "ace_rule": ("follow", "all_draw"),
    "aces_all_at_once": bool,
    "ace_cannot_finish": bool,
    "stock_exhaustion": ("lowest_hand_wins", "reshuffle"),
    "tek": bool,
    "end_penalty_draws": bool,
    "finish_multipliers": bool,
    "seven_penalty": ("linear3", "doubling3"),
    "play_after_penalty_draw": bool,
    "two_player_reverse_as_skip": bool,
    "jack_must_change_suit": bool,
    "decks": (1, 2),
    "jokers_per_deck": (0, 1, 2),
    "deals_per_match": int,
    "deal_packets": (1, "4-3", "3-2-2"),
    "partnerships": bool,
    "partner_goes_free": bool,
}

#: PY-05 / PY-05b: the packets each player gets, in turn, for each ``deal_packets`` value (7 cards in all)
PACKETS: dict[Any, tuple[int, ...]] = {1: (1,) * HAND_SIZE, "4-3": (4, 3), "3-2-2": (3, 2, 2)}
assert all(sum(p) == HAND_SIZE for p in PACKETS.values())

_CLASSIC: dict[str, Any] = {
    "opening": "first_player",
    "draw_policy": "multi",
    "ace_rule": "follow",
    "aces_all_at_once": False,
    "ace_cannot_finish": False,
    "stock_exhaustion": "lowest_hand_wins",
    "tek": False,
    "end_penalty_draws": False,
    "finish_multipliers": True,
    "seven_penalty": "linear3",
    "play_after_penalty_draw": False,
    "two_player_reverse_as_skip": False,
    "jack_must_change_suit": False,
    "decks": 1,
    "jokers_per_deck": 0,
    "deals_per_match": 4,
    "deal_packets": 1,
    "partnerships": False,
    "partner_goes_free": False,
}
_TURKISH = dict(_CLASSIC, opening="first_round", draw_policy="single", ace_rule="all_draw",
                aces_all_at_once=True, ace_cannot_finish=True, stock_exhaustion="reshuffle", tek=True,
                end_penalty_draws=True)

#: preset name -> option values (docs/rules-pis-yedili.md, presets)
PRESETS: dict[str, dict[str, Any]] = {"classic": _CLASSIC, "turkish": _TURKISH}


@dataclass(frozen=True, init=False)
class Rules:
    """Every Pis Yedili option, plus ``players`` and the ``preset`` name.

    Options left out take the preset's value: ``Rules(players=3)`` is classic, ``Rules(preset="turkish",
    players=3, tek=False)`` is Turkish without tek.  The constructor checks every value (``InvalidOptionError``) and the player
    count (``PlayerCountError``, PY-02).  ``partnerships`` (the pairs rules of docs/rules-pis-yedili.md) takes an even count of 4
    or more (PY-P1, else ``PlayerCountError``), and ``partner_goes_free`` only comes with it (PY-P7, else
    ``InvalidOptionError``); ``teams``, ``team_of``, ``partner`` and ``team_sums`` read the seating.
    """

    players: int
    preset: str
    opening: str
    draw_policy: str
    ace_rule: str
    aces_all_at_once: bool
    ace_cannot_finish: bool
    stock_exhaustion: str
    tek: bool
    end_penalty_draws: bool
    finish_multipliers: bool
    seven_penalty: str
    play_after_penalty_draw: bool
    two_player_reverse_as_skip: bool
    jack_must_change_suit: bool
    decks: int
    jokers_per_deck: int
    deals_per_match: int
    deal_packets: int | str
    partnerships: bool
    partner_goes_free: bool

    def __init__(self, players: int = 4, preset: str = "classic", opening: str | None = None,
                 draw_policy: str | None = None, ace_rule: str | None = None, aces_all_at_once: bool | None = None,
                 ace_cannot_finish: bool | None = None, stock_exhaustion: str | None = None, tek: bool | None = None,
                 end_penalty_draws: bool | None = None, finish_multipliers: bool | None = None,
                 seven_penalty: str | None = None, play_after_penalty_draw: bool | None = None,
                 two_player_reverse_as_skip: bool | None = None, jack_must_change_suit: bool | None = None,
                 decks: int | None = None, jokers_per_deck: int | None = None, deals_per_match: int | None = None,
                 deal_packets: int | str | None = None, partnerships: bool | None = None,
                 partner_goes_free: bool | None = None) -> None:
        """An option left out (or given as ``None``) takes the preset's value; every value is checked."""
        given = locals()
        check_value("preset", preset, tuple(PRESETS))
        base = PRESETS[preset]
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "preset", preset)
        for name in OPTION_VALUES:
            value = given[name]
            object.__setattr__(self, name, base[name] if value is None else value)
        self._check()

    def _check(self) -> None:
        """Every value (cardlib.options), the player count (PY-02) and the pairs options (PY-P1, PY-P7)."""
        if self.deal_packets == "1":
            object.__setattr__(self, "deal_packets", 1)   # as text (a record written by hand) it reads the same
        for name, allowed in OPTION_VALUES.items():      # cardlib.options: 2.0 is not 2, 1 is not true
            check_value(name, getattr(self, name), allowed)
        object.__setattr__(self, "deals_per_match", check_whole("deals_per_match", self.deals_per_match, 1, SERIES_MAX))
        n = check_whole("players", self.players, None, error=PlayerCountError)
        object.__setattr__(self, "players", n)
        if not MIN_PLAYERS <= n <= self.max_players:
            raise PlayerCountError(
                f"players={shown(n)}: Pis Yedili with {self.deck_size} cards takes {MIN_PLAYERS} to {self.max_players} "
                f"players ({HAND_SIZE} cards each and at least one card left for the stock, PY-02)")
        if self.partner_goes_free and not self.partnerships:
            raise InvalidOptionError("partner_goes_free=true needs partnerships=true: only a partner can go "
                                     "free (PY-P5, PY-P7)")
        if self.partnerships and (n < 4 or n % 2):
            raise PlayerCountError(
                f"players={shown(n)}: partnerships need an even number of players, 4 or more, so that partners "
                f"sit opposite (PY-P1)")

    # -- derived ---------------------------------------------------------------------------------
    @property
    def deck_size(self) -> int:
        """52 or 104 cards plus the jokers (PY-01)."""
        return deck_size_of(self.decks, self.jokers_per_deck)

    @property
    def max_players(self) -> int:
        """The largest n with 7n <= deck size - 1 (PY-02)."""
        return max_players_for(self.deck_size)

    @property
    def packets(self) -> tuple[int, ...]:
        """The packets each player is dealt in turn (PY-05, PY-05b): ``(1,) * 7``, ``(4, 3)`` or ``(3, 2, 2)``."""
        return PACKETS[self.deal_packets]

    @property
    def teams(self) -> tuple[tuple[int, int], ...] | None:
        """PY-P1: team k is seats k and k + n/2 (partners sit opposite); ``None`` without partnerships."""
        if not self.partnerships:
            return None
        half = self.players // 2
        return tuple((k, k + half) for k in range(half))

    def team_of(self, seat: int) -> int | None:
        """PY-P1: the team of ``seat`` (seat mod n/2), ``None`` without partnerships."""
        return seat % (self.players // 2) if self.partnerships else None

    def partner(self, seat: int) -> int | None:
        """PY-P1: the seat opposite ``seat`` (its partner), ``None`` without partnerships."""
        return (seat + self.players // 2) % self.players if self.partnerships else None

    def team_sums(self, per_seat: Any) -> tuple[int, ...] | None:
        """PY-P4 / PY-P6: each team's sum of ``per_seat`` (scores or totals), ``None`` without partnerships."""
        teams = self.teams
        if teams is None:
            return None
        return tuple(per_seat[a] + per_seat[b] for a, b in teams)

    def sevens_owed(self, sevens: int) -> int:
        """PY-19 / PY-20: the cards owed for ``sevens`` pending sevens, 3 x c (``linear3``) or 3 x 2^(c-1)
        (``doubling3``)."""
        if self.seven_penalty == "doubling3":
            owed: int = 3 * 2 ** (sevens - 1)
            return owed
        return 3 * sevens

    def options(self) -> dict[str, Any]:
        """Every option (not ``players``/``preset``) by name."""
        return {name: getattr(self, name) for name in OPTION_VALUES}

    # -- construction ----------------------------------------------------------------------------
    @classmethod
    def preset_rules(cls, preset: str = "classic", players: int = 4, **overrides: Any) -> Rules:
        """``Rules.preset_rules("turkish", 3, tek=False)``."""
        check_value("preset", preset, tuple(PRESETS))
        unknown = sorted(set(overrides) - set(OPTION_VALUES))
        if unknown:
            raise InvalidOptionError(f"unknown Pis Yedili option {shown(unknown[0])}; known: {', '.join(OPTION_VALUES)}")
        values = dict(PRESETS[preset])
        values.update(overrides)
        return cls(players=players, preset=preset, **values)

    @classmethod
    def classic(cls, players: int = 4, **overrides: Any) -> Rules:
        return cls.preset_rules("classic", players, **overrides)

    @classmethod
    def turkish(cls, players: int = 4, **overrides: Any) -> Rules:
        return cls.preset_rules("turkish", players, **overrides)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Rules:
        """A record's ``rules``: ``preset`` is read first, then every other key overrides it."""
        if d is None:
            d = {}
        if not isinstance(d, dict):
            raise InvalidOptionError(f"rules {shown(d)} must be a mapping of option names to values")
        d = check_options(d, "pis-yedili")      # no null (it would take the preset's value), no 2.0, no lists
        preset = d.pop("preset", "classic")
        players = d.pop("players", 4)
        return cls.preset_rules(preset, players, **d)

    def to_dict(self) -> dict[str, Any]:
        """``players``, ``preset`` and only the options that differ from the preset."""
        out: dict[str, Any] = {"players": self.players, "preset": self.preset}
        base = PRESETS[self.preset]
        for name in OPTION_VALUES:
            if getattr(self, name) != base[name]:
                out[name] = getattr(self, name)
        return out

    def replace(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)


_FIELD_NAMES = {f.name for f in fields(Rules)}
assert _FIELD_NAMES == set(OPTION_VALUES) | {"players", "preset"}
