"""Pis Yedili rules you can touch: one explorer per rule group.

Each explorer builds a small position with :func:`cardlib.lessons.position`, lets the engine play it, and
shows the table (:func:`cardlib.display.pis_yedili_table_svg`, or a picture of its own) with one short
paragraph that says what the rule does and why.  The reasons for an illegal card are the engine's own
(:func:`cardlib.pisyedili.reasons.why_illegal`), the penalties come from ``Rules.sevens_owed`` and the
scores from the hand's result, so an explorer can never teach another rule than the one the engine plays.

- :class:`WhatMayIPlay`: your hand, the top card, the named suit, the pending sevens, the phase and the
  preset; your legal cards light up and every other card says why it is not legal.
- :class:`SevenChain`: sevens in a row, ``linear3`` or ``doubling3``: what the next player owes.
- :class:`WhoPlaysNext`: an 8, a 10 or a plain card, 2 to 7 players, either direction: drawn round the table.
- :class:`AceTurn`: the Ace, classic (a follow-up) and Turkish (everybody draws, an extra turn), with
  ``aces_all_at_once``, ``ace_cannot_finish`` and tek.
- :class:`SayTek`: saying "tek" or forgetting it, and what happens on the next turn.
- :class:`HandScore`: the last card, the others' hands, multipliers and end penalty draws: the score.

>>> e = SevenChain(sevens=3)
>>> e.sentence.split(":")[0]
'3 sevens in a row'
>>> e.set(penalty="doubling3"); e.owed
12
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as W

from ..cards import Card, Suit, make_deck, parse_cards
from .picture import pis_yedili_table_svg
from ..display.svg import (FELT, FELT_EDGE, HIGHLIGHT, INK, ON_FELT, ON_FELT_DIM, PALETTE, SvgImage, rect,
                              svg_document, text)
from ..display.cards import CARD_H, CARD_W, card_fragment, hand_fragment
from ..display.moves import move_words
from ..errors import CardlibError
from ..i18n import N_, _, count_words, ngettext, suit_one, suit_word
from ..lessons import position
from .hand import Hand
from .moves import Move
from .rules import Rules
from .legal import aces_first, situation as turn_kind
from .reasons import why_illegal
from .scoring import card_value
from ..widgets.base import Explorer

__all__ = ["WhatMayIPlay", "SevenChain", "WhoPlaysNext", "AceTurn", "SayTek", "HandScore"]

#: the players of every explorer, seat 0 first (as in the notebooks)
NAMES = ["Ada", "Bora", "Cem", "Deniz", "Ece", "Filiz", "Gül"]
#: cards that fill the hands and stocks an explorer does not let you choose (first unused ones taken)
_FILLER = ("2D 3D 4D 5D 6D 8D 9D QD KD 2S 3S 4S 5S 6S 8S 9S QS KS 2C 3C 4C 5C 6C 8C 9C QC KC "
           "10D 10S 10C 2H 3H 4H 6H 8H QH KH").split()
def _suit_options() -> list[tuple[str, str]]:
    return [(_("none"), "")] + [(f"{suit_word(s)} {s.symbol}", s.value) for s in (Suit.CLUBS, Suit.DIAMONDS,
                                                                             Suit.HEARTS, Suit.SPADES)]


def _card_options() -> list[tuple[str, str]]:
    return [(c.pretty(), str(c)) for c in make_deck()] + [(_("Joker"), "X")]
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


# -- small words -----------------------------------------------------------------------------------

def _pretty(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


_LIST = {"and": N_("{items} and {last}"), "or": N_("{items} or {last}")}


def _and(items: Sequence[str], word: str = "and") -> str:
    """``a, b and c`` / ``a, b or c`` in the language spoken."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _(_LIST[word]).format(items=", ".join(items[:-1]), last=items[-1])


def _cards(k: int) -> str:
    return count_words("card", k)


def _rank(card: Card) -> int:
    return 0 if card.rank is None else int(card.rank)     # the joker: 0


_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS](?:=[CDHS])?\b")


def _in_words(text: str) -> str:
    """The engine's reason with its moves as a player reads them (:func:`move_words`, as everywhere else):
    ``top card is 9H`` -> ``top card is 9♥``, ``JC=S`` -> ``J♣ naming spades ♠`` (the reasons stay in code in
    error messages, for the command line).

    >>> _in_words("top card is 9H; write e.g. JC=S, not 10S")
    'top card is 9♥; write e.g. J♣ naming spades ♠, not 10♠'
    """
    return _CODE.sub(lambda m: move_words(Move.parse(m.group(0))), text)


def _is_jack(card: Card) -> bool:
    return _rank(card) == 11


def _filler(used: Iterable[Any], k: int) -> list[str]:
    """The first ``k`` filler cards not in ``used``."""
    taken = {str(c) for c in used}
    out = [c for c in _FILLER if c not in taken]
    return out[:k]


def _seats(n: int) -> list[str]:
    return NAMES[:n]


def _text_control(value: str, description: str, width: str = "230px") -> W.Text:
    return W.Text(value=value, description=description, continuous_update=False,
                  style={"description_width": "initial"}, layout=W.Layout(width=width))


def _label_style() -> dict:
    return {"description_width": "initial"}


def _svg_size(svg: str) -> tuple[float, float]:
    m = re.search(r'<svg[^>]* width="(\d+)" height="(\d+)"', svg)
    return (float(m.group(1)), float(m.group(2))) if m else (760.0, 0.0)


def _stack(pictures: Sequence[str], title: str) -> SvgImage:
    """Pictures one under the other, as one SVG (each keeps its own drawing)."""
    y, width, parts = 0.0, 0.0, []
    for svg in pictures:
        w, h = _svg_size(svg)
        inner = re.sub(r"^<svg ", f'<svg x="0" y="{y:g}" ', str(svg), count=1)
        inner = inner.replace(' style="max-width:100%;height:auto"', "", 1)
        parts.append(inner)
        y += h + 6
        width = max(width, w)
    return svg_document(width, y - 6, "".join(parts), title=title, css_class="cardlib pis-yedili explorer")


