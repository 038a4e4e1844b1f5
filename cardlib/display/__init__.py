"""Pictures of cards, hands, boards and tables, as SVG or HTML strings.

Every function returns a ``str`` subclass (:class:`SvgImage` or :class:`HtmlImage`) that Jupyter shows as
a picture, like python-chess's ``chess.svg``.  A picture draws from the object it is given, as
``chess.svg.board(board)`` does: a hand (its cards, board, legal moves ...); a record is replayed to its
end and a records.md position dict is read by the engine first (``as_hand``), so nothing here parses card
text back.  The output is deterministic (no random ids), and every picture draws its own background, so it
reads the same in JupyterLab's light and dark themes.  The rules modules never import this package.

>>> from cardlib import Card
>>> svg = card_svg(Card.parse("QS"))
>>> svg.startswith("<svg") and "♠" in svg
True
"""

from __future__ import annotations

from typing import Any

from ..pisyedili import GAME as PIS_YEDILI
from ..saricuce import GAME as SARI_CUCE
from ..games import game_of as find_game_of
from ._base import HtmlImage, SvgImage, as_hand, default_names
from .cards import card_html, card_svg, hand_svg
from .outcome import outcome_html, outcome_lines
from .pisyedili import penalty_for, pis_yedili_table_svg
from .saricuce import BOXES, board_svg, runs_of, sari_cuce_position_svg

__all__ = [
    "SvgImage", "HtmlImage", "as_hand", "card_svg", "card_html", "hand_svg", "board_svg", "sari_cuce_position_svg",
    "pis_yedili_table_svg", "position_svg", "outcome_html", "outcome_lines", "default_names", "game_of",
    "BOXES", "runs_of", "penalty_for",
]


#: each game's picture of a position, by the game's name (cardlib.games)
PICTURES = {SARI_CUCE.name: sari_cuce_position_svg, PIS_YEDILI.name: pis_yedili_table_svg}


def game_of(obj: Any) -> str:
    """The game's name for a hand, a record or a position dict (:func:`cardlib.games.game_of`)."""
    return find_game_of(obj).name


def position_svg(position: Any, names: list[str] | None = None, *, rules: Any = None, **kwargs) -> SvgImage:
    """The picture of a hand of either game (or of a record, replayed to its end, or a position dict read
    with ``rules``: see ``as_hand``); keyword arguments go to the game's picture
    (:func:`sari_cuce_position_svg`, :func:`pis_yedili_table_svg`)."""
    if names is None and isinstance(position, dict) and isinstance(position.get("names"), list):
        names = position["names"]
    hand = as_hand(position, rules)
    return PICTURES[game_of(hand)](hand, names, **kwargs)
