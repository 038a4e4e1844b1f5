"""The game registry: every game cardlib plays, found by name (as python-chess finds its variants).

>>> [spec.title for spec in GAMES.values()]
['Sarı Cüce', 'Pis Yedili']
>>> find_game("pis-yedili").series.__name__
'Match'

Code that serves every game (records, simulate, display, widgets, the command line) asks the
:class:`~cardlib.engine.GameSpec` it finds here, and never tests a game's name.  Adding a game is adding
its package and one line below (:data:`BUILT_IN`; see docs/engine-api.md, "Adding a game"); a game from
another package (a teacher's own) is added with :func:`register`.

A game's package is imported when the game is first asked for (by name, or by listing the registry): a
command line call for one game does not import the other (issue 23: the start of ``python -m cardlib``).
"""

from __future__ import annotations

from typing import Any

from importlib import import_module

from .engine import GameSpec
from .errors import InvalidOptionError
from .jsonio import shown

__all__ = ["GAMES", "find_game", "game_of", "register", "unregister", "face_export", "GameChoices"]

class _Registry(dict[str, GameSpec]):
    """The registry: cardlib's own games at once, the games other installed packages offer (entry points,
    :func:`_register_installed`) the first time it is listed or asked for a name it does not hold, since
    finding them costs more than cardlib's own start (importlib.metadata reads every installed package's
    metadata): a command line call for a built-in game never pays it."""

    _installed = False

    def _everything(self) -> None:
        if not _Registry._installed:
            _Registry._installed = True
            for name in BUILT_IN:
                self._built_in(name)
            others = {k: v for k, v in dict.items(self) if k not in BUILT_IN}
            ours = {k: dict.__getitem__(self, k) for k in BUILT_IN}
            dict.clear(self)                    # cardlib's own games first, in BUILT_IN's order, whatever came first
            dict.update(self, ours)
            dict.update(self, others)
            _register_installed()

    def _built_in(self, name: object) -> bool:
        """Import cardlib's own game ``name`` if it is one and not yet here; whether it is here now."""
        if not dict.__contains__(self, name) and isinstance(name, str) and name in BUILT_IN:
            dict.__setitem__(self, name, import_module(BUILT_IN[name]).GAME)
        return dict.__contains__(self, name)

    def __iter__(self) -> Any:
        self._everything()
        return super().__iter__()

    def __len__(self) -> int:
        self._everything()
        return super().__len__()

    def __contains__(self, name: object) -> bool:
        if self._built_in(name):
            return True
        self._everything()
        return super().__contains__(name)

    def __getitem__(self, name: str) -> GameSpec:
        if not self._built_in(name):
            self._everything()
        return super().__getitem__(name)

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default

    def keys(self) -> Any:
        self._everything()
        return super().keys()

    def values(self) -> Any:
        self._everything()
        return super().values()

    def items(self) -> Any:
        self._everything()
        return super().items()

    def __repr__(self) -> str:
        self._everything()
        return super().__repr__()


GAMES: dict[str, GameSpec] = _Registry()

#: cardlib's own games: each name's package, imported when the game is first asked for (its ``GAME``)
BUILT_IN = {"sari-cuce": "cardlib.saricuce", "pis-yedili": "cardlib.pisyedili"}


class GameChoices:
    """The game names as a command line's ``choices``: ``name in GameChoices()`` finds cardlib's own games
    without listing the others (argparse asks only that while parsing); listing them (a usage message, the
    help) lists every registered game."""

    def __contains__(self, name: object) -> bool:
        return name in GAMES

    def __iter__(self) -> Any:
        return iter(tuple(GAMES))

    def __len__(self) -> int:
        return len(GAMES)


def register(spec: GameSpec) -> GameSpec:
    """Add a game: ``find_game``, records, the command line, simulate, the pictures and the classroom then
    know it.  Its name must be new (records name a game by it); returns the spec."""
    if not isinstance(spec, GameSpec):
        raise InvalidOptionError(f"register({shown(spec)}): give a cardlib.engine.GameSpec")
    if not isinstance(spec.name, str) or not spec.name or spec.name != spec.name.strip():
        raise InvalidOptionError(f"register: game name {shown(spec.name)} must be a word such as 'high-card'")
    held = dict.get(GAMES, spec.name)           # the registry as it is: registering loads nothing
    if held is not None and held is not spec:
        raise InvalidOptionError(f"register: a game called {shown(spec.name)} is already registered "
                                 f"({held.title})")
    GAMES[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Take a registered game out again (for tests and a teacher's experiments)."""
    spec = find_game(name)
    del GAMES[spec.name]



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
