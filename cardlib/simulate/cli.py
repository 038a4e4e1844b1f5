"""``python -m cardlib simulate``: many hands with bots, summed up.

    python -m cardlib simulate --game sari-cuce --players 4 --hands 1000 --seed 0
    python -m cardlib simulate --game pis-yedili --players 4 --hands 500 --bots heuristic --json
    python -m cardlib simulate --game pis-yedili --players 4 --hands 200 --option preset=turkish
    python -m cardlib simulate --game sari-cuce --players 4 --hands 100 --series   # 100 whole games
    python -m cardlib simulate --game sari-cuce --engine fast --hands 10000000 --workers 2
    python -m cardlib simulate --game sari-cuce --engine fast --hands 10000000 --scheduler tcp://host:8786
    python -m cardlib simulate --game pis-yedili --players 5 --hands 2000 --option preset=turkish --valve drop

:func:`add_parser` registers the subcommand on the main parser's subparsers; :func:`run` does it.  Bad
input raises :class:`~cardlib.errors.CardlibError` (the main command turns it into one line, status 2).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from ..cli import parse_option, seed_arg, whole_arg
from ..errors import InvalidOptionError
from ..games import GameChoices
from .names import ENGINES, plural
from ..jsonio import shown

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``simulate`` on ``subparsers`` (from ``ArgumentParser.add_subparsers``)."""
    p = subparsers.add_parser(
        "simulate", help="play many hands with bots and print win rates, chips or scores (or --json)",
        description="Play many hands (or whole games or matches) with bots and print a summary with 95% "
                    "intervals.")
    p.add_argument("--game", required=True, choices=GameChoices(), metavar="GAME",
                   help="the name of a registered game (cardlib.games.GAMES)")
    p.add_argument("--players", type=whole_arg, default=4, help="player count (default 4)")
    p.add_argument("--hands", type=whole_arg, default=None,
                   help="hands to play (with --series: whole games or matches); default 1000")
    p.add_argument("--games", type=whole_arg, default=None, help=argparse.SUPPRESS)   # the old name of --hands
    p.add_argument("--seed", type=seed_arg, default=0,
                   help="hand i has the hand seed hand_seed(seed, i) (with --series, game or match g is the series "
                        "seeded seed+g); default 0")
    p.add_argument("--bots", default="random",
                   help="a bot name of the game (random, heuristic, expert; team with partnerships ...: "
                        "cardlib.simulate.BOT_NAMES lists them), or one name per seat separated by commas (default random); "
                        f"an expert seat adds about 0.5 s (Sarı Cüce) to 6 s (Turkish Pis Yedili) to every hand, "
                        f"and says so on stderr")
    p.add_argument("--engine", default="reference", choices=list(ENGINES), help="default reference")
    p.add_argument("--series", action="store_true",
                   help="play whole series: Sarı Cüce games (chips carry over) or Pis Yedili matches")
    p.add_argument("--game-mode", action="store_true", help=argparse.SUPPRESS)   # the old name of --series
    p.add_argument("--dealer", default=None,
                   help="first dealer's seat, or 'rotate' (default: the last seat, so seat 0 leads)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. stall_rule=skip_rank or preset=turkish (repeatable)")
    p.add_argument("--workers", type=whole_arg, default=None,
                   help="processes to split the hands over (the same table as one); default: every core "
                        "for runs of a few seconds or more, else 1")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run the parts on a Dask cluster: 'local' (a LocalCluster of --workers processes) or "
                        "a scheduler address such as tcp://host:8786 (pip install 'cardlib[cluster]')")
    p.add_argument("--valve", default="keep", choices=["keep", "drop", "only"],
                   help="Pis Yedili: which hands the summary measures: all (keep, the default), those the "
                        "2,000-turn safety valve did not end (drop), or only those (only); the valve rate "
                        "is always shown")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run, collect_cycles=collect_cycles)
    return p


def collect_cycles(args: argparse.Namespace) -> bool:
    """Whether the run needs the cyclic garbage collector (``python -m cardlib`` starts without it): not a
    fast run in this process or its forked workers, whose tables are numpy arrays, without cycles."""
    return args.engine != "fast" or args.scheduler is not None


def _dealer(text: str | None) -> int | str | None:
    if text is None or text == "rotate":
        return text
    # a seat number in ASCII digits only: int() would also take "٣" (Arabic-Indic three), " 3 " and "0_3"
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise InvalidOptionError(f"--dealer {shown(text)}: a seat number or 'rotate'")
    return int(text)


