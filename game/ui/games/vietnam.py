"""Vietnam 1965-1975: the game-specific parts of the UI (hex map, counters, records).

Two players at one screen: the controller shows each side the view of the side deciding (M.view with
that role) and hands the screen over when the next view would show what the other must not see."""

import re

from .. import counters as C
from .. import symbols as sym
from ..dom import el, markup, sel, window
from ..names import Names
from ..render_panels import box_list

ID = "vietnam-1965-1975"
TITLE = "Vietnam 1965-1975"
MAP_URL = "./static/svg/vietnam_quangngai_map.svg"
# a unit being set up has no counter to select first: its set-up hexes are lit at once (V 18.2,
# issue 45 item 4; logic.highlights)
LIGHT_UNPLACED = True
TARGET_KEYS = ("hex", "to", "at")  # "at": the mover's own hex, for Halt and Drop (V 3)
FIT = (9.0, 182.0, 690.0, 704.0)            # the play area (hexes in play) at "fit"
FIT_NARROW = (300.0, 200.0, 300.0, 340.0)  # phones: the coastal plain where Starlite is fought,
# close enough that counter names are 8 px or more on a 390 px screen
# One map per play area (the state's "area", tools/map_v65): its SVG, the box shown at "fit" (the
# hexes in play) and the phones' box (where the scenario's fighting starts).
MAPS = {
    "quangngai": {"url": MAP_URL, "fit": FIT, "fit_narrow": FIT_NARROW},
    "pleiku": {"url": "./static/svg/vietnam_pleiku_map.svg", "fit": (74.0, 186.0, 860.0, 765.0),
               "fit_narrow": (310.0, 460.0, 300.0, 340.0)},     # Pleiku to LZ X-Ray and Plei Me
    "binhdinh": {"url": "./static/svg/vietnam_binhdinh_map.svg", "fit": (74.0, 671.0, 740.0, 1042.0),
                 "fit_narrow": (430.0, 790.0, 300.0, 340.0)},  # Bong Son, the An Lao and Kim Son valleys
}
DEFAULT_AREA = "quangngai"


def area_of(m):
    """The play area whose map a match is played on (its state's "area"; Starlite's by default)."""
    st = m.get("state") if isinstance(m.get("state"), dict) else {}
    area = st.get("area", DEFAULT_AREA)
    return area if area in MAPS else DEFAULT_AREA


def use_area(area):
    """Show `area`'s map: the URL and the fit boxes the screen and the phone layout read from here."""
    global MAP_URL, FIT, FIT_NARROW
    m = MAPS[area]
    MAP_URL, FIT, FIT_NARROW = m["url"], m["fit"], m["fit_narrow"]


# The whole map (issue 47; game/ui/whole_map.py): the campaigns' map, shown on the About page until a
# campaign is played on it. Its named places are labels over the picture (readable at any zoom); the
# hex centres are draw_svg.py's (tests/test_v_whole_map.py checks them against the SVG).
WHOLE_MAP = {
    "url": "./static/svg/vietnam_country_map.svg", "size": (3768, 6090),
    "title": "The whole map: South Vietnam's 35 regions, its corps zones and borders (the campaigns' map)",
    "note": "Drawn from the same data as the play areas' maps, which are windows of it (tools/map_v65). "
            "The campaigns are not playable yet: this shows the map and where its values come from.",
    "views": (("fit", "South Vietnam", (114, 93, 3420, 5836)), ("i", "I Corps", (1490, 130, 1800, 1700)),
              ("delta", "The Delta", (114, 4220, 1680, 1700))),
}
_R, _PAD = 40.0, 14.0          # tools/map_v65/draw_svg.py's hex radius and margin (SVG units)
_CITY = ("major city", "city")


