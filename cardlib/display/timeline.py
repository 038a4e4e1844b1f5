"""A hand step by step: the position, the events and the legal moves after every move.

Both the plots and the stepper widget read hands through :func:`timeline`, which replays the record once
from its start (with the record's reshuffle orders, so a Pis Yedili hand replays exactly).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Step:
    """One step of a hand: ``index`` 0 is the start (before any move); step ``k`` is after move ``k``."""

    index: int
    move: str | None            # the move played to reach this step (None at the start)
    mover: int | None           # the seat that played it
    events: list[Any]           # the events of that move (at the start: the deal and stakes)
    position: dict              # hand.position() after the move
    legal: list[str]            # legal moves of the seat to act now
    lines: list[str] = field(default_factory=list)   # the events described in plain words


@dataclass
class Timeline:
    game: str
    names: list[str]
    record: dict                # the completed record (with end and result)
    steps: list[Step]
    hand: Any                   # the engine hand at the last step

    def __len__(self) -> int:
        return len(self.steps)


def load(source: Any):
    """A :class:`cardlib.records.Record` from a hand, a Record, a dict or a path."""
    from ..records import Record, load_record, record_from_hand
    if isinstance(source, Record):
        return source
    if hasattr(source, "legal_moves") and hasattr(source, "record_moves"):
        return record_from_hand(source, names=getattr(source, "names", None))
    if hasattr(source, "__fspath__"):
        source = str(source)
    return load_record(source)


def timeline(source: Any, names: list[str] | None = None) -> Timeline:
    """Replay ``source`` (a hand, a record dict, a path or a Record) once, keeping every step."""
    from ..display import default_names
    rec = load(source)
    hand = rec.initial_hand()
    n = hand.players
    names = list(names if names is not None else (rec.names or default_names(n)))
    first = list(hand.events)
    steps = [Step(0, None, None, first, hand.position(), [str(m) for m in hand.legal_moves],
                  [e.describe(names) for e in first])]
    for k, (index, text, orders) in enumerate(rec.steps(), start=1):
        mover = hand.to_act
        before = len(hand.events)
        move = hand.push(hand.parse_move(text), orders or None)
        evs = list(hand.events[before:])
        steps.append(Step(k, str(move), mover, evs, hand.position(), [str(m) for m in hand.legal_moves],
                          [e.describe(names) for e in evs]))
    completed = rec.completed(hand).to_dict()
    if rec.names is None and names is not None:
        completed["names"] = names
    return Timeline(rec.game, names, completed, steps, hand)
