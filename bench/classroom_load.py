"""A class opening one lesson at once: N students (each a browser context of its own: its own cookies, as
on its own device) open the same lesson page at the same moment and each plays a move; measured for each
page: the seconds to a usable table (a playable card on screen, enabled) and to the answer of its first
click (the narration changes); and the server's memory (all its processes: kernels too), with a
reference row (one student alone, same run).  Loopback only; every wait is bounded.

``python -m bench.classroom_load --n 30 --out docs/classroom-load.md`` measures the candidates side by
side (``--candidates solara,voila``): the classroom's server (one process: ``python -m cardlib.classroom``)
and Voila with a pool of pre-heated kernels sized to the class (``tools/voila.json`` with
``pool_size=N``).  ``make bench`` runs it with N=30; the browser tests run :func:`class_at_once` with N=5.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as _dt
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CARDLIB_CHROMIUM", "/usr/bin/chromium")
PLAYABLE = "button.cardlib-card.cardlib-playable:not([disabled])"
NARRATION = ".cardlib-table .cardlib-narration"
CLICK_AND_WAIT = """async ([cardSel, narrationSel]) => {
  const text = () => { const n = document.querySelector(narrationSel); return n ? n.innerText : ""; };
  const before = text();
  const started = performance.now();
  const answered = new Promise(resolve => {
    const watch = new MutationObserver(() => { if (text() !== before) { watch.disconnect(); resolve(); } });
    watch.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  document.querySelector(cardSel).click();
  await Promise.race([answered, new Promise((_, no) => setTimeout(() => no(new Error("no answer in 15 s")), 15000))]);
  return (performance.now() - started) / 1000;
}"""
EXTRA_ARGS = os.environ.get("CARDLIB_LOAD_CHROMIUM_ARGS", "").split()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------------------- students
async def student(browser: Any, url: str, timeout: float, record: dict) -> dict:
    """One student: a context of its own opens ``url``, waits for a playable card, clicks it and waits for
    the narration to change.  ``record`` gets ``usable`` and ``click`` (seconds) or ``error``."""
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    started = time.monotonic()
    try:
        await page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
        card = page.locator(PLAYABLE).first
        await card.wait_for(state="visible", timeout=max(1.0, timeout - (time.monotonic() - started)) * 1000)
        record["usable"] = time.monotonic() - started
        record["cards"] = await page.locator(".cardlib-table button.cardlib-card").evaluate_all(
            "bs => bs.filter(b => b.style.display !== 'none').map(b => b.title)")
        # the click and its answer timed inside the page (from the click to the narration's change, seen by a
        # MutationObserver): no polling from here, which with thirty pages would load the machine itself
        record["click"] = await page.evaluate(CLICK_AND_WAIT, [PLAYABLE, NARRATION])
        record["page"] = page
    except Exception as exc:            # a page that failed is a row of the result, not a crash
        record["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
        record["page"] = page
    record["context"] = context
    return record


async def wire_student(base: str, name: str, timeout: float, record: dict, headers: dict | None = None) -> dict:
    """One student without a browser (the light page's own protocol): the page's shell over HTTP, its
    websocket, the first drawing (``usable``), a click on a playable card and its redrawing (``click``).
    What the server alone takes, without the browsers' work (which on a class's own devices is theirs)."""
    import websockets
    started = time.monotonic()
    try:
        request = urllib.request.Request(f"{base}/{name}", headers=headers or {})
        await asyncio.to_thread(lambda: urllib.request.urlopen(request, timeout=timeout).read())
        host = base.split("://", 1)[1]
        extra = {"Origin": base, **(headers or {})}
        async with websockets.connect(f"ws://{host}/ws/{name}", additional_headers=extra,
                                      open_timeout=timeout, max_size=2**24) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), timeout))["html"]
            record["usable"] = time.monotonic() - started
            card = re.search(r'<button class="[^"]*cardlib-playable[^"]*" data-w="([0-9a-f]+)"', first)
            if card is None:
                raise RuntimeError("no playable card in the first drawing")
            clicked = time.monotonic()
            await ws.send(json.dumps({"w": card.group(1), "ev": "click"}))
            await asyncio.wait_for(ws.recv(), 15)
            record["click"] = time.monotonic() - clicked
    except Exception as exc:
        record["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
    return record


async def wire_class(base: str, name: str, n: int, timeout: float = 60.0) -> list[dict]:
    records: list[dict] = [{"student": i + 1} for i in range(n)]
    await asyncio.gather(*(wire_student(base, name, timeout, rec) for rec in records))
    return records


async def class_at_once(urls: list[str], timeout: float = 120.0, keep: bool = False,
                        chromium: str = CHROMIUM) -> list[dict]:
    """Every url opened at the same moment by a student of its own (one Chromium, a context each, nothing
    reachable past 127.0.0.1); the records of :func:`student` in order.  With ``keep`` the pages stay open
    (``record["page"]``) until :func:`close_class`; the browser is then ``records[0]["browser"]``."""
    from playwright.async_api import async_playwright
    pw = await async_playwright().start()
    dead = socket.socket()
    dead.bind(("127.0.0.1", 0))                 # a proxy port nothing listens on: no request leaves
    browser = await pw.chromium.launch(
        executable_path=chromium, headless=True,
        args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
              f"--proxy-server=http://127.0.0.1:{dead.getsockname()[1]}", "--proxy-bypass-list=127.0.0.1",
              "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", *EXTRA_ARGS])
    records: list[dict] = [{"student": i + 1} for i in range(len(urls))]
    await asyncio.gather(*(student(browser, url, timeout, rec) for url, rec in zip(urls, records)))
    for rec in records:
        rec.update(browser=browser, playwright=pw, socket=dead)
    if not keep:
        await close_class(records)
    return records


async def close_class(records: list[dict]) -> None:
    if not records:
        return
    with contextlib.suppress(Exception):
        await records[0]["browser"].close()
    with contextlib.suppress(Exception):
        await records[0]["playwright"].stop()
    records[0]["socket"].close()


# --------------------------------------------------------------------------------------------- servers
def tree_rss(pid: int) -> int:
    """Resident memory in bytes of ``pid`` and every process under it (its kernels)."""
    return _tree(pid)[0]


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) used so far by ``pid`` and every process under it alive now."""
    return _tree(pid)[1]


def _tree(pid: int) -> tuple[int, float]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    total, cpu, todo = 0, 0.0, [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while todo:
        p = todo.pop()
        todo += children.get(p, [])
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            pass
    return total, cpu


class Served:
    """A server in its own session on a free loopback port; ``url``, ``proc``, ``log``; stopped on exit."""

    def __init__(self, argv: list[str], port: int, cwd: Path, env: dict[str, str], log: Path):
        self.argv, self.port, self.cwd, self.env, self.log_path = argv, port, cwd, env, log
        self.url = f"http://127.0.0.1:{port}"

    def __enter__(self) -> "Served":
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.argv[:4]} exited: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as resp:
                    if resp.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.3)
        self.__exit__()
        raise RuntimeError(f"{self.argv[:4]} did not answer in 180 s")

    def rss(self) -> int:
        return tree_rss(self.proc.pid)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def __exit__(self, *exc: Any) -> None:
        pids = []
        if self.proc.poll() is None:
            pids = [self.proc.pid]
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        del pids
        self._log.close()


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra or {})
    return env


