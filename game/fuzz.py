"""Rules fuzzer: `python -m game fuzz --game mike-force --games N --seed S [--steps-limit K]`.

Plays random legal actions (undo included) and after every step checks the game's invariants,
an exact JSON round trip, that undo restores exactly the state before the undone action, that
the view hides what the player may not see, and (at the end of each game) that replaying the
seed and the action list reproduces the state. A failure prints the seed and writes the match
as a save file the browser can import.
"""

import json
import random
import time

from .engine import match as M
from .rules import get
from .simulate import random_action


class Failure(Exception):
    match = None


def hidden_leaks(rules, m):
    """Concealed units must appear in the view only as backs: no id, no kind (MF 16.0)."""
    s = m["state"]
    v = M.view(rules, m, log_from=len(m["log"]))
    text = json.dumps(v)
    leaks = []
    for uid in getattr(rules, "hidden_ids", lambda s: [])(s):
        if f'"{uid}"' in text:
            leaks.append(uid)
    for sp in v.get("spaces", {}).values():
        for p in sp["pieces"]:
            if p.get("concealed") and set(p) - {"id", "side", "concealed", "back"}:
                leaks.append(p["id"])
    return leaks


def fuzz_one(rules, scenario, seed, steps_limit, undo_rate=0.1):
    m = M.new_match(rules, scenario, seed)
    try:
        return _play(rules, m, scenario, seed, steps_limit, undo_rate)
    except Exception as e:
        f = e if isinstance(e, Failure) else Failure(f"{type(e).__name__}: {e}")
        f.match = m
        raise f from e


def _play(rules, m, scenario, seed, steps_limit, undo_rate):
    rng = random.Random(seed ^ 0x5EED)
    steps = 0
    check = getattr(rules, "invariants", lambda s: [])
    acts = M.legal_actions(rules, m)
    while not m["state"].get("over"):
        if not acts:
            raise Failure("dead end: no legal action and the game is not over")
        a = random_action(rng, acts)
        try_undo = rng.random() < undo_rate
        before = json.dumps(m, sort_keys=True) if try_undo else None
        acts = M.play(rules, m, a, legal=acts)
        steps += 1
        if try_undo and m["undo"]:
            M.undo(rules, m)
            if json.dumps(m, sort_keys=True) != before:
                raise Failure(f"undo of {a} did not restore the exact state")
            acts = M.play(rules, m, a)
        bad = check(m["state"])
        if bad:
            raise Failure("invariants: " + "; ".join(bad[:5]))
        if json.loads(json.dumps(m["state"])) != m["state"]:
            raise Failure("the state does not survive a JSON round trip")
        leaks = hidden_leaks(rules, m)
        if leaks:
            raise Failure(f"the view shows concealed units: {leaks[:5]}")
        if steps >= steps_limit:
            raise Failure(f"no verdict after {steps_limit} actions")
    if json.loads(json.dumps(m)) != m:
        raise Failure("the match does not survive a JSON round trip")
    again = M.replay(rules, scenario, seed, m["options"], m["actions"])
    if M.state_hash(again) != M.state_hash(m):
        raise Failure("replaying seed + actions gives a different state")
    return m, steps


def fuzz(game, games, seed, steps_limit=5000, out_dir="."):
    rules = get(game)
    scen = [s["id"] for s in rules.scenarios()]
    res = {"game": game, "games": 0, "steps": 0, "failures": 0, "failure_samples": []}
    t0 = time.perf_counter()
    for i in range(games):
        sc = scen[i % len(scen)]
        gseed = seed * 1000003 + i
        res["games"] += 1
        try:
            _, steps = fuzz_one(rules, sc, gseed, steps_limit)
            res["steps"] += steps
        except Failure as e:  # every failure is reported with its seed and a save file
            res["failures"] += 1
            path = f"{out_dir}/fuzz-failure-{game}-{sc}-{gseed}.json"
            with open(path, "w") as fh:
                json.dump(e.match, fh)  # the position where it failed: import it in the browser
            print(f"FAILURE seed={gseed} scenario={sc}: {e} (save: {path})", flush=True)
            if len(res["failure_samples"]) < 10:
                res["failure_samples"].append({"scenario": sc, "seed": gseed, "error": str(e), "save": path})
    dt = time.perf_counter() - t0
    res["seconds"] = round(dt, 2)
    res["steps_per_second"] = round(res["steps"] / dt, 1) if dt else None
    return res
