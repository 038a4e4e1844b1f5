"""The Sarı Cüce explorers (cardlib.saricuce.explorers): every control, every rule group, and the
sentences' numbers against numbers worked out by hand.  (Timings: bench/widgets_bench.py, not here.)"""

import re

import pytest

from cardlib.widgets.explorers import (DealExplorer, GameEndExplorer, NextPlayerExplorer, OperaExplorer,
                                       SettlementExplorer, StallExplorer)
from cardlib.saricuce.explorers import OPERA_HANDS
from cardlib.widgets.static import embedded_pngs, visible_text

ALL = [DealExplorer, NextPlayerExplorer, StallExplorer, SettlementExplorer, OperaExplorer, GameEndExplorer]


def states(svg):
    """The seats of a round-table picture: seat -> its state (chosen, holds, none, declines, skipped)."""
    return {int(s): state for s, state in re.findall(r'data-seat="(\d)" data-state="(\w+)"', svg)}


def asked(svg):
    """The seats of a round-table picture in the order the search asks them (their numbered badges)."""
    found = re.findall(r'data-seat="(\d)" data-state="\w+" data-asked="(\d)"', svg)
    return [int(s) for s, _ in sorted(found, key=lambda f: int(f[1]))]


# -- shared ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_every_explorer_draws_a_picture_and_a_sentence_that_cites_a_rule(cls):
    e = cls()
    assert e.picture.startswith("<svg") and re.search(r"\(NJ-\w+\)", e.sentence)
    data = e._repr_mimebundle_()
    pngs = embedded_pngs(data["text/html"])                                    # the stored notebook's picture
    assert pngs and pngs[0][:4] == b"\x89PNG" and e.sentence in visible_text(data["text/html"])
    assert data["text/plain"].startswith(e.title) and e.sentence in data["text/plain"]


#: a starting point where every control matters (declining needs a holder)
BASE = {StallExplorer: {"holders": (2,)}, DealExplorer: {"players": 2, "allow_two_players": True}}


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_pictures_and_sentences_depend_on_the_controls_alone(cls):
    a, b = cls(), cls()
    assert a.picture == b.picture and a.sentence == b.sentence
    a.set(**BASE.get(cls, {}))
    b.set(**BASE.get(cls, {}))
    values = dict(a.values)
    for name, control in a.controls.items():                             # every control changes something
        options = getattr(control, "options", None)
        if name == "holders":
            new = () if control.value else (0,)
        elif name == "carried":
            new = () if control.value else ("7D",)
        elif options is not None:
            keys = [o[1] if isinstance(o, tuple) else o for o in options]
            new = next(k for k in keys if k != control.value)
        elif isinstance(control.value, bool):
            new = not control.value
        elif isinstance(control.value, int):
            new = control.value + 1 if control.value + 1 <= control.max else control.value - 1
        else:
            new = "AS 2S" if name.startswith("cards") else control.value
        a.set(**{name: new})
        assert (a.picture, a.sentence) != (b.picture, b.sentence), f"{cls.__name__}.{name} changes nothing"
        a.set(**values)
        assert (a.picture, a.sentence) == (b.picture, b.sentence)


def test_a_change_in_the_browser_redraws_too():
    e = NextPlayerExplorer()
    e.controls["holders"].value = (3,)                                    # as a click would
    assert "Deniz plays next" in e.sentence and "Deniz" in e.sentence_box.value


# -- the deal and the stakes (NJ-02, NJ-06, NJ-07, NJ-10 to NJ-12) ----------------------------------------
def dealt(svg):
    """The seats of a deal picture: seat -> how many cards are drawn for it; and the dead stock's count."""
    seats = {int(s): int(k) for s, k in re.findall(r'class="seat" data-seat="(\d)" data-cards="(\d+)"', svg)}
    return seats, int(re.search(r'class="dead" data-cards="(\d+)"', svg).group(1))


@pytest.mark.parametrize("players, each, dead", [(3, 15, 7), (4, 12, 4), (5, 9, 7), (6, 8, 4), (7, 7, 3), (8, 6, 4)])
def test_NJ_02_the_deal_table_cards_each_and_dead(players, each, dead):
    e = DealExplorer()
    e.set(players=players)
    assert [len(e.hand.hand_of(s)) for s in range(players)] == [each] * players and len(e.hand.dead) == dead
    assert dealt(e.picture) == ({s: each for s in range(players)}, dead)            # drawn as dealt
    assert f"deals {each} cards to each player" in e.sentence and f"{dead} stay face down" in e.sentence
    assert f"{players} × {each} + {dead} = 52 (NJ-02, NJ-11)" in e.sentence


