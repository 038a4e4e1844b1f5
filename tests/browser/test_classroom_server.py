"""The classroom server (``make classroom``: ``python -m cardlib.classroom``), over HTTP and websockets; no
browser needed.  A server of its own on a free port of 127.0.0.1 serving a copy of notebooks/classroom,
as on the school network (``--network``: a class code and a teacher's key) but bound to the loopback.

What it promises: without the class code, every way in (a page, the page's websocket, the scripts, any
file) gets one line of text and nothing else, with the code missing or wrong; only Host names of this
machine are answered; websockets only from the classroom's own pages; no lesson file, saved hand or
server inner page is served even with the code; a page can run no code; visitors see no traceback; the
lesson pages are capped (per lesson and in all) and a full classroom says so; a page fetched but never
connected holds nothing; the server stops at once on SIGTERM and Ctrl-C; loopback only by default.
"""

from __future__ import annotations

import html
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cardlib.classroom import words

from ._support import (CLASS_CODE, ROOT, TEACHER_KEY, classroom_command, classroom_serving, copy_notebooks,
                       free_port)

pytestmark = pytest.mark.server

SECRET = "a secret detail 7391"
RAISES = "raises"                     # a lesson whose cell raises
CLICK_RAISES = "click_raises"         # a lesson whose button's handler raises


def _notebook(path: Path, *sources: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {path.stem}"), *map(nbformat.v4.new_code_cell, sources)]
    nbformat.write(nb, str(path))


def _serve_copy(tmp_path_factory, name: str):
    home = tmp_path_factory.mktemp(name)
    root = copy_notebooks(home / "notebooks") / "classroom"
    _notebook(root / f"{RAISES}.ipynb", f"raise ValueError({SECRET!r})")
    _notebook(root / f"{CLICK_RAISES}.ipynb",
              "import ipywidgets as w\nb = w.Button(description='boom')\n"
              f"def boom(_):\n    raise ValueError({SECRET!r})\nb.on_click(boom)\nb")
    (root / "saved-hands").mkdir(exist_ok=True)
    (root / "saved-hands" / "a-hand.json").write_text('{"game": "pis-yedili", "secret": "' + SECRET + '"}')
    return home, root


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home, root = _serve_copy(tmp_path_factory, "classroom-server")
    with classroom_serving("classroom-server", root, home, "--max-lesson-pages", "3", "--max-pages", "6") as server:
        yield server


# -- helpers -----------------------------------------------------------------------------------------------
def get(server, path: str, *, host: str | None = None, cookie: str | None = None, method: str = "GET",
        data: bytes | None = None, extra: dict | None = None) -> tuple[int, dict, str]:
    headers = dict(extra or {})
    if host:
        headers["Host"] = host
    if cookie:
        headers["Cookie"] = cookie
    request = urllib.request.Request(server.url + path, headers=headers, method=method, data=data)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    def all_headers(message) -> dict:        # every Set-Cookie too, under "set-cookies"
        return {**dict(message), "set-cookies": message.get_all("set-cookie") or []}
    try:
        with opener.open(request, timeout=60) as resp:
            return resp.status, all_headers(resp.headers), resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, all_headers(exc.headers), exc.read().decode("utf-8", "replace")


WITH_CODE = f"cardlib-class={CLASS_CODE}"
WITH_KEY = f"cardlib-teacher={TEACHER_KEY}"
WRONG = [None, "cardlib-class=aaaaaa", "cardlib-class=" + CLASS_CODE.upper(), "cardlib-class=" + CLASS_CODE + "x",
         "cardlib-teacher=" + CLASS_CODE, "cardlib-class="]


def ws_connect(server, name: str, *, cookie: str | None = WITH_CODE, origin: str | None = "self",
               host: str | None = None, extra: tuple[str, ...] = ()):
    import websocket
    headers = ([f"Cookie: {cookie}"] if cookie else []) + list(extra)
    return websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/ws/{name}", header=headers, host=host,
        origin=(server.url if origin == "self" else origin), timeout=30, suppress_origin=origin is None)


