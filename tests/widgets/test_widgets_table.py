"""The Table widget, driven from Python: card buttons, suits for Jacks, tek, draw/pass, bots, settlement."""

import json

import ipywidgets as widgets
import pytest

from cardlib.display.moves import move_words
from cardlib.records import load_record
from cardlib.widgets import Table


def card_of(t, text):
    """The card (text) a move plays, read by the hand; None for draw, pass, end, stop."""
    card = t.hand.parse_move(text).card
    return None if card is None else str(card)


def card_buttons(t):
    return {k: b for k, b in t.buttons.items() if k not in ("draw", "pass", "end", "stop", "tek", "new", "undo", "save")
            and not k.startswith("suit:")}


def test_moves_in_words():
    from cardlib.pisyedili import Move
    assert move_words(Move.parse("JS=H!")) == "J♠ naming hearts ♥, tek!"
    assert move_words(Move.parse("7D")) == "7♦" and move_words(Move.parse("draw")) == "draw"


def test_sari_cuce_table_buttons_follow_the_legal_moves():
    t = Table("sari-cuce", seed=1)
    assert t.hand.to_act == 0 and t.names[0] == "Ada (you)"
    cards = card_buttons(t)
    hand = t.hand.position()["hands"][0].split()
    assert sorted(cards) == sorted(hand)
    legal = set(t.legal())
    for key, b in cards.items():
        assert b.disabled == (key not in legal)
    assert "stop" not in t.buttons and t.buttons["new"].disabled
    assert "Your turn" in t.status.value
    assert t.picture.count('class="card-back"') == 36       # the bots' hands are hidden


def test_sari_cuce_click_plays_and_the_bots_answer():
    t = Table("sari-cuce", seed=1)
    first = sorted(t.legal())[0]
    t.buttons[first].click()
    assert str(t.hand.move_stack[0]) == first
    assert any(first[:-1] in line or "leads" in line for line in t.narration)
    # the bots played until it was our turn again (or the hand ended)
    assert t.hand.is_over() or t.hand.to_act == 0
    # a disabled card does nothing
    disabled = [b for b in card_buttons(t).values() if b.disabled]
    if disabled:
        n = len(t.hand.move_stack)
        disabled[0].click()
        assert len(t.hand.move_stack) == n


def play_out(t):
    while not t.hand.is_over():
        legal = t.legal()
        jack = [m for m in legal if "=" in m]
        if jack:
            card, suit = jack[0].split("=")
            t.buttons[card].click()
            t.buttons["suit:" + suit.rstrip("!")].click()
        else:
            move = sorted(legal)[0]
            if move in ("draw", "pass", "end", "stop"):
                t.buttons[move].click()
            else:
                t.buttons[card_of(t, move)].click()


def test_sari_cuce_whole_hand_settlement_and_new_hand():
    # seed 2: the bots before Ada's first turn of the new hand take no box (with the SplitMix64 deal;
    # seed 3 was it with the Mersenne Twister), so everyone has exactly their chips less the stake
    t = Table("sari-cuce", seed=2, bots="heuristic")
    play_out(t)
    res = t.hand.result().to_dict()
    assert "The hand is over" in t.status.value
    assert "wins the hand" in t.outcome and not t.buttons["new"].disabled
    assert all(b.disabled for b in card_buttons(t).values())
    assert "Bora" in t.picture and 'class="card-back"' not in t.picture   # all hands shown at the end
    t.buttons["new"].click()
    assert t.hands_played == 2 and t.hand.position()["chips"] == [c - 15 for c in res["chips"]]
    assert t.hand.position()["dealer"] == 0 and t.buttons["new"].disabled


def test_record_replays_to_the_same_result(tmp_path):
    t = Table("sari-cuce", seed=9, players=5)
    play_out(t)
    rec = t.record()
    assert rec["names"][0] == "Ada (you)" and rec["result"] == t.hand.result().to_dict()
    again = load_record(rec)
    assert again.differences() == []
    path = tmp_path / "hand.json"
    t.save(path)
    assert json.loads(path.read_text()) == rec


def test_voluntary_stop_button():
    t = Table("sari-cuce", seed=2, allow_voluntary_stop=True)
    assert "stop" in t.buttons
    for _ in range(40):
        if t.hand.is_over():
            break
        if "stop" in t.legal():
            assert not t.buttons["stop"].disabled
            n = len(t.hand.move_stack)
            t.buttons["stop"].click()
            assert str(t.hand.move_stack[n]) == "stop"
            break
        assert t.buttons["stop"].disabled
        t.play(sorted(t.legal())[0])


