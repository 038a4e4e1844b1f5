"""Hand records: read, validate, write and replay (the format of ``docs/records.md``).

A record is to cardlib what PGN is to chess: a deal (or a position in the middle of a hand), the moves,
and, once replayed, the final position (``end``) and the ``result``.

>>> rec = load_record({"game": "sari-cuce", "rules": {"players": 3}, "start": {"seed": 1}, "moves": []})
>>> hand = rec.replay()
>>> hand.to_act
0
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import parse_cards
from .engine import GameSpec
from .errors import CardlibError, InvalidRecordError
from .games import GAMES, find_game

__all__ = ["FORMAT", "Record", "load_record", "replay", "record_from_hand", "Step", "Timeline", "timeline"]

FORMAT = "cardlib-hand/1"
_FIELDS = ("format", "game", "rules", "names", "start", "moves", "notes", "end", "result")


def _is_reshuffle(entry: str) -> bool:
    return entry.split(None, 1)[0].lower() == "reshuffle" if entry.strip() else False


@dataclass
class Record:
    """One hand record.  ``source`` (a path or ``<record>``) only serves error messages."""

    game: str
    rules: dict[str, Any]
    start: dict[str, Any]
    moves: list[str] = field(default_factory=list)
    names: list[str] | None = None
    notes: dict[str, str] = field(default_factory=dict)
    end: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    source: str = "<record>"

    # -- reading ---------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, source: str = "<record>") -> Record:
        def bad(why: str) -> InvalidRecordError:
            return InvalidRecordError(f"{source}: {why}")

        if not isinstance(data, dict):
            raise bad(f"a record is a JSON object, not {type(data).__name__}")
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            raise bad(f"unknown field(s) {', '.join(map(repr, unknown))}; a record has {', '.join(_FIELDS)}")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise bad(f"format {fmt!r} is not {FORMAT!r}")
        if "game" not in data:
            raise bad("no 'game' (sari-cuce or pis-yedili)")
        if not isinstance(data["game"], str) or data["game"] not in GAMES:
            raise bad(f"game {data['game']!r} is not one of {', '.join(GAMES)}")
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise bad(f"'rules' must be an object of options, not {rules!r}")
        start = data.get("start")
        if not isinstance(start, dict):
            raise bad("'start' must be an object (a deal, a position, or {\"seed\": N})")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise bad(f"'moves' must be a list of move texts, not {type(moves).__name__} {str(moves)[:40]!r}")
        for i, m in enumerate(moves):
            if not isinstance(m, str):
                raise bad(f"move {i + 1} is {m!r}: every move is text such as '7D', 'JS=H' or 'draw'")
        names = data.get("names")
        if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
            raise bad(f"'names' must be a list of strings, not {names!r}")
        notes = data.get("notes", {}) or {}
        if not isinstance(notes, dict):
            raise bad(f"'notes' must be an object from move number to text, not {notes!r}")
        return cls(game=data["game"], rules=dict(rules), start=dict(start), moves=list(moves),
                   names=list(names) if names is not None else None, notes={str(k): v for k, v in notes.items()},
                   end=data.get("end"), result=data.get("result"), source=source)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidRecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidRecordError(f"{path}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        return cls.from_dict(data, source=str(path))

    # -- writing ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "game": self.game, "rules": dict(self.rules)}
        if self.names is not None:
            out["names"] = list(self.names)
        out["start"] = self.start
        out["moves"] = list(self.moves)
        if self.notes:
            out["notes"] = dict(self.notes)
        if self.end is not None:
            out["end"] = self.end
        if self.result is not None:
            out["result"] = self.result
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    # -- replaying -------------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        """The record's game (:mod:`cardlib.games`)."""
        return find_game(self.game)

    def make_rules(self):
        try:
            return self.spec.make_rules(self.rules)
        except CardlibError as exc:
            raise InvalidRecordError(f"{self.source}: rules: {exc}") from None

    def initial_hand(self, strict: bool = False):
        """The hand at ``start``, before any move.

        A hand-written position that could not happen in a real hand is taken, and its hand's ``status()``
        says what is odd (:meth:`warnings`); ``strict=True`` refuses it instead (the game's
        ``from_start(..., strict=True)``)."""
        Hand = self.spec.hand
        rules = self.make_rules()
        start = self.start
        # strict is passed only when asked for: a plain read is the same call for every game's from_start
        flags = {"strict": True} if strict else {}
        try:
            if "seed" in start and "hands" not in start:
                seed = start["seed"]
                if isinstance(seed, bool) or not isinstance(seed, int):
                    raise InvalidRecordError(f"{self.source}: start: seed {seed!r} is not a whole number")
                dealt = Hand.deal(rules, seed=seed, dealer=start.get("dealer"))
                full = dict(dealt.start())
                extra = set(start) - {"seed", "dealer"}
                for key in extra:
                    full[key] = start[key]
                return Hand.from_start(rules, full, seed=seed, **flags)
            return Hand.from_start(rules, start, seed=start.get("seed"), **flags)
        except InvalidRecordError:
            raise
        except CardlibError as exc:
            why = str(exc).removeprefix("start: ")
            raise InvalidRecordError(f"{self.source}: start: {why}") from None

    def steps(self) -> list[tuple[int, str, list[list]]]:
        """The moves as ``(entry index, move text, stock orders)``: each move with the orders of the
        reshuffles written right after it."""
        out: list[tuple[int, str, list[list]]] = []
        for i, entry in enumerate(self.moves):
            if _is_reshuffle(entry):
                if not out:
                    raise InvalidRecordError(f"{self.source}: move {i + 1} {entry[:30]!r}: a reshuffle entry must follow a move")
                try:
                    out[-1][2].append(parse_cards(entry.split(None, 1)[1] if " " in entry.strip() else ""))
                except CardlibError as exc:
                    raise InvalidRecordError(f"{self.source}: move {i + 1} (reshuffle): {exc}") from None
            else:
                out.append((i, entry, []))
        return out

    def replay(self, upto: int | None = None, strict: bool = False):
        """Play the moves from ``start`` (the first ``upto`` moves, reshuffle entries not counted).

        Returns the hand.  A move that cannot be read or is not legal raises
        :class:`InvalidRecordError` naming its number (1-based, counting every entry), its text and why.
        ``strict`` is passed to :meth:`initial_hand`; without it, :meth:`warnings` says what is odd about
        the start.
        """
        hand = self.initial_hand(strict=strict)
        for n, (index, text, orders) in enumerate(self.steps()):
            if upto is not None and n >= upto:
                break
            try:
                hand.push(hand.parse_move(text), orders or None)
            except CardlibError as exc:
                raise InvalidRecordError(f"{self.source}: move {index + 1} {text!r}: {exc}") from None
        return hand

    def warnings(self, hand=None) -> list[str]:
        """What is odd about the start, one line each (``"FILE: start: board: ..."``): the ``status()`` of
        ``hand`` (a hand replayed from this record; by default the initial hand).  Empty for a deal and for
        any position reached by play."""
        hand = self.initial_hand() if hand is None else hand
        return [f"{self.source}: start: {w}" for w in hand.status()]

    def completed(self, hand=None) -> Record:
        """A copy with the moves as the engine writes them (reshuffle entries included), ``end`` and ``result``."""
        hand = self.replay() if hand is None else hand
        result = hand.result()
        return Record(game=self.game, rules=dict(self.rules), start=self.start, moves=hand.record_moves(),
                      names=self.names, notes=dict(self.notes), end=hand.position(),
                      result=result.to_dict() if result is not None else None, source=self.source)

    def differences(self) -> list[str]:
        """Where the stored ``end`` and ``result`` disagree with a fresh replay (empty when they agree)."""
        fresh = self.completed()
        diffs = []
        for part in ("end", "result"):
            stored = getattr(self, part)
            if stored is None:
                continue
            mine = getattr(fresh, part) or {}
            for key in sorted(set(stored) | set(mine)):
                if _norm(stored.get(key), key) != _norm(mine.get(key), key):
                    diffs.append(f"{part}.{key}: record has {stored.get(key)!r}, replay gives {mine.get(key)!r}")
        return diffs


