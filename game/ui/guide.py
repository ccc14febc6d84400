"""The guided first turn in the page (issue 13 item 3).

A box above the prompt says what the current step of the game's guide (`guide_model`, data in
`game/ui/guides/`) asks and why, with its rule citation (a click opens the rule's summary), and
lights the one thing to click next with a distinct highlight (`.guide-lit`): the map target of
the step's action, or first the unit (pool, stack) to select for it, the open question's Yes,
a choice in the chooser, or the panel button (its closed group first). The guide reads only the
view, the legal actions and the actions the match recorded: the engine knows nothing of it. Any
other legal action stays allowed; the guide then says the player left its path and offers Undo
or playing on freely.

A feature of the controller's: it looks again after every redraw ("shown") and after every click
(a group opened, the chooser, a question change the page without a redraw); its commands are
guide-start and guide-close.
"""
from game.engine import match as M
from game.rules import get

from . import guide_model as G
from . import howto, players, startscreen
from .dom import document, el, listen, q, window
from .logic import actor_of, target_space

LIT = "guide-lit"


class _Guided:
    """The guided match and what its box showed."""

    def __init__(self, gid, doc, m):
        self.gid = gid
        self.doc = doc
        self.match = m          # the guided match: another one loaded ends the guide
        self.rev = 0
        self.lit_key = None     # what was lit last (a change may pan the map to it)


