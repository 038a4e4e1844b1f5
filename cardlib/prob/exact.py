"""Exact chances for Sarı Cüce and Pis Yedili, as fractions.

A small vocabulary first: the hypergeometric law answers "draw ``n`` cards from ``N``, of which ``K`` are
special: what is the chance of exactly ``k`` special ones?"

    hypergeom(N, K, n, k) = C(K, k) · C(N − K, n − k) / C(N, n)

Every dealt hand, every dead stock and every top-of-stock is such a draw, because a shuffled deck puts
every set of positions on an equal footing.  The named questions below are that formula with the game's
numbers filled in; each docstring gives the formula and a value to check by hand.

>>> card_dead(4)                       # 4 dead cards out of 52
Exact(1, 13)
>>> print(opener_no_club())
69597/605360 ≈ 0.114968

Every answer is an :class:`~cardlib.prob.results.Exact` (a ``Fraction``) or a
:class:`~cardlib.prob.results.Dist` of them.  Sarı Cüce uses one 52-card deck (NJ-01); the Pis Yedili
questions take ``decks`` (1 or 2) and ``jokers_per_deck`` (0, 1 or 2).  To condition on your own hand
(or on cards you have seen), see :func:`cardlib.prob.given.given_hand`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from math import comb

from ..cards import RANKS, SUITS, Card, parse_cards
from ..errors import InvalidOptionError, InvalidPositionError
from .deals import (
    BOX_CARDS, NJ_DECK_SIZE, PY_HAND_SIZE, YELLOW_DWARF, check_count, nj_dead_count, nj_hand_size,
    nj_player_counts, py_deck_size, py_stock_size,
)
from .results import Dist, Exact
from ..jsonio import shown

__all__ = [
    # vocabulary
    "hypergeom", "hypergeom_cdf", "at_least", "hypergeom_dist", "first_success_dist", "NO_CLUB",
    "for_players",
    # Sarı Cüce
    "card_dead", "any_box_card_dead", "box_cards_dead", "box_cards_in_hand", "holds_card",
    # Pis Yedili
    "opener_no_club", "draws_until_club", "expected_draws_until_club", "can_answer_seven", "dealt_jack",
]


# --------------------------------------------------------------------------------------------------
# Vocabulary: the hypergeometric law

def _check_hypergeom(N, K, n) -> None:
    check_count("N", N)
    check_count("K", K, high=N)
    check_count("n", n, high=N)


def hypergeom(N: int, K: int, n: int, k: int) -> Exact:
    """P(exactly ``k`` special cards) when ``n`` cards are drawn from ``N`` cards of which ``K`` are special.

        hypergeom(N, K, n, k) = C(K, k) · C(N − K, n − k) / C(N, n)

    (0 outside max(0, n − N + K) ≤ k ≤ min(n, K)).

    >>> hypergeom(52, 4, 12, 0) == Fraction(comb(48, 12), comb(52, 12))   # no Ace in 12 cards
    True
    >>> hypergeom(4, 2, 2, 1)          # 2 cards from {a, b, x, y}: 4 of the 6 pairs mix the kinds
    Exact(2, 3)
    """
    _check_hypergeom(N, K, n)
    if isinstance(k, bool) or not isinstance(k, int):
        raise InvalidOptionError(f"k={shown(k)}: must be a whole number")
    if k < 0 or k > n or k > K or n - k > N - K:
        return Exact(0)
    return Exact(comb(K, k) * comb(N - K, n - k), comb(N, n))


def hypergeom_cdf(N: int, K: int, n: int, k: int) -> Exact:
    """P(at most ``k`` special cards): the sum of :func:`hypergeom` for 0..k."""
    _check_hypergeom(N, K, n)
    return Exact(sum((hypergeom(N, K, n, i) for i in range(0, min(k, n) + 1)), Fraction(0)))


def at_least(N: int, K: int, n: int, k: int = 1) -> Exact:
    """P(at least ``k`` special cards) = 1 − hypergeom_cdf(N, K, n, k − 1).

    For ``k = 1`` this is the complement of "none":  1 − C(N − K, n) / C(N, n).

    >>> at_least(52, 4, 7)             # at least one Jack in 7 cards: 1 − C(48,7)/C(52,7)
    Exact(3478, 7735)
    """
    _check_hypergeom(N, K, n)
    if k <= 0:
        return Exact(1)
    return Exact(1 - hypergeom_cdf(N, K, n, k - 1))


def hypergeom_dist(N: int, K: int, n: int) -> Dist:
    """The whole law: k -> hypergeom(N, K, n, k) for every possible k."""
    _check_hypergeom(N, K, n)
    return Dist((k, hypergeom(N, K, n, k)) for k in range(max(0, n - (N - K)), min(n, K) + 1))


#: The outcome of :func:`draws_until_club` when the whole stock holds no club.
NO_CLUB = "no club"


def first_success_dist(U: int, C: int, S: int, none: object = NO_CLUB) -> Dist:
    """Where the first special card lies among the first ``S`` cards of a shuffled pile of ``U`` cards
    holding ``C`` special ones (positions 1..S), or ``none`` if those ``S`` cards hold none.

        P(first at d) = C(U − d, C − 1) / C(U, C)      (the other C − 1 specials all lie after position d)
        P(none)       = C(U − S, C) / C(U, C)          (all C specials lie after position S)

    >>> print(first_success_dist(4, 1, 4))     # one ace in 4 cards: each position 1/4
    1  1/4  ≈ 0.25
    2  1/4  ≈ 0.25
    3  1/4  ≈ 0.25
    4  1/4  ≈ 0.25
    """
    check_count("U", U)
    check_count("C", C, high=U)
    check_count("S", S, high=U)
    total = comb(U, C)
    out = Dist((d, Fraction(comb(U - d, C - 1), total)) for d in range(1, S + 1)) if C else Dist()
    p_none = Fraction(comb(U - S, C), total)
    if p_none:
        out[none] = p_none
    return out


def for_players(question: Callable[..., Exact], players: Iterable[int] | None = None, **options) -> dict:
    """``{players: question(players, **options)}``: a value table by player count.

    ``players`` defaults to 3–8 (Sarı Cüce's counts; pass e.g. ``range(2, 8)`` for Pis Yedili).

    >>> for_players(card_dead, [4, 6])
    {4: Exact(1, 13), 6: Exact(1, 13)}
    """
    counts = list(nj_player_counts()) if players is None else list(players)
    return {n: question(n, **options) for n in counts}


# --------------------------------------------------------------------------------------------------
# Helpers for "given my hand"

def _own_hand(hand, size: int, players: int) -> list[Card]:
    cards = parse_cards(hand)
    if len(cards) != size:
        raise InvalidPositionError(
            f"hand={shown(hand)}: a Sarı Cüce hand with {players} players has {size} cards, not {len(cards)} (NJ-02)")
    if any(c.is_joker for c in cards):
        raise InvalidPositionError(f"hand={shown(hand)}: Sarı Cüce uses no jokers (NJ-01)")
    if len(set(cards)) != len(cards):
        raise InvalidPositionError(f"hand={shown(hand)}: a card appears twice, but Sarı Cüce uses one deck (NJ-01)")
    return cards


def _one_card(card) -> Card:
    c = Card.parse(card)
    if c.is_joker:
        raise InvalidOptionError(f"card={shown(card)}: Sarı Cüce uses no jokers (NJ-01)")
    return c


# --------------------------------------------------------------------------------------------------
# Sarı Cüce (Nain Jaune): one 52-card deck, NJ-02 deal table, the rest dead (NJ-11)

def card_dead(players: int, card: Card | str = YELLOW_DWARF, *, hand=None,
              allow_two_players: bool = False) -> Exact:
    """The chance that ``card`` (the 7♦ by default, or any box card) lies in the dead stock.

    With ``d`` dead cards (52 − players × hand size) every card is equally likely to be any of them:

        P = d / 52                                  3→7/52, 4→1/13, 5→7/52, 6→1/13, 7→3/52, 8→1/13

    Given your own ``hand`` of ``h`` cards: 0 if you hold ``card``, else  d / (52 − h).

    >>> card_dead(4)                   # 52 − 4·12 = 4 dead cards: 4/52
    Exact(1, 13)
    >>> card_dead(3, "KH")             # 52 − 3·15 = 7 dead cards
    Exact(7, 52)
    """
    d = nj_dead_count(players, allow_two_players)
    c = _one_card(card)
    if hand is None:
        return Exact(d, NJ_DECK_SIZE)
    mine = _own_hand(hand, nj_hand_size(players, allow_two_players), players)
    if c in mine:
        return Exact(0)
    return Exact(d, NJ_DECK_SIZE - len(mine))


def _box_unseen(players, hand, allow_two_players):
    if hand is None:
        return NJ_DECK_SIZE, len(BOX_CARDS)
    mine = _own_hand(hand, nj_hand_size(players, allow_two_players), players)
    return NJ_DECK_SIZE - len(mine), sum(1 for c in BOX_CARDS if c not in mine)


def box_cards_dead(players: int, *, hand=None, allow_two_players: bool = False) -> Dist:
    """The distribution of how many of the five box cards (10♦ J♣ Q♠ K♥ 7♦) lie in the dead stock.

        P(k dead) = hypergeom(52, 5, d, k) = C(5, k) · C(47, d − k) / C(52, d)

    Given your ``hand`` of h cards holding j box cards: hypergeom(52 − h, 5 − j, d, k).

    >>> box_cards_dead(7)[0]           # 3 dead cards, no box card: C(47,3)/C(52,3)
    Exact(3243, 4420)
    """
    d = nj_dead_count(players, allow_two_players)
    unseen, boxes = _box_unseen(players, hand, allow_two_players)
    return hypergeom_dist(unseen, boxes, d)


def any_box_card_dead(players: int, *, hand=None, allow_two_players: bool = False) -> Exact:
    """The chance that at least one box card is dead (so at least one box surely carries over).

        P = 1 − C(47, d) / C(52, d)                 e.g. 4 players: 1 − C(47,4)/C(52,4) = 1 − 178365/270725

    Given your ``hand``: 1 − C(52 − h − b, d) / C(52 − h, d) with b the box cards you do not hold.

    >>> any_box_card_dead(4) == 1 - Fraction(comb(47, 4), comb(52, 4))
    True
    """
    d = nj_dead_count(players, allow_two_players)
    unseen, boxes = _box_unseen(players, hand, allow_two_players)
    return at_least(unseen, boxes, d, 1)


def box_cards_in_hand(players: int, *, allow_two_players: bool = False) -> Dist:
    """The distribution of how many box cards one given hand of h cards holds.

        P(k) = hypergeom(52, 5, h, k) = C(5, k) · C(47, h − k) / C(52, h)

    >>> box_cards_in_hand(4).mean()    # 12 cards × 5/52 on average
    Exact(15, 13)
    """
    return hypergeom_dist(NJ_DECK_SIZE, len(BOX_CARDS), nj_hand_size(players, allow_two_players))


def holds_card(players: int, card: Card | str = YELLOW_DWARF, *, hand=None,
               allow_two_players: bool = False) -> Exact:
    """The chance that one given player holds ``card`` (the yellow dwarf 7♦ by default).

        P = h / 52                                  3→15/52, 4→3/13, 5→9/52, 6→2/13, 7→7/52, 8→3/26

    Given your own ``hand``, for one given *opponent*: 0 if you hold ``card``, else h / (52 − h).

    >>> holds_card(4)                  # 12 of the 52 places
    Exact(3, 13)
    >>> holds_card(4, hand="AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC")   # 12 of the 40 unseen places
    Exact(3, 10)
    """
    h = nj_hand_size(players, allow_two_players)
    c = _one_card(card)
    if hand is None:
        return Exact(h, NJ_DECK_SIZE)
    mine = _own_hand(hand, h, players)
    if c in mine:
        return Exact(0)
    return Exact(h, NJ_DECK_SIZE - h)


# --------------------------------------------------------------------------------------------------
# Pis Yedili: 7 cards each (PY-05), the opener must play a club (PY-06), drawing one at a time (PY-07)

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
