"""Sarı Cüce's chances, exactly, as fractions (its odds face, GameSpec.odds; the vocabulary is
:mod:`cardlib.prob.exact`, which offers these questions by name too): the deal as numbers (NJ-01, NJ-02,
NJ-05, NJ-11) and the named questions about dead cards, box cards and who holds a card.

>>> card_dead(4)                       # 4 dead cards out of 52
Exact(1, 13)
>>> nj_hand_size(4), nj_dead_count(4)
(12, 4)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..cards import Card, parse_cards
from ..errors import InvalidOptionError, InvalidPositionError, PlayerCountError
from ..jsonio import shown
from ..prob.deals import check_count, check_players_type
from ..prob.exact import at_least, hypergeom_dist
from ..prob.results import Dist, Exact
from . import rules as _sc

__all__ = [
    "NJ_HAND_SIZES", "NJ_TWO_PLAYER_HAND_SIZE", "NJ_DECK_SIZE", "BOX_CARDS", "YELLOW_DWARF",
    "nj_hand_size", "nj_dead_count", "nj_player_counts", "PLAYER_COUNTS",
    "card_dead", "any_box_card_dead", "box_cards_dead", "box_cards_in_hand", "holds_card",
]

# The rule facts come from the rules module (one place each); these names are the probability code's.
#: NJ-02: cards dealt to each player, by player count (3-8; 2 only with ``allow_two_players``).
NJ_HAND_SIZES: dict[int, int] = {n: k for n, k in _sc.DEAL_TABLE.items() if n != 2}
NJ_TWO_PLAYER_HAND_SIZE = _sc.DEAL_TABLE[2]
#: NJ-01: one 52-card deck, no jokers.
NJ_DECK_SIZE = _sc.DECK_SIZE
#: NJ-05: the five box cards, in board order 10♦ J♣ Q♠ K♥ 7♦.
BOX_CARDS: tuple[Card, ...] = _sc.BOXES
#: The yellow dwarf (le nain jaune, sarı cüce) is the 7♦.
YELLOW_DWARF: Card = _sc.YELLOW_DWARF


def nj_player_counts(allow_two_players: bool = False) -> tuple[int, ...]:
    """The player counts Sarı Cüce allows (NJ-02)."""
    return ((2,) if allow_two_players else ()) + tuple(NJ_HAND_SIZES)


def nj_hand_size(players: int, allow_two_players: bool = False) -> int:
    """Cards dealt to each Sarı Cüce player (NJ-02): 3→15, 4→12, 5→9, 6→8, 7→7, 8→6; 2→22 (option)."""
    check_players_type(players)
    if players == 2:
        if allow_two_players:
            return NJ_TWO_PLAYER_HAND_SIZE
        raise PlayerCountError(
            "players=2: Sarı Cüce with 2 players (22 cards each) needs allow_two_players=True (NJ-02)")
    if players not in NJ_HAND_SIZES:
        raise PlayerCountError(f"players={shown(players)}: Sarı Cüce takes 3 to 8 players (2 as an option) (NJ-02)")
    return NJ_HAND_SIZES[players]


def nj_dead_count(players: int, allow_two_players: bool = False) -> int:
    """Cards left in the dead stock (NJ-11): 3→7, 4→4, 5→7, 6→4, 7→3, 8→4, 2→8."""
    return NJ_DECK_SIZE - players * nj_hand_size(players, allow_two_players)


#: the player counts a table of answers runs over by default (:func:`cardlib.prob.exact.for_players`)
PLAYER_COUNTS = nj_player_counts()


def own_hand(hand, size: int, players: int) -> list[Card]:
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
    mine = own_hand(hand, nj_hand_size(players, allow_two_players), players)
    if c in mine:
        return Exact(0)
    return Exact(d, NJ_DECK_SIZE - len(mine))


def _box_unseen(players, hand, allow_two_players):
    if hand is None:
        return NJ_DECK_SIZE, len(BOX_CARDS)
    mine = own_hand(hand, nj_hand_size(players, allow_two_players), players)
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
    mine = own_hand(hand, h, players)
    if c in mine:
        return Exact(0)
    return Exact(h, NJ_DECK_SIZE - h)
