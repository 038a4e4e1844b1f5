"""The expert for Pis Yedili: what a seat sees (PY-A30), the worlds consistent with it, the score of a
playout and the sentences that explain a move.

A seat sees its own hand, every hand's size, the discard pile, the named suit, the pending sevens, the
direction, the stock's size, who played and who drew how many cards; never the other hands or the stock's
order.  Before any reshuffle every card it cannot see is equally likely to be in any other hand or in the
stock.  A Turkish reshuffle (PY-28T) adds structure that is public too: the new stock is exactly the
discards under the top card, so after it the stock holds only those cards, and each other hand holds as
many of them as that player has drawn since (less those they played).  :func:`observe` follows every
draw, play and reshuffle, and keeps, for each *group* of cards (the cards dealt, then each reshuffle's
cards), how many of them each hand and the stock hold; worlds are drawn uniformly group by group.  With
duplicate cards (two decks or two jokers) a played card's group cannot always be told, and the view falls
back to one group (still consistent with the hand sizes and the cards seen).

>>> from cardlib.pisyedili import Hand, Rules
>>> hand = Hand.deal(Rules.classic(4), seed=3)
>>> view = observe(hand, 2)
>>> view.sizes, view.stock_size, [g.stock for g in view.groups]
((7, 7, 7, 7), 24, [24])
>>> w = MODEL.sampler(view).world(Rng(0))
>>> w.hands[2] == hand.hands[2], len(w.stock)
(True, 24)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, cards_text, make_deck
from ...checks import check_seat
from .. import events as ev
from ..bots import HeuristicBot, TeamBot, no_play_move
from ..hand import Hand
from ..scoring import VALUES as _VALUES
from ..scoring import card_value
from ...rng import Rng
from ...expert.sampling import InconsistentObservation, Placement
from ...expert.bot import SearchBot
from ...expert.search import GameModel
from ...i18n import _, count_words, suit_word

__all__ = ["ExpertBot", "PisYediliView", "Group", "observe", "MODEL", "PUBLIC_FIELDS", "HIDDEN_FIELDS"]

#: the position fields a seat sees (``scores`` and ``turn_state`` appear only sometimes), and those it
#: does not; every field ``position()`` writes is one or the other
PUBLIC_FIELDS = ("dealer", "discard", "to_act", "direction", "named_suit", "pending", "drawn", "phase",
                 "opening_left", "tek", "scores", "turn_state", "turns", "idle")
HIDDEN_FIELDS = ("hands", "stock")



@dataclass(frozen=True)
class Group:
    """Hidden cards that are interchangeable for the seat: ``cards`` (deck order), how many of them each
    seat holds (``counts``, 0 for the viewer) and how many are in the stock."""

    cards: tuple[Card, ...]
    counts: tuple[int, ...]
    stock: int


@dataclass(frozen=True)
class PisYediliView:
    """What ``seat`` knows.  ``public`` holds the visible position fields as ``position()`` writes them;
    ``groups`` say where the hidden cards can be; ``stock_layout`` lists the stock from the top as
    ``(group index, count)`` runs; ``tracked`` is False when the view fell back to one group."""

    rules: Any
    seat: int
    players: int
    to_act: int | None
    hand: tuple[Card, ...]
    sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    top: Card | None
    named_suit: Any
    pending: int
    direction: int
    phase: str
    groups: tuple[Group, ...]
    stock_layout: tuple[tuple[int, int], ...]
    tracked: bool
    public: tuple[tuple[str, Any], ...]

    def next_seat(self, steps: int = 1) -> int:
        return (self.seat + steps * self.direction) % self.players


def _hidden(rules: Any, mine: Sequence[Card], discard: Sequence[Card]) -> Counter:
    left = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    left.subtract(mine)
    left.subtract(discard)
    return left


def _track(hand: Hand, seat: int, hidden: Counter) -> tuple[list[Group], list[tuple[int, int]]] | None:
    """Follow the public history: per group, how many cards each seat holds and the stock's runs.
    ``None`` when it does not add up (then the caller falls back to one group)."""
    n = hand.players
    start = hand.start()
    sizes0 = [len(str(h).split()) for h in start["hands"]]
    stock0 = len(str(start.get("stock") or "").split())
    group_of: dict[Card, int] = {}
    counts = [[k] for k in sizes0]                      # counts[s][g]
    layout: list[list[int]] = [[0, stock0]]             # the stock from the top: [group, count]

    def take(s: int, k: int) -> bool:
        while k:
            while layout and layout[0][1] == 0:
                layout.pop(0)
            if not layout:
                return False
            got = min(k, layout[0][1])
            counts[s][layout[0][0]] += got
            layout[0][1] -= got
            k -= got
        return True

    for e in hand.events:
        if isinstance(e, ev.Play):
            g = group_of.get(e.card, 0)
            counts[e.seat][g] -= 1
            if counts[e.seat][g] < 0:
                return None
        elif isinstance(e, (ev.Draw, ev.PenaltyDraw)):
            if not take(e.seat, len(e.cards)):
                return None
        elif isinstance(e, ev.AceDraws):
            for s, cards in e.draws:
                if not take(s, len(cards)):
                    return None
        elif isinstance(e, ev.Reshuffle):
            g = len(counts[0])
            for c in e.stock:                            # the set is public (the discards); the order is not
                group_of[c] = g
            for row in counts:
                row.append(0)
            layout.append([g, len(e.stock)])
    ngroups = len(counts[0])
    members: list[list[Card]] = [[] for _ in range(ngroups)]
    for c in sorted(hidden):
        for _ in range(hidden[c]):
            members[group_of.get(c, 0)].append(c)
    mine = Counter(group_of.get(c, 0) for c in hand.hands[seat])
    stock_of = [0] * ngroups
    for g, k in layout:
        stock_of[g] += k
    groups = []
    for g in range(ngroups):
        if counts[seat][g] != mine.get(g, 0):
            return None
        held = tuple(0 if s == seat else counts[s][g] for s in range(n))
        if sum(held) + stock_of[g] != len(members[g]):
            return None
        groups.append(Group(tuple(members[g]), held, stock_of[g]))
    return groups, [(g, k) for g, k in layout if k]


def observe(hand: Hand, seat: int) -> PisYediliView:
    """Seat ``seat``'s information in ``hand`` (PY-A30): every visible fact and nothing else."""
    n = hand.players
    seat = check_seat("seat", seat, n)
    rules = hand.rules
    pos = hand.position()
    public = tuple((k, pos[k]) for k in PUBLIC_FIELDS if k in pos)
    mine = tuple(hand.hands[seat])
    discard = tuple(hand.discard)
    sizes = tuple(len(h) for h in hand.hands)
    stock_size = len(hand.stock)
    hidden = _hidden(rules, mine, discard)
    tracked = None
    if max(Counter(make_deck(rules.decks, rules.jokers_per_deck)).values()) == 1:
        tracked = _track(hand, seat, hidden)
    if tracked is not None:
        groups, layout = tracked
    else:
        cards = tuple(c for c in sorted(hidden) for _ in range(hidden[c]))
        groups = [Group(cards, tuple(0 if s == seat else sizes[s] for s in range(n)), stock_size)]
        layout = [(0, stock_size)] if stock_size else []
    return PisYediliView(
        rules=rules, seat=seat, players=n, to_act=hand.to_act, hand=mine, sizes=sizes, stock_size=stock_size,
        discard=discard, top=hand.top, named_suit=hand.named_suit, pending=hand.pending,
        direction=hand.direction, phase=hand.phase, groups=tuple(groups), stock_layout=tuple(layout),
        tracked=tracked is not None, public=public)


