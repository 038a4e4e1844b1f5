"""How each game deals, as numbers: hand sizes, dead stock, deck sizes, and the checks on them.

These are the only rule facts the probability code needs (NJ-01, NJ-02, NJ-05, NJ-11 for Sarı
Cüce; PY-01, PY-02, PY-05 for Pis Yedili).  Bad input raises :class:`~cardlib.errors.PlayerCountError`
or :class:`~cardlib.errors.InvalidOptionError` with the input quoted.

>>> nj_hand_size(4), nj_dead_count(4)
(12, 4)
>>> py_deck_size(decks=2, jokers_per_deck=2), py_max_players(decks=2, jokers_per_deck=2)
(108, 15)
"""

from __future__ import annotations

from ..cards import Card
from ..errors import InvalidOptionError, PlayerCountError
from ..pisyedili import rules as _py
from ..saricuce import rules as _sc
from ..jsonio import shown

__all__ = [
    "NJ_HAND_SIZES", "NJ_TWO_PLAYER_HAND_SIZE", "NJ_DECK_SIZE", "BOX_CARDS", "YELLOW_DWARF",
    "nj_hand_size", "nj_dead_count", "nj_player_counts",
    "PY_HAND_SIZE", "py_deck_size", "py_max_players", "py_check_players", "py_stock_size",
    "check_count",
]

# The rule facts come from the rules modules (one place each); these names are the probability code's.
#: NJ-02: cards dealt to each player, by player count (3-8; 2 only with ``allow_two_players``).
NJ_HAND_SIZES: dict[int, int] = {n: k for n, k in _sc.DEAL_TABLE.items() if n != 2}
NJ_TWO_PLAYER_HAND_SIZE = _sc.DEAL_TABLE[2]
#: NJ-01: one 52-card deck, no jokers.
NJ_DECK_SIZE = _sc.DECK_SIZE
#: NJ-05: the five box cards, in board order 10♦ J♣ Q♠ K♥ 7♦.
BOX_CARDS: tuple[Card, ...] = _sc.BOXES
#: The yellow dwarf (le nain jaune, sarı cüce) is the 7♦.
YELLOW_DWARF: Card = _sc.YELLOW_DWARF

#: PY-05: seven cards each.
PY_HAND_SIZE = _py.HAND_SIZE
_PY_DECKS: tuple[int, ...] = _py.OPTION_VALUES["decks"]                    # PY-01: 1 or 2
_PY_JOKERS: tuple[int, ...] = _py.OPTION_VALUES["jokers_per_deck"]         # PY-01: 0, 1 or 2


def check_count(name: str, value, *, low: int = 0, high: int | None = None) -> int:
    """``value`` as an ``int`` in ``low..high``, else :class:`InvalidOptionError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOptionError(f"{name}={shown(value)}: must be a whole number")
    if value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise InvalidOptionError(f"{name}={shown(value)}: must be {span}")
    return value


def _check_players_type(players) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise PlayerCountError(f"players={shown(players)}: the player count must be a whole number")


def nj_player_counts(allow_two_players: bool = False) -> tuple[int, ...]:
    """The player counts Sarı Cüce allows (NJ-02)."""
    return ((2,) if allow_two_players else ()) + tuple(NJ_HAND_SIZES)


def nj_hand_size(players: int, allow_two_players: bool = False) -> int:
    """Cards dealt to each Sarı Cüce player (NJ-02): 3→15, 4→12, 5→9, 6→8, 7→7, 8→6; 2→22 (option)."""
    _check_players_type(players)
    if players == 2:
        if allow_two_players:
            return NJ_TWO_PLAYER_HAND_SIZE
        raise PlayerCountError(
            "players=2: Sarı Cüce with 2 players (22 cards each) needs allow_two_players=True (NJ-02)")
    if players not in NJ_HAND_SIZES:
        raise PlayerCountError(f"players={shown(players)}: Sarı Cüce takes 3 to 8 players (2 as an option) (NJ-02)")
    return NJ_HAND_SIZES[players]


def nj_dead_count(players: int, allow_two_players: bool = False) -> int:
    """Cards left in the dead stock (NJ-11): 3→7, 4→4, 5→7, 6→4, 7→3, 8→4, 2→8."""
    return NJ_DECK_SIZE - players * nj_hand_size(players, allow_two_players)


def py_deck_size(decks: int = 1, jokers_per_deck: int = 0) -> int:
    """Cards in a Pis Yedili deck (PY-01): 52 or 104, plus the jokers."""
    if isinstance(decks, bool) or decks not in _PY_DECKS:
        raise InvalidOptionError(f"decks={shown(decks)}: Pis Yedili plays with {_or(_PY_DECKS)} decks (PY-01)")
    if isinstance(jokers_per_deck, bool) or jokers_per_deck not in _PY_JOKERS:
        raise InvalidOptionError(f"jokers_per_deck={shown(jokers_per_deck)}: {_or(_PY_JOKERS)} jokers per deck (PY-01)")
    return _py.deck_size_of(decks, jokers_per_deck)


def _or(values: tuple[int, ...]) -> str:
    """``1 or 2``, ``0, 1 or 2``."""
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def py_max_players(decks: int = 1, jokers_per_deck: int = 0) -> int:
    """The largest n with 7n ≤ deck size − 1 (PY-02): 7 with one deck, 14 with two."""
    return _py.max_players_for(py_deck_size(decks, jokers_per_deck))


def py_check_players(players: int, decks: int = 1, jokers_per_deck: int = 0) -> int:
    """``players`` if Pis Yedili allows it with this deck (PY-02), else :class:`PlayerCountError`."""
    high = py_max_players(decks, jokers_per_deck)
    _check_players_type(players)
    low = _py.MIN_PLAYERS
    if not low <= players <= high:
        raise PlayerCountError(
            f"players={shown(players)}: Pis Yedili with decks={decks}, jokers_per_deck={jokers_per_deck} "
            f"takes {low} to {high} players (PY-02: {PY_HAND_SIZE} × players ≤ deck size − 1)")
    return players


def py_stock_size(players: int, decks: int = 1, jokers_per_deck: int = 0) -> int:
    """Cards left in the stock after the deal (PY-05): deck size − 7 × players."""
    py_check_players(players, decks, jokers_per_deck)
    return py_deck_size(decks, jokers_per_deck) - PY_HAND_SIZE * players
