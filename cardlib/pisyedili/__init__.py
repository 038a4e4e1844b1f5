"""Pis Yedili ("dirty seven"), the Turkish Crazy Eights: rules, hands, scoring, matches and bots.

The rules are the ``classic`` (default) and ``turkish`` presets of the project's rules reference,
docs/rules-pis-yedili.md; the contract is docs/engine-api.md.

>>> from cardlib.pisyedili import Hand, Rules
>>> hand = Hand.deal(Rules(players=3), seed=1)
>>> sorted(str(m) for m in hand.legal_moves)[-1]
'draw'
>>> GAME.name, GAME.series_word
('pis-yedili', 'match')
"""

from ..cards import Card, Suit
from ..engine import GameSpec
from . import bots, events, tally
from .bots import HeuristicBot, RandomBot, TeamBot
from .deal import deal_hands
from .hand import Hand, Result, complete_position, replay_record
from .match import Match, MatchResult
from .moves import Move
from .rules import Rules
from .scoring import card_value, hand_value, multiplier


def _actions(rules: Rules) -> tuple[str, ...]:
    return ("draw", "pass", "end", "tek") if rules.tek else ("draw", "pass", "end")


def _sort_key(card: Card) -> tuple[int, int]:
    return (card.suit.index if card.suit else 4, int(card.rank) if card.rank else 99)   # by suit (PY-12)



def _hand_seconds(rules: Rules) -> float:
    return 8e-3 if rules.end_penalty_draws else 1e-3       # the Turkish end penalty draws (PY-T2): longer hands



def _suit_words(suit: Suit) -> str:
    from ..i18n import suit_word
    return f"{suit.symbol} {suit_word(suit)}"


def _tek(move: Move) -> str | None:
    return "tek" if move.tek else None                  # PY-T1: said with the card that leaves one


GAME = GameSpec(name=Hand.game, title="Pis Yedili", rules=Rules, hand=Hand, move=Move, series=Match,
                bots={"random": bots.RandomBot, "heuristic": bots.HeuristicBot, "team": bots.TeamBot,
                      "expert": "cardlib.pisyedili.expert:ExpertBot"}, series_word="match",
                hand_word="deal", actions=_actions, sort_key=_sort_key, complete=complete_position,
                position_fields=frozenset({"stock", "discard"}), result_fields=frozenset({"ended_by", "multiplier"}), tally=tally,
                card_fields=("stock", "discard"), choice=lambda move: move.suit, choice_name="suit",
                choice_words=_suit_words, declarations=("tek",), declaration=_tek, all_actions_options={"preset": "classic"}, hand_seconds=_hand_seconds,
                picture="cardlib.pisyedili.picture", outcome="cardlib.pisyedili.outcome",
                charts="cardlib.pisyedili.charts", explorers="cardlib.pisyedili.explorers",
                expert="cardlib.pisyedili.expert", kernel="cardlib.pisyedili.kernel",
                odds="cardlib.pisyedili.odds", simulated_odds="cardlib.pisyedili.odds_sim")
Match.spec = GAME

__all__ = ["GAME", "Rules", "Move", "Hand", "Result", "Match", "MatchResult", "events", "bots",
           "complete_position", "replay_record",
           "RandomBot", "HeuristicBot", "TeamBot", "deal_hands", "card_value", "hand_value", "multiplier"]
