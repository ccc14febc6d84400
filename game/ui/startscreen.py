"""The start screen: game, scenario with its briefing, play settings, Start/Continue, then the
rulings, optional rules and seed folded under "Advanced"; saved games."""
import random

from game.ai.balance import levels_line
from game.rules import has_computer

from . import guide_model
from .dom import el
from .games import games

PACE = "opponent_pace"  # play setting: the programmed opponent's phases paced or run through
PACE_LABELS = {"step": "Pause after each phase and show what happened",
               "run": "Run straight through"}


def build(root, rules, has_auto, auto_summary, slots):
    """A new player sees the game, the scenario with its briefing, the play settings and
    Start/Continue; the rulings, the optional rules and the seed fold under "Advanced" (closed)."""
    root.replaceChildren()
    el("h2", text="New game", parent=root)
    form = el("form", attrs={"id": "start-form"}, parent=root)  # submit: prevented by the input (CSP)
    _games(form, rules)
    _scenarios(form, rules)
    _play(form, rules)
    _start_bar(form, rules, has_auto, auto_summary)
    _advanced(form, rules)
    if slots:
        el("h3", text="Saved games", parent=root)
        ul = el("ul", cls="slots", parent=root)
        for name, meta in sorted(slots.items()):
            li = el("li", parent=ul)
            el("button", text="Load", attrs={"type": "button", "data-cmd": "slot-load", "data-slot": name}, parent=li)
            el("span", text=f" {name}", cls="slot-name", parent=li)
            el("span", text=f" {meta.get('summary', '')} ({meta.get('saved', '')})", cls="muted", parent=li)


def _games(form, rules):
    fs = el("fieldset", parent=form)
    el("legend", text="Game", parent=fs)
    for gid, title in games():
        lab = el("label", cls="opt", parent=fs)
        attrs = {"type": "radio", "name": "game", "value": gid, "data-game": gid, "data-cmd": "game"}
        if gid == rules.id:
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        el("span", text=title, parent=lab)


def _scenarios(form, rules):
    fs = el("fieldset", cls="scenarios", parent=form)
    el("legend", text="Scenario", parent=fs)
    scens = rules.scenarios()
    for n, sc in enumerate(scens):
        lab = el("label", cls="opt", parent=fs)
        attrs = {"type": "radio", "name": "scenario", "value": sc["id"], "data-scenario": sc["id"],
                 "data-cmd": "scenario"}
        if n == 0:
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        name = el("span", text=sc["name"] + " ", cls="opt-name", parent=lab)  # the measured lines go under it
        el("small", text=sc.get("rule", ""), cls="code", parent=name)
        if sc.get("computer_play"):  # measured balance (issue 12), from the scenario data
            el("span", text=sc["computer_play"], cls="muted balance", attrs={"data-balance": sc["id"]}, parent=lab)
        levels = levels_line(rules.id, sc["id"]) if has_computer(rules.id) else None
        if levels:  # the computer levels measured (issue 46 item 5), game/ai/data/balance.json
            el("span", text=levels, cls="muted balance", attrs={"data-levels": sc["id"]}, parent=lab)
    for n, sc in enumerate(scens):
        briefing(fs, sc, shown=n == 0)
    guided(fs, rules, scens)


def _play(form, rules):
    """Play settings (not rules), one control each: the players per side, the dice, the
    opponent's pacing (options of kind "play", e.g. First Team's nva_pace)."""
    fs = el("fieldset", cls="play", attrs={"id": "play-settings"}, parent=form)
    el("legend", text="Play", parent=fs)
    if len(rules.roles) > 1:  # two-player games: who plays each side
        _players(fs, rules)
    pace = next((o for o in rules.options() if o["id"] == PACE), None)
    if pace:  # a plain choice for new players, not one of the rulings (issue 9 item 2)
        box = el("fieldset", cls="pace", attrs={"data-option": PACE}, parent=fs)
        el("legend", text="Opponent's turn", parent=box)
        for val in pace["choices"]:
            lab = el("label", cls="opt", parent=box)
            attrs = {"type": "radio", "name": "opt-" + PACE, "value": val, "data-pace": val}
            if val == pace["default"]:
                attrs["checked"] = ""
            el("input", attrs=attrs, parent=lab)
            el("span", text=PACE_LABELS.get(val, val), parent=lab)
    dice = el("div", cls="dice", parent=fs)
    for val, txt in (("auto", "Computer rolls the dice"), ("manual", "I roll my own dice and enter them")):
        lab = el("label", cls="opt", parent=dice)
        attrs = {"type": "radio", "name": "dice", "value": val, "data-dice": val}
        if val == "auto":
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        el("span", text=txt, parent=lab)
    for o in rules.options():
        if o.get("kind") == "play" and o["id"] != PACE:
            option_row(fs, o)


