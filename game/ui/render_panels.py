"""Side panel: tracks, boxes, prompt, actions, log. Text goes in with textContent, or escaped
into markup (dom.markup)."""
import json

from .counters import counter, game_id
from .dom import Frag, Keyed, drew, el, holds, markup, put_html, set_html, set_parts, window
from .howto import linkify
from .logic import BIG_GROUP, FLOW, actor_of, actors_of, by_place, dones, grid, grouped, rolls, subgroups

DIE = "⚀⚁⚂⚃⚄⚅"


_MINIS = {}  # piece id -> (what it showed, its element): an unchanged counter is moved, not redrawn


def mini_key(p, selected, can_act):
    """What a panel counter shows (its piece as the view gives it, selected, can act)."""
    pid = p.get("id")
    # the piece itself, compared in C when drawn again: the view gives new pieces, never changed ones
    return (game_id(), p, pid == selected, pid in can_act)


def mini(key):
    """The panel counter of a mini_key: a <span> holding its <svg>."""
    hit = _kept(key)
    if hit is not None:  # the same counter: at most its class changes
        if hit[0] != key:
            hit[1].setAttribute("class", _mini_cls(key))
            _MINIS[key[1].get("id")] = (key, hit[1])
        return hit[1]
    node = put_html([_mini_html(key)])[0]
    _MINIS[key[1].get("id")] = (key, node)
    return node


def _kept(key):
    """The panel counter drawn for key's piece, (its key, its element), if it shows that same piece."""
    hit = _MINIS.get(key[1].get("id"))
    return hit if hit is not None and hit[0][:2] == key[:2] else None


def _mini_cls(key):
    # lit (can act) and selected are classes of the counter's wrapper, not of its <svg>: a class
    # changed on the <svg> of a panel counter had Chromium layerize the whole page again at the
    # frame (0.75 ms, traced: a class changed on any other element, or an outline on the wrapper,
    # is a repaint only), and classes on the drawing had each counter styled and laid out again
    # (".act .ctr-bg": First Team's strike unlit 47 counters, 11 ms of style in a trace) (issue 14)
    return "mini-w" + (" mini-sel" if key[2] else "") + (" mini-act" if key[3] else "")


def _mini_html(key):
    return markup("span", {"class": _mini_cls(key)}, inner=_mini_frag(key[1]).html())


def _make_minis(keys):
    """The panel counters (mini_keys) that are not drawn yet, made in one call into the page (issue
    14: the First Team phase that fills the zone boxes adds a dozen or more, each a call and a parse)."""
    todo = [key for key in keys if _kept(key) is None]
    if len(todo) > 1:
        for key, node in zip(todo, put_html([_mini_html(k) for k in todo])):
            _MINIS[key[1].get("id")] = (key, node)


def _mini_frag(p):
    svg = Frag("svg", {"viewBox": "-16 -16 32 32", "width": 34, "height": 34, "class": "mini ctr-wrap", "data-unit": p.get("id")})
    counter(p, 0, 0, parent=svg)
    return svg


_BOX_LISTS = {}  # the list's element id -> Keyed of its boxes


class _Box:
    """A box of a panel list as drawn: its <div>, heading and row, and what they show."""
    __slots__ = ("div", "head", "title", "row", "markup", "shows")

    def __init__(self, key):
        self.div = el("div", cls="box", attrs={"data-box": key})
        self.head = el("div", cls="box-h", parent=self.div)
        self.row = Keyed(el("div", cls="box-row", parent=self.div))  # its counters
        self.title = self.markup = None  # (markup: a row of other things than counters)
        self.shows = None  # what its counters show: the pieces, which is selected, which can act


_BOXES = {}  # box key -> _Box


