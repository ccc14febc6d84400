"""Command line: `python -m game simulate --game mike-force --scenario all --games 200 --seed 1 --json`."""

import argparse
import json
import sys

from .ai.agent import LEVELS
from .rules import ids


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m game")
    sub = p.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate", help="play whole games with a random-legal-action player")
    sim.add_argument("--game", default="mike-force", choices=ids())
    sim.add_argument("--scenario", default="all")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", default="",
                     help='who plays each side: random, ai, ai:novice, ai:standard or ai:strong, e.g. "US=ai,NLF=random"')
    sim.add_argument("--ai-level", choices=LEVELS, default=None,
                     help="the level of every side given as plain 'ai' (default standard)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    fz = sub.add_parser("fuzz", help="random legal play with invariant, undo, replay and hidden-info checks")
    fz.add_argument("--game", default="mike-force", choices=ids())
    fz.add_argument("--scenario", default="all")
    fz.add_argument("--games", type=int, default=10)
    fz.add_argument("--seed", type=int, default=1)
    fz.add_argument("--steps-limit", type=int, default=5000)
    fz.add_argument("--out", default=".", help="folder for failure save files")
    fz.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print running totals (JSON, on stderr) every N games")
    fz.add_argument("--players", default="",
                    help='computer players among the random ones, e.g. "US=ai,NLF=ai:novice" (every check stays on)')
    a = p.parse_args(argv)
    if a.cmd == "fuzz":
        from .fuzz import fuzz
        out = fuzz(a.game, a.games, a.seed, a.steps_limit, a.out, a.progress, a.scenario, a.players or None)
        print(json.dumps(out))
        return 1 if out["failures"] else 0
    if a.cmd == "simulate":
        from .simulate import simulate
        out = simulate(a.game, a.scenario, a.games, a.seed, players=a.players, ai_level=a.ai_level)
        if a.json:
            print(json.dumps(out))
        else:
            for k, v in out.items():
                print(f"{k}: {v}")
        return 1 if out["errors"] else 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
