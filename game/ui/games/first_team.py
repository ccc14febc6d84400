"""First Team: Vietnam: the game-specific parts of the UI (map anchors, counters, tracks, boxes).

Only draws what the engine's view says; no rules here."""
import json

from .. import counters as C
from .. import symbols as sym
from ..dom import markup, sel, set_html
from ..names import Names
from ..render_panels import box_list

ID = "first-team"
TITLE = "First Team: Vietnam"
MAP_URL = "./static/svg/first_team_map.svg"
TARGET_KEYS = ("to", "loc", "box")
STACK_DY = 0.0  # a stack sits on its location, whose name (below or beside it) stays readable (issue 9 item 6);
# a click on it inspects, or with a unit selected offers its lit target; the lit ring around stays clickable
FIT = (0.0, 0.0, 1480.0, 994.0)
# phones (game/ui/phone.py): the map and the Zone Display are two views with tabs
PHONE_VIEWS = (("map", "Map", (0.0, 0.0, 1018.0, 994.0)), ("zones", "Zone Display", (1032.0, 0.0, 440.0, 994.0)))
S = 30
H = S / 2

# view box name -> map anchor key (the engine's location ids for those boxes)
BOX_ANCHORS = {"AN_KHE": "ANKHE", "REFIT": "REFIT", "UNKNOWN": "UNKNOWN", "ELIMINATED": "ELIM"}
VIEW_BOXES = {"An Khe": "ANKHE", "Refit": "REFIT", "Unknown": "UNKNOWN", "Eliminated": "ELIM"}
PLACE_NAMES = {"ANKHE": "An Khe", "REFIT": "Refit box", "UNKNOWN": "Unknown box", "ELIM": "Eliminated",
               "PLEIKU": "Pleiku"}
# the panel's kinds of action, in its order
TYPE_NAMES = {
    "refit": "Refit", "move": "Move", "unit": "Choose unit",
    "lz": "LZ marker", "flip": "Flip LZ", "identify": "Identify", "buy": "Buy supply", "lift": "Helicopter lift",
    "exchange": "Exchange", "pathfinder": "Pathfinders", "hold": "Hold", "move_stack": "Move stack",
    "hold_stack": "Hold stack", "strike": "Air strike", "ara_alone": "ARA alone", "arty": "Artillery",
    "tac": "Tac Air", "heli": "Gunship", "fatigue": "Fatigue", "contact": "Contact", "adj": "Adjacent support",
    "attack": "Attack",
}


class _Names(Names):
    """The Zone Display's boxes (FT 2.0) are places "Z<zone>" of their own."""

    def place(self, key, v):
        if key not in self.place_names and key and key[0] == "Z" and key[1:] in v.get("zone_display", {}):
            return f"Zone {key[1:]}"
        return super().place(key, v)


NAMES = _Names(TYPE_NAMES, PLACE_NAMES)


def anchors(svg):
    """{key: (x, y, node)} of the Zone Display boxes ("Z<zone>") and holding boxes."""
    out = {}
    for g in svg.querySelectorAll("g.zone-box[data-zone]"):
        out["Z" + g.getAttribute("data-zone")] = g
    for g in svg.querySelectorAll("g.box[data-box]"):
        key = BOX_ANCHORS.get(g.getAttribute("data-box"))
        if key:
            out[key] = g
    for k, g in out.items():  # the name a screen reader reads for the box
        g.setAttribute("data-name", PLACE_NAMES.get(k) or f"Zone {k[1:]} box (Zone Display)")
    return {k: (float(g.getAttribute("data-x")), float(g.getAttribute("data-y")), g) for k, g in out.items()}


