"""Printable lesson material (`make print`): for each game a sheet for the students (one or two pages in a
player's words) and the teacher's reference (every rule with its id), and a probability worksheet with its
answers, as print-ready HTML files that hold everything inline (pictures as SVG, charts as PNG).

    python tools/print_material.py [out_dir]          # default build/print/

The students' sheets take their rules from the short path's notebooks (notebooks/02_sari_cuce_short.ipynb,
03_pis_yedili_short.ipynb: the cell "## The rules"), so a player's words are written in one place. The
teacher's references are made from the project's rules references (docs/rules-sari-cuce.md and
docs/rules-pis-yedili.md, from the first section up to the options or the notation), so each rule is
written in one place; the pictures come from cardlib.display. The worksheet's answers are computed:
the exact chance (cardlib.prob) beside a seeded simulation (cardlib.prob.montecarlo), and a chart.
Open a file in a browser and print it (Ctrl P); each sheet starts on a new page.
"""

from __future__ import annotations

import base64
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.display import board_svg, hand_svg, position_svg  # noqa: E402
from cardlib.display.svg import INK, rect, svg_document, svg_to_png, text  # noqa: E402

#: each rule sheet: the game, its rules reference, where the sheet's part of it ends, the pictures
SHEETS = {
    "sari-cuce": ("Sarı Cüce (Nain Jaune)", "docs/rules-sari-cuce.md", "## Options",
                  ["notebooks/records/sari-cuce-opera.json"]),
    "pis-yedili": ("Pis Yedili", "docs/rules-pis-yedili.md", "## Notation",
                   ["notebooks/records/pis-yedili-first-deal.json", "notebooks/records/pis-yedili-seven-chain.json"]),
}
RULE_ID = re.compile(r"\b(NJ-\d+|PY-\d+[A-Z]?b?)\b")
SEED, DEALS = 1, 100_000

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; color: #202020; max-width: 19cm;
       margin: 1cm auto; line-height: 1.35; }
