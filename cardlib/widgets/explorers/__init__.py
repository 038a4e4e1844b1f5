"""Rules you can touch: one explorer per rule group (:class:`~cardlib.widgets.base.Explorer` subclasses).

Each explorer's controls choose a situation; the engine plays it, and the explorer shows the picture and a
sentence that says what the rule does and why.  Everything is reachable from Python (``.controls``,
``.set(...)``, ``.picture``, ``.sentence``, ``.hand``), so the explorers are tested without a browser.

- :mod:`.saricuce`: who plays next, a King or a stall, the settlement, the Opéra, the end of the game.
- :mod:`.pisyedili`: what may I play, the chain of sevens, who plays next (8 and 10), the Ace (classic and
  Turkish), tek, and the score of a hand.
"""

from . import pisyedili, saricuce
from .pisyedili import AceTurn, HandScore, SayTek, SevenChain, WhatMayIPlay, WhoPlaysNext
from .saricuce import GameEndExplorer, NextPlayerExplorer, OperaExplorer, SettlementExplorer, StallExplorer

__all__ = ["saricuce", "pisyedili", "NextPlayerExplorer", "StallExplorer", "SettlementExplorer", "OperaExplorer",
           "GameEndExplorer", "WhatMayIPlay", "SevenChain", "WhoPlaysNext", "AceTurn", "SayTek", "HandScore"]
