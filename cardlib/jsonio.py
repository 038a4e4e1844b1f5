"""One JSON reader for everything cardlib reads from people: record files, records on standard input,
record texts and ``--option`` values.

Python's ``json`` module alone takes too much: the last of two equal keys silently wins, nesting about
1,000 deep raises ``RecursionError``, an integer of more than 4,300 digits raises a plain ``ValueError``,
``NaN`` and ``Infinity`` are read although JSON has neither, ``"\\ud800"`` gives a string that cannot be
written as UTF-8, and a file is read whole however big it is.  :func:`read_json` refuses each of these with
a :class:`~cardlib.errors.CardlibError` that says what and where, and :func:`read_json_file` reads at most
:data:`MAX_BYTES` bytes of a file (or of standard input, ``"-"``).

>>> read_json('{"a": [1, 2]}', "<text>")
{'a': [1, 2]}
>>> read_json('{"a": 1, "a": 2}', "<text>")
Traceback (most recent call last):
...
cardlib.errors.InvalidRecordError: <text>: not JSON cardlib reads: the key 'a' appears twice in one object
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from .errors import CardlibError, InvalidRecordError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "read_json", "read_json_file", "read_bytes", "check_text",
           "shown", "source_name", "one_line", "MAX_LINE"]

#: the largest record file read, in bytes (the longest hand either engine plays writes a few hundred KB)
MAX_BYTES = 4 * 1024 * 1024
#: the deepest nesting of arrays and objects (a record nests 4 deep)
MAX_DEPTH = 32
#: the most digits of an integer (a seed is at most 20; chips far fewer)
MAX_DIGITS = 40

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused(Exception):
    """Raised inside the json hooks; turned into the caller's error class with the source."""


def shown(value: Any, width: int = 60) -> str:
    """``value`` as an error message quotes it: ``repr(value)``, and for a long value its first ``width``
    characters and how long it is, so that a 3 MB hand string or name gives a short line; an integer too
    long to write (Python refuses more than 4,300 digits) is described instead.  Every message that
    quotes what a person wrote (a card list, a name, an option value, a move) quotes it with this.

    >>> shown("AS 2H")
    "'AS 2H'"
    >>> shown("x" * 100, 20)
    "'xxxxxxxxxxxxxxxxxxxx'… (100 characters)"
    >>> shown(list(range(100)), 20)
    '[0, 1, 2, 3, 4, 5, 6… (100 items)'
    >>> shown(10 ** 5000)
    'an integer of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        digits = math.floor(value.bit_length() * math.log10(2)) + 1     # within one of the exact count
        try:
            digits = len(str(abs(value)))
        except ValueError:
            pass
        return f"an integer of {digits} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= width else f"{value[:width]!r}… ({len(value):,} characters)"
    if isinstance(value, (list, tuple, dict, set)) and len(value) > width:   # not all of a huge list
        value_part: Any = list(value)[:width] if not isinstance(value, dict) else dict(list(value.items())[:width])
        return _cut(_repr(value_part), width) + f"… ({len(value):,} items)"
    text = _repr(value)
    if len(text) <= width:
        return text
    return _cut(text, width) + (f"… ({len(value):,} items)" if hasattr(value, "__len__") and not
                                isinstance(value, (bytes, bytearray)) else f"… ({len(text):,} characters)")


def source_name(path: Any) -> str:
    """How messages name the file ``path`` (``"-"``: ``<stdin>``): as written, or shortened by
    :func:`shown` when it is too long to quote whole."""
    text = "<stdin>" if str(path) == "-" else str(path)
    return text if len(text) <= 120 else shown(text)


def _cut(text: str, width: int) -> str:
    return text[:width]


def _repr(value: Any) -> str:
    try:
        return repr(value)
    except (ValueError, RecursionError):        # a huge integer inside a list, or a list nested too deep
        if isinstance(value, (list, tuple)):
            inner = [shown(v) for v in list(value)[:4]] + (["..."] if len(value) > 4 else [])
            return "[" + ", ".join(inner) + "]"
        return f"a {type(value).__name__} too big to write out"


#: the longest error line the command line prints: a message quotes input with :func:`shown`, and
#: :func:`one_line` cuts whatever is still longer (a backstop)
MAX_LINE = 1000


def one_line(text: Any, limit: int = MAX_LINE) -> str:
    """``text`` on one line, at most about ``limit`` characters (the middle of a longer one is cut and
    said: ``… (N characters cut) …``).

    >>> one_line("a\\nb")
    'a b'
    >>> len(one_line("x" * 10_000)) <= MAX_LINE
    True
    """
    line = " ".join(str(text).split("\n"))
    if len(line) <= limit:
        return line
    keep = limit - 40
    head, tail = line[:keep * 2 // 3], line[-(keep - keep * 2 // 3):]
    return f"{head} … ({len(line) - len(head) - len(tail):,} characters cut) … {tail}"


def check_text(value: str, what: str, error: type[CardlibError] = InvalidRecordError) -> str:
    """``value`` unless it holds a lone surrogate (``"\\ud800"``: no character, cannot be written as UTF-8)."""
    m = _SURROGATE.search(value)
    if m:
        raise error(f"{what}: {shown(value)} holds {m.group()!r}, half of a UTF-16 pair and no character")
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {shown(key)} appears twice in one object")
        out[key] = value
    return out


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(f"an integer of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:30]!r} is too large")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON value")


def _depth_problem(text: str) -> str | None:
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, m.start()) + 1
                return f"arrays and objects nested more than {MAX_DEPTH} deep (line {line})"
        elif c in "]}":
            depth -= 1
    return None


def _strings_problem(data: Any) -> str | None:
    """The first text holding a lone surrogate, anywhere in ``data`` (keys too); iterative (depth is bounded
    anyway)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            lone = _SURROGATE.search(item)
            if lone:
                return f"the text {shown(item)} holds {lone.group()!r}, half of a UTF-16 pair and no character"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def read_json(text: str | bytes, source: str, error: type[CardlibError] = InvalidRecordError,
              max_bytes: int = MAX_BYTES, text_fallback: bool = False) -> Any:
    """The JSON value of ``text`` (UTF-8 bytes or text), or ``error("SOURCE: ...")`` saying why not.

    With ``text_fallback`` (``--option`` values) text that is not JSON at all is returned as it is
    (``preset=turkish``); JSON that breaks a bound above is refused all the same."""
    def bad(why: str) -> CardlibError:
        return error(f"{source}: {why}")

    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise bad(f"larger than {max_bytes:,} bytes, the most cardlib reads")
        text = decode(bytes(text), source, error)
    elif len(text) > max_bytes:
        raise bad(f"longer than {max_bytes:,} characters, the most cardlib reads")
    problem = _depth_problem(text)
    if problem:
        raise bad(f"not JSON cardlib reads: {problem}")
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_float=_float,
                          parse_constant=_constant)
    except _Refused as exc:
        raise bad(f"not JSON cardlib reads: {exc}") from None
    except json.JSONDecodeError as exc:
        if text_fallback:
            return text
        where = "" if exc.msg.endswith(" at") else " at"    # "Unterminated string starting at": not "at at"
        raise bad(f"not JSON: {exc.msg}{where} line {exc.lineno} column {exc.colno}") from None
    except (RecursionError, ValueError) as exc:      # not expected after the checks above; still one line
        raise bad(f"not JSON cardlib reads: {type(exc).__name__}") from None
    problem = _strings_problem(data)
    if problem:
        raise bad(f"not JSON cardlib reads: {problem}")
    return data


