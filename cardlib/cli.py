"""The command line: ``python -m cardlib {replay,deal,play,hint,simulate} ...``.

``play --bots human,...`` seats a person who types their moves (:mod:`cardlib.console`); ``hint FILE``
gives the expert's hint for the position a record ends at (or ``--at N`` moves in).

Bad input (a file, a record, an option, a move) ends with exit status 2 and one line on stderr,
``cardlib: error: ...``, and no traceback.  Nothing is written then.  ``replay`` takes a hand-written
start that could not happen in a real hand, printing one line ``cardlib: warning: FILE: start: ...`` on
stderr for each oddity; ``replay --strict`` refuses it.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import os
import random
import sys
from typing import Any

from .errors import CardlibError, InvalidOptionError, InvalidRecordError
from .jsonio import MAX_DIGITS, check_text, one_line, read_json, shown, source_name
from .seeds import check_seed

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (status 2), and a single-valued option given twice is
    refused (:class:`_Once`): the parser's default ``store`` and ``store_true`` actions are replaced, so
    every option of every subcommand (``_Parser`` makes the subparsers too) has the check."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)       # "--gam" is not taken for "--game": an option is spelled whole
        super().__init__(*args, **kwargs)
        self._given: list[str] = []
        self.register("action", None, _Once)
        self.register("action", "store", _Once)
        self.register("action", "store_true", _OnceTrue)

    def _get_value(self, action, arg_string):
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as exc:          # argparse quotes the whole value: quote it shortened
            if exc.message.startswith("invalid ") and " value: " in exc.message:
                raise argparse.ArgumentError(action, exc.message.split(" value: ")[0] + f" value: {shown(arg_string)}")
            raise

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            raise argparse.ArgumentError(action, f"invalid choice: {shown(value)} (choose from "
                                                 f"{', '.join(map(repr, action.choices))})")

    def parse_known_args(self, args=None, namespace=None):
        self._given = list(sys.argv[1:] if args is None else args)
        ns, rest = super().parse_known_args(args, namespace)
        unknown = self._unknown_option(rest) if rest else None
        if unknown is not None:                      # said by the command that has the options, with a guess
            self.error(unknown)
        ns.__dict__.pop(_GIVEN, None)
        return ns, rest

    def error(self, message: str):
        unknown = self._unknown_option(self._given)
        if unknown is not None and message.startswith("the following arguments are required"):
            message = unknown                        # "--gmae": the misspelling, not what it left out
        self.exit(2, f"cardlib: error: {one_line(message)} (see python -m cardlib --help)\n")


    def _unknown_option(self, words: list[str]) -> str | None:
        """The first of ``words`` that looks like an option and is none of this command's (``--gmae``), said
        with the option it may have meant; None when there is none."""
        known = [o for action in self._actions for o in action.option_strings]
        shown_in_help = [o for action in self._actions if action.help != argparse.SUPPRESS
                         for o in action.option_strings]       # a guess never names a deprecated, hidden one
        for word in words:
            if word == "--":
                break
            name = word.split("=", 1)[0]
            if " " in name:                                 # argparse takes a word with a space as a value
                continue
            if name.startswith("-") and len(name) > 1 and not _number(name) and name not in known:
                close = difflib.get_close_matches(name, shown_in_help, n=1)
                return f"unrecognized option {shown(name)}" + (f" (did you mean {close[0]}?)" if close else "")
        return None


def _number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


class _Once(argparse.Action):
    """A single-valued option (``store``): given twice (``--players 4 --players 5``) is a usage error
    naming it, not "the last one wins".  ``--option`` (``append``) is repeatable by design."""

    def __call__(self, parser, namespace, values, option_string=None):
        _once(parser, namespace, self)
        setattr(namespace, self.dest, values)


class _OnceTrue(argparse._StoreTrueAction):
    """A switch (``store_true``, ``--json``): given twice is refused as well."""

    def __call__(self, parser, namespace, values, option_string=None):
        _once(parser, namespace, self)
        setattr(namespace, self.dest, True)


def _once(parser: argparse.ArgumentParser, namespace: argparse.Namespace, action: argparse.Action) -> None:
    seen = namespace.__dict__.setdefault(_GIVEN, set())
    if action.dest in seen and action.option_strings:
        parser.error(f"argument {'/'.join(action.option_strings)}: given twice: give it once")
    seen.add(action.dest)


#: where the namespace keeps the single-valued options already given (dropped after parsing)
_GIVEN = "_cardlib_given"


#: the largest ``--budget`` (playouts per expert decision) taken; 200 is the default, 100,000 a minute a move
MAX_BUDGET = 100_000

#: the longest ``--option`` value read (an option value is a word or a number)
_OPTION_CHARS = 1000


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with JSON values where they parse (``true``, ``3``), text otherwise.

    The value is read by :func:`cardlib.jsonio.read_json`: JSON too deep, an integer of too many digits,
    or a duplicate key is refused (``InvalidOptionError``), not taken as text."""
    if "=" not in text:
        raise InvalidOptionError(f"option {shown(text)} must be written name=value")
    name, value = text.split("=", 1)
    name = name.strip()
    if not name.isidentifier() or not name.isascii():
        raise InvalidOptionError(f"option {shown(text)}: {shown(name)} is not an option name (e.g. stall_rule)")
    if len(value) > _OPTION_CHARS:
        raise InvalidOptionError(f"option {name}: a value of {len(value):,} characters (at most {_OPTION_CHARS:,})")
    check_text(value, f"option {name}", InvalidOptionError)
    return name, read_json(value, f"option {name}", InvalidOptionError, text_fallback=True)


