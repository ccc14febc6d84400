"""Single-file build: one HTML file that opens over file:// with no server and plays fully.

    .venv/bin/python scripts/build_single.py [--out dist/vietnam-wargames.html]
    (bash scripts/build_single.sh builds the site first, then this)

How it works (see /work/shared/reference/STACK.md, "Offline"):
  * every asset (Pyodide core, standard library, PyScript chunks, our wheel, the map SVG,
    the PyScript config, boot.py) is inlined gzip+base64 in a <script type="application/
    octet-stream" data-path=...> element, decoded at start with DecompressionStream;
  * a fetch shim answers requests for those paths (application/wasm for the wasm);
  * JavaScript modules are loaded from blob: URLs through an import map: PyScript's
    relative chunk imports are rewritten to bare "@vw/pyscript/..." specifiers, and the
    interpreter path of the config ("./static/vendor/pyodide/pyodide.mjs", resolved
    against the file's own URL) maps to a small wrapper module that calls Pyodide's
    loadPyodide with an explicit indexURL (PyScript refuses a blob: interpreter URL);
  * our wheel is unpacked by PyScript's [files] (no micropip);
  * the page's Content-Security-Policy is replaced by one fit for this file: no
    network at all, only inline and blob: code.
Saves use localStorage keys prefixed "vw:" (game/ui/saves.py): all file:// pages share one
localStorage, the prefix keeps ours apart.
"""
from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import re
import sys
import zipfile
from pathlib import Path

from pyscript_chunks import loaded_chunks, plugins_off

REPO = Path(__file__).resolve().parents[1]
WHEEL = "dist/vietnam_wargames-0.1.0-py3-none-any.whl"
PYO = "static/vendor/pyodide"
PYS = "static/vendor/pyscript"

# the plugins turned off are pyscript.toml's (their chunks are not in this file: pyscript_chunks.py)
CONFIG = f'''# single-file build (scripts/build_single.py): wheel unpacked by [files], no micropip
interpreter = "./{PYO}/pyodide.mjs"
plugins = {json.dumps(["!" + p for p in plugins_off(REPO)])}

[files]
"./{WHEEL}" = "./*"
'''

CSP = ("default-src 'none'; "
       "script-src 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
       "worker-src blob:; connect-src blob: data:; style-src 'unsafe-inline'; "
       "img-src data: blob:; font-src data:; base-uri 'none'; form-action 'none'")

BOOT_JS = r"""
(() => {
  "use strict";
  const BASE = location.href.split(/[?#]/)[0].replace(/[^/]*$/, "");
  const MODULES = __MODULES__;          // path -> import-map specifier ("" = none)
  const PYODIDE = BASE + "__PYO__/";
  const assets = new Map();             // absolute URL -> {type, data: Promise<Uint8Array>}

  function fromB64(s) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(s);
    const bin = atob(s), out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  async function gunzip(bytes) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const raw = typeof input === "string" ? input : (input instanceof URL ? input.href : input.url);
    const url = new URL(raw, location.href).href.split(/[?#]/)[0];
    const a = assets.get(url);
    if (a) {
      return new Response(await a.data, { status: 200, headers: { "Content-Type": a.type } });
    }
    if (/^(blob|data):/.test(url)) return realFetch(input, init);
    throw new TypeError("single-file build: no such file " + url);
  };

  async function start() {
    for (const el of document.querySelectorAll("script[data-path]")) {
      assets.set(BASE + el.dataset.path, { type: el.dataset.type, data: gunzip(fromB64(el.textContent.trim())) });
      el.remove();
    }
    const blobUrl = (text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    const imports = {};
    const dec = new TextDecoder();
    await Promise.all(Object.entries(MODULES).map(async ([path, spec]) => {
      const text = dec.decode(await assets.get(BASE + path).data);
      imports[spec] = blobUrl(text);
    }));
    // Pyodide: the configured interpreter URL -> wrapper with an explicit indexURL;
    // pyodide.asm.mjs is imported by Pyodide from indexURL + "pyodide.asm.mjs".
    imports[PYODIDE + "pyodide.mjs"] = blobUrl(
      'import * as P from "@vw/pyodide/pyodide.mjs";\n' +
      'export * from "@vw/pyodide/pyodide.mjs";\n' +
      "export const loadPyodide = (o = {}) => P.loadPyodide({ ...o, indexURL: " + JSON.stringify(PYODIDE) + " });\n");
    imports[PYODIDE + "pyodide.asm.mjs"] = imports["@vw/pyodide/pyodide.asm.mjs"];
    const map = document.createElement("script");
    map.type = "importmap";
    map.textContent = JSON.stringify({ imports });
    document.head.append(map);
    const core = document.createElement("script");
    core.type = "module";
    core.src = imports["@vw/pyscript/core.js"];
    document.head.append(core);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
"""


def gz_b64(data: bytes) -> str:
    return base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode("ascii")


def stored_zip(data: bytes) -> bytes:
    """The same zip with its entries stored, not deflated: the page's gzip then compresses across
    all the files at once (the .pyc files share much): about 90 KB less than deflating each for our
    wheel, 394 KB for Pyodide's standard library."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zi, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zo:
        for info in zi.infolist():
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.external_attr = info.external_attr
            zo.writestr(entry, zi.read(info.filename), zipfile.ZIP_STORED)
    return out.getvalue()


def empty_lockfile(path: Path) -> bytes:
    """Pyodide's lock file with its package list emptied: this file inlines no package (no
    micropip, none of the 357 wheels), so every entry would only name a file it cannot fetch.
    Pyodide still reads the lock's "info" at start (its ABI check); that is kept. Saves 34 KB."""
    lock = json.loads(path.read_bytes())
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()


