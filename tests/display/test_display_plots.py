"""Plots (cardlib.plots): traces, titles and values of the run chart, chips, hand sizes and match scores."""

import json
from collections import Counter
from pathlib import Path

import plotly.graph_objects as go
import pytest

from cardlib import plots
from cardlib.records import load_record

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"
SC4 = DATA / "sari-cuce-4p-default.json"
SC6 = DATA / "sari-cuce-6p-default.json"
PY4 = DATA / "pis-yedili-4p-preset-classic.json"


def trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def test_run_chart_one_point_per_card_coloured_by_player():
    rec = json.loads(SC4.read_text())
    fig = plots.run_chart(SC4)
    assert isinstance(fig, go.Figure)
    assert "run" in fig.layout.title.text and "34 cards" in fig.layout.title.text
    assert fig.layout.xaxis.title.text == "card played (in order)"
    assert fig.layout.yaxis.title.text == "rank" and list(fig.layout.yaxis.ticktext)[0] == "A"
    # who played which card: the seat that held it at the deal
    holder = {c: s for s, h in enumerate(rec["start"]["hands"]) for c in h.split()}
    count = Counter(holder[c] for c in rec["moves"])
    for s in range(4):
        t = trace(fig, f"Seat {s}")
        assert len(t.x) == count[s]
        assert t.marker.color == plots.PALETTE[s]
    all_x = sorted(x for s in range(4) for x in trace(fig, f"Seat {s}").x)
    assert all_x == list(range(1, 35))
    # the first card: Seat 1 leads J♥ (rank 11)
    t1 = trace(fig, "Seat 1")
    assert t1.x[0] == 1 and t1.y[0] == 11 and t1.text[0] == "J♥" and t1.marker.symbol[0] == "diamond"


def test_run_chart_marks_captures_kings_and_stalls():
    data = plots.run_data(SC6)
    fig = plots.run_chart(SC6)
    hand = load_record(SC6).replay()
    kinds = Counter(e.kind for e in hand.events)
    assert len(trace(fig, "capture").x) == kinds["capture"] == len(data["captures"])
    assert len(trace(fig, "King: new run").x) == kinds["king_restart"]
    assert len(trace(fig, "stall (sans …)").x) == kinds["stall"] + kinds["skip_rank"] + kinds["stop"]
    for c in data["captures"]:
        assert data["plays"][c["x"] - 1]["card"] == c["box"]      # the ring sits on the box card
    assert all("takes the" in t for t in trace(fig, "capture").hovertext)


def test_run_chart_accepts_a_hand_and_names():
    hand = load_record(SC4).replay()
    fig = plots.run_chart(hand, names=["Ada", "Bora", "Cem", "Deniz"])
    assert [t.name for t in fig.data][1:5] == ["Ada", "Bora", "Cem", "Deniz"]


def test_figures_are_theme_neutral():
    fig = plots.run_chart(SC4)
    assert fig.layout.paper_bgcolor == "rgba(0,0,0,0)" and fig.layout.plot_bgcolor == "rgba(0,0,0,0)"
    assert fig.layout.template.layout.to_plotly_json() == {}          # template "none": no white theme
    assert fig.layout.font.color == plots.GREY


def test_chips_chart_of_a_game():
    from cardlib.saricuce import Game, Rules, bots
    game = Game(Rules(players=4, hands_limit=3), seed=5)
    game.play([bots.RandomBot(s) for s in range(4)])
    fig = plots.chips_chart(game)
    assert "chips after each hand" in fig.layout.title.text
    assert fig.layout.xaxis.title.text == "hands played" and fig.layout.yaxis.title.text == "chips"
    for s in range(4):
        t = trace(fig, f"Seat {s}")
        assert list(t.x) == [0, 1, 2, 3]
        assert t.y[0] == 100 and t.y[-1] == game.chips[s]
    for box, chips in zip(["10♦", "J♣", "Q♠", "K♥", "7♦"], game.board):
        assert trace(fig, f"box {box}").y[-1] == chips
    # the chips never leave the table (NJ-28)
    for i in range(1, 4):
        assert sum(t.y[i] for t in fig.data) == 400


def test_chips_chart_of_records():
    fig = plots.chips_chart([json.loads(SC4.read_text())])
    assert list(trace(fig, "Seat 1").y) == [100, 184]


def test_hand_sizes_chart():
    rec = json.loads(PY4.read_text())
    data = plots.hand_sizes_data(PY4)
    fig = plots.hand_sizes_chart(PY4)
    assert "cards in hand" in fig.layout.title.text
    assert fig.layout.xaxis.title.text == "turn"
    for s in range(4):
        t = trace(fig, f"Seat {s}")
        assert t.y[0] == 7
        assert t.y[-1] == len(rec["end"]["hands"][s])
        assert len(t.x) == len(data["sizes"])
    assert sum(len(m.split()) for m in data["moves"]) == len(rec["moves"])
    assert data["movers"][0] == 2              # dealer 1: seat 2 opens


def test_match_scores_chart():
    from cardlib.pisyedili import Match, Rules, bots
    match = Match(Rules.from_dict({"players": 3}), seed=4)
    match.play([bots.RandomBot(s) for s in range(3)])
    fig = plots.match_scores_chart(match, names=["Ada", "Bora", "Cem"])
    assert "match totals" in fig.layout.title.text
    for s, name in enumerate(["Ada", "Bora", "Cem"]):
        t = trace(fig, name)
        assert t.y[0] == 0 and t.y[-1] == match.totals[s]
        assert len(t.x) == len(match.results) + 1


def test_match_scores_from_score_lists_and_widget():
    fig = plots.match_scores_chart([[0, 10], [5, 0]], widget=True)
    assert isinstance(fig, go.FigureWidget)
    assert list(fig.data[1].y) == [0, 10, 10]


def test_empty_game_is_refused():
    with pytest.raises(ValueError):
        plots.match_scores_chart([])
