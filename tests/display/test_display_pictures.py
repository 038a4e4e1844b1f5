"""Pictures (cardlib.display): cards, hands, the Sarı Cüce board and position, the Pis Yedili table, outcomes.

Pictures are checked for content (card texts, chip counts, markers) and for determinism (nbval strict)."""

import json
import re
from pathlib import Path

import pytest

from cardlib import Card
from cardlib.display import (HtmlImage, SvgImage, board_svg, card_html, card_svg, hand_svg, outcome_html,
                             outcome_lines, pis_yedili_table_svg, position_svg,
                             sari_cuce_position_svg)
from cardlib.display.svg import HIGHLIGHT
from cardlib.saricuce import runs_of
from cardlib.display.cards import BLACK, JOKER_INK, RED
from cardlib.records import timeline
from cardlib.records import load_record

DATA = Path(__file__).resolve().parents[1] / "data" / "examples"
SC4 = DATA / "sari-cuce-4p-default.json"
SC6 = DATA / "sari-cuce-6p-default.json"
PY3T = DATA / "pis-yedili-3p-preset-turkish.json"
PY4D = DATA / "pis-yedili-4p-jack-must-change-suit-on-preset-classic-seven-penalty-doubling3.json"
PY4P = DATA / "pis-yedili-4p-partnerships-on-preset-classic.json"
PY6P = DATA / "pis-yedili-6p-partner-goes-free-on-partnerships-on-preset-classic.json"


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def titles(svg):
    return re.findall(r"<title>([^<]*)</title>", svg)


# -- cards ----------------------------------------------------------------------------------------
def test_card_svg_is_a_picture_string():
    svg = card_svg(Card.parse("10D"))
    assert isinstance(svg, SvgImage) and isinstance(svg, str)
    assert svg._repr_svg_() == svg and not hasattr(svg, "_repr_html_")
    assert repr(svg).startswith("<SvgImage: ")  # stored once in a notebook, not again as text
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert ">10<" in svg and "♦" in svg and RED in svg and BLACK not in svg


def test_black_suits_are_black_and_the_joker_is_drawn():
    spade = card_svg("QS")
    assert ">Q<" in spade and "♠" in spade and BLACK in spade and RED not in spade
    joker = card_svg("X")
    assert "JOKER" in joker and JOKER_INK in joker


def test_card_repr_html_uses_the_display_package():
    html = Card.parse("7D")._repr_html_()
    assert html == card_html(Card.parse("7D"))
    assert isinstance(card_html("7D"), HtmlImage)
    assert "<svg" in html and "7♦" in html


def test_hand_marks_the_legal_cards():
    svg = hand_svg("AS 10D JC QH X", legal=["10D", "X"])
    assert svg.count(f'stroke="{HIGHLIGHT}"') == 2          # the two legal cards have a gold edge
    assert svg.count('fill-opacity="0.42"') == 3             # the other three are shaded
    assert set(titles(svg)) >= {"A♠", "10♦", "J♣", "Q♥", "Joker"}


def test_hidden_hand_shows_only_backs():
    svg = hand_svg("AS 10D JC", hidden=True)
    assert svg.count('class="card-back"') == 3
    assert "A♠" not in svg and "3 cards" in svg


def test_pictures_are_deterministic_and_have_no_ids():
    rec = load(SC6)
    a, b = position_svg(rec), position_svg(rec)
    assert a == b
    assert not re.search(r'\bid="', a)
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}", a)    # no uuids


def test_pictures_draw_their_own_background():
    # the first shape of every picture is an opaque background, and every text has an explicit fill
    for svg in (board_svg({"10D": 1}), position_svg(load(SC4)), position_svg(load(PY3T))):
        assert re.search(r"<rect [^>]*fill=\"#[0-9a-f]{6}\"", svg)
        for t in re.findall(r"<text [^>]*>", svg):
            assert 'fill="' in t


