"""Sarı Cüce pictures: the five-box board with its chips, and a whole position."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .rules import BOX_NAMES, STAKES, YELLOW_DWARF, runs_of
from ..display.svg import (FELT, FELT_EDGE, HIGHLIGHT, INK, ON_FELT, ON_FELT_DIM, PALETTE, SvgImage, as_hand, esc,
                    status_or_banner, legal_cards, names_for, rect, svg_document, text, visible_set)
from ..display.cards import CARD_H, CARD_W, card_fragment, hand_fragment, sort_cards
from ..i18n import _, count_words, ngettext, using

__all__ = ["position_svg", "board_svg", "board_fragment", "sari_cuce_position_svg", "table_lines", "BOX_COLOURS"]

#: each box's colour on the board, in board order (NJ-05); the yellow dwarf is yellow
BOX_COLOURS = ("#f6d5d8", "#d3ecd6", "#d6e2f5", "#fde0b8", "#ffe44d")
#: (card text, stake per player, colour) of each box as drawn, the rules' boxes and stakes (NJ-05, NJ-06)
BOX_LOOKS = list(zip(BOX_NAMES, STAKES, BOX_COLOURS))
CHIP, CHIP_EDGE = "#d84315", "#fff3e0"
BOX_W, BOX_H, BOX_GAP = 100, 128, 8


def _chip_stacks(count: int, x: float, y_bottom: float, per_stack: int = 10, max_stacks: int = 3) -> str:
    """Chips as stacks of discs (one disc per chip, stacks of ten), bottom at ``y_bottom``."""
    parts = []
    shown = min(count, per_stack * max_stacks)
    for i in range(shown):
        s, k = divmod(i, per_stack)
        cx, cy = x + s * 15, y_bottom - k * 3.2
        parts.append(f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="6.5" ry="2.6" fill="{CHIP}" '
                     f'stroke="{CHIP_EDGE}" stroke-width="0.8"/>')
    if count > shown:
        parts.append(text(x + max_stacks * 15 - 6, y_bottom - per_stack * 3.2 - 4, "+", 11, INK, "middle", "bold"))
    return "".join(parts)


def board_fragment(board: dict, x: float = 0, y: float = 0, players: int | None = None,
                   highlight: str | None = None) -> str:
    """The five boxes side by side at (x, y): card, stake, chip stacks and the chip count of each."""
    parts = []
    for i, (card_text, stake, colour) in enumerate(BOX_LOOKS):
        bx = x + i * (BOX_W + BOX_GAP)
        count = int(board.get(card_text, 0))
        card = Card.parse(card_text)
        edge = HIGHLIGHT if highlight == card_text else "#5d5d5d"
        name = _("yellow dwarf (Sarı Cüce)") if card is YELLOW_DWARF else _("{card} box").format(card=card.pretty())
        parts.append(f'<g class="box" data-box="{card_text}" data-chips="{count}">'
                     f"<title>{esc(name)}: {esc(count_words('chip', count))}</title>")
        parts.append(rect(bx, y, BOX_W, BOX_H, colour, edge, 3 if highlight == card_text else 1.2, rx=8))
        parts.append(card_fragment(card, bx + 8, y + 8, 0.72))
        parts.append(_chip_stacks(count, bx + 52, y + 62))
        stake_text = _("stake {n}").format(n=stake) + (f" × {players}" if players else "")
        parts.append(text(bx + BOX_W / 2, y + 84, stake_text, 10, "#444", "middle"))
        parts.append(text(bx + BOX_W / 2, y + 112, count, 22, INK, "middle", "bold"))
        parts.append(text(bx + BOX_W - 8, y + 112, _chip_noun(count), 9, "#444", "end"))
        parts.append("</g>")
    return "".join(parts)


def _chip_noun(n: int) -> str:
    """The noun after a chip count: ``chips``, ``chip`` (``żetonów``, ``żetony``, ``żeton``)."""
    return ngettext("{n} chip", "{n} chips", n).format(n=n).replace(str(n), "", 1).strip()


def board_svg(board: dict | Any, players: int | None = None, highlight: str | None = None, *,
              language: str | None = None) -> SvgImage:
    """The Sarı Cüce board: five boxes (10♦ J♣ Q♠ K♥ 7♦) with their card, stake, chips drawn as stacks and
    the chip count.  ``board`` is a ``{"10D": 3, ...}`` dict, or a hand (or a record, or a position).
    ``language``: the words' language (default: the one spoken, :mod:`cardlib.i18n`)."""
    with using(language):
        return _board_svg(board, players, highlight)


