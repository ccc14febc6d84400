"""Play settings (issue 11 section 4): a side may tell the engine how to answer its small windows
(reaction V 5.3, incidental attack V 3.2, alert V 5.2, support allocation V 7.2) so it is not asked
each time. A setting is itself an action in the match, so a replay is exact; while it holds, the
engine answers those windows for the side and says so in the log. Settings are public (their
effect is seen in the log anyway) and plain data in s["prefs"] = {side: {key: value}}; a key
absent means "ask" (the state of a game without settings is unchanged).

A setting is offered inside the window it governs (taking it answers that window at once) and
can be withdrawn ("ask again") in the Operations Phase choice of the same side."""

from . import board as B

# key -> (rule, {value: what the engine then does}); "ask" is the default of every key
SETTINGS = {
    "react": ("V 5.3", {
        "target": "react only to moves ending in or next to a target hex (pass the other windows)",
        "never": "never react (pass every reaction window)"}),
    "incidental": ("V 3.2", {"decline": "always let enemy units pass (decline incidental attacks)"}),
    "alert": ("V 5.2", {"roll": "never disperse at an alert: roll at once"}),
    "support": ("V 7.2", {"all": "always fire every support source in range"}),
}
SHORT = {("react", "target"): "React only near a target hex", ("react", "never"): "Never react",
         ("incidental", "decline"): "Always decline incidental attacks",
         ("alert", "roll"): "Never disperse at an alert", ("support", "all"): "Always fire all support"}


def get(s, side, key):
    return (s.get("prefs") or {}).get(side, {}).get(key, "ask")


def actions(s, side, key, lab):
    """The settings of `key` that `side` may choose now (every value but the one in force)."""
    cur = get(s, side, key)
    return [{"t": "pref", "key": key, "value": val,
             **({"label": f"{SHORT[key, val]} from now on"} if lab else {})}
            for val in SETTINGS[key][1] if val != cur]


def withdraw_actions(s, side, lab):
    """'Ask again' for every setting of `side` in force (offered in the Operations Phase)."""
    mine = (s.get("prefs") or {}).get(side, {})
    return [{"t": "pref", "key": k, "value": "ask",
             **({"label": f"Play setting: ask again ({SHORT[k, v].lower()} ends)"} if lab else {})}
            for k, v in sorted(mine.items())]


def choose(g, side, key, value):
    """Record a setting (an action of `side`)."""
    s = g.s
    rule, vals = SETTINGS[key]
    mine = s.setdefault("prefs", {}).setdefault(side, {})
    if value == "ask":
        mine.pop(key, None)
        g.log(f"{side} play setting: the {key} windows are asked again", rule)
    else:
        mine[key] = value
        g.log(f"{side} play setting: {vals[value]}", rule)
    if not mine:
        s["prefs"].pop(side)
    if not s["prefs"]:
        s.pop("prefs")


def describe(s, side):
    """The settings in force for `side`, in words (for the table)."""
    return [{"key": k, "value": v, "text": SETTINGS[k][1][v], "rule": SETTINGS[k][0]}
            for k, v in sorted(((s.get("prefs") or {}).get(side, {})).items())]


def skip_reaction(s, side, hexes):
    """True when `side`'s setting answers a reaction window to a move ending in `hexes` (pass)."""
    p = get(s, side, "react")
    if p == "never":
        return True
    if p == "target":
        targets = set((s.get("op") or {}).get("targets") or ())
        return not any(h in targets or targets & set(B.neighbours(h)) for h in hexes)
    return False
