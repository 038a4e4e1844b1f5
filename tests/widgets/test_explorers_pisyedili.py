"""The Pis Yedili explorers: every control, every rule group, the numbers of the sentences checked against
sums done by hand, and pictures that are the same on every build."""

import pytest

from cardlib.cards import Card
from cardlib.widgets.explorers import AceTurn, HandScore, SayTek, SevenChain, WhatMayIPlay, WhoPlaysNext
from cardlib.pisyedili.explorers import NAMES
from cardlib.display.svg import svg_to_png
from cardlib.widgets.static import PICTURE_COLOURS, embedded_pngs, visible_text

EXPLORERS = [WhatMayIPlay, SevenChain, WhoPlaysNext, AceTurn, SayTek, HandScore]


def cards(moves):
    return {str(m.card) for m in moves if m.card is not None}


def words(moves):
    return [str(m) for m in moves if m.card is None]


# -- shared ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("make", EXPLORERS, ids=lambda c: c.__name__)
def test_an_explorer_is_the_same_on_every_build_and_stores_a_static_view(make):
    a, b = make(), make()
    assert a.picture == b.picture and a.sentence == b.sentence and a.sentence
    assert a.picture._repr_png_() == b.picture._repr_png_()
    data = a._repr_mimebundle_()
    assert data["text/html"] == b._repr_mimebundle_()["text/html"]
    assert svg_to_png(a.picture, colours=PICTURE_COLOURS) in embedded_pngs(data["text/html"])
    assert a.sentence in visible_text(data["text/html"]) and a.title in visible_text(data["text/html"])
    assert data["text/plain"].startswith(a.title) and a.sentence in data["text/plain"]
    assert a.sentence in a.sentence_box.value.replace("&quot;", '"') or "&#x27;" in a.sentence_box.value


#: explorer -> (a situation where the control matters, the control, a new value)
CONTROL_CHANGES = {
    WhatMayIPlay: [({}, "hand", "3D 4S"), ({}, "top", "7S"), (dict(top="JS"), "named", "H"),
                   (dict(top="7S"), "pending", 2), ({}, "phase", "opening"), (dict(preset="turkish"), "drew", True),
                   (dict(drew=True), "preset", "turkish")],
    SevenChain: [({}, "sevens", 3), (dict(sevens=3), "penalty", "doubling3"), ({}, "holds_seven", False)],
    WhoPlaysNext: [({}, "players", 5), ({}, "card", "10"), ({}, "seat", 2), ({}, "direction", "anticlockwise"),
                   (dict(players=2, card="10"), "reverse_as_skip", True)],
    AceTurn: [({}, "rule", "all_draw"), (dict(rule="all_draw"), "aces_all_at_once", True),
              (dict(cards=""), "ace_cannot_finish", True), ({}, "cards", "5H"), (dict(cards="5H"), "tek", "says"),
              (dict(rule="all_draw", ace_cannot_finish=True, cards="", tek="says"), "stock", "5H 2C 3C")],
    SayTek: [({}, "said", False), ({}, "between", "ace")],
    HandScore: [({}, "last", "JH"), ({}, "bora", "7D 2D"), ({}, "cem", "AS 4S"), ({}, "multipliers", False),
                (dict(bora="7D 2D"), "penalty_draws", True),
                (dict(penalty_draws=True, bora="7D 2D", cem="AS 4S"), "direction", "anticlockwise")],
}


@pytest.mark.parametrize("make", EXPLORERS, ids=lambda c: c.__name__)
def test_every_control_changes_what_is_shown(make):
    changes = CONTROL_CHANGES[make]
    assert {name for _, name, _ in changes} == set(make().controls)
    for context, name, value in changes:
        e = make()
        e.set(**context)
        before = (e.picture, e.sentence)
        e.controls[name].value = value          # as a click in the browser would
        assert (e.picture, e.sentence) != before, name


# -- what may I play ---------------------------------------------------------------------------------

