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
    lad = sub.add_parser("ladder", help="the computer against the exploiter panel (issue 46): win rates and VP margins")
    lad.add_argument("--game", default="vietnam-1965-1975", choices=ids())
    lad.add_argument("--scenario", default="starlite")
    lad.add_argument("--level", default="standard", help="the computer's level: novice, standard or strong")
    lad.add_argument("--games", type=int, default=20, help="games a row (each plan, each side)")
    lad.add_argument("--seed", type=int, default=1)
    lad.add_argument("--side", default="US,NLF", help="the computer's sides, e.g. US")
    lad.add_argument("--plans", default="", help="only these plans (names, comma separated)")
    lad.add_argument("--against", default="", help="a level to play instead of the panel (e.g. novice)")
    lad.add_argument("--no-self", action="store_true", help="leave out the computer against itself")
    lad.add_argument("--budget", type=int, default=None, help="the computer's thinking budget (playouts a decision)")
    lad.add_argument("--jobs", type=int, default=1, help="worker processes")
    lad.add_argument("--special", default="", help="a designed variant to measure, e.g. first_op=US (never saved)")
    lad.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    if a.cmd == "ladder":
        from .ai.ladder import ladder, table
        out = ladder(a.game, a.scenario, a.level, a.games, a.seed, sides=tuple(a.side.split(",")),
                     plans=set(a.plans.split(",")) if a.plans else None, self_play=not a.no_self,
                     against=a.against or None, jobs=a.jobs, budget=a.budget,
                     special=dict(kv.split("=", 1) for kv in a.special.split(",")) if a.special else None)
        print(json.dumps(out) if a.json else table(out))
        return 1 if any(r["errors"] for r in out["rows"]) else 0
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
