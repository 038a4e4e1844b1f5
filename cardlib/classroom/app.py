"""The classroom's web app (Starlette): the shell of every page (:mod:`.shell`), one websocket per open
page that carries the server's drawing of the page's widgets (:mod:`.render`) and the page's clicks, and
plotly.js for the stepper's chart.  All pages live in this one process, on its event loop: a lesson
page's widgets are made when its websocket opens (a page fetched but never run costs nothing) and closed
when it closes; a page opened and never connected holds nothing.  :func:`make_app` is wrapped by the
:class:`~cardlib.classroom.guard.Guard` in :mod:`.server`.
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

from . import words
from .guard import ROLE_HEADER
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


def make_app(cls: Class) -> Starlette:
    async def page(request: Request) -> Response:
        name = request.path_params.get("name") or ("projector" if request.url.path == "/projector" else "start")
        if name not in cls.lessons and name not in ("start", "projector"):
            return PlainTextResponse(words.NO_LESSON + "\n", status_code=404)
        return HTMLResponse(shell(name, cls.title(name)), headers={"cache-control": "no-store"})

    async def plotly_js(request: Request) -> Response:
        return FileResponse(_plotly_js(), media_type="text/javascript",
                            headers={"cache-control": "public, max-age=86400"})

    async def socket(ws: WebSocket) -> None:
        name = ws.path_params["name"]
        if name not in cls.lessons and name not in ("start", "projector"):
            await ws.close(code=1008)
            return
        teacher = dict(ws.scope["headers"]).get(ROLE_HEADER) == b"teacher" or not cls.network
        await ws.accept()
        owner = Owner()                      # every widget this page makes, closed with it
        opened = owner.during(lambda: open_page(cls, name, teacher))
        drawn = Page(opened.root)
        last = owner.during(drawn.html)
        await ws.send_text(json.dumps({"html": last, "title": cls.title(name)}))

        async def redraw() -> None:
            nonlocal last
            now = owner.during(drawn.html)
            if now != last:
                last = now
                await ws.send_text(json.dumps({"html": now}))

        async def ticking() -> None:
            while True:
                await asyncio.sleep(TICK)
                if opened.tick is not None and owner.during(opened.tick):
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
                    changed = owner.during(lambda: drawn.apply(event))
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
        return PlainTextResponse(words.NOT_HERE + "\n", status_code=404)

    routes = [Route("/", page), Route("/projector", page, name="projector"),
              Route("/static/plotly.min.js", plotly_js),
              WebSocketRoute("/ws/{name}", socket),
              Route("/{name:str}", page), Route("/{rest:path}", nothing)]
    return Starlette(routes=routes)
