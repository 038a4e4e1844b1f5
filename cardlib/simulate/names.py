"""The choices of a simulation: games (from the registry, cardlib.games), bot names and engines."""

from ..games import GAMES as _GAMES

GAMES = tuple(_GAMES)
BOT_NAMES = tuple(dict.fromkeys(name for spec in _GAMES.values() for name in spec.bots))
ENGINES = ("reference", "fast")


def plural(word: str) -> str:
    """``game`` -> ``games``, ``match`` -> ``matches``."""
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")