# -- Sarı Cüce ------------------------------------------------------------------------------------
def test_board_shows_the_chips_of_each_box():
    board = {"10D": 6, "JC": 0, "QS": 0, "KH": 48, "7D": 60}
    svg = board_svg(board)
    for box, chips in board.items():
        assert f'data-box="{box}" data-chips="{chips}"' in svg
        assert f">{chips}<" in svg
    assert "K♥ box: 48 chips" in titles(svg)
    assert "yellow dwarf (Sarı Cüce): 60 chips" in titles(svg)
    assert svg.count("<ellipse") == 6 + 30 + 30              # one disc per chip, at most 30 per box


def test_board_from_a_position_dict_and_a_hand():
    rec = load(SC6)
    svg = board_svg(rec["result"]["board"])
    assert 'data-box="7D" data-chips="60"' in svg
    hand = timeline(SC4).steps[0]
    svg = board_svg(hand.position)
    # stakes of 4 players: 4, 8, 12, 16, 20
    for box, chips in zip(("10D", "JC", "QS", "KH", "7D"), (4, 8, 12, 16, 20)):
        assert f'data-box="{box}" data-chips="{chips}"' in svg


def test_sari_cuce_position_shows_board_hands_chips_and_who_acts():
    tl = timeline(SC6)
    step = tl.steps[14]
    pos = step.position
    hand = load_record(load(SC6)).replay(upto=14)
    assert hand.position() == pos
    svg = sari_cuce_position_svg(hand)
    seat = pos["to_act"]
    assert f"Seat {seat} to act: needs a" in svg
    for s, chips in enumerate(pos["chips"]):
        assert f">{chips} chips<" in svg
    for box, chips in pos["board"].items():
        assert f'data-box="{box}" data-chips="{chips}"' in svg
    # every card of every hand is shown face up, and the legal cards of the seat to act are marked
    shown = titles(svg)
    for hand in pos["hands"]:
        for c in (hand.split() if isinstance(hand, str) else hand):
            assert Card.parse(c).pretty() in shown
    assert svg.count(f'stroke="{HIGHLIGHT}" stroke-width="2.4"') == len(step.legal)


def test_sari_cuce_hidden_hands():
    pos = load(SC4)["start"]
    svg = sari_cuce_position_svg(pos, visible=0)                # a deal dict: the engine deals it first
    assert f"Seat {(pos['dealer'] + 1) % 4} to act: starts a new run with any card" in svg
    own = [Card.parse(c).pretty() for c in pos["hands"][0].split()]
    other = [Card.parse(c).pretty() for c in pos["hands"][1].split()]
    shown = titles(svg)
    assert all(c in shown for c in own)
    boxes = {"10♦", "J♣", "Q♠", "K♥", "7♦"}            # drawn on the board anyway
    assert not any(c in shown for c in other if c not in boxes)
    assert svg.count('class="card-back"') == 36


def test_played_cards_are_grouped_into_runs():
    runs = runs_of([Card.parse(c) for c in "JH QD KC 4C 5H 9D 10S 3C".split()])
    assert [[str(c) for c in r] for r in runs] == [["JH", "QD", "KC"], ["4C", "5H"], ["9D", "10S"], ["3C"]]


def test_end_of_hand_picture():
    svg = position_svg(load(SC4))          # a record: its end position
    assert "no cards left" in svg and ">184 chips<" in svg
    # the winner and the settlement in the picture itself: a banner at the top, also in the alt text
    assert '<g class="banner">' in svg and "Seat 1 wins: 51 chips — Seat 2 pays 15, Seat 3 pays 21" in svg
    assert svg.alt.startswith("Sarı Cüce, 4 players. Seat 1 wins: 51 chips — Seat 2 pays 15, Seat 3 pays 21, "
                              "Seat 0 pays 15.")


# -- Pis Yedili -----------------------------------------------------------------------------------
def test_pis_yedili_table_shows_top_card_suit_direction_stock_and_turn():
    end = load(PY3T)["end"]
    svg = pis_yedili_table_svg(load(PY3T))                         # a record: replayed to its end
    assert "top card J♣" in svg and 'data-suit="H"' in svg
    assert f"stock {len(end['stock'])}" in svg and f"discards {len(end['discard'])}" in svg
    assert 'data-direction="1"' in svg and "clockwise" in svg
    assert "out: no cards left" in svg
    assert "Seat 2 goes out: Seat 0 48 points, Seat 1 90 points (×2)" in svg and '<g class="banner">' in svg
    assert ">3 cards<" in svg and ">7 cards<" in svg


