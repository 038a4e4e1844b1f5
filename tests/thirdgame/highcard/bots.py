"""High Card's bots: random, and the heuristic that plays its strongest legal card."""

from __future__ import annotations

from typing import Any

from cardlib.bots import Bot

from .rules import strength


class RandomBot(Bot):
    """Any legal card, uniformly."""

    def pick(self, hand: Any, legal: list[Any]) -> Any:
        return self.rng.choice(legal)


class HighBot(Bot):
    """The strongest legal card (HC-4)."""

    def pick(self, hand: Any, legal: list[Any]) -> Any:
        return max(legal, key=lambda m: (strength(m.card), m.card.index))