def box_list(root, groups, selected, can_act):
    """Boxes in a panel list, [(title, key, content)] in order: each box a heading over a row of
    counters (content: the pieces) or of other things (content: their markup; a pool's buttons).
    Kept in the page: a box is added or removed, a heading's text set, a counter added, removed or
    replaced where it changed (dom.Keyed), a row of markup set when it changed (issue 14)."""
    divs, changed = [], []
    for title, key, content in groups:
        box = _BOXES.get(key)
        if box is None:
            box = _BOXES[key] = _Box(key)
        if box.title != title:
            box.head.textContent = box.title = title
        if isinstance(content, str):
            if box.markup != content:
                # patched, not replaced: a Mike Force pool's buttons change their class (can act)
                # at most clicks, and a dozen new buttons were laid out each time (issue 14, a trace)
                window.vwMorph(box.row.node, content)
                box.markup = content
                box.row.cur = []  # (should it hold counters again, they are all put back)
                box.shows = None
        else:
            box.markup = None
            # a box whose pieces are equal to those drawn (dicts compared in C: the view gives
            # new pieces, never changed ones), with the same one selected and the same ones lit,
            # is left as it is: First Team's An Khe holds ~70 counters (issue 14)
            ids = [p.get("id") for p in content]
            shows = (game_id(), content, selected if selected in ids else None, can_act.intersection(ids))
            if box.shows != shows:
                changed.append((box, [mini_key(p, selected, can_act) for p in content], shows))
        divs.append(box.div)
    _make_minis([key for _, keys, _ in changed for key in keys])
    for box, keys, shows in changed:
        box.row.sync([mini(key) for key in keys])
        box.shows = shows
    keyed = _BOX_LISTS.get(root.id)
    if keyed is None or not keyed.node.isSameNode(root):
        keyed = _BOX_LISTS[root.id] = Keyed(root)
    keyed.sync(divs)


def _counter_html(p):
    """A counter's markup (the selected one, large in the panel)."""
    hold = Frag("svg")
    counter(p, 0, 0, parent=hold)
    return "".join(k.html() for k in hold.kids)


def prompt(node, v, by_side=False):
    """The prompt; `by_side` (two players at one screen): prefixed and coloured by the side whose
    decision it is ("NLF — ...", issue 45 item 2), when that side is the one shown."""
    who = v.get("deciding") if by_side and not v.get("over") and v.get("deciding") == v.get("viewer") else None
    key = ("prompt", str(v["prompt"]), who)
    if not holds(node, key):  # (the same words: left as they are, issue 14)
        linkify(node, v["prompt"])  # each "(MF 20.1)" opens its summary (issue 13 item 2)
        if who:
            node.prepend(el("span", text=f"{who} — ", cls=f"who who-{who}", attrs={"data-who": who}))
        drew(node, key)
    cls = "over" if v.get("over") else f"by-{who}" if who else ""
    if node.className != cls:
        node.className = cls


def _button(i, a, type_name, primary=False, text=None, title=None):
    """An action's button (markup), named by its label (else `type_name` of its type); one that
    warns (eliminates a unit, gives points, leaves points unspent) is marked, its warning in the
    tooltip, and asks once when pressed (issue 9 item 5)."""
    return markup("button", {"data-action": i, "data-t": a["t"], "type": "button", "data-actor": actor_of(a),
                             "title": title if title is not None else ("⚠ " + a["warn"]) if a.get("warn") else None},
                  text if text is not None else a.get("label") or type_name(a["t"]),
                  "act-btn" + (" primary" if primary else "") + (" warn" if a.get("warn") else ""))


def action_button(parent, i, a, type_name, primary=False):
    parent.insertAdjacentHTML("beforeend", _button(i, a, type_name, primary))
    return parent.lastElementChild


def actions(root, v, selection, naming, open_subs=(), grp_open=None, main=None):
    """The action panel (issue 9 item 4): the main "done" buttons in `main` (the sticky head), the
    selected unit and its actions, then the units that can act - one entry per unit or stack,
    grouped by place (a click selects it) - and the actions tied to no unit, by type. A short list
    with nothing selected stays plain buttons. A long type group is split into collapsible
    sub-groups named by unit or place (a closed one holds no buttons, its header lists their
    indices in data-holds). Every legal action is a [data-action] button or held by a header.
    `selection`: (the selected actor key or None, its line, its piece or None); `naming`: the
    names of the view's places, actors and kinds of action (names.Naming).
    Returns the sub-group keys shown. Each part is made as markup and patched onto the page, one
    call per part that changed (dom.set_parts; issue 14: a First Team panel has hundreds of elements)."""
    out, head = [], []
    shown = _actions(out, head, v, selection, naming, open_subs, grp_open, main is not None)
    if main is not None:
        set_html(main, "".join(head))
    set_parts(root, out)  # unchanged (a click that only looks): left as it is
    return shown


