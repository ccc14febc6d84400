"""PyScript's plugins (issue 14). PyScript loads its plugins once per script type, Pyodide's "py"
(configured by pyscript.toml) and MicroPython's "mpy" (index.html's <mpy-config>); a type without a
config loads all of them: the editor, whose MutationObserver on the whole document then looked
through every element each click added, and four modules more to fetch at boot. So both configs
turn off the same plugins, and neither turns off "error" (Python errors shown on the page)."""
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from pyscript_chunks import PLUGIN, plugins_off  # noqa: E402


def mpy_config():
    html = (ROOT / "index.html").read_text()
    found = re.findall(r"<mpy-config[^>]*>(.*?)</mpy-config>", html, re.S)
    assert len(found) == 1, "index.html needs one <mpy-config>"
    return tomllib.loads(found[0])


def test_both_script_types_turn_off_the_same_plugins():
    off = plugins_off(ROOT)
    assert off, "pyscript.toml turns no plugin off"
    assert mpy_config().get("plugins") == [f"!{p}" for p in off]
    assert "error" not in off  # (turned off for one type, its errors would leave the page for all)


def test_the_plugins_turned_off_are_plugins_of_the_vendored_core():
    """A name PyScript does not know would turn nothing off (a renamed plugin after an upgrade)."""
    cores = list((ROOT / "static/vendor/pyscript").glob("core-*.js"))
    if not cores:  # not vendored yet (scripts/build.sh): the names are checked where the core is
        import pytest
        pytest.skip("static/vendor/pyscript not vendored")
    known = {name for path in cores for name, _ in PLUGIN.findall(path.read_text(encoding="utf-8"))}
    assert {"py-editor", "error"} <= known, known
    assert set(plugins_off(ROOT)) <= known
