"""Headless games: `python -m game simulate ...`, random-legal-action players by default, the
computer player with `--players US=ai,NLF=ai:novice` (issue 12)."""

import contextlib
import random
import time

from .ai import RandomAgent, make_agent
from .ai.worlds import WorldSampler
from .engine import headless, match as M
from .engine.listing import Listing
from .rules import get

_RANDOM = RandomAgent()


def random_action(rng, actions):
    if type(actions) is Listing:
        return _random_listed(rng, actions)
    return _RANDOM.choose(None, None, actions, rng)


def _random_listed(rng, acts):
    """RandomAgent.choose over a Listing: the same calls on rng, the same action, but only the one
    drawn is built (rng.choice reads len() and one index), and a 'done' drawn by the bias reads
    nothing else (Listing.first). Kept beside it by a test (tests/test_ft_fast_paths.py)."""
    if not acts.count_of("done"):
        return rng.choice(acts)
    if not acts.has_other("done") or rng.random() < _RANDOM.done_bias:
        return rng.choice(acts.only("done"))
    return rng.choice(acts.without("done"))


def parse_players(text, rules, ai_level=None):
    """"US=random,NLF=ai:novice" -> {role: agent kind}; every role not named plays random; a
    bare "ai" gets `ai_level` (default standard)."""
    out = {r: "random" for r in rules.roles}
    for part in filter(None, (text or "").split(",")):
        role, _, kind = part.partition("=")
        if role not in out:
            raise ValueError(f"{rules.id} has no side {role!r}; sides: {', '.join(rules.roles)}")
        if kind == "ai" and ai_level:
            kind = f"ai:{ai_level}"
        elif kind == "ai":
            kind = "ai:standard"
        out[role] = kind
    return out


def percentiles(ms):
    """{p50, p95, max} of a list of milliseconds (nearest rank)."""
    if not ms:
        return {"p50": None, "p95": None, "max": None, "n": 0}
    xs = sorted(ms)

    def rank(p):
        return round(xs[min(len(xs) - 1, max(0, int(-(-p * len(xs) // 100)) - 1))], 2)
    return {"p50": rank(50), "p95": rank(95), "max": round(xs[-1], 2), "n": len(xs)}


def play_one(rules, scenario, seed, options=None, max_steps=20000, check=None, players=None, timing=None):
    """One whole game, in place; `players` {role: agent} (default: random for every role).
    Computer players get their side's view, the legal actions and a WorldSampler; `timing`
    (a list) collects the milliseconds of each of their decisions with more than one option."""
    m = M.new_match(rules, scenario, seed, options)
    rng = random.Random(seed * 7919 + 17)
    agents = players or {}
    steps = 0
    labels = bool(agents)  # the random player never reads a label, and reads one action of a Listing
    # played in place, the state stays one object: the rules' indexes of it live the whole game
    # (nothing but the engine changes it meanwhile)
    with (getattr(rules, "indexed", None) or _no_index)(m["state"]):
        acts = headless.actions(rules, m, labels=labels, lazy=not labels)
        while not m["state"].get("over"):
            if not acts:
                raise RuntimeError(f"no legal action at step {m['state']['stack'][-1]['s']}")
            agent = agents.get(M.current_role(rules, m)) if agents else None
            if agent is None:
                a = random_action(rng, acts)
            elif getattr(agent, "needs_worlds", False):
                role = M.current_role(rules, m)
                t0, c0 = time.perf_counter(), time.process_time()
                # a single legal action is taken without a look (the agent answers it first); a
                # computer that reads only sampled worlds gets no view (listing one costs time)
                view = M.view(rules, m, role) if len(acts) > 1 and agent.needs_view else None
                a = agent.choose(rules, view, acts, rng, WorldSampler(rules, m, role))
                if timing is not None and len(acts) > 1:
                    timing.append(((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000))
            else:
                role = M.current_role(rules, m)
                a = agent.choose(rules, M.view(rules, m, role) if agent.needs_view else None, acts, rng)
            acts = headless.play(rules, m, a, legal=acts, in_place=True, labels=labels, lazy=not labels)
            steps += 1
            if check:
                check(m)
            if steps >= max_steps:
                raise RuntimeError(f"game did not end in {max_steps} actions")
    return m, steps


def _no_index(s):
    return contextlib.nullcontext()


def simulate(game, scenario, games, seed, options=None, players=None, ai_level=None):
    rules = get(game)
    kinds = parse_players(players, rules, ai_level)
    scen = [s["id"] for s in rules.scenarios()] if scenario == "all" else [scenario]
    out = {"game": game, "scenarios": scen, "players": kinds, "games": 0, "finished": 0, "errors": 0, "error_samples": [],
           "wins": {r: 0 for r in rules.roles}, "wins_by_scenario": {}, "turns": 0, "actions": 0}
    timing = []
    vps = []
    t0 = time.perf_counter()
    for i in range(games):
        sc = scen[i % len(scen)]
        gseed = seed * 100003 + i
        # each game's computer players get their own generators, seeded from the game's seed
        agents = {r: make_agent(k, seed=gseed * 31 + j) for j, (r, k) in enumerate(kinds.items()) if k != "random"}
        out["games"] += 1
        try:
            m, steps = play_one(rules, sc, gseed, options, players=agents, timing=timing)
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
        if over.get("vp"):
            vps.append(over["vp"])
        out["turns"] += over["turn"]
        out["actions"] += steps
    dt = time.perf_counter() - t0
    n = max(out["finished"], 1)
    out["mean_turns"] = round(out.pop("turns") / n, 2)
    out["mean_actions"] = round(out.pop("actions") / n, 1)
    if vps and all(isinstance(v, dict) for v in vps):  # per side (Vietnam V 18.1: NLF, US, diff)
        out["mean_vp"] = {k: round(sum(v[k] for v in vps) / len(vps), 2) for k in vps[0]}
        if "diff" in vps[0]:  # the spread of the V 18.1 VP difference (NLF minus US), for information
            d = sorted(v["diff"] for v in vps)
            out["vp_diff"] = {"min": d[0], "p5": d[int(0.05 * (len(d) - 1))], "median": d[len(d) // 2],
                              "p95": d[int(0.95 * (len(d) - 1))], "max": d[-1]}
    elif vps and all(isinstance(v, (int, float)) for v in vps):  # one number (First Team)
        out["mean_vp"] = round(sum(vps) / len(vps), 2)
    if any(k != "random" for k in kinds.values()):
        # wall clock, and the process's CPU time (the machine is shared: wall time includes waiting)
        out["ai_ms"] = percentiles([w for w, _ in timing])
        out["ai_cpu_ms"] = percentiles([c for _, c in timing])
    out["seconds"] = round(dt, 3)
    out["games_per_second"] = round(out["games"] / dt, 2) if dt else None
    for sc, w in out["wins_by_scenario"].items():
        for role in rules.roles:
            w[f"{role.lower()}_win_rate"] = round(w.get(role, 0) / w["games"], 3)
    return out