def _fmt(x: float) -> str:
    """Three decimals, or one from 10 up; a rare rate below 0.01 with three significant digits, so that it
    does not show as 0.000 (an Opéra rate of 0.00042 is ``0.000420``; below 1e-6, ``4.2e-07``)."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if abs(x) >= 10:
        return f"{x:.1f}"
    if x == 0 or abs(x) >= 0.01:
        return f"{x:.3f}"
    if abs(x) < 1e-6:
        return f"{x:.2g}"
    return f"{x:.{2 - math.floor(math.log10(abs(x)))}f}"


def _rate(x: float) -> str:
    """A rate per second: whole from 10 up, else three significant digits (a game of 10,000 hands is
    ``0.0715 games/s``, not ``0``)."""
    return f"{x:,.0f}" if x >= 10 or x == 0 else f"{x:.3g}"


def _count(args: argparse.Namespace) -> int:
    """``--hands``, or the deprecated ``--games`` (same meaning), which says so on stderr."""
    games, hands = getattr(args, "games", None), getattr(args, "hands", None)
    if games is not None:
        if hands is not None:
            raise InvalidOptionError("give --hands only (--games is its old name)")
        print("cardlib: warning: --games is deprecated and will go: it counts hands (whole games or matches "
              "with --series), so write --hands", file=sys.stderr)
        return games
    return 1000 if hands is None else hands


def _series(args: argparse.Namespace) -> bool:
    """``--series``, or the deprecated ``--game-mode`` (same meaning), which says so on stderr."""
    if getattr(args, "game_mode", False):
        print("cardlib: warning: --game-mode is deprecated and will go: it plays whole games or matches, so "
              "write --series", file=sys.stderr)
        return True
    return bool(getattr(args, "series", False))


def expert_note(game: str, players: int, options: dict, bots: str, hands: int, engine: str = "reference",
                series: bool = False) -> str | None:
    """One line saying how long the expert seats of a run may take (``None`` without an expert): the
    bench's time per hand (:func:`cardlib.expert.cost.seconds_per_hand`) times the hands."""
    from ..games import find_game

    rules = find_game(game).make_rules({"players": players, **options})    # bad counts and options raise here
    names = [b.strip() for b in bots.split(",")] if "," in bots else [bots.strip()] * players
    seats = names.count("expert")
    if not seats or engine != "reference" or hands < 1:   # none, or a run that is refused anyway
        return None
    from ..expert.cost import MEASURED_BUDGET, seconds_per_hand

    each = seconds_per_hand(game, rules)
    total = each * seats * hands
    span = f"{total / 60:.0f} minutes" if total >= 90 else f"{total:.0f} s"
    unit = "games or matches (several hands each)" if series else "hands"
    return (f"cardlib: note: an expert seat thinks {MEASURED_BUDGET} playouts a decision, about {each:.2f} s a "
            f"hand on one core; {seats} such seat(s) over {hands:,} {unit}: at least {span} of work, shared by "
            f"the workers (for a quick look give fewer --hands)")


def run(args: argparse.Namespace) -> int:
    """Run the simulation described by ``args`` and print it; returns the exit status (0)."""
    from ..games import find_game
    from .arguments import check_valve
    from .stream import simulate_summary

    options: dict[str, Any] = {}
    for text in getattr(args, "option", None) or []:
        name, value = parse_option(text)
        if name == "players":
            raise InvalidOptionError("give the player count with --players, not --option players=...")
        options[name] = value
    from .parallel import SimulationInterrupted

    count = _count(args)
    series = _series(args)
    note = expert_note(args.game, args.players, options, args.bots, count, args.engine, series)
    if note:
        print(note, file=sys.stderr)
    valve = getattr(args, "valve", "keep")
    check_valve(find_game(args.game), valve)          # before the run, not after it
    try:
        # the summary is all that is printed: the hands are played and summed up chunk by chunk (stream),
        # so a run whose table would not fit in memory runs too (a run of one chunk is simulate() itself)
        sim = simulate_summary(game=args.game, players=args.players, n=count, seed=args.seed, bots=args.bots,
                               engine=args.engine, progress=None, series=series,
                               dealer=_dealer(getattr(args, "dealer", None)), workers=getattr(args, "workers", None),
                               scheduler=getattr(args, "scheduler", None), valve=valve, **options)
    except SimulationInterrupted as exc:
        print(f"cardlib: {exc}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("cardlib: interrupted (before the first hand was done); nothing written", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(sim.to_dict(valve), ensure_ascii=False))
        return 0
    unit = plural(sim.spec.series_word) if sim.series else "hands"
    print(f"{sim.game}: {sim.n} {unit}, {sim.players} players, bots {','.join(sim.bots)}, engine {sim.engine}, "
          f"seed {sim.seed}, rules {json.dumps(sim.rules, ensure_ascii=False)}")
    rows = sim.summary_rows(valve)     # no pandas: a command line call starts in well under a second
    width = max(len(r["metric"]) for r in rows)
    print(f"{'':{width}}  {'value':>9}  {'95% interval':>21}")
    for r in rows:
        print(f"{r['metric']:{width}}  {_fmt(r['value']):>9}  [{_fmt(r['low']):>9}, {_fmt(r['high']):>9}]")
    where = f" on {sim.extra['scheduler']}" if sim.extra.get("scheduler") else ""
    workers = sim.extra.get("workers", 1)
    valve_hands = round((sim.valve_rate or 0) * sim.hands)
    print(f"{sim.hands} hands, {sim.moves} moves in {sim.seconds:.2f} s: "
          f"{sim.hands_per_second:,.0f} hands/s"
          + (f" ({_rate(sim.series_per_second)} {unit}/s)" if sim.series_per_second is not None else "")
          + f", {sim.moves_per_second:,.0f} moves/s; "
          f"{workers} worker{'s' if workers != 1 else ''}{where}"
          + (f"; summary without the {valve_hands} safety-valve hands" if valve == "drop" else "")
          + (" (summary of the safety-valve hands only)" if valve == "only" else ""))
    return 0
