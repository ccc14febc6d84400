"""The input room: the page's clicks and keys, each turned into one of the controller's public
methods (or a dialog's, a session's command). Every click and key is timed to the frame that shows
its redraw (clicktime.py). A [data-cmd] element names its command; the features add theirs
(`command(name, fn)`): the guide its guide-*, the history viewer history and replay-*.

What a click on the map means (issue 9 item 4): with a unit selected, a lit place offers its
actions; otherwise a click never acts: a stack spreads and opens in the inspector, a piece that can
act is selected; a click that does nothing says why (hints.py).
"""
from . import hints, startscreen, whole_map
from .dom import document, listen, q, window


class Input:
    def __init__(self, ctl, screen, dialogs, session):
        self.ctl = ctl
        self.screen = screen
        self.dialogs = dialogs
        self.session = session
        self.phone = None  # phone.py: a tap on a hit area is for the target it rings
        self.walk = None   # walk.py: a unit sent to a place of its range
        self.commands = {}
        self._core_commands()

    def command(self, name, fn):
        """A click on a [data-cmd=name] element runs fn(that element)."""
        self.commands[name] = fn

    def _core_commands(self):
        ctl, sc, dl, se = self.ctl, self.screen, self.dialogs, self.session
        table = {
            "start": se.start, "continue": se.resume, "slot-save": se.slot_save, "slot-load": se.slot_load,
            "slot-delete": se.slot_delete, "export": se.export,
            "confirm-yes": lambda n: dl.answer(True), "confirm-no": lambda n: dl.answer(False),
            "game": lambda n: dl.show_start(n.getAttribute("value"), ctl.m),
            "scenario": lambda n: startscreen.show_briefing(q("#start-body")),
            "close": lambda n: sc.hide_overlays(ctl.m, ctl.game),
            "new": lambda n: dl.show_start(ctl.game, ctl.m),
            "help": lambda n: dl.show_help(ctl.game, ctl.m),
            "help-tab": lambda n: dl.help_tab(n.getAttribute("data-tab")),
            "saves": lambda n: dl.show_saves(),
            "handover-ok": lambda n: ctl.take_over(),
            "undo": lambda n: ctl.undo(),
            "clear": lambda n: ctl.clear(),
            "pick": lambda n: ctl.pick(n.getAttribute("data-key")),
            "inspect-close": lambda n: ctl.close_inspector(),
            "sub": lambda n: sc.toggle_sub(n, ctl.v["actions"], ctl.naming.type_name),
            "grp": sc.toggle_grp,
            "more-places": lambda n: sc.toggle_places(ctl),
            "chooser-close": lambda n: sc.close_chooser(),
            "zoom-in": lambda n: sc.pz.zoom(1 / 1.4),
            "zoom-out": lambda n: sc.pz.zoom(1.4),
            "zoom-fit": lambda n: sc.pz.fit(),
            "whole-map": whole_map.command,  # the About page's whole map: a zoom button (issue 47)
        }
        for name, fn in table.items():
            self.command(name, fn)

    def wire(self):
        """Once at boot: the page's clicks and keys, leaving it (a save still waiting for its frame:
        a hidden page has no frames), forms (no inline handlers: CSP), the import file."""
        listen(document, "click", self.on_click)
        listen(window, "pagehide", self.session.save_now)
        listen(document, "visibilitychange", self.session.save_now)
        listen(document, "keydown", self.on_key)

    def wire_forms(self):
        listen(document, "submit", lambda e: e.preventDefault())
        listen(q("#import-file"), "change", self.session.on_import)

    # ---- timing ----------------------------------------------------------------------------------
    def on_click(self, e):
        self.clocked(self._click, e)

    def on_key(self, e):
        self.clocked(self._key, e)

    def clocked(self, handler, e):
        """Run an input event's handler, timed to the frame that shows its redraw (clicktime.py)."""
        clock = self.ctl.clock
        clock.start(e)
        rev = self.screen.rev
        try:
            handler(e)
        finally:
            clock.stop(rev, self.screen.rev)

    # ---- clicks -----------------------------------------------------------------------------------
    def _click(self, e):
        ctl = self.ctl
        self.walk.stop()  # a unit walking to a place stops at the player's click
        t = self.phone.target(e)  # a tap on a phone's hit area: the lit target it is for
        if not hasattr(t, "closest"):
            return
        c = t.closest(".cite-link, .log-rule")  # a rule citation: its summary (issue 13 item 2)
        if c:
            self.dialogs.show_help(ctl.game, ctl.m, "howto", c.getAttribute("data-cite") or c.textContent)
            return
        a = t.closest("[data-action]")
        if a and ctl.m is not None and t.closest("#app"):
            self.phone.from_panel = bool(t.closest("#panel"))  # (the sheet then makes way for the map)
            ctl.do(int(a.getAttribute("data-action")))
            return
        if not q("#chooser").hidden and not t.closest("#chooser"):
            self.screen.close_chooser()  # a click elsewhere dismisses it (and does what it does)
        ch = t.closest("[data-choose]")
        if ch and ctl.m is not None and t.closest("#map"):
            ctl.offer(ch.getAttribute("data-choose"), e)
            return
        c = t.closest("[data-cmd]")
        if c:
            self.session.flush()  # (the saves, the start screen's Continue and slots read it)
            fn = self.commands.get(c.getAttribute("data-cmd"))
            if fn is not None:
                fn(c)
            return
        if ctl.m is None or not t.closest("#app"):
            return
        u = t.closest("[data-unit]")
        if u:
            self._unit(u, e)
            return
        k = t.closest("[data-kind]")  # a pool kind's button ("kind:<kind>", names.py)
        if k:
            ctl.select("kind:" + k.getAttribute("data-kind"))
            return
        if t.closest("#inspector"):
            return
        s = t.closest("[data-space]")
        sid = s.getAttribute("data-space") if s else self.screen.map.place_under(t, self.screen.pz, e)
        if sid:  # (a map drawn as a picture: the place under the click, render_map.place_under)
            self._place(sid, e)
            return
        s = t.closest("[data-anchor]")
        if s:
            self._place(s.getAttribute("data-anchor"), e)
            return
        if t.closest("#map") and (ctl.expanded or ctl.selected):
            ctl.fold()

    def _unit(self, node, e):
        """A counter clicked. With a unit selected, a stack standing on one of its lit targets
        offers that target. Otherwise a click never acts: a stack spreads and opens in the
        inspector; a piece (or a counter of the spread) that can act is selected; a piece of a
        stack that can move as a whole selects that stack."""
        ctl = self.ctl
        pid = node.getAttribute("data-unit")
        stack = node.closest("[data-stack]")
        place = stack.getAttribute("data-stack") if stack else None
        if ctl.selected is not None and place in ctl.hl and pid != ctl.selected:
            ctl.offer(place, e)
            return
        if place and node.getAttribute("data-count") and ctl.expanded != place:
            ctl.inspect_place(place)
            return
        if pid in ctl.can_act:
            ctl.select(pid, fold=True)  # (the spread stack would hide neighbouring destinations)
        elif place and "at:" + place in ctl.can_act:
            ctl.select("at:" + place)
        else:
            if place and ctl.inspect != place:
                ctl.inspect_place(place)
            self.screen.flash(hints.unit_idle(ctl.naming, pid, ctl.selected))

    def _place(self, place, e):
        """A place clicked: a lit one offers its actions; another opens its stack, and says why."""
        ctl = self.ctl
        if place in ctl.hl:
            ctl.offer(place, e)
            return
        route = ctl.ui.route(ctl.v, place) if ctl.v is not None and ctl.past is None else None
        if route:  # a place of the moving unit's range: it goes there a step at a time (walk.py)
            self.walk.go(route)
            return
        if ctl.stacks.get(place):
            ctl.inspect_place(place)
        self.screen.flash(hints.nothing_at(ctl.naming, ctl.v["actions"], self.screen.map.spaces,
                                           ctl.ui.TARGET_KEYS, place, ctl.selected, ctl.hl))

    # ---- keys -------------------------------------------------------------------------------------
    def _key(self, e):
        ctl = self.ctl
        self.walk.stop()  # (a unit walking to a place stops at the player's key)
        tag = (e.target.tagName or "").lower() if hasattr(e.target, "tagName") else ""
        if tag in ("input", "select", "textarea"):
            return
        key = e.key
        if key == "Escape":
            self._escape()
            return
        if ctl.m is None or not q("#start-screen").hidden or e.ctrlKey or e.metaKey or e.altKey:
            return
        if not q("#handover").hidden:  # the hand-over screen: Enter is its Continue button
            if key == "Enter" and tag != "button":
                e.preventDefault()
                ctl.take_over()
            return
        if ctl.v is None:
            return
        if ctl.past is not None:  # the history's own keys; nothing else acts while it is open
            ctl.past.on_key(e)
            return
        if key in ("u", "U"):
            e.preventDefault()
            ctl.undo()
        elif key == "Enter":
            if tag == "button":
                return  # the focused button handles Enter itself
            dones = [i for i, a in enumerate(ctl.v["actions"]) if a["t"] in ctl.ui.MAIN_TYPES]
            if len(dones) == 1:
                e.preventDefault()
                ctl.do(dones[0])
        elif key in "123456" and len(key) == 1 and ctl.v.get("awaiting_roll"):
            for i, a in enumerate(ctl.v["actions"]):
                if a["t"] == "roll" and a["value"] == int(key):
                    ctl.do(i)
                    break

    def _escape(self):
        """Esc closes the innermost thing open: a question, the chooser, a dialog, the start screen
        (back to the game), the history, the inspector; else the selection goes."""
        ctl = self.ctl
        if not q("#confirm-dlg").hidden:
            self.dialogs.answer(False)
        elif not q("#chooser").hidden:
            self.screen.close_chooser()
        elif self.dialogs.close():
            pass
        elif not q("#start-screen").hidden and ctl.m is not None:
            self.screen.hide_overlays(ctl.m, ctl.game)
        elif ctl.past is not None:
            ctl.past.close()
        elif ctl.inspect is not None:
            ctl.close_inspector()
        else:
            ctl.clear()