def overlay(mv, v, selected=None):
    """The markers the Tac Air and B-52 strikes of this assault phase leave where they struck,
    with their results (FT 7.21, 7.22; the engine's view["strikes"]), drawn over the counters just
    above the place, redrawn only when they change; the clicks go through to the map."""
    marks = v.get("strikes") or []
    key = json.dumps(marks, sort_keys=True)
    layer = mv.svg.querySelector("#vw-strikes")
    if layer and layer.getAttribute("data-key") == key:  # (a missing node is JsNull, not None)
        return
    if not layer:
        layer = sel("g", {"id": "vw-strikes", "pointer-events": "none"}, parent=mv.svg)
    mv.svg.appendChild(layer)  # on top of the counters drawn since
    layer.replaceChildren()
    layer.setAttribute("data-key", key)
    seen = {}
    for m in marks:
        if m["at"] not in mv.spaces:
            continue
        x, y, _ = mv.spaces[m["at"]]
        k = seen[m["at"]] = seen.get(m["at"], -1) + 1  # a second strike on one place sits below
        who = "B-52" if m["who"] == "B-52" else "AIR"
        label = f"{who}{' x' + str(m['n']) if m['n'] > 1 else ''}: {m['result']}"
        w = 6 + 5.4 * len(label)
        # centred above the stack (a zone box's edge would clip it beside), a second one above that
        g = sel("g", {"class": "strike-mark", "data-strike": m["at"], "data-result": m["result"],
                      "transform": f"translate({x - w / 2:.1f} {y - H - 9 - 14 * k:.1f})"}, parent=layer)
        sel("title", text=m["text"], parent=g)
        sel("rect", {"x": 0, "y": -6, "width": w, "height": 12, "rx": 3, "class": "strike-bg"}, parent=g)
        sel("text", {"x": w / 2, "y": 3.2, "text-anchor": "middle", "class": "strike-txt"}, text=label, parent=g)


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
    """Everything a counter shows, in words (its SVG <title> and the panel's selection line)."""
    if p.get("concealed"):
        return ("LZ marker, face down (not yet flipped: valid or not unknown)" if p.get("back") == "LZ"
                else "Unknown NVA counter (concealed)")
    k = p.get("kind")
    name = str(p.get("name", p.get("id", "")))
    bits = [name]
    if k == "inf":
        if p.get("bn") == "1/9":
            bits[0] = "1/9 Cavalry (recon) company"
        else:
            bits[0] = f"US infantry company {name} (company {name.split('/')[0]}, battalion {p.get('bn')}"
            bits[0] += f", {p['brigade']}. Bde)" if p.get("brigade") else ")"
    elif k == "sfg":
        bits[0] = name + " (Special Forces camp)"
    if k in ("inf", "sfg"):
        bits.append(f"strength {p.get('str')}, effectiveness {p.get('eff')}")
        bits.append(f"fatigue {p.get('fatigue', 0)} of 4")
        if p.get("broken"):
            bits.append("BROKEN")
        if p.get("hold"):
            bits.append("HOLD")
        if p.get("supplied") is False:
            bits.append("out of supply")
    elif k == "nva":
        bits[0] = f"NVA company {p.get('co')} of the {_ordinal(p.get('reg'))} Regiment ({name})"
        bits.append(f"strength {p.get('str')}, effectiveness {p.get('eff')}, step {p.get('step')} of 4")
        for f in ("broken", "garrison", "hold"):
            if p.get(f):
                bits.append(f.upper())
    elif k in ("tr", "gs", "ara", "oh"):
        bits[0] += ": " + HELI_ROLE[k] + (" of the 1/9 Cavalry" if p.get("recon19") else "")
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


# Counter faces: (background, ink) of the front side and of the back (broken / fatigued / fired) side.
FACE = {
    "inf": ("#5d6b32", "#f6f2d8"), "inf_b": ("#c9c99a", "#2d3312"),       # 1st Cav: olive drab
    "r19": ("#7a6a2c", "#fff4c8"), "r19_b": ("#d8cb97", "#3a300c"),       # 1/9 Cav: darker tan
    "sfg": ("#1f5a52", "#ffffff"),                                         # SF camp: green beret
    "pf": ("#5d6b32", "#f6f2d8"),
    "heli": ("#8fb8dc", "#0b2340"), "heli_b": ("#d5dde4", "#6b7a88"),    # aviation: sky blue
    "arty": ("#b0442c", "#fff4e0"), "arty_b": ("#e5c3b5", "#6d2b1b"),     # artillery: red-brown
    "air": ("#c8dcf0", "#0b2340"),                                         # Tac Air, B-52
    "sup": ("#d9c27a", "#2b2200"), "sup_b": ("#efe5bf", "#5c4b10"),
    "lz": ("#e8e2c8", "#1e3a1e"), "lz_ok": ("#2f7d32", "#ffffff"), "lz_no": ("#8d8d86", "#ffffff"),
    "nva": ("#b3261e", "#fff3c4"), "nva_b": ("#e8a89c", "#5c0f0a"),       # NVA: red
    "nart": ("#7a1f1f", "#ffe7a0"), "nart_b": ("#d8a0a0", "#5c0f0a"),
    "nva_back": ("#5e1320", "#ffd600"),
}
HELI_ROLE = {"tr": "transport helicopter company", "gs": "gunship helicopter company",
             "ara": "aerial rocket artillery (ARA) company", "oh": "observation helicopter"}