def test_what_may_i_play_matches_suit_or_rank_or_a_jack():
    e = WhatMayIPlay()
    assert cards(e.legal) == {"JC", "2H", "7H", "9S"} and words(e.legal) == ["draw"]
    assert set(e.reasons) == {"KD"} and e.reasons["KD"].startswith("top card is 9H")
    assert "(PY-12)" in e.sentence and "No pass" in e.sentence and "(PY-18)" in e.sentence
    assert "because top card is 9♥ and" in e.sentence and "9H" not in e.sentence     # words, not codes
    e.set(hand="3D 4S")
    assert cards(e.legal) == set() and set(e.reasons) == {"3D", "4S"}


def test_what_may_i_play_after_a_jack_a_joker_and_the_opening_jack():
    e = WhatMayIPlay(hand="7H 2H JC KD", top="JS", named="H")
    assert cards(e.legal) == {"7H", "2H"} and "no J on a J" in e.reasons["JC"]
    assert "names hearts" in e.sentence and "(PY-14)" in e.sentence
    e.set(hand="9S KD 2H 3C", top="JC", named="")
    assert cards(e.legal) == {"3C"} and "(PY-15b)" in e.sentence and "still a Jack" in e.sentence
    e.set(hand="7H 9S JC", top="X", named="S")
    assert cards(e.legal) == {"9S", "JC"} and "(PY-J2)" in e.sentence


def test_what_may_i_play_against_sevens():
    e = WhatMayIPlay(hand="7H 9S JD", top="7S", pending=2)
    assert cards(e.legal) == {"7H"} and words(e.legal) == ["draw"]
    assert "draw 6 cards" in e.sentence and "(PY-20)" in e.sentence
    assert "passing is not allowed" in e.sentence


def test_what_may_i_play_in_the_opening():
    e = WhatMayIPlay(phase="opening", top="")
    assert cards(e.legal) == {"JC"} and words(e.legal) == ["draw"]
    assert all("club" in why for why in e.reasons.values())
    assert "may also draw instead" in e.sentence and "no passing in the opening" in e.sentence
    e.set(hand="9S KD 2H")
    assert words(e.legal) == ["draw"] and cards(e.legal) == set()
    e.set(preset="turkish", top="5C", hand="3C JC 9S")
    assert cards(e.legal) == {"3C", "JC"}


def test_what_may_i_play_after_an_ace_classic_and_turkish():
    e = WhatMayIPlay(hand="7H AS JD 3C", top="AH", phase="ace")
    assert cards(e.legal) == {"7H", "AS", "JD"} and words(e.legal) == ["end"] and "(PY-24)" in e.sentence
    e.set(preset="turkish")
    assert cards(e.legal) == {"AS"} and "play your Aces first" in e.reasons["7H"] and "(PY-T3)" in e.sentence


def test_what_may_i_play_after_drawing():
    e = WhatMayIPlay(hand="3C KD", top="9H", drew=True)
    assert words(e.legal) == ["draw", "pass"]
    e.set(preset="turkish")
    assert words(e.legal) == ["pass"]


def test_what_may_i_play_says_what_it_cannot_read():
    e = WhatMayIPlay(hand="7H 9Z")
    assert e.picture is None and e.sentence.startswith("Your hand cannot be read")
    e.set(hand="7H", named="S")
    assert e.picture is None and e.sentence.startswith("This position cannot happen") and "J or joker" in e.sentence
    e.set(named="", phase="play", top="")
    assert "always a card on top" in e.sentence


# -- sevens --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("penalty, owed", [("linear3", [3, 6, 9, 12]), ("doubling3", [3, 6, 12, 24])])
def test_the_seven_chain_owes_what_the_rule_says(penalty, owed):
    for c in range(1, 5):
        e = SevenChain(sevens=c, penalty=penalty, holds_seven=False)
        assert e.owed == owed[c - 1] and f"draw {owed[c - 1]} cards" in e.sentence
        assert e.hand.pending == c and words(e.hand.legal_moves) == ["draw"]
        drawn = e.hand.copy()
        before = len(drawn.hands[1])
        drawn.push("draw")                      # the engine takes exactly what the sentence says
        assert len(drawn.hands[1]) - before == owed[c - 1] and drawn.pending == 0


