"""The public surface: moves, events (kinds and sentences), bots, the package exports and the contract of
docs/engine-api.md."""

import random

import pytest
from saricuce_support import deal_with, position

import cardlib.saricuce as sc
from cardlib import Card
from cardlib.saricuce import STOP, Game, Hand, Move, Rules, bots, events

R4 = Rules(players=4)


def test_exports():
    assert sc.GAME.name == "sari-cuce" == Hand.game and sc.GAME.hand is Hand
    for name in ("Rules", "Move", "Hand", "Result", "Game", "events", "bots"):
        assert hasattr(sc, name)


def test_move_value_type():
    m = Move.parse("7♦")
    assert str(m) == "7D" and repr(m) == "Move.parse('7D')" and eval(repr(m)) is m
    assert m is Move.play("7d") is Move(Card.parse("7D")) and m.card == Card.parse("7D")
    assert str(STOP) == "stop" and STOP.is_stop and Move.parse("Stop") is STOP and Move() is STOP
    assert len({Move.parse(t) for t in ("7D", "7d", "7♦", "stop", "STOP")}) == 2
    with pytest.raises(AttributeError):
        m.card = None


def test_legal_moves_view_and_repr():
    h = Hand.deal(R4, seed=7)
    lm = h.legal_moves
    assert len(lm) == 12 and lm.count() == 12 and bool(lm)
    first = list(lm)[0]
    assert first in lm and str(first) in lm and "zz" not in lm
    assert repr(lm).startswith("<LegalMoves at move 1, seat 0 to act (")
    assert "seat 0 to act" in repr(h)
    h.push(first)
    assert h.peek() == first and h.move_stack == [first]


ALL_KINDS = {"deal", "stakes", "play", "capture", "king_restart", "stall", "skip_rank", "stop", "hand_end", "opera",
             "payment", "doubling", "game_end"}


def test_event_kinds_and_sentences():
    samples = [
        events.Deal(dealer=3, cards_each=12, dead=4),
        events.Stakes(players=4, stakes=(1, 2, 3, 4, 5), board=(4, 8, 12, 16, 20)),
        events.Play(seat=1, card=Card.parse("5C"), lead=True, run_position=1),
        events.Play(seat=2, card=Card.parse("6H"), lead=False, run_position=2),
        events.Capture(seat=1, box=Card.parse("10D"), chips=4),
        events.KingRestart(seat=0),
        events.Stall(seat=0, ranks=(8,)),
        events.Stall(seat=0, ranks=(12, 13)),
        events.Stall(seat=0, ranks=(8,), declined=True),
        events.SkipRank(seat=0, ranks=(8, 9), needed=10),
        events.Stop(seat=2, rank=8),
        events.HandEnd(winner=1, card=Card.parse("2C")),
        events.Opera(seat=1, reward="sweep_board", swept=(4, 0, 0, 16, 20)),
        events.Opera(seat=1, reward="double_payments", swept=(0, 0, 0, 0, 0)),
        events.Payment(payer=3, payee=1, amount=12, due=12),
        events.Payment(payer=3, payee=1, amount=5, due=12),
        events.Doubling(seat=3, box=Card.parse("7D"), amount=20, due=20),
        events.Doubling(seat=3, box=Card.parse("7D"), amount=2, due=20),
        events.GameEnd(winners=(1,), chips=(90, 150, 80, 80), reason="hands_limit", hands_played=5),
        events.GameEnd(winners=(0, 2), chips=(120, 10, 120, 150 - 150), reason="bankruptcy", hands_played=3),
    ]
    assert {e.kind for e in samples} == ALL_KINDS
    names = ["Ada", "Bora", "Cem", "Deniz"]
    for e in samples:
        text = e.describe(names)
        assert isinstance(text, str) and text[0].isupper() and text.endswith(".")
        assert "seat" not in text                      # names are used
        assert e.describe() and str(e) == e.describe()
    assert samples[15].short == 7 and "written off" in samples[15].describe(names)
    assert "share the win" in samples[-1].describe(names)
    assert "Bora and Deniz cannot stake" in samples[-1].describe(names)
    with pytest.raises(Exception):
        samples[0].dealer = 1                          # frozen