@contextlib.contextmanager
def classroom(root: Path, log: Path, *args: str) -> Iterator[Served]:
    """``python -m cardlib.classroom`` on a free loopback port serving ``root``."""
    port = free_port()
    with Served([sys.executable, "-m", "cardlib.classroom", str(root), "--port", str(port), *args], port, root,
                _env(), log) as served:
        yield served


@contextlib.contextmanager
def solara_server(root: Path, log: Path) -> Iterator[Served]:
    """Solara serving the lessons (bench/solara_classroom.py: each page runs the lesson's cells in Solara's one
    process), its page scripts from solara-assets (nothing from the internet)."""
    port = free_port()
    env = _env({"CARDLIB_LESSONS": str(root), "SOLARA_ASSETS_PROXY": "True", "SOLARA_MODE": "production",
                "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "False", "SOLARA_KERNEL_CULL_TIMEOUT": "60s"})
    argv = [sys.executable, "-m", "solara", "run", str(ROOT / "bench" / "solara_classroom.py"), "--host", "127.0.0.1",
            "--port", str(port), "--production", "--no-open"]
    with Served(argv, port, root, env, log) as served:
        yield served


@contextlib.contextmanager
def voila_pool(root: Path, log: Path, home: Path, pool: int, notebook: str) -> Iterator[Served]:
    """Voila as ``make classroom`` started it before, with ``pool`` pre-heated kernels for the lessons
    (and Voila's cell timeout raised to 60 s, without which most pages of a busy class came up blank)."""
    port = free_port()
    env = _env({"JUPYTER_PATH": str(ROOT / "tools" / "jupyter"), "JUPYTER_CONFIG_DIR": str(home / "config"),
                "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTER_DATA_DIR": str(home / "data"),
                "IPYTHONDIR": str(home / "ipython")})
    argv = [sys.executable, "-m", "voila", "--no-browser", f"--Voila.config_file_paths={ROOT / 'tools'}",
            f"--Voila.port={port}", "--Voila.port_retries=0",
            # the pool for the measured lesson only (the "default" entry would give every notebook one)
            f'--VoilaKernelManager.kernel_pools_config={{"default": {{"pool_size": 0}}, '
            f'"{notebook}": {{"pool_size": {pool}}}}}',
            "--VoilaExecutor.timeout=60", "--VoilaExecutor.iopub_timeout=60", str(root)]
    with Served(argv, port, root, env, log) as served:
        deadline = time.monotonic() + 900
        while served.log().count(f"Kernel pool of {notebook} is filled with {pool} kernel") < 1:
            if time.monotonic() > deadline:
                raise RuntimeError("the Voila pool was not filled in 15 minutes")
            time.sleep(1)
        # "filled" is said once the kernels are started; each then imports the library and runs the notebook:
        # pre-heated means that is done, so wait until the server and its kernels are quiet (under one CPU
        # second in five seconds)
        last = tree_cpu(served.proc.pid)
        while time.monotonic() < deadline:
            time.sleep(5)
            now = tree_cpu(served.proc.pid)
            if now - last < 1.0:
                break
            last = now
        else:
            raise RuntimeError("Voila's kernels did not settle in 15 minutes")
        yield served


# ------------------------------------------------------------------------------------------ measuring
def summary(records: list[dict]) -> dict:
    usable = sorted(r["usable"] for r in records if "usable" in r)
    clicks = sorted(r["click"] for r in records if "click" in r)
    return {"n": len(records), "ok": sum("click" in r for r in records),
            "usable_median": statistics.median(usable) if usable else None,
            "usable_max": max(usable) if usable else None,
            "click_median": statistics.median(clicks) if clicks else None,
            "click_max": max(clicks) if clicks else None,
            "errors": sorted({r["error"] for r in records if "error" in r})}


def measure(served: Served, path: str, n: int, timeout: float) -> dict:
    rss_before = served.rss()
    alone = asyncio.run(class_at_once([served.url + path], timeout))
    rss_alone = served.rss()
    load_before = os.getloadavg()[0]

    async def crowd() -> tuple:
        """The class opened, measured while its pages are open, and closed: in one event loop (a browser
        is closed from the loop that opened it)."""
        cpu_before, wall_before, own_before = tree_cpu(served.proc.pid), time.monotonic(), tree_cpu(os.getpid())
        records = await class_at_once([served.url + path] * n, timeout, keep=True)
        measured = (served.rss(), (tree_cpu(served.proc.pid) - cpu_before, time.monotonic() - wall_before),
                    tree_cpu(os.getpid()) - own_before)
        await close_class(records)
        return records, measured

    records, (rss_crowd, cpu, browsers) = asyncio.run(crowd())
    return {"alone": summary(alone), "class": summary(records), "rss_idle": rss_before, "rss_alone": rss_alone,
            "rss_class": rss_crowd, "cpu": cpu, "browsers": browsers, "load": (load_before, os.getloadavg()[0])}


def measure_wire(served: Served, name: str, n: int, timeout: float) -> dict:
    """As :func:`measure`, with students that speak the light page's protocol instead of browsers."""
    rss_before = served.rss()
    alone = asyncio.run(wire_class(served.url, name, 1, timeout))
    rss_alone = served.rss()
    load_before = os.getloadavg()[0]
    cpu_before, wall_before = tree_cpu(served.proc.pid), time.monotonic()
    own_before = tree_cpu(os.getpid())
    crowd = asyncio.run(wire_class(served.url, name, n, timeout))
    cpu = tree_cpu(served.proc.pid) - cpu_before, time.monotonic() - wall_before
    browsers = tree_cpu(os.getpid()) - own_before
    return {"alone": summary(alone), "class": summary(crowd), "rss_idle": rss_before, "rss_alone": rss_alone,
            "rss_class": served.rss(), "cpu": cpu, "browsers": browsers, "load": (load_before, os.getloadavg()[0])}


async def _browser_cpu(url: str, n: int, selector: str) -> float:
    """CPU seconds a student's browser spends (a context of its own opening ``url`` until ``selector``
    shows), the mean of ``n`` opened at once in one Chromium."""
    from playwright.async_api import async_playwright
    pw = await async_playwright().start()
    browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
    try:
        before = tree_cpu(os.getpid())

        async def one() -> Any:
            context = await browser.new_context(viewport={"width": 1280, "height": 800})
            page = await context.new_page()
            await page.goto(url, timeout=120_000)
            await page.locator(selector).first.wait_for(timeout=120_000)
            return context
        await asyncio.gather(*(one() for _ in range(n)))
        return (tree_cpu(os.getpid()) - before) / n
    finally:
        await browser.close()
        await pw.stop()


def browser_floor(served: Served, folder: Path, n: int = 10) -> dict[str, float]:
    """What one student's browser costs on this machine, whatever the server: an empty page, the table's
    first drawing as a file (no server, no script), and the live light page."""
    from cardlib.classroom.render import Page
    from cardlib.classroom.shell import CSS
    from cardlib.widgets import Table
    table = Table(game="pis-yedili", seed=3, bots="heuristic", projector=True)
    drawn = folder / "table.html"
    drawn.write_text(f"<!doctype html><html><head><meta charset=utf-8><style>{CSS % {'late': 20}}</style></head>"
                     f"<body><div id=cardlib-root>{Page(table).html()}</div></body></html>", encoding="utf-8")
    empty = folder / "empty.html"
    empty.write_text("<!doctype html><p id=x>a page</p>", encoding="utf-8")
    return {"an empty page": asyncio.run(_browser_cpu(empty.as_uri(), n, "#x")),
            "the table's drawing as a file (no server, no script)": asyncio.run(
                _browser_cpu(drawn.as_uri(), n, PLAYABLE)),
            "the light page (the classroom's table)": asyncio.run(
                _browser_cpu(served.url + "/pis_yedili_table", n, PLAYABLE))}


def _s(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}"


def report(results: dict[str, dict], n: int, out: Path | None, floor: dict[str, float] | None = None) -> str:
    lines = [f"**A class of {n} opening one lesson at once** (`python -m bench.classroom_load --n {n} --wire --floor`). ",
             f"Measured {_dt.datetime.now(_dt.timezone.utc):%Y-%m-%d %H:%M} UTC on {os.cpu_count()} cores "
             f"(this machine's browsers and the server share them). Each student is a Chromium context of its "
             f"own opening the Pis Yedili table page at the same moment, then clicking a playable card. "
             f"'usable': seconds from asking for the page to a playable card on screen; 'click': seconds "
             f"from the click to the narration's change, timed in the page; memory: the server and all its processes "
             f"(RSS); the students' CPU: the browsers' (or the small clients') CPU seconds while the class opened.", "",
             "| server | students | pages usable | usable median / slowest (s) | click median / slowest (s) "
             "| memory: idle, 1 student, the class | server CPU s in the class's wall s | the students' CPU s "
             "| load average before / after |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, r in results.items():
        if "failed" in r:
            lines.append(f"| {name} | – | failed: {r['failed']} | | | | | | |")
            continue
        mib = lambda b: f"{b / 2**20:.0f} MiB"  # noqa: E731
        for label, row in (("1 (reference)", r["alone"]), (str(n), r["class"])):
            lines.append(f"| {name} | {label} | {row['ok']} of {row['n']} | {_s(row['usable_median'])} / "
                         f"{_s(row['usable_max'])} | {_s(row['click_median'])} / {_s(row['click_max'])} | "
                         f"{mib(r['rss_idle'])}, {mib(r['rss_alone'])}, {mib(r['rss_class'])} | "
                         f"{r['cpu'][0]:.1f} in {r['cpu'][1]:.1f} | {r.get('browsers', 0):.1f} | "
                         f"{r['load'][0]:.1f} / {r['load'][1]:.1f} |")
        for error in r["class"]["errors"][:3]:
            lines.append(f"|  | errors |  {error} | | | | | | |")
    if floor:
        lines += ["", "What one student's browser costs here (CPU seconds, the mean of 10 opened at once in one "
                  "Chromium, each in a context of its own; the light page's server not counted):", "",
                  "| page | browser CPU s a student |", "| --- | --- |"]
        lines += [f"| {what} | {cpu:.2f} |" for what, cpu in floor.items()]
    text = "\n".join(lines) + "\n"
    if out is not None:
        old = out.read_text() if out.exists() else ""
        marker = "<!-- classroom-load -->"
        if marker in old:
            head, _, rest = old.partition(marker)
            tail = rest.partition(marker)[2]
            out.write_text(f"{head}{marker}\n{text}{marker}{tail}")
        else:
            out.write_text(old + f"\n{marker}\n{text}{marker}\n")
    return text


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.classroom_load")
    p.add_argument("--n", type=int, default=30)
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--candidates", default="light,solara,voila")
    p.add_argument("--wire", action="store_true", help="also the server alone: students without a browser")
    p.add_argument("--floor", action="store_true", help="also what one student's browser costs (10 pages)")
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args(argv)
    if not 1 <= args.n <= 40:
        print("bench.classroom_load: --n from 1 to 40 (a bounded load)", file=sys.stderr)
        return 2
    results: dict[str, dict] = {}
    floor: dict[str, float] | None = None
    with tempfile.TemporaryDirectory(prefix="cardlib-load-") as tmp:
        home = Path(tmp)
        root = home / "classroom"
        shutil.copytree(ROOT / "notebooks" / "classroom", root)
        shutil.copytree(ROOT / "notebooks" / "records", home / "records")
        for name in args.candidates.split(","):
            try:
                if name == "light":
                    with classroom(root, home / "light.log") as served:
                        results["the light page, one process (cardlib.classroom)"] = measure(
                            served, "/pis_yedili_table", args.n, args.timeout)
                        if args.floor:
                            floor = browser_floor(served, home)
                        if args.wire:
                            results["the light page, students without a browser (the server's part)"] = \
                                measure_wire(served, "pis_yedili_table", args.n, args.timeout)
                elif name == "solara":
                    try:
                        import solara  # noqa: F401
                    except ImportError:
                        results["Solara, one process"] = {
                            "failed": "solara is not installed (not a cardlib dependency)"}
                        continue
                    with solara_server(root, home / "solara.log") as served:
                        results["Solara, one process (bench/solara_classroom.py)"] = measure(
                            served, "/pis_yedili_table", args.n, args.timeout)
                elif name == "voila":
                    with voila_pool(root, home / "voila.log", home / "voila", args.n,
                                    "pis_yedili_table.ipynb") as served:
                        results[f"Voila, {args.n} pre-heated kernels"] = measure(
                            served, "/voila/render/pis_yedili_table.ipynb", args.n, args.timeout)
                else:
                    print(f"bench.classroom_load: no candidate {name!r} (solara, voila)", file=sys.stderr)
                    return 2
            except Exception as exc:
                results[name] = {"failed": f"{type(exc).__name__}: {exc}"[:300]}
    print(report(results, args.n, args.out, floor))
    return 0


if __name__ == "__main__":
    sys.exit(main())
