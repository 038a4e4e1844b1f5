"""Helpers of the browser tests (no fixtures here; see conftest.py): constants, screenshots, waits that fail
saying what was missing on the page, a server in its own process group, JupyterLab/Voila driving."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The notebooks the servers serve (a copy of them); CARDLIB_BROWSER_NOTEBOOKS points elsewhere for debugging.
NOTEBOOKS = Path(os.environ.get("CARDLIB_BROWSER_NOTEBOOKS", ROOT / "notebooks"))
ARTIFACTS = ROOT / "test-artifacts" / "browser"

CHROMIUM = os.environ.get("CARDLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Seconds to wait for something to show up on a page (CARDLIB_BROWSER_TIMEOUT to stretch it on a slow box).
TIMEOUT = float(os.environ.get("CARDLIB_BROWSER_TIMEOUT", "20"))
# Seconds to wait for a server to answer on its port.
SERVER_START_TIMEOUT = float(os.environ.get("CARDLIB_SERVER_TIMEOUT", "90"))
VIEWPORT = {"width": 1400, "height": 1000}

# JupyterLab user settings for the test server: no virtual scrolling of cells (so off-screen cells are in
# the DOM), and no news or update checks.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


# --------------------------------------------------------------------------------------------- helpers


def slug(text: str) -> str:
    return re.sub(r"-+", "-", re.sub(r"[^A-Za-z0-9_.-]+", "-", text)).strip("-")[:120]


def shot(page, name: str) -> Path:
    """Save a screenshot under test-artifacts/browser/ and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{slug(name)}.png"
    try:
        page.screenshot(path=str(path), full_page=True)
    except Exception:  # a crashed page must not hide the real failure
        pass
    return path


def _fail_message(page, what: str, timeout: float) -> str:
    return f"{what} (waited {timeout:g} s; page {page.url})"


def wait_visible(page, locator, what: str, timeout: float = TIMEOUT):
    """Wait for the first element of `locator` to be visible; fail saying `what` was missing."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.first.wait_for(state="visible", timeout=timeout * 1000)
    except PlaywrightTimeout:
        pytest.fail(_fail_message(page, what, timeout), pytrace=False)
    return locator.first


def wait_until(page, predicate, what: str, timeout: float = TIMEOUT, interval: float = 0.25):
    """Poll `predicate()` (Python side) until it returns something truthy; fail saying `what` did not happen."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as exc:  # elements that come and go while a widget re-renders
            last_error = exc
        if time.monotonic() > deadline:
            extra = f"; last error: {last_error!r}" if last_error else ""
            pytest.fail(_fail_message(page, what, timeout) + extra, pytrace=False)
        page.wait_for_timeout(interval * 1000)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def copy_notebooks(dest: Path) -> Path:
    """A copy of notebooks/ (without checkpoints) so that nothing a test does writes into the repo."""
    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    else:
        dest.mkdir(parents=True)
    return dest


def _pids_mentioning(text: str) -> list[int]:
    """Processes whose command line contains `text` (the kernels our server started, by their runtime dir)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in cmdline:
            pids.append(int(entry.name))
    return pids


#: where Voila finds the classroom's page template (tools/voila.json names it; `make classroom` sets the same)
VOILA_ENV = {"JUPYTER_PATH": str(ROOT / "tools" / "jupyter")}


def voila_command(port: int, root: Path, runtime: Path, *extra: str) -> list[str]:
    """Voila as `make classroom` starts it (its settings in tools/voila.json: loopback only, local Host names
    only, no tracebacks for visitors, idle kernels culled), on ``port``, serving ``root``; ``extra`` settings
    go after the file's."""
    return [sys.executable, "-m", "voila", "--no-browser", f"--Voila.config_file_paths={ROOT / 'tools'}",
            f"--Voila.port={port}", "--Voila.port_retries=0", f"--Voila.connection_dir_root={runtime}", *extra,
            str(root)]


@contextlib.contextmanager
def voila_serving(name: str, root: Path, home: Path, *extra: str):
    """A Voila started with :func:`voila_command` on a free port, serving ``root`` (``server.root``); stopped
    on leaving."""
    port = free_port()
    server = Server(name, voila_command(port, root, home / "runtime", *extra), port=port, home=home, cwd=root,
                    ready_path="/", env=VOILA_ENV)
    server.root = root
    server.start()
    try:
        yield server
    finally:
        server.stop()


