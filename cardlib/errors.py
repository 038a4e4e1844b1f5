"""The errors cardlib raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches bad input of any kind, and each
kind has its own class, so a caller (or a test) can tell them apart.  Messages quote the input with
``!r`` and say why it was refused.
"""

from __future__ import annotations


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


class GameOverError(CardlibError):
    """A move or a new hand was asked for after the hand or the game had ended."""
