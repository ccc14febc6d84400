"""Offline benchmark: what a first visit transfers, boot times with the service worker,
and the single-file build.

    .venv/bin/python scripts/bench/bench_offline.py [--runs 5]
    (after scripts/build_single.sh; scripts/build.sh alone skips the single-file lines)

Prints
  * first-visit bytes: every byte the server sent during a first visit (the page loading,
    then the service worker precaching; its requests revalidate, so files the page already
    has come back as 304s), uncompressed, and the same files gzip-compressed (level 6, what
    a host that compresses would send); also the size of the precache set;
  * boot (navigation -> body[data-ready="1"]), median of --runs:
      cold          a fresh browser context each run (no HTTP cache, no service worker);
      warm online   reloads of a page controlled by the service worker (cache-first);
      warm offline  the same with the network off (context.set_offline);
  * single file: size of dist/vietnam-wargames.html and its boot over file:// (fresh context each).
Served by scripts/devserver.py's handler (Cache-Control: no-cache) on 127.0.0.1.
"""
from __future__ import annotations

import argparse
import gzip
import importlib.util
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from gen_sw import asset_list  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]
READY = 'body[data-ready="1"]'
SINGLE = REPO / "dist" / "vietnam-wargames.html"


def load_devserver():
    spec = importlib.util.spec_from_file_location("devserver", REPO / "scripts" / "devserver.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.bytes = 0
            self.sent: dict[str, int] = {}   # path -> count of 200 responses
            self.n200 = 0
            self.n304 = 0


def make_handler(base, counter: Counter):
    class Counting(base):
        def log_message(self, *a):
            pass

        def send_response(self, code, message=None):
            with counter.lock:
                if code == 200:
                    counter.n200 += 1
                    path = self.path.split("?")[0].lstrip("/") or "index.html"
                    counter.sent[path] = counter.sent.get(path, 0) + 1
                elif code == 304:
                    counter.n304 += 1
            super().send_response(code, message)

        def copyfile(self, source, outputfile):
            data = source.read()
            with counter.lock:
                counter.bytes += len(data)
            try:
                outputfile.write(data)
            except OSError:  # the browser went away mid-response
                pass
    return Counting


def gz_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def boot(page, action) -> float:
    t0 = time.perf_counter()
    action()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    return time.perf_counter() - t0


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    counter = Counter()
    dev = load_devserver()
    handler = partial(make_handler(dev.NoCacheHandler, counter), directory=str(REPO))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    fmt = lambda xs: " ".join(f"{x:.2f}" for x in xs)  # noqa: E731
    res = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            # first visit, in a fresh on-disk profile like a real browser's (an in-memory
            # context's HTTP cache is too small to keep the 9.6 MB wasm, so the precache
            # would download it a second time): the page, then the service-worker precache
            with tempfile.TemporaryDirectory() as profile:
                ctx = pw.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                    viewport={"width": 1440, "height": 900})
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                counter.reset()
                res["first"] = boot(page, lambda: page.goto(url))
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
                first_bytes, sent, n200, n304 = counter.bytes, dict(counter.sent), counter.n200, counter.n304
                first_gz = sum(gz_size(REPO / p) * k for p, k in sent.items())
                # once the player pauses, the first visit makes the Python snapshot later visits start
                # from (static/pyodide_early.mjs); a returning player's boots are from it
                page.wait_for_function("['made', 'failed'].includes(window.__vw_python_snapshot)", timeout=90_000)
                res["snapshot"] = page.evaluate("window.__vw_python_snapshot")
                time.sleep(1.0)  # let IndexedDB writes settle
                # warm, online then offline (service worker installed)
                warm, off = [], []
                for _ in range(a.runs):
                    warm.append(boot(page, page.reload))
                counter.reset()
                ctx.set_offline(True)
                for _ in range(a.runs):
                    off.append(boot(page, page.reload))
                ctx.set_offline(False)
                assert counter.bytes == 0 and counter.n200 == 0, "offline boots reached the server"
                ctx.close()
            # cold: fresh context each run
            cold = []
            for _ in range(a.runs):
                ctx = browser.new_context(viewport={"width": 1440, "height": 900})
                page = ctx.new_page()
                cold.append(boot(page, lambda: page.goto(url)))
                ctx.close()
            single = []
            if SINGLE.exists():
                for _ in range(a.runs):
                    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
                    page = ctx.new_page()
                    single.append(boot(page, lambda: page.goto(SINGLE.as_uri())))
                    ctx.close()
            browser.close()
    finally:
        httpd.shutdown()

    files = asset_list(REPO)
    pre_raw = sum((REPO / f).stat().st_size for f in files)
    pre_gz = sum(gz_size(REPO / f) for f in files)
    print(f"first visit: {mb(first_bytes)} uncompressed, {mb(first_gz)} gzip "
          f"({n200} responses with a body, {n304} revalidated 304s; boot {res['first']:.2f} s)")
    print(f"precache set: {len(files)} files, {mb(pre_raw)} uncompressed, {mb(pre_gz)} gzip")
    print(f"boot cold (fresh context): median {statistics.median(cold):.2f} s   [{fmt(cold)}]")
    print(f"boot warm online (service worker; Python snapshot {res['snapshot']}): "
          f"median {statistics.median(warm):.2f} s   [{fmt(warm)}]")
    print(f"boot warm offline (service worker): median {statistics.median(off):.2f} s   [{fmt(off)}]")
    if single:
        print(f"single file: {SINGLE.relative_to(REPO)} {mb(SINGLE.stat().st_size)}; "
              f"boot over file:// median {statistics.median(single):.2f} s   [{fmt(single)}]")
    else:
        print("single file: not built (bash scripts/build_single.sh)")


if __name__ == "__main__":
    main()
