"""Mike Force: the game-specific parts of the UI (map file, counters, tracks, boxes and pools).

Only draws what the engine's view says (game/rules/mike_force/view.py); no rules here."""
from .. import counters as C
from .. import symbols as sym
from ..dom import markup, sel, set_html
from ..names import Names
from ..render_panels import box_list

ID = "mike-force"
TITLE = "Mike Force"
MAP_URL = "./static/svg/mike_force_map.svg"
TARGET_KEYS = ("to",)
STACK_DY = 0.0  # a stack sits on its location, whose name (below or beside it) stays readable (issue 9 item 6);
# a click on it inspects, or with a unit selected offers its lit target; the lit ring around stays clickable
FIT = (80.0, 40.0, 960.0, 960.0)
BOX_NAMES = {"NHA_TRANG": "Nha Trang", "SUPPORT_AVAIL": "Support available", "RECOVERED": "Recovered targets"}
POOL_NAMES = {"SF_POOL": "SF force pool", "SUPPORT_POOL": "Support pool"}
# the panel's kinds of action, in its order
TYPE_NAMES = {
    "place": "Place", "attach": "Attach leader", "deploy": "Deploy", "recruit": "Recruit",
    "macv": "MACV support", "refit": "Refit", "appeal": "Appeal to 5th SFG", "move": "Move",
    "halo": "HALO jump", "board": "Board", "unboard": "Unboard", "fly": "Fly", "recover": "Recover",
    "build": "Build", "recon": "Recon", "talon": "Combat Talon", "psywar": "PSYWAR", "sortie": "Air sortie",
    "target": "Target", "unit": "Choose unit", "space": "Choose space", "axis": "Axis",
    "bcp": "Allocate BCP", "withdraw": "Withdraw",
}


class _Names(Names):
    """A kind of unit in the force pools is an actor of its own, "kind:<kind>": recruited (MF 12)
    or placed at set-up from the pool, it is not a piece yet."""

    def actor(self, key, v):
        if key in v.get("leader_names", {}):  # a leader off the map (MF 25.4)
            return v["leader_names"][key]
        if not key.startswith("kind:"):
            return None
        kind = key[5:]
        for items in v.get("pools", {}).values():
            for it in items:
                if it["kind"] == kind:
                    return f"{it['name']} (pool)"
        return kind

    def actor_place(self, key, v):
        return "Pools" if key.startswith("kind:") else None


NAMES = _Names(TYPE_NAMES, BOX_NAMES)


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
    html = "".join(markup("div", cls="trk", inner=markup("span", text=k, cls="trk-k") + markup(
        "span", {"data-track": k.lower().replace(" ", "-")}, val, "trk-v")) for k, val in rows)
    if v["events_played"]:
        html += markup("div", text="Events played: " + ", ".join(v["events_played"]), cls="trk-ev")
    set_html(root, html)  # (most clicks change no track)


def boxes(root, v, selected, can_act):
    """The boxes (their counters), the pools (a button per kind) and the Communist boxes, kept in
    the page and changed where they changed (render_panels.box_list; issue 14)."""
    groups = [(f"{BOX_NAMES.get(bid, bid)} ({len(pieces)})", bid, pieces) for bid, pieces in v["boxes"].items()]
    for pid, items in v["pools"].items():
        btns = []
        for it in items:
            key = "kind:" + it["kind"]
            btns.append(markup("button", {"data-kind": it["kind"], "title": it["name"], "type": "button",
                                          "disabled": None if key in can_act else ""},
                               f"{it['short'] or it['name']} ×{it['n']}",
                               "pool-item" + (" act" if key in can_act else "") + (" sel" if key == selected else "")))
        groups.append((f"{POOL_NAMES.get(pid, pid)} ({sum(i['n'] for i in items)})", pid, "".join(btns)))
    com = v["com_pools"]
    groups.append(("Communist boxes", "COM", markup(
        "span", text=f"Mobile: {com.get('COM_MOBILE', 0)}   Static: {com.get('COM_STATIC', 0)}")))
    box_list(root, groups, selected, can_act)