def first_drawing(ws) -> str:
    return json.loads(ws.recv())["html"]


def refused_one_line(status: int, headers: dict, body: str, line: str, code: int = 403) -> None:
    assert status == code, (status, body[:300])
    assert body == line + "\n", body[:300]
    assert headers.get("Content-Type", headers.get("content-type", "")).startswith("text/plain")


# -- loopback only by default --------------------------------------------------------------------------------
def _listening(port: int) -> list[str]:
    found = []
    for name in ("tcp", "tcp6"):
        path = Path("/proc/net") / name
        if path.exists():
            for line in path.read_text().splitlines()[1:]:
                fields = line.split()
                host, hport = fields[1].rsplit(":", 1)
                if int(hport, 16) == port and fields[3] == "0A":
                    found.append(host)
    return found


def test_it_listens_on_loopback_only_by_default(tmp_path_factory):
    if not Path("/proc/net/tcp").exists():
        pytest.skip("no /proc/net/tcp")
    home, root = _serve_copy(tmp_path_factory, "classroom-loopback")
    with classroom_serving("classroom-loopback", root, home, network=False) as server:
        assert _listening(server.port) == ["0100007F"]             # 127.0.0.1, and nothing else
        status, _, page = get(server, "/")                          # no code asked on the loopback
        assert status == 200 and 'data-page="start"' in page
        status, _, _ = get(server, "/", host="192.168.1.20")         # a network address: not this machine here
        assert status == 403


# -- the class code: every way in ------------------------------------------------------------------------------
WAYS_IN = ["/", "/pis_yedili_table", "/sari_cuce_table", "/stepper", "/projector", "/static/plotly.min.js",
           "/pis_yedili_table.ipynb", "/index.ipynb", "/saved-hands/a-hand.json", "/records/x.json",
           "/favicon.ico", "/api/kernels", "/voila/render/stepper.ipynb", "/ws/pis_yedili_table", "/readyz",
           "/%2e%2e/records/x.json"]


@pytest.mark.parametrize("cookie", WRONG, ids=["missing", "wrong", "upper-case", "longer", "code-as-key", "empty"])
@pytest.mark.parametrize("path", WAYS_IN)
def test_without_the_code_every_way_in_gets_one_line(classroom, path, cookie):
    refused_one_line(*get(classroom, path, cookie=cookie), words.NEEDS_CODE)


@pytest.mark.parametrize("query", ["?code=", "?code=aaaaaa", f"?code={CLASS_CODE.upper()}", "?teacher=k7q2m9",
                                   f"?code={CLASS_CODE}%00"])
def test_a_wrong_code_in_the_address_gets_one_line(classroom, query):
    refused_one_line(*get(classroom, "/pis_yedili_table" + query), words.NEEDS_CODE)


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_other_methods_without_the_code_get_one_line(classroom, method):
    refused_one_line(*get(classroom, "/", method=method, data=b"x"), words.NEEDS_CODE)


@pytest.mark.parametrize("cookie", WRONG, ids=["missing", "wrong", "upper-case", "longer", "code-as-key", "empty"])
def test_the_websocket_without_the_code_is_refused(classroom, cookie):
    import websocket
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        ws_connect(classroom, "pis_yedili_table", cookie=cookie)
    assert refused.value.status_code == 403
    assert refused.value.resp_body in (None, b"", (words.NEEDS_CODE + "\n").encode())


def test_the_code_in_the_address_sets_a_cookie_and_leaves_the_address(classroom):
    status, headers, body = get(classroom, f"/pis_yedili_table?code={CLASS_CODE}")
    assert status == 303 and headers["location"] == "/pis_yedili_table" and body == ""
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"cardlib-class={CLASS_CODE};") and "HttpOnly" in cookie
    status, _, page = get(classroom, "/pis_yedili_table", cookie=WITH_CODE)
    assert status == 200 and 'data-page="pis_yedili_table"' in page and words.WAITING in page


