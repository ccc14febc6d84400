"""Saves in window.localStorage (keys prefixed 'vw:'), export to a file, import from one."""
import json
import time

from .dom import document, window

PREFIX = "vw:"
AUTOSAVE = PREFIX + "autosave"
SLOT = PREFIX + "slot:"
INDEX = PREFIX + "slots"


def _ls():
    return window.localStorage


def autosave(m):
    try:
        _ls().setItem(AUTOSAVE, json.dumps(m, separators=(",", ":")))
        return True
    except Exception:  # quota or privacy mode: play on without saving
        return False


def load_autosave():
    s = _ls().getItem(AUTOSAVE)
    if not s:
        return None
    try:
        return json.loads(s)
    except ValueError:
        return None


def has_autosave():
    return bool(_ls().getItem(AUTOSAVE))


def slots():
    try:
        idx = json.loads(_ls().getItem(INDEX) or "{}")
    except ValueError:
        idx = {}
    return idx if isinstance(idx, dict) else {}


def save_slot(name, m, summary):
    name = name.strip()[:40] or "save"
    _ls().setItem(SLOT + name, json.dumps(m, separators=(",", ":")))
    idx = slots()
    idx[name] = {"summary": summary, "saved": time.strftime("%Y-%m-%d %H:%M")}
    _ls().setItem(INDEX, json.dumps(idx))
    return name


def load_slot(name):
    s = _ls().getItem(SLOT + name)
    return json.loads(s) if s else None


def delete_slot(name):
    _ls().removeItem(SLOT + name)
    idx = slots()
    idx.pop(name, None)
    _ls().setItem(INDEX, json.dumps(idx))


def export(m, filename):
    """Download the match as a JSON file through a Blob URL."""
    from pyodide.ffi import to_js
    text = json.dumps(m, indent=1)
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = filename
    a.style.display = "none"
    document.body.appendChild(a)
    a.click()
    a.remove()
    from pyodide.ffi import create_once_callable
    window.setTimeout(create_once_callable(lambda *_: window.URL.revokeObjectURL(url)), 1000)
