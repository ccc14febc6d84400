"""End-to-end fixtures: serve the repository, drive Debian's Chromium with Playwright.

Every test using ``page`` automatically checks, at teardown, that
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
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (scripts/test.sh does it)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    outside: list[str] = []
    errors: list[str] = []

    def guard(route):
        host = urlsplit(route.request.url).hostname
        if host == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    # Content-Security-Policy violations are errors too (Chromium also logs most of them).
    context.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber))")
    pg = context.new_page()
    pg.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    pg.on(
        "console",
        lambda msg: errors.append(f"console.error: {msg.text}") if msg.type == "error" else None,
    )
    pg.outside_requests = outside  # for tests that want to look
    pg.page_errors = errors
    yield pg
    context.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert errors == [], f"page errors: {errors}"
