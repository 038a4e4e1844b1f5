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

from ..games import face_export
from ..games import game_of as find_game_of
from .cards import card_html, card_svg, hand_svg
from .outcome import outcome_html, outcome_lines
from .svg import HtmlImage, SvgImage, as_hand, default_names

__all__ = [
    "SvgImage", "HtmlImage", "as_hand", "card_svg", "card_html", "hand_svg", "position_svg", "outcome_html",
    "outcome_lines", "game_of",
]


def game_of(obj: Any) -> str:
    """The game's name for a hand, a record or a position dict (:func:`cardlib.games.game_of`)."""
    return find_game_of(obj).name


def position_svg(position: Any, names: list[str] | None = None, *, rules: Any = None, **kwargs: Any) -> SvgImage:
    """The picture of a hand of any game (or of a record, replayed to its end, or a position dict read
    with ``rules``: see ``as_hand``): the game's own picture (its ``GameSpec.picture`` face:
    ``cardlib.saricuce.picture``, ``cardlib.pisyedili.picture``), keyword arguments going to it, or for a
    game without one the generic picture of :mod:`cardlib.display.generic`."""
    if names is None and isinstance(position, dict) and isinstance(position.get("names"), list):
        names = position["names"]
    hand = as_hand(position, rules)
    spec = find_game_of(hand)
    if spec.has_face("picture"):
        return spec.face("picture").position_svg(hand, names, **kwargs)
    from .generic import generic_position_svg
    return generic_position_svg(hand, names, **kwargs)


def __getattr__(name: str) -> Any:
    """Each game's own pictures by their names (``board_svg``, ``sari_cuce_position_svg``,
    ``pis_yedili_table_svg``): found in the games' picture faces."""
    return face_export("picture", name, __name__)
