"""The expert for Sarı Cüce: what a seat sees (NJ-A20), the worlds consistent with it, the score of a
playout and the sentences that explain a move.

A seat sees its own hand, every hand's size, the played cards and who played them, the board, every
seat's chips and the needed rank; never the other hands or the dead stock.  From who played what it also
knows where some cards are *not*: the holder of the needed rank is found from the last player clockwise
(NJ-14), so every seat passed over on the way holds none of that rank, and a stall (NJ-18) or a skipped
rank (NJ-F3) says that nobody holds it (those cards are dead).  Worlds respect all of that.

>>> from cardlib.saricuce import Hand, Rules
>>> hand = Hand.deal(Rules(players=4), seed=3)
>>> view = observe(hand, 1)
>>> view.hand == tuple(hand.hands[1]), view.sizes, view.dead_size
(True, (12, 12, 12, 12), 4)
>>> w = MODEL.sampler(view).world(Rng(0))
>>> w.hands[1] == hand.hands[1], w.position()["chips"] == hand.position()["chips"]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, cards_text, make_deck
from ...checks import check_seat
from ...rng import Rng
from .. import events as ev
from ..hand import Hand
from ..bots import TipsBot
from ..rules import BOXES, card_points
from ...expert.sampling import Placement
from ...expert.bot import SearchBot
from ...expert.search import GameModel
from ...i18n import N_, _, count_words

__all__ = ["ExpertBot", "SariCuceView", "observe", "MODEL", "PUBLIC_FIELDS", "HIDDEN_FIELDS"]

#: the position fields a seat sees, and those it does not (records.md); every field is one or the other
PUBLIC_FIELDS = ("dealer", "chips", "board", "to_act", "needed", "last", "played", "played_by")
HIDDEN_FIELDS = ("hands", "dead")

_RANK_WORD = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}


def _rank_word(r: int) -> str:
    return _(_RANK_WORD[r]) if r in _RANK_WORD else str(r)


@dataclass(frozen=True)
class SariCuceView:
    """What ``seat`` knows.  ``public`` holds the visible position fields as ``position()`` writes them;
    ``voids[s]`` the ranks seat ``s`` is known not to hold; ``start_chips`` the chips at the start of
    the hand (the base of the net change)."""

    rules: Any
    seat: int
    players: int
    to_act: int | None
    hand: tuple[Card, ...]
    sizes: tuple[int, ...]
    dead_size: int
    played: tuple[Card, ...]
    plays: tuple[tuple[int, Card], ...]    # (seat, card) for the plays this hand that the seat saw happen
    chips: tuple[int, ...]
    board: tuple[int, ...]                 # in box order 10♦ J♣ Q♠ K♥ 7♦
    needed: int | None
    voids: tuple[frozenset[int], ...]
    start_chips: tuple[int, ...]
    public: tuple[tuple[str, Any], ...]

    def hidden_cards(self) -> list[Card]:
        """The cards this seat cannot see (other hands and the dead stock), in deck order."""
        seen = set(self.hand) | set(self.played)
        return [c for c in make_deck() if c not in seen]


def _passed_over(last: int, holder: int, n: int) -> list[int]:
    """NJ-14: the seats checked before ``holder`` when searching from ``last`` (``last`` first)."""
    out, s = [], last
    while s != holder:
        out.append(s)
        s = (s + 1) % n
    return out


def observe(hand: Hand, seat: int) -> SariCuceView:
    """Seat ``seat``'s information in ``hand`` (NJ-A20): every visible fact and nothing else."""
    n = hand.players
    seat = check_seat("seat", seat, n)
    rules = hand.rules
    pos = hand.position()
    public = tuple((k, pos[k]) for k in PUBLIC_FIELDS)
    voids: list[set[int]] = [set() for _ in range(n)]
    stops = rules.allow_voluntary_stop
    start = hand.start()
    # the start's chips (public: every chip count is seen) and, for a position, its search so far
    start_chips = tuple(start["chips"])
    last = start.get("last")
    if start.get("to_act") is not None and start.get("needed") not in (None, "") and last is not None and not stops:
        r = _rank_of(start["needed"])
        for s in _passed_over(last, start["to_act"], n):
            voids[s].add(r)
    plays: list[tuple[int, Card]] = []
    declined: set[int] = set()       # seats that said "stop" since the last play (allow_voluntary_stop)
    played_here = False
    for e in hand.events:
        if isinstance(e, ev.Play):
            if not e.lead and last is not None:
                r = _rank(e.card)
                for s in _passed_over(last, e.seat, n):
                    if s not in declined:
                        voids[s].add(r)
            plays.append((e.seat, e.card))
            last = e.seat
            declined = set()
            played_here = True
        elif isinstance(e, ev.Stop):
            declined.add(e.seat)
        elif isinstance(e, (ev.Stall, ev.SkipRank)):
            # nobody holds these ranks (NJ-18, NJ-F3); after a "stop" someone may, so nothing is concluded
            if not declined and not getattr(e, "declined", False):
                for s in range(n):
                    voids[s].update(e.ranks)
    if hand.to_act is not None and hand.needed is not None and hand.last is not None and (played_here or not stops):
        for s in _passed_over(hand.last, hand.to_act, n):
            if s not in declined:
                voids[s].add(hand.needed)
    voids[seat] = set()            # a seat knows its own hand: no need to guess
    return SariCuceView(
        rules=rules, seat=seat, players=n, to_act=hand.to_act, hand=tuple(hand.hands[seat]),
        sizes=tuple(len(h) for h in hand.hands), dead_size=len(hand.dead), played=tuple(hand.played),
        plays=tuple(plays), chips=tuple(hand.chips), board=tuple(hand.board), needed=hand.needed,
        voids=tuple(frozenset(v) for v in voids), start_chips=start_chips, public=public)