HELI = {"tr": ("LIFT", "UH-1D"), "gs": ("GUN", "UH-1B"), "ara": ("ARA", ""), "oh": ("OBS", "OH-13")}


def _ordinal(n):
    """32 -> "32nd" (an NVA regiment's number as printed)."""
    try:
        n = int(n)
    except (TypeError, ValueError):
        return str(n)
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _num(uid):
    d = "".join(ch for ch in str(uid) if ch.isdigit())
    return d


def _bg(g, face, extra_cls=""):
    bg, ink = FACE[face]
    sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "fill": bg,
                 "class": "ctr-bg" + extra_cls}, parent=g)
    return ink


def _top(g, s, ink, size=None):
    size = size or (7.2 if len(s) <= 6 else 6.0 if len(s) <= 8 else 5.2)
    sel("text", {"x": 0, "y": -H + 7.3, "font-size": size, "text-anchor": "middle", "font-weight": "700",
                 "fill": ink, "class": "ctr-name"}, s, parent=g)


def _bottom(g, s, ink, size=None, fill=None):
    size = size or (10.5 if len(s) <= 3 else 9.5 if len(s) <= 4 else 7.5 if len(s) <= 6 else 6.2)
    sel("text", {"x": 0, "y": H - 2.2, "font-size": size, "text-anchor": "middle", "font-weight": "700",
                 "fill": fill or ink, "class": "ctr-fac"}, s, parent=g)


def _band(g):
    """The diagonal band of a counter's reduced (broken) side."""
    sel("path", {"d": f"M{-H} {H - 7}L{H - 7} {-H}L{H} {-H}L{H} {-H + 1}L{-H + 1} {H}L{-H} {H}Z",
                 "fill": "#ffd400", "opacity": 0.85, "class": "broken"}, parent=g)


def _marker(g, s, fill="#ffffff", ink="#111"):
    """A small marker on the counter's top left corner (HOLD ...), clear of the stack badge."""
    w = 4.2 * len(s) + 2.5
    sel("rect", {"x": -H - 2, "y": -H - 6, "width": w, "height": 7.5, "rx": 1.2, "fill": fill, "stroke": ink,
                 "stroke-width": 0.7, "class": "mkr"}, parent=g)
    sel("text", {"x": -H - 2 + w / 2, "y": -H - 0.3, "font-size": 6, "text-anchor": "middle", "font-weight": "700",
                 "fill": ink, "class": "mkr-t"}, s, parent=g)


SYM_Y = -1.0  # the unit frame's centre