def test_the_seven_chain_passes_on_with_a_seven():
    e = SevenChain(sevens=2, holds_seven=True)
    assert cards(e.hand.legal_moves) == {"7D"}
    assert "Cem would face 3 sevens, 9 cards" in e.sentence and "under doubling3 it would be 6" in e.sentence
    e.set(penalty="doubling3", sevens=3)
    assert "draw 12 cards (3 × 2²" in e.sentence and "4 sevens, 24 cards" in e.sentence
    e.set(sevens=4)
    assert "nobody can answer" in e.sentence and cards(e.hand.legal_moves) == set()


# -- 8 and 10 ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, card, seat, direction, option, nxt, after", [
    (4, "8", 0, "clockwise", False, 2, 1),
    (4, "8", 3, "clockwise", False, 1, 1),
    (5, "8", 1, "anticlockwise", False, 4, -1),
    (2, "8", 0, "clockwise", False, 0, 1),
    (4, "10", 0, "clockwise", False, 3, -1),
    (6, "10", 4, "anticlockwise", False, 5, 1),
    (7, "10", 6, "clockwise", False, 5, -1),
    (2, "10", 0, "clockwise", False, 1, -1),
    (2, "10", 1, "clockwise", True, 1, -1),
    (3, "9", 2, "clockwise", False, 0, 1),
    (3, "9", 0, "anticlockwise", False, 2, -1),
])
def test_who_plays_next(players, card, seat, direction, option, nxt, after):
    e = WhoPlaysNext(players=players, card=card, seat=seat, direction=direction, reverse_as_skip=option)
    assert (e.next_seat, e.direction) == (nxt, after)
    assert NAMES[nxt] in e.sentence and f'data-seat="{players - 1}"' in e.picture
    rule = {"8": "(PY-22)", "10": "(PY-F6)" if option and players == 2 else "(PY-23)", "9": "(PY-25)"}[card]
    assert rule in e.sentence
    if card == "8":
        d = 1 if direction == "clockwise" else -1
        assert e.skipped == [(seat + d) % players]
    else:
        assert e.skipped == []


def test_the_seat_slider_follows_the_number_of_players():
    e = WhoPlaysNext(players=7, seat=6)
    e.controls["players"].value = 3
    assert e.controls["seat"].max == 2 and e.values["seat"] == 2 and "Cem plays" in e.sentence
    e.set(players=2, seat=1)
    assert e.next_seat == 1 and "Bora plays again" in e.sentence.replace("Bora, so Bora", "Bora plays again")


# -- the Ace -------------------------------------------------------------------------------------------

TURKISH = dict(rule="all_draw", aces_all_at_once=True, ace_cannot_finish=True)