def test_NJ_06_NJ_12_the_stakes_and_the_lead():
    e = DealExplorer(["Ada", "Bora", "Cem", "Deniz"])
    assert e.hand.board == [4, 8, 12, 16, 20] and e.hand.chips == [85] * 4
    assert "the dealer, Deniz" in e.sentence and "Ada, on the dealer's left, leads (NJ-12)" in e.sentence
    assert "4 × 15 = 60 chips on the board (NJ-06)" in e.sentence and "nothing is kept (NJ-07)" in e.sentence
    assert "The board after the stakes: 60 chips." in e.picture


def test_NJ_07_a_box_nobody_captured_keeps_its_chips_and_the_stakes_go_on_top():
    e = DealExplorer()
    e.set(players=5, carried=("KH", "7D"))
    assert e.hand.board == [5, 10, 15, 40, 50] and e.hand.chips == [100 - 9 - 15] * 5   # 9 = 4 + 5 kept each
    assert "Nobody captured K♥ and 7♦ in the last hand" in e.sentence
    assert "the K♥ box holds 20 + 20 = 40 and the yellow dwarf's 7♦ box holds 25 + 25 = 50" in e.sentence
    assert "25 kept" in e.picture and "20 kept" in e.picture and "7D" not in e.sentence   # no card codes


def test_NJ_02_two_players_only_with_the_option_and_never_nine():
    e = DealExplorer()
    before = e.picture
    e.set(players=2)
    assert e.hand is None and e.picture == before and "unless the option allow_two_players is on" in e.sentence
    e.set(allow_two_players=True)
    assert [len(e.hand.hand_of(s)) for s in range(2)] == [22, 22] and len(e.hand.dead) == 8
    e.set(players=9)
    assert e.hand is None and "never 9" in e.sentence


# -- who plays next (NJ-13, NJ-14) ---------------------------------------------------------------------
def test_NJ_14_the_nearest_holder_from_the_last_player_plays():
    e = NextPlayerExplorer()                      # Bora plays 8♥; Ada, Cem and Deniz hold a 9
    assert e.hand.needed == 9 and e.hand.to_act == 2
    assert e.sentence.startswith("Bora played 8♥, so the next card must be a 9 (NJ-13)")
    assert "Bora has no 9, and Cem is the first who holds one, so Cem plays next" in e.sentence
    assert "Ada and Deniz also hold a 9 but are not asked (NJ-14)" in e.sentence
    assert states(e.picture) == {1: "none", 2: "chosen", 0: "skipped", 3: "skipped"}


def test_NJ_14_the_search_goes_round_the_table_and_wraps():
    e = NextPlayerExplorer()
    e.set(players=6, card="JH", last=4, holders=(2,))        # Ece plays J♥; only Cem holds a Queen
    assert e.hand.to_act == 2 and e.hand.needed == 12
    assert "Ece, Filiz, Ada and Bora have no Q, and Cem is the first who holds one" in e.sentence
    assert states(e.picture) == {4: "none", 5: "none", 0: "none", 1: "none", 2: "chosen", 3: "skipped"}
    assert asked(e.picture) == [4, 5, 0, 1, 2]                                  # five seats asked, in order


def test_NJ_14_a_player_who_holds_the_next_rank_keeps_playing():
    e = NextPlayerExplorer()
    e.set(card="4H", last=0, holders=(0, 1))
    assert e.hand.to_act == 0 and "Ada is asked first and holds a 5, so Ada plays again" in e.sentence


def test_the_seat_controls_follow_the_number_of_players():
    e = NextPlayerExplorer()
    e.set(players=8, last=7, holders=(5, 6))
    assert len(e.controls["last"].options) == 8 and e.hand.players == 8 and e.hand.to_act == 5
    e.set(players=3)                                          # Hakan and the sixth seat are gone
    assert e.values["last"] == 2 and e.values["holders"] == () and e.hand.players == 3
    assert "nobody holds a 9" in e.sentence and "(NJ-18)" in e.sentence
    e.controls["players"].value = 5                           # from the browser
    assert [label for label, _ in e.controls["holders"].options] == ["Ada", "Bora", "Cem", "Deniz", "Ece"]


def test_only_four_cards_of_a_rank_exist():
    e = NextPlayerExplorer()
    e.set(players=8, holders=(0, 2, 3, 4, 5))
    assert "Only four cards of a rank exist: Filiz left out." in e.sentence


