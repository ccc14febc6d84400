"""The computer opponent in the page (issue 12 item 7; off the main thread: issue 46 item 4).

The match records who plays each side (`players`: {role: "human" | "ai:novice" | "ai:standard" |
"ai:strong"}), the computer's seed (`ai_seed`) and its pace; the actions it takes are recorded like
a person's, so a replay of seed + actions stays exact. The computer decides from its side's view
and positions sampled consistent with it (game.ai): each decision is handed over as plain data
(game/ai/remote.py) to a Web Worker with its own Python (ai_worker.py, static/ai_worker.mjs), so it
may think its level's budget while the page keeps its frame rate; where no worker runs (the
single-file build over file://, a worker that failed or is still starting) the same decision is
taken on the main thread in time slices, yielding to the browser every SLICE_MS. The decision is the
same either way (it depends on the seed, the view and the legal actions only). Its actions are
applied one at a time, at least `pace` apart, each redrawn (its moves on the map, its lines in the
log); a decision that takes longer than LONG_MS shows "thinking" in the top bar. With a computer in
the match the screen shows the human's side only: no hand-over screen (players.py).

A feature of the controller's: its turn starts after a redraw shows the last move ("shown"), and a
match loaded ("loaded") stops a loop still running for the old one (and starts the worker, if a
computer chosen on the start screen has not already).
"""

import asyncio
import json

from game.ai import remote
from game.engine import match as M

from .ai_worker import WorkerLink
from .dom import document, listen, window
from .players import PACES, computer_roles, players

SLICE_MS = 10  # thinking between two yields to the browser (the planner yields every 2 engine steps)
LONG_MS = 500  # a decision longer than this shows that the computer is thinking
_STALE = object()  # the match changed while the computer thought: decide again