#: the class code and teacher's key of the test classrooms served on the "network" (still on 127.0.0.1)
CLASS_CODE, TEACHER_KEY = "k7q2m9", "t3achert3achert3acher"


def classroom_command(port: int, root: Path, *extra: str) -> list[str]:
    """The classroom server as `make classroom` starts it (python -m cardlib.classroom), on ``port``."""
    return [sys.executable, "-m", "cardlib.classroom", str(root), "--port", str(port), *extra]


@contextlib.contextmanager
def classroom_serving(name: str, root: Path, home: Path, *extra: str, network: bool = True):
    """The classroom server on a free port of 127.0.0.1 serving ``root``; with ``network`` as on the school
    network (a class code and a teacher's key: CLASS_CODE, TEACHER_KEY) but still bound to 127.0.0.1."""
    port = free_port()
    if network:
        extra = ("--network", "--bind", "127.0.0.1", "--code", CLASS_CODE, "--teacher-key", TEACHER_KEY, *extra)
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server = Server(name, classroom_command(port, root, *extra), port=port, home=home, cwd=root, ready_path="/",
                    env=env, ready_codes=(200, 403))
    server.root = root
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Server:
    """A Jupyter-family server in its own process group, with its own config/runtime/data dirs."""

    def __init__(self, name: str, argv: list[str], *, port: int, home: Path, cwd: Path, ready_path: str,
                 env: dict[str, str] | None = None, ready_codes: tuple[int, ...] = (200,)):
        self.name = name
        self.ready_codes = ready_codes
        self.port = port
        self.home = home
        self.url = f"http://127.0.0.1:{port}"
        self.ready_path = ready_path
        self.runtime_dir = home / "runtime"
        self.log_path = ARTIFACTS / f"{name}-server.log"
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
        full_env.update(
            JUPYTER_CONFIG_DIR=str(home / "config"),
            JUPYTER_RUNTIME_DIR=str(self.runtime_dir),
            JUPYTER_DATA_DIR=str(home / "data"),
            IPYTHONDIR=str(home / "ipython"),
            JUPYTER_PLATFORM_DIRS="0",
            PYTHONUNBUFFERED="1",
        )
        full_env.update(env or {})
        for key in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR"):
            Path(full_env[key]).mkdir(parents=True, exist_ok=True)
        self.argv, self.env, self.cwd = argv, full_env, cwd
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Server":
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            self.argv, cwd=self.cwd, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                self.stop()
                pytest.fail(f"{self.name} server exited with code {self.proc.returncode} before answering on "
                            f"{self.url}{self.ready_path}; log:\n{self.log_tail()}", pytrace=False)
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=5) as resp:
                    if resp.status in self.ready_codes:
                        self.up_at = time.monotonic()      # when it first answered (the page timings' origin)
                        return self
            except urllib.error.HTTPError as exc:        # a server that refuses without its code is up too
                if exc.code in self.ready_codes:
                    self.up_at = time.monotonic()
                    return self
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"{self.name} server did not answer on {self.url}{self.ready_path} after "
                            f"{SERVER_START_TIMEOUT:g} s; log:\n{self.log_tail()}", pytrace=False)
            time.sleep(0.25)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def get_json(self, path: str):
        with urllib.request.urlopen(self.url + path, timeout=10) as resp:
            return json.load(resp)

    def pool_ready(self, notebook: str) -> bool:
        """Whether Voila has a warmed-up kernel for ``notebook`` now: its log says the pool was filled more
        often than a page took a kernel from it."""
        log = self.log_path.read_text(errors="replace")
        return (log.count(f"Kernel pool of {notebook} is filled")
                > len(re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(notebook)}", log)))

    def kernel_alive(self, kernel_id: str) -> bool:
        """Whether the server runs the kernel ``kernel_id``: what a page may ask (``/api/kernels/<id>``: 200
        or 404; the list of all kernels is not served)."""
        try:
            with urllib.request.urlopen(f"{self.url}/api/kernels/{kernel_id}", timeout=10) as resp:
                return resp.status == 200
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return False
            raise

    def stop(self) -> None:
        """SIGTERM the server's process group (it shuts its kernels down), SIGKILL if it hangs, then kill
        any kernel it started that is still alive (kernels run in their own sessions)."""
        proc = self.proc
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        # Kernels are started with start_new_session=True: find them by our private runtime dir.
        for pid in _pids_mentioning(str(self.runtime_dir)):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        if getattr(self, "_log", None) is not None:
            self._log.close()
            self._log = None



# ------------------------------------------------------------------------------- throwaway notebook

SMOKE_NOTEBOOK = "_browser_smoke.ipynb"
SMOKE_BEFORE, SMOKE_AFTER = "not pressed yet", "pressed 1 time"


def write_smoke_notebook(path: Path) -> Path:
    """A throwaway notebook: a Button that changes a Label (proves server + kernel + widgets + browser)."""
    import nbformat

    source = (
        "import ipywidgets as w\n"
        f"label = w.Label({SMOKE_BEFORE!r})\n"
        "button = w.Button(description='Press me')\n"
        "clicks = []\n"
        "def on_click(_):\n"
        "    clicks.append(1)\n"
        "    label.value = f'pressed {len(clicks)} time' + ('s' if len(clicks) > 1 else '')\n"
        "button.on_click(on_click)\n"
        "w.VBox([button, label])"
    )
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Browser plumbing smoke test"), nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, str(path))
    return path


# ------------------------------------------------------------------------------------ JupyterLab driving


def dismiss_select_kernel(page) -> None:
    """JupyterLab may ask which kernel to use when it opens a notebook: accept the proposed one."""
    dialog = page.locator(".jp-Dialog").filter(has_text=re.compile("Select Kernel", re.I))
    page.add_locator_handler(dialog, lambda: dialog.locator(".jp-mod-accept").first.click())


_WORKSPACES = itertools.count(1)


def open_in_lab(page, lab_server, notebook: str):
    """Open `notebook` (path relative to the served copy) in JupyterLab, in a fresh workspace of its own (so
    no notebook of an earlier test is open too), wait for its kernel, and return the notebook panel."""
    if not (lab_server.root / notebook).is_file():
        pytest.fail(f"notebook {notebook} is not in notebooks/ (the served copy has: "
                    f"{sorted(p.name for p in lab_server.root.glob('*.ipynb'))})", pytrace=False)
    dismiss_select_kernel(page)
    workspace = f"browser-test-{next(_WORKSPACES)}"
    page.goto(f"{lab_server.url}/lab/workspaces/{workspace}/tree/{notebook}?reset", wait_until="domcontentloaded")
    panel = page.locator(".jp-NotebookPanel")
    wait_visible(page, panel.locator(".jp-Cell"), f"JupyterLab did not show the cells of {notebook}", 60)
    name = notebook.rsplit("/", 1)[-1]
    wait_until(page, lambda: panel.count() == 1
               and name in page.locator(".lm-DockPanel-tabBar .lm-TabBar-tabLabel").all_inner_texts(),
               f"JupyterLab did not show {notebook} alone in the main area ({panel.count()} notebook panels, tabs "
               f"{page.locator('.lm-DockPanel-tabBar .lm-TabBar-tabLabel').all_inner_texts()})", 60)
    # The kernel has to be up before "Run All" (status shown in the notebook toolbar).
    wait_until(page, lambda: kernel_idle(page) or page.locator(".jp-KernelStatus").filter(
        has_text=re.compile("Idle")).count(), f"the kernel of {notebook} did not become idle", 60)
    return panel.first


# JupyterLab and Voila render an error output as stderr text with the traceback.
ERROR_OUTPUT = "[data-mime-type='application/vnd.jupyter.stderr']:has-text('Traceback')"


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).first.click()
    page.get_by_role("menuitem", name=item, exact=True).first.click()