class Guide:
    def __init__(self, ctl, screen, session, inp):
        self.ctl = ctl
        self.screen = screen
        self.session = session
        self.g = None             # the guided match when on
        self._wired = False
        self._shown = {"lit": False, "none": False}  # something lit; no guide shown (box hidden, no note, body unmarked)
        inp.command("guide-start", self.start_cmd)
        inp.command("guide-close", self.close)
        ctl.on("shown", self.refresh)

    # ---- start and commands ---------------------------------------------------------------------
    def start_cmd(self, node):
        gid = node.getAttribute("data-game") or startscreen.chosen_game(q("#start-body"))
        # a new game replaces the autosaved one in progress: ask first, as the Start button does
        self.session.ask_new(gid, "Start the guided first turn", lambda: self.start(gid))

    def close(self, node=None):
        """Play on without the guide (a reload does not bring it back)."""
        self.g = None
        m = self.ctl.m
        if m is not None and m.pop("guide", None):
            self.ctl.changed()
        self.refresh()

    def start(self, gid):
        """The guide's fixed start: its scenario, seed (the dice), options and players."""
        doc = G.load(gid)
        rules = get(gid)
        scen, seed, opts, dice = G.start_args(doc)
        m = M.new_match(rules, scen, seed, opts, dice)
        m["guide"] = gid  # saved with the match: Continue (or a reload) resumes the guide
        if doc.get("players"):  # two-player games: who plays each side in the guided start
            players.setup(m, dict(doc["players"]), doc.get("ai_pace", "normal"))
        self.g = None
        self.ctl.load_match(m)
        self.g = _Guided(gid, doc, m)
        self._wire()
        self.refresh()

    def _wire(self):
        """Clicks that change the page without a redraw (a group opened, the chooser, a question)
        move the light too: the guide looks again once the click is handled."""
        if self._wired:
            return
        from pyodide.ffi import create_proxy
        later = create_proxy(lambda *_: self.refresh())
        self._later = later
        listen(document, "click", lambda e: window.setTimeout(later, 0))
        self._wired = True

    # ---- drawing ------------------------------------------------------------------------------------
    def _current(self):
        """The guide of the match shown, if any (a guided game reopened gets its guide back)."""
        ctl, g = self.ctl, self.g
        if g is not None and g.match is not ctl.m:  # another game was loaded: the guide is over
            self.g = g = None
        if g is None and ctl.m is not None and ctl.m.get("guide") == ctl.game and G.load(ctl.game):
            self.g = g = _Guided(ctl.game, G.load(ctl.game), ctl.m)
            self._wire()
        return g

    def refresh(self, *_):
        """Draw the guide box for the position shown and light its target (after every redraw)."""
        g = self._current()
        shown = self._shown
        off = g is None or self.ctl.past is not None
        if off and shown["none"]:
            return  # nothing to take down (issue 14: a search of the whole page at every click)
        if shown["lit"]:
            for n in document.querySelectorAll("." + LIT):
                n.classList.remove(LIT)
            shown["lit"] = False
        box = q("#guide")
        if off:
            _handover_note(None)
            if box:
                box.hidden = True
            document.body.dataset.guide = ""
            shown["none"] = True
            return
        shown["none"] = False
        if not box:  # (a missing node is JS null, falsy)
            box = el("section", attrs={"id": "guide", "aria-live": "polite", "aria-label": "Guided first turn"})
            q("#panel-head").insertBefore(box, q("#prompt"))
        box.hidden = False
        drawn, state = self._box(g)  # drawn aside; it replaces what is shown only if its words changed
        if drawn.textContent != box.textContent:  # a screen reader hears each new step once
            box.replaceChildren(*list(drawn.childNodes))
        for k in ("data-rev", "data-step"):
            box.setAttribute(k, drawn.getAttribute(k))
        box.setAttribute("data-state", state)
        document.body.dataset.guide = state

    def _box(self, g):
        """The guide box for the step the match is at, drawn aside, and its state."""
        steps = g.doc["steps"]
        pos, off = G.position(g.doc, self.ctl.m["actions"])
        box = el("section")
        head = el("div", cls="guide-head", parent=box)
        el("b", text=g.doc.get("title", "Guided first turn"), parent=head)
        el("span", text=f" · step {min(pos + 1, len(steps))} of {len(steps)}" if pos < len(steps) else " · done",
           cls="guide-count", parent=head)
        el("button", text="×", cls="guide-x", parent=head,
           attrs={"type": "button", "data-cmd": "guide-close", "title": "Stop the guide and play on freely",
                  "aria-label": "Stop the guide"})
        g.rev += 1
        box.setAttribute("data-rev", str(g.rev))
        box.setAttribute("data-step", str(pos))
        if off is not None:
            _handover_note(None)
            self._off_path(box, steps[pos])
            return box, "off"
        if pos >= len(steps):
            _handover_note(None)
            para(box, g.doc["end"], "guide-say")
            el("button", text="Close the guide and play on", cls="primary", parent=box,
               attrs={"type": "button", "data-cmd": "guide-close"})
            return box, "end"
        return box, self._step(g, box, pos)

    def _step(self, g, box, pos):
        """The step's words, what to do, and its target lit; the box's state."""
        step = g.doc["steps"][pos]
        if pos == 0 and g.doc.get("intro"):
            para(box, g.doc["intro"], "guide-intro")
        say = el("p", cls="guide-say", parent=box)
        say.append(step["say"] + " ")
        if step.get("rule"):
            cite = el("span", cls="guide-rule", parent=say)
            howto.linkify(cite, f"({step['rule']})")
        if step.get("look"):
            p = el("p", cls="guide-look", parent=box)
            el("b", text="Look: ", parent=p)
            p.append(step["look"])
        hint, node, key = self._target(step)
        el("p", text=hint, cls="guide-do", parent=box)
        _handover_note(step if key == "handover" else None)
        if node:
            node.classList.add(LIT)
            self._shown["lit"] = True
            if key != g.lit_key:
                self._into_view(node, key)
        g.lit_key = key
        v = self.ctl.v
        return "step" if node else "wait" if v is not None and not v["actions"] else "lost"

    def _off_path(self, box, step):
        para(box, "You left the guided path: the guide's next step was \u201c"
             + step["say"].split(". ")[0].rstrip(".") + "\u201d, and you chose another move. That is allowed; "
             "the game goes on from your move.", "guide-say")
        row = el("div", cls="guide-row", parent=box)
        v = self.ctl.v
        if v is not None and v.get("can_undo"):
            el("button", text="Undo, back to the guide", parent=row, attrs={"type": "button", "data-cmd": "undo"})
        el("button", text="Play on freely", parent=row, attrs={"type": "button", "data-cmd": "guide-close"})

    def _target(self, step):
        """(what to do, in words; the element to light or None; a key naming it) for the step."""
        if not q("#handover").hidden:  # two players at one screen: the next side takes over first
            return ("Pass the screen: click \u201cI am that player: continue\u201d.",
                    q('#handover [data-cmd="handover-ok"]'), "handover")
        ctl = self.ctl
        v = ctl.v
        acts = v["actions"] if v else []
        hits = G.find(step, acts)
        if len(hits) != 1:
            return ("Wait: the other side is deciding." if v and not acts else
                    "This step is not offered now: play on, or Undo back to it."), None, None
        i = hits[0]
        a = acts[i]
        if not q("#confirm-dlg").hidden:  # the move asked once before it runs (issue 9 item 5)
            return "The game asks before this move: answer Yes.", q("#confirm-yes"), "confirm"
        box = q("#chooser")
        if not box.hidden:
            n = box.querySelector(f'[data-action="{i}"]')
            if n:
                return f"Choose \u201c{a.get('label', a['t'])}\u201d in the list.", n, f"chooser{i}"
        n = _first(f'#map .vw-hl[data-action="{i}"]')
        if not n:
            for h in document.querySelectorAll("#map .vw-hl[data-choose]"):
                if str(i) in str(h.getAttribute("data-holds") or "").split():
                    n = h
                    break
        if n:
            place = n.getAttribute("data-to") or ""
            return f"Click {ctl.naming.place(place)} on the map (ringed).", n, f"map{i}"
        return self._actor_target(a) or _panel_target(i, a)

    def _actor_target(self, a):
        """The unit (pool kind, stack) to select first for action `a`, when it has a map target."""
        ctl = self.ctl
        actor = actor_of(a)
        if actor is None or actor == ctl.selected or not target_space(a, self.screen.map.spaces, ctl.ui.TARGET_KEYS):
            return None
        name = ctl.naming.short(actor)
        n = _first(f'#actions [data-cmd="pick"][data-key="{actor}"]')
        if n:
            return f"Select {name} in the panel: its targets light up on the map.", n, f"pick{actor}"
        if actor.startswith("kind:"):
            n = _first(f'#boxes [data-kind="{actor[5:]}"]')
            if n:
                return f"Select {name} (ringed, under Boxes and pools): where it may go lights up.", n, f"kind{actor}"
        n = _first(f'#map [data-unit="{actor}"]')
        if n:
            return f"Click {name} on the map to select it.", n, f"unit{actor}"
        return None

    def _into_view(self, node, key):
        """A newly lit map target outside the map's visible part: pan to it; a panel one: scroll."""
        if key.startswith("map") or key.startswith("unit"):
            r, box = node.getBoundingClientRect(), q("#map").getBoundingClientRect()
            drawn = r.width > 0 and r.height > 0
            if drawn and (r.right < box.left or r.left > box.right or r.bottom < box.top or r.top > box.bottom):
                place = node.getAttribute("data-to") or (node.closest("[data-stack]") or node).getAttribute("data-stack")
                spaces = self.screen.map.spaces
                if place in spaces:  # pan there, at the zoom the player chose
                    x, y, _ = spaces[place]
                    self.screen.pz.center(x, y)
        elif key not in ("handover", "confirm"):
            try:
                node.scrollIntoViewIfNeeded()  # Chromium, Safari: only when it is out of sight
            except AttributeError:
                node.scrollIntoView(False)


