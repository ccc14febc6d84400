"""The simulator's instructions (valgrind), old tree against new: the same seeded games counted in
instructions, a figure the machine's load cannot move (bench_sim.py's games per CPU second spread
by a third between rounds on a loaded 2-core machine). Each figure is the instructions of
`simulate(game, "all", N, seed)` less those of the same process simulating nothing (the imports
and the data loading).

    python scripts/bench/bench_sim_instructions.py --old /work/main [--game first-team ...] [--games 6]

Prints per game the instructions of each tree and the ratio new/old. Compare only trees whose
games are the same (scripts/game_hashes.py digests equal); else the steps differ too."""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RUN = "from game.simulate import simulate\nfrom game.rules import get\nget({g!r}); simulate({g!r}, 'all', {n}, {seed})"


def instructions(tree, game, games, seed):
    code = RUN.format(g=game, n=games, seed=seed)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
                         cwd=tree, env=dict(os.environ, PYTHONPATH=tree), capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True, help="the old tree (a worktree of the commit compared against)")
    ap.add_argument("--new", default=HERE)
    ap.add_argument("--game", action="append")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    for game in a.game or ["mike-force", "first-team", "vietnam-1965-1975"]:
        got = {}
        for name, tree in (("old", a.old), ("new", a.new)):
            got[name] = instructions(tree, game, a.games, a.seed) - instructions(tree, game, 0, a.seed)
        print(f"{game}: old {got['old']:,} new {got['new']:,} instructions ({a.games} games of each scenario),"
              f" ratio {got['new'] / got['old']:.4f}", flush=True)


if __name__ == "__main__":
    main()