def test_pis_yedili_pending_sevens_and_whose_turn():
    tl = timeline(PY4D)
    step = next(s for s in tl.steps if s.position.get("pending"))
    pos = step.position
    hand = load_record(load(PY4D)).replay(upto=step.index)         # seven_penalty doubling3, from the rules
    svg = pis_yedili_table_svg(hand)
    k = pos["pending"]
    assert f'data-pending="{k}"' in svg
    assert f"Seat {pos['to_act']}&#x27;s turn: play a 7 or draw {3 * 2 ** (k - 1)}" in svg


def test_pis_yedili_anticlockwise_and_hidden():
    rec = load(PY3T)
    tl = timeline(rec)
    step = next(s for s in tl.steps if s.position["direction"] == -1 and s.position["to_act"] is not None)
    hand = load_record(rec).replay(upto=step.index)
    svg = pis_yedili_table_svg(hand, visible=[hand.to_act])
    assert 'data-direction="-1"' in svg and "anticlockwise" in svg
    assert svg.count('class="card-back"') >= 7


def test_PY_P1_the_table_picture_shows_partners_as_partners():
    names = ["Ada", "Bora", "Cem", "Deniz", "Ece", "Filiz"]
    svg = pis_yedili_table_svg(load(PY6P), names)                 # replayed to its end
    assert "Pis Yedili in pairs: partners sit opposite" in titles(svg)
    for s in range(6):                                            # team s mod 3, partner opposite
        assert f'data-seat="{s}" data-team="{s % 3}" data-partner="{(s + 3) % 6}"' in svg
    assert "team A, partner: Deniz" in svg and "team C, partner: Cem" in svg
    from cardlib.pisyedili.picture import TEAM_COLOURS
    # the partners' rows wear one colour: team A's stripe appears for Ada and for Deniz
    assert svg.count(f'fill="{TEAM_COLOURS[0]}"') >= 2 and TEAM_COLOURS[2] in svg
    plain = pis_yedili_table_svg(load(PY3T))
    assert 'class="team"' not in plain and "partner" not in plain


def test_PY_P4_the_outcome_shows_team_points_and_team_totals():
    res = load(PY4P)["result"]                                    # scores 86 35 17 0, teams 103 35
    lines = outcome_lines(res, ["Ada", "Bora", "Cem", "Deniz"])
    assert lines[0] == "Deniz goes out and scores 0."
    assert lines[-1] == "Teams: Ada & Cem 103, Bora & Deniz 35."
    html = outcome_html(res, ["Ada", "Bora", "Cem", "Deniz"], totals=[86, 40, 20, 5])
    assert "team points" in html and "team match total" in html
    assert ">103<" in html and ">106<" in html and ">45<" in html   # 86 + 20 and 40 + 5


def test_position_svg_picks_the_game():
    assert 'class="cardlib sari-cuce"' in position_svg(load(SC4)["start"])
    assert 'class="cardlib pis-yedili"' in position_svg(load(PY3T)["start"])
    named = position_svg(dict(load(SC4), names=["Ada", "Bora", "Cem", "Deniz"]))
    assert "Bora" in named


# -- outcome --------------------------------------------------------------------------------------
def test_sari_cuce_outcome_says_who_paid_whom():
    res = load(SC4)["result"]
    lines = outcome_lines(res, ["Ada", "Bora", "Cem", "Deniz"])
    assert lines[0] == "Bora wins the hand."
    assert "Cem pays Bora 15 chips." in lines and "Deniz pays Bora 21 chips." in lines and "Ada pays Bora 15 chips." in lines
    html = outcome_html(res, ["Ada", "Bora", "Cem", "Deniz"])
    assert isinstance(html, HtmlImage) and html._repr_html_() == html
    assert "+51" in html and ">184<" in html and "background:" in html


