"""The controller: what the table is, and everything the player's input asks of it.

It holds the match, the view shown and for whom, the selection, the stack spread on the map and
the one in the inspector, the places lit; it takes an action, undoes, selects, offers a place's
actions (the chooser), hands the screen over between two players, shows a past position (the
history viewer). It decides and the screen draws (screen.py: `draw(self, v)` reads this object's
public fields). The features (guide, keys, phone, computer, history, the autosave) listen
(`on(event, fn)`) and call its public methods. No rules here: the engine lists the actions and
checks the one taken; no DOM either, the screen and the dialogs write the page.
"""
import gc

from game.engine import match as M
from game.engine.flow import IllegalAction
from game.rules import get

from . import players
from .games import ui_for
from .log_model import event_card, roll_flash
from .logic import actor_of, highlights, involved
from .names import Naming

# What the listeners hear: "loading" a match is about to replace the one shown (the history viewer
# closes), "loaded" it is the table's (the computer forgets the old one), "changed" the match
# changed (the autosave), and at every redraw "before" (nothing drawn yet), "drawn" (drawn, the
# page not yet marked whole) and "shown" (done).
EVENTS = ("loading", "loaded", "changed", "before", "drawn", "shown")


class Controller:
    SPREAD_MAX = 12  # a bigger stack (An Khe: 80 counters) opens in the inspector only, not over the map

    def __init__(self, rules, screen, dialogs):
        self.rules = rules
        self.game = rules.id
        self.ui = ui_for(self.game)
        self.area = None          # the play area whose map is shown (games with one map per area)
        self.screen = screen
        self.dialogs = dialogs
        self.clock = None         # click -> screen update time (clicktime.py), made at boot
        self.m = None
        self.v = None
        self.role = None          # the side whose view v is (None: solitaire, or the history's)
        self._v_of = (None, None)  # the position and side whose actions self.v lists
        self.log_next = 0         # index in the match log of the first entry not yet shown
        self.shown_role = None    # two-player games: the side whose view is on the screen
        self.pending_role = None  # the side the hand-over screen waits for
        self.past = None          # the history viewer's position when open (replay.py)
        self.scen_name = ""
        self.selected = None
        self.acted = False        # the redraw follows an action: a selection left with nothing to do drops
        self.expanded = None      # the stack spread on the map
        self.inspect = None       # the place whose stack the inspector shows (issue 9 item 6)
        self._phase = None        # turn and phase shown: a change closes spreads, scrolls the panel up
        self.stacks = {}
        self.can_act = set()      # the pieces every decision refers to: they light up and select on a click
        self.hl = {}              # place -> the indices of the actions lit there
        self.naming = None        # the names of what the view shows (names.Naming), made once a view
        self._table_of = None     # (actions, spaces) of the view the table was last made for (_table)
        self._shown_ids = None    # the ids of the pieces on the map (a game whose set-up lights the unplaced)
        self._pieces = None       # (spaces, {piece id: piece}) of the view shown (piece())
        self._on = {e: [] for e in EVENTS}

    # ---- listeners -------------------------------------------------------------------------------
    def on(self, event, fn):
        """fn() at `event` (EVENTS), after the listeners registered before it."""
        self._on[event].append(fn)

    def _emit(self, event):
        for fn in self._on[event]:
            fn()

    def changed(self):
        """The match changed (an action, an undo, a match loaded, the guide dropped): it is kept."""
        self._emit("changed")

    # ---- the game and the match -----------------------------------------------------------------
    def set_game(self, gid, force=False, area=None):
        """Switch the rules, the per-game UI module and the map to game `gid` (and, for a game with a
        map per play area, to `area`'s map: default its first)."""
        ui = ui_for(gid)
        area = area or ui.DEFAULT_AREA
        if gid == self.game and area == self.area and not force:
            return
        self.game, self.area, self.rules, self.ui = gid, area, get(gid), ui
        if area is not None:
            ui.use_area(area)
        self.screen.use_game(gid, ui, area)

    def load_match(self, m, message=None, fit=False):
        """Put match `m` on the table (a new game, a save opened, a replay played on) and draw it;
        with `fit`, at its map's own fit, not the last game's zoom (issue 45 item 8)."""
        self._emit("loading")
        self.set_game(m["game"], area=ui_for(m["game"]).area_of(m))
        if fit:
            self.screen.pz.fit()
        self.m = m
        self.selected = self.expanded = self.inspect = None
        self._phase = None
        self.screen.reset_panel()
        self.log_next = 0
        self.shown_role = None
        self._emit("loaded")
        self.scen_name = next((x["name"] for x in self.rules.scenarios() if x["id"] == m["scenario"]), m["scenario"])
        self.screen.show_table(m, self.game)
        self.redraw()
        # Python's cyclic collector leaves what lives now (the modules, the rules' data, the maps,
        # this game's start) out of its scans: in First Team its incremental pass over them was a
        # pause of about 6 ms inside one click of every game (issue 14, timed with gc.callbacks).
        # The game's positions are plain dicts and lists, freed by their counts, never by it.
        gc.freeze()
        self.changed()
        if message:
            self.screen.flash(message, "notice")

    # ---- the redraw --------------------------------------------------------------------------------
    def redraw(self):
        """Draw the position shown (the history's past one when open, else the match's) for the side
        at the screen; when the next view would show what the side at the screen may not see, the
        hand-over screen instead."""
        sc = self.screen
        sc.begin()
        past = self.past
        role = past.role if past else self.viewer()
        if role != self.shown_role and not past:
            if self._needs_handover(role):
                self._hand_over(role)
                return
            self.shown_role = role
            sc.log.reset()
            self.log_next = 0
        self._emit("before")
        v = self._view(past.match if past else self.m, role, past)
        sc.top_bar(self, v)
        self._table(v)
        sc.draw(self, v)
        self._emit("drawn")
        sc.publish()
        self._emit("shown")

    def _view(self, m, role, past):
        was = self._v_of
        if (not past and self.v is not None and was[0] is m["state"] and was[1] == role
                and self.v["log_total"] == len(m["log"])):
            # the same position for the same side (a unit selected, a stack spread): its view again,
            # with nothing new for the log; listing First Team's actions again cost more than the
            # redraw (issue 14). The engine replaces the state at every change (match.apply, undo).
            v = {**self.v, "log": []}
        else:
            v = M.view(self.rules, m, role=role, log_from=self.log_next)
        after = self.log_next > 0  # lines a click brought, not a whole log read at a load
        if v["log_total"] < self.log_next:
            self.screen.log.reset()
            v = M.view(self.rules, m, role=role, log_from=0)
            after = False
        if after and "report" not in v and v["log"]:
            card = event_card(v["log"])  # an event drawn since the last view, on a card of its own
            if card is not None:
                v["report"] = card
        self.clock.mark("view")
        if past:
            past.read_only(v)
        self.log_next = v["log_total"]
        self.v = v
        self.role = role
        self._v_of = (m["state"], role)  # the position and side whose actions v lists (do())
        return v

    def _table(self, v):
        """What the view changes on the table: the stacks, the selection kept or dropped, the lit places."""
        acts = v["actions"]
        was = self._table_of
        same = was is not None and was[0] is acts and was[1] is v["spaces"]
        if not same:  # (a click that selects or spreads redraws the same view: _view)
            self._table_of = (acts, v["spaces"])
            self.can_act = involved(acts)
            self.stacks = self.ui.stacks(v)
            self.naming = Naming(self.ui.NAMES, v, self.stacks, self.piece, self.ui.title_of)
            self._shown_ids = {p["id"] for ps in self.stacks.values() for p in ps} if self.ui.LIGHT_UNPLACED else None
        can_act = self.can_act
        phase = (v.get("turn"), v.get("phase"))
        acted, self.acted = self.acted, False
        if phase != self._phase:  # a new phase: no stale spread or inspector, the panel from its top
            if self._phase is not None:
                self.expanded = None
                self.inspect = None
                self.screen.panel_to_top()
                acted = True
            self._phase = phase
        # a piece stays selected (to read it) until an action or a new phase leaves it nothing to do
        if self.selected is not None and self.selected not in can_act and (acted or not self.piece(self.selected)):
            self.selected = None
        if self.expanded is not None and len(self.stacks.get(self.expanded, [])) < 2:
            self.expanded = None
        if self.inspect is not None and not self.stacks.get(self.inspect):
            self.inspect = None
        unplaced = None
        if self._shown_ids is not None:  # (a set-up's hexes lit at once: logic.highlights)
            shown = self._shown_ids
            unplaced = lambda k: k not in shown  # noqa: E731
        self.hl = highlights(acts, self.screen.map.spaces, self.selected, self.ui.TARGET_KEYS, unplaced)
        self.screen.close_chooser()
        self.clock.mark("ui")

    @property
    def own(self):
        """The side at the screen (solitaire: the player's): its counters come first in a stack."""
        return self.role or self.rules.roles[0]

    def piece(self, pid):
        """The view's piece of id `pid`, or None."""
        v = self.v
        if v is None or pid is None:
            return None
        if self._pieces is None or self._pieces[0] is not v["spaces"]:
            ids = {}
            for p in self.ui.all_pieces(v):
                ids.setdefault(p.get("id"), p)  # (the first, as a walk would find it)
            self._pieces = (v["spaces"], ids)
        return self._pieces[1].get(pid)

    def actions_of(self, key):
        """The indices of the actions actor `key` takes."""
        return [i for i, a in enumerate(self.v["actions"]) if a.get("t") and key == actor_of(a)]

    # ---- two players at one screen ---------------------------------------------------------------
    def viewer(self):
        """The side whose view is shown: None in a solitaire game (it sees all its own game);
        in a two-player game the side deciding now (once the game is over, the last side shown)."""
        if len(self.rules.roles) < 2:
            return None
        human = players.human_role(self.rules, self.m)  # against the computer: the human's side only
        if human:
            return human
        return M.current_role(self.rules, self.m) or self.shown_role or self.rules.roles[0]

    def _needs_handover(self, role):
        """A hand-over screen only when the next view would show what the side at the screen
        may not see, or the other way round (the rules' hidden_ids differ for the two sides)."""
        hidden = getattr(self.rules, "hidden_ids", None)  # (an optional Rules hook: game/rules' contract)
        if hidden is None or players.computer_roles(self.m):
            return False
        if self.shown_role is None:  # a game just started or reopened: the first side confirms too
            return True
        s = self.m["state"]
        return set(hidden(s, role)) != set(hidden(s, self.shown_role))

    def _hand_over(self, role):
        """Blank the table (nothing of either side's view stays in the page) and ask for the
        next player; their view is drawn when they take over."""
        self.screen.blank(self.ui)
        self.log_next = 0
        self.selected = self.expanded = self.inspect = None
        self.shown_role = None
        self.v = None
        self.pending_role = role
        decision = getattr(self.rules, "decision", None)  # (an optional Rules hook: public words only)
        self.screen.show_handover(role, decision(self.m["state"]) if decision else "")

    def take_over(self):
        """The next player is at the screen: draw their view."""
        self.screen.hide_handover()
        self.shown_role = self.pending_role
        self.redraw()

    # ---- the history viewer -----------------------------------------------------------------------
    def show_past(self, past):
        """Show a past position read-only (`past`: its .match, .role and .read_only(view))."""
        self.past = past
        self.redraw()

    def show_present(self, redraw=True):
        self.past = None
        if redraw and self.m is not None:
            self.redraw()

    # ---- actions ----------------------------------------------------------------------------------
    def _timed(self, fn):
        """An action and its redraw, then the autosave (all of it inside the click's time, clicktime.py)."""
        fn()
        self.clock.mark("after")
        self.changed()
        self.clock.mark("save")

    def do(self, i, confirmed=False):
        """Take the listed action number `i` (a fatal or costly one once the player said yes)."""
        if self.past is not None:  # the history is read-only
            return
        acts = self.v["actions"]
        self.screen.close_chooser()
        if not 0 <= i < len(acts):
            return
        if acts[i].get("warn") and not confirmed:  # a fatal or costly choice asks once (issue 9 item 5)
            self.dialogs.confirm(acts[i]["warn"], lambda: self.do(i, True))
            return
        # an action of the view the engine showed for this very position: checked against what it
        # showed, not listed again (one listing less per click, issue 14; engine/kept.py)
        a = acts[i]

        def run():
            self.clock.mark("click")
            try:
                M.apply(self.rules, self.m, a, role=self.shown_role)
            except IllegalAction as e:
                self.screen.flash(f"Not allowed: {e}")
                return
            self.clock.mark("apply")
            self.screen.unflash()
            self.expanded = None  # a spread stack or an inspected one closes once something happened
            self.inspect = None
            self.acted = True
            shown = self.v
            self.redraw()
            v = self.v  # (None or the old view when the screen was handed over instead)
            said = roll_flash(v["log"]) if v is not None and v is not shown else None
            if said:  # what the click's dice showed, under the prompt until the next click
                self.screen.flash(said, "dice")
        self._timed(run)

    def undo(self):
        if self.m is None or self.past is not None:
            return

        def run():
            try:
                M.undo(self.rules, self.m)
            except IllegalAction as e:
                self.screen.flash(str(e))
                return
            self.redraw()
        self._timed(run)

    def offer(self, place, e=None):
        """The actions lit on `place`: one runs at once; several open the chooser (beside event `e`)."""
        idxs = self.hl.get(place) or []
        if len(idxs) == 1:
            self.do(idxs[0])
        elif idxs:
            self.screen.open_chooser(place, self.naming.place(place), idxs, self.v["actions"], self.naming.type_name, e)

    # ---- selection, spread and inspector -----------------------------------------------------------
    def select(self, key, fold=False):
        """Select actor `key` (again: unselect it); `fold`: the spread stack closes too."""
        if fold:
            self.expanded = None
        self.selected = None if self.selected == key else key
        self.screen.unflash()
        self.redraw()

    def pick(self, key):
        """An actor chosen in the panel's list: selected, its targets lit; the panel back at its
        top, where the selection and its actions are listed."""
        self.selected = key
        self.screen.unflash()
        self.redraw()
        self.screen.panel_to_top()

    def clear(self):
        """Nothing selected, nothing spread."""
        if self.selected is not None or self.expanded is not None:
            self.selected = None
            self.expanded = None
            self.redraw()

    def fold(self):
        """The spread stack closes (the selection stays)."""
        self.expanded = None
        self.redraw()

    def inspect_place(self, place):
        """Show a stack in the inspector, and spread it on the map when it is small."""
        pieces = self.stacks.get(place, [])
        self.inspect = place if pieces else None
        self.expanded = place if 1 < len(pieces) <= self.SPREAD_MAX else None
        self.redraw()

    def close_inspector(self):
        self.inspect = None
        self.expanded = None
        self.redraw()
