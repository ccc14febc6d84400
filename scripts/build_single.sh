#!/usr/bin/env bash
# Build the site (scripts/build.sh), then the single-file build: dist/vietnam-wargames.html,
# one HTML file that opens over file:// in Chromium with no server (scripts/build_single.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec .venv/bin/python scripts/build_single.py "$@"