def whole_map_labels():
    """[(name, kind, x, y)] over the whole map (data/map_country.json, corps.json): the four corps
    zones at their hexes' middle ("corps"); the major cities and the cities at least 4 hexes from one
    ("major": named at every zoom); the other cities ("city") and the province capitals ("capital")."""
    from game.rules.vietnam_1965_1975.data import load
    hexes = load("map_country.json")["hexes"]
    corps = load("corps.json")["corps"]
    c0 = min(int(h[:2]) for h in hexes)
    r0 = min(int(h[2:]) for h in hexes)
    w = 3 ** 0.5 * _R

    def centre(h):
        c, r = int(h[:2]), int(h[2:])
        return _PAD + _R + (c - c0) * 1.5 * _R, _PAD + w / 2 + (r - r0) * w + (w / 2 if c % 2 == 0 else 0.0)
    out, zones = [], {}
    towns = {h: rec["town"] for h, rec in sorted(hexes.items()) if isinstance(rec.get("town"), dict)}
    majors = [centre(h) for h, t in towns.items() if t.get("kind") == "major city"]
    for h, rec in sorted(hexes.items()):
        zone = corps.get(rec.get("province")) if rec.get("country") == "svn" else None
        if zone in ("I", "II", "III", "IV"):      # (the Capital Special Zone is Saigon's own label)
            zones.setdefault(zone, []).append(centre(h))
    for h, t in towns.items():
        x, y = centre(h)
        if t.get("kind") == "major city" or (t.get("kind") == "city" and
                                             min(abs(x - a) + abs(y - b) for a, b in majors) > 4 * 1.5 * _R):
            out.append((t["name"], "major", x, y))
        elif t.get("kind") in _CITY or "capital" in t.get("kind", ""):
            out.append((t["name"], "city" if t["kind"] in _CITY else "capital", x, y))
    for zone, pts in sorted(zones.items()):
        out.append((f"{zone} Corps", "corps", sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)))
    return out


SIDE_PROMPT = True  # two players at one screen: the prompt says whose decision it is (issue 45 item 2)
STACK_DY = -17.0  # counters sit in the upper half of their hex, its centre stays clickable
MAIN_TYPES = ("done", "go", "pass", "stop", "alert")  # Enter presses the one main button of these
TYPE_NAMES = {
    "place": "Set up", "hold": "Hold", "patrol": "Patrol", "operate": "Operate", "us_op": "US operation",
    "nlf_op": "NLF operation", "decline": "Decline", "end": "End the phase", "done": "Done",
    "unit": "Choose unit",
}
# The panel lists these kinds of action first, in this order (the order it had when the games shared
# one list of names); the others follow in the order the engine lists them.
TYPE_ORDER = ("place", "deploy", "target", "unit", "withdraw", "hold", "attack")
NAMES = Names(TYPE_NAMES, type_order=TYPE_ORDER, amounts={"ap": "Air Points", "ship": "The cruiser"})

# Faces as Victory Games printed them: US olive-green, ARVN yellow, VC black on red; the NVA a darker
# red with yellow print (design: the counter sheet is lost, reference 4.5), told apart from the VC.
FACE = {"US": ("#6b8e3d", "#ffffff"), "ARVN": ("#e9c43a", "#1d1d1d"), "NLF": ("#b3261e", "#fff4c2"),
        "NVA": ("#6e1f1a", "#ffe08a")}
SIZE_MARK = {"II": "II", "III": "III", "X": "X", "I": "I"}


def anchors(svg):
    """Map anchors besides the hexes ([data-space]): none."""
    return {}


HEX_PTS = " ".join(f"{36.0 * c:.1f},{36.0 * s_:.1f}" for c, s_ in ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0),
                                                                     (-0.5, -0.866), (0.5, -0.866)))


def _layer(mv, lid, key):
    """A map layer under the counters, redrawn only when its key changes (None: unchanged)."""
    layer = mv.svg.querySelector("#" + lid)
    if layer and layer.getAttribute("data-key") == key:
        return None
    if not layer:
        layer = sel("g", {"id": lid, "pointer-events": "none"})
        mv.svg.insertBefore(layer, mv.layer_pieces)
    layer.replaceChildren()
    layer.setAttribute("data-key", key)
    return layer


def _hexes(mv, layer, hexes, cls, attr):
    for h in hexes:
        if h in mv.spaces:
            x, y, _ = mv.spaces[h]
            sel("polygon", {"points": HEX_PTS, "transform": f"translate({x:.1f} {y:.1f})", "class": cls,
                            attr: h}, parent=layer)


def range_shown(v, selected):
    """The support range to shade (V 7.1-7.4): the selected artillery unit's, else the sources
    being allocated now (a support window, the cruiser at Support Declaration, interdiction).
    Returns (source ids, hexes, the hex fired into or None); the hexes are the engine's."""
    rng = v.get("ranges") or {}
    if selected in rng:
        return [selected], rng[selected]["hexes"], None
    alloc = v.get("allocating") or {}
    srcs = [k for k in alloc.get("sources", ()) if k in rng]
    hexes = sorted({h for k in srcs for h in rng[k]["hexes"]})
    return srcs, hexes, alloc.get("hex")


