"""The classroom server (``make classroom``: Voila with ``tools/voila.json``), over HTTP and websockets; no
browser needed.  A Voila of its own on a free port of 127.0.0.1, with the project's config file and only
the culling made quick (so a test need not wait 15 minutes), serving a copy of notebooks/classroom.

What it promises: it listens on loopback only; it answers only Host headers that name this machine
(a DNS-rebinding page cannot reach it); it exposes no Jupyter REST API; it refuses cross-origin websockets
and drops execute requests; it shows visitors no traceback; and it culls idle kernels and the kernels of
closed pages, so reloads do not add up.
"""

from __future__ import annotations

import json
import re
import socket
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import nbformat
import pytest

from ._support import ROOT, SMOKE_NOTEBOOK, copy_notebooks, voila_command, voila_serving, write_smoke_notebook

pytestmark = pytest.mark.server

CONFIG = ROOT / "tools" / "voila.json"
CULL_SECONDS = 5            # the test server's idle timeout; the classroom's is in tools/voila.json
RAISES = "_raises.ipynb"
SECRET = "a secret detail 7391"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("classroom")
    root = copy_notebooks(home / "notebooks") / "classroom"
    root.mkdir(exist_ok=True)
    write_smoke_notebook(root / SMOKE_NOTEBOOK)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"raise ValueError({SECRET!r})")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(root / RAISES))
    with voila_serving("classroom", root, home, f"--MappingKernelManager.cull_idle_timeout={CULL_SECONDS}",
                       "--MappingKernelManager.cull_interval=1") as server:
        yield server


