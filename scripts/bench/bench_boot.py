"""Boot benchmark: navigation start -> body[data-ready="1"], cold and warm.

Run after scripts/build.sh, with the project venv:
    .venv/bin/python scripts/bench/bench_boot.py [--runs 5] [--plain] [--game first-team]

cold: a fresh browser context per run (empty HTTP cache, empty IndexedDB).
warm: one persistent profile (user-data-dir), visited once, then page.reload() per run.
Served by scripts/devserver.py (what scripts/serve.sh uses: Cache-Control: no-cache,
so warm loads revalidate with 304s) or, with --plain, by `python -m http.server`
(heuristic caching, closer to a static host). No request routing here: routing
disables Chromium's HTTP cache and would falsify the warm numbers.
With --game, each run then starts a new game of that game from the start screen (First Team:
the campaign) and also times ready -> its map and prompt drawn ("start").
Since the service worker (sw.js): warm reloads are answered by it, cache-first;
scripts/bench/bench_offline.py measures those, offline boots and the single file.

--compare (issue 14): the game beside two baselines, in one run, alternating page by page:
"pyodide" (a page that only starts the vendored Pyodide and runs one line of Python) and
"pyscript" (the same interpreter through the vendored PyScript, no packages, no files). Each
kind gets its own cold contexts and its own warm profile (so the game's service worker only
serves the game, as for a player). Prints medians and the game's ratios to each baseline.
The baseline pages are written to dist/bench/ (ignored by git).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from tests.e2e.conftest import start_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
READY = 'body[data-ready="1"]'


def serve(plain: bool):
    return start_server(REPO, None if plain else [sys.executable, str(REPO / "scripts" / "devserver.py")])


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


BARE_PYODIDE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
import { loadPyodide } from "/static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "/static/vendor/pyodide/" });
py.runPython("import sys; sys.version");
document.body.dataset.ready = "1";
</script><body></body>
"""

BARE_PYSCRIPT = """<!doctype html><meta charset="utf-8"><title>bare PyScript</title>
<link rel="stylesheet" href="/static/vendor/pyscript/core.css">
<script type="module" src="/static/vendor/pyscript/core.js"></script>
<body>
<script type="py" config='{"interpreter": "/static/vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.body.dataset.ready = "1"
</script>
</body>
"""


def baseline_pages(url: str) -> dict[str, str]:
    """kind -> URL: the game and the two baseline pages (written into dist/bench/)."""
    out = REPO / "dist" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    (out / "pyodide.html").write_text(BARE_PYODIDE)
    (out / "pyscript.html").write_text(BARE_PYSCRIPT)
    return {"pyodide": url + "dist/bench/pyodide.html", "pyscript": url + "dist/bench/pyscript.html",
            "game": url}


# Notes the moment body gets data-ready (exact, unlike the selector poll).
READY_AT = """new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__vw_ready_at = performance.now(); obs.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});"""


def split(page, times) -> None:
    """The game's boot in two: navigation -> static/boot.py starts (Pyodide, PyScript, our wheel),
    boot.py -> ready (imports, the start screen)."""
    pyo, py0, ready, snap, rd = page.evaluate("[window.__vw_pyodide_ready, window.__vw_boot_py, window.__vw_ready_at,"
                                          " window.__vw_python_snapshot, window.__vw_snapshot_read]")
    times.setdefault("split", []).append((pyo / 1000, py0 / 1000, max(0.0, ready / 1000 - py0 / 1000)))
    times.setdefault("snapshot", []).append(f"{snap}" + (f"@{rd:.0f}ms" if rd is not None else ""))


def compare(pw, url: str, runs: int) -> dict[str, dict[str, list[float]]]:
    """Cold and warm boot of each kind, alternating kinds within every run."""
    urls = baseline_pages(url)
    times = {k: {"cold": [], "warm": []} for k in urls}
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    for _ in range(runs):
        for kind, u in urls.items():
            ctx = browser.new_context(viewport={"width": 1440, "height": 900})
            ctx.add_init_script(READY_AT)
            page = ctx.new_page()
            times[kind]["cold"].append(timed(lambda: page.goto(u), page))
            if kind == "game":
                split(page, times)
            ctx.close()
    browser.close()
    with tempfile.TemporaryDirectory() as root:
        pages = {}
        for kind, u in urls.items():
            ctx = pw.chromium.launch_persistent_context(
                str(Path(root) / kind), executable_path=CHROMIUM, headless=True, args=ARGS,
                viewport={"width": 1440, "height": 900})
            ctx.add_init_script(READY_AT)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            timed(lambda: page.goto(u), page)  # first visit fills the caches
            if kind == "game":  # and, once idle, makes the Python snapshot later visits start from
                page.wait_for_function("['made', 'failed'].includes(window.__vw_python_snapshot)", timeout=60_000)
                print("first visit's Python snapshot:", page.evaluate("window.__vw_python_snapshot"))
            pages[kind] = (ctx, page)
        time.sleep(1.0)  # let IndexedDB and service worker writes settle
        for _ in range(runs):
            for kind, (ctx, page) in pages.items():
                page.evaluate("localStorage.clear()")
                times[kind]["warm"].append(timed(page.reload, page))
                if kind == "game":
                    split(page, times)
        for ctx, _ in pages.values():
            ctx.close()
    return times


def print_compare(times: dict[str, dict[str, list[float]]], runs: int, server: str) -> None:
    fmt = lambda xs: " ".join(f"{x:.2f}" for x in xs)
    print(f"server: {server}; {runs} runs of each kind, alternating; navigation -> {READY}")
    splits = times.pop("split", [])
    snaps = times.pop("snapshot", [])
    if snaps:
        print("game boots, Python snapshot (cold runs then warm runs):", " ".join(snaps))
    med = {k: {w: statistics.median(v[w]) for w in v} for k, v in times.items()}
    if splits:
        n = len(splits) // 2
        for w, part in (("cold", splits[:n]), ("warm", splits[n:])):
            print(f"{w} game split: navigation -> Pyodide ready median {statistics.median(a for a, _, _ in part):.2f} s, "
                  f"-> boot.py median {statistics.median(b for _, b, _ in part):.2f} s, "
                  f"boot.py -> ready median {statistics.median(c for _, _, c in part):.2f} s")
    for w in ("cold", "warm"):
        for k in times:
            print(f"{w} {k:9s} median {med[k][w]:.2f} s   [{fmt(times[k][w])}]")
        print(f"{w} game / pyodide = {med['game'][w] / med['pyodide'][w]:.2f}x   "
              f"game / pyscript = {med['game'][w] / med['pyscript'][w]:.2f}x   "
              f"pyscript / pyodide = {med['pyscript'][w] / med['pyodide'][w]:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--plain", action="store_true", help="serve with plain python -m http.server")
    ap.add_argument("--game", choices=["mike-force", "first-team"], default=None,
                    help="after boot, start a new game of this game and time it too")
    ap.add_argument("--compare", action="store_true",
                    help="the game beside bare Pyodide and bare PyScript pages, alternating")
    a = ap.parse_args()
    proc, url = serve(a.plain)
    server = "python -m http.server" if a.plain else "scripts/devserver.py (no-cache)"
    if a.compare:
        try:
            with sync_playwright() as pw:
                times = compare(pw, url, a.runs)
        finally:
            proc.terminate()
            proc.wait()
        print_compare(times, a.runs, server)
        return
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
