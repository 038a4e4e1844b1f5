"""Pis Yedili in pairs (RULES.md §2.5, PY-P1..PY-P7) and the deal in packets (PY-05b).

The scores in these tests are worked out by hand from the cards (PY-29: J 25, 7 20, A 15, K/Q 10, others
face value; PY-30: 7 x3, J x2).
"""

import json

import pytest
from pisyedili_support import EXAMPLES, hand_text, moves, position, rules, split_deck

from cardlib import InvalidOptionError, PlayerCountError, make_deck
from cardlib.cli import main
from cardlib.pisyedili import Hand, Match, Result, Rules, deal as deal_module
from cardlib.pisyedili import events as ev
from cardlib.records import load_record, record_from_hand
from cardlib.series import play_to_end
from cardlib.pisyedili.bots import HeuristicBot, RandomBot


def pairs(preset="classic", players=4, **options):
    return rules(preset, players, partnerships=True, **options)


# --------------------------------------------------------------------------------------------- PY-P1
@pytest.mark.parametrize("players, options, teams", [
    (4, {}, ((0, 2), (1, 3))),
    (6, {}, ((0, 3), (1, 4), (2, 5))),
    (8, {"decks": 2}, ((0, 4), (1, 5), (2, 6), (3, 7))),
])
def test_PY_P1_partners_sit_opposite_and_the_teams_alternate(players, options, teams):
    r = pairs(players=players, **options)
    assert r.teams == teams
    for s in range(players):
        assert r.team_of(s) == s % (players // 2)
        assert r.partner(r.partner(s)) == s and r.partner(s) == (s + players // 2) % players
        # around the table the teams alternate: a neighbour is never a partner
        assert r.team_of((s + 1) % players) != r.team_of(s) != r.team_of((s - 1) % players)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_PY_P1_an_odd_player_count_is_refused(players):
    with pytest.raises(PlayerCountError, match=rf"players={players}: partnerships need an even number.*PY-P1"):
        Rules(players=players, partnerships=True)


def test_PY_P1_fewer_than_four_players_are_refused():
    with pytest.raises(PlayerCountError, match="players=2: partnerships need an even number of players, 4 or more"):
        Rules(players=2, partnerships=True)


def test_PY_P1_eight_players_need_two_decks_PY_02():
    with pytest.raises(PlayerCountError, match="PY-02"):
        Rules(players=8, partnerships=True)
    assert Rules(players=8, decks=2, partnerships=True).teams[3] == (3, 7)
    # two decks allow more (PY-02): any even count up to the deck's limit
    assert len(Rules(players=14, decks=2, partnerships=True).teams) == 7


def test_PY_P1_without_partnerships_there_are_no_teams():
    r = Rules(players=4)
    assert r.teams is None and r.team_of(0) is None and r.partner(0) is None and r.team_sums([1, 2, 3, 4]) is None


# --------------------------------------------------------------------------------------------- PY-P2
def test_PY_P2_a_seven_chain_goes_on_to_the_partner():
    r = pairs()
    h = position(r, ["7H 2C", "7S 3D", "4D 5D", "6S 8C"], discard="9H", stock="KC QC 2H 3H 4H 5H 6H 8H")
    h.push("7H")
    h.push("7S")                      # seat 1 answers: seat 2, seat 0's partner, faces 6 cards (PY-19, PY-20)
    assert h.to_act == 2 and h.pending == 2 and moves(h) == ["draw"]
    h.push("draw")
    assert hand_text(h, 2) == "4D 5D KC QC 2H 3H 4H 5H"


def test_PY_P2_a_turkish_ace_makes_the_partner_draw_too():
    r = pairs("turkish", tek=False, ace_cannot_finish=False)
    h = position(r, ["AH 2C 3S", "2D", "4D", "6S"], discard="9H", stock="KC QC 2H")
    h.push("AH")
    draws = [e for e in h.events if isinstance(e, ev.AceDraws)][-1]
    assert [s for s, cards in draws.draws if cards] == [1, 2, 3]        # the partner (seat 2) draws as well
    assert hand_text(h, 2) == "4D QC"


@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_P2_the_hand_is_played_exactly_as_without_partnerships(preset):
    for seed in range(4):
        solo = Hand.deal(rules(preset, 4), seed=seed)
        duo = Hand.deal(pairs(preset), seed=seed)
        assert solo.position() == duo.position()
        play_to_end(solo, [HeuristicBot(seed * 4 + s) for s in range(4)])
        play_to_end(duo, [HeuristicBot(seed * 4 + s) for s in range(4)])
        assert solo.record_moves() == duo.record_moves()
        assert solo.position() == duo.position()
        a, b = solo.result().to_dict(), duo.result().to_dict()
        assert b.pop("team_scores") == [a["scores"][0] + a["scores"][2], a["scores"][1] + a["scores"][3]]
        assert a == b


# --------------------------------------------------------------------------------------------- PY-P3
def test_PY_P3_going_out_ends_the_hand_as_usual():
    h = position(pairs(), ["7H", "KD 4D", "JS 5D", "2C 3C"], discard="5H", stock="KC QC")
    h.push("7H")
    assert h.is_over() and h.result().ended_by == "out" and h.result().winner == 0


def test_PY_P3_the_stock_running_out_ends_the_hand_as_usual():
    h = position(pairs(), ["KH QH", "2D", "9S", "8S 4S"], discard="5C", stock="3D")
    h.push("draw")
    res = h.result()
    assert (res.winner, res.ended_by, res.reason) == (None, "stock", "stock")


def test_PY_P3_turns_without_a_play_end_the_hand_as_usual():
    r = pairs("turkish")
    seat0 = "2C 3C 4C 5C 6C 7C 8C 9C 10C QC AC 2S 3S"           # no heart, no K, no J: nothing on KH
    rest = [str(c) for c in split_deck(r, seat0, "KH")]
    start = {"hands": [seat0, " ".join(rest[:13]), " ".join(rest[13:26]), " ".join(rest[26:])],
             "stock": "", "discard": "KH", "to_act": 0, "idle": 3}
    h = Hand.from_start(r, start)
    assert moves(h) == ["pass"]                                    # nothing to draw or reshuffle (PY-18)
    h.push("pass")
    res = h.result()
    assert (res.ended_by, res.reason) == ("stock", "no_play")      # PY-28B
    assert res.team_scores == (res.scores[0] + res.scores[2], res.scores[1] + res.scores[3])


# --------------------------------------------------------------------------------------------- PY-P4
def test_PY_P4_every_seat_scores_as_usual_and_a_team_scores_the_sum():
    h = position(pairs(), ["7H", "KD 4D", "JS 5D", "2C 3C"], discard="5H", stock="KC QC")
    h.push("7H")                                                   # out on a 7: x3 (PY-30)
    res = h.result()
    assert res.scores == (0, 14 * 3, 30 * 3, 5 * 3)                # 0, 42, 90, 15
    assert res.team_scores == (0 + 90, 42 + 15)                    # team 0: seats 0, 2; team 1: seats 1, 3
    assert res.to_dict() == {"winner": 0, "ended_by": "out", "multiplier": 3, "scores": [0, 42, 90, 15],
                             "team_scores": [90, 57]}
    assert h.events[-1].describe(["Ada", "Bora", "Cem", "Deniz"]).endswith(
        "Teams: Ada & Cem 90, Bora & Deniz 57.")


def test_PY_P4_the_winners_partner_draws_end_penalty_cards_PY_T2():
    r = pairs(end_penalty_draws=True)
    h = position(r, ["9H", "2D", "7D 2S", "AS 4S"], discard="5H", stock="KC 3C 4C 5C 6C")
    h.push("9H")
    # seat 1 owes nothing; seat 2, the winner's partner, owes 3 for the 7 (KC 3C 4C); seat 3 owes 1 (5C)
    assert hand_text(h, 2) == "7D 2S KC 3C 4C" and hand_text(h, 3) == "AS 4S 5C"
    assert h.result().scores == (0, 2, 20 + 2 + 10 + 3 + 4, 15 + 4 + 5)      # 0, 2, 39, 24
    assert h.result().team_scores == (39, 26)


def test_PY_P4_a_stock_ending_scores_the_lowest_hands_0_and_sums_the_teams():
    h = position(pairs(), ["KH QH", "2D", "9S", "8S 4S"], discard="5C", stock="3D")
    h.push("draw")                                                 # seat 0 takes the last card: 3D
    assert h.result().scores == (10 + 10 + 3, 0, 9, 8 + 4)         # 23, 0 (lowest, PY-A20), 9, 12
    assert h.result().team_scores == (23 + 9, 0 + 12)


# --------------------------------------------------------------------------------------------- PY-P5
def test_PY_P5_partner_goes_free_scores_the_partner_0():
    h = position(pairs(partner_goes_free=True), ["7H", "KD 4D", "JS 5D", "2C 3C"], discard="5H", stock="KC QC")
    h.push("7H")
    assert h.result().scores == (0, 42, 0, 15)                     # seat 2's J S 5 D (30 x 3) is free
    assert h.result().team_scores == (0, 57)
    assert hand_text(h, 2) == "JS 5D"                              # the cards stay; they just cost nothing


def test_PY_P5_partner_goes_free_draws_no_end_penalty_cards():
    r = pairs(end_penalty_draws=True, partner_goes_free=True)
    h = position(r, ["9H", "2D", "7D 2S", "AS 4S"], discard="5H", stock="KC 3C 4C 5C 6C")
    h.push("9H")
    assert hand_text(h, 2) == "7D 2S"                              # owed 3 for the 7, draws none
    assert hand_text(h, 3) == "AS 4S KC"                           # so seat 3 draws the top card for its Ace
    assert not [e for e in h.events if isinstance(e, ev.Draw) and e.seat == 2]
    assert h.result().scores == (0, 2, 0, 15 + 4 + 10)             # 0, 2, 0, 29
    assert h.result().team_scores == (0, 31)


def test_PY_P5_nobody_goes_free_when_the_stock_ends_the_hand():
    h = position(pairs(partner_goes_free=True), ["KH QH", "2D", "9S", "8S 4S"], discard="5C", stock="3D")
    h.push("draw")
    assert h.result().scores == (23, 0, 9, 12)                     # seat 1's partner, seat 3, still pays
    assert h.result().team_scores == (32, 12)


def test_PY_P5_the_partner_goes_free_after_a_last_ace_with_nothing_to_draw_PY_F9():
    # classic stock rules: an empty stock is not rebuilt, so nothing can be drawn after the Ace
    r = pairs(ace_cannot_finish=True, partner_goes_free=True)
    h = position(r, ["AH", "2D", "JS 5D", "KC"], discard="9H", stock="")
    h.push("AH")                                                   # cannot finish on it (PY-T5), nothing to draw
    res = h.result()
    assert (res.winner, res.multiplier) == (0, 1) and res.scores == (0, 2, 0, 10)


def test_PY_P5_partner_goes_free_needs_partnerships():
    with pytest.raises(InvalidOptionError, match="partner_goes_free=true needs partnerships=true"):
        Rules(players=4, partner_goes_free=True)
    with pytest.raises(InvalidOptionError, match="partner_goes_free"):
        Rules.from_dict({"preset": "turkish", "players": 4, "partner_goes_free": True})


# --------------------------------------------------------------------------------------------- PY-P6
def test_PY_P6_the_lowest_team_total_wins_the_match_and_individual_totals_stay():
    m = Match(pairs(deals_per_match=2))
    m.add(Result(0, "out", 1, (0, 10, 25, 12), team_scores=(25, 22)))
    assert m.team_totals == [25, 22] and not m.is_over()
    m.add(Result(None, "stock", 1, (3, 10, 15, 0), "stock", team_scores=(18, 10)))
    res = m.result()
    assert res.totals == (3, 20, 40, 12)            # seat 0 has the lowest total of all ...
    assert res.team_totals == (43, 32)              # ... but team 1 (seats 1 and 3) has the lowest team total
    assert res.winning_teams == (1,) and res.winners == (1, 3) and m.winners() == [1, 3]
    assert res.to_dict() == {"winners": [1, 3], "totals": [3, 20, 40, 12], "deals_played": 2,
                             "team_totals": [43, 32], "winning_teams": [1]}
    assert m.events[0].describe(["Ada", "Bora", "Cem", "Deniz"]) == (
        "The match ends after 2 deals: Bora & Deniz win with 32 team points "
        "(individual totals: Ada 3, Bora 20, Cem 40, Deniz 12).")


def test_PY_P6_tied_teams_co_win():
    m = Match(pairs(players=6, deals_per_match=1))
    m.add(Result(None, "stock", 1, (0, 10, 5, 20, 10, 15), "stock", team_scores=(20, 20, 20)))
    assert m.result().winning_teams == (0, 1, 2) and m.result().winners == (0, 1, 2, 3, 4, 5)
    m = Match(pairs(players=6, deals_per_match=1))
    m.add(Result(1, "out", 1, (4, 0, 9, 6, 10, 3), team_scores=(10, 10, 12)))
    assert m.result().winning_teams == (0, 1) and m.result().winners == (0, 1, 3, 4)
    assert "share the win" in m.events[0].describe()


def test_PY_P6_a_match_deals_passing_left_and_adds_the_team_scores():
    m = Match(pairs(preset="turkish", partner_goes_free=True), seed=3)
    m.play("heuristic")
    assert [h.dealer for h in m.hands] == [3, 0, 1, 2]
    team = [sum(r.team_scores[k] for r in m.results) for k in (0, 1)]
    assert m.result().team_totals == tuple(team)
    assert m.to_dict()["team_totals"] == team
    without = Match(rules("classic", 4), seed=3)
    without.play("heuristic")
    assert without.result().team_totals is None and "team_totals" not in without.result().to_dict()


# --------------------------------------------------------------------------------------------- PY-P7
def test_PY_P7_a_record_carries_partnerships_in_its_rules_and_team_scores_in_its_result(tmp_path, capsys):
    hand = Hand.deal(pairs("turkish", partner_goes_free=True), seed=11)
    play_to_end(hand, [HeuristicBot(s) for s in range(4)])
    rec = record_from_hand(hand)
    assert rec.rules == {"players": 4, "preset": "turkish", "partnerships": True, "partner_goes_free": True}
    assert rec.result["team_scores"] == list(hand.result().team_scores)
    path = tmp_path / "pairs.json"
    rec.save(path)
    again = load_record(path)
    assert again.to_dict() == rec.to_dict() and again.differences() == []          # a round trip
    assert main(["replay", str(path), "--json", "--check"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == rec.result
    # a wrong team score is caught by --check: exit 2, one line
    bad = rec.to_dict()
    bad["result"]["team_scores"][0] += 1
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "result.team_scores" in err[0]


def test_PY_P7_a_record_without_partnerships_has_no_team_scores():
    hand = Hand.deal(rules("classic", 4), seed=2)
    play_to_end(hand, [RandomBot(s) for s in range(4)])
    assert "team_scores" not in record_from_hand(hand).result and "partnerships" not in hand.rules.to_dict()


@pytest.mark.parametrize("rules_, words", [
    ({"players": 5, "partnerships": True}, "players=5: partnerships need an even number of players"),
    ({"players": 3, "partnerships": True, "preset": "turkish"}, "players=3: partnerships need an even number"),
    ({"players": 4, "partner_goes_free": True}, "partner_goes_free=true needs partnerships=true"),
])
def test_PY_P7_a_bad_partnership_record_exits_2_with_one_line(tmp_path, capsys, rules_, words):
    rec = {"game": "pis-yedili", "rules": rules_, "start": {"seed": 1}, "moves": []}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cardlib: error:") and words in err[0]


@pytest.mark.parametrize("command", [
    ["play", "--game", "pis-yedili", "--players", "5", "--option", "partnerships=true"],
    ["deal", "--game", "pis-yedili", "--players", "5", "--option", "partnerships=true"],
    ["simulate", "--game", "pis-yedili", "--players", "5", "--hands", "3", "--option", "partnerships=true"],
])
def test_PY_P7_a_five_player_partnership_game_exits_2_with_one_line(capsys, command):
    assert main(command) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert captured.out == "" and len(err) == 1
    assert "players=5: partnerships need an even number of players" in err[0] and "PY-P1" in err[0]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("pis-yedili-*partnerships-on*.json")), ids=lambda p: p.stem)
def test_PY_P7_the_worked_hands_in_pairs_replay_on_the_command_line(path, capsys):
    assert main(["replay", str(path), "--json", "--check"]) == 0
    done = json.loads(capsys.readouterr().out)
    stored = json.loads(path.read_text())["result"]
    assert done["result"] == stored
    scores = stored["scores"]
    half = len(scores) // 2
    assert stored["team_scores"] == [scores[k] + scores[k + half] for k in range(half)]


# --------------------------------------------------------------------------------------------- PY-05b
def _unshuffled(monkeypatch):
    """Deal from the deck in its own order (AC 2C .. KC AD .. KD AH .. KS): a deck order known by hand."""
    monkeypatch.setattr(deal_module, "shuffled_deck", lambda r, seed: list(make_deck(r.decks, r.jokers_per_deck)))


def test_PY_05b_packets_of_4_then_3_from_a_known_deck(monkeypatch):
    _unshuffled(monkeypatch)
    h = Hand.deal(Rules(players=4, deal_packets="4-3"), seed=0)            # dealer seat 3: seat 0 first
    assert h.start()["hands"] == [
        "AC 2C 3C 4C 4D 5D 6D",       # cards 1-4, then 17-19
        "5C 6C 7C 8C 7D 8D 9D",       # cards 5-8, then 20-22
        "9C 10C JC QC 10D JD QD",     # cards 9-12, then 23-25
        "KC AD 2D 3D KD AH 2H",       # cards 13-16, then 26-28
    ]
    assert h.start()["stock"].split()[:3] == ["3H", "4H", "5H"]
    assert len(h.stock) == 52 - 28


def test_PY_05b_packets_of_3_2_2_from_a_known_deck_and_another_dealer(monkeypatch):
    _unshuffled(monkeypatch)
    h = Hand.deal(Rules(players=3, deal_packets="3-2-2"), seed=0, dealer=0)   # seat 1 gets the first packet
    assert h.start()["hands"] == [
        "7C 8C 9C AD 2D 7D 8D",       # seat 0, the dealer, last in each round: 7-9, 14-15, 20-21
        "AC 2C 3C 10C JC 3D 4D",      # seat 1: cards 1-3, 10-11, 16-17
        "4C 5C 6C QC KC 5D 6D",       # seat 2: cards 4-6, 12-13, 18-19
    ]
    assert h.start()["stock"].split()[0] == "9D" and h.to_act == 1
    assert h.events[0].describe() == ("Seat 0 deals 7 cards to each player in packets of 3-2-2; "
                                      "31 cards stay face down in the stock.")


def test_PY_05b_one_card_at_a_time_is_the_default(monkeypatch):
    _unshuffled(monkeypatch)
    h = Hand.deal(Rules(players=4), seed=0)
    assert h.start()["hands"][0] == "AC 5C 9C KC 4D 8D QD"
    assert Rules().deal_packets == 1 and Rules(deal_packets="1") == Rules()
    assert "packets" not in h.events[0].describe()


@pytest.mark.parametrize("packets", ["4-3", "3-2-2"])
@pytest.mark.parametrize("preset", ["classic", "turkish"])
def test_PY_05b_only_which_card_goes_to_whom_changes(packets, preset):
    for seed in range(5):
        one = Hand.deal(rules(preset, 5), seed=seed)
        pk = Hand.deal(rules(preset, 5, deal_packets=packets), seed=seed)
        assert pk.start()["stock"] == one.start()["stock"]                 # the same shuffled deck
        dealt = sorted(c for x in one.hands for c in x)
        assert sorted(c for x in pk.hands for c in x) == dealt
        assert all(len(x) == 7 for x in pk.hands) and pk.hands != one.hands


def test_PY_05b_deal_packets_in_records_and_on_the_command_line(capsys):
    assert main(["deal", "--game", "pis-yedili", "--players", "4", "--seed", "7",
                 "--option", "deal_packets=4-3", "--option", "partnerships=true"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["rules"] == {"players": 4, "preset": "classic", "deal_packets": "4-3", "partnerships": True}
    assert rec["start"]["hands"] == Hand.deal(Rules(players=4, deal_packets="4-3"), seed=7).start()["hands"]
    # a record with just the seed deals in packets too
    hand = load_record({"game": "pis-yedili", "rules": rec["rules"], "start": {"seed": 7}}).replay()
    assert hand.start()["hands"] == rec["start"]["hands"]
    assert main(["deal", "--game", "pis-yedili", "--players", "4", "--option", "deal_packets=1"]) == 0
    assert "deal_packets" not in json.loads(capsys.readouterr().out)["rules"]


def test_PY_05b_a_bad_packet_value_is_refused(capsys):
    for bad in ("4-2", "2-2-3", 7, True):
        with pytest.raises(InvalidOptionError, match="deal_packets"):
            Rules(deal_packets=bad)
    assert main(["deal", "--game", "pis-yedili", "--players", "4", "--option", "deal_packets=5-2"]) == 2
    assert "deal_packets='5-2'" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------- the fast engine
@pytest.mark.parametrize("options", [{"partnerships": True}, {"partnerships": True, "partner_goes_free": True},
                                     {"deal_packets": "4-3"}, {"deal_packets": "3-2-2", "partnerships": True}])
def test_the_fast_engine_plays_the_pairs_options(options):
    from cardlib.simulate import simulate
    sim = simulate("pis-yedili", players=4, n=50, seed=3, engine="fast", progress=False, **options)
    assert len(sim.table) == 50
    assert ("team_score_0" in sim.table.columns) == bool(options.get("partnerships"))


@pytest.mark.parametrize("options, match", [({"deal_packets": "5-2"}, "deal_packets"),
                                            ({"deal_packets": 4}, "deal_packets"),
                                            ({"partner_goes_free": True}, "partner_goes_free")])
def test_the_fast_engine_refuses_bad_pairs_options_clearly(options, match):
    from cardlib.simulate import simulate
    with pytest.raises(InvalidOptionError, match=match):
        simulate("pis-yedili", players=4, n=5, engine="fast", **options)


# --------------------------------------------------------------------------------------------- simulate
def test_PY_P4_a_simulation_in_pairs_has_team_columns_and_team_measures():
    from cardlib.simulate import simulate
    sim = simulate("pis-yedili", players=4, n=60, seed=4, bots="team", partnerships=True, progress=False)
    t = sim.table
    assert (t["team_score_0"] == t["score_0"] + t["score_2"]).all()
    assert (t["team_score_1"] == t["score_1"] + t["score_3"]).all()
    assert (t["team_diff"] == t["team_score_0"] - t["team_score_1"]).all()
    out = t["winner"].notna()
    assert (t.loc[out, "team_out_0"] == (t.loc[out, "winner"].astype(int) % 2 == 0)).all()
    assert (t.loc[~out, ["team_out_0", "team_out_1"]] == 0).all().all()
    summary = sim.summary()
    assert summary.loc["mean score team 1", "value"] == pytest.approx(t["team_score_1"].mean())
    assert summary.loc["out rate team 0", "value"] == pytest.approx(t["team_out_0"].mean())
    assert "mean score team 2" not in summary.index            # two teams only
    plain = simulate("pis-yedili", players=4, n=5, seed=4, progress=False)
    assert "team_score_0" not in plain.table and not any("team" in m for m in plain.summary().index)


def test_PY_P6_a_simulated_team_match_has_team_totals_and_both_partners_win():
    from cardlib.simulate import simulate
    sim = simulate("pis-yedili", players=6, n=6, seed=2, bots="heuristic", partnerships=True, series=True,
                   progress=False)
    g = sim.series_table
    for k in range(3):
        assert (g[f"team_total_{k}"] == g[f"score_{k}"] + g[f"score_{k + 3}"]).all()
        assert (g[f"win_{k}"] == g[f"win_{k + 3}"]).all()                # partners share the team's win
    low = g[[f"team_total_{k}" for k in range(3)]].min(axis=1)
    for k in range(3):
        won = g[f"team_total_{k}"] == low
        assert (g.loc[won, f"team_win_{k}"] > 0).all() and (g.loc[~won, f"team_win_{k}"] == 0).all()
    assert (g[[f"team_win_{k}" for k in range(3)]].sum(axis=1) == 1).all()
