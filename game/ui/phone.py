"""The phone layout (issue 13 item 4), on screens up to 820 CSS px wide (body.phone):

- the map fills the screen above a bottom sheet, its view box covering it (no letterbox);
- the sheet (#panel) shows the prompt and the main button (#panel-head) at all times, the open
  inspector, the opponent's report and the battle display, and the actions while no place is lit
  on the map (a unit to choose first, a choice with no place); its handle, tapped or dragged,
  opens it over the map for the actions, the tracks, the boxes and the log, and closes it again;
- every lit target of the map gets an invisible hit area at least 44 CSS px across at the current
  zoom (a circle inside the target's own element, so a tap on it is a tap on the target); where
  two overlap, the tap goes to the nearer target, and a counter or ring drawn under the finger
  keeps its own tap;
- selecting a unit closes the sheet and zooms the map to the unit and its lit targets;
- a game with PHONE_VIEWS (First Team: the map and the Zone Display) gets tabs to switch views.

The desktop layout is untouched: nothing here runs while the screen is wide. A feature of the
controller's: after each redraw ("shown") it reads the table (the selection, its lit targets) and
works the screen's map; the input asks it what a tap is for (target())."""
from .dom import document, el, listen, q, window

QUERY = "(max-width: 820px)"   # the same width as the CSS's phone rules
HIT_PX = 23                    # hit-area radius in CSS px: 46 px across, the 44 px guideline with a margin
PAD_PX = 34                    # room kept around the selection and its targets when zooming to them
SHAPES = {"circle", "rect", "path", "polygon", "polyline", "ellipse", "line", "text", "image", "use"}
VISIBLE_TARGET = ".vw-hl, [data-unit], [data-choose], [data-action]"


def fit_box(ui, view=None):
    """The phone's view box at "fit": the game's named view, else its narrow fit, else its fit."""
    views = ui.PHONE_VIEWS
    if views:
        return next((box for key, _, box in views if key == view), views[0][2])
    return ui.FIT_NARROW or ui.FIT


