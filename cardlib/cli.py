"""The command line: ``python -m cardlib {replay,deal,play,simulate} ...``.

Bad input (a file, a record, an option, a move) ends with exit status 2 and one line on stderr,
``cardlib: error: ...``, and no traceback.  Nothing is written then.  ``replay`` takes a hand-written
start that could not happen in a real hand, printing one line ``cardlib: warning: FILE: start: ...`` on
stderr for each oddity; ``replay --strict`` refuses it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .errors import CardlibError, InvalidOptionError, InvalidRecordError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (status 2)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"cardlib: error: {message} (see python -m cardlib --help)\n")


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with JSON values where they parse (``true``, ``3``), text otherwise."""
    if "=" not in text:
        raise InvalidOptionError(f"option {text!r} must be written name=value")
    name, value = text.split("=", 1)
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return name.strip(), parsed


def _rules_dict(args) -> dict[str, Any]:
    rules: dict[str, Any] = dict(parse_option(o) for o in (args.option or []))
    if "players" in rules:
        raise InvalidOptionError("give the player count with --players, not --option players=...")
    rules["players"] = args.players
    return rules


def _cmd_replay(args) -> int:
    from .events import names_for
    from .records import load_record

    rec = load_record(args.file)
    hand = rec.replay(strict=args.strict)
    for warning in rec.warnings(hand):            # a hand-written start: what could not happen in a real hand
        print(f"cardlib: warning: {warning}", file=sys.stderr)
    done = rec.completed(hand)
    if args.check:
        diffs = rec.differences()
        if diffs:
            raise InvalidRecordError(f"{args.file}: the stored end/result disagree with a replay: {'; '.join(diffs)}")
    if args.json:
        print(done.dumps())
        return 0
    names = names_for(rec.names, hand.players)
    print(f"{rec.game} hand, {hand.players} players, rules {json.dumps(rec.rules, ensure_ascii=False)}")
    for event in hand.events:
        print(event.describe(names))
    if done.result is None:
        print(f"(hand not finished: {names[hand.to_act]} to act)")
    return 0


def _cmd_deal(args) -> int:
    from .games import find_game
    from .records import record_from_hand

    spec = find_game(args.game)
    rules = spec.make_rules(_rules_dict(args))
    hand = spec.hand.deal(rules, seed=args.seed, dealer=args.dealer)
    rec = record_from_hand(hand)
    rec.start = hand.start()
    rec.end = None
    print(rec.dumps())
    return 0


def _cmd_play(args) -> int:
    from .games import find_game
    from .records import record_from_hand
    from .seeds import bot_seed
    from .series import play_out

    spec = find_game(args.game)
    rules = spec.make_rules(_rules_dict(args))
    hand = spec.hand.deal(rules, seed=args.seed, dealer=args.dealer)
    names = [b.strip() for b in args.bots.split(",")]
    if len(names) == 1:
        names = names * hand.players
    if len(names) != hand.players:
        raise InvalidOptionError(f"--bots {args.bots!r}: give one bot name or {hand.players} comma-separated names")
    # the hand seed deals the hand and seeds its bots (cardlib.seeds): a simulation row replays from its seed
    play_out(hand, [spec.make_bot(name, bot_seed(args.seed, seat)) for seat, name in enumerate(names)])
    print(record_from_hand(hand).dumps())
    return 0


def build_parser() -> argparse.ArgumentParser:
    from .games import GAME_NAMES

    parser = _Parser(prog="python -m cardlib", description="Sarı Cüce and Pis Yedili: replay, deal, play, simulate.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("replay", help="replay a hand record and print its events (or --json the completed record)")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print the completed record (with end and result)")
    p.add_argument("--check", action="store_true",
                   help="also check the record's stored end and result against the replay (exit 2 if they differ)")
    p.add_argument("--strict", action="store_true",
                   help="refuse a start that could not happen in a real hand (exit 2) instead of warning about it")
    p.set_defaults(func=_cmd_replay)

    for name, func, text in (("deal", _cmd_deal, "deal a new hand and print its record"),
                             ("play", _cmd_play, "play a whole hand with bots and print its complete record")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--game", required=True, choices=GAME_NAMES)
        p.add_argument("--players", required=True, type=int)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--dealer", type=int, default=None, help="seat of the dealer (default: the last seat)")
        p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule option, e.g. stall_rule=skip_rank or preset=turkish")
        if name == "play":
            p.add_argument("--bots", default="random", help="random (the default) or heuristic, or one name per seat separated by commas")
        p.set_defaults(func=func)

    from .simulate.cli import add_parser as add_simulate

    add_simulate(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # the reader went away (``... | head``): not an error of ours; silence the final flush too
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # stdout is not a real file
            pass
        return 0
    except (CardlibError, OSError) as exc:
        message = str(exc).replace("\n", " ")
        print(f"cardlib: error: {message}", file=sys.stderr)
        return 2