def test_sari_cuce_outcome_signs_only_the_settlement_column():
    """Issue 13 point 7: the winner's +51 stands in its own signed column, never under "paid the winner"."""
    import re
    res = load(SC4)["result"]
    html = outcome_html(res, ["Ada", "Bora", "Cem", "Deniz"])
    head = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    assert head == ["player", "paid the winner", "paid into boxes", "settlement", "chips now"]
    rows = [re.findall(r"<td[^>]*>(?:<span[^>]*></span>)?([^<]*)</td>", row) for row in html.split("<tr")[2:]]
    by_name = {row[0].rstrip(" ★"): row[1:] for row in rows}
    assert by_name["Bora"][:3] == ["–", "–", "+51"]                    # the winner paid nothing: dashes
    for name in ("Ada", "Cem", "Deniz"):
        paid, boxes, net = by_name[name][:3]
        assert not paid.startswith(("+", "−")) and net == f"−{int(paid) + int(boxes)}"


def test_sari_cuce_outcome_with_doubling():
    lines = outcome_lines(load(SC6)["result"])
    assert "Seat 0 pays 30 chips into the boxes (held a box card)." in lines
    assert lines[-1] == "The board now holds 114 chips."


def test_pis_yedili_outcome_scores_and_totals():
    res = load(PY3T)["result"]
    lines = outcome_lines(res)
    assert lines[0] == "Seat 2 goes out and scores 0."
    assert "The last card multiplies the others' points by 2." in lines
    assert "Seat 1 scores 90 points." in lines
    html = outcome_html(res, totals=[100, 200, 5])
    assert "match total" in html and ">200<" in html
    stock = outcome_lines(load(PY4D)["result"])
    assert stock[0] == "The stock ran out: the lowest hand scores 0."


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_draws(path):
    rec = load(path)
    for what in (rec["start"], rec):                       # the start, read by the engine; the record, replayed
        svg = position_svg(what, rules=rec["rules"])
        assert svg.startswith("<svg") and svg.count("<svg") == 1
    assert outcome_html(rec["result"]).startswith("<div")


@pytest.mark.process
def test_display_is_not_imported_by_the_rules():
    import subprocess
    import sys
    code = ("import sys, cardlib, cardlib.saricuce, cardlib.pisyedili, cardlib.records; "
            "bad = [m for m in sys.modules if m.startswith(('cardlib.display', 'cardlib.plots', 'cardlib.widgets', "
            "'plotly', 'ipywidgets'))]; print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_outcome_shows_the_opera_sweep_and_written_off_chips():
    from pathlib import Path

    from cardlib.display import outcome_html
    from cardlib.records import load_record
    records = Path(__file__).resolve().parents[2] / "notebooks" / "records"
    opera = load_record(records / "sari-cuce-opera.json").replay().result()
    html = outcome_html(opera)
    assert opera.swept > 0 and f"swept {opera.swept} chips" in html
    assert f"+{sum(opera.paid) + opera.swept}<" in html          # the winner's gain includes the sweep
    short = load_record(records / "sari-cuce-short-of-chips.json").replay().result()
    html = outcome_html(short)
    assert "written off" in html and f"{sum(short.written_off)} chips were owed" in html
    plain = outcome_html(short.to_dict())                         # a record's result: no such columns
    assert "written off" not in plain


def test_pictures_come_as_png_too_for_untrusted_notebooks():
    """A notebook opened before it is trusted shows PNG but not SVG: every picture (and a hand) offers both,
    the PNG is a picture of the SVG's size, and it is the same bytes every time."""
    import struct

    from IPython.core.formatters import DisplayFormatter
    hand = load_record(load(SC4)).replay(upto=5)
    for obj in (card_svg("QS"), position_svg(hand), hand):
        data, _ = DisplayFormatter().format(obj)
        assert {"image/svg+xml", "image/png", "text/plain"} <= set(data)
        png = data["image/png"] if isinstance(data["image/png"], bytes) else __import__("base64").b64decode(data["image/png"])
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        svg = data["image/svg+xml"]
        assert f'width="{width}" height="{height}"' in svg
    assert position_svg(hand)._repr_png_() == position_svg(hand)._repr_png_()