def _board_svg(board: dict | Any, players: int | None, highlight: str | None) -> SvgImage:
    if not (isinstance(board, dict) and set(board) <= {b[0] for b in BOX_LOOKS}):
        hand = as_hand(board)
        board = dict(zip((b[0] for b in BOX_LOOKS), hand.board))
        players = players or hand.players
    w = 5 * BOX_W + 4 * BOX_GAP + 20
    h = BOX_H + 20
    total = sum(int(board.get(b[0], 0)) for b in BOX_LOOKS)
    body = rect(0, 0, w, h, FELT, FELT_EDGE, 2, rx=10) + board_fragment(board, 10, 10, players, highlight)
    chips = count_words("chip", total)
    return svg_document(w, h, body, title=_("Sarı Cüce board: {chips} in the boxes").format(chips=chips),
                        css_class="cardlib board",
                        desc=_("The Sarı Cüce board, {chips} in the boxes: {board}.").format(
                            chips=count_words("chip", total), board=_board_words(board)))


def _board_words(board: dict) -> str:
    return ", ".join(f"{Card.parse(b[0]).pretty()} {int(board.get(b[0], 0))}" for b in BOX_LOOKS)


def sari_cuce_position_svg(hand: Any, names: list[str] | None = None, *, visible: Any = None,
                           legal: Any = None, title: str | None = None, reveal_dead: bool = False,
                           width: int = 760, sort: bool | str = True, language: str | None = None) -> SvgImage:
    """A whole Sarı Cüce position: the board, who acts and the needed rank, the cards played this hand
    (one row per run), and every hand with its chips.

    ``hand``: a hand (or a record, replayed to its end, or a position dict: see ``as_hand``).
    ``visible``: seats shown face up (None = all, an int, a list, or "none").  ``legal``: None marks the
    legal moves of the seat to act, ``False`` marks nothing, or give the moves to mark.  ``language``: the
    words' language (default: the one spoken, :mod:`cardlib.i18n`).
    """
    with using(language):
        return _position_svg(hand, names, visible=visible, legal=legal, title=title, reveal_dead=reveal_dead,
                             width=width, sort=sort)


def _position_svg(hand: Any, names: list[str] | None, *, visible: Any, legal: Any, title: str | None,
                  reveal_dead: bool, width: int, sort: bool | str) -> SvgImage:
    hand = as_hand(hand)
    hands = [sort_cards(h, sort) for h in hand.hands]
    n = len(hands)
    names = names_for(names, n)
    board = dict(zip((b[0] for b in BOX_LOOKS), hand.board))
    played = list(hand.played)
    shown = visible_set(visible, n)
    legal_set = legal_cards(hand, legal)

    parts = []
    y: float = 10
    if title:
        parts.append(text(12, y + 16, title, 16, ON_FELT, weight="bold"))
        y += 24
    status, headline = _status(hand, names)
    frag, y = status_or_banner(width, y, status, headline, hand.to_act is not None)  # "Bora wins: ..." at the end
    parts.append(frag)
    y = _board_and_facts(parts, hand, board, names, y, width, reveal_dead)
    y = _played_rows(parts, played, y, width)
    for s in range(n):
        y = _hand_row(parts, hands[s], s, names[s], hand.chips[s], s == hand.to_act, s in shown, legal_set, y, width)
    height = y + 6
    body = rect(0, 0, width, height, FELT, FELT_EDGE, 2, rx=10) + "".join(parts)
    words = _alt_words(hand, hands, names, board, shown, legal_set, status, headline, reveal_dead, sort)
    return svg_document(width, height, body, title=title or _("Sarı Cüce position"), css_class="cardlib sari-cuce",
                        desc=words)