def overlay(mv, v, selected=None):
    """Vietnam's own map layers, under the counters, redrawn only when they change:
    V 3.1 the hexes in the enemy's zone of control for the side shown (it costs MP to leave them);
    V 3 the hexes the unit moving (or selected to move) could still end its move in;
    V 7.1-7.4 the range of the support source selected or being allocated;
    V 7.5 the interdiction markers placed this round."""
    zoc = v.get("zoc") or []
    layer = _layer(mv, "vw-zoc", " ".join(zoc))
    if layer is not None:
        _hexes(mv, layer, zoc, "zoc", "data-zoc")
    mv_ = v.get("moving") or {}
    rch = mv_.get("reach") or {}
    who = selected if selected in rch else mv_.get("unit") or next(iter(mv_.get("stack") or ()), None)
    hexes = rch.get(who) or []
    layer = _layer(mv, "vw-reach", f"{who}|" + " ".join(hexes))
    if layer is not None:
        layer.setAttribute("data-reach-of", who or "")
        _hexes(mv, layer, hexes, "reach", "data-reach")
    _interdiction(mv, ((v.get("op") or {}).get("interdict")) or {})
    srcs, hexes, target = range_shown(v, selected)
    layer = _layer(mv, "vw-range", " ".join(srcs) + "|" + " ".join(hexes) + "|" + str(target))
    if layer is not None:
        layer.setAttribute("data-src", " ".join(srcs))
        names = ", ".join((v.get("ranges") or {})[k]["name"] for k in srcs)
        if names:
            sel("title", text=f"Range of {names} (V 7.1, 7.4)", parent=layer)
        _hexes(mv, layer, hexes, "rng", "data-range")
        if target:
            _hexes(mv, layer, [target], "rng-tgt", "data-fire")


def _interdiction(mv, marks):
    """V 7.5: an interdiction marker at the foot of each hex interdicted ("+1 MP": what leaving it
    costs more; points below 3 add nothing yet), the engine's figures (issue 45 item 4)."""
    layer = _layer(mv, "vw-interdict", " ".join(f"{h}:{m['points']}" for h, m in marks.items()))
    if layer is None:
        return
    for h, m in marks.items():
        if h in mv.spaces:
            x, y, _ = mv.spaces[h]
            g = sel("g", {"class": "interdict", "data-interdict": h, "data-mp": m["mp"],
                          "transform": f"translate({x:.1f} {y + 24:.1f})"}, parent=layer)
            sel("title", text=f"Interdiction in {h}: {m['points']:g} effective points, +{m['mp']} MP to leave it (V 7.5)",
                parent=g)
            sel("rect", {"x": -18, "y": -7, "width": 36, "height": 14, "rx": 3}, parent=g)
            sel("text", {"y": 4, "text-anchor": "middle"}, text=f"+{m['mp']} MP" if m["mp"] else f"{m['points']:g} pt",
                parent=g)


# V 18.2 counters: a stack shows its combat units first, then its artillery, its HQ last, so the
# battalions about to attack are on top (issue 45 item 8)
_RANK = {"hq": 2, "art": 1}


def stack_rank(p):
    return _RANK.get(p.get("type"), 0)


