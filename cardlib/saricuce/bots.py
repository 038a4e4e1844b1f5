"""Bots for Sarı Cüce.  Both are seeded with :class:`cardlib.rng.Rng` and see only what the player to
act may see (NJ-A20): their own hand, the played cards and the board.

- :class:`RandomBot` picks a legal move uniformly at random.
- :class:`TipsBot` follows the tips of the original rules (S0, "İpuçları"):
  start a run at the bottom of a ladder, so that the next ranks are yours too; prefer box cards, both
  to lead and to follow (a box card captures at once, and one left in hand doubles its box); never
  decline.

>>> from cardlib.saricuce import Hand, Rules
>>> hand = Hand.deal(Rules(players=4), seed=3)
>>> str(TipsBot(1).choose(hand)) in hand.legal_moves
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import Bot
from .hand import Hand
from .ranks import BOX, RANK
from .moves import Move

__all__ = ["RandomBot", "TipsBot"]


class RandomBot(Bot):
    """A uniformly random legal move."""

    def pick(self, hand: Hand, legal: Sequence[Move]) -> Move:
        return legal[self.rng.below(len(legal))]


class TipsBot(Bot):
    """The tips of S0, as a scoring rule.

    Following (the needed rank is fixed): play the box card if it is one of the choices (tips 1 and 2);
    otherwise any card of the rank (random, seeded).  A lead: score each card by the length ``L`` of the
    ladder of consecutive ranks in hand that starts at it, plus 2 per box card in that ladder, plus 1 if
    the card itself is a box card (tips 2-4); the highest score wins, then the lower rank (start at the
    bottom), then a box card; remaining ties are broken at random.  ``stop`` is never chosen.
    """

    def pick(self, hand: Hand, moves: Sequence[Move]) -> Move:
        plays = [(m, m.card.index) for m in moves if m.card is not None]   # (move, card index)
        legal = [m for m, _ in plays]
        if not legal:
            return moves[0]
        if len(legal) == 1:
            return legal[0]
        if hand.needed is not None:
            boxes = [m for m, i in plays if BOX[i] >= 0]
            choice = boxes or legal
            return choice[self.rng.below(len(choice))]
        seat = hand.to_act
        assert seat is not None               # a bot is asked while the hand is on
        mine = hand.hands[seat]
        ranks = {RANK[c.index] for c in mine}
        box_ranks = {RANK[c.index] for c in mine if BOX[c.index] >= 0}
        best_key = None
        pool: list[Move] = []
        for m, i in plays:
            r = RANK[i]
            top = r
            while top + 1 <= 13 and top + 1 in ranks:
                top += 1
            is_box = BOX[i] >= 0
            score = (top - r + 1) + 2 * sum(1 for x in box_ranks if r <= x <= top) + (1 if is_box else 0)
            key = (score, -r, is_box)
            if best_key is None or key > best_key:
                best_key, pool = key, [m]
            elif key == best_key:
                pool.append(m)
        return pool[self.rng.below(len(pool))]