# ---- counters (MF 2.5-2.7: the printed counters) ---------------------------------------------
def factors(p):
    """Text of a counter's factors line (MF 2.5-2.7)."""
    if p.get("concealed"):
        return ""
    if p.get("leader"):
        return "Ldr"
    if p.get("cls") == "garrison":
        r = p.get("r")
        return f"{r}-{p.get('c')}" if r is not None else str(p.get("c", ""))
    if p.get("side") == "COM":
        return f"{p.get('c')}-{p.get('bcp')}"
    if p.get("cls") == "air":
        return str(p.get("c", ""))
    return f"{p.get('r')}-{p.get('c')}-{p.get('m')}"


# Faces by class: (background, ink). Free World olive / khaki / sky blue, Communist red: the two
# sides are told apart at a glance; garrisons take the colour of the side holding them.
FACE = {
    "sf": ("#4f6f3a", "#f4f1e0"),          # Special Forces: olive
    "macv": ("#8c8f4a", "#fbfae8"),        # MACV: khaki
    "air": ("#6f9fcf", "#0b2340"),         # air units: sky blue
    "leader": ("#e0b53a", "#222222"),      # leaders: gold
    "garrison_FW": ("#35608c", "#ffffff"),
    "garrison_COM": ("#7a1f1f", "#ffe7a0"),
    "com": ("#b22d22", "#fff3cc"),         # Communist: red
}
# kind -> the type symbol drawn in the unit frame: "inf", "cav", "rotary", "wing", "supply",
# "armor", "star", or letters
SYMBOL = {
    "ateam": "SF", "halo": "HALO", "rt": "RT", "mf": "inf", "mgf": "inf", "ws": "inf", "cidg": "inf",
    "hw": "HW", "psywar": "PSY", "camp": "camp", "transport": "rotary", "gunship": "rotary",
    "usmc": "inf", "aircav": "cav", "rangers": "inf", "engineer": "E", "soa": "rotary",
    "arclight": "wing", "talon": "wing", "aircmdo": "wing", "fb": "wing",
    "inf_div": "inf", "inf_rgt": "inf", "inf_bn": "inf", "sapper": "inf", "armor": "armor",
    "aaa_m": "AAA", "decoy_m": "?", "hq": "HQ", "depot": "supply", "trucks": "TRK", "aaa_s": "AAA",
    "vc_inf": "inf", "decoy_s": "?", "st_intel": "star", "st_psy": "star", "st_adv": "star", "st_dbl": "star",
}
SYM_Y = -0.5


def _face(p):
    if p.get("leader"):
        return FACE["leader"]
    if p.get("cls") == "garrison":
        return FACE["garrison_" + ("COM" if p.get("side") == "COM" else "FW")]
    if p.get("side") == "COM":
        return FACE["com"]
    return FACE.get(p.get("cls"), FACE["sf"])


def _move(m):
    return "air-mobile" if m == "A" else f"move {m}"


def title_of(p):
    """Everything a counter shows, in words (its SVG <title> and the panel's selection line)."""
    if p.get("concealed"):
        return f"Concealed Communist unit ({p.get('back')} back): identity unknown until revealed (MF 16.0)"
    name = str(p.get("name", p.get("id", "")))
    side = "Communist" if p.get("side") == "COM" else "Free World"
    bits = [f"{name} ({side})"]
    if p.get("leader"):
        bits.append("leader" + (f", attached to {p['att']}" if p.get("att") else ", not attached"))
    elif p.get("cls") == "garrison":
        bits.append(f"recon {p['r']}, combat {p.get('c')}" if p.get("r") is not None else f"combat {p.get('c')}")
    elif p.get("side") == "COM":
        bits.append(f"combat {p.get('c')}, BCP {p.get('bcp')}, {'mobile' if p.get('mobile') else 'static'}")
        for flag, word in (("aaa", "AAA"), ("assault", "assault"), ("depot", "depot"), ("target", "special target")):
            if p.get(flag):
                bits.append(word + (f" {p[flag]}" if flag == "aaa" else ""))
    elif p.get("cls") == "air":
        bits.append(f"{p.get('air')} air, combat {p.get('c')}")
    else:
        bits.append(f"recon {p.get('r')}, combat {p.get('c')}, {_move(p.get('m'))}")
        if p.get("red"):
            bits.append("reduced")
        elif p.get("two_step"):
            bits.append("full strength (two steps)")
        if p.get("heavy"):
            bits.append("heavy")
        if p.get("static"):
            bits.append("static")
    if p.get("leader_name"):
        bits.append("leader " + p["leader_name"] + " attached")
    if p.get("carried_by"):
        bits.append("carried by " + str(p["carried_by"]))
    return " | ".join(bits)


