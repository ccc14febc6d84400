"""Boot benchmark: navigation start -> body[data-ready="1"], cold and warm.

Run after scripts/build.sh, with the project venv:
    .venv/bin/python scripts/bench_boot.py [--runs 5] [--plain] [--game first-team]

cold: a fresh browser context per run (empty HTTP cache, empty IndexedDB).
warm: one persistent profile (user-data-dir), visited once, then page.reload() per run.
Served by scripts/devserver.py (what scripts/serve.sh uses: Cache-Control: no-cache,
so warm loads revalidate with 304s) or, with --plain, by `python -m http.server`
(heuristic caching, closer to a static host). No request routing here: routing
disables Chromium's HTTP cache and would falsify the warm numbers.
With --game, each run then starts a new game of that game from the start screen (First Team:
the campaign) and also times ready -> its map and prompt drawn ("start").
Since the service worker (sw.js): warm reloads are answered by it, cache-first;
scripts/bench_offline.py measures those, offline boots and the single file.
"""
from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
READY = 'body[data-ready="1"]'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(plain: bool):
    port = free_port()
    if plain:
        cmd = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
    else:
        cmd = [sys.executable, str(REPO / "scripts" / "devserver.py"), str(port)]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not start")


def timed(action, page) -> float:
    t0 = time.perf_counter()
    action()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    return time.perf_counter() - t0


def start_game(page, game: str) -> float:
    """From the start screen, a new game of `game`; seconds until its map and prompt are drawn."""
    if game != "mike-force":
        page.click(f'input[data-game="{game}"]')
    scenario = {"first-team": "campaign"}.get(game)
    if scenario:
        page.wait_for_selector(f'input[data-scenario="{scenario}"]')
        page.check(f'input[data-scenario="{scenario}"]')
    t0 = time.perf_counter()
    page.click("#start-game")
    page.wait_for_selector(f'body[data-screen="game"][data-game="{game}"]', state="attached", timeout=90_000)
    page.wait_for_selector("#prompt:not(:empty)", timeout=90_000)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--plain", action="store_true", help="serve with plain python -m http.server")
    ap.add_argument("--game", choices=["mike-force", "first-team"], default=None,
                    help="after boot, start a new game of this game and time it too")
    a = ap.parse_args()
    proc, url = serve(a.plain)
    cold: list[float] = []
    warm: list[float] = []
    starts: dict[str, list[float]] = {"cold": [], "warm": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for _ in range(a.runs):
                ctx = browser.new_context(viewport={"width": 1440, "height": 900})
                page = ctx.new_page()
                cold.append(timed(lambda: page.goto(url), page))
                if a.game:
                    starts["cold"].append(start_game(page, a.game))
                ctx.close()
            browser.close()

            with tempfile.TemporaryDirectory() as profile:
                ctx = pw.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                    viewport={"width": 1440, "height": 900},
                )
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                timed(lambda: page.goto(url), page)  # first visit fills the caches
                time.sleep(1.0)  # let IndexedDB writes settle
                for _ in range(a.runs):
                    page.evaluate("localStorage.clear()")  # the same start screen every time
                    warm.append(timed(page.reload, page))
                    if a.game:
                        starts["warm"].append(start_game(page, a.game))
                ctx.close()
    finally:
        proc.terminate()
        proc.wait()

    server = "python -m http.server" if a.plain else "scripts/devserver.py (no-cache)"
    fmt = lambda xs: " ".join(f"{x:.2f}" for x in xs)
    print(f"server: {server}; {a.runs} runs each; navigation -> {READY}")
    print(f"cold: median {statistics.median(cold):.2f} s   [{fmt(cold)}]")
    print(f"warm: median {statistics.median(warm):.2f} s   [{fmt(warm)}]")
    if a.game:
        for k in ("cold", "warm"):
            both = [b + s for b, s in zip(cold if k == "cold" else warm, starts[k])]
            print(f"{a.game} start ({k}): ready -> game drawn median {statistics.median(starts[k]):.2f} s "
                  f"[{fmt(starts[k])}]; navigation -> game drawn median {statistics.median(both):.2f} s")


if __name__ == "__main__":
    main()
