"""Widgets for the notebooks and the Voila classroom (ipywidgets 8; plotly FigureWidget for live plots).

- :class:`Stepper`: step through a recorded hand (buttons, slider, narration, pictures, plot);
- :class:`HandPicker`: a dropdown of hands feeding a Stepper (the classroom's stepper page);
- :class:`Table`: play a whole hand against bots;
- :class:`HintPanel`: a "hint" button for a table: every legal move with its chances, best first, and why;
- :func:`show_position`, :func:`compare`: pictures with legal moves for the rules notebooks (plain HTML,
  so their outputs stay stable under nbval).

All logic is reachable from Python (``.buttons``, ``.narration``, ``.step``, ``.play()`` ...), so the
widgets are tested without a browser.  The rules modules never import this package.
"""

from .helpers import compare, legal_moves_text, show_position
from .stepper import Stepper
from .hand_picker import HandPicker
from .table import Table
from .hint import HintPanel

__all__ = ["Stepper", "HandPicker", "Table", "HintPanel", "show_position", "compare", "legal_moves_text"]
