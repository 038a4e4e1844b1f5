"""Issue 28: the classes of the fourth independent bad-input run, one test per class (bounded in time)."""

from __future__ import annotations

import pytest

from cardlib.cards import Card, Rank, Suit
from cardlib.errors import InvalidCardError, InvalidMoveError
from cardlib.pisyedili.moves import Move as PyMove
from cardlib.saricuce.moves import Move as ScMove

# U1: letters that str.upper()/lower() fold into ASCII ("ſ" to "S", "ﬀ" to "FF", Kelvin sign to "k")
_FOLDING = ["Aſ", "3ſ", "aſ", "10ſ", "Kſ"]


@pytest.mark.parametrize("text", _FOLDING)
def test_u1_card_text_is_not_unicode_folded(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_u1_suit_and_rank_text_is_not_unicode_folded() -> None:
    with pytest.raises(InvalidCardError):
        Suit.parse("ſ")
    with pytest.raises(InvalidCardError):
        Suit.parse("ſpades")
    with pytest.raises(InvalidCardError):
        Rank.parse("\u212a")        # Kelvin sign, lower() gives "k"
    assert Card.parse("as") is Card.parse("AS") and Suit.parse("♠") is Suit.SPADES


@pytest.mark.parametrize("text", ["3ſ", "draw\u0130", "DRAW", "\u212aS"])
def test_u1_move_words_are_matched_exactly(text: str) -> None:
    if text == "DRAW":
        assert PyMove.parse(text) == PyMove.parse("draw")
        return
    with pytest.raises(InvalidMoveError):
        PyMove.parse(text)
    with pytest.raises(InvalidMoveError):
        ScMove.parse(text)


def test_u1_stop_is_matched_exactly() -> None:
    assert ScMove.parse("STOP") == ScMove.parse("stop")
    with pytest.raises(InvalidMoveError):
        ScMove.parse("ſtop")


class _Hostile(str):
    def __hash__(self) -> int:
        return hash("7D")

    def __eq__(self, other: object) -> bool:
        return True


def test_a8_str_subclass_does_not_poison_the_move_cache() -> None:
    PyMove.parse(_Hostile("AC"))
    assert PyMove.parse("7D").card is Card.parse("7D")