def parse_options(texts: list[str] | None) -> dict[str, Any]:
    """Every ``--option``, each name at most once (the same option twice is refused, not "the last wins")."""
    options: dict[str, Any] = {}
    for text in texts or []:
        name, value = parse_option(text)
        if name == "players":
            raise InvalidOptionError("give the player count with --players, not --option players=...")
        if name in options:
            raise InvalidOptionError(f"--option {name} is given twice ({shown(options[name])} and {shown(value)}): "
                                     f"give each option once")
        options[name] = value
    return options


def _rules_dict(args) -> dict[str, Any]:
    rules = parse_options(args.option)
    rules["players"] = args.players
    return rules


class _Progress:
    """How far a command got, for the one line an interrupt (Ctrl-C) prints."""

    def __init__(self) -> None:
        self.doing = "starting"

    def moves(self, doing: str, hand) -> None:
        self.doing, self.hand = doing, hand

    def __str__(self) -> str:
        hand = getattr(self, "hand", None)
        if hand is not None:
            return f"{self.doing} after {len(hand.move_stack)} moves"
        return self.doing


_progress = _Progress()


def _cmd_replay(args) -> list[str]:
    from .events import names_for
    from .records import Record

    source = source_name(args.file)
    _progress.doing = f"reading {source}"
    rec = Record.load(args.file)          # a path, always ("-": standard input), even if it starts with "{"

    def at(entry: int, total: int) -> None:
        _progress.doing = f"replaying {source} at move {entry} of {total}"

    hand = rec.replay(strict=args.strict, progress=at)
    _progress.doing = f"replayed {source}; checking and writing"
    notes = [f"cardlib: warning: {w}" for w in rec.warnings(hand)]   # a hand-written start: what is odd
    done = rec.completed(hand)
    diffs = rec.differences(hand)
    if args.check:
        if diffs:
            raise InvalidRecordError(f"{source}: the stored end/result disagree with a replay: {'; '.join(diffs)}")
        stored = [part for part in ("end", "result") if getattr(rec, part) is not None]
        notes.append(f"cardlib: check: {source}: " + (
            f"ok, the stored {' and '.join(stored)} agree{'s' if len(stored) == 1 else ''} with a replay" if stored
            else "nothing to check: the record stores no end or result (replay --json writes them)"))
    elif diffs:        # not silently ignored: said, and --check makes it an error
        notes.append(f"cardlib: warning: {source}: the stored end/result disagree with a replay (replay --check "
                     f"refuses it): {'; '.join(diffs)}")
    for line in notes:
        print(line, file=sys.stderr)
    if args.json:
        return [done.dumps()]
    names = names_for(rec.names, hand.players)
    out = [f"{rec.game} hand, {hand.players} players, rules {json.dumps(rec.rules, ensure_ascii=False)}"]
    out += [event.describe(names) for event in hand.events]
    if done.result is None and hand.to_act is not None:
        from .i18n import _
        out.append(_("(hand not finished: {player} to act)").format(player=names[hand.to_act]))
    return out


