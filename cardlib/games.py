"""The game registry: every game cardlib plays, found by name (as python-chess finds its variants).

>>> [spec.title for spec in GAMES.values()]
['Sarı Cüce', 'Pis Yedili']
>>> find_game("pis-yedili").series.__name__
'Match'

Code that serves every game (records, simulate, display, widgets, the command line) asks the
:class:`~cardlib.engine.GameSpec` it finds here, and never tests a game's name.  Adding a game is adding
its package and one line below (see docs/engine-api.md, "Adding a game").
"""

from __future__ import annotations

from typing import Any

from . import pisyedili, saricuce
from .engine import GameSpec
from .errors import InvalidOptionError
from .jsonio import shown

__all__ = ["GAMES", "GAME_NAMES", "find_game", "game_of"]

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (saricuce.GAME, pisyedili.GAME)}
GAME_NAMES: tuple[str, ...] = tuple(GAMES)


def find_game(name: Any) -> GameSpec:
    """The spec of the game called ``name`` (``"sari-cuce"``, ``"pis-yedili"``); a spec is returned as is."""
    if isinstance(name, GameSpec):
        return name
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise InvalidOptionError(f"game {shown(name)} is not one of {', '.join(GAMES)}")
    return spec


def game_of(obj: Any) -> GameSpec:
    """The spec of a hand, a series, a rules object, a record (or record dict), or a bare position or
    result dict (told by the fields only its game has)."""
    for spec in GAMES.values():
        if isinstance(obj, (spec.hand, spec.series, spec.rules)):
            return spec
    name = getattr(obj, "game", None)
    if name is None and isinstance(obj, dict):
        name = obj.get("game")
    if isinstance(name, str):
        return find_game(name)
    if isinstance(obj, dict):
        for spec in GAMES.values():
            if spec.position_fields & obj.keys() or spec.result_fields & obj.keys():
                return spec
    if hasattr(obj, "to_dict"):          # a hand's result
        return game_of(obj.to_dict())
    raise InvalidOptionError(f"{shown(obj)} is not a hand, series, rules, record, position or result of a game "
                             f"cardlib plays")
