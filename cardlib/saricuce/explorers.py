"""Sarı Cüce rules you can touch: one explorer per rule group (the rules: docs/rules-sari-cuce.md).

Each explorer builds its situation with the engine (a short position from :func:`cardlib.lessons.position`,
or a whole teaching deal), lets the engine apply the rule, and draws what happened with a sentence that
says what the rule did and why:

- :class:`DealExplorer`: the deal and the stakes (NJ-02, NJ-06, NJ-07, NJ-10 to NJ-12): how many cards each
  player gets and how many stay dead, the stakes on the five boxes, and the chips a box keeps from the last hand.
- :class:`NextPlayerExplorer`: who plays next (NJ-13, NJ-14): the last card and who played it; the search
  round the table, starting with that player, is drawn and the holder found.
- :class:`StallExplorer`: a King or a missing rank (NJ-17, NJ-18, NJ-A14): who holds the next rank; with
  ``stall_rule = skip_rank`` (NJ-F3) and with every holder saying "sans" (``allow_voluntary_stop``, NJ-F2).
- :class:`SettlementExplorer`: the settlement step by step in the NJ-25 order (NJ-21..NJ-23, NJ-A09): each
  loser's cards and chips; payments, doublings, and the NJ-26 floor (a partial doubling).
- :class:`OperaExplorer`: the Opéra (NJ-24) under each ``opera_definition`` (NJ-F4) and ``opera_reward``
  (NJ-F5), for three hands.
- :class:`GameEndExplorer`: is the game over before the next hand, and who wins (NJ-08, NJ-09, NJ-27).

>>> e = NextPlayerExplorer()
>>> e.set(card="8H", last=1, holders=(0, 2, 3))
>>> e.hand.to_act                        # Bora played the 8♥; Cem, Deniz and Ada hold a 9: Cem is nearest
2

Every picture is an :class:`~cardlib.display.SvgImage` (with its PNG for a stored notebook), drawn from the
hand; nothing here is random, so a picture and a sentence depend on the controls alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from ..cards import Card, make_deck, parse_cards
from ..display.svg import (FELT, FELT_EDGE, HIGHLIGHT, INK, ON_FELT, ON_FELT_DIM, PALETTE, PANEL,
                              SvgImage, rect, svg_document, text)
from ..display.cards import CARD_H, CARD_W, back_fragment, card_fragment
from .picture import BOX_H, BOX_W, board_fragment
from ..errors import CardlibError, GameOverError, PlayerCountError
from ..i18n import N_, _, count_words, join_and, ngettext
from ..lessons import position
from .game import Game
from .hand import Hand
from .result import Result
from .rules import BOX_NAMES, BOXES, DECK_SIZE, STAKES, Rules, card_points, rank_of, runs_of
from . import events as ev
from .events import rank_name, rank_words, sans_word
from .game import game_winners
from ..widgets.base import Explorer

__all__ = ["DealExplorer", "NextPlayerExplorer", "StallExplorer", "SettlementExplorer", "OperaExplorer", "GameEndExplorer"]

#: the players' names the explorers use unless given others
NAMES = ["Ada", "Bora", "Cem", "Deniz", "Ece", "Filiz", "Gül", "Hakan"]
_DECK = tuple(make_deck())
_SUITS = "CDSH"                  # the suits a rank's cards are handed out in
_WIDTH = 760
_ALERT = "#ff8a65"


def _names(names: Sequence[str] | None, n: int) -> list[str]:
    given = list(names or [])
    return given[:n] + NAMES[len(given):n] + [_("Seat {seat}").format(seat=s)
                                              for s in range(max(len(given), len(NAMES)), n)]


def _card(rank: int, suit: str) -> Card:
    return Card.parse(f"{rank_name(rank)}{suit}")


def _list(words: Sequence[str]) -> str:
    """``Ada``, ``Ada and Bora``, ``Ada, Bora and Cem``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _chips(k: int) -> str:
    return count_words("chip", k)


def _rank_options(ranks: Sequence[int], suit: str) -> list[tuple[str, str]]:
    return [(_card(r, suit).pretty(), str(_card(r, suit))) for r in ranks]


def _fillers(n: int, avoid: set[int], used: set[Card], per_seat: int = 2) -> list[list[Card]]:
    """``per_seat`` cards for every seat, of ranks not in ``avoid`` and not in ``used``: the cards a seat
    holds besides the ones that matter (a seat always has cards left, or it would have won)."""
    pool = [c for r in (12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7, 1, 13) if r not in avoid
            for c in (_card(r, s) for s in _SUITS) if c not in used]
    out: list[list[Card]] = [[] for _ in range(n)]
    k = 0
    for _ in range(per_seat):
        for s in range(n):
            out[s].append(pool[k])
            k += 1
    return out


# ---------------------------------------------------------------------------------------------------
# the round table: the NJ-14 search drawn
# ---------------------------------------------------------------------------------------------------

def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str, dashed: bool = False,
           cut1: float = 0, cut2: float = 0) -> str:
    """A straight arrow from (x1, y1) to (x2, y2), shortened by ``cut1`` and ``cut2`` at its ends."""
    dx, dy = x2 - x1, y2 - y1
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    ax, ay = x1 + ux * cut1, y1 + uy * cut1
    bx, by = x2 - ux * cut2, y2 - uy * cut2
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    head = (f"{bx:.1f},{by:.1f} {bx - ux * 11 - uy * 5.5:.1f},{by - uy * 11 + ux * 5.5:.1f} "
            f"{bx - ux * 11 + uy * 5.5:.1f},{by - uy * 11 - ux * 5.5:.1f}")
    return (f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx - ux * 8:.1f}" y2="{by - uy * 8:.1f}" stroke="{colour}" '
            f'stroke-width="2.5"{dash}/><polygon points="{head}" fill="{colour}"/>')


def _box_cut(ux: float, uy: float, w: float, h: float) -> float:
    """How far from a box's centre a ray in direction (ux, uy) leaves the box."""
    tx = (w / 2) / abs(ux) if ux else math.inf
    ty = (h / 2) / abs(uy) if uy else math.inf
    return min(tx, ty) + 4


def round_table_svg(names: Sequence[str], last: int, last_card: Card, rank: int | None,
                    rows: dict[int, tuple[str, list[Card], str]], order: Sequence[int], chosen: int,
                    back_round: bool, centre: Sequence[str], title: str) -> SvgImage:
    """Seats round a table (seat 0 at the bottom, clockwise = the next seat, NJ-03), the last card in the
    middle, and the NJ-14 search: a numbered badge on every seat asked, in ``order``, arrows from one to
    the next, the seat ``chosen`` in gold.  ``rows[seat] = (what it says, its cards of the rank, state)``
    with state ``"holds"``, ``"none"``, ``"declines"``, ``"skipped"`` (not asked) or ``"chosen"``.
    ``back_round``: the search came back round to the last player (a stall: that player leads)."""
    n = len(names)
    w, h = _WIDTH, 490
    cx, cy, rx, ry = w / 2, 268, 292, 162
    bw, bh = (150, 84) if n <= 6 else (128, 84)
    parts = [rect(0, 0, w, h, FELT, FELT_EDGE, 2, rx=10), text(14, 24, title, 15, ON_FELT, weight="bold")]
    parts.append(f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx - 70:g}" ry="{ry - 48:g}" fill="#174c30" '
                 f'stroke="{FELT_EDGE}" stroke-width="2"/>')
    xy = {s: (cx + rx * math.cos(math.radians(90 + 360 * s / n)),
              cy + ry * math.sin(math.radians(90 + 360 * s / n))) for s in range(n)}
    # arrows first, under the seats
    steps = list(zip(order, order[1:]))
    for a, b in steps:
        (x1, y1), (x2, y2) = xy[a], xy[b]
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        cut = _box_cut(ux, uy, bw, bh)
        parts.append(_arrow(x1, y1, x2, y2, HIGHLIGHT if b == chosen else ON_FELT_DIM, cut1=cut, cut2=cut))
    if back_round and order:
        (x1, y1), (x2, y2) = xy[order[-1]], xy[last]
        if order[-1] != last:
            d = math.hypot(x2 - x1, y2 - y1) or 1.0
            cut = _box_cut((x2 - x1) / d, (y2 - y1) / d, bw, bh)
            parts.append(_arrow(x1, y1, x2, y2, HIGHLIGHT, dashed=True, cut1=cut, cut2=cut))
    # the middle: the last card and what it asks for
    parts.append(card_fragment(last_card, cx - CARD_W / 2, cy - 62, 1.0))
    for k, line in enumerate(centre):
        parts.append(text(cx, cy + 18 + k * 18, line, 13 if k == 0 else 12, ON_FELT if k == 0 else ON_FELT_DIM,
                          "middle", "bold" if k == 0 else "normal"))
    # the seats
    badge = {s: i + 1 for i, s in enumerate(order)}
    for s in range(n):
        x, y = xy[s][0] - bw / 2, xy[s][1] - bh / 2
        said, cards, state = rows[s]
        dim = state == "skipped"
        edge = HIGHLIGHT if state == "chosen" else _ALERT if state == "declines" else "#6f8f7c"
        fill = "#22663f" if state == "chosen" else "#174c30"
        parts.append(f'<g class="seat" data-seat="{s}" data-state="{state}"'
                     + (f' data-asked="{badge[s]}"' if s in badge else "") + (' opacity="0.5"' if dim else "") + ">")
        parts.append(rect(x, y, bw, bh, fill, edge, 3 if state in ("chosen", "declines") else 1.2, rx=8))
        parts.append(f'<circle cx="{x + 12:g}" cy="{y + 14:g}" r="5" fill="{PALETTE[s % len(PALETTE)]}"/>')
        parts.append(text(x + 22, y + 19, names[s] + (" " + _("(last card)") if s == last else ""), 12,
                          HIGHLIGHT if state == "chosen" else ON_FELT, weight="bold"))
        parts.append(text(x + 8, y + 38, said, 11, HIGHLIGHT if state == "chosen" else
                          _ALERT if state == "declines" else ON_FELT_DIM))
        for k, c in enumerate(cards[:4]):
            parts.append(card_fragment(c, x + 8 + k * 28, y + 44, 0.56))
        if s in badge:
            bx, by = x + bw - 4, y + 4
            parts.append(f'<circle cx="{bx:g}" cy="{by:g}" r="11" fill="{HIGHLIGHT if s == chosen else PANEL}" '
                         f'stroke="{INK}" stroke-width="1"/>')
            parts.append(text(bx, by + 4, badge[s], 12, INK, "middle", "bold"))
        parts.append("</g>")
    parts.append(text(w - 14, h - 12, _("numbers: the order in which seats are asked (NJ-14)"), 11, ON_FELT_DIM, "end"))
    return svg_document(w, h, "".join(parts), title=title, css_class="cardlib sari-cuce explorer")


