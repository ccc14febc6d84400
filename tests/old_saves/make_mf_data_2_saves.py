"""How the mf-data-2-*.json saves in tests/data were made: run from the root of a checkout of commit
d243b56^ (the last whose Mike Force paused after a Communist phase that only said nothing happened,
"Communist recon: nothing revealed", "No Communist movement this turn", MF 4.0 II),
`python tests/old_saves/make_mf_data_2_saves.py OUT_DIR`. Each is the match as the browser saves
it, from seeded random play (legal actions picked by random.Random(seed), Continue at the report
pauses but the one clicked "run"); tests/test_mf_saves.py opens them.

- mf-data-2-run.json: Continue clicked at such a pause, later "Let the rest of the Communist turn run"
  at one, a phase that did something later in that Communist turn (which these rules pause for);
  saved at the next decision that keeps undo steps, in a later game-turn.
- mf-data-2-at-pause.json: saved at such a pause, after Continue at an earlier one.

With `--now` (run from a checkout of d243b56 or later, before mf-data-3) it writes
mf-data-2-now.json instead: a save of the current pausing, made in a game-turn after a phase that
logged only that nothing happened (which the older version paused for).
"""

import json
import os
import random
import sys


def _said_nothing(e):
    t = e["text"]
    return t in ("Communist recon: nothing revealed", "No Communist movement this turn") or ": no unit moves " in t


def _empty_pause(R, M, m):
    s = m["state"]
    if s.get("over") or s["stack"][-1]["s"] != "report":
        return False
    rep = M.view(R, m)["report"]["entries"]
    return all(e.get("kind") in ("phase", "turn") or _said_nothing(e) for e in rep) and any(_said_nothing(e) for e in rep)


def _decision(m):
    s = m["state"]
    return not s.get("over") and s["stack"][-1]["s"] != "report" and not s.get("await_roll")


def main(out, now=False):
    sys.path.insert(0, ".")
    from game.engine import match as M
    from game.rules import get
    R = get("mike-force")
    run_save = at_pause = now_save = None
    for seed in range(1, 300):
        m = M.new_match(R, ["early", "offensive", "tet", "phoenix"][seed % 4], seed)
        rng = random.Random(seed)
        ran_at = None  # the log length where "run" was clicked at an empty pause
        empties = 0  # the empty pauses Continue was clicked at
        said_at = None  # (--now) the log length after a line that says nothing happened
        while not m["state"].get("over") and len(m["actions"]) < 600:
            acts = M.legal_actions(R, m)
            if now:
                L = m["log"]
                if said_at is None and any(_said_nothing(L[i]) and L[i - 1]["kind"] == "phase" and L[i + 1]["kind"]
                                           in ("phase", "turn") for i in range(1, len(L) - 1)):
                    said_at = len(L)  # a phase that logged only that nothing happened
                if said_at is not None and m["state"]["turn"] > m["log"][said_at - 1]["turn"] and m["undo"] \
                        and _decision(m):
                    now_save = json.loads(json.dumps(m))
                    break
            else:
                empty = _empty_pause(R, M, m)
                if empty and at_pause is None and empties:
                    at_pause = json.loads(json.dumps(m))
                if empty and ran_at is None and run_save is None and empties:
                    ran_at = len(m["log"])
                    M.apply(R, m, next(a for a in acts if a["t"] == "run"))
                    continue
                if ran_at is not None and m["state"]["turn"] > m["log"][ran_at - 1]["turn"] and m["undo"] \
                        and _decision(m):
                    later = m["log"][ran_at:]
                    end = next(i for i, e in enumerate(later) if e.get("kind") == "turn")
                    if any(e.get("kind") not in ("phase", "turn") and not _said_nothing(e) for e in later[:end]):
                        run_save = json.loads(json.dumps(m))
                    break
            if m["state"]["stack"][-1]["s"] == "report":
                empties += not now and _empty_pause(R, M, m)
                M.apply(R, m, next(a for a in acts if a["t"] == "done"))
            else:
                M.apply(R, m, rng.choice(acts))
        if (now and now_save is not None) or (not now and run_save is not None and at_pause is not None):
            break
    saves = (("now", now_save),) if now else (("run", run_save), ("at-pause", at_pause))
    for name, m in saves:
        with open(os.path.join(out, f"{m['data_version']}-{name}.json"), "w") as fh:
            fh.write(json.dumps(m, separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1], now="--now" in sys.argv[2:])
