"""Sarı Cüce (Nain Jaune): the rules engine (RULES.md section 1; the contract in docs/engine-api.md).

>>> from cardlib.saricuce import Hand, Rules
>>> hand = Hand.deal(Rules(players=3), seed=1)
>>> hand.players, hand.to_act, hand.position()["board"]
(3, 0, {'10D': 3, 'JC': 6, 'QS': 9, 'KH': 12, '7D': 15})
"""

from . import bots, events
from .game import Game
from .hand import GAME, Hand
from .moves import STOP, Move
from .result import GameResult, Result
from .rules import BOX_NAMES, BOXES, DEAL_TABLE, STAKES, Rules, card_points

__all__ = ["GAME", "Rules", "Move", "STOP", "Hand", "Result", "GameResult", "Game", "events", "bots",
           "BOXES", "BOX_NAMES", "STAKES", "DEAL_TABLE", "card_points"]
