"""Pis Yedili pictures: the table (top card, named suit, direction, pending sevens, stock) and the hands;
in pairs (pairs, docs/rules-pis-yedili.md) each seat wears its team's colour and says who its partner is."""

from __future__ import annotations

import math
from typing import Any

from ..display.svg import (FELT, FELT_EDGE, HIGHLIGHT, INK, ON_FELT, ON_FELT_DIM, PALETTE, SvgImage, as_hand,
                    status_or_banner, legal_cards, names_for, rect, svg_document, text, visible_set)
from ..display.cards import CARD_H, CARD_W, back_fragment, card_fragment, hand_fragment, sort_cards
from ..i18n import _, count_words, ngettext, suit_word, using

__all__ = ["position_svg", "pis_yedili_table_svg", "table_lines", "TEAM_COLOURS"]

#: team colours (PY-P1: team k is seats k and k + n/2); the partners' rows share a colour and a letter
TEAM_COLOURS = ["#8fb8ff", "#ff8a80", "#a5d6a7", "#ce93d8", "#ffe082", "#80deea", "#f8bbd0"]   # light: on felt
TEAM_LETTERS = "ABCDEFG"


def _arrow(cx: float, cy: float, r: float, clockwise: bool, colour: str) -> str:
    """A three-quarter circle with an arrow head: the direction of play."""
    a0, a1 = (-math.pi * 0.75, math.pi * 0.75) if clockwise else (math.pi * 1.75, math.pi * 0.25)
    x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
    x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
    sweep = 1 if clockwise else 0
    path = (f'<path d="M{x0:.1f} {y0:.1f} A{r:g} {r:g} 0 1 {sweep} {x1:.1f} {y1:.1f}" fill="none" '
            f'stroke="{colour}" stroke-width="3"/>')
    # head: tangent direction at a1
    t = a1 + (math.pi / 2 if clockwise else -math.pi / 2)
    hx, hy = x1 + 7 * math.cos(t), y1 + 7 * math.sin(t)
    n = t + math.pi / 2
    b1 = (x1 + 5 * math.cos(n), y1 + 5 * math.sin(n))
    b2 = (x1 - 5 * math.cos(n), y1 - 5 * math.sin(n))
    head = (f'<path d="M{hx:.1f} {hy:.1f} L{b1[0]:.1f} {b1[1]:.1f} L{b2[0]:.1f} {b2[1]:.1f} Z" '
            f'fill="{colour}"/>')
    return path + head


def _badge(x: float, y: float, label: str, fill: str, ink: str = INK, size: float = 13, w: float | None = None) -> tuple[str, float]:
    w = w if w is not None else 14 + len(label) * size * 0.58
    return rect(x, y, w, size + 10, fill, "none", 0, rx=(size + 10) / 2) + text(x + w / 2, y + size + 3, label, size, ink, "middle", "bold"), w


def pis_yedili_table_svg(hand: Any, names: list[str] | None = None, *, visible: Any = None,
                         legal: Any = None, title: str | None = None, width: int = 760,
                         sort: bool | str = "suit", language: str | None = None) -> SvgImage:
    """A Pis Yedili table: stock size, the top of the discard pile, the named suit, the direction of play,
    pending sevens, the phase, whose turn, and every hand (face up or hidden) with its size.  With
    partnerships every seat's row is marked with its team (a colour and a letter, "team A with Cem") and
    the partners' rows share that colour (PY-P1); the match's team totals show beside the seats' scores.

    ``hand``: a hand (or a record, replayed to its end, or a position dict: see ``as_hand``).
    ``visible``: seats shown face up (None = all).  ``legal``: None marks the legal moves of the seat to
    act, ``False`` marks nothing, or give the moves to mark.  ``language``: the words' language (default: the
    one spoken, :mod:`cardlib.i18n`).
    """
    with using(language):
        return _table_svg(hand, names, visible=visible, legal=legal, title=title, width=width, sort=sort)


