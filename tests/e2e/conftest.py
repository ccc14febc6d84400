"""End-to-end fixtures: serve the repository, drive Debian's Chromium with Playwright.

``page`` is a page of a returning player's browser (the service worker and the Python snapshot
in place, saves cleared); ``fresh_page`` a first visit. Every test using either checks, at teardown, that
  * no request tried to leave 127.0.0.1 (such requests are aborted and recorded),
  * no uncaught page error and no console error (Content-Security-Policy violations included) happened.
Run ``bash scripts/build.sh`` first (scripts/test.sh does it).
"""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
READY_SELECTOR = 'body[data-ready="1"]'
READY_TIMEOUT_MS = 90_000
WHEEL = REPO / "dist" / "vietnam_wargames-0.1.0-py3-none-any.whl"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the Python side has booted (it sets body[data-ready="1"])."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)


def after_two_frames(page) -> None:
    """Wait until two frames have passed: what the app does in the next frame's callbacks (a
    scroll) and in the task after a frame (lines drawn late) is done."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(cwd, cmd=None):
    """A static server for `cwd` on a free port of 127.0.0.1 (default `python -m http.server`; `cmd`
    gets the port appended), once it answers: (process, url). Shared by the fixture below and the
    scripts that drive a browser (screenshots, bench_boot, bench_clicks)."""
    port = _free_port()
    cmd = (cmd or [sys.executable, "-m", "http.server", "--bind", "127.0.0.1"]) + [str(port)]
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 15
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return proc, url
        except (urllib.error.URLError, OSError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"{' '.join(cmd)} did not start")
            time.sleep(0.1)


@pytest.fixture(scope="session")
def base_url():
    missing = [p for p in (WHEEL, REPO / "static/vendor/pyodide/pyodide.mjs",
                           REPO / "static/vendor/pyscript/core.js") if not p.exists()]
    if missing:
        pytest.fail(f"not built ({', '.join(map(str, missing))}): run bash scripts/build.sh")
    proc, url = start_server(REPO)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (scripts/test.sh does it)")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_driver):
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


CSP_LOGGER = ("document.addEventListener('securitypolicyviolation', e => console.error("
              "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber))")


class _Guard:
    """Requests that tried to leave 127.0.0.1 (aborted and recorded), for the test running now."""

    def __init__(self):
        self.outside: list[str] = []

    def __call__(self, route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()


class _Profile(NamedTuple):
    context: object  # playwright's BrowserContext (persistent)
    guard: _Guard
    origin: str


@pytest.fixture(scope="session")
def returning_player(playwright_driver, base_url, tmp_path_factory):
    """A returning player's browser, one per test worker: its own profile, in which the game has
    been opened once, so the service worker serves the files and Python starts from the memory
    snapshot (docs/PLATFORM.md, issue 14: about 1.5 s to ready instead of 5-6 s; a page booting from scratch
    for each of about 200 loads was most of the suite's time). A first visit, the service worker
    and the snapshot themselves are tested on fresh pages (the `fresh_page` fixture)."""
    guard = _Guard()
    ctx = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1440, "height": 900})
    ctx.route("**/*", guard)
    ctx.add_init_script(CSP_LOGGER)
    first = ctx.pages[0] if ctx.pages else ctx.new_page()
    first.goto(base_url)
    wait_ready(first)
    # the worker has precached the files and claimed the page (activated), and the snapshot is stored
    first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    first.wait_for_function("globalThis.__vw_python_snapshot === 'made'", timeout=90_000)
    first.goto(base_url)  # now under the service worker, from the snapshot
    wait_ready(first)
    assert first.evaluate("[!!navigator.serviceWorker.controller, globalThis.__vw_python_snapshot]") == [True, "used"]
    # an open page stays for the whole session: once a profile's last page had closed, the next
    # page crashed in one run
    first.goto("about:blank")
    yield _Profile(ctx, guard, base_url.rstrip("/"))
    ctx.close()


def _checked(pg, outside):
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    pg.on(
        "console",
        lambda msg: errors.append(f"console.error: {msg.text}") if msg.type == "error" else None,
    )
    pg.outside_requests = outside  # for tests that want to look
    pg.page_errors = errors
    return errors


@pytest.fixture
def page(returning_player):
    """A page of the returning player's browser, its saves and settings cleared (each test starts
    with no saved game); the snapshot and the service worker's files stay."""
    ctx, guard, origin = returning_player
    guard.outside = outside = []
    pg = ctx.new_page()
    cdp = ctx.new_cdp_session(pg)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage,indexeddb"})
    cdp.detach()
    errors = _checked(pg, outside)
    yield pg
    pg.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert errors == [], f"page errors: {errors}"


@pytest.fixture
def fresh_page(browser, base_url):
    """A first visit: a new browser context, nothing cached, no service worker yet."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    guard = _Guard()
    context.route("**/*", guard)
    # Content-Security-Policy violations are errors too (Chromium also logs most of them).
    context.add_init_script(CSP_LOGGER)
    pg = context.new_page()
    errors = _checked(pg, guard.outside)
    yield pg
    context.close()
    assert guard.outside == [], f"requests left 127.0.0.1: {guard.outside}"
    assert errors == [], f"page errors: {errors}"