class _Sampler:
    """Worlds for a view: each group's hidden cards placed into the other hands and the stock."""

    def __init__(self, view: PisYediliView):
        self.view = view
        self.others = [s for s in range(view.players) if s != view.seat]
        self.placements = [Placement(g.cards, [g.counts[s] for s in self.others] + [g.stock])
                           for g in view.groups]
        if sum(g.stock for g in view.groups) != view.stock_size:
            raise InconsistentObservation("the groups' stock counts do not add up to the stock")
        self.base = dict(view.public)

    def world(self, rng: Rng) -> Hand:
        v = self.view
        hands: list[list[Card]] = [[] for _ in range(v.players)]
        stock_parts: list[list[Card]] = []
        for placement in self.placements:
            placed = placement.sample(rng)
            for p, s in enumerate(self.others):
                hands[s].extend(placed[p])
            rng.shuffle(placed[-1])
            stock_parts.append(placed[-1])
        stock: list[Card] = []
        for g, k in v.stock_layout:                       # top first
            stock.extend(stock_parts[g][:k])
            del stock_parts[g][:k]
        texts = []
        for s in range(v.players):
            if s == v.seat:
                texts.append(cards_text(v.hand))
            else:
                rng.shuffle(hands[s])
                texts.append(cards_text(hands[s]))
        pos = dict(self.base)
        pos["hands"] = texts
        pos["stock"] = cards_text(stock)
        return Hand.from_start(v.rules, pos, seed=int(rng.random() * 2 ** 53))