_CARD_LISTS = {"hands", "dead", "stock", "discard", "played"}


def _norm(value: Any, key: str = "") -> Any:
    """Card lists written as text (``"AS 2H"``) or as lists (``["AS", "2H"]``) compare equal."""
    if key in _CARD_LISTS:
        if isinstance(value, str):
            return value.split()
        if key == "hands" and isinstance(value, list):
            return [v.split() if isinstance(v, str) else list(v) for v in value]
        return value
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v, k) for k, v in value.items()}
    return value


def load_record(source: str | Path | dict) -> Record:
    """A record from a path, a JSON text, or a dict."""
    if isinstance(source, dict):
        return Record.from_dict(source)
    if isinstance(source, Record):
        return source
    if isinstance(source, str) and source.lstrip().startswith("{"):
        try:
            return Record.from_dict(json.loads(source))
        except json.JSONDecodeError as exc:
            raise InvalidRecordError(f"<record>: not JSON: {exc.msg}") from None
    return Record.load(source)


def replay(source: str | Path | dict | Record, strict: bool = False):
    """Replay a record: returns ``(hand, completed_record_dict)``; ``hand.status()`` lists what is odd
    about its start (``strict=True`` refuses such a start)."""
    rec = load_record(source)
    hand = rec.replay(strict=strict)
    return hand, rec.completed(hand).to_dict()