def draw_counter(p, x=0, y=0, parent=None):
    """One First Team counter: a NATO unit frame, designation on top, factors below, step pips
    and markers. The <title> states everything the counter shows."""
    g = C.group(p, x, y, parent, title_of(p))
    if p.get("concealed"):
        if p.get("back") == "LZ":
            ink = _bg(g, "lz")
            sym.rotary(g, 0, -5, ink, w=14, h=7)
            _bottom(g, "LZ", ink, size=10)
        else:
            ink = _bg(g, "nva_back")
            sym.star(g, 0, -2, 9, "#e53935")
            _bottom(g, "?", ink, size=8)
        return g
    k = p.get("kind")
    if k in ("inf", "sfg", "pf"):
        _ground(g, p, k)
    elif k in ("tr", "gs", "ara", "oh"):
        _heli(g, p, k)
    elif k in ("arty", "nart"):
        _arty(g, p, k)
    elif k == "sup":
        full = p.get("step") == "full"
        ink = _bg(g, "sup" if full else "sup_b")
        _top(g, "SUPPLY", ink)
        sym.frame(g, 0, SYM_Y, ink)
        sym.supply(g, 0, SYM_Y, ink, full=full)
        _bottom(g, "FULL" if full else "HALF", ink)
    elif k == "lz":
        ok = bool(p.get("valid"))
        ink = _bg(g, "lz_ok" if ok else "lz_no")
        sel("circle", {"cx": 0, "cy": -3, "r": 7.5, "fill": "none", "stroke": ink, "stroke-width": 1.4,
                       "class": "sym"}, parent=g)
        sym.text(g, 0, -3, "LZ", ink, size=7)
        if not ok:
            sel("path", {"d": "M-9 -11L9 5M-9 5L9 -11", "stroke": "#ffd400", "stroke-width": 1.6,
                         "class": "sym"}, parent=g)
        _bottom(g, "VALID" if ok else "NO LZ", ink, size=6.8)
    elif k in ("tac", "b52"):
        ink = _bg(g, "air")
        _top(g, "TAC AIR" if k == "tac" else "B-52", ink)
        sym.frame(g, 0, SYM_Y, ink)
        sym.fixed_wing(g, 0, SYM_Y, ink)
        _bottom(g, f"{p.get('support')}-{p.get('strike')}" if k == "tac" else str(p.get("strike", "")), ink)
    elif k == "nva":
        _nva(g, p)
    else:
        ink = _bg(g, "lz")
        _top(g, str(p.get("name", k))[:8], ink)
    return g


def _heli(g, p, k):
    """A helicopter company: its role and number, the rotary wing, its model (fatigued: FAT)."""
    fat = bool(p.get("fatigued"))
    ink = _bg(g, "heli_b" if fat else "heli")
    role, model = HELI[k]
    _top(g, "1/9 " + role if p.get("recon19") else role + " " + _num(p.get("id")), ink)
    sym.frame(g, 0, SYM_Y, ink)
    sym.rotary(g, 0, SYM_Y, ink)
    if fat:
        _bottom(g, "FAT", ink, fill="#b3261e")
    else:
        _bottom(g, f"{p['support']}-{p['strike']}" if k == "ara" else model, ink)


def _arty(g, p, k):
    """A US battery or an NVA artillery unit (fired: its back)."""
    fired = bool(p.get("fired"))
    face = ("arty" if k == "arty" else "nart") + ("_b" if fired else "")
    ink = _bg(g, face)
    if k == "arty":
        name = p.get("name", "")
        _top(g, name.replace("battery ", "") if name else p.get("bn", ""), ink)
    else:
        _top(g, "ART " + _num(p.get("name", "")), ink)
    sym.frame(g, 0, SYM_Y, ink)
    sym.artillery(g, 0, SYM_Y, ink)
    _bottom(g, "FIRED" if fired else "+1", ink)


def _ground(g, p, k):
    r19 = p.get("bn") == "1/9" or p.get("name") == "1/9 Cav"
    broken = bool(p.get("broken"))
    face = {"inf": "r19" if r19 else "inf", "sfg": "sfg", "pf": "pf"}[k]
    if broken and face + "_b" in FACE:
        face += "_b"
    ink = _bg(g, face)
    if broken:
        _band(g)
    if k == "sfg":
        _top(g, str(p.get("name", "")).replace(" SF garrison", "") or "SF camp", ink)
        sym.frame(g, 0, SYM_Y, ink)
        sym.text(g, 0, SYM_Y, "SF", ink, size=7)
    elif k == "pf":
        _top(g, "PATHFDR", ink)
        sym.frame(g, 0, SYM_Y, ink)
        sym.infantry(g, 0, SYM_Y, ink)
        _bottom(g, "PF", ink)
        return
    else:
        _top(g, "1/9 CAV" if r19 else str(p.get("name", "")), ink)
        sym.frame(g, 0, SYM_Y, ink)
        (sym.cavalry if r19 else sym.infantry)(g, 0, SYM_Y, ink)
    _bottom(g, f"{p.get('str')}-{p.get('eff')}", ink)
    fat = int(p.get("fatigue") or 0)
    if fat:  # fatigue steps 1-4 (FT 12.6): red pips down the left edge
        sym.pips(g, -H + 3, -H + 11, 4, fat, ink, "#e53935", r=1.5, gap=3.6)
    if p.get("supplied") is False:
        sel("path", {"d": f"M{H - 7} {H}L{H} {H}L{H} {H - 7}Z", "fill": "#e53935", "class": "oos"}, parent=g)
    if p.get("hold"):
        _marker(g, "HOLD")


