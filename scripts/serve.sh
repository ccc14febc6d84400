#!/usr/bin/env bash
# Build (idempotent; with the single-file build dist/vietnam-wargames.html) and serve the repository root on http://127.0.0.1:${PORT:-8000}/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build_single.sh  # the site, and the single file it offers for offline play
PORT="${PORT:-8000}"
echo
echo "  Serving the game on  http://127.0.0.1:${PORT}/   (Ctrl-C to stop)"
echo
# devserver.py = python -m http.server + "Cache-Control: no-cache" (see docs/PLATFORM.md, "Caching")
exec python3 scripts/devserver.py --bind 127.0.0.1 "$PORT"
