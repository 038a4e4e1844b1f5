"""Bots for Pis Yedili: ``RandomBot(seed)`` and ``HeuristicBot(seed)``; ``bot.choose(hand) -> Move``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..bots import Bot
from .moves import Move
from .scoring import card_value

__all__ = ["RandomBot", "HeuristicBot"]


class RandomBot(Bot):
    """Picks one of the legal moves uniformly with its own seeded generator."""

    def pick(self, hand, legal: Sequence[Move]) -> Move:
        return legal[self.rng.below(len(legal))]


class HeuristicBot(Bot):
    """A simple, sensible player.

    - goes out when it can, and always declares "tek";
    - keeps a 7 to answer a 7 (plays a 7 only against pending sevens, or when nothing else fits);
    - otherwise sheds its highest-value card (a J or joker last, since they fit anywhere);
    - a J or joker names the suit it holds most of (after the play);
    - draws only when it has no play, and passes only when it must.
    ``seed`` breaks ties between equally good moves.
    """

    def pick(self, hand, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = hand.to_act
        held = hand.hands[me]
        plays = [m for m in moves if m.kind == "play"]
        # prefer the tek-declaring version of a play
        if plays:
            keys = {(m.card, m.suit) for m in plays if m.tek}
            plays = [m for m in plays if m.tek or (m.card, m.suit) not in keys]
        if len(held) == 1 and plays:
            return plays[0]
        if plays:
            best = max(self._score(m, held, hand) for m in plays)
            top = [m for m in plays if self._score(m, held, hand) == best]
            return top[self.rng.below(len(top))]
        for word in ("end", "draw", "pass"):
            for m in moves:
                if m.kind == word:
                    return m
        return moves[0]

    def _score(self, m: Move, held, hand) -> float:
        c = m.card
        rest = list(held)
        rest.remove(c)
        if not rest:
            return 1e9  # going out
        score = float(card_value(c))
        r = None if c.is_joker else int(c.rank)
        if r == 7 and not hand.pending:
            score -= 100  # keep a 7 to answer a 7
        if c.is_joker or r == 11:
            score -= 60  # wild cards are worth keeping
        if m.suit is not None:
            counts = Counter(x.suit for x in rest if x.suit is not None)
            score += counts.get(m.suit, 0) * 2
            if counts and counts.get(m.suit, 0) == max(counts.values()):
                score += 5
        return score
