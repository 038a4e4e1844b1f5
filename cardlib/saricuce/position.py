"""Sarı Cüce positions as people write them: a records.md ``start`` with ``to_act``, read into a hand.

As python-chess's ``Board(fen)`` takes any position that can be set up and ``board.status()`` says what is
odd about it, :func:`read_position` takes any position that can be played on, and what could not happen
in a real hand becomes the hand's :meth:`~cardlib.saricuce.Hand.status`: plain sentences, each starting
with the field it is about.  ``strict=True`` refuses a position with warnings.

A position is refused (:class:`~cardlib.errors.InvalidPositionError`) only when play cannot go on from it:
an unknown or missing field, a value of the wrong type, a seat out of range, cards that do not make up the
deck, a seat with no cards (it has won: the hand is over), a ``to_act`` without a card of the needed rank,
or a needed rank without a ``last`` player.  ``needed``, ``last`` and ``played_by`` are taken as given;
``played`` is then a set of cards, read in playing order only when it can be one.  ``needed``, ``last``,
``played`` and ``played_by`` may be left out: what can be derived is, and a warning says what was taken.
The choices are listed in docs/rules-sari-cuce.md, Decisions 4 to 6, 17 and 18.

>>> from cardlib.saricuce import Hand, Rules
>>> start = Hand.deal(Rules(players=3), seed=1).position()
>>> start["board"]["QS"], start["chips"][0] = 0, start["chips"][0] + 9     # a teacher's board
>>> Hand.from_start(Rules(players=3), start).status()
["board: the QS box holds 0 chips, less than this hand's stakes (3 x 3 = 9, NJ-06)"]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, cards_text, make_deck
from ..errors import InvalidPositionError
from .events import rank_name
from .fields import (check_deck, chip_total_problem, read_board, read_cards, read_chips, read_hands,
                     read_needed, read_seat)
from .rules import BOX_NAMES, BOXES, STAKES, Rules, rank_of
from .state import State
from ..jsonio import shown

__all__ = ["POSITION_KEYS", "read_position", "write_position", "played_by", "complete_position"]

_REQUIRED = ("dealer", "hands", "dead", "chips", "board", "to_act")
#: the fields of a position (records.md); the last four may be left out
POSITION_KEYS = _REQUIRED + ("needed", "last", "played", "played_by")
_DECK = tuple(make_deck())




@dataclass
class _Position:
    """A position as read: every field in the engine's form, and the notes on what was derived."""

    rules: Rules
    dealer: int
    to_act: int
    hands: list[list[Card]]
    dead: list[Card]
    chips: list[int]
    board: list[int]
    played: list[Card] = field(default_factory=list)
    played_by: list[int] = field(default_factory=list)
    needed: int | None = None
    last: int | None = None
    pile_given: bool = True
    notes: list[str] = field(default_factory=list)

    def held(self) -> list[int]:
        """How many cards of each rank (index 1..13) the seats hold now."""
        held = [0] * 14
        for h in self.hands:
            for c in h:
                held[rank_of(c)] += 1
        return held

    def holds(self, seat: int, rank: int) -> bool:
        return any(rank_of(c) == rank for c in self.hands[seat])


def read_position(state: State, start: dict[str, Any], strict: bool = False) -> None:
    """Set ``state`` to the position ``start`` (which has ``to_act``); see the module docstring."""
    p = _read(state.rules, start)
    warnings = p.notes + _size_warnings(p) + _chip_warnings(p) + _turn_warnings(p)
    problem, broken, seq = _read_pile(p) if p.pile_given else (None, False, 0)
    if problem:
        warnings.append(f"played: not in a playing order: {problem}; the pile is read as a set of cards")
    if problem or not p.pile_given:          # a set of cards: no single run can be read off it (NJ-F4)
        broken, seq = bool(p.played), _run_from_set(p)
    if strict and warnings:
        raise InvalidPositionError("start: strict: this position could not happen in a real hand: "
                                   + "; ".join(warnings))
    state.dealer, state.hands, state.dead, state.chips, state.board = p.dealer, p.hands, p.dead, p.chips, p.board
    state.count_ranks()
    state.played = list(p.played)
    for seat in p.played_by:
        state.has_played[seat] = True
    state.last, state.needed, state.to_act = p.last, p.needed, p.to_act
    state.run_broken, state.run_length = broken, seq
    state.warnings = tuple(warnings)
    state.start = write_position(state)


def write_position(state: State) -> dict[str, Any]:
    """The records.md position (cards as canonical text; chips and board as they are now)."""
    return {
        "dealer": state.dealer,
        "hands": [cards_text(h) for h in state.hands],
        "dead": cards_text(state.dead),
        "chips": list(state.chips),
        "board": dict(zip(BOX_NAMES, state.board)),
        "to_act": None if state.over else state.to_act,
        "needed": None if state.needed is None else rank_name(state.needed),
        "last": state.last,
        "played": cards_text(state.played),
        "played_by": played_by(state),
    }


