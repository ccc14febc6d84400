"""Draw a Vietnam 1965-1975 play area as the UI's map SVG, from its map JSON and real geography.

    PYTHONPATH=tools/map_v65/.pydeps python3 tools/map_v65/draw_svg.py [--area quangngai]  (build.sh runs it)

reads  game/rules/vietnam_1965_1975/data/map_<area>.json  (format: hexes, hexsides, roads)
       and the geodata packages (sources.py): GSHHG coastline, WDB-II rivers, NE shaded relief,
       GeoNames places (--no-geo draws the hexes alone, without the packages)
writes static/svg/vietnam_<area>_map.svg                 (committed; generated, do not edit)

Geometry as the rules read it (reference 4.1, game/rules/vietnam_1965_1975/hexes.py): hex ids
"CCRR", flat-topped, even columns half a hex south. Every hex is a <g> with data-space (its
id), data-x and data-y (its centre) and a translate to its centre, which is how
game/ui/render_map.py finds places and draws highlights on them. Layers,
bottom to top: #geo (sea, GSHHG land, a hillshade tint, WDB-II rivers: the real geography the hexes
abstract), #spaces (the hexes, terrain fills see-through so the coast and rivers show), #hexsides (minor rivers on the shared edge), #roads (centre to centre),
#labels (hex numbers, towns, ports, other GeoNames places at their real position). Hexes outside the scenario's play area are drawn pale.
"""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from xml.sax.saxutils import escape

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
R = 40.0                      # hex radius (centre to corner), SVG units: a 30-unit counter fits above the centre
W = math.sqrt(3) * R          # hex height (flat-topped)
PAD = 14.0
RELIEF_SIMPLIFY = 4.0       # SVG units: the hillshade bands are a tint, coarse is enough (and keeps the page small)

# Fills per terrain (TEC names, data/terrain.json); colours as wargame maps print them.
FILL = {
    "cultivated": "#e9e3b4", "wooded hills": "#b9cf8f", "mountain": "#c9a77a", "jungle": "#7fb07a",
    "marsh": "#b8d8c8", "all-sea": "#a9cbe6", "forest": "#8fbf7f", "rough": "#d2b98f", "clear": "#f3efd6",
}


def cr(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def centre(h: str, c0: int, r0: int) -> tuple[float, float]:
    c, r = cr(h)
    x = PAD + R + (c - c0) * 1.5 * R
    y = PAD + W / 2 + (r - r0) * W + (W / 2 if c % 2 == 0 else 0.0)
    return x, y


def neighbours(h: str) -> list[str]:
    c, r = cr(h)
    cells = ([(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)] if c & 1 else
             [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)])
    return [f"{a:02d}{b:02d}" for a, b in cells if a >= 0 and b >= 0]


