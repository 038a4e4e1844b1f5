"""Rules you can touch: explorers for the rules notebooks (:class:`~cardlib.widgets.base.Explorer`).

- :mod:`.saricuce`: who plays next, a King or a stall, the settlement, the Opéra, the end of the game.
"""

from . import saricuce
from .saricuce import GameEndExplorer, NextPlayerExplorer, OperaExplorer, SettlementExplorer, StallExplorer

__all__ = ["saricuce", "NextPlayerExplorer", "StallExplorer", "SettlementExplorer", "OperaExplorer",
           "GameEndExplorer"]
