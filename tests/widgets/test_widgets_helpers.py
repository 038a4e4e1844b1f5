"""show_position and compare: HTML with the picture and the legal moves (stable outputs for nbval)."""

from pathlib import Path

from cardlib.display import HtmlImage
from cardlib.records import load_record
from cardlib.widgets import compare, show_position

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"


def test_show_position_lists_the_legal_moves():
    hand = load_record(DATA / "sari-cuce-4p-default.json").replay(upto=5)
    html = show_position(hand, ["Ada", "Bora", "Cem", "Deniz"])
    assert isinstance(html, HtmlImage) and html._repr_html_() == html
    moves = ", ".join(m.describe() for m in hand.legal_moves)                  # words, not codes
    assert not any(str(m) in html.split("legal moves")[-1] for m in hand.legal_moves if str(m) != m.describe())
    assert f"legal moves ({len(list(hand.legal_moves))}): {moves}" in html
    assert "<svg" in html and "Deniz to act" in html
    assert show_position(hand) == show_position(hand)          # deterministic


def test_show_position_of_a_finished_pis_yedili_hand():
    hand = load_record(DATA / "pis-yedili-4p-preset-classic.json").replay()
    html = show_position(hand, title="The end")
    assert "The hand is over." in html and "The end" in html


def test_compare_two_variants_side_by_side():
    from cardlib.saricuce import Hand, Rules
    a = Hand.deal(Rules(players=4), seed=7)
    b = Hand.deal(Rules.from_dict({"players": 4, "allow_voluntary_stop": True}), seed=7)
    html = compare(a, b, titles=("default", "voluntary stop"))
    assert html.count("<svg") == 2 and "default" in html and "voluntary stop" in html
    assert "display:flex" in html
