"""cardlib: Sarı Cüce (Nain Jaune) and Pis Yedili, exactly.

>>> from cardlib import Card
>>> Card.parse("10♦")
Card.parse('10D')

The game engines live in :mod:`cardlib.saricuce` and :mod:`cardlib.pisyedili`; hand records in
:mod:`cardlib.records`.  Pictures, plots and widgets (:mod:`cardlib.display`, :mod:`cardlib.plots`,
:mod:`cardlib.widgets`) are imported only when asked for: the rules never import them.

Everything a player sees speaks English, Turkish, French or Polish: ``cardlib.set_language("tr")`` for a
notebook, ``language=`` on a widget or picture (:mod:`cardlib.i18n`, docs/languages.md).
"""

from .cards import JOKER, RANKS, SUITS, Card, Rank, Suit, cards_text, make_deck, parse_cards
from .errors import (
    CardlibError,
    GameOverError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    PlayerCountError,
)
from .i18n import get_language, set_language
from .rng import Rng, shuffled
from .seeds import bot_seed, hand_seed

__version__ = "0.1.0"

__all__ = [
    "Card", "Rank", "Suit", "JOKER", "RANKS", "SUITS", "parse_cards", "cards_text", "make_deck",
    "Rng", "shuffled", "hand_seed", "bot_seed", "set_language", "get_language",
    "CardlibError", "InvalidCardError", "InvalidOptionError", "PlayerCountError", "InvalidMoveError",
    "IllegalMoveError", "InvalidPositionError", "InvalidRecordError", "GameOverError",
]