def _actions(out, head, v, selection, naming, open_subs, grp_open, has_main):
    acts = v["actions"]
    selected, selected_label, sel_piece = selection
    shown = set()
    grp_open = grp_open if grp_open is not None else {}
    name = naming.type_name
    if v.get("over"):
        out.append(markup("p", text="The game is over. Start a new game or load a save.", cls="muted"))
        return shown
    if v.get("awaiting_roll"):
        dice = "".join(markup("button", {"data-action": i, "data-t": "roll", "type": "button",
                                         "title": f"rolled {a['value']}"}, cls="die",
                              inner=markup("span", text=DIE[a["value"] - 1], cls="die-face")
                              + markup("span", text=str(a["value"]), cls="die-n"))
                       for i, a in rolls(acts))
        out.append(markup("div", {"aria-label": "Enter the die you rolled"}, cls="dice-pad", inner=dice))
    d = dones(acts)
    if d:
        (head if has_main else out).append(
            markup("div", cls="done-bar", inner="".join(_button(i, a, name, primary=True) for i, a in d)))
    shown_idx = set()
    if selected is not None:
        big = markup("svg", {"viewBox": "-18 -23 36 40", "width": 60, "height": 67, "class": "sel-ctr",
                             "aria-hidden": "true"}, inner=_counter_html(sel_piece)) if sel_piece is not None else ""
        out.append(markup("div", {"data-group": "selected"}, cls="selinfo", inner=big + markup("span", text="Selected: " + selected_label,
                                                                   cls="sel-label")
                          + markup("button", {"type": "button", "data-cmd": "clear"}, "Clear (Esc)", "clear-sel")))
        mine = grouped(acts, selected, rank=naming.rank)
        if not mine:
            out.append(markup("p", text="No action for this piece now.", cls="muted"))
        for t, items in mine:
            _type_group(out, t, items, True, shown, open_subs, grp_open, naming)
            shown_idx.update(i for i, _ in items)
    who = actors_of(acts)  # once per action list: First Team lists hundreds of actions (issue 14)
    by_actor, n_acts, places = _acting(acts, who, shown_idx, selected, naming)
    if by_actor and selected is None and n_acts <= BIG_GROUP:
        for t, items in grouped(acts, keep=lambda i, a: i not in shown_idx and who[i] is not None, rank=naming.rank):
            _type_group(out, t, items, True, shown, open_subs, grp_open, naming)
    elif by_actor:
        _entries(out, by_actor, acts, selected, naming, grp_open.get(ALL_PLACES, False), places)
    _unowned(out, acts, who, shown_idx, shown, open_subs, grp_open, naming)
    return shown


_ACTING = [None, {}]  # [the action list, {the selection: what _acting made}]


def _acting(acts, who, shown_idx, selected, naming):
    """The units that can act besides the selection ({key: [indices]}), their number of actions
    and by place, made once per view and selection: a campaign lists 200 units (issue 47)."""
    if _ACTING[0] is not acts:  # another list of actions: another view
        _ACTING[0], _ACTING[1] = acts, {}
    made = _ACTING[1].get(selected)
    if made is None:
        skip = FLOW + ("roll",)
        by_actor = {}
        for i, a in enumerate(acts):
            k = who[i]
            if k is not None and i not in shown_idx and a.get("t") not in skip:
                by_actor.setdefault(k, []).append(i)
        made = _ACTING[1][selected] = (by_actor, sum(len(x) for x in by_actor.values()),
                                       by_place(list(by_actor.items()), naming.where))
    return made


_UNOWNED = [None, {}]  # [the action list, {(the indices, open sub-groups, groups' states): (parts, keys)}]


def _unowned(out, acts, who, shown_idx, shown, open_subs, grp_open, naming):
    """The actions tied to no unit, by type (a campaign's hundreds of target hexes, split into
    sub-groups by zone), made once per view and state of its groups: a click that selects a
    counter redraws the same view (issue 47)."""
    if _UNOWNED[0] is not acts:  # another list of actions: another view
        _UNOWNED[0], _UNOWNED[1] = acts, {}
    free = tuple(i for i, k in enumerate(who) if k is None and i not in shown_idx)
    key = (free, frozenset(open_subs), frozenset(grp_open.items()))
    made = _UNOWNED[1].get(key)
    if made is None:
        parts, keys, first_long, keep = [], set(), [True], set(free)
        for t, items in grouped(acts, keep=lambda i, a: i in keep, rank=naming.rank):
            _type_group(parts, t, items, False, keys, open_subs, grp_open, naming, first_long)
        made = _UNOWNED[1][key] = (parts, keys)
    out.extend(made[0])
    shown.update(made[1])


ENTRY_OPEN = 8  # a place listing more units than this is folded (First Team's An Khe: 40 companies)


ENTRY_PLACES = 40  # more places than this: the list folded whole, behind one button
ALL_PLACES = "places"  # (the key of that button's state in the screen's grp_open)


