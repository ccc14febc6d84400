"""Keyboard and screen readers (issue 13 item 5), the browser side.

The map's targets are its [data-kbd] elements (render_map marks them as it draws them): the lit
places ("hl:<place>"), and the counters ("u:<piece>"; those that can act carry the class "act").
One of them at a time is in the Tab order (a roving tabindex); while one has the focus, Tab and
Shift+Tab move over the lit ones (keynav.tab_order), the arrow keys to the nearest target or stack
that way, and Enter or Space clicks it: the input's own click handler does the rest, so a key does
exactly what a click does. A ring drawn over the map shows the target in focus; a mouse press never
focuses a target (no ring for the mouse). While the player works the map by keyboard the focus
stays there across redraws. The zoom buttons never keep the focus (it goes back where it was);
+ - 0 zoom by key, m goes to the map, n presses the main button.

A feature of the controller's: it listens to its redraws ("before", "drawn") and reads the table
(the selection, the match); it draws the ring on the screen's map."""
from pyodide.ffi import to_js

from . import keynav
from .dom import document, el, listen, q, sel, window

RING_PAD_PX = 4


def _opts(**kw):
    return to_js(kw, dict_converter=window.Object.fromEntries)


def _is_body(node):  # (a JsProxy is a new object at every access: `is` cannot compare them)
    return bool(node) and str(getattr(node, "tagName", "")).upper() == "BODY"


def _within(node, selector):
    return bool(node) and hasattr(node, "closest") and bool(node.closest(selector))


