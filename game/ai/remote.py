"""One computer decision as plain data (issue 46 item 4): what the page hands the computer, and
the computer's answer, so that the decision can be taken in a Web Worker with its own Python
(`static/ai_worker.mjs`) while the page's main thread keeps the match and applies the action.

- `request(rules, m, role, kind, ai_seed, memory)` (the page's main thread): a JSON-shaped dict
  with what the agent reads of the computer side's view (the step), its legal actions (as the engine
  lists them for a machine: engine/headless.py), the agent's level, budget, seed and memory, and the position it samples worlds from:
  the state with what the side may not see already dealt again (`rules.resample_hidden` with a
  fixed generator) and the dice reseeded. The worker never receives the true hidden part or the
  true future dice. `worlds.WorldSampler` gives the same samples from it as from the true state
  (two positions that look the same to the side sample the same), so the decision is the one the
  simulator's agent takes (tests/test_ai_remote.py checks this along whole games).
- `think(req)`: the decision as a generator (the main thread's fallback runs it in time slices);
  `decide(req)` runs it to the end. Both return `{"i": index into req["legal"], "memory": ...}`.

Pure Python: it runs in the worker, in the page and under CPython alike.
"""

import random

from ..engine import headless, match as M
from .agent import ComputerAgent, parse_kind
from .planner import drive
from .worlds import WorldSampler, as_match, copy_state, reseed


def masked_state(rules, state, role):
    """A copy of `state` that shows `role` only what it may see: the hidden part dealt again with a
    fixed generator, the dice reseeded (their future rolls are not the computer's to know)."""
    s = copy_state(state)
    s.pop("await_roll", None)
    resample = getattr(rules, "resample_hidden", None)
    if resample is not None:
        s = resample(s, role, random.Random(0))
    return reseed(s, 0)


def decision_seed(ai_seed, n):
    """The agent's generator seed for the decision at action `n` of the match (the same after a
    reload, whatever decided the actions before)."""
    return ai_seed * 1000003 + n


def request(rules, m, role, kind, ai_seed, memory=None, budget=None):
    """What the computer playing `role` (player `kind`, e.g. "ai:standard") needs to decide now."""
    _, level = parse_kind(kind)
    n = len(m["actions"])
    s = m["state"]
    # of its view the agent reads the step (its worlds come from the masked position); the whole
    # view, labels and prompt made for a person, cost 2-6 ms in CPython, 3.5x that in the page
    view = {"step": s["stack"][-1]["s"] if s["stack"] else None, "viewer": role}
    return {
        "game": rules.id, "role": role, "level": level, "budget": budget, "n": n,
        "seed": decision_seed(ai_seed, n), "memory": memory or {"plan": None},
        "view": view, "legal": list(headless.actions(rules, m, role)),
        "state": masked_state(rules, m["state"], role),
    }


def think(req, rules=None):
    """The decision of `req` as a generator yielding between units of work; returns the answer."""
    if rules is None:
        from ..rules import get
        rules = get(req["game"])
    agent = ComputerAgent(req["level"], req["seed"], req.get("budget"))
    agent.remember(req.get("memory"))
    legal = req["legal"]
    worlds = WorldSampler(rules, as_match(req["state"]), req["role"])
    action = yield from agent.think(rules, req["view"], legal, worlds)
    return {"i": legal.index(action), "memory": agent.memory}


def decide(req, rules=None):
    return drive(think(req, rules))
