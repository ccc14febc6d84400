"""The history viewer (issue 13 item 1): step through the match shown, read-only.

The positions come from the engine (engine/history.py); while the viewer is open it is the
controller's `past` (Controller.show_past): each position is drawn by the controller's own redraw
with the replayed match in place of the live one and no actions (its `match`, `role` and
`read_only()`), and the input hands it the keys (`on_key()`, Esc: `close()`). A two-player game
shows the side at the screen only. "Play from here" starts a new game replayed up to the position
shown, after asking.
"""
import json

from ..engine import match as M
from ..engine.history import History
from .dom import document, expose, listen, q

STEPS = {"turn-back": ("turn", -1), "phase-back": ("phase", -1), "action-back": ("action", -1),
         "action-fwd": ("action", 1), "phase-fwd": ("phase", 1), "turn-fwd": ("turn", 1)}
KEYS = {"ArrowLeft": "action-back", "ArrowRight": "action-fwd", "PageUp": "turn-back", "PageDown": "turn-fwd"}


class HistoryViewer:
    def __init__(self, ctl, dialogs, inp):
        self.ctl = ctl
        self.dialogs = dialogs
        self.hist = None
        self.role = None   # the side at the screen: never a view of what it could not see
        self.k = 0         # the position shown: after this many actions
        self.match = None
        for cmd in ("history", "replay-step", "replay-play", "replay-close"):
            inp.command(cmd, self.command)
        ctl.on("loading", lambda: self.close(redraw=False))  # another match: back to the game
        listen(q("#replay-jump"), "change", self._jump)
        expose("__vw_replay", lambda *_: self.debug() if self.is_open() else "null")  # the tests' read-only hook

    def is_open(self):
        return self.ctl.past is self

    def command(self, node):
        """The History button and the replay bar's buttons."""
        cmd = node.getAttribute("data-cmd")
        if cmd == "history":
            if self.is_open():
                self.close()
            else:
                self.open()
        elif not self.is_open():
            return
        elif cmd == "replay-step":
            self.step(node.getAttribute("data-step"))
        elif cmd == "replay-play":
            self.play_from_here()
        elif cmd == "replay-close":
            self.close()

    def open(self):
        ctl = self.ctl
        if ctl.m is None or document.body.dataset.screen != "game":
            ctl.screen.flash("Continue to the game first, then open its history.")
            return
        ctl.screen.close_chooser()
        # the side at the screen: never a view of what it could not see (solitaire: the player's
        # view), nor a log header hidden from it in the jump list
        self.role = (ctl.shown_role or ctl.viewer()) if len(ctl.rules.roles) > 1 else None
        self.hist = History(ctl.rules, ctl.m, role=self.role)
        self.k = self.hist.n
        self.match = None
        q("#replay-bar").hidden = False
        q("#history-btn").setAttribute("aria-pressed", "true")
        document.body.dataset.replay = "1"
        self.show(self.k)

    def close(self, redraw=True):
        """Back to the game (also, without redrawing, when another game is opened)."""
        if not self.is_open():
            return
        q("#replay-bar").hidden = True
        q("#replay-fail").hidden = True
        q("#history-btn").setAttribute("aria-pressed", "false")
        document.body.dataset.replay = ""
        self.ctl.show_present(redraw)

    def show(self, k):
        self.k = max(0, min(self.hist.n, k))
        self.match = self.hist.position(self.k)
        self.ctl.show_past(self)
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
        if sel.options.length != len(h.parts()) + 1:
            opts = [document.createElement("option")]
            opts[0].textContent = "Jump to…"
            opts[0].value = ""
            for e in h.parts():  # each phase, and each operation in it (issue 45 item 10)
                o = document.createElement("option")
                o.value = str(e["k"])
                o.textContent = jump_text(e)
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

    def _jump(self, e):
        if self.is_open() and e.target.value != "":
            self.show(int(e.target.value))

    def on_key(self, e):
        """Left/Right: an action (with Shift: a phase); Page Up/Down: a turn; Home/End: either end."""
        key, h = e.key, self.hist
        if key in ("Home", "End"):
            e.preventDefault()
            self.show(0 if key == "Home" else h.n)
        elif key in KEYS:
            e.preventDefault()
            cmd = KEYS[key]
            if e.shiftKey and key.startswith("Arrow"):
                cmd = cmd.replace("action", "phase")
            self.step(cmd)

    def play_from_here(self):
        ctl, k = self.ctl, self.k

        def go():
            old = ctl.m
            m = M.replay(ctl.rules, old["scenario"], old["seed"], old["options"], self.hist.actions[:k],
                         old.get("dice_mode", "auto"))
            for key in old:  # who plays each side, and whatever else the match records beside its state
                if key not in m:
                    m[key] = old[key]
            ctl.load_match(m, f"Playing on from {self.hist.label(k)}")
        what = "finished" if ctl.m["state"].get("over") else "in progress"
        self.dialogs.confirm(f"Play from here? A new game starts at {self.hist.label(k)}; it replaces your game "
                             f"{what} (its autosave). Slots and exported files are kept.", go)

    def debug(self, *_):
        """Read-only hook for the tests: the position shown and its state hash."""
        return json.dumps({"k": self.k, "n": self.hist.n, "hash": M.state_hash(self.match),
                           "label": self.hist.label(self.k), "failed": self.hist.failed,
                           "index": self.hist.index(), "parts": self.hist.parts()})


def jump_text(e):
    """A jump list entry: "Turn 2 · Operations Phase (action 40)", a part indented under its phase."""
    if not e["phase_start"]:
        return f"\u2003\u2003— {e['part']} (action {e['k']})"
    return ((f"Turn {e['turn']}" if e["turn_start"] else "\u2003") + f" · {e['phase'] or 'Set-up'}"
            + (f" — {e['part']}" if e["part"] else "") + f" (action {e['k']})")