def _rank(card: Card) -> int:
    """The rank 1..13 of a Sarı Cüce card (the game has no joker)."""
    if card.rank is None:
        raise ValueError(f"{card}: Sarı Cüce is played without jokers")
    return int(card.rank)


def _rank_of(text: Any) -> int:
    if isinstance(text, int):
        return text
    return _rank(Card.parse(str(text) + "C"))


class _Sampler:
    """Worlds for a view: the hidden cards placed into the other hands and the dead stock."""

    def __init__(self, view: SariCuceView):
        self.view = view
        hidden = view.hidden_cards()
        others = [s for s in range(view.players) if s != view.seat]
        self.others = others
        sizes = [view.sizes[s] for s in others] + [view.dead_size]
        dead = len(others)
        allowed = [frozenset([p for p, s in enumerate(others) if _rank(c) not in view.voids[s]] + [dead])
                   for c in hidden]
        self.placement = Placement(hidden, sizes, allowed)
        self.base = dict(view.public)

    def world(self, rng: Rng) -> Hand:
        return self._build(self.placement.sample(rng), rng)

    def public_world(self) -> Hand:
        """A consistent world drawn with no chain (the same each time): for what every world shares."""
        return self._build(self.placement.first(), Rng(0))

    def _build(self, placed: list[list[Card]], rng: Rng) -> Hand:
        v = self.view
        hands: list[Any] = [None] * v.players
        hands[v.seat] = cards_text(v.hand)
        for p, s in enumerate(self.others):
            cards = placed[p]
            rng.shuffle(cards)
            hands[s] = cards_text(cards)
        pos = dict(self.base)
        pos["hands"] = hands
        pos["dead"] = cards_text(placed[-1])
        return Hand.from_start(v.rules, pos)


