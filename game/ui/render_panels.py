"""Side panel: tracks, boxes, prompt, actions, log. Text goes in with textContent only."""
import json

from .counters import counter, game_id, title_of
from .dom import el, sel
from .howto import linkify
from .logic import BIG_GROUP, FLOW, actor_of, by_place, counted, dones, grouped, rolls, subgroups, type_name

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
    """An action's button; one that warns (eliminates a unit, gives points, leaves points unspent)
    is marked, its warning in the tooltip, and asks once when pressed (issue 9 item 5)."""
    b = el("button", text=a.get("label") or type_name(a["t"]), parent=parent,
           cls="act-btn" + (" primary" if primary else "") + (" warn" if a.get("warn") else ""),
           attrs={"data-action": i, "data-t": a["t"], "type": "button", "data-actor": actor_of(a),
                  "title": ("⚠ " + a["warn"]) if a.get("warn") else None})
    return b


def actions(root, v, selected, selected_label, open_subs=(), name_of=None, zone_of=None, sel_piece=None,
            grp_open=None, main=None, place_of=None):
    """The action panel (issue 9 item 4): the main "done" buttons in `main` (the sticky head), the
    selected unit and its actions, then the units that can act - one entry per unit or stack,
    grouped by place (a click selects it) - and the actions tied to no unit, by type. A short list
    with nothing selected stays plain buttons. A long type group is split into collapsible
    sub-groups named by unit or place (a closed one holds no buttons, its header lists their
    indices in data-holds). Every legal action is a [data-action] button or held by a header.
    Returns the sub-group keys shown."""
    root.replaceChildren()
    if main is not None:
        main.replaceChildren()
    acts = v["actions"]
    shown = set()
    grp_open = grp_open if grp_open is not None else {}
    name_of = name_of or (lambda k: k)
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
        bar = el("div", cls="done-bar", parent=main if main is not None else root)
        for i, a in d:
            action_button(bar, i, a, primary=True)
    shown_idx = set()
    if selected is not None:
        s = el("div", cls="selinfo", parent=root)
        if sel_piece is not None:  # the selected counter, large enough to read on a phone
            big = sel("svg", {"viewBox": "-18 -23 36 40", "width": 60, "height": 67, "class": "sel-ctr",
                              "aria-hidden": "true"}, parent=s)
            counter(sel_piece, 0, 0, parent=big)
        el("span", text="Selected: " + selected_label, cls="sel-label", parent=s)
        el("button", text="Clear (Esc)", cls="clear-sel", parent=s, attrs={"type": "button", "data-cmd": "clear"})
        mine = grouped(acts, selected)
        if not mine:
            el("p", text="No action for this piece now.", cls="muted", parent=root)
        for t, items in mine:
            _type_group(root, t, items, True, shown, open_subs, grp_open, name_of, zone_of)
            shown_idx.update(i for i, _ in items)
    rest = [(i, a) for i, a in enumerate(acts) if i not in shown_idx and a.get("t") not in FLOW + ("roll",)]
    by_actor = {}
    loose = []
    for i, a in rest:
        k = actor_of(a)
        if k is None:
            loose.append((i, a))
        else:
            by_actor.setdefault(k, []).append(i)
    n_acts = sum(len(x) for x in by_actor.values())
    if by_actor and selected is None and n_acts <= BIG_GROUP:
        for t, items in grouped(acts, keep=lambda i, a: i not in shown_idx and actor_of(a) is not None):
            _type_group(root, t, items, True, shown, open_subs, grp_open, name_of, zone_of)
    elif by_actor:
        _entries(root, by_actor, acts, selected, name_of, place_of)
    first_long = [True]
    for t, items in grouped(acts, keep=lambda i, a: i not in shown_idx and actor_of(a) is None):
        _type_group(root, t, items, False, shown, open_subs, grp_open, name_of, zone_of, first_long)
    return shown


ENTRY_OPEN = 8  # a place listing more units than this is folded (First Team's An Khe: 40 companies)


def _entries(root, by_actor, acts, selected, name_of, place_of):
    """The units (pool kinds, stacks) that have something to do, one entry each, grouped by place:
    a click selects it (its targets light up on the map, its actions fill the panel)."""
    sec = el("section", cls="entries", parent=root)
    places = by_place(list(by_actor.items()), place_of or (lambda k: ""))
    if selected is None:
        big = [p for p, es in places if len(es) > ENTRY_OPEN and p]
        hint = "Select a unit on the map" + (f" or in {', '.join(big)}" if big else "") + " (or below): its targets light up"
    else:
        hint = "Other units that can act"
    el("h3", text=f"{hint} — {len(by_actor)} can act", cls="ent-hint", parent=sec)
    for place, es in places:
        if len(es) > ENTRY_OPEN:
            box = el("details", cls="ent-place", parent=sec)
            el("summary", text=f"{place or 'Elsewhere'}: {len(es)} units", parent=box)
        else:
            box = el("div", cls="ent-place", parent=sec)
            if place:
                el("span", text=place, cls="ent-where", parent=box)
        lst = el("div", cls="ent-list", parent=box)
        names = [name_of(key).split(" · ")[0] for key, _ in es]
        seen = {}
        for (key, idxs), name in zip(es, names):
            if names.count(name) > 1:  # identical units read apart: "SF A-Team 1", "SF A-Team 2"
                seen[name] = seen.get(name, 0) + 1
                name = f"{name} {seen[name]}"
            el("button", text=name, cls="entry", parent=lst,
               attrs={"type": "button", "data-cmd": "pick", "data-key": key, "data-actor": key,
                      "data-n": len(idxs), "data-holds": " ".join(map(str, idxs)),
                      "data-hts": " ".join(acts[i]["t"] for i in idxs),
                      "title": "; ".join(str(acts[i].get("label", "")) for i in idxs[:6])
                               + (f"; … {len(idxs)} actions" if len(idxs) > 6 else "")})


def _type_group(root, t, items, flat, shown, open_subs, grp_open, name_of, zone_of, first_long=None):
    sec = el("section", cls="grp", parent=root, attrs={"data-group": t})
    nums = counted(items)
    if nums:  # buy 1..N: one compact row of numbers, each its own action
        el("h3", text=f"{type_name(t)}: how many? ({len(items)})", parent=sec)
        wrap = el("div", cls="grp-btns num-row", parent=sec)
        for n, i in nums:
            a = dict(items)[i]
            b = action_button(wrap, i, a)
            b.textContent = str(n)
            b.setAttribute("title", str(a.get("label", "")))
        return
    if flat or len(items) <= BIG_GROUP:
        el("h3", text=f"{type_name(t)} ({len(items)})", parent=sec)
        wrap = el("div", cls="grp-btns", parent=sec)
        for i, a in items:
            action_button(wrap, i, a)
        return
    first = first_long if first_long is not None else [True]
    is_open = grp_open.get(t, first[0])
    first[0] = False
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


def piece_label(p):
    return title_of(p)
