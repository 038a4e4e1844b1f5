"""The compiled playouts (issue 27) against the reference engine, the judge.

A playout is recorded in the compiled kernel (its world's cards, every move and every reshuffle order)
and replayed in the reference engine from the same world: every move must be legal there and be one the
reference playout bot (``PlayoutBot``, ``TeamBot`` in pairs) plays in that position (one of its tied best
moves), and the hand must end with the same score.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardlib.cards import cards_text
from cardlib.pisyedili import Hand as PyHand
from cardlib.pisyedili.bots import TeamBot
from cardlib.pisyedili.expert import MODEL as PY_MODEL
from cardlib.pisyedili.expert import PlayoutBot
from cardlib.pisyedili.expert.playout import Playouts, code_move, move_code
from cardlib.rng import Rng

from .conftest import played_py


class _Forced:
    """A generator whose ``below`` gives a chosen index (and says how many there were to choose from)."""

    def __init__(self, pick: int):
        self.pick = pick
        self.n: int | None = None

    def below(self, n: int) -> int:
        self.n = n
        return min(self.pick, n - 1)


def bot_choices(bot, hand) -> set:
    """Every move ``bot`` may play in ``hand`` (its ties, whatever its generator gives)."""
    legal = hand._generate_legal()
    first = _Forced(0)
    bot.rng = first
    out = {bot.pick(hand, legal)}
    for j in range(1, first.n or 1):
        bot.rng = _Forced(j)
        out.add(bot.pick(hand, legal))
    return out


def replay_py(view, rec):
    """The reference hand after replaying ``rec`` from its world; checks every move on the way."""
    hand = PyHand.from_start(view.rules, rec.start(view))
    bot = TeamBot(0) if view.rules.partnerships else PlayoutBot(0)
    for k, move in enumerate(rec.moves):
        assert move in hand.legal_moves, (k, move, hand)
        if k > 0:
            assert move in bot_choices(bot, hand), (k, move, bot_choices(bot, hand))
        orders = rec.reshuffles.get(k)
        hand.push(move, [cards_text(o) for o in orders] if orders else None)
    assert hand.is_over()
    return hand


CASES = [("classic", {}), ("turkish", {}), ("classic", {"partnerships": True}),
         ("turkish", {"partnerships": True, "partner_goes_free": True}),
         ("classic", {"jokers_per_deck": 1}), ("turkish", {"decks": 2})]


@pytest.mark.parametrize("preset,options", CASES)
def test_py_playouts_replay_in_the_reference_engine(preset, options):
    checked = reshuffled = 0
    for seed in range(6):
        for moves in (0, 5, 17, 40):
            hand = played_py(seed, moves, preset, **options)
            if hand.is_over():
                continue
            view = PY_MODEL.observe(hand, hand.to_act)
            legal = PY_MODEL.prune(view, hand.legal_moves)
            world = PY_MODEL.sampler(view).world(Rng(seed))
            p = Playouts(view, world)
            points, won = p.run(legal, 3, seed)
            for w in range(3):
                j = (seed + w) % len(legal)
                rec = p.record(legal, w, j, seed)
                assert rec.moves[0] == legal[j]
                assert rec.points == points[w, j] and rec.won == won[w, j]
                end = replay_py(view, rec)
                r = end.result()
                mine = r.scores[view.seat]
                if view.rules.partnerships:
                    mate = view.rules.partner(view.seat)
                    assert rec.points == mine + r.scores[mate]
                    assert rec.won == (mine == 0 or r.scores[mate] == 0)
                else:
                    assert rec.points == mine
                    assert rec.won == (mine == 0)
                # the world keeps what the seat sees: its own hand, every hand's size, the stock's size
                assert list(rec.hands[view.seat]) == sorted(view.hand, key=lambda c: c.index)
                assert [len(h) for h in rec.hands] == list(view.sizes)
                assert len(rec.stock) == view.stock_size
                checked += 1
                reshuffled += bool(rec.reshuffles)
    assert checked >= 40
    if preset == "turkish":
        assert reshuffled > 0          # the reshuffle orders were replayed too


def test_py_worlds_follow_the_groups_after_a_reshuffle():
    """After a Turkish reshuffle the stock holds only the reshuffled cards (PY-28T)."""
    found = 0
    for seed in range(30):
        for moves in range(20, 300, 20):
            hand = played_py(seed, moves, "turkish")
            if hand.is_over():
                break
            view = PY_MODEL.observe(hand, hand.to_act)
            if len(view.groups) < 2:
                continue
            world = PY_MODEL.sampler(view).world(Rng(seed))
            p = Playouts(view, world)
            legal = PY_MODEL.prune(view, hand.legal_moves)
            rec = p.record(legal, 0, 0, seed + moves)
            for (g, k), start in zip(view.stock_layout, np.cumsum([0] + [k for _, k in view.stock_layout])):
                assert set(rec.stock[start:start + k]) <= set(view.groups[g].cards)
            found += 1
            if found >= 5:
                return
    assert found > 0


def test_move_codes_round_trip():
    hand = played_py(3, 10, "turkish")
    for move in hand.legal_moves:
        assert code_move(move_code(move)) == move


# ------------------------------------------------------------------------------------------ Sarı Cüce
from cardlib.saricuce import Hand as ScHand            # noqa: E402
from cardlib.saricuce.bots import TipsBot              # noqa: E402
from cardlib.saricuce.expert import MODEL as SC_MODEL  # noqa: E402
from cardlib.saricuce.expert.playout import Playouts as ScPlayouts  # noqa: E402

from .conftest import played_sc  # noqa: E402

SC_CASES = [{}, {"stall_rule": "skip_rank"}, {"payment_unit": "per_card", "doubling": False},
            {"opera_definition": "single_run", "opera_reward": "double_payments"}]


@pytest.mark.parametrize("options", SC_CASES)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_sc_playouts_replay_in_the_reference_engine(options, players):
    checked = 0
    for seed in range(5):
        for moves in (0, 3, 9, 20):
            hand = played_sc(seed, moves, players, **options)
            if hand.is_over():
                continue
            view = SC_MODEL.observe(hand, hand.to_act)
            sampler = SC_MODEL.sampler(view)
            world = sampler.world(Rng(seed))
            p = ScPlayouts(view, world, sampler.placement)
            legal = list(hand.legal_moves)
            chips, won = p.run(legal, 4, seed)
            for w in range(4):
                j = (seed + w) % len(legal)
                rec = p.record(legal, w, j, seed)
                assert rec.moves[0] == legal[j].card
                assert rec.chips - view.start_chips[view.seat] == chips[w, j] and rec.won == won[w, j]
                # the world keeps what the seat sees, and the voids (NJ-14)
                assert set(rec.hands[view.seat]) == set(view.hand)
                assert [len(h) for h in rec.hands] == list(view.sizes) and len(rec.dead) == view.dead_size
                for s, h in enumerate(rec.hands):
                    assert not {int(c.rank) for c in h} & set(view.voids[s]) or s == view.seat
                end = ScHand.from_start(view.rules, rec.start(view))
                bot = TipsBot(0)
                for k, card in enumerate(rec.moves):
                    move = end.parse_move(str(card))
                    assert move in end.legal_moves
                    if k > 0:
                        assert move in bot_choices(bot, end), (k, move)
                    end.push(move)
                assert end.is_over()
                r = end.result()
                assert r.chips[view.seat] == rec.chips and (r.winner == view.seat) == rec.won
                checked += 1
    assert checked >= 40


def test_sc_worlds_follow_the_sampler_law():
    """The compiled chain draws the constrained cards with the reference sampler's law: the share of
    worlds where each seat holds each hidden card agrees (an independent sampler, same stationary law)."""
    hand = played_sc(2, 9, 4)
    view = SC_MODEL.observe(hand, hand.to_act)
    assert any(view.voids[s] for s in range(4) if s != view.seat)
    sampler = SC_MODEL.sampler(view)
    p = ScPlayouts(view, sampler.world(Rng(0)), sampler.placement)
    legal = list(hand.legal_moves)[:1]
    n = 3000
    ref = np.zeros((4, 52))
    for i in range(n):
        w = sampler.world(Rng(i))
        for s in range(4):
            for c in w.hands[s]:
                ref[s, c.index] += 1
    fast = np.zeros((4, 52))
    for i in range(600):
        rec = p.record(legal, 4, 0, i)        # the fifth world of batch i
        for s in range(4):
            for c in rec.hands[s]:
                fast[s, c.index] += 1
    a, b = ref / n, fast / 600
    se = np.sqrt(a * (1 - a) / 600 + 1e-9)
    assert np.all(np.abs(a - b) < 4.5 * se + 1e-9)
