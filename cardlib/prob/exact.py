"""Exact chances for Sarı Cüce and Pis Yedili, as fractions.

A small vocabulary first: the hypergeometric law answers "draw ``n`` cards from ``N``, of which ``K`` are
special: what is the chance of exactly ``k`` special ones?"

    hypergeom(N, K, n, k) = C(K, k) · C(N − K, n − k) / C(N, n)

Every dealt hand, every dead stock and every top-of-stock is such a draw, because a shuffled deck puts
every set of positions on an equal footing.  The named questions below are that formula with the game's
numbers filled in; each docstring gives the formula and a value to check by hand.  They live with their
game (its odds face: :mod:`cardlib.saricuce.odds`, :mod:`cardlib.pisyedili.odds`) and are offered here by
name.

>>> from cardlib.prob.exact import card_dead, opener_no_club
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

from typing import Any

from ..checks import check_whole
from ..errors import InvalidOptionError
from ..jsonio import shown
from .deals import check_count
from .results import Dist, Exact

__all__ = ["hypergeom", "hypergeom_cdf", "at_least", "hypergeom_dist", "first_success_dist", "NO_CLUB",
           "for_players"]


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
    k = check_whole("k", k, None)
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

    ``players`` defaults to the player counts of the question's game (its odds face's ``PLAYER_COUNTS``:
    3–8 for Sarı Cüce, 2–7 for Pis Yedili with one deck).

    >>> from cardlib.prob.exact import card_dead
    >>> for_players(card_dead, [4, 6])
    {4: Exact(1, 13), 6: Exact(1, 13)}
    """
    import sys
    if players is None:
        module = sys.modules.get(getattr(question, "__module__", ""), None)
        players = getattr(module, "PLAYER_COUNTS", None)
        if players is None:
            raise InvalidOptionError(f"for_players({shown(question)}): give the player counts (players=...)")
    counts = list(players)
    return {n: question(n, **options) for n in counts}


def __getattr__(name: str) -> Any:
    """Each game's named questions (``card_dead``, ``opener_no_club`` ...), from its odds face."""
    from ..games import face_export
    return face_export("odds", name, __name__)
