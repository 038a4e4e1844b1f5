"""Sarı Cüce's chances, simulated: the questions of :mod:`cardlib.saricuce.odds` answered by dealing many
random deals at once (its simulated-odds face; :mod:`cardlib.prob.montecarlo` has the machinery and offers
these by name: ``from cardlib.prob import montecarlo as mc; mc.card_dead(4, n=..., seed=...)``)."""

from __future__ import annotations

import numpy as np

from ..cards import Card
from ..errors import InvalidOptionError
from ..jsonio import shown
from ..prob.montecarlo import Sim, card_table, check_seat, question
from ..prob.shuffle import deck_array
from .odds import BOX_CARDS, YELLOW_DWARF, nj_dead_count, nj_hand_size, own_hand

__all__ = ["card_dead", "any_box_card_dead", "box_cards_dead", "box_cards_in_hand", "holds_card"]

_NJ_DECK = deck_array()
_IS_BOX = card_table(lambda c: c in BOX_CARDS)


def _nj_given(players: int, hand, allow_two_players: bool, seat: int = 0) -> dict:
    """``_Sim`` fields for a Sarı Cüce deal: the whole deck, or, given ``hand``, that hand fixed at
    ``seat`` (the positions seat, seat + players, …) and the other cards shuffled round it."""
    if hand is None:
        return {"deck": _NJ_DECK}
    h = nj_hand_size(players, allow_two_players)
    mine = own_hand(hand, h, players)
    cards = np.array([c.index for c in mine], dtype=np.uint8)
    rest = np.array([i for i in _NJ_DECK if i not in set(cards.tolist())], dtype=np.uint8)
    return {"deck": rest, "fixed": (np.arange(seat, players * h, players), cards)}


def _nj_card(card) -> int:
    c = Card.parse(card)
    if c.is_joker:
        raise InvalidOptionError(f"card={shown(card)}: Sarı Cüce uses no jokers (NJ-01)")
    return c.index


@question
def _card_dead(players: int, card: Card | str = YELLOW_DWARF, *, hand=None,
               allow_two_players: bool = False) -> Sim:
    """Simulated chance that ``card`` (7♦ by default) is in the dead stock (exact: d / 52).

    With ``hand`` (your cards, seat 0), every deal gives you that hand and shuffles the rest.
    """
    dealt = players * nj_hand_size(players, allow_two_players)
    idx = _nj_card(card)
    return Sim(outcome=lambda rows: (rows[:, dealt:] == idx).any(axis=1),
                **_nj_given(players, hand, allow_two_players))


@question
def _any_box_card_dead(players: int, *, hand=None, allow_two_players: bool = False) -> Sim:
    """Simulated chance that at least one of the five box cards is dead (exact: 1 − C(47,d)/C(52,d)).

    With ``hand`` (your cards, seat 0), every deal gives you that hand and shuffles the rest.
    """
    dealt = players * nj_hand_size(players, allow_two_players)
    return Sim(outcome=lambda rows: _IS_BOX[rows[:, dealt:]].any(axis=1),
                **_nj_given(players, hand, allow_two_players))


@question
def _box_cards_dead(players: int, *, hand=None, allow_two_players: bool = False) -> Sim:
    """Simulated distribution of the number of box cards in the dead stock (``hand``: as above)."""
    dealt = players * nj_hand_size(players, allow_two_players)
    d = nj_dead_count(players, allow_two_players)
    return Sim(outcome=lambda rows: _IS_BOX[rows[:, dealt:]].sum(axis=1), labels=tuple(range(min(d, 5) + 1)),
                **_nj_given(players, hand, allow_two_players))


@question
def _box_cards_in_hand(players: int, *, seat: int = 0, allow_two_players: bool = False) -> Sim:
    """Simulated distribution of the number of box cards in the hand of ``seat``."""
    h = nj_hand_size(players, allow_two_players)
    check_seat(seat, players)
    dealt = players * h
    return Sim(_NJ_DECK, lambda rows: _IS_BOX[rows[:, seat:dealt:players]].sum(axis=1),
                tuple(range(min(h, 5) + 1)))


@question
def _holds_card(players: int, card: Card | str = YELLOW_DWARF, *, seat: int | None = None, hand=None,
                allow_two_players: bool = False) -> Sim:
    """Simulated chance that ``seat`` holds ``card`` (the yellow dwarf 7♦ by default; exact: h / 52).

    ``seat`` defaults to 0.  With ``hand`` (your cards, always seat 0) the question is about an
    opponent: ``seat`` defaults to 1 and may not be 0.
    """
    h = nj_hand_size(players, allow_two_players)
    if seat is None:
        seat = 0 if hand is None else 1
    check_seat(seat, players)
    if hand is not None and seat == 0:
        raise InvalidOptionError("seat=0: with hand= you are seat 0; ask about another seat")
    idx, dealt = _nj_card(card), players * h
    return Sim(outcome=lambda rows: (rows[:, seat:dealt:players] == idx).any(axis=1),
                **_nj_given(players, hand, allow_two_players))


card_dead, any_box_card_dead, box_cards_dead, box_cards_in_hand, holds_card = (
    _card_dead, _any_box_card_dead, _box_cards_dead, _box_cards_in_hand, _holds_card)