@pytest.mark.parametrize("settings, kind, legal, rule", [
    (dict(rule="follow"), "follow", ["5H", "AS", "end"], "(PY-24)"),
    (dict(TURKISH), "extra", ["AS"], "(PY-T3)"),
    (dict(TURKISH, aces_all_at_once=False), "extra", ["5H", "AS"], "(PY-24U)"),
    (dict(TURKISH, cards="3D", tek="says", stock="6S 2C 3C"), "ace_drawn", ["pass"], "(PY-F7)"),
    (dict(TURKISH, cards="3D", tek="says", stock="6S 2C 5H"), "ace_drawn", ["5H", "5H!"], "(PY-F7)"),
    (dict(TURKISH, cards="5H", tek="says"), "extra", ["5H"], "(PY-24U)"),
    (dict(TURKISH, cards="3D", tek="forgets", stock="6S 2C 3C 4C"), "tek", ["pass"], "(PY-T1b)"),
    (dict(TURKISH, cards="5H", tek="forgets", stock="6S 2C 3C 4C"), "tek", ["5H", "5H!", "pass"], "(PY-F7)"),
    (dict(TURKISH, cards="", tek="says", stock="6S 2C 3C"), "t5", ["pass"], "(PY-T5)"),
    (dict(TURKISH, cards="", tek="says", stock="6S 2C 5H"), "t5", ["5H", "pass"], "(PY-T5)"),
    (dict(TURKISH, cards="", tek="forgets", stock="AS 2C 3C 4C"), "tek", ["AS", "AS!", "pass"], "(PY-F15)"),
    (dict(rule="follow", cards="", tek="forgets"), "tek", ["end"], "(PY-F15)"),
    (dict(rule="follow", aces_all_at_once=True, cards="AS"), "follow", ["AS", "end"], "(PY-F16)"),
    (dict(TURKISH, ace_cannot_finish=False, cards="", tek="says"), "over", [], "(PY-26)"),
    (dict(rule="follow", ace_cannot_finish=True, cards="", stock=""), "over", [], "(PY-F9)"),
])
def test_the_ace_cases(settings, kind, legal, rule):
    e = AceTurn(**settings)
    assert e.kind == kind and [str(m) for m in e.hand.legal_moves] == legal
    assert rule in e.sentence and e.sentence.startswith(("Ada plays A♥", "Ada did not say"))


def test_the_turkish_ace_makes_everyone_else_draw_and_a_last_ace_has_no_effect():
    e = AceTurn(**TURKISH, stock="6S 2C 3C 4C")
    assert [len(h) for h in e.hand.hands] == [3, 3, 3]         # Bora and Cem drew 6♠ and 2♣
    assert Card.parse("6S") in e.hand.hands[1] and Card.parse("2C") in e.hand.hands[2]
    e.set(ace_cannot_finish=False, cards="", tek="says")
    assert e.hand.result().winner == 0 and e.hand.result().multiplier == 1
    assert [len(h) for h in e.hand.hands] == [0, 2, 2]         # nobody drew for the last Ace (PY-26)
    e.set(cards="9Z")
    assert e.picture is None and "cannot be set up" in e.sentence


def test_the_turkish_ace_stores_a_still_per_row_of_notebook_23s_table():
    """Opened on the Turkish Ace, the static form shows every other case of the table (the row it opens on is
    its own picture), each with its settings, picture and sentence; the classic Ace shows none."""
    e = AceTurn(**TURKISH, stock="AS 2C 3C 4C", cards="", tek="forgets")
    before = (e.values, e.sentence)
    html = e._repr_mimebundle_()["text/html"]
    assert (e.values, e.sentence) == before and len(embedded_pngs(html)) == 1 + 7
    words = visible_text(html)
    for part in ("her other cards: AS 5H 3D; tek: tek is off", "all her Aces go down first (PY-T3)",
                 "the 3♣ does not fit, so she passes (PY-F7)", "Her last card was an Ace, which cannot finish (PY-T5)",
                 "ace_cannot_finish: no", "going out on an Ace is allowed here (PY-27)",
                 "her other cards: 5H; tek: tek on: she forgets it"):
        assert part in words, part
    still = AceTurn(**TURKISH, cards="5H 3D", tek="off", stock="6S 2C 3C 4C")
    assert len(still.still_settings()) == 6                  # its own row is not drawn twice
    assert AceTurn(rule="follow").still_settings() == ()


def test_what_may_i_play_stores_the_settings_its_notebook_suggests():
    html = WhatMayIPlay()._repr_mimebundle_()["text/html"]
    words = visible_text(html)
    assert len(embedded_pngs(html)) == 1 + 4
    for part in ("top card: none (empty pile); phase: the opening", "play a club that is not a Jack (PY-15b)",
                 "The J♠ on top names hearts", "2 sevens pending: only a 7 answers"):
        assert part in words, part


# -- tek ---------------------------------------------------------------------------------------------