class Keys:
    def __init__(self, ctl, screen):
        self.ctl = ctl
        self.screen = screen
        self._kbd = False       # the last input was a key (a mouse press ends it)
        self._keep = False      # the player works the map by keyboard: a redraw keeps the focus there
        self.came = None        # the redraw follows a key on a panel control: "select" (a unit) or "act"
        self.last = None        # the key of the map target last in focus
        self.sel_shown = None   # the selection at the last redraw: a new one sends the focus to its targets
        self.back = False       # the last Tab went backwards
        self.prev = None        # the element in focus before a zoom button took it
        self.tabbing = False    # a Tab the browser moves the focus for (into the map from outside)
        listen(document, "keydown", self.on_key, True)  # before the input's own keys
        listen(document, "focusin", self.on_focusin)
        listen(document, "focusout", self.on_focusout)
        for b in document.querySelectorAll(".zoom button"):
            b.setAttribute("tabindex", "-1")  # zoom by + - 0 instead: the buttons stay out of the Tab order
        self.help(q("#help-keys"))
        screen.keyboard = self  # (a redraw the keyboard made does its later() work at once)
        ctl.on("before", self.before_render)
        ctl.on("drawn", self.after_render)

    # ---- the targets ---------------------------------------------------------------------------
    def svg(self):
        """The map's layers (render_map.py): where the focus ring is drawn."""
        m = self.screen.map
        return m.svg if m is not None else None

    def root(self):
        """The map and its layers (the targets are in both: places in the map, the rest over it)."""
        m = self.screen.map
        return m.box if m is not None else None

    def nodes(self):
        root = self.root()
        return list(root.querySelectorAll("[data-kbd]")) if root else []

    def node(self, key):
        root = self.root()
        if not root or not key:
            return None
        n = root.querySelector(f'[data-kbd="{key}"]')
        return n if n else None

    def items(self):
        """Every target with its centre on the screen and its kind: a lit place ("target"), a
        counter that can act ("act"), another stack ("stack"). A counter on a lit place is reached
        through the place (a click on it offers the place too)."""
        out = []
        lit = set()
        nodes = self.nodes()
        for n in nodes:
            k = n.getAttribute("data-kbd")
            if k.startswith("hl:"):
                lit.add(k[3:])
        for n in nodes:
            k = n.getAttribute("data-kbd")
            if k.startswith("u:"):
                st = n.closest("[data-stack]")
                if st and st.getAttribute("data-stack") in lit and self.ctl.selected is not None:
                    continue
                kind = "act" if n.classList.contains("act") else "stack"
            else:
                kind = "target"
            r = n.getBoundingClientRect()
            if r.width == 0 and r.height == 0:
                continue
            out.append({"key": k, "kind": kind, "x": r.left + r.width / 2, "y": r.top + r.height / 2})
        return out

    def order(self):
        return keynav.tab_order(self.items())

    def focus(self, key):
        n = self.node(key)
        if not n:
            return False
        n.focus(_opts(preventScroll=True))
        return True

    def first(self):
        """The first target Tab reaches (any counter when nothing is lit)."""
        order = self.order()
        if order:
            return order[0]
        nodes = self.nodes()
        return nodes[0].getAttribute("data-kbd") if nodes else None

    # ---- events --------------------------------------------------------------------------------
    # A mouse press ends the keyboard's turn (kbd and keep false). static/dom.js notes the press
    # (window.vwPressed; it also keeps the press from focusing a map target or a zoom button) and
    # the flags take it in when next read or written: the same as a Python listener at the press,
    # without a call into Python at every press (issue 14).
    def _pressed(self):
        if window.vwPressed:
            window.vwPressed = False
            self._kbd = self._keep = False

    @property
    def kbd(self):
        self._pressed()
        return self._kbd

    @kbd.setter
    def kbd(self, v):
        self._pressed()
        self._kbd = v

    @property
    def keep(self):
        self._pressed()
        return self._keep

    @keep.setter
    def keep(self, v):
        self._pressed()
        self._keep = v

    def on_focusin(self, e):
        t = e.target
        if _within(t, ".zoom"):  # a zoom button never keeps the focus: back where it was
            p = self.prev
            if p and p.isConnected and not _within(p, ".zoom"):
                p.focus(_opts(preventScroll=True))
            else:
                t.blur()
            return
        self.prev = t
        if not _within(t, "#map [data-kbd]"):
            if not _within(t, "#chooser, #confirm-dlg, #handover") and not _is_body(t):
                self.keep = False  # the player went elsewhere (the panel)
            return
        key = t.getAttribute("data-kbd")
        tabbed, self.tabbing = self.tabbing, False
        if tabbed and not _within(e.relatedTarget, "#map") and key != self.last:
            order = self.order()  # Tab into the map: its first lit target (Shift+Tab: its last)
            go = (order[-1] if self.back else order[0]) if order else None
            if go and go != key and self.focus(go):
                return
        self.keep = True
        self.last = key
        for n in self.root().querySelectorAll('[data-kbd][tabindex="0"]'):
            if n.getAttribute("data-kbd") != key:
                n.setAttribute("tabindex", "-1")
        t.setAttribute("tabindex", "0")
        self.into_view(t)
        self.ring(t)

    def on_focusout(self, e):
        if _within(e.target, "#map [data-kbd]"):
            self.ring(None)

    def on_key(self, e):
        ctl, sc = self.ctl, self.screen
        t = e.target
        tag = str(t.tagName or "").lower() if hasattr(t, "tagName") else ""
        if tag in ("input", "select", "textarea"):
            return
        self.kbd = True
        if e.ctrlKey or e.metaKey or e.altKey or ctl.m is None or not q("#start-screen").hidden \
                or ctl.past is not None:  # the history viewer has its own keys (replay.py)
            return
        key = e.key
        self.tabbing = False
        item = t if _within(t, "#map [data-kbd]") else None
        if key == "Tab":
            self.back = bool(e.shiftKey)
            if item:
                nxt = keynav.step(self.order(), item.getAttribute("data-kbd"), self.back)
                if nxt and self.focus(nxt):
                    self._stop(e)
                    return
            self.tabbing = True
            return  # past either end: the browser's Tab leaves the map
        if key in ("Enter", " ") and (item or _within(t, "#inspector [data-unit]")):
            self._stop(e)
            self.activate(t)
            return
        if item and key in keynav.DIRS:
            self._stop(e)
            nxt = keynav.nearest(self.items(), item.getAttribute("data-kbd"), key)
            if nxt:
                self.focus(nxt)
            return
        if key == "Escape" and not q("#chooser").hidden and self.keep:
            self._stop(e)  # the chooser closes, the focus goes back to the place it was opened on
            sc.close_chooser()
            self.focus(self.last) or self.focus(self.first())
            return
        if any(not q(s).hidden for s in ("#handover", "#confirm-dlg", "#saves-dlg", "#help-dlg", "#chooser")) \
                or ctl.v is None:
            return
        if key == "m":
            self._stop(e)
            k = self.first()
            if not (k and self.focus(k)):
                sc.flash("Nothing on the map to choose now: see the panel")
        elif key == "n":
            self._stop(e)
            self.press_main()
        elif key in ("+", "="):
            self._stop(e)
            sc.pz.zoom(1 / 1.4)
        elif key in ("-", "_"):
            self._stop(e)
            sc.pz.zoom(1.4)
        elif key == "0":
            self._stop(e)
            sc.pz.fit()

    @staticmethod
    def _stop(e):
        e.preventDefault()
        e.stopImmediatePropagation()

    def activate(self, node):
        """A click on the target, at its centre (a chooser opens beside it), as the mouse would."""
        r = node.getBoundingClientRect()
        self.keep = True
        ev = window.MouseEvent.new("click", _opts(bubbles=True, cancelable=True, view=window,
                                                  clientX=r.left + r.width / 2, clientY=r.top + r.height / 2))
        node.dispatchEvent(ev)

    def press_main(self):
        """The main button: the first big button on top of the panel (or of a game's dialog)."""
        b = q("#main-acts .primary[data-action], #actions .dlg-main [data-action]")
        if b:
            b.click()
        else:
            self.screen.flash("No main button now: the panel lists what to do")

    # ---- redraws -------------------------------------------------------------------------------
    SELECTORS = "#actions [data-cmd='pick'], #boxes [data-kind], #inspector [data-unit]"  # choose a unit

    def before_render(self):
        """Where the keyboard was when a redraw starts: on the map (or its chooser), on a panel
        control that selects a unit, or on a panel action (the redraw removes the two last)."""
        ae = document.activeElement
        self.came = None
        if not self.kbd:
            return
        if _within(ae, "#map [data-kbd], #chooser"):
            self.keep = True
        elif _within(ae, self.SELECTORS):
            self.came = "select"
        elif _within(ae, "#panel [data-action]"):
            self.came = "act"

    def after_render(self):
        """One target in the Tab order (the last in focus, else the first lit one); and when the
        redraw took the keyboard's focus away, where the player goes on: a unit just selected, its
        first lit target (else its actions in the panel); on the map, the same target (else the
        first); after an action from the panel, the first lit target, if any."""
        if not (self.kbd or self.keep or self.came):
            # the mouse's redraw: only the tab stop and a stale ring to mend, which the screen does
            # not show, so after the frame (issue 14: two searches of the whole map, 0.3 ms a click)
            self.sel_shown = self.ctl.selected
            self.screen.later(self._tab_stop)
            return
        try:
            self._after_render()
        finally:
            self.sel_shown = self.ctl.selected
            self.came = None

    def _tab_stop(self):
        """After a redraw: no focus ring left on a target redrawn away, and one target in the Tab
        order (the last in focus, else the first lit one). False: no map."""
        svg, root = self.svg(), self.root()
        if not svg:
            return False
        layer = svg.querySelector("#vw-focus")
        ae = document.activeElement
        if layer and layer.getAttribute("data-for") != (ae.getAttribute("data-kbd") if _within(ae, "#map") else None):
            layer.replaceChildren()  # its target was redrawn away: no ring left behind
            layer.removeAttribute("data-for")
        for n in root.querySelectorAll('[data-kbd][tabindex="0"]'):
            n.setAttribute("tabindex", "-1")
        rov = self.node(self.last) or root.querySelector(".vw-hl[data-kbd]") \
            or root.querySelector(".act[data-kbd]") or root.querySelector("[data-kbd]")
        if rov:
            rov.setAttribute("tabindex", "0")
        return True

    def _after_render(self):
        if not self._tab_stop() or not (self.keep or self.came):
            return
        ae = document.activeElement
        lost = (not ae) or _is_body(ae) or not ae.isConnected or not ae.getClientRects().length \
            or _within(ae, "#map")
        if not lost:  # a dialog or the chooser took it: leave it there
            return
        sel_ = self.ctl.selected
        chose = sel_ is not None and (sel_ != self.sel_shown or self.came == "select")
        order = self.order()
        lit = order[0] if order and order[0].startswith("hl:") else None
        if chose or self.came:
            if lit:
                key = lit
            else:
                b = q("#actions [data-action]") if chose else None  # no map target: its actions in the panel
                if b:
                    b.focus()
                return
        else:
            key = self.last if self.node(self.last) else self.first()
        if key:
            self.keep = True
            self.focus(key)

    # ---- what the player sees --------------------------------------------------------------------
    def into_view(self, node):
        """Pan the map so that the target in focus is on the screen (phones show part of it)."""
        svg = self.svg()
        pz = self.screen.pz
        if not svg or pz is None:
            return
        r, box = node.getBoundingClientRect(), pz.box.getBoundingClientRect()  # (the svg is transformed)
        cx, cy = r.left + r.width / 2, r.top + r.height / 2
        m = 10
        if box.left + m <= cx <= box.right - m and box.top + m <= cy <= box.bottom - m:
            return
        x, y = pz.to_svg(cx, cy)
        pz.center(x, y)

    def ring(self, node):
        """The focus ring: a dark and a bright outline around the target, over everything."""
        svg = self.svg()
        if not svg:
            return
        layer = svg.querySelector("#vw-focus")
        if not layer:
            layer = sel("g", {"id": "vw-focus", "pointer-events": "none", "aria-hidden": "true"})
        svg.appendChild(layer)  # on top of the layers drawn since
        layer.replaceChildren()
        layer.removeAttribute("data-for")
        if node is None:
            return
        b = node.getBBox()
        m = svg.getScreenCTM().inverse().multiply(node.getScreenCTM())
        xs, ys = [], []
        for px, py in ((b.x, b.y), (b.x + b.width, b.y), (b.x, b.y + b.height), (b.x + b.width, b.y + b.height)):
            xs.append(m.a * px + m.c * py + m.e)
            ys.append(m.b * px + m.d * py + m.f)
        pad = RING_PAD_PX * self.screen.pz.units_per_px()
        x0, y0 = min(xs) - pad, min(ys) - pad
        w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        for cls in ("focus-ring-out", "focus-ring-in"):
            sel("rect", {"x": f"{x0:.1f}", "y": f"{y0:.1f}", "width": f"{w:.1f}", "height": f"{h:.1f}",
                         "rx": f"{min(w, h) / 4:.1f}", "class": cls}, parent=layer)
        layer.setAttribute("data-for", node.getAttribute("data-kbd"))

    def help(self, root):
        """The keys, in Help > Using this screen."""
        if not root:
            return
        root.replaceChildren()
        for k, what in keynav.KEYS:
            li = el("li", parent=root)
            for i, part in enumerate(k.split(" / ")):
                if i:
                    li.appendChild(document.createTextNode(" / "))
                el("kbd", text=part, parent=li)
            li.appendChild(document.createTextNode(": " + what))