def corners(x: float, y: float) -> list[tuple[float, float]]:
    return [(x + R * math.cos(math.radians(a)), y + R * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def path(pts) -> str:
    return "M" + " L".join(f"{px:.1f} {py:.1f}" for px, py in pts) + "Z"


def shared_edge(a, b, c0, r0):
    """The two corners hexes a and b share (hexside a|b), or None if not adjacent."""
    pa = corners(*centre(a, c0, r0))
    pb = corners(*centre(b, c0, r0))
    common = [p for p in pa if any(math.dist(p, q) < 0.5 for q in pb)]
    return common if len(common) == 2 else None


def geography(hexes: dict, width: float, height: float) -> tuple[list[str], list[str]]:
    """The real geography under the hexes, in the SVG's frame (reference 4.1's fit): SVG fragments
    for the #geo layer and for GeoNames place labels. Build time only (needs the geodata packages)."""
    import sys
    sys.path.insert(0, str(HERE))
    import geofit as G
    import numpy as np
    import shapely
    import sources as S
    from geodata import project_geom
    from shapely.geometry import box

    c0 = min(cr(h)[0] for h in hexes)
    r0 = min(cr(h)[1] for h in hexes)

    def to_svg(lon, lat):
        c, Y = G.latlon_to_cY(lat, lon)
        return PAD + R + (c - c0) * 1.5 * R, PAD + W / 2 + (Y - r0) * W

    def to_ll(x, y):
        return G.cY_to_latlon((x - PAD - R) / (1.5 * R) + c0, (y - PAD - W / 2) / W + r0)

    lls = [to_ll(x, y) for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
    frame_ll = box(min(p[1] for p in lls) - 0.05, min(p[0] for p in lls) - 0.05,
                   max(p[1] for p in lls) + 0.05, max(p[0] for p in lls) + 0.05)
    frame = box(0, 0, width, height)

    def d_of(g, closed):
        out = []
        for part in getattr(g, "geoms", [g]):
            rings = [part.exterior, *part.interiors] if part.geom_type == "Polygon" else [part]
            for ring in rings:
                pts = list(ring.coords)
                if len(pts) < 2:
                    continue
                out.append("M" + " ".join(f"{x:.0f} {y:.0f}" for x, y in pts) + ("Z" if closed else ""))
        return "".join(out)

    land = project_geom(S.land().intersection(frame_ll), to_svg).intersection(frame).simplify(1.2)
    rivers = [project_geom(r.intersection(frame_ll), to_svg).intersection(frame) for r in S.rivers("f")
              if r.intersects(frame_ll)]
    rivers = [r.simplify(1.5) for r in rivers if not r.is_empty]
    # hillshade tint: the NE shaded relief's shadows on land, bilinear between its 2' pixels on a grid
    # of 5 SVG units, cut into three darkness bands drawn as stacked see-through vector shapes (the
    # page's CSP allows no data: images, and vectors stay small)
    step = 5.0
    nx, ny = int(width / step) + 1, int(height / step) + 1
    xs, ys = np.meshgrid((np.arange(nx) + 0.5) * step, (np.arange(ny) + 0.5) * step)
    c = (xs - PAD - R) / (1.5 * R) + c0
    Y = (ys - PAD - W / 2) / W + r0
    lat, lon = np.vectorize(G.cY_to_latlon)(c, Y)
    rel = S.relief().sum(axis=2).astype(float) / 3.0
    fi = (S.FRAME[3] - lat) * 30 - 0.5
    fj = (lon - S.FRAME[0]) * 30 - 0.5
    i0, j0 = np.floor(fi).astype(int), np.floor(fj).astype(int)
    di, dj = fi - i0, fj - j0
    v = (rel[i0, j0] * (1 - di) * (1 - dj) + rel[i0 + 1, j0] * di * (1 - dj)
         + rel[i0, j0 + 1] * (1 - di) * dj + rel[i0 + 1, j0 + 1] * di * dj)
    land_ll = S.land().intersection(frame_ll)
    shapely.prepare(land_ll)
    on_land = shapely.contains_xy(land_ll, lon, lat)
    dark = (np.percentile(v[on_land], 80) - v) * on_land
    bands = []
    for level in (12, 26, 42):
        boxes = []
        for j in range(ny):          # one box per run of dark cells in a row
            row = dark[j] >= level
            i = 0
            while i < nx:
                if row[i]:
                    k = i
                    while k < nx and row[k]:
                        k += 1
                    boxes.append(box(i * step, j * step, k * step, (j + 1) * step))
                    i = k
                else:
                    i += 1
        if boxes:
            shape = shapely.union_all(boxes).buffer(-3, quad_segs=2).buffer(9, quad_segs=3).buffer(-6, quad_segs=3).simplify(RELIEF_SIMPLIFY).intersection(land)
            bands.append(f'<path d="{d_of(shape, True)}"/>')
    borders = []
    nations = list(S.countries().items())
    for i, (_, a) in enumerate(nations):       # Natural Earth 1:10m land borders (V 3 Borders): shared edges
        for _, b in nations[i + 1:]:
            shared = a.boundary.intersection(b.buffer(0.005)).intersection(frame_ll)
            line = project_geom(shared, to_svg).intersection(frame) if not shared.is_empty else shared
            if not line.is_empty:
                borders.append(d_of(line.simplify(1.0), False))
    geo = ['<g id="geo" pointer-events="none">',
           f'<path id="geo-land" d="{d_of(land, True)}" fill="#efe9cf" stroke="#3d6e9e" stroke-width="1.6"/>',
           '<g id="geo-relief" fill="#3a2a14" fill-opacity="0.16" stroke="none">', *bands, "</g>",
           '<path id="geo-rivers" d="' + "".join(d_of(r, False) for r in rivers)
           + '" fill="none" stroke="#3f7fc0" stroke-width="2" stroke-linejoin="round"/>',
           '<path id="geo-borders" d="' + "".join(borders) + '" fill="none" stroke="#7a1f3d" stroke-width="3" '
           'stroke-dasharray="10 4 2 4" stroke-linejoin="round"><title>international border (Natural Earth)</title></path>',
           "</g>"]
    # GeoNames places that are not a rules town: a dot at the real position and the name
    town_hexes = {h for h, info in hexes.items() if info.get("town")}
    labels = []
    for p in S.geonames("VN"):
        x, y = to_svg(p["lon"], p["lat"])
        if G.latlon_hex(p["lat"], p["lon"]) in town_hexes or not (12 < x < width - 12 and 12 < y < height - 12):
            continue   # a rules town's hex is labelled by the town (Tu Nghia shares Quang Ngai's)
        labels.append(f'<g class="place" data-place="{escape(p["name"])}"><circle cx="{x:.0f}" cy="{y:.0f}" r="1.8" '
                      f'fill="#555"/><text x="{x + 3:.0f}" y="{y - 3:.0f}" font-size="7" font-style="italic" '
                      f'text-anchor="start" fill="#444" stroke="#fff" stroke-width="1.6" paint-order="stroke">'
                      f'{escape(p["name"])}</text><title>{escape(p["name"])} (GeoNames, {p["lat"]:.3f}N '
                      f'{p["lon"]:.3f}E)</title></g>')
    return geo, labels


def region_labels(hexes: dict, pos: dict) -> list[str]:
    """Province names (V 7.6 regions) and foreign countries, large and faint at the middle of their hexes
    (kept inside the map's width)."""
    right = max(p[0] for p in pos.values()) + R
    groups = {}
    for h, info in hexes.items():
        if info.get("province"):
            groups.setdefault(info["province"].replace("-", " ").upper(), []).append(pos[h])
        elif info.get("country") and info["country"] != "svn" and not info.get("border"):
            groups.setdefault(info["country"].upper(), []).append(pos[h])
    out = []
    for name, pts in sorted(groups.items()):
        if len(pts) < 4:
            continue
        half = len(name) * 10.5          # about half the label's width at 26 units with spacing 4
        x = min(max(sum(p[0] for p in pts) / len(pts), PAD + half), right - half)
        y = sum(p[1] for p in pts) / len(pts)
        out.append(f'<text class="region-name" x="{x:.0f}" y="{y:.0f}" font-size="26" font-weight="700" '
                   f'letter-spacing="4" fill="#3a2a14" fill-opacity="0.22">{escape(name)}</text>')
    return out


def country_layers(data: dict, pos: dict, c0: int, r0: int) -> tuple[list[str], list[str]]:
    """The whole map's own layers (issue 47 item 2): the 35 regions' and the corps zones' borders along
    the hexsides between hexes of different regions (data/campaign_regions.json; a border hex is on
    both sides, V 13), the Mekong's water hexsides, and the labels: regions (code and name), the
    provinces of the composite regions, the countries beyond the border, the trail's boxes and the
    North (off the hexgrid, meta off_map). Returns (the layers under the roads, the labels)."""
    hexes = data["hexes"]
    regions = json.loads((REPO / "game/rules/vietnam_1965_1975/data/campaign_regions.json").read_text())["regions"]
    corps = json.loads((REPO / "game/rules/vietnam_1965_1975/data/corps.json").read_text())["corps"]
    region_of = {p: r["code"] for r in regions for p in r["provinces"]}
    names = data["meta"]["provinces"]

    def zone(h):
        p = hexes[h].get("province")
        return (region_of.get(p, p), corps.get(p)) if p else (None, None)
    edges = {"region": [], "corps": []}
    for h in sorted(hexes):
        for n in neighbours(h):
            if n > h and n in hexes:
                (ra, ca), (rb, cb) = zone(h), zone(n)
                if ra and rb and ra != rb:
                    e = shared_edge(h, n, c0, r0)
                    if e:
                        edges["corps" if ca != cb else "region"].append(e)

    def d_of(segs):
        return "".join(f"M{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}" for (x1, y1), (x2, y2) in segs)
    under = ['<g id="water" pointer-events="none" stroke="#1f5fa8" stroke-width="6" stroke-linecap="round" '
             'stroke-opacity="0.8">']
    for key, side in sorted(data.get("hexsides", {}).items()):
        if side.get("kind") == "water":
            e = shared_edge(*key.split("|"), c0, r0)
            if e:
                (x1, y1), (x2, y2) = e
                under.append(f'<line data-side="{key}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    under.append("</g>")
    under.append('<g id="regions" pointer-events="none" fill="none" stroke-linecap="round">'
                 f'<path id="region-borders" d="{d_of(edges["region"])}" stroke="#6a2c70" stroke-width="2.6" '
                 'stroke-dasharray="9 5"><title>region border (V 13: a hex on it is in either region)</title></path>'
                 f'<path id="corps-borders" d="{d_of(edges["corps"])}" stroke="#3b1240" stroke-width="5" '
                 'stroke-dasharray="16 6"><title>corps zone border (V 15.1)</title></path></g>')
    labels = []
    groups = {}
    for h, info in hexes.items():
        p = info.get("province")
        if p:
            groups.setdefault(("region", region_of.get(p, p)), []).append(pos[h])
            groups.setdefault(("province", p), []).append(pos[h])
        elif info.get("country") in ("laos", "cambodia", "nvn") and not info.get("border"):
            groups.setdefault(("country", info["country"]), []).append(pos[h])
    by_code = {r["code"]: r for r in regions}
    for (kind, key), pts in sorted(groups.items()):
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        if kind == "region" and key in by_code:
            r = by_code[key]
            labels.append(f'<text class="region-name" data-region="{key}" x="{x:.0f}" y="{y:.0f}" font-size="30" '
                          f'font-weight="700" fill="#4a1650" fill-opacity="0.5">{escape(key)}<title>{escape(key)} '
                          f'{escape(r["name"])}: population {r["population"]} (V 13)</title></text>')
            labels.append(f'<text class="region-name" x="{x:.0f}" y="{y + 24:.0f}" font-size="17" font-weight="700" '
                          f'letter-spacing="2" fill="#4a1650" fill-opacity="0.45">{escape(r["name"].upper())}</text>')
        elif kind == "region":       # Saigon, Gia Dinh, Da Nang: in no region (V 17.3: the +70)
            labels.append(f'<text class="region-name" x="{x:.0f}" y="{y - 30:.0f}" font-size="14" font-weight="700" '
                          f'fill="#4a1650" fill-opacity="0.6">{escape(names.get(key, key).upper())} (+70)</text>')
        elif kind == "province" and len(by_code.get(region_of.get(key), {}).get("provinces", [])) > 1:
            labels.append(f'<text class="province-name" x="{x:.0f}" y="{y + 46:.0f}" font-size="13" font-style="italic" '
                          f'fill="#4a1650" fill-opacity="0.5">{escape(names.get(key, key))}</text>')
        elif kind == "country":
            name = {"nvn": "NORTH VIETNAM", "laos": "LAOS", "cambodia": "CAMBODIA"}[key]
            labels.append(f'<text class="region-name" x="{x:.0f}" y="{y:.0f}" font-size="34" font-weight="700" '
                          f'letter-spacing="6" fill="#3a2a14" fill-opacity="0.3">{name}</text>')
    off = data["meta"].get("off_map", {})
    for b in off.get("trail", {}).get("boxes", []):   # V 17.8: boxes off the hexgrid, beside their hexes
        pts = [pos[h] for h in b["hexes"] if h in pos]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        labels.append(f'<g class="trail-box" data-trail="{b["id"]}" data-hexes="{" ".join(b["hexes"])}">'
                      f'<rect x="{x - 62:.0f}" y="{y - 15:.0f}" width="124" height="30" rx="4" fill="#fff8e6" '
                      f'fill-opacity="0.92" stroke="#7a4a2a" stroke-width="1.6" stroke-dasharray="5 3"/>'
                      f'<text x="{x:.0f}" y="{y - 2:.0f}" font-size="10" font-weight="700" fill="#5a2a0a">Trail {b["id"]}'
                      f'</text><text x="{x:.0f}" y="{y + 10:.0f}" font-size="8" fill="#5a2a0a">{escape(b["name"][:28])}'
                      f'</text><title>Ho Chi Minh Trail box {b["id"]}, {escape(b["name"])} (V 17.8, design): units '
                      f'leave it into {", ".join(b["hexes"])}</title></g>')
    if off.get("north"):
        x, y = pos["3203"] if "3203" in pos else (400, 60)
        labels.append(f'<g class="north-box" data-off-map="north"><rect x="{x - 230:.0f}" y="{PAD:.0f}" width="300" '
                      f'height="34" rx="5" fill="#fff" fill-opacity="0.9" stroke="#7a1f3d" stroke-width="2"/>'
                      f'<text x="{x - 80:.0f}" y="{PAD + 22:.0f}" font-size="14" font-weight="700" fill="#7a1f3d">'
                      f'THE NORTH: bombing target, off the map</text><title>{escape(off["north"]["why"])}</title></g>')
    return under, labels


def draw(data: dict, source: str = "map JSON", geo: bool = True) -> str:
    hexes = data["hexes"]
    c0 = min(cr(h)[0] for h in hexes)
    r0 = min(cr(h)[1] for h in hexes)
    pos = {h: centre(h, c0, r0) for h in hexes}
    width = max(x for x, _ in pos.values()) + R + PAD
    height = max(y for _, y in pos.values()) + W / 2 + PAD
    out = [f'<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" id="v65-map" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">',
           "<!-- Vietnam 1965-1975, generated by tools/map_v65/draw_svg.py from "
           f"{escape(source)}; do not edit. RECONSTRUCTION: the printed map is not "
           "in the rulebook; see the map JSON's provenance per hex. -->",
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#a9cbe6"/>']  # user units: the UI zooms the viewBox
    country = data["meta"].get("area") == "country"
    geo_layer, places = geography(hexes, width, height) if geo else ([], [])
    out += geo_layer
    out.append('<g id="spaces">')
    for h in sorted(hexes):
        x, y = pos[h]
        info = hexes[h]
        terrain = info.get("terrain", "cultivated")
        cls = "hex t-" + terrain.replace(" ", "-") + ("" if info.get("play", True) else " out")
        see = {True: 0.62, False: 0.3} if geo else {True: 1.0, False: 0.45}   # the real coast shows through
        if terrain == "all-sea":
            see = {True: 0.35, False: 0.2} if geo else see
        opacity = f' fill-opacity="{see[bool(info.get("play", True))]}"'
        rel = corners(0.0, 0.0)
        where = [info["province"].replace("-", " ").title()] if info.get("province") else []
        if info.get("border"):
            where.append("border: " + " / ".join(c.upper() if len(c) == 3 else c.title() for c in info["border"]))
        elif info.get("country") and info["country"] != "svn":
            where.append(info["country"].title())
        attrs = ""   # province and country are in the <title> and the map JSON (the rules read that)
        edge = 'stroke="#6f6a55" stroke-width="0.8"'
        if info.get("border"):   # a border hex (V 3 Borders): its outline in the border's colour, dashed
            attrs += f' data-border="{" ".join(info["border"])}"'
            cls += " border"
            edge = 'stroke="#7a1f3d" stroke-width="1.4" stroke-dasharray="5 3"'
        # the whole map's hexes in absolute coordinates: a transform per hex is a paint chunk and a
        # property node per hex, which Chromium layerizes and hit-tests anew at every redraw (2,581 of
        # them: about 80 ms of Layerize a click, traced); the play areas' maps keep their translates
        place = (f'><path d="{path(corners(x, y))}"' if country else
                 f' transform="translate({x:.1f} {y:.1f})"><path d="{path(rel)}"')
        out.append(f'<g class="{cls}" data-space="{h}" data-x="{x:.1f}" data-y="{y:.1f}"{attrs}'
                   f'{place} fill="{FILL.get(terrain, "#ddd")}"'
                   f'{opacity} {edge}/><title>{h} {escape(terrain)}'
                   f'{escape(", " + ", ".join(where)) if where else ""}</title></g>')
    out.append("</g>")
    out.append('<g id="hexsides" pointer-events="none" stroke="#2f6fb3" stroke-width="3.2" stroke-linecap="round">')
    for key, side in sorted(data.get("hexsides", {}).items()):
        a, b = key.split("|")
        if a in hexes and b in hexes and side.get("river") == "minor":
            edge = shared_edge(a, b, c0, r0)
            if edge:
                (x1, y1), (x2, y2) = edge
                out.append(f'<line data-side="{key}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}">'
                           f'<title>{escape(side.get("name", "river"))}</title></line>')
    out.append("</g>")
    if country:
        under, country_labels = country_layers(data, pos, c0, r0)
        out += under
    out.append('<g id="roads" pointer-events="none" fill="none" stroke-linecap="round" stroke-linejoin="round">')
    for name, road in sorted(data.get("roads", {}).items()):
        pts = [pos[str(h)] for h in road["hexes"] if str(h) in pos]
        major = road.get("kind") == "major"
        style = 'stroke="#b0302a" stroke-width="3.5"' if major else 'stroke="#7a4a2a" stroke-width="2" stroke-dasharray="6 4"'
        d = "M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in pts)
        out.append(f'<path data-road="{escape(name)}" d="{d}" {style}><title>{escape(name)}</title></path>')
    out.append("</g>")
    out.append('<g id="labels" pointer-events="none" text-anchor="middle">')
    out += country_labels if country else region_labels(hexes, pos)
    out += places
    for h in sorted(hexes):
        x, y = pos[h]
        out.append(f'<text x="{x:.1f}" y="{y - W / 2 + 8:.1f}" font-size="7" fill="#4a4636">{h}</text>')
        info = hexes[h]
        town = info.get("town")
        if town:
            name = town["name"] if isinstance(town, dict) else str(town)
            capital = isinstance(town, dict) and "capital" in town.get("kind", "")
            out.append(f'<circle cx="{x:.1f}" cy="{y + 4:.1f}" r="{4 if capital else 2.6}" fill="#222" '
                       f'stroke="#fff" stroke-width="0.8"/>')
            out.append(f'<text x="{x:.1f}" y="{y + W / 2 - 4:.1f}" font-size="8" font-weight="600" fill="#222" '
                       f'stroke="#fff" stroke-width="2" paint-order="stroke">{escape(name)}</text>')
        for i, pl in enumerate(info.get("place", [])):   # named places with no rules effect
            out.append(f'<text class="map-place" x="{x:.1f}" y="{y - 7 - 9 * i:.1f}" font-size="8" font-style="italic" '
                       f'font-weight="600" fill="#5a1f0a" stroke="#fff" stroke-width="2" paint-order="stroke">'
                       f'{escape(pl["name"])}<title>{escape(pl["name"] + ": " + pl["what"])}</title></text>')
        if info.get("beach"):  # a landing beach (V 3.4)
            out.append(f'<text x="{x:.1f}" y="{y + 12:.1f}" font-size="7" font-style="italic" '
                       f'fill="#1d3f73">landing beach</text>')
        if info.get("port"):
            out.append(f'<text x="{x + R * 0.55:.1f}" y="{y + 3:.1f}" font-size="11" fill="#1d3f73">⚓</text>')
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--area", default="quangngai")
    ap.add_argument("--no-geo", action="store_true", help="the hexes alone (no geodata packages needed)")
    a = ap.parse_args()
    src = REPO / "game/rules/vietnam_1965_1975/data" / f"map_{a.area}.json"
    dst = REPO / "static/svg" / f"vietnam_{a.area}_map.svg"
    dst.write_text(draw(json.loads(src.read_text()), src.name, geo=not a.no_geo))
    print(f"wrote {dst.relative_to(REPO)} ({dst.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