def record_from_hand(hand, names: list[str] | None = None, notes: dict[str, str] | None = None) -> Record:
    """The record of a hand played so far: its start, its moves, and ``end``/``result``."""
    result = hand.result()
    return Record(game=hand.game, rules=hand.rules.to_dict(), start=hand.start(), moves=hand.record_moves(),
                  names=names, notes=dict(notes or {}), end=hand.position(),
                  result=result.to_dict() if result is not None else None)


# ---------------------------------------------------------------------------------------------------
# a hand step by step

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
    """A hand replayed once, keeping every step (what the stepper and the charts read)."""

    game: str
    names: list[str]
    record: dict                # the completed record (with end and result)
    steps: list[Step]
    hand: Any                   # the engine hand at the last step

    def __len__(self) -> int:
        return len(self.steps)


def timeline(source: Any, names: list[str] | None = None) -> Timeline:
    """Replay ``source`` (a hand, a :class:`Record`, a record dict, JSON text or a path) once, keeping every
    step: its move, mover, events and their sentences, position and legal moves.  Reshuffle orders come
    from the record, so a Pis Yedili hand replays exactly."""
    from .events import names_for
    if hasattr(source, "legal_moves") and hasattr(source, "record_moves"):
        rec = record_from_hand(source, names=getattr(source, "names", None))
    elif isinstance(source, Record):
        rec = source
    else:
        rec = load_record(str(source) if hasattr(source, "__fspath__") else source)
    hand = rec.initial_hand()
    names = names_for(names if names is not None else rec.names, hand.players)
    first = hand.events
    steps = [Step(0, None, None, first, hand.position(), [str(m) for m in hand.legal_moves],
                  [e.describe(names) for e in first])]
    for k, (index, text, orders) in enumerate(rec.steps(), start=1):
        mover = hand.to_act
        before = len(hand.events)
        move = hand.push(hand.parse_move(text), orders or None)
        evs = hand.events[before:]
        steps.append(Step(k, str(move), mover, evs, hand.position(), [str(m) for m in hand.legal_moves],
                          [e.describe(names) for e in evs]))
    completed = rec.completed(hand).to_dict()
    if rec.names is None:
        completed["names"] = names
    return Timeline(rec.game, names, completed, steps, hand)