def _moves_words(moves: Iterable[Move]) -> str:
    """The moves in words, a card once: ``J♦ (naming any suit)``, ``3♥ (saying tek or not)``."""
    plays: dict[Card, list[Move]] = {}
    words = []
    for m in moves:
        if m.card is None:
            words.append(move_words(m))
        else:
            plays.setdefault(m.card, []).append(m)
    out = []
    for card, ms in plays.items():
        extra = []
        suits = {m.suit for m in ms if m.suit is not None}
        if len(suits) == 4:
            extra.append(_("naming any suit"))
        elif suits:
            extra.append(_("naming {suits}").format(
                suits=_and([suit_word(s) for s in sorted(suits, key=lambda s: s.index)], "or")))
        teks = {m.tek for m in ms}
        if teks == {True, False}:
            extra.append(_("saying tek or not"))
        elif teks == {True}:
            extra.append(_("saying tek"))
        out.append(card.pretty() + (f" ({', '.join(extra)})" if extra else ""))
    return _and(out + words, "or")


def _narration(events: Iterable[Any], names: Sequence[str]) -> str:
    return " ".join(e.describe(list(names)) for e in events)


def _forced_draws(hand: Any, seat: int, limit: int = 6) -> None:
    """Push ``draw`` while it is ``seat``'s only move and not a choice: the tek draw (PY-T1b), the draw
    after a last Ace (PY-T5), the draw of an Ace's extra turn with no card that fits (PY-24U).  A sevens
    penalty is never drawn for the player: facing sevens, drawing is the answer they choose."""
    for _ in range(limit):
        if hand.is_over() or hand.to_act != seat or turn_kind(hand.state) not in ("tek_draw", "t5_draw", "extra"):
            return
        legal = list(hand.legal_moves)
        if len(legal) != 1 or legal[0].kind != "draw":
            return
        hand.push(legal[0])


# -- what may I play -------------------------------------------------------------------------------

class WhatMayIPlay(Explorer):
    """What may I play?  Choose your hand, the top card, the named suit, the pending sevens, the phase
    (the opening, normal play, the turn after an Ace), whether you drew this turn, and the preset.

    Your legal cards are lifted and edged in gold; the sentence names them, and says for every other card
    why it may not be played, in the engine's own words (:func:`~cardlib.pisyedili.reasons.why_illegal`).
    ``.hand`` is the position, ``.legal`` the legal moves, ``.reasons`` card text -> why it is illegal.
    """

    title = N_("What may I play?")

    #: the stored notebook also shows: the opening with an empty pile, the opening J♣ on top (no suit named),
    #: a J♠ naming hearts with the J♣ in hand, and two sevens pending
    stills = ({"top": "", "phase": "opening"}, {"top": "JC", "hand": "7H 9S KD 2C JD"}, {"top": "JS", "named": "H"},
              {"top": "7S", "pending": 2})

    def __init__(self, hand: str = "7H 9S KD 2H JC", top: str = "9H", named: str | None = None,
                 pending: int = 0, phase: str = "play", drew: bool = False, preset: str = "classic", *,
                 width: int = 760):
        self.hand: Any = None
        self.legal: list[Move] = []
        self.reasons: dict[str, str] = {}
        controls = {
            "hand": _text_control(hand, _("your hand")),
            "top": W.Dropdown(options=[(_("none (empty pile)"), "")] + _card_options(), value=top or "",
                              description=_("top card"), style=_label_style(), layout=W.Layout(width="170px")),
            "named": W.Dropdown(options=_suit_options(), value=named or "", description=_("named suit"),
                                style=_label_style(), layout=W.Layout(width="190px")),
            "pending": W.IntSlider(value=pending, min=0, max=4, description=_("sevens pending"),
                                   style=_label_style(), layout=W.Layout(width="250px")),
            "phase": W.Dropdown(options=[(_("the opening"), "opening"), (_("normal play"), "play"),
                                         (_("after an Ace"), "ace")], value=phase, description=_("phase"),
                                style=_label_style(), layout=W.Layout(width="190px")),
            "drew": W.Checkbox(value=drew, description=_("I drew a card this turn"), indent=False,
                               layout=W.Layout(width="200px")),
            "preset": W.ToggleButtons(options=["classic", "turkish"], value=preset, description=_("preset"),
                                      style={"button_width": "80px"}),
        }
        super().__init__(controls, width=width)

    def situation(self, hand, top, named, pending, phase, drew, preset):
        self.hand, self.legal, self.reasons = None, [], {}
        try:
            mine = parse_cards(hand)
        except CardlibError as e:
            return None, _("Your hand cannot be read: {error}.").format(error=e)
        if not mine:
            return None, _("Write your cards in the box, for example 7H 9S KD: a card is its rank and its suit letter.")
        notes = []
        jokers = 1 if any(c.is_joker for c in mine) or top == "X" else 0
        rules = Rules.from_dict({"preset": preset, "players": 3, "jokers_per_deck": jokers})
        used = [str(c) for c in mine] + ([top] if top else [])
        others = _filler(used, 6)
        try:
            if phase == "opening":
                if named or pending:
                    notes.append(_("In the opening no suit is named and no sevens are pending, so those two "
                                   "controls do nothing here."))
                listed = Counter(parse_cards(used + others))
                rest = []
                for c in make_deck(1, jokers):
                    if listed[c]:
                        listed[c] -= 1
                    else:
                        rest.append(str(c))
                h = position("pis-yedili", rules, hands=[" ".join(map(str, mine)), others[:3], others[3:]],
                             stock=rest, discard=[top] if top else [], to_act=0, phase="opening",
                             opening_left=[0] if (top or rules.opening == "first_player") else [0, 1, 2])
            else:
                if not top:
                    return None, _("Outside the opening there is always a card on top of the pile: choose the "
                                   "top card.")
                h = position("pis-yedili", rules, hands=[" ".join(map(str, mine)), others[:3], others[3:]],
                             stock=_filler(used + others, 4), discard=[top], to_act=0, phase=phase,
                             pending=pending, named_suit=named or None, drawn=int(bool(drew)))
        except CardlibError as e:
            return None, _("This position cannot happen: {error}.").format(error=e)
        self.hand = h
        self.legal = legal = list(h.legal_moves)
        playable = {m.card for m in legal if m.card is not None}
        ok: list[str] = []
        refused: dict[str, list[str]] = {}
        for card in sorted(set(mine)):
            if card in playable:
                ok.append(_("{card} (naming a suit)").format(card=card.pretty())
                          if card.is_joker or (_is_jack(card) and phase != "opening") else card.pretty())
            else:
                suit = Suit.CLUBS if (phase != "opening" and (card.is_joker or _is_jack(card))) else None
                why = why_illegal(h.state, Move("play", card, suit))
                self.reasons[str(card)] = why
                refused.setdefault(_in_words(why), []).append(card.pretty())
        words = [move_words(m) for m in legal if m.card is None]
        parts = [self._lead(h, rules, phase, pending)]
        if ok or words:
            parts.append(_("Legal now: {moves}.").format(moves=_and(ok + words, 'or')))
        if refused:
            parts.append(_("Not legal: {reasons}.").format(reasons="; ".join(
                _("{cards}, because {why}").format(cards=_and(cards), why=why) for why, cards in refused.items())))
        if phase != "ace" and not any(m.kind == "pass" for m in legal):
            parts.append(_("No pass: {why}.").format(why=why_illegal(h.state, Move('pass'))))
        if drew and phase == "opening":
            notes.append(_("Draws in the opening are not counted: the opener draws until they play a club."))
        for warning in h.status()[:1]:
            notes.append(_("(A real hand could not reach this position: {warning}.)").format(warning=warning))
        picture = pis_yedili_table_svg(h, ["Ada " + _("(you)"), "Bora", "Cem"], visible=0, width=self._width)
        return picture, " ".join(parts + notes)

    @staticmethod
    def _lead(h: Hand, rules: Rules, phase: str, pending: int) -> str:
        top = h.top
        if phase == "opening":
            return _("Opening: the only card you may play is a club, and it has no effect (PY-06). An opener may "
                     "also draw instead, one card at a time, until they play a club; they may not pass (PY-07).")
        if pending:
            return ngettext("{n} seven pending: only a 7 answers, or you draw {owed} cards (PY-20).",
                            "{n} sevens pending: only a 7 answers, or you draw {owed} cards (PY-20).",
                            pending).format(n=pending, owed=rules.sevens_owed(pending))
        if phase == "ace":
            if rules.ace_rule == "follow":
                return _("After your Ace you may play one more card that fits it (its suit, an Ace, a Jack), or "
                         "end the turn; no drawing (PY-24).")
            if rules.aces_all_at_once:
                return _("The Turkish Ace's extra turn: you must play another Ace first if you hold one (PY-T3), "
                         "then a card that fits the Ace; with none, you draw one and play it if it fits (PY-24U).")
            return _("The Turkish Ace's extra turn: you must play a card that fits the Ace; with none, you draw one "
                     "and play it if it fits (PY-24U).")
        assert top is not None                 # past the opening, a card is on the discard pile
        if top.rank is None:                   # the joker
            s = h.named_suit
            return _("The joker on top names {suits}: play {a_suit}, a Jack or a joker (PY-J2).").format(
                suits=suit_word(s), a_suit=suit_one(s))
        if _is_jack(top):
            s = h.named_suit
            if s is None:
                return _("The opening J♣ on top named no suit when it was played, but it is still a Jack: play a "
                         "club that is not a Jack (PY-15b).")
            return _("The {card} on top names {suits}: play {a_suit} that is not a Jack (PY-14).").format(
                card=top.pretty(), suits=suit_word(s), a_suit=suit_one(s))
        return _("Match the {card} by suit ({a_suit}) or by rank (a {rank}), or play a Jack, which goes on anything "
                 "but a Jack (PY-12).").format(card=top.pretty(), a_suit=suit_one(top.suit), rank=top.rank.text)


