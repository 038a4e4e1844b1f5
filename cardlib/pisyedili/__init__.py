"""Pis Yedili ("dirty seven"), the Turkish Crazy Eights: rules, hands, scoring, matches and bots.

The rules are RULES.md §2 with the ``classic`` (default) and ``turkish`` presets; the project's plain-English
reference is docs/rules-pis-yedili.md.

>>> from cardlib.pisyedili import Hand, Rules
>>> hand = Hand.deal(Rules(players=3), seed=1)
>>> sorted(str(m) for m in hand.legal_moves)[-1]
'draw'
"""

from . import bots, events
from .hand import Hand, Result, complete_position, replay_record
from .match import Match
from .moves import Move
from .rules import Rules

GAME = "pis-yedili"

__all__ = ["GAME", "Rules", "Move", "Hand", "Result", "Match", "events", "bots",
           "complete_position", "replay_record"]
