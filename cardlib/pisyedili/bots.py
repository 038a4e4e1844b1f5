"""Bots for Pis Yedili: ``RandomBot(seed)``, ``HeuristicBot(seed)`` and, for partnerships, ``TeamBot(seed)``;
``bot.choose(hand) -> Move``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..bots import Bot
from ..cards import Card
from .moves import Move
from .scoring import card_value

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["RandomBot", "HeuristicBot", "TeamBot"]


class RandomBot(Bot):
    """Picks one of the legal moves uniformly with its own seeded generator."""

    def pick(self, hand: Hand, legal: Sequence[Move]) -> Move:
        return legal[self.rng.below(len(legal))]


def no_play_move(moves: Sequence[Move]) -> Move:
    """What the heuristic does when it plays no card: ``end`` its turn, else ``draw``, else ``pass``."""
    for word in ("end", "draw", "pass"):
        for m in moves:
            if m.kind == word:
                return m
    return moves[0]


class HeuristicBot(Bot):
    """A simple, sensible player.

    - goes out when it can, and always declares "tek";
    - keeps a 7 to answer a 7 (plays a 7 only against pending sevens, or when nothing else fits);
    - otherwise sheds its highest-value card (a J or joker last, since they fit anywhere);
    - a J or joker names the suit it holds most of (after the play);
    - draws only when it has no play, and passes only when it must.
    ``seed`` breaks ties between equally good moves.
    """

    def pick(self, hand: Hand, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = hand.state.to_act
        held = hand.hands[me]
        plays = [m for m in moves if m.kind == "play"]
        # prefer the tek-declaring version of a play
        if plays:
            keys = {(m.card, m.suit) for m in plays if m.tek}
            plays = [m for m in plays if m.tek or (m.card, m.suit) not in keys]
        if len(held) == 1 and plays:
            return plays[0]
        if plays:
            best = max(self._score(m, held, hand) for m in plays)
            top = [m for m in plays if self._score(m, held, hand) == best]
            return top[self.rng.below(len(top))]
        return no_play_move(moves)

    def _score(self, m: Move, held: list[Card], hand: Hand) -> float:
        c = m.card
        assert c is not None                  # only play moves are scored
        rest = list(held)
        rest.remove(c)
        if not rest:
            return 1e9  # going out
        score = float(card_value(c))
        r = None if c.rank is None else int(c.rank)   # the joker has no rank
        if r == 7 and not hand.pending:
            score -= 100  # keep a 7 to answer a 7
        if c.is_joker or r == 11:
            score -= 60  # wild cards are worth keeping
        if m.suit is not None:
            counts = Counter(x.suit for x in rest if x.suit is not None)
            score += counts.get(m.suit, 0) * 2
            if counts and counts.get(m.suit, 0) == max(counts.values()):
                score += 5
        return score


class TeamBot(HeuristicBot):
    """:class:`HeuristicBot` that plays for its team when ``partnerships`` is on (pairs, docs/rules-pis-yedili.md); without
    partnerships it plays exactly as the heuristic bot.

    It reads only what its seat may see (PY-A30, PY-P2): its own cards, everyone's card counts, the table.
    Partners sit opposite (PY-P1), so the next player either way is always an opponent; what can fall on
    the partner is a Turkish Ace's draws (PY-24T) and, with four players, a 7 chain that an opponent passes
    on (PY-19).  On top of the heuristic's score of each play it adds (in the heuristic's units, a card's
    points):

    - a Turkish Ace makes everyone else draw: +30 for each opponent with one card left, and a cost when
      the partner has one card left, -10, or -30 under ``partner_goes_free`` (PY-P5: then the partner's
      going out frees this hand too);
    - a 7, an 8 or a 10 stops the next player (an opponent) who holds one card from going out: +110 for a
      7 (answer it or draw), +60 for an 8 (skipped), +50 for a 10 (play turns to the other opponent, if
      that one holds more);
    - with four players, when the partner has one card left: a 7 that an opponent answers lands on the
      partner (-10, -20 under ``partner_goes_free``), and an 8 skips an opponent and hands the turn to
      the partner (+15, +30 under ``partner_goes_free``).

    These weights were measured, not guessed: docs/pairs.md gives the team score difference against two
    heuristic bots, and why a stronger "never make the partner draw" rule was dropped (it cost points).
    Ties between equally good plays still go to the seeded generator.
    """

    def _score(self, m: Move, held: list[Card], hand: Hand) -> float:
        score = super()._score(m, held, hand)
        if not hand.rules.partnerships or score >= 1e9 or hand.phase == "opening":
            return score
        return score + self._team(m, hand)

    def _team(self, m: Move, hand: Hand) -> float:
        """What the play does for the team, beyond the heuristic's score."""
        rules = hand.rules
        n = hand.players
        me = hand.state.to_act
        partner = rules.partner(me)
        assert partner is not None                      # only called with partnerships
        counts = [len(x) for x in hand.hands]
        last = counts[partner] == 1                         # the partner is about to go out
        free = rules.partner_goes_free
        nxt = (me + hand.direction) % n
        c = m.card
        assert c is not None                  # only play moves are scored
        r = None if c.rank is None else int(c.rank)   # the joker has no rank
        bonus = 0.0
        if r == 1 and rules.ace_rule == "all_draw":         # PY-24T: everyone else draws, the partner too
            bonus += 30 * sum(1 for s in range(n) if s != me and s != partner and counts[s] == 1)
            if last:
                bonus -= 30 if free else 10
        elif r == 7:
            if counts[nxt] == 1:
                bonus += 110                                 # the next opponent must answer or draw
            if n == 4 and last:                              # an answering 7 would land on the partner
                bonus -= 20 if free else 10
        elif r == 8:
            if counts[nxt] == 1:
                bonus += 60
            if n == 4 and last:                              # the skip hands the turn to the partner
                bonus += 30 if free else 15
        elif r == 10:
            other = (me - hand.direction) % n
            if counts[nxt] == 1 and counts[other] > 1:
                bonus += 50                                  # turn play away from the opponent about to go out
        return bonus
