"""The computer opponent in the page (issue 12 item 7).

The match records who plays each side (`players`: {role: "human" | "ai:novice" | "ai:standard"}),
the computer's seed (`ai_seed`) and its pace; the actions it takes are recorded like a person's,
so a replay of seed + actions stays exact. The computer decides from its side's view and
positions sampled consistent with it (game.ai), in time slices: its thinking yields to the browser
every SLICE_MS, so a click is answered while it thinks. Its actions are applied one at a time,
`pace` apart, each redrawn (its moves on the map, its lines in the log). With a computer in the
match the screen shows the human's side only: no hand-over screen (players.py).

A feature of the controller's: its turn starts after a redraw shows the last move ("shown"), and a
match loaded ("loaded") stops a loop still running for the old one.
"""

import asyncio
import json

from game.ai import ComputerAgent
from game.ai.worlds import WorldSampler
from game.engine import match as M

from .dom import document, window
from .players import PACES, computer_roles, players

SLICE_MS = 10  # thinking between two yields to the browser (the planner yields every 2 engine steps)
_STALE = object()  # the match changed while the computer thought: decide again


class Driver:
    """Plays the computer's sides of the controller's match."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.agents = {}
        self.busy = False
        self.token = 0
        self.times = []
        self.slices = {"decisions": [], "apply": [], "render": [], "save": []}  # test hook, ms
        ctl.on("loaded", self.reset)
        ctl.on("shown", self._shown)

    def _shown(self):
        if self.ctl.past is None:  # (the history viewer shows a past position: nothing to play)
            self.schedule()

    def reset(self):
        """Another match is loaded: forget the agents, stop a loop still running for the old one."""
        self.agents = {}
        self.token += 1
        self.slices = {"decisions": [], "apply": [], "render": [], "save": []}  # per match

    def _agent(self, m, role):
        if role not in self.agents:
            level = players(m)[role].partition(":")[2] or "standard"
            self.agents[role] = ComputerAgent(level, m.get("ai_seed", 0))
        return self.agents[role]

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
                await asyncio.sleep(PACES.get(m.get("ai_pace"), 450) / 1000)
                if token != self.token or self.due() != role:
                    break
                action = await self._decide(token, m, rules, role)
                if action is None:
                    return
                if action is _STALE:
                    continue
                await self._play(token, m, rules, role, action)
        finally:
            self.busy = False
            body.dataset.thinking = "0"
            setattr(window, "__vw_ai_deciding", "")

    async def _decide(self, token, m, rules, role):
        """The agent's decision in slices of at most SLICE_MS between yields to the browser (the
        clock is read after every unit of work the planner yields: a few engine steps). None: another
        match was loaded; _STALE: this one changed meanwhile. The yields never reach the decision:
        it depends on the seed, the view and the legal actions only."""
        now = window.performance.now
        n = len(m["actions"])
        t0 = last = now()
        agent = self._agent(m, role)
        agent.rng.seed(m.get("ai_seed", 0) * 1000003 + n)  # same after a reload
        legal = M.legal_actions(rules, m, role, labels=False)
        view = M.view(rules, m, role, log_from=len(m["log"]))  # the agent reads the step, not the log
        gen = agent.think(rules, view, legal, WorldSampler(rules, m, role))
        # the decision in progress (test hook: a click sent meanwhile must be handled before it ends)
        setattr(window, "__vw_ai_deciding", f"{n}:{view['step']}")
        busy = longest = now() - last
        if not await self._yield(token):  # a view can cost as much as a slice
            return None
        last, yields = now(), 1
        setattr(window, "__vw_ai_yields", yields)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                action = stop.value
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
        setattr(window, "__vw_ai_deciding", "")
        if len(m["actions"]) != n or m is not self.ctl.m:
            return _STALE
        wall = now() - t0
        if len(legal) > 1:
            # each decision with a choice: the action it decides (its index in the match), its step,
            # and ms: thinking without the yields (the notes' figures, as the simulator's ai_ms),
            # with them, its longest stretch between two yields, how many yields, and when it began
            self.times.append(round(busy, 1))
            self.slices["decisions"].append([n, view["step"], round(busy, 1), round(wall, 1), round(longest, 1), yields,
                                             round(t0, 1)])
            setattr(window, "__vw_ai_times", ",".join(str(x) for x in self.times))
        setattr(window, "__vw_ai_ms", busy)          # thinking time of the last decision
        setattr(window, "__vw_ai_wall_ms", wall)     # with the yields
        setattr(window, "__vw_ai_count", len(self.times))
        return action

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