def test_events_of_a_hand_are_typed_and_rebuilt_after_pop():
    h = Hand.deal(R4, seed=3)
    b = bots.RandomBot(1)
    while not h.is_over():
        h.push(b.choose(h))
    evs = h.events
    assert all(isinstance(e, events.Event) for e in evs)
    assert evs[0].kind == "deal" and evs[1].kind == "stakes"
    assert sum(1 for e in evs if e.kind == "play") == len(h.move_stack)
    h.pop()
    assert h.events == evs[:len(h.events)] and h.events[-1].kind != "hand_end"


def test_random_bot_is_seeded_and_never_uses_global_random(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("global random used")
    for name in ("random", "randint", "choice", "shuffle", "randrange"):
        monkeypatch.setattr(random, name, boom)
    runs = []
    for _ in range(2):
        game = Game(Rules(players=4, hands_limit=2), seed=9)
        game.play([bots.RandomBot(s) for s in range(3)] + [bots.TipsBot(5)])
        runs.append([h.record_moves() for h in game.hands])
    assert runs[0] == runs[1]


def test_tips_bot_prefers_box_cards_when_following():
    # seat 1 must play a 7 and holds 7H and 7D: the tips bot takes the 7D box
    for seed in range(5):
        h = position(R4, ["6C 2C", "7H 7D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
        h.push("6C")
        assert str(bots.TipsBot(seed).choose(h)) == "7D"


def test_tips_bot_starts_the_ladder_at_the_bottom():
    # seat 0 holds 4C 5D 6H 7S (a ladder of 4), 2S and 9C: lead 4C, the bottom of the longest ladder
    h = position(R4, ["9C 6H 4C 7S 5D 2S", "8D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    assert str(bots.TipsBot(0).choose(h)) == "4C"
    h = position(R4, ["9C 6H 4C 7S 5D", "8D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    assert str(bots.TipsBot(0).choose(h)) == "4C"


def test_tips_bot_leads_a_box_card_ladder():
    # 10D-JD (ladder of 2 with a box card: 2 + 2 + 1 = 5) beats 2C-3C-4C (3)
    h = position(R4, ["10D JD 2C 3C 4C", "8D 3D", "9S JS", "8H 2H"], to_act=0, last=0, last_card="KC")
    assert str(bots.TipsBot(0).choose(h)) == "10D"


def test_tips_bot_never_stops():
    rules = Rules(players=4, allow_voluntary_stop=True)
    h = position(rules, ["5C 6C 9S", "6D 2S", "3S 4S", "6H 2H"], to_act=0, last=0, last_card="KC")
    h.push("5C")
    assert str(bots.TipsBot(0).choose(h)) == "6C"


def test_tips_bot_beats_random_bot_on_average():
    # not a rule, a sanity check that the tips help: TipsBot in seat 0 against three RandomBots
    total = 0
    for seed in range(200):
        h = Hand.deal(R4, seed=seed, dealer=seed % 4)
        seat_bots = [bots.TipsBot(seed)] + [bots.RandomBot(seed * 10 + s) for s in range(3)]
        while not h.is_over():
            h.push(seat_bots[h.to_act].choose(h))
        total += h.result().chips[0] - 85
    assert total > 0


def test_deal_helper_keeps_dealt_order():
    h = deal_with(R4, {0: "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"})
    assert [str(c) for c in h.hands[0]][:3] == ["KS", "QS", "JS"]
    assert Hand.from_start(R4, {"seed": 4}).start() == Hand.deal(R4, seed=4).start()
    assert Hand.from_start(R4, {"dealer": 1}, seed=4).start() == Hand.deal(R4, seed=4, dealer=1).start()
