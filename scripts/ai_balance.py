"""Writes game/ai/data/balance.json (issue 46 item 5) from ladder runs saved as JSON: per scenario
and level, the computer against itself, against the level below (each side), and its worst and
mean result against the exploiter panel (each side). The start screen shows these figures.

    python -m game ladder --scenario S --level L --games N --seed K --json > runs/ladder_S_L.json
    python -m game ladder --scenario S --level L --against LOWER --no-self --games N --json > runs/vs_S_L.json
    python scripts/ai_balance.py runs/*.json --commit abc1234 --out game/ai/data/balance.json
    python scripts/ai_balance.py runs/vs_*.json --commit def5678 --merge   # only what these runs measured

With --merge the file's other figures stay; each figure the new runs give replaces the old one and
names its own commit (a figure without one was measured at the file's `commit`).
"""

import argparse
import json
import os

LOWER = {"standard": "novice", "strong": "standard"}


def side_rows(rows, computer):
    return [r for r in rows if r["computer"] == computer]


def summary(r, commit=None):
    return {"games": r["games"], "win_rate": r["win_rate"], "ci95": r["ci95"], "draws": r["draws"],
            "vp_margin": r["vp_margin"], **({"commit": commit} if commit else {})}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("runs", nargs="+")
    p.add_argument("--commit", default="")
    p.add_argument("--out", default="game/ai/data/balance.json")
    p.add_argument("--merge", action="store_true", help="keep the file's other figures (see above)")
    a = p.parse_args()
    old = json.load(open(a.out)) if a.merge and os.path.exists(a.out) else None
    tag = a.commit if old else None  # a merged figure names the commit it was measured at
    out = {"source": "measured",
           "why": "issue 46 item 5: what each computer level does in each scenario, against itself, against "
                  "the level below and against the exploiter panel (game/ai/panel); rerun the ladder after "
                  "changing the rules or the computer",
           "commit": a.commit,
           "command": "python -m game ladder --game vietnam-1965-1975 --scenario S --level L --games N --seed 1 "
                      "--json [--against LOWER --no-self]; python scripts/ai_balance.py RUNS",
           "scenarios": old["scenarios"] if old else {}}
    if old:
        out["commit"] = old.get("commit", "")
    for path in a.runs:
        d = json.load(open(path))
        out["game"] = d["game"]
        sc = out["scenarios"].setdefault(d["scenario"], {})
        lv = sc.setdefault(d["level"], {})
        for r in d["rows"]:
            spec = r["opponent"]
            if spec == f"ai:{d['level']}":
                lv.setdefault("self", {})[f"as_{r['computer'].lower()}"] = summary(r, tag)
            elif spec.startswith("ai:"):
                low = lv.setdefault("vs_lower", {"level": spec[3:]})
                low["level"] = spec[3:]
                low[f"as_{r['computer'].lower()}"] = summary(r, tag)
        for computer in ("US", "NLF"):
            plans = [r for r in side_rows(d["rows"], computer) if r["opponent"].startswith("plan:")]
            if not plans:
                continue
            worst = min(plans, key=lambda r: (r["win_rate"] or 0, r["opponent"]))
            lv.setdefault("panel", {})[f"as_{computer.lower()}"] = {
                "plans": len(plans), "games_each": plans[0]["games"],
                "mean_win_rate": round(sum(r["win_rate"] or 0 for r in plans) / len(plans), 3),
                "worst": {"plan": worst["opponent"][5:], **summary(worst, tag)}}
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(a.out)


if __name__ == "__main__":
    main()
