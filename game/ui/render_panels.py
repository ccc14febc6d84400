"""Side panel: tracks, boxes, prompt, actions, log. Text goes in with textContent only."""
import json

from .counters import counter, game_id, title_of
from .dom import el, sel
from .howto import linkify
from .logic import BIG_GROUP, actor_of, dones, grouped, rolls, subgroups, type_name

DIE = "⚀⚁⚂⚃⚄⚅"


_MINIS = {}  # piece id -> (what it showed, its <svg>): an unchanged counter is moved, not redrawn


def mini(p, parent, selected, can_act):
    pid = p.get("id")
    cls = "mini ctr-wrap" + (" sel" if pid == selected else "") + (" act" if pid in can_act else "")
    key = game_id() + json.dumps(p, sort_keys=True) + cls
    hit = _MINIS.get(pid)
    if hit is not None and hit[0] == key:
        parent.appendChild(hit[1])
        return hit[1]
    svg = sel("svg", {"viewBox": "-16 -16 32 32", "width": 34, "height": 34, "class": cls, "data-unit": pid},
              parent=parent)
    counter(p, 0, 0, parent=svg)
    _MINIS[pid] = (key, svg)
    return svg


def prompt(node, v):
    linkify(node, v["prompt"])  # each "(MF 20.1)" opens its summary (issue 13 item 2)
    node.className = "over" if v.get("over") else ""


def action_button(parent, i, a, primary=False):
    b = el("button", text=a.get("label") or type_name(a["t"]), parent=parent,
           cls="act-btn" + (" primary" if primary else ""),
           attrs={"data-action": i, "data-t": a["t"], "type": "button", "data-actor": actor_of(a)})
    return b


def actions(root, v, selected, selected_label, open_subs=(), name_of=None, zone_of=None, sel_piece=None,
            grp_open=None):
    """The action panel. A long group (more than BIG_GROUP buttons) with nothing selected is split
    into collapsible sub-groups (by unit, start place, target zone, or in chunks); a closed one
    holds no buttons, its header lists their indices in data-holds. Of several long groups only the
    first starts open (`grp_open`: {type: bool} chosen by the player). Returns the sub-group keys shown."""
    root.replaceChildren()
    acts = v["actions"]
    shown = set()
    grp_open = grp_open if grp_open is not None else {}
    if v.get("over"):
        el("p", text="The game is over. Start a new game or load a save.", cls="muted", parent=root)
        return shown
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
        if sel_piece is not None:  # the selected counter, large enough to read on a phone
            big = sel("svg", {"viewBox": "-18 -23 36 40", "width": 60, "height": 67, "class": "sel-ctr",
                              "aria-hidden": "true"}, parent=s)
            counter(sel_piece, 0, 0, parent=big)
        el("span", text="Selected: " + selected_label, cls="sel-label", parent=s)
        el("button", text="Clear (Esc)", cls="clear-sel", parent=s, attrs={"type": "button", "data-cmd": "clear"})
    groups = grouped(acts, selected)
    if selected is not None and not groups:
        el("p", text="No action for this piece now.", cls="muted", parent=root)
    first_long = True
    for t, items in groups:
        sec = el("section", cls="grp", parent=root, attrs={"data-group": t})
        if selected is not None or len(items) <= BIG_GROUP:
            el("h3", text=f"{type_name(t)} ({len(items)})", parent=sec)
            wrap = el("div", cls="grp-btns", parent=sec)
            for i, a in items:
                action_button(wrap, i, a)
            continue
        is_open = grp_open.get(t, first_long)
        first_long = False
        subs = subgroups(items, name_of, zone_of)
        h = el("button", cls="grp-toggle", parent=sec,
               attrs={"type": "button", "data-cmd": "grp", "data-t": t, "aria-expanded": "true" if is_open else "false"})
        el("span", text=f"{type_name(t)} ({len(items)})", cls="grp-title", parent=h)
        el("span", text=f"{len(subs)} groups", cls="grp-note", parent=h)
        box = el("div", cls="grp-subs", parent=sec)
        if not is_open:
            box.hidden = True
        for key, title, its in subs:
            k = f"{t}|{key}"
            shown.add(k)
            sub_group(box, k, t, title, its, k in open_subs)
    return shown


def sub_group(parent, key, t, title, items, is_open):
    """A closed group is one element (few JS calls: a long list makes many); the count is drawn by
    CSS from data-n. Its buttons (made only when open) follow it in a block of their own."""
    actor = actor_of(items[0][1])
    same = all(actor_of(a) == actor for _, a in items)
    h = el("button", text=title, cls="sub-h", parent=parent,
           attrs={"data-cmd": "sub", "data-key": key, "data-t": t, "data-n": len(items),
                  "data-actor": actor if same else None, "aria-expanded": "true" if is_open else "false",
                  "data-holds": " ".join(str(i) for i, _ in items)})
    if is_open:
        parent.appendChild(fill_sub(items))
    return h


def fill_sub(items, key=None):
    wrap = el("div", cls="grp-btns sub-btns", attrs={"data-of": key})
    for i, a in items:
        action_button(wrap, i, a)
    return wrap


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
