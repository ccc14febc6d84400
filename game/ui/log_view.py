"""The log (issue 9 item 7): folded by turn and phase, in play order inside each group, the
current turn and phase open and the older ones closed; a phase that logged nothing but its header
is folded away. Unit and place tokens (from the entries' `refs`) light their counter or place on
the map while hovered (or tapped); the dice light what the entry refers to. "Results only" keeps
dice, combat results, losses, reveals and track changes, without headers. Text goes in with
textContent only."""

from html import escape

from .dom import el, markup, q, window
from .log_model import PHASE, TURN, group_key, is_result, pieces, role_of, text_of

DIE = "⚀⚁⚂⚃⚄⚅"
LIT = "log-lit"


class LogView:
    """#log: an <ol> of turn groups; a turn holds its phase groups (and lines logged outside any
    phase); a phase holds its lines. Entries are appended as they come (`add`), `reset` empties it."""

    def __init__(self, node, get_map=None):
        self.node = node
        self.get_map = get_map or (lambda: None)
        self.user_open = {}   # group key -> open, as the player set it (kept across redraws)
        self.results_only = False
        self.lit = []
        self._wired = False
        self._tools()
        self.reset()

    # ---- structure ----------------------------------------------------------------------------
    def reset(self):
        self.node.replaceChildren()
        self.due = None        # lines waiting to be drawn after the frame (add(..., after_frame))
        self.count = 0
        self.turn_no = 0       # groups made so far (keys), not the game's turn numbers
        self.phase_no = None
        self.turn = None       # (li, body) of the current turn group
        self.phase = None      # (li, body) of the current phase group
        self.auto_open = []    # [(key, li)] the groups opened because they hold the newest line

    def _group(self, parent, key, cls, e, title):
        # made as markup, one call into the page instead of a dozen (issue 14: a Mike Force click
        # that runs the Communist phases opens several groups)
        head = markup("span", text=title, cls="lg-title") + (
            markup("span", text=str(e["rule"]), cls="log-rule") if e.get("rule") else "")
        parent.insertAdjacentHTML("beforeend", markup(
            "li", {"data-key": key, "data-turn": e.get("turn")}, cls=f"lg-grp {cls} quiet",
            inner=markup("button", {"type": "button", "data-log": "fold", "aria-expanded": "false"},
                         cls="lg-head", inner=head) + markup("ol", cls="lg-body")))
        li = parent.lastElementChild
        return li, li.lastElementChild, key

    def _turn(self, e, title):
        self.turn_no += 1
        self.phase_no = None
        self.phase = None
        self.turn = self._group(self.node, group_key(self.turn_no, None), "lg-turn", e, title)

    def _phase(self, e):
        if self.turn is None:
            self._turn(e, "Set-up")
        self.phase_no = (self.phase_no or 0) + 1
        self.phase = self._group(self.turn[1], group_key(self.turn_no, self.phase_no), "lg-phase", e, text_of(e))

    def _current(self, groups):
        """The groups holding the newest line open; the ones opened before them close, unless the
        player opened them. A phase that logged nothing yet changes nothing (it stays hidden)."""
        keys = [li.getAttribute("data-key") for li in groups]
        for key, li in self.auto_open:
            if key not in keys and key not in self.user_open:
                self._open(li, False)
        self.auto_open = list(zip(keys, groups))
        for key, li in self.auto_open:
            li.classList.remove("quiet")
            self._open(li, self.user_open.get(key, True))

    @staticmethod
    def _open(li, is_open):
        li.classList.toggle("open", is_open)
        li.firstElementChild.setAttribute("aria-expanded", "true" if is_open else "false")

    def add(self, entries, after_frame=None):
        """Append the entries' lines. With after_frame (the click clock's: run a function in the
        task after the frame that shows the click) and the log out of view (scrolled off the panel,
        in a closed tab), they are drawn there instead: the click's frame shows what is on the
        screen sooner (issue 14: the log was 1.4 ms of a First Team click's median, 2.6 of its
        p95, measured by leaving it out). Lines that come while some wait are queued behind them.
        The app publishes data-rev once they are drawn."""
        if self.due is not None:
            self.due.extend(entries)
            return
        if after_frame is not None and entries and not window.vwInView(self.node):
            self.due = list(entries)
            after_frame(self.draw_due)
            return
        self._draw(entries)

    def draw_due(self):
        due, self.due = self.due, None
        if due:
            self._draw(due)

    def _draw(self, entries):
        if not entries:
            return
        lines, into = [], None  # a group's new lines go in with one call (issue 14: a battle logs dozens)
        for e in entries:
            r = role_of(e)
            if r == TURN or r == PHASE:
                into = self._put(into, lines)
                if r == TURN:
                    self._turn(e, text_of(e))
                else:
                    self._phase(e)
                continue
            if self.turn is None:
                self._turn(e, "Set-up")
            parent = self.phase if self.phase is not None else self.turn
            if into is not parent[1]:
                self._put(into, lines)
                into = parent[1]
            lines.append(line_html(e))
            if not self.auto_open or self.auto_open[-1][0] != parent[2]:
                self._current([self.turn[0]] + ([self.phase[0]] if self.phase is not None else []))
            self.count += 1
        self._put(into, lines)
        # the newest lines in view, after the frame's layout (reading the height now would force
        # a layout on every click)
        window.vwScrollNextFrame(self.node, "", True)

    @staticmethod
    def _put(into, lines):
        if into is not None and lines:
            into.insertAdjacentHTML("beforeend", "".join(lines))
            lines.clear()
        return None

    # ---- the toolbar and the events ---------------------------------------------------------------
    def _tools(self):
        bar = q("#log-tools")
        if not bar:
            bar = el("div", attrs={"id": "log-tools", "class": "log-tools"})
            self.node.parentNode.insertBefore(bar, self.node)
        bar.replaceChildren()
        el("button", text="Results only", parent=bar, cls="log-filter",
           attrs={"type": "button", "data-log": "results", "aria-pressed": "false",
                  "title": "Show only dice, combat results, losses, reveals and track changes"})
        self.bar = bar
        if self._wired:
            return
        from pyodide.ffi import create_proxy
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_over), create_proxy(self.on_out)]
        for node in (bar, self.node):
            node.addEventListener("click", self._proxies[0])
        self.node.addEventListener("mouseover", self._proxies[1])
        self.node.addEventListener("mouseout", self._proxies[2])
        self.node.addEventListener("focusin", self._proxies[1])
        self.node.addEventListener("focusout", self._proxies[2])
        window.vwWatchInView(self.node)  # (add: lines out of view are drawn after the frame)
        self._wired = True

    def on_click(self, e):
        t = e.target
        b = (t.closest("[data-log]") or None) if hasattr(t, "closest") else None
        if b is not None and b.getAttribute("data-log") == "results":
            self.results_only = not self.results_only
            self.node.classList.toggle("results-only", self.results_only)
            b.setAttribute("aria-pressed", "true" if self.results_only else "false")
            return
        if b is not None and b.getAttribute("data-log") == "fold" and not t.closest(".log-rule"):
            # (a click on the header's rule citation opens its summary and leaves the group as it is)
            li = b.parentNode
            is_open = not li.classList.contains("open")
            self.user_open[li.getAttribute("data-key")] = is_open
            self._open(li, is_open)
            return
        tok = (t.closest("[data-refs]") or None) if hasattr(t, "closest") else None
        if tok is not None:  # a tap (phones have no hover): light it until the next tap
            self.light(tok)

    def on_over(self, e):
        t = e.target
        tok = (t.closest("[data-refs]") or None) if hasattr(t, "closest") else None
        if tok is not None:
            self.light(tok)

    def on_out(self, e):
        t = e.target
        if hasattr(t, "closest") and t.closest("[data-refs]"):
            self.unlight()

    # ---- lighting what a token names ------------------------------------------------------------
    def light(self, tok):
        self.unlight()
        for ref in (tok.getAttribute("data-refs") or "").split():
            kind, _, rid = ref.partition(":")
            for n in self.targets(kind, rid):
                n.classList.add(LIT)
                self.lit.append(n)
        tok.classList.add("tok-on")
        self.lit.append(tok)

    def unlight(self):
        for n in self.lit:
            n.classList.remove(LIT)
            n.classList.remove("tok-on")
        self.lit = []

    def targets(self, kind, rid):
        """The map elements a ref names: a unit's counter (or the stack it is in), the counter in a
        panel box list; a place's space or box on the map."""
        m = self.get_map()
        out = []
        if m is None:
            return out
        if kind == "u":
            key = _css(rid)
            c = m.svg.querySelector(f'[data-unit="{key}"]')
            if not c:
                c = m.svg.querySelector(f'[data-units~="{key}"]')  # under the top counter of a stack
            if c:
                out.append(c)
            box = q(f'#boxes [data-unit="{key}"]')
            if box:
                out.append(box)
        elif kind == "p" and rid in m.spaces:
            out.append(m.spaces[rid][2])
        return out


