"""The computer's habits (issue 46 item 3), counted from the log of whole games: US counters lost,
VP margin and wins; incidental attacks the computer's movers were forced into and their odds; Air
Points committed to the defence; operations that ended without combat; NLF attacks below 2:1;
ARVN-only attacks; later rounds fought at losing odds; whether the NLF's reinforcements entered;
Starlite's first US target. Same seeds before and after: run it on both trees (paired).

    python scripts/bench/bench_ai_habits.py --scenario silver-bayonet --games 200 --seed 1 \\
        --players US=ai:standard,NLF=ai:standard --jobs 2 --json
"""

import argparse
import json
import multiprocessing
import os
import re
import sys
import time

sys.path.insert(0, os.getcwd())  # the tree it is run from (before / after)

from game.ai import make_agent  # noqa: E402
from game.rules import get  # noqa: E402
from game.rules.vietnam_1965_1975.data import KINDS  # noqa: E402
from game.rules.vietnam_1965_1975.victory import us_lost  # noqa: E402
from game.simulate import parse_players, play_one  # noqa: E402

ATTACK = re.compile(r"^(US|NLF) attacks (\d+): ([\d.]+) \(.*\) against ([\d.]+) \(.*\): DRM ([+-]\d+), terrain ([+-]\d+)")


def one(args):
    game, scenario, kinds, gseed = args
    rules = get(game)
    agents = {r: make_agent(k, seed=gseed * 31 + j) for j, (r, k) in enumerate(kinds.items()) if k != "random"}
    pending = {}
    rec = {"incidental": [], "attacks": [], "def_ap": [], "ops": [], "first_target": None}
    seen = [0]

    def check(m):
        s = m["state"]
        a = m["actions"][-1] if m["actions"] else {}
        if a.get("t") == "attack":
            units = [s["units"][x] for x in a["units"]]
            pending["attack"] = {"round": (s.get("op") or {}).get("round", 1),
                                 "nats": sorted({rules_kind(u)["nat"] for u in units})}
        if a.get("t") == "force":
            pending["force"] = True
        for e in m["log"][seen[0]:]:
            t = e["text"]
            mm = ATTACK.match(t)
            if mm:
                side, h, att, dfn, drm, ter = mm.groups()
                item = {"side": side, "hex": h, "drm": int(drm), "terrain": int(ter)}
                if pending.pop("force", None):
                    rec["incidental"].append(item)
                else:
                    item.update(pending.pop("attack", {}))
                    rec["attacks"].append(item)
                    if rec["ops"]:
                        rec["ops"][-1]["combat"] = True
            elif t.startswith("The US commits ") and (s.get("op") or {}).get("side") == "NLF":
                rec["def_ap"].append({"n": int(t.split()[3]), "turn": s["turn"]})
            elif t.startswith("The US conducts a Search and Destroy") or t.startswith("The NLF conducts a Search"):
                rec["ops"].append({"side": t.split()[1], "combat": False})
            elif t.startswith("Target hex ") and rec["first_target"] is None and rec["ops"] and rec["ops"][0]["side"] == "US":
                rec["first_target"] = t.split()[2]
        seen[0] = len(m["log"])

    t0 = time.process_time()
    try:
        m, steps = play_one(rules, scenario, gseed, players=agents, check=check)
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}", "seed": gseed}
    s = m["state"]
    over = s["over"]
    entered = None
    late = [u for u in s["units"].values() if u["side"] == "NLF" and u["id"] == "n66"]
    if late:
        entered = not any(r["id"] == "n66" and r["how"] == "left" for r in s["removed"])
    return {"winner": over["winner"], "diff": over["vp"]["diff"] if over.get("vp") else 0,
            "us_lost": len(us_lost(s)), "steps": steps, "cpu": time.process_time() - t0,
            "entered_66": entered, **rec}


def rules_kind(u):
    return KINDS[u["kind"]]


def summary(results, games):
    ok = [r for r in results if "error" not in r]
    n = max(1, len(ok))
    per100 = lambda k: round(100 * k / n, 1)  # noqa: E731
    inc = [i for r in ok for i in r["incidental"]]
    atk = [i for r in ok for i in r["attacks"]]
    ops = [o for r in ok for o in r["ops"]]
    out = {
        "games": len(ok), "errors": len(results) - len(ok),
        "error_samples": [r for r in results if "error" in r][:3],
        "wins": {w: sum(1 for r in ok if r["winner"] == w) for w in ("US", "NLF", "draw")},
        "us_lost_per_game": round(sum(r["us_lost"] for r in ok) / n, 3),
        "vp_diff_mean": round(sum(r["diff"] for r in ok) / n, 2),
        "max_steps": max((r["steps"] for r in ok), default=0),
        "incidental_us_movers_per100": per100(sum(1 for i in inc if i["side"] == "US")),
        "incidental_us_movers_below_1to1_per100": per100(sum(1 for i in inc if i["side"] == "US" and i["drm"] < 0)),
        "incidental_nlf_movers_per100": per100(sum(1 for i in inc if i["side"] == "NLF")),
        "later_rounds_losing_odds_per100": {side: per100(sum(1 for i in atk if i["side"] == side and i.get("round", 1) > 1
                                                             and i["drm"] + i["terrain"] < 0)) for side in ("US", "NLF")},
        "hard_terrain_losing_odds_us_per100": per100(sum(1 for i in atk if i["side"] == "US" and i["terrain"] < 0
                                                          and i["drm"] < 0)),
        "arvn_only_attacks_below_1to1_per100": per100(sum(1 for i in atk if i["side"] == "US" and i.get("nats") == ["ARVN"]
                                                           and i["drm"] < 0)),
        "nlf_attacks": len([i for i in atk if i["side"] == "NLF"]),
        "nlf_attacks_below_2to1_share": round(sum(1 for i in atk if i["side"] == "NLF" and i["drm"] < 2) /
                                              max(1, sum(1 for i in atk if i["side"] == "NLF")), 3),
        "us_ops": sum(1 for o in ops if o["side"] == "US"),
        "us_ops_without_combat": sum(1 for o in ops if o["side"] == "US" and not o["combat"]),
        "def_ap_commitments_per100": per100(sum(len(r["def_ap"]) for r in ok)),
        "def_ap_points_per_game": round(sum(x["n"] for r in ok for x in r["def_ap"]) / n, 2),
        "cpu_s_per_game": round(sum(r["cpu"] for r in ok) / n, 2),
    }
    e66 = [r["entered_66"] for r in ok if r["entered_66"] is not None]
    if e66:
        out["nva_66th_entered_share"] = round(sum(e66) / len(e66), 3)
    ft = [r["first_target"] for r in ok if r["first_target"]]
    if ft:
        out["first_us_target"] = {h: ft.count(h) for h in sorted(set(ft))}
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="vietnam-1965-1975")
    p.add_argument("--scenario", default="starlite")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="US=ai:standard,NLF=ai:standard")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    rules = get(a.game)
    kinds = parse_players(a.players, rules)
    tasks = [(a.game, a.scenario, kinds, a.seed * 100003 + i) for i in range(a.games)]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
            results = pool.map(one, tasks, chunksize=1)
    else:
        results = [one(t) for t in tasks]
    out = {"scenario": a.scenario, "players": kinds, "seed": a.seed, **summary(results, a.games),
           "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