def route(v, place):
    """A hex of the moving unit's range: the steps of its cheapest path there (V 3; the engine's
    view, view.reach_and_paths: one unit or a stack, on the ground or flying), each taken as the player's own click (walk.py)."""
    return ((v.get("moving") or {}).get("paths") or {}).get(place)


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
        on = f"; on {MISSION_WORD[p['mission']]} (V 6.2)" if p.get("mission") in MISSION_WORD else ""
        return f"Face-down VC unit {p['id']} (V 10: its identity is hidden from the US){on}"
    bits = [p.get("name", p["id"]), f"{p.get('side')} {p.get('type', '')} {p.get('size', '')}".strip(),
            f"ground {p.get('ground')}, artillery {p.get('art')}, movement {p.get('mpa')}"]
    if p.get("pursuit") is not None:
        bits.append(f"pursuit {p['pursuit']}")
    if p.get("nat"):
        bits[1] = f"{p['nat']} {p.get('type', '')} {p.get('size', '')}".strip()
    for flag, text in (("done", "used this turn"), ("op", "in the operation"), ("tgt", "in a target hex"),
                       ("air", "airmobile"), ("airmobile", "permanently airmobile, flies without AMP (V 8)"),
                       ("aug", "augmented"),
                       ("ineff", "INEFFECTIVE (V 11.1): no operation, Hold or Patrol; strategic movement only "
                                 "in the Strategic Movement Phase; may not force incidental attacks")):
        if p.get(flag):
            bits.append(text)
    if p.get("deployment"):
        bits.append(p["deployment"])
    if p.get("mission"):
        bits.append(f"on {MISSION_WORD.get(p['mission'], p['mission'])} (V 6.2)")
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
    """The name as it fits on a counter at a readable size (at most 6 characters; the symbol shows
    the type): "3/7 Marines" -> "3/7", "VC 1st Regiment, 2nd Battalion" (a break-down, V 9.2) ->
    "2/1 VC", "NVA 33rd Regiment, 1st Battalion" -> "1/33", "2/12 (155mm)" -> "2/12",
    "7th Marines HQ" -> "7th", "VC 1st Regiment" -> "1st VC", "Political section" -> "Pol",
    "ARVN 1/5 Battalion" -> "1/5", "3rd Airborne Battalion" -> "3rd", "ARVN 40th Regiment" -> "40th",
    "Ranger group 2" -> "Rgr 2"; 1st Cavalry: "1/7 Cav" -> "1/7",
    "3rd Brigade, 1st Cavalry HQ" -> "3 Bde", "1st Cavalry Division HQ" -> "1 Div"."""
    low = name.lower()
    words = name.split()
    num = next((w for w in words if any(ch.isdigit() for ch in w)), None)
    if ", " in name and low.endswith(" battalion"):  # a regiment's battalion: "2/1 VC", "1/33"
        reg, bn = name.split(", ", 1)
        digits = lambda t: "".join(ch for ch in next((w for w in t.split() if w[:1].isdigit()), "") if ch.isdigit())
        return (f"{digits(bn)}/{digits(reg)}" + (" VC" if low.startswith("vc ") else ""))[:6]
    if low.endswith(" battalion") and len(words) > 1:  # "ARVN 1/5 Battalion" -> "1/5", "3rd Airborne Battalion" -> "3rd"
        return (num or words[-2])[:6]
    if low.startswith("arvn ") and num:  # ARVN yellow says the nation: "ARVN 40th Regiment" -> "40th"
        return num[:6]
    if low.startswith("ranger group"):  # the ARVN Ranger groups (V 11.3): "Ranger group 2" -> "Rgr 2"
        return f"Rgr {words[-1]}"[:6]
    if "battalion" in low:
        return name.split()[-1][-6:]
    if low.startswith("political"):
        return "Pol"
    if low.startswith("vc ") and "regiment" in low:
        return f"{name.split()[1]} VC"[:6]
    short = name.split(" (")[0].split(",")[0].replace(" HQ", "").replace(" Marines", "")
    short = short.replace(" Cavalry", "").replace(" Cav", "")  # 1st Cavalry (V 8): "1/7 Cav" -> "1/7"
    short = re.sub(r"(\d+)(?:st|nd|rd|th) (Brigade|Division)",
                   lambda mo: f"{mo[1]} {'Bde' if mo[2] == 'Brigade' else 'Div'}", short)
    return short.replace(" Regiment", "")[:6]


def name_size(short):
    """Font size of a counter's name (map units): never below 6 so it reads on a phone."""
    return 7.6 if len(short) <= 4 else 7 if len(short) <= 5 else 6.6


MISSION_WORD = {"hold": "Hold", "patrol": "Patrol"}


def _mission(g, p):
    """V 6.2 (L384): the Hold or Patrol marker on a counter, public whichever face is up."""
    m = p.get("mission")
    if m in MISSION_WORD:
        sel("rect", {"x": C.H - 9, "y": -C.H, "width": 9, "height": 9, "fill": "#fff", "stroke": "#111",
                     "stroke-width": 0.8, "class": f"mission m-{m}"}, parent=g)
        sel("text", {"x": C.H - 4.5, "y": -C.H + 7.2, "font-size": 7, "text-anchor": "middle", "font-weight": "700",
                     "fill": "#111", "class": "mission-t"}, MISSION_WORD[m][0], parent=g)