def _status(hand: Any, names: list[str]) -> tuple[str, str | None]:
    """The line that says who acts and what (NJ-13, NJ-14), and at the end of the hand its outcome."""
    to_act, needed = hand.to_act, hand.needed
    if to_act is None:
        headline = None
        if hand.is_over():
            from ..display.outcome import outcome_headline
            headline = outcome_headline(hand.result(), names)
        return _("The hand is over"), headline
    if needed is None:
        return _("{player} to act: starts a new run with any card").format(player=names[to_act]), None
    return _("{player} to act: needs {rank}").format(player=names[to_act], rank=_a_rank(needed)), None


def _board_and_facts(parts: list[str], hand: Any, board: dict, names: list[str], y: float, width: int,
                     reveal_dead: bool) -> float:
    """The board (the box of a box card just played outlined, NJ-19) and beside it the chips on it, the last
    player, the needed rank and the dead cards (face up with ``reveal_dead``); returns the next ``y``."""
    played, dead = list(hand.played), list(hand.dead)
    highlight = None
    if played and str(played[-1]) in {b[0] for b in BOX_LOOKS}:
        highlight = str(played[-1])
    parts.append(board_fragment(board, 12, y, len(hand.hands), highlight))
    ix = 12 + 5 * (BOX_W + BOX_GAP) + 8
    info = [_("Board: {chips}").format(chips=count_words("chip", sum(int(board.get(b[0], 0)) for b in BOX_LOOKS)))]
    if hand.last is not None:
        info.append(_("Last card by {player}").format(player=names[hand.last]))
    if hand.needed is not None:
        info.append(_("Needed rank: {rank}").format(rank=_rank_name(hand.needed)))
    info.append((_("Dead cards: {n}") if reveal_dead or not dead
                 else _("Dead cards: {n} (hidden)")).format(n=len(dead)))
    for k, line in enumerate(info):
        parts.append(text(ix, y + 16 + k * 18, line, 12, ON_FELT))
    if reveal_dead and dead:
        frag, _h = hand_fragment(dead, ix, y + 16 + len(info) * 18 - 6, width - ix - 10, scale=0.5, step=14)
        parts.append(frag)
    return y + BOX_H + 14


def _played_rows(parts: list[str], played: list[Card], y: float, width: int) -> float:
    """The cards played this hand, one row per run (wrapped at the width); returns the next ``y``."""
    parts.append(text(12, y + 12, _("Played this hand ({n})").format(n=len(played)) if played
                      else _("Played this hand: none yet"),
                      12, ON_FELT_DIM, weight="bold"))
    y += 18
    if played:
        x: float = 12
        row_h = CARD_H * 0.6
        for run in runs_of(played):
            need_w = CARD_W * 0.6 + (len(run) - 1) * 17
            if x + need_w > width - 10 and x > 12:
                x, y = 12, y + row_h + 6
            for k, card in enumerate(run):
                parts.append(card_fragment(card, x + k * 17, y, 0.6))
            x += need_w + 12
        y += row_h + 10
    return y


