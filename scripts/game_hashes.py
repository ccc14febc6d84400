"""Play N seeded games of each game with the random player and print the hash of every final state,
and one digest over them: run it before and after an engine change that must not change play
(`python scripts/game_hashes.py --games 200 > before.txt`, change, run again, diff).

    python scripts/game_hashes.py [--games N] [--game ID ...] [--options JSON] [--drop-state-key KEY ...]
"""

import argparse
import hashlib
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.engine import match as M  # noqa: E402
from game.rules import get, ids  # noqa: E402
from game.simulate import play_one  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--game", action="append")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default="{}", help="JSON options per game id: {\"mike-force\": {...}}")
    p.add_argument("--ignore-options", default="", help="comma-separated option ids left out of the state "
                   "hashed: a change that only adds options (their defaults are stored in every state) "
                   "can then be checked against the digests from before it")
    p.add_argument("--drop-state-key", action="append", default=[], metavar="KEY",
                   help="a top-level state key left out of the state hashed (repeatable): a change that "
                   "moves a game's data out of one key (First Team's turn-wide s['f']) can then be checked "
                   "against the digests from before it; the log is hashed whole all the same")
    a = p.parse_args(argv)
    opts = json.loads(a.options)
    total = hashlib.sha256()
    for gid in a.game or ids():
        rules = get(gid)
        scen = [s["id"] for s in rules.scenarios()]
        digest = hashlib.sha256()
        t0 = time.perf_counter()
        for i in range(a.games):
            sc = scen[i % len(scen)]
            m, steps = play_one(rules, sc, a.seed * 100003 + i, opts.get(gid))
            for k in filter(None, a.ignore_options.split(",")):
                m["state"]["options"].pop(k, None)
            for k in a.drop_state_key:
                m["state"].pop(k, None)
            h = M.state_hash(m)
            log_h = hashlib.sha256(json.dumps(m["log"], sort_keys=True).encode()).hexdigest()
            digest.update((h + log_h).encode())
            print(f"{gid} {sc} {i} steps={steps} state={h[:16]} log={log_h[:16]}")
        dt = time.perf_counter() - t0
        print(f"{gid} digest={digest.hexdigest()} games={a.games} seconds={dt:.1f}")
        total.update(digest.hexdigest().encode())
    print(f"all digest={total.hexdigest()}")


if __name__ == "__main__":
    main()
