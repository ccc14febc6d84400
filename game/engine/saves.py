"""Reading a saved match safely (pure Python: the browser's import, Continue and slots use it),
and writing one (`save_text`, the autosave's: the same text as json.dumps, made faster).

    match, warnings = load_match(text, find, max_bytes=MAX_SAVE_BYTES, game=None)

(find: game id -> rules or None; game.rules.load_save passes the registry's)

raises SaveError(message) with a sentence meant for the player when the text is not a save this
app can open: too large, not JSON, cut short, another game, a newer save format or game data,
a damaged structure, or a position that breaks the game's invariants (a hand-edited save).
Nothing is changed by a refusal: the caller keeps its current match.

Versions: every save carries `format` (this module's layout of the match document, FORMAT) and
`data_version` (the game's data: map, counters, tables). An older format is migrated step by step
through MIGRATIONS; a newer one is refused. A different data version is migrated if the game
provides `data_migrations = {old_version: fn(match) -> match}`, else refused.
"""

import json

from . import match as M

FORMAT = M.FORMAT
MAX_SAVE_BYTES = 8 * 1024 * 1024  # a whole game with its log is well under 2 MB


SEPARATORS = (",", ":")


class _LogText:
    """The saved text of a match's log entries, kept from one save to the next: the log only grows
    (an undo, or an action that fails, cuts its end), and a click's autosave wrote all of it again,
    about two thirds of the save's time late in a First Team game (issue 14: 5 of 7.5 ms in
    CPython after 400 actions, about 2.5 times that in the page, after every click)."""

    def __init__(self):
        self.log = None    # the list the entries belong to
        self.last = None   # its entry last written
        self.parts = []    # each entry's text, in order

    def text(self, log):
        n = len(self.parts)
        # the same list, at least as long, its last written entry still in its place: the entries
        # before it are the same (entries are never changed once logged, flow.Context.log)
        if self.log is not log or len(log) < n or (n and log[n - 1] is not self.last):
            self.log, self.parts, n = log, [], 0
        self.parts.extend(json.dumps(e, separators=SEPARATORS) for e in log[n:])
        self.last = log[-1] if log else None
        return "[" + ",".join(self.parts) + "]"


_LOG_TEXT = _LogText()


def save_text(m):
    """json.dumps(m, separators=(",", ":")), character for character, its log's entries written
    once (_LogText)."""
    log = m.get("log")
    if not isinstance(log, list) or not all(isinstance(k, str) for k in m):
        return json.dumps(m, separators=SEPARATORS)
    return "{" + ",".join(json.dumps(k) + ":" + (_LOG_TEXT.text(log) if k == "log" else json.dumps(v, separators=SEPARATORS))
                          for k, v in m.items()) + "}"


class SaveError(Exception):
    """A save that cannot be opened; str() is the player-facing reason."""


def _from_0(m):
    """Format 0 (before undo snapshots were saved): no 'undo' list. Nothing to undo then."""
    m = dict(m)
    m.setdefault("undo", [])
    m["format"] = 1
    return m


MIGRATIONS = {0: _from_0}  # format n -> format n + 1


def load_match(text, find, max_bytes=MAX_SAVE_BYTES, game=None):
    """Parse, migrate and check a saved match. Returns (match, warnings); raises SaveError.
    find(game_id) gives a registered game's rules, or None (the engine does not import the
    registry: game.rules.load_save passes its own)."""
    warnings = []
    obj = parse(text, max_bytes)
    fmt = obj.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SaveError("This file is not a saved game of this app (it has no save format version).")
    if fmt > FORMAT:
        raise SaveError(f"This save was made by a newer version of the app (save format {fmt}; this app "
                        f"reads formats up to {FORMAT}). Update the app to open it.")
    gid = obj.get("game")
    rules = find(gid) if isinstance(gid, str) else None
    if rules is None:
        raise SaveError(f"This is a save of a game this app does not know ({str(gid)[:40]!r}).")
    if game is not None and gid != game:
        other = find(game)
        raise SaveError(f"This is a save of {rules.title}, not of {other.title if other else game}.")
    while fmt < FORMAT:
        step = MIGRATIONS.get(fmt)
        if step is None:
            raise SaveError(f"This save is too old to open (save format {fmt}).")
        obj = step(obj)
        warnings.append(f"converted from save format {fmt} to {obj['format']}")
        fmt = obj["format"]
    _check_shape(rules, obj)
    dv = obj.get("data_version")
    if dv != rules.data_version:
        mig = (getattr(rules, "data_migrations", None) or {}).get(dv)
        if mig is None:
            raise SaveError(f"This save was made with other game data ({str(dv)[:40]!r}; this app has "
                            f"{rules.data_version!r}) and cannot be converted.")
        obj = mig(obj)
        warnings.append(f"converted from game data {dv} to {rules.data_version}")
        _check_shape(rules, obj)
    _check_steps(rules, obj)  # after the game's conversion, which may replace retired steps
    defaults = rules.default_options()
    unknown = sorted(set(obj["options"]) - set(defaults))
    if unknown:
        raise SaveError(f"This save uses options this app does not know ({', '.join(unknown[:3])}).")
    for k, v in defaults.items():
        if k not in obj["options"]:
            obj["options"][k] = v
            obj["state"].setdefault("options", {}).setdefault(k, v)
            warnings.append(f"option {k} was missing: set to its default ({v})")
    check_position(rules, obj)
    return obj, warnings