def test_pis_yedili_jack_asks_for_the_suit():
    for seed in range(40):
        t = Table("pis-yedili", seed=seed)
        while not t.hand.is_over():
            jacks = [m for m in t.legal() if "=" in m]
            if jacks:
                break
            t.play(sorted(t.legal())[-1] if "draw" in t.legal() and len(t.legal()) == 1 else sorted(t.legal())[0])
        if t.hand.is_over():
            continue
        card = jacks[0].split("=")[0]
        n = len(t.hand.move_stack)
        t.buttons[card].click()
        assert t.pending_card == card and len(t.hand.move_stack) == n      # nothing played yet
        assert "pick a suit" in t.status.value
        assert all(b.disabled for b in card_buttons(t).values())
        suits = [k for k in t.buttons if k.startswith("suit:")]
        assert sorted(suits) == ["suit:C", "suit:D", "suit:H", "suit:S"]
        t.buttons["suit:H"].click()
        assert str(t.hand.move_stack[n]).startswith(f"{card}=H")
        assert t.pending_card is None
        assert any("hearts" in line.lower() or "♥" in line for line in t.narration)
        return
    pytest.fail("no Jack came up in 40 seeds")


def test_pis_yedili_draw_and_pass_buttons():
    t = Table("pis-yedili", seed=11, players=3)
    assert {"draw", "pass", "end"} <= set(t.buttons) and "tek" not in t.buttons
    assert t.buttons["draw"].disabled == ("draw" not in t.legal())
    t.buttons["draw"].click()
    assert str(t.hand.move_stack[0]) == "draw"
    assert any("draws" in line or "drew" in line for line in t.narration)
    if "pass" in t.legal():
        assert not t.buttons["pass"].disabled
        t.buttons["pass"].click()
        assert "pass" in [str(m) for m in t.hand.move_stack]


def test_pis_yedili_tek_toggle():
    for seed in range(60):
        t = Table("pis-yedili", seed=seed, preset="turkish")
        assert "tek" in t.buttons
        while not t.hand.is_over():
            teks = [m for m in t.legal() if m.endswith("!") and "=" not in m]
            if teks:
                break
            legal = t.legal()
            plays = [m for m in legal if card_of(t, m) and "=" not in m]
            t.play(plays[0] if plays else legal[0])
        if t.hand.is_over():
            continue
        assert not t.buttons["tek"].disabled
        t.buttons["tek"].value = True
        n = len(t.hand.move_stack)
        t.buttons[teks[0][:-1]].click()
        assert str(t.hand.move_stack[n]) == teks[0]
        assert t.buttons["tek"].value is False
        return
    pytest.fail("no tek chance in 60 seeds")


def test_pis_yedili_whole_hand_and_match_totals():
    t = Table("pis-yedili", seed=5, players=4, bots=["random", "heuristic", "random", "heuristic"])
    play_out(t)
    scores = t.hand.result().to_dict()["scores"]
    assert t.series.totals == scores and "match total" in t.outcome
    # the end banner says who won the hand: the lowest score (who went out, or the lowest hands)
    low = [t.names[k] for k, v in enumerate(scores) if v == min(scores)]
    assert f"Deal 1: {' and '.join(low)} win" in t.outcome, t.outcome
    t.buttons["new"].click()
    play_out(t)
    assert t.series.totals == [a + b for a, b in zip(scores, t.hand.result().to_dict()["scores"])]


def test_other_seat_bots_open_first():
    t = Table("pis-yedili", seat=2, seed=1, players=4)
    assert t.names[2] == "Cem (you)"
    assert t.hand.is_over() or t.hand.to_act == 2
    assert len(t.hand.move_stack) >= 2


def test_not_your_turn_is_refused():
    t = Table("sari-cuce", seed=1)
    play_out(t)
    with pytest.raises(ValueError):
        t.play("draw")
    with pytest.raises(ValueError):
        Table("sari-cuce", seat=7, players=4)


def test_buttons_of_an_earlier_drawing_are_gone_and_do_nothing():
    """Each drawing makes its buttons (issue 28, W6): those of the drawing before are no longer shown and
    a click on them does nothing; those of older drawings are closed (no widget is kept for ever)."""
    t = Table("pis-yedili", seed=4)
    drawings = [dict(t.buttons)]
    for _ in range(6):
        if t.hand.is_over():
            break
        legal = t.legal()
        t.play(sorted(m for m in legal if "=" not in m)[0] if any("=" not in m for m in legal) else legal[0].split("=")[0])
        if t.pending_card:
            t.name_suit("H")
        drawings.append(dict(t.buttons))
    assert len(drawings) >= 3
    shown = set(map(id, t.buttons.values()))
    old = [b for d in drawings[:-1] for b in d.values() if isinstance(b, widgets.Button)]
    assert old and not any(id(b) in shown for b in old)
    assert all(b.comm is None for d in drawings[:-2] for b in d.values() if isinstance(b, widgets.Button))
    before = list(t.hand.move_stack)
    for b in old:
        b.click()
    assert list(t.hand.move_stack) == before


