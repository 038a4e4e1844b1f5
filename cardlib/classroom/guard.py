"""What stands between a visitor and the classroom: an ASGI layer in front of the whole server (pages,
websockets, scripts, files), so nothing is reached around it.

- **Host names**: only this machine's.  On the loopback (the default) only ``localhost``, ``127.x.x.x`` and
  ``[::1]``; on the school network also the machine's own name and any address written as digits (a page of
  another site reaching in through a name of its own — DNS rebinding — is refused).
- **The class code** (on the school network): every request and websocket without it, or with a wrong one,
  gets one line of text (403) and nothing else.  The code comes once in the address (``?code=...``, the QR
  code's); the answer is a redirect to the same page without it that sets a cookie, which later requests
  carry.  The teacher's key (``?teacher=...``, only in the address the server prints) does the same and
  marks the teacher's pages (a header the pages read; a visitor's own header of that name is dropped).
- **Websockets** only from the classroom's own pages (their ``Origin`` is the ``Host``), and at most
  ``max_sockets`` open at once (a full classroom says so in one line, 503).
- **The language** (issue 25): ``?lang=tr`` in an address is taken like the code (a cookie, then the same page
  without it) and kept for every later page; a page's websocket names its page's language.  The pages get it
  in a header (``x-cardlib-language``; a visitor's own is dropped); the refusals are said in it.  A language
  the classroom does not speak is refused in one line (400) naming it.
- A failure inside shows the visitor one line, never a traceback.
"""

from __future__ import annotations

import ipaddress
import logging
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from ..i18n import LANGUAGES
from . import words
from .code import same_code

log = logging.getLogger("cardlib.classroom")

__all__ = ["Guard", "CODE_COOKIE", "TEACHER_COOKIE", "LANGUAGE_COOKIE", "ROLE_HEADER", "LANGUAGE_HEADER"]

CODE_COOKIE = "cardlib-class"
TEACHER_COOKIE = "cardlib-teacher"
LANGUAGE_COOKIE = "cardlib-lang"
ROLE_HEADER = b"x-cardlib-role"
LANGUAGE_HEADER = b"x-cardlib-language"
LOCAL_NAMES = {"localhost"}

Scope = Any