def decode(data: bytes, source: str, error: type[CardlibError] = InvalidRecordError) -> str:
    """UTF-8 text (a UTF-8 byte-order mark is dropped); UTF-16/32 and other bytes are refused by name."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for bom, name in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                      (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if data.startswith(bom):
            raise error(f"{source}: {name} text; cardlib reads UTF-8 (save the file as UTF-8)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        guess = json.detect_encoding(data) if len(data) >= 4 else "utf-8"
        what = f"{guess.upper().replace('-BE', '').replace('-LE', '')} text" if guess != "utf-8" else \
            f"not UTF-8 (byte {data[exc.start]:#04x} at offset {exc.start})"
        raise error(f"{source}: {what}; cardlib reads UTF-8 (save the file as UTF-8)") from None


def read_bytes(path: str | Path, source: str, error: type[CardlibError] = InvalidRecordError,
               max_bytes: int = MAX_BYTES) -> bytes:
    """At most ``max_bytes`` bytes of the file ``path`` (``"-"``: standard input); more is refused without
    reading on (``/dev/zero`` is refused after ``max_bytes + 1`` bytes)."""
    try:
        if str(path) == "-":
            stream = sys.stdin.buffer if sys.stdin is not None else None
            if stream is None:
                raise error(f"{source}: there is no standard input to read")
            data = stream.read(max_bytes + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(max_bytes + 1)
    except OSError as exc:
        raise error(f"{source}: cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:                 # a NUL in the name
        raise error(f"{shown(source)}: cannot read: {exc}") from None
    if len(data) > max_bytes:
        raise error(f"{source}: larger than {max_bytes:,} bytes, the most cardlib reads "
                    f"(a hand record is a few KB)")
    return data


def read_json_file(path: str | Path, source: str | None = None,
                   error: type[CardlibError] = InvalidRecordError) -> Any:
    """The JSON value of the file ``path`` (``"-"``: standard input), read with every bound above."""
    source = source if source is not None else source_name(path)
    return read_json(read_bytes(path, source, error), source, error)
