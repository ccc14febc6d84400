"""Rules fuzzer: `python -m game fuzz --game mike-force --games N --seed S [--steps-limit K]`.

Plays random legal actions, undo included, and after every step checks:
  * the game's own invariants (`rules.invariants(state)`, a list of broken ones);
  * a legal action exists unless the game is over;
  * the state equals itself after a JSON round trip;
  * for every role, what that role sees (the view, the prompt, its legal actions and the new log
    entries it may read) never names a unit that role may not see (`rules.hidden_ids(state,
    role)`), and a concealed piece carries nothing but its handle, side and back;
  * for every role, now and then, a position that looks the same to it (`rules.resample_hidden
    (state, role, rng)`: the hidden part drawn again) gives it the same view, prompt and legal
    actions: what it is offered never tells it what it may not see;
  * undo (a run of 1-3 actions then as many undos, now and then) restores exactly the match
    before those actions, and the same legal actions;
and at the end of each game that replaying seed + action list from scratch reproduces the state
(same hash) and the log. A failure prints the seed and writes the match as a save file the
browser can import (Saves > Import file) to show the exact position. The command prints one JSON
summary: games, steps, failures, steps per second.
"""

import contextlib
import json
import random
import re
import sys
import time

from .engine import headless, match as M
from .rules import get
from .simulate import random_action

CONCEALED_KEYS = {"id", "side", "concealed", "back"}


class Failure(Exception):
    match = None   # the match when it failed
    before = None  # how many of its actions were applied before the failing step


def _hidden_fn(rules):
    return getattr(rules, "hidden_ids", None) or (lambda s, role: [])


def hidden_leaks(rules, m, role=None, acts=None, log_from=None, hidden=None):
    """Names of hidden units that the role's view, prompt, legal actions or new log entries show;
    and concealed pieces that carry more than a handle, a side and a back (MF 16.0)."""
    s = m["state"]
    hidden = (hidden or _hidden_fn(rules))(s, role)
    v = rules.view(s, role)
    leaks = []
    shown = CONCEALED_KEYS | set(getattr(rules, "concealed_public", ()))  # (a game's public markers)
    if hidden:
        if acts is None:
            acts = M.legal_actions(rules, m, role)
        new_log = M.visible_log(m["log"][len(m["log"]) if log_from is None else log_from:], role)
        seen = [v, acts, _prompt_for(rules, m, role), new_log]
        text = json.dumps(seen)
        pat = re.compile('"(' + "|".join(re.escape(h) for h in sorted(hidden, key=len, reverse=True)) + ')"')
        leaks += sorted(set(pat.findall(text)))
    for sp in (v.get("spaces") or {}).values():
        for p in sp.get("pieces", ()):
            if p.get("concealed") and set(p) - shown:
                leaks.append(p.get("id"))
    for pieces in (v.get("boxes") or {}).values():
        for p in pieces:
            if p.get("concealed") and set(p) - shown:
                leaks.append(p.get("id"))
    return leaks


def _prompt_for(rules, m, role):
    deciding = M.current_role(rules, m)
    return M.prompt(rules, m) if role is None or deciding in (None, role) else ""


def same_view_check(rules, m, roles, rng):
    """For each role: a state drawn again for its hidden part looks the same to it and offers it
    the same actions and prompt. Raises Failure naming what differs."""
    resample = getattr(rules, "resample_hidden", None)
    if resample is None or m["state"].get("over"):
        return
    for role in roles:
        other = dict(m, state=resample(M.clone(m["state"]), role, rng), undo=[])
        bad = rules.invariants(other["state"]) if hasattr(rules, "invariants") else []
        if bad:
            raise Failure(f"resample_hidden for {role} made a broken state: {bad[:3]}")
        for what, fn in (("view", lambda x: rules.view(x["state"], role)),
                         ("prompt", lambda x: _prompt_for(rules, x, role)),
                         ("legal actions", lambda x: M.legal_actions(rules, x, role))):
            a, b = fn(m), fn(other)
            if a != b:
                raise Failure(f"two positions that look the same to {role} differ in its {what}: "
                              f"{_first_difference(a, b)}")


def _first_difference(a, b, path=""):
    if type(a) is not type(b):
        return f"{path or 'top'}: {str(a)[:80]} / {str(b)[:80]}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} / {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'top'}: {str(a)[:80]} / {str(b)[:80]}"