def _panel_target(i, a):
    """The panel's button for action `i`, or the closed group holding it."""
    n = _first(f'#main-acts [data-action="{i}"], #actions [data-action="{i}"], #handover [data-action="{i}"]')
    if n:
        return f"Click \u201c{a.get('label', a['t'])}\u201d.", n, f"btn{i}"
    for sel in (f'#actions [data-cmd="pick"][data-holds~="{i}"]', f'#actions [data-cmd="sub"][data-holds~="{i}"]',
                f'#actions [data-cmd="more-places"][data-holds~="{i}"]'):
        n = _first(sel)
        if n:
            return f"Open \u201c{n.firstChild.textContent}\u201d in the panel.", n, f"hdr{i}"  # (not its count)
    n = _first(f'#actions .stepper[data-holds~="{i}"]')
    if n and window.vwStepTo(n, i):  # amounts (render_panels._stepper): set for the player, then its button
        return (f"Click \u201c{a.get('label', a['t'])}\u201d (the amounts are set with − and +).",
                n.querySelector("[data-action]"), f"btn{i}")
    n = _first(f'#actions details.ent-place:has([data-holds~="{i}"]) > summary, '
               f'#actions section.grp:has([data-holds~="{i}"]) > .grp-toggle')
    if n:
        return f"Open \u201c{n.textContent}\u201d in the panel.", n, f"grp{i}"
    return f"Take \u201c{a.get('label', a['t'])}\u201d.", None, None


def _handover_note(step):
    """The hand-over screen hides the table and the guide box: it says what the next side will do."""
    note = q("#handover .guide-note")
    if step is None:
        if note:
            note.remove()
        return
    if not note:
        note = el("p", cls="guide-note", parent=q("#handover .dlg"))
    note.textContent = "Guided first turn, next: " + step["say"]


def para(parent, text, cls):
    return el("p", text=text, cls=cls, parent=parent)


def _visible(node):
    """Drawn and not folded away (a closed <details> keeps boxes for its hidden content)."""
    if not node or node.getClientRects().length == 0:
        return False
    shut = node.closest("details:not([open])")
    return not shut or bool(node.closest("summary"))


def _first(selector, root=document):
    for n in root.querySelectorAll(selector):
        if _visible(n):
            return n
    return None