def test_with_the_code_no_lesson_file_saved_hand_or_inner_page_is_served(classroom):
    for path in ["/pis_yedili_table.ipynb", "/index.ipynb", "/saved-hands/a-hand.json", "/records/x.json",
                 "/readyz", "/resourcez", "/api/kernels", "/api/contents", "/lab", "/tree", "/files/stepper.ipynb",
                 "/static/../pages.py", "/%2e%2e/records/x.json", "/static/plotly.min.js/../../x"]:
        status, _, body = get(classroom, path, cookie=WITH_CODE)
        assert status == 404, (path, status)
        assert SECRET not in body and "nbformat" not in body and len(body.splitlines()) == 1, (path, body[:200])
    status, _, body = get(classroom, "/static/plotly.min.js", cookie=WITH_CODE)
    assert status == 200 and "plotly" in body[:2000].lower()


# -- host names and origins ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "cardlib.example.com", "localhost.evil.example",
                                  "127.0.0.1.evil.example"])
def test_a_host_name_that_is_not_this_machine_is_refused(classroom, host):
    for cookie in (None, WITH_CODE, WITH_KEY):
        refused_one_line(*get(classroom, "/", host=host, cookie=cookie), words.FOREIGN_HOST)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "192.0.2.7"])
def test_this_machines_names_and_addresses_are_served(classroom, host):
    status, _, page = get(classroom, "/", host=f"{host}:{classroom.port}", cookie=WITH_CODE)
    assert status == 200 and 'data-page="start"' in page


def test_a_websocket_from_another_site_is_refused(classroom):
    import websocket
    for origin in ("http://evil.example", None, f"http://127.0.0.1:{classroom.port + 1}"):
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            ws_connect(classroom, "pis_yedili_table", origin=origin)
        assert refused.value.status_code == 403, origin


# -- what a page can do ------------------------------------------------------------------------------------------------
def test_a_page_plays_and_runs_no_code(classroom, tmp_path):
    ws = ws_connect(classroom, "pis_yedili_table")
    try:
        first = first_drawing(ws)
        card = re.search(r'<button class="[^"]*cardlib-playable[^"]*" data-w="([0-9a-f]+)"', first).group(1)
        marker = tmp_path / "executed"
        code = f"open({str(marker)!r}, 'w').write('x')"
        for attempt in [{"w": card, "ev": "exec", "value": code}, {"w": card, "ev": "value", "value": code},
                        {"header": {"msg_type": "execute_request"}, "content": {"code": code}},
                        {"w": "__import__('os')", "ev": "click"}, {"w": card, "ev": "click", "value": {"__class__": 1}},
                        "not json {", ["w", card]]:
            ws.send(attempt if isinstance(attempt, str) else json.dumps(attempt))
        ws.send(json.dumps({"w": card, "ev": "click"}))               # and the page still plays
        after = json.loads(ws.recv())["html"]
        assert after != first and "Ada (you) plays" in after
        assert not marker.exists()
    finally:
        ws.close()


def test_visitors_see_no_traceback(classroom):
    ws = ws_connect(classroom, RAISES)
    try:
        page = first_drawing(ws)
    finally:
        ws.close()
    assert html.escape(words.LESSON_ERROR) in page
    for leak in ("Traceback", "ValueError", SECRET, "raises.ipynb"):
        assert leak not in page, leak
    ws = ws_connect(classroom, CLICK_RAISES)
    try:
        page = first_drawing(ws)
        button = re.search(r'data-w="([0-9a-f]+)" data-ev="click"', page).group(1)
        ws.send(json.dumps({"w": button, "ev": "click"}))
        ws.settimeout(5)
        try:
            after = json.loads(ws.recv())["html"]
        except Exception:
            after = page
    finally:
        ws.close()
    for leak in ("Traceback", "ValueError", SECRET):
        assert leak not in after, leak
    assert SECRET in classroom.log_path.read_text()                    # the teacher's log has it


