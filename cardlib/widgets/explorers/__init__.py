"""Rules you can touch: one explorer per rule group (:class:`~cardlib.widgets.base.Explorer` subclasses).

Each explorer's controls choose a situation; the engine plays it, and the explorer shows the picture and a
sentence that says what the rule does and why.  Everything is reachable from Python (``.controls``,
``.set(...)``, ``.picture``, ``.sentence``, ``.hand``), so the explorers are tested without a browser.

The explorers live with their game (its explorers face, ``GameSpec.explorers``) and are offered here by
name (``from cardlib.widgets.explorers import WhatMayIPlay``):

- ``cardlib.saricuce.explorers``: the deal and the stakes, who plays next, a King or a stall, the settlement, the Opéra, the end of
  the game;
- ``cardlib.pisyedili.explorers``: what may I play, the chain of sevens, who plays next (8 and 10), the Ace
  (classic and Turkish), tek, and the score of a hand.
"""

from __future__ import annotations

from typing import Any

from ...games import GAMES, face_export

__all__ = ["explorers_of"]


def explorers_of(game: Any) -> dict[str, type]:
    """The explorers of a game (its name or spec), by class name; empty for a game without explorers."""
    from ...games import find_game
    spec = find_game(game)
    if not spec.has_face("explorers"):
        return {}
    module = spec.face("explorers")
    return {name: getattr(module, name) for name in module.__all__ if isinstance(getattr(module, name), type)}


def __getattr__(name: str) -> Any:
    """An explorer of any game by its class name."""
    return face_export("explorers", name, __name__)


def __dir__() -> list[str]:
    return sorted(set(__all__) | {n for spec in GAMES.values() for n in explorers_of(spec)})