def test_the_holders_can_hold_the_cards_of_a_real_hand():
    e = NextPlayerExplorer(suits={0: "H", 2: "C", 3: "DS"})              # notebook 11's hand after Bora's 8♥
    nines = {s: sorted(str(c) for c in e.hand.hand_of(s) if int(c.rank) == 9) for s in range(4)}
    assert nines == {0: ["9H"], 1: [], 2: ["9C"], 3: ["9D", "9S"]} and e.hand.to_act == 2
    e.set(holders=(0, 1, 3))                                    # Bora takes the one suit left: the club
    assert [str(c) for c in e.hand.hand_of(1) if int(c.rank) == 9] == ["9C"] and e.hand.to_act == 1
    with pytest.raises(ValueError, match="no letter twice"):
        NextPlayerExplorer(suits={0: "H", 3: "HS"})


# -- a King or a stall (NJ-17, NJ-18, NJ-A14, NJ-F2, NJ-F3) -----------------------------------------------
def test_NJ_18_nobody_holds_the_next_rank_the_last_player_leads():
    e = StallExplorer()
    assert e.hand.needed is None and e.hand.to_act == 1 and e.hand.events[-1].kind == "stall"
    assert "nobody holds a 9" in e.sentence and "Bora, who played the last card, starts a new run" in e.sentence
    assert states(e.picture)[1] == "chosen" and 'stroke-dasharray="6 4"' in e.picture     # back round
    assert asked(e.picture) == [1, 2, 3, 0]


def test_NJ_17_a_king_closes_the_run():
    e = StallExplorer()
    e.set(card="KS", holders=(0, 2))                           # holders do not matter after a King
    assert e.hand.needed is None and e.hand.to_act == 1 and e.hand.events[-1].kind == "king_restart"
    assert "(NJ-17)" in e.sentence and "nobody is asked" in e.sentence


def test_the_run_goes_on_when_someone_holds_the_rank():
    e = StallExplorer()
    e.set(holders=(2, 3))
    assert e.hand.to_act == 2 and "Cem plays it (NJ-14)" in e.sentence


def test_NJ_F3_skip_rank_moves_on_to_the_next_rank_held():
    e = StallExplorer()
    e.set(stall_rule="skip_rank")
    assert e.hand.needed == 10 and e.hand.to_act == 3               # Deniz holds the card two ranks up
    assert "rises to a 10" in e.sentence and "Deniz plays it (NJ-F3)" in e.sentence


def test_NJ_A14_a_missing_king_is_a_stall_even_with_skip_rank():
    e = StallExplorer()
    e.set(card="QH", stall_rule="skip_rank")
    assert e.hand.needed is None and e.hand.to_act == 1
    assert "A missing King is an ordinary stall (NJ-A14)" in e.sentence and "never skips past a King" in e.sentence


def test_NJ_F2_when_every_holder_says_sans_the_player_of_the_last_card_leads():
    """Issue 13 point 6: after everyone says "sans", the player of the last card leads a new run."""
    e = StallExplorer()
    e.set(holders=(0, 2), declines=True)                        # Cem and Ada hold a 9 and decline
    kinds = [ev.kind for ev in e.hand.events]
    assert kinds[-3:] == ["stop", "stop", "stall"] and e.hand.to_act == 1 and e.hand.needed is None
    assert "Cem and Ada hold a 9 but each says \"sans 9\"" in e.sentence
    assert "Bora, who played the last card, leads a new run (NJ-18)" in e.sentence
    assert states(e.picture) == {1: "chosen", 2: "declines", 3: "none", 0: "declines"}
    e.set(holders=(1,))                                         # Bora himself declines, and leads again
    assert e.hand.to_act == 1 and "Bora holds a 9 but says \"sans 9\"" in e.sentence
    e.set(holders=(0, 2), stall_rule="skip_rank")                # Decision 5: the rank rises after the declines
    assert e.hand.needed == 10 and e.hand.to_act == 3 and "each says \"sans 9\"" in e.sentence