class SariCuceModel(GameModel):
    """Sarı Cüce: maximise the seat's expected chips at the end of the hand (captures and payments won,
    minus payments and doublings, NJ-19..NJ-26); a playout is played by :class:`TipsBot` at every seat."""

    name = "sari-cuce"
    metric = "chips"
    higher_is_better = True

    observe = staticmethod(observe)
    sampler = _Sampler                       # a class: model.sampler(view) makes one
    playout_bot = TipsBot
    _public: tuple[Any, Any, Any] | None = None    # the last view, its sampler and its public world

    def score(self, view: SariCuceView, finished: Hand) -> tuple[float, bool]:
        r = finished.result()
        if r is None:
            raise ValueError("score() needs a finished playout")
        return float(r.chips[view.seat] - view.start_chips[view.seat]), r.winner == view.seat

    def batch(self, view: SariCuceView, moves: Sequence[Any], rng: Rng) -> Any:
        """The compiled playouts (:class:`cardlib.saricuce.expert.playout.Playouts`), from one world drawn here;
        ``None`` when a move is ``stop`` (the kernel plays cards only)."""
        from .playout import playouts_for
        sampler, world = self._public_for(view)
        return playouts_for(view, world, sampler.placement, moves)

    def public_world(self, view: SariCuceView) -> Hand:
        return self._public_for(view)[1]

    def _public_for(self, view: SariCuceView) -> tuple[_Sampler, Hand]:
        cached = self._public
        if cached is not None and cached[0] is view:
            return cached[1], cached[2]
        sampler = _Sampler(view)
        world = sampler.public_world()
        self._public = (view, sampler, world)
        return sampler, world

    # -- explanations --------------------------------------------------------------------------------
    def explain(self, view: SariCuceView, move: Any, legal: Sequence[Any]) -> str | None:
        card = move.card
        if card is None:
            return None
        mine = list(view.hand)
        r = _rank(card)
        boxed = card in BOXES
        box_text = ""
        if boxed:
            chips = view.board[BOXES.index(card)]
            box_text = _("the {card} box ({chips})").format(card=card.pretty(), chips=count_words("chip", chips))
        if len(mine) == 1:
            tail = _(", takes {box}").format(box=box_text) if boxed else ""
            return _("It goes out: you win the hand{takes} and every other player pays you the points of the "
                     "cards they still hold (NJ-20, NJ-22).").format(takes=tail)
        if boxed:
            return _("It captures {box} at once (NJ-19); a box card still in your hand at the end would "
                     "double its box instead (NJ-23).").format(box=box_text)
        if view.needed is not None:
            return None          # a choice between cards of the same rank that no rule tells apart
        # a lead: how far does the ladder of ranks you hold go, and who plays after it?
        ranks = {_rank(c) for c in mine}
        top = r
        while top < 13 and top + 1 in ranks:
            top += 1
        run = top - r + 1
        seen = set(view.played) | set(mine)
        if top == 13:
            how = _("the King closes it, so you lead again (NJ-17)")
        elif all(Card(top + 1, s) in seen for s in "CDHS"):
            how = _("no other player can hold a {rank} (all are played or yours), so you lead again (NJ-18)").format(
                rank=_rank_word(top + 1))
        else:
            how = None
        if how is not None:
            if run == 1:
                return _("It ends the run: {how}.").format(how=how)
            return _("It starts a run of {n} cards you hold ({low} to {high}); {how}.").format(
                n=run, low=_rank_word(r), high=_rank_word(top), how=how)
        if run >= 3:
            return _("It starts a run of {n} cards you hold ({low} to {high}): you play them all before anyone else "
                     "(NJ-14).").format(n=run, low=_rank_word(r), high=_rank_word(top))
        pts = card_points(card)
        if pts >= 10 and all(m.card is None or card_points(m.card) <= pts for m in legal):
            return _("It sheds a {n}-point card that you would pay for if another player went out "
                     "(NJ-21, NJ-22).").format(n=pts)
        return None


MODEL = SariCuceModel()


class ExpertBot(SearchBot):
    """The Sarı Cüce expert: determinized Monte Carlo search over what its seat sees (docs/expert.md).
    ``ExpertBot(seed)``, or ``ExpertBot(seed, budget=..., seconds=...)``."""

    model = MODEL
    DEFAULT_BUDGET = 500


#: seconds one expert seat adds to a hand (four players, the default budget of
#: :data:`cardlib.expert.cost.MEASURED_BUDGET` playouts): the time it spent choosing in a hand, measured by
#: the ladder (``bench/expert_ladder.py``, docs/expert-strength.md, 2 processes on 2 shared cores, load about 7)
SECONDS_PER_HAND = 0.022


def seconds_per_hand(rules: Any) -> float:
    """About how long one expert seat adds to a hand (:func:`cardlib.expert.cost.seconds_per_hand`)."""
    return SECONDS_PER_HAND


def warm() -> None:
    """Compile (or load from numba's cache) the compiled playouts: one small search
    (:mod:`cardlib.expert.warmup`)."""
    from ..rules import Rules
    bot = ExpertBot(0, budget=8)
    h = Hand.deal(Rules(players=4), seed=1)
    while not h.is_over() and not bot.decisions:
        h.push(bot.choose(h))
