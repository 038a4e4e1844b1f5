"""The outcome of a Sarı Cüce hand in words and a small table: who paid whom, into the boxes, the chips
after (the game's outcome face, GameSpec.outcome; :mod:`cardlib.display.outcome` draws the panel)."""

from __future__ import annotations

from ..display.svg import names_for
from ..display.words import DASH as _DASH
from ..display.words import plural as _plural
from ..display.words import signed as _signed
from ..i18n import _, ngettext
from .rules import BOXES

__all__ = ["lines", "headline", "table"]

_BOX_NAMES = {str(box): box.pretty() for box in BOXES}


def lines(r: dict, names: list[str] | None) -> list[str]:
    n = len(r["paid"])
    names = names_for(names, n)
    w = r["winner"]
    lines = [(_("{player} wins the hand with an Opéra and sweeps the board.") if r.get("opera")
              else _("{player} wins the hand.")).format(player=names[w])]
    for k in range(1, n):
        s = (w + k) % n
        paid, doubled = int(r["paid"][s]), int(r["doubled"][s])
        if paid:
            lines.append(_("{payer} pays {payee} {chips}.").format(payer=names[s], payee=names[w],
                                                                   chips=_plural(paid, 'chip')))
        if doubled:
            lines.append(_("{player} pays {chips} into the boxes (held a box card).").format(
                player=names[s], chips=_plural(doubled, 'chip')))
        if not paid and not doubled:
            lines.append(_("{player} pays nothing.").format(player=names[s]))
    total = sum(int(v) for v in r["board"].values())
    lines.append(_("The board now holds {chips}.").format(chips=_plural(total, 'chip')))
    return lines


def headline(r: dict, names: list[str] | None) -> str:
    n = len(r["paid"])
    names = names_for(names, n)
    w = r["winner"]
    others = [(w + k) % n for k in range(1, n)]
    paid = {s: int(r["paid"][s]) for s in others}
    doubled = sum(int(r["doubled"][s]) for s in others)
    swept = int(r.get("swept") or 0)
    head = (_("{player} wins with an Opéra") if r.get('opera') else _("{player} wins")).format(player=names[w])
    line = (f"{head}: {_plural(sum(paid.values()) + swept, 'chip')} — "
            + ", ".join(_("{player} pays {n}").format(player=names[s], n=paid[s]) for s in others)
            + (", " + _("the board gives {n}").format(n=swept) if swept else ""))
    if doubled:
        line += "; " + _("{chips} paid into the boxes").format(chips=_plural(doubled, 'chip'))
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
    cols = ([_("player"), _("paid the winner"), _("paid into boxes")] + ([_("written off")] if short else [])
            + [_("settlement"), _("chips now")])
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
    notes = [_("Settlement: chips won (+) or paid out (−) in the settlement; captures during the hand are "
               "already in the chips now.")]
    if swept:
        notes.append(_("The Opéra swept {n} chips off the board (NJ-24), counted in the winner's +.").format(n=swept))
    if short:
        lost = sum(written_off)
        notes.append(ngettext("{n} chip was owed but could not be paid: nobody goes below 0 (NJ-26), so it is "
                              "written off.",
                              "{n} chips were owed but could not be paid: nobody goes below 0 (NJ-26), so they are "
                              "written off.", lost).format(n=lost))
    notes.append(_("Board after the hand: {board}.").format(board=board))
    return cols, rows, " ".join(notes)
