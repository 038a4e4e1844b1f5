"""Card values, finishing multipliers, end penalty cards and hand scores (PY-28, PY-29, PY-30, PY-T2).

>>> from cardlib import parse_cards
>>> hand_value(parse_cards("JS 7D AC KH QS 9C X"))   # 25 + 20 + 15 + 10 + 10 + 9 + 100
189
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from ..cards import Card
from .rules import Rules

__all__ = ["card_value", "hand_value", "multiplier", "out_scores", "stock_scores", "END_OWED"]

# by Card.index: A=15, 2-6 and 8-10 face value, 7=20, J=25, Q=K=10; joker (52) = 100   (PY-29)
_RANK_VALUE = {1: 15, 7: 20, 11: 25, 12: 10, 13: 10}
VALUES: tuple[int, ...] = tuple(
    [_RANK_VALUE.get(i % 13 + 1, i % 13 + 1) for i in range(52)] + [100])

#: PY-T2: end-of-hand penalty cards owed per card held, by Card.index: 7 -> 3, A -> 1, joker -> 10
END_OWED: tuple[int, ...] = tuple([{7: 3, 1: 1}.get(i % 13 + 1, 0) for i in range(52)] + [10])

_INDEX = attrgetter("index")


def card_value(card: Card) -> int:
    """PY-29: J 25, 7 20, A 15, K and Q 10, other cards face value, joker 100."""
    return VALUES[card.index]


def hand_value(cards: Iterable[Card]) -> int:
    return sum(map(VALUES.__getitem__, map(_INDEX, cards)))


def multiplier(card: Card, rules: Rules) -> int:
    """PY-30: the winning card's multiplier, 7 x3, J x2, joker x10, others x1 (all 1 when switched off)."""
    if not rules.finish_multipliers:
        return 1
    if card.is_joker:
        return 10
    r = card.index % 13 + 1
    return 3 if r == 7 else 2 if r == 11 else 1


def out_scores(hands: Sequence[Sequence[Card]], winner: int, mult: int) -> list[int]:
    """PY-30: the winner scores 0, everyone else their hand value times the multiplier."""
    return [0 if s == winner else hand_value(h) * mult for s, h in enumerate(hands)]


def stock_scores(hands: Sequence[Sequence[Card]]) -> list[int]:
    """PY-28 / PY-A20: the lowest hand value(s) score 0, everyone else their hand value, no multiplier."""
    values = [hand_value(h) for h in hands]
    low = min(values)
    return [0 if v == low else v for v in values]