def parse(text, max_bytes=MAX_SAVE_BYTES):
    """The JSON object in text (str or bytes); SaveError for a file too large, not text, not JSON,
    cut short, or not an object."""
    if isinstance(text, (bytes, bytearray)):
        size = len(text)
        _too_big(size, max_bytes)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("This file is not a saved game (it is not text).") from None
    elif not isinstance(text, str):
        raise SaveError("This is not a saved game.")
    _too_big(len(text), max_bytes)  # characters: a lower bound of the bytes
    if not text.strip():
        raise SaveError("This file is empty.")
    try:
        obj = json.loads(text)
    except RecursionError:
        raise SaveError("This file is not a saved game (it is nested too deeply).") from None
    except ValueError as e:
        body = text.strip()
        if body[:1] == "{" and body[-1:] != "}":  # a save is one object: it ends with "}"
            raise SaveError("This saved game is cut short (the file is truncated).") from None
        where = f" (line {e.lineno}, column {e.colno})" if hasattr(e, "lineno") else ""
        raise SaveError(f"This file is not a saved game: it is not valid JSON{where}.") from None
    if not isinstance(obj, dict):
        raise SaveError("This file is not a saved game (expected a JSON object).")
    return obj


def _too_big(n, max_bytes):
    if n > max_bytes:
        raise SaveError(f"This file is too large to be a saved game ({n / 1048576:.1f} MB; "
                        f"a save is at most {max_bytes / 1048576:.0f} MB).")


def _check_shape(rules, m):
    def need(key, typ, what):
        v = m.get(key)
        if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
            raise SaveError(f"This saved game is damaged ({what}).")
    need("scenario", str, "no scenario")
    if m["scenario"] not in {s["id"] for s in rules.scenarios()}:
        raise SaveError(f"This saved game is damaged (unknown scenario {m['scenario'][:40]!r}).")
    need("seed", int, "no seed")
    need("options", dict, "no options")
    need("actions", list, "no action list")
    need("log", list, "no log")
    need("state", dict, "no position")
    need("undo", list, "no undo list")
    d = m["state"].get("dice")
    if not (isinstance(d, dict) and isinstance(d.get("rng"), int) and isinstance(d.get("queue"), list)
            and d.get("mode") in ("auto", "manual", "script")):
        raise SaveError("This saved game is damaged (the dice are missing).")
    st = m["state"].get("stack")
    if not (isinstance(st, list) and all(isinstance(f, dict) and isinstance(f.get("s"), str) for f in st)):
        raise SaveError("This saved game is damaged (the sequence of play is missing).")
    if m.get("dice_mode", "auto") not in ("auto", "manual", "script"):
        raise SaveError("This saved game is damaged (unknown dice mode).")
    if not all(isinstance(a, dict) and isinstance(a.get("t"), str) for a in m["actions"]):
        raise SaveError("This saved game is damaged (an action is not an action).")
    if not all(isinstance(e, dict) and isinstance(e.get("text", ""), str) for e in m["log"]):
        raise SaveError("This saved game is damaged (a log entry is not text).")
    for snap in m["undo"]:
        if not (isinstance(snap, dict) and isinstance(snap.get("state"), dict)
                and isinstance(snap.get("actions"), int) and 0 <= snap["actions"] <= len(m["actions"])):
            raise SaveError("This saved game is damaged (an undo step is not a position).")


def _check_steps(rules, m):
    for s in [m["state"]] + [snap["state"] for snap in m["undo"]]:
        if any(not isinstance(f.get("s"), str) or f["s"] not in rules.flow.steps for f in s.get("stack", [])):
            raise SaveError("This saved game is damaged (an unknown step of play).")


def check_position(rules, m):
    """The position (and every undo snapshot) keeps the game's invariants and can be played."""
    inv = getattr(rules, "invariants", None)
    for i, s in enumerate([m["state"]] + [snap["state"] for snap in m["undo"]]):
        try:
            bad = inv(s) if inv else []
        except Exception as e:  # a structure the rules cannot even read
            bad = [f"{type(e).__name__}: {e}"]
        if bad:
            where = "" if i == 0 else " (in an undo step)"
            raise SaveError("This saved position breaks the rules of the game" + where + ": "
                            + "; ".join(str(b) for b in bad[:3]) + ". Was the file edited by hand?")
    try:
        acts = M.legal_actions(rules, m)
        M.view(rules, m)
    except Exception as e:
        raise SaveError(f"This saved position cannot be played ({type(e).__name__}). "
                        "Was the file edited by hand?") from None
    if not acts and not m["state"].get("over"):
        raise SaveError("This saved position has no legal action and the game is not over. "
                        "Was the file edited by hand?")
