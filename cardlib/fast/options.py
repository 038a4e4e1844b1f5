"""Rule options for the fast engines: read a rules dict (or a reference ``Rules``), check it, encode it.

The fast engines take the same options as the reference engines (RULES.md, sections 1.3 and 2.3), by
the same names.  An option value the fast engine does not implement raises
:class:`~cardlib.errors.InvalidOptionError` naming the option and the value: nothing is silently ignored.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..checks import check_whole
from ..errors import InvalidOptionError, PlayerCountError
from ..pisyedili.rules import PACKETS
from ..saricuce.rules import DEAL_TABLE
from ..jsonio import shown

__all__ = [
    "NJ_DEFAULTS", "PY_CLASSIC", "PY_TURKISH", "NJ_SUPPORTED", "PY_SUPPORTED",
    "nj_options", "py_options", "NJ_CARDS_EACH",
]

# ---------------------------------------------------------------------------------------------- NJ
NJ_DEFAULTS: dict[str, Any] = {
    "end_mode": "hands", "hands_limit": 5, "starting_chips": 100, "allow_two_players": False,
    "allow_voluntary_stop": False, "stall_rule": "restart", "opera_definition": "no_other_player",
    "opera_reward": "sweep_board", "payment_unit": "card_points", "doubling": True,
}
NJ_CARDS_EACH = DEAL_TABLE        # cards each by player count (NJ-04), the rules' own table

#: the most chips at the table the fast Sarı Cüce kernel counts (its chips and boxes are 32-bit integers)
CHIPS_MAX = 2**31 - 1

#: every option value the fast Sarı Cüce engine plays (None: any int in range)
NJ_SUPPORTED: dict[str, tuple | None] = {
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
_NJ_ALL_VALUES = dict(NJ_SUPPORTED, allow_voluntary_stop=(False, True))

# ---------------------------------------------------------------------------------------------- PY
PY_CLASSIC: dict[str, Any] = {
    "opening": "first_player", "draw_policy": "multi", "ace_rule": "follow", "aces_all_at_once": False,
    "ace_cannot_finish": False, "stock_exhaustion": "lowest_hand_wins", "tek": False,
    "end_penalty_draws": False, "finish_multipliers": True, "seven_penalty": "linear3",
    "play_after_penalty_draw": False, "two_player_reverse_as_skip": False,
    "jack_must_change_suit": False, "decks": 1, "jokers_per_deck": 0, "deals_per_match": 4,
    "partnerships": False, "partner_goes_free": False, "deal_packets": 1,
}
PY_TURKISH: dict[str, Any] = dict(
    PY_CLASSIC, opening="first_round", draw_policy="single", ace_rule="all_draw", aces_all_at_once=True,
    ace_cannot_finish=True, stock_exhaustion="reshuffle", tek=True, end_penalty_draws=True)
_PY_PRESETS = {"classic": PY_CLASSIC, "turkish": PY_TURKISH}

_PY_ALL_VALUES: dict[str, tuple | None] = {
    "opening": ("first_player", "first_round"), "draw_policy": ("multi", "single"),
    "ace_rule": ("follow", "all_draw"), "aces_all_at_once": (False, True),
    "ace_cannot_finish": (False, True), "stock_exhaustion": ("lowest_hand_wins", "reshuffle"),
    "tek": (False, True), "end_penalty_draws": (False, True), "finish_multipliers": (False, True),
    "seven_penalty": ("linear3", "doubling3"), "play_after_penalty_draw": (False, True),
    "two_player_reverse_as_skip": (False, True), "jack_must_change_suit": (False, True),
    "decks": (1, 2), "jokers_per_deck": (0, 1, 2), "deals_per_match": None,
    "partnerships": (False, True), "partner_goes_free": (False, True), "deal_packets": (1, "4-3", "3-2-2"),
}
#: every option value the fast Pis Yedili engine plays (None: any whole number): all of RULES.md 2.3
PY_SUPPORTED: dict[str, tuple | None] = dict(_PY_ALL_VALUES)


def _as_dict(rules: Any) -> dict:
    if rules is None:
        return {}
    if hasattr(rules, "to_dict"):
        rules = rules.to_dict()
    if not isinstance(rules, dict):
        raise InvalidOptionError(f"rules {shown(rules)} are neither a dict nor a Rules object")
    return dict(rules)


def _check_value(name: str, value: Any, known: dict, supported: dict, game: str) -> None:
    if name not in known:
        raise InvalidOptionError(f"unknown {game} option {shown(name)} (value {shown(value)})")
    allowed = known[name]
    if allowed is None:
        check_whole(name, value, 0)
    elif not any(value == a and type(value) is type(a) for a in allowed):
        raise InvalidOptionError(f"{name}={shown(value)}: not one of {', '.join(map(repr, allowed))}")
    ok = supported[name]
    if ok is not None and value not in ok:
        raise InvalidOptionError(
            f"{name}={shown(value)} is not supported by the fast {game} engine (cardlib.fast); it plays "
            f"{name} in {{{', '.join(map(repr, ok))}}}: use the reference engine for this option")


def _players(d: dict, players: int | None) -> Any:
    """The player count: ``players`` if given (it must agree with the rules'), else the rules', else 4.
    Takes ``players`` out of ``d``."""
    n = d.pop("players", None)
    if players is not None:
        if n is not None and n != players:
            raise InvalidOptionError(f"players={shown(players)} disagrees with the rules' players={shown(n)}")
        n = players
    return 4 if n is None else n


def nj_options(rules: Any = None, players: int | None = None) -> dict:
    """The full, checked Sarı Cüce option dict (defaults filled in), with ``players``."""
    d = _as_dict(rules)
    n = _players(d, players)
    out = dict(NJ_DEFAULTS)
    for k, v in d.items():
        _check_value(k, v, _NJ_ALL_VALUES, NJ_SUPPORTED, "sari-cuce")
        out[k] = v
    if isinstance(n, bool) or not isinstance(n, int) or n not in NJ_CARDS_EACH or (
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


def nj_encode(o: dict, game_streams: bool = False) -> np.ndarray:
    """The int64 option vector the Sarı Cüce kernel reads (``game_streams``: the bots' streams of
    ``simulate_saricuce``)."""
    return np.array([
        1 if o["stall_rule"] == "skip_rank" else 0,
        1 if o["payment_unit"] == "per_card" else 0,
        1 if o["doubling"] else 0,
        1 if o["opera_reward"] == "double_payments" else 0,
        1 if o["opera_definition"] == "single_run" else 0,
        NJ_CARDS_EACH[o["players"]],
        o["starting_chips"],
        1 if o["end_mode"] == "bankruptcy" else 0,
        o["hands_limit"],
        1 if o["allow_voluntary_stop"] else 0,
        1 if game_streams else 0,
    ], dtype=np.int64)


def py_options(rules: Any = None, players: int | None = None) -> dict:
    """The full, checked Pis Yedili option dict (preset applied, then overrides), with ``players``."""
    d = _as_dict(rules)
    n = _players(d, players)
    preset = d.pop("preset", "classic")
    if preset not in _PY_PRESETS:
        raise InvalidOptionError(f"preset={shown(preset)}: not one of 'classic', 'turkish'")
    out = dict(_PY_PRESETS[preset])
    for k, v in d.items():
        if k == "deal_packets" and v == "1":       # as the reference Rules read it (a record written by hand)
            v = 1
        _check_value(k, v, _PY_ALL_VALUES, PY_SUPPORTED, "pis-yedili")
        out[k] = v
    deck = 52 * out["decks"] + out["jokers_per_deck"] * out["decks"]
    nmax = (deck - 1) // 7
    check_whole("players", n, 2, nmax, why=f" (Pis Yedili with a {deck}-card deck is for 2 to {nmax} players)",
                error=PlayerCountError)
    if out["partner_goes_free"] and not out["partnerships"]:          # the reference Rules' checks (PY-P7)
        raise InvalidOptionError("partner_goes_free=true needs partnerships=true: only a partner can go free "
                                 "(PY-P5, PY-P7)")
    if out["partnerships"] and (n < 4 or n % 2):
        raise PlayerCountError(f"players={shown(n)}: partnerships need an even number of players, 4 or more, so "
                               "that partners sit opposite (PY-P1)")
    out["players"] = n
    out["preset"] = preset
    return out


def py_deck_size(o: dict) -> int:
    return o["decks"] * (52 + o["jokers_per_deck"])


def py_encode(o: dict) -> np.ndarray:
    """The int64 option vector the Pis Yedili kernels read (``_pisyedili.O_*``)."""
    return np.array([
        1 if o["draw_policy"] == "single" else 0,
        1 if o["seven_penalty"] == "doubling3" else 0,
        1 if o["finish_multipliers"] else 0,
        1 if o["play_after_penalty_draw"] else 0,
        1 if o["two_player_reverse_as_skip"] else 0,
        1 if o["jack_must_change_suit"] else 0,
        o["decks"],
        o["jokers_per_deck"],
        1 if o["opening"] == "first_round" else 0,
        1 if o["ace_rule"] == "all_draw" else 0,
        1 if o["aces_all_at_once"] else 0,
        1 if o["ace_cannot_finish"] else 0,
        1 if o["stock_exhaustion"] == "reshuffle" else 0,
        1 if o["tek"] else 0,
        1 if o["end_penalty_draws"] else 0,
        1 if o["partnerships"] else 0,
        1 if o["partner_goes_free"] else 0,
        *_packets(o["deal_packets"]),
    ], dtype=np.int64)


def _packets(value: Any) -> tuple[int, int, int]:
    """PY-05b: the packet sizes (``PACKETS``), padded with zeros to three; all zeros for one card at a time."""
    sizes = PACKETS[value] if value != 1 else ()
    return tuple((list(sizes) + [0, 0, 0])[:3])  # type: ignore[return-value]