def fuzz_one(rules, scenario, seed, steps_limit, undo_rate=0.1, same_view_rate=0.05, players=None):
    """One fuzzed game; `players` {role: player kind} ("ai", "ai:novice", ...; default random)."""
    m = M.new_match(rules, scenario, seed)
    mark = [0]
    agents = None
    if players:
        from .ai import make_agent
        agents = {r: make_agent(k, seed=seed * 31 + j) for j, (r, k) in enumerate(sorted(players.items()))
                  if k != "random"}
    try:
        return _play(rules, m, scenario, seed, steps_limit, undo_rate, mark, same_view_rate, agents)
    except Exception as e:
        f = e if isinstance(e, Failure) else Failure(f"{type(e).__name__}: {e}")
        f.match = m
        f.before = mark[0]
        raise f from e


def check_position(rules, m, acts, log_from, hidden, roles):
    """Every per-step check but undo; raises Failure."""
    s = m["state"]
    if not s.get("over") and not acts:
        raise Failure("dead end: no legal action and the game is not over")
    bad = rules.invariants(s) if hasattr(rules, "invariants") else []
    if bad:
        raise Failure("invariants: " + "; ".join(bad[:5]))
    if json.loads(json.dumps(s)) != s:
        raise Failure("the state does not survive a JSON round trip")
    for role in roles:
        mine = role is None or M.current_role(rules, m) in (None, role)
        leaks = hidden_leaks(rules, m, role, acts if mine else None, log_from, hidden)
        if leaks:
            raise Failure(f"the view for {role} shows what it may not see: {leaks[:5]}")


def _choose(rules, m, acts, rng, agents):
    """The random player, or the computer player of the side deciding (`--players`, issue 12),
    which sees only its side's view and positions sampled consistent with it."""
    role = M.current_role(rules, m) if agents else None
    agent = agents.get(role) if agents else None
    if agent is None:
        return random_action(rng, acts)
    from .ai.worlds import WorldSampler
    return agent.choose(rules, M.view(rules, m, role), acts, rng, WorldSampler(rules, m, role))


def _play(rules, m, scenario, seed, steps_limit, undo_rate, mark, same_view_rate=0.0, agents=None):
    rng = random.Random(seed ^ 0x5EED)
    view_rng = random.Random(seed ^ 0xF1E1D)
    roles = list(getattr(rules, "roles", None) or [None])
    hidden = _hidden_fn(rules)
    steps = 0
    acts = M.legal_actions(rules, m)
    check_position(rules, m, acts, 0, hidden, roles)
    while not m["state"].get("over"):
        log_from = len(m["log"])
        mark[0] = len(m["actions"])
        if rng.random() < undo_rate:
            acts = _undo_probe(rules, m, acts, rng, agents)
        if m["state"].get("over"):
            break
        a = _choose(rules, m, acts, rng, agents)
        acts = headless.play(rules, m, a, legal=acts, labels=True)
        steps += 1
        check_position(rules, m, acts, min(log_from, len(m["log"])), hidden, roles)
        if same_view_rate and view_rng.random() < same_view_rate:
            same_view_check(rules, m, roles, view_rng)
        if steps >= steps_limit:
            raise Failure(f"no verdict after {steps_limit} actions")
    mark[0] = len(m["actions"])
    if json.loads(json.dumps(m)) != m:
        raise Failure("the match does not survive a JSON round trip")
    again = replay(rules, scenario, seed, m["options"], m["actions"], m.get("dice_mode", "auto"), fast=True)
    if M.state_hash(again) != M.state_hash(m):
        raise Failure("replaying seed + actions gives a different state")
    if again["log"] != m["log"]:
        raise Failure("replaying seed + actions gives a different log")
    return m, steps


def _undo_probe(rules, m, acts, rng, agents=None):
    """Play 1-3 actions (random, or the computer player's), undo as many as the engine allows
    back, and check that the match and its legal actions are exactly what they were. Returns the
    legal actions now."""
    # the match as it was: a copy of all but the log, and the log as JSON text (a copy of a long log
    # costs far more than its text, which shows every change just as well)
    before = M.clone({k: v for k, v in m.items() if k != "log"})
    before_log = json.dumps(m["log"])
    n_log = len(m["log"])
    before_acts = [M.strip(a) for a in acts]
    n = 0
    for _ in range(rng.randint(1, 3)):
        if m["state"].get("over"):
            break
        had = len(m["undo"])
        acts = headless.play(rules, m, _choose(rules, m, acts, rng, agents), legal=acts, labels=True)
        if len(m["undo"]) != had + 1:  # a die roll, a draw or a reveal: no undo past it; keep it
            check_position(rules, m, acts, n_log, _hidden_fn(rules),
                           list(getattr(rules, "roles", None) or [None]))
            return acts
        n += 1
    for _ in range(n):
        M.undo(rules, m)
    log_same = json.dumps(m["log"]) == before_log
    if not log_same or {k: v for k, v in m.items() if k != "log"} != before:
        diff = [k for k in m if k != "log" and m[k] != before.get(k)] + ([] if log_same else ["log"])
        raise Failure(f"undo of {n} action(s) did not restore the exact match (differs in {diff})")
    now = M.legal_actions(rules, m)
    if [M.strip(a) for a in now] != before_acts:
        raise Failure(f"after undoing {n} action(s) the legal actions differ")
    return now


