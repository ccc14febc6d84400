"""The computer levels' measured results per scenario (issue 46 item 5) for the start screen:
game/ai/data/balance.json, written by scripts/ai_balance.py from `python -m game ladder` runs (never
by hand). A line of text per scenario; nothing here decides anything."""

import json
import os

PATH = os.path.join(os.path.dirname(__file__), "data", "balance.json")


def load(path=PATH):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def _pct(r):
    return "?" if r is None or r.get("win_rate") is None else f"{round(100 * r['win_rate'])}%"


def _sides(d):
    return f"US {_pct(d.get('as_us'))} / NLF {_pct(d.get('as_nlf'))}"


def levels_line(game, scenario, data=None):
    """'Computer levels, measured: ...' for the start screen, or None where nothing was measured:
    each level's wins against the level below and its worst result against the exploiter plans
    (game/ai/panel), the computer playing US / NLF, with the games a row."""
    data = load() if data is None else data
    if data.get("game") != game:
        return None
    sc = data.get("scenarios", {}).get(scenario)
    if not sc:
        return None
    parts = []
    for level in ("novice", "standard", "strong"):
        lv = sc.get(level)
        if not lv:
            continue
        bits = []
        low = lv.get("vs_lower")
        if low:
            n = (low.get("as_us") or low.get("as_nlf"))["games"]
            bits.append(f"against {low['level']} wins {_sides(low)} ({n} games a side)")
        panel = lv.get("panel")
        if panel:
            worst = {k: v["worst"] for k, v in panel.items()}
            n = next(iter(panel.values()))["games_each"]
            bits.append(f"against its hardest exploiter plan {_sides(worst)} ({n} games a plan)")
        if bits:
            parts.append(f"{level}: " + "; ".join(bits))
    return "Computer levels, measured: " + " | ".join(parts) if parts else None
