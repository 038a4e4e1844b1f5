"""What both game engines share: the live legal-move view and push/pop bookkeeping.

A game's ``Hand`` subclasses :class:`HandBase` and supplies four things:

- ``_generate_legal()``: the list of legal moves of the player to act (empty once the hand is over);
- ``parse_move(text)``: move text to a move object (raises :class:`InvalidMoveError`);
- ``_apply(move, chance)``: play a legal move, returning an undo token;
- ``_undo(token)``: put the state back exactly as it was before that ``_apply``.

Everything else (``legal_moves``, ``push``, ``pop``, ``peek``, ``move_stack``, the error that names an
illegal move) lives here, once.
"""

from __future__ import annotations

from collections.abc import Iterator
from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from .errors import GameOverError, IllegalMoveError, InvalidMoveError

M = TypeVar("M")

__all__ = ["LegalMoves", "HandBase"]


class LegalMoves(Generic[M]):
    """A live view of the legal moves of the player to act, like ``chess.Board.legal_moves``.

    It is never stale: iterating, ``len``, ``in`` and ``repr`` look at the hand as it is now.
    """

    __slots__ = ("_hand",)

    def __init__(self, hand: HandBase):
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


class HandBase(ABC, Generic[M]):
    """push/pop/peek over a game's ``_apply``/``_undo``; see the module docstring."""

    game: str = ""

    def __init__(self) -> None:
        self.move_stack: list[M] = []
        self._undo_stack: list[Any] = []

    # -- to be supplied by each game -------------------------------------------------------------
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

    @abstractmethod
    def is_over(self) -> bool:
        ...

    def _where(self) -> str:
        """A short description of the position for error messages: ``move 12, seat 2 to act``."""
        return f"move {len(self.move_stack) + 1}"

    # -- shared ----------------------------------------------------------------------------------
    @property
    def legal_moves(self) -> LegalMoves[M]:
        return LegalMoves(self)

    def is_legal(self, move: M | str) -> bool:
        return move in self.legal_moves

    def _checked(self, move: M | str) -> M:
        if isinstance(move, str):
            move = self.parse_move(move)
        legal = self._generate_legal()
        if legal and not isinstance(move, type(legal[0])):
            raise InvalidMoveError(f"{move!r} is not a move: give its text (e.g. {str(legal[0])!r}) or a move "
                                   f"from legal_moves")
        if move not in legal:
            if self.is_over():
                raise GameOverError(f"move {str(move)!r} at {self._where()}: the hand is over")
            raise IllegalMoveError(
                f"move {str(move)!r} at {self._where()} is not legal: {self._why_illegal(move)}; "
                f"legal: {' '.join(str(m) for m in legal)}")
        return move

    def _why_illegal(self, move: M) -> str:
        """A game may say more precisely why ``move`` is refused."""
        return "not among the legal moves"

    def push(self, move: M | str, chance: Any = None) -> M:
        """Play ``move`` (a move or its text).  An illegal move raises and changes nothing.

        ``chance`` carries what chance decides inside the move (Pis Yedili's reshuffles) when it is
        replayed from a record; ``None`` lets the hand's own seeded generator decide.
        """
        move = self._checked(move)
        token = self._apply(move, chance)
        self.move_stack.append(move)
        self._undo_stack.append(token)
        return move

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
        return str(position_svg(self, legal=None if self.is_over() else [str(m) for m in self.legal_moves]))
