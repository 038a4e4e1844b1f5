"""Pis Yedili's chances, exactly, as fractions (its odds face, GameSpec.odds; the vocabulary is
:mod:`cardlib.prob.exact`, which offers these questions by name too): the deal as numbers (PY-01, PY-02,
PY-05) and the named questions about the opening, the draws until a club, answering a 7 and Jacks.

>>> py_deck_size(decks=2, jokers_per_deck=2), py_max_players(decks=2, jokers_per_deck=2)
(108, 15)
>>> print(opener_no_club())
69597/605360 ≈ 0.114968
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..cards import RANKS, SUITS
from ..errors import InvalidOptionError, PlayerCountError
from ..jsonio import shown
from ..prob.deals import check_count, check_players_type
from ..prob.exact import NO_CLUB, at_least, first_success_dist, hypergeom
from ..prob.results import Dist, Exact
from . import rules as _py

__all__ = [
    "PY_HAND_SIZE", "py_deck_size", "py_max_players", "py_check_players", "py_stock_size", "PLAYER_COUNTS",
    "opener_no_club", "draws_until_club", "expected_draws_until_club", "can_answer_seven", "dealt_jack",
]

#: PY-05: seven cards each.
PY_HAND_SIZE = _py.HAND_SIZE
_PY_DECKS: tuple[int, ...] = _py.OPTION_VALUES["decks"]                    # PY-01: 1 or 2
_PY_JOKERS: tuple[int, ...] = _py.OPTION_VALUES["jokers_per_deck"]         # PY-01: 0, 1 or 2


#: the player counts a table of answers runs over by default (one deck)
PLAYER_COUNTS = tuple(range(_py.MIN_PLAYERS, 8))


def py_deck_size(decks: int = 1, jokers_per_deck: int = 0) -> int:
    """Cards in a Pis Yedili deck (PY-01): 52 or 104, plus the jokers."""
    if isinstance(decks, bool) or decks not in _PY_DECKS:
        raise InvalidOptionError(f"decks={shown(decks)}: Pis Yedili plays with {_or(_PY_DECKS)} decks (PY-01)")
    if isinstance(jokers_per_deck, bool) or jokers_per_deck not in _PY_JOKERS:
        raise InvalidOptionError(f"jokers_per_deck={shown(jokers_per_deck)}: {_or(_PY_JOKERS)} jokers per deck (PY-01)")
    return _py.deck_size_of(decks, jokers_per_deck)


def _or(values: tuple[int, ...]) -> str:
    """``1 or 2``, ``0, 1 or 2``."""
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def py_max_players(decks: int = 1, jokers_per_deck: int = 0) -> int:
    """The largest n with 7n ≤ deck size − 1 (PY-02): 7 with one deck, 14 with two."""
    return _py.max_players_for(py_deck_size(decks, jokers_per_deck))


def py_check_players(players: int, decks: int = 1, jokers_per_deck: int = 0) -> int:
    """``players`` if Pis Yedili allows it with this deck (PY-02), else :class:`PlayerCountError`."""
    high = py_max_players(decks, jokers_per_deck)
    check_players_type(players)
    low = _py.MIN_PLAYERS
    if not low <= players <= high:
        raise PlayerCountError(
            f"players={shown(players)}: Pis Yedili with decks={decks}, jokers_per_deck={jokers_per_deck} "
            f"takes {low} to {high} players (PY-02: {PY_HAND_SIZE} × players ≤ deck size − 1)")
    return players


def py_stock_size(players: int, decks: int = 1, jokers_per_deck: int = 0) -> int:
    """Cards left in the stock after the deal (PY-05): deck size − 7 × players."""
    py_check_players(players, decks, jokers_per_deck)
    return py_deck_size(decks, jokers_per_deck) - PY_HAND_SIZE * players


def _py_deck(decks, jokers_per_deck):
    """The deck size, the cards of one suit and the cards of one rank (PY-01: ``decks`` 52-card decks)."""
    return py_deck_size(decks, jokers_per_deck), len(RANKS) * decks, len(SUITS) * decks


def opener_no_club(*, decks: int = 1, jokers_per_deck: int = 0) -> Exact:
    """The chance that the opener's 7 cards hold no club (so they must draw, PY-07).

        P = C(N − 13·decks, 7) / C(N, 7)            one deck: C(39,7)/C(52,7) = 69597/605360

    It does not depend on the number of players.  A joker is not a club (jokers are not playable in
    the opening, PY-J1), so jokers count among the non-clubs.

    >>> opener_no_club() == Fraction(comb(39, 7), comb(52, 7))
    True
    """
    N, clubs, _ = _py_deck(decks, jokers_per_deck)
    return hypergeom(N, clubs, PY_HAND_SIZE, 0)


def draws_until_club(players: int, *, decks: int = 1, jokers_per_deck: int = 0) -> Dist:
    """How many cards an opener with no club draws until the first club, given that their hand has none.

    The other N − 7 cards (all 13·decks clubs among them) are shuffled among the other hands and the
    stock of S = N − 7·players cards, so the stock, top first, is the top of a shuffled pile of
    U = N − 7 cards holding C = 13·decks clubs.  With :func:`first_success_dist`:

        P(d draws) = C(U − d, C − 1) / C(U, C)      for d = 1..S
        P(no club) = C(U − S, C) / C(U, C)          the stock runs out first (PY-A04: the hand ends, PY-28)

    >>> draws_until_club(4)[1]         # the top card is one of the 13 clubs among the 45 unseen cards
    Exact(13, 45)
    """
    N, clubs, _ = _py_deck(decks, jokers_per_deck)
    S = py_stock_size(players, decks, jokers_per_deck)
    return first_success_dist(N - PY_HAND_SIZE, clubs, S)


def expected_draws_until_club(players: int, *, decks: int = 1, jokers_per_deck: int = 0) -> Exact:
    """The expected number of cards an opener without a club draws: Σ d·P(d) + S·P(no club).

    (If the stock holds no club the opener draws all S cards.)  With an endless stock it would be
    (U + 1) / (C + 1) = 46/14 = 23/7 for one deck; the finite stock makes it a little smaller.
    """
    dist = draws_until_club(players, decks=decks, jokers_per_deck=jokers_per_deck)
    S = py_stock_size(players, decks, jokers_per_deck)
    return Exact(sum((S if d == NO_CLUB else d) * p for d, p in dist.items()))


def can_answer_seven(*, my_sevens: int | None = None, my_hand_size: int | None = None,
                     seen_sevens: int = 0, seen_cards: int = 0, their_hand_size: int = PY_HAND_SIZE,
                     decks: int = 1, jokers_per_deck: int = 0) -> Exact:
    """The chance that the next player holds at least one 7, so they can answer a 7 (PY-20).

    Without knowing any hand (``my_sevens=None``), their ``m`` cards come from all N cards with
    4·decks sevens:

        P = 1 − C(N − 4·decks, m) / C(N, m)          one deck, m = 7: 1 − C(48,7)/C(52,7)

    Knowing your own hand (``my_hand_size`` cards, 7 by default, with ``my_sevens`` sevens) and
    ``seen_cards`` other visible cards (the discard pile, of which ``seen_sevens`` are sevens), the
    next player's m cards come from the U = N − my_hand_size − seen_cards unseen cards holding
    K = 4·decks − my_sevens − seen_sevens sevens:

        P = 1 − C(U − K, m) / C(U, m)

    This treats every unseen card as equally likely to be anywhere, which is exact right after the
    deal; later, what players chose to play or draw tells you a little more.

    >>> can_answer_seven(my_sevens=0) == 1 - Fraction(comb(41, 7), comb(45, 7))
    True
    >>> can_answer_seven(my_sevens=4)  # you hold every 7
    Exact(0, 1)
    """
    N, _, sevens = _py_deck(decks, jokers_per_deck)
    check_count("seen_cards", seen_cards, high=N)
    check_count("seen_sevens", seen_sevens, high=min(sevens, seen_cards))
    if my_sevens is None:
        if my_hand_size is not None:
            raise InvalidOptionError(f"my_hand_size={shown(my_hand_size)} needs my_sevens (how many 7s that hand holds)")
        unseen, left = N - seen_cards, sevens - seen_sevens
    else:
        my_hand_size = PY_HAND_SIZE if my_hand_size is None else my_hand_size
        check_count("my_hand_size", my_hand_size, high=N - seen_cards)
        check_count("my_sevens", my_sevens, high=min(my_hand_size, sevens - seen_sevens))
        unseen, left = N - my_hand_size - seen_cards, sevens - my_sevens - seen_sevens
    check_count("their_hand_size", their_hand_size, high=unseen)
    return at_least(unseen, left, their_hand_size, 1)


def dealt_jack(*, decks: int = 1, jokers_per_deck: int = 0, with_jokers: bool = False,
               hand_size: int = PY_HAND_SIZE) -> Exact:
    """The chance of being dealt at least one Jack (with ``with_jokers=True``: a Jack or a joker, the
    two wild cards of PY-13 and PY-J1).

        P = 1 − C(N − K, 7) / C(N, 7)     K = 4·decks (+ jokers)      one deck: 3478/7735 ≈ 0.4496

    >>> dealt_jack()
    Exact(3478, 7735)
    """
    N, _, jacks = _py_deck(decks, jokers_per_deck)
    check_count("hand_size", hand_size, low=1, high=N)
    special = jacks + (jokers_per_deck * decks if with_jokers else 0)
    return at_least(N, special, hand_size, 1)