def get(server, path: str, host: str | None = None, timeout: float = 120) -> tuple[int, str]:
    request = urllib.request.Request(server.url + path, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def render(server, notebook: str) -> tuple[str, str]:
    """The page of ``notebook`` and the id of the kernel Voila started for it."""
    status, page = get(server, f"/voila/render/{notebook}")
    assert status == 200, page[:500]
    m = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert m, f"no kernelId in the page of {notebook}"
    return page, m.group(1)


def kernel_alive(server, kernel_id: str) -> bool:
    status, _ = get(server, f"/api/kernels/{kernel_id}")
    assert status in (200, 404), status
    return status == 200


# -- the settings ---------------------------------------------------------------------------------------
def test_make_classroom_and_the_tests_use_the_config_file():
    config = json.loads(CONFIG.read_text())
    assert config["Voila"]["ip"] == "127.0.0.1"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["Voila"]["tornado_settings"] == {"allow_remote_access": False, "local_hostnames": ["localhost"]}
    cull = config["MappingKernelManager"]
    assert cull["cull_idle_timeout"] > 0 and cull["cull_connected"] is True and cull["cull_interval"] > 0
    makefile = (ROOT / "Makefile").read_text()
    target = makefile[makefile.index("\nclassroom:"):].split("\n\n")[0]
    assert "--Voila.config_file_paths=tools" in target and "show_tracebacks" not in target
    conftest = (ROOT / "tests" / "browser" / "conftest.py").read_text()
    assert "show_tracebacks" not in conftest and "voila_serving(" in conftest
    assert "--Voila.config_file_paths=" in " ".join(voila_command(1, ROOT, ROOT))


# -- what already held: keep it so --------------------------------------------------------------------------
def _listening(port: int) -> list[str]:
    """The local addresses listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = []
    for name in ("tcp", "tcp6"):
        path = Path("/proc/net") / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            addr, state = fields[1], fields[3]
            host, hport = addr.rsplit(":", 1)
            if int(hport, 16) == port and state == "0A":          # LISTEN
                found.append(host)
    return found


def test_it_listens_on_loopback_only(classroom):
    if not Path("/proc/net/tcp").exists():
        pytest.skip("no /proc/net/tcp")
    assert _listening(classroom.port) == ["0100007F"]             # 127.0.0.1, and nothing else
    try:
        others = {a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)} - {"127.0.0.1"}
    except OSError:
        others = set()
    for address in sorted(others)[:2]:
        if address.startswith("127."):
            continue
        with pytest.raises(OSError):
            socket.create_connection((address, classroom.port), timeout=3).close()


@pytest.mark.parametrize("path", ["/api/kernels", "/api/contents", "/api/contents/stepper.ipynb", "/api/sessions",
                                  "/api/terminals", "/api/kernelspecs", "/api/status", "/lab", "/tree", "/edit/x",
                                  "/files/stepper.ipynb", "/api/config/notebook"])
def test_no_jupyter_rest_api(classroom, path):
    status, body = get(classroom, path)
    assert status in (403, 404, 405), (status, body[:300])


def _ws(classroom, kernel_id: str, origin: str):
    import websocket

    return websocket.create_connection(
        f"ws://127.0.0.1:{classroom.port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}",
        origin=origin, timeout=10)


def _message(msg_type: str, content: dict) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": uuid.uuid4().hex,
                                  "username": "test", "version": "5.3", "date": "2026-01-01T00:00:00Z"},
                       "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []})


def _replies(ws, seconds: float, until: str | None = None) -> list[str]:
    import websocket

    types, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            msg = json.loads(ws.recv())
        except (websocket.WebSocketTimeoutException, TimeoutError):
            break
        types.append(msg.get("msg_type") or msg.get("header", {}).get("msg_type"))
        if types[-1] == until:
            break
    return types


def test_cross_origin_websockets_are_refused_and_execute_requests_dropped(classroom, tmp_path):
    import websocket

    _, kernel = render(classroom, SMOKE_NOTEBOOK)
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        _ws(classroom, kernel, "http://evil.example")
    assert refused.value.status_code == 403
    ws = _ws(classroom, kernel, f"http://127.0.0.1:{classroom.port}")          # the page's own origin
    try:
        ws.send(_message("kernel_info_request", {}))
        assert "kernel_info_reply" in _replies(ws, 15, until="kernel_info_reply")                           # the channel works ...
        marker = tmp_path / "executed"
        ws.send(_message("execute_request", {"code": f"open({str(marker)!r}, 'w').write('x')", "silent": False,
                                             "store_history": False, "user_expressions": {}, "allow_stdin": False}))
        replies = _replies(ws, 4)
        assert "execute_reply" not in replies and "execute_input" not in replies  # ... but runs no code
        assert not marker.exists()
    finally:
        ws.close()


# -- what is new: Host header, tracebacks, culling ----------------------------------------------------------
@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "192.168.1.20", "cardlib.example.com",
                                  "localhost.evil.example"])
def test_a_host_header_that_is_not_this_machine_is_refused(classroom, host):
    for path in ("/", f"/voila/render/{SMOKE_NOTEBOOK}", "/voila/tree"):
        status, _ = get(classroom, path, host=host)
        assert status == 403, (path, host, status)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]"])
def test_the_local_names_are_served(classroom, host):
    status, page = get(classroom, "/", host=f"{host}:{classroom.port}")
    assert status == 200 and "Voil" in page


def test_a_cross_site_websocket_with_a_foreign_host_is_refused(classroom):
    import websocket

    _, kernel = render(classroom, SMOKE_NOTEBOOK)
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(f"ws://127.0.0.1:{classroom.port}/api/kernels/{kernel}/channels",
                                    host="evil.example", origin="http://evil.example", timeout=10)
    assert refused.value.status_code == 403


def test_visitors_see_no_traceback(classroom):
    page, _ = render(classroom, RAISES)
    assert "There was an error when executing cell" in page
    for leak in ("Traceback", "ValueError", SECRET, "show_tracebacks"):
        assert leak not in page, leak


def test_kernels_of_closed_pages_and_idle_kernels_are_culled(classroom):
    """A page loaded and left (as after a reload): its kernel goes once idle for the timeout (here 5 s)."""
    kernels = []
    for _ in range(3):                                                          # three reloads
        kernels.append(render(classroom, SMOKE_NOTEBOOK)[1])
        assert kernel_alive(classroom, kernels[-1])
    deadline = time.monotonic() + CULL_SECONDS + 20
    while any(kernel_alive(classroom, k) for k in kernels):
        assert time.monotonic() < deadline, "kernels of pages left alone were not culled"
        time.sleep(0.5)
    assert "Culling" in classroom.log_path.read_text()


def test_a_page_shutdown_needs_the_xsrf_token_of_the_cookie(classroom):
    """The page's own shutdown post (/voila/api/shutdown/<kernel>) is refused without the _xsrf token or with
    a token that is not the cookie's (the kernel keeps running), and accepted with the cookie's token, which
    the server hands out on the page list /voila/tree (what the classroom's page template fetches)."""
    import http.cookiejar

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    _, kernel = render(classroom, SMOKE_NOTEBOOK)

    def shutdown(token: str | None) -> int:
        boundary = uuid.uuid4().hex           # multipart, as the browser's sendBeacon(FormData) sends it
        field = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_xsrf\"\r\n\r\n{token}\r\n"
                 if token is not None else "")
        body = f"{field}--{boundary}--\r\n"
        request = urllib.request.Request(f"{classroom.url}/voila/api/shutdown/{kernel}", data=body.encode(),
                                         method="POST",
                                         headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        try:
            with opener.open(request, timeout=30) as resp:
                return resp.status
        except urllib.error.HTTPError as exc:
            return exc.code

    assert shutdown(None) == 403 and kernel_alive(classroom, kernel)            # no cookie, no token
    with opener.open(f"{classroom.url}/voila/tree", timeout=60) as resp:
        assert resp.status == 200
    cookie = next((c.value for c in jar if c.name == "_xsrf"), None)
    assert cookie, "the page list /voila/tree set no _xsrf cookie"
    assert shutdown(None) == 403 and kernel_alive(classroom, kernel)            # the cookie alone
    assert shutdown("2|00000000|" + "0" * 32 + "|1700000000") == 403 and kernel_alive(classroom, kernel)
    assert shutdown(cookie) == 204
    deadline = time.monotonic() + 20
    while kernel_alive(classroom, kernel):
        assert time.monotonic() < deadline, "the kernel still runs after an accepted shutdown"
        time.sleep(0.25)


@pytest.mark.parametrize("notebook", ["stepper.ipynb", "index.ipynb"])
def test_the_page_loads_its_scripts_before_its_cells(classroom, notebook):
    """The classroom template loads Voila's scripts (voila.js) once, right after the page's settings and
    before the first cell, so they load while the kernel still runs the notebook (Voila's own lab template
    loads them after the last cell)."""
    page, _ = render(classroom, notebook)
    scripts = [m.start() for m in re.finditer(r'<script src="[^"]*/voila\.js"></script>', page)]
    assert len(scripts) == 1, f"{notebook}: voila.js is loaded {len(scripts)} times"
    config = page.index('id="jupyter-config-data"')
    first_cell = page.index('cell-index="1"')
    assert config < scripts[0] < first_cell, (config, scripts[0], first_cell)
    cells = len(json.loads((classroom.root / notebook).read_text(encoding="utf-8"))["cells"])
    wrapped = [int(i) for i in re.findall(r'<div cell-index="(\d+)">', page)]
    shown = [int(i) for i in re.findall(r"voila_process\((\d+), \d+\)", page)]
    assert wrapped == shown == list(range(1, cells + 1)), (wrapped, shown, cells)   # each cell once, in order