def _players(fs, rules):
    """Who plays each side: a person at this screen, or the computer (issue 12) where it can."""
    kinds = [("human", "Human, at this screen")]
    if has_computer(rules.id):
        kinds += [("ai:novice", "Computer, novice"), ("ai:standard", "Computer, standard"),
                  ("ai:strong", "Computer, strong (thinks longer)")]
    box = el("div", cls="players", attrs={"id": "players"}, parent=fs)
    for role in rules.roles:
        lab = el("label", cls="opt", parent=box)
        el("span", text=f"{role}: ", parent=lab)
        pick = el("select", attrs={"data-player": role, "id": f"player-{role}"}, parent=lab)
        for n, (val, txt) in enumerate(kinds):
            el("option", text=txt, attrs={"value": val, **({"selected": ""} if n == 0 else {})}, parent=pick)
    if has_computer(rules.id):
        lab = el("label", cls="opt", parent=box)
        el("span", text="Computer pace: ", parent=lab)
        pick = el("select", attrs={"id": "ai-pace"}, parent=lab)
        for val, txt in (("normal", "normal"), ("slow", "slow"), ("instant", "instant")):
            el("option", text=txt, attrs={"value": val, **({"selected": ""} if val == "normal" else {})},
               parent=pick)
    el("p", text="Human sides play at this screen; a hand-over screen hides each side's secrets from the "
       "other. Against the computer you see your side only.", cls="muted", parent=box)


def _start_bar(form, rules, has_auto, auto_summary):
    bar = el("div", cls="start-bar", parent=form)
    if has_auto:  # the game in progress comes first (issue 9 item 8)
        b = el("button", text=f"Continue: {auto_summary}" if auto_summary else "Continue",
               attrs={"id": "continue", "type": "button", "data-cmd": "continue"}, cls="primary", parent=bar)
        if auto_summary:
            b.setAttribute("title", auto_summary)
    el("button", text="Start a new game" if has_auto else "Start",
       attrs={"id": "start-game", "type": "button", "data-cmd": "start"}, cls="" if has_auto else "primary",
       parent=bar)
    el("button", text="Back to the game", attrs={"id": "start-cancel", "type": "button", "data-cmd": "close"},
       cls="only-ingame", parent=bar)
    el("button", text=f"How to play {rules.title}", attrs={"id": "start-howto", "type": "button", "data-cmd": "help"},
       parent=bar)
    el("p", attrs={"id": "start-msg", "role": "status"}, parent=form)


def _advanced(form, rules):
    adv = el("details", cls="advanced", attrs={"id": "advanced"}, parent=form)  # closed for a new player
    el("summary", text="Advanced (rulings and options)", parent=adv)
    el("p", text="Where the rulebook is unclear, the game follows a ruling; each can be changed here. "
                 "The defaults are the rulings we think right. The code after each (R-…) names it in the "
                 "game's notes.", cls="muted small", parent=adv)
    lab = el("label", cls="opt seed", parent=adv)
    el("span", text="Seed (the same seed and choices replay the same dice)", parent=lab)
    el("input", attrs={"type": "number", "id": "seed", "min": 0, "max": 2**31 - 1,
                       "value": random.randrange(1, 10**6)}, parent=lab)
    choose = el("div", cls="options", parent=adv)
    fixed = el("details", cls="options fixed-rulings", parent=adv)
    el("summary", text="Fixed rulings (no alternative offered)", parent=fixed)
    for o in rules.options():
        if o.get("kind") == "play":
            continue
        if o.get("choices") and len(o["choices"]) == 1:  # documents a ruling; nothing to choose
            row = el("div", cls="opt-row", parent=fixed, attrs={"data-option": o["id"]})
            el("span", text=o["label"], parent=row)
            el("small", text=o["rule"], cls="code", parent=row)
            continue
        option_row(choose, o)


