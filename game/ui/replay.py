"""The history viewer (issue 13 item 1): step through the match shown, read-only.

The positions come from the engine (engine/history.py); each is drawn by the app's own render()
with the replayed match in place of the live one and no actions (app.render asks `shown()` and
`read_only()`). A two-player game shows the side at the screen only. "Play from here" starts a
new game replayed up to the position shown, after asking.
"""
import json



from ..engine import match as M
from ..engine.history import History
from .dom import document, q, window

STEPS = {"turn-back": ("turn", -1), "phase-back": ("phase", -1), "action-back": ("action", -1),
         "action-fwd": ("action", 1), "phase-fwd": ("phase", 1), "turn-fwd": ("turn", 1)}


class Replay:
    def __init__(self, app):
        self.app = app
        self.hist = History(app.rules, app.m)
        rules = app.rules
        # the side at the screen: never a view of what it could not see (solitaire: the player's view)
        self.role = (app.shown_role or app.viewer()) if len(rules.roles) > 1 else None
        self.k = self.hist.n
        self.match = None

    def show(self, k):
        self.k = max(0, min(self.hist.n, k))
        self.match = self.hist.position(self.k)
        self.app.render()
        self.draw_bar()

    def read_only(self, v):
        """The view of a past position: nothing to take, nothing to undo, the position as prompt."""
        v["actions"] = []
        v["can_undo"] = False
        v["undo_why"] = "replaying the history"
        v["awaiting_roll"] = False
        v.pop("report", None)  # the opponent's report card waits for a click that cannot come
        then = v.get("prompt") or ""  # the question of that moment, reported, not asked again
        v["prompt"] = f"History: {self.hist.label(self.k)}." + (f" The game then asked: “{then}”" if then else "")

    def draw_bar(self):
        h = self.hist
        label = h.label(self.k)
        q("#replay-pos").textContent = label[:1].upper() + label[1:]
        for cmd, (unit, d) in STEPS.items():
            q(f'#replay-bar [data-step="{cmd}"]').disabled = (self.k == 0) if d < 0 else (self.k == h.n)
        sel = q("#replay-jump")
        if sel.options.length != len(h.index()) + 1:
            opts = [document.createElement("option")]
            opts[0].textContent = "Jump to…"
            opts[0].value = ""
            for e in h.index():
                o = document.createElement("option")
                o.value = str(e["k"])
                o.textContent = (f"Turn {e['turn']}" if e["turn_start"] else "    ") + f" · {e['phase'] or 'Set-up'} (action {e['k']})"
                opts.append(o)
            sel.replaceChildren(*opts)
        sel.value = ""
        fail = q("#replay-fail")
        if h.failed:
            fail.textContent = (f"This game's action {h.failed['at']} no longer replays (recorded before a rules "
                                f"change?): the history stops before it. ({h.failed['why'][:160]})")
        fail.hidden = not h.failed

    def step(self, cmd):
        unit, d = STEPS[cmd]
        self.show(self.hist.step(self.k, unit, d))

    def play_from_here(self):
        app, k = self.app, self.k

        def go():
            old = app.m
            m = M.replay(app.rules, old["scenario"], old["seed"], old["options"], self.hist.actions[:k],
                         old.get("dice_mode", "auto"))
            for key in old:  # who plays each side, and whatever else the match records beside its state
                if key not in m:
                    m[key] = old[key]
            app.load_match(m, f"Playing on from {self.hist.label(k)}")
        what = "finished" if app.m["state"].get("over") else "in progress"
        app.confirm(f"Play from here? A new game starts at {self.hist.label(k)}; it replaces your game {what} "
                    "(its autosave). Slots and exported files are kept.", go)

    def debug(self, *_):
        """Read-only hook for the tests: the position shown and its state hash."""
        return json.dumps({"k": self.k, "n": self.hist.n, "hash": M.state_hash(self.match),
                           "label": self.hist.label(self.k), "failed": self.hist.failed,
                           "index": self.hist.index()})


def wire(app):
    """Once at boot: the jump list and the test hook."""
    from pyodide.ffi import create_proxy

    def jump(e):
        if app.replay is not None and e.target.value != "":
            app.replay.show(int(e.target.value))
    app.listen(q("#replay-jump"), "change", jump)
    app._proxies.append(create_proxy(lambda *_: app.replay.debug() if app.replay else "null"))
    setattr(window, "__vw_replay", app._proxies[-1])


def command(app, cmd, node):
    """The History button and the replay bar's buttons."""
    if cmd == "history":
        if app.replay is not None:
            stop(app)
            return
        if app.m is None or document.body.dataset.screen != "game":
            app.flash("Continue to the game first, then open its history.")
            return
        app.close_chooser()
        app.replay = Replay(app)
        q("#replay-bar").hidden = False
        q("#history-btn").setAttribute("aria-pressed", "true")
        document.body.dataset.replay = "1"
        app.replay.show(app.replay.k)
    elif app.replay is None:
        return
    elif cmd == "replay-step":
        app.replay.step(node.getAttribute("data-step"))
    elif cmd == "replay-play":
        app.replay.play_from_here()
    elif cmd == "replay-close":
        stop(app)


KEYS = {"ArrowLeft": "action-back", "ArrowRight": "action-fwd", "PageUp": "turn-back", "PageDown": "turn-fwd"}


def on_key(app, e):
    """Left/Right: an action (with Shift: a phase); Page Up/Down: a turn; Home/End: either end."""
    key, h = e.key, app.replay.hist
    if key in ("Home", "End"):
        e.preventDefault()
        app.replay.show(0 if key == "Home" else h.n)
    elif key in KEYS:
        e.preventDefault()
        cmd = KEYS[key]
        if e.shiftKey and key.startswith("Arrow"):
            cmd = cmd.replace("action", "phase")
        app.replay.step(cmd)


def stop(app, redraw=True):
    """Back to the game (also, without redrawing, when another game is opened)."""
    if app.replay is None:
        return
    app.replay = None
    q("#replay-bar").hidden = True
    q("#replay-fail").hidden = True
    q("#history-btn").setAttribute("aria-pressed", "false")
    document.body.dataset.replay = ""
    if redraw and app.m is not None:
        app.render()
