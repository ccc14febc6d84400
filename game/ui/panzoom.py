"""Pan (drag) and zoom (wheel, pinch, buttons) of the map by rewriting the view box of its <svg>s
(the map and the layers drawn over it, render_map.py); the pointer is followed on their container."""
import math

from pyodide.ffi import create_proxy

FIT = (80.0, 40.0, 960.0, 960.0)   # the playable area of the 1100x1032 map
MIN_W, MAX_W = 120.0, 1500.0
DRAG_PX = 5


class PanZoom:
    def __init__(self, svgs, box, fit=FIT):
        self.svg = svgs[0]  # the map: what is measured (all of them fill the box alike)
        self.svgs = tuple(svgs)
        self.box = box
        self.fit_box = tuple(fit)
        self.vb = list(self.fit_box)
        self.pointers = {}
        self.start = None
        self.dragging = False
        self.cover = False        # phones: the view box fills the map area, cropped (no letterbox)
        self.on_apply = []        # called after every change of the view box (phone.py: hit areas)
        self._proxies = []
        self._on("wheel", self.on_wheel, {"passive": False})
        # the pointer: Python is told of a press only once it drags or pinches (static/dom.js)
        from pyscript import window
        gate = [create_proxy(f) for f in (self.on_down, self.on_move, self.on_up)]
        self._proxies += [(None, p, False) for p in gate]
        self._ungate = window.vwPointerGate(self.box, DRAG_PX, *gate)
        self.apply()

    def _on(self, ev, fn, opts=None):
        from pyodide.ffi import to_js
        from pyscript import window
        p = create_proxy(fn)
        capture = bool(opts and opts.get("capture"))
        self._proxies.append((ev, p, capture))
        if opts:
            self.box.addEventListener(ev, p, to_js(opts, dict_converter=window.Object.fromEntries))
        else:
            self.box.addEventListener(ev, p)

    def close(self):
        """Stop following the pointer (a new game's map: its own PanZoom listens on the same box)."""
        self._ungate()
        for ev, p, capture in self._proxies:
            if ev is not None:
                self.box.removeEventListener(ev, p, capture)
            p.destroy()
        self._proxies = []

    def apply(self):
        x, y, w, h = self.vb
        vb = f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}"
        for svg in self.svgs:
            svg.setAttribute("viewBox", vb)
        for fn in self.on_apply:
            fn()

    def set_cover(self, cover):
        """Cover the map area with the view box (cropped, "slice") or show all of it ("meet")."""
        self.cover = bool(cover)
        for svg in self.svgs:
            svg.setAttribute("preserveAspectRatio", "xMidYMid slice" if cover else "xMidYMid meet")

    def units_per_px(self):
        r = self.svg.getBoundingClientRect()
        if r.width <= 0 or r.height <= 0:
            return 1.0
        k = (self.vb[2] / r.width, self.vb[3] / r.height)
        return min(k) if self.cover else max(k)

    def to_svg(self, cx, cy):
        r = self.svg.getBoundingClientRect()
        k = self.units_per_px()
        # viewBox is centred (xMidYMid meet or slice)
        x = self.vb[0] + self.vb[2] / 2 + (cx - (r.left + r.width / 2)) * k
        y = self.vb[1] + self.vb[3] / 2 + (cy - (r.top + r.height / 2)) * k
        return x, y

    def zoom(self, factor, cx=None, cy=None):
        x, y, w, h = self.vb
        nw = min(max(MAX_W, self.fit_box[2] * 1.1), max(MIN_W, w * factor))
        f = nw / w
        if cx is None:
            px, py = x + w / 2, y + h / 2
        else:
            px, py = self.to_svg(cx, cy)
        self.vb = [px - (px - x) * f, py - (py - y) * f, w * f, h * f]
        self.apply()

    def center(self, x, y, width=None):
        """Centre the view on (x, y); `width`: zoom in to at most this many units across."""
        _, _, w, h = self.vb
        if width is not None and w > width:
            h, w = h * width / w, width
        self.vb = [x - w / 2, y - h / 2, w, h]
        self.apply()

    def shows(self, x, y, margin=0.0):
        """Whether (x, y) lies in the view box, `margin` (a share of its size) in from each edge."""
        vx, vy, w, h = self.vb
        return vx + w * margin <= x <= vx + w * (1 - margin) and vy + h * margin <= y <= vy + h * (1 - margin)

    def fit(self):
        self.vb = list(self.fit_box)
        self.apply()

    def on_wheel(self, e):
        e.preventDefault()
        dy = e.deltaY * (16 if e.deltaMode == 1 else 1)
        self.zoom(math.exp(max(-300, min(300, dy)) * 0.0015), e.clientX, e.clientY)

    def on_down(self, e):
        self.pointers[e.pointerId] = (e.clientX, e.clientY)
        self.start = (e.clientX, e.clientY, list(self.vb), self._pinch())
        if len(self.pointers) == 1:
            self.dragging = False

    def _pinch(self):
        if len(self.pointers) < 2:
            return None
        (x1, y1), (x2, y2) = list(self.pointers.values())[:2]
        return math.hypot(x2 - x1, y2 - y1), (x1 + x2) / 2, (y1 + y2) / 2

    def on_move(self, e):
        if e.pointerId not in self.pointers or self.start is None:
            return
        self.pointers[e.pointerId] = (e.clientX, e.clientY)
        sx, sy, vb0, pinch0 = self.start
        if len(self.pointers) >= 2:
            pinch = self._pinch()
            if pinch0 is None:
                self.start = (sx, sy, list(self.vb), pinch)
                return
            self.dragging = True
            d0, mx0, my0 = pinch0
            d1, mx1, my1 = pinch
            if d1 > 0:
                self.vb = list(vb0)
                k = self.units_per_px()
                self.zoom(d0 / d1, mx1, my1)
                self.vb[0] -= (mx1 - mx0) * k
                self.vb[1] -= (my1 - my0) * k
                self.apply()
            return
        dx, dy = e.clientX - sx, e.clientY - sy
        if not self.dragging and math.hypot(dx, dy) < DRAG_PX:
            return
        if not self.dragging:
            self.dragging = True
            try:
                self.box.setPointerCapture(e.pointerId)
            except Exception:
                pass
        self.vb = list(vb0)
        k = self.units_per_px()
        self.vb[0] = vb0[0] - dx * k
        self.vb[1] = vb0[1] - dy * k
        self.apply()
        self.box.classList.add("panning")

    def on_up(self, e):
        """A pointer Python followed is lifted: whether it dragged (its click is then swallowed)."""
        self.pointers.pop(e.pointerId, None)
        dragged = self.dragging
        if not self.pointers:
            self.start = None
            self.dragging = False
            self.box.classList.remove("panning")
        else:
            px, py = list(self.pointers.values())[0]
            self.start = (px, py, list(self.vb), self._pinch())
        return dragged
