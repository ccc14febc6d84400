"""The computer opponent in the page (issue 12 item 7).

The match records who plays each side (`players`: {role: "human" | "ai:novice" | "ai:standard"}),
the computer's seed (`ai_seed`) and its pace; the actions it takes are recorded like a person's,
so a replay of seed + actions stays exact. The computer decides from its side's view and
positions sampled consistent with it (game.ai), in time slices: its thinking yields to the browser
every SLICE_MS, so a click is answered while it thinks. Its actions are applied one at a time,
`pace` apart, each redrawn (its moves on the map, its lines in the log). With a computer in the
match the screen shows the human's side only: no hand-over screen.
"""

import asyncio

from game.ai import ComputerAgent
from game.ai.games import has_computer  # noqa: F401  (the start screen asks)
from game.ai.worlds import WorldSampler
from game.engine import match as M

from .dom import document, window

PACES = {"instant": 0, "normal": 450, "slow": 1200}  # ms between the computer's actions
SLICE_MS = 15  # thinking between two yields to the browser (the planner yields every few engine steps)


def players(m):
    return (m or {}).get("players") or {}


def computer_roles(m):
    return [r for r, k in players(m).items() if str(k).startswith("ai")]


def human_role(rules, m):
    """The side shown when a computer plays: the human's (the first side if both are computers)."""
    comp = computer_roles(m)
    if not comp:
        return None
    humans = [r for r in rules.roles if r not in comp]
    return humans[0] if humans else rules.roles[0]


def setup(m, chosen, pace="normal"):
    """Record the players chosen on the start screen in a new match (nothing if all are human)."""
    if not any(str(k).startswith("ai") for k in chosen.values()):
        return m
    m["players"] = dict(chosen)
    m["ai_seed"] = (m["seed"] * 7919 + 17) & 0x7FFFFFFF
    m["ai_pace"] = pace if pace in PACES else "normal"
    return m


class Driver:
    """Plays the computer's sides of the app's match."""

    def __init__(self, app):
        self.app = app
        self.agents = {}
        self.busy = False
        self.token = 0
        self.times = []

    def reset(self):
        """Another match is loaded: forget the agents, stop a loop still running for the old one."""
        self.agents = {}
        self.token += 1

    def _agent(self, m, role):
        if role not in self.agents:
            level = players(m)[role].partition(":")[2] or "standard"
            self.agents[role] = ComputerAgent(level, m.get("ai_seed", 0))
        return self.agents[role]

    def due(self):
        m = self.app.m
        if m is None or m["state"].get("over"):
            return None
        role = M.current_role(self.app.rules, m)
        return role if role in computer_roles(m) else None

    def schedule(self):
        if not self.busy and self.due():
            asyncio.ensure_future(self.run(self.token))

    async def run(self, token):
        self.busy = True
        body = document.body
        body.dataset.thinking = "1"
        now = window.performance.now
        try:
            while token == self.token:
                role = self.due()
                if role is None:
                    break
                m, rules = self.app.m, self.app.rules
                await asyncio.sleep(PACES.get(m.get("ai_pace"), 450) / 1000)
                if token != self.token or self.due() != role:
                    break
                agent = self._agent(m, role)
                agent.rng.seed(m.get("ai_seed", 0) * 1000003 + len(m["actions"]))  # same after a reload
                legal = M.legal_actions(rules, m, role, labels=False)
                gen = agent.think(rules, M.view(rules, m, role), legal, WorldSampler(rules, m, role))
                t0 = last = now()
                busy_ms = 0.0
                while True:
                    try:
                        next(gen)
                    except StopIteration as stop:
                        action = stop.value
                        break
                    if now() - last > SLICE_MS:
                        busy_ms += now() - last
                        await asyncio.sleep(0)  # the browser handles input and paints
                        last = now()
                        if token != self.token:
                            return
                busy_ms += now() - last
                if len(legal) > 1:
                    self.times.append(round(busy_ms, 1))
                    # thinking time of each decision with a choice (ms, without the yields): the notes' figures
                    setattr(window, "__vw_ai_times", ",".join(str(x) for x in self.times))
                setattr(window, "__vw_ai_ms", busy_ms)          # thinking time of the last decision
                setattr(window, "__vw_ai_wall_ms", now() - t0)  # with the yields
                setattr(window, "__vw_ai_count", len(self.times))
                M.apply(rules, m, action, role=role)
                self.app.render()
                self.app.autosave()
        finally:
            self.busy = False
            body.dataset.thinking = "0"
