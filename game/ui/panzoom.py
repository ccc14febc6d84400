"""Pan (drag) and zoom (wheel, pinch, buttons) of the map; the pointer is followed on the map's box.

`vb`, the part of the map in view (map units), is shown by a CSS transform of the map's <svg>s (the
map and the layers drawn over it, render_map.py), never by their view box, which stays what it was
drawn with (`base`). A new view box makes Chromium lay the whole map out again, every text of it
shaped anew at a new zoom: 15-25 ms of the clicks that pan to the opponent's report, and
at every frame of a drag. A transform is painted again, not laid out (issue 14)."""
import math

from pyodide.ffi import create_proxy

from .counters import S as COUNTER

FIT = (80.0, 40.0, 960.0, 960.0)   # the playable area of the 1100x1032 map
MIN_W, MAX_W = 120.0, 1500.0
DRAG_PX = 5


class PanZoom:
    def __init__(self, svgs, box, fit=FIT, far=None):
        from pyscript import window
        self.svg = svgs[0]  # the map (its drawing is measured: phone.py)
        self.svgs = tuple(svgs)
        self.box = box      # what the svgs fill, untransformed: the map's area on the screen
        self.fit_box = tuple(fit)
        self.vb = list(self.fit_box)
        self.base = _view_box(self.svg) or self.fit_box  # the svgs' own view box, for good
        for svg in self.svgs:
            svg.setAttribute("viewBox", " ".join(f"{v:g}" for v in self.base))
            svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        r = box.getBoundingClientRect()
        self.size = (r.width, r.height)  # the box's, kept by a ResizeObserver (no layout read at a view change)
        self.drawn = self.size  # the svgs' size in px (100% of the box until the observer first reports)
        self._sized = False
        self.pointers = {}
        self.start = None
        self.dragging = False
        self.cover = False        # phones: the view box fills the map area, cropped (no letterbox)
        self.on_apply = []        # called after every change of the view box (phone.py: hit areas)
        # level of detail (a map's MAPS "far", in px): counters drawn narrower than that show no
        # text (box[data-far], app.css). Fitted, a campaign's counters are 7 px wide, their texts
        # unreadable, and painting them was a quarter of a click's frame (issue 47)
        self.far = far
        self._far = None
        self._proxies = []
        self._on("wheel", self.on_wheel, {"passive": False})
        # the pointer: Python is told of a press only once it drags or pinches (static/dom.js)
        gate = [create_proxy(f) for f in (self.on_down, self.on_move, self.on_up)]
        self._proxies += [(None, p, False) for p in gate]
        self._ungate = window.vwPointerGate(self.box, DRAG_PX, *gate)
        resized = create_proxy(self._on_resize)
        self._proxies.append((None, resized, False))
        self._ro = window.ResizeObserver.new(resized)
        self._ro.observe(self.box)
        self.apply()

    def _on_resize(self, entries, *_):
        """The box resized: the svgs fill it, sized in pixels (sized in percent, Chromium laid the
        whole map out again, every text twice, whenever anything in the page was laid out: 7-15 ms
        a First Team click), and the view is shown again at the new size. A box only made shorter
        keeps its svgs, cut at its bottom: a phone's closed sheet grows and shrinks as the
        inspector comes and goes, and each new size of the svgs laid the whole map out again
        (4-5 ms of a click's frame on a campaign's map, issue 47)."""
        r = entries[0].contentRect
        if r.width <= 0 or r.height <= 0:
            return
        if not self._sized or r.width != self.drawn[0] or r.height > self.drawn[1]:
            self._sized = True
            self.drawn = (r.width, r.height)
            for svg in self.svgs:
                svg.style.width = f"{r.width}px"
                svg.style.height = f"{r.height}px"
        if (r.width, r.height) != self.size:
            self.size = (r.width, r.height)
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
        self._ro.disconnect()
        for ev, p, capture in self._proxies:
            if ev is not None:
                self.box.removeEventListener(ev, p, capture)
            p.destroy()
        self._proxies = []

    def apply(self):
        """Show `vb`, centred in the box ("meet": all of it; "cover": the box filled, cropped).
        The svgs show `base` centred and met (k0 px a unit); the transform, about their centre,
        scales that to k1 px a unit and moves vb's centre to the box's."""
        x, y, w, h = self.vb
        bw, bh = self.size
        sw, sh = self.drawn
        if bw > 0 and bh > 0 and w > 0 and h > 0 and sw > 0 and sh > 0:
            b = self.base
            k0 = min(sw / b[2], sh / b[3])
            k1 = 1.0 / self.units_per_px()
            # (svgs taller than the box, _on_resize: their centre is below the box's)
            tx = (b[0] + b[2] / 2 - (x + w / 2)) * k1 + (bw - sw) / 2
            ty = (b[1] + b[3] / 2 - (y + h / 2)) * k1 + (bh - sh) / 2
            t = f"translate({tx:.2f}px, {ty:.2f}px) scale({k1 / k0:.6f})"
            for svg in self.svgs:
                svg.style.transform = t
        self.box.dataset.vb = f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}"  # the view box shown (tests read it)
        far = bool(self.far) and COUNTER / self.units_per_px() < self.far
        if far != self._far:
            self._far = far
            self.box.toggleAttribute("data-far", far)
        for fn in self.on_apply:
            fn()

    def set_cover(self, cover):
        """Cover the map area with the view box (cropped) or show all of it (letterboxed)."""
        self.cover = bool(cover)
        self.apply()

    def units_per_px(self):
        bw, bh = self.size
        if bw <= 0 or bh <= 0:
            return 1.0
        k = (self.vb[2] / bw, self.vb[3] / bh)
        return min(k) if self.cover else max(k)

    def to_svg(self, cx, cy):
        r = self.box.getBoundingClientRect()
        k = self.units_per_px()
        # the view box is centred in the box
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
        x, y = self._inside(x, y, w, h)
        self.vb = [x - w / 2, y - h / 2, w, h]
        self.apply()

    def _inside(self, x, y, w, h):
        """The centre (x, y) moved so that the part of the map on the screen stays on the drawn map
        where it can (a battle at the edge of Masher's map showed a white void beyond the sea,
        issue 45 item 8): the screen shows more than vb along one axis ("meet")."""
        bw, bh = self.size
        if bw <= 0 or bh <= 0:
            return x, y
        k = min(w / bw, h / bh) if self.cover else max(w / bw, h / bh)
        out = []
        for c, seen, lo, size in ((x, bw * k, self.base[0], self.base[2]), (y, bh * k, self.base[1], self.base[3])):
            out.append(lo + size / 2 if seen >= size else min(max(c, lo + seen / 2), lo + size - seen / 2))
        return out[0], out[1]

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


def _view_box(svg):
    """(x, y, w, h) of an <svg>'s viewBox attribute, or None."""
    try:
        v = tuple(float(t) for t in (svg.getAttribute("viewBox") or "").replace(",", " ").split())
    except ValueError:
        return None
    return v if len(v) == 4 and v[2] > 0 and v[3] > 0 else None
