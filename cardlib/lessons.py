"""The small vocabulary the notebooks teach with (pytudes style: short names that read as sentences).

>>> from cardlib.lessons import narrate, play_out, position
>>> hand = position("pis-yedili", {"players": 3}, hands=["9H 2C", "3D 4D", "4S 5D"], discard="5H",
...                 stock="KC QC", to_act=0)
>>> [str(m) for m in hand.legal_moves]
['9H', 'draw']
>>> hand.push("9H")
Move.parse('9H')
>>> narrate(hand.events[-1:], ["Ada", "Bora", "Cem"])
Ada plays 9♥.
>>> play_out(hand, "random", seed=3).is_over()
True

- :func:`position`: a hand from the few fields a lesson writes (the rest filled in by the game's
  ``complete``: unlisted cards buried under the discard's top card, or dead);
- :func:`narrate`: events as plain sentences, one a line;
- :func:`play_out`: a hand played to its end by bots (names, seeded as everywhere in cardlib, or objects);
- :func:`table`: rows as a table a notebook shows as markdown (and as aligned text), instead of a dict;
- an answer with its 95% interval and a table of them are :class:`cardlib.prob.Estimate` and
  :func:`cardlib.prob.estimates`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .games import find_game, game_of
from .deprecated import moved_names
from .prob.results import Shown
from .series import play_to_end as _play_to_end
from .series import seat_bots

__all__ = ["position", "narrate", "play_out", "table"]

# Estimate and estimates have one home, cardlib.prob (issue 23); read here they still work, with a warning
__getattr__ = moved_names(__name__, {"Estimate": "cardlib.prob", "estimates": "cardlib.prob"})


def position(game: Any, rules: Any = None, **fields: Any) -> Any:
    """A hand of ``game`` (its name, or a rules object) from a short position: ``fields`` are the records.md
    position fields a lesson cares about (``hands``, ``to_act``, ``discard`` ...).  ``rules`` is a rules
    object or a mapping of options (``players`` defaults to the number of hands)."""
    spec = game_of(game) if not isinstance(game, str) else find_game(game)
    if not isinstance(rules, spec.rules):
        options = dict(rules or {})
        options.setdefault("players", len(fields.get("hands") or ()) or 4)
        rules = spec.make_rules(options)
    return spec.hand.from_start(rules, spec.complete(rules, fields))


def narrate(events: Iterable[Any], names: Sequence[str] | None = None) -> Shown:
    """The events as plain sentences, one a line (a text a notebook shows as it is)."""
    return Shown("\n".join(e.describe(names) for e in events))


def play_out(hand: Any, bots: Any = "random", seed: int = 0) -> Any:
    """Play ``hand`` to its end: ``bots`` are names (seeded ``bot_seed(seed, seat)``) or bot objects, one
    for every seat or one per seat.  Returns the hand."""
    return _play_to_end(hand, seat_bots(find_game(hand.game), bots, seed, hand.players))



class Table(str):
    """A small table: markdown for a notebook (every viewer draws it), aligned columns as plain text."""

    header: list[str]
    rows: list[list[str]]

    def __new__(cls, header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> Table:
        head = [str(h) for h in header]
        body = [[str(x) for x in row] for row in rows]
        for row in body:
            if len(row) != len(head):
                raise ValueError(f"table row {row!r} has {len(row)} cells; the header {head!r} has {len(head)}")
        widths = [max(len(r[k]) for r in [head, *body]) for k in range(len(head))]
        lines = ["  ".join(x.ljust(w) for x, w in zip(r, widths)).rstrip() for r in [head, *body]]
        self = super().__new__(cls, "\n".join(lines))
        self.header, self.rows = head, body
        return self

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        def line(cells: Sequence[str]) -> str:
            return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
        return "\n".join([line(self.header), "|" + "---|" * len(self.header), *map(line, self.rows)])


def table(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> Table:
    """Rows under a header, shown as a table (markdown in a notebook, aligned columns as text).

    >>> table(["players", "cards each"], [(3, 15), (4, 12)])
    players  cards each
    3        15
    4        12
    """
    return Table(header, rows)
