"""First Team: Vietnam: the game-specific parts of the UI (map anchors, counters, tracks, boxes).

Only draws what the engine's view says; no rules here."""
from ..dom import el, sel

ID = "first-team"
TITLE = "First Team: Vietnam"
MAP_URL = "./static/svg/first_team_map.svg"
TARGET_KEYS = ("to", "loc", "box")
FIT = (0.0, 0.0, 1480.0, 994.0)
FIT_NARROW = (0.0, 110.0, 1018.0, 690.0)  # the map area without the Zone Display (pan to see it)
S = 30
H = S / 2

# view box name -> map anchor key (the engine's location ids for those boxes)
BOX_ANCHORS = {"AN_KHE": "ANKHE", "REFIT": "REFIT", "UNKNOWN": "UNKNOWN", "ELIMINATED": "ELIM"}
VIEW_BOXES = {"An Khe": "ANKHE", "Refit": "REFIT", "Unknown": "UNKNOWN", "Eliminated": "ELIM"}

SHORT = {"tr": "Trans", "gs": "Gunsh", "ara": "ARA", "oh": "OH", "tac": "TacAir", "b52": "B-52", "pf": "Pathf",
         "sfg": "SF", "sup": "Supply", "nart": "NVA Art"}
COLORS = {  # (background, text)
    "inf": ("#4f6f3a", "#f4f1e0"), "sfg": ("#35608c", "#ffffff"), "tr": ("#6f9fcf", "#0b2340"),
    "gs": ("#6f9fcf", "#0b2340"), "ara": ("#6f9fcf", "#0b2340"), "oh": ("#6f9fcf", "#0b2340"),
    "arty": ("#8c8f4a", "#fbfae8"), "sup": ("#d9c27a", "#2b2200"), "lz": ("#e8e2c8", "#1e3a1e"),
    "tac": ("#a7c4e0", "#0b2340"), "b52": ("#a7c4e0", "#0b2340"), "pf": ("#4f6f3a", "#f4f1e0"),
    "nva": ("#b22d22", "#fff3cc"), "nart": ("#7a1f1f", "#ffe7a0"),
}


def anchors(svg):
    """{key: (x, y, node)} of the Zone Display boxes ("Z<zone>") and holding boxes."""
    out = {}
    for g in svg.querySelectorAll("g.zone-box[data-zone]"):
        out["Z" + g.getAttribute("data-zone")] = g
    for g in svg.querySelectorAll("g.box[data-box]"):
        key = BOX_ANCHORS.get(g.getAttribute("data-box"))
        if key:
            out[key] = g
    return {k: (float(g.getAttribute("data-x")), float(g.getAttribute("data-y")), g) for k, g in out.items()}


def stacks(v):
    out = {sid: sp["pieces"] for sid, sp in v["spaces"].items()}
    for z, pieces in v["zone_display"].items():
        out["Z" + z] = pieces
    for name, key in VIEW_BOXES.items():
        out[key] = v["boxes"].get(name, [])
    return out


def all_pieces(v):
    for sp in v["spaces"].values():
        yield from sp["pieces"]
    for pieces in v["zone_display"].values():
        yield from pieces
    for pieces in v["boxes"].values():
        yield from pieces


# ---- counters ------------------------------------------------------------------------------
def title_of(p):
    if p.get("concealed"):
        return "LZ marker (not yet flipped)" if p.get("back") == "LZ" else "Unknown NVA counter"
    k = p.get("kind")
    bits = [p.get("name", p.get("id", ""))]
    if k in ("inf", "sfg"):
        bits.append(f"strength {p.get('str')}, effectiveness {p.get('eff')}, fatigue {p.get('fatigue', 0)}")
        if p.get("broken"):
            bits.append("BROKEN")
        if p.get("hold"):
            bits.append("HOLD")
        if p.get("supplied") is False:
            bits.append("out of supply")
    elif k == "nva":
        bits.append(f"strength {p.get('str')}, effectiveness {p.get('eff')}, step {p.get('step')}")
        for f in ("broken", "garrison", "hold"):
            if p.get(f):
                bits.append(f.upper())
    elif k in ("tr", "gs", "ara", "oh"):
        bits.append("fatigued" if p.get("fatigued") else "ready")
    elif k in ("arty", "nart"):
        bits.append("fired" if p.get("fired") else "ready to fire")
    elif k == "sup":
        bits.append(f"{p.get('step')} supply")
    elif k == "lz":
        bits.append("valid LZ" if p.get("valid") else "not a valid LZ")
    if p.get("support") is not None:
        bits.append(f"support {p['support']}")
    if p.get("strike") is not None:
        bits.append(f"strike {p['strike']}")
    return " | ".join(str(b) for b in bits)


