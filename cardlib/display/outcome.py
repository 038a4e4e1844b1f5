"""The outcome of a hand, in words and a small table: who paid whom (Sarı Cüce), the points (Pis Yedili)."""

from __future__ import annotations

from typing import Any

from ..pisyedili import GAME as PIS_YEDILI
from ..saricuce import GAME as SARI_CUCE
from ..saricuce.rules import BOXES as SARI_CUCE_BOXES
from ..games import game_of
from ._base import INK, PANEL, PALETTE, HtmlImage, as_result_dict, esc, names_for

__all__ = ["outcome_html", "outcome_lines"]

_BOX_NAMES = {str(box): box.pretty() for box in SARI_CUCE_BOXES}
_TEAM_LETTERS = "ABCDEFG"        # as on the table picture (display.pisyedili.TEAM_LETTERS)


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def outcome_lines(result: Any, names: list[str] | None = None) -> list[str]:
    """The outcome as plain sentences (for narration lines and tests)."""
    r = as_result_dict(result)
    return _GAMES[game_of(r).name][0](r, names)


def _sc_lines(r: dict, names: list[str] | None) -> list[str]:
    n = len(r["paid"])
    names = names_for(names, n)
    w = r["winner"]
    lines = [f"{names[w]} wins the hand" + (" with an Opéra and sweeps the board." if r.get("opera") else ".")]
    for k in range(1, n):
        s = (w + k) % n
        paid, doubled = int(r["paid"][s]), int(r["doubled"][s])
        if paid:
            lines.append(f"{names[s]} pays {names[w]} {_plural(paid, 'chip')}.")
        if doubled:
            lines.append(f"{names[s]} pays {_plural(doubled, 'chip')} into the boxes (held a box card).")
        if not paid and not doubled:
            lines.append(f"{names[s]} pays nothing.")
    total = sum(int(v) for v in r["board"].values())
    lines.append(f"The board now holds {_plural(total, 'chip')}.")
    return lines


def _py_lines(r: dict, names: list[str] | None) -> list[str]:
    scores = r["scores"]
    n = len(scores)
    names = names_for(names, n)
    if r.get("winner") is not None:
        lines = [f"{names[r['winner']]} goes out and scores 0."]
        if r.get("multiplier", 1) != 1:
            lines.append(f"The last card multiplies the others' points by {r['multiplier']}.")
    else:
        lines = ["The stock ran out: the lowest hand scores 0."]
    for s in range(n):
        if s != r.get("winner"):
            lines.append(f"{names[s]} scores {scores[s]} point{'s' if scores[s] != 1 else ''}.")
    team = r.get("team_scores")
    half = len(team) if team is not None else 0
    if team is not None:                                    # PY-P4: team k is seats k and k + n/2
        lines.append("Teams: " + ", ".join(f"{names[k]} & {names[k + half]} {v}" for k, v in enumerate(team)) + ".")
    return lines


def outcome_html(result: Any, names: list[str] | None = None, *, totals: list[int] | None = None,
                 title: str | None = None) -> HtmlImage:
    """The outcome of a hand (a ``Result`` or the record's ``result`` dict) as a small HTML panel.

    Sarı Cüce: the winner, the Opéra, what each seat paid the winner and into the boxes, chips after.
    Pis Yedili: who went out (or that the stock ran out), the multiplier, this hand's points per seat and,
    with ``totals``, the match totals; in pairs also each seat's team (A, B, ...), the team points of the
    hand (PY-P4) and, with ``totals``, the team match totals (PY-P6).  Draws its own background, so it reads in light and dark themes.
    """
    r = as_result_dict(result)
    lines = outcome_lines(r, names)
    cols, rows, foot = _GAMES[game_of(r).name][1](r, names, totals)
    return _panel(title, lines, cols, rows, foot, names_for(names, len(rows)))