def _search_rows(hand: Hand, names: Sequence[str], last: int, rank: int, order: Sequence[int],
                 chosen: int | None, declined: Sequence[int] = ()) -> dict[int, tuple[str, list[Card], str]]:
    """What each seat says in the search for ``rank`` (its cards of that rank, now)."""
    rows = {}
    asked = set(order)
    for s in range(hand.players):
        cards = [c for c in hand.hand_of(s) if rank_of(c) == rank]
        word = rank_words(rank)
        if s == chosen:
            rows[s] = (_("holds {rank}: plays it").format(rank=word), cards, "chosen")
        elif s in declined:
            rows[s] = (_("says \"sans {sans}\"").format(sans=sans_word(rank)), cards, "declines")
        elif s not in asked:
            rows[s] = (_("not asked"), cards, "skipped")
        elif cards:
            rows[s] = (_("holds {rank}").format(rank=word), cards, "holds")
        else:
            rows[s] = (_("no {rank}").format(rank=rank_name(rank)), [], "none")
    return rows


def _check_suits(suits: dict[int, str]) -> dict[int, str]:
    """A holder's suits for :class:`NextPlayerExplorer`: suit letters, no suit twice."""
    letters = "".join(suits.values())
    if any(x not in _SUITS for x in letters) or len(set(letters)) != len(letters) or "" in suits.values():
        raise ValueError(f"suits {suits!r}: each seat needs one or more of the letters C D S H, and no letter twice")
    return dict(suits)


def _order_from(last: int, n: int, until: int | None) -> list[int]:
    """The NJ-14 search order: the last player first, then clockwise, up to ``until`` (all seats if None)."""
    seats = [(last + i) % n for i in range(n)]
    return seats if until is None else seats[:seats.index(until) + 1]


# ---------------------------------------------------------------------------------------------------
# the deal and the stakes (NJ-02, NJ-06, NJ-07, NJ-10, NJ-11, NJ-12)
# ---------------------------------------------------------------------------------------------------

_BOX_WORDS = {"7D": N_("the yellow dwarf's 7♦ box")}


def _box_words(box: str) -> str:
    return _(_BOX_WORDS[box]) if box in _BOX_WORDS else _("the {card} box").format(card=Card.parse(box).pretty())