def _symbol(g, kind, ink):
    s = SYMBOL.get(kind) or ("star" if str(kind).startswith("gar_") else None)  # garrisons: a city star
    fw, fh = 14.0, 8.0
    if s == "star":
        sym.star(g, 0, SYM_Y, 5.5, ink)
        return
    sym.frame(g, 0, SYM_Y, ink, w=fw, h=fh)
    if s == "inf":
        sym.infantry(g, 0, SYM_Y, ink, w=fw, h=fh)
    elif s == "cav":
        sym.cavalry(g, 0, SYM_Y, ink, w=fw, h=fh)
        sym.rotary(g, 0, SYM_Y, ink, w=7, h=4)
    elif s == "rotary":
        sym.rotary(g, 0, SYM_Y, ink, w=10, h=5.5)
    elif s == "wing":
        sym.fixed_wing(g, 0, SYM_Y, ink, w=10, h=5)
    elif s == "supply":
        sym.supply(g, 0, SYM_Y, ink, w=fw, h=fh)
    elif s == "armor":
        el_ = {"cx": 0, "cy": SYM_Y, "rx": 4.8, "ry": 2.4, "fill": "none", "stroke": ink, "stroke-width": 0.9,
               "class": "sym"}
        sel("ellipse", el_, parent=g)
    elif s == "camp":
        sym.text(g, 0, SYM_Y, "▲", ink, size=6)
    elif s:
        sym.text(g, 0, SYM_Y, s, ink, size=5.2 if len(s) <= 2 else 4.4)


def draw_counter(p, x=0, y=0, parent=None):
    """One Mike Force counter as printed: short name on top, type symbol, factors below
    (recon-combat-move, or combat-BCP for Communist units), a yellow strip when reduced, a gold
    "L" when a leader is attached, the M/S/A/D tag of Communist units. Concealed Communist units
    show only their back (MF 16.0)."""
    g = C.group(p, x, y, parent, title_of(p))
    if p.get("concealed"):
        static = p.get("back") == "static"
        C.tile(g, "#c62828" if static else "#5e1320")
        if static:
            sel("rect", {"x": -C.H, "y": 2, "width": C.S, "height": C.H - 2, "fill": "#1e4fa0"}, parent=g)
        sym.star(g, 0, -4 if static else 0, 8 if static else 10, "#ffd600" if static else "#e53935")
        return g
    bg, ink = _face(p)
    C.tile(g, bg)
    if p.get("red"):
        C.reduced_strip(g)
    short = str(p.get("short") or p.get("name", ""))
    if p.get("leader"):
        C.label(g, short, -C.H + 8.6, ink, 7, "ctr-name")
        nm = str(p.get("name", ""))
        C.label(g, nm, 3, ink, 7.5 if len(nm) <= 6 else 6 if len(nm) <= 8 else 5, "ctr-fac")
        return g
    C.label(g, short, -C.H + 8.6, ink, 7 if len(short) <= 5 else 6 if len(short) <= 6 else 5.2, "ctr-name")
    _symbol(g, p.get("kind"), ink)
    fac = factors(p)
    C.label(g, fac, C.H - 2.6, ink, 8.5 if len(fac) <= 5 else 7, "ctr-fac")
    if p.get("leader_name"):
        C.leader_mark(g)
    if p.get("side") == "COM" and p.get("cls") != "garrison":
        C.corner_tag(g, "A" if p.get("aaa") else "D" if p.get("depot") else "M" if p.get("mobile") else "S", ink)
    return g
