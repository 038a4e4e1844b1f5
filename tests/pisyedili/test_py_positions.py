"""Positions as people write them: any position that can be played on is taken, ``status()`` says what
could not happen in a real hand, ``strict=True`` refuses those; and every position the engine itself
reaches is a valid start that plays on exactly like the hand it came from."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pisyedili_support import moves, position, rules, split_deck

from cardlib import InvalidPositionError, cards_text, make_deck
from cardlib.pisyedili import Hand, Rules, complete_position
from cardlib.pisyedili.hand import SAFETY_VALVE_TURNS
from cardlib.rng import Rng


def _start(r, **fields):
    return complete_position(r, {"hands": ["2H 9C", "3D 4D", "4S 5D"], "stock": "KC QC", "discard": "9H",
                                 "to_act": 0, **fields})


@pytest.mark.parametrize("preset, options, fields, warning", [
    ("turkish", {}, dict(tek=[0]), "tek lists seat 0, which holds 2 cards"),
    ("classic", {}, dict(tek=[1]), "tek lists seat 1, but the tek option is off"),
    ("classic", {}, dict(drawn=5), "drawn 5 but seat 0 holds 2 cards"),
    ("classic", {}, dict(discard="7H", pending=5), "pending 5: the deck has only 4 sevens"),
    ("turkish", {}, dict(idle=3), "idle 3: after 3 turns in a row without a card played the hand is over"),
    # issue 28: S14 a field these rules never read, S15 a count that cannot happen
    ("classic", {}, dict(idle=1), "idle 1 under stock_exhaustion lowest_hand_wins"),
    ("classic", {}, dict(discard="AH", phase="ace", drawn=53), "drawn 53: more cards than the deck holds (52)"),
    ("classic", {"decks": 2}, dict(discard="AH", phase="ace", drawn=105), "drawn 105: more cards than the deck"),
    ("turkish", {"tek": False}, dict(hands=["2H 9C 8C", "3D 4D", "4S 5D"], drawn=2), "drawn 2 under draw_policy single"),
    ("classic", {}, dict(turns=SAFETY_VALVE_TURNS), f"turns {SAFETY_VALVE_TURNS}: the hand would have been stopped"),
    ("classic", {}, dict(discard="5C", phase="opening", opening_left=[0], direction=-1),
     "direction -1 in the opening"),
    ("classic", {}, dict(discard="5C", phase="opening", opening_left=[0]),
     "with opening first_player only the opener owes a club"),
    ("turkish", {}, dict(discard="5C", phase="opening", opening_left=[0, 1, 2]), "opening cards are clubs"),
])
def test_odd_positions_are_played_with_warnings_and_refused_when_strict(preset, options, fields, warning):
    r = rules(preset, **options)
    start = _start(r, **fields)
    h = Hand.from_start(r, start)
    assert any(warning in w for w in h.status()), h.status()
    assert not h.is_valid()
    h.push(list(h.legal_moves)[0])                       # it can be played on
    with pytest.raises(InvalidPositionError, match="could not arise in a real hand.*" + warning.split(":")[0]):
        Hand.from_start(r, start, strict=True)


def test_a_deal_that_is_not_seven_cards_each_is_a_warning():
    r = rules()
    deck = make_deck()
    start = {"hands": [cards_text(deck[:6]), cards_text(deck[6:14]), cards_text(deck[14:21])],
             "stock": cards_text(deck[21:])}
    h = Hand.from_start(r, start)
    assert h.status() == ["hand of seat 0: 6 cards; a deal gives 7 cards to each player (PY-05)",
                          "hand of seat 1: 8 cards; a deal gives 7 cards to each player (PY-05)"]
    assert moves(h)
    with pytest.raises(InvalidPositionError, match="6 cards"):
        Hand.from_start(r, start, strict=True)


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_dealt_hands_and_plain_positions_have_no_warnings(preset):
    r = rules(preset)
    h = Hand.deal(r, seed=3)
    assert h.status() == [] and h.is_valid()
    assert Hand.from_start(r, h.start(), strict=True).position() == h.position()
    assert Hand.from_start(r, {"seed": 3}, strict=True).position() == h.position()
    assert Hand.from_start(r, _start(r), strict=True).status() == []


def test_a_draw_then_aces_under_the_classic_follow_rule_is_a_valid_start():
    # after drawing and then following Aces, drawn exceeds the cards in hand: that happens in real play
    r = rules("classic")
    h = position(r, ["AH AS 9C", "3D 4D", "4S 5D"], "5H", "AD AC KC QC")
    h.push("draw")
    h.push("draw")
    h.push("draw")                                       # AD AC KC: six cards
    for card in ("AH", "AS", "AD", "AC"):
        h.push(card)
    assert h.phase == "ace" and h.drawn == 3 and len(h.hands[0]) == 2
    again = Hand.from_start(r, h.position(), strict=True)
    assert again.status() == [] and moves(again) == moves(h) == ["9C", "KC", "end"]


def test_turns_and_idle_are_part_of_a_position():
    r = rules("turkish", tek=False)
    rest = split_deck(r, "2C 3C KD QD 9S 4S 5H")
    h = Hand.from_start(r, {"hands": ["2C 3C", "KD QD", "9S 4S"], "stock": cards_text(rest), "discard": "5H",
                            "to_act": 0})
    h.push("draw")
    h.push("pass")                                        # one turn without a card played
    p = h.position()
    assert p["turns"] == 1 and p["idle"] == 1
    again = Hand.from_start(r, p)
    assert again.turns == 1 and again.idle == 1
    assert "idle" not in position(rules("classic"), ["2C 3C", "KD QD", "9S"], "5H", "4H 6D").position()


# -- every position the engine reaches is a valid start that plays on identically ----------------------

OPTION_SETS = [
    {}, {"tek": True, "ace_cannot_finish": True}, {"play_after_penalty_draw": True, "tek": True},
    {"aces_all_at_once": True, "draw_policy": "single"}, {"jokers_per_deck": 2, "jack_must_change_suit": True},
    {"decks": 2, "opening": "first_round"}, {"stock_exhaustion": "reshuffle", "end_penalty_draws": True},
]


@st.composite
def games(draw):
    preset = draw(st.sampled_from(["classic", "turkish"]))
    options = draw(st.sampled_from(OPTION_SETS))
    players = draw(st.integers(2, 5))
    return Rules.preset_rules(preset, players, **options), draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


def _entries(hand):
    """The hand's moves, each with the reshuffle orders that came with it."""
    out = []
    for e in hand.record_moves():
        if e.startswith("reshuffle"):
            out[-1][1].append(e)
        else:
            out.append((e, []))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_PY_every_reached_position_is_a_valid_start_that_plays_on_identically(game):
    rules_, seed, bot_seed = game
    hand = Hand.deal(rules_, seed=seed)
    rng = Rng(bot_seed)
    positions, legal_lists = [], []
    while not hand.is_over() and len(hand.move_stack) < 600:
        legal = list(hand.legal_moves)
        positions.append(hand.position())
        legal_lists.append([str(m) for m in legal])
        hand.push(legal[rng.below(len(legal))])
    entries = _entries(hand)
    for k in sorted({rng.below(len(positions)) for _ in range(4)} | {len(positions) - 1}):
        again = Hand.from_start(rules_, positions[k], strict=True)
        assert again.status() == [] and again.position() == positions[k]
        for i, (move, orders) in enumerate(entries[k:], k):
            assert [str(m) for m in again.legal_moves] == legal_lists[i], f"from move {k}, at move {i}"
            again.push(move, orders or None)
        assert again.position() == hand.position() and again.result() == hand.result()
