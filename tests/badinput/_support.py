"""What the bad-input tests share: the valid records they mutate, and the one promise every run of the
command line keeps (``check_promise``).

The promise (cardlib/cli.py, docs/records.md): exit status 0, 2 for bad input, 130 after Ctrl-C; on 2
exactly one line on stderr, starting ``cardlib: error:``, and nothing on stdout; never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

from cardlib.cli import main

ROOT = Path(__file__).resolve().parents[2]
RECORD_FILES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json")) + sorted(
    (ROOT / "notebooks" / "records").glob("*.json"))
RECORDS = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in RECORD_FILES}
SARI_CUCE = [name for name, rec in RECORDS.items() if rec["game"] == "sari-cuce"]
PIS_YEDILI = [name for name, rec in RECORDS.items() if rec["game"] == "pis-yedili"]


class Run:
    """One run of the command line: ``code``, ``out``, ``err``."""

    def __init__(self, argv, code, out, err):
        self.argv, self.code, self.out, self.err = list(argv), code, out, err

    def __repr__(self) -> str:
        return f"<Run {self.argv[:6]} -> {self.code}; stderr {self.err[:300]!r}; stdout {self.out[:100]!r}>"

    @property
    def error(self) -> str:
        """The one error line (checked by check_promise)."""
        assert self.code == 2, self
        return self.err.strip()


def check_promise(run: Run) -> Run:
    assert run.code in (0, 2, 130), run
    assert "Traceback" not in run.err and "Traceback" not in run.out, run
    if run.code == 2:
        lines = run.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("cardlib: error: "), run
        assert run.out == "", run
    if run.code == 130:
        lines = run.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("cardlib: interrupted"), run
    return run


class _Stdin(io.TextIOWrapper):
    pass


def cli(*argv: str, stdin: bytes | None = None) -> Run:
    """``python -m cardlib ARGV`` in this process (stdout, stderr and, when given, stdin replaced), its
    promise checked."""
    out, err = io.StringIO(), io.StringIO()
    saved_in = sys.stdin
    if stdin is not None:
        sys.stdin = _Stdin(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as exc:          # argparse: usage errors, --help, --version
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdin = saved_in
    return check_promise(Run(argv, code, out.getvalue(), err.getvalue()))


def cli_subprocess(*argv: str, stdin: bytes | None = None, timeout: float = 60, **kwargs) -> Run:
    """The same in a child process (``python -m cardlib ARGV``)."""
    proc = subprocess.run([sys.executable, "-m", "cardlib", *argv], input=stdin, capture_output=True,
                          timeout=timeout, cwd=kwargs.pop("cwd", ROOT), **kwargs)
    return check_promise(Run(argv, proc.returncode, proc.stdout.decode("utf-8", "replace"),
                             proc.stderr.decode("utf-8", "replace")))


def write(path: Path, data, **dumps) -> Path:
    """``data`` as a JSON file (or ``bytes``/``str`` as they are)."""
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data, ensure_ascii=False, **dumps), encoding="utf-8")
    return path


def record(name: str) -> dict:
    """A fresh deep copy of a valid record."""
    return json.loads(json.dumps(RECORDS[name]))
