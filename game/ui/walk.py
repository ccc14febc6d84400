"""A unit sent to a place of its range goes there a step at a time (issue 45 item 4).

A click on a place that is not lit, but that the game's `route(v, place)` reaches (Vietnam: a hex
of the moving unit's range, its cheapest path from the engine's view), walks it: each step is
the one action lit on the route's next place, taken as if clicked, shown, and followed by the next
after a short pause. Each step is the engine's own action, so a reaction window, an incidental
attack, a warning to answer or anything else the step leads to stops the walk there: the next
place is then not lit with exactly one action, or the side deciding is another. A click or a key
of the player's stops it too (Input)."""
from .dom import window

PAUSE_MS = 160  # between two steps: long enough to see the counter go


class Walk:
    def __init__(self, ctl):
        self.ctl = ctl
        self.route = []
        self.role = None
        self._timer = None

    def go(self, route):
        """Walk the route (places, the goal last) from the current position."""
        self.stop()
        self.route = list(route)
        self.role = self.ctl.role
        self.step()

    def stop(self):
        self.route = []
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None

    def step(self):
        self._timer = None
        ctl = self.ctl
        if not self.route or ctl.past is not None or ctl.role != self.role or ctl.v is None:
            self.stop()
            return
        lit = ctl.hl.get(self.route[0]) or []
        if len(lit) != 1 or ctl.v["actions"][lit[0]].get("warn"):
            self.stop()  # not the one step it was (a choice, a warning): the player takes it from here
            return
        state = ctl.m["state"]
        self.route.pop(0)
        ctl.do(lit[0])
        if ctl.m["state"] is state:  # refused, or asking first: no walk on
            self.stop()
        elif self.route:
            from pyodide.ffi import create_once_callable
            self._timer = window.setTimeout(create_once_callable(self.step), PAUSE_MS)