def played_by(state: State) -> list[int]:
    """Seats that have played a card this hand (decides the Opéra, NJ-24)."""
    return [s for s in range(state.players) if state.has_played[s]]


# -- reading -----------------------------------------------------------------------------------------
def _read(rules: Rules, start: dict[str, Any]) -> _Position:
    """The fields, checked (the errors), with the optional ones derived when they are left out."""
    n = rules.players
    unknown = [key for key in start if key not in POSITION_KEYS]
    if unknown:
        raise InvalidPositionError(
            f"start: unknown field(s) {', '.join(map(shown, unknown))}; a position has {', '.join(POSITION_KEYS)}")
    missing = [key for key in _REQUIRED if key not in start]
    if missing:
        raise InvalidPositionError(f"start: a position (it has 'to_act') also needs {', '.join(missing)}")
    if start["to_act"] is None:
        raise InvalidPositionError(
            "start: to_act is null, so the hand is over; start from a deal or a position still in play")
    p = _Position(rules, dealer=read_seat("dealer", start["dealer"], n),
                  to_act=read_seat("to_act", start["to_act"], n), hands=read_hands(start["hands"], n),
                  dead=read_cards("dead", start["dead"]), chips=read_chips(start["chips"], n),
                  board=read_board(start["board"]))
    _read_played(p, start)
    for s, h in enumerate(p.hands):
        if not h:
            raise InvalidPositionError(
                f"start: hands[{s}] is empty: a seat with no cards has won, so the hand is over (NJ-20)")
    _read_played_by(p, start)
    if "needed" in start:
        p.needed = read_needed(start["needed"])
    else:
        _derive_needed(p)
    if "last" in start:
        p.last = None if start["last"] is None else read_seat("last", start["last"], n)
    else:
        _derive_last(p)
    if p.needed is not None:
        need = rank_name(p.needed)
        if not p.holds(p.to_act, p.needed):
            raise InvalidPositionError(
                f"start: to_act={p.to_act} holds no {need} ({shown(cards_text(p.hands[p.to_act]))}) but the needed "
                f"rank is {need}, so seat {p.to_act} cannot move (NJ-14)")
        if p.last is None:
            raise InvalidPositionError(
                f"start: needed={shown(start.get('needed', need))} with last=null: a needed rank follows a card "
                "someone played, and last names that seat (NJ-14 searches from it)")
    return p


def _read_played(p: _Position, start: dict[str, Any]) -> None:
    if "played" in start:
        p.played = read_cards("played", start["played"])
    else:
        listed = {c for h in p.hands for c in h} | set(p.dead)
        p.played = [c for c in _DECK if c not in listed]
        p.pile_given = False
        if p.played:
            p.notes.append(f"played: not given; taken as the {len(p.played)} cards in no hand and not in dead "
                           f"({cards_text(p.played)}), a set of cards in no playing order")
    check_deck(p.hands, p.dead, p.played)


def _read_played_by(p: _Position, start: dict[str, Any]) -> None:
    n, k = p.rules.players, p.rules.cards_per_player
    if "played_by" not in start:
        p.played_by = [s for s in range(n) if len(p.hands[s]) < k]
        if p.played_by:
            p.notes.append(f"played_by: not given; taken as the seats holding fewer than {k} cards, {p.played_by}")
        return
    raw = start["played_by"]
    if not isinstance(raw, list):
        raise InvalidPositionError(f"start: played_by {shown(raw)} must be a list of seats")
    p.played_by = [read_seat("played_by entry", s, n) for s in raw]
    if len(set(p.played_by)) != len(p.played_by):
        raise InvalidPositionError(f"start: played_by {shown(raw)} names a seat twice")


def _derive_needed(p: _Position) -> None:
    """``needed`` left out: the rank the rules ask for after the last card listed, if to_act holds it."""
    if not p.played:
        return
    want = None
    if p.pile_given:
        want = _next_needed(rank_of(p.played[-1]), p.held(), p.rules.stall_rule == "skip_rank")
    if want is not None and p.holds(p.to_act, want):
        p.needed = want
        p.notes.append(f"needed: not given; taken as {rank_name(want)}, the rank that follows {p.played[-1]}, "
                       "the last card listed in played (NJ-13)")
    else:
        p.notes.append(f"needed: not given; taken as null: seat {p.to_act} leads a new run")