# -- caps, and pages that never connect ----------------------------------------------------------------------------
def test_the_lesson_pages_are_capped_and_a_full_lesson_says_so(classroom):
    """--max-lesson-pages 3: a fourth open page of one lesson is told the lesson is full; one closed makes room."""
    open_ = [ws_connect(classroom, "sari_cuce_table") for _ in range(3)]
    try:
        for ws in open_:
            assert "cardlib-table" in first_drawing(ws)
        extra = ws_connect(classroom, "sari_cuce_table")
        try:
            page = first_drawing(extra)
        finally:
            extra.close()
        assert html.escape(words.LESSON_FULL.format(open=3, cap=3)) in page and "cardlib-table" not in page
        open_.pop().close()
        deadline = time.monotonic() + 10
        while True:
            again = ws_connect(classroom, "sari_cuce_table")
            page = first_drawing(again)
            open_.append(again)
            if "cardlib-table" in page:
                break
            open_.pop().close()
            assert time.monotonic() < deadline, "a closed page did not make room"
            time.sleep(0.2)
    finally:
        for ws in open_:
            ws.close()


def test_the_classroom_is_capped_in_all(classroom):
    """--max-pages 6: lesson pages beyond 6 in all say the classroom is full; websockets beyond 16 are refused."""
    import websocket
    open_ = []
    try:
        for name in ("sari_cuce_table", "pis_yedili_table", "stepper"):
            for _ in range(2):
                open_.append(ws_connect(classroom, name))
                assert html.escape(words.LESSON_ERROR) not in first_drawing(open_[-1])
        extra = ws_connect(classroom, "pis_yedili_table")
        open_.append(extra)
        assert html.escape(words.FULL.format(open=6, cap=6)) in first_drawing(extra)
        for _ in range(16 - len(open_)):
            open_.append(ws_connect(classroom, "start"))
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            ws_connect(classroom, "start")
        assert refused.value.status_code == 503
    finally:
        for ws in open_:
            ws.close()


def test_a_page_fetched_but_never_connected_holds_nothing(classroom):
    """(issue 28, C4) Fetching a page's address 20 times runs no lesson: the log says no page opened."""
    before = classroom.log_path.read_text().count("opened (")
    for _ in range(20):
        assert get(classroom, "/pis_yedili_table", cookie=WITH_CODE)[0] == 200
    time.sleep(0.5)
    assert classroom.log_path.read_text().count("opened (") == before


# -- the teacher ------------------------------------------------------------------------------------------------------
def test_only_the_teacher_sees_the_teachers_choices(classroom):
    status, headers, _ = get(classroom, f"/?teacher={TEACHER_KEY}")
    assert status == 303 and headers["set-cookie"].startswith(f"cardlib-teacher={TEACHER_KEY};")
    for cookie, shown in ((WITH_KEY, True), (WITH_CODE, False)):
        ws = ws_connect(classroom, "start", cookie=cookie)
        try:
            page = first_drawing(ws)
        finally:
            ws.close()
        assert ("cardlib-teacher" in page) is shown and ("cardlib-deals" in page) is shown
        assert 'href="/sari_cuce_table"' in page
        if shown:
            assert f"?code={CLASS_CODE}" in page and 'src="data:image/png;base64,' in page
    ws = ws_connect(classroom, "start", cookie=WITH_CODE, extra=("X-Cardlib-Role: teacher",))   # forged
    try:
        assert "cardlib-teacher" not in first_drawing(ws)
    finally:
        ws.close()


