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
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import Card, ascii_lower, parse_cards
from .engine import GameSpec, HandBase
from .errors import CardlibError, InvalidPositionError, InvalidRecordError, entry_error
from .games import GAMES, find_game
from .jsonio import check_text, read_json, read_json_file, shown, source_name
from .seeds import check_seed

__all__ = ["FORMAT", "MAX_MOVES", "Record", "hand_at_start", "load_record", "replay", "record_from_hand", "check_names", "Step", "Timeline",
           "timeline"]

FORMAT = "cardlib-hand/1"
_FIELDS = ("format", "game", "rules", "names", "start", "moves", "notes", "end", "result")
#: the most move entries a record may hold (a Pis Yedili hand ends within 2,000 turns, PY-F5)
MAX_MOVES = 100_000
_MOVE_CHARS = 2_000       # a reshuffle entry of 108 cards is about 450 characters
_NAME_CHARS = 60
_NOTE_CHARS = 10_000


def _one_line(name: str) -> bool:
    """Whether ``name`` is one line by Unicode's definition (``str.splitlines``: not only ``\\n`` and ``\\r``
    but U+2028, U+2029, U+0085, vertical tab, form feed and the file/group/record separators) and holds no
    control character (Unicode category Cc: the C0 and C1 controls, DEL)."""
    return len(name.splitlines()) == 1 and name.splitlines()[0] == name and not any(
        unicodedata.category(ch) == "Cc" for ch in name)


def check_names(names: Any, players: int, error: type[CardlibError] = InvalidRecordError,
                source: str = "") -> list[str]:
    """``names``, one per seat, each one line of 1 to 60 characters that is not all blank (issue 28, S13).
    The record reader and the :class:`~cardlib.widgets.Table` ask this one check, so a table never writes
    names that its own records cannot read back."""
    where = f"{source}: " if source else ""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise error(f"{where}'names' must be a list of strings, not {shown(names)}")
    if len(names) != players:
        raise error(f"{where}'names' has {len(names)} name(s) {shown(names)} but the rules have {players} players: "
                    f"give one name per seat (or leave names out)")
    for seat, name in enumerate(names):
        if not name.strip() or len(name) > _NAME_CHARS or not _one_line(name):
            raise error(f"{where}names[{seat}] {shown(name, 40)}: a name is one line of 1 to {_NAME_CHARS} "
                        f"characters, without control characters or line breaks")
        check_text(name, f"{where}names[{seat}]", error)
    return list(names)


def _is_reshuffle(entry: str) -> bool:
    return ascii_lower(entry.split(None, 1)[0]) == "reshuffle" if entry.strip() else False


def _read_notes(notes: Any, moves: list[str], bad: Callable[[str], Exception]) -> dict[str, str]:
    """``notes``: an object from move number to text.  A move number is written as it counts in the
    stepper: ``"1"`` for the first move, ..., up to the number of moves (reshuffle entries are not moves);
    ``"0"`` is a note on the deal."""
    if not isinstance(notes, dict):
        raise bad(f"'notes' must be an object from move number to text, not {shown(notes)}")
    last = sum(1 for m in moves if isinstance(m, str) and not _is_reshuffle(m))
    out: dict[str, str] = {}
    for key, text in notes.items():
        if not (key.isascii() and key.isdigit() and (key == "0" or not key.startswith("0"))) or int(key) > last:
            raise bad(f"notes: key {shown(key, 30)} is not a move number from 0 to {last} (this record's moves)")
        if not isinstance(text, str) or not text.strip() or len(text) > _NOTE_CHARS:
            raise bad(f"notes[{shown(key)}] {shown(text, 40)}: a note is text of 1 to {_NOTE_CHARS:,} characters")
        out[key] = check_text(text, f"notes[{shown(key)}]")
    return out


