"""The engine contract: what every game's ``Hand`` promises, and what every game tells the rest of cardlib.

Two things live here, once, for both games:

- :class:`HandBase`, the base of each game's ``Hand``.  It owns the live legal-move view, ``push`` /
  ``pop`` / ``peek`` and the errors they raise, and it declares (as abstract members) everything else a
  hand must offer: ``deal``, ``from_start``, ``position``, ``start``, ``to_act``, ``dealer`` (read-only),
  ``events``, ``result``, ``copy``, ``record_moves``, ``is_over``, ``status``.  A game supplies those plus four private hooks:
  ``_generate_legal()`` (the legal moves of the player to act, empty once the hand is over),
  ``parse_move(text)``, ``_apply(move, chance)`` (play a legal move, return an undo token) and
  ``_undo(token)``.  :class:`StateHand` is a ``HandBase`` around one typed ``State`` that the game's rule
  functions take: it writes once what only reads the state (both of cardlib's games derive from it).
- :class:`GameSpec`, one small object per game (``cardlib.saricuce.GAME``, ``cardlib.pisyedili.GAME``)
  with what simulate, display, widgets and the command line ask of a game.  :mod:`cardlib.games` finds
  them by name; code that serves every game asks the spec and never tests a game's name.

The rules of the contract, which ``tests/contract`` checks over both games:

- card lists in ``position()`` and ``start()`` are canonical text, ``"AS 2H 10D"`` (records.md);
- ``events`` is a fresh list each time it is read (changing it never changes the hand); an event's
  ``kind`` is its class name in snake_case (:mod:`cardlib.events`); a dealt hand's first event is
  ``Deal`` and a finished hand's events include one ``HandEnd``;
- a seat without a name is ``Seat <n>`` (:func:`cardlib.events.default_names`);
- a move on a finished hand, or a bot asked to move on one, raises :class:`GameOverError`;
- ``pop`` puts ``position()``, ``events`` and ``legal_moves`` back exactly as they were;
- ``to_act`` and ``dealer`` are read-only: setting one raises ``AttributeError`` and changes nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from .cards import Card
from .errors import GameOverError, IllegalMoveError, InvalidMoveError
from .jsonio import shown

if TYPE_CHECKING:                     # both import this module
    from .bots import Bot
    from .series import Series


__all__ = ["LegalMoves", "HandBase", "StateHand", "GameState", "GameSpec", "RulesType"]


class RulesType(Protocol):
    """What the code that serves every game needs of a game's ``Rules``: a player count and the records.md
    ``rules`` mapping both ways (``Rules.from_dict(d)``, ``rules.to_dict()``)."""

    @property
    def players(self) -> int: ...

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Any: ...

    def to_dict(self) -> dict[str, Any]: ...


#: a game's move type and rules type (``HandBase[Move, Rules]``); what a state's result is (:class:`GameState`)
M = TypeVar("M")
R = TypeVar("R", bound=RulesType)
Res_co = TypeVar("Res_co", covariant=True)


class LegalMoves(Generic[M]):
    """A live view of the legal moves of the player to act, like ``chess.Board.legal_moves``.

    It is never stale: iterating, ``len``, ``in`` and ``repr`` look at the hand as it is now.
    """

    __slots__ = ("_hand",)

    def __init__(self, hand: HandBase[M, Any]):
        self._hand = hand

    def __iter__(self) -> Iterator[M]:
        return iter(self._hand._generate_legal())

    def __len__(self) -> int:
        return len(self._hand._generate_legal())

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return bool(self._hand._generate_legal())

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = self._hand.parse_move(move)
            except ValueError:
                return False
        return move in self._hand._generate_legal()

    def __repr__(self) -> str:
        moves = ", ".join(str(m) for m in self._hand._generate_legal())
        return f"<LegalMoves at {self._hand._where()} ({moves})>"


class HandBase(ABC, Generic[M, R]):
    """One hand of a game: the contract of the module docstring, generic over the game's ``Move`` and ``Rules``
    types (``class Hand(HandBase[Move, Rules])``).

    Attributes every hand has: ``rules``, ``players`` (the player count) and ``move_stack``; read-only
    properties: ``dealer`` and ``to_act`` (the seat to act, ``None`` once the hand is over).  They follow from
    the start and the moves: a hand to act from another seat is a position, read with :meth:`from_start`.
    """

    #: the game's name as records write it (``"sari-cuce"``, ``"pis-yedili"``)
    game: ClassVar[str] = ""
    #: what chance decides inside a move, as ``push(move, chance=...)`` takes it: ``None`` when nothing
    #: does (Sarı Cüce), ``"reshuffles"`` for a list of stock orders (Pis Yedili); records write these as
    #: ``reshuffle ...`` entries, which a game without chance refuses
    chance: ClassVar[str | None] = None

    rules: R
    players: int

    def __init__(self) -> None:
        self.move_stack: list[M] = []
        self._undo_stack: list[Any] = []

    # -- construction (each game) ----------------------------------------------------------------
    #: the card fields of a deal that its seed decides, and which of them are in order (the stock, top
    #: first); a hand's cards in any order are the same hand
    DEALT_CARDS: ClassVar[tuple[str, ...]] = ("hands",)
    DEALT_IN_ORDER: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def seed_shuffles(cls, rules: R) -> bool:
        """Whether a start's ``seed`` also seeds chance inside the hand (the Pis Yedili reshuffles a
        hand-written record leaves out, records.md): then a seed next to listed cards is used, not ignored."""
        return False

    @classmethod
    def check_seeded_deal(cls, rules: R, start: Mapping[str, Any]) -> None:
        """A deal (no ``to_act``) that gives both ``seed`` and its cards must give exactly the cards that
        seed deals (with its ``dealer``), as ``python -m cardlib deal`` writes them: otherwise the seed or
        the cards would be silently ignored.  Raises ``InvalidPositionError`` naming both."""
        from .cards import cards_text, parse_cards
        from .errors import CardlibError, InvalidPositionError

        if "seed" not in start or "to_act" in start or start["seed"] is None or cls.seed_shuffles(rules):
            return
        dealt = cls.deal(rules, seed=start["seed"], dealer=start.get("dealer")).start()
        for name in cls.DEALT_CARDS:
            if name not in start:
                continue
            given, want = start[name], dealt[name]
            seats = name == "hands"
            mine = list(given) if seats and isinstance(given, (list, tuple)) else [given]
            theirs = list(want) if seats else [want]
            if len(mine) != len(theirs):
                continue                  # the game's own check says what is wrong with the count
            for k, (a, b) in enumerate(zip(mine, theirs)):
                try:
                    a, b = parse_cards(a), parse_cards(b)
                except CardlibError:
                    return                # not cards: the game's own reader says what is wrong, in its words
                same = a == b if name in cls.DEALT_IN_ORDER else sorted(a) == sorted(b)
                if not same:
                    where = f"{name}[{k}]" if seats else name
                    raise InvalidPositionError(
                        f"start: seed {start['seed']} and {name} disagree: seed {start['seed']} deals {where} "
                        f"{shown(cards_text(b))}, the start gives {shown(cards_text(a))} (give the seed alone, "
                        f"the cards alone, or both as 'python -m cardlib deal' writes them)")

    @classmethod
    @abstractmethod
    def deal(cls, rules: R, seed: int = 0, dealer: int | None = None) -> Self:
        """Shuffle with ``cardlib.rng.Rng(seed)`` and deal; ``dealer`` defaults to seat n-1 (seat 0 leads).
        ``seed`` is a whole number from 0 to 2**64 - 1; ``None`` is refused (``InvalidOptionError``), not
        read as 0 (:func:`cardlib.seeds.deal_seed`)."""

    @classmethod
    @abstractmethod
    def from_start(cls, rules: R, start: dict[str, Any], seed: int | None = None, *,
                   strict: bool = False) -> Self:
        """A records.md ``start``: a deal or a position.  Any position that can be played on is taken;
        with ``strict=True`` one that :meth:`status` has warnings about is refused as well."""

    # -- reading the hand (each game) --------------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat to act, ``None`` once the hand is over."""

    @property
    @abstractmethod
    def dealer(self) -> int:
        """The seat that dealt."""

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """The records.md position now (card lists as text); ``to_act`` is ``None`` once the hand is over."""

    @abstractmethod
    def start(self) -> dict[str, Any]:
        """The records.md ``start`` this hand began from."""

    @property
    @abstractmethod
    def events(self) -> list[Any]:
        """What has happened so far, one typed event per step: a fresh list each time."""

    @abstractmethod
    def result(self) -> Any:
        """The hand's result once it is over, else ``None``."""

    @abstractmethod
    def is_over(self) -> bool:
        ...

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy with the same move stack (so it can ``pop`` too)."""

    @abstractmethod
    def record_moves(self) -> list[str]:
        """The moves as record entries (with any chance entries the game writes, e.g. reshuffles)."""

    @abstractmethod
    def status(self) -> list[str]:
        """What is odd about the position this hand started from: things that could not happen in a real
        hand but can be played on (a hand-written teaching position).  Empty for every dealt hand."""

    # -- the hooks (each game) ---------------------------------------------------------------------
    @abstractmethod
    def _generate_legal(self) -> list[M]:
        ...

    @abstractmethod
    def parse_move(self, text: str) -> M:
        ...

    @abstractmethod
    def _apply(self, move: M, chance: Any = None) -> Any:
        ...

    @abstractmethod
    def _undo(self, token: Any) -> None:
        ...

    def _copy_history(self, other: Self) -> Self:
        """For :meth:`copy`: ``other`` (a new hand with a copy of this one's state) gets this hand's move stack
        and undo tokens, so that it can ``pop`` too."""
        other.move_stack = list(self.move_stack)
        other._undo_stack = list(self._undo_stack)
        return other

    def _where(self) -> str:
        """A short description of the position for error messages: ``move 12, seat 2 to act``."""
        if self.is_over():
            return f"move {len(self.move_stack) + 1}, hand over"
        return f"move {len(self.move_stack) + 1}, seat {self.to_act} to act"

    def _why_illegal(self, move: M) -> str:
        """A game may say more precisely why ``move`` is refused."""
        return "not among the legal moves"

    # -- shared ----------------------------------------------------------------------------------
    @property
    def legal_moves(self) -> LegalMoves[M]:
        return LegalMoves(self)

    def is_legal(self, move: M | str) -> bool:
        return move in self.legal_moves

    def is_valid(self) -> bool:
        """True when :meth:`status` finds nothing odd (as python-chess's ``board.is_valid()``)."""
        return not self.status()

    def _checked(self, move: M | str) -> M:
        if self.is_over():
            raise GameOverError(f"move {shown(str(move))} at {self._where()}: the hand is over")
        if isinstance(move, str):
            move = self.parse_move(move)
        legal = self._generate_legal()
        if not isinstance(move, type(legal[0])):
            raise InvalidMoveError(f"{shown(move)} is not a move: give its text (e.g. {shown(str(legal[0]))}) or a move "
                                   f"from legal_moves")
        if move not in legal:
            from .i18n import using
            with using("en"):                 # an error for programmers and the command line: English
                why = self._why_illegal(move)
            raise IllegalMoveError(
                f"move {shown(str(move))} at {self._where()} is not legal: {why}; "
                f"legal: {' '.join(str(m) for m in legal)}")
        return move

    def push(self, move: M | str, chance: Any = None) -> M:
        """Play ``move`` (a move or its text).  A bad or illegal move raises and changes nothing.

        ``chance`` carries what chance decides inside the move (Pis Yedili's reshuffles) when it is
        replayed from a record; ``None`` lets the hand's own seeded generator decide.
        """
        move = self._checked(move)
        if chance is not None:
            chance = self._checked_chance(chance)
        token = self._apply(move, chance)
        self.move_stack.append(move)
        self._undo_stack.append(token)
        return move

    def _checked_chance(self, chance: Any) -> list[Any]:
        """``chance`` as a list of stock orders (each a card text such as ``"4C 9D"`` or ``"reshuffle 4C
        9D"``, or a list of cards): checked here for every game, before anything is played, so a bad
        value is an :class:`InvalidMoveError` and the hand is unchanged.  Whether the orders hold the
        right cards is the game's check (inside ``_apply``, which undoes what it did when it refuses)."""
        if self.chance is None:
            raise InvalidMoveError(f"chance={_short(chance)} at {self._where()}: nothing is left to chance "
                                   f"inside a move of {self.game} (it has no reshuffles)")
        if not isinstance(chance, (list, tuple)) or not all(
                isinstance(order, str) or (isinstance(order, (list, tuple))
                                           and all(isinstance(c, (str, Card)) for c in order))
                for order in chance):
            raise InvalidMoveError(f"chance={_short(chance)} at {self._where()}: give a list of stock orders, "
                                   f"one per reshuffle, each a card list such as \"4C 9D QH\"")
        return list(chance)

    def pop(self) -> M:
        """Take back the last move; the hand is exactly as it was before it."""
        if not self.move_stack:
            raise IndexError("pop from a hand with no moves")
        token = self._undo_stack.pop()
        self._undo(token)
        return self.move_stack.pop()

    def peek(self) -> M:
        """The last move played."""
        if not self.move_stack:
            raise IndexError("peek at a hand with no moves")
        return self.move_stack[-1]

    def _repr_svg_(self) -> str:
        """In Jupyter a hand shows as a picture of its position, legal cards marked.  The display code is
        imported here, lazily: the rules never import it."""
        from .display import position_svg
        return str(position_svg(self))

    def _repr_png_(self) -> bytes:
        """The same picture as PNG, for a notebook that is not trusted yet (it shows PNG, not SVG)."""
        from .display import position_svg
        return position_svg(self)._repr_png_()


class GameState(Protocol[M, Res_co]):
    """What :class:`StateHand` reads of a game's typed ``State`` (a slotted dataclass, e.g.
    :class:`cardlib.pisyedili.state.State`): the turn, the end, the start's warnings, the event log and the
    cached legal moves."""

    @property
    def hands(self) -> list[list[Card]]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> Res_co | None: ...
    @property
    def warnings(self) -> Sequence[str]: ...
    @property
    def event_log(self) -> list[tuple[Any, ...]]: ...
    @property
    def events(self) -> list[Any]: ...
    #: the legal moves of the player to act once asked (``None``: not asked since the last change)
    legal: list[M] | None

    def copy(self) -> Self: ...


#: a game's ``State`` and ``Result`` types (``StateHand[Move, Rules, State, Result]``)
S = TypeVar("S", bound=GameState[Any, Any])
Res = TypeVar("Res")


class StateHand(HandBase[M, R], Generic[M, R, S, Res]):
    """A :class:`HandBase` around one typed ``State`` that every rule function of the game takes (both of
    cardlib's games: docs/engine-api.md, "One layout for both games").  Generic over the game's ``Move``,
    ``Rules``, ``State`` and ``Result`` types (``class Hand(StateHand[Move, Rules, State, Result])``), it gives
    the members that only read the state: ``events``, ``is_over``, ``result``, ``status``, ``copy``,
    ``to_act``, ``dealer``, ``hands`` and ``hand_of``, and the legal moves through the game's rule functions.

    A game names three things: ``new_state`` (its ``State`` class, called with the rules), ``rules_legal``
    (``legal.legal_moves(state)``) and ``rules_why_illegal`` (``reasons.why_illegal(state, move)``); the
    functions are class attributes, so ``staticmethod(...)``.
    """

    new_state: Callable[[R], S]
    rules_legal: Callable[[S], list[M]]
    rules_why_illegal: Callable[[S, M], str]

    def __init__(self, rules: R, *, _internal: bool = False):
        if not _internal:
            raise TypeError("use Hand.deal(rules, seed=...) or Hand.from_start(rules, start)")
        super().__init__()
        self.rules = rules
        self.players = rules.players
        #: everything the hand is (the game's ``State``); the rule modules take it
        self.state: S = self.new_state(rules)

    @property
    def events(self) -> list[Any]:
        """The typed events so far: a fresh list (``pop`` removes the events of the move taken back).  The
        rules log them as ``(event class, *fields)`` tuples; they are made into events when read."""
        made, log = self.state.events, self.state.event_log
        if len(made) < len(log):
            made.extend(e[0](*e[1:]) for e in log[len(made):])
        return list(made)

    def is_over(self) -> bool:
        return self.state.over

    def result(self) -> Res | None:
        """The hand's result once it is over, ``None`` while it is being played."""
        result: Res | None = self.state.result
        return result

    def status(self) -> list[str]:
        """What could not happen in a real hand about the start of this one, one sentence per oddity, each
        starting with the field it is about.  Empty for every dealt hand, for every position reached by play,
        and for a hand read with ``strict=True``."""
        return list(self.state.warnings)

    def copy(self) -> Self:
        """An independent copy, with the same move stack (so it can ``pop`` too)."""
        other = type(self)(self.rules, _internal=True)
        other.state = self.state.copy()
        return self._copy_history(other)

    # -- the state's fields, as users read them ---------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` once the hand is over."""
        state = self.state
        return None if state.over else state.to_act

    @to_act.setter
    def to_act(self, seat: object) -> None:
        raise _read_only(self, "to_act")

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self.state.dealer

    @dealer.setter
    def dealer(self, seat: object) -> None:
        raise _read_only(self, "dealer")

    @property
    def hands(self) -> list[list[Card]]:
        """The cards each seat holds, in the order they came."""
        return self.state.hands

    def hand_of(self, seat: int) -> list[Card]:
        """A copy of the cards ``seat`` holds, in the order they came."""
        return list(self.state.hands[seat])

    # -- the engine hooks, through the game's rule functions ------------------------------------------
    def _generate_legal(self) -> list[M]:
        state = self.state
        legal = state.legal
        if legal is None:
            legal = state.legal = self.rules_legal(state)
        return legal

    def _why_illegal(self, move: M) -> str:
        return self.rules_why_illegal(self.state, move)


def _read_only(hand: HandBase[Any, Any], name: str) -> AttributeError:
    """The error for setting ``to_act`` or ``dealer``: they follow from the start and the moves, so setting
    one would bypass the rules (and the legal moves, events and undo that go with them)."""
    cls = type(hand).__name__
    how = (f"deal with it: {cls}.deal(rules, seed=..., dealer=2), or read a position that gives it"
           if name == "dealer" else "read a position that gives it")
    return AttributeError(
        f"{name} is read-only (it follows from the start and the moves played); for a hand with another {name}, "
        f"{how}: {cls}.from_start(rules, {{..., {name!r}: 2}}) or cardlib.lessons.position({hand.game!r}, rules, "
        f"..., {name}=2)")


def _short(value: Any) -> str:
    from .jsonio import shown
    return shown(value, 40)


@dataclass(frozen=True, eq=False)
class GameSpec:
    """One game, as the code that serves every game sees it (python-chess's variant classes play this
    part).  Each game package builds its own (``GAME``); :mod:`cardlib.games` keeps them by name.

    - ``name``: the record's ``game``; ``title``: how people write it;
    - ``rules``, ``hand``, ``move``: the game's ``Rules``, ``Hand`` and ``Move`` types;
    - ``series``: ``Game`` or ``Match`` (hands in a row, :class:`cardlib.series.Series`);
    - ``bots``: bot classes by name (``random``, ``heuristic``, ...);
    - ``series_word`` / ``hand_word``: "game" or "match", "hand" or "deal", for tables and narration;
    - ``actions``: the words of the moves that play no card which these rules can offer (widgets draw a
      button for each);
    - ``sort_key``: how a player sorts the cards in hand (pictures, buttons);
    - how a move is made at a table (:class:`cardlib.widgets.Table`): a click on a card plays the card's
      one legal move; where a card's legal moves differ in a ``choice(move)`` (Pis Yedili: the suit a Jack
      or joker names), the table asks for it next, with a button per value (``choice_words(value)``; the
      buttons are ``"<choice_name>:<value>"``, e.g. ``suit:H``); ``declarations`` are action words a move
      carries with its card (Pis Yedili's ``tek``: ``declaration(move)``), shown as toggles;
    - ``complete(rules, fields)``: a short position as a lesson writes it, with what it leaves out filled in
      (Pis Yedili buries unlisted cards under the top of the discard; Sarı Cüce takes them as dead);
    - ``position_fields`` / ``result_fields``: fields only this game's positions (results) have, which
      tell a bare position (result) dict's game;
    - ``card_fields``: the fields of its positions that hold one card list besides ``hands`` (piles, the
      stock, ...), as text;
    - ``all_actions_options``: rule options under which every move that plays no card can come up (the
      contract suite plays hands under them);
    - ``tally``: the game's columns of a simulation table (``hand_row``, ``series_row``, ``SUMMARY``);
    - ``hand_seconds(rules)``: about how long the reference engine takes to play one hand under ``rules``
      with random bots (seconds, on one core), for the choice of workers and the size of a run;

    and its **faces**, each named by the dotted path of a module in the game's own package and imported on
    first use (:meth:`face`), so the rules never import pictures, widgets or the search.  ``None``: the game
    has no such face; where a generic form makes sense (``picture``, ``outcome``, ``charts``) cardlib uses
    it, elsewhere :meth:`face` raises :class:`~cardlib.errors.MissingFaceError` naming the game and the
    face.  What each face module holds is :data:`FACES` below (docs/engine-api.md, "Adding a game").
    A bot name may also map to a ``"module:Class"`` path (the expert), imported when the bot is made.
    """

    #: each face, what it is for, and what its module holds
    FACES: ClassVar[dict[str, str]] = {
        "picture": "picture of its own: position_svg(hand, names, **options) -> SvgImage",
        "outcome": "outcome table of its own: lines(result, names), headline(result, names), "
                   "table(result, names, totals) -> (columns, rows, foot)",
        "charts": "charts of its own: step_chart(timeline) -> StepChart, and the game's charts in __all__",
        "explorers": "explorers: Explorer subclasses in __all__",
        "expert": "expert: MODEL (a cardlib.expert.GameModel), ExpertBot, seconds_per_hand(rules, budget)",
        "kernel": "fast engine: simulate(n_hands, players, seed, rules, **keywords) -> table of random hands, "
                  "table(N, players, empty), replay(rules, start, moves, end), warm(), SUPPORTED (the option "
                  "values it plays), seconds_per_hand(rules), COLUMN_LABELS, AOT (a cardlib._fast.aot.Ahead "
                  "or None), KERNEL (simulate's side: part, part_into, empty_table, tables, ranges, part_size, "
                  "peak_factor, plays_series)",
        "odds": "exact odds: its deal facts and named probability questions in __all__ (cardlib.prob.exact)",
        "simulated_odds": "simulated odds: its probability questions by random deals in __all__ "
                          "(cardlib.prob.montecarlo)",
    }

    name: str
    title: str
    rules: type[RulesType]
    hand: type[HandBase[Any, Any]]
    move: type
    series: type[Series[Any, Any]]
    bots: Mapping[str, type[Bot] | str]
    series_word: str
    hand_word: str
    actions: Callable[[Any], tuple[str, ...]]
    sort_key: Callable[[Any], Any]
    complete: Callable[[Any, dict[str, Any]], dict[str, Any]]
    position_fields: frozenset[str]
    result_fields: frozenset[str]
    card_fields: tuple[str, ...] = ()
    choice: Callable[[Any], Any] = field(default=lambda move: None)
    choice_name: str = "choice"
    choice_words: Callable[[Any], str] = field(default=str)
    declarations: tuple[str, ...] = ()
    declaration: Callable[[Any], str | None] = field(default=lambda move: None)
    all_actions_options: Mapping[str, Any] = field(default_factory=dict)
    tally: Any = field(default=None)
    hand_seconds: Callable[[Any], float] = field(default=lambda rules: 1e-3)
    picture: str | None = None
    outcome: str | None = None
    charts: str | None = None
    explorers: str | None = None
    expert: str | None = None
    kernel: str | None = None
    odds: str | None = None
    simulated_odds: str | None = None

    def has_face(self, face: str) -> bool:
        """Whether this game has its own ``face`` (a key of :data:`FACES`)."""
        if face not in self.FACES:
            raise KeyError(f"{face!r} is not a face; faces: {', '.join(self.FACES)}")
        return getattr(self, face) is not None

    def face(self, face: str) -> Any:
        """The module of this game's ``face``, imported now if it was not yet; a game without it raises
        :class:`~cardlib.errors.MissingFaceError` (``High Card has no fast engine (GameSpec.kernel)``)."""
        import importlib

        from .errors import MissingFaceError
        if not self.has_face(face):
            what = self.FACES[face].split(":")[0]
            raise MissingFaceError(f"{self.title} has no {what} (GameSpec.{face})")
        return importlib.import_module(getattr(self, face))

    def make_rules(self, options: Mapping[str, Any] | None = None) -> Any:
        """The game's ``Rules`` from a record's ``rules`` mapping (bad options raise)."""
        from .options import check_options
        # the one check every option value gets at the boundary (records, --option, simulate): a value is
        # true/false, a whole number or a word, never null, 2.0 or a list; the game's Rules checks the rest
        return self.rules.from_dict(check_options(options, self.name) if options is not None else {})

    def make_bot(self, name: str, seed: int = 0) -> Bot:
        """A bot of this game by name; an unknown name is an :class:`~cardlib.errors.InvalidOptionError`."""
        from .errors import InvalidOptionError
        if not isinstance(name, str) or name not in self.bots:
            raise InvalidOptionError(f"bot {shown(name)} is not one of {', '.join(self.bots)} ({self.title})")
        return self.bot_class(name)(seed)

    def bot_class(self, name: str) -> type[Bot]:
        """The class of the bot called ``name``; a ``"module:Class"`` path is imported now."""
        found = self.bots[name]
        if isinstance(found, str):
            import importlib
            module, _, attr = found.partition(":")
            found = getattr(importlib.import_module(module), attr)
        return found

    def __repr__(self) -> str:
        return f"<GameSpec {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """A spec goes to another process (a worker, a Dask cluster) by its name and its package, and comes
        back as that process's registered spec: its package is imported there, and registered if it was
        not (a teacher's game registered by hand in this process)."""
        package = self.hand.__module__.rpartition(".")[0] or self.hand.__module__
        return (_spec_named, (self.name, package))


def _spec_named(name: str, package: str) -> GameSpec:
    import importlib

    from .games import GAMES, register
    if name not in GAMES:
        spec = getattr(importlib.import_module(package), "GAME", None)
        if isinstance(spec, GameSpec) and spec.name == name:
            register(spec)
    from .games import find_game
    return find_game(name)