def _entries(out, by_actor, acts, selected, naming, all_places=False, places=None):
    """The units (pool kinds, stacks) that have something to do, one entry each, grouped by place:
    a click selects it (its targets light up on the map, its actions fill the panel). The hint and
    each place are panel parts of their own, so a unit selected patches its own place only, not a
    section of every unit. More than ENTRY_PLACES places (a campaign's 200 units on 150 hexes) are
    folded whole behind "List the N units that can act", which holds their actions' indices as a
    closed group does: a list that long is read on the map, and made, laid out and painted at
    every click it was most of a campaign click's panel (issue 47; the first 40 places shown, the
    others folded, still cost 3 ms a click)."""
    places = places if places is not None else by_place(list(by_actor.items()), naming.where)
    long_list = len(places) > ENTRY_PLACES
    if _PLACES[0] is not acts:  # another list of actions: another view, its names may differ
        _PLACES[0], _PLACES[1] = acts, {}
    made = _PLACES[1]
    key = ("head", selected, all_places)  # (the entries follow from the view and the selection)
    head = made.get(key)
    if head is None:
        head = made[key] = _entries_head(by_actor, acts, selected, places, long_list, all_places)
    out.extend(head)
    if long_list and not all_places:  # folded
        return
    for place, es in places:
        key = (place, tuple((k, tuple(idxs)) for k, idxs in es))
        html = made.get(key)
        if html is None:
            html = made[key] = _place(place, es, acts, naming)
        out.append(html)


def _entries_head(by_actor, acts, selected, places, long_list, all_places):
    """The list's hint and, for a long list, the button that folds it (holding every entry's actions)."""
    folded = long_list and not all_places
    if selected is None:
        big = [p for p, es in places if len(es) > ENTRY_OPEN and p] if not folded else []
        hint = "Select a unit on the map" + (f" or in {', '.join(big)}" if big else "") + (
            "" if folded else " (or below)") + ": its targets light up"
    else:
        hint = "Other units that can act"
    out = [markup("h3", {"data-group": "ent-hint"}, text=f"{hint} — {len(by_actor)} can act", cls="ent-hint")]
    if long_list:
        n = len(by_actor)
        text = "Fold the list" if all_places else f"List the {n} unit{'s' if n > 1 else ''} that can act ({len(places)} places)"
        held = [] if all_places else [i for idxs in by_actor.values() for i in idxs]
        out.append(markup("div", {"data-group": "ent-more"}, cls="ent-more", inner=markup(
            "button", {"type": "button", "data-cmd": "more-places", "data-holds": " ".join(map(str, held)) or None,
                       "data-hts": " ".join(acts[i]["t"] for i in held) or None,
                       "aria-expanded": "true" if all_places else "false"}, text, "grp-toggle")))
    return out


_PLACES = [None, {}]  # [the action list, {(place, its entries): the place's markup}]: a selection
#                       redraws the same view, and making every place's buttons again was most of
#                       the panel's time on the whole map (issue 47)


def _place(place, es, acts, naming):
    names = [naming.actor(key).split(" · ")[0] for key, _ in es]
    seen = {}
    btns = []
    for (key, idxs), name in zip(es, names):
        if names.count(name) > 1:  # identical units read apart: "SF A-Team 1", "SF A-Team 2"
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} {seen[name]}"
        hts = [acts[i]["t"] for i in idxs]
        # the tooltip names its kinds of action, not each action's label: the labels change at
        # most steps, and a new title has the browser style the button again (issue 14: 32
        # entries a First Team click, in a trace); a click on it lists them
        btns.append(markup("button", {"type": "button", "data-cmd": "pick", "data-key": key, "data-actor": key,
                                      "data-holds": " ".join(map(str, idxs)), "data-hts": " ".join(hts),
                                      "title": _kinds(hts, naming)},
                           name, "entry", markup("span", text=len(idxs), cls="ent-n")))
    lst = markup("div", cls="ent-list", inner="".join(btns))
    # keyed by its place: when a place comes or goes above it, the patch (dom.set_parts) keeps
    # the others rather than rebuilding those of every place after it (issue 14, a trace)
    at = {"data-group": f"place:{place}"}
    if len(es) > ENTRY_OPEN:
        return markup("details", at, cls="ent-place",
                      inner=markup("summary", text=f"{place or 'Elsewhere'}: {len(es)} units") + lst)
    return markup("div", at, cls="ent-place",
                  inner=(markup("span", text=place, cls="ent-where") if place else "") + lst)


_KINDS = {}  # (the game's names, action types) -> an entry's tooltip


def _kinds(hts, naming):
    key = (naming.names, tuple(hts))
    k = _KINDS.get(key)
    if k is None:
        names = list(dict.fromkeys(naming.type_name(t) for t in hts))
        k = _KINDS[key] = ", ".join(names) + f" ({len(hts)} action{'s' if len(hts) > 1 else ''}): select to see them"
        if len(_KINDS) > 5_000:
            _KINDS.clear()
    return k


