"""Hand-overs per hotseat game of Vietnam 1965-1975 (issue 45 item 2): how often two players at one
screen pass it, before and after standing play settings.

Plays games with the computer on both sides (the same decisions a pair of players would face) and
counts, at each decision, what the page does (game/ui/controller.py `_needs_handover`): the screen
goes to the other player only when the side deciding changes and the two sides' views differ (the
rules' `hidden_ids`: a VC unit still face down to the US), and once at the start. "Changes of
hands" counts every change of the side deciding, what a hand-over at each would cost.

    .venv/bin/python scripts/bench/handovers.py [--scenario starlite] [--games 50] [--seed 1]

Each game is played twice from the same seed: as is, and with standing settings (prefs.py) that a
player takes the first time the window offers them: the NLF reacts only near a target hex (V 5.3)
and rolls at once at an alert (V 5.2), the US always declines incidental attacks (V 3.2) and fires
every support source (V 7.2). Prints the mean and total of decisions, changes of hands and
hand-overs per game, and the hand-overs by the window that caused them."""
import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.ai.agent import make_agent  # noqa: E402
from game.engine import headless, match as M  # noqa: E402
from game.rules import get  # noqa: E402

SETTINGS = {"NLF": {"react": "target", "alert": "roll"}, "US": {"incidental": "decline", "support": "all"}}


def one(rules, scenario, seed, settings):
    m = M.new_match(rules, scenario, seed)
    rng = random.Random(seed)
    agents = {r: make_agent("ai:standard", seed=seed * 31 + j) for j, r in enumerate(rules.roles)}
    shown = prev = None
    n = changes = handovers = 0
    by_step = {}
    acts = headless.actions(rules, m)
    while not m["state"].get("over"):
        s = m["state"]
        role = M.current_role(rules, m)
        if prev is not None and role != prev:
            changes += 1
        prev = role
        if role != shown:
            if shown is None or set(rules.hidden_ids(s, role)) != set(rules.hidden_ids(s, shown)):
                handovers += 1
                step = s["stack"][-1]["s"]
                by_step[step] = by_step.get(step, 0) + 1
            shown = role
        mine = settings.get(role, {})
        a = next((x for x in acts if x["t"] == "pref" and mine.get(x["key"]) == x["value"]), None)
        if a is None:
            agent = agents[role]
            view = M.view(rules, m, role) if len(acts) > 1 and agent.needs_view else None
            if getattr(agent, "needs_worlds", False):
                from game.ai.worlds import WorldSampler
                a = agent.choose(rules, view, acts, rng, WorldSampler(rules, m, role))
            else:
                a = agent.choose(rules, view, acts, rng)
        acts = headless.play(rules, m, a, legal=acts)
        n += 1
    return n, changes, handovers, by_step


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default="starlite")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rules = get("vietnam-1965-1975")
    for name, settings in (("as is", {}), ("with standing settings", SETTINGS)):
        rows = [one(rules, a.scenario, a.seed * 1000 + i, settings) for i in range(a.games)]
        steps = {}
        for r in rows:
            for k, v in r[3].items():
                steps[k] = steps.get(k, 0) + v
        mean = [statistics.mean(r[j] for r in rows) for j in range(3)]
        print(f"{a.scenario}, {a.games} games, {name}: decisions {mean[0]:.1f}, changes of hands {mean[1]:.1f}, "
              f"hand-overs {mean[2]:.1f} a game (median {statistics.median(r[2] for r in rows)}, "
              f"max {max(r[2] for r in rows)})")
        print("   hand-overs by the step waiting: " + ", ".join(f"{k} {v}" for k, v in sorted(steps.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