# -- the chain of sevens ---------------------------------------------------------------------------

_SEVENS = ["7H", "7S", "7D", "7C"]


def _formula(rules: Rules, c: int) -> str:
    if rules.seven_penalty == "doubling3":
        return "3" if c == 1 else f"3 × 2{str(c - 1).translate(_SUPERSCRIPT)}"
    return f"{c} × 3"


def _penalty_strip(rules: Rules, c: int, width: int, top: int = 4) -> SvgImage:
    """The penalty of 1 to ``top`` sevens under both rules, the chosen rule and count in gold."""
    rows = [("linear3", "3, 6, 9, …"), ("doubling3", "3, 6, 12, …")]
    h = 24 + 34 * len(rows)
    parts = [rect(0, 0, width, h, FELT, FELT_EDGE, 2, rx=10),
             text(12, 18, _("sevens in a row"), 12, ON_FELT_DIM)]
    for k in range(1, top + 1):
        parts.append(text(170 + (k - 1) * 80 + 30, 18, str(k), 12, ON_FELT_DIM, "middle", "bold"))
    for r, (name, hint) in enumerate(rows):
        y = 26 + 34 * r
        chosen = name == rules.seven_penalty
        parts.append(text(12, y + 18, f"{name} ({hint})", 13, HIGHLIGHT if chosen else ON_FELT,
                          weight="bold" if chosen else "normal"))
        owed = Rules(players=3, seven_penalty=name)
        for k in range(1, top + 1):
            here = chosen and k == c
            x = 170 + (k - 1) * 80
            parts.append(rect(x, y, 60, 26, HIGHLIGHT if here else "#fffdf6", "#6b6b6b", 1, rx=5))
            parts.append(text(x + 30, y + 18, _("draw {n}").format(n=owed.sevens_owed(k)), 12, INK, "middle",
                              "bold" if here else "normal"))
    return svg_document(width, h, "".join(parts), title=_("The penalty for sevens in a row"))


