"""The match's life outside the table (controller room): a new game from the start screen, the
autosave, the save slots, export and import. Every save opened goes through the engine's checks
(game/engine/saves.py); a refused one says why and leaves the game and the stored saves as they were.
"""
import asyncio

from game.engine import match as M
from game.engine.saves import MAX_SAVE_BYTES, SaveError
from game.rules import get, load_save

from . import players, saves, startscreen
from .dom import document, q

AUTOSAVE_FAILED = ("Autosave failed: the browser's storage is full or blocked. The game goes on; "
                   "use Saves > Export file to keep it.")


class Session:
    def __init__(self, ctl, dialogs):
        self.ctl = ctl
        self.dialogs = dialogs
        self._due = False  # an autosave waits for the frame (autosave())
        ctl.on("changed", self.autosave)

    # ---- the autosave -------------------------------------------------------------------------------
    def autosave(self):
        """Autosave after every change; a full storage does not stop the game, the player is told.
        After a click the save waits until its frame is on the screen (it was up to a third of a
        click's time); a command (the saves, the start screen) and leaving the page save it first."""
        clock = self.ctl.clock
        if clock is not None and clock.timing():
            if not self._due:
                self._due = True
                clock.after_frame(self.save_now)
            return
        self.save_now()

    def save_now(self, *event):
        if not self._due and event:  # (the page hidden or left: nothing waits)
            return
        self._due = False
        m = self.ctl.m
        if m is None:
            return
        ok = saves.autosave(m)
        document.body.dataset.autosave = "ok" if ok else "failed"
        if not ok:
            self.ctl.screen.flash(AUTOSAVE_FAILED)

    def flush(self):
        """An autosave still waiting is done now (the saves and the start screen read it)."""
        if self._due:
            self.save_now()

    # ---- opening a match --------------------------------------------------------------------------
    def open_save(self, opener, what, show, verb=("open", "Opened"), ask=False):
        """Open a stored or imported save through the engine's checks; on refusal say why and keep
        the current game (and every stored save) as it was. With `ask`, a save of the game in
        progress (whose autosave it replaces) opens only once the player says yes."""
        try:
            m, warnings = opener()
        except SaveError as ex:
            show(f"Cannot {verb[0]} {what}: {ex} Nothing changed.")
            return False
        note = f" ({'; '.join(warnings)})" if warnings else ""
        cur = self.ctl.m

        def go():
            self.ctl.load_match(m, f"{verb[1]} {what}{note}", fit=True)
        if ask and cur is not None and m["game"] == cur["game"] and not cur["state"].get("over"):
            self.dialogs.confirm(f"{verb[0].capitalize()} {what}? It replaces your {saves.summary(cur)} game "
                                 "in progress (its autosave).", go)
        else:
            go()
        return True

    def new_game(self):
        """The game the start screen's form describes."""
        body = q("#start-body")
        rules = get(startscreen.chosen_game(body))
        scen, opts, dice, seed = startscreen.read(body, rules)
        m = M.new_match(rules, scen, seed, opts, dice)
        players.setup(m, *startscreen.read_players(body, rules))
        self.ctl.load_match(m, fit=True)

    def ask_new(self, gid, what, go):
        """A new game replaces the autosaved one in progress: ask first."""
        auto = saves.load_autosave(gid) if saves.has_autosave(gid) else None
        if auto and not (auto.get("state") or {}).get("over"):
            self.dialogs.confirm(f"{what}? It replaces your {saves.summary(auto)} game in progress "
                                 "(its autosave). Slots and exported files are kept.", go)
        else:
            go()

    # ---- the commands -----------------------------------------------------------------------------
    def start(self, node):
        """Start: a new game, after asking when it replaces the one in progress."""
        self.ask_new(startscreen.chosen_game(q("#start-body")), "Start a new game", self.new_game)

    def resume(self, node):
        """Continue: the chosen game's autosave."""
        gid = startscreen.chosen_game(q("#start-body"))
        self.open_save(lambda: saves.open_autosave(gid), "the autosaved game", self.dialogs.start_msg)

    def slot_save(self, node):
        m = self.ctl.m
        if m is None:
            return
        try:
            name = saves.save_slot(q("#slot-name").value or "save", m, saves.summary(m))
        except Exception as ex:  # storage full or blocked
            self.dialogs.saves_msg(f"Could not save: {ex}. Export to a file instead.")
            return
        self.dialogs.show_saves(f"Saved to slot '{name}'")

    def slot_load(self, node):
        name = node.getAttribute("data-slot")
        show = self.dialogs.saves_msg if self.dialogs.saves_open() else self.dialogs.start_msg
        self.open_save(lambda: saves.open_slot(name, None), f"slot '{name}'", show, ("load", "Loaded"), ask=True)

    def slot_delete(self, node):
        saves.delete_slot(node.getAttribute("data-slot"))
        self.dialogs.show_saves("Deleted")

    def export(self, node):
        m = self.ctl.m
        if m is None:
            return
        saves.export(m, f"{m['game']}-{m['scenario']}-turn{m['state'].get('turn', 0)}.json")
        self.dialogs.saves_msg("Exported")

    def on_import(self, e):
        """A file chosen under Saves > Import: a save of any game opens (the page switches to that
        game); the other games' autosaves stay."""
        files = e.target.files
        if not files or files.length == 0:
            return
        f = files.item(0)
        name = str(f.name)[:80]
        if f.size > MAX_SAVE_BYTES:  # refused before reading it into Python
            e.target.value = ""
            self.dialogs.saves_msg(f"Cannot import '{name}': this file is too large to be a saved game "
                                   f"({f.size / 1048576:.1f} MB; a save is at most {MAX_SAVE_BYTES / 1048576:.0f} MB). "
                                   "Nothing changed.")
            return

        async def read():
            try:
                buf = await f.arrayBuffer()
                data = buf.to_bytes()
            except Exception as ex:  # unreadable file
                self.dialogs.saves_msg(f"Cannot import '{name}': the file cannot be read ({type(ex).__name__}). "
                                       "Nothing changed.")
                return
            finally:
                e.target.value = ""
            self.open_save(lambda: load_save(data), f"'{name}'", self.dialogs.saves_msg,
                           ("import", "Imported"), ask=True)
        asyncio.ensure_future(read())
