"""Mike Force: the game-specific parts of the UI (map file, tracks, boxes and pools)."""
from ..dom import el
from ..render_panels import mini

ID = "mike-force"
TITLE = "Mike Force"
MAP_URL = "./static/svg/mike_force_map.svg"
TARGET_KEYS = ("to",)
FIT = (80.0, 40.0, 960.0, 960.0)
BOX_NAMES = {"NHA_TRANG": "Nha Trang", "SUPPORT_AVAIL": "Support available", "RECOVERED": "Recovered targets"}
PLACE_NAMES = BOX_NAMES
POOL_NAMES = {"SF_POOL": "SF force pool", "SUPPORT_POOL": "Support pool"}


def anchors(svg):
    """Map anchors besides [data-space] locations: none."""
    return {}


def stacks(v):
    """{anchor: pieces} drawn on the map."""
    return {sid: sp["pieces"] for sid, sp in v["spaces"].items()}


def all_pieces(v):
    for sp in v["spaces"].values():
        yield from sp["pieces"]
    for pieces in v["boxes"].values():
        yield from pieces


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
