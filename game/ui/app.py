"""Browser entry point: static/boot.py imports this module and calls ``start()``.

The UI holds no rules: it renders M.view() and sends back one of the actions the engine lists.
"""
import asyncio
import gc
import json

from game.engine import match as M
from game.engine.flow import IllegalAction
from game.engine.saves import MAX_SAVE_BYTES, SaveError, load_match
from game.rules import get, howto as howto_of, title as title_of

from . import clicktime, computer, counters, render_panels as P
from . import guide, howto, keys, offline_copy, replay, saves, startscreen
from .dom import changed, document, q, window
from .games import ui_for
from .log_view import LogView
from .logic import actor_of, actors, actors_to, highlights, involved
from . import inspector, phone, whole_map
from . import render_map
from .render_map import MapView

GAME = "mike-force"  # the game shown until the player picks another


AUTOSAVE_FAILED = ("Autosave failed: the browser's storage is full or blocked. The game goes on; "
                   "use Saves > Export file to keep it.")


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


class App:
    def __init__(self, rules):
        self.rules = rules
        self.game = rules.id
        self.ui = ui_for(self.game)
        self.map_texts = {}       # (game, play area or None) -> the map SVG's text
        self.area = None          # the play area whose map is shown (games with one map per area)
        self.stacks = {}
        self._where = None
        self.m = None
        self.v = None
        self._v_of = (None, None)  # the position and side whose actions self.v lists
        self.selected = None
        self.acted = False        # the redraw follows an action: a selection left with nothing to do drops
        self.expanded = None
        self.inspect = None       # the place whose stack the inspector shows (issue 9 item 6)
        self._phase = None        # turn and phase shown: a change closes spreads, scrolls the panel up
        self.hl = {}
        self.open_subs = set()
        self.grp_open = {}
        self.map = None
        self.pz = None
        self.rev = 0
        self.clock = None         # click -> screen update time (clicktime.py), made at boot
        self._later = []          # work the screen does not show, waiting for the click's frame (later())
        self._flashed = True      # #flash may be showing (unflash())
        self._wrote = {}          # what render() last wrote in the top bar, the Undo button and body (_write)
        self._save_due = False    # an autosave waits for the frame (autosave())
        self.log = LogView(q("#log"), lambda: self.map)
        self.log_next = 0         # index in the match log of the first entry not yet shown
        self.shown_role = None    # two-player games: the side whose view is on the screen
        self._proxies = []
        self.computer = computer.Driver(self)  # the computer's sides (issue 12)
        self.replay = None        # the history viewer when open (issue 13 item 1, replay.py)
        self.guide = None         # the guided first turn when on (issue 13 item 3, guide.py)
        self.phone = None         # the phone layout (issue 13 item 4, phone.py)

    # ---- wiring -----------------------------------------------------------------------------------
    def listen(self, node, ev, fn):
        from pyodide.ffi import create_proxy
        p = create_proxy(fn)
        self._proxies.append(p)
        node.addEventListener(ev, p)

    async def boot(self):
        from .games import games
        loading = getattr(window, "__vw_loading", None)  # getattr: a class body would mangle the name
        if loading:  # the loading screen's last step (static/loading.js)
            loading.step("map")
        wanted = {}
        for gid, _ in games():
            ui = ui_for(gid)
            maps = getattr(ui, "MAPS", None) or {None: {"url": ui.MAP_URL}}  # Vietnam: one per play area
            wanted.update({(gid, area): spec["url"] for area, spec in maps.items()})

        async def text(url):
            return await (await window.fetch(url)).text()
        # all at once, not one after another (a preload would come too early: Chromium warns it unused)
        texts = await asyncio.gather(*(text(url) for url in wanted.values()))
        self.map_texts.update(zip(wanted, texts))
        saves.migrate()
        self.clock = clicktime.ClickClock()
        self.phone = phone.Phone(self)
        last = saves.last_game()
        if last in [gid for gid, _ in games()]:
            self.game = last  # the start screen opens on the game played last, its Continue on top
        self.set_game(self.game, force=True)
        self.listen(document, "click", self.on_click)
        self.listen(window, "pagehide", self.save_now)  # a save still waiting for its frame
        self.listen(document, "visibilitychange", self.save_now)  # (a hidden page has no frames)
        self.listen(document, "keydown", self.on_key)
        self.keys = keys.Keys(self)  # the map by keyboard, the main button and zoom keys (issue 13 item 5)
        self.listen(document, "submit", lambda e: e.preventDefault())  # no inline handlers (CSP)
        self.listen(q("#import-file"), "change", self.on_import)
        replay.wire(self)
        from pyodide.ffi import create_proxy
        self._proxies.append(create_proxy(self.debug_state))
        setattr(window, "__vw_state", self._proxies[-1])  # read-only: tests compare runtimes
        self._proxies.append(create_proxy(self.debug_counter))
        setattr(window, "__vw_counter", self._proxies[-1])  # read-only: tests read what a counter shows
        self.show_start()
        q("#loading").remove()
        # PyScript's watch over every mutation of the page (static/dom.js); the count for a test
        document.body.dataset.quieted = str(window.vwQuietDocument())
        gc.freeze()  # (see load_match)
        document.body.dataset.ready = "1"

    def set_game(self, gid, force=False, area=None):
        """Switch the rules, the per-game UI module and the map to game `gid` (and, for a game with a
        map per play area, to `area`'s map: default its first)."""
        area = area or getattr(ui_for(gid), "DEFAULT_AREA", None)
        if gid == self.game and area == getattr(self, "area", None) and not force:
            return
        self.game = gid
        self.area = area
        self.rules = get(gid)
        self.ui = ui_for(gid)
        if area is not None:
            self.ui.use_area(area)
        counters.use(self.ui)  # counters are drawn by the match's game, never guessed from a piece
        self.map = MapView(q("#map"), self.map_texts[(gid, area)], self.ui.anchors,
                           getattr(self.ui, "STACK_DY", render_map.STACK_DY), defer=self.later)
        from .panzoom import PanZoom
        if self.pz is not None:
            self.pz.close()
        self.pz = PanZoom(self.map.svgs, self.map.box, self.phone.fit_box(self.ui))  # phones: the map area first
        self.phone.use_map()
        self.show_title(gid)
        document.body.dataset.game = gid

    def show_title(self, gid):
        """The page title and header name the game shown (on the start screen: the game chosen)."""
        q("#topbar h1").textContent = title_of(gid)
        document.title = f"{title_of(gid)} — Vietnam wargames"

    # ---- screens ----------------------------------------------------------------------------------
    def show_start(self, game=None):
        game = game or self.game
        auto = saves.load_autosave(game) if saves.has_autosave(game) else None
        startscreen.build(q("#start-body"), get(game), auto is not None, summary(auto) if auto else "",
                          saves.slots())
        self.show_title(game)
        document.body.dataset.screen = "start"
        if self.m is None:
            q("#prompt").textContent = "Choose a scenario and start, or continue your saved game."
        document.body.classList.toggle("ingame", self.m is not None)
        q("#start-screen").hidden = False

    def confirm(self, text, on_yes):
        """Ask in the page (not window.confirm: testable, styled): Yes runs on_yes, Cancel nothing."""
        self._confirm_act = on_yes
        q("#confirm-msg").textContent = text
        q("#confirm-dlg").hidden = False
        q("#confirm-yes").focus()  # Enter says yes, Esc cancels

    def hide_overlays(self):
        for sel in ("#start-screen", "#saves-dlg", "#help-dlg"):
            q(sel).hidden = True
        if self.m is not None:
            document.body.dataset.screen = "game"
            self.show_title(self.game)

    def load_match(self, m, message=None):
        replay.stop(self, redraw=False)
        ui = ui_for(m["game"])
        self.set_game(m["game"], area=ui.area_of(m) if hasattr(ui, "area_of") else None)
        self.m = m
        self.selected = None
        self.expanded = None
        self.inspect = None
        self._phase = None
        self.open_subs = set()
        self.grp_open = {}
        self.log.reset()
        self.log_next = 0
        self.shown_role = None
        self.computer.reset()
        q("#handover").hidden = True
        self.hide_overlays()
        q("#app").hidden = False
        document.body.dataset.screen = "game"
        self.scen_name = next((x["name"] for x in self.rules.scenarios() if x["id"] == m["scenario"]), m["scenario"])
        q("#scn-name").setAttribute("title", f"seed {m.get('seed', '')} · dice {m.get('dice_mode', 'auto')}")
        q("#scn-name").setAttribute("data-scenario", m["scenario"])
        self.render()
        # Python's cyclic collector leaves what lives now (the modules, the rules' data, the maps,
        # this game's start) out of its scans: in First Team its incremental pass over them was a
        # pause of about 6 ms inside one click of every game (issue 14, timed with gc.callbacks).
        # The game's positions are plain dicts and lists, freed by their counts, never by it.
        gc.freeze()
        self.autosave()
        if message:
            self.flash(message)

    def autosave(self):
        """Autosave after every change; a full storage does not stop the game, the player is told.
        After a click the save waits until its frame is on the screen (it was up to a third of a
        click's time); a command (the saves, the start screen) and leaving the page save it first."""
        if self.clock is not None and self.clock.timing():
            if not self._save_due:
                self._save_due = True
                self.clock.after_frame(self.save_now)
            return
        self.save_now()

    def save_now(self, *_):
        if not self._save_due and _:  # (an event: nothing waits)
            return
        self._save_due = False
        if self.m is None:
            return
        ok = saves.autosave(self.m)
        document.body.dataset.autosave = "ok" if ok else "failed"
        if not ok:
            self.flash(AUTOSAVE_FAILED)

    def debug_state(self, *_):
        """JSON of what reproduces the match (seed, options, actions) and the hash of its state."""
        m = self.m
        if m is None:
            return "null"
        return json.dumps({"hash": M.state_hash(m), "game": m["game"], "scenario": m["scenario"],
                           "seed": m["seed"], "options": m["options"], "dice_mode": m.get("dice_mode", "auto"),
                           "actions": m["actions"]})

    def debug_counter(self, piece_json, game=None):
        """What the counter of a view piece shows, drawn by `game`'s drawer (default: the game
        shown): its texts, its tooltip and its face colour, as JSON."""
        ui = ui_for(game) if game else self.ui
        g = ui.draw_counter(json.loads(piece_json), 0, 0, document.createElementNS("http://www.w3.org/2000/svg", "svg"))
        bg = g.querySelector(".ctr-bg")
        return json.dumps({"texts": [t.textContent for t in g.querySelectorAll("text")],
                           "title": g.querySelector("title").textContent,
                           "bg": bg.getAttribute("fill") if bg else None,
                           "parts": sorted({str(n.getAttribute("class")) for n in g.querySelectorAll("[class]")}),
                           "svg": g.outerHTML})  # the drawing itself, for a test to show it

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

        def go():
            self.load_match(m, f"{verb[1]} {what}{note}")
        if ask and self.m is not None and m["game"] == self.m["game"] and not self.m["state"].get("over"):
            self.confirm(f"{verb[0].capitalize()} {what}? It replaces your {summary(self.m)} game in progress "
                         "(its autosave).", go)
        else:
            go()
        return True

    def new_game(self):
        gid = startscreen.chosen_game(q("#start-body"))
        rules = get(gid)
        scen, opts, dice, seed = startscreen.read(q("#start-body"), rules)
        m = M.new_match(rules, scen, seed, opts, dice)
        computer.setup(m, *startscreen.read_players(q("#start-body"), rules))
        self.load_match(m)

    def flash(self, text):
        n = q("#flash")
        n.textContent = text
        n.hidden = False
        self._flashed = True

    def unflash(self):
        """An old refusal does not outlive a new choice (the notice hidden only when shown: an
        attribute written again still has the browser style it again, issue 14)."""
        if self._flashed:
            q("#flash").hidden = True
            self._flashed = False

    # ---- rendering -----------------------------------------------------------------------------------
    def later(self, fn):
        """Run fn() in the task after the frame that shows the click being timed, else now: work
        that changes nothing on the screen (accessible names, tooltips, the keyboard's tab stop),
        so the frame comes sooner (issue 14). A redraw the keyboard made does it at once: the
        focus it moves has a screen reader read the new names. What waits runs before the next
        redraw in any case, and data-rev (what the tests wait on) is published after it."""
        if self.clock is None or not self.clock.timing() or self.keys.kbd:
            fn()
            return
        if not self._later:
            self.clock.after_frame(self.run_later)
        self._later.append(fn)

    def run_later(self):
        due, self._later = self._later, []
        for fn in due:
            fn()

    def render(self):
        self.run_later()  # (another redraw came before the last one's frame: its work first)
        now = window.performance.now
        t0 = now()
        rp = self.replay  # the history viewer: a past position, read-only, the same side's view
        role = rp.role if rp else self.viewer()
        if role != self.shown_role and not rp:
            if self.needs_handover(role):
                self.hand_over(role)
                return
            self.shown_role = role
            self.log.reset()
            self.log_next = 0
        m = rp.match if rp else self.m
        self.keys.before_render()
        was = self._v_of
        if (not rp and self.v is not None and was[0] is m["state"] and was[1] == role
                and self.v["log_total"] == len(m["log"])):
            # the same position for the same side (a unit selected, a stack spread): its view again,
            # with nothing new for the log; listing First Team's actions again cost more than the
            # redraw (issue 14). The engine replaces the state at every change (match.apply, undo).
            v = {**self.v, "log": []}
        else:
            v = M.view(self.rules, m, role=role, log_from=self.log_next)
        if v["log_total"] < self.log_next:
            self.log.reset()
            v = M.view(self.rules, m, role=role, log_from=0)
        self.clock.mark("view")
        if rp:
            rp.read_only(v)
        self.log_next = v["log_total"]
        self.v = v
        self._v_of = (m["state"], role)  # the position and side whose actions v lists (do())
        self._write("viewer", role or "", lambda x: setattr(document.body.dataset, "viewer", x))
        phase = v.get("phase")
        self._write("scn", f"{self.scen_name} · turn {v.get('turn', '?')}"
                    + (f" · {phase}" if isinstance(phase, str) and phase else ""),
                    lambda x: setattr(q("#scn-name"), "textContent", x))
        acts = v["actions"]
        can_act = involved(acts)  # the pieces every decision refers to light up and select on a click
        self.stacks = self.ui.stacks(v)
        phase = (v.get("turn"), v.get("phase"))
        acted, self.acted = self.acted, False
        if phase != self._phase:  # a new phase: no stale spread or inspector, the panel from its top
            if self._phase is not None:
                self.expanded = None
                self.inspect = None
                self.panel_to_top()
                acted = True
            self._phase = phase
        self._where = None
        # a piece stays selected (to read it) until an action or a new phase leaves it nothing to do
        if self.selected is not None and self.selected not in can_act and (acted or not self._piece(self.selected)):
            self.selected = None
        if self.expanded is not None and len(self.stacks.get(self.expanded, [])) < 2:
            self.expanded = None
        hl = highlights(acts, self.map.spaces, self.selected, self.ui.TARGET_KEYS)
        self.hl = hl
        self.close_chooser()
        self.clock.mark("ui")
        t1 = now()
        self.map.render(v, self.stacks, self.selected, self.expanded, can_act, hl, acts)
        if hasattr(self.ui, "overlay"):  # a game's own map layers (Vietnam: enemy ZOC, support range)
            self.ui.overlay(self.map, v, self.selected)
        self.clock.mark("map")
        t2 = now()
        self.ui.tracks(q("#tracks"), v)
        self.ui.boxes(q("#boxes"), v, self.selected, can_act)
        self.clock.mark("boxes")
        t3 = now()
        P.prompt(q("#prompt"), v)
        t_ov = now()
        self.opponent_views(v)
        t_ov = now() - t_ov
        self.clock.mark("report")  # the opponent's report and the battle display
        dialog = getattr(self.ui, "action_dialog", None)  # a game's own dialog (Vietnam: losses, windows)
        if dialog and dialog(q("#actions"), v):
            q("#main-acts").replaceChildren()  # the dialog holds its own main buttons
        else:
            shown = P.actions(q("#actions"), v, self.selected, self._sel_label(), self.open_subs, self._name_of,
                              self._zone_of, self._piece(self.selected), self.grp_open, q("#main-acts"),
                              self._place_of)
            self.open_subs &= shown
        self.clock.mark("panel")
        self.draw_inspector(can_act)
        self.clock.mark("inspector")
        t35 = now()
        self.log.add(v["log"], self.clock.after_frame if self.clock.timing() else None)
        # a greyed Undo says why (issue 9 item 5): the engine's reason
        self._write("undo", (not v["can_undo"], "Undo (u)" if v["can_undo"]
                             else f"Nothing to undo: {v.get('undo_why') or 'not now'}"), self._undo_button)
        body = document.body
        self._write("over", "1" if v["over"] else "0", lambda x: setattr(body.dataset, "over", x))
        self._write("roll", "1" if v["awaiting_roll"] else "0", lambda x: setattr(body.dataset, "roll", x))
        self.clock.mark("log")
        t4 = now()
        # where the last redraw's time went (ms): engine view, map, tracks and boxes, panel and log
        # (the last figure: the report card and battle display, included in the panel's)
        setattr(window, "__vw_render_parts",
                f"{t1 - t0:.1f} {t2 - t1:.1f} {t3 - t2:.1f} {t35 - t3:.1f} {t4 - t35:.1f} {t_ov:.1f}")
        self.keys.after_render()
        self.rev += 1
        if self.log.due is None and not self._later:
            body.dataset.rev = str(self.rev)
        else:  # the page is whole (tests wait on data-rev) once the log's lines and later() are done
            self.clock.after_frame(self._show_rev)
        guide.refresh(self)  # the guided first turn: its box and what it lights (issue 13 item 3)
        self.phone.after_render()
        if not rp:
            self.computer.schedule()  # the computer's turn starts after the screen shows the last move

    def _write(self, key, value, write):
        """write(value) unless render() wrote that already: a text or attribute written again,
        unchanged, still has the browser style and lay that element out again (issue 14)."""
        if self._wrote.get(key, self) != value:
            self._wrote[key] = value
            write(value)

    @staticmethod
    def _undo_button(state):
        undo = q("#undo-btn")
        undo.disabled, undo.title = state

    def _show_rev(self):
        document.body.dataset.rev = str(self.rev)

    def opponent_views(self, v):
        """The opponent's phase report and the battle display (issue 9 items 2, 3)."""
        if getattr(self, "report_view", None) is None:
            from .battle_view import BattleView
            from .report_view import ReportView
            self.report_view = ReportView(q("#panel"), q("#actions"), self.pan_to)
            self.battle_view = BattleView(q("#panel"), q("#actions"), self.pan_to)
        self.report_view.draw(v, self.map)
        self.battle_view.draw(v)

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

    # ---- two players at one screen ---------------------------------------------------------------
    def viewer(self):
        """The side whose view is shown: None in a solitaire game (it sees all its own game);
        in a two-player game the side deciding now (once the game is over, the last side shown)."""
        if len(self.rules.roles) < 2:
            return None
        human = computer.human_role(self.rules, self.m)  # against the computer: the human's side only
        if human:
            return human
        return M.current_role(self.rules, self.m) or self.shown_role or self.rules.roles[0]

    def needs_handover(self, role):
        """A hand-over screen only when the next view would show what the side at the screen
        may not see, or the other way round (the rules' hidden_ids differ for the two sides)."""
        hidden = getattr(self.rules, "hidden_ids", None)
        if hidden is None or computer.computer_roles(self.m):
            return False
        if self.shown_role is None:  # a game just started or reopened: the first side confirms too
            return True
        s = self.m["state"]
        return set(hidden(s, role)) != set(hidden(s, self.shown_role))

    def hand_over(self, role):
        """Blank the table (nothing of either side's view stays in the page) and ask for the
        next player; their view is drawn when they click Continue."""
        self.blank()
        self.pending_role = role
        q("#handover-msg").textContent = f"Pass the screen to the {role} player."
        q("#handover").hidden = False
        document.body.dataset.screen = "handover"
        document.body.dataset.handover = role
        self.rev += 1
        document.body.dataset.rev = str(self.rev)

    def blank(self):
        self.map.clear()
        if hasattr(self.ui, "overlay"):  # the game's own layers go too
            self.ui.overlay(self.map, {}, None)
        for sel_ in ("#actions", "#tracks", "#boxes"):
            q(sel_).replaceChildren()
        q("#prompt").textContent = ""
        self.log.reset()
        self.log_next = 0
        self.selected = None
        self.expanded = None
        self.inspect = None
        inspector.hide(q("#inspector"))
        q("#main-acts").replaceChildren()
        self.shown_role = None
        self.v = None

    def take_over(self):
        """The next player is at the screen: draw their view."""
        role = getattr(self, "pending_role", None)
        q("#handover").hidden = True
        document.body.dataset.screen = "game"
        document.body.dataset.handover = ""
        self.shown_role = role
        self.render()

    def _piece(self, pid):
        v = self.v
        if v is None or pid is None:
            return None
        for p in self.ui.all_pieces(v):
            if p.get("id") == pid:
                return p
        return None

    def _place_label(self, key):
        boxes = getattr(self.ui, "PLACE_NAMES", {})
        if key in boxes:
            return boxes[key]
        if key and key[0] == "Z" and key[1:] in self.v.get("zone_display", {}):
            return f"Zone {key[1:]}"
        return self.v.get("spaces", {}).get(key, {}).get("name", key)  # e.g. "D2 (Duc Co)"

    def _name_of(self, key):
        """Sub-group title for an actor key (a piece id, a pool kind, a whole stack) or a place."""
        if key.startswith("at:"):
            n = len(self.stacks.get(key[3:], []))
            return f"Stack of {n} at {self._place_label(key[3:])}" if n > 1 else f"Stack at {self._place_label(key[3:])}"
        if key in self.stacks or key in self.v.get("spaces", {}):
            return "from " + self._place_label(key)
        if key.startswith("kind:"):
            self_sel = self.selected
            self.selected = key
            try:
                return self._sel_label()
            finally:
                self.selected = self_sel
        if self._where is None:  # piece id -> (place, piece), once per redraw
            self._where = {p.get("id"): (place, p) for place, pieces in self.stacks.items() for p in pieces}
        if key in self._where:
            place, p = self._where[key]
            return f"{p.get('name', key)} · {self._place_label(place)}"
        p = self._piece(key)
        return p.get("name", key) if p else key

    def _short(self, key):
        """A unit's (pool kind's, stack's) name in a few words, for messages."""
        return self._name_of(key).split(" · ")[0]

    def _place_of(self, key):
        """Where an actor stands, in words (the panel groups the units that can act by place)."""
        if key.startswith("kind:"):
            return "Pools"
        if key.startswith("at:"):
            return self._place_label(key[3:])
        if self._where is None:
            self._where = {p.get("id"): (place, p) for place, pieces in self.stacks.items() for p in pieces}
        hit = self._where.get(key)
        return self._place_label(hit[0]) if hit else ""

    def _zone_of(self, place):
        sp = self.v.get("spaces", {}).get(place)
        return sp.get("zone") if isinstance(sp, dict) else None

    def _sel_label(self):
        if self.selected is None:
            return ""
        if self.selected.startswith("at:"):
            return self._name_of(self.selected)
        if self.selected.startswith("kind:"):
            kind = self.selected[5:]
            for items in self.v.get("pools", {}).values():
                for it in items:
                    if it["kind"] == kind:
                        return f"{it['name']} (pool)"
            return kind
        p = self._piece(self.selected)
        return P.piece_label(p) if p else self.selected

    # ---- actions ----------------------------------------------------------------------------------
    def timed(self, fn):
        """An action and its redraw, then the autosave (all of it inside the click's time, clicktime.py)."""
        fn()
        self.clock.mark("after")
        self.autosave()
        self.clock.mark("save")

    def do(self, i, confirmed=False):
        if self.replay is not None:  # the history is read-only
            return
        acts = self.v["actions"]
        self.close_chooser()
        if not 0 <= i < len(acts):
            return
        if acts[i].get("warn") and not confirmed:  # a fatal or costly choice asks once (issue 9 item 5)
            self.confirm(acts[i]["warn"], lambda: self.do(i, True))
            return
        a = M.strip(acts[i])
        # the actions listed for this very position: the engine checks the choice against them
        # instead of listing them again (one listing less per click, issue 14)
        same = self._v_of
        listed = acts if same[0] is self.m["state"] and same[1] == self.shown_role else None

        def run():
            self.clock.mark("click")
            try:
                M.apply(self.rules, self.m, acts[i] if listed else a, role=self.shown_role, legal=listed)
            except IllegalAction as e:
                self.flash(f"Not allowed: {e}")
                return
            self.clock.mark("apply")
            self.unflash()
            self.expanded = None  # a spread stack or an inspected one closes once something happened
            self.inspect = None
            self.acted = True
            self.render()
        self.timed(run)

    def undo(self):
        if self.m is None or self.replay is not None:
            return

        def run():
            try:
                M.undo(self.rules, self.m)
            except IllegalAction as e:
                self.flash(str(e))
                return
            self.render()
        self.timed(run)

    def select(self, key):
        self.selected = None if self.selected == key else key
        self.unflash()
        self.render()

    def pick(self, key):
        """A unit (pool kind, stack) chosen in the panel's list: selected, its targets lit; the panel
        back at its top, where the selection and its actions are listed."""
        self.selected = key
        self.unflash()
        self.render()
        self.panel_to_top()

    # ---- the stack inspector (issue 9 item 6) ---------------------------------------------------
    SPREAD_MAX = 12  # a bigger stack (An Khe: 80 counters) opens in the inspector only, not over the map

    def inspect_place(self, place):
        """Show a stack in the inspector, and spread it on the map when it is small."""
        pieces = self.stacks.get(place, [])
        self.inspect = place if pieces else None
        self.expanded = place if 1 < len(pieces) <= self.SPREAD_MAX else None
        self.render()

    def panel_to_top(self):
        """Scroll the panel to its top in the next frame: done in the middle of a redraw, it would
        make the browser lay out the whole page at once, a second time."""
        window.vwScrollNextFrame(q("#panel"), "", False)

    def draw_inspector(self, can_act):
        root = q("#inspector")
        pieces = self.stacks.get(self.inspect, []) if self.inspect else []
        if not pieces:
            self.inspect = None
            if not root.hidden:
                inspector.hide(root)
            return
        key = "at:" + self.inspect
        pick = (key, f"Select the whole stack ({len(self.hl_of(key))} actions)") if key in can_act else None
        inspector.show(root, self._place_label(self.inspect), pieces,
                       getattr(self.ui, "inspect_groups", inspector.default_groups), self.selected, can_act, pick)
        root.setAttribute("data-place", self.inspect)

    def hl_of(self, key):
        return [i for i, a in enumerate(self.v["actions"]) if a.get("t") and key == actor_of(a)]

    # ---- events ----------------------------------------------------------------------------------
    def on_click(self, e):
        self._clocked(self._on_click, e)

    def _clocked(self, handler, e):
        """Run an input event's handler, timed to the frame that shows its redraw (clicktime.py)."""
        self.clock.start(e)
        rev = self.rev
        try:
            handler(e)
        finally:
            self.clock.stop(rev, self.rev)

    def _on_click(self, e):
        t = self.phone.target(e)  # a tap on a phone's hit area: the lit target it is for
        if not hasattr(t, "closest"):
            return
        c = t.closest(".cite-link, .log-rule")  # a rule citation: its summary (issue 13 item 2)
        if c:
            self.show_help("howto", c.getAttribute("data-cite") or c.textContent)
            return
        a = t.closest("[data-action]")
        if a and self.m is not None and t.closest("#app"):
            self.do(int(a.getAttribute("data-action")))
            return
        if not q("#chooser").hidden and not t.closest("#chooser"):
            self.close_chooser()  # a click elsewhere dismisses it (and does what it does)
        ch = t.closest("[data-choose]")
        if ch and self.m is not None and t.closest("#map"):
            self.offer(ch.getAttribute("data-choose"), e)
            return
        c = t.closest("[data-cmd]")
        if c:
            self.command(c.getAttribute("data-cmd"), c)
            return
        if self.m is None or not t.closest("#app"):
            return
        u = t.closest("[data-unit]")
        if u:
            self.click_unit(u, e)
            return
        k = t.closest("[data-kind]")
        if k:
            self.select("kind:" + k.getAttribute("data-kind"))
            return
        if t.closest("#inspector"):
            return
        s = t.closest("[data-space]")
        if s:
            self.click_space(s.getAttribute("data-space"), e)
            return
        s = t.closest("[data-anchor]")
        if s:
            self.click_space(s.getAttribute("data-anchor"), e)
            return
        if t.closest("#map") and (self.expanded or self.selected):
            self.expanded = None
            self.render()

    def click_unit(self, node, e=None):
        """Choose a unit, then its target (issue 9 item 4). With a unit selected, a stack standing
        on one of its lit targets offers that target. Otherwise a click never acts: a stack spreads
        and opens in the inspector; a piece (or a counter of the spread) that can act is selected;
        a piece of a stack that can move as a whole selects that stack."""
        pid = node.getAttribute("data-unit")
        stack = node.closest("[data-stack]")
        can_act = involved(self.v["actions"])
        place = stack.getAttribute("data-stack") if stack else None
        if self.selected is not None and place in self.hl and pid != self.selected:
            self.offer(place, e)
            return
        if place and node.getAttribute("data-count") and self.expanded != place:
            self.inspect_place(place)
            return
        if pid in can_act:
            self.expanded = None  # the spread stack would hide neighbouring destinations
            self.select(pid)
        elif place and "at:" + place in can_act:
            self.select("at:" + place)
        else:
            if place and self.inspect != place:
                self.inspect_place(place)
            self.flash(f"{self._short(pid)}: no action for it now"
                       + (f"; {self._short(self.selected)} cannot go there" if self.selected is not None
                          else "; select a unit that glows, then its target"))

    def click_space(self, sid, e=None):
        if sid in self.hl:
            self.offer(sid, e)
            return
        if self.stacks.get(sid):
            self.inspect_place(sid)
        self.flash(self.why_nothing(sid))

    def why_nothing(self, sid):
        """Why a click on a place did nothing (issue 9 item 5), in a few words: whom to select for
        it if some unit can act there, else what can act at all."""
        name = self._place_label(sid)
        acts = self.v["actions"]
        here = [k for k in actors_to(acts, self.map.spaces, sid, self.ui.TARGET_KEYS) if k != self.selected]
        if self.selected is not None:
            if here:
                return f"{name}: {self._short(self.selected)} cannot act there; select {self._some(here)}"
            targets = [self._place_label(x) for x in list(self.hl)[:4]]
            return (f"{name}: {self._short(self.selected)} has no action there now"
                    + (f" (lit: {', '.join(targets)}{'…' if len(self.hl) > 4 else ''})" if targets
                       else " (it has no map target: see the panel)"))
        if here:
            return f"{name}: select {self._some(here)} first, then {name}"
        if self.hl:
            return f"Nothing to do at {name} now: choose a lit place, or select a unit first"
        who = list(actors(acts))
        if who:
            return f"Nothing to do at {name} now: select {self._some(who)}"
        return f"Nothing to do at {name} now"

    def _some(self, keys, n=3):
        """"A/1/7" or "one of: A/1/7, B/2/7, C/1/7…": the actors a message names."""
        names = list(dict.fromkeys(self._short(k) for k in keys))
        if len(names) == 1:
            return names[0]
        return "one of: " + ", ".join(names[:n]) + ("…" if len(names) > n else "")

    # ---- several actions on one place: a small chooser ------------------------------------------
    def offer(self, place, e=None):
        """The actions highlighted on `place`: one runs at once; several open the chooser."""
        idxs = self.hl.get(place) or []
        if len(idxs) == 1:
            self.do(idxs[0])
        elif idxs:
            self.open_chooser(place, idxs, e)

    def open_chooser(self, place, idxs, e=None):
        from .dom import el
        box = q("#chooser")
        box.replaceChildren()
        box.setAttribute("data-place", place)
        el("div", text=f"{self._place_label(place)}: {len(idxs)} choices", cls="chooser-h", parent=box)
        lst = el("div", cls="chooser-list", parent=box)
        acts = self.v["actions"]
        for i in idxs:
            P.action_button(lst, i, acts[i])
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

    def toggle_sub(self, node):
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
            acts = self.v["actions"]
            node.after(P.fill_sub([(int(i), acts[int(i)]) for i in node.getAttribute("data-holds").split()], key))
            node.setAttribute("aria-expanded", "true")

    def toggle_grp(self, node):
        """Open or close a long group of actions (its sub-group headers)."""
        box = node.parentNode.querySelector(".grp-subs")
        changed(q("#actions"))
        is_open = bool(box.hidden)
        box.hidden = not is_open
        node.setAttribute("aria-expanded", "true" if is_open else "false")
        self.grp_open[node.getAttribute("data-t")] = is_open

    def clear(self):
        if self.selected is not None or self.expanded is not None:
            self.selected = None
            self.expanded = None
            self.render()

    def command(self, cmd, node):
        if self._save_due:  # the saves (the start screen's Continue, slots) read it
            self.save_now()
        if cmd == "start":
            gid = startscreen.chosen_game(q("#start-body"))
            auto = saves.load_autosave(gid) if saves.has_autosave(gid) else None
            if auto and not (auto.get("state") or {}).get("over"):
                self.confirm(f"Start a new game? It replaces your {summary(auto)} game in progress "
                             "(its autosave). Slots and exported files are kept.", self.new_game)
            else:
                self.new_game()
        elif cmd == "confirm-yes":
            q("#confirm-dlg").hidden = True
            act, self._confirm_act = getattr(self, "_confirm_act", None), None
            if act:
                act()
        elif cmd == "confirm-no":
            q("#confirm-dlg").hidden = True
            self._confirm_act = None
        elif cmd == "game":
            self.show_start(node.getAttribute("value"))
        elif cmd == "scenario":
            startscreen.show_briefing(q("#start-body"))
        elif cmd == "continue":
            gid = startscreen.chosen_game(q("#start-body"))
            self.open_save(lambda: saves.open_autosave(gid), "the autosaved game", self.start_msg)
        elif cmd == "close":
            self.hide_overlays()
        elif cmd == "new":
            self.show_start()
        elif cmd.startswith("guide-"):
            guide.command(self, cmd, node)
        elif cmd == "history" or cmd.startswith("replay-"):
            replay.command(self, cmd, node)
        elif cmd == "handover-ok":
            self.take_over()
        elif cmd == "undo":
            self.undo()
        elif cmd == "clear":
            self.clear()
        elif cmd == "sub":
            self.toggle_sub(node)
        elif cmd == "pick":
            self.pick(node.getAttribute("data-key"))
        elif cmd == "inspect-close":
            self.inspect = None
            self.expanded = None
            self.render()
        elif cmd == "grp":
            self.toggle_grp(node)
        elif cmd == "chooser-close":
            self.close_chooser()
        elif cmd == "help":
            self.show_help()
        elif cmd == "help-tab":
            self.help_tab(node.getAttribute("data-tab"))
        elif cmd == "saves":
            self.show_saves()
        elif cmd == "slot-save" and self.m is not None:
            try:
                name = saves.save_slot(q("#slot-name").value or "save", self.m, summary(self.m))
            except Exception as ex:  # storage full or blocked
                self.saves_msg(f"Could not save: {ex}. Export to a file instead.")
                return
            self.show_saves(f"Saved to slot '{name}'")
        elif cmd == "slot-load":
            name = node.getAttribute("data-slot")
            show = self.saves_msg if not q("#saves-dlg").hidden else self.start_msg
            self.open_save(lambda: saves.open_slot(name, None), f"slot '{name}'", show, ("load", "Loaded"), ask=True)
        elif cmd == "slot-delete":
            saves.delete_slot(node.getAttribute("data-slot"))
            self.show_saves("Deleted")
        elif cmd == "export" and self.m is not None:
            saves.export(self.m, f"{self.m['game']}-{self.m['scenario']}-turn{self.m['state'].get('turn', 0)}.json")
            self.saves_msg("Exported")
        elif cmd == "zoom-in":
            self.pz.zoom(1 / 1.4)
        elif cmd == "zoom-out":
            self.pz.zoom(1.4)
        elif cmd == "zoom-fit":
            self.pz.fit()
        elif cmd == "whole-map":
            whole_map.command(node)

    def on_key(self, e):
        self._clocked(self._on_key, e)

    def _on_key(self, e):
        tag = (e.target.tagName or "").lower() if hasattr(e.target, "tagName") else ""
        if tag in ("input", "select", "textarea"):
            return
        key = e.key
        if key == "Escape":
            if not q("#confirm-dlg").hidden:
                q("#confirm-dlg").hidden = True
                self._confirm_act = None
            elif not q("#chooser").hidden:
                self.close_chooser()
            elif not q("#saves-dlg").hidden or not q("#help-dlg").hidden:
                q("#saves-dlg").hidden = True
                q("#help-dlg").hidden = True
            elif not q("#start-screen").hidden and self.m is not None:
                self.hide_overlays()
            elif self.replay is not None:
                replay.stop(self)
            elif self.inspect is not None:
                self.inspect = None
                self.expanded = None
                self.render()
            else:
                self.clear()
            return
        if self.m is None or not q("#start-screen").hidden or e.ctrlKey or e.metaKey or e.altKey:
            return
        if not q("#handover").hidden:  # the hand-over screen: Enter is its Continue button
            if key == "Enter" and tag != "button":
                e.preventDefault()
                self.take_over()
            return
        if self.v is None:
            return
        if self.replay is not None:  # the history's own keys; nothing else acts while it is open
            replay.on_key(self, e)
            return
        if key in ("u", "U"):
            e.preventDefault()
            self.undo()
        elif key == "Enter":
            if tag == "button":
                return  # the focused button handles Enter itself
            main = getattr(self.ui, "MAIN_TYPES", ("done",))  # the game's main-button action types
            dones = [i for i, a in enumerate(self.v["actions"]) if a["t"] in main]
            if len(dones) == 1:
                e.preventDefault()
                self.do(dones[0])
        elif key in "123456" and len(key) == 1 and self.v.get("awaiting_roll"):
            for i, a in enumerate(self.v["actions"]):
                if a["t"] == "roll" and a["value"] == int(key):
                    self.do(i)
                    break

    # ---- dialogs ----------------------------------------------------------------------------------
    def saves_msg(self, text):
        q("#saves-msg").textContent = text

    def start_msg(self, text):
        n = q("#start-msg")
        if n:
            n.textContent = text

    def show_saves(self, message=""):
        from .dom import el
        ul = q("#slot-list")
        ul.replaceChildren()
        for name, meta in sorted(saves.slots().items()):
            li = el("li", parent=ul)
            el("span", text=name, cls="slot-name", parent=li)
            el("span", text=f" {meta.get('summary', '')} ({meta.get('saved', '')}) ", cls="muted", parent=li)
            el("button", text="Load", attrs={"type": "button", "data-cmd": "slot-load", "data-slot": name}, parent=li)
            el("button", text="Delete", attrs={"type": "button", "data-cmd": "slot-delete", "data-slot": name},
               parent=li)
        self.saves_msg(message)
        q("#saves-dlg").hidden = False
        document.body.dataset.screen = "saves"
        offline_copy.show(q("#keep-copy"))

    def show_help(self, tab=None, cite=None):
        """Help: How to play (at the section `cite` names), using this screen, the options in
        use, about this reconstruction."""
        from .dom import el
        on_start = not q("#start-screen").hidden  # there: the game chosen on it
        gid = startscreen.chosen_game(q("#start-body")) if on_start else self.game
        doc = howto_of(gid)
        howto.draw(q("#howto"), gid, doc)
        q("#help-title").textContent = f"Help — {title_of(gid)}"
        self.help_tab(tab or ("howto" if cite else getattr(self, "_help_tab", "howto")))
        q("#help-dlg").hidden = False
        if cite:
            shown = howto.focus(q("#howto"), doc, cite)
            document.body.dataset.howto = shown or ""
        rules = get(gid)
        box = q("#help-options")
        box.replaceChildren()
        in_play = self.m is not None and gid == self.game and not on_start
        chosen = self.m.get("options") or {} if in_play else {}
        q("#help-options-note").textContent = ("The rulings and optional rules of the game in progress." if in_play
                                               else "The rulings and optional rules a new game starts with (change "
                                                    "them under Advanced on the start screen).")
        for o in rules.options():
            val = chosen.get(o["id"], o["default"])
            shown = ("yes" if val else "no") if isinstance(val, bool) else str(val).replace("_", " ")
            li = el("li", parent=box)
            el("span", text=f"{o['label']}: ", parent=li)
            el("b", text=shown, parent=li)
            el("small", text=o["rule"], cls="code", parent=li)
        self.about(q("#help-about"), rules)

    def help_tab(self, tab):
        self._help_tab = tab
        for b in document.querySelectorAll("#help-dlg [data-tab]"):
            b.setAttribute("aria-selected", "true" if b.getAttribute("data-tab") == tab else "false")
        for pane in document.querySelectorAll("#help-dlg [data-pane]"):
            pane.hidden = pane.getAttribute("data-pane") != tab

    def about(self, root, rules):
        """'About this reconstruction': where every value the rulebook does not give comes from
        (games whose rules provide about())."""
        from .dom import el
        root.replaceChildren()
        about = getattr(rules, "about", None)
        if about is None:
            el("p", text="The values this reconstruction adds to the rulebook (map, counters, tables) are "
                         "marked in the game's data files with their reasoning; the rulings are listed "
                         "under Options in use.", cls="muted", parent=root)
            return
        el("h3", text="About this reconstruction", parent=root)
        el("p", text="The rulebook gives the rules; its map, counter sheet and charts are missing. What is not "
                     "in the rulebook comes from play reports, geography, reconstruction or design, as listed.",
           cls="muted", parent=root)
        whole_map.draw(root, rules.id)  # the map of all the play areas, where a game has one (issue 47)
        for sec in about():
            det = el("details", cls="about-sec", parent=root)
            kinds = {}
            for it in sec["items"]:
                kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
            el("summary", text=f"{sec['title']}: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())),
               parent=det)
            if sec.get("notes"):
                el("p", text=sec["notes"], cls="muted", parent=det)
            ul = el("ul", parent=det)
            for it in sec["items"]:
                li = el("li", attrs={"data-kind": it["kind"]}, parent=ul)
                el("b", text=f"{it['what']}: ", parent=li)
                el("span", text=it["kind"], cls="cite", parent=li)
                if it.get("why"):
                    el("span", text=f" {it['why']}", parent=li)

    def on_import(self, e):
        files = e.target.files
        if not files or files.length == 0:
            return
        f = files.item(0)
        name = str(f.name)[:80]
        if f.size > MAX_SAVE_BYTES:  # refused before reading it into Python
            e.target.value = ""
            self.saves_msg(f"Cannot import '{name}': this file is too large to be a saved game "
                           f"({f.size / 1048576:.1f} MB; a save is at most {MAX_SAVE_BYTES / 1048576:.0f} MB). "
                           "Nothing changed.")
            return

        async def read():
            try:
                buf = await f.arrayBuffer()
                data = buf.to_bytes()
            except Exception as ex:  # unreadable file
                self.saves_msg(f"Cannot import '{name}': the file cannot be read ({type(ex).__name__}). "
                               "Nothing changed.")
                return
            finally:
                e.target.value = ""
            # a save of any game opens (the page switches to that game); the other games' autosaves stay
            self.open_save(lambda: load_match(data, game=None), f"'{name}'", self.saves_msg, ("import", "Imported"),
                           ask=True)
        asyncio.ensure_future(read())


_app = None


def start() -> None:
    global _app
    _app = App(get(GAME))  # the start screen offers every game

    async def main():
        try:
            await _app.boot()
        except Exception as ex:  # show it: a silent hang is worse
            n = q("#loading")
            if n:
                n.textContent = f"Start-up failed: {type(ex).__name__}: {ex}"
            raise
    asyncio.ensure_future(main())