def _type_group(out, t, items, flat, shown, open_subs, grp_open, naming, first_long=None):
    steps = grid(items, naming.amounts)
    name = naming.type_name
    if steps:  # amounts (Air Points, supply): a stepper each, one button for the action they make
        body = markup("h3", text=name(t)) + _stepper(steps, dict(items), name, naming.amounts)
    elif flat or len(items) <= BIG_GROUP:
        body = (markup("h3", text=f"{name(t)} ({len(items)})")
                + markup("div", cls="grp-btns", inner="".join(_button(i, a, name) for i, a in items)))
    else:
        first = first_long if first_long is not None else [True]
        is_open = grp_open.get(t, first[0])
        first[0] = False
        subs = subgroups(items, naming.actor, naming.zone_of)
        h = markup("button", {"type": "button", "data-cmd": "grp", "data-t": t,
                              "aria-expanded": "true" if is_open else "false"}, cls="grp-toggle",
                   inner=markup("span", text=f"{name(t)} ({len(items)})", cls="grp-title")
                   + markup("span", text=f"{len(subs)} groups", cls="grp-note"))
        parts = []
        for key, title, its in subs:
            k = f"{t}|{key}"
            shown.add(k)
            parts.append(_sub_group(k, t, title, its, k in open_subs, name))
        body = h + markup("div", None if is_open else {"hidden": ""}, cls="grp-subs", inner="".join(parts))
    out.append(markup("section", {"data-group": t}, cls="grp", inner=body))


def _stepper(g, acts, type_name, amounts):
    """A row per amount ("Air Points  − 0 +") and the button of the action those values make, the
    first listed to begin with. Stepping is done in the page (static/dom.js vwStep: no call into
    Python, nothing drawn again); the button is always one of the engine's actions, and the
    stepper holds every index (data-holds) as a closed group does. A 0-or-1 amount reads no / yes."""
    first = acts[next(iter(g["at"].values()))]
    now = {k: first[k] for k in g["keys"]}
    info = {"keys": g["keys"], "values": g["values"], "at": g["at"],
            "label": {i: acts[i].get("label") or type_name(acts[i]["t"]) for i in g["at"].values()},
            "warn": {i: acts[i]["warn"] for i in g["at"].values() if acts[i].get("warn")}}
    rows = []
    for k in g["keys"]:
        what = amounts.get(k, k)
        yes_no = g["values"][k] == [0, 1]
        rows.append(markup("div", {"data-amount": k, "data-v": now[k], "data-yesno": "1" if yes_no else None},
                           cls="step-row", inner=(
            markup("span", text=what, cls="step-k")
            + markup("button", {"type": "button", "data-d": "-1", "aria-label": f"{what}: fewer"}, "−", "step-b")
            + markup("output", text=("yes" if now[k] else "no") if yes_no else now[k], cls="step-v")
            + markup("button", {"type": "button", "data-d": "1", "aria-label": f"{what}: more"}, "+", "step-b"))))
    i0 = g["at"][" ".join(str(now[k]) for k in g["keys"])]
    idx = list(g["at"].values())
    return markup("div", {"data-grid": json.dumps(info), "data-holds": " ".join(map(str, idx)),
                          "data-hts": " ".join(acts[i]["t"] for i in idx)}, cls="stepper",
                  inner="".join(rows) + _button(i0, acts[i0], type_name, primary=True))


def _sub_group(key, t, title, items, is_open, type_name):
    """A closed group is one element; the count is drawn by CSS from data-n. Its buttons (made only
    when open) follow it in a block of their own."""
    actor = actor_of(items[0][1])
    same = all(actor_of(a) == actor for _, a in items)
    h = markup("button", {"data-cmd": "sub", "data-key": key, "data-t": t, "data-n": len(items),
                          "data-actor": actor if same else None, "aria-expanded": "true" if is_open else "false",
                          "data-holds": " ".join(str(i) for i, _ in items)}, title, "sub-h")
    return h + (_sub_btns(items, type_name) if is_open else "")


def _sub_btns(items, type_name, key=None):
    return markup("div", {"data-of": key}, cls="grp-btns sub-btns",
                  inner="".join(_button(i, a, type_name) for i, a in items))


def fill_sub(items, type_name, key=None):
    """The buttons of a sub-group opened by the player, as an element."""
    wrap = el("div", cls="grp-btns sub-btns", attrs={"data-of": key})
    wrap.innerHTML = "".join(_button(i, a, type_name) for i, a in items)
    return wrap
