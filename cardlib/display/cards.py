"""Cards and hands as SVG.

>>> from cardlib import Card
>>> "10" in card_svg(Card.parse("10D"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card
from .svg import HIGHLIGHT, HtmlImage, SvgImage, as_cards, esc, rect, svg_document, text

__all__ = ["card_svg", "card_html", "hand_svg", "card_fragment", "back_fragment", "hand_fragment",
           "sort_cards", "CARD_W", "CARD_H"]

CARD_W, CARD_H = 44, 62
RED, BLACK, JOKER_INK = "#c62828", "#1b1b1b", "#6a1b9a"
FACE, FACE_EDGE = "#fffdf6", "#6b6b6b"
BACK, BACK_EDGE = "#2f4f8f", "#dfe6f3"


def _ink(card: Card) -> str:
    if card.is_joker:
        return JOKER_INK
    return RED if card.is_red else BLACK


def card_fragment(card: Card | str, x: float = 0, y: float = 0, scale: float = 1.0,
                  mark: str | None = None) -> str:
    """One card as an SVG ``<g>`` at (x, y).  ``mark``: ``"legal"`` (gold edge), ``"dim"`` (faded) or None."""
    card = Card.parse(card)
    w, h = CARD_W * scale, CARD_H * scale
    ink = _ink(card)
    opacity = ""
    stroke, sw = (HIGHLIGHT, 3 * scale) if mark == "legal" else (FACE_EDGE, 1)
    parts = [f'<g class="card" data-card="{card}" transform="translate({x:g},{y:g})"{opacity}>',
             f"<title>{esc(card.pretty())}</title>",
             rect(0, 0, w, h, FACE, stroke, sw, rx=4 * scale)]
    if card.rank is None or card.suit is None:   # the joker
        parts.append(text(w / 2, h * 0.45, "★", 20 * scale, JOKER_INK, "middle"))
        parts.append(text(w / 2, h * 0.78, "JOKER", 8.5 * scale, JOKER_INK, "middle", "bold"))
    else:
        rank = card.rank.text
        parts.append(text(4 * scale, 14 * scale, rank, (12 if len(rank) > 1 else 13) * scale, ink,
                          weight="bold", extra=' letter-spacing="-0.5"'))
        parts.append(text(4 * scale, 25 * scale, card.suit.symbol, 10 * scale, ink))
        parts.append(text(w / 2 + 3 * scale, h * 0.78, card.suit.symbol, 24 * scale, ink, "middle"))
    if mark == "dim":  # an opaque card under a shade, so overlapped cards never show through
        parts.append(rect(0, 0, w, h, "#1f2a24", rx=4 * scale, extra=' fill-opacity="0.42"'))
    parts.append("</g>")
    return "".join(parts)


def back_fragment(x: float = 0, y: float = 0, scale: float = 1.0) -> str:
    """A face-down card."""
    w, h = CARD_W * scale, CARD_H * scale
    return (f'<g class="card-back" transform="translate({x:g},{y:g})">'
            + rect(0, 0, w, h, BACK, "#1c2f57", 1, rx=4 * scale)
            + rect(3 * scale, 3 * scale, w - 6 * scale, h - 6 * scale, "none", BACK_EDGE, 1, rx=3 * scale)
            + f'<path d="M{w / 2:g} {h * 0.3:g} L{w * 0.72:g} {h / 2:g} L{w / 2:g} {h * 0.7:g} '
              f'L{w * 0.28:g} {h / 2:g} Z" fill="none" stroke="{BACK_EDGE}" stroke-width="1"/>'
            + "</g>")


def card_svg(card: Card | str, scale: float = 1.0) -> SvgImage:
    """One card as a small SVG picture (red hearts and diamonds, black clubs and spades, the joker purple)."""
    card = Card.parse(card)
    w, h = CARD_W * scale + 2, CARD_H * scale + 2
    return svg_document(w, h, card_fragment(card, 1, 1, scale), title=None, css_class="cardlib card",
                        desc=f"the card {card.pretty()}")


def card_html(card: Card | str, scale: float = 0.7) -> HtmlImage:
    """A card for inline HTML (``Card._repr_html_``): the SVG in an inline-block span."""
    card = Card.parse(card)
    return HtmlImage(f'<span class="cardlib-card" title="{esc(card.pretty())}" '
                     f'style="display:inline-block;vertical-align:middle;line-height:0">'
                     f'{card_svg(card, scale)}</span>')


def sort_cards(cards: Iterable[Card], sort: bool | str | Any) -> list[Card]:
    """``sort``: False (as given), True or ``"rank"`` (by rank, then suit), ``"suit"`` (by suit, then
    rank), or a key function (a game's ``GameSpec.sort_key``)."""
    cards = list(cards)
    if not sort:
        return cards
    if callable(sort):
        return sorted(cards, key=sort)
    if sort == "suit":
        return sorted(cards, key=lambda c: (c.index // 13 if not c.is_joker else 4, c.rank or 99))
    return sorted(cards, key=lambda c: (c.rank or 99, c.index))


def hand_fragment(cards: Iterable[Card], x: float, y: float, max_width: float, *,
                  legal: set[Card] | None = None, hidden: bool = False, scale: float = 1.0,
                  step: float | None = None, lift: bool = True) -> tuple[str, float]:
    """Cards fanned left to right, wrapping onto more rows when they do not fit.

    ``legal``: the cards that may be played (gold edge, lifted), the others are faded.
    Returns ``(svg_fragment, height)``.
    """
    cards = list(cards)
    w, h = CARD_W * scale, CARD_H * scale
    pad = 6 * scale if (legal is not None and lift) else 0
    if not cards:
        return "", h + pad
    step = step if step is not None else 30 * scale
    per_row = max(1, int((max_width - w) // step) + 1)
    if len(cards) <= per_row:
        step_used = step
    else:  # squeeze down to 60% before wrapping
        tight = max(step * 0.6, (max_width - w) / max(1, len(cards) - 1))
        per_row = max(1, int((max_width - w) // tight) + 1)
        step_used = tight
    parts = []
    rows = (len(cards) + per_row - 1) // per_row
    for i, card in enumerate(cards):
        r, c = divmod(i, per_row)
        cx, cy = x + c * step_used, y + pad + r * (h * 0.62 + pad)
        if hidden:
            parts.append(back_fragment(cx, cy, scale))
            continue
        mark = None
        if legal is not None:
            if card in legal:
                mark, cy = "legal", cy - (pad if lift else 0)
            else:
                mark = "dim"
        parts.append(card_fragment(card, cx, cy, scale, mark))
    height = pad + (rows - 1) * (h * 0.62 + pad) + h
    return "".join(parts), height


def hand_svg(cards: Iterable[Card | str] | str, legal: Iterable[Any] | None = None, *,
             hidden: bool = False, sort: bool | str = False, width: float = 640, scale: float = 1.0,
             background: str | None = "#1d5c3a") -> SvgImage:
    """A hand of cards (cards, or a card list as people write it: ``"AS 2H 10D"``).  ``legal``: the cards
    that may be played, or the moves that play them (move objects, or a hand's ``legal_moves``); they get
    a gold edge and are lifted, the others are faded.  ``hidden`` shows the backs.  ``sort``: False (as
    given), True (by rank), ``"suit"`` or a key function."""
    cards = sort_cards(as_cards(cards), sort)
    legal_set = _cards_of(legal)
    inner_w = width - 16
    frag, h = hand_fragment(cards, 8, 8, inner_w, legal=legal_set, hidden=hidden, scale=scale)
    used_w = min(width, 16 + CARD_W * scale + max(0, len(cards) - 1) * 30 * scale) if cards else 60
    height = h + 16
    bg = rect(0, 0, used_w, height, background, rx=6) if background else ""
    n = len(cards)
    title = f"{n} card{'s' if n != 1 else ''}" if hidden else " ".join(c.pretty() for c in cards)
    if hidden:
        desc = f"A hand of {n} card{'s' if n != 1 else ''}, face down."
    else:
        desc = f"A hand of {n} card{'s' if n != 1 else ''}" + (": " + title if cards else "") + "."
        if legal_set is not None:
            ok = [c.pretty() for c in cards if c in legal_set]
            desc += (" Playable: " + " ".join(ok) + "; the others are faded." if ok else " None of them can be played.")
    return svg_document(used_w, height, bg + frag, title=title, css_class="cardlib hand", desc=desc)


def _cards_of(legal: Iterable[Any] | None) -> set[Card] | None:
    """The cards among ``legal``: cards (or their text) as they are, the card a move plays otherwise."""
    if legal is None:
        return None
    out = set()
    for item in getattr(legal, "legal_moves", legal):
        if isinstance(item, Card):
            out.add(item)
        elif isinstance(item, str):
            out.add(Card.parse(item))
        elif getattr(item, "card", None) is not None:
            out.add(item.card)
    return out