class SevenChain(Explorer):
    """The chain of sevens (PY-19 to PY-21): choose how many sevens lie in a row, the penalty rule
    (``linear3``: 3, 6, 9, ...; ``doubling3``: 3, 6, 12, ...) and whether Bora, who faces them, holds a 7.

    The picture is the table Bora faces and the penalty for 1 to 4 sevens under both rules; the sentence
    says what he owes (``Rules.sevens_owed``) and what a 7 of his would do.  ``.owed``: the cards owed.
    """

    title = N_("The chain of sevens")

    def __init__(self, sevens: int = 1, penalty: str = "linear3", holds_seven: bool = True, *, width: int = 760):
        self.hand: Any = None
        self.owed = 0
        controls = {
            "sevens": W.IntSlider(value=sevens, min=1, max=4, description=_("sevens in a row"), style=_label_style(),
                                  layout=W.Layout(width="260px")),
            "penalty": W.ToggleButtons(options=["linear3", "doubling3"], value=penalty, description=_("penalty"),
                                       style={"button_width": "90px"}),
            "holds_seven": W.Checkbox(value=holds_seven, description=_("Bora holds a 7"), indent=False,
                                      layout=W.Layout(width="160px")),
        }
        super().__init__(controls, width=width)

    def situation(self, sevens, penalty, holds_seven):
        rules = Rules.from_dict({"players": 3, "seven_penalty": penalty})
        other = Rules.from_dict({"players": 3, "seven_penalty": "doubling3" if penalty == "linear3" else "linear3"})
        c = sevens
        bora = ["KH", "4D", "JS"] + ([_SEVENS[c]] if holds_seven and c < 4 else [])
        used = ["9H"] + _SEVENS + bora
        h = position("pis-yedili", rules, hands=[_filler(used, 2), bora, _filler(used, 5)[2:5]],
                     stock=_filler(used, 30)[5:30], discard=["9H"] + _SEVENS[:c], pending=c, to_act=1)
        self.hand = h
        self.owed = owed = rules.sevens_owed(c)
        chain = _pretty(parse_cards(_SEVENS[:c]))
        parts = [ngettext("{n} seven in a row: Bora must play a 7 or draw {owed} cards ({formula}, {rule}); under "
                          "{other} it would be {other_owed} (PY-19).",
                          "{n} sevens in a row: Bora must play a 7 or draw {owed} cards ({formula}, {rule}); under "
                          "{other} it would be {other_owed} (PY-19).", c).format(
            n=c, owed=owed, formula=_formula(rules, c), rule=penalty, other=other.seven_penalty,
            other_owed=other.sevens_owed(c))]
        sevens_held = [m.card for m in h.legal_moves if m.card is not None]
        if sevens_held:
            nxt = rules.sevens_owed(c + 1)
            parts.append(_("He holds the {card}: playing it passes the chain on, and Cem would face {n} sevens, "
                           "{owed} cards.").format(card=sevens_held[0].pretty(), n=c + 1, owed=nxt))
        elif holds_seven and c == 4:
            parts.append(_("All four sevens are on the pile ({chain}), so nobody can answer: Bora draws.").format(
                chain=chain))
        else:
            parts.append(_("He holds no 7, so he draws."))
        parts.append(_("Nothing else answers a 7, not even a Jack (PY-20). Drawing ends his turn, and the 7 on top "
                       "is then an ordinary card (PY-21)."))
        picture = _stack([pis_yedili_table_svg(h, _seats(3), visible=1, width=self._width),
                          _penalty_strip(rules, c, self._width)], _("Sevens pending"))
        return picture, " ".join(parts)


# -- who plays next --------------------------------------------------------------------------------

_NEXT_CARDS = {"8": "8H", "10": "10H", "9": "9H"}


def _round_table(n: int, seat: int, card: Card, skipped: Sequence[int], nxt: int, before: int, after: int,
                 width: int) -> SvgImage:
    """Seats round a table (seat numbers go up clockwise), who played ``card``, who is skipped, who plays
    next, and the route from the player to the next one in the direction after the card."""
    h = 360
    cx, cy, R = 250.0, 180.0, 128.0

    def angle(s: int) -> float:
        return -math.pi / 2 + 2 * math.pi * s / n

    parts = [rect(0, 0, width, h, FELT, FELT_EDGE, 2, rx=10),
             f'<circle cx="{cx:g}" cy="{cy:g}" r="{R - 20:g}" fill="#174c30"/>']
    # the route, seat by seat, on an inner circle
    steps = (nxt - seat) * after % n or n
    r_in = R - 52
    for i in range(steps):
        a0, a1 = angle(seat + after * i), angle(seat + after * (i + 1))
        if after == -1 and a1 > a0:
            a1 -= 2 * math.pi
        if after == 1 and a1 < a0:
            a1 += 2 * math.pi
        pad = 0.12 if n > 2 else 0.2
        a0, a1 = a0 + after * pad, a1 - after * pad
        x0, y0 = cx + r_in * math.cos(a0), cy + r_in * math.sin(a0)
        x1, y1 = cx + r_in * math.cos(a1), cy + r_in * math.sin(a1)
        large = 1 if abs(a1 - a0) > math.pi else 0
        sweep = 1 if after == 1 else 0
        last = i == steps - 1
        parts.append(f'<path class="route" d="M{x0:.1f} {y0:.1f} A{r_in:g} {r_in:g} 0 {large} {sweep} {x1:.1f} '
                     f'{y1:.1f}" fill="none" stroke="{HIGHLIGHT}" stroke-width="3"'
                     f'{"" if last else " stroke-dasharray=" + chr(34) + "6 4" + chr(34)}/>')
        if last:
            tx, ty = -math.sin(a1) * after, math.cos(a1) * after
            hx, hy = x1 + 9 * tx, y1 + 9 * ty
            b1 = (x1 + 6 * ty, y1 - 6 * tx)
            b2 = (x1 - 6 * ty, y1 + 6 * tx)
            parts.append(f'<path d="M{hx:.1f} {hy:.1f} L{b1[0]:.1f} {b1[1]:.1f} L{b2[0]:.1f} {b2[1]:.1f} Z" '
                         f'fill="{HIGHLIGHT}"/>')
    parts.append(card_fragment(card, cx - CARD_W / 2, cy - CARD_H / 2 - 8))
    parts.append(text(cx, cy + CARD_H / 2 + 10, _("clockwise") if after == 1 else _("anticlockwise"), 12, ON_FELT,
                      "middle", "bold"))
    for s in range(n):
        a = angle(s)
        x, y = cx + R * math.cos(a), cy + R * math.sin(a)
        ring, label = "none", ""
        if s == seat:
            ring, label = "#ffffff", _("plays {card}").format(card=card.pretty())
        if s in skipped:
            ring, label = ON_FELT_DIM, _("skipped")
        if s == nxt:
            ring, label = HIGHLIGHT, (_("plays again") if s == seat else _("plays next"))
        fill = PALETTE[s % len(PALETTE)] if s not in skipped else "#5f6f66"
        parts.append(f'<g class="seat" data-seat="{s}"><circle cx="{x:.1f}" cy="{y:.1f}" r="22" fill="{fill}" '
                     f'stroke="{ring}" stroke-width="4"/>')
        parts.append(text(x, y + 5, NAMES[s], 12, "#ffffff", "middle", "bold",
                          ' stroke="#1b1b1b" stroke-width="2.5" paint-order="stroke"'))
        if s in skipped:
            parts.append(f'<path d="M{x - 14:.1f} {y - 14:.1f} L{x + 14:.1f} {y + 14:.1f} M{x + 14:.1f} {y - 14:.1f} '
                         f'L{x - 14:.1f} {y + 14:.1f}" stroke="#ffffff" stroke-width="2"/>')
        if label:
            ly = y - 30 if math.sin(a) < -0.3 else y + 38
            parts.append(text(x, ly, label, 12, HIGHLIGHT if s == nxt else ON_FELT, "middle", "bold"))
        parts.append("</g>")
    # the legend on the right
    lx = 500
    went = {1: _("play went clockwise"), -1: _("play went anticlockwise")}
    goes = {1: _("and now goes clockwise"), -1: _("and now goes anticlockwise")}
    lines = [(_("{player} plays {card}").format(player=NAMES[seat], card=card.pretty()), ON_FELT),
             (went[before], ON_FELT_DIM), (goes[after], ON_FELT_DIM)]
    if skipped:
        lines.append((_("{player} is skipped").format(player=NAMES[skipped[0]]), ON_FELT))
    lines.append(((_("{player} plays again") if nxt == seat else _("{player} plays next")).format(player=NAMES[nxt]),
                  HIGHLIGHT))
    lines.append((_("seat numbers go up clockwise"), ON_FELT_DIM))
    for k, (line, colour) in enumerate(lines):
        parts.append(text(lx, 40 + 22 * k, line, 13 if k == 0 or colour == HIGHLIGHT else 12, colour,
                          weight="bold" if colour == HIGHLIGHT or k == 0 else "normal"))
    return svg_document(width, h, "".join(parts), title=_("Who plays next"))


