"""Sarı Cüce's rule options in the fast engine: every value, the ones its kernel plays, the int64 vector it
reads.  The checks every game shares are :mod:`cardlib._fast.options`."""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import options
from ..._fast.options import as_dict, check_value, players_of
from ...checks import check_whole
from ...errors import InvalidOptionError, PlayerCountError
from ...jsonio import shown
from .. import GAME
from ..rules import DEAL_TABLE

__all__ = ["DEFAULTS", "SUPPORTED", "CARDS_EACH", "CHIPS_MAX", "read", "encode"]

DEFAULTS: dict[str, Any] = {
    "end_mode": "hands", "hands_limit": 5, "starting_chips": 100, "allow_two_players": False,
    "allow_voluntary_stop": False, "stall_rule": "restart", "opera_definition": "no_other_player",
    "opera_reward": "sweep_board", "payment_unit": "card_points", "doubling": True,
}
CARDS_EACH = DEAL_TABLE        # cards each by player count (NJ-04), the rules' own table

#: the most chips at the table the fast Sarı Cüce kernel counts (its chips and boxes are 32-bit integers)
CHIPS_MAX = 2**31 - 1

#: every option value the fast Sarı Cüce engine plays (None: any int in range)
SUPPORTED: dict[str, tuple | None] = {
    "end_mode": ("hands", "bankruptcy"),
    "hands_limit": None,
    "starting_chips": None,
    "allow_two_players": (False, True),
    "allow_voluntary_stop": (False, True),
    "stall_rule": ("restart", "skip_rank"),
    "opera_definition": ("no_other_player", "single_run"),
    "opera_reward": ("sweep_board", "double_payments"),
    "payment_unit": ("card_points", "per_card"),
    "doubling": (False, True),
}
_ALL_VALUES = dict(SUPPORTED, allow_voluntary_stop=(False, True))


def read(rules: Any = None, players: int | None = None) -> dict:
    """The full, checked Sarı Cüce option dict (defaults filled in), with ``players``."""
    d = as_dict(rules)
    n = players_of(d, players)
    out = dict(DEFAULTS)
    for k, v in d.items():
        check_value(k, v, _ALL_VALUES, SUPPORTED, GAME.name)
        out[k] = v
    if isinstance(n, bool) or not isinstance(n, int) or n not in CARDS_EACH or (
            n == 2 and not out["allow_two_players"]):
        raise PlayerCountError(
            f"players={shown(n)}: Sarı Cüce is for 3 to 8 players (2 with allow_two_players=true)")
    check_whole("hands_limit", out["hands_limit"], 1)
    if out["starting_chips"] * n > CHIPS_MAX:
        raise InvalidOptionError(
            f"starting_chips={shown(out['starting_chips'])}: the fast engine counts chips in 32 bits, so {n} players "
            f"may start with at most {CHIPS_MAX // n:,} each; use engine='reference' for more")
    out["players"] = n
    return out


def encode(o: dict, game_streams: bool = False) -> np.ndarray:
    """The int64 option vector the Sarı Cüce kernel reads (``game_streams``: the bots' streams of
    ``simulate(..., games=True, game_streams=True)``).  A game ends after its hand limit: ``hands_limit``
    (NJ-09), or with ``end_mode`` bankruptcy the most hands a game may have (``SERIES_MAX``, docs/rules-sari-cuce.md
    Decision 10), as the reference ``Game`` ends; NJ-08 ends it sooner in both modes."""
    return np.array([
        1 if o["stall_rule"] == "skip_rank" else 0,
        1 if o["payment_unit"] == "per_card" else 0,
        1 if o["doubling"] else 0,
        1 if o["opera_reward"] == "double_payments" else 0,
        1 if o["opera_definition"] == "single_run" else 0,
        CARDS_EACH[o["players"]],
        o["starting_chips"],
        0,                                 # slot 7, "no hand limit": every game has one since issue 28
        o["hands_limit"] if o["end_mode"] == "hands" else options.SERIES_MAX,    # a game's hand limit
        1 if o["allow_voluntary_stop"] else 0,
        1 if game_streams else 0,
    ], dtype=np.int64)