def hand_at_start(spec: GameSpec, rules: Any, start: dict[str, Any], strict: bool = False) -> HandBase[Any, Any]:
    """The ``spec`` game's hand at a records.md ``start``, before any move: a deal from its ``seed``
    (with any other field of ``start`` laid over it: chips, board ...), or the position as written.  Bad
    fields raise the game's own errors (:class:`~cardlib.errors.InvalidPositionError` ...); ``strict`` as
    in ``from_start``.  :meth:`Record.initial_hand` and the fast engine's replay read a start with it."""
    Hand = spec.hand
    if "dealer" in start and start["dealer"] is None:
        raise InvalidPositionError("start: dealer null: give a seat, or leave the field out for the last seat")
    if "seed" in start:        # with hands too: a deal written out with its seed keeps a good one
        check_seed(start["seed"], "seed")
    if "seed" in start and "hands" not in start:
        seed = start["seed"]
        dealt = Hand.deal(rules, seed=seed, dealer=start.get("dealer"))
        full = dict(dealt.start())
        for key in set(start) - {"seed", "dealer"}:
            full[key] = start[key]
        return Hand.from_start(rules, full, seed=seed, strict=strict)
    return Hand.from_start(rules, start, seed=start.get("seed"), strict=strict)


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
        """A record from its JSON object, every field checked (nothing is silently dropped or defaulted):
        :class:`InvalidRecordError` ``"SOURCE: ..."`` says what is wrong."""
        def bad(why: str) -> InvalidRecordError:
            return InvalidRecordError(f"{source}: {why}")

        if not isinstance(data, dict):
            raise bad(f"a record is a JSON object, not {type(data).__name__}")
        unknown = sorted(str(k) for k in set(data) - set(_FIELDS))
        if unknown:
            raise bad(f"unknown field(s) {', '.join(shown(k, 30) for k in unknown)}; a record has "
                      f"{', '.join(_FIELDS)}")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT or not isinstance(fmt, str):
            raise bad(f"format {shown(fmt)} is not {FORMAT!r}")
        if "game" not in data:
            raise bad("no 'game' (sari-cuce or pis-yedili)")
        if not isinstance(data["game"], str) or data["game"] not in GAMES:
            raise bad(f"game {shown(data['game'])} is not one of {', '.join(GAMES)}")
        spec = GAMES[data["game"]]
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise bad(f"'rules' must be an object of options, not {shown(rules)}")
        try:
            players = spec.make_rules(rules).players      # the options, checked once, here
        except CardlibError as exc:
            raise bad(f"rules: {exc}") from None
        start = data.get("start")
        if not isinstance(start, dict):
            raise bad("'start' must be an object (a deal, a position, or {\"seed\": N})")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise bad(f"'moves' must be a list of move texts, not {type(moves).__name__} {shown(moves, 40)}")
        if len(moves) > MAX_MOVES:
            raise bad(f"{len(moves):,} moves: a hand record holds at most {MAX_MOVES:,} (no hand is that long)")
        for i, m in enumerate(moves):
            if not isinstance(m, str) or not m.strip():
                raise bad(f"move {i + 1} is {shown(m, 40)}: every move is text such as '7D', 'JS=H' or 'draw'")
            if len(m) > _MOVE_CHARS:
                raise bad(f"move {i + 1} {shown(m, 30)} is {len(m):,} characters long: no move is")
            check_text(m, f"{source}: move {i + 1}")
        names = data.get("names")
        if names is not None:
            check_names(names, players, source=source)
        notes = data.get("notes")
        if notes is not None:
            notes = _read_notes(notes, moves, bad)
        for part in ("end", "result"):
            if data.get(part) is not None and not isinstance(data[part], dict):
                raise bad(f"'{part}' must be an object (as a replay writes it) or left out, not {shown(data[part])}")
        return cls(game=data["game"], rules=dict(rules), start=dict(start), moves=list(moves),
                   names=list(names) if names is not None else None, notes=notes or {},
                   end=data.get("end"), result=data.get("result"), source=source)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read the record file ``path`` (``"-"``: standard input), at most :data:`cardlib.jsonio.MAX_BYTES`
        bytes of UTF-8 JSON (:func:`cardlib.jsonio.read_json_file`: no duplicate keys, bounded nesting and
        integers)."""
        source = source_name(path)
        return cls.from_dict(read_json_file(path, source), source=source)

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

    def make_rules(self) -> Any:
        try:
            return self.spec.make_rules(self.rules)
        except CardlibError as exc:
            raise InvalidRecordError(f"{self.source}: rules: {exc}") from None

    def initial_hand(self, strict: bool = False) -> HandBase[Any, Any]:
        """The hand at ``start``, before any move.

        A hand-written position that could not happen in a real hand is taken, and its hand's ``status()``
        says what is odd (:meth:`warnings`); ``strict=True`` refuses it instead (the game's
        ``from_start(..., strict=True)``)."""
        rules = self.make_rules()
        try:
            return hand_at_start(self.spec, rules, self.start, strict=strict)
        except InvalidRecordError:
            raise
        except CardlibError as exc:
            why = str(exc).removeprefix("start: ")
            raise InvalidRecordError(f"{self.source}: start: {why}") from None

    def steps(self) -> list[tuple[int, str, list[list[Card]]]]:
        """The moves as ``(entry index, move text, stock orders)``: each move with the orders of the
        reshuffles written right after it.  A game where chance decides nothing inside a move (Sarı Cüce)
        refuses reshuffle entries."""
        out: list[tuple[int, str, list[list[Card]]]] = []
        chance = self.spec.hand.chance
        for i, entry in enumerate(self.moves):
            if _is_reshuffle(entry):
                if chance is None:
                    raise InvalidRecordError(
                        f"{self.source}: move {i + 1} {shown(entry[:30])}: a reshuffle entry, but a {self.game} hand "
                        f"has no reshuffles (nothing is left to chance after the deal)")
                if not out:
                    raise InvalidRecordError(f"{self.source}: move {i + 1} {shown(entry[:30])}: a reshuffle entry must follow a move")
                try:
                    out[-1][2].append(parse_cards(entry.split(None, 1)[1] if " " in entry.strip() else ""))
                except CardlibError as exc:
                    raise InvalidRecordError(f"{self.source}: move {i + 1} (reshuffle): {exc}") from None
            else:
                out.append((i, entry, []))
        return out

    def replay(self, upto: int | None = None, strict: bool = False,
               progress: Callable[[int, int], None] | None = None) -> HandBase[Any, Any]:
        """Play the moves from ``start`` (the first ``upto`` moves, reshuffle entries not counted).

        Returns the hand.  A move that cannot be read or is not legal raises
        :class:`InvalidRecordError` naming its number (1-based, counting every entry), its text and why.
        ``strict`` is passed to :meth:`initial_hand`; without it, :meth:`warnings` says what is odd about
        the start.  ``progress(entry, entries)``, when given, is called before each move (the command line
        says how far an interrupted replay got).
        """
        hand = self.initial_hand(strict=strict)
        total = len(self.moves)
        for n, (index, text, orders) in enumerate(self.steps()):
            if upto is not None and n >= upto:
                break
            if progress is not None:
                progress(index + 1, total)
            try:
                hand.push(hand.parse_move(text), orders or None)
            except CardlibError as exc:
                raise entry_error(self.source, self.moves, index, exc) from None
        return hand

    def warnings(self, hand: HandBase[Any, Any] | None = None) -> list[str]:
        """What is odd about the start, one line each (``"FILE: start: board: ..."``): the ``status()`` of
        ``hand`` (a hand replayed from this record; by default the initial hand).  Empty for a deal and for
        any position reached by play."""
        hand = self.initial_hand() if hand is None else hand
        return [f"{self.source}: start: {w}" for w in hand.status()]

    def completed(self, hand: HandBase[Any, Any] | None = None) -> Record:
        """A copy with the moves as the engine writes them (reshuffle entries included), ``end`` and ``result``."""
        hand = self.replay() if hand is None else hand
        result = hand.result()
        return Record(game=self.game, rules=dict(self.rules), start=self.start, moves=hand.record_moves(),
                      names=self.names, notes=dict(self.notes), end=hand.position(),
                      result=result.to_dict() if result is not None else None, source=self.source)

    def differences(self, hand: HandBase[Any, Any] | None = None) -> list[str]:
        """Where the stored ``end`` and ``result`` disagree with a fresh replay (empty when they agree);
        ``hand``: this record replayed already."""
        fresh = self.completed(hand)
        from .games import find_game
        cards = {"hands", *find_game(self.game).card_fields}
        diffs = []
        for part in ("end", "result"):
            stored = getattr(self, part)
            if stored is None:
                continue
            if not isinstance(stored, dict):
                diffs.append(f"{part}: record has {shown(stored)}, not an object")
                continue
            mine = getattr(fresh, part) or {}
            for key in sorted(set(stored) | set(mine)):
                # as JSON values: 0 is not false, 1.0 is not 1 (Python's == says they are)
                if not _same(_norm(stored.get(key), cards, key), _norm(mine.get(key), cards, key)):
                    diffs.append(f"{part}.{key}: record has {shown(stored.get(key))}, replay gives "
                                 f"{shown(mine.get(key))}")
        return diffs


def _norm(value: Any, cards: set[str], key: str = "") -> Any:
    """Card lists (the fields named in ``cards``) written as text (``"AS 2H"``) or as lists (``["AS",
    "2H"]``) compare equal."""
    if key in cards:
        if isinstance(value, str):
            return value.split()
        if key == "hands" and isinstance(value, list):
            return [v.split() if isinstance(v, str) else v for v in value]
        return value
    if isinstance(value, list):
        return [_norm(v, cards) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v, cards, k) for k, v in value.items()}
    return value


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: the same type (``true`` is not ``1``, ``1.0`` is not ``1``) and value."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    return bool(a == b)


def load_record(source: str | Path | dict[str, Any] | Record) -> Record:
    """A record from a path, a JSON text, or a dict.

    A :class:`~pathlib.Path` is always a file.  A ``str`` is a file when a file of that name exists (so a
    file called ``{x}.json`` is opened), otherwise JSON text when it starts with ``{``, otherwise a file
    name (``"-"``: standard input)."""
    if isinstance(source, dict):
        return Record.from_dict(source)
    if isinstance(source, Record):
        return source
    if isinstance(source, str) and source.lstrip().startswith("{") and not _is_file(source):
        return Record.from_dict(read_json(source, "<record>"))
    if not isinstance(source, (str, Path)):
        raise InvalidRecordError(f"{shown(source)} is not a record: give a path, a JSON text or a dict")
    return Record.load(source)


def _is_file(name: str) -> bool:
    try:
        return len(name) < 4096 and Path(name).is_file()
    except (OSError, ValueError):            # a name too long for the system, or with a NUL in it
        return False


def replay(source: str | Path | dict[str, Any] | Record, strict: bool = False) -> tuple[HandBase[Any, Any], dict[str, Any]]:
    """Replay a record: returns ``(hand, completed_record_dict)``; ``hand.status()`` lists what is odd
    about its start (``strict=True`` refuses such a start)."""
    rec = load_record(source)
    hand = rec.replay(strict=strict)
    return hand, rec.completed(hand).to_dict()


def record_from_hand(hand: HandBase[Any, Any], names: list[str] | None = None, notes: dict[str, str] | None = None) -> Record:
    """The record of a hand played so far: its start, its moves, and ``end``/``result``."""
    result = hand.result()
    if names is not None:
        names = check_names(names, hand.players)
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
    position: dict[str, Any]    # hand.position() after the move
    legal: list[str]            # legal moves of the seat to act now
    lines: list[str] = field(default_factory=list)   # the events described in plain words


@dataclass
class Timeline:
    """A hand replayed once, keeping every step (what the stepper and the charts read)."""

    game: str
    names: list[str]
    record: dict[str, Any]      # the completed record (with end and result)
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
