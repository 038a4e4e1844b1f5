"""The outcome of a Pis Yedili hand in words and a small table: who went out, the multiplier, each seat's
points (and the teams' in pairs, PY-P4); the game's outcome face, GameSpec.outcome
(:mod:`cardlib.display.outcome` draws the panel)."""

from __future__ import annotations

from ..display.svg import names_for
from ..display.words import plural as _plural
from .picture import TEAM_LETTERS as _TEAM_LETTERS

__all__ = ["lines", "headline", "table"]


def lines(r: dict, names: list[str] | None) -> list[str]:
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


def headline(r: dict, names: list[str] | None) -> str:
    scores = r["scores"]
    n = len(scores)
    names = names_for(names, n)
    w = r.get("winner")
    head = f"{names[w]} goes out" if w is not None else "The stock ran out"
    team = r.get("team_scores")
    if team is not None:
        half = len(team)
        body = ", ".join(f"team {_TEAM_LETTERS[k]} ({names[k]} & {names[k + half]}) {_plural(v, 'point')}" for k, v in enumerate(team))
    else:
        body = ", ".join(f"{names[s]} {_plural(scores[s], 'point')}" for s in range(n) if s != w)
    mult = r.get("multiplier", 1)
    return f"{head}: {body}" + (f" (×{mult})" if mult not in (1, None) else "")


def table(r: dict, names: list[str] | None, totals: list[int] | None) -> tuple[list[str], list, str]:
    rows = []
    n = len(r["scores"])
    names = names_for(names, n)
    team = r.get("team_scores")
    cols = ["player"] + (["team", "team points"] if team is not None else []) + ["points this hand"] + (
        ["match total"] + (["team match total"] if team is not None else []) if totals is not None else [])
    half = len(team) if team is not None else 0
    for s in range(n):
        k = s % half if team is not None else s      # the seat's team (without teams, used nowhere)
        vals = ([_TEAM_LETTERS[k], str(team[k])] if team is not None else []) + [str(r["scores"][s])]
        if totals is not None:
            vals.append(str(totals[s]))
            if team is not None:
                vals.append(str(totals[k] + totals[k + half]))
        rows.append((s, s == r.get("winner"), vals))
    foot = ("Ended by the stock running out." if r.get("ended_by") == "stock"
            else f"Multiplier ×{r.get('multiplier', 1)}.")
    return cols, rows, foot
