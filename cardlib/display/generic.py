"""The picture of a hand of a game that has no picture of its own (no ``GameSpec.picture`` face).

It draws what every hand's position has in common: the seats' hands (``hands``, one card list per seat),
every other field that holds a card list (a pile, a stock, a trick: face up, its size beside it), whose
turn it is, the legal cards marked, and at the end the outcome's headline.  A new game gets a picture
that teaches something before it has one of its own.
"""

from __future__ import annotations

from typing import Any

from ..cards import parse_cards
from ..errors import CardlibError
from .cards import CARD_H, hand_fragment, sort_cards
from .svg import (FELT, FELT_EDGE, HIGHLIGHT, ON_FELT, ON_FELT_DIM, PALETTE, SvgImage, as_hand, legal_cards,
                  names_for, rect, status_or_banner, svg_document, text, visible_set)

__all__ = ["generic_position_svg", "card_fields"]


def card_fields(position: dict[str, Any]) -> dict[str, list[Any]]:
    """The fields of a position that hold one card list (text such as ``"AS 2H"``), besides ``hands``:
    the piles a generic picture shows, by name, as cards."""
    found = {}
    for key, value in position.items():
        if key == "hands" or not isinstance(value, str):
            continue
        try:
            found[key] = parse_cards(value)
        except CardlibError:
            continue
    return found


def generic_position_svg(hand: Any, names: list[str] | None = None, *, visible: Any = None, legal: Any = None,
                         title: str | None = None, width: int = 760, sort: bool | str = True,
                         language: str | None = None) -> SvgImage:
    """A hand of any game: the piles of its position, whose turn, and every seat's cards.

    ``visible``: seats shown face up (None = all); ``legal``: None marks the legal moves of the seat to act,
    ``False`` nothing, or give the moves to mark.  ``language``: the words' language (:mod:`cardlib.i18n`).
    """
    from ..i18n import using
    with using(language):
        return _generic(hand, names, visible=visible, legal=legal, title=title, width=width, sort=sort)


def _generic(hand: Any, names: list[str] | None, *, visible: Any, legal: Any, title: str | None, width: int,
             sort: bool | str) -> SvgImage:
    from ..games import game_of
    from ..i18n import _
    from .outcome import outcome_headline

    hand = as_hand(hand)
    spec = game_of(hand)
    pos = hand.position()
    hands = [sort_cards(parse_cards(h), sort) for h in pos.get("hands", [])]
    n = len(hands)
    names = names_for(names, n)
    shown = visible_set(visible, n)
    marks = legal_cards(hand, legal)
    to_act = hand.to_act
    parts: list[str] = []
    y = 10.0
    parts.append(text(12, y + 18, title or spec.title, 18, ON_FELT, weight="bold"))
    y += 28
    headline = outcome_headline(hand.result(), names) if hand.is_over() and hand.result() is not None else None
    status = _("{player} to play").format(player=names[to_act]) if to_act is not None else _("the hand is over")
    frag, y = status_or_banner(width, y, status, headline, to_act is not None)
    parts.append(frag)
    words = [status if headline is None else headline]
    for key, cards in card_fields(pos).items():
        label = key.replace("_", " ")
        parts.append(text(12, y + 14, f"{label} ({len(cards)})", 13, ON_FELT, weight="bold"))
        frag, h = hand_fragment(cards, 150, y, width - 170)
        parts.append(frag)
        y += max(h, 22) + 10
        words.append(f"{label}: {len(cards)} card{'' if len(cards) == 1 else 's'}")
    for s, cards in enumerate(hands):
        acting = s == to_act
        colour = HIGHLIGHT if acting else PALETTE[s % len(PALETTE)]
        parts.append(rect(6, y, width - 12, CARD_H + 30, "#174c30", colour if acting else "none", 2, rx=8))
        parts.append(text(16, y + 20, f"{names[s]} ({len(cards)})" + ("  ◀ to play" if acting else ""), 13,
                          colour if acting else ON_FELT, weight="bold"))
        face_up = s in shown
        frag, h = hand_fragment(cards, 150, y + 8, width - 170, legal=marks if (acting and face_up) else None,
                                hidden=not face_up)
        parts.append(frag)
        y += max(h, CARD_H) + 40
        words.append(f"{names[s]} holds {len(cards)} card{'' if len(cards) == 1 else 's'}")
    body = rect(0, 0, width, y, FELT, FELT_EDGE, 2, rx=10) + "".join(parts)
    note = text(width - 12, y - 8, _("generic picture"), 10, ON_FELT_DIM, "end")
    return svg_document(width, y, body + note, title=title or spec.title, desc="; ".join(words) + ".")