class WhoPlaysNext(Explorer):
    """The 8 and the 10 (PY-22, PY-23): choose the number of players (2 to 7), the card (an 8, a 10, or a
    9, which does nothing), who plays it, the direction of play, and ``two_player_reverse_as_skip``.

    The engine plays the card; the picture draws the seats round the table, who is skipped, the route to
    the next player and the direction; the sentence says who plays next and why.  ``.next_seat``,
    ``.direction`` and ``.skipped`` are what the engine did.
    """

    title = N_("Who plays next? The 8 and the 10")

    #: the stored notebook also shows the two-player cases: an 8 (its player plays again) and a 10 under
    #: two_player_reverse_as_skip
    stills = ({"players": 2, "card": "8", "seat": 0}, {"players": 2, "card": "10", "seat": 0, "reverse_as_skip": True})

    def __init__(self, players: int = 4, card: str = "8", seat: int = 0, direction: str = "clockwise",
                 reverse_as_skip: bool = False, *, width: int = 760):
        self.hand: Any = None
        self.next_seat: int | None = None
        self.direction = 1
        self.skipped: list[int] = []
        controls = {
            "players": W.IntSlider(value=players, min=2, max=7, description=_("players"), style=_label_style(),
                                   layout=W.Layout(width="220px")),
            "card": W.ToggleButtons(options=[(_("8: skip"), "8"), (_("10: reverse"), "10"), (_("9: nothing"), "9")],
                                    description=_("card"),
                                    value=card, style={"button_width": "90px"}),
            "seat": W.IntSlider(value=min(seat, players - 1), min=0, max=players - 1, description=_("played by seat"),
                                style=_label_style(), layout=W.Layout(width="240px")),
            "direction": W.ToggleButtons(options=[(_("clockwise"), "clockwise"), (_("anticlockwise"), "anticlockwise")],
                                         description=_("direction"),
                                         value=direction, style={"button_width": "100px"}),
            "reverse_as_skip": W.Checkbox(value=reverse_as_skip, description="two_player_reverse_as_skip",
                                          indent=False, layout=W.Layout(width="230px")),
        }
        # before the explorer's own observer: the seat slider follows the number of players
        controls["players"].observe(self._players_changed, names="value")
        super().__init__(controls, width=width)

    def _players_changed(self, change: Any) -> None:
        seat = self.controls["seat"]
        quiet, self._quiet = self._quiet, True
        try:
            seat.max = change["new"] - 1
        finally:
            self._quiet = quiet

    def situation(self, players, card, seat, direction, reverse_as_skip):
        n = players
        seat = min(seat, n - 1)
        d = 1 if direction == "clockwise" else -1
        rules = Rules.from_dict({"players": n, "two_player_reverse_as_skip": reverse_as_skip})
        played = _NEXT_CARDS[card]
        used = ["4H", played, "2S"]
        filler = _filler(used, 2 * n)
        hands = [[played, "2S"] if s == seat else filler[2 * s:2 * s + 2] for s in range(n)]
        h = position("pis-yedili", rules, hands=hands, stock=_filler(used + filler, 2 * n + 3)[2 * n:],
                     discard=["4H"], to_act=seat, direction=d)
        h.push(played)
        self.hand = h
        self.next_seat, self.direction = nxt, after = h.to_act, h.direction
        self.skipped = [e.seat for e in h.events if e.kind == "skip"]
        who, way = NAMES[seat], {1: _("clockwise"), -1: _("anticlockwise")}
        after_card = NAMES[(seat + d) % n]
        shown = Card.parse(played).pretty()
        words = dict(player=who, card=shown, would=after_card, nxt=NAMES[nxt], way=way[d], now=way[after])
        if card == "8" and n > 2:
            text_ = _("{player} plays the {card}. Going {way}, the next player would be {would}, but the 8 skips "
                      "{would}: {nxt} plays next (PY-22).")
        elif card == "8":
            text_ = _("With two players the 8 skips the only opponent, {would}, so {player} plays again at once, a "
                      "full new turn (PY-22).")
        elif card == "10" and n > 2:
            text_ = _("{player} plays the {card}: play turns round and now goes {now}, so {nxt} plays next instead "
                      "of {would} (PY-23).")
        elif card == "10" and reverse_as_skip:
            text_ = _("With two_player_reverse_as_skip the 10 acts like an 8 between two players: the direction "
                      "turns ({now} now) and {player} plays again (PY-F6).")
        elif card == "10":
            text_ = _("With two players the 10 still turns the direction round ({now} now), but the only opponent, "
                      "{would}, plays next either way (PY-23).")
        else:
            text_ = _("A 9 has no effect (PY-25): play goes on {way} to {nxt}.")
        sentence = text_.format(**words)
        if reverse_as_skip and n > 2:
            sentence += " " + _("(two_player_reverse_as_skip matters only with two players.)")
        picture = _round_table(n, seat, Card.parse(played), self.skipped, nxt, d, after, self._width)
        return picture, sentence


# -- the Ace ----------------------------------------------------------------------------------------

_TEK_OPTIONS = [(N_("tek is off"), "off"), (N_("tek on: she says it"), "says"),
                (N_("tek on: she forgets it"), "forgets")]


