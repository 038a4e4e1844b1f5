"""Fixtures for the browser tests: Debian's Chromium driven by playwright's plain sync API, a JupyterLab
server and a Voila server, each on a free port of 127.0.0.1 and serving a temporary copy of notebooks/.

Nothing here downloads anything: the browser is /usr/bin/chromium (never `playwright install`), and it
cannot reach past 127.0.0.1 (every other request is stopped inside the browser and recorded, see
launch_browser).  See docs/browser-tests.md.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from ._support import (ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, CLASS_CODE, LAB_SETTINGS, SMOKE_NOTEBOOK, TIMEOUT, VIEWPORT,
                       Server, classroom_serving, copy_notebooks, free_port, shot, slug, voila_serving,
                       write_smoke_notebook)

# ------------------------------------------------------------------------------------------- reporting


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# -------------------------------------------------------------------------------------------- artifacts


@pytest.fixture(scope="session", autouse=True)
def fresh_artifacts():
    """test-artifacts/browser/ holds the screenshots and logs of this run only."""
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)


# ---------------------------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).is_file():
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail(f"CI is set but {CHROMIUM} is missing: the browser tests need Debian's chromium "
                        f"(apt-get install -y chromium; .ci/run does it)", pytrace=False)
        pytest.skip(f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium) to run "
                    f"the browser tests")
    return CHROMIUM


#: Chromium's flags that keep it on the loopback: a proxy for everything else (its port filled in by
#: launch_browser), no name but 127.0.0.1 resolved, no WebRTC traffic that bypasses the proxy
OFFLINE_ARGS = ["--proxy-server=http://127.0.0.1:{port}", "--proxy-bypass-list=127.0.0.1",
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                "--force-webrtc-ip-handling-policy=disable_non_proxied_udp"]


def launch_browser(pw: Any, chromium_path: str, user_data: Path) -> Any:
    """Chromium (a persistent context) with a fresh user-data dir that cannot reach past 127.0.0.1, with its
    HTTP cache working as in a teacher's browser.  Outside addresses are stopped by the browser's own network
    layer (OFFLINE_ARGS): every request that is not to the loopback goes to a proxy on a loopback port held
    by a bound socket that never listens, so it is refused at once and no server of the session can come to
    listen there; host names other than 127.0.0.1 resolve to nothing.  (playwright's request routing would
    do it too, but it turns the HTTP cache off and sends every request through the Python process, which
    made each page a second slower than a browser is.)  Every outside request or websocket is recorded on
    the context's ``blocked_requests`` as it is tried, and tests fail on it (test_browser_plumbing.py checks
    that none gets through).  Close ``context.proxy_socket`` after the context."""
    proxy_socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        proxy_socket.bind(("127.0.0.1", 0))
        port = proxy_socket.getsockname()[1]
        context = pw.chromium.launch_persistent_context(
            str(user_data), executable_path=chromium_path, headless=True, viewport=VIEWPORT,
            args=[*CHROMIUM_ARGS, *(arg.format(port=port) for arg in OFFLINE_ARGS)])
    except BaseException:
        proxy_socket.close()
        raise
    blocked: list[str] = []

    def outside(url: str) -> None:
        if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1":
            blocked.append(url)

    context.on("request", lambda request: outside(request.url))
    context.on("page", lambda page: page.on("websocket", lambda ws: outside(ws.url)))
    context.blocked_requests = blocked
    context.proxy_socket = proxy_socket
    return context


@pytest.fixture(scope="session")
def playwright_driver(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the test extra declares playwright
        pytest.fail("playwright is not installed: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser_context(playwright_driver, chromium_path, tmp_path_factory):
    """One Chromium for the session (see launch_browser): only 127.0.0.1 is reachable."""
    context = launch_browser(playwright_driver, chromium_path, tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield context
    finally:
        blocked = context.blocked_requests
        try:
            context.close()
        finally:
            context.proxy_socket.close()
            if blocked:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                (ARTIFACTS / "blocked-requests.txt").write_text("\n".join(sorted(set(blocked))) + "\n")


@pytest.fixture
def page(browser_context, request):
    """A fresh tab; screenshot saved under test-artifacts/browser/ when the test fails."""
    page = browser_context.new_page()
    page.set_default_timeout(TIMEOUT * 1000)
    console: list[str] = []
    page.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    page.on("pageerror", lambda exc: console.append(f"[pageerror] {exc}"))
    page.console_lines = console
    try:
        yield page
    finally:
        failed = any(getattr(getattr(request.node, f"rep_{when}", None), "failed", False)
                     for when in ("setup", "call"))
        if failed:
            shot(page, f"{request.node.name}-FAILED")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            (ARTIFACTS / f"{slug(request.node.name)}-FAILED-console.txt").write_text("\n".join(console) + "\n")
        page.close()


@pytest.fixture
def snap(page, request):
    """snap("step") saves a screenshot test-artifacts/browser/<test>-<step>.png."""
    return lambda step: shot(page, f"{request.node.name}-{step}")


# ---------------------------------------------------------------------------------------------- servers


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab on a free port of 127.0.0.1, no token, serving a temp copy of notebooks/."""
    home = tmp_path_factory.mktemp("jupyterlab")
    root = copy_notebooks(home / "notebooks")
    write_smoke_notebook(root / SMOKE_NOTEBOOK)
    settings = home / "lab-user-settings"
    for rel, value in LAB_SETTINGS.items():
        (settings / rel).parent.mkdir(parents=True, exist_ok=True)
        (settings / rel).write_text(json.dumps(value))
    port = free_port()
    server = Server(
        "jupyterlab",
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
         "--ServerApp.password=", f"--ServerApp.root_dir={root}", "--LabApp.news_url=",
         "--LabApp.extension_manager=readonly", "--ServerApp.open_browser=False", "--ServerApp.allow_root=True"],
        port=port, home=home, cwd=root, ready_path="/api/status",
        env={"JUPYTERLAB_SETTINGS_DIR": str(settings), "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")},
    )
    server.root = root
    server.start()
    try:
        mode = server.get_json("/lab/api/settings/@jupyterlab/notebook-extension:tracker")["settings"].get(
            "windowingMode")
        assert mode == "none", f"JupyterLab test server has windowingMode={mode!r}, expected 'none'"
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Voila on a free port of 127.0.0.1 serving a temp copy of notebooks/classroom, with the settings of
    `make classroom` (tools/voila.json)."""
    home = tmp_path_factory.mktemp("voila")
    copy = copy_notebooks(home / "notebooks")
    root = copy / "classroom"
    root.mkdir(exist_ok=True)
    write_smoke_notebook(root / SMOKE_NOTEBOOK)
    with voila_serving("voila", root, home) as server:
        yield server




@pytest.fixture(scope="session")
def classroom_server(tmp_path_factory):
    """The classroom (`make classroom CLASS_NETWORK=1`: python -m cardlib.classroom --network, with the test's
    class code and teacher's key) on a free port of 127.0.0.1, serving a temp copy of notebooks/classroom."""
    home = tmp_path_factory.mktemp("classroom")
    root = copy_notebooks(home / "notebooks") / "classroom"
    with classroom_serving("classroom", root, home) as server:
        yield server


@pytest.fixture
def in_class(browser_context, classroom_server):
    """The browser holds the class code (as after opening the QR code's address once); the teacher's key off."""
    browser_context.clear_cookies()
    browser_context.add_cookies([{"name": "cardlib-class", "value": CLASS_CODE, "url": classroom_server.url}])
    return classroom_server