def test_tek_said_lets_her_go_out_forgotten_does_not():
    e = SayTek()
    assert e.can_go_out and [str(m) for m in e.hand.legal_moves] == ["3H", "draw"]
    e.set(said=False)
    assert not e.can_go_out and "(PY-T1b)" in e.sentence and "(PY-F11)" in e.sentence
    assert [str(m) for m in e.hand.legal_moves] == ["3H", "3H!", "pass"] and len(e.hand.hands[0]) == 2


@pytest.mark.parametrize("said", [True, False])
def test_tek_lapses_when_an_ace_gives_her_a_card(said):
    e = SayTek(said=said, between="ace")
    assert len(e.hand.hands[0]) == 2 and 0 not in e.hand.tek and "(PY-A18)" in e.sentence
    assert "draw" in [str(m) for m in e.hand.legal_moves]


def test_tek_against_a_seven():
    e = SayTek(said=True, between="seven")
    assert [str(m) for m in e.hand.legal_moves] == ["draw"] and "draws 3 cards (PY-20)" in e.sentence
    e.set(said=False)
    assert [str(m) for m in e.hand.legal_moves] == ["7S", "7S!", "draw"] and "(PY-F10)" in e.sentence


# -- the score ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("last, multipliers, mult, scores", [
    ("7H", True, 3, (0, 14 * 3, 30 * 3)),        # K♦ 4♦ = 10 + 4; J♠ 5♦ = 25 + 5
    ("JH", True, 2, (0, 28, 60)),
    ("X", True, 10, (0, 140, 300)),
    ("AH", True, 1, (0, 14, 30)),
    ("10H", True, 1, (0, 14, 30)),
    ("7H", False, 1, (0, 14, 30)),
])
def test_the_score_of_a_hand(last, multipliers, mult, scores):
    e = HandScore(last=last, multipliers=multipliers)
    assert e.multiplier == mult and e.scores == scores
    assert f"Bora holds K♦ 4♦: 10 + 4 = 14{f', × {mult} = {scores[1]}' if mult != 1 else ''} points" in e.sentence
    assert f"Cem holds J♠ 5♦: 25 + 5 = 30" in e.sentence and "(PY-30)" in e.sentence
    assert (last in ("JH", "X")) == ("(PY-F12)" in e.sentence)
    assert f"scores {scores[2]}" in e.picture


def test_end_penalty_draws_go_round_in_the_direction_of_play():
    # 7♦ 2♦ owes 3 cards, A♠ 4♠ owes 1; every 7 drawn owes 3 more (PY-T2); the stock holds 6 cards
    e = HandScore(last="9S", bora="7D 2D", cem="AS 4S", penalty_draws=True, stock="KC 7C 2C 3C QC 4C")
    # clockwise: Bora first takes K♣ 7♣ 2♣, then 3♣ Q♣ 4♣ for the 7♣; nothing is left for Cem
    assert e.scores == (0, 20 + 2 + 10 + 20 + 2 + 3 + 10 + 4, 15 + 4)
    assert "Bora, then Cem (PY-A21)" in e.sentence and "stock ran out" in e.sentence
    e.set(direction="anticlockwise")
    # anticlockwise: Cem first takes K♣; Bora then 7♣ 2♣ 3♣, and Q♣ 4♣ of the 3 more the 7♣ owes
    assert e.scores == (0, 20 + 2 + 20 + 2 + 3 + 10 + 4, 15 + 4 + 10)
    assert "Cem, then Bora (PY-A21)" in e.sentence
    long = HandScore(last="9S", bora="7D 2D", cem="AS 4S", penalty_draws=True, stock="KC 7C 2C 3C QC 4C 5C")
    assert long.scores == (0, 71, 24)                  # the worked example of docs/rules-pis-yedili.md


def test_the_score_says_what_it_cannot_read():
    e = HandScore(bora="KD 4Z")
    assert e.picture is None and "cannot be set up" in e.sentence