def test_table_seed_deals_the_same_hands_as_the_series():
    # "the same seed gives the same deal everywhere": Table(seed=7) plays the hands of Game(seed=7)
    from cardlib import pisyedili, saricuce
    from cardlib.seeds import hand_seed
    from cardlib.widgets import Table
    table = Table(game="sari-cuce", seat=0, seed=7, players=4)
    game = saricuce.Game(saricuce.Rules(players=4), seed=7)
    assert table.hand.start()["hands"] == game.next_hand().start()["hands"]
    assert table.hand_seed == hand_seed(7, 0) == game.seeds[0]
    table = Table(game="pis-yedili", seat=1, seed=11, players=3)
    match = pisyedili.Match(pisyedili.Rules(players=3), seed=11)
    assert table.hand.start()["hands"] == match.next_hand().start()["hands"]


@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_a_late_second_click_plays_nothing_it_was_not_clicked_for(game):
    """A double click (or a click from a page that has not redrawn) on a card button: the button stands for
    its card, so the second click finds that card played and does nothing."""
    for seed in range(20):
        t = Table(game, seed=seed, players=4)
        enabled = [(k, b) for k, b in card_buttons(t).items() if not b.disabled]
        if not enabled:
            continue
        key, button = enabled[0]
        mine_before = sum(1 for _ in t.hand.move_stack)
        button.click()
        played = [str(m) for m in t.hand.move_stack[mine_before:]]
        assert played[0].startswith(key)
        after_one = list(t.hand.move_stack)
        button.click()                                    # the same button again
        assert list(t.hand.move_stack) == after_one       # nothing else was played
        assert button not in t.buttons.values()          # a new drawing: the old button is gone
        return
    pytest.fail("no table with a playable card in 20 seeds")


# ------------------------------------------------------------------------- Pis Yedili in pairs (RULES.md §2.5)
def test_pis_yedili_pairs_seats_you_with_a_bot_partner_opposite():
    t = Table("pis-yedili", seed=3, partnerships=True)
    assert t.partner == 2 and t.names == ["Ada (you)", "Bora", "Cem (partner)", "Deniz"]     # PY-P1
    from cardlib.pisyedili.bots import TeamBot
    assert t.bots[0] is None and all(isinstance(b, TeamBot) for b in t.bots[1:])           # bots play for their team
    assert t.team_lines() == ["Team A (your team): Ada (you) & Cem (partner): match total 0",
                              "Team B: Bora & Deniz: match total 0"]
    assert "Team A (your team)" in t.team_box.value
    # the picture marks the partners: one team group per seat, partners share a team
    assert t.picture.count('class="team"') == 4
    assert 'data-seat="0" data-team="0" data-partner="2"' in t.picture
    assert 'data-seat="3" data-team="1" data-partner="1"' in t.picture
    assert "team A, partner: Cem (partner)" in t.picture
    seat_three = Table("pis-yedili", seat=3, seed=3, players=6, partnerships=True, bots="heuristic")
    assert seat_three.partner == 0 and seat_three.names[0] == "Ada (partner)"


def test_pis_yedili_pairs_team_scores_and_the_team_match():
    t = Table("pis-yedili", seed=8, partnerships=True, partner_goes_free=True, deals_per_match=2)
    play_out(t)
    res = t.hand.result()
    assert res.team_scores == (res.scores[0] + res.scores[2], res.scores[1] + res.scores[3])
    assert "team match total" in t.outcome and "Teams: Ada (you) &amp; Cem (partner)" in t.outcome
    assert t.team_lines()[0] == (f"Team A (your team): Ada (you) & Cem (partner): this deal {res.team_scores[0]}, "
                                 f"match total {res.team_scores[0]}")
    t.buttons["new"].click()
    play_out(t)
    totals = t.series.team_totals
    assert t.series.is_over() and totals == [sum(r.team_scores[k] for r in t.series.results) for k in (0, 1)]
    won = t.series.result().winning_teams
    assert t.team_lines()[-1].startswith(" and ".join(f"Team {'AB'[k]}" for k in won))
    assert any("The match ends after 2 deals" in line and "team points" in line for line in t.narration)
    assert t.series.result().totals == tuple(t.series.totals)          # individual totals are still there
    assert t.static_text().splitlines()[1].startswith("Team A (your team)")


def test_pis_yedili_without_pairs_has_no_team_box():
    t = Table("pis-yedili", seed=3)
    assert t.partner is None and t.team_lines() == [] and t.team_box.value == ""
    assert 'class="team"' not in t.picture and t.names[2] == "Cem"
