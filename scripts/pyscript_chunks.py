"""Which of the vendored PyScript chunks the game loads, for the service worker's precache
(gen_sw.py) and the single file (build_single.py).

A chunk is loaded if core.js reaches it through the chunks' "./x.js" imports, except the plugins
pyscript.toml turns off (`plugins = ["!name", ...]`). PyScript loads its plugins once per script
type it knows, Pyodide's "py" and MicroPython's "mpy", each by that type's config: with no config
for "mpy" it loaded all of them (editor, terminal, py-game, donkey...) whatever pyscript.toml said,
so index.html carries an <mpy-config> with the same list (plugins_off(), checked by
tests/test_pyscript_config.py). Left out besides: the editor's CodeMirror and the terminal's
xterm, named in core's bundle but loaded only when an editor or terminal is on the page; the
packages graph when the config lists no packages (PyScript imports it only to resolve them);
source maps, the service worker and the storage helper.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

NEVER = re.compile(r"(\.map$|^codemirror|^xterm|^index-|^service-worker\.js$|^storage\.js$)")
IMPORT = re.compile(r'"\./([\w.-]+\.js)"')
PLUGIN = re.compile(r'"?([\w-]+)"?:\(\)=>import\("\./([\w.-]+\.js)"\)')  # core's plugin table: name -> chunk


def plugins_off(root: Path, config: dict | None = None) -> list[str]:
    """The PyScript plugins pyscript.toml (or `config`, that file read) turns off ("!name")."""
    if config is None:
        config = tomllib.loads((root / "pyscript.toml").read_text())
    return [p[1:] for p in config.get("plugins", []) if p.startswith("!")]


def loaded_chunks(root: Path) -> list[str]:
    """File names under static/vendor/pyscript the game can load (and core.css)."""
    vp = root / "static/vendor/pyscript"
    config = tomllib.loads((root / "pyscript.toml").read_text())
    packages = bool(config.get("packages"))
    off = set(plugins_off(root, config))
    skip = set()
    for path in vp.glob("core-*.js"):
        skip |= {chunk for name, chunk in PLUGIN.findall(path.read_text(encoding="utf-8")) if name in off}
    seen, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in seen or name in skip or NEVER.search(name) or not (vp / name).is_file() \
                or (name.startswith("pyodide_graph-") and not packages):
            continue
        seen.add(name)
        todo += IMPORT.findall((vp / name).read_text(encoding="utf-8"))
    return sorted(seen) + ["core.css"]