class AceTurn(Explorer):
    """The Ace (PY-24, PY-24T, PY-24U, PY-T3, PY-T5, PY-F7, PY-F9, PY-F15, PY-F16): Ada plays the A♥ on
    the 9♥.  Choose the Ace rule (classic ``follow``: one more card that fits, or end; Turkish
    ``all_draw``: everyone else draws a card, then Ada takes an extra turn), ``aces_all_at_once``,
    ``ace_cannot_finish``, her other cards (none: the Ace is her last card), tek (off; on and said; on and
    forgotten, on the play that leaves her one card, which may be the Ace or the play before it), and the
    stock (top first), which decides what the draws bring.

    The engine plays the Ace, and every draw that is Ada's only move (the tek draw, the draw after a last
    Ace, the draw of an extra turn with no card that fits); the picture shows the table after that, Ada's
    legal moves in gold; the sentence narrates what happened and says which rule decides what she may do.
    ``.kind`` is the engine's name for the turn she is in (:func:`cardlib.pisyedili.legal.situation`).
    """

    title = N_("The Ace: classic and Turkish")

    #: opened on the Turkish Ace, the stored notebook shows the cases of notebook 23's table (the Ace, tek and
    #: ace_cannot_finish together), one still a row, with the stock they share; the explorer's own picture is
    #: the row it opens on
    turkish_stills: ClassVar[tuple[Mapping[str, Any], ...]] = tuple(
        {"cards": cards, "tek": tek, **more, "stock": "6S 2C 3C 4C"} for cards, tek, more in (
            ("AS 5H 3D", "off", {}), ("5H 3D", "off", {}), ("3D", "says", {}), ("5H", "says", {}),
            ("", "says", {}), ("", "says", {"ace_cannot_finish": False}), ("5H", "forgets", {})))

    def __init__(self, rule: str = "follow", aces_all_at_once: bool = False, ace_cannot_finish: bool = False,
                 cards: str = "AS 5H 3D", tek: str = "off", stock: str = "6S 2C 3C 4C 5C 8C", *,
                 width: int = 760):
        self.hand: Any = None
        self.kind = ""
        self._opened_on = rule
        controls = {
            "rule": W.ToggleButtons(options=[(_("classic: follow"), "follow"), (_("Turkish: all draw"), "all_draw")],
                                    description=_("rule"),
                                    value=rule, style={"button_width": "130px"}),
            "aces_all_at_once": W.Checkbox(value=aces_all_at_once, description="aces_all_at_once", indent=False,
                                           layout=W.Layout(width="160px")),
            "ace_cannot_finish": W.Checkbox(value=ace_cannot_finish, description="ace_cannot_finish", indent=False,
                                            layout=W.Layout(width="160px")),
            "cards": _text_control(cards, _("her other cards")),
            "tek": W.Dropdown(options=[(_(label), value) for label, value in _TEK_OPTIONS], value=tek,
                              description="tek", style=_label_style(), layout=W.Layout(width="230px")),
            "stock": _text_control(stock, _("stock, top first")),
        }
        super().__init__(controls, width=width)

    def situation(self, rule, aces_all_at_once, ace_cannot_finish, cards, tek, stock):
        self.hand, self.kind = None, ""
        preset = "turkish" if rule == "all_draw" else "classic"
        rules = Rules.from_dict({"preset": preset, "players": 3, "ace_rule": rule,
                                 "aces_all_at_once": aces_all_at_once, "ace_cannot_finish": ace_cannot_finish,
                                 "tek": tek != "off"})
        try:
            others = parse_cards(cards)
            pile = parse_cards(stock)
            used = ["9H", "AH"] + [str(c) for c in others + pile]
            filler = _filler(used, 4)
            ada = ["AH"] + [str(c) for c in others]
            h = position("pis-yedili", rules, hands=[ada, filler[:2], filler[2:]], stock=[str(c) for c in pile],
                         discard=["9H"], to_act=0, tek=[0] if (tek == "says" and len(ada) == 1) else [])
        except CardlibError as e:
            return None, _("This cannot be set up: {error}.").format(error=e)
        self.hand = h
        _forced_draws(h, 0)                             # a tek penalty draws first (PY-T1b)
        say = "!" if (tek == "says" and len(h.hands[0]) == 2) else ""
        h.push("AH" + say)
        _forced_draws(h, 0)
        self.kind = kind = turn_kind(h.state)
        parts = [_narration(h.events, NAMES)]
        parts.append(self._why(h, rules, kind))
        if not h.is_over() and h.to_act == 0:
            parts.append(_("Her moves now: {moves}.").format(moves=_moves_words(h.legal_moves)))
        if rule == "follow" and aces_all_at_once:
            parts.append(_("The aces_all_at_once option belongs to the Turkish Ace; under follow it has no effect "
                           "(PY-F16)."))
        picture = pis_yedili_table_svg(h, _seats(3), title=_("After Ada's A♥"), width=self._width)
        return picture, " ".join(p for p in parts if p)

    def still_settings(self) -> tuple[Mapping[str, Any], ...]:
        """The Turkish cases of notebook 23's table when opened on the Turkish Ace (the row it opens on left
        out); none for the classic Ace."""
        if self._opened_on != "all_draw":
            return ()
        own = self.values
        return tuple(s for s in self.turkish_stills if {**own, **s} != own)

    @staticmethod
    def _why(h: Hand, rules: Rules, kind: str) -> str:
        res = h.result()
        if res is not None:                 # the hand is over
            if res.winner == 0 and rules.ace_cannot_finish and h.top is not None and h.top.rank is not None \
                    and int(h.top.rank) == 1:
                return _("There was nothing left to draw after her last Ace, so she goes out with it, at "
                         "multiplier 1 (PY-F9).")
            if res.winner == 0 and h.top is not None and h.top.rank is not None and int(h.top.rank) == 1:
                return _("A last card has no effect, so nobody draws for it (PY-26), and going out on an Ace is "
                         "allowed here (PY-27).")
            return _("She went out (PY-26).")
        if h.to_act != 0:
            return ""
        if kind == "follow":
            return _("The classic Ace: she may play one more card that fits the Ace (its suit, another Ace, a Jack), "
                     "or end her turn; there is no drawing in the follow-up (PY-24).")
        if kind == "extra":
            if aces_first(h.state, kind) and any(c.rank is not None and int(c.rank) == 1 for c in h.hands[0]):
                return _("The Turkish Ace: everyone else drew a card, and Ada takes an extra turn. She holds another "
                         "Ace, and with aces_all_at_once all her Aces go down first (PY-T3).")
            return _("The Turkish Ace: everyone else drew a card, and Ada takes an extra turn, in which she must play "
                     "a card that fits the Ace (PY-24U).")
        if kind == "ace_drawn":
            legal = [m for m in h.legal_moves if m.card is not None]
            drawn = h.hands[0][-1].pretty()
            if legal:
                return _("She had no card that fits the Ace, so she drew one; the {card} fits, so she must play it "
                         "(PY-F7).").format(card=drawn)
            return _("She had no card that fits the Ace, so she drew one; the {card} does not fit, so she passes "
                     "(PY-F7).").format(card=drawn)
        if kind == "t5":
            after = _(" after the others' draws") if rules.ace_rule == "all_draw" else ""
            tek = _(", which counts as having said tek") if rules.tek else ""
            return _("Her last card was an Ace, which cannot finish (PY-T5): she drew the {card}{after}. She may play "
                     "it if it fits the Ace, going out, or keep it with pass{tek}.").format(
                card=h.hands[0][-1].pretty(), after=after, tek=tek)
        if kind == "tek":
            extra = ""
            if h.phase == "ace" and rules.ace_rule == "all_draw":
                extra = " " + _("The Ace's extra turn is a new turn, so tek is checked again at its start (PY-F7).")
                if aces_first(h.state, kind) and any(c.rank is not None and int(c.rank) == 1 for c in h.hands[0]):
                    extra += " " + _("Holding another Ace, she may play only an Ace that keeps her a card (PY-F15).")
            elif h.phase == "ace":
                extra = " " + _("The penalty lasts the whole turn, the Ace's follow-up included (PY-F15).")
            if h.phase == "ace" and rules.ace_rule == "follow":
                head = _("Tek penalty: she began this turn holding one card without having said tek, so she drew "
                         "first and cannot go out this turn: only a play that keeps a card in her hand, or end "
                         "(PY-T1b).")
            else:
                head = _("Tek penalty: she began this turn holding one card without having said tek, so she drew "
                         "first and cannot go out this turn: only a play that keeps a card in her hand, or pass "
                         "(PY-T1b).")
            return head + extra
        return ""


