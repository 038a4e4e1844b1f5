"""Fixtures for the browser tests: Debian's Chromium driven by playwright's plain sync API, a JupyterLab
server and a Voila server, each on a free port of 127.0.0.1 and serving a temporary copy of notebooks/.

Nothing here downloads anything: the browser is /usr/bin/chromium (never `playwright install`), and
every request that does not go to 127.0.0.1 is aborted.  See docs/browser-tests.md.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from ._support import (ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LAB_SETTINGS, SMOKE_NOTEBOOK, TIMEOUT, VIEWPORT, Server,
                       copy_notebooks, free_port, shot, slug, voila_serving, write_smoke_notebook)

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


def launch_browser(pw, chromium_path: str, user_data: Path):
    """Chromium with a fresh user-data dir that cannot reach past 127.0.0.1, with its HTTP cache working as in
    a teacher's browser.  Outside addresses are stopped by the browser's own network layer: every request
    that is not to the loopback goes to a proxy on a closed loopback port (the loopback itself bypasses
    any proxy) and host names other than 127.0.0.1 resolve to nothing.  (playwright's request routing would
    do it too, but it turns the HTTP cache off and sends every request through the Python process, which
    made each page a second slower than a browser is.)  Every outside request is recorded on the context's
    ``blocked_requests`` as it is tried, and tests fail on it (tests/browser/test_browser_plumbing.py checks
    that one cannot get through).  The proxy's port is held by a socket bound to it that never listens, so
    no server of the session can come to listen there (connections are refused); close ``context.held_port``
    after the context."""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    held.bind(("127.0.0.1", 0))
    context = pw.chromium.launch_persistent_context(
        str(user_data), executable_path=chromium_path, headless=True, viewport=VIEWPORT,
        args=[*CHROMIUM_ARGS, f"--proxy-server=http://127.0.0.1:{held.getsockname()[1]}", "--proxy-bypass-list=127.0.0.1",
              "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
    )
    blocked: list[str] = []

    def outside(request):
        url = request.url
        if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1":
            blocked.append(url)

    context.on("request", outside)
    context.blocked_requests = blocked
    context.held_port = held
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
        context.close()
        context.held_port.close()
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


