"""Side panel: tracks, boxes, prompt, actions, log. Text goes in with textContent only."""
from .counters import counter, title_of
from .dom import el, sel
from .logic import actor_of, dones, grouped, rolls, type_name

DIE = "⚀⚁⚂⚃⚄⚅"
BOX_NAMES = {"NHA_TRANG": "Nha Trang", "SUPPORT_AVAIL": "Support available", "RECOVERED": "Recovered targets"}
POOL_NAMES = {"SF_POOL": "SF force pool", "SUPPORT_POOL": "Support pool"}


def mini(p, parent, selected, can_act):
    svg = sel("svg", {"viewBox": "-16 -16 32 32", "width": 34, "height": 34,
                      "class": "mini ctr-wrap" + (" sel" if p.get("id") == selected else "")
                      + (" act" if p.get("id") in can_act else ""),
                      "data-unit": p.get("id")}, parent=parent)
    counter(p, 0, 0, parent=svg)
    return svg


def tracks(root, v):
    root.replaceChildren()
    sc = v["scenario"]
    rows = [
        ("Turn", f"{v['turn']} / {sc['turns']}"),
        ("Phase", v.get("phase") or ""),
        ("IP", f"{v['ip']} ({v['band']})"),
        ("RP", f"{v['rp']} / {v['rp_max']}"),
        ("Big Offensive", ("●" * len(v["bo_markers"])) + ("○" * max(0, 3 - len(v["bo_markers"])))
         + (f" (turns {', '.join(map(str, v['bo_markers']))})" if v["bo_markers"] else "")),
        ("Events left", str(v["events_left"])),
    ]
    for k, val in rows:
        d = el("div", cls="trk", parent=root)
        el("span", text=k, cls="trk-k", parent=d)
        el("span", text=val, cls="trk-v", parent=d, attrs={"data-track": k.lower().replace(" ", "-")})
    if v["events_played"]:
        el("div", text="Events played: " + ", ".join(v["events_played"]), cls="trk-ev", parent=root)


def boxes(root, v, selected, can_act):
    root.replaceChildren()
    for bid, pieces in v["boxes"].items():
        box = el("div", cls="box", attrs={"data-box": bid}, parent=root)
        el("div", text=f"{BOX_NAMES.get(bid, bid)} ({len(pieces)})", cls="box-h", parent=box)
        row = el("div", cls="box-row", parent=box)
        for p in pieces:
            mini(p, row, selected, can_act)
    for pid, items in v["pools"].items():
        box = el("div", cls="box", attrs={"data-box": pid}, parent=root)
        el("div", text=f"{POOL_NAMES.get(pid, pid)} ({sum(i['n'] for i in items)})", cls="box-h", parent=box)
        row = el("div", cls="box-row pool", parent=box)
        for it in items:
            key = "kind:" + it["kind"]
            cls = "pool-item" + (" act" if key in can_act else "") + (" sel" if key == selected else "")
            b = el("button", text=f"{it['short'] or it['name']} ×{it['n']}", cls=cls, parent=row,
                   attrs={"data-kind": it["kind"], "title": it["name"], "type": "button"})
            if key not in can_act:
                b.setAttribute("disabled", "")
    box = el("div", cls="box", attrs={"data-box": "COM"}, parent=root)
    el("div", text="Communist boxes", cls="box-h", parent=box)
    el("div", text=f"Mobile: {v['com_pools'].get('COM_MOBILE', 0)}   Static: {v['com_pools'].get('COM_STATIC', 0)}",
       cls="box-row", parent=box)


def prompt(node, v):
    node.textContent = v["prompt"]
    node.className = "over" if v.get("over") else ""


def action_button(parent, i, a, primary=False):
    b = el("button", text=a.get("label") or type_name(a["t"]), parent=parent,
           cls="act-btn" + (" primary" if primary else ""),
           attrs={"data-action": i, "data-t": a["t"], "type": "button", "data-actor": actor_of(a)})
    return b


def actions(root, v, selected, selected_label):
    root.replaceChildren()
    acts = v["actions"]
    if v.get("over"):
        el("p", text="The game is over. Start a new game or load a save.", cls="muted", parent=root)
        return
    if v.get("awaiting_roll"):
        pad = el("div", cls="dice-pad", parent=root, attrs={"aria-label": "Enter the die you rolled"})
        for i, a in rolls(acts):
            b = el("button", cls="die", parent=pad,
                   attrs={"data-action": i, "data-t": "roll", "type": "button", "title": f"rolled {a['value']}"})
            el("span", text=DIE[a["value"] - 1], cls="die-face", parent=b)
            el("span", text=str(a["value"]), cls="die-n", parent=b)
    d = dones(acts)
    if d:
        bar = el("div", cls="done-bar", parent=root)
        for i, a in d:
            action_button(bar, i, a, primary=True)
    if selected is not None:
        s = el("div", cls="selinfo", parent=root)
        el("span", text="Selected: " + selected_label, parent=s)
        el("button", text="Clear (Esc)", cls="clear-sel", parent=s, attrs={"type": "button", "data-cmd": "clear"})
    groups = grouped(acts, selected)
    if selected is not None and not groups:
        el("p", text="No action for this piece now.", cls="muted", parent=root)
    for t, items in groups:
        sec = el("section", cls="grp", parent=root, attrs={"data-group": t})
        el("h3", text=f"{type_name(t)} ({len(items)})", parent=sec)
        wrap = el("div", cls="grp-btns", parent=sec)
        for i, a in items:
            action_button(wrap, i, a)


class LogView:
    """#log, newest entry on top; appended incrementally."""

    def __init__(self, node):
        self.node = node
        self.count = 0

    def reset(self):
        self.node.replaceChildren()
        self.count = 0

    def add(self, entries):
        for e in entries:
            li = el("li", cls="log-" + str(e.get("kind", "info")),
                    attrs={"data-n": e.get("n"), "data-turn": e.get("turn")})
            el("span", text=f"T{e.get('turn', '')}", cls="log-turn", parent=li)
            if e.get("dice"):
                el("span", text=" ".join(DIE[d - 1] if 1 <= d <= 6 else str(d) for d in e["dice"]),
                   cls="log-dice", parent=li, attrs={"title": "dice: " + ", ".join(map(str, e["dice"]))})
            el("span", text=str(e.get("text", "")), cls="log-text", parent=li)
            if e.get("rule"):
                el("span", text=str(e["rule"]), cls="log-rule", parent=li)
            self.node.insertBefore(li, self.node.firstChild)
            self.count += 1


def piece_label(p):
    return title_of(p)
