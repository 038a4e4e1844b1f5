"""Pis Yedili's chances, simulated: the questions of :mod:`cardlib.pisyedili.odds` answered by dealing
many random deals at once (its simulated-odds face; :mod:`cardlib.prob.montecarlo` has the machinery and
offers these by name).  Seat 0 (the dealer's left) opens; seat 1 plays next; the stock starts at card
7·players."""

from __future__ import annotations

import numpy as np

from ..cards import SUITS, Rank, Suit
from ..prob.deals import check_count
from ..prob.exact import NO_CLUB
from ..prob.montecarlo import Sim, card_table, question
from ..prob.shuffle import deck_array
from .odds import PY_HAND_SIZE, py_check_players, py_stock_size

__all__ = ["opener_no_club", "draws_until_club", "can_answer_seven", "dealt_jack"]

_IS_CLUB = card_table(lambda c: c.suit is Suit.CLUBS)
_IS_SEVEN = card_table(lambda c: c.rank is Rank.SEVEN)
_IS_JACK = card_table(lambda c: c.rank is Rank.JACK)
_IS_JACK_OR_JOKER = card_table(lambda c: c.rank is Rank.JACK or c.is_joker)


def _py(players, decks, jokers_per_deck):
    py_check_players(players, decks, jokers_per_deck)
    return deck_array(decks, jokers_per_deck), players * PY_HAND_SIZE


@question
def _opener_no_club(players: int = 4, *, decks: int = 1, jokers_per_deck: int = 0) -> Sim:
    """Simulated chance that the opener (seat 0) is dealt no club (exact: C(N − 13·decks, 7) / C(N, 7))."""
    deck, dealt = _py(players, decks, jokers_per_deck)
    return Sim(deck, lambda rows: ~_IS_CLUB[rows[:, 0:dealt:players]].any(axis=1))


@question
def _draws_until_club(players: int, *, decks: int = 1, jokers_per_deck: int = 0) -> Sim:
    """Simulated distribution of the draws an opener with no club needs to reach a club, counted over
    the deals where the opener has no club (outcomes 1..S, and ``"no club"`` if the stock runs out)."""
    deck, dealt = _py(players, decks, jokers_per_deck)
    S = py_stock_size(players, decks, jokers_per_deck)

    def outcome(rows):
        no_club = ~_IS_CLUB[rows[:, 0:dealt:players]].any(axis=1)
        clubs = _IS_CLUB[rows[:, dealt:]]
        first = np.where(clubs.any(axis=1), clubs.argmax(axis=1), S)   # 0-based: label index
        return np.where(no_club, first, -1)

    return Sim(deck, outcome, tuple(range(1, S + 1)) + (NO_CLUB,))


@question
def _can_answer_seven(players: int = 4, *, my_sevens: int | None = None, decks: int = 1,
                      jokers_per_deck: int = 0) -> Sim:
    """Simulated chance that seat 1 (next after you, seat 0) holds a 7; with ``my_sevens=k`` only the
    deals where you hold exactly k sevens count."""
    deck, dealt = _py(players, decks, jokers_per_deck)
    if my_sevens is not None:
        check_count("my_sevens", my_sevens, high=min(PY_HAND_SIZE, len(SUITS) * decks))   # a 7 of each suit a deck

    def outcome(rows):
        theirs = _IS_SEVEN[rows[:, 1:dealt:players]].any(axis=1)
        if my_sevens is None:
            return theirs
        mine = _IS_SEVEN[rows[:, 0:dealt:players]].sum(axis=1)
        return np.where(mine == my_sevens, theirs, -1)

    return Sim(deck, outcome)


@question
def _dealt_jack(players: int = 4, *, decks: int = 1, jokers_per_deck: int = 0,
                with_jokers: bool = False) -> Sim:
    """Simulated chance that seat 0 is dealt at least one Jack (or, ``with_jokers``, a Jack or joker)."""
    deck, dealt = _py(players, decks, jokers_per_deck)
    table = _IS_JACK_OR_JOKER if with_jokers else _IS_JACK
    return Sim(deck, lambda rows: table[rows[:, 0:dealt:players]].any(axis=1))


opener_no_club, draws_until_club, can_answer_seven, dealt_jack = (
    _opener_no_club, _draws_until_club, _can_answer_seven, _dealt_jack)