def _table_svg(hand: Any, names: list[str] | None, *, visible: Any, legal: Any, title: str | None, width: int,
               sort: bool | str) -> SvgImage:
    hand = as_hand(hand)
    hands = [sort_cards(h, sort) for h in hand.hands]
    n = len(hands)
    names = names_for(names, n)
    shown = visible_set(visible, n)
    legal_set = legal_cards(hand, legal)
    scores = hand.position().get("scores")

    parts = []
    y: float = 10
    if hand.rules.teams is not None:
        title = title or _("Pis Yedili in pairs: partners sit opposite")
    if title:
        parts.append(text(12, y + 16, title, 16, ON_FELT, weight="bold"))
        y += 24
    status, headline = _status(hand, names)
    frag, y = status_or_banner(width, y, status, headline, hand.to_act is not None)  # "Bora wins: ..." at the end
    parts.append(frag)
    y = _centre(parts, hand, y, width)
    for s in range(n):
        y = _seat_row(parts, hand, hands[s], s, names, scores, s in shown, legal_set, y, width)
    height = y + 6
    body = rect(0, 0, width, height, FELT, FELT_EDGE, 2, rx=10) + "".join(parts)
    words = _alt_words(hand, hands, names, scores, shown, legal_set, status, headline, sort)
    return svg_document(width, height, body, title=title or _("Pis Yedili table"), css_class="cardlib pis-yedili",
                        desc=words)


def _status(hand: Any, names: list[str]) -> tuple[str, str | None]:
    """Whose turn and what they face (the opening's club, PY-06; sevens to answer, PY-19; the Ace's extra
    play, PY-T3; cards drawn this turn), and at the end of the hand its outcome."""
    to_act, phase, pending = hand.to_act, hand.phase, hand.pending
    if to_act is None:
        headline = None
        if hand.is_over():
            from ..display.outcome import outcome_headline
            headline = outcome_headline(hand.result(), names)
        return _("The hand is over"), headline
    drawn_n = 0 if hand.is_over() else hand.drawn
    status = (_("Your turn") if names[to_act].endswith(_("(you)")) else
              _("{player}'s turn").format(player=names[to_act]))
    if phase == "opening":
        status += ": " + _("opening, must play a club")
    elif pending:
        status += ": " + _("play a 7 or draw {n}").format(n=hand.rules.sevens_owed(pending))
    elif phase == "ace":
        status += ": " + _("after an Ace")
    if drawn_n:
        status += " " + _("(drew {n} this turn)").format(n=drawn_n)
    return status, None


def _centre(parts: list[str], hand: Any, y: float, width: int) -> float:
    """The centre of the table at ``y``: the stock, the discard pile, the badges and the direction of play;
    returns the next ``y``."""
    ch = CARD_H + 52
    parts.append(rect(6, y, width - 12, ch, "#174c30", "none", 0, rx=8))
    _piles(parts, list(hand.stock), list(hand.discard), y)
    _badges(parts, hand, y)
    _direction(parts, hand.direction, y, width)
    return y + ch + 8


def _piles(parts: list[str], stock: list[Any], discard: list[Any], cy: float) -> None:
    """The stock (backs, or an empty outline) and the discard pile: its top card with two under it."""
    sx = 20
    for k in range(min(4, len(stock))):
        parts.append(back_fragment(sx + k * 2, cy + 10 - k * 2))
    if not stock:
        parts.append(rect(sx, cy + 10, CARD_W, CARD_H, "none", ON_FELT_DIM, 1, rx=4,
                          extra=' stroke-dasharray="4 3"'))
    parts.append(text(sx + CARD_W / 2 + 3, cy + CARD_H + 30, _("stock {n}").format(n=len(stock)), 12, ON_FELT,
                      "middle", "bold"))
    dx = 110
    under = discard[-3:-1]
    for k, card in enumerate(under):
        parts.append(card_fragment(card, dx + k * 14, cy + 10, 1.0, "dim"))
    if discard:
        parts.append(card_fragment(discard[-1], dx + len(under) * 14, cy + 10))
        top = discard[-1].pretty()
        parts.append(text(dx + 40, cy + CARD_H + 30, _("top card {card}").format(card=top), 12, ON_FELT, "middle",
                          "bold"))
    else:
        parts.append(rect(dx, cy + 10, CARD_W, CARD_H, "none", ON_FELT_DIM, 1, rx=4, extra=' stroke-dasharray="4 3"'))
        parts.append(text(dx + CARD_W / 2, cy + CARD_H + 30, _("no card yet"), 12, ON_FELT_DIM, "middle"))
    parts.append(text(dx + 40, cy + CARD_H + 45, _("discards {n}").format(n=len(discard)), 10, ON_FELT_DIM, "middle"))


