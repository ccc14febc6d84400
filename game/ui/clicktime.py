"""How long a click (or key) takes to reach the screen (issue 14).

From the input event to the end of the frame that shows the redraw: the Python handler (engine,
drawing, autosave) and the browser's work for that frame (requestAnimationFrame callbacks, style,
layout, paint), read as the time from the frame's first callback to the first task after it. The
wait for the frame itself (vsync) is idle time and is not counted. The style and layout of a
redraw are done at the handler's end (part "layout"); the pre-paint Chromium does after a mouse
click's handler, in the same task, is still counted nowhere (about 1 ms in a First Team trace).

Published for the tests and benchmarks (never asserted on timing): window.__vw_last_update_ms,
window.__vw_update_parts (JSON: ms per part, the parts marked by the controller and the screen), and body[data-timed],
the data-rev that figure belongs to."""
import json

from .dom import document, window


class ClickClock:
    def __init__(self):
        from pyodide.ffi import create_proxy
        self.t0 = None            # the input event's time while its handler runs
        self.parts = {}
        self._last = 0.0
        self._pending = None      # (ms in the handler, parts, rev) waiting for its frame
        self.n = 0
        self._later = []          # what waits until the frame is on the screen (the autosave)
        self._depth = 0           # a click a key handler makes runs inside it: the outer one is timed
        # the frame and the task after it are followed in JavaScript (static/dom.js): a call into
        # Python from the frame's callbacks would itself delay the frame
        self._after_p = create_proxy(self._after_frame)
        self._next_frame = window.vwFrameClock(self._after_p)

    def start(self, e=None):
        self._depth += 1
        if self._depth > 1:
            return
        now = window.performance.now()
        t = getattr(e, "timeStamp", None) if e is not None else None
        self.t0 = t if isinstance(t, (int, float)) and 0 < t <= now else now
        self.parts = {"input": now - self.t0}  # the event's queueing and earlier listeners
        self._last = now
        self._next_frame()  # first in the frame's callbacks: the others (log scroll...) are counted

    def timing(self):
        """A click's handler is running (its frame will come)."""
        return self.t0 is not None

    def after_frame(self, fn):
        """Run fn() in the task right after the frame that shows this click (call while timing())."""
        self._later.append(fn)

    def mark(self, name):
        """The time since the last mark goes to part `name`."""
        if self.t0 is None:
            return
        now = window.performance.now()
        self.parts[name] = self.parts.get(name, 0.0) + now - self._last
        self._last = now

    def stop(self, rev_before, rev_now):
        """The handler returned: if it redrew, the figure is completed by the frame that shows it."""
        self._depth -= 1
        if self._depth or self.t0 is None:
            return
        self.mark("other")
        if rev_now != rev_before:
            # the page's style and layout, now: after a mouse click's handler Chromium does them in
            # the same task (to find what the pointer is over), before the frame this clock would
            # start from, so they were counted nowhere (found in a trace). Done here they are
            # counted, and not done twice: the frame finds them clean.
            document.documentElement.getBoundingClientRect()
            self.mark("layout")
            self._pending = (self._last - self.t0, self.parts, rev_now)
        self.t0 = None

    def _after_frame(self, t_frame, now):
        if self._pending is not None:
            self._publish(now - t_frame)
        later, self._later = self._later, []
        for fn in later:
            fn()

    def _publish(self, frame):
        sync, parts, rev = self._pending
        self._pending = None
        parts["frame"] = frame
        self.n += 1
        setattr(window, "__vw_update_parts", json.dumps({k: round(v, 2) for k, v in parts.items()}))
        setattr(window, "__vw_last_update_ms", sync + frame)
        setattr(window, "__vw_update_count", self.n)
        document.body.dataset.timed = str(rev)
