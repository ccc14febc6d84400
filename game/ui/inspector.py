"""The stack inspector (issue 9 item 6): a click on a stack or a box shows its counters in the side
panel, large and with their values, grouped (a game's UI module may group them: inspect_groups).
Only shows what the view lists; a click on a counter there selects it like a click on the map."""
from .counters import counter, title_of
from .dom import el, sel
from .keynav import counter_name

FULL_TEXT = 6  # up to this many counters, each one's whole tooltip text is written beside it


def show(root, title, pieces, groups, own, selected, can_act, pick=None):
    """Fill `root` (#inspector) with the pieces of one place, in the game's groups (`groups(pieces,
    own)`, own: the side at the screen). `pick`: (key, text) of a button that selects the whole
    stack, when the stack as a whole has something to do."""
    root.replaceChildren()
    head = el("div", cls="insp-head", parent=root)
    el("h3", text=f"{title} — {len(pieces)} counter{'s' if len(pieces) != 1 else ''}", parent=head)
    el("button", text="Close", cls="insp-close", parent=head, attrs={"type": "button", "data-cmd": "inspect-close",
                                                                   "title": "Close the inspector (Esc)"})
    if pick:
        el("button", text=pick[1], cls="entry insp-pick", parent=root,
           attrs={"type": "button", "data-cmd": "pick", "data-key": pick[0]})
    full = len(pieces) <= FULL_TEXT
    for name, ps in groups(pieces, own):
        sec = el("section", cls="insp-grp", parent=root)
        el("h4", text=f"{name} ({len(ps)})", parent=sec)
        row = el("div", cls="insp-row" + (" full" if full else ""), parent=sec)
        for p in ps:
            pid = p.get("id")
            cell = el("div", cls="insp-cell", parent=row)
            cls = "insp-ctr" + (" sel" if pid == selected else "") + (" act" if pid in can_act else "")
            text = title_of(p)
            # a keyboard stop named for a screen reader: Enter selects it like a click (keys.py)
            svg = sel("svg", {"viewBox": "-18 -18 36 36", "width": 52, "height": 52, "class": cls, "data-unit": pid,
                              "tabindex": 0, "role": "button",
                              "aria-label": counter_name(text, pid in can_act, pid == selected)}, parent=cell)
            counter(p, 0, 0, parent=svg)
            el("span", text=text if full else str(p.get("name") or text.split(" | ")[0])[:18], cls="insp-txt",
               parent=cell, attrs={"title": text})
    root.hidden = False


def hide(root):
    root.hidden = True
    root.replaceChildren()
