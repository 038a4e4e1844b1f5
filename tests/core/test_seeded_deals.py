"""The same seed gives the same deal everywhere: each engine's Hand.deal is Rng(seed).shuffle of the
canonical deck, dealt one card at a time from the dealer's left (NJ-11, PY-05)."""

import pytest

from cardlib import cards_text, make_deck, pisyedili, saricuce, shuffled

SEEDS = [0, 1, 7, 2**31 - 1, 2**32 + 5, 2**62 + 3]


def deal_by_hand(deck, seed, players, each, dealer):
    cards = shuffled(deck, seed)
    hands = [[] for _ in range(players)]
    for i in range(each * players):
        hands[(dealer + 1 + i) % players].append(cards[i])
    return [cards_text(h) for h in hands], cards_text(cards[each * players:])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players, each", [(3, 15), (4, 12), (8, 6)])
def test_sari_cuce_deal(seed, players, each):
    hand = saricuce.Hand.deal(saricuce.Rules(players=players), seed=seed, dealer=1)
    hands, rest = deal_by_hand(make_deck(), seed, players, each, 1)
    start = hand.start()
    assert [cards_text(saricuce.Hand.from_start(hand.rules, start).hand_of(s)) for s in range(players)] == hands
    dead = start["dead"]
    assert (dead if isinstance(dead, str) else " ".join(dead)) == rest


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("options, decks, jokers", [({"players": 4}, 1, 0),
                                                     ({"players": 5, "decks": 2, "jokers_per_deck": 2}, 2, 2)])
def test_pis_yedili_deal(seed, options, decks, jokers):
    rules = pisyedili.Rules.from_dict(options)
    hand = pisyedili.Hand.deal(rules, seed=seed, dealer=2)
    hands, rest = deal_by_hand(make_deck(decks, jokers), seed, options["players"], 7, 2)
    start = hand.start()
    assert [h if isinstance(h, str) else " ".join(h) for h in start["hands"]] == hands
    stock = start["stock"]
    assert (stock if isinstance(stock, str) else " ".join(stock)) == rest