# -- tek ---------------------------------------------------------------------------------------------

_BETWEEN = [(N_("nothing special"), "nothing"), (N_("Bora plays an Ace"), "ace"), (N_("Cem plays a 7"), "seven")]
_BETWEEN_HANDS = {"nothing": ("4H 9S KD", "6H 8D QS"), "ace": ("AH 4H 9S", "6H 8D QS"), "seven": ("4H 9S KD", "7H 8D QS")}


class SayTek(Explorer):
    """Tek (PY-T1, PY-T1b, PY-A18, PY-F10), Turkish rules: Ada holds the 5♥ and the 3♥ on the 9♥ and
    plays the 5♥, saying tek or not; then Bora and Cem play (nothing special, an Ace of Bora's that makes
    everyone draw, or a 7 of Cem's), and Ada's next turn comes.

    The picture is the table at Ada's next turn (after the tek draw, if she owes one), her legal moves in
    gold; the sentence says whether she may go out, and why.  ``.can_go_out``: whether a legal move empties
    her hand.
    """

    title = N_("Tek: say it when you are down to one card")
    #: the stored notebook's stills: tek said (she goes out), and tek forgotten against Cem's 7
    stills = ({"said": True, "between": "nothing"}, {"said": False, "between": "seven"})

    def __init__(self, said: bool = True, between: str = "nothing", *, width: int = 760):
        self.hand: Any = None
        self.can_go_out = False
        controls = {
            "said": W.Checkbox(value=said, description=_('Ada says "tek" with her 5♥'), indent=False,
                               layout=W.Layout(width="230px")),
            "between": W.Dropdown(options=[(_(label), value) for label, value in _BETWEEN], value=between,
                                  description=_("then"),
                                  style=_label_style(), layout=W.Layout(width="240px")),
        }
        super().__init__(controls, width=width)

    def situation(self, said, between):
        rules = Rules.from_dict({"preset": "turkish", "players": 3})
        bora, cem = _BETWEEN_HANDS[between]
        used = "5H 3H 9H 7S".split() + bora.split() + cem.split()
        h = position("pis-yedili", rules, hands=["5H 3H", bora, cem], discard=["9H"], to_act=0,
                     stock=["7S"] + _filler(used, 8))
        h.push("5H!" if said else "5H")
        start = len(h.events)
        for _step in range(8):                              # Bora and Cem play their first legal card
            if h.is_over() or h.to_act == 0:
                break
            plays = [m for m in h.legal_moves if m.card is not None and not m.tek]
            h.push(plays[0] if plays else next(m for m in h.legal_moves if m.kind in ("draw", "pass")))
        _forced_draws(h, 0, limit=1)
        self.hand = h
        legal = list(h.legal_moves)
        self.can_go_out = any(m.card is not None and len(h.hands[0]) == 1 for m in legal)
        first = _("Ada plays the 5♥ and says tek (PY-T1).") if said else \
            _("Ada plays the 5♥ and forgets to say tek: that is allowed, and punished later (PY-F11).")
        parts = [first, _narration(h.events[start:], NAMES)]
        penalised = any(e.kind == "tek_penalty" for e in h.events[start:])
        if between == "ace":
            parts.append(_("Bora's Ace gave her a card: she holds two cards again, so whether she said tek no longer "
                           "matters; she must say it again when she is back down to one (PY-A18)."))
        elif between == "seven" and penalised:
            parts.append(_("She forgot tek and faces a 7: the tek draw comes first; then she may play a 7 that keeps "
                           "her a card, or draw the penalty for the 7 (PY-F10)."))
        elif between == "seven":
            parts.append(_("She said tek, but a pending 7 is answered only by a 7: with none, she draws {n} cards "
                           "(PY-20).").format(n=rules.sevens_owed(h.pending)))
        elif penalised:
            parts.append(_("She began her turn with one card and had not said tek: she drew a card first and cannot "
                           "go out this turn; she may play a card that keeps one in her hand, or pass (PY-T1b)."))
        else:
            parts.append(_("She said tek, so she may go out with her last card now."))
        parts.append(_("Her moves now: {moves}.").format(moves=_moves_words(legal)))
        picture = pis_yedili_table_svg(h, _seats(3), title=_("Ada's next turn"), width=self._width)
        return picture, " ".join(p for p in parts if p)


# -- the score ---------------------------------------------------------------------------------------

_LAST_OPTIONS = [("7♥", "7H"), ("J♥", "JH"), (N_("Joker"), "X"), ("A♥", "AH"), ("10♥", "10H"), ("5♥", "5H"),
                 ("9♠", "9S")]


