"""How the ft-data-2-*.json saves in tests/data were made: run from the root of a checkout of commit
37ede4e (the last whose First Team paused after an NVA segment that only said nothing happened,
"No NVA ground movement", FT 4.14), `python tests/old_saves/make_ft_data_2_saves.py OUT_DIR`.
Each is the match as the browser saves it, from seeded random play (legal actions picked by
random.Random(seed), Continue at most pauses); tests/test_ft_saves.py opens them.

- ft-data-2-run.json: "Let the rest of this NVA phase run" clicked at such a pause, a battle later
  in that NVA Assault Phase (which these rules now pause for); saved at the next decision that
  keeps undo steps, in the next game-turn.
- ft-data-2-at-pause.json: saved at such a pause (K: "No NVA ground movement").
"""

import json
import os
import random
import sys

NOTHING_SAID = ("Offboard movement: no movement", "No NVA ground movement", "No NVA open combat",
                "No location victory points this turn")


def _empty_pause(R, M, m):
    s = m["state"]
    if s.get("over") or s["stack"][-1]["s"] != "report":
        return False
    rep = M.view(R, m)["report"]
    return all(e.get("kind") in ("phase", "turn", "roll") or e["text"] in NOTHING_SAID for e in rep["entries"]) \
        and any(e["text"] in NOTHING_SAID for e in rep["entries"])


def main(out):
    sys.path.insert(0, ".")
    from game.engine import match as M
    from game.rules import get
    R = get("first-team")
    run_save = at_pause = None
    for seed in range(1, 200):
        m = M.new_match(R, "campaign", seed)
        rng = random.Random(seed)
        ran_at = None  # the log length where "run" was clicked at an empty pause
        while not m["state"].get("over") and m["state"]["turn"] <= 3:
            acts = M.legal_actions(R, m)
            empty = _empty_pause(R, M, m)
            if empty and at_pause is None and "K)" in M.view(R, m)["report"]["title"] and m["state"]["turn"] == 2:
                at_pause = json.loads(json.dumps(m))
            if empty and ran_at is None and run_save is None and "K)" in M.view(R, m)["report"]["title"]:
                ran_at = len(m["log"])
                M.apply(R, m, next(a for a in acts if a["t"] == "run"))
                continue
            if ran_at is not None and m["state"]["turn"] > m["log"][ran_at]["turn"] and m["undo"] \
                    and m["state"]["stack"][-1]["s"] != "report":
                later = m["log"][ran_at:]
                o = next(i for i, e in enumerate(later) if e.get("rule") == "FT 4.14 O")
                if any(e.get("kind") == "battle" for e in later[:o]):
                    run_save = json.loads(json.dumps(m))
                break
            dones = [a for a in acts if a["t"] == "done"]
            if m["state"]["stack"][-1]["s"] == "report":
                M.apply(R, m, dones[0])
            else:
                M.apply(R, m, rng.choice(dones) if dones and rng.random() < 0.4 else rng.choice(acts))
        if run_save is not None and at_pause is not None:
            break
    for name, m in (("run", run_save), ("at-pause", at_pause)):
        with open(os.path.join(out, f"ft-data-2-{name}.json"), "w") as fh:
            fh.write(json.dumps(m, separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1])
