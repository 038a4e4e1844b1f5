"""What a Pis Yedili hand and match count for in a simulation table (:mod:`cardlib.simulate`).

``hand_row(hand)`` gives this game's columns of a finished hand, ``series_row(match)`` those of a finished
match; ``SUMMARY`` and ``SERIES_SUMMARY`` name the measures :meth:`Simulation.summary` reports beside the
ones every game has.  ``{k}`` stands for each seat, ``{t}`` for each team.

With partnerships (pairs, docs/rules-pis-yedili.md) the rows also have team columns, team ``t`` being seats ``t`` and
``t + n/2`` (PY-P1): a hand's ``team_score_t`` (PY-P4) and ``team_out_t`` (1 when a player of team ``t``
went out), with two teams ``team_diff`` (team 0's score minus team 1's); a match's ``team_total_t`` and
``team_win_t`` (1, or a share for co-winning teams, PY-P6).  A ``{t}`` measure runs over the table's teams
(``players / 2`` of them, PY-P1); a measure whose column a table lacks is left out, so a game without
partnerships shows none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .match import Match

from . import events as ev

__all__ = ["hand_row", "series_row", "VALVE", "WINNER_METRIC", "SUMMARY", "SERIES_SUMMARY", "SERIES_VALUE"]

#: the summary's name for the share of hands each seat's ``winner`` column holds: the player who went out
#: (PY-28), not the hand's best score (a stock ending has no one out, and its lowest hand scores 0 too:
#: ``best-hand share``); "win rate" read as winning (0.6 % with random bots, beside a best-hand share of 25 %)
WINNER_METRIC = "went out rate seat {k}"

#: (kind, metric, column); ``zero_share`` is each seat's share of the seats that scored 0 (PY-28/PY-A20:
#: a stock ending has no winner, but its lowest hands score 0), so the shares add up to 1
#: a hand may end at the 2,000-turn safety valve (PY-F5): the table has a ``valve`` column
VALVE = True
SUMMARY: tuple[tuple[str, str, str], ...] = (
    ("zero_share", "best-hand share seat {k}", "score_{k}"),
    ("mean", "mean score seat {k}", "score_{k}"),
    ("rate", "stock ending rate", "stock_ended"),
    ("mean", "mean multiplier", "multiplier"),
    ("mean", "mean score team {t}", "team_score_{t}"),
    ("rate", "out rate team {t}", "team_out_{t}"),
    ("mean", "mean team score difference (team 0 - team 1)", "team_diff"),
)
#: the measures of a match table: each seat's total, and in pairs each team's win share and total (PY-P6)
SERIES_SUMMARY: tuple[tuple[str, str, str], ...] = (
    ("mean", "mean total score seat {k}", "score_{k}"),
    ("rate", "win share team {t}", "team_win_{t}"),
    ("mean", "mean total team {t}", "team_total_{t}"),
)
#: the per-seat column of a match row that decides the winners (lowest total, PY-31)
SERIES_VALUE = ("score_", min)


def hand_row(hand: Any) -> dict[str, Any]:
    """``ended_by stock_ended multiplier draws reshuffles score_k`` of a finished hand (``draws``: draw
    moves; ``reshuffles``: PY-28T rebuilds of the stock); with partnerships also ``team_score_t``,
    ``team_out_t`` and, with two teams, ``team_diff``; then how the hand went: ``plays`` (cards played,
    opening cards included), ``cards_drawn`` (every card drawn: draws, sevens, Aces, tek, end penalties),
    ``penalty`` (cards drawn for sevens, PY-20), ``turns`` (turns ended, PY-F5), ``stock_left`` (cards
    left in the stock) and ``last_card`` (the last card played, as text; ``None`` if none was): the same
    columns as the fast engine's (docs/simulate.md)."""
    res = hand.result()
    row: dict[str, Any] = {"ended_by": res.ended_by, "stock_ended": res.ended_by == "stock",
                           "multiplier": res.multiplier,
                           "draws": sum(1 for m in hand.move_stack if m.kind == "draw"),
                           "reshuffles": sum(1 for e in hand.record_moves() if e.startswith("reshuffle"))}
    for k, s in enumerate(res.scores):
        row[f"score_{k}"] = s
    team = res.team_scores
    if team is not None:
        out_team = None if res.winner is None else hand.rules.team_of(res.winner)
        for t, s in enumerate(team):
            row[f"team_score_{t}"] = s
        for t in range(len(team)):
            row[f"team_out_{t}"] = float(t == out_team)
        if len(team) == 2:
            row["team_diff"] = team[0] - team[1]
    plays = drawn = penalty = 0
    last = None
    for e in hand.events:
        if isinstance(e, ev.Play):
            plays += 1
            last = e.card
        elif isinstance(e, ev.Draw):
            drawn += len(e.cards)
        elif isinstance(e, ev.PenaltyDraw):
            drawn += len(e.cards)
            penalty += len(e.cards)
        elif isinstance(e, ev.AceDraws):
            drawn += sum(len(cards) for _, cards in e.draws)
    row.update(plays=plays, cards_drawn=drawn, penalty=penalty, turns=hand.turns, stock_left=len(hand.stock),
               last_card=None if last is None else str(last))
    return row


def series_row(match: Match) -> dict[str, Any]:
    """``score_k`` of a finished match: each seat's total; with partnerships also ``team_total_t`` and
    ``team_win_t`` (PY-P6: 1 for the winning team, a share for co-winners)."""
    r = match.result()
    assert r is not None                      # the match is finished
    row: dict[str, Any] = {f"score_{k}": t for k, t in enumerate(r.totals)}
    if r.team_totals is not None:
        wins = r.winning_teams or ()
        for t, total in enumerate(r.team_totals):
            row[f"team_total_{t}"] = total
        for t in range(len(r.team_totals)):
            row[f"team_win_{t}"] = (1.0 / len(wins)) if t in wins else 0.0
    return row
