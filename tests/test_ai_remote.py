"""A computer decision as plain data (issue 46 item 4, game/ai/remote.py): what the page's worker is
handed shows the computer's side only what it may see (V 10: no face-down identity, no future die),
and the decision taken from it, after a JSON round trip, is the one the agent takes from the true
match, decision after decision along whole games (so the worker, the page's sliced fallback and the
simulator's agent play the same game from the same seed); the thinking budget per level."""

import json
import random

import pytest

import game.rules.vietnam_1965_1975 as R
from game.ai import ComputerAgent
from game.ai import remote
from game.ai.agent import BUDGETS
from game.ai.worlds import WorldSampler
from game.engine import headless, match as M

from .test_ai import start, swapped


def roundtrip(x):
    return json.loads(json.dumps(x))


def test_V10_the_request_names_no_face_down_identity_and_no_future_die():
    """The US computer's request is the same whichever face-down counter is the regiment (V 10),
    and its dice are not the match's."""
    m = start()
    m2 = swapped(m)
    r1 = remote.request(R, m, "US", "ai:standard", 5)
    r2 = remote.request(R, m2, "US", "ai:standard", 5)
    assert r1 == r2
    assert r1["state"]["dice"] != m["state"]["dice"]
    assert r1 == roundtrip(r1)  # plain data: it crosses to the worker as JSON


def _same_decisions(scenario, seed, kinds, max_steps=3000):
    """Plays a whole game; at each decision of a computer side, the driver's way (one agent per side
    kept across decisions, reseeded per decision, deciding from the true match through a
    WorldSampler) and the worker's (a fresh agent from the JSON request, its memory handed back and
    forth) must choose the same action. Random players for the sides not in `kinds`."""
    m = M.new_match(R, scenario, seed)
    agents = {r: ComputerAgent(k.partition(":")[2], 0) for r, k in kinds.items()}
    memory = {r: None for r in kinds}
    rng = random.Random(seed)
    compared = 0
    for _ in range(max_steps):
        if m["state"].get("over"):
            return compared
        role = M.current_role(R, m)
        legal = headless.actions(R, m, role)
        if role not in kinds:
            a = rng.choice(legal)
        else:
            n = len(m["actions"])
            agent = agents[role]
            agent.rng.seed(remote.decision_seed(77, n))
            view = M.view(R, m, role, log_from=len(m["log"]))
            a = agent.choose(R, view, legal, None, WorldSampler(R, m, role))
            req = roundtrip(remote.request(R, m, role, kinds[role], 77, memory[role]))
            got = remote.decide(req)
            memory[role] = got["memory"]
            assert legal[got["i"]] == a, (scenario, seed, n, role, view["step"])
            assert got["memory"] == agent.memory
            compared += len(legal) > 1
        M.apply(R, m, a, role=role)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_the_worker_decides_as_the_agent_does_from_the_true_match_starlite(level):
    n = 0
    for seed in range(3):
        n += _same_decisions("starlite", seed, {"US": f"ai:{level}", "NLF": f"ai:{level}"})
    assert n >= 10


@pytest.mark.parametrize("scenario", ["silver-bayonet", "masher-white-wing"])
def test_the_worker_decides_as_the_agent_does_from_the_true_match_vp_scenarios(scenario):
    assert _same_decisions(scenario, 1, {"US": "ai:standard", "NLF": "ai:novice"}) >= 10


def test_the_memory_carries_the_operation_from_ops_to_designation():
    """The US plan chosen at the ops step (V 5.1) is followed when its units are designated: the
    worker gets it back in the memory of the answer."""
    m = start()
    req = remote.request(R, m, "US", "ai:standard", 3)
    got = remote.decide(roundtrip(req))
    assert req["legal"][got["i"]]["t"] == "operate"
    assert got["memory"]["plan"] and got["memory"]["plan"]["units"]


def test_budgets_by_level():
    """An iteration budget (sampled worlds per searched decision), never the clock: "standard" keeps
    the 8 it always had, "strong" thinks more, "novice" searches nothing; a budget may be given."""
    assert BUDGETS["novice"] == 0 < BUDGETS["standard"] == 8 < BUDGETS["strong"]
    assert ComputerAgent("strong").budget == BUDGETS["strong"]
    assert ComputerAgent("standard", budget=3).budget == 3
    with pytest.raises(ValueError):
        ComputerAgent("standard", budget=0)
    m = start()
    req = remote.request(R, m, "US", "ai:strong", 3)
    assert req["level"] == "strong"
    assert remote.decide(req) == remote.decide(roundtrip(req))  # the same answer again: no clock


def test_a_bigger_budget_plays_out_more_worlds():
    """The budget reaches the planner: its search deals `budget` worlds (and their antithetic
    partners) per candidate."""
    m = start()
    counts = {}
    for level in ("standard", "strong"):
        req = remote.request(R, m, "US", f"ai:{level}", 3)
        gen = remote.think(req)
        steps = 0
        try:
            while True:
                next(gen)
                steps += 1
        except StopIteration:
            pass
        counts[level] = steps
    # strong deals twice the worlds (16 against 8, game/ai/planner.py LEVELS)
    assert counts["strong"] > 1.8 * counts["standard"]
