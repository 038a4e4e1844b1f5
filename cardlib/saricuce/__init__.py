"""Sarı Cüce (Nain Jaune): the rules engine (the rules in docs/rules-sari-cuce.md; the contract in
docs/engine-api.md).

>>> from cardlib.saricuce import Hand, Rules
>>> hand = Hand.deal(Rules(players=3), seed=1)
>>> hand.players, hand.to_act, hand.position()["board"]
(3, 0, {'10D': 3, 'JC': 6, 'QS': 9, 'KH': 12, '7D': 15})
>>> GAME.name, GAME.series_word
('sari-cuce', 'game')
"""

from ..cards import Card
from ..engine import GameSpec
from . import bots, events, tally
from .bots import RandomBot, TipsBot
from .game import Game, game_winners
from .hand import Hand
from .moves import STOP, Move
from .position import complete_position
from .result import GameResult, Result
from .rules import BOX_NAMES, BOXES, DEAL_TABLE, STAKE_PER_PLAYER, STAKES, YELLOW_DWARF, Rules, card_points, rank_of, runs_of


def _actions(rules: Rules) -> tuple[str, ...]:
    return ("stop",) if rules.allow_voluntary_stop else ()


def _sort_key(card: Card) -> tuple[int, int]:
    return (rank_of(card), card.index // 13)          # runs climb by rank, whatever the suit (NJ-01); cards are suit-major


GAME = GameSpec(name=Hand.game, title="Sarı Cüce", rules=Rules, hand=Hand, move=Move, series=Game,
                bots={"random": bots.RandomBot, "heuristic": bots.TipsBot,
                      "expert": "cardlib.saricuce.expert:ExpertBot"}, series_word="game",
                hand_word="hand", actions=_actions, sort_key=_sort_key, complete=complete_position,
                position_fields=frozenset({"dead", "chips", "board"}), result_fields=frozenset({"opera", "paid", "doubled"}), tally=tally,
                card_fields=("dead", "played"), all_actions_options={"allow_voluntary_stop": True}, hand_seconds=lambda rules: 4e-4,
                picture="cardlib.saricuce.picture", outcome="cardlib.saricuce.outcome",
                charts="cardlib.saricuce.charts", explorers="cardlib.saricuce.explorers",
                expert="cardlib.saricuce.expert", kernel="cardlib.saricuce.kernel",
                odds="cardlib.saricuce.odds", simulated_odds="cardlib.saricuce.odds_sim")
Game.spec = GAME

__all__ = ["GAME", "Rules", "Move", "STOP", "Hand", "Result", "GameResult", "Game", "events", "bots",
           "BOXES", "BOX_NAMES", "YELLOW_DWARF", "STAKES", "STAKE_PER_PLAYER", "DEAL_TABLE", "card_points", "runs_of", "complete_position",
           "RandomBot", "TipsBot", "game_winners"]
