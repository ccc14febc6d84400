"""Vietnam 1965-1975: the game-specific parts of the UI (hex map, counters, records).

Two players at one screen: the app shows each side the view of the side deciding (M.view with
that role) and hands the screen over when the next view would show what the other must not see."""
from .. import counters as C
from .. import symbols as sym
from ..dom import el, sel

ID = "vietnam-1965-1975"
TITLE = "Vietnam 1965-1975"
MAP_URL = "./static/svg/vietnam_quangngai_map.svg"
TARGET_KEYS = ("hex", "to")
FIT = (9.0, 182.0, 690.0, 704.0)            # the play area (hexes in play) at "fit"
FIT_NARROW = (200.0, 240.0, 420.0, 560.0)  # phones: the coastal plain where Starlite is fought
PLACE_NAMES = {}
STACK_DY = -17.0  # counters sit in the upper half of their hex, its centre stays clickable
TYPE_NAMES = {
    "place": "Set up", "hold": "Hold", "patrol": "Patrol", "operate": "Operate", "us_op": "US operation",
    "nlf_op": "NLF operation", "decline": "Decline", "end": "End the phase", "done": "Done",
}

# Faces as Victory Games printed them: US olive-green, ARVN yellow, VC black on red.
FACE = {"US": ("#6b8e3d", "#ffffff"), "ARVN": ("#e9c43a", "#1d1d1d"), "NLF": ("#b3261e", "#fff4c2")}
SIZE_MARK = {"II": "II", "III": "III", "X": "X", "I": "I"}


def anchors(svg):
    """Map anchors besides the hexes ([data-space]): none."""
    return {}


def overlay(mv, v):
    """V 3.1: the hexes in the enemy's zone of control, hatched for the side shown (it costs MP to
    leave them). Drawn once per change, under the counters."""
    zoc = v.get("zoc") or []
    key = " ".join(zoc)
    layer = mv.svg.querySelector("#vw-zoc")
    if layer and layer.getAttribute("data-key") == key:
        return
    if not layer:
        layer = sel("g", {"id": "vw-zoc", "pointer-events": "none"})
        mv.svg.insertBefore(layer, mv.layer_pieces)
    layer.replaceChildren()
    layer.setAttribute("data-key", key)
    r = 36.0
    pts = " ".join(f"{r * c:.1f},{r * s_:.1f}" for c, s_ in ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0),
                                                              (-0.5, -0.866), (0.5, -0.866)))
    for h in zoc:
        if h in mv.spaces:
            x, y, _ = mv.spaces[h]
            sel("polygon", {"points": pts, "transform": f"translate({x:.1f} {y:.1f})", "class": "zoc",
                            "data-zoc": h}, parent=layer)


def stacks(v):
    return {h: sp["pieces"] for h, sp in v["spaces"].items()}


def all_pieces(v):
    for sp in v["spaces"].values():
        yield from sp["pieces"]


def factors(p):
    """The printed factors: ground-artillery-movement (V 18.2 counters; pursuit after a slash)."""
    pur = f"/{p['pursuit']}" if p.get("pursuit") is not None else ""
    return f"{p.get('ground', 0)}-{p.get('art', 0)}-{p.get('mpa', 0)}{pur}"


def title_of(p):
    if p.get("concealed"):
        return f"Face-down VC unit {p['id']} (V 10: its identity is hidden from the US)"
    bits = [p.get("name", p["id"]), f"{p.get('side')} {p.get('type', '')} {p.get('size', '')}".strip(),
            f"ground {p.get('ground')}, artillery {p.get('art')}, movement {p.get('mpa')}"]
    if p.get("pursuit") is not None:
        bits.append(f"pursuit {p['pursuit']}")
    for flag, text in (("done", "used this turn"), ("op", "in the operation"), ("tgt", "in a target hex"),
                       ("air", "airmobile")):
        if p.get(flag):
            bits.append(text)
    if p.get("mission"):
        bits.append(str(p["mission"]))
    if p.get("rp_spent"):
        bits.append(f"{p['rp_spent']} RP spent on it")
    return "; ".join(bits)


def _symbol(g, p, ink):
    t = p.get("type")
    if t == "art":
        sym.frame(g, 0, -1, ink)
        sym.artillery(g, 0, -1, ink)
    elif t == "hq":
        sym.frame(g, 0, -1, ink)
        sym.text(g, 0, 1, "HQ", ink)
    elif t == "pol":
        sym.frame(g, 0, -1, ink, dashed=True)
        sym.text(g, 0, 1, "POL", ink)
    elif t == "mech":
        sym.cavalry(g, 0, -1, ink)
    else:
        sym.infantry(g, 0, -1, ink)


def short_name(name):
    """The name as it fits on a counter: "3/7 Marines" -> "3/7", "VC battalion VC1B1" -> "VC1B1",
    "2/12 (155mm)" -> "2/12", "7th Marines HQ" -> "7th HQ", "Political section" -> "Pol. sec."."""
    if "battalion" in name.lower():
        return name.split()[-1]
    short = name.replace(" Marines", "").replace(" Regiment", " Rgt").replace("Political section", "Pol. sec.")
    return short.split(" (")[0]


