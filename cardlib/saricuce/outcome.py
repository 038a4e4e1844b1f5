"""The outcome of a Sarı Cüce hand in words and a small table: who paid whom, into the boxes, the chips
after (the game's outcome face, GameSpec.outcome; :mod:`cardlib.display.outcome` draws the panel)."""

from __future__ import annotations

from ..display.svg import names_for
from ..display.words import DASH as _DASH
from ..display.words import plural as _plural
from ..display.words import signed as _signed
from .rules import BOXES

__all__ = ["lines", "headline", "table"]

_BOX_NAMES = {str(box): box.pretty() for box in BOXES}


def lines(r: dict, names: list[str] | None) -> list[str]:
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


def headline(r: dict, names: list[str] | None) -> str:
    n = len(r["paid"])
    names = names_for(names, n)
    w = r["winner"]
    others = [(w + k) % n for k in range(1, n)]
    paid = {s: int(r["paid"][s]) for s in others}
    doubled = sum(int(r["doubled"][s]) for s in others)
    swept = int(r.get("swept") or 0)
    line = (f"{names[w]} wins{' with an Opéra' if r.get('opera') else ''}: "
            f"{_plural(sum(paid.values()) + swept, 'chip')} — "
            + ", ".join(f"{names[s]} pays {paid[s]}" for s in others)
            + (f", the board gives {swept}" if swept else ""))
    if doubled:
        line += f"; {_plural(doubled, 'chip')} paid into the boxes"
    return line


def table(r: dict, names: list[str] | None, totals: list[int] | None) -> tuple[list[str], list, str]:
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
    return cols, rows, " ".join(notes)
