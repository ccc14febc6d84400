"""Which of the vendored PyScript chunks the game loads, for the service worker's precache
(gen_sw.py) and the single file (build_single.py).

A chunk is loaded if core.js reaches it through the chunks' "./x.js" imports. PyScript's core
imports all its plugins (editor, terminal, py-game, donkey...) at start whatever pyscript.toml's
`plugins` says (measured: the "!name" entries did not stop the fetches), so they stay in. Left out:
the editor's CodeMirror and the terminal's xterm, named in core's bundle but loaded only when an
editor or terminal is on the page; the packages graph when the config lists no packages (PyScript
imports it only to resolve them); source maps, the service worker and the storage helper.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

NEVER = re.compile(r"(\.map$|^codemirror|^xterm|^index-|^service-worker\.js$|^storage\.js$)")
IMPORT = re.compile(r'"\./([\w.-]+\.js)"')


def loaded_chunks(root: Path) -> list[str]:
    """File names under static/vendor/pyscript the game can load (and core.css)."""
    vp = root / "static/vendor/pyscript"
    packages = bool(tomllib.loads((root / "pyscript.toml").read_text()).get("packages"))
    seen, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in seen or NEVER.search(name) or not (vp / name).is_file() \
                or (name.startswith("pyodide_graph-") and not packages):
            continue
        seen.add(name)
        todo += IMPORT.findall((vp / name).read_text(encoding="utf-8"))
    return sorted(seen) + ["core.css"]
