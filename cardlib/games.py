"""The game registry: every game cardlib plays, found by name (as python-chess finds its variants).

>>> [spec.title for spec in GAMES.values()]
['Sarı Cüce', 'Pis Yedili']
>>> find_game("pis-yedili").series.__name__
'Match'

Code that serves every game (records, simulate, display, widgets, the command line) asks the
:class:`~cardlib.engine.GameSpec` it finds here, and never tests a game's name.  Adding a game is adding
its package and one line below (see docs/engine-api.md, "Adding a game"); a game from another package (a
teacher's own) is added with :func:`register`.
"""

from __future__ import annotations

from typing import Any

from . import pisyedili, saricuce
from .engine import GameSpec
from .errors import InvalidOptionError
from .jsonio import shown

__all__ = ["GAMES", "find_game", "game_of", "register", "unregister", "face_export"]

GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game: ``find_game``, records, the command line, simulate, the pictures and the classroom then
    know it.  Its name must be new (records name a game by it); returns the spec."""
    if not isinstance(spec, GameSpec):
        raise InvalidOptionError(f"register({shown(spec)}): give a cardlib.engine.GameSpec")
    if not isinstance(spec.name, str) or not spec.name or spec.name != spec.name.strip():
        raise InvalidOptionError(f"register: game name {shown(spec.name)} must be a word such as 'high-card'")
    if spec.name in GAMES and GAMES[spec.name] is not spec:
        raise InvalidOptionError(f"register: a game called {shown(spec.name)} is already registered "
                                 f"({GAMES[spec.name].title})")
    GAMES[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Take a registered game out again (for tests and a teacher's experiments)."""
    spec = find_game(name)
    del GAMES[spec.name]


register(saricuce.GAME)
register(pisyedili.GAME)


def _register_installed() -> None:
    """Register the games other installed packages offer: each entry point of the group ``cardlib.games``
    names a GameSpec (``[project.entry-points."cardlib.games"] high-card = "highcard:GAME"``), so a
    teacher's game is known everywhere cardlib runs (worker processes and the command line included).
    A game that cannot be loaded is left out with a warning naming it; cardlib's own games stay."""
    import warnings
    from importlib.metadata import entry_points

    for ep in entry_points(group="cardlib.games"):
        try:
            register(ep.load())
        except Exception as exc:             # a broken plugin must not break cardlib
            warnings.warn(f"cardlib: the game {ep.name!r} ({ep.value}) could not be registered: {exc}", stacklevel=2)


_register_installed()


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


def face_export(face: str, name: str, module: str) -> Any:
    """``name`` from the ``face`` module of the game that exports it (in its ``__all__``): how
    :mod:`cardlib.display`, :mod:`cardlib.plots` and :mod:`cardlib.widgets` offer each game's own
    pictures, charts and explorers by name without importing any game.  ``module``: the asking module,
    for the ``AttributeError`` when no game has the name."""
    if not name.startswith("_"):
        for spec in GAMES.values():
            if spec.has_face(face):
                found = spec.face(face)
                if name in getattr(found, "__all__", ()):
                    return getattr(found, name)
    raise AttributeError(f"module {module!r} has no attribute {name!r}")