def _derive_last(p: _Position) -> None:
    """``last`` left out: the lead after a King or a stall is the last player's (NJ-17, NJ-18); before a
    needed rank, the nearest seat back from to_act that has played and from which to_act is the first
    holder (NJ-14)."""
    if not p.played:
        return
    n = p.rules.players
    if p.needed is None:
        p.last = p.to_act
        p.notes.append(f"last: not given; taken as to_act, seat {p.to_act}: a new run is led by the "
                       "player of the last card (NJ-17, NJ-18)")
        return
    p.last = p.to_act
    if p.to_act not in p.played_by:
        for i in range(1, n):
            s = (p.to_act - i) % n
            if p.holds(s, p.needed):
                break
            if s in p.played_by:
                p.last = s
                break
    p.notes.append(f"last: not given; taken as seat {p.last}, the nearest seat back from to_act that has "
                   f"played, from which seat {p.to_act} is the first holder of rank {rank_name(p.needed)} (NJ-14)")


# -- warnings: what could not happen in a real hand --------------------------------------------------
def _size_warnings(p: _Position) -> list[str]:
    """The deal table (NJ-02, NJ-11) against dead, the hand sizes and played_by."""
    rules = p.rules
    n, k = rules.players, rules.cards_per_player
    out = []
    if len(p.dead) != rules.dead_count:
        out.append(f"dead: {len(p.dead)} cards ({cards_text(p.dead)}); with {n} players the dead stock has "
                   f"{rules.dead_count} (NJ-02, NJ-11)")
    for s, h in enumerate(p.hands):
        if s in p.played_by and len(h) >= k:
            out.append(f"hands[{s}]: seat {s} is in played_by {p.played_by} but holds {len(h)} cards; a seat "
                       f"that has played holds 1 to {k - 1} of its {k} cards (NJ-02)")
        elif s not in p.played_by and len(h) != k:
            out.append(f"hands[{s}]: seat {s} holds {len(h)} cards but is not in played_by {p.played_by}; a seat "
                       f"that has not played holds all {k} cards it was dealt (NJ-02)")
    if p.played and not p.played_by:
        out.append(f"played_by: empty, but {len(p.played)} cards have been played")
    elif len(p.played_by) > len(p.played):
        out.append(f"played_by: {len(p.played_by)} seats {p.played_by} have played, but only "
                   f"{len(p.played)} cards are in played")
    return out


def _chip_warnings(p: _Position) -> list[str]:
    """The boxes after the stakes and captures (NJ-06, NJ-19) and the chip total (NJ-28)."""
    n = p.rules.players
    out = []
    for amount, name, box, stake in zip(p.board, BOX_NAMES, BOXES, STAKES):
        if box in p.played and amount:
            out.append(f"board: {name} has been played this hand, so its box was captured (NJ-19), but it "
                       f"holds {amount} chips")
        elif box not in p.played and amount < stake * n:
            out.append(f"board: the {name} box holds {amount} chips, less than this hand's stakes "
                       f"({stake} x {n} = {stake * n}, NJ-06)")
    problem = chip_total_problem(p.rules, p.chips, p.board, "after the stakes")
    if problem:
        out.append(f"chips: {problem.removeprefix('chips ')}; the hand keeps this position's own total")
    return out


def _turn_warnings(p: _Position) -> list[str]:
    """Who is to act, against the dealer (NJ-12), the last player (NJ-17, NJ-18) and NJ-14."""
    n = p.rules.players
    out = []
    if not p.played:
        if p.last is not None:
            out.append(f"last: seat {p.last}, but nothing has been played (last is null until a card is played)")
        if p.needed is not None:
            out.append(f"needed: {rank_name(p.needed)}, but nothing has been played, so the hand's first "
                       "run has not been led (NJ-12)")
        elif p.to_act != (p.dealer + 1) % n:
            out.append(f"to_act: nothing has been played, so seat {(p.dealer + 1) % n} (the dealer's left) "
                       f"leads, not seat {p.to_act} (NJ-12)")
    elif p.last is None:
        out.append("last: null, but cards have been played: last names the seat that played the last card")
    if p.last is not None and p.played and p.last not in p.played_by:
        out.append(f"last: seat {p.last} played the last card but is not in played_by {p.played_by}")
    if p.needed is None and p.last is not None and p.played and p.to_act != p.last:
        out.append(f"to_act: needed is null (a new run), so the player of the last card, seat {p.last}, "
                   f"leads, not seat {p.to_act} (NJ-17, NJ-18)")
    if p.needed is not None and p.last is not None and not p.rules.allow_voluntary_stop:
        first = next(s for s in ((p.last + i) % n for i in range(n)) if p.holds(s, p.needed))
        if first != p.to_act:
            out.append(f"to_act: the first holder of rank {rank_name(p.needed)} from seat {p.last} clockwise is "
                       f"seat {first}, not seat {p.to_act} (NJ-14)")
    return out


