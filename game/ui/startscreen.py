"""The start screen: game, scenario, options (with rule cites), dice mode, seed; continue; load."""
import random

from .dom import el

PACE = "opponent_pace"  # play setting: the programmed opponent's phases paced or run through
PACE_LABELS = {"step": "Pause after each phase and show what happened",
               "run": "Run straight through"}


def build(root, rules, has_auto, auto_summary, slots):
    root.replaceChildren()
    el("h2", text="New game", parent=root)
    form = el("form", attrs={"id": "start-form"}, parent=root)  # submit: prevented by the app (CSP)

    fs = el("fieldset", parent=form)
    el("legend", text="Game", parent=fs)
    from .games import games
    for gid, title in games():
        lab = el("label", cls="opt", parent=fs)
        attrs = {"type": "radio", "name": "game", "value": gid, "data-game": gid, "data-cmd": "game"}
        if gid == rules.id:
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        el("span", text=title, parent=lab)

    fs = el("fieldset", parent=form)
    el("legend", text="Scenario", parent=fs)
    for n, sc in enumerate(rules.scenarios()):
        lab = el("label", cls="opt", parent=fs)
        attrs = {"type": "radio", "name": "scenario", "value": sc["id"], "data-scenario": sc["id"]}
        if n == 0:
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        el("span", text=sc["name"], parent=lab)
        el("span", text=sc.get("rule", ""), cls="cite", parent=lab)
        if sc.get("computer_play"):  # measured balance (issue 12), from the scenario data
            el("span", text=sc["computer_play"], cls="muted balance", attrs={"data-balance": sc["id"]}, parent=lab)

    if len(rules.roles) > 1:  # two-player games: who plays each side
        from game.ai.games import has_computer
        fs = el("fieldset", parent=form)
        el("legend", text="Players", parent=fs)
        kinds = [("human", "Human, at this screen")]
        if has_computer(rules):  # issue 12: the computer opponent
            kinds += [("ai:novice", "Computer, novice"), ("ai:standard", "Computer, standard")]
        for role in rules.roles:
            lab = el("label", cls="opt", parent=fs)
            el("span", text=f"{role}: ", parent=lab)
            pick = el("select", attrs={"data-player": role, "id": f"player-{role}"}, parent=lab)
            for n, (val, txt) in enumerate(kinds):
                el("option", text=txt, attrs={"value": val, **({"selected": ""} if n == 0 else {})}, parent=pick)
        if has_computer(rules):
            lab = el("label", cls="opt", parent=fs)
            el("span", text="Computer pace: ", parent=lab)
            pick = el("select", attrs={"id": "ai-pace"}, parent=lab)
            for val, txt in (("normal", "normal"), ("slow", "slow"), ("instant", "instant")):
                el("option", text=txt, attrs={"value": val, **({"selected": ""} if val == "normal" else {})},
                   parent=pick)
        el("p", text="Human sides play at this screen; a hand-over screen hides each side's secrets from the "
           "other. Against the computer you see your side only.", cls="muted", parent=fs)

    pace = next((o for o in rules.options() if o["id"] == PACE), None)
    if pace:  # a plain choice for new players, not one of the rulings (issue 9 item 2)
        fs = el("fieldset", parent=form, attrs={"data-option": PACE})
        el("legend", text="Opponent's turn", parent=fs)
        for val in pace["choices"]:
            lab = el("label", cls="opt", parent=fs)
            attrs = {"type": "radio", "name": "opt-" + PACE, "value": val, "data-pace": val}
            if val == pace["default"]:
                attrs["checked"] = ""
            el("input", attrs=attrs, parent=lab)
            el("span", text=PACE_LABELS.get(val, val), parent=lab)

    fs = el("fieldset", parent=form)
    el("legend", text="Dice", parent=fs)
    for val, txt in (("auto", "Computer rolls the dice"), ("manual", "I roll my own dice and enter them")):
        lab = el("label", cls="opt", parent=fs)
        attrs = {"type": "radio", "name": "dice", "value": val, "data-dice": val}
        if val == "auto":
            attrs["checked"] = ""
        el("input", attrs=attrs, parent=lab)
        el("span", text=txt, parent=lab)
    lab = el("label", cls="opt seed", parent=fs)
    el("span", text="Seed", parent=lab)
    el("input", attrs={"type": "number", "id": "seed", "min": 0, "max": 2**31 - 1,
                       "value": random.randrange(1, 10**6)}, parent=lab)

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
    el("p", attrs={"id": "start-msg", "role": "status"}, parent=form)
    det = el("details", cls="options", parent=form, attrs={"open": ""})
    el("summary", text="Options and rulings", parent=det)
    fixed = el("details", cls="options fixed-rulings", parent=form)
    el("summary", text="Fixed rulings (no alternative offered)", parent=fixed)
    for o in rules.options():
        if o["id"] == PACE:
            continue
        if o.get("choices") and len(o["choices"]) == 1:  # documents a ruling; nothing to choose
            row = el("div", cls="opt-row", parent=fixed, attrs={"data-option": o["id"]})
            el("span", text=o["label"], parent=row)
            el("span", text=o["rule"], cls="cite", parent=row)
            continue
        row = el("div", cls="opt-row", parent=det, attrs={"data-option": o["id"]})
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
        el("span", text=o["rule"], cls="cite", parent=row)
        kind = {"optional_rule": "optional rule", "play": "play setting"}.get(o["kind"], "ruling")
        el("span", text=kind, cls="kind", parent=row)

    if slots:
        el("h3", text="Saved games", parent=root)
        ul = el("ul", cls="slots", parent=root)
        for name, meta in sorted(slots.items()):
            li = el("li", parent=ul)
            el("button", text="Load", attrs={"type": "button", "data-cmd": "slot-load", "data-slot": name}, parent=li)
            el("span", text=f" {name}", cls="slot-name", parent=li)
            el("span", text=f" {meta.get('summary', '')} ({meta.get('saved', '')})", cls="muted", parent=li)


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
    """({role: "human" | "ai:novice" | "ai:standard"}, pace) chosen on the form."""
    chosen = {}
    for role in rules.roles:
        node = root.querySelector(f'select[data-player="{role}"]')
        chosen[role] = node.value if node else "human"
    pace = root.querySelector("#ai-pace")
    return chosen, (pace.value if pace else "normal")