h1 { font-size: 20pt; margin: 0 0 .3em 0; } h2 { font-size: 14pt; margin: 1em 0 .3em 0; }
h3 { font-size: 12pt; } code { font-size: 10pt; }
h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; }    /* a heading never ends a page */
li, tr, p { break-inside: avoid; }
.players { font-size: 12pt; line-height: 1.4; } .players li { margin: .25em 0; }
.pictures { display: flex; gap: .6cm; align-items: flex-end; flex-wrap: wrap; }
.pictures svg { width: 100%; height: auto; }
.need { border: 1px solid #999; border-radius: 6px; padding: .3em .8em; margin: .6em 0; break-inside: avoid; }
.draw { width: 100%; } .work { height: 2.4cm; }   /* room to work the answer out */
table.deal td, table.deal th { text-align: center; min-width: 1.1cm; }
table { border-collapse: collapse; margin: .4em 0; } td, th { border: 1px solid #999; padding: 2px 6px; }
figure { margin: .6em 0; break-inside: avoid; } figcaption { font-size: 9pt; color: #444; }
.question { border: 1px solid #999; border-radius: 6px; padding: .4em .8em; margin: .6em 0; break-inside: avoid; }
.blank { display: inline-block; min-width: 6cm; border-bottom: 1px solid #444; height: 1.2em; }
.page { break-before: page; }
svg { max-width: 100%; height: auto; }
@page { size: A4; margin: 1.2cm; }
"""


def page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{CSS}</style></head><body>\n{body}\n</body></html>\n")


def figure(svg: str, caption: str, width: str = "") -> str:
    style = f' style="width:{width}"' if width else ""
    return f"<figure{style}>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def png_img(svg: str, alt: str) -> str:
    data = base64.b64encode(svg_to_png(svg)).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}" style="max-width:100%">'


# --------------------------------------------------------------------------------------- rule sheets


#: sections of a rules reference that are for programmers (option names, error classes), with the words
#: a rule sheet says instead
FOR_PROGRAMMERS = {
    "docs/rules-pis-yedili.md": {
        "## The two presets": "## Two ways to play\n\nThere are two rule sets: **classic** (the default) and "
                              "**turkish**. Where they differ, the rules below say which is which; the rule ids "
                              "with a T are the Turkish ones. One 52-card deck without jokers; two decks (104 "
                              "cards) and jokers are options (PY-01). From 2 players up to 7 with one deck: "
                              "each of them gets 7 cards and one card must be left (PY-02).\n\n",
    },
}


def sheet_markdown(doc: str, stop: str) -> str:
    """The part of a rules reference a sheet holds: from its first section up to ``stop``, with the sections
    for programmers (FOR_PROGRAMMERS) in plain words."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    part = text[text.index("\n## "):text.index(stop)]
    for heading, words in FOR_PROGRAMMERS.get(doc, {}).items():
        start = part.index(heading + "\n")
        end = part.index("\n## ", start + len(heading))
        part = part[:start] + words + part[end + 1:]
    return part


def rule_ids(markdown: str) -> list[str]:
    return sorted(set(RULE_ID.findall(markdown)))


def rule_sheet(game: str) -> str:
    import mistune  # the Markdown renderer (declared in pyproject: it also comes with nbconvert)

    title, doc, stop, records = SHEETS[game]
    part = sheet_markdown(doc, stop)
    parts = [f"<h1>{html.escape(title)}: the teacher's reference</h1>",
             f"<p>Every rule as cardlib plays it, from <code>{doc}</code>, with the project's rule ids "
             f"({len(rule_ids(part))} rules here). The students' sheet, <code>{game}-players.html</code>, says "
             f"the same in a player's words on one or two pages.</p>"]
    for record in records:
        path = ROOT / record
        if game == "sari-cuce":
            parts.append(figure(board_svg({"10D": 4, "JC": 8, "QS": 12, "KH": 16, "7D": 20}, players=4),
                                "The board after the stakes of 4 players (NJ-05, NJ-06).", "11cm"))
        picture = position_svg(json.loads(path.read_text(encoding="utf-8")))
        parts.append(figure(picture, f"The end of an example hand ({path.stem}): who won, and the settlement or "
                                     f"the scores, at the top." if 'class="banner"' in picture
                            else f"An example hand ({path.stem}), where its record stops.", "12cm"))
    # a table indented inside a list item is taken out of the list, so that it is drawn as a table
    part_md = re.sub(r"^ {2,4}\|", "|", part, flags=re.M)
    parts.append(mistune.create_markdown(plugins=["table"])(part_md))
    return page(f"{title}: rule sheet", "\n".join(parts))


# ------------------------------------------------------------------------------------ students' sheets

#: each students' sheet: the game, the notebook whose "## The rules" cell it prints, what a player needs
PLAYERS = {
    "sari-cuce": ("Sarı Cüce (Nain Jaune)", "notebooks/02_sari_cuce_short.ipynb",
                  "For 3 to 8 players, with one deck of 52 cards and 100 chips each. Get rid of your cards "
                  "first, and catch the chips on the boxes on the way."),
    "pis-yedili": ("Pis Yedili", "notebooks/03_pis_yedili_short.ipynb",
                   "For 2 to 7 players, with one deck of 52 cards. Be the first to get rid of all your cards: "
                   "the cards left in your hand cost points."),
}


def short_rules(notebook: str) -> str:
    """The markdown of the short path's rules (its cell that starts with ``## The rules``), links as their
    words: the one place a player's rules are written."""
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    (rules,) = ["".join(c["source"]) for c in cells if "".join(c["source"]).startswith("## The rules")]
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", rules)


def players_pictures(game: str) -> str:
    """The students' sheet's two pictures, made by the engine (the stakes of four players; the cards the rules
    let Ada play on the 9♥), so that they cannot say other than the rules."""
    from cardlib.lessons import position

    if game == "sari-cuce":
        from cardlib.saricuce.rules import BOX_NAMES, STAKES

        return (figure(board_svg({box: 4 * stake for box, stake in zip(BOX_NAMES, STAKES)}, players=4),
                       "The board when four players have paid their stakes.", "11cm")
                + figure(hand_svg("4C 5D 6H 7D 8H 9C"), "A run: each card one rank up, in any suit.", "5cm"))
    hand = position("pis-yedili", hands=["7H 9S KD 2H JC", "3C 4C 5C"], discard="9H", to_act=0)
    return (figure(hand_svg("9H"), "The top card of the pile.", "2cm")
            + figure(hand_svg(hand.hands[0], legal=hand.legal_moves),
                     "Your cards: the gold ones fit on the 9♥ (a heart, a 9, a Jack); the K♦ does not.", "7cm"))


def players_sheet(game: str) -> str:
    import mistune

    title, notebook, need = PLAYERS[game]
    rules = mistune.create_markdown(plugins=["table"])(short_rules(notebook))
    body = [f"<h1>{html.escape(title)}: how to play</h1>", f"<p>{html.escape(need)}</p>",
            f'<div class="pictures">{players_pictures(game)}</div>', f'<div class="players">{rules}</div>']
    return page(f"{title}: how to play", "\n".join(body))


# ----------------------------------------------------------------------------------------- worksheet


def questions() -> list[dict]:
    """The worksheet's questions, each with its exact answer and a seeded simulation beside it."""
    from cardlib.prob import any_box_card_dead, card_dead, holds_card, opener_no_club
    from cardlib.prob import montecarlo as mc

    return [
        dict(q="In Sarı Cüce with 6 players, what is the chance that the yellow dwarf 7♦ is dealt to nobody "
               "(it lies in the dead stock)?", rules="NJ-02, NJ-11",
             exact=card_dead(6), sim=mc.card_dead(6, n=DEALS, seed=SEED),
             why="8 cards each leave 4 of the 52 dead; the 7♦ is in any place alike: 4/52 = 1/13."),
        dict(q="In Sarı Cüce with 4 players, what is the chance that Bora holds the 7♦?", rules="NJ-02",
             exact=holds_card(4), sim=mc.holds_card(4, n=DEALS, seed=SEED),
             why="Bora gets 12 of the 52 places: 12/52 = 3/13."),
        dict(q="In Sarı Cüce with 4 players, what is the chance that at least one of the five box cards "
               "is dead?", rules="NJ-05, NJ-11",
             exact=any_box_card_dead(4), sim=mc.any_box_card_dead(4, n=DEALS, seed=SEED),
             why="1 − C(47,4)/C(52,4): the chance that none of the 4 dead cards is a box card, taken away from 1."),
        dict(q="In Pis Yedili, what is the chance that the opener's 7 cards hold no club, so they must draw?",
             rules="PY-07", exact=opener_no_club(), sim=mc.opener_no_club(4, n=DEALS, seed=SEED),
             why="C(39,7)/C(52,7): all 7 cards from the 39 that are not clubs."),
    ]


def dead_by_players_chart() -> str:
    """A bar chart (SVG, made into PNG): the chance that the 7♦ is dead for 3 to 8 players, exact bars and
    the simulated estimates with their 95% intervals."""
    from cardlib.prob import card_dead
    from cardlib.prob import montecarlo as mc

    players = list(range(3, 9))
    exact = [float(card_dead(p)) for p in players]
    sims = [mc.card_dead(p, n=DEALS, seed=SEED) for p in players]
    w, h, left, bottom, top = 620, 300, 60, 40, 40
    top_value = 0.16
    y = lambda v: h - bottom - (h - bottom - top) * v / top_value  # noqa: E731
    parts = [rect(0, 0, w, h, "#ffffff"), text(12, 22, "Is the 7♦ dead? By the number of players", 15, INK,
                                               weight="bold")]
    for k in range(5):
        v = k * 0.04
        parts.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - 10}" y2="{y(v):.1f}" stroke="#ccc"/>')
        parts.append(text(left - 6, y(v) + 4, f"{v:.2f}", 11, INK, anchor="end"))
    step = (w - left - 20) / len(players)
    for i, (p, e, s) in enumerate(zip(players, exact, sims)):
        x = left + i * step + step * 0.2
        bw = step * 0.6
        parts.append(rect(x, y(e), bw, y(0) - y(e), "#d4b000"))
        cx = x + bw / 2
        parts.append(f'<line x1="{cx:.1f}" y1="{y(s.high):.1f}" x2="{cx:.1f}" y2="{y(s.low):.1f}" '
                     f'stroke="#1f3f6e" stroke-width="2"/>')
        parts.append(f'<circle cx="{cx:.1f}" cy="{y(s.value):.1f}" r="4" fill="#4e79a7"/>')
        parts.append(text(cx, h - bottom + 16, str(p), 12, INK, anchor="middle"))
    parts.append(text(w / 2, h - 6, "players  (bars: exact; dots: simulated, with 95% intervals)", 11, INK,
                      anchor="middle"))
    desc = "; ".join(f"{p} players: exact {e:.4f}, simulated {s.value:.4f}" for p, e, s in zip(players, exact, sims))
    return svg_document(w, h, "".join(parts), title="The 7♦ dead, by players",
                        desc=f"A bar chart of the chance that the 7♦ is dead. {desc}.")


def need_box() -> str:
    """What the questions need: the deal of Sarı Cüce for 3 to 8 players, and the facts of the deck."""
    from cardlib.saricuce import Rules

    players = range(3, 9)
    rows = [("players", players), ("cards each", [Rules(players=p).cards_per_player for p in players]),
            ("dead cards", [Rules(players=p).dead_count for p in players])]
    table = "".join(f"<tr><th>{name}</th>" + "".join(f"<td>{v}</td>" for v in values) + "</tr>" for name, values in rows)
    return ('<div class="need"><b>What you need.</b> A deck has 52 cards: 13 of each suit, ♣ ♦ ♥ ♠. Sarı Cüce deals '
            'every card but the dead ones, which nobody sees:'
            f'<table class="deal">{table}</table>'
            'Pis Yedili deals 7 cards to each player; the opener must play a club. C(n, k), "n choose k", counts '
            'the ways to pick k cards out of n.</div>')


def drawing_grid() -> str:
    """An empty chart to draw on: players 3 to 8 across, the chance 0 to 0.16 up."""
    w, h, left, bottom, top = 620, 260, 60, 40, 20
    y = lambda v: h - bottom - (h - bottom - top) * v / 0.16  # noqa: E731
    parts = [rect(0, 0, w, h, "#ffffff")]
    for k in range(9):
        v = k * 0.02
        parts.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - 10}" y2="{y(v):.1f}" stroke="#bbb"/>')
        if k % 2 == 0:
            parts.append(text(left - 6, y(v) + 4, f"{v:.2f}", 11, INK, anchor="end"))
    step = (w - left - 20) / 6
    for i, p in enumerate(range(3, 9)):
        parts.append(text(left + (i + 0.5) * step, h - bottom + 16, str(p), 12, INK, anchor="middle"))
    parts.append(text(w / 2, h - 6, "players", 11, INK, anchor="middle"))
    return svg_document(w, h, "".join(parts), title="A chart to draw on",
                        desc="An empty chart: players 3 to 8 across, the chance from 0 to 0.16 up.")


def worksheet() -> str:
    from cardlib.prob import show

    qs = questions()
    chart = dead_by_players_chart()
    body = ["<h1>Probability worksheet: the odds of the deal</h1>",
            "<p>Answer each question as a fraction, then as a decimal. The answers are on the last pages.</p>",
            need_box(),
            figure(hand_svg("7D 10D JC QS KH"), "The five box cards of Sarı Cüce; the 7♦ is the yellow dwarf.")]
    for k, q in enumerate(qs, 1):
        body.append(f'<div class="question"><b>{k}.</b> {html.escape(q["q"])} <i>({q["rules"]})</i>'
                    f'<div class="work"></div>'
                    f'fraction: <span class="blank"></span> &nbsp; decimal: <span class="blank"></span></div>')
    body.append('<div class="question"><b>5.</b> Does the chance in question 1 change with the number of '
                'players? Work it out for 3 to 8 players, and draw it: one bar for each number of players.'
                f'<figure class="draw">{drawing_grid()}</figure></div>')
    body.append('<h1 class="page">Answers</h1>')
    for k, q in enumerate(qs, 1):
        body.append(f'<div class="question"><b>{k}.</b> {html.escape(q["q"])}<br>'
                    f'<b>exact:</b> {html.escape(str(show(q["exact"])))}: {html.escape(q["why"])}<br>'
                    f'<b>simulated</b> ({DEALS:,} seeded deals): {html.escape(str(q["sim"]))}; the exact value '
                    f'{"lies" if q["exact"] in q["sim"] else "does NOT lie"} inside the 95% interval.</div>')
    body.append('<div class="question"><b>5.</b> Only through the dead stock (NJ-02): 7 dead cards with 3 or '
                '5 players, 4 with 4, 6 or 8, 3 with 7.'
                f'<figure>{png_img(chart, chart.alt)}<figcaption>{html.escape(chart.alt)}</figcaption></figure></div>')
    return page("Probability worksheet", "\n".join(body))


def main(argv: list[str] | None = None) -> list[Path]:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "build" / "print"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game in SHEETS:
        path = out / f"{game}-players.html"
        path.write_text(players_sheet(game), encoding="utf-8")
        written.append(path)
        path = out / f"{game}-rules.html"
        path.write_text(rule_sheet(game), encoding="utf-8")
        written.append(path)
    path = out / "probability-worksheet.html"
    path.write_text(worksheet(), encoding="utf-8")
    written.append(path)
    for path in written:
        print(path)
    return written


if __name__ == "__main__":
    main()