def _seed(args) -> int:
    """``--seed``, or a fresh seed from the system's generator, said on stderr (and written in the record)."""
    if args.seed is not None:
        return args.seed
    seed = random.SystemRandom().randrange(1 << 32)
    print(f"cardlib: note: no --seed given, so a fresh one: seed {seed} (--seed {seed} deals this hand again)",
          file=sys.stderr)
    return seed


def _with_seed(start: dict[str, Any], seed: int) -> dict[str, Any]:
    """The record's start with the seed that dealt it (a deal with ``hands`` replays from its cards; the
    seed says where they came from)."""
    out = dict(start)
    out["seed"] = seed
    return out


def _cmd_deal(args) -> list[str]:
    from .games import find_game
    from .records import record_from_hand

    spec = find_game(args.game)
    rules = spec.make_rules(_rules_dict(args))
    seed = _seed(args)
    hand = spec.hand.deal(rules, seed=seed, dealer=args.dealer)
    rec = record_from_hand(hand)
    rec.start = _with_seed(hand.start(), seed)
    rec.end = None
    return [rec.dumps()]


def _cmd_play(args) -> list[str]:
    from .games import find_game
    from .records import record_from_hand
    from .seeds import bot_seed
    from .series import play_to_end

    spec = find_game(args.game)
    rules = spec.make_rules(_rules_dict(args))
    names = [b.strip() for b in args.bots.split(",")]
    if len(names) == 1:
        names = names * rules.players
    if len(names) != rules.players:
        raise InvalidOptionError(f"--bots {shown(args.bots)}: give one bot name or {rules.players} comma-separated "
                                 f"names")
    from .console import HUMAN, play_with_people
    people = {seat for seat, name in enumerate(names) if name == HUMAN}
    for name in names:                                        # unknown names refused before anything is dealt
        if name != HUMAN:
            spec.make_bot(name, 0)
    budget = getattr(args, "budget", None)
    if budget is not None and "expert" not in names:
        raise InvalidOptionError(f"--budget {budget}: only the expert takes a budget, and --bots {shown(args.bots)} "
                                 f"has no expert")
    seed = _seed(args)
    hand = spec.hand.deal(rules, seed=seed, dealer=args.dealer)
    # the hand seed deals the hand and seeds its bots (cardlib.seeds): a simulation row replays from its seed
    bots: list[Any] = [None if name == HUMAN else _bot(spec, name, bot_seed(seed, seat), budget)
            for seat, name in enumerate(names)]
    _progress.moves(f"playing a {spec.title} hand (seed {seed})", hand)
    if people:
        if sys.stdin is None:                               # started with standard input closed (``<&-``)
            raise InvalidOptionError(f"--bots {shown(args.bots)}: a person plays from standard input, which is "
                                     f"closed")
        from .events import names_for
        if not play_with_people(hand, bots, people, names_for(None, rules.players), sys.stdin, sys.stderr):
            print(f"cardlib: note: the input ended after {len(hand.move_stack)} moves, before the hand did: the "
                  f"record so far is written (replay it, or hint it)", file=sys.stderr)
    else:
        play_to_end(hand, bots)
    rec = record_from_hand(hand)
    rec.start = _with_seed(rec.start, seed)
    return [rec.dumps()]


def _cmd_hint(args) -> list[str]:
    from .console import hint_lines
    from .records import Record

    source = source_name(args.file)
    _progress.doing = f"reading {source}"
    rec = Record.load(args.file)
    steps = len(rec.steps())
    if args.at is not None and args.at > steps:
        raise InvalidRecordError(f"--at {args.at}: {source} has {steps} moves")
    hand = rec.replay(upto=args.at)
    if hand.is_over():
        raise InvalidRecordError(f"{source}: the hand is over after {len(hand.move_stack)} moves: there is no move "
                                 f"to hint (give --at N for the position after N moves)")
    _progress.doing = f"thinking about {source} after {len(hand.move_stack)} moves"
    return hint_lines(hand, args.budget, args.seed if args.seed is not None else 0)


