"""The choices of a simulation: games (from the registry, cardlib.games), bot names and engines.

``GAME_NAMES`` and ``BOT_NAMES`` are worked out when first read (the registry then lists every game,
those other packages offer included); :func:`game_names` and :func:`all_bot_names` are always current.
"""

from typing import Any

from ..games import GAMES as _REGISTRY

__all__ = ["GAME_NAMES", "BOT_NAMES", "ENGINES", "game_names", "all_bot_names", "plural"]

ENGINES = ("reference", "fast")


def game_names() -> tuple[str, ...]:
    """The names of the games registered now (a game registered later, ``register(GAME)``, included;
    ``cardlib.games.GAMES`` is the registry itself, each name's GameSpec)."""
    return tuple(_REGISTRY)


def all_bot_names() -> tuple[str, ...]:
    """Every bot name a registered game knows, each once."""
    return tuple(dict.fromkeys(name for spec in _REGISTRY.values() for name in spec.bots))


def __getattr__(name: str) -> Any:
    if name == "GAME_NAMES":
        return game_names()
    if name == "BOT_NAMES":
        return all_bot_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def plural(word: str) -> str:
    """``game`` -> ``games``, ``match`` -> ``matches``."""
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")