def _sc_table(r: dict, names: list[str] | None, totals: list[int] | None) -> tuple[list[str], list, str]:
    """Columns that each mean one thing: what a loser paid (to the winner, into the boxes) as plain amounts,
    the winner's cells there a dash; then ``settlement``, the one signed column: + what the winner took in
    (payments and an Opéra sweep), - what each loser paid out."""
    rows = []
    n = len(r["paid"])
    names = names_for(names, n)
    written_off = list(r.get("written_off") or ())
    short = any(written_off)
    cols = (["player", "paid the winner", "paid into boxes"] + (["written off"] if short else [])
            + ["settlement", "chips now"])
    swept = int(r.get("swept") or 0)
    for s in range(n):
        won = s == r["winner"]
        if won:
            vals = [_DASH, _DASH] + ([_DASH] if short else [])
            vals.append(_signed(sum(int(v) for v in r["paid"]) + swept))
        else:
            paid, doubled = int(r["paid"][s]), int(r["doubled"][s])
            vals = [str(paid), str(doubled)] + ([str(written_off[s])] if short else [])
            vals.append(_signed(-(paid + doubled)))
        vals.append(str(r["chips"][s]))
        rows.append((s, won, vals))
    board = " ".join(f"{_BOX_NAMES.get(k, k)} {v}" for k, v in r["board"].items())
    notes = ["Settlement: chips won (+) or paid out (−) in the settlement; captures during the hand are "
             "already in the chips now."]
    if swept:
        notes.append(f"The Opéra swept {swept} chips off the board (NJ-24), counted in the winner's +.")
    if short:
        lost = sum(written_off)
        notes.append(f"{lost} chip{' was' if lost == 1 else 's were'} owed but could not be paid: nobody goes "
                     f"below 0 (NJ-26), so {'it is' if lost == 1 else 'they are'} written off.")
    notes.append(f"Board after the hand: {board}.")
    return cols, rows, esc(" ".join(notes))


_DASH = "–"


def _signed(k: int) -> str:
    """``+65``, ``−47`` (a true minus sign), ``0``."""
    return f"+{k}" if k > 0 else f"−{-k}" if k < 0 else "0"


def _py_table(r: dict, names: list[str] | None, totals: list[int] | None) -> tuple[list[str], list, str]:
    rows = []
    n = len(r["scores"])
    names = names_for(names, n)
    team = r.get("team_scores")
    cols = ["player"] + (["team", "team points"] if team is not None else []) + ["points this hand"] + (
        ["match total"] + (["team match total"] if team is not None else []) if totals is not None else [])
    half = len(team) if team is not None else 0
    for s in range(n):
        k = s % half if team is not None else None
        vals = ([_TEAM_LETTERS[k], str(team[k])] if team is not None else []) + [str(r["scores"][s])]
        if totals is not None:
            vals.append(str(totals[s]))
            if team is not None:
                vals.append(str(totals[k] + totals[k + half]))
        rows.append((s, s == r.get("winner"), vals))
    foot = ("Ended by the stock running out." if r.get("ended_by") == "stock"
            else f"Multiplier ×{r.get('multiplier', 1)}.")
    return cols, rows, foot


def _panel(title: str | None, lines: list[str], cols: list[str], rows: list, foot: str,
           names: list[str]) -> HtmlImage:
    cell = f"padding:3px 10px;border-bottom:1px solid #d8d4c8;color:{INK};text-align:right"
    head = f"padding:3px 10px;border-bottom:2px solid #8d8878;color:{INK};text-align:right;font-weight:bold"
    html = [f'<div class="cardlib-outcome" style="background:{PANEL};color:{INK};border:1px solid #8d8878;'
            f'border-radius:8px;padding:10px 14px;display:inline-block;font-family:sans-serif;font-size:13px">']
    if title:
        html.append(f'<div style="font-weight:bold;font-size:15px;margin-bottom:4px;color:{INK}">{esc(title)}</div>')
    html.append(f'<div style="font-weight:bold;font-size:15px;color:{INK}">{esc(lines[0])}</div>')
    html.append(f'<table style="border-collapse:collapse;margin:6px 0;background:{PANEL}"><tr>')
    html.append("".join(f'<th style="{head}{";text-align:left" if i == 0 else ""}">{esc(c)}</th>'
                        for i, c in enumerate(cols)))
    html.append("</tr>")
    for s, won, vals in rows:
        bg = "background:#fff1b8;" if won else ""
        dot = f'<span style="display:inline-block;width:10px;height:10px;border-radius:5px;background:{PALETTE[s % len(PALETTE)]};margin-right:6px"></span>'
        html.append(f'<tr style="{bg}"><td style="{cell};text-align:left">{dot}{esc(names[s])}'
                    f'{" ★" if won else ""}</td>' + "".join(f'<td style="{cell}">{esc(v)}</td>' for v in vals) + "</tr>")
    html.append("</table>")
    html.append("".join(f'<div style="color:{INK}">{esc(line)}</div>' for line in lines[1:]))
    html.append(f'<div style="color:#555;margin-top:4px">{foot}</div></div>')
    return HtmlImage("".join(html))


#: each game's (sentences, table) of an outcome, by the game's name
_GAMES = {SARI_CUCE.name: (_sc_lines, _sc_table), PIS_YEDILI.name: (_py_lines, _py_table)}
