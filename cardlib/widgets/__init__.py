"""Widgets for the notebooks and the classroom (ipywidgets 8; plotly FigureWidget for live plots).

- :class:`Stepper`: step through a recorded hand (buttons, slider, narration, pictures, plot);
- :class:`HandPicker`: a dropdown of hands feeding a Stepper (the classroom's stepper page);
- :class:`Table`: play a whole hand against bots;
- :class:`HintPanel`: a "hint" button for a table: every legal move with its chances, best first, and why;
- the explorers of both games by class name (``from cardlib.widgets import WhatMayIPlay``; :func:`explorers_of`);
- :func:`show_position`, :func:`compare`: pictures with legal moves for the rules notebooks (plain HTML,
  so their outputs stay stable under nbval).

All logic is reachable from Python (``.buttons``, ``.narration``, ``.step``, ``.play()`` ...), so the
widgets are tested without a browser.  The rules modules never import this package.
"""

from typing import Any

from ..games import face_export
from .helpers import compare, legal_moves_text, show_position
from .stepper import Stepper
from .hand_picker import HandPicker
from .table import Table
from .hint import HintPanel
from .explorers import explorers_of

__all__ = ["Stepper", "HandPicker", "Table", "HintPanel", "show_position", "compare", "legal_moves_text",
           "explorers_of"]


def __getattr__(name: str) -> Any:
    """An explorer of any game by its class name (``from cardlib.widgets import WhatMayIPlay``): each game's
    explorers face, offered here so that a notebook imports widgets from one place."""
    return face_export("explorers", name, __name__)
