"""The computer's worker (issue 46 item 4, static/ai_worker.mjs) loads the wheel the page loads
(pyscript.toml's [files]), and the service worker precaches its script, so that a computer game
thinks off the main thread offline too (scripts/gen_sw.py)."""
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import gen_sw  # noqa: E402

WORKER = ROOT / "static" / "ai_worker.mjs"


def test_the_worker_loads_the_pages_wheel():
    wheel = re.search(r'const WHEEL = "\.\./([^"]+)";', WORKER.read_text()).group(1)
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert [f"./{wheel}"] == list(config["files"])


def test_the_service_worker_precaches_the_computers_worker(tmp_path, monkeypatch):
    """gen_sw's list, read from a tree holding only the files it checks for (no build needed)."""
    monkeypatch.setattr(gen_sw, "loaded_chunks", lambda root: [])
    orig_is_file = Path.is_file
    monkeypatch.setattr(Path, "is_file", lambda p: True if str(p).startswith(str(tmp_path)) else orig_is_file(p))
    (tmp_path / "pyscript.toml").write_text((ROOT / "pyscript.toml").read_text())
    for sub in ("static/css", "static/svg", "static/icons"):
        (tmp_path / sub).mkdir(parents=True)
    listed = set(gen_sw.asset_list(tmp_path))
    assert "static/ai_worker.mjs" in listed
    # and what the worker imports, Pyodide's files and the wheel it fetches
    imports = {"static/" + p for p in re.findall(r'from "\./([^"]+)"', WORKER.read_text())}
    assert imports == {"static/python_snapshot.mjs", "static/vendor/pyodide/pyodide.mjs"}
    assert imports | {"static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/python_stdlib.zip",
                      "static/vendor/pyodide/pyodide-lock.json", "dist/vietnam_wargames-0.1.0-py3-none-any.whl"} <= listed
