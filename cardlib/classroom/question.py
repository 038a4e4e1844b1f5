"""A question a lesson asks the whole class, answered by each student's own table and counted on the
projector page beside its exact chance: :func:`dealt` ("were you dealt the 7♦?").

A lesson notebook asks it by naming it ``class_question`` in a cell before the table's::

    from cardlib.classroom import dealt
    from cardlib.prob import holds_card
    class_question = dealt("7D", chance=holds_card(4, "7D"))

>>> from cardlib.prob import holds_card
>>> q = dealt("7D", chance=holds_card(4, "7D"))
>>> q.text
'Were you dealt the 7♦?'
>>> q.said("fr")
'As-tu reçu le 7♦ ?'
>>> print(q.chance)
3/13 ≈ 0.230769
>>> dealt("7Z")
Traceback (most recent call last):
...
ValueError: dealt('7Z'): '7Z' is not a card (a rank A, 2-10, J, Q, K and a suit C, D, H, S: '7D')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card

__all__ = ["ClassQuestion", "dealt"]


@dataclass(frozen=True)
class ClassQuestion:
    """A yes-or-no question about a student's deal: the ``card`` it asks about and the exact ``chance`` of a
    yes (an :class:`cardlib.prob.Exact`, or None) shown beside the class's count; ``text`` is the question
    in the language spoken (:meth:`said` in another)."""

    card: Card
    chance: Any = None

    @property
    def text(self) -> str:
        return self.said()

    def said(self, language: str | None = None) -> str:
        """The question in ``language`` (None: the language spoken now)."""
        from .words import DEALT, say
        return say(DEALT, language, card=self.card.pretty())

    def answer(self, table: Any) -> bool:
        """Whether the table's own seat (the student) was dealt the card in the hand on the table now."""
        start = table.hand.start()
        return str(self.card) in str(start["hands"][table.seat]).split()


def dealt(card: str, *, chance: Any = None) -> ClassQuestion:
    """The question "were you dealt <card>?" (``card`` as the records write it: ``"7D"``)."""
    try:
        parsed = Card.parse(card) if isinstance(card, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ValueError(f"dealt({card!r}): {card!r} is not a card (a rank A, 2-10, J, Q, K and a suit "
                         f"C, D, H, S: '7D')")
    return ClassQuestion(parsed, chance)