def replay(rules, scenario, seed, options, actions, dice_mode="auto", fast=False):
    """M.replay, listing each position's actions once (as the simulator does). `fast`: in place and
    without labels where the dice are automatic, as the simulator plays (the end-of-game check: the
    game itself was played on copies, with labels, so the two ways of running actions are compared)."""
    m = M.new_match(rules, scenario, seed, options, dice_mode)
    fast = fast and dice_mode == "auto"
    indexed = (getattr(rules, "indexed", None) if fast else None) or _no_index
    with indexed(m["state"]):
        legal = headless.actions(rules, m, labels=not fast)
        for a in actions:
            legal = headless.play(rules, m, a, legal=legal, in_place=fast, labels=not fast)
    return m


def _no_index(s):
    return contextlib.nullcontext()


def failure_save(rules, scenario, seed, failure):
    """A save of the position just before the failing step, which the browser imports (a broken
    position itself would be refused by the save checks); under "fuzz" the error and the actions
    of the failing step, to click next. If that position cannot be rebuilt, the raw match."""
    m = failure.match
    info = {"error": str(failure), "scenario": scenario, "seed": seed,
            "failing_step_actions": (m or {}).get("actions", [])[failure.before or 0:]}
    try:
        good = replay(rules, scenario, seed, m["options"], m["actions"][:failure.before], m.get("dice_mode", "auto"))
        from .engine.saves import check_position
        check_position(rules, good)
    except Exception as ex:  # noqa: BLE001  the failure itself may be in replay
        info["note"] = f"the position before the failing step could not be rebuilt ({type(ex).__name__}): raw match"
        return dict(m, fuzz=info)
    return dict(good, fuzz=info)


def fuzz(game, games, seed, steps_limit=5000, out_dir=".", progress=0, scenario="all", players=None):
    """Fuzz `games` whole games; with progress=N, print the running totals (one JSON line on
    stderr) every N games, so a long run that is stopped still reports what it did."""
    rules = get(game)
    if hasattr(rules, "check_indexes"):
        rules.check_indexes(True)
    scen = [s["id"] for s in rules.scenarios()] if scenario == "all" else [scenario]
    res = {"game": game, "seed": seed, "games": 0, "steps": 0, "failures": 0, "failure_samples": []}
    if players:
        from .simulate import parse_players
        players = parse_players(players, rules)
        res["players"] = players
    t0 = time.perf_counter()
    for i in range(games):
        sc = scen[i % len(scen)]
        gseed = seed * 1000003 + i
        res["games"] += 1
        try:
            _, steps = fuzz_one(rules, sc, gseed, steps_limit, players=players)
            res["steps"] += steps
        except Failure as e:  # every failure is reported with its seed and a save file
            res["failures"] += 1
            res["steps"] += len(e.match["actions"]) if e.match else 0
            path = f"{out_dir}/fuzz-failure-{game}-{sc}-{gseed}.json"
            with open(path, "w") as fh:
                json.dump(failure_save(rules, sc, gseed, e), fh)
            print(f"FAILURE game={game} scenario={sc} seed={gseed}: {e} (save: {path})", flush=True)
            if len(res["failure_samples"]) < 10:
                res["failure_samples"].append({"scenario": sc, "seed": gseed, "error": str(e), "save": path})
        if progress and res["games"] % progress == 0:
            dt = time.perf_counter() - t0
            print(json.dumps({"progress": True, "games": res["games"], "steps": res["steps"],
                              "failures": res["failures"], "seconds": round(dt, 1),
                              "steps_per_second": round(res["steps"] / dt, 1)}), file=sys.stderr, flush=True)
    dt = time.perf_counter() - t0
    res["seconds"] = round(dt, 2)
    res["steps_per_second"] = round(res["steps"] / dt, 1) if dt else None
    return res
