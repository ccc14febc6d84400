"""The agent interface, the random player (the simulator's and the fuzzer's baseline) and the
computer player.

An agent is asked `choose(rules, view, legal, rng, worlds=None)`: its side's view, the legal
actions (without display labels), a seeded generator, and, if it sets `needs_worlds`, a
`worlds.WorldSampler` that draws positions consistent with that view (never the true state).
It returns one of the legal actions."""

import random
from operator import itemgetter
from typing import Protocol

from ..rules import computer
from .planner import drive


class Agent(Protocol):
    needs_view: bool  # False: choose() is given view=None (listing the view costs time)

    def choose(self, rules, view, legal: list, rng, worlds=None) -> dict: ...


_TYPE = itemgetter("t")


class RandomAgent:
    """Uniform over the legal actions, but 'done' is taken with probability done_bias when it is
    offered, so open-ended phases (boarding, recruiting) end in a few steps."""

    needs_view = False
    needs_worlds = False

    def __init__(self, done_bias=0.25):
        self.done_bias = done_bias

    def choose(self, rules, view, legal, rng, worlds=None):
        if "done" not in map(_TYPE, legal):  # the common case, read in C (issue 14: simulator)
            return rng.choice(legal)
        dones = [a for a in legal if a["t"] == "done"]
        if len(dones) == len(legal) or rng.random() < self.done_bias:
            return rng.choice(dones)
        return rng.choice([a for a in legal if a["t"] != "done"])


LEVELS = ("novice", "standard", "strong")
# The thinking budget per decision, by level (issue 46 item 4): the sampled worlds each candidate
# of a searched decision is played out in (planner.py). An iteration budget, not a time budget, so
# that a decision depends on the seed and the view only, never on the machine or the page's load.
# "standard" keeps the 8 worlds it always had (the simulator's and the tests' figures); "strong"
# twice as many (the worlds of the planner's levels, game/ai/planner.py LEVELS, with more candidates
# and operations looked ahead there); "novice" searches nothing.
BUDGETS = {"novice": 0, "standard": 8, "strong": 16}


class ComputerAgent:
    """The computer opponent (issue 12): 'novice' plays the game's heuristics, 'standard' and
    'strong' add the planner (Monte Carlo through the engine on sampled worlds) with `budget`
    worlds per decision (default: the level's, BUDGETS). Its own generator, seeded: the same seed,
    budget, view and legal actions give the same decision."""

    needs_view = False  # it reads the step's name (worlds.step) and sampled worlds, not the view
    needs_worlds = True

    def __init__(self, level="standard", seed=0, budget=None):
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")
        self.level, self.seed = level, seed
        self.budget = BUDGETS[level] if budget is None else int(budget)
        if level != "novice" and self.budget < 1:
            raise ValueError(f"the {level} level's thinking budget is 1 sampled world or more")
        self._given = budget  # the planner's own level unless a budget was asked for
        self.rng = random.Random(seed)
        self._planner = None
        self._heuristics = None
        self._memory = None  # handed in before the planner exists (remember)

    @property
    def memory(self):
        """What the agent carries from one decision to the next, as plain data: the operation the
        planner chose at the ops step (followed when it designates the units) and the heuristics'
        own (the units' last steps and ways). A page's worker is handed it with each decision and
        gives it back (game/ai/remote.py)."""
        if self._heuristics is None:
            return dict(self._memory or {"plan": None})
        out = {"plan": self._planner.plan if self._planner is not None else None}
        trail = self._heuristics.memory()
        return {**out, "trail": trail} if any(trail.values()) else out

    def remember(self, memory):
        self._memory = dict(memory or {"plan": None})
        if self._heuristics is not None:
            self._heuristics.remember(self._memory.get("trail"))
        if self._planner is not None:
            self._planner.plan = self._memory.get("plan")

    def choose(self, rules, view, legal, rng=None, worlds=None):
        return drive(self.think(rules, view, legal, worlds))

    def think(self, rules, view, legal, worlds):
        """The decision as a generator that yields between units of work (a page runs it in time
        slices); its return value is the action."""
        if len(legal) == 1:
            return legal[0]
        if worlds is None:
            raise ValueError("the computer player needs a WorldSampler (game.ai.worlds)")
        game = computer(rules.id)
        step = view["step"] if view else worlds.step()
        if self._heuristics is None:  # made at the first decision, with what it was handed
            self._heuristics = game.Heuristics()
            self._heuristics.remember((self._memory or {}).get("trail"))
            if self.level != "novice":  # the planner, with the level's budget
                self._planner = game.Planner(level=self.level, budget=self._given, heuristics=self._heuristics)
                self._planner.plan = (self._memory or {}).get("plan")
        if self._planner is not None:
            return (yield from self._planner.think(rules, step, worlds, worlds.role, legal, self.rng))
        return self._heuristics(rules, worlds.sample(self.rng), worlds.role, legal, self.rng)
        yield  # a generator even when it needs no slices


AGENTS = {"random": RandomAgent, "ai": ComputerAgent}


def parse_kind(text, default_level="standard"):
    """'random' | 'ai' | 'ai:novice' | 'ai:standard' | 'ai:strong' -> (kind, level or None)."""
    kind, _, level = (text or "random").partition(":")
    if kind not in AGENTS:
        raise ValueError(f"unknown player type {kind!r}; known: {', '.join(AGENTS)}")
    if kind == "random":
        if level:
            raise ValueError("the random player has no level")
        return kind, None
    level = level or default_level
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")
    return kind, level


def make_agent(kind, seed=0, default_level="standard", budget=None):
    kind, level = parse_kind(kind, default_level)
    if kind == "random":
        return RandomAgent()
    return ComputerAgent(level, seed, budget)