class PlayoutBot(HeuristicBot):
    """:class:`~cardlib.pisyedili.bots.HeuristicBot`'s choices, computed faster (each play is scored
    once, the suit counts once per decision): the playout policy.  Same seed, same moves.

    Like the heuristic it reads only its own hand and the pending sevens.
    """

    def pick(self, hand, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            return moves[0]
        held = hand.hands[hand.to_act]
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            keys = {(m.card, m.suit) for m in plays if m.tek}
            if keys:
                plays = [m for m in plays if m.tek or (m.card, m.suit) not in keys]
            if len(held) == 1:
                return plays[0]
            pending = hand.pending
            counts: dict[Any, int] | None = None
            best = None
            top: list[Any] = []
            for m in plays:
                c = m.card
                i = c.index
                score = float(_VALUES[i])
                if i == 52:
                    score -= 60
                else:
                    r = i % 13
                    if r == 6 and not pending:
                        score -= 100
                    elif r == 10:
                        score -= 60
                if m.suit is not None:
                    if counts is None:
                        counts = {}
                        for x in held:
                            if x.suit is not None:
                                counts[x.suit] = counts.get(x.suit, 0) + 1
                    rest = dict(counts)
                    if c.suit is not None:
                        rest[c.suit] -= 1
                        if not rest[c.suit]:
                            del rest[c.suit]
                    k = rest.get(m.suit, 0)
                    score += k * 2
                    if rest and k == max(rest.values()):
                        score += 5
                if best is None or score > best:
                    best, top = score, [m]
                elif score == best:
                    top.append(m)
            return top[self.rng.below(len(top))]
        return no_play_move(moves)


def _rank(card: Card) -> int | None:
    return None if card.rank is None else int(card.rank)


class PisYediliModel(GameModel):
    """Pis Yedili: minimise the seat's expected points for the hand (PY-28..PY-30; in pairs its team's,
    PY-P4), winning it scores 0; a playout is played by the heuristic (:class:`PlayoutBot`; in pairs the
    team bot) at every seat."""

    name = "pis-yedili"
    metric = "points"
    higher_is_better = False

    observe = staticmethod(observe)
    sampler = _Sampler                       # a class: model.sampler(view) makes one
    playout_bot = PlayoutBot

    def score(self, view: PisYediliView, finished: Hand) -> tuple[float, bool]:
        """The seat's points and whether it scored 0; in pairs its team's points (PY-P4) and whether
        either partner scored 0."""
        r = finished.result()
        if r is None:
            raise ValueError("score() needs a finished playout")
        points = r.scores[view.seat]
        if view.rules.partnerships:
            mate = r.scores[view.rules.partner(view.seat)]
            return float(points + mate), points == 0 or mate == 0
        return float(points), points == 0

    def bot_for(self, view: PisYediliView, seed: int) -> Any:
        """The heuristic (:class:`PlayoutBot`), or in pairs the team bot (``TeamBot``, which plays for
        its partner)."""
        return TeamBot(seed) if view.rules.partnerships else PlayoutBot(seed)

    def batch(self, view: PisYediliView, moves: Sequence[Any], rng: Rng) -> Any:
        """The compiled playouts (:class:`cardlib.pisyedili.expert.playout.Playouts`), from one world drawn here."""
        from .playout import Playouts
        return Playouts(view, self.public_world(view))

    def power(self, view: PisYediliView) -> float:
        """0.5 under the Turkish end penalty draws (PY-T2), 1 otherwise.

        With PY-T2 a loser's points have a long tail (7s held cost 3 cards each, which may be 7s too,
        times 3 or 2 for a finish on a 7 or a J): the plain mean is ruled by a few disastrous playouts,
        and the bot chose moves that lose cheaper rather than moves that go out.  The square root keeps
        the order of any two results but counts a win (0) against a small loss more, and the tail less;
        measured in docs/expert-strength.md."""
        return 0.5 if view.rules.end_penalty_draws else 1.0

    def prune(self, view: PisYediliView, legal: Sequence[Any]) -> list[Any]:
        """A play that may declare "tek" is never worse declared (PY-T1, PY-F11): drop the undeclared twin."""
        declared = {(m.card, m.suit) for m in legal if m.kind == "play" and m.tek}
        return [m for m in legal if not (m.kind == "play" and not m.tek and (m.card, m.suit) in declared)]

    # -- explanations --------------------------------------------------------------------------------
    def explain(self, view: PisYediliView, move: Any, legal: Sequence[Any]) -> str | None:
        rules = view.rules
        mine = list(view.hand)
        sevens_legal = [m for m in legal if m.kind == "play" and _rank(m.card) == 7]
        if move.kind == "draw":
            if view.pending:
                owed = rules.sevens_owed(view.pending)
                if sevens_legal:
                    return _("It takes the {n} cards now and keeps your 7 to answer a later 7 (PY-20).").format(n=owed)
                return _("You hold no 7 to pass the sevens on, so you draw the {n} cards (PY-20).").format(n=owed)
            if not any(m.kind == "play" for m in legal):
                return _("No card of yours can be played, so you draw (PY-16).")
            return None
        if move.kind != "play":
            return None
        card = move.card
        r = _rank(card)
        rest = list(mine)
        rest.remove(card)
        tek = _(" and says \"tek\" so that you may go out next turn (PY-T1)") if move.tek else ""
        if view.phase == "opening":
            return None
        if not rest:
            mult = 1
            if rules.finish_multipliers:
                mult = 10 if card.is_joker else 3 if r == 7 else 2 if r == 11 else 1
            times = _(", times {n} for finishing with {card}").format(n=mult, card=card.pretty()) if mult > 1 else ""
            return _("It goes out: you score 0 and every other player scores the cards they hold{times} "
                     "(PY-26, PY-30).").format(times=times)
        if r == 7:
            owed = rules.sevens_owed(view.pending + 1)
            if view.pending:
                return _("It passes the sevens on: the next player must play a 7 or draw {n} "
                         "(PY-19, PY-20){tek}.").format(n=owed, tek=tek)
            return _("It makes the next player draw {n} unless they play a 7 (PY-19, PY-20){tek}.").format(
                n=owed, tek=tek)
        if move.suit is not None:
            counts = Counter(c.suit.value for c in rest if c.suit is not None)
            held = counts.get(move.suit.value, 0)
            if held and held == max(counts.values()):
                return _("It names {suit}, the suit you hold most of ({n} of your {cards}) (PY-13){tek}.").format(
                    suit=suit_word(move.suit), n=held, cards=count_words("card", len(rest)), tek=tek)
        if sevens_legal and not view.pending and any(_rank(c) == 7 for c in rest):
            return _("It keeps your 7 to answer a 7 later (PY-20){tek}.").format(tek=tek)
        if r == 8:
            if view.players == 2:
                return _("It skips your opponent: you play again (PY-22){tek}.").format(tek=tek)
            nxt = view.next_seat()
            return _("It skips the next player, Seat {seat} ({cards}) (PY-22){tek}.").format(
                seat=nxt, cards=_cards_held(view.sizes[nxt]), tek=tek)
        if r == 10 and view.players > 2:
            back = (view.seat - view.direction) % view.players
            nxt = view.next_seat()
            return _("It reverses the direction, so Seat {seat} ({cards}) plays next instead of Seat {other} "
                     "({other_cards}) (PY-23){tek}.").format(seat=back, cards=_cards_held(view.sizes[back]), other=nxt,
                                                              other_cards=_cards_held(view.sizes[nxt]), tek=tek)
        if r == 1:
            if rules.ace_rule == "all_draw":
                return _("Every other player draws a card and you play again (PY-24T){tek}.").format(tek=tek)
            return _("You may play one more card on it at once (PY-24){tek}.").format(tek=tek)
        if move.tek:
            return _("It says \"tek\", so that you may go out next turn (PY-T1).")
        plays = [m for m in legal if m.kind == "play"]
        value = card_value(card)
        if r != 11 and not card.is_joker and value >= 10 and all(card_value(m.card) <= value for m in plays):
            return _("It sheds {card}, worth {n} points if another player goes out (PY-29, PY-30).").format(
                card=card.pretty(), n=value)
        return None


def _cards_held(n: int) -> str:
    """``7 cards`` as the explanations always wrote it (``1 cards`` too, in English); the plural form right
    in the other languages."""
    from ...i18n import get_language
    return f"{n} cards" if get_language() == "en" else count_words("card", n)


MODEL = PisYediliModel()


class ExpertBot(SearchBot):
    """The Pis Yedili expert: determinized Monte Carlo search over what its seat sees (docs/expert.md).
    ``ExpertBot(seed)``, or ``ExpertBot(seed, budget=..., seconds=...)``."""

    model = MODEL
    DEFAULT_BUDGET = 500


#: seconds one expert seat adds to a classic and a Turkish hand (four players, the default budget of
#: :data:`cardlib.expert.cost.MEASURED_BUDGET` playouts): the time it spent choosing in a hand, measured by
#: the ladder (``bench/expert_ladder.py``, docs/expert-strength.md, 2 processes on 2 shared cores, load 5 to
#: 9); the Turkish end penalty draws (PY-T2) make its hands longer
SECONDS_PER_HAND = {False: 0.037, True: 0.209}


def seconds_per_hand(rules: Any) -> float:
    """About how long one expert seat adds to a hand under ``rules`` (:func:`cardlib.expert.cost.seconds_per_hand`)."""
    return SECONDS_PER_HAND[bool(getattr(rules, "end_penalty_draws", False))]


def warm() -> None:
    """Compile (or load from numba's cache) the compiled playouts and the ISMCTS kernel: one small search
    (:mod:`cardlib.expert.warmup`)."""
    from ..hand import Hand
    from ..rules import Rules
    from .ismcts import ISMCTSBot
    hand = Hand.deal(Rules.turkish(4), seed=1)
    for bot in (ExpertBot(0, budget=8), ISMCTSBot(0, budget=8)):
        h = hand.copy()
        while not h.is_over() and not bot.decisions:
            h.push(bot.choose(h))
