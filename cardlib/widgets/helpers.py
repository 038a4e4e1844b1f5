"""Helpers for the rules notebooks: a position with its legal moves, and two variants side by side.

They return HTML strings (not widgets), so notebooks that use them keep stable outputs under nbval.
"""

from __future__ import annotations

from typing import Any

from ..display import HtmlImage, position_svg
from ..display.moves import move_words
from ..display.svg import INK, PANEL, as_hand, esc
from ..prob.results import Shown

__all__ = ["show_position", "compare", "legal_moves_text"]


def legal_moves_text(hand: Any, names: list[str] | None = None) -> Shown:
    """``"Bora to act; legal moves (2): 7♦, 7♥"`` or ``"The hand is over."``: each move in words
    (``J♥ naming clubs ♣``, ``draw``), never a code a learner must decode."""
    from ..display.svg import names_for
    hand = as_hand(hand)
    if hand.is_over():
        return Shown("The hand is over.")
    moves = [move_words(m) for m in hand.legal_moves]
    who = names_for(names, hand.players)[hand.to_act]
    return Shown(f"{who} to act; legal moves ({len(moves)}): {', '.join(moves)}")


def _panel(hand: Any, names: list[str] | None, title: str | None, **kwargs) -> str:
    hand = as_hand(hand)
    svg = position_svg(hand, names, title=title, **kwargs)
    line = legal_moves_text(hand, names)
    return (f'<div class="cardlib-position" style="background:{PANEL};color:{INK};padding:6px;border-radius:8px;'
            f'display:inline-block;max-width:100%;box-sizing:border-box">{svg}'
            f'<div style="color:{INK};font-family:sans-serif;font-size:13px;padding:4px 2px">{esc(line)}</div></div>')


def show_position(hand: Any, names: list[str] | None = None, *, title: str | None = None, **kwargs) -> HtmlImage:
    """The picture of a hand's position (either game) with the legal moves of the seat to act marked and
    listed underneath.  ``hand`` may also be a position dict or a record.  Keyword arguments go to the
    picture (``visible=``, ``legal=``, ``reveal_dead=`` ...)."""
    return HtmlImage(_panel(hand, names, title, **kwargs))


def compare(hand_a: Any, hand_b: Any, titles: tuple[str, str] = ("A", "B"), names: list[str] | None = None,
            **kwargs) -> HtmlImage:
    """Two positions side by side (e.g. the same deal under two rule variants), each with its legal moves."""
    cells = "".join(
        f'<div style="flex:1 1 0;min-width:320px">{_panel(h, names, t, **kwargs)}</div>'
        for h, t in ((hand_a, titles[0]), (hand_b, titles[1])))
    return HtmlImage(f'<div class="cardlib-compare" style="display:flex;gap:10px;align-items:flex-start;'
                     f'flex-wrap:wrap">{cells}</div>')