# -- the settlement (NJ-21..NJ-26, NJ-A09) -----------------------------------------------------------------
def test_the_settlement_in_the_nj_25_order_with_the_numbers_worked_by_hand():
    e = SettlementExplorer()          # Bora K♥ K♣ J♦ A♥, Cem Q♣ 2♦, Deniz 7♦ 8♠ 4♠; 85 chips each
    assert [ev.describe(e.names) for ev in e.events] == [
        "Bora pays Ada 31 chips for the cards left in hand.",               # 10 + 10 + 10 + 1
        "Bora still holds K♥ and doubles its box: pays 16 chips into it.",   # 4 players x 4
        "Cem pays Ada 12 chips for the cards left in hand.",                # 10 + 2
        "Deniz pays Ada 19 chips for the cards left in hand.",              # 7 + 8 + 4
        "Deniz still holds 7♦ and doubles its box: pays 20 chips into it.",  # 4 players x 5
    ]
    r = e.hand.result()
    assert r.chips == (85 + 31 + 12 + 19, 85 - 31 - 16, 85 - 12, 85 - 19 - 20)
    assert r.board == (4, 0, 0, 32, 40)                          # 10♦ dead: its 4 carry over (NJ-A09)
    assert e.controls["step"].max == 5
    assert "10♦ lies in the dead stock" in e.sentence and "(NJ-A09)" in e.sentence
    e.set(step=1)
    assert e.sentence == ("Step 1 of 5: Bora's cards: K♥ 10 + K♣ 10 + J♦ 10 + A♥ 1 = 31 points (NJ-21), so Bora "
                          "pays Ada 31 chips (NJ-22).")
    e.set(step=2)
    assert "its box holds 16 chips, so Bora doubles it, paying 16 into it: it now holds 32 (NJ-23)" in e.sentence
    assert 'data-box="KH" data-chips="32"' in e.picture and 'data-box="7D" data-chips="20"' in e.picture
    e.set(step=5)
    assert "That ends the settlement: Ada has 147 chips." in e.sentence


def test_NJ_26_a_partial_doubling_is_said_with_its_numbers():
    """Issue 13 point 1: a loser who can pay only part of a box."""
    e = SettlementExplorer()
    e.set(chips3=30, step=5)            # Deniz: 30 - 19 = 11 left for a 20-chip doubling
    assert ("Deniz still holds 7♦; its box holds 20 chips, so doubling it costs 20, but Deniz has only 11 left "
            "and pays 11: a partial doubling (the box grows to 31, not 40), and 9 chips are written off (NJ-26)."
            ) in e.sentence
    assert "9 chips owed could not be paid" in e.sentence
    assert e.hand.result().written_off == (0, 0, 0, 9) and e.hand.result().board[4] == 31


def test_NJ_26_a_payer_with_nothing_left_pays_nothing():
    e = SettlementExplorer()
    e.set(chips1=20, step=1)                                    # Bora owes 31, has 20
    assert "Bora owes Ada 31 chips but has only 20: Bora pays 20 and 11 chips are written off" in e.sentence
    e.set(step=2)
    assert "but Bora has no chips left: nothing is paid and 16 chips are written off (NJ-26)" in e.sentence
    assert e.hand.result().written_off == (0, 11 + 16, 0, 0)


def test_the_step_slider_follows_the_settlement_and_a_box_card_can_go_dead():
    e = SettlementExplorer()
    e.set(cards1="5S", cards3="8S 4S", step=9)                  # no box card left in any hand
    assert e.controls["step"].max == 3 and e.values["step"] == 3
    assert [ev.kind for ev in e.events] == ["payment"] * 3
    e.set(cards2="10D QC")                                      # 10♦ in Cem's hand: Cem doubles its 4
    assert "Cem still holds 10♦ and doubles its box: pays 4 chips into it." in [
        ev.describe(e.names) for ev in e.events]
    assert "dead stock" not in e.sentence


@pytest.mark.parametrize("field, value, why", [
    ("cards1", "KX", "Bora's cards:"),
    ("cards2", "", "Cem needs at least one card"),
    ("cards3", "9H", "9♥ is Ada's last card"),
    ("cards3", "KH", "K♥ is in two hands (Bora and Deniz)"),
    ("cards1", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "Bora holds 13 cards"),
])
def test_the_settlement_says_what_is_wrong_with_a_hand(field, value, why):
    e = SettlementExplorer()
    before = e.picture
    e.set(**{field: value})
    assert why in e.sentence and e.hand is None and e.picture == before


# -- the Opéra (NJ-24, NJ-F4, NJ-F5) ------------------------------------------------------------------------
def test_NJ_24_the_sweep_takes_what_the_captures_left():
    """Issue 13 point 2: the board held 60; Ada's captures took 12 first, so the sweep is 48."""
    e = OperaExplorer()
    r = e.hand.result()
    assert r.opera and r.swept == 48 and r.paid == (0, 85, 58, 69) and r.doubled == (0, 0, 0, 0)
    assert "She took 10♦ (4) and J♣ (8) as she played them (NJ-19)" in e.sentence
    assert "the board holds 48 chips, not the 60 staked: the sweep takes everything left, 48 chips" in e.sentence
    assert "Captured during the hand: 10♦ (4) and J♣ (8); then 48 chips are left on the board." in e.picture


