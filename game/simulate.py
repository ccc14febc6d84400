"""Headless games with a random-legal-action player: `python -m game simulate ...`."""

import json
import random
import time

from .engine import match as M
from .rules import get


def random_action(rng, actions, done_bias=0.25):
    """Uniform over the legal actions, but 'done' is taken with probability done_bias when it is
    offered, so open-ended phases (boarding, recruiting) end in a few steps."""
    dones = [a for a in actions if a["t"] == "done"]
    if dones and (len(dones) == len(actions) or rng.random() < done_bias):
        return rng.choice(dones)
    others = [a for a in actions if a["t"] != "done"]
    return rng.choice(others)


def play_one(rules, scenario, seed, options=None, max_steps=20000, check=None):
    m = M.new_match(rules, scenario, seed, options)
    rng = random.Random(seed * 7919 + 17)
    steps = 0
    acts = M.legal_actions(rules, m)
    while not m["state"].get("over"):
        if not acts:
            raise RuntimeError(f"no legal action at step {m['state']['stack'][-1]['s']}")
        acts = M.play(rules, m, random_action(rng, acts), legal=acts, in_place=True)
        steps += 1
        if check:
            check(m)
        if steps >= max_steps:
            raise RuntimeError(f"game did not end in {max_steps} actions")
    return m, steps


def simulate(game, scenario, games, seed, options=None):
    rules = get(game)
    scen = [s["id"] for s in rules.scenarios()] if scenario == "all" else [scenario]
    out = {"game": game, "scenarios": scen, "games": 0, "finished": 0, "errors": 0, "error_samples": [],
           "wins": {}, "wins_by_scenario": {}, "turns": 0, "actions": 0}
    t0 = time.perf_counter()
    for i in range(games):
        sc = scen[i % len(scen)]
        gseed = seed * 100003 + i
        out["games"] += 1
        try:
            m, steps = play_one(rules, sc, gseed, options)
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
    player = rules.roles[0]  # the human side of a solitaire game
    for sc, w in out["wins_by_scenario"].items():
        w[f"{player.lower()}_win_rate"] = round(w.get(player, 0) / w["games"], 3)
    return out