BRIEFING_PARTS = (("history", "Background"), ("length", "Length"), ("difficulty", "Difficulty"),
                  ("victory", "How to win"))


def briefing(parent, sc, shown):
    """A scenario's briefing (its data: history, length, difficulty, how to win); only the
    chosen scenario's is shown."""
    b = sc.get("briefing") or {}
    box = el("div", cls="briefing", attrs={"data-briefing": sc["id"]}, parent=parent)
    box.hidden = not shown
    if not b:
        el("p", text="No briefing for this scenario yet.", cls="muted", parent=box)
        return
    for key, title in BRIEFING_PARTS:
        if b.get(key):
            p = el("p", attrs={"data-part": key}, parent=box)
            el("b", text=f"{title}: ", parent=p)
            el("span", text=b[key], parent=p)


def guided(parent, rules, scens):
    """The guided first turn (issue 13 item 3), when the game has a guide: its own fixed start."""
    doc = guide_model.load(rules.id)
    if not doc:
        return
    box = el("div", cls="guided", attrs={"data-guided": rules.id}, parent=parent)
    el("button", text="Guided first turn", cls="guided-btn", parent=box,
       attrs={"type": "button", "data-cmd": "guide-start", "data-game": rules.id, "id": "guided-start"})
    name = next((sc["name"] for sc in scens if sc["id"] == doc["scenario"]), doc["scenario"])
    el("small", text=f"New to the game? Play turn 1 of {name} with fixed dice: the guide lights what to "
                     "click and says why.", cls="muted", parent=box)


def show_briefing(root):
    """Show the briefing of the scenario chosen now."""
    n = root.querySelector('input[name="scenario"]:checked')
    sid = n.value if n else None
    for box in root.querySelectorAll("[data-briefing]"):
        box.hidden = box.getAttribute("data-briefing") != sid


def option_row(parent, o):
    """One option: its plain label and control; the ruling's code in small print."""
    row = el("div", cls="opt-row", parent=parent, attrs={"data-option": o["id"]})
    if o.get("choices"):
        lab = el("label", parent=row)
        el("span", text=o["label"], parent=lab)
        s = el("select", attrs={"id": "opt-" + o["id"], "data-opt": o["id"]}, parent=lab)
        for ch in o["choices"]:
            oa = {"value": str(ch)}
            if ch == o["default"]:
                oa["selected"] = ""
            el("option", text=str(ch).replace("_", " "), attrs=oa, parent=s)
    else:
        lab = el("label", parent=row)
        attrs = {"type": "checkbox", "id": "opt-" + o["id"], "data-opt": o["id"]}
        if o["default"]:
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        el("span", text=o["label"], parent=lab)
    kind = {"optional_rule": "optional rule", "play": "play setting"}.get(o["kind"], "ruling")
    el("small", text=f"{o['rule']} · {kind}", cls="code", parent=row)


def chosen_game(root):
    n = root.querySelector('input[name="game"]:checked')
    return n.value if n else "mike-force"


def read(root, rules):
    """Values chosen on the form."""
    def checked(name):
        n = root.querySelector(f'input[name="{name}"]:checked')
        return n.value if n else None
    opts = {}
    for o in rules.options():
        if o["id"] == PACE:
            opts[PACE] = checked("opt-" + PACE) or o["default"]
            continue
        node = root.querySelector("#opt-" + o["id"])
        if not node:
            continue
        if o.get("choices"):  # back to the choice itself (some are numbers)
            opts[o["id"]] = next((ch for ch in o["choices"] if str(ch) == node.value), o["default"])
        else:
            opts[o["id"]] = bool(node.checked)
    seed_txt = root.querySelector("#seed").value
    try:
        seed = int(seed_txt)
    except ValueError:
        seed = random.randrange(1, 10**6)
    return checked("scenario") or rules.scenarios()[0]["id"], opts, checked("dice") or "auto", seed


def read_players(root, rules):
    """({role: "human" | "ai:novice" | "ai:standard" | "ai:strong"}, pace) chosen on the form."""
    chosen = {}
    for role in rules.roles:
        node = root.querySelector(f'select[data-player="{role}"]')
        chosen[role] = node.value if node else "human"
    pace = root.querySelector("#ai-pace")
    return chosen, (pace.value if pace else "normal")