# -- the played pile ---------------------------------------------------------------------------------
def _next_needed(rank: int, held: list[int], skip: bool) -> int | None:
    """The rank the rules ask for after a card of ``rank`` when ``held`` counts the cards still held: r+1
    (NJ-13), the next rank still held with ``skip_rank`` (NJ-F3), or ``None`` for a new run."""
    if rank == 13:
        return None                                   # NJ-17
    if held[rank + 1]:
        return rank + 1
    if skip:
        return next((r for r in range(rank + 2, 14) if held[r]), None)
    return None                                       # NJ-18


def _read_pile(p: _Position) -> tuple[str | None, bool, int]:
    """Walk ``played`` in the order listed: (why it is no playing order or ``None``, whether the run is
    broken (NJ-F4), the cards of the current run)."""
    rules = p.rules
    stop, skip = rules.allow_voluntary_stop, rules.stall_rule == "skip_rank"
    held = p.held()
    for c in p.played:                                # before the first card, every played card was held
        held[rank_of(c)] += 1
    broken, seq, prev = False, 0, None
    for c in p.played:
        r = rank_of(c)
        if prev is None:
            seq = 1
        else:
            want = _next_needed(rank_of(prev), held, skip)
            if want is not None and (r == want or (stop and skip and r > rank_of(prev))):
                seq += 1                              # the run goes on
                broken = broken or r != rank_of(prev) + 1
            elif want is None or stop:
                seq, broken = 1, True                 # a new run (a King, a stall, or all declined)
            else:
                return (f"after {prev} comes {c}, but a card of rank {rank_name(want)} was still held and "
                        f"had to follow (NJ-13, NJ-14{', NJ-F3' if skip else ''})"), True, 0
        held[r] -= 1
        prev = c
    if prev is None:
        return None, False, 0
    if p.needed is not None and p.needed != rank_of(prev) + 1:
        broken = True                                 # a rank skipped on the way to needed (NJ-F3, NJ-F4)
    return _pile_end_problem(p, held), broken, seq


def _pile_end_problem(p: _Position, held: list[int]) -> str | None:
    """Whether the last card listed can be followed by ``needed`` as given."""
    rules = p.rules
    stop, skip = rules.allow_voluntary_stop, rules.stall_rule == "skip_rank"
    last = p.played[-1]
    r = rank_of(last)
    want = _next_needed(r, held, skip)
    if p.needed is None:
        if want is None or stop:
            return None
        return (f"after the last card listed, {last}, a card of rank {rank_name(want)} is still held, so the "
                "run goes on, but needed is null (NJ-13, NJ-14)")
    need = rank_name(p.needed)
    if r == 13:
        return f"the last card listed, {last}, is a King, so a new run starts (NJ-17), but needed is {need}"
    fits = p.needed > r if stop and skip else p.needed == (r + 1 if stop else want)
    if fits:
        return None
    return (f"the last card listed, {last}, is followed by {rank_name(want) if want else 'a new run'}, "
            f"not by needed {need} (NJ-13{', NJ-F3' if skip else ''}, NJ-18)")


def _run_from_set(p: _Position) -> int:
    """The cards of the current run when the pile is a set: the ranks below ``needed`` found in it."""
    if p.needed is None or not p.played:
        return 0
    ranks = {rank_of(c) for c in p.played}
    seq = 0
    while p.needed - 1 - seq in ranks:
        seq += 1
    return max(seq, 1)


def complete_position(rules: Any, start: dict[str, Any]) -> dict[str, Any]:
    """A copy of a short position with the fields a lesson need not write filled in: ``dealer`` (the last
    seat), ``chips`` (``starting_chips`` less this hand's stakes, NJ-06), ``board`` (this hand's stakes on
    every box whose card is not played, NJ-06/NJ-19), and ``dead`` (every card in no hand and not in
    ``played``).  What is given is kept; ``from_start`` then reads and checks the whole."""
    rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
    n = rules.players
    out = dict(start)
    out.setdefault("dealer", n - 1)
    out.setdefault("chips", [rules.starting_chips - sum(STAKES)] * n)
    listed: set[Card] = set()
    for s, h in enumerate(start.get("hands", [])):
        listed |= set(read_cards(f"hands[{s}]", h))
    played = set(read_cards("played", start.get("played") or []))
    out.setdefault("board", {name: (0 if box in played else stake * n)
                             for name, box, stake in zip(BOX_NAMES, BOXES, STAKES)})
    if "dead" not in out:
        out["dead"] = [str(c) for c in make_deck() if c not in listed and c not in played]
    return out