class Phone:
    def __init__(self, ctl, screen):
        self.ctl = ctl
        self.screen = screen
        self.mq = window.matchMedia(QUERY)
        self.on = bool(self.mq.matches)
        self.view = None          # the PHONE_VIEWS key shown (First Team: "map" or "zones")
        self.last_sel = None
        self.from_panel = False   # the action drawn was pressed in the panel (Input._click)
        self.refit = None         # the view the last redraw asked for, again once the closed sheet resizes
        self.last_spread_shown = None  # the stack spread the map last panned to
        self.open = None          # (set_open below writes the page's state for the first time)
        self._drag = None
        self._dragged = False
        self.handle = q("#sheet-handle")
        self.panel = q("#panel")
        listen(self.mq, "change", self.on_media)
        listen(self.handle, "click", self.on_handle_click)
        listen(self.handle, "pointerdown", self.on_down)
        listen(self.handle, "pointermove", self.on_move)
        listen(self.handle, "pointerup", self.on_up)
        listen(self.handle, "pointercancel", self.on_up)
        from pyodide.ffi import create_proxy
        self._ro_fn = create_proxy(self.on_resize)
        window.ResizeObserver.new(self._ro_fn).observe(self.panel)
        # the hit areas' radius and the map's bottom are written on the elements they size, never
        # as a CSS variable on an ancestor of the map: a custom property is inherited, and one
        # changed on #map or #app had the browser restyle all of the map's elements, 10,000 on the
        # whole map of Vietnam, 40 ms a zoom (issue 47, a trace; a rule changed in a style sheet
        # of our own cost 5 ms of style sheet updates instead)
        self.hit_r = 23.0          # the hit areas' radius in map units (HIT_PX at this zoom)
        self.closed_h = 150.0      # the closed sheet's height: where the map ends
        document.body.classList.toggle("phone", self.on)
        self.set_open(False)
        ctl.on("shown", self.after_render)

    # ---- the map --------------------------------------------------------------------------------
    def fit_box(self, ui):
        """The view box PanZoom fits to: the phone's on a phone, else the game's own."""
        return fit_box(ui, self.view) if self.on else ui.FIT

    def use_map(self):
        """A new map (Screen.use_game): cover the area on a phone, hit areas follow the zoom, tabs."""
        pz = self.screen.pz
        pz.set_cover(self.on)
        pz.on_apply.append(self.on_zoom)  # after every change of view, a resized map's too
        self.view = None
        self.tabs()
        self.on_zoom()

    def on_media(self, e=None):
        """The screen crossed 820 px (a rotation, a resized window): switch layouts."""
        self.on = bool(self.mq.matches)
        document.body.classList.toggle("phone", self.on)
        pz = self.screen.pz
        if pz is None:
            return
        pz.set_cover(self.on)
        pz.fit_box = tuple(self.fit_box(self.ctl.ui))
        pz.fit()
        self.set_open(False)
        self.tabs()
        if not self.on:
            for n in self.screen.map.svg.querySelectorAll(".hit"):
                n.remove()
            q("#map-wrap").style.removeProperty("bottom")
        else:
            q("#map-wrap").style.bottom = f"{self.closed_h:.0f}px"
            self.hit_areas()

    def on_zoom(self):
        """After every change of the view box: the hit areas' radius in map units, the tab lit."""
        if not self.on:
            return
        pz = self.screen.pz
        r = round(HIT_PX * pz.units_per_px(), 2)
        if r != self.hit_r:
            self.hit_r = r
            window.vwHitRadius(self.screen.map.svg, f"{r:g}")
        views = self.ctl.ui.PHONE_VIEWS
        if views:  # the tab of the view holding the centre of the screen
            cx, cy = pz.vb[0] + pz.vb[2] / 2, pz.vb[1] + pz.vb[3] / 2
            shown = next((k for k, _, (x, y, w, h) in views if x <= cx <= x + w), None)
            for b in q("#map-views").querySelectorAll("[data-view]"):
                b.setAttribute("aria-selected", "true" if b.getAttribute("data-view") == shown else "false")

    def tabs(self):
        """The view tabs over the map (First Team: Map / Zone Display), for games with PHONE_VIEWS."""
        box = q("#map-views")
        if not box:  # (a missing node is JsNull, not None)
            box = el("div", attrs={"id": "map-views", "role": "tablist", "aria-label": "Map views"})
            q("#map-wrap").appendChild(box)
            listen(box, "click", self.on_tab)
        box.replaceChildren()
        views = self.ctl.ui.PHONE_VIEWS
        box.hidden = not (self.on and views)
        for key, label, _ in views or ():
            el("button", text=label, parent=box,
               attrs={"type": "button", "role": "tab", "data-view": key, "aria-selected": "false"})

    def on_tab(self, e):
        b = e.target.closest("[data-view]")
        if b:
            self.show_view(b.getAttribute("data-view"))

    def show_view(self, key):
        self.view = key
        pz = self.screen.pz
        pz.fit_box = tuple(fit_box(self.ctl.ui, key))
        pz.fit()

    def hit_areas(self):
        """An invisible circle under every lit target (its first child, so a tap on it is a tap on
        the target); its radius is HIT_PX screen pixels (written at every zoom: on_zoom)."""
        if not self.on or self.screen.map is None:
            return
        window.vwHitAreas(self.screen.map.svg, ".vw-hl, #vw-pieces .ctr.act, #vw-pieces .ctr.sel", f"{self.hit_r:g}")
        # no place lit on the map (a unit or a pool entry to choose first, or a choice with no place):
        # the closed sheet shows the actions too
        places = self.screen.map.svg.querySelector(".vw-hl")
        document.body.dataset.mapTargets = "1" if places else "0"

    def target(self, e):
        """The element a map tap is for: where the finger is on a hit area only, the lit target
        whose centre is nearest (a drawn counter or ring under the finger keeps its own tap)."""
        t = e.target
        if not self.on or not hasattr(t, "classList") or not t.classList.contains("hit"):
            return t
        x, y = e.clientX, e.clientY
        best, best_d, drawn = t, None, None
        for n in document.elementsFromPoint(x, y):
            if n.classList.contains("hit"):
                r = n.getBoundingClientRect()
                d = (r.left + r.width / 2 - x) ** 2 + (r.top + r.height / 2 - y) ** 2
                if best_d is None or d < best_d:
                    best, best_d = n, d
            elif drawn is None and str(n.tagName).lower() in SHAPES:
                drawn = n
        if drawn is not None and drawn.closest(VISIBLE_TARGET):
            return drawn
        return best

    def focus_selection(self):
        """Zoom to the selected unit and its lit targets: all of them, closer than fit but never so
        close that a counter (30 units) is over 44 px across; when they do not all fit in a view the
        map's drawing covers (First Team: a unit in An Khe, its LZs across the map), the targets."""
        ctl, sc = self.ctl, self.screen
        if not self.on or ctl.selected is None or sc.map is None:
            return
        sel_ = ctl.selected
        here = [sel_[3:]] if sel_.startswith("at:") else [
            place for place, pieces in ctl.stacks.items() if any(p.get("id") == sel_ for p in pieces)]
        spaces = sc.map.spaces
        targets = [spaces[k][:2] for k in ctl.hl if k in spaces]
        pts = targets + [spaces[k][:2] for k in here if k in spaces]
        if not pts:
            return
        pz = sc.pz
        r = pz.box.getBoundingClientRect()
        if r.width <= 0 or r.height <= 0:
            return
        aspect = r.width / r.height
        ex = pz.svg.getBBox()  # the map's drawing
        widest = min(ex.width, ex.height * aspect)
        k_max = 30.0 / 44.0  # map units per px when a counter is 44 px across
        pad = PAD_PX * k_max + 30.0

        def need(ps):
            xs, ys = [p[0] for p in ps], [p[1] for p in ps]
            w = max(max(xs) - min(xs) + 2 * pad, (max(ys) - min(ys) + 2 * pad) * aspect, r.width * k_max)
            return w, (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        w, cx, cy = need(pts)
        if w > widest and targets:
            w, cx, cy = need(targets)
        w = min(w, max(widest, r.width * k_max))
        h = w / aspect
        x, y = cx - w / 2, cy - h / 2
        if w <= ex.width:  # the view stays on the drawing where it can (no empty band)
            x = min(max(x, ex.x), ex.x + ex.width - w)
        if h <= ex.height:
            y = min(max(y, ex.y), ex.y + ex.height - h)
        pz.vb = [x, y, w, h]
        pz.apply()

    def show_targets(self):
        """The least pan that brings the lit places into view (as many as the screen holds, from
        their middle), kept on the map's drawing; the zoom is the player's (issue 45 item 8:
        targets at the screen's edge were cut)."""
        sc = self.screen
        if sc.map is None:
            return
        pts = [sc.map.spaces[k][:2] for k in self.ctl.hl if k in sc.map.spaces]
        if pts:
            self._pan_into([p[0] for p in pts], [p[1] for p in pts], 40.0)  # (a place's ring)

    def show_spread(self):
        """The least pan that brings a stack spread on the map into view, all its counters (its fan
        rises over the place: Starlite's 5118 spread under the top of a map the inspector had
        shortened)."""
        sc = self.screen
        node = sc.map.stack_nodes.get(self.ctl.expanded) if sc.map is not None else None
        if node is None:
            return
        b = node.getBBox()  # (the stack's counters are drawn in the map's own units)
        if b.width > 0:
            self._pan_into([b.x, b.x + b.width], [b.y, b.y + b.height], 6.0)

    def _pan_into(self, xs, ys, m):
        """The least pan putting [min(xs), max(xs)] x [min(ys), max(ys)] (map units) at least `m`
        inside the screen, or their middle at its centre where they do not fit; kept on the map's
        drawing."""
        sc = self.screen
        pz = sc.pz
        r = pz.box.getBoundingClientRect()  # the box now (its ResizeObserver reports it later): a
        if r.width > 0 and r.height > 0:    # taller box crops a covering view more
            pz.size = (r.width, r.height)
        x, y, w, h = pz.vb
        k = pz.units_per_px()
        sw, sh = pz.size[0] * k, pz.size[1] * k  # what the screen shows (a phone covers: vb is cropped)

        def shift(lo, hi, c, size):  # the least move of the centre putting [lo, hi] inside the screen
            inner0, inner1 = c - size / 2 + m, c + size / 2 - m
            if hi - lo > inner1 - inner0:
                return (lo + hi) / 2 - c
            return min(0.0, lo - inner0) + max(0.0, hi - inner1)
        dx = shift(min(xs), max(xs), x + w / 2, sw)
        dy = shift(min(ys), max(ys), y + h / 2, sh)
        if not dx and not dy:
            return
        x, y = x + dx, y + dy
        ex = pz.svg.getBBox()  # the map's drawing: no empty band where it can be avoided
        if sw <= ex.width:
            x = min(max(x + w / 2, ex.x + sw / 2), ex.x + ex.width - sw / 2) - w / 2
        if sh <= ex.height:
            y = min(max(y + h / 2, ex.y + sh / 2), ex.y + ex.height - sh / 2) - h / 2
        pz.vb = [x, y, w, h]
        pz.apply()

    def after_render(self):
        """After every redraw: hit areas on the new targets; a new selection closes the sheet and
        zooms the map to it (in the next frame, once the sheet has its new height)."""
        selected = self.ctl.selected
        if not self.on:
            self.last_sel = selected
            return
        self.hit_areas()
        self.refit = None
        from_panel, self.from_panel = self.from_panel, False
        if from_panel and selected == self.last_sel and document.body.dataset.mapTargets == "1":
            # an action pressed in the panel left places to choose on the map: the sheet makes way
            # for them and the map pans them into view (issue 45 item 8: the sheet stayed open over
            # the next targets; a unit picked from the closed sheet had its steps off the screen)
            self.set_open(False)
            self.fit_next_frame(self.show_targets)
        if selected != self.last_sel:
            self.last_sel = selected
            if selected is not None:
                self.set_open(False)
                self.fit_next_frame(self.focus_selection)
        spread = self.ctl.expanded
        if spread is not None and spread != self.last_spread_shown:
            # a stack spread: its counters into view, after any zoom to a selection (the inspector
            # the closed sheet then shows shortens the map)
            self.fit_next_frame(self.show_spread)
        self.last_spread_shown = spread

    def fit_next_frame(self, fit):
        """`fit` the map in the next frame, once the sheet has its new height, and once more (after
        any fit asked before it in this redraw) if the closed sheet then changes height (`refit`)."""
        before = self.refit
        self.refit = fit if before is None else (lambda: (before(), fit()))
        from pyodide.ffi import create_once_callable
        window.requestAnimationFrame(create_once_callable(lambda *_: fit()))

    # ---- the sheet ------------------------------------------------------------------------------
    def set_open(self, is_open):
        """Open or close the sheet (closed: scrolled back to its top). A selection asks it closed at
        every click: the page is written only where that changes something, and a closed sheet's
        scroll is looked at in the frame (written in the handler, it laid the page out then and
        there)."""
        was, self.open = self.open, bool(is_open)
        self.panel.style.removeProperty("height")  # (a drag's)
        if was != self.open:
            self.panel.classList.toggle("sheet-open", self.open)  # not "open": see phone.css
            document.body.dataset.sheet = "open" if self.open else "closed"
            self.handle.setAttribute("aria-expanded", "true" if self.open else "false")
            self.handle.querySelector(".sheet-label").textContent = (
                "Back to the map" if self.open else "Actions, tracks, boxes and log")
        if not self.open and was:
            self.panel.scrollTop = 0
        elif not self.open:  # closed already: back to its top if scrolled, read in the frame (laid out by then)
            from pyodide.ffi import create_once_callable
            window.requestAnimationFrame(create_once_callable(lambda *_: self._to_top()))

    def _to_top(self):
        if self.panel.scrollTop:
            self.panel.scrollTop = 0

    def on_resize(self, entries, *_):
        """The closed sheet's height (it changes with the prompt) is where the map ends."""
        if self.on and not self.open and self._drag is None:
            h = self.panel.getBoundingClientRect().height
            if round(h) != round(self.closed_h):
                self.closed_h = h
                q("#map-wrap").style.bottom = f"{h:.0f}px"
                refit, self.refit = self.refit, None
                if refit is not None:
                    # the closed sheet changed height after the view was fitted (its action list
                    # gone once places are lit, an inspector shown): the map's box with it, and a
                    # covering view cropped its edges (issue 45 item 8); once, so that a later
                    # resize never undoes the player's own pan
                    refit()

    def on_handle_click(self, e):
        if self._dragged:  # the click ending a drag: the drag decided
            self._dragged = False
            return
        self.set_open(not self.open)

    def on_down(self, e):
        self._dragged = False
        self._drag = (e.clientY, self.panel.getBoundingClientRect().height)
        try:
            self.handle.setPointerCapture(e.pointerId)
        except Exception:
            pass

    def on_move(self, e):
        if self._drag is None:
            return
        y0, h0 = self._drag
        dy = e.clientY - y0
        if not self._dragged and abs(dy) < 6:
            return
        self._dragged = True
        app_h = q("#app").getBoundingClientRect().height
        self.panel.style.height = f"{max(60, min(app_h, h0 - dy)):.0f}px"  # the sheet follows the finger

    def on_up(self, e):
        if self._drag is None:
            return
        y0, h0 = self._drag
        self._drag = None
        if self._dragged:
            h = h0 - (e.clientY - y0)
            app_h = q("#app").getBoundingClientRect().height
            self.set_open(h > (self.closed_h + app_h * 0.82) / 2)  # the nearer of the two heights
