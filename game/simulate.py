"""Headless games with a random-legal-action player: `python -m game simulate ...`."""

import contextlib
import random
import time

from .ai import RandomAgent, make_agent
from .engine import match as M
from .rules import get

_RANDOM = RandomAgent()


def random_action(rng, actions):
    return _RANDOM.choose(None, None, actions, rng)


def parse_players(text, rules):
    """"US=random,NLF=ai" -> {role: agent kind}; every role not named plays random."""
    out = {r: "random" for r in rules.roles}
    for part in filter(None, (text or "").split(",")):
        role, _, kind = part.partition("=")
        if role not in out:
            raise ValueError(f"{rules.id} has no side {role!r}; sides: {', '.join(rules.roles)}")
        out[role] = kind
    return out


def play_one(rules, scenario, seed, options=None, max_steps=20000, check=None, players=None):
    """One whole game, in place; `players` {role: agent} (default: random for every role)."""
    m = M.new_match(rules, scenario, seed, options)
    rng = random.Random(seed * 7919 + 17)
    agents = players or {}
    labels = bool(agents)  # the random player never reads a label
    steps = 0
    # played in place, the state stays one object: the rules' indexes of it live the whole game
    # (nothing but the engine changes it meanwhile)
    with (getattr(rules, "indexed", None) or _no_index)(m["state"]):
        acts = M.legal_actions(rules, m, labels=labels)
        while not m["state"].get("over"):
            if not acts:
                raise RuntimeError(f"no legal action at step {m['state']['stack'][-1]['s']}")
            agent = agents.get(M.current_role(rules, m)) if agents else None
            if agent is None:
                a = random_action(rng, acts)
            else:
                role = M.current_role(rules, m)
                a = agent.choose(rules, M.view(rules, m, role) if agent.needs_view else None, acts, rng)
            acts = M.play(rules, m, a, legal=acts, in_place=True, labels=labels)
            steps += 1
            if check:
                check(m)
            if steps >= max_steps:
                raise RuntimeError(f"game did not end in {max_steps} actions")
    return m, steps


def _no_index(s):
    return contextlib.nullcontext()


def simulate(game, scenario, games, seed, options=None, players=None):
    rules = get(game)
    kinds = parse_players(players, rules)
    agents = {r: make_agent(k) for r, k in kinds.items() if k != "random"}
    scen = [s["id"] for s in rules.scenarios()] if scenario == "all" else [scenario]
    out = {"game": game, "scenarios": scen, "players": kinds, "games": 0, "finished": 0, "errors": 0, "error_samples": [],
           "wins": {}, "wins_by_scenario": {}, "turns": 0, "actions": 0}
    t0 = time.perf_counter()
    for i in range(games):
        sc = scen[i % len(scen)]
        gseed = seed * 100003 + i
        out["games"] += 1
        try:
            m, steps = play_one(rules, sc, gseed, options, players=agents)
        except Exception as e:  # reported, never hidden
            out["errors"] += 1
            if len(out["error_samples"]) < 5:
                out["error_samples"].append({"scenario": sc, "seed": gseed, "error": f"{type(e).__name__}: {e}"})
            continue
        over = m["state"]["over"]
        out["finished"] += 1
        out["wins"][over["winner"]] = out["wins"].get(over["winner"], 0) + 1
        w = out["wins_by_scenario"].setdefault(sc, {"games": 0})
        w["games"] += 1
        w[over["winner"]] = w.get(over["winner"], 0) + 1
        if "level" in over:  # games with victory levels (First Team: Vietnam, FT 15.1)
            lv = out.setdefault("levels", {})
            lv[over["level"]] = lv.get(over["level"], 0) + 1
        out["turns"] += over["turn"]
        out["actions"] += steps
    dt = time.perf_counter() - t0
    n = max(out["finished"], 1)
    out["mean_turns"] = round(out.pop("turns") / n, 2)
    out["mean_actions"] = round(out.pop("actions") / n, 1)
    out["seconds"] = round(dt, 3)
    out["games_per_second"] = round(out["games"] / dt, 2) if dt else None
    for sc, w in out["wins_by_scenario"].items():
        for role in rules.roles:
            w[f"{role.lower()}_win_rate"] = round(w.get(role, 0) / w["games"], 3)
    return out