def _badges(parts: list[str], hand: Any, cy: float) -> None:
    """The badges: the named suit (PY-22), the sevens pending (PY-19), the opening or the Ace's phase."""
    named, pending, phase = hand.named_suit, hand.pending, hand.phase
    bx, by = 230, cy + 12
    if named is not None:
        suit = named
        colour = "#c62828" if suit.is_red else "#1b1b1b"
        parts.append(f'<g class="named-suit" data-suit="{suit}">')
        parts.append(rect(bx, by, 150, 30, "#fffdf6", "#6b6b6b", 1, rx=6))
        parts.append(text(bx + 10, by + 20, _("suit named:"), 12, INK))
        parts.append(text(bx + 130, by + 24, suit.symbol, 24, colour, "middle", "bold"))
        parts.append("</g>")
        by += 38
    if pending:
        label = ngettext("{n} seven pending: draw {draw}", "{n} sevens pending: draw {draw}", pending).format(
            n=pending, draw=hand.rules.sevens_owed(pending))
        frag, _w = _badge(bx, by, label, "#ffab91")
        parts.append(f'<g class="pending" data-pending="{pending}">{frag}</g>')
        by += 30
    if phase in ("opening", "ace") and hand.to_act is not None:
        frag, _w = _badge(bx, by, _("opening: clubs only") if phase == "opening" else _("Ace: extra play"), "#b3e5fc")
        parts.append(frag)


def _direction(parts: list[str], direction: int, cy: float, width: int) -> None:
    """The direction of play: an arrow and its words."""
    ax = width - 150
    clockwise = direction == 1
    parts.append(f'<g class="direction" data-direction="{direction}">')
    parts.append(_arrow(ax, cy + 45, 24, clockwise, HIGHLIGHT))
    parts.append(text(ax + 34, cy + 40, _("clockwise") if clockwise else _("anticlockwise"), 12, ON_FELT,
                      weight="bold"))
    parts.append(text(ax + 34, cy + 56, _("seat numbers go up") if clockwise else _("seat numbers go down"), 10,
                      ON_FELT_DIM))
    parts.append("</g>")


def _seat_row(parts: list[str], hand: Any, cards: list[Any], s: int, names: list[str], scores: Any, face_up: bool,
              legal_set: Any, y: float, width: int) -> float:
    """Seat ``s``'s row: its colour (its team's in pairs, with the team letter and the partner, PY-P1), name
    (marked when it acts), card count, tek (PY-T5), score and team total, and cards (face up or down; the legal
    ones marked for the seat to act); returns the next ``y``."""
    rules, n = hand.rules, len(names)
    acting = s == hand.to_act
    tek = s in set(hand.tek)
    team = rules.team_of(s)
    colour = PALETTE[s % len(PALETTE)] if team is None else TEAM_COLOURS[team % len(TEAM_COLOURS)]
    label_w = 150
    frag, h = hand_fragment(cards, 12 + label_w, y + 4, width - label_w - 24,
                            legal=legal_set if (acting and face_up) else None,
                            hidden=not face_up, scale=0.8, step=24)
    row_h = max(h + 8, 54)
    if team is not None:
        partner = rules.partner(s)
        parts.append(f'<g class="team" data-seat="{s}" data-team="{team}" data-partner="{partner}">')
    parts.append(rect(6, y, width - 12, row_h, "#22663f" if acting else "#174c30",
                      HIGHLIGHT if acting else "none", 2 if acting else 0, rx=6))
    if team is not None:
        parts.append(rect(6, y, 6, row_h, colour, "none", 0, rx=3))            # the team's stripe
        parts.append(text(20, y + 20, TEAM_LETTERS[team], 11, colour, "middle", "bold"))
    else:
        parts.append(f'<circle cx="20" cy="{y + 16:g}" r="6" fill="{colour}"/>')
    parts.append(text(32, y + 20, ("▶ " if acting else "") + names[s], 13, HIGHLIGHT if acting else ON_FELT, weight="bold"))
    parts.append(text(32, y + 37, count_words("card", len(cards)), 12, ON_FELT))
    extra = []
    if tek:
        extra.append("tek!")
    if scores is not None and s < len(scores):
        extra.append(_("score {n}").format(n=scores[s]))
        if team is not None and len(scores) == n:
            extra.append(_("team {n}").format(n=scores[s] + scores[partner]))
    if extra:
        parts.append(text(32, y + 51, "  ".join(extra), 11, HIGHLIGHT if tek else ON_FELT_DIM, weight="bold"))
    if not cards:
        parts.append(text(12 + label_w, y + 30, _("out: no cards left"), 12, HIGHLIGHT))
    parts.append(frag)
    if team is not None:
        label = _("team {letter}, partner: {player}").format(letter=TEAM_LETTERS[team], player=names[partner])
        parts.append(text(width - 16, y + row_h - 6, label,
                          10, colour, "end", "bold"))
        parts.append("</g>")
    return y + row_h + 6


