"""What both games' events share: the :class:`Event` base, its naming rule, and the one default-name rule.

Every event is a frozen dataclass that says what happened in a hand, with one plain sentence from
``describe(names)`` for a narration line.  Its ``kind`` is its class name in snake_case, derived here, so
it cannot drift from the class: ``Play`` -> ``"play"``, ``HandEnd`` -> ``"hand_end"``.  Events that mean the
same thing in both games have the same class name (``Deal``, ``Play``, ``HandEnd``).

``names`` is a list of player names by seat, or ``None``; a seat without a name is called ``Seat 0``,
``Seat 1``, ... everywhere (narration, pictures, the command line): :func:`default_names`.

>>> default_names(3)
['Seat 0', 'Seat 1', 'Seat 2']
>>> seat_name(["Ada"], 1)
'Seat 1'
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from .i18n import _

__all__ = ["Event", "default_names", "names_for", "seat_name", "kind_of"]


def default_names(n: int) -> list[str]:
    """``["Seat 0", "Seat 1", ...]``: the names used wherever a player has none (in the language spoken:
    ``Koltuk 0``, ``Place 0``, ``Miejsce 0``, :mod:`cardlib.i18n`)."""
    return [seat_name(None, i) for i in range(n)]


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The name of ``seat``: ``names[seat]`` when there is one, else ``Seat <seat>``."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _("Seat {seat}").format(seat=seat)


def names_for(names: Sequence[str] | None, n: int) -> list[str]:
    """``n`` names: those given, then the default names for the seats left without one."""
    given = list(names)[:n] if names is not None else []
    return given + default_names(n)[len(given):]


def kind_of(class_name: str) -> str:
    """The naming rule: ``"HandEnd"`` -> ``"hand_end"``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()


class Event(ABC):
    """Base class of every event of both games: ``kind`` (derived from the class name) and ``describe``."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind_of(cls.__name__)

    @abstractmethod
    def describe(self, names: Sequence[str] | None = None) -> str:
        """One plain sentence for a narration line."""

    def __str__(self) -> str:
        return self.describe()