def test_NJ_F4_single_run_refuses_an_opera_with_a_restart():
    e = OperaExplorer()
    e.set(opera_definition="single_run")
    r = e.hand.result()
    assert not r.opera and r.swept == 0
    # Bora: 86 owed, 85 paid; K♥ 16 and 7♦ 20 owed with nothing left.  Cem: 58, then Q♠ 12 (85 - 58 = 27 left).
    assert r.paid == (0, 85, 58, 69) and r.doubled == (0, 0, 12, 0) and r.written_off == (0, 1 + 16 + 20, 0, 0)
    assert "breaks the Opéra (NJ-F4)" in e.sentence and "tek dizide" in e.sentence
    e.set(hand="single")                                       # one unbroken run: an Opéra under both readings
    assert e.hand.result().opera and "an Opéra under both definitions" in e.sentence
    assert e.hand.result().swept == 4 + 8 + 16                 # 7♦ and Q♠ were captured on the way


def test_NJ_F5_double_payments_sweeps_nothing_and_doubles_the_payments():
    e = OperaExplorer()
    e.set(opera_reward="double_payments")
    r = e.hand.result()
    assert r.opera and r.swept == 0 and r.paid == (0, 85, 85, 85)
    assert r.written_off == (0, 2 * 86 - 85, 2 * 58 - 85, 2 * 69 - 85)
    assert "the oldest rules in print, from 1760" in e.sentence and "(NJ-F5)" in e.sentence


@pytest.mark.parametrize("definition", ["no_other_player", "single_run"])
def test_another_player_playing_is_no_opera_under_either_definition(definition):
    e = OperaExplorer()
    e.set(hand="interrupted", opera_definition=definition)
    assert not e.hand.result().opera and e.hand.played_by == [0, 1]
    assert e.sentence.startswith("Bora played a card, so this is an ordinary win under either definition")


def test_the_opera_hands_are_what_their_labels_say():
    for key, (label, start, moves) in OPERA_HANDS.items():
        e = OperaExplorer()
        e.set(hand=key)
        assert e.hand.is_over() and e.hand.result().winner == 0 and len(e.hand.move_stack) == len(moves)
        assert label in e.picture


# -- the end of the game (NJ-08, NJ-09, NJ-27) -------------------------------------------------------------
def test_the_game_goes_on_while_everyone_can_stake():
    e = GameEndExplorer()                                      # 112 97 40 131 after 3 of 5 hands
    assert e.result is None and "hand 4 is dealt" in e.sentence and e.game.rules.hands_limit == 5


def test_NJ_08_a_player_below_15_ends_the_game_in_both_modes():
    e = GameEndExplorer()
    for mode in ("hands", "bankruptcy"):
        e.set(chips2=14, end_mode=mode)
        assert e.result.reason == "bankruptcy" and e.result.winners == (3,)
        assert "Cem holds fewer than the 15 chips" in e.sentence and "(NJ-08)" in e.sentence
        assert "Deniz holds the most chips, 131, and wins (NJ-27)." in e.sentence
        assert "The 46 chips left on the board belong to nobody (NJ-A10)." in e.sentence      # 400 - 354


def test_NJ_09_the_hand_limit_ends_the_game_but_not_in_bankruptcy_mode():
    e = GameEndExplorer()
    e.set(hands_played=5)
    assert e.result.reason == "hands_limit" and "Hand 5 of 5 is settled, so the game is over (NJ-09)" in e.sentence
    e.set(end_mode="bankruptcy")
    assert e.result is None and "no hand limit" in e.sentence
    e.set(end_mode="hands", hands_limit=7)
    assert e.result is None and "only 5 of 7 hands" in e.sentence
    e.set(hands_limit=5, hands_played=7)
    assert "the game ended once hand 5 was settled (NJ-09)" in e.sentence


def test_NJ_A19_a_tie_is_shared():
    e = GameEndExplorer()
    e.set(chips0=131, chips1=131, chips2=10, chips3=128)
    assert e.result.winners == (0, 1) and "Ada and Bora hold the most chips, 131 each, and share" in e.sentence
    assert e.picture.count("★") == 2


def test_chips_cannot_add_up_to_more_than_the_table_holds():
    e = GameEndExplorer()
    before = e.picture
    e.set(chips0=300)
    assert "more than the 400 at the table" in e.sentence and "(NJ-28)" in e.sentence and e.picture == before