def _bot(spec, name: str, seed: int, budget: int | None):
    """The game's bot ``name`` seeded ``seed``; the expert with ``budget`` playouts a decision when given."""
    if name == "expert" and budget is not None:
        from .expert import expert_bot
        return expert_bot(spec.name, seed, budget=budget)
    return spec.make_bot(name, seed)


def _budget_arg(text: str) -> int:
    value = whole_arg(text)
    if not 1 <= value <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"{value} playouts: give 1 to {MAX_BUDGET:,}")
    return value


def seed_arg(text: str) -> int:
    value = whole_arg(text)
    try:
        return check_seed(value, "--seed")
    except CardlibError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def whole_arg(text: str) -> int:
    t = text.strip()
    if len(t.lstrip("+-")) > MAX_DIGITS or not t.lstrip("+-").isdigit() or not t.isascii():
        raise argparse.ArgumentTypeError(f"{shown(text, 30)} is not a whole number (at most {MAX_DIGITS} digits)")
    return int(t)


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    from .games import GameChoices

    parser = _Parser(prog="python -m cardlib", description="Sarı Cüce and Pis Yedili: replay, deal, play, simulate.")
    parser.add_argument("--version", action="version", version=f"cardlib {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("replay", help="replay a hand record and print its events (or --json the completed record)")
    p.add_argument("file", help="the record file, or - to read it from standard input")
    p.add_argument("--json", action="store_true", help="print the completed record (with end and result)")
    p.add_argument("--check", action="store_true",
                   help="also check the record's stored end and result against the replay: says ok on stderr, "
                        "or exits 2 saying what differs")
    p.add_argument("--strict", action="store_true",
                   help="refuse a start that could not happen in a real hand (exit 2) instead of warning about it")
    p.set_defaults(func=_cmd_replay)

    for name, func, text in (("deal", _cmd_deal, "deal a new hand and print its record"),
                             ("play", _cmd_play, "play a whole hand with bots and print its complete record")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--game", required=True, choices=GameChoices(), metavar="GAME",
                       help="the name of a registered game (cardlib.games.GAMES)")
        p.add_argument("--players", required=True, type=whole_arg)
        p.add_argument("--seed", type=seed_arg, default=None,
                       help="the hand seed, 0 to 2**64-1 (default: a fresh one, said on stderr and written in "
                            "the record)")
        p.add_argument("--dealer", type=whole_arg, default=None, help="seat of the dealer (default: the last seat)")
        p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule option, e.g. stall_rule=skip_rank or preset=turkish")
        if name == "play":
            p.add_argument("--bots", default="random", help="random (the default), heuristic or expert, or one name per "
                                                            "seat separated by commas; human: a person types that "
                                                            "seat's moves (standard input; 'hint' asks the expert); an "
                                                            "expert seat adds a few hundredths of a second (Sarı Cüce) "
                                                            "to a few tenths (Turkish Pis Yedili) to a hand")
            p.add_argument("--budget", type=_budget_arg, default=None,
                           help="the expert's playouts per decision (default 500; time grows with it)")
        p.set_defaults(func=func)

    p = sub.add_parser("hint", help="the expert's hint for the seat to act where a record ends (or --at N moves in)")
    p.add_argument("file", help="the record file (replay, deal or play write one), or - for standard input")
    p.add_argument("--at", type=whole_arg, default=None, help="the position after the first N moves (default: "
                                                             "where the record ends)")
    p.add_argument("--budget", type=_budget_arg, default=None,
                   help="playouts shared by the legal moves (default 10000, about a tenth of a second)")
    p.add_argument("--seed", type=seed_arg, default=None, help="the hint's seed (default 0)")
    p.set_defaults(func=_cmd_hint)

    from .simulate.cli import add_parser as add_simulate

    add_simulate(sub)
    return parser


def _write(lines: list[str] | int) -> int:
    """Write the command's output and flush it: a closed or failing standard output is an error (exit 2),
    not a silent exit 0; a reader that went away (``... | head``) is not."""
    if isinstance(lines, int):          # simulate writes its own output and returns its status
        _flush()
        return lines
    if sys.stdout is None:              # started with stdout closed (``>&-``)
        raise _OutputError("standard output is closed: nothing written")
    text = "".join(line + "\n" for line in lines)
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError as exc:
        raise _OutputError(f"standard output ({exc.encoding}) cannot take {exc.object[exc.start:exc.end]!r}: "
                           f"set PYTHONIOENCODING=utf-8; nothing written") from None
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _OutputError(f"cannot write standard output: {exc.strerror or exc}") from None
    _flush()
    return 0


def _flush() -> None:
    if sys.stdout is not None:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _OutputError(f"cannot write standard output: {exc.strerror or exc}") from None


class _OutputError(CardlibError):
    pass


def _silence_stdout() -> None:
    # the reader went away: not an error of ours; silence the final flush too
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is not a real file
        pass


class _Notes(io.TextIOBase):
    """Standard error while a command runs (issue 28, S16): the notes, warnings and the error line go to
    the real standard error, or nowhere when it cannot be written (closed with ``2>&-``: Python then has
    no ``sys.stderr``, and ``print(..., file=None)`` would write to standard output; or failing: a full
    disk, a reader gone).  Nothing but the command's output ever goes to standard output; the exit status
    says what happened either way."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(text)
                if "\n" in text:
                    self._stream.flush()
            except (OSError, ValueError):      # cannot be written (ValueError: a closed file): drop the rest
                self._stream = None
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._stream = None

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return self._stream is not None and bool(self._stream.isatty())
        except (OSError, ValueError, AttributeError):
            return False

    # io.TextIOBase declares ``encoding`` a plain attribute; here it is read-only, the stream's own (or utf-8)
    @property
    def encoding(self) -> str:       # type: ignore[override]
        return getattr(self._stream, "encoding", None) or "utf-8"


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 2 for bad input (one line ``cardlib: error:
    ...`` on stderr, nothing on stdout), 130 after Ctrl-C (one line saying how far it got).  When standard
    error cannot be written, those lines are dropped (never written to standard output)."""
    saved = sys.stderr
    sys.stderr = _Notes(saved)
    try:
        return _main(argv)
    finally:
        sys.stderr.flush()
        sys.stderr = saved


def _main(argv: list[str] | None) -> int:
    global _progress
    _progress = _Progress()
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        parse_options(getattr(args, "option", None))     # every command: the same check, before anything runs
        if sys.stdout is None:                             # started with stdout closed (``>&-``)
            raise _OutputError("standard output is closed: nothing would be written")
        _progress.doing = f"running {args.command}"
        if getattr(args, "collect_cycles", None) is None or args.collect_cycles(args):
            import gc
            gc.enable()                   # off while python -m cardlib imported (cardlib/__main__.py)
        # the player-facing lines (narration, the table in words, hints) follow LC_ALL, LC_MESSAGES, LANG
        # (tr, fr, pl; English otherwise); the error and note lines on stderr stay English (docs/languages.md)
        from .i18n import language_from_environment, using
        with using(language_from_environment()):
            lines = args.func(args)
        return _write(lines)
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:            # the output is written only once a command is done: none of it went out
        print(f"cardlib: interrupted ({_progress}); nothing written", file=sys.stderr)
        return 130
    except (CardlibError, OSError) as exc:
        what = str(exc) if isinstance(exc, CardlibError) else f"{exc.strerror or exc}" + (
            f": {exc.filename}" if getattr(exc, "filename", None) else "")
        print(f"cardlib: error: {one_line(what)}", file=sys.stderr)
        return 2
    except MemoryError:
        print("cardlib: error: out of memory", file=sys.stderr)
        return 2
    except Exception as exc:         # a bug of ours: one line and status 70 (EX_SOFTWARE), not a traceback
        if os.environ.get("CARDLIB_TRACEBACK"):
            raise
        print(f"cardlib: internal error: {type(exc).__name__}: {one_line(str(exc)[:200])} (a bug in "
              f"cardlib: please report it with the command line; CARDLIB_TRACEBACK=1 shows the traceback)",
              file=sys.stderr)
        return 70