def rewrite_imports(js: str) -> str:
    """PyScript chunks import each other as "./name.js": make those bare specifiers."""
    return re.sub(r'(["\'])\./([\w.-]+\.m?js)\1', r'\1@vw/pyscript/\2\1', js)


def build(out: Path) -> Path:
    html = (REPO / "index.html").read_text()
    files: dict[str, tuple[bytes, str]] = {}  # path -> (bytes, content type)
    modules: dict[str, str] = {}

    loaded = set(loaded_chunks(REPO))
    for p in sorted((REPO / PYS).glob("*.js")):
        if p.name not in loaded:
            continue
        path = f"{PYS}/{p.name}"
        files[path] = (rewrite_imports(p.read_text()).encode(), "text/javascript")
        modules[path] = f"@vw/pyscript/{p.name}"
    for name in ("pyodide.mjs", "pyodide.asm.mjs"):
        files[f"{PYO}/{name}"] = ((REPO / PYO / name).read_bytes(), "text/javascript")
        modules[f"{PYO}/{name}"] = f"@vw/pyodide/{name}"
    files[f"{PYO}/pyodide.asm.wasm"] = ((REPO / PYO / "pyodide.asm.wasm").read_bytes(), "application/wasm")
    # stored like the wheel: 394 KB less in this page (zipimport reads stored entries as well)
    files[f"{PYO}/python_stdlib.zip"] = (stored_zip((REPO / PYO / "python_stdlib.zip").read_bytes()), "application/zip")
    files[f"{PYO}/pyodide-lock.json"] = (empty_lockfile(REPO / PYO / "pyodide-lock.json"), "application/json")
    files[WHEEL] = (stored_zip((REPO / WHEEL).read_bytes()), "application/zip")
    files["pyscript.toml"] = (CONFIG.encode(), "text/plain")
    files["static/boot.py"] = ((REPO / "static/boot.py").read_bytes(), "text/plain")
    for p in sorted((REPO / "static/svg").glob("*.svg")):
        files[f"static/svg/{p.name}"] = (p.read_bytes(), "image/svg+xml")

    # --- the page: index.html with CSS inlined, the site-only scripts and links removed ---
    def inline_css(m):
        href = m.group(1)
        css = (REPO / href.removeprefix("./")).read_text()
        return f"<style>/* {href} */\n{css}</style>"
    html = re.sub(r'<link rel="stylesheet" href="([^"]+)">', inline_css, html)
    # the site's CSP (if any) allows 'self', which means nothing over file://: ours replaces it
    html = re.sub(r'\s*<meta[^>]*http-equiv=["\']?content-security-policy[^>]*>', "", html, flags=re.I)
    html = re.sub(r"\s*<!--\s*CSP\b.*?-->", "", html, flags=re.S)
    html = re.sub(r'\s*<link rel="manifest"[^>]*>', "", html)
    # the site's preloads name files this page carries inside itself
    html = re.sub(r'\s*<!--\s*Preloads\b.*?-->', "", html, flags=re.S)
    html = re.sub(r'\s*<link rel="(?:module)?preload"[^>]*>', "", html)
    html = re.sub(r'\s*<script[^>]*src="[^"]*(core\.js|sw-register\.js|pyodide_early\.mjs)"[^>]*></script>', "", html)
    # the loading screen's steps (static/loading.js) run inline: the file has no other files;
    # nothing is downloaded, the runtime is unpacked from the page itself
    html = html.replace(">Downloading the Python runtime<", ">Unpacking the Python runtime<", 1)
    html = re.sub(r'<p class="muted small">The first visit downloads.*?</p>',
                  '<p class="muted small">This copy holds the whole game: no network is needed.</p>', html,
                  count=1, flags=re.S)
    for js in ("loading.js", "dom.js"):  # (dom.js: what game/ui/dom.py does in JavaScript)
        html = html.replace(f'<script src="./static/{js}"></script>',
                            f"<script>{(REPO / 'static' / js).read_text()}</script>", 1)
    icon = base64.b64encode((REPO / "static/icons/icon-192.png").read_bytes()).decode()
    html = re.sub(r'<link rel="icon"[^>]*>', f'<link rel="icon" type="image/png" href="data:image/png;base64,{icon}">', html)
    leftovers = re.findall(r'<link rel="stylesheet"[^>]*>|<script(?![^>]*type="py")[^>]*\ssrc=[^>]*>', html)
    if 'type="py"' not in html or '<meta charset="utf-8">' not in html or leftovers:
        sys.exit(f"build_single: index.html does not look as expected {leftovers}")
    boot = (BOOT_JS.replace("__MODULES__", json.dumps({p: s for p, s in modules.items()}))
            .replace("__PYO__", PYO))
    head_add = f'<script>{boot}</script>\n'
    html = html.replace('<meta charset="utf-8">',
                        f'<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="{CSP}">', 1)
    html = html.replace("</head>", head_add + "</head>", 1)
    blobs = "".join(
        f'<script type="application/octet-stream" data-path="{path}" data-type="{ctype}">{gz_b64(data)}</script>\n'
        for path, (data, ctype) in files.items())
    build_id = hashlib.sha256(blobs.encode()).hexdigest()[:12]
    html = html.replace("<html ", f'<html data-build="{build_id}" ', 1)
    html = html.replace("</body>", blobs + "</body>", 1)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=REPO / "dist" / "vietnam-wargames.html")
    a = ap.parse_args()
    out = build(a.out)
    print(f"[build_single] {out} ({out.stat().st_size / 1e6:.2f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
