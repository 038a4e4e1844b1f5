"""The choices of a simulation: games (from the registry, cardlib.games), bot names and engines."""

from ..games import GAMES as _REGISTRY

__all__ = ["GAME_NAMES", "BOT_NAMES", "ENGINES", "game_names", "plural"]

#: the names of the games registered when cardlib.simulate was imported (:func:`game_names` is always current;
#: ``cardlib.games.GAMES`` is the registry itself, each name's GameSpec)
GAME_NAMES = tuple(_REGISTRY)
BOT_NAMES = tuple(dict.fromkeys(name for spec in _REGISTRY.values() for name in spec.bots))
ENGINES = ("reference", "fast")


def game_names() -> tuple[str, ...]:
    """The names of the games registered now (a game registered later, ``register(GAME)``, included)."""
    return tuple(_REGISTRY)


def plural(word: str) -> str:
    """``game`` -> ``games``, ``match`` -> ``matches``."""
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")
