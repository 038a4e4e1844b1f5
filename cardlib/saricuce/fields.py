"""Reading the fields of a Sarı Cüce ``start`` (docs/records.md): seats, card lists, chips, the board and
the needed rank.

Each reader takes the raw JSON value and returns it in the engine's form, or raises
:class:`~cardlib.errors.InvalidPositionError` naming the field, quoting the value and saying why.  These are
the checks a deal and a position share; :mod:`cardlib.saricuce.deal` (deals) and
:mod:`cardlib.saricuce.position` (positions) use them.

>>> read_needed("J"), read_seat("to_act", 2, 4)
(11, 2)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, ascii_upper, make_deck, parse_cards
from ..checks import check_seat
from ..errors import InvalidCardError, InvalidPositionError
from ..jsonio import shown
from .events import rank_name
from .rules import BOX_NAMES, BOXES, CHIPS_MAX, Rules

__all__ = ["check_rules", "read_seat", "read_needed", "read_cards", "read_hands", "check_deck", "read_chips",
           "read_board", "check_total", "chip_total_problem"]

_DECK: tuple[Card, ...] = tuple(make_deck())
_BOX_KEYS = frozenset(BOX_NAMES)
_RANK_LOOKUP = {**{rank_name(r): r for r in range(1, 14)}, "T": 10}


def check_rules(rules: Any) -> Rules:
    """``rules`` as a :class:`Rules` (a dict of options is read with :meth:`Rules.from_dict`)."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, dict) or rules is None:
        return Rules.from_dict(rules)
    raise InvalidPositionError(f"rules {shown(rules)} must be a saricuce.Rules (or a dict of options)")


def read_seat(name: str, value: Any, n: int) -> int:
    return check_seat(f"start: {name}", value, n, error=InvalidPositionError)


def read_needed(value: Any) -> int | None:
    """The needed rank (2..13), from rank text (``"8"``, ``"J"``, ``"T"``) or a number; ``None`` for a lead."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        r = value
    elif isinstance(value, str):
        r = _RANK_LOOKUP.get(ascii_upper(value.strip()), 0)
    else:
        r = 0
    if not 2 <= r <= 13:
        raise InvalidPositionError(f"start: needed={shown(value)} is not a rank from 2 to K (or null for a lead)")
    return r


def read_cards(name: str, value: Any) -> list[Card]:
    if not isinstance(value, (str, list)):
        raise InvalidPositionError(f"start: {name} {shown(value)} must be a card list such as \"AS 2H 10D\"")
    try:
        cards = parse_cards(value)
    except InvalidCardError as exc:
        raise InvalidPositionError(f"start: {name} {shown(value)}: {exc}") from None
    if any(c.is_joker for c in cards):
        raise InvalidPositionError(f"start: {name} {shown(value)}: Sarı Cüce has no jokers (NJ-01)")
    return cards


def read_hands(value: Any, n: int) -> list[list[Card]]:
    if not isinstance(value, list):
        raise InvalidPositionError(f"start: hands {shown(value)} must be a list of {n} card lists")
    if len(value) != n:
        raise InvalidPositionError(f"start: hands has {len(value)} entries but the rules have {n} players")
    return [read_cards(f"hands[{s}]", h) for s, h in enumerate(value)]


def check_deck(hands: list[list[Card]], dead: list[Card], played: list[Card]) -> None:
    """The hands, the dead stock and the played pile hold the 52 cards exactly once each (NJ-01)."""
    every = [c for h in hands for c in h] + dead + played
    if len(every) == 52 and len(set(every)) == 52:
        return
    where: dict[Card, list[str]] = {}
    for s, h in enumerate(hands):
        for c in h:
            where.setdefault(c, []).append(f"hands[{s}]")
    for name, cards in (("dead", dead), ("played", played)):
        for c in cards:
            where.setdefault(c, []).append(name)
    dups = [f"{c} ({', '.join(w)})" for c, w in sorted(where.items(), key=lambda cw: cw[0].index) if len(w) > 1]
    missing = [str(c) for c in _DECK if c not in where]
    parts = []
    if dups:
        parts.append("duplicated: " + "; ".join(dups))
    if missing:
        parts.append("missing: " + " ".join(missing))
    raise InvalidPositionError(
        "start: the cards do not make up the 52-card deck exactly (NJ-01): " + "; ".join(parts))


def read_chips(value: Any, n: int) -> list[int]:
    if (not isinstance(value, list) or len(value) != n
            or any(c.__class__ is not int or not 0 <= c <= CHIPS_MAX for c in value)):
        raise InvalidPositionError(f"start: chips {shown(value)} must be {n} whole numbers from 0 to "
                                   f"{CHIPS_MAX:,}, one per seat")
    return list(value)


def read_board(value: Any) -> list[int]:
    """The five boxes in board order, from ``{"10D": 4, "JC": 8, ...}`` (any card notation for the keys)."""
    if not isinstance(value, dict):
        raise InvalidPositionError(f"start: board {shown(value)} must be an object with the boxes {' '.join(BOX_NAMES)}")
    if value.keys() == _BOX_KEYS:
        out = [value[b] for b in BOX_NAMES]
        if all(type(v) is int and v >= 0 for v in out):
            return out
    norm: dict[str, Any] = {}
    for key, v in value.items():
        try:
            card = Card.parse(key)
        except InvalidCardError:
            card = None
        if card not in BOXES:
            raise InvalidPositionError(f"start: board {shown(value)}: {shown(key)} is not a box; the boxes are {' '.join(BOX_NAMES)} (NJ-05)")
        if str(card) in norm:
            raise InvalidPositionError(f"start: board {shown(value)}: box {card} appears twice")
        norm[str(card)] = v
    missing = [b for b in BOX_NAMES if b not in norm]
    if missing:
        raise InvalidPositionError(f"start: board {shown(value)} lacks the box(es) {' '.join(missing)}")
    out = [norm[b] for b in BOX_NAMES]
    if any(v.__class__ is not int or not 0 <= v <= CHIPS_MAX for v in out):
        raise InvalidPositionError(f"start: board {shown(value)}: every box holds a whole number of chips from 0 "
                                   f"to {CHIPS_MAX:,}")
    return out


def chip_total_problem(rules: Rules, chips: list[int], board: list[int], when: str) -> str | None:
    """Why the chips and the board do not add up to ``starting_chips x players`` (NJ-28), or ``None``."""
    total = sum(chips) + sum(board)
    if total == rules.total_chips:
        return None
    return (f"chips {shown(chips)} plus board {shown(dict(zip(BOX_NAMES, board)))} ({when}) make {total} chips, but "
            f"{rules.players} players x {rules.starting_chips} starting chips = {rules.total_chips} (NJ-28)")


def check_total(rules: Rules, chips: list[int], board: list[int], when: str) -> None:
    """NJ-28 as an error (a deal)."""
    problem = chip_total_problem(rules, chips, board, when)
    if problem:
        raise InvalidPositionError("start: " + problem)