def _host_name(host: str) -> str:
    """The name or address of a Host header, without its port (``[::1]:8866`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _ip(name: str) -> Any:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


class Guard:
    """The ASGI layer (see the module's doc).  ``code``: the class code (None: none asked, the loopback);
    ``teacher``: the teacher's key; ``network``: served beyond the loopback; ``names``: this machine's own
    host names (on the network); ``language``: the pages' language when an address and its cookies name none."""

    def __init__(self, app: Any, *, code: str | None = None, teacher: str | None = None, network: bool = False,
                 names: tuple[str, ...] = (), max_sockets: int = 120, language: str = "en"):
        if language not in LANGUAGES:
            raise ValueError(f"language {language!r} is not one of {', '.join(LANGUAGES)}")
        self.app, self.code, self.teacher, self.network = app, code, teacher, network
        self.language = language
        self.names = LOCAL_NAMES | {n.lower() for n in names if n}
        self.max_sockets = max_sockets
        self.sockets = 0

    # -- checks ----------------------------------------------------------------------------------------
    def host_ok(self, host: str | None) -> bool:
        if not host:
            return False
        name = _host_name(host)
        ip = _ip(name)
        if ip is not None:
            return ip.is_loopback or self.network
        return name in LOCAL_NAMES or (self.network and name in self.names)

    @staticmethod
    def _cookies(headers: dict[bytes, bytes]) -> dict[str, str]:
        """The request's cookies, read one by one (another program's odd cookie on the same host, such as
        JupyterLab's, must not hide the class code's)."""
        found: dict[str, str] = {}
        for part in headers.get(b"cookie", b"").decode("latin-1").split(";"):
            name, sep, value = part.strip().partition("=")
            if sep and name in (CODE_COOKIE, TEACHER_COOKIE, LANGUAGE_COOKIE):
                found[name] = value.strip().strip('"')
        return found

    # -- ASGI ------------------------------------------------------------------------------------------
    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        raw = [(k.lower(), v) for k, v in scope.get("headers", []) if k.lower() not in (ROLE_HEADER, LANGUAGE_HEADER)]
        headers = dict(raw)
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = dict(query)
        cookies = self._cookies(headers)
        asked = given.get("lang")
        kept = cookies.get(LANGUAGE_COOKIE)
        lang = asked if asked in LANGUAGES else kept if kept in LANGUAGES else self.language
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.host_ok(host):
            await self._refuse(scope, send, 403, words.say(words.FOREIGN_HOST, lang))
            return
        teacher_key = given.get("teacher", cookies.get(TEACHER_COOKIE))
        is_teacher = bool(self.teacher) and same_code(self.teacher or "", teacher_key)
        class_code = given.get("code", cookies.get(CODE_COOKIE))
        if self.code and not is_teacher and not same_code(self.code, class_code):
            await self._refuse(scope, send, 403, words.say(words.NEEDS_CODE, lang))
            return
        if asked is not None and asked not in LANGUAGES:
            names = words.language_names()
            await self._refuse(scope, send, 400, words.NO_LANGUAGE.format(
                given=asked, choices=", ".join(f"{code} ({names[code]})" for code in LANGUAGES)))
            return
        if kind == "websocket":
            origin = headers.get(b"origin", b"").decode("latin-1")
            if not origin or urlsplit(origin).netloc.lower() != host.lower():
                await self._refuse(scope, send, 403, words.say(words.FOREIGN_HOST, lang))
                return
        if (kind == "http" and ("code" in given or "teacher" in given or "lang" in given)
                and scope.get("method") in ("GET", "HEAD")):
            await self._remember(scope, send, query, is_teacher)
            return
        raw.append((LANGUAGE_HEADER, lang.encode("ascii")))
        raw.append((ROLE_HEADER, b"teacher" if is_teacher else b"student"))
        scope = {**scope, "headers": raw}
        if kind == "websocket":
            await self._websocket(scope, receive, send, lang)
        else:
            await self._http(scope, receive, send, lang)

    async def _http(self, scope: Scope, receive: Any, send: Any, lang: str) -> None:
        started = False

        async def sending(message: dict) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)
        try:
            await self.app(scope, receive, sending)
        except Exception:
            log.exception("a request failed: %s", scope.get("path"))
            if not started:
                await self._refuse(scope, send, 500, words.say(words.LESSON_ERROR, lang))

    async def _websocket(self, scope: Scope, receive: Any, send: Any, lang: str) -> None:
        if self.sockets >= self.max_sockets:
            log.warning("refused a page's connection: %d open (max_sockets)", self.sockets)
            await self._refuse(scope, send, 503, words.say(words.FULL, lang, open=self.sockets, cap=self.max_sockets))
            return
        self.sockets += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets -= 1

    async def _remember(self, scope: Scope, send: Any, query: list, is_teacher: bool) -> None:
        """The code (or the language) given in the address: a cookie for it, and the same page without it."""
        rest = [(k, v) for k, v in query if k not in ("code", "teacher", "lang")]
        location = scope.get("root_path", "") + scope.get("path", "/") + (f"?{urlencode(rest)}" if rest else "")
        cookies = []
        if is_teacher:
            cookies.append(f"{TEACHER_COOKIE}={self.teacher}")
        elif self.code:
            cookies.append(f"{CODE_COOKIE}={self.code}")
        asked = dict(query).get("lang")
        if asked in LANGUAGES:
            cookies.append(f"{LANGUAGE_COOKIE}={asked}")
        headers = [(b"location", location.encode("latin-1", "replace")), (b"cache-control", b"no-store"),
                   (b"content-length", b"0")]
        headers += [(b"set-cookie", f"{c}; Path=/; HttpOnly; SameSite=Lax".encode()) for c in cookies]
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})

    async def _refuse(self, scope: Scope, send: Any, status: int, line: str) -> None:
        body = (line + "\n").encode("utf-8")
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
                   (b"cache-control", b"no-store")]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        elif "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008})
