"""`python -m http.server` plus `Cache-Control: no-cache` on every response.

Why: the wheel keeps a fixed name (dist/vietnam_wargames-0.1.0-py3-none-any.whl).
Plain http.server sends Last-Modified but no Cache-Control, so Chromium caches
responses heuristically (10% of their age) and a warm reload after a rebuild can run
the OLD wheel. With no-cache the browser revalidates every time (cheap 304s when
nothing changed). See docs/PLATFORM.md, "Caching".

Usage: python3 scripts/devserver.py [--bind 127.0.0.1] [--directory DIR] [PORT]
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os


class NoCacheHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("port", nargs="?", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--directory", default=os.getcwd())
    args = ap.parse_args()
    handler = functools.partial(NoCacheHandler, directory=args.directory)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as httpd:
        httpd.serve_forever()


if __name__ == "__main__":
    main()