# -- stopping ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_it_stops_at_once_with_pages_open(tmp_path_factory, sig):
    home, root = _serve_copy(tmp_path_factory, f"classroom-stop-{sig.name}")
    with classroom_serving(f"classroom-stop-{sig.name}", root, home) as server:
        pages = [ws_connect(server, "pis_yedili_table") for _ in range(3)]
        for ws in pages:
            first_drawing(ws)
        stopped = time.monotonic()
        server.proc.send_signal(sig)
        server.proc.wait(timeout=15)
        took = time.monotonic() - stopped
        for ws in pages:
            ws.close()
    assert took < 5, f"the server took {took:.1f} s to stop on {sig.name}"
    assert server.proc.returncode in (0, -sig), server.proc.returncode


def test_a_bad_option_is_one_line_and_exit_2(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = str(taken.getsockname()[1])
    cases = ((["--code", "K7Q2M9"], "class code 'K7Q2M9'"), ([str(tmp_path)], "no lesson notebooks"),
             (["--port", "0"], "--port 0"), (["--port", port], f"port {port} on 127.0.0.1 cannot be used"),
             (["--language", "de"], "--language 'de': one of en, tr, fr, pl"),
             (["--language", "TR"], "--language 'TR'"))
    for args, says in cases:
        root = [] if args and args[0] == str(tmp_path) else [str(ROOT / "notebooks" / "classroom")]
        done = subprocess.run([sys.executable, "-m", "cardlib.classroom", *root, *args], capture_output=True,
                              text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2 and done.stdout == "", (args, done.stdout, done.stderr)
        assert len(done.stderr.splitlines()) == 1 and says in done.stderr, done.stderr
    taken.close()


@pytest.mark.parametrize("path, name", [("/", "start"), ("/projector", "projector"), ("/stepper", "stepper"),
                                        ("/sari_cuce_table", "sari_cuce_table")])
def test_each_address_serves_its_own_page(classroom, path, name):
    status, _, page = get(classroom, path, cookie=WITH_CODE)
    assert status == 200 and f'data-page="{name}"' in page


def test_the_code_cookie_is_found_among_other_programs_cookies(classroom):
    jupyter = 'username-127-0-0-1-8888="2|1:0|10:1700000000|28:x|y"; _xsrf=2|ab|cd|1700000000; odd=a"b\\c; '
    status, _, page = get(classroom, "/", cookie=jupyter + WITH_CODE)
    assert status == 200 and 'data-page="start"' in page
    refused_one_line(*get(classroom, "/", cookie=jupyter + "cardlib-class=nope"), words.NEEDS_CODE)


# -- languages (issue 25) ------------------------------------------------------------------------------------------
def test_the_language_in_the_address_sets_a_cookie_and_leaves_the_address(classroom):
    status, headers, body = get(classroom, "/pis_yedili_table?lang=tr", cookie=WITH_CODE)
    assert status == 303 and headers["location"] == "/pis_yedili_table" and body == ""
    lang_cookie = [c for c in headers["set-cookies"] if c.startswith("cardlib-lang=")]
    assert lang_cookie and lang_cookie[0].startswith("cardlib-lang=tr;") and "HttpOnly" in lang_cookie[0]
    status, _, page = get(classroom, "/pis_yedili_table", cookie=WITH_CODE + "; cardlib-lang=tr")
    assert status == 200 and '<html lang="tr">' in page and 'data-lang="tr"' in page
    assert html.escape(words.say(words.WAITING, "tr")) in page and words.WAITING not in page
    assert "<title>Pis Yedili: bir el oyna</title>" in page            # the Turkish copy's title
    # the code and the language in one address (the QR code of a teacher whose page is in French)
    status, headers, _ = get(classroom, f"/?code={CLASS_CODE}&lang=fr")
    assert status == 303 and headers["location"] == "/"
    assert sorted(c.split(";")[0] for c in headers["set-cookies"]) == ["cardlib-class=" + CLASS_CODE, "cardlib-lang=fr"]


@pytest.mark.parametrize("lang", ["de", "TR", "tr_TR", "", "en "])
def test_a_language_the_classroom_does_not_speak_is_one_line(classroom, lang):
    from urllib.parse import quote
    status, headers, body = get(classroom, f"/?lang={quote(lang)}", cookie=WITH_CODE)
    refused_one_line(status, headers, body, f"lang={lang!r}: this classroom speaks en (English), tr (Türkçe), "
                     f"fr (Français), pl (Polski)", code=400)


def test_without_the_code_the_refusal_is_in_the_language_asked(classroom):
    refused_one_line(*get(classroom, "/?lang=fr"), words.say(words.NEEDS_CODE, "fr"))
    refused_one_line(*get(classroom, "/", cookie="cardlib-lang=pl"), words.say(words.NEEDS_CODE, "pl"))
    refused_one_line(*get(classroom, "/?lang=de"), words.NEEDS_CODE)      # the code first: nothing else is said


def test_a_visitors_own_language_header_is_not_taken(classroom):
    status, _, page = get(classroom, "/", cookie=WITH_CODE, extra={"x-cardlib-language": "fr"})
    assert status == 200 and '<html lang="en">' in page


def test_a_page_is_drawn_in_its_language_and_its_clicks_answer_in_it(classroom):
    ws = ws_connect(classroom, "pis_yedili_table?lang=fr")
    try:
        drawn = first_drawing(ws)
        assert words.say("Your turn", "fr") in drawn and "Your turn" not in drawn
        assert "Tu es Ada" in drawn                                        # the French copy's words
        card = re.search(r'cardlib-playable" data-w="([0-9a-f]+)" data-ev="click"', drawn).group(1)
        ws.send(json.dumps({"w": card, "ev": "click"}))
        after = json.loads(ws.recv())["html"]
        assert re.search(r"Ada \(toi\) (joue|pose)", after) and " plays " not in after
    finally:
        ws.close()


def _button(drawing: str, label: str) -> str:
    found = re.search(r'<button [^>]*data-w="([0-9a-f]+)" data-ev="click"[^>]*>' + re.escape(html.escape(label))
                      + "</button>", drawing)
    assert found, f"no button {label!r} on the page"
    return found.group(1)


def test_a_hand_saved_in_any_language_goes_to_the_one_folder_every_stepper_lists(classroom):
    """A translated lesson runs in the lessons' folder, and so do the clicks on its widgets: its table saves
    into saved-hands/ (the classroom's one folder), its stepper lists that folder and reads the examples."""
    saved = classroom.root / "saved-hands"
    before = set(saved.glob("*.json"))
    ws = ws_connect(classroom, "pis_yedili_table?lang=tr")
    try:
        drawing = first_drawing(ws)
        ws.send(json.dumps({"w": _button(drawing, words.say("save this hand", "tr")), "ev": "click"}))
        assert "El kaydedildi" in json.loads(ws.recv())["html"]
    finally:
        ws.close()
    new = set(saved.glob("*.json")) - before
    assert len(new) == 1, sorted(p.name for p in saved.glob("*.json"))
    assert not (classroom.root.parent / "saved-hands").exists()
    stem = new.pop().stem
    ws = ws_connect(classroom, "stepper?lang=tr")
    try:
        drawing = first_drawing(ws)
        options = re.findall(r'<option value="(\d+)"[^>]*>([^<]*)', drawing)
        assert options[0][1] == f"kayıtlı: {stem}", options[:3]
        example = next(i for i, label in options if label == "Pis Yedili: vale renk ister")
        pick = re.search(r'<select data-w="([0-9a-f]+)"', drawing).group(1)
        ws.send(json.dumps({"w": pick, "ev": "index", "value": int(example)}))
        after = json.loads(ws.recv())["html"]
        assert "cardlib-narration" in after and "okunamıyor" not in after.split("</select>", 1)[1], after[:500]
    finally:
        ws.close()
