#!/usr/bin/env bash
# Build everything the static site needs; safe to run again and again.
#   - npm ci (only when node_modules is missing or package-lock.json changed)
#   - static/vendor/pyodide/  : Pyodide core + micropip wheel (+ its lock deps),
#                               sha256 in the vendored pyodide-lock.json rewritten
#   - static/vendor/pyscript/ : @pyscript/core dist/
#   - dist/vietnam_wargames-0.1.0-py3-none-any.whl : our own wheel, as bytecode for the
#                               browser's Python (scripts/precompile_wheel.mjs)
#   - sw.js                   : service worker precaching all of the above (scripts/gen_sw.py)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

log() { printf '[build] %s\n' "$*" >&2; }

# --- Python used for pip download / wheel building -----------------------------
# Prefer the project venv; create it if missing (plain python3 may be "externally managed").
if [[ ! -x .venv/bin/python ]]; then
    log "creating .venv"
    python3 -m venv .venv
fi
PY="$ROOT/.venv/bin/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1

# --- npm ------------------------------------------------------------------------
LOCK_HASH="$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)"
if [[ ! -d node_modules || "$(cat node_modules/.build-lock-hash 2>/dev/null)" != "$LOCK_HASH" ]]; then
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$LOCK_HASH" > node_modules/.build-lock-hash
fi

# --- Pyodide core ------------------------------------------------------------------
PYO_SRC=node_modules/pyodide
PYO_DST=static/vendor/pyodide
mkdir -p "$PYO_DST"
for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide.js \
         pyodide.mjs.map pyodide.js.map package.json; do
    cp "$PYO_SRC/$f" "$PYO_DST/$f"
done
"$PY" scripts/trim_stdlib.py "$PYO_SRC/python_stdlib.zip" "$PYO_DST/python_stdlib.zip"

# --- micropip (+ whatever pyodide-lock.json says it depends on) from PyPI -------
WHEEL_CACHE="$PYO_DST"
mapfile -t LOCK_WHEELS < <("$PY" - "$PYO_SRC/pyodide-lock.json" <<'PYEOF'
import json, sys
lock = json.load(open(sys.argv[1]))["packages"]
todo, seen = ["micropip"], []
while todo:
    name = todo.pop()
    if name in seen:
        continue
    seen.append(name)
    todo.extend(lock[name]["depends"])
for name in seen:
    print(f'{lock[name]["name"]}=={lock[name]["version"]} {lock[name]["file_name"]}')
PYEOF
)
for line in "${LOCK_WHEELS[@]}"; do
    spec="${line% *}"; file="${line#* }"
    if [[ ! -f "$WHEEL_CACHE/$file" ]]; then
        log "pip download $spec"
        tmp="$(mktemp -d)"
        "$PY" -m pip download --quiet --no-deps --only-binary=:all: \
            --python-version 3.13 -d "$tmp" "$spec"
        mv "$tmp/$file" "$WHEEL_CACHE/$file"
        rm -rf "$tmp"
    fi
done

# Rewrite the sha256 of every shipped wheel in the vendored lock file (the PyPI
# file differs from the one Pyodide built, and Pyodide's integrity check would fail).
"$PY" - "$PYO_SRC/pyodide-lock.json" "$PYO_DST" <<'PYEOF'
import hashlib, json, os, sys
src, dst = sys.argv[1], sys.argv[2]
lock = json.load(open(src))
for pkg in lock["packages"].values():
    path = os.path.join(dst, pkg["file_name"])
    if os.path.isfile(path):
        with open(path, "rb") as fh:
            pkg["sha256"] = hashlib.sha256(fh.read()).hexdigest()
out = os.path.join(dst, "pyodide-lock.json")
text = json.dumps(lock, separators=(",", ":"))
if not os.path.exists(out) or open(out).read() != text:
    with open(out, "w") as fh:
        fh.write(text)
PYEOF

# --- PyScript -----------------------------------------------------------------------
mkdir -p static/vendor/pyscript
cp node_modules/@pyscript/core/dist/* static/vendor/pyscript/

# --- our wheel ---------------------------------------------------------------------
WHEEL=dist/vietnam_wargames-0.1.0-py3-none-any.whl
mkdir -p dist
rm -f "$WHEEL"
log "building $WHEEL"
# Fresh build dir each time so files deleted from game/ do not linger in the wheel.
rm -rf build
"$PY" -m pip wheel --quiet --no-deps -w dist . >&2
rm -rf build
[[ -f "$WHEEL" ]] || { log "expected $WHEEL was not built"; exit 1; }
# Bytecode for the browser's Python in place of the sources: the page imports the game without
# compiling it on every boot (scripts/precompile_wheel.mjs, run by the vendored Pyodide in node).
node scripts/precompile_wheel.mjs "$WHEEL"
# --- service worker (offline play): sw.js lists every asset, cache named by their hash -----
"$PY" scripts/gen_sw.py
log "ok: static/vendor/, $WHEEL and sw.js are ready"
