"""The outcome of a Pis Yedili hand in words and a small table: who went out, the multiplier, each seat's
points (and the teams' in pairs, PY-P4); the game's outcome face, GameSpec.outcome
(:mod:`cardlib.display.outcome` draws the panel)."""

from __future__ import annotations

from ..display.svg import names_for
from ..display.words import plural as _plural
from ..i18n import _, ngettext
from .picture import TEAM_LETTERS as _TEAM_LETTERS

__all__ = ["lines", "headline", "table"]


def lines(r: dict, names: list[str] | None) -> list[str]:
    scores = r["scores"]
    n = len(scores)
    names = names_for(names, n)
    if r.get("winner") is not None:
        lines = [_("{player} goes out and scores 0.").format(player=names[r['winner']])]
        if r.get("multiplier", 1) != 1:
            lines.append(_("The last card multiplies the others' points by {n}.").format(n=r['multiplier']))
    else:
        lines = [_("The stock ran out: the lowest hand scores 0.")]
    for s in range(n):
        if s != r.get("winner"):
            lines.append(ngettext("{player} scores {n} point.", "{player} scores {n} points.", scores[s]).format(
                player=names[s], n=scores[s]))
    team = r.get("team_scores")
    half = len(team) if team is not None else 0
    if team is not None:                                    # PY-P4: team k is seats k and k + n/2
        lines.append(_("Teams: {scores}.").format(scores=", ".join(
            _("{a} & {b}").format(a=names[k], b=names[k + half]) + f" {v}" for k, v in enumerate(team))))
    return lines


def headline(r: dict, names: list[str] | None) -> str:
    scores = r["scores"]
    n = len(scores)
    names = names_for(names, n)
    w = r.get("winner")
    head = _("{player} goes out").format(player=names[w]) if w is not None else _("The stock ran out")
    team = r.get("team_scores")
    if team is not None:
        half = len(team)
        body = ", ".join(_("team {letter} ({a} & {b}) {points}").format(
            letter=_TEAM_LETTERS[k], a=names[k], b=names[k + half], points=_plural(v, 'point'))
            for k, v in enumerate(team))
    else:
        body = ", ".join(f"{names[s]} {_plural(scores[s], 'point')}" for s in range(n) if s != w)
    mult = r.get("multiplier", 1)
    return f"{head}: {body}" + (f" (×{mult})" if mult not in (1, None) else "")


def table(r: dict, names: list[str] | None, totals: list[int] | None) -> tuple[list[str], list, str]:
    rows = []
    n = len(r["scores"])
    names = names_for(names, n)
    team = r.get("team_scores")
    cols = [_("player")] + ([_("team"), _("team points")] if team is not None else []) + [_("points this hand")] + (
        [_("match total")] + ([_("team match total")] if team is not None else []) if totals is not None else [])
    half = len(team) if team is not None else 0
    for s in range(n):
        k = s % half if team is not None else s      # the seat's team (without teams, used nowhere)
        vals = ([_TEAM_LETTERS[k], str(team[k])] if team is not None else []) + [str(r["scores"][s])]
        if totals is not None:
            vals.append(str(totals[s]))
            if team is not None:
                vals.append(str(totals[k] + totals[k + half]))
        rows.append((s, s == r.get("winner"), vals))
    foot = (_("Ended by the stock running out.") if r.get("ended_by") == "stock"
            else _("Multiplier ×{n}.").format(n=r.get('multiplier', 1)))
    return cols, rows, foot