def _css(s):
    """An id inside a CSS attribute selector's quotes."""
    return str(s).replace("\\", "\\\\").replace('"', '\\"')


def line_html(e):
    """One log line: its dice (lighting what they refer to), its text with unit and place tokens,
    its rule citation. Text and attribute values escaped (dom.markup)."""
    refs = [r for r in (e.get("refs") or ()) if isinstance(r, (list, tuple)) and len(r) >= 3]
    out = ""
    if e.get("dice"):
        out += markup("span", {"title": "dice: " + ", ".join(map(str, e["dice"])),
                               "data-refs": " ".join(f"{r[0]}:{r[1]}" for r in refs) or None,
                               "tabindex": "0" if refs else None},
                      " ".join(DIE[x - 1] if 1 <= x <= 6 else str(x) for x in e["dice"]),
                      "log-dice" + (" tok" if refs else ""))
    text = "".join(markup("span", {"data-refs": f"{r[0]}:{r[1]}", "tabindex": "0"}, s, f"tok tok-{r[0]}")
                   if r is not None else escape(s, quote=False) for s, r in pieces(text_of(e), refs))
    out += markup("span", cls="log-text", inner=text)
    if e.get("rule"):
        out += markup("span", text=str(e["rule"]), cls="log-rule")
    return markup("li", {"data-n": e.get("n"), "data-turn": e.get("turn")}, cls="lg-line log-" + str(e.get("kind", "info"))
                  + (" lg-res" if is_result(e) else ""), inner=out)
