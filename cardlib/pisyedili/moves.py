"""Pis Yedili moves and their record notation (docs/records.md).

>>> str(Move.parse("js=h!")), str(Move.parse("Draw")), str(Move.play("7C"))
('JS=H!', 'draw', '7C')
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank, Suit, ascii_lower, require_text
from ..errors import InvalidCardError, InvalidMoveError
from ..i18n import N_, _, suit_word
from ..jsonio import shown

__all__ = ["Move", "DRAW", "PASS", "END"]

_WORDS = ("draw", "pass", "end")
#: the moves that play no card, in words
_ACTION_WORDS = {"draw": N_("draw"), "pass": N_("pass"), "end": N_("end the turn")}
_INTERN: dict[tuple[Any, ...], Move] = {}


class Move:
    """One decision: ``kind`` is ``play``, ``draw``, ``pass`` or ``end``.

    A play has a ``card``; a J or joker also names a ``suit`` (not the inert opening J♣, written ``JC``);
    ``tek`` is the "tek" declaration flag (``!``).  Moves are immutable and interned: equal moves are the
    same object, so comparing and hashing them is as cheap as it gets.
    """

    __slots__ = ("kind", "card", "suit", "tek")

    kind: str
    card: Card | None
    suit: Suit | None
    tek: bool

    def __new__(cls, kind: str, card: Card | None = None, suit: Suit | None = None, tek: bool = False) -> Move:
        key = (kind, card, suit, bool(tek))
        move = _INTERN.get(key)
        if move is not None:
            return move
        if kind not in ("play", "draw", "pass", "end"):
            raise InvalidMoveError(f"move kind {shown(kind)} is not play, draw, pass or end")
        if (kind == "play") != (card is not None):
            raise InvalidMoveError(f"a {kind} move {'needs' if kind == 'play' else 'takes no'} card")
        card = None if card is None else Card.parse(card)
        suit = None if suit is None else Suit.parse(suit)
        key = (kind, card, suit, bool(tek))
        move = _INTERN.get(key)
        if move is None:
            move = object.__new__(cls)
            object.__setattr__(move, "kind", kind)
            object.__setattr__(move, "card", card)
            object.__setattr__(move, "suit", suit)
            object.__setattr__(move, "tek", bool(tek))
            _INTERN[key] = move
        return move

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move.parse, (str(self),))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: Any) -> Move:
        return self

    @classmethod
    def play(cls, card: Card | str, suit: Suit | str | None = None, tek: bool = False) -> Move:
        card = Card.parse(card)
        if suit is not None:
            suit = Suit.parse(suit)
        return cls("play", card, suit, bool(tek))

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read ``7C``, ``JS=H``, ``X=H``, ``9C!``, ``JS=H!``, ``draw``, ``pass`` or ``end`` (any case)."""
        if isinstance(text, Move):
            return text
        exact = type(require_text(text, "move", InvalidMoveError)) is str   # A8: a str subclass may hash as it likes
        cached = _PARSED.get(text) if exact else None
        if cached is not None:
            return cached
        s = text.strip()
        low = ascii_lower(s)
        if low in _WORDS:
            move = _SIMPLE[low]
        else:
            tek = s.endswith("!")
            if tek:
                s = s[:-1].strip()
            suit = None
            if "=" in s:
                s, _, suit_text = s.partition("=")
                try:
                    suit = Suit.parse(suit_text)
                except InvalidCardError:
                    raise InvalidMoveError(
                        f"move {shown(text)}: {shown(suit_text.strip())} after '=' is not a suit (C D H S)") from None
            try:
                card = Card.parse(s)
            except InvalidCardError:
                raise InvalidMoveError(
                    f"move {shown(text)} is not a Pis Yedili move: write a card ('7C', 'JS=H', 'X=H', '9C!'), "
                    f"'draw', 'pass' or 'end'") from None
            if suit is not None and not (card.is_joker or card.rank is Rank.JACK):
                raise InvalidMoveError(f"move {shown(text)}: only a J or a joker names a suit")
            move = Move("play", card, suit, tek)
        if exact and len(_PARSED) < 10000:
            _PARSED[text] = move
        return move

    def describe(self) -> str:
        """The move in plain words, for buttons and narration: ``J♠ naming hearts ♥, tek!``, ``draw``,
        ``end the turn``."""
        if self.card is None:
            return _(_ACTION_WORDS[self.kind])
        out = self.card.pretty()
        if self.suit is not None:
            out = _("{card} naming {suit} {symbol}").format(card=out, suit=suit_word(self.suit),
                                                            symbol=self.suit.symbol)
        return _("{move}, tek!").format(move=out) if self.tek else out

    def __str__(self) -> str:
        if self.kind != "play":
            return self.kind
        out = str(self.card)
        if self.suit is not None:
            out += "=" + self.suit.value
        if self.tek:
            out += "!"
        return out

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


_PARSED: dict[str, Move] = {}


DRAW = Move("draw")
PASS = Move("pass")
END = Move("end")
_SIMPLE = {"draw": DRAW, "pass": PASS, "end": END}
