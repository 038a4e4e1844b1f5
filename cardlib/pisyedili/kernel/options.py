"""Pis Yedili's rule options in the fast engine: the presets, every value (its kernel plays them all, RULES.md
2.3), the int64 vector the kernels read.  The checks every game shares are :mod:`cardlib._fast.options`."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._fast.options import as_dict, check_value, players_of
from ...checks import check_whole
from ...errors import InvalidOptionError, PlayerCountError
from ...jsonio import shown
from .. import GAME
from ..rules import PACKETS

__all__ = ["CLASSIC", "TURKISH", "SUPPORTED", "read", "encode", "deck_size"]

CLASSIC: dict[str, Any] = {
    "opening": "first_player", "draw_policy": "multi", "ace_rule": "follow", "aces_all_at_once": False,
    "ace_cannot_finish": False, "stock_exhaustion": "lowest_hand_wins", "tek": False,
    "end_penalty_draws": False, "finish_multipliers": True, "seven_penalty": "linear3",
    "play_after_penalty_draw": False, "two_player_reverse_as_skip": False,
    "jack_must_change_suit": False, "decks": 1, "jokers_per_deck": 0, "deals_per_match": 4,
    "partnerships": False, "partner_goes_free": False, "deal_packets": 1,
}
TURKISH: dict[str, Any] = dict(
    CLASSIC, opening="first_round", draw_policy="single", ace_rule="all_draw", aces_all_at_once=True,
    ace_cannot_finish=True, stock_exhaustion="reshuffle", tek=True, end_penalty_draws=True)
_PRESETS = {"classic": CLASSIC, "turkish": TURKISH}

_ALL_VALUES: dict[str, tuple | None] = {
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
SUPPORTED: dict[str, tuple | None] = dict(_ALL_VALUES)


def read(rules: Any = None, players: int | None = None) -> dict:
    """The full, checked Pis Yedili option dict (preset applied, then overrides), with ``players``."""
    d = as_dict(rules)
    n = players_of(d, players)
    preset = d.pop("preset", "classic")
    if preset not in _PRESETS:
        raise InvalidOptionError(f"preset={shown(preset)}: not one of 'classic', 'turkish'")
    out = dict(_PRESETS[preset])
    for k, v in d.items():
        if k == "deal_packets" and v == "1":       # as the reference Rules read it (a record written by hand)
            v = 1
        check_value(k, v, _ALL_VALUES, SUPPORTED, GAME.name)
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


def deck_size(o: dict) -> int:
    return int(o["decks"] * (52 + o["jokers_per_deck"]))


def encode(o: dict) -> np.ndarray:
    """The int64 option vector the Pis Yedili kernels read (``_kernel.O_*``)."""
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
    padded = [*sizes, 0, 0, 0]
    return padded[0], padded[1], padded[2]
