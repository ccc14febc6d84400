"""The page's end of the computer's worker (issue 46 item 4): `static/ai_worker.mjs` runs the
computer's decisions in a Python of its own, off the main thread; this module starts it, hands it
one decision at a time (game/ai/remote.py's request, as JSON) and awaits its answer.

States (`window.__vw_ai_worker`, a test hook: JSON {state, ms, snapshot}): "off" (not asked for
yet), "starting", "ready", "failed" (it could not start or it died: the computer thinks on the main
thread, computer.py), "none" (no worker here: the single-file build opened from file://, whose
page may start no worker script, or a browser without module workers).
"""

import asyncio
import json

from .dom import document, window

URL = "./static/ai_worker.mjs"  # beside index.html; the service worker precaches it (scripts/gen_sw.py)


class WorkerLink:
    def __init__(self):
        self.state = "off"
        self.worker = None
        self.pending = {}  # request id -> asyncio Future of (answer JSON text, worker ms)
        self.next_id = 0
        self.started_at = None
        self.info = {"state": "off"}
        self._proxies = []

    def _publish(self, **info):
        self.info.update(state=self.state, **info)
        setattr(window, "__vw_ai_worker", json.dumps(self.info))

    def start(self):
        """Start the worker once (a match with a computer side was loaded); never raises."""
        if self.state != "off":
            return
        if str(window.location.protocol) == "file:" or not hasattr(window, "Worker"):
            self.state = "none"
            self._publish()
            return
        try:
            from pyodide.ffi import create_proxy, to_js
            url = window.URL.new(URL, document.baseURI).href
            opts = to_js({"type": "module"}, dict_converter=window.Object.fromEntries)
            self.worker = window.Worker.new(url, opts)
            self._proxies = [create_proxy(self._on_message), create_proxy(self._on_error)]
            self.worker.onmessage, self.worker.onerror = self._proxies
            self.started_at = window.performance.now()
            self.state = "starting"
        except Exception as err:  # a worker the browser refused to make: think on the main thread
            window.console.warn(f"computer worker not started: {err}")
            self.state = "failed"
        self._publish()

    @property
    def ready(self):
        return self.state == "ready"

    def _on_message(self, ev):
        data = ev.data
        if getattr(data, "ready", False):
            self.state = "ready"
            self._publish(ms=round(window.performance.now() - self.started_at, 1),
                          python_ms=round(float(data.ms), 1), snapshot=str(data.snapshot))
            return
        if getattr(data, "failed", None):
            self._fail(str(data.failed))
            return
        fut = self.pending.pop(int(data.id), None)
        if fut is None or fut.done():
            return
        if getattr(data, "error", None):
            fut.set_exception(RuntimeError(str(data.error)))
        else:
            fut.set_result((str(data.answer), float(data.ms)))

    def _on_error(self, ev):
        ev.preventDefault()  # a worker that failed to load or died: the page goes on without it
        self._fail(str(getattr(ev, "message", "") or "the worker stopped"))

    def _fail(self, why):
        window.console.warn(f"computer worker: {why}; the computer thinks on the main thread")
        self.state = "failed"
        self._publish(error=why)
        if self.worker is not None:
            self.worker.terminate()
        for fut in self.pending.values():
            if not fut.done():
                fut.set_exception(RuntimeError(why))
        self.pending = {}

    async def decide(self, text):
        """The worker's answer to one request (JSON text): (answer JSON text, its thinking ms).
        Raises RuntimeError if the worker fails meanwhile."""
        self.next_id += 1
        fut = asyncio.get_event_loop().create_future()
        self.pending[self.next_id] = fut
        from pyodide.ffi import to_js
        self.worker.postMessage(to_js({"id": self.next_id, "req": text}, dict_converter=window.Object.fromEntries))
        return await fut
