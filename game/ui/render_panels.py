"""Side panel: tracks, boxes, prompt, actions, log. Text goes in with textContent only."""
from .counters import counter, title_of
from .dom import el, sel
from .logic import actor_of, dones, grouped, rolls, type_name

DIE = "⚀⚁⚂⚃⚄⚅"


def mini(p, parent, selected, can_act):
    svg = sel("svg", {"viewBox": "-16 -16 32 32", "width": 34, "height": 34,
                      "class": "mini ctr-wrap" + (" sel" if p.get("id") == selected else "")
                      + (" act" if p.get("id") in can_act else ""),
                      "data-unit": p.get("id")}, parent=parent)
    counter(p, 0, 0, parent=svg)
    return svg


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