def _hand_row(parts: list[str], cards: list[Card], s: int, name: str, chips: int, acting: bool, face_up: bool,
              legal_set: Any, y: float, width: int) -> float:
    """Seat ``s``'s row: its colour, name (marked when it acts), chips, card count and cards (face up or
    down; the legal ones marked for the seat to act); returns the next ``y``."""
    colour = PALETTE[s % len(PALETTE)]
    label_w = 150
    frag, h = hand_fragment(cards, 12 + label_w, y + 4, width - label_w - 24,
                            legal=legal_set if (acting and face_up) else None,
                            hidden=not face_up, scale=0.8, step=24)
    row_h = max(h + 8, 52)
    parts.append(rect(6, y, width - 12, row_h, "#174c30" if not acting else "#22663f",
                      HIGHLIGHT if acting else "none", 2 if acting else 0, rx=6))
    parts.append(f'<circle cx="20" cy="{y + 16:g}" r="6" fill="{colour}"/>')
    parts.append(text(32, y + 20, ("▶ " if acting else "") + name, 13,
                      HIGHLIGHT if acting else ON_FELT, weight="bold"))
    parts.append(text(32, y + 37, count_words("chip", chips), 12, ON_FELT))
    parts.append(text(32, y + 52 - 2, count_words("card", len(cards)), 11, ON_FELT_DIM))
    if not cards:
        parts.append(text(12 + label_w, y + 30, _("no cards left"), 12, ON_FELT_DIM))
    parts.append(frag)
    return y + row_h + 6


def _alt_words(hand: Any, hands: list[list[Card]], names: list[str], board: dict, shown: Any, legal_set: Any,
               status: str, headline: str | None, reveal_dead: bool, sort: bool | str) -> str:
    """The alt text: what the picture shows, in words (who acts and the needed rank, the board, the cards
    played, every hand with its chips and, face up, its cards; the playable cards)."""
    played, dead, last, to_act = list(hand.played), list(hand.dead), hand.last, hand.to_act
    words = [_("Sarı Cüce, {n} players.").format(n=len(hands)) + " " + (headline + "." if headline else status + ".")]
    words.append(_("Board: {board} chips.").format(board=_board_words(board)))
    if played:
        words.append((_("Played this hand: {cards}, the last {card} by {player}.") if last is not None else
                      _("Played this hand: {cards}, the last {card}.")).format(
            cards=count_words("card", len(played)), card=played[-1].pretty(),
            player=names[last] if last is not None else ""))
    else:
        words.append(_("No card played yet."))
    for s, cards in enumerate(hands):
        held = (": " + " ".join(c.pretty() for c in cards)) if s in shown and cards else ""
        words.append(f"{names[s]}: {count_words('chip', hand.chips[s])}, {count_words('card', len(cards))}{held}.")
    if legal_set and to_act is not None and to_act in shown:
        words.append(_("{player} may play {cards}.").format(
            player=names[to_act], cards=" ".join(c.pretty() for c in sort_cards(legal_set, sort))))
    words.append(_("Dead cards: {n}").format(n=len(dead))
                 + (": " + " ".join(c.pretty() for c in dead) if reveal_dead and dead else "") + ".")
    return " ".join(words)


def _rank_name(rank: Any) -> str:
    if rank is None:
        return _("any card")
    r = int(rank) if not isinstance(rank, str) or (rank.isascii() and rank.isdigit()) else rank
    if isinstance(r, int):
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))
    return str(r)


#: the game's picture face (GameSpec.picture): a hand's board, played cards and hands
position_svg = sari_cuce_position_svg


def table_lines(hand: Any, names: list[str]) -> list[str]:
    """The board in words for a player at the command line (``play --bots human``): the rank needed, the
    boxes, everyone's chips."""
    from .events import rank_name
    needed = (_("You lead a new run") if hand.needed is None
              else _("Needed rank: {rank}").format(rank=rank_name(hand.needed)))
    board = ", ".join(f"{k} {v}" for k, v in hand.position()["board"].items())
    chips = ", ".join(f"{names[s]} {c}" for s, c in enumerate(hand.chips))
    return [_("{needed}; boxes: {board}").format(needed=needed, board=board), _("Chips: {chips}").format(chips=chips)]


def _a_rank(rank: Any) -> str:
    """``a 7``, ``an 8``, ``an A`` after "needs" (the card's rank as written on it)."""
    r = _rank_name(rank)
    return (_("an {rank}") if r in ("A", "8") else _("a {rank}")).format(rank=r)