def _alt_words(hand: Any, hands: list[list[Any]], names: list[str], scores: Any, shown: Any, legal_set: Any,
               status: str, headline: str | None, sort: bool | str) -> str:
    """The alt text: what the picture shows, in words (whose turn and what they face, the top card, the
    named suit, the sevens pending, the stock, the direction, every hand's size and, face up, its cards)."""
    rules, n, to_act = hand.rules, len(hands), hand.to_act
    discard, named, pending, tek = list(hand.discard), hand.named_suit, hand.pending, set(hand.tek)
    players = _("Pis Yedili, {n} players in pairs.") if rules.teams is not None else _("Pis Yedili, {n} players.")
    words = [players.format(n=n)
             + " " + (headline + "." if headline else status + ".")]
    table = [_("top card {card}").format(card=discard[-1].pretty()) if discard
             else _("no card on the discard pile yet")]
    if named is not None:
        table.append(_("suit named {symbol} {suit}").format(symbol=named.symbol, suit=suit_word(named)))
    if pending:
        table.append(ngettext("{n} seven pending (draw {draw})", "{n} sevens pending (draw {draw})", pending).format(
            n=pending, draw=rules.sevens_owed(pending)))
    table.append(_("stock {cards}").format(cards=count_words("card", len(hand.stock))))
    table.append(_("play goes clockwise") if hand.direction == 1 else _("play goes anticlockwise"))
    words.append(table[0][0].upper() + "; ".join(table)[1:] + ".")
    for s in range(n):
        held = (": " + " ".join(c.pretty() for c in hands[s])) if s in shown and hands[s] else ""
        more = (" (tek!)" if s in tek else "") + (", " + _("score {n}").format(n=scores[s])
                                                  if scores is not None and s < len(scores) else "")
        team = rules.team_of(s)
        partner = (", " + _("team {letter} with {player}").format(letter=TEAM_LETTERS[team],
                                                                  player=names[rules.partner(s)])
                   if team is not None else "")
        words.append(f"{names[s]}{partner}: {count_words('card', len(hands[s]))}{more}{held}.")
    if legal_set and to_act is not None and to_act in shown:
        words.append(_("{player} may play {cards}.").format(
            player=names[to_act], cards=" ".join(c.pretty() for c in sort_cards(legal_set, sort))))
    return " ".join(words)


#: the game's picture face (GameSpec.picture): a hand's table
position_svg = pis_yedili_table_svg


def table_lines(hand: Any, names: list[str]) -> list[str]:
    """The table in words for a player at the command line (``play --bots human``): the top card, the
    named suit, pending sevens, the stock, the phase."""
    top = hand.top
    table = (_("Top of the discard pile: {card}").format(card=top) if top is not None
             else _("Top of the discard pile: none yet"))
    if hand.named_suit is not None:
        table += ", " + _("suit named: {suit}").format(suit=hand.named_suit.value)
    if hand.pending:
        table += "; " + _("sevens pending: {n} (draw {draw} or play a 7)").format(
            n=hand.pending, draw=hand.rules.sevens_owed(hand.pending))
    table += "; " + _("stock: {cards}").format(cards=count_words("card", len(hand.stock)))
    if hand.phase != "play":
        table += "; " + _("phase: {phase}").format(phase=hand.phase)
    return [table]

