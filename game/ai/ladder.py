"""The ladder (issue 46 items 1, 2, 5): the computer at a level plays each side of a scenario against
every exploiter plan of the panel for the other side (panel/), and against itself, over the same
game seeds; it prints the computer's win rate with a 95% interval (Wilson) and its VP margin (V 18.1,
its own side's points minus the other's) with a 95% interval. A benchmark, not a test.

    python -m game ladder --game vietnam-1965-1975 --scenario starlite --level standard --games 100 --seed 1 --json

`--against LEVEL` plays the levels against each other instead (the higher against the lower)."""

import math
import multiprocessing
import time

from ..rules import get
from ..simulate import percentiles, play_one
from . import panel
from .agent import make_agent
from ..rules.vietnam_1965_1975.data import SCENARIOS
from ..rules.vietnam_1965_1975.victory import us_lost


def wilson(k, n, z=1.96):
    """The 95% Wilson score interval of k successes in n."""
    if n == 0:
        return [0.0, 1.0]
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return [round(max(0.0, mid - half), 3), round(min(1.0, mid + half), 3)]


def mean_ci(xs, z=1.96):
    if not xs:
        return None, [None, None]
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return round(m, 2), [None, None]
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    h = z * sd / math.sqrt(len(xs))
    return round(m, 2), [round(m - h, 2), round(m + h, 2)]


def other(role):
    return "NLF" if role == "US" else "US"


def opponent_agent(scenario, role, spec, seed):
    """spec: 'plan:NAME' (a panel plan for `role`) or 'ai:LEVEL' (the computer)."""
    kind, _, name = spec.partition(":")
    if kind == "plan":
        return panel.plan(scenario, role, name)(seed)
    return make_agent(spec, seed=seed)


def play_game(args):
    """One game of the ladder: the computer (`level`) as `role` against `spec` on the other side."""
    game, scenario, role, level, spec, gseed, budget = args
    rules = get(game)
    agents = {role: make_agent(f"ai:{level}", seed=gseed * 31 + 1, budget=budget),
              other(role): opponent_agent(scenario, other(role), spec, gseed * 31 + 2)}
    timing = []
    t0 = time.process_time()
    try:
        m, steps = play_one(rules, scenario, gseed, players=agents, timing=timing)
    except Exception as e:  # reported, never hidden
        return {"error": f"{type(e).__name__}: {e}", "seed": gseed}
    over = m["state"]["over"]
    diff = over["vp"]["diff"] if over.get("vp") else 0
    return {"winner": over["winner"], "margin": diff if role == "NLF" else -diff, "steps": steps,
            "us_lost": len(us_lost(m["state"])), "cpu": time.process_time() - t0,
            "ms": [c for _, c in timing]}


def summarise(role, spec, results):
    ok = [r for r in results if "error" not in r]
    n = len(ok)
    wins = sum(1 for r in ok if r["winner"] == role)
    draws = sum(1 for r in ok if r["winner"] == "draw")
    margin, mci = mean_ci([r["margin"] for r in ok])
    ms = [x for r in ok for x in r["ms"]]
    return {"computer": role, "opponent": spec, "games": n, "wins": wins, "draws": draws,
            "losses": n - wins - draws, "win_rate": round(wins / n, 3) if n else None, "ci95": wilson(wins, n),
            "vp_margin": margin, "vp_ci95": mci,
            "us_lost_per_game": round(sum(r["us_lost"] for r in ok) / n, 3) if n else None,
            "max_steps": max((r["steps"] for r in ok), default=0),
            "decision_cpu_ms": percentiles(ms),
            "errors": len(results) - n, "error_samples": [r for r in results if "error" in r][:3]}


def proposal(game, scenario, special):
    """A designed variant to measure (never saved): the scenario's special rules with `special`
    ({key: value}) in this process only, e.g. {"first_op": "US"}."""
    if not special:
        return
    SCENARIOS[scenario].setdefault("special", {}).update(special)


def ladder(game, scenario, level="standard", games=20, seed=1, sides=("US", "NLF"), plans=None,
           self_play=True, against=None, jobs=1, budget=None, special=None):
    """Rows per computer side: each panel plan (or `plans`, names) and itself (`self_play`); with
    `against` (a level), that level instead of the panel; `special`: a proposal measured."""
    proposal(game, scenario, special)
    jobs_list = []
    for role in sides:
        specs = []
        if against:
            specs.append(f"ai:{against}")
        else:
            names = [c.name for c in panel.plans(scenario, other(role))]
            specs += [f"plan:{n}" for n in names if plans is None or n in plans]
            if self_play:
                specs.append(f"ai:{level}")
        for spec in specs:
            jobs_list.append((role, spec))
    tasks = [(game, scenario, role, level, spec, seed * 100003 + i, budget)
             for role, spec in jobs_list for i in range(games)]
    t0 = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(play_game, tasks, chunksize=1)
    else:
        results = [play_game(t) for t in tasks]
    rows = []
    for k, (role, spec) in enumerate(jobs_list):
        rows.append(summarise(role, spec, results[k * games:(k + 1) * games]))
    return {"game": game, "scenario": scenario, "level": level, "games": games, "seed": seed,
            "budget": budget, "special": special or {}, "rows": rows, "seconds": round(time.perf_counter() - t0, 1)}


def table(out):
    """The ladder as text, one line per row."""
    lines = [f"{out['scenario']}: the computer at {out['level']} ({out['games']} games a row, seed {out['seed']})",
             f"{'side':4} {'opponent':28} {'win':>6} {'95% interval':>14} {'draw':>5} {'VP margin':>10} "
             f"{'95% interval':>16} {'US lost':>7}"]
    for r in out["rows"]:
        lo, hi = r["ci95"]
        vlo, vhi = r["vp_ci95"]
        vi = f"[{vlo:g}, {vhi:g}]" if vlo is not None else ""
        lines.append(f"{r['computer']:4} {r['opponent']:28} {r['win_rate'] or 0:6.1%} [{lo:5.1%}, {hi:5.1%}] "
                     f"{r['draws']:5d} {r['vp_margin'] if r['vp_margin'] is not None else 0:10g} {vi:>16} "
                     f"{r['us_lost_per_game'] or 0:7.2f}" + (f"  ERRORS {r['errors']}" if r["errors"] else ""))
    return "\n".join(lines)
