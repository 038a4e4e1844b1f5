"""observation(hand, seat): only the visible facts (NJ-A20, PY-A30), and every fact it claims is true."""

from __future__ import annotations

from collections import Counter

import pytest

from cardlib import parse_cards
from cardlib.expert import observation
from cardlib.pisyedili import expert as xpy
from cardlib.saricuce import expert as xsc
from cardlib.rng import Rng
from cardlib.saricuce import Hand as ScHand


def test_every_position_field_is_public_or_hidden(hands):
    """A new position field must be classified before the expert may use (or leak) it."""
    for h in (hands.played_sc(1, 9), hands.played_py(1, 9), hands.played_py(2, 30, "turkish")):
        model = xsc if h.game == "sari-cuce" else xpy
        assert set(h.position()) <= set(model.PUBLIC_FIELDS) | set(model.HIDDEN_FIELDS)
        assert not set(model.PUBLIC_FIELDS) & set(model.HIDDEN_FIELDS)


def test_the_view_lists_no_hidden_place(hands):
    """The view names the hidden cards only as one pool (per group), never by where they are."""
    for h in (hands.played_sc(4, 15), hands.played_py(4, 15), hands.played_py(5, 60, "turkish")):
        view = observation(h, h.to_act)
        public = dict(view.public)
        for k in ("hands", "stock", "dead"):
            assert k not in public
        for s in range(h.players):
            if s != view.seat:
                assert not set(h.hands[s]) & set(view.hand)


@pytest.mark.parametrize("seed", range(12))
def test_sari_cuce_voids_are_true(hands, seed):
    """NJ-14 / NJ-18: a seat the view says holds no card of a rank really holds none, at every step."""
    rules = hands.sc_rules(4 if seed % 3 else 3, **({"stall_rule": "skip_rank"} if seed % 5 == 0 else {}))
    hand = ScHand.deal(rules, seed=seed)
    from cardlib.saricuce.bots import RandomBot
    bots = [RandomBot(seed + s) for s in range(rules.players)]
    claims = 0
    while not hand.is_over():
        for seat in range(rules.players):
            view = observation(hand, seat)
            for s, ranks in enumerate(view.voids):
                held = {int(c.rank) for c in hand.hands[s]}
                assert not held & ranks, (seat, s, ranks, held)
                claims += len(ranks)
        hand.push(bots[hand.to_act].choose(hand))
    assert claims > 0 or seed % 3 == 0


def test_a_stall_puts_the_missing_rank_in_the_dead_stock():
    """NJ-18: after "sans 8" (seat 0 leads 7C, every 8 is dead) each unseen 8 is dead in every world."""
    from cardlib import make_deck
    from cardlib.saricuce import Rules
    dead = parse_cards("8C 8D 8H 8S")
    rest = [c for c in make_deck() if c not in dead and str(c) != "7C"]
    hands = [parse_cards("7C") + rest[:11]] + [rest[11 + 12 * k:23 + 12 * k] for k in range(3)]
    start = {"dealer": 3, "hands": [" ".join(map(str, h)) for h in hands], "dead": "8C 8D 8H 8S",
             "chips": [100] * 4, "board": {"10D": 0, "JC": 0, "QS": 0, "KH": 0, "7D": 0}}
    hand = ScHand.from_start(Rules(players=4), start)
    hand.push("7C")
    assert any(e.kind == "stall" for e in hand.events)
    view = observation(hand, 1)
    assert all(8 in v for s, v in enumerate(view.voids) if s != 1)
    sampler = xsc.MODEL.sampler(view)
    rng = Rng(2)
    for _ in range(20):
        w = sampler.world(rng)
        assert sorted(w.dead) == sorted(dead)


@pytest.mark.parametrize("seed", range(1, 9))
def test_pis_yedili_groups_agree_with_the_hand(hands, seed):
    """PY-28T: after reshuffles the view still knows how many cards of each group every hand and the
    stock hold, and the real hand is one of its worlds."""
    preset = "turkish" if seed % 3 else "classic"
    hand = hands.played_py(seed, 0, preset, random=True)
    from cardlib.pisyedili.bots import RandomBot
    bots = [RandomBot(seed + s) for s in range(4)]
    reshuffles = 0
    while not hand.is_over() and len(hand.move_stack) < 400:
        seat = hand.to_act
        view = observation(hand, seat)
        assert view.tracked
        assert sum(g.stock for g in view.groups) == len(hand.stock)
        stock_top_first = list(reversed(hand.stock))
        for g in view.groups:
            members = Counter(g.cards)
            for s in range(4):
                if s != seat:
                    assert sum(1 for c in hand.hands[s] if members[c]) == g.counts[s]
            assert sum(1 for c in hand.stock if members[c]) == g.stock
        # the stock's runs, from the top, are runs of the right groups
        k = 0
        for gi, count in view.stock_layout:
            assert set(stock_top_first[k:k + count]) <= set(view.groups[gi].cards)
            k += count
        hand.push(bots[seat].choose(hand))
        reshuffles += sum(e.kind == "reshuffle" for e in hand.events[-4:])
    if preset == "turkish" and seed == 1:
        assert reshuffles > 0


def test_worlds_keep_what_the_seat_sees(hands):
    # Turkish seed 10: still going at move 80 with the SplitMix64 deal (seed 8 ends at move 60)
    for h in (hands.played_sc(7, 14), hands.played_py(7, 14), hands.played_py(10, 80, "turkish")):
        seat = h.to_act
        view = observation(h, seat)
        model = xsc.MODEL if h.game == "sari-cuce" else xpy.MODEL
        sampler = model.sampler(view)
        rng = Rng(1)
        real = h.position()
        for _ in range(10):
            w = sampler.world(rng)
            pos = w.position()
            for k, v in view.public:
                assert pos[k] == v, k
            assert w.hands[seat] == h.hands[seat]
            assert [len(x) for x in w.hands] == [len(x) for x in h.hands]
            assert list(w.legal_moves) == list(h.legal_moves)
            assert sorted(pos["hands"][seat].split()) == sorted(real["hands"][seat].split())
