"""What the fast engines' replay reads, through the reference engines: a start and its moves in, codes out.

The compiled kernels take numbers (card indices, move codes, a work array); people write records.md
starts and move texts.  Between the two stand only this module and each game's ``kernel.codec``, and they
read nothing themselves: a start is read and checked by the game's own ``Hand.from_start``
(:func:`cardlib.records.hand_at_start`), a move by the game's own ``Move.parse``, and a reshuffle entry by
:meth:`cardlib.records.Record.steps`.  So a malformed card, a start whose cards do not make the deck, or
chips a hand cannot start from get the same error, with the same words, in the fast replay as in
``cardlib replay``.
"""

from __future__ import annotations

from typing import Any

from ..cards import make_deck
from ..errors import CardlibError, InvalidMoveError, InvalidPositionError
from ..games import find_game
from ..jsonio import shown
from ..records import hand_at_start

__all__ = ["deal_hand", "parse_move", "card_text"]

#: a card's text by its index (the kernels' card codes; 52 is the joker)
_CARD_TEXT = [str(card) for card in make_deck(1, 1)]


def card_text(index: int) -> str:
    """The text of the card with kernel code ``index``."""
    return _CARD_TEXT[index]


def deal_hand(game: Any, rules: Any, start: Any):
    """The reference hand at ``start``, which must be a deal (nobody has moved yet): the fast replay
    plays whole hands from their deal.  Every field is checked by the game's engine, strictly."""
    spec = find_game(game)
    if not isinstance(start, dict):
        raise InvalidPositionError(f"start {shown(start)} is not a dict")
    if start.get("to_act") is not None or "needed" in start or "phase" in start:
        raise InvalidPositionError(
            "the fast replay starts from a deal, not from a position in the middle of a hand (to_act)")
    if not isinstance(rules, spec.rules):
        rules = spec.make_rules(rules)
    return hand_at_start(spec, rules, start, strict=True)


def parse_move(spec: Any, i: int, text: Any) -> Any:
    """Move ``i`` of a replay, read by the game's own ``Move.parse`` (its error names the move)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move {i} {shown(text)} is not text")
    try:
        return spec.move.parse(text)
    except CardlibError as exc:
        raise InvalidMoveError(f"move {i} {shown(text)}: {exc}") from None