def draw_counter(p, x=0, y=0, parent=None):
    """One counter: name on top, NATO symbol with its size, ground-artillery-movement below.
    A face-down VC unit shows only its back (V 10); a Hold or Patrol marker either way (V 6.2)."""
    g = C.group(p, x, y, parent, title_of(p))
    if p.get("concealed"):
        C.tile(g, "#2a2a2a")
        sym.star(g, 0, -2, 9, "#d7261e")
        C.label(g, "VC", C.H - 2.6, "#fff4c2", 7, "ctr-fac")
        _mission(g, p)
        return g
    bg, ink = FACE.get(p.get("nat") or p.get("side"), ("#ccc", "#111"))
    C.tile(g, bg, " used" if p.get("done") else "")
    short = short_name(str(p.get("name", "")))
    C.label(g, short, -C.H + 7.6, ink, name_size(short), "ctr-name")
    _symbol(g, p, ink)
    if p.get("size"):
        C.label(g, SIZE_MARK.get(p["size"], p["size"]), -C.H + 13.4, ink, 4.2, "ctr-size")
    fac = factors(p)
    C.label(g, fac, C.H - 2.4, ink, 7 if len(fac) <= 5 else 6.6 if len(fac) <= 7 else 6, "ctr-fac")
    if p.get("done"):
        sel("rect", {"x": -C.H, "y": -C.H, "width": C.S, "height": C.S, "fill": "#000", "fill-opacity": 0.25,
                     "class": "used"}, parent=g)
    if p.get("ineff"):  # V 11.1: a grey band across the counter, "INEFF" on it
        sel("rect", {"x": -C.H, "y": -3.6, "width": C.S, "height": 7.2, "fill": "#555", "fill-opacity": 0.85,
                     "class": "ineff"}, parent=g)
        C.label(g, "INEFF", 2.2, "#fff", 6, "ctr-ineff")
    _mission(g, p)
    return g


_TRACKS = ["", None]  # (the token #tracks' first element carries, what it shows): tracks() redraws a change


def tracks(root, v):
    """The operation panel, the records and the odds previews, drawn again only when they change: a
    click that selects a counter changes none of them, and drawing them anew (element by element)
    was 3 ms of a click on the whole map and had the panel laid out again (issue 47)."""
    rec = v.get("records", {})
    vp = v.get("vp", {})
    op = v.get("op")
    rows = [
        ("Scenario", v.get("title", "")),
        ("Turn", f"{v['turn']} / {v['turns']}"),
        ("Phase", v.get("phase") or ""),
        ("Side shown", v.get("viewer", "")),
        ("VP", f"US {vp.get('US', 0):g} · NLF {vp.get('NLF', 0):g}"),
        ("US RP", f"{rec.get('us_rp', 0)} (spent {rec.get('us_rp_spent', 0)})"),
        ("Air Points", air_text(v.get("air") or {}, rec)),
        ("Airmobile", str(rec.get("amp", 0))),
        ("Cruiser", str(rec.get("ship", 0)) + (" (used this turn, V 7.4)" if rec.get("ship") and rec.get("ship_op") else "")),
    ]
    if "vc_rp" in rec:
        rows.append(("VC RP", str(rec["vc_rp"])))
    if v.get("ranger_box") or any(p.get("nat") == "ARVN" for p in all_pieces(v)):
        rows.append(("ARVN RP", f"{rec.get('arvn_rp', 0)} (spent {rec.get('arvn_rp_spent', 0)})"))
    if "nva_rp" in rec:
        rows.append(("NVA RP", str(rec["nva_rp"])))
    for fm in v.get("forms") or ():  # V 9.1: each US brigade's deployment (the engine's words)
        rows.append((fm["name"], fm["short"]))
    if op and not v.get("op_panel"):
        rows.append(("Operation", f"{op['side']}, round {op.get('round', 0)}, targets "
                                  f"{', '.join(op.get('targets') or []) or '-'}"))
    vp_table = v.get("vp_table") if not v.get("over") else None
    wide = window.innerWidth >= 820  # phones: the preview starts folded, the prompt stays in sight
    key = (v.get("op_panel"), rows, vp_table, v.get("prefs"), v.get("preview"), (op or {}).get("side", ""), wide)
    first = root.firstElementChild   # (none: the screen blanked at a hand-over, or another game's)
    if first and first.getAttribute("data-drawn") == _TRACKS[0] and _TRACKS[1] == key:
        return
    odds_open = {n.getAttribute("data-preview"): bool(n.open) for n in root.querySelectorAll("details.odds")}
    vp_open = bool(root.querySelector("details.vw-vp[open]"))
    root.replaceChildren()
    _TRACKS[:] = [str(int(_TRACKS[0] or 0) + 1), key]
    if v.get("op_panel"):
        op_panel(root, v["op_panel"])
    for k, val in rows:
        d = el("div", cls="trk", parent=root, attrs={"data-k": k.lower().replace(" ", "-")})
        el("span", text=k, cls="trk-k", parent=d)
        el("span", text=val, cls="trk-v", parent=d, attrs={"data-track": k.lower().replace(" ", "-")})
    if vp_table:  # where each point comes from (V 18.1; issue 45 item 5)
        det = el("details", cls="trk-ev vw-vp", parent=root, attrs={"data-vp-table": ""})
        if vp_open:
            det.setAttribute("open", "")
        el("summary", text="VP: where they come from (V 18.1)", parent=det)
        el("div", text="; ".join(f"{r['side']} +{r['vp']:g} {r['what']}" for r in vp_table), parent=det)
    if v.get("prefs"):
        el("div", text="Play settings: " + "; ".join(f"{p['text']} ({p['rule']})" for p in v["prefs"]),
           cls="trk-ev vw-prefs", parent=root, attrs={"data-prefs": " ".join(f"{p['key']}={p['value']}" for p in v["prefs"])})
    for pv in v.get("preview") or ():
        odds_preview(root, pv, (op or {}).get("side", ""), odds_open.get(pv["hex"], wide))
    root.firstElementChild.setAttribute("data-drawn", _TRACKS[0])