def _score_svg(hand: Any, last: Card, rows: list[tuple[int, list[Card], str]], width: int) -> SvgImage:
    res = hand.result()
    y: float
    parts = []
    y = 10
    title = _("Ada goes out with {card}: ×{n}").format(card=last.pretty(), n=res.multiplier)
    parts.append(text(12, y + 16, title, 16, HIGHLIGHT, weight="bold"))
    y += 30
    for seat, cards, line in rows:
        frag, fh = hand_fragment(cards, 130, y + 6, width - 420, scale=0.8, step=24)
        row_h = max(fh + 12, 54)
        parts.append(rect(6, y, width - 12, row_h, "#174c30", "none", 0, rx=6))
        parts.append(f'<circle cx="20" cy="{y + 18:g}" r="6" fill="{PALETTE[seat]}"/>')
        parts.append(text(32, y + 22, NAMES[seat], 13, ON_FELT, weight="bold"))
        parts.append(text(32, y + 40, _("scores {n}").format(n=res.scores[seat]), 12, HIGHLIGHT if seat else ON_FELT_DIM,
                          weight="bold"))
        if not cards:
            parts.append(text(130, y + 30, _("out: no cards left"), 12, HIGHLIGHT))
        parts.append(frag)
        parts.append(text(width - 16, y + 30, line, 12, ON_FELT, "end"))
        y += row_h + 6
    body = rect(0, 0, width, y + 6, FELT, FELT_EDGE, 2, rx=10) + "".join(parts)
    return svg_document(width, y + 6, body, title=_("The score of a hand"), css_class="cardlib pis-yedili")


class HandScore(Explorer):
    """The score of a hand (PY-29, PY-30, PY-T2, PY-A21): Ada goes out with the card you choose on the
    9♥; choose Bora's and Cem's hands, ``finish_multipliers``, ``end_penalty_draws`` and the direction of
    play (the end penalty draws go round in that direction from Ada; the stock is not reshuffled here, so a
    short stock shows who draws first).

    The picture shows every hand at the count and its score; the sentence gives the sums.  ``.scores``
    and ``.multiplier`` are the hand's result.
    """

    title = N_("The score of a hand")

    def __init__(self, last: str = "7H", bora: str = "KD 4D", cem: str = "JS 5D", multipliers: bool = True,
                 penalty_draws: bool = False, direction: str = "clockwise", stock: str = "KC 7C 2C 3C QC 4C",
                 *, width: int = 760):
        self.hand: Any = None
        self.scores: tuple[int, ...] = ()
        self.multiplier = 0
        self._stock = stock
        controls = {
            "last": W.Dropdown(options=[(_(label), value) for label, value in _LAST_OPTIONS], value=last,
                               description=_("Ada's last card"), style=_label_style(), layout=W.Layout(width="200px")),
            "bora": _text_control(bora, _("Bora holds"), "200px"),
            "cem": _text_control(cem, _("Cem holds"), "200px"),
            "multipliers": W.Checkbox(value=multipliers, description="finish_multipliers", indent=False,
                                      layout=W.Layout(width="160px")),
            "penalty_draws": W.Checkbox(value=penalty_draws, description="end_penalty_draws", indent=False,
                                        layout=W.Layout(width="170px")),
            "direction": W.ToggleButtons(options=[(_("clockwise"), "clockwise"), (_("anticlockwise"), "anticlockwise")],
                                         description=_("direction"),
                                         value=direction, style={"button_width": "100px"}),
        }
        super().__init__(controls, width=width)

    def situation(self, last, bora, cem, multipliers, penalty_draws, direction):
        self.hand, self.scores, self.multiplier = None, (), 0
        try:
            b, c, pile = parse_cards(bora), parse_cards(cem), parse_cards(self._stock)
            jokers = 1 if last == "X" or any(x.is_joker for x in b + c + pile) else 0
            rules = Rules.from_dict({"players": 3, "finish_multipliers": multipliers,
                                     "end_penalty_draws": penalty_draws, "jokers_per_deck": jokers})
            h = position("pis-yedili", rules, hands=[[last], [str(x) for x in b], [str(x) for x in c]],
                         stock=[str(x) for x in pile], discard=["9H"], to_act=0,
                         direction=1 if direction == "clockwise" else -1)
        except CardlibError as e:
            return None, _("This cannot be set up: {error}.").format(error=e)
        card = Card.parse(last)
        h.push(last + ("=H" if card.is_joker or _is_jack(card) else ""))
        self.hand = h
        res = h.result()
        self.scores, self.multiplier = res.scores, res.multiplier
        why = {3: _("a 7 triples the others' points"), 2: _("a Jack doubles the others' points"),
               10: _("a joker multiplies the others' points by 10")}
        if not multipliers:
            lead = _("Ada goes out with the {card}; with finish_multipliers off every multiplier is 1 (PY-30).")
        elif res.multiplier == 1:
            lead = _("Ada goes out with the {card}, which sets no multiplier: ×1 (PY-30).")
        else:
            lead = _("Ada goes out with the {card}: {why}, ×{n} (PY-30).")
        parts = [lead.format(card=card.pretty(), why=why.get(res.multiplier, ""), n=res.multiplier)]
        if _is_jack(card) or card.is_joker:
            parts.append(_("Her last card still names a suit, hearts here, but nobody plays after it, so the suit "
                           "does not matter (PY-F12)."))
        penalties = [e for e in h.events if e.kind == "draw" and e.why == "end"]
        if penalty_draws:
            order = [NAMES[(0 + h.direction * k) % 3] for k in (1, 2)]
            said = _narration(penalties, NAMES) or _("Nobody holds a 7, an Ace or a joker, so nobody draws.")
            way = _("clockwise") if direction == "clockwise" else _("anticlockwise")
            parts.append(_("First the end penalty draws, in the direction of play from Ada, {way}: {first}, then "
                           "{second} (PY-A21); 3 cards per 7, 1 per Ace, 10 per joker, counting the cards drawn too "
                           "(PY-T2).").format(way=way, first=order[0], second=order[1]) + f" {said}")
            if not h.stock:
                parts.append(_("The stock ran out (it is not reshuffled here), so the order of the draws decided who "
                               "paid."))
        rows: list[tuple[int, list[Card], str]] = [(0, [], "0")]
        for seat in (1, 2):
            held = list(h.hands[seat])
            values = [card_value(x) for x in held]
            total = sum(values)
            sums = " + ".join(str(v) for v in values) if values else "0"
            line = f"{sums} = {total}" + (f", × {res.multiplier} = {res.scores[seat]}" if res.multiplier != 1 else "")
            rows.append((seat, held, line))
            parts.append(_("{player} holds {cards}: {sums} points.").format(
                player=NAMES[seat], cards=_pretty(held) or _("nothing"), sums=line))
        parts.append(_("Ada scores 0; points are bad, and over a match the lowest total wins (PY-31)."))
        return _score_svg(h, card, rows, self._width), " ".join(parts)
