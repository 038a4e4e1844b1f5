"""Pictures of cards, hands, boards and tables, as SVG or HTML strings.

Every function returns a ``str`` subclass (:class:`SvgImage` or :class:`HtmlImage`) that Jupyter shows as
a picture, like python-chess's ``chess.svg``.  They take position dicts in the shape of records.md (so a
record's ``start``/``end`` can be drawn before any engine runs), whole records, or engine hands.  The
output is deterministic (no random ids), and every picture draws its own background, so it reads the
same in JupyterLab's light and dark themes.  The rules modules never import this package.

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
from ._base import HtmlImage, SvgImage, as_position, default_names
from .cards import card_html, card_svg, hand_svg
from .outcome import outcome_html, outcome_lines
from .pisyedili import penalty_for, pis_yedili_table_svg
from .saricuce import BOXES, board_svg, runs_of, sari_cuce_position_svg

__all__ = [
    "SvgImage", "HtmlImage", "card_svg", "card_html", "hand_svg", "board_svg", "sari_cuce_position_svg",
    "pis_yedili_table_svg", "position_svg", "outcome_html", "outcome_lines", "default_names", "game_of",
    "BOXES", "runs_of", "penalty_for",
]


#: each game's picture of a position, by the game's name (cardlib.games)
PICTURES = {SARI_CUCE.name: sari_cuce_position_svg, PIS_YEDILI.name: pis_yedili_table_svg}


def game_of(obj: Any) -> str:
    """The game's name for a hand, a record or a position dict (:func:`cardlib.games.game_of`)."""
    if isinstance(obj, dict) and "format" not in obj and "game" not in obj:
        obj = as_position(obj)
    return find_game_of(obj).name


def position_svg(position: Any, names: list[str] | None = None, **kwargs) -> SvgImage:
    """The picture of a position of either game (a hand, a record or a position dict); keyword arguments
    go to the game's picture (:func:`sari_cuce_position_svg`, :func:`pis_yedili_table_svg`)."""
    if names is None and isinstance(position, dict) and isinstance(position.get("names"), list):
        names = position["names"]
    return PICTURES[game_of(position)](position, names, **kwargs)