def _prompts(panel) -> list[str]:
    return [t.strip() for t in panel.locator(".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()]


def run_all_cells(page, panel, notebook: str, timeout: float = 180) -> None:
    """Edit > Clear Outputs of All Cells, then Run > Run All Cells, and wait until every code cell has an
    execution count (Run All again once if nothing started, e.g. when a kernel dialog swallowed it).
    Fails with the traceback when a cell raised."""
    _menu(page, "Edit", "Clear Outputs of All Cells")
    wait_until(page, lambda: not any(re.search(r"\d", p) for p in _prompts(panel)),
               f"the outputs of {notebook} were not cleared")
    _menu(page, "Run", "Run All Cells")
    deadline = time.monotonic() + timeout
    retried = False
    started = time.monotonic()
    tracebacks = panel.locator(ERROR_OUTPUT)
    while True:
        prompts = _prompts(panel)
        if tracebacks.count() and not any("*" in p for p in prompts) and kernel_idle(page):
            break
        if prompts and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts) and kernel_idle(page):
            break
        if (not retried and time.monotonic() - started > 10 and not any("*" in p for p in prompts)
                and not any(re.search(r"\d", p) for p in prompts) and kernel_idle(page)):
            retried = True
            _menu(page, "Run", "Run All Cells")
        if time.monotonic() > deadline:
            pytest.fail(f"the cells of {notebook} did not all run (prompts {prompts}; waited {timeout:g} s; "
                        f"page {page.url})", pytrace=False)
        page.wait_for_timeout(250)
    if tracebacks.count():
        pytest.fail(f"{notebook} raised while running all cells:\n{tracebacks.first.inner_text()[:3000]}",
                    pytrace=False)


def kernel_idle(page) -> bool:
    return page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").count() > 0


def first_notebook_using(root: Path, needle: str, patterns: tuple[str, ...], fallback: str) -> str:
    """The first notebook (relative path) matching one of `patterns` whose code mentions `needle`, else
    `fallback`."""
    import nbformat

    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            try:
                nb = nbformat.read(str(path), as_version=4)
            except Exception:
                continue
            if any(c.cell_type == "code" and needle in c.source for c in nb.cells):
                return str(path.relative_to(root))
    return fallback


# --------------------------------------------------------------------------------------- widget checks

# The innermost widget box that holds both a narration and a "next" button: one Stepper.
_STEPPER_BOX = ("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' widget-vbox ')]"
                "[.//button[contains(., 'next')]][1]")


def exercise_stepper(page, scope, snap, where: str) -> None:
    """In the first Stepper inside `scope`: next changes the narration, back brings the first one back."""
    narration = wait_visible(page, scope.locator(".cardlib-narration"),
                             f"no Stepper narration (.cardlib-narration) in {where}", 60)
    stepper = narration.locator(_STEPPER_BOX)
    next_button = stepper.locator("button.jupyter-button", has_text="next").first
    back_button = stepper.locator("button.jupyter-button", has_text="back").first
    wait_visible(page, next_button, f"no 'next' button next to the Stepper narration in {where}")
    wait_visible(page, back_button, f"no 'back' button next to the Stepper narration in {where}")
    wait_until(page, next_button.is_enabled, f"the Stepper's 'next' button stays disabled in {where}")
    narration = stepper.locator(".cardlib-narration").first  # re-located: the HTML widget re-renders
    before = narration.inner_text()
    narration.scroll_into_view_if_needed()
    snap("stepper-start")

    next_button.click()
    after = wait_until(page, lambda: (t := narration.inner_text(timeout=2000)) != before and t,
                       f"the Stepper narration did not change after clicking 'next' in {where} "
                       f"(still {before[:200]!r})")
    wait_until(page, back_button.is_enabled, f"the Stepper's 'back' button stays disabled after 'next' in {where}")
    snap("stepper-next")

    back_button.click()
    wait_until(page, lambda: narration.inner_text(timeout=2000) == before,
               f"the Stepper narration did not go back to {before[:200]!r} after clicking 'back' in {where} "
               f"(it shows {after[:200]!r})")
    snap("stepper-back")


_CARD_TITLE = re.compile(r"^(10|[2-9TJQKA])[CDHS]$|^X\d*$")   # a card button's tooltip is its card text
# The default seat names of cardlib.widgets.Table; seat 0 is "Ada (you)", the bots are the others.
BOT_NAMES = ("Bora", "Cem", "Deniz", "Ece", "Filiz", "Gül", "Hakan")
_SUIT_WORDS = re.compile(r"clubs|diamonds|hearts|spades")
_TABLE_BOX = ("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' widget-vbox ')]"
              "[.//*[contains(concat(' ', normalize-space(@class), ' '), ' cardlib-narration ')]][1]")


def _card_buttons(scope) -> list:
    buttons = scope.locator("button.jupyter-button[title]")
    found = []
    for i in range(buttons.count()):
        button = buttons.nth(i)
        title = button.get_attribute("title", timeout=2000) or ""
        if _CARD_TITLE.match(title):
            found.append((title, button))
    return found


def _lines(narration) -> list[str]:
    return narration.evaluate("e => Array.from(e.children).map(c => c.textContent.trim())", timeout=2000)


def exercise_table(page, scope, snap, where: str, max_clicks: int = 12) -> None:
    """In the first card Table inside `scope`: click enabled (legal) card buttons until the bots answer; the
    narration gains lines about the bots and the table picture changes."""
    wait_visible(page, scope.locator(".cardlib-narration"), f"no table narration (.cardlib-narration) in {where}",
                 60)
    wait_until(page, lambda: _card_buttons(scope), f"no card buttons (buttons titled with a card) in {where}")
    table = _card_buttons(scope)[0][1].locator(_TABLE_BOX)
    narration = table.locator(".cardlib-narration").first
    picture = table.locator(".widget-html-content svg").first
    wait_visible(page, picture, f"no table picture (svg) next to the card buttons in {where}")

    def enabled_cards():
        return [(t, b) for t, b in _card_buttons(table) if b.is_visible() and b.is_enabled()]

    wait_until(page, enabled_cards, f"no enabled card button in the table in {where}")
    narration.scroll_into_view_if_needed()
    snap("table-start")
    start_lines = set(_lines(narration))
    start_picture = picture.evaluate("e => e.outerHTML")
    played, bot_lines = [], []
    for _ in range(max_clicks):
        cards = enabled_cards()
        if not cards:
            break
        plain = [(t, b) for t, b in cards if not t.startswith(("J", "X"))]
        title, button = (plain or cards)[0]
        before = _lines(narration)
        button.click()
        played.append(title)
        if title.startswith(("J", "X")) and not plain:      # a Jack/joker asks for a suit first ...
            suits = table.locator("button.jupyter-button:not([disabled])", has_text=_SUIT_WORDS)
            # ... except the opening J♣, which names none (PY-15b): then the play goes through at once
            wait_until(page, lambda: (suits.count() and suits.first.is_visible()) or _lines(narration) != before,
                       f"no enabled suit button, and no narration, after playing {title} in {where}")
            if _lines(narration) == before:
                suits.first.click()
        wait_until(page, lambda: _lines(narration) != before,
                   f"the table narration did not change after clicking the card button {title} in {where}")
        new = [line for line in _lines(narration) if line not in start_lines]
        bot_lines = [line for line in new if any(name in line for name in BOT_NAMES)]
        if bot_lines:
            break
    snap("table-after-click")
    if not played:
        pytest.fail(f"no enabled card button in the table in {where}", pytrace=False)
    if not bot_lines:
        pytest.fail(f"no narration line about a bot ({', '.join(BOT_NAMES[:3])} ...) appeared after clicking "
                    f"{' '.join(played)} in {where}; narration now: {_lines(narration)}", pytrace=False)
    wait_until(page, lambda: picture.evaluate("e => e.outerHTML") != start_picture,
               f"the table picture (svg) did not change after clicking {' '.join(played)} in {where}")


VOILA_RENDER_TIMEOUT = max(120.0, TIMEOUT)   # Voila runs the whole notebook before it sends the page


def open_in_voila(page, voila_server, notebook: str) -> None:
    """Load the Voila rendering of `notebook` (relative to the served classroom copy)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if not (voila_server.root / notebook).is_file():
        pytest.fail(f"notebooks/classroom/{notebook} is missing", pytrace=False)
    try:
        page.goto(f"{voila_server.url}/voila/render/{notebook}", wait_until="domcontentloaded",
                  timeout=VOILA_RENDER_TIMEOUT * 1000)
    except PlaywrightTimeout:
        pytest.fail(f"Voila did not send the page for {notebook} (waited {VOILA_RENDER_TIMEOUT:g} s); "
                    f"server log:\n{voila_server.log_tail()}", pytrace=False)
    # the classroom shows visitors no traceback, only Voila's "There was an error when executing cell [n]";
    # the traceback is in the server's log
    errors = page.locator(ERROR_OUTPUT).or_(page.get_by_text("There was an error when executing cell"))
    if errors.count():
        pytest.fail(f"Voila shows an error for {notebook}:\n{errors.first.inner_text()[:3000]}\nserver log:\n"
                    f"{voila_server.log_tail()}", pytrace=False)
