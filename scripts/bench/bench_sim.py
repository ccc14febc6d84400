"""Simulator speed, old against new, measured side by side: each round runs the same seeded games
in a fresh process of each tree in turn (alternating, so machine load hits both alike) and the
median games per CPU second of each (CPU time: steadier than the clock on a shared machine) is
printed with the ratio new/old.

    git worktree add /tmp/b236154 b236154      # once: the old tree
    python scripts/bench/bench_sim.py [--old /tmp/b236154] [--game first-team ...] [--games N] [--rounds R]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

RUN = """
import json, sys, time
from game.simulate import simulate
from game.rules import get
get({game!r})  # imported and its data loaded before the clock starts
t0, c0 = time.perf_counter(), time.process_time()
out = simulate({game!r}, "all", {games}, {seed})
print(json.dumps({{"games": out["games"], "errors": out["errors"], "actions": out["mean_actions"],
                  "seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0}}))
"""


def run(tree, game, games, seed):
    code = RUN.format(game=game, games=games, seed=seed)
    p = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True)
    r = json.loads(p.stdout.strip().splitlines()[-1])
    return r["games"] / r["cpu"], r


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--old", default="/tmp/b236154")
    p.add_argument("--new", default=HERE)
    p.add_argument("--game", action="append")
    p.add_argument("--games", type=int, default=0, help="games per run (default: 40 MF, 8 FT, 20 V)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    default_games = {"mike-force": 40, "first-team": 8, "vietnam-1965-1975": 20}
    for game in a.game or ["mike-force", "first-team"]:
        n = a.games or default_games.get(game, 10)
        rates = {"old": [], "new": []}
        for r in range(a.rounds):
            for which in (("old", "new") if r % 2 == 0 else ("new", "old")):
                gps, res = run(a.old if which == "old" else a.new, game, n, a.seed)
                rates[which].append(gps)
                print(f"  {game} round {r + 1} {which}: {gps:.2f} games/s CPU ({res['games'] / res['seconds']:.2f} "
                      f"by the clock; {res['errors']} errors, {res['actions']} actions/game)", flush=True)
        old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
        print(f"{game}: old {old:.2f} games/s, new {new:.2f} games/s (per CPU second), ratio {new / old:.2f}x "
              f"({n} games x {a.rounds} rounds each, medians)", flush=True)


if __name__ == "__main__":
    main()
