"""Saves in window.localStorage (keys prefixed 'vw:'), export to a file, import from one."""
import json
import time

from game.engine.saves import SaveError, load_match, save_text
from game.rules import get

from .dom import document, window

PREFIX = "vw:"
AUTOSAVE = PREFIX + "autosave"   # + ":<game id>", one per game; the bare key is the old single one
LAST = PREFIX + "last-game"
SLOT = PREFIX + "slot:"
INDEX = PREFIX + "slots"


def summary(m):
    """A saved match in words: game, scenario, turn and phase (slots, Continue, the top bar)."""
    st = m.get("state") if isinstance(m.get("state"), dict) else {}
    game = str(m.get("game", "?"))
    title, scen = game, str(m.get("scenario", "?"))[:30]
    try:
        rules = get(game)
        title = rules.title
        scen = next((x["name"] for x in rules.scenarios() if x["id"] == m.get("scenario")), scen)
    except Exception:  # an unknown game: the raw ids
        pass
    phase = f", {str(st['phase'])[:40]}" if isinstance(st.get("phase"), str) and st.get("phase") else ""
    over = " (over)" if st.get("over") else ""
    return f"{title} — {scen}, turn {str(st.get('turn', '?'))[:4]}{phase}{over}"


def _ls():
    return window.localStorage


def _auto_key(game):
    return f"{AUTOSAVE}:{game}"


def migrate():
    """One autosave per game (issue 9 item 8): the old single autosave moves to its game's key,
    unless that game already has one."""
    try:
        old = _ls().getItem(AUTOSAVE)
        if not old:
            return
        game = json.loads(old).get("game")
        if isinstance(game, str) and not _ls().getItem(_auto_key(game)):
            _ls().setItem(_auto_key(game), old)
            _ls().setItem(LAST, game)
        _ls().removeItem(AUTOSAVE)
    except Exception:  # unreadable: leave it where it is
        pass


def autosave(m):
    try:
        _ls().setItem(_auto_key(m["game"]), save_text(m))
        _ls().setItem(LAST, m["game"])
        return True
    except Exception:  # quota or privacy mode: play on without saving
        return False


def last_game():
    """The game played last (its autosave is the one to continue), or None."""
    g = _ls().getItem(LAST)
    return str(g) if g else None


def load_autosave(game):
    """The autosaved match of `game` as plain JSON (for its summary on the start screen), unchecked."""
    s = _ls().getItem(_auto_key(game))
    if not s:
        return None
    try:
        m = json.loads(s)
    except ValueError:
        return None
    return m if isinstance(m, dict) else None


def open_autosave(game):
    """(match, warnings) of the game's autosave checked by the engine; SaveError if it cannot be opened."""
    return load_match(_ls().getItem(_auto_key(game)) or "", game=game)


def has_autosave(game):
    return bool(_ls().getItem(_auto_key(game)))


def slots():
    try:
        idx = json.loads(_ls().getItem(INDEX) or "{}")
    except ValueError:
        idx = {}
    return idx if isinstance(idx, dict) else {}


def save_slot(name, m, summary):
    """Write a slot and its index entry, or neither (a full storage leaves the old slot as it was)."""
    name = name.strip()[:40] or "save"
    old = _ls().getItem(SLOT + name)
    idx = slots()
    idx[name] = {"summary": summary, "saved": time.strftime("%Y-%m-%d %H:%M")}
    try:
        _ls().setItem(SLOT + name, save_text(m))
        _ls().setItem(INDEX, json.dumps(idx))
    except Exception:
        try:
            if old is None:
                _ls().removeItem(SLOT + name)
            else:
                _ls().setItem(SLOT + name, old)
        except Exception:
            pass
        raise
    return name


def open_slot(name, game):
    """(match, warnings) of a slot checked by the engine; SaveError if it cannot be opened."""
    s = _ls().getItem(SLOT + name)
    if not s:
        raise SaveError("This slot is empty.")
    return load_match(s, game=game)


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