def draw_counter(p, x=0, y=0, parent=None):
    """One counter: name on top, NATO symbol with its size, ground-artillery-movement below.
    A face-down VC unit shows only its back (V 10)."""
    g = C.group(p, x, y, parent, title_of(p))
    if p.get("concealed"):
        C.tile(g, "#2a2a2a")
        sym.star(g, 0, -2, 9, "#d7261e")
        C.label(g, "VC", C.H - 2.6, "#fff4c2", 7, "ctr-fac")
        return g
    bg, ink = FACE.get(p.get("side"), ("#ccc", "#111"))
    C.tile(g, bg, " used" if p.get("done") else "")
    short = short_name(str(p.get("name", "")))
    C.label(g, short, -C.H + 7.6, ink, 6.2 if len(short) <= 7 else 5 if len(short) <= 10 else 4.2, "ctr-name")
    _symbol(g, p, ink)
    if p.get("size"):
        C.label(g, SIZE_MARK.get(p["size"], p["size"]), -C.H + 13.4, ink, 4.2, "ctr-size")
    fac = factors(p)
    C.label(g, fac, C.H - 2.4, ink, 6.6 if len(fac) <= 7 else 5.6, "ctr-fac")
    if p.get("done"):
        sel("rect", {"x": -C.H, "y": -C.H, "width": C.S, "height": C.S, "fill": "#000", "fill-opacity": 0.25,
                     "class": "used"}, parent=g)
    return g


def tracks(root, v):
    root.replaceChildren()
    rec = v.get("records", {})
    vp = v.get("vp", {})
    op = v.get("op")
    rows = [
        ("Scenario", v.get("title", "")),
        ("Turn", f"{v['turn']} / {v['turns']}"),
        ("Phase", v.get("phase") or ""),
        ("Side shown", v.get("viewer", "")),
        ("VP", f"US {vp.get('US', 0)} · NLF {vp.get('NLF', 0)}"),
        ("US RP", f"{rec.get('us_rp', 0)} (spent {rec.get('us_rp_spent', 0)})"),
        ("Air Points", str(rec.get("ap", 0))),
        ("Airmobile", str(rec.get("amp", 0))),
        ("Cruiser", str(rec.get("ship", 0))),
    ]
    if "vc_rp" in rec:
        rows.append(("VC RP", str(rec["vc_rp"])))
    if op:
        rows.append(("Operation", f"{op['side']}, round {op.get('round', 0)}, targets "
                                  f"{', '.join(op.get('targets') or []) or '-'}"))
    for k, val in rows:
        d = el("div", cls="trk", parent=root)
        el("span", text=k, cls="trk-k", parent=d)
        el("span", text=val, cls="trk-v", parent=d, attrs={"data-track": k.lower().replace(" ", "-")})
    for pv in v.get("preview") or ():
        odds_preview(root, pv, (op or {}).get("side", ""))


def _signed(n):
    return f"{n:+g}" if n else "0"


def odds_preview(root, pv, side):
    """Before an attack is chosen: totals, each DRM and what every die would do (V 5.4)."""
    box = el("div", cls="odds", attrs={"data-preview": pv["hex"]}, parent=root)
    if pv.get("void"):
        el("div", text=f"Attack on {pv['hex']}: no defenders left (void, V 10)", cls="odds-h", parent=box)
        return
    drm = pv["drm_odds"] + pv["drm_terrain"] + pv["drm_hexside"] + pv["bonus"]
    el("div", text=f"Attack on {pv['hex']}: {pv['att']} against {pv['def']} (V 5.4)", cls="odds-h", parent=box)
    el("div", text=(f"DRM {_signed(drm)}: ratio {_signed(pv['drm_odds'])}, terrain {_signed(pv['drm_terrain'])}, "
                    f"hexside {_signed(pv['drm_hexside'])}, pursuit bonus {_signed(pv['bonus'])}; "
                    f"support {pv['support'][0]} attacking, {pv['support'][1]} defending"),
       cls="odds-drm", parent=box)
    tab = el("table", cls="odds-t", parent=box)
    head = el("tr", parent=tab)
    for t in ("die", "row", "defender loses", "attacker loses", "pursuit"):
        el("th", text=t, parent=head)
    for d in pv["dice"]:
        tr = el("tr", attrs={"data-die": d["die"]}, parent=tab)
        for val in (d["die"], d["row"], d["def"], d["att"], d["pursuit"]):
            el("td", text=str(val), parent=tr)


def boxes(root, v, selected, can_act):
    root.replaceChildren()
    removed = v.get("removed") or []
    box = el("div", cls="box", attrs={"data-box": "removed"}, parent=root)
    el("div", text=f"Removed ({len(removed)})", cls="box-h", parent=box)
    if removed:
        el("div", text=", ".join(f"{r.get('name', r['id'])} ({r['side']}, {r['how']})" for r in removed),
           cls="box-row", parent=box)
