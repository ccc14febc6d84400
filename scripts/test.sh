#!/usr/bin/env bash
# Set up everything a fresh Debian machine needs, build, and run ALL tests
# (unit + end-to-end). Extra arguments go to pytest, e.g. `bash scripts/test.sh -k boot`.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[test] %s\n' "$*" >&2; }
SUDO=""
[[ "$(id -u)" -eq 0 ]] || SUDO="sudo"

# --- system packages: only what is missing ----------------------------------
APT_PKGS=()
[[ -x /usr/bin/chromium ]] || APT_PKGS+=(chromium)
command -v npm >/dev/null 2>&1 || APT_PKGS+=(nodejs npm)
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || APT_PKGS+=(python3-venv)
if ((${#APT_PKGS[@]})); then
    log "apt-get install ${APT_PKGS[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${APT_PKGS[@]}" >/dev/null
fi

# --- Python venv ------------------------------------------------------------------
if [[ ! -x .venv/bin/python ]]; then
    log "creating .venv"
    python3 -m venv .venv
fi
# Re-install only when pyproject.toml changed (pip is slow even when nothing changes).
STAMP=.venv/.test-deps-hash
HASH="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [[ "$(cat "$STAMP" 2>/dev/null)" != "$HASH" ]] || ! .venv/bin/python -c 'import pytest, playwright, xdist' 2>/dev/null; then
    log "pip install -e .[test]"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
    echo "$HASH" > "$STAMP"
fi

# --- build the static site and the single-file build ---------------------------
bash scripts/build_single.sh

# --- tests ------------------------------------------------------------------------
# Two workers (VW_TEST_WORKERS): most of an end-to-end test is one Chromium's main thread, so two
# run side by side on two cores; worksteal keeps both busy to the end (the long whole-game tests).
log "pytest (${VW_TEST_WORKERS:-2} workers)"
exec .venv/bin/python -m pytest -q -n "${VW_TEST_WORKERS:-2}" --dist worksteal "${@:-tests}"