def deal_svg(names: Sequence[str], hand: Hand, carried: dict[str, int], title: str) -> SvgImage:
    """Every seat with its cards face down and their count, the dealer and the lead marked, the dead stock
    apart, and the board after the stakes (a box that kept chips from the last hand is outlined in gold, its
    kept chips written under it)."""
    n = hand.players
    w = _WIDTH
    row_h = 34 if n > 4 else 40
    top = 50
    scale = 0.42
    step = 11 if hand.rules.cards_per_player > 12 else 16
    dead = len(hand.dead)
    board_y = max(top + n * row_h, top + 24 + -(-dead // 4) * 34 + 20) + 18
    h = board_y + BOX_H + 62
    parts = [rect(0, 0, w, h, FELT, FELT_EDGE, 2, rx=10), text(14, 26, title, 15, ON_FELT, weight="bold")]
    for s in range(n):
        y = top + s * row_h
        cards = hand.hand_of(s)
        role = "deals" if s == hand.dealer else "leads" if s == hand.to_act else ""
        said = _("deals") if role == "deals" else _("leads") if role == "leads" else ""
        parts.append(f'<g class="seat" data-seat="{s}" data-cards="{len(cards)}">')
        parts.append(text(14, y + 18, names[s], 13, HIGHLIGHT if role == "leads" else ON_FELT, weight="bold"))
        parts.append(text(100, y + 18, count_words("card", len(cards)), 12, ON_FELT))
        for k in range(len(cards)):
            parts.append(back_fragment(170 + k * step, y, scale))
        if role:
            parts.append(text(170 + len(cards) * step + 26, y + 18, said, 12,
                              HIGHLIGHT if role == "leads" else ON_FELT_DIM, weight="bold"))
        parts.append("</g>")
    dx = w - 190
    parts.append(f'<g class="dead" data-cards="{dead}">')
    parts.append(text(dx, top + 14, _("dead stock: {cards}").format(cards=count_words("card", dead)), 12, ON_FELT,
                      weight="bold"))
    for k in range(dead):
        parts.append(back_fragment(dx + (k % 4) * 22, top + 24 + (k // 4) * 34, scale))
    parts.append(text(dx, top + 24 + ((dead - 1) // 4 + 1) * 34 + 12, _("nobody sees or plays them"), 11,
                      ON_FELT_DIM))
    parts.append("</g>")
    bx = (w - (5 * BOX_W + 4 * 8)) / 2
    board = dict(zip(BOX_NAMES, hand.board))
    parts.append(board_fragment(board, bx, board_y, n))
    for i, box in enumerate(BOX_NAMES):
        if carried.get(box):
            x = bx + i * (BOX_W + 8)
            parts.append(rect(x - 2, board_y - 2, BOX_W + 4, BOX_H + 4, "none", HIGHLIGHT, 3, rx=9))
            parts.append(text(x + BOX_W / 2, board_y + BOX_H + 16, _("{n} kept").format(n=carried[box]), 12, HIGHLIGHT,
                              "middle", "bold"))
    parts.append(text(14, h - 14, _("The board after the stakes: {n} chips.").format(n=sum(hand.board))
                      + (" " + _("Gold: chips kept from the last hand.") if carried else ""), 11, ON_FELT_DIM))
    return svg_document(w, h, "".join(parts), title=title, css_class="cardlib sari-cuce explorer")


class DealExplorer(Explorer):
    """The deal and the stakes: how many play, and what the last hand left on the board.

    Controls: ``players`` (2 to 9: the table covers 3 to 8, two only with the option, nine never),
    ``allow_two_players`` (NJ-02), ``carried`` (the boxes nobody captured in the last hand: each kept that
    hand's stakes, NJ-07).  The engine deals (``.hand``, seed 7, the first dealer seat n - 1) from the chips
    and board as they were before the stakes, and takes the stakes (NJ-06).

    >>> e = DealExplorer()
    >>> e.set(players=5, carried=("7D",))
    >>> e.hand.rules.cards_per_player, len(e.hand.dead), e.hand.board[4]
    (9, 7, 50)
    """

    title = N_("The deal and the stakes")

    def __init__(self, names: Sequence[str] | None = None, *, players: int = 4, allow_two_players: bool = False,
                 carried: Sequence[str] = ()):
        self._given_names = names
        self.names = _names(names, 9)
        self.hand: Hand | None = None
        super().__init__({
            "players": W.IntSlider(value=players, min=2, max=9, description=_("players")),
            "allow_two_players": W.Checkbox(value=allow_two_players, description="allow_two_players",
                                            indent=False),
            "carried": W.SelectMultiple(options=[(Card.parse(b).pretty(), b) for b in BOX_NAMES],
                                        value=tuple(carried), rows=5, description=_("kept from the last hand"),
                                        layout=W.Layout(width="280px"), style={"description_width": "initial"}),
        })

    def situation(self, players: int, allow_two_players: bool, carried: Sequence[str]) -> tuple[Any, str]:
        n = players
        try:
            rules = Rules(players=n, allow_two_players=allow_two_players)
        except PlayerCountError:
            self.hand = None
            if n == 2:
                return self.picture, _("Two players are not part of the game unless the option allow_two_players "
                                       "is on; then each gets 22 cards and 8 stay dead (NJ-02).")
            return self.picture, _("Sarı Cüce is played by 3 to 8 players (2 with the option), never {n}: the "
                                   "deal table stops at 8 (NJ-02).").format(n=n)
        names = self.names[:n]
        kept = {box: n * stake for box, stake in zip(BOX_NAMES, STAKES) if box in carried}
        per_player = sum(stake for box, stake in zip(BOX_NAMES, STAKES) if box in carried)
        hand = Hand.deal(rules, seed=7, chips=[rules.starting_chips - per_player] * n,
                         board={box: kept.get(box, 0) for box in BOX_NAMES})
        self.hand = hand
        k, dead = rules.cards_per_player, rules.dead_count
        leader = hand.to_act
        assert leader is not None              # a hand just dealt has a seat to lead
        title = _("{n} players: {k} cards each, {dead} dead").format(n=n, k=k, dead=dead)
        sentence = _("With {n} players the dealer, {dealer}, deals {k} cards to each player, one at a time, and {dead} "
                     "stay face down in the dead stock: {n} × {k} + {dead} = {deck} (NJ-02, NJ-11). {leader}, on the "
                     "dealer's left, leads (NJ-12). Everyone stakes 15 chips, 1, 2, 3, 4 and 5 on the five boxes, so "
                     "the stakes put {n} × 15 = {staked} chips on the board (NJ-06).").format(
            n=n, dealer=names[hand.dealer], k=k, dead=dead, deck=DECK_SIZE, leader=names[leader], staked=n * 15)
        if kept:
            words = [_("{box} holds {chips} + {chips} = {twice}").format(box=_box_words(box), chips=chips,
                                                                          twice=2 * chips) for box, chips in kept.items()]
            sentence += " " + ngettext(
                "Nobody captured {cards} in the last hand, so its chips stay and the new stakes go on top (NJ-07): "
                "{boxes}.",
                "Nobody captured {cards} in the last hand, so their chips stay and the new stakes go on top (NJ-07): "
                "{boxes}.", len(kept)).format(cards=_list([Card.parse(b).pretty() for b in kept]), boxes=_list(words))
        else:
            sentence += " " + _("This is the first hand, or every box was captured in the last one: nothing is kept "
                                "(NJ-07).")
        if n == 2:
            sentence += " " + _("Two players only with the option allow_two_players (NJ-02).")
        return deal_svg(names, hand, kept, title), sentence


# ---------------------------------------------------------------------------------------------------
# who plays next (NJ-13, NJ-14)
# ---------------------------------------------------------------------------------------------------

class NextPlayerExplorer(Explorer):
    """Who plays next: choose how many play, the last card, who played it and who holds the next rank.

    Controls: ``players`` (3 to 8), ``card`` (the last card, A♥ to Q♥), ``last`` (the seat that played
    it), ``holders`` (the seats holding a card of the next rank; at most four, one per suit).  ``suits``
    (seat -> suit letters, e.g. ``{3: "DS"}``) gives a holder the cards of a real hand (two suits, two
    cards); the other holders get the suits left, in the order ♣ ♦ ♠ ♥.  The engine
    plays the card from a position built with :func:`cardlib.lessons.position` and finds the next player
    (``.hand``); the picture draws the search round the table.
    """

    title = N_("Who plays next")

    #: the stored notebook also shows: six players with the last seat playing (the search wraps round to seat
    #: 0), the next rank held by the player of the last card (who goes on), and nobody holding it (a stall)
    stills = ({"players": 6, "last": 5, "holders": (1, 3)}, {"holders": (1, 3)}, {"holders": ()})

    def __init__(self, names: Sequence[str] | None = None, *, players: int = 4, card: str = "8H",
                 last: int = 1, holders: Sequence[int] = (0, 2, 3), suits: dict[int, str] | None = None):
        self._given_names = names
        self._suits = _check_suits(suits or {})
        self.names = _names(names, players)
        self.hand: Hand | None = None
        seats = [(self.names[s], s) for s in range(players)]
        super().__init__({
            "players": W.Dropdown(options=list(range(3, 9)), value=players, description=_("players"),
                                  layout=W.Layout(width="150px")),
            "card": W.Dropdown(options=_rank_options(range(1, 13), "H"), value=card, description=_("last card"),
                               layout=W.Layout(width="180px")),
            "last": W.Dropdown(options=seats, value=last, description=_("played by"), layout=W.Layout(width="200px")),
            "holders": W.SelectMultiple(options=seats, value=tuple(holders), rows=4,
                                        description=_("hold the next rank"), layout=W.Layout(width="260px"),
                                        style={"description_width": "initial"}),
        })

    # the seat controls follow the number of players
    def set(self, **values: Any) -> None:
        if "players" in values:
            self._quiet = True
            try:
                self.controls["players"].value = values.pop("players")
                self._sync_seats()
            finally:
                self._quiet = False
        super().set(**values)

    def update(self) -> None:
        self._sync_seats()
        super().update()

    def _sync_seats(self) -> None:
        n = self.controls["players"].value
        if len(self.controls["last"].options) == n:
            return
        quiet, self._quiet = self._quiet, True
        try:
            self.names = _names(self._given_names, n)
            seats = [(self.names[s], s) for s in range(n)]
            last, holders = self.controls["last"].value, self.controls["holders"].value
            self.controls["last"].options = seats
            self.controls["last"].value = last if last < n else n - 1
            self.controls["holders"].options = seats
            self.controls["holders"].value = tuple(s for s in holders if s < n)
        finally:
            self._quiet = quiet

    def situation(self, players: int, card: str, last: int, holders: Sequence[int]) -> tuple[Any, str]:
        n = players
        names = self.names
        played = Card.parse(card)
        r = rank_of(played)
        need = r + 1
        holders = sorted(set(holders))
        hands: list[list[Card]] = [[] for _ in range(n)]
        given = {s: self._suits[s] for s in holders if s in self._suits}
        free = [x for x in _SUITS if not any(x in v for v in given.values())]
        extra = []
        for s in holders:
            suits = given.get(s) or (free.pop(0) if free else "")
            if not suits:
                extra.append(s)
            for x in suits:
                hands[s].append(_card(need, x))
        holders = [s for s in holders if s not in extra]
        hands[last].insert(0, played)
        used = {c for h in hands for c in h}
        for s, more in enumerate(_fillers(n, {r, need}, used)):
            hands[s] += more
        hand = position("sari-cuce", {"players": n}, hands=[" ".join(map(str, h)) for h in hands], to_act=last,
                        dealer=(last - 1) % n)
        hand.push(str(played))                          # the engine applies NJ-13 and NJ-14
        self.hand = hand
        who = names[last]
        if hand.needed is not None:
            chosen = hand.to_act
            order = _order_from(last, n, chosen)
            rows = _search_rows(hand, names, last, need, order, chosen)
            w = dict(player=who, card=played.pretty(), rank=rank_words(need))
            picture = round_table_svg(names, last, played, need, rows, order, chosen, False,
                                      [_("{player} played {card}").format(**w), _("needed: {rank}").format(**w)],
                                      _("{player} played {card}: who holds {rank}?").format(**w))
            asked = order[:-1]
            if chosen == last:
                why = _("{player} is asked first and holds {rank}, so {player} plays again").format(**w)
            else:
                nos = _list([names[s] for s in asked])
                why = ngettext("the search starts with {player}, who played it, and goes clockwise: {others} has no "
                               "{no}, and {chosen} is the first who holds one, so {chosen} plays next",
                               "the search starts with {player}, who played it, and goes clockwise: {others} have no "
                               "{no}, and {chosen} is the first who holds one, so {chosen} plays next",
                               len(asked)).format(others=nos, no=rank_name(need), chosen=names[chosen], **w)
            skipped = [names[s] for s in holders if s != chosen and s not in asked]
            tail = ("; " + ngettext("{players} also holds {rank} but is not asked",
                                    "{players} also hold {rank} but are not asked", len(skipped)).format(
                players=_list(skipped), rank=rank_words(need)) if skipped else "")
            sentence = _("{player} played {card}, so the next card must be {rank} (NJ-13); {why} (NJ-14).").format(
                why=why + tail, **w)
        else:
            order = _order_from(last, n, None)
            rows = _search_rows(hand, names, last, need, order, None)
            w = dict(player=who, card=played.pretty(), rank=rank_words(need), sans=sans_word(need))
            picture = round_table_svg(names, last, played, need, rows, order, last, True,
                                      [_("{player} played {card}").format(**w),
                                       _("sans {sans}: {player} leads").format(**w)],
                                      _("{player} played {card}: nobody holds {rank}").format(**w))
            sentence = _("{player} played {card} and the search goes all the way round: nobody holds {rank}. That "
                         "is a stall: {player}, who played the last card, starts a new run with any card "
                         "(NJ-18).").format(**w)
        if extra:
            sentence += " " + _("(Only four cards of a rank exist: {players} left out.)").format(
                players=_list([names[s] for s in extra]))
        return picture, sentence


# ---------------------------------------------------------------------------------------------------
# a King or a stall (NJ-17, NJ-18, NJ-A14, NJ-F2, NJ-F3)
# ---------------------------------------------------------------------------------------------------

class StallExplorer(Explorer):
    """A King or a missing rank: who leads the next run.

    Four players; Bora plays the last card.  Controls: ``card`` (its rank, A to K), ``holders`` (who holds a
    card of the next rank: none makes a stall), ``stall_rule`` (``restart``, NJ-18, or ``skip_rank``,
    NJ-F3: Deniz always holds a card two ranks up, so a skip has somewhere to go) and ``declines``
    (``allow_voluntary_stop`` on and every holder says "sans", NJ-F2).  ``.hand`` is the engine's hand
    after the card (and the declines).
    """

    title = N_("A King or a stall: who leads the next run")
    LAST = 1

    #: the stored notebook also shows the King (it closes the run whoever holds an Ace) and the Q♥ with no
    #: holder (a missing King is an ordinary stall, NJ-A14)
    stills = ({"card": "KS"}, {"card": "QH", "holders": ()})

    def __init__(self, names: Sequence[str] | None = None, *, card: str = "8H", holders: Sequence[int] = (),
                 stall_rule: str = "restart", declines: bool = False):
        self.names = _names(names, 4)
        self.hand: Hand | None = None
        seats = [(self.names[s], s) for s in range(4)]
        ranks = _rank_options(range(1, 13), "H") + _rank_options([13], "S")
        super().__init__({
            "card": W.Dropdown(options=ranks, value=card,
                               description=_("{player} plays").format(player=self.names[self.LAST]),
                               layout=W.Layout(width="200px")),
            "holders": W.SelectMultiple(options=seats, value=tuple(holders), rows=4,
                                        description=_("hold the next rank"), layout=W.Layout(width="260px"),
                                        style={"description_width": "initial"}),
            "stall_rule": W.ToggleButtons(options=["restart", "skip_rank"], value=stall_rule,
                                          description="stall_rule"),
            "declines": W.Checkbox(value=declines,
                                   description=_("every holder says \"sans\" (allow_voluntary_stop)"),
                                   layout=W.Layout(width="360px"), indent=False),
        })

    def situation(self, card: str, holders: Sequence[int], stall_rule: str, declines: bool) -> tuple[Any, str]:
        names, last = self.names, self.LAST
        played = Card.parse(card)
        need = rank_of(played) + 1
        hand, declined = self._played(played, holders, stall_rule, declines)
        self.hand = hand
        events = hand.events
        skip = next((e for e in events if e.kind == "skip_rank"), None)
        stall = next((e for e in events if e.kind == "stall"), None)
        w = dict(player=names[last], card=played.pretty(), rank=rank_words(need) if need <= 13 else "",
                 sans=sans_word(need) if need <= 13 else "")
        if any(e.kind == "king_restart" for e in events):
            return self._king(played, w)
        if skip is not None and hand.needed is not None:
            return self._skipped(hand, played, skip, need, declined, w)
        if hand.needed is not None:                      # somebody plays the next rank
            chosen = hand.to_act
            order = _order_from(last, 4, chosen)
            rows = _search_rows(hand, names, last, need, order, chosen, declined)
            mode = f"stall_rule = {stall_rule}" + (", allow_voluntary_stop" if declines else "")
            picture = round_table_svg(names, last, played, need, rows, order, chosen, False,
                                      [_("needed: {rank}").format(**w), mode],
                                      _("{player} played {card}: the run goes on").format(**w))
            sentence = _("{player} played {card} and {chosen} holds {rank}: the run goes on, {chosen} plays it "
                         "(NJ-14). Take every holder away to see a stall.").format(chosen=names[chosen], **w)
            return picture, sentence
        assert stall is not None
        return self._stalled(hand, played, stall, need, stall_rule, declined, w)

    def _played(self, played: Card, holders: Sequence[int], stall_rule: str,
                declines: bool) -> tuple[Any, list[int]]:
        """The hand after Bora's ``played`` (and every holder's "sans" with ``declines``), and who declined:
        the ``holders`` hold the next rank, Deniz a card two ranks up, everyone some fillers."""
        last = self.LAST
        r = rank_of(played)
        need, up = r + 1, r + 2
        holders = sorted(set(holders)) if r < 13 else []
        hands: list[list[Card]] = [[] for _ in range(4)]
        for k, s in enumerate(holders):
            hands[s].append(_card(need, _SUITS[k]))
        if up <= 13:
            hands[3].append(_card(up, "C"))             # Deniz holds a card two ranks up
        hands[last].insert(0, played)
        used = {c for h in hands for c in h}
        for s, more in enumerate(_fillers(4, {r, need, up}, used)):
            hands[s] += more
        rules = {"players": 4, "stall_rule": stall_rule, "allow_voluntary_stop": bool(declines)}
        hand = position("sari-cuce", rules, hands=[" ".join(map(str, h)) for h in hands], to_act=last, dealer=0)
        hand.push(str(played))
        declined: list[int] = []
        while declines and hand.needed == need and "stop" in [str(m) for m in hand.legal_moves]:
            declined.append(hand.to_act)
            hand.push("stop")
        return hand, declined

    def _king(self, played: Card, w: dict[str, Any]) -> tuple[Any, str]:
        """A King closes the run: its player leads again (NJ-17)."""
        names, last = self.names, self.LAST
        rows: dict[int, tuple[str, list[Card], str]] = {s: ("", [], "skipped") for s in range(4)}
        rows[last] = (_("leads any card"), [], "chosen")
        picture = round_table_svg(names, last, played, None, rows, [last], last, False,
                                  [_("the King closes the run"), _("{player} leads again").format(**w)],
                                  _("{player} played {card}: a King").format(**w))
        sentence = _("{player} played a King, the top of the ladder: nothing comes after it, so nobody is asked. "
                     "The run is over and {player} starts a new one with any card from hand (NJ-17). An Ace led "
                     "now starts a new run; it does not continue the King.").format(**w)
        return picture, sentence

    def _skipped(self, hand: Any, played: Card, skip: Any, need: int, declined: list[int],
                 w: dict[str, Any]) -> tuple[Any, str]:
        """Nobody (willing) holds the next rank and stall_rule = skip_rank: the needed rank rises (NJ-F3)."""
        names, last = self.names, self.LAST
        chosen = hand.to_act
        order = _order_from(last, 4, chosen)
        rows = _search_rows(hand, names, last, hand.needed, order, chosen)
        gone = join_and([sans_word(x) for x in skip.ranks])
        picture = round_table_svg(names, last, played, hand.needed, rows, order, chosen, False,
                                  [_("sans {gone}: skips to {rank}").format(gone=gone, rank=rank_words(hand.needed)),
                                   "(stall_rule = skip_rank)"],
                                  _("{player} played {card}: sans {gone}, the run skips on").format(gone=gone, **w))
        why = _declined_words([names[s] for s in declined], need) if declined else \
            _("nobody holds {rank}").format(**w)
        sentence = _("{player} played {card} and {why}. With stall_rule = skip_rank the run does not stop: the "
                     "needed rank rises to {next}, the next rank somebody holds, and the search starts again from "
                     "{player}: {chosen} plays it (NJ-F3).").format(why=why, next=rank_words(hand.needed),
                                                                   chosen=names[chosen], **w)
        return picture, sentence

    def _stalled(self, hand: Any, played: Card, stall: Any, need: int, stall_rule: str, declined: list[int],
                 w: dict[str, Any]) -> tuple[Any, str]:
        """A stall: the last player leads a new run (NJ-18; a missing King, NJ-A14)."""
        names, last = self.names, self.LAST
        order = _order_from(last, 4, None)
        rows = _search_rows(hand, names, last, need, order, None, declined)
        rows[last] = (rows[last][0] + (", " + _("leads") if rows[last][2] == "declines" else ": " + _("leads a new run")),
                      rows[last][1], "declines" if last in declined else "chosen")
        sans = join_and([sans_word(x) for x in stall.ranks])
        picture = round_table_svg(names, last, played, need, rows, order, last, True,
                                  [_("sans {gone}: a stall").format(gone=sans), _("{player} leads a new run").format(**w)],
                                  _("{player} played {card}: sans {gone}").format(gone=sans, **w))
        if declined:
            sentence = (_declined_words([names[s] for s in declined], need) + ". "
                        + _("The search goes round the table and stops before it reaches {player} again: nobody played "
                            "{rank}, so it is a stall like any other, and {player}, who played the last card, leads a "
                            "new run (NJ-18).").format(**w))
            sentence = sentence[:1].upper() + sentence[1:]
        elif need == 13 or (stall_rule == "skip_rank" and 13 in stall.ranks):
            nobody = (_("{player} played {card}: nobody holds a King") if need == 13
                      else _("{player} played {card}: nobody holds any rank up to the King")).format(**w)
            rest = (_(". A missing King is an ordinary stall (NJ-A14): {player}, who played the last card, starts a "
                      "new run with any card (NJ-18), even with stall_rule = skip_rank, which never skips past a King "
                      "(NJ-F3).") if stall_rule == "skip_rank" else
                    _(". A missing King is an ordinary stall (NJ-A14): {player}, who played the last card, starts a "
                      "new run with any card (NJ-18).")).format(**w)
            sentence = nobody + rest
        else:
            sentence = _("{player} played {card} and nobody holds {rank}: they are all played already or in the dead "
                         "stock. The run stops (\"sans {sans}\", a stall), and {player}, who played the last card, "
                         "starts a new run with any card (NJ-18).").format(**w)
        return picture, sentence


def _declined_words(said: Sequence[str], need: int) -> str:
    """``Cem holds a 9 but says "sans 9" (allow_voluntary_stop, NJ-F2)``, for one holder or several."""
    return ngettext("{players} holds {rank} but says \"sans {sans}\" (allow_voluntary_stop, NJ-F2)",
                    "{players} hold {rank} but each says \"sans {sans}\" (allow_voluntary_stop, NJ-F2)",
                    len(said)).format(players=_list(said), rank=rank_words(need), sans=sans_word(need))


# ---------------------------------------------------------------------------------------------------
# the settlement, step by step (NJ-21..NJ-26)
# ---------------------------------------------------------------------------------------------------

def _settlement_states(before: Hand, events: Sequence[ev.Event]) -> list[tuple[list[int], list[int]]]:
    """(chips, board) before the settlement and after each of its events."""
    chips, board = list(before.chips), list(before.board)
    states = [(list(chips), list(board))]
    for e in events:
        if isinstance(e, ev.Opera):
            for b, k in enumerate(e.swept):
                if e.reward == "sweep_board":
                    board[b] -= k
                    chips[e.seat] += k
        elif isinstance(e, ev.Payment):
            chips[e.payer] -= e.amount
            chips[e.payee] += e.amount
        elif isinstance(e, ev.Doubling):
            chips[e.seat] -= e.amount
            board[BOXES.index(e.box)] += e.amount
        states.append((list(chips), list(board)))
    return states


def _points_text(cards: Sequence[Card]) -> str:
    """``K♥ 10 + K♣ 10 + A♥ 1 = 21``."""
    return " + ".join(f"{c.pretty()} {card_points(c)}" for c in cards) + f" = {sum(card_points(c) for c in cards)}"


def _step_words(e: ev.Event, names: Sequence[str], cards: dict[int, list[Card]], factor: int,
                per_card: bool, board_before: list[int], chips_before: list[int]) -> str:
    """What one settlement event does, and why, with the numbers."""
    if isinstance(e, ev.Opera):
        if e.reward == "sweep_board":
            return _("{player} sweeps every chip left on the board, {chips}, and nobody doubles a box (NJ-24).").format(
                player=names[e.seat], chips=_chips(sum(e.swept)))
        return _("Nobody sweeps the board and nobody doubles a box: every loser pays double instead (NJ-F5).")
    if isinstance(e, ev.Payment):
        payer_cards = cards[e.payer]
        worth = (ngettext("{n} card, 1 chip each (payment_unit = per_card)",
                          "{n} cards, 1 chip each (payment_unit = per_card)", len(payer_cards)).format(n=len(payer_cards))
                 if per_card else _("{sum} points (NJ-21)").format(sum=_points_text(payer_cards)))
        owed = _("twice that, {chips}").format(chips=_chips(e.due)) if factor == 2 else _chips(e.due)
        w: dict[str, Any] = dict(player=names[e.payer], to=names[e.payee], worth=worth, owed=owed)
        if e.short:
            return _("{player}'s cards: {worth}. {player} owes {to} {owed} but has only {n}: {player} pays {paid} and "
                     "{written_off}; nobody goes below 0 (NJ-26).").format(
                n=chips_before[e.payer], paid=e.amount, written_off=_written_off(e.short), **w)
        return _("{player}'s cards: {worth}, so {player} pays {to} {owed} (NJ-22).").format(**w)
    assert isinstance(e, ev.Doubling)
    b = BOXES.index(e.box)
    held = board_before[b]
    w = dict(player=names[e.seat], card=e.box.pretty(), chips=_chips(held), due=e.due, n=e.amount)
    if e.amount == 0:
        return _("{player} still holds {card}; its box holds {chips}, so doubling it costs {due}, but {player} has no "
                 "chips left: nothing is paid and {written_off} (NJ-26). The box stays at {held}.").format(
            written_off=_written_off(e.due), held=held, **w)
    if e.short:
        return _("{player} still holds {card}; its box holds {chips}, so doubling it costs {due}, but {player} has "
                 "only {n} left and pays {n}: a partial doubling (the box grows to {grows}, not {twice}), and "
                 "{written_off} (NJ-26).").format(grows=held + e.amount, twice=2 * held,
                                                   written_off=_written_off(e.short), **w)
    return _("{player} still holds {card}; its box holds {chips}, so {player} doubles it, paying {n} into it: it now "
             "holds {twice} (NJ-23). The chips stay on the board for the next hand.").format(twice=2 * held, **w)


def _written_off(n: int) -> str:
    """``3 chips are written off``."""
    return ngettext("{n} chip is written off", "{n} chips are written off", n).format(n=n)


def ledger_svg(names: Sequence[str], title: str, states: Sequence[tuple[list[int], list[int]]],
               lines: Sequence[tuple[str, str]], step: int, notes: Sequence[str] = (),
               pile: Sequence[tuple[Card, int]] | None = None, players: int = 4, winner: int = 0,
               highlight: str | None = None) -> SvgImage:
    """A settlement as a ledger: the board and everyone's chips at ``step``, and the settlement's steps in
    order (``lines``: (sentence, detail)), the current one gold, the ones to come dimmed.  ``pile``: the
    cards played this hand with who played each, drawn as runs above."""
    w = _WIDTH
    n = len(names)
    chips, board = states[min(step, len(states) - 1)]
    parts = [text(14, 24, title, 15, ON_FELT, weight="bold")]
    y = 36.0
    if pile:
        parts.append(text(14, y + 12, _("Played this hand (a colour per player):"), 12, ON_FELT_DIM, weight="bold"))
        y += 18
        x = 14.0
        row_h = CARD_H * 0.6
        for run in runs_of([c for c, _ in pile]):
            need_w = CARD_W * 0.6 + (len(run) - 1) * 19
            if x + need_w > w - 10 and x > 14:
                x, y = 14.0, y + row_h + 14
            for k, c in enumerate(run):
                seat = dict(pile)[c]
                parts.append(card_fragment(c, x + k * 19, y, 0.6))
                parts.append(rect(x + k * 19 + 1, y + row_h + 2, 17, 5, PALETTE[seat % len(PALETTE)]))
            x += need_w + 14
        y += row_h + 16
    parts.append(board_fragment(dict(zip(BOX_NAMES, board)), 14, y, players, highlight))
    cx = 14 + 5 * (BOX_W + 8) + 10
    parts.append(text(cx, y + 14, _("chips"), 12, ON_FELT_DIM, weight="bold"))
    for s in range(n):
        parts.append(f'<circle cx="{cx + 5:g}" cy="{y + 30 + s * 22:g}" r="5" fill="{PALETTE[s % len(PALETTE)]}"/>')
        parts.append(text(cx + 16, y + 35 + s * 22, names[s] + (" ★" if s == winner else ""), 13,
                          HIGHLIGHT if s == winner else ON_FELT))
        parts.append(text(w - 16, y + 35 + s * 22, chips[s], 14, ON_FELT, "end", "bold"))
    y += BOX_H + 18
    for note in notes:
        parts.append(text(14, y + 12, note, 12, ON_FELT_DIM))
        y += 18
    parts.append(text(14, y + 14, _("The settlement, in the order of NJ-25:"), 12, ON_FELT_DIM, weight="bold"))
    y += 22
    for k, (line, detail) in enumerate(lines, start=1):
        current, done = k == step, k < step
        rows = _wrap(line, 92)
        hgt = 10 + 16 * len(rows) + (16 if detail else 0)
        if current:
            parts.append(rect(8, y - 2, w - 16, hgt, "#22663f", HIGHLIGHT, 2, rx=5))
        colour = HIGHLIGHT if current else ON_FELT if done else ON_FELT_DIM
        op = "" if (current or done) else ' opacity="0.6"'
        body = "".join(text(40, y + 15 + 16 * i, row, 12, colour, weight="bold" if current else "normal")
                       for i, row in enumerate(rows))
        parts.append(f"<g{op}>" + text(18, y + 15, f"{k}.", 12, colour, weight="bold") + body
                     + (text(40, y + 15 + 16 * len(rows), detail, 11, ON_FELT_DIM) if detail else "") + "</g>")
        y += hgt + 4
    if not lines:
        parts.append(text(18, y + 15, _("nothing to settle"), 12, ON_FELT_DIM))
        y += 24
    h = y + 10
    body = rect(0, 0, w, h, FELT, FELT_EDGE, 2, rx=10) + "".join(parts)
    return svg_document(w, h, body, title=title, css_class="cardlib sari-cuce explorer")


def _wrap(line: str, width: int) -> list[str]:
    """``line`` cut at spaces into rows of at most ``width`` characters."""
    rows: list[str] = []
    for word in line.split(" "):
        if rows and len(rows[-1]) + 1 + len(word) <= width:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows or [""]


def _detail(e: ev.Event, cards: dict[int, list[Card]], per_card: bool) -> str:
    if isinstance(e, ev.Payment):
        held = cards[e.payer]
        return (ngettext("{n} card left", "{n} cards left", len(held)).format(n=len(held)) if per_card
                else _("cards left: {sum}").format(sum=_points_text(held)))
    return ""


#: the winner's last card in the settlement explorer
_LAST_CARD = Card.parse("9H")
#: the dead stock of the settlement explorer: the first four of these that no loser holds (10♦ first, so
#: by default a box card lies in the dead stock and its box carries over, NJ-A09)
_DEAD_CHOICES = [Card.parse(t) for t in "10D 3C 10H 2S 6C 4D 5H 8C AD 3S".split()]


class SettlementExplorer(Explorer):
    """The settlement of a hand, step by step, in the NJ-25 order.

    Ada has just played her last card (9♥).  Controls: each loser's cards left (``cards1``..``cards3``,
    card text such as ``"KH KC JD AH"``) and chips (``chips1``..``chips3``), and ``step`` (0: before the
    settlement; k: after its k-th payment or doubling).  Boxes whose card nobody holds were captured
    during the hand (empty), except for the dead stock's box card (10♦ unless a loser holds it), whose box
    holds its stakes and carries over.  ``.hand`` is the settled hand, ``.events`` the settlement's events.
    """

    title = N_("The settlement, step by step")

    def __init__(self, names: Sequence[str] | None = None, *, cards: Sequence[str] = ("KH KC JD AH", "QC 2D",
                                                                                        "7D 8S 4S"),
                 chips: Sequence[int] = (85, 85, 85), step: int = 0):
        self.names = _names(names, 4)
        self.hand: Hand | None = None
        self.events: list[ev.Event] = []
        controls: dict[str, Any] = {}
        for k in (1, 2, 3):
            controls[f"cards{k}"] = W.Text(value=cards[k - 1],
                                           description=_("{player}'s cards").format(player=self.names[k]),
                                           layout=W.Layout(width="250px"), style={"description_width": "initial"},
                                           continuous_update=False)
            controls[f"chips{k}"] = W.BoundedIntText(value=chips[k - 1], min=0, max=400, description=_("chips"),
                                                     layout=W.Layout(width="130px"))
        controls["step"] = W.IntSlider(value=step, min=0, max=20, description=_("step"), layout=W.Layout(width="420px"))
        super().__init__(controls)

    def set(self, **values: Any) -> None:
        # the step slider's end follows the settlement: set the hands first, then the step
        step = values.pop("step", None)
        if values:
            super().set(**values)
        if step is not None:
            super().set(step=step)

    def situation(self, cards1: str, chips1: int, cards2: str, chips2: int, cards3: str, chips3: int,
                  step: int) -> tuple[Any, str]:
        names = self.names
        given = (cards1, cards2, cards3)
        hands: list[list[Card]] = [[_LAST_CARD]]
        for k, t in enumerate(given, start=1):
            try:
                cards = parse_cards(t)
            except CardlibError as exc:
                return self._refuse(_("{player}'s cards: {error}").format(player=names[k], error=exc))
            if not cards:
                return self._refuse(_("{player} needs at least one card: a player with no cards left has won "
                                      "(NJ-20).").format(player=names[k]))
            if len(cards) > 12:
                return self._refuse(_("{player} holds {n} cards; with four players each is dealt 12 (NJ-02).").format(
                    player=names[k], n=len(cards)))
            if _LAST_CARD in cards:
                return self._refuse(_("{card} is Ada's last card: {player} cannot hold it.").format(
                    card=_LAST_CARD.pretty(), player=names[k]))
            hands.append(cards)
        seen: dict[Card, int] = {}
        for s, h in enumerate(hands):
            for c in h:
                if c in seen:
                    return self._refuse(_("{card} is in two hands ({a} and {b}): one deck has one of each card "
                                          "(NJ-01).").format(card=c.pretty(), a=names[seen[c]], b=names[s]))
                seen[c] = s
        dead = [c for c in _DEAD_CHOICES if c not in seen][:4]
        played = [c for c in _DECK if c not in seen and c not in dead]
        hand = position("sari-cuce", {"players": 4}, hands=[" ".join(map(str, h)) for h in hands],
                        dead=" ".join(map(str, dead)), played=" ".join(map(str, played)), played_by=[0, 1, 2, 3],
                        to_act=0, last=0, needed=None, chips=[85, chips1, chips2, chips3])
        before = hand.copy()
        held = {s: hand.hand_of(s) for s in range(1, 4)}
        mark = len(hand.events)
        hand.push(str(_LAST_CARD))
        self.hand = hand
        settle: list[ev.Event] = [e for e in hand.events[mark:] if isinstance(e, (ev.Opera, ev.Payment, ev.Doubling))]
        self.events = settle
        slider = self.controls["step"]
        if slider.max != len(settle):
            quiet, self._quiet = self._quiet, True
            try:
                slider.max = len(settle)
            finally:
                self._quiet = quiet
        step = min(step, len(settle))
        states = _settlement_states(before, settle)
        lines = [(e.describe(names), _detail(e, held, False)) for e in settle]
        dead_boxes = [b for b in BOXES if b in dead]
        notes = []
        for b in dead_boxes:
            notes.append(_("{card} lies in the dead stock: nobody can hold it, so nobody doubles its box, and its {n} "
                           "chips carry over (NJ-A09).").format(card=b.pretty(), n=before.board[BOXES.index(b)]))
        title = (_("Ada plays her last card, {card}, and wins: step {step} of {steps}").format(
            card=_LAST_CARD.pretty(), step=step, steps=len(settle)) if settle else _("Ada plays her last card and wins"))
        now = settle[step - 1] if step else None
        picture = ledger_svg(names, title, states, lines, step, notes,
                             highlight=str(now.box) if isinstance(now, ev.Doubling) else None)
        order = _list([names[s] for s in (1, 2, 3)])
        if step == 0:
            sentence = _("Ada has played her last card, {card}, and wins the hand (NJ-20). The others settle one by one "
                         "from her left, {order}: each first pays her the points of the cards left in hand (NJ-22), "
                         "then doubles every box whose card is still in that hand (NJ-23), in board order (NJ-25). "
                         "Move the step slider to follow it.").format(card=_LAST_CARD.pretty(), order=order)
            if dead_boxes:
                sentence += " " + notes[0]
        else:
            e = settle[step - 1]
            chips_before, board_before = states[step - 1]
            sentence = _("Step {step} of {steps}:").format(step=step, steps=len(settle)) + " " + _step_words(
                e, names, held, 1, False, board_before, chips_before)
            if step == len(settle):
                written = sum(x.short for x in settle if isinstance(x, (ev.Payment, ev.Doubling)))
                result = hand.result()
                sentence += " " + (_("That ends the settlement: Ada has {n} chips, and {chips} owed could not be paid.")
                                   if written else _("That ends the settlement: Ada has {n} chips.")).format(
                    n=result.chips[0], chips=_chips(written))
        return picture, sentence

    def _refuse(self, why: str) -> tuple[Any, str]:
        self.hand, self.events = None, []
        return self.picture, why


# ---------------------------------------------------------------------------------------------------
# the Opéra (NJ-24, NJ-F4, NJ-F5)
# ---------------------------------------------------------------------------------------------------

def _teaching_deal(ada: str, dead: str, bora: str = "") -> dict[str, Any]:
    """A four-player deal: Ada's 12 cards, the dead stock, and Bora's cards that matter; the rest dealt
    round Bora, Cem and Deniz in deck order."""
    mine, gone, his = parse_cards(ada), parse_cards(dead), parse_cards(bora)
    rest = [c for c in _DECK if c not in mine and c not in gone and c not in his]
    others: list[list[Card]] = [list(his), [], []]
    for c in rest:
        seat = min(range(3), key=lambda s: (len(others[s]), s))
        others[seat].append(c)
    return {"dealer": 3, "hands": [ada] + [" ".join(map(str, h)) for h in others], "dead": dead}


#: the three hands of the Opéra explorer: (label, start, moves, what happens)
OPERA_HANDS: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "single": (N_("Ada alone, one unbroken run"),
               _teaching_deal("AS 2H 3S 4S 5S 6S 7D 8S 9S 10S JS QS", "4C 10H 5C 3H"),
               "AS 2H 3S 4S 5S 6S 7D 8S 9S 10S JS QS".split()),
    "restart": (N_("Ada alone, with new runs after her Kings"),
                {"dealer": 3, "hands": ["10D 8D 9S KD JC 7H 5D 6H KS 10C QC QD",
                                        "10S KH 5S AD 8H 9H 9D 7D 2D JS 7S 8C",
                                        "3H QH 4S 6D QS 9C AH 2H 5H 4D 2C 2S",
                                        "8S AS JH 3D KC 3C JD 4H 6C AC 6S 7C"], "dead": "4C 10H 5C 3S"},
                "5D 6H 7H 8D 9S 10D JC QD KD QC KS 10C".split()),
    "interrupted": (N_("Bora plays one card"),
                    _teaching_deal("AS 2H 3S 4S 5S 6S 7D 8S 9S 10S JS KH", "KC KD KS 4C", "QC"),
                    "AS 2H 3S 4S 5S 6S 7D 8S 9S 10S JS QC KH".split()),
}

#: where each reading comes from (the sources listed in docs/rules-sari-cuce.md): the default is the game of the Turkish rules
_DEFINITIONS = {"no_other_player": N_("cardlib's default and the reading of the Turkish rules and of modern French "
                                      "ones"),
                "single_run": N_("the strict reading of the Turkish words \"tek dizide\", in one run")}
_REWARDS = {"sweep_board": N_("cardlib's default and the reward of the Turkish rules and of modern French ones"),
            "double_payments": N_("the reward of the oldest rules in print, from 1760")}


class OperaExplorer(Explorer):
    """The Opéra under each definition and reward.

    Controls: ``hand`` (``single``: Ada plays all twelve cards in one run; ``restart``: Ada alone but with
    new runs after her Kings, the hand of ``notebooks/records/sari-cuce-opera.json``; ``interrupted``: Bora
    plays one card), ``opera_definition`` (NJ-24 / NJ-F4) and ``opera_reward`` (NJ-24 / NJ-F5).  The
    picture: the cards played (who played each), the board after the hand's captures, and the settlement.
    """

    title = N_("The Opéra")

    def __init__(self, names: Sequence[str] | None = None, *, hand: str = "restart",
                 opera_definition: str = "no_other_player", opera_reward: str = "sweep_board"):
        self.names = _names(names, 4)
        self.hand: Hand | None = None
        super().__init__({
            "hand": W.Dropdown(options=[(_(item[0]), key) for key, item in OPERA_HANDS.items()], value=hand,
                               description=_("hand"), layout=W.Layout(width="360px")),
            "opera_definition": W.ToggleButtons(options=list(_DEFINITIONS), value=opera_definition,
                                                description=_("definition")),
            "opera_reward": W.ToggleButtons(options=list(_REWARDS), value=opera_reward, description=_("reward")),
        })

    def situation(self, hand: str, opera_definition: str, opera_reward: str) -> tuple[Any, str]:
        names = self.names
        label, start, moves = OPERA_HANDS[hand]
        label = _(label)
        h, before, pile, mark = _opera_play(Rules(players=4, opera_definition=opera_definition,
                                                  opera_reward=opera_reward), start, moves)
        self.hand = h
        result = h.result()
        assert result is not None
        late = h.events[mark:]
        captured = [e for e in h.events if isinstance(e, ev.Capture)]
        settle = [e for e in late if isinstance(e, (ev.Opera, ev.Payment, ev.Doubling))]
        held = {s: before.hand_of(s) for s in range(1, 4)}
        # the board right before the settlement: after every capture of the hand, the last card's too
        after_last = before.copy()
        for e in late:
            if isinstance(e, ev.Capture):
                after_last.board[BOXES.index(e.box)] = 0
                after_last.chips[e.seat] += e.chips
        states = _settlement_states(after_last, settle)
        factor = 2 if result.opera and opera_reward == "double_payments" else 1
        lines = []
        for e in settle:
            line = e.describe(names)
            if isinstance(e, ev.Payment) and factor == 2:
                line += " " + _("(double)")
            lines.append((line, _detail(e, held, False)))
        took = _list([f"{e.box.pretty()} ({e.chips})" for e in captured])
        board_left = sum(after_last.board)
        notes = [ngettext("Captured during the hand: {took}; then {n} chip is left on the board.",
                          "Captured during the hand: {took}; then {n} chips are left on the board.",
                          board_left).format(took=took or _("nothing"), n=board_left)]
        verdict = _("an Opéra") if result.opera else _("not an Opéra: an ordinary win")
        picture = ledger_svg(names, f"{label}: {verdict}", states, lines, len(settle), notes, pile=pile)
        return picture, _opera_sentence(names, result, pile, captured, took, board_left, opera_reward)


def _opera_play(rules: Rules, start: Any, moves: Sequence[str]) -> tuple[Hand, Hand, list[tuple[Card, int]], int]:
    """The Opéra hand played: ``(hand, the hand before its last move, the cards played with who played each,
    how many events came before the last move)``."""
    h = Hand.from_start(rules, start)
    pile: list[tuple[Card, int]] = []
    for m in moves[:-1]:
        seat = h.to_act
        assert seat is not None          # a hand with moves to come has a seat to act
        h.push(m)
        pile.append((h.played[-1], seat))
    before = h.copy()
    seat = h.to_act
    assert seat is not None
    mark = len(h.events)
    h.push(moves[-1])
    pile.append((h.played[-1], seat))
    return h, before, pile, mark


def _opera_sentence(names: Sequence[str], result: Any, pile: list[tuple[Card, int]], captured: list[Any], took: str,
                    board_left: int, opera_reward: str) -> str:
    """What the Opéra hand shows: an ordinary win when another seat played (NJ-22, NJ-23), a broken single run
    (NJ-F4), or the Opéra and its reward, the sweep (NJ-24) or the double payments (NJ-F5, NJ-26)."""
    others = sorted({s for _, s in pile if s != 0})
    if others:
        return _("{players} played a card, so this is an ordinary win under either definition: Ada wins, the "
                 "others pay their cards (NJ-22) and whoever still holds a box card doubles its box "
                 "(NJ-23).").format(players=_list([names[s] for s in others]))
    broken = len(runs_of([c for c, _s in pile])) > 1
    if not result.opera:
        return _("Only Ada played, but she started a new run after a King, and with opera_definition = "
                 "single_run, {reading}, that breaks the Opéra (NJ-F4): an ordinary win, so the others "
                 "pay their cards (NJ-22) and whoever holds a box card doubles it (NJ-23). Under the "
                 "default definition this hand is an Opéra.").format(reading=_(_DEFINITIONS['single_run']))
    first = (_("Only Ada played, in one unbroken run: an Opéra under both definitions (NJ-24).") if not broken else
             _("Only Ada played, with new runs after her Kings: an Opéra under opera_definition = "
               "no_other_player, {reading} (NJ-24).").format(reading=_(_DEFINITIONS['no_other_player']))) + " "
    if opera_reward == "sweep_board":
        swept = result.swept
        whole = sum(STAKES) * 4
        return first + ngettext(
            "She took {took} as she played it (NJ-19), so when she goes out the board holds {left}, not the {whole} "
            "staked: the sweep takes everything left, {swept}. Nobody doubles a box, and the others still pay her "
            "their cards (NJ-24). This is {reward}.",
            "She took {took} as she played them (NJ-19), so when she goes out the board holds {left}, not the "
            "{whole} staked: the sweep takes everything left, {swept}. Nobody doubles a box, and the others still "
            "pay her their cards (NJ-24). This is {reward}.", len(captured)).format(
            took=took, left=_chips(board_left), whole=whole, swept=_chips(swept),
            reward=_(_REWARDS['sweep_board']))
    short = [names[s] for s in range(1, 4) if result.written_off[s]]
    return first + (
        _("With opera_reward = double_payments, {reward}, nothing is swept and nobody doubles a box: every loser "
          "pays twice the points of the cards left in hand (NJ-F5), capped by the chips each has: {players} cannot "
          "pay it all (NJ-26).") if short else
        _("With opera_reward = double_payments, {reward}, nothing is swept and nobody doubles a box: every loser "
          "pays twice the points of the cards left in hand (NJ-F5).")).format(
        reward=_(_REWARDS['double_payments']), players=_list(short))


# ---------------------------------------------------------------------------------------------------
# the end of the game (NJ-08, NJ-09, NJ-27)
# ---------------------------------------------------------------------------------------------------

def game_end_svg(names: Sequence[str], chips: Sequence[int], board: int, hands_played: int, end_mode: str,
                 hands_limit: int, over: bool, winners: Sequence[int], verdict: str) -> SvgImage:
    """Everyone's chips as bars with the 15-chip line of NJ-08, the hands played against the limit, the
    board's chips and the verdict."""
    w, h = _WIDTH, 330
    n = len(names)
    parts = [rect(0, 0, w, h, FELT, FELT_EDGE, 2, rx=10), text(14, 26, verdict, 15, ON_FELT, weight="bold")]
    base, top = 250.0, 60.0
    scale = (base - top) / max(200, max(chips) if chips else 1)
    x0, bar_w, gap = 60.0, 80.0, 40.0
    line_y = base - 15 * scale
    for s in range(n):
        x = x0 + s * (bar_w + gap)
        c = chips[s]
        colour = _ALERT if c < 15 else PALETTE[s % len(PALETTE)]
        parts.append(rect(x, base - c * scale, bar_w, c * scale, colour, "none", 0, rx=3))
        parts.append(text(x + bar_w / 2, base - c * scale - 6, c, 14, ON_FELT, "middle", "bold"))
        star = " ★" if over and s in winners else ""
        parts.append(text(x + bar_w / 2, base + 18, names[s] + star, 13,
                          HIGHLIGHT if star else ON_FELT, "middle", "bold" if star else "normal"))
        if c < 15:
            parts.append(text(x + bar_w / 2, base + 34, _("cannot stake 15"), 11, _ALERT, "middle", "bold"))
    right = x0 + n * (bar_w + gap) - gap
    parts.append(f'<line x1="{x0 - 10:g}" y1="{line_y:.1f}" x2="{right + 10:g}" y2="{line_y:.1f}" stroke="{_ALERT}" '
                 f'stroke-width="2" stroke-dasharray="6 4"/>')
    parts.append(text(x0 - 14, line_y + 4, "15", 11, _ALERT, "end", "bold"))
    ix = right + 40
    parts.append(text(ix, 74, _("hands played"), 12, ON_FELT_DIM, weight="bold"))
    if end_mode == "hands":
        for k in range(hands_limit):
            cx, cy = ix + 8 + (k % 5) * 22, 92 + (k // 5) * 22
            parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="8" fill="{HIGHLIGHT if k < hands_played else "none"}" '
                         f'stroke="{ON_FELT}" stroke-width="1.2"/>')
        parts.append(text(ix, 92 + ((hands_limit - 1) // 5 + 1) * 22 + 4,
                          _("{n} of {limit} (end_mode = hands)").format(n=hands_played, limit=hands_limit), 12, ON_FELT))
    else:
        parts.append(text(ix, 96, _("{n} (end_mode = bankruptcy:").format(n=hands_played), 12, ON_FELT))
        parts.append(text(ix, 114, _("no limit)"), 12, ON_FELT))
    parts.append(text(ix, 190, _("on the board"), 12, ON_FELT_DIM, weight="bold"))
    parts.append(text(ix, 210, f"{_chips(board)}", 13, ON_FELT))
    parts.append(text(ix, 228, _("(belong to nobody)") if over else _("(they stay for the next hand)"), 11, ON_FELT_DIM))
    parts.append(text(14, h - 14, _("Dashed line: the 15 chips every player stakes before a hand (NJ-08)."),
                      11, ON_FELT_DIM))
    return svg_document(w, h, "".join(parts), title=verdict, css_class="cardlib sari-cuce explorer")


class GameEndExplorer(Explorer):
    """Before the next hand: is the game over, and who wins?

    Controls: everyone's chips (``chips0``..``chips3``, four players, 100 each to start: what is not in
    their hands is on the board), ``hands_played``, ``end_mode`` and ``hands_limit``.  A
    :class:`~cardlib.saricuce.Game` with those hands booked decides (``.game``, ``.result``).
    """

    title = N_("Is the game over?")

    def __init__(self, names: Sequence[str] | None = None, *, chips: Sequence[int] = (112, 97, 40, 131),
                 hands_played: int = 3, end_mode: str = "hands", hands_limit: int = 5):
        self.names = _names(names, 4)
        self.game: Game | None = None
        self.result: Any = None
        controls: dict[str, Any] = {}
        for s in range(4):
            controls[f"chips{s}"] = W.BoundedIntText(value=chips[s], min=0, max=400, description=self.names[s],
                                                     layout=W.Layout(width="150px"))
        controls["hands_played"] = W.IntSlider(value=hands_played, min=1, max=12, description=_("hands played"))
        controls["end_mode"] = W.ToggleButtons(options=["hands", "bankruptcy"], value=end_mode, description="end_mode")
        controls["hands_limit"] = W.IntSlider(value=hands_limit, min=1, max=10, description="hands_limit")
        super().__init__(controls)

    def situation(self, chips0: int, chips1: int, chips2: int, chips3: int, hands_played: int, end_mode: str,
                  hands_limit: int) -> tuple[Any, str]:
        names = self.names
        chips = [chips0, chips1, chips2, chips3]
        rules = Rules(players=4, end_mode=end_mode, hands_limit=hands_limit)
        board = rules.total_chips - sum(chips)
        if board < 0:
            self.game, self.result = None, None
            return self.picture, _("These chips add up to {n}, more than the {total} at the table: chips are never "
                                   "made or lost (NJ-28).").format(n=sum(chips), total=rules.total_chips)
        game = Game(rules)
        start = [rules.starting_chips] * 4
        booked = 0
        for k in range(hands_played):
            last = k == hands_played - 1
            result = Result(winner=0, opera=False, paid=(0, 0, 0, 0), doubled=(0, 0, 0, 0),
                            chips=tuple(chips if last else start),
                            board=(board, 0, 0, 0, 0) if last else (0, 0, 0, 0, 0))
            try:
                game.add(result)
            except GameOverError:
                break
            booked += 1
        self.game = game
        over = game.result()
        self.result = over
        poor = [names[s] for s in range(4) if chips[s] < 15]
        if booked < hands_played:             # the hand limit came first
            verdict = _("The game ended after hand {n}").format(n=hands_limit)
            picture = game_end_svg(names, start, 0, booked, end_mode, hands_limit, False, (), verdict)
            return picture, _("With end_mode = hands and hands_limit = {limit}, the game ended once hand {limit} was "
                              "settled (NJ-09): there is no hand {next}, let alone {n} hands. Set hands played to "
                              "{limit} or less.").format(limit=hands_limit, next=hands_limit + 1, n=hands_played)
        winners = game_winners(chips)
        if over is None:
            verdict = _("The game goes on: hand {n} is dealt").format(n=hands_played + 1)
            limit = (_("only {n} of {limit} hands are played (NJ-09)").format(n=hands_played, limit=hands_limit)
                     if end_mode == "hands" else _("with end_mode = bankruptcy there is no hand limit (NJ-09)"))
            sentence = _("Everyone holds at least the 15 chips a hand's stakes take (NJ-08), and {limit}: hand {n} is "
                         "dealt.").format(limit=limit, n=hands_played + 1)
        elif over.reason == "bankruptcy":
            verdict = _("The game is over: {players} cannot stake 15 chips").format(players=_list(poor))
            sentence = ngettext("{players} holds fewer than the 15 chips a hand's stakes take, so the game ends now, "
                                "before the stakes of hand {n} (NJ-08); this holds in both end modes.",
                                "{players} hold fewer than the 15 chips a hand's stakes take, so the game ends now, "
                                "before the stakes of hand {n} (NJ-08); this holds in both end modes.",
                                len(poor)).format(players=_list(poor), n=hands_played + 1)
        else:
            verdict = _("The game is over: {n} hands are played").format(n=hands_limit)
            sentence = _("Hand {n} of {n} is settled, so the game is over (NJ-09).").format(n=hands_limit)
            if poor:
                sentence += " " + _("({players} could not have staked the next hand either, NJ-08; the reason given "
                                    "is the hand limit.)").format(players=_list(poor))
        if over is not None:
            best = chips[winners[0]]
            if len(winners) == 1:
                sentence += " " + _("{player} holds the most chips, {n}, and wins (NJ-27).").format(
                    player=names[winners[0]], n=best)
            else:
                sentence += " " + _("{players} hold the most chips, {n} each, and share the win: there is no tie-break "
                                    "(NJ-A19).").format(players=_list([names[s] for s in winners]), n=best)
            if board:
                sentence += " " + ngettext("The {n} chip left on the board belongs to nobody (NJ-A10).",
                                           "The {n} chips left on the board belong to nobody (NJ-A10).",
                                           board).format(n=board)
        picture = game_end_svg(names, chips, board, hands_played, end_mode, hands_limit, over is not None, winners,
                               verdict)
        return picture, sentence
