"""The errors cardlib raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches bad input of any kind, and each
kind has its own class, so a caller (or a test) can tell them apart.  Messages quote the input with
``!r`` and say why it was refused.
"""

from __future__ import annotations

from typing import Any


class CardlibError(ValueError):
    """Base class of every error that cardlib raises for bad input."""


class InvalidCardError(CardlibError):
    """Text that is not a card (``Card.parse("11H")``) or a list with such text in it."""


class InvalidOptionError(CardlibError):
    """An unknown rule option, or an option with a value it cannot take."""


class PlayerCountError(InvalidOptionError):
    """A player count the chosen rules do not allow."""


class CardTextComparisonError(InvalidCardError, TypeError):
    """A card compared with text: ``'7H' in hand.dead``, ``card == "7H"``.  Card lists hold cards, and a
    card is never equal to its text (``==`` must agree with ``hash``), so such a test would be silently
    false; it fails loudly instead (as ``python -bb`` does for ``b"x" == "x"``).  Also a ``TypeError``:
    it is a comparison of the wrong types."""


class InvalidMoveError(CardlibError):
    """Move text that cannot be read at all (not a card, not ``draw``...)."""


class IllegalMoveError(CardlibError):
    """A well-formed move that is not legal in the position (the position is unchanged)."""


class InvalidPositionError(CardlibError):
    """A start or position whose cards, chips or fields do not make a valid state."""


class InvalidRecordError(CardlibError):
    """A hand record that cannot be read or replayed; says where (the move index) and why."""


class ReshuffleOrderError(InvalidRecordError):
    """A move's ``reshuffle ...`` order (``push(move, chance=[...])``, a record's reshuffle entry) that
    does not fit the reshuffle it is for, or is one too many.  ``order``: its index among the move's
    orders (0 for the first); ``why``: the reason, without the place, so that a record can name the
    entry itself (a reshuffle entry is numbered like every entry, 1-based: records.md)."""

    def __init__(self, message: str, order: int, why: str):
        super().__init__(message)
        self.order, self.why = order, why


def entry_error(source: str, moves: list[Any], index: int, exc: CardlibError) -> InvalidRecordError:
    """The record error for entry ``index`` (0-based) of ``moves`` failing with ``exc``: the move, or,
    for a :class:`ReshuffleOrderError`, the reshuffle entry after it that is wrong."""
    from .jsonio import shown
    if isinstance(exc, ReshuffleOrderError):
        at = index + 1 + exc.order
        entry = shown(moves[at], 30) if at < len(moves) else "(none)"
        return InvalidRecordError(f"{source}: move {at + 1} {entry} (after move {index + 1} {shown(moves[index])}): "
                                  f"{exc.why}")
    return InvalidRecordError(f"{source}: move {index + 1} {shown(moves[index])}: {exc}")


class MissingFaceError(InvalidOptionError):
    """A game asked for a face it does not have (:attr:`cardlib.engine.GameSpec.FACES`): an expert, a fast
    engine, explorers ...  The message names the game and the face: ``High Card has no fast engine
    (GameSpec.kernel)``.  Faces with a generic form (the picture, the outcome, the step chart) never
    raise it: a game without its own gets the generic one."""


class GameOverError(CardlibError):
    """A move or a new hand was asked for after the hand or the game had ended."""