def _lines(p):
    """(top, bottom) text of a counter."""
    k = p.get("kind")
    name = p.get("name", "")
    if k == "inf":
        return name, f"{p.get('eff')}·F{p.get('fatigue', 0)}"
    if k == "sfg":
        return "SF", f"{p.get('eff')}·F{p.get('fatigue', 0)}"
    if k == "nva":
        return name[:7], f"{p.get('eff')}·s{p.get('step')}"
    if k == "arty":
        return p.get("bn", ""), "FIRED" if p.get("fired") else "Arty"
    if k == "nart":
        return "NVA", "FIRED" if p.get("fired") else "Arty"
    if k in ("tr", "gs", "ara", "oh"):
        return SHORT[k], "FAT" if p.get("fatigued") else p.get("id", "")[-2:]
    if k == "sup":
        return "Supply", "full" if p.get("step") == "full" else "half"
    if k == "lz":
        return "LZ", "valid" if p.get("valid") else "invalid"
    return SHORT.get(k, name[:6]), str(p.get("strike", "") or "")


def draw_counter(p, x=0, y=0, parent=None):
    g = sel("g", {"class": "ctr", "transform": f"translate({x:.1f} {y:.1f})"}, parent=parent)
    sel("title", text=title_of(p), parent=g)
    if p.get("concealed"):
        lz = p.get("back") == "LZ"
        sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "class": "ctr-bg",
                     "fill": "#e8e2c8" if lz else "#5e1320"}, parent=g)
        sel("text", {"x": 0, "y": 4, "font-size": 10, "text-anchor": "middle", "font-weight": "700",
                     "fill": "#1e3a1e" if lz else "#ffd600"}, "LZ" if lz else "?", parent=g)
        return g
    k = p.get("kind")
    bg, fg = COLORS.get(k, ("#777", "#fff"))
    dim = p.get("fatigued") or p.get("fired")
    sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "fill": bg, "class": "ctr-bg",
                 "opacity": 0.6 if dim else 1}, parent=g)
    if k in ("inf", "sfg", "nva") and p.get("str") == 1 or (k == "sup" and p.get("step") == "half"):
        sel("rect", {"x": -H, "y": -H, "width": S, "height": 5, "fill": "#ffd400"}, parent=g)
    top, bottom = _lines(p)
    sel("text", {"x": 0, "y": -2.5, "font-size": 8.5 if len(top) <= 5 else 6.5, "text-anchor": "middle",
                 "font-weight": "700", "fill": fg, "class": "ctr-name"}, top, parent=g)
    sel("text", {"x": 0, "y": 10, "font-size": 7.5, "text-anchor": "middle", "fill": fg, "class": "ctr-fac"},
        bottom, parent=g)
    if p.get("broken"):
        sel("line", {"x1": -H, "y1": H, "x2": H, "y2": -H, "stroke": "#ffd400", "stroke-width": 2.5,
                     "class": "broken"}, parent=g)
    if p.get("hold"):
        sel("circle", {"cx": H - 4, "cy": -H + 4, "r": 4.2, "fill": "#fff", "stroke": "#222", "stroke-width": 0.8,
                       "class": "hold"}, parent=g)
        sel("text", {"x": H - 4, "y": -H + 6.3, "font-size": 6, "text-anchor": "middle", "font-weight": "700",
                     "fill": "#222"}, "H", parent=g)
    return g


# ---- panels ----------------------------------------------------------------------------------
def tracks(root, v):
    root.replaceChildren()
    t = v["tracks"]
    c = v.get("counts", {})
    rows = [
        ("Turn", f"{t['turn']} / {v['scenario']['turns']}"),
        ("Phase", v.get("phase") or ""),
        ("Command points", str(t["command_points"])),
        ("Casualty points", str(t["casualty_points"])),
        ("Victory points", str(t["victory_points"])),
        ("Supply available", str(c.get("supply_available", ""))),
        ("B-52 left", str(c.get("b52_left", ""))),
    ]
    keys = ["turn", "phase", "cp", "cas", "vp", "supply", "b52"]
    for (k, val), key in zip(rows, keys):
        d = el("div", cls="trk", parent=root)
        el("span", text=k, cls="trk-k", parent=d)
        el("span", text=val, cls="trk-v", parent=d, attrs={"data-track": key})


def boxes(root, v, selected, can_act):
    from ..render_panels import mini
    root.replaceChildren()
    groups = [(f"Zone {z}", "Z" + z, pieces) for z, pieces in v["zone_display"].items() if pieces]
    groups += [(name, VIEW_BOXES.get(name, name.upper()), pieces) for name, pieces in v["boxes"].items()]
    for label, key, pieces in groups:
        box = el("div", cls="box", attrs={"data-box": key}, parent=root)
        el("div", text=f"{label} ({len(pieces)})", cls="box-h", parent=box)
        row = el("div", cls="box-row", parent=box)
        for p in pieces:
            mini(p, row, selected, can_act)