class Driver:
    """Plays the computer's sides of the controller's match."""

    def __init__(self, ctl, link=None):
        self.ctl = ctl
        self.link = link or WorkerLink()
        self.memory = {}  # role -> the agent's memory between decisions (game.ai.remote)
        self.busy = False
        self.token = 0
        self.times = []
        self.shown_at = 0.0  # when the last action (the computer's or the human's) was drawn
        self._ticket = None  # the decision in progress (its indicator watches it)
        self.next_memory = None  # the agent's memory after the decision taken, until it is played
        self.slices = {"decisions": [], "apply": [], "render": [], "save": []}  # test hook, ms
        ctl.on("loaded", self.reset)
        ctl.on("shown", self._shown)
        if document is not None:  # (the page: a computer chosen on the start screen starts the worker)
            listen(document, "change", self._on_change)

    def _on_change(self, ev):
        """A computer picked for a side on the start screen: the worker starts while the player
        reads the briefing, so it is ready (or nearly) when the game's first decision comes."""
        t = ev.target
        if t.matches and t.matches("select[data-player]") and str(t.value).startswith("ai"):
            self.link.start()

    def _shown(self):
        self.shown_at = window.performance.now()
        if self.ctl.past is None:  # (the history viewer shows a past position: nothing to play)
            self.schedule()

    def reset(self):
        """Another match is loaded: forget the agents' memory, stop a loop still running for the
        old one; a match with a computer side starts the worker (once per page)."""
        self.memory = {}
        self.token += 1
        self.slices = {"decisions": [], "apply": [], "render": [], "save": []}  # per match
        if computer_roles(self.ctl.m):
            self.link.start()

    def due(self):
        m = self.ctl.m
        if m is None or m["state"].get("over"):
            return None
        role = M.current_role(self.ctl.rules, m)
        return role if role in computer_roles(m) else None

    def schedule(self):
        if not self.busy and self.due():
            asyncio.ensure_future(self.run(self.token))

    async def _yield(self, token):
        """Let the browser run (input, paint); False if another match was loaded meanwhile.
        In Pyodide asyncio.sleep(0) is a MessageChannel task (no 4 ms timer clamp): input queued
        meanwhile runs first, and Chromium draws frames between such tasks (measured: frame gaps
        p50 16.7 ms while the computer thinks). Waiting for a frame when none came for 50 ms was
        tried and dropped: on this loaded machine it gave the core away and made nothing better."""
        await asyncio.sleep(0)
        return token == self.token

    async def run(self, token):
        self.busy = True
        body = document.body
        body.dataset.thinking = "1"
        try:
            while token == self.token:
                role = self.due()
                if role is None:
                    break
                m, rules = self.ctl.m, self.ctl.rules
                n = len(m["actions"])
                action = await self._decide(token, m, rules, role)
                if action is None:
                    return
                if action is _STALE:
                    continue
                # the pace: its actions are shown at least `pace` apart (the thinking ran meanwhile)
                wait = PACES.get(m.get("ai_pace"), 450) - (window.performance.now() - self.shown_at)
                if wait > 0:
                    await asyncio.sleep(wait / 1000)
                if token != self.token or m is not self.ctl.m or len(m["actions"]) != n:
                    continue  # another match, or this one changed (an undo) meanwhile: decide again
                self.memory[role] = self.next_memory
                await self._play(token, m, rules, role, action)
        finally:
            self.busy = False
            body.dataset.thinking = "0"
            self._indicate(None)
            setattr(window, "__vw_ai_deciding", "")

    def _indicate(self, since):
        """The top bar's "thinking" note: shown (with the seconds so far) while a decision has gone
        on for LONG_MS, hidden again (since None) when it ends."""
        box = document.getElementById("thinking")
        if not box:
            return
        if since is None:
            if not box.hidden:
                box.hidden = True
                document.body.dataset.thinkingLong = "0"
            return
        secs = int((window.performance.now() - since) / 1000)
        text = "Computer thinking…" + (f" {secs} s" if secs else "")
        if box.textContent != text:
            box.textContent = text
        if box.hidden:
            box.hidden = False
            document.body.dataset.thinkingLong = "1"

    async def _watch(self, ticket, since):
        """While decision `ticket` goes on: the indicator after LONG_MS, its seconds every second."""
        await asyncio.sleep(LONG_MS / 1000)
        while self._ticket == ticket:
            self._indicate(since)
            await asyncio.sleep(0.25)

    async def _decide(self, token, m, rules, role):
        """The agent's decision: in the worker if it runs, else on the main thread in slices of at
        most SLICE_MS between yields to the browser. None: another match was loaded; _STALE: this
        one changed meanwhile. Neither the worker nor the yields reach the decision: it depends on
        the seed, the view and the legal actions only (game/ai/remote.py)."""
        now = window.performance.now
        n = len(m["actions"])
        t0 = now()
        req = remote.request(rules, m, role, players(m)[role], m.get("ai_seed", 0), self.memory.get(role))
        step = req["view"]["step"]
        prep = now() - t0  # the request (view, legal actions, masked position): main-thread work
        # the decision in progress (test hook: a click sent meanwhile must be handled before it ends)
        setattr(window, "__vw_ai_deciding", f"{n}:{step}")
        self._ticket = ticket = (token, n, t0)
        if len(req["legal"]) > 1:
            asyncio.ensure_future(self._watch(ticket, t0))
        try:
            got = None
            if self.link.ready and len(req["legal"]) > 1:
                got = await self._in_worker(token, req)
            if got is None and token == self.token:
                got = await self._sliced(token, req, rules)
        finally:
            if self._ticket == ticket:
                self._ticket = None
                self._indicate(None)
        if got is None:
            return None
        answer, busy, longest, yields, where = got
        longest = max(longest, prep)
        if where == "main":
            busy += prep  # as before the worker: the view was part of the thinking
        setattr(window, "__vw_ai_deciding", "")
        if len(m["actions"]) != n or m is not self.ctl.m:
            return _STALE
        self.next_memory = answer["memory"]  # kept once its action is played (run)
        wall = now() - t0
        if len(req["legal"]) > 1:
            # each decision with a choice: the action it decides (its index in the match), its step,
            # and ms: thinking (the worker's, or the main thread's without the yields: the notes'
            # figures, as the simulator's ai_ms), with the waits, its longest stretch of main-thread
            # work between two yields, how many yields, when it began, and where it was thought
            self.times.append(round(busy, 1))
            self.slices["decisions"].append([n, step, round(busy, 1), round(wall, 1), round(longest, 1), yields,
                                             round(t0, 1), where])
            setattr(window, "__vw_ai_times", ",".join(str(x) for x in self.times))
        setattr(window, "__vw_ai_ms", busy)          # thinking time of the last decision
        setattr(window, "__vw_ai_wall_ms", wall)     # with the yields
        setattr(window, "__vw_ai_count", len(self.times))
        return req["legal"][answer["i"]]

    async def _in_worker(self, token, req):
        """The decision taken by the worker: (answer, its ms, main-thread ms, 0, "worker"), or None
        if the worker failed meanwhile (the caller then thinks on the main thread) or another match
        was loaded."""
        now = window.performance.now
        t = now()
        text = json.dumps(req)
        longest = now() - t
        try:
            out, ms = await self.link.decide(text)
        except RuntimeError:
            return None
        if token != self.token:
            return None
        t = now()
        answer = json.loads(out)
        return answer, ms, max(longest, now() - t), 0, "worker"

    async def _sliced(self, token, req, rules):
        """The decision on the main thread, in slices of at most SLICE_MS (the clock is read after
        every unit of work the planner yields: a few engine steps): (answer, ms without the yields,
        the longest slice, yields, "main"), or None if another match was loaded meanwhile."""
        now = window.performance.now
        gen = remote.think(req, rules)
        if not await self._yield(token):  # the request can cost as much as a slice
            return None
        last, yields, busy, longest = now(), 1, 0.0, 0.0
        setattr(window, "__vw_ai_yields", yields)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                answer = stop.value
                break
            if now() - last > SLICE_MS:
                busy += now() - last
                longest = max(longest, now() - last)
                if not await self._yield(token):
                    return None
                last, yields = now(), yields + 1
                setattr(window, "__vw_ai_yields", yields)  # test hook: how far the decision has gone
        busy += now() - last
        longest = max(longest, now() - last)
        return answer, busy, longest, yields, "main"

    async def _play(self, token, m, rules, role, action):
        """Apply, redraw, autosave: three stretches with a yield between them."""
        now = window.performance.now
        t = now()
        M.apply(rules, m, action, role=role)
        parts = [now() - t]
        if not await self._yield(token):
            return
        t = now()
        self.ctl.redraw()
        parts.append(now() - t)
        if not await self._yield(token):
            return
        t = now()
        self.ctl.changed()
        parts.append(now() - t)
        for k, x in zip(("apply", "render", "save"), parts):
            self.slices[k].append(round(x, 1))
        # per decision and per action played, what its stretches between yields took (ms)
        setattr(window, "__vw_ai_slices", json.dumps(self.slices))