def _nva(g, p):
    broken = bool(p.get("broken"))
    ink = _bg(g, "nva_b" if broken else "nva")
    if broken:
        _band(g)
    _top(g, str(p.get("name", "")), ink)
    sym.frame(g, 0, SYM_Y, ink)
    sym.infantry(g, 0, SYM_Y, ink)
    _bottom(g, f"{p.get('str')}-{p.get('eff')}", ink)
    step = int(p.get("step") or 1)
    # 4 steps (FT 2.0): solid pips = steps left, down the left edge
    sym.pips(g, -H + 3, -H + 11, 4, 5 - step, ink, ink, r=1.5, gap=3.6)
    if p.get("hold"):
        _marker(g, "HOLD")
    elif p.get("garrison"):
        _marker(g, "GAR", fill="#ffd400")


# ---- panels ----------------------------------------------------------------------------------
def tracks(root, v):
    t = v["tracks"]
    c = v.get("counts", {})
    rows = [
        ("Turn", f"{t['turn']} / {v['scenario']['turns']}"),
        ("Phase", v.get("phase") or ""),
        ("Command points", str(t["command_points"])),
        ("Casualty points", str(t["casualty_points"])),
        ("NVA victory points", str(t["victory_points"])),
        ("Supply available", str(c.get("supply_available", ""))),
        ("B-52 left", str(c.get("b52_left", ""))),
    ]
    keys = ["turn", "phase", "cp", "cas", "vp", "supply", "b52"]
    html = "".join(markup("div", cls="trk", inner=markup("span", text=k, cls="trk-k") + markup(
        "span", {"data-track": key}, val, "trk-v")) for (k, val), key in zip(rows, keys))
    set_html(root, html)  # (most clicks change no track)


def boxes(root, v, selected, can_act):
    """The Zone Display and holding boxes as panel lists. A box's counters are kept in the page
    and only those that come, go or show something new change (dom.Keyed): An Khe holds a
    hundred counters, and the units that can act change at every step (issue 14)."""
    groups = [(f"Zone {z} ({len(pieces)})", "Z" + z, pieces) for z, pieces in v["zone_display"].items() if pieces]
    groups += [(f"{name} ({len(pieces)})", VIEW_BOXES.get(name, name.upper()), pieces)
               for name, pieces in v["boxes"].items()]
    box_list(root, groups, selected, can_act)


# ---- the stack inspector (issue 9 item 6) ----------------------------------------------------
_KIND_GROUP = {"tr": "Helicopters", "gs": "Helicopters", "ara": "Helicopters", "oh": "Helicopters",
               "arty": "Artillery", "tac": "Air (Tac Air, B-52)", "b52": "Air (Tac Air, B-52)",
               "sup": "Supply", "pf": "Pathfinders", "sfg": "Special Forces camps", "lz": "LZ markers",
               "nart": "NVA artillery"}


def inspect_groups(pieces, own):
    """A box's counters by formation and type: US infantry by brigade (the 1/9 Cav apart), then
    helicopters, artillery, air, supply; NVA companies by regiment."""
    out = {}
    for p in pieces:
        k = p.get("kind")
        if p.get("concealed"):
            g = "Concealed"
        elif k == "inf":
            g = "1/9 Cavalry" if p.get("bn") == "1/9" else (
                f"{p['brigade']}. Brigade infantry" if p.get("brigade") else "Infantry")
        elif k == "nva":
            g = f"NVA {p.get('reg')}th Regiment"
        else:
            g = _KIND_GROUP.get(k, str(k or "Other").capitalize())
        out.setdefault(g, []).append(p)
    return list(out.items())