def air_text(air, rec):
    """The Air Points track (V 7.3): the points this turn and, once some are committed, how many
    and how many are left ("4, 2 committed, 2 left"; issue 45 item 1)."""
    if not air.get("committed"):
        return str(air.get("available", rec.get("ap", 0)))
    return f"{air['available']}, {air['committed']} committed, {air['left']} left this turn"


STATE_MARK = {"done": "✓", "now": "▶", "next": "", "skipped": "–"}


def op_panel(root, p):
    """The operation panel (issue 11 section 4): the segments A-H of the operation running, which
    is now, which are done, what comes next, each with its rule (V 2.1 item 4), from the engine."""
    box = el("div", cls="op-panel", parent=root, attrs={"data-op-panel": p["current"], "data-round": p["round"]})
    cur = next(r for r in p["segments"] if r["seg"] == p["current"])
    el("div", text=f"{p['side']} {p['kind']} ({p['rule']}) · round {p['round']} of {p['rounds']}", cls="op-h",
       parent=box)
    strip_ = el("ol", cls="op-segs", parent=box)
    for r in p["segments"]:
        el("li", text=r["seg"], cls=f"seg {r['state']}", parent=strip_,
           attrs={"data-seg": r["seg"], "data-state": r["state"],
                  "title": f"{r['seg']} {r['title']} ({r['rule']}): {r['what']} — {r['state']}"})
    now = f"Now: {cur['seg']} {cur['title']}" + (f" — {p['now']}" if p.get("now") else "") + f" ({cur['rule']})"
    el("div", text=now, cls="op-now", parent=box, attrs={"data-now": cur["seg"]})
    nxt = next((r for r in p["segments"] if r["seg"] == p.get("next")), None)
    if nxt:
        el("div", text=f"Next: {nxt['seg']} {nxt['title']} — {nxt['what']} ({nxt['rule']})", cls="op-next", parent=box)
    more = el("details", cls="op-more", parent=box)
    el("summary", text="All segments", parent=more)
    ul = el("ul", parent=more)
    for r in p["segments"]:
        li = el("li", cls=r["state"], parent=ul, attrs={"data-seg": r["seg"]})
        el("b", text=f"{STATE_MARK[r['state']]} {r['seg']} {r['title']}: ", parent=li)
        el("span", text=r["what"], parent=li)
        el("span", text=f" [{r['rule']}]", cls="cite", parent=li)


def _signed(n):
    return f"{n:+g}" if n else "0"


