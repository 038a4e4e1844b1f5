"""The classroom's web app (Starlette): the shell of every page (:mod:`.shell`), one websocket per open
page that carries the server's drawing of the page's widgets (:mod:`.render`) and the page's clicks, and
plotly.js for the stepper's chart.  All pages live in this one process, on its event loop: a lesson
page's widgets are made when its websocket opens (a page fetched but never run costs nothing) and closed
when it closes; a page opened and never connected holds nothing.  :func:`make_app` is wrapped by the
:class:`~cardlib.classroom.guard.Guard` in :mod:`.server`.

Each page speaks the language the guard found for it (``?lang=``, kept in a cookie): its lesson runs inside
:func:`cardlib.i18n.using` and so does every later click and look of its widgets, whatever their own
``language`` (None: the language spoken).
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..i18n import LANGUAGES, using
from . import words
from .guard import LANGUAGE_HEADER, ROLE_HEADER
from .lessons import in_folder
from .pages import Class, Owner, open_page
from .render import Page
from .shell import shell

log = logging.getLogger("cardlib.classroom")

__all__ = ["make_app"]

TICK = 0.5            # seconds between a live page's looks (the projector's tally, a stepper's saved hands)
MAX_MESSAGE = 4096    # the longest message a page may send (a click is about 60 bytes)


def _plotly_js() -> Path:
    import plotly
    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


def _language(headers: Any) -> str:
    """The page's language, as the guard set it (English when served without the guard: a test's app)."""
    lang = headers.get(LANGUAGE_HEADER.decode(), "en")
    return lang if lang in LANGUAGES else "en"


def make_app(cls: Class) -> Starlette:
    async def page(request: Request) -> Response:
        name = request.path_params.get("name") or ("projector" if request.url.path == "/projector" else "start")
        lang = _language(request.headers)
        if name not in cls.lessons and name not in ("start", "projector"):
            return PlainTextResponse(words.say(words.NO_LESSON, lang) + "\n", status_code=404)
        return HTMLResponse(shell(name, cls.title(name, lang), lang), headers={"cache-control": "no-store"})

    async def plotly_js(request: Request) -> Response:
        return FileResponse(_plotly_js(), media_type="text/javascript",
                            headers={"cache-control": "public, max-age=86400"})

    async def socket(ws: WebSocket) -> None:
        name = ws.path_params["name"]
        if name not in cls.lessons and name not in ("start", "projector"):
            await ws.close(code=1008)
            return
        teacher = dict(ws.scope["headers"]).get(ROLE_HEADER) == b"teacher" or not cls.network
        lang = _language(ws.headers)
        await ws.accept()
        owner = Owner()                      # every widget this page makes, closed with it

        folder: Path | None = None

        def during(work: Any) -> Any:        # the page's work, in the page's language and its lesson's folder
            with using(lang), in_folder(folder):
                return owner.during(work)
        opened = during(lambda: open_page(cls, name, teacher, lang))
        folder = opened.folder
        drawn = Page(opened.root)
        last = during(drawn.html)
        await ws.send_text(json.dumps({"html": last, "title": cls.title(name, lang)}))

        async def redraw() -> None:
            nonlocal last
            now = during(drawn.html)
            if now != last:
                last = now
                await ws.send_text(json.dumps({"html": now}))

        async def ticking() -> None:
            while True:
                await asyncio.sleep(TICK)
                if opened.tick is not None and during(opened.tick):
                    await redraw()

        ticker = asyncio.create_task(ticking()) if opened.tick is not None else None
        try:
            while True:
                text = await ws.receive_text()
                if len(text) > MAX_MESSAGE:
                    log.warning("a page of %s sent %d characters: closed", name, len(text))
                    break
                try:
                    event = json.loads(text)
                except ValueError:
                    log.warning("a page of %s sent what is not JSON", name)
                    continue
                try:
                    changed = during(lambda: drawn.apply(event))
                except Exception:             # a widget's handler failed: the log has it, the page goes on
                    log.exception("a click on a page of %s failed", name)
                    changed = True
                if changed:
                    await redraw()
        except WebSocketDisconnect:
            pass
        finally:
            if ticker is not None:
                ticker.cancel()
            try:
                if opened.close is not None:
                    opened.close()
            finally:
                owner.close()

    async def nothing(request: Request) -> Response:
        return PlainTextResponse(words.say(words.NOT_HERE, _language(request.headers)) + "\n", status_code=404)

    routes = [Route("/", page), Route("/projector", page, name="projector"),
              Route("/static/plotly.min.js", plotly_js),
              WebSocketRoute("/ws/{name}", socket),
              Route("/{name:str}", page), Route("/{rest:path}", nothing)]
    return Starlette(routes=routes)
