"""``python -m cardlib.classroom`` (``make classroom``): the classroom's server, one process for the whole
class (Starlette under uvicorn), behind :class:`~cardlib.classroom.guard.Guard`.

Loopback only by default (this computer's browser, for a projector).  ``--network`` serves the school
network on every address of this computer, behind a class code (printed with the address the students
open, and shown as a QR code on the teacher's start page); the teacher's own address carries the
teacher's key.  Stops at Ctrl-C or SIGTERM within a few seconds, open pages or not.

Exit status 2 with one line on stderr for a bad option (a folder without lessons, a bad code or port).
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from .code import check_code, class_code, teacher_key

__all__ = ["main", "build_app"]

log = logging.getLogger("cardlib.classroom")

def _machine_addresses() -> list[str]:
    """This computer's addresses on its networks (``hostname -I``), loopback left out."""
    found: list[str] = []
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout
        found = [a for a in out.split() if ":" not in a]
    except (OSError, subprocess.SubprocessError):
        pass
    if not found:
        try:
            found = sorted({str(a[4][0]) for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)})
        except OSError:
            found = []
    return [a for a in found if not a.startswith("127.")]


def build_app(root: Path, *, network: bool, code: str | None, teacher: str | None, address: str,
              max_pages: int, max_lesson_pages: int, fresh: bool = False, language: str = "en") -> Any:
    """The guarded ASGI app serving the lessons of ``root``; ``language``: the pages' language when their
    address and cookies name none (a page's ``?lang=`` chooses another)."""
    from .app import make_app
    from .guard import Guard
    from .pages import Class
    from .tally import Pages
    cls = Class(root=root, address=address, code=code, network=network, language=language,
                pages=Pages(cap=max_pages, cap_lesson=max_lesson_pages))
    cls.deals.set(fresh=fresh)
    cls.load()
    names = (socket.gethostname(), socket.gethostname() + ".local")      # no DNS asked (an offline school)
    return Guard(make_app(cls), code=code, teacher=teacher, network=network, names=names,
                 max_sockets=max_pages + 10, language=language)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m cardlib.classroom", description=__doc__.split("\n\n")[0])
    p.add_argument("root", nargs="?", default="notebooks/classroom", help="the lessons' folder")
    p.add_argument("--network", action="store_true", help="serve the school network, behind a class code")
    p.add_argument("--port", type=int, default=8866)
    p.add_argument("--bind", default=None, help="the address to listen on (127.0.0.1; with --network 0.0.0.0)")
    p.add_argument("--code", default=None, help="the class code (default: a fresh one with --network)")
    p.add_argument("--teacher-key", default=None, help=argparse.SUPPRESS)     # tests: a known key
    p.add_argument("--max-pages", type=int, default=90, help="pages open at once, in all (90)")
    p.add_argument("--max-lesson-pages", type=int, default=60, help="pages of one lesson open at once (60)")
    p.add_argument("--fresh-deals", action="store_true", help="start with a fresh deal for each student")
    p.add_argument("--language", default="en",
                   help="the pages' language until a page chooses another: en, tr, fr or pl (en)")
    return p


class _Refusal(Exception):
    pass


def _settings(argv: list[str] | None) -> dict:
    args = _parser().parse_args(argv)
    root = Path(args.root).resolve()
    if not root.is_dir() or not any(root.glob("*.ipynb")):
        raise _Refusal(f"{args.root}: no lesson notebooks (*.ipynb) in this folder")
    if not 1 <= args.port <= 65535:
        raise _Refusal(f"--port {args.port}: a port from 1 to 65535")
    if args.max_pages < 1 or args.max_lesson_pages < 1:
        raise _Refusal("--max-pages and --max-lesson-pages: 1 or more")
    from ..i18n import LANGUAGES
    if args.language not in LANGUAGES:
        raise _Refusal(f"--language {args.language!r}: one of {', '.join(LANGUAGES)}")
    try:
        code = check_code(args.code) if args.code is not None else (class_code() if args.network else None)
        teacher = check_code(args.teacher_key) if args.teacher_key else (teacher_key() if code else None)
    except ValueError as exc:
        raise _Refusal(str(exc)) from None
    bind = args.bind or ("0.0.0.0" if args.network else "127.0.0.1")
    with socket.socket() as probe:                # a port taken is said before anything else is printed
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)     # as uvicorn binds (a port just freed)
        try:
            probe.bind((bind, args.port))
        except OSError as exc:
            raise _Refusal(f"port {args.port} on {bind} cannot be used ({exc.strerror or exc}): another classroom "
                           f"or program has it; stop that one, or choose another port with --port") from None
    shown = (_machine_addresses() or ["127.0.0.1"])[0] if args.network else "127.0.0.1"
    return dict(root=root, network=args.network, code=code, teacher=teacher, bind=bind, port=args.port,
                address=f"http://{shown}:{args.port}/", max_pages=args.max_pages,
                max_lesson_pages=args.max_lesson_pages, fresh=args.fresh_deals, language=args.language)


def main(argv: list[str] | None = None) -> int:
    try:
        s = _settings(argv)
    except _Refusal as exc:
        print(f"classroom: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    os.chdir(s["root"])                       # the lessons run in their folder, as in JupyterLab
    app = build_app(s["root"], network=s["network"], code=s["code"], teacher=s["teacher"], address=s["address"],
                    max_pages=s["max_pages"], max_lesson_pages=s["max_lesson_pages"], fresh=s["fresh"],
                    language=s["language"])
    import uvicorn
    config = uvicorn.Config(app, host=s["bind"], port=s["port"], log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=2, server_header=False, ws_ping_interval=20, ws_ping_timeout=20)
    server = uvicorn.Server(config)
    local = f"http://127.0.0.1:{s['port']}/"
    if s["network"]:
        print(f"The classroom on the school network. Students open: {s['address']}?code={s['code']}", flush=True)
        print(f"Class code: {s['code']}", flush=True)
        print(f"You (the teacher, on this computer): {local}?teacher={s['teacher']}", flush=True)
    else:
        print(f"The classroom: {local} (this computer only)", flush=True)
    print("Ctrl-C stops it.", flush=True)
    server.run()
    return 0