def odds_preview(root, pv, side, is_open=True):
    """Before an attack is chosen: totals, each DRM and what every die would do (V 5.4). Folded
    to its first line on request (and at first on phones)."""
    box = el("details", cls="odds", attrs={"data-preview": pv["hex"]}, parent=root)
    if is_open:
        box.setAttribute("open", "")
    if pv.get("void"):
        el("summary", text=f"Attack on {pv['hex']}: no defenders left (void, V 10)", cls="odds-h", parent=box)
        return
    drm = pv["drm_odds"] + pv["drm_terrain"] + pv["drm_hexside"] + pv["bonus"]
    el("summary", text=f"Attack on {pv['hex']}: {pv['att']:g} against {pv['def']:g}, DRM {_signed(drm)} (V 5.4)",
       cls="odds-h", parent=box)
    # the arithmetic term by term, in the engine's words: the battle card and the log say the same
    for who, sd in zip(("attacker", "defender"), pv.get("sides") or ()):
        d = el("div", cls="odds-side", parent=box, attrs={"data-odds-side": sd["side"]})
        el("b", text=f"{sd['side']} ({who}): ", parent=d)
        el("span", text="; ".join([sd["ground"]] + sd["support"] + [sd["total"]]), parent=d)
    if pv.get("ratio"):
        el("div", text=pv["ratio"], cls="odds-line", parent=box, attrs={"data-arith": "ratio"})
    el("div", text=pv.get("drm_text") or (f"DRM {_signed(drm)}: ratio {_signed(pv['drm_odds'])}, terrain "
                                          f"{_signed(pv['drm_terrain'])}, hexside {_signed(pv['drm_hexside'])}"),
       cls="odds-drm", parent=box, attrs={"data-arith": "drm"})
    if pv.get("columns"):
        el("div", text=pv["columns"], cls="odds-line", parent=box, attrs={"data-arith": "columns"})
    tab = el("table", cls="odds-t", parent=box)
    head = el("tr", parent=tab)
    for t in ("die", "row", "defender loses", "attacker loses", "pursuit"):
        el("th", text=t, parent=head)
    for d in pv["dice"]:
        tr = el("tr", attrs={"data-die": d["die"]}, parent=tab)
        for val in (d["die"], d["row"], d["def"], d["att"], d["pursuit"]):
            el("td", text=str(val), parent=tr)
    if pv.get("means"):
        el("div", text=pv["means"], cls="odds-line muted", parent=box, attrs={"data-arith": "means"})


# ---- dialogs that take the action panel's place -------------------------------------------------
def _index(acts, **match):
    for i, a in enumerate(acts):
        if all(a.get(k) == val for k, val in match.items()):
            return i
    return None


def _button(parent, i, a, text, cls="act-btn", title=None):
    return el("button", text=text, cls=cls, parent=parent,
              attrs={"data-action": i, "data-t": a["t"], "type": "button", "data-actor": a.get("u"), "title": title})


def action_dialog(root, v):
    """The loss-allocation dialog (V 5.5) and the quick windows (reaction, incidental attack,
    alert, support) drawn in the action panel's place; every choice is one [data-action] button
    of the engine's list. Returns False for every other decision (the shared panel draws it; the
    end-of-game card: game/ui/end_card.py)."""
    if v.get("awaiting_roll") or v.get("over"):
        return False
    if v.get("losses"):
        loss_dialog(root, v)
        return True
    if v.get("window"):
        quick_window(root, v)
        return True
    return False


