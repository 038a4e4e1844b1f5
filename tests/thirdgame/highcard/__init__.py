"""High Card: a small trick game written for the tests (HC-1..HC-6 in :mod:`.rules`).

It exists to prove that a game is one folder and one registration line: the contract suite and every
entry point run over it, and what it lacks (its own picture, outcome, charts, explorers, expert, fast
engine) is either drawn by cardlib's generic forms or refused with ``MissingFaceError``.
"""

from cardlib.cards import Card
from cardlib.engine import GameSpec

from . import bots, events, tally
from .game import Match, MatchResult
from .hand import Hand, Result
from .moves import Move
from .rules import Rules, strength


def _complete(rules: Rules, fields: dict) -> dict:
    return dict(fields)


GAME = GameSpec(name=Hand.game, title="High Card", rules=Rules, hand=Hand, move=Move, series=Match,
                bots={"random": bots.RandomBot, "heuristic": bots.HighBot}, series_word="match",
                hand_word="hand", actions=lambda rules: (), sort_key=lambda c: (c.index // 13, strength(c)),
                complete=_complete, position_fields=frozenset({"rest", "trick", "taken"}),
                result_fields=frozenset({"tricks"}), card_fields=("rest", "trick", "taken"), tally=tally)
Match.spec = GAME

__all__ = ["GAME", "Rules", "Hand", "Move", "Result", "Match", "MatchResult", "Card", "events", "bots"]
