"""The screen: draws what the controller decided, and nothing else decides here.

`draw(table, v)` writes the map, the game's own layers, tracks and boxes, the prompt, the opponent's
report and the battle, the action panel, the inspector and the log; the chooser, the hand-over
screen, the notices. The page is patched where it changed (issue 14: dom.set_parts, dom.Keyed,
render_map's kept stacks and lights), a text written once is not written again (_write), and what
the screen does not show waits for the click's frame (later()).
"""
from game.rules import title as title_of

from . import counters, inspector, render_panels as P
from .dom import changed, document, el, q, window
from .log_view import LogView
from .render_map import MapView


class Screen:
    def __init__(self, map_texts):
        self.map_texts = map_texts  # (game, play area or None) -> the map SVG's text
        self.map = None
        self.pz = None
        self.clock = None           # click -> screen update time (clicktime.py), made at boot
        self.phone = None           # the phone layout (phone.py): its fit box, its hit areas
        self.keyboard = None        # keys.py: a redraw the keyboard made does its later() work at once
        self.rev = 0                # redraws so far (body[data-rev], what the tests wait on)
        self.log = LogView(q("#log"), lambda: self.map)
        self.open_subs = set()      # the panel's sub-groups the player opened
        self._inspected = None      # what the inspector shows (_inspector): drawn again only when it changes
        self.grp_open = {}          # the panel's long groups the player opened or closed
        self._later = []            # work the screen does not show, waiting for the click's frame (later())
        self._flashed = True        # #flash may be showing (unflash())
        self._wrote = {}            # what was last written in the top bar, the Undo button and body (_write)
        self._views = None          # (the opponent's report, the battle display), made at the first redraw
        self._t0 = 0.0

    # ---- the game's map ---------------------------------------------------------------------------
    def use_game(self, gid, ui, area):
        """Draw game `gid`'s counters and map (play area `area`'s, or None: its only one) from now on."""
        from .panzoom import PanZoom
        counters.use(ui)  # counters are drawn by the match's game, never guessed from a piece
        self.map = MapView(q("#map"), self.map_texts[(gid, area)], ui.anchors,
                           ui.STACK_DY, defer=self.later, type_name=ui.NAMES.type_name,
                           art=(ui.MAPS.get(area) or {}).get("art"), rank=ui.stack_rank)
        if self.pz is not None:
            self.pz.close()
        self.pz = PanZoom(self.map.svgs, self.map.box, self.phone.fit_box(ui),  # phones: the map area first
                          far=(ui.MAPS.get(area) or {}).get("far"))
        self.phone.use_map()
        self.show_title(gid)
        document.body.dataset.game = gid

    def show_title(self, gid):
        """The page title and header name the game shown (on the start screen: the game chosen)."""
        q("#topbar h1").textContent = title_of(gid)
        document.title = f"{title_of(gid)} — Vietnam wargames"

    def pan_to(self, key, only_if_hidden=False):
        """Centre the map on a place (zoomed in to 60% of the map's width at most). `only_if_hidden`
        (a new battle): leave the map as it is when the place is already well in view at that zoom,
        since every move of the view lays the whole map out again (issue 14)."""
        if key in self.map.spaces:
            x, y, _ = self.map.spaces[key]
            width = self.pz.fit_box[2] * 0.6
            if only_if_hidden and self.pz.vb[2] <= width and self.pz.shows(x, y, 0.15):
                return
            self.pz.center(x, y, width)

    # ---- what waits for the frame ------------------------------------------------------------------
    def later(self, fn):
        """Run fn() in the task after the frame that shows the click being timed, else now: work
        that changes nothing on the screen (accessible names, tooltips, the keyboard's tab stop),
        so the frame comes sooner (issue 14). A redraw the keyboard made does it at once: the
        focus it moves has a screen reader read the new names. What waits runs before the next
        redraw in any case, and data-rev (what the tests wait on) is published after it."""
        if self.clock is None or not self.clock.timing() or self.keyboard.kbd:
            fn()
            return
        if not self._later:
            self.clock.after_frame(self.run_later)
        self._later.append(fn)

    def run_later(self):
        due, self._later = self._later, []
        for fn in due:
            fn()

    # ---- the redraw --------------------------------------------------------------------------------
    def begin(self):
        """A redraw starts (another redraw came before the last one's frame: its work first)."""
        self.run_later()
        self._t0 = window.performance.now()

    def top_bar(self, t, v):
        """Whose view it is, the scenario, turn and phase."""
        self._write("viewer", t.role or "", lambda x: setattr(document.body.dataset, "viewer", x))
        phase = v.get("phase")
        self._write("scn", f"{t.scen_name} · turn {v.get('turn', '?')}"
                    + (f" · {phase}" if isinstance(phase, str) and phase else ""),
                    lambda x: setattr(q("#scn-name"), "textContent", x))

    def draw(self, t, v):
        """Everything the view shows, for the table `t` (the controller: its stacks, selection,
        spread and inspected stack, lit places, names)."""
        now, clock = window.performance.now, self.clock
        t1 = now()
        self.map.render(v, t.stacks, t.selected, t.expanded, t.can_act, t.hl, v["actions"], t.own)
        t.ui.overlay(self.map, v, t.selected)  # a game's own map layers (Vietnam: enemy ZOC, support range)
        clock.mark("map")
        t2 = now()
        t.ui.tracks(q("#tracks"), v)
        t.ui.boxes(q("#boxes"), v, t.selected, t.can_act)
        clock.mark("boxes")
        t3 = now()
        P.prompt(q("#prompt"), v, t.ui.SIDE_PROMPT)
        t_ov = now()
        self._opponent_views(v)
        t_ov = now() - t_ov
        clock.mark("report")  # the opponent's report and the battle display
        self._panel(t, v)
        clock.mark("panel")
        self._inspector(t)
        clock.mark("inspector")
        t35 = now()
        self.log.add(v["log"], clock.after_frame if clock.timing() else None)
        self._status(v)
        clock.mark("log")
        t4 = now()
        # where the last redraw's time went (ms): engine view, map, tracks and boxes, panel and log
        # (the last figure: the report card and battle display, included in the panel's)
        setattr(window, "__vw_render_parts",
                f"{t1 - self._t0:.1f} {t2 - t1:.1f} {t3 - t2:.1f} {t35 - t3:.1f} {t4 - t35:.1f} {t_ov:.1f}")

    def publish(self):
        """The redraw is done: data-rev says so once the log's lines and later() work are in."""
        self.rev += 1
        if self.log.due is None and not self._later:
            document.body.dataset.rev = str(self.rev)
        else:
            self.clock.after_frame(self._show_rev)

    def _show_rev(self):
        document.body.dataset.rev = str(self.rev)

    def _write(self, key, value, write):
        """write(value) unless it was written already: a text or attribute written again,
        unchanged, still has the browser style and lay that element out again (issue 14)."""
        if self._wrote.get(key, self) != value:
            self._wrote[key] = value
            write(value)

    def _status(self, v):
        """Undo (greyed, it says why: the engine's reason, issue 9 item 5), game over, a die to enter."""
        self._write("undo", (not v["can_undo"], "Undo (u)" if v["can_undo"]
                             else f"Nothing to undo: {v.get('undo_why') or 'not now'}"), _undo_button)
        body = document.body
        self._write("over", "1" if v["over"] else "0", lambda x: setattr(body.dataset, "over", x))
        self._write("roll", "1" if v["awaiting_roll"] else "0", lambda x: setattr(body.dataset, "roll", x))

    def _opponent_views(self, v):
        """The opponent's phase report and the battle display (issue 9 items 2, 3)."""
        if self._views is None:
            from .battle_view import BattleView
            from .report_view import ReportView
            self._views = (ReportView(q("#panel"), q("#actions"), self.pan_to),
                           BattleView(q("#panel"), q("#actions"), self.pan_to))
        self._views[0].draw(v, self.map)
        self._views[1].draw(v)

    # ---- the action panel ------------------------------------------------------------------------
    def _panel(self, t, v):
        if v.get("over") and v.get("end"):  # the end-of-game card, every game's (end_card.py)
            from . import end_card
            end_card.draw(q("#actions"), v["end"])
            q("#main-acts").replaceChildren()
            return
        if t.ui.action_dialog(q("#actions"), v):  # a game's own dialog (Vietnam: losses, windows)
            q("#main-acts").replaceChildren()  # the dialog holds its own main buttons
            return
        sel = t.selected
        shown = P.actions(q("#actions"), v, (sel, t.naming.selection(sel), t.piece(sel)), t.naming,
                          self.open_subs, self.grp_open, q("#main-acts"))
        self.open_subs &= shown

    def reset_panel(self):
        """Another match: no group opened, no log."""
        self.open_subs = set()
        self.grp_open = {}
        self.log.reset()

    def toggle_sub(self, node, acts, type_name):
        """Open or close one sub-group of a long action list (buttons are made only when open)."""
        key = node.getAttribute("data-key")
        changed(q("#actions"))  # (changed in place: the next redraw draws it again)
        if key in self.open_subs:
            self.open_subs.discard(key)
            w = node.nextElementSibling
            if w and w.classList.contains("sub-btns"):
                w.remove()
            node.setAttribute("aria-expanded", "false")
        else:
            self.open_subs.add(key)
            node.after(P.fill_sub([(int(i), acts[int(i)]) for i in node.getAttribute("data-holds").split()],
                                  type_name, key))
            node.setAttribute("aria-expanded", "true")

    def toggle_grp(self, node):
        """Open or close a long group of actions (its sub-group headers)."""
        box = node.parentNode.querySelector(".grp-subs")
        changed(q("#actions"))
        is_open = bool(box.hidden)
        box.hidden = not is_open
        node.setAttribute("aria-expanded", "true" if is_open else "false")
        self.grp_open[node.getAttribute("data-t")] = is_open

    def toggle_places(self, ctl):
        """Show every place of the list of units that can act, or only its first ones."""
        self.grp_open[P.ALL_PLACES] = not self.grp_open.get(P.ALL_PLACES, False)
        ctl.redraw()

    def panel_to_top(self):
        """Scroll the panel to its top in the next frame: done in the middle of a redraw, it would
        make the browser lay out the whole page at once, a second time."""
        window.vwScrollNextFrame(q("#panel"), "", False)

    # ---- the stack inspector (issue 9 item 6) ---------------------------------------------------
    def _inspector(self, t):
        root = q("#inspector")
        if t.inspect is None:
            if not root.hidden:
                inspector.hide(root)
            self._inspected = None
            return
        key = "at:" + t.inspect
        pick = (key, f"Select the whole stack ({len(t.actions_of(key))} actions)") if key in t.can_act else None
        pieces = t.stacks[t.inspect]
        title = t.naming.place(t.inspect)
        # the same stack shown as it was (a click elsewhere on the map): left as it is, and the
        # keyboard's place in it with it (issue 47: drawn again, 0.6-0.9 ms of a campaign's clicks)
        ids = [p.get("id") for p in pieces]
        shown = (t.ui, t.inspect, title, pieces, t.selected if t.selected in ids else None, t.own, pick,
                 frozenset(i for i in ids if i in t.can_act))
        if shown == self._inspected and not root.hidden:
            return
        self._inspected = shown
        inspector.show(root, title, pieces, t.ui.inspect_groups, t.own, t.selected, t.can_act, pick)
        root.setAttribute("data-place", t.inspect)

    # ---- several actions on one place: a small chooser ------------------------------------------
    def open_chooser(self, place, name, idxs, acts, type_name, e=None):
        """The actions `idxs` lit on `place` (named `name`), beside the click `e` (phones: a sheet)."""
        box = q("#chooser")
        box.replaceChildren()
        box.setAttribute("data-place", place)
        el("div", text=f"{name}: {len(idxs)} choices", cls="chooser-h", parent=box)
        lst = el("div", cls="chooser-list", parent=box)
        for i in idxs:
            P.action_button(lst, i, acts[i], type_name)
        el("button", text="Cancel", cls="chooser-cancel", parent=box,
           attrs={"type": "button", "data-cmd": "chooser-close"})
        box.hidden = False
        w, h = window.innerWidth, window.innerHeight
        if w < 820 or e is None or not hasattr(e, "clientX"):
            box.classList.add("sheet")  # phones: a sheet at the bottom of the screen
            box.style.left = ""
            box.style.top = ""
        else:
            box.classList.remove("sheet")
            bw = min(420, box.offsetWidth or 360)
            bh = box.offsetHeight or 200
            x = min(max(8, e.clientX + 12), w - bw - 8)
            y = min(max(8, e.clientY - 20), max(8, h - bh - 8))
            box.style.left = f"{x}px"
            box.style.top = f"{y}px"
        first = box.querySelector("[data-action]")
        if first:
            first.focus()

    def close_chooser(self):
        box = q("#chooser")
        if box and not box.hidden:
            box.hidden = True
            box.replaceChildren()

    # ---- screens and notices ---------------------------------------------------------------------
    def show_table(self, m, game):
        """The table of a match just loaded: every overlay closed, its scenario in the top bar."""
        q("#handover").hidden = True
        self.hide_overlays(m, game)
        q("#app").hidden = False
        document.body.dataset.screen = "game"
        q("#scn-name").setAttribute("title", f"seed {m.get('seed', '')} · dice {m.get('dice_mode', 'auto')}")
        q("#scn-name").setAttribute("data-scenario", m["scenario"])

    def hide_overlays(self, m, game):
        for s in ("#start-screen", "#saves-dlg", "#help-dlg"):
            q(s).hidden = True
        if m is not None:
            document.body.dataset.screen = "game"
            self.show_title(game)

    def blank(self, ui):
        """Nothing of either side's view stays in the page (a hand-over)."""
        self.map.clear()
        ui.overlay(self.map, {}, None)  # the game's own layers go too
        for s in ("#actions", "#tracks", "#boxes"):
            q(s).replaceChildren()
        q("#prompt").textContent = ""
        self.log.reset()
        inspector.hide(q("#inspector"))
        q("#main-acts").replaceChildren()

    def show_handover(self, role, what=""):
        """The hand-over screen: to whom, and (public words only) the decision waiting for them."""
        q("#handover-msg").textContent = f"Pass the screen to the {role} player."
        n = q("#handover-what")
        n.textContent = f"{role}: {what}" if what else ""
        n.hidden = not what
        q("#handover").hidden = False
        document.body.dataset.screen = "handover"
        document.body.dataset.handover = role
        self.rev += 1
        document.body.dataset.rev = str(self.rev)

    def hide_handover(self):
        q("#handover").hidden = True
        document.body.dataset.screen = "game"
        document.body.dataset.handover = ""

    def flash(self, text, kind=""):
        """A line under the prompt: a refusal (no kind), a "notice" (a game opened) or "dice" (what
        the click's dice showed); the kind is its class, so only a refusal reads as an error."""
        n = q("#flash")
        n.textContent = text
        n.className = kind
        n.hidden = False
        self._flashed = True

    def unflash(self):
        """An old refusal does not outlive a new choice (the notice hidden only when shown: an
        attribute written again still has the browser style it again, issue 14)."""
        if self._flashed:
            q("#flash").hidden = True
            self._flashed = False


def _undo_button(state):
    undo = q("#undo-btn")
    undo.disabled, undo.title = state
