"""How the mf-data-1-*.json saves here were made: run from the root of a checkout of commit 7da6e20
(the last with Mike Force's old frames: stage strings, "choose" questions with continuations),
`python tests/old_saves/make_old_saves.py OUT_DIR`. Each is the match, as the browser saves it, at
the first question asked inside a battle, an event and a Big Offensive over seeded random games
(legal actions picked by random.Random(seed)); tests/test_mf_old_saves.py opens them."""

import json
import os
import random
import sys


def main(out):
    sys.path.insert(0, ".")
    from game.engine import match as M
    from game.rules import get
    R = get("mike-force")
    want = {"battle": None, "event_column": None, "big_offensive": None}
    for seed in range(1, 300):
        m = M.new_match(R, ["early", "offensive", "tet", "phoenix"][seed % 4], seed)
        rng = random.Random(seed)
        while not m["state"].get("over") and len(m["actions"]) < 400:
            names = [f["s"] for f in m["state"]["stack"]]
            if names[-1] == "choose":
                for k in want:
                    if k in names and (want[k] is None or len(m["log"]) < len(want[k]["log"])):
                        want[k] = json.loads(json.dumps(m))
            M.apply(R, m, rng.choice(M.legal_actions(R, m)))
    for k, name in (("battle", "battle"), ("event_column", "event"), ("big_offensive", "big-offensive")):
        with open(os.path.join(out, f"mf-data-1-{name}.json"), "w") as fh:
            fh.write(json.dumps(want[k]))


if __name__ == "__main__":
    main(sys.argv[1])