def loss_dialog(root, v):
    L, acts = v["losses"], v["actions"]
    root.replaceChildren()
    box = el("div", cls="vw-dialog losses", parent=root,
             attrs={"data-dialog": "losses", "data-n": L["n"], "role": "group", "aria-label": "Allocate losses"})
    el("div", text=f"{L['side']}: {L['n']} loss{'es' if L['n'] != 1 else ''} to allocate ({L['rule']})",
       cls="dlg-h", parent=box)
    el("div", text=(f"{L['pool_name']} pool: {L['pool']}. A Replacement Point absorbs one loss (at most strength - 1 "
                    "per unit in an operation); eliminating a unit covers its ground strength (HQ, artillery: 1)."
                    + (" A broken-down regiment's new battalion must go first (V 9.2)." if L["must"] else "")),
       cls="dlg-note", parent=box)
    if L.get("rf"):  # V 11.2: the Regional Forces' one ARVN RP this operation
        row = el("div", cls="loss-row", parent=box, attrs={"data-loss-unit": "rf"})
        el("div", text=f"Regional Forces: 1 ARVN RP per operation (ARVN RP {L['rf']['pool']})", cls="loss-u", parent=row)
        i = _index(acts, t="rf_rp")
        if i is not None:
            _button(el("div", cls="loss-btns", parent=row), i, acts[i], "Absorb 1 with 1 ARVN RP", title="V 11.2")
    for r in L["units"]:
        row = el("div", cls="loss-row", parent=box, attrs={"data-loss-unit": r["id"]})
        lim = ("" if r["rp_limit"] is None else " (strength 0: it may take none, V 5.5)" if r["rp_limit"] == 0
               else f" of at most {r['rp_limit']}")
        own = f" ({r['pool']})" if r.get("pool") not in (None, "US RP", "VC RP") else ""  # ARVN, NVA: own pools
        el("div", text=f"{r['name']}: ground {r['ground']}, artillery {r['art']}; RP charged {r['rp_spent']}{lim}{own}",
           cls="loss-u", parent=row)
        btns = el("div", cls="loss-btns", parent=row)
        i = _index(acts, t="rp", u=r["id"])
        if i is not None:
            _button(btns, i, acts[i], f"Absorb 1 with 1 RP ({r['rp_cost']})", title="V 5.5: one loss absorbed, the unit stays")
        i = _index(acts, t="remove", u=r["id"])
        if i is not None:
            _button(btns, i, acts[i], f"Eliminate ({r['remove']})", cls="act-btn danger warn" if acts[i].get("warn")
                    else "act-btn danger", title=_warn_title(acts[i], "V 5.5"))
            if r.get("loses"):  # V 18.2: said in the dialog, not only in the confirmation (issue 45 item 1)
                el("div", text="⚠ Eliminating this US counter loses the scenario for the US (V 18.2)",
                   cls="dlg-warn", parent=row, attrs={"data-loses": r["id"]})
        i = _index(acts, t="breakdown", u=r["id"])
        if i is not None:
            _button(btns, i, acts[i], r.get("breakdown_text") or "Break down (one battalion removed at once)",
                    cls="act-btn warn" if acts[i].get("warn") else "act-btn", title=_warn_title(acts[i], "V 9.2"))


def _warn_title(a, rule):
    """A button's tooltip: its warning when it has one (it asks once when pressed), else its rule."""
    return f"⚠ {a['warn']}" if a.get("warn") else rule


def quick_window(root, v):
    """A small window answered in one click: its answers, the main one first, then the play
    settings (which also answer this window, and the next ones while they hold)."""
    w, acts = v["window"], v["actions"]
    root.replaceChildren()
    box = el("div", cls="vw-dialog window", parent=root, attrs={"data-dialog": w["step"]})
    el("div", text=f"{w['title']} ({w['rule']})" + (f" — {w['where']}" if w.get("where") else ""), cls="dlg-h",
       parent=box)
    main = el("div", cls="dlg-main", parent=box)
    other = el("div", cls="dlg-btns", parent=box)
    settings = [(i, a) for i, a in enumerate(acts) if a["t"] == "pref"]
    for i, a in enumerate(acts):
        if a["t"] == "pref":
            continue
        first = a["t"] in MAIN_TYPES or (a["t"] == "fire" and i == 0)
        _button(main if first else other, i, a, a.get("label") or a["t"],
                cls=("act-btn primary" if first else "act-btn") + (" warn" if a.get("warn") else ""),
                title=f"⚠ {a['warn']}" if a.get("warn") else None)
    if settings:
        el("div", text="Play settings (recorded in the game; they answer this window now and the next ones):",
           cls="dlg-note", parent=box)
        pb = el("div", cls="dlg-btns prefs", parent=box)
        for i, a in settings:
            _button(pb, i, a, a.get("label") or a["t"], cls="act-btn pref")


def boxes(root, v, selected, can_act):
    """The Ranger Holding Box (when in play) and the units removed, as text (render_panels.box_list)."""
    groups = []
    rb = v.get("ranger_box")
    if rb:  # V 11.3: the Ranger Holding Box and the border interdiction the Rangers give
        groups.append((f"Ranger Holding Box ({len(rb['in_box'])} of {rb['in_play']} in play)", "rangers", markup(
            "span", text=(", ".join(rb["in_box"]) or "all on the map")
            + (f"; NLF units pay +{rb['border']} MP to enter SVN border hexes" if rb["border"] else "")
            + f" ({rb['rule']})")))
    removed = v.get("removed") or []
    groups.append((f"Removed ({len(removed)})", "removed", markup(
        "span", text=", ".join(f"{r.get('name', r['id'])} ({r['side']}, {r['how']})" for r in removed))))
    box_list(root, groups, selected, can_act)
