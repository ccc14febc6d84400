#!/usr/bin/env python3
"""Derive a real-world-ish lat/lon for each of the 67 First Team locations.

RECONSTRUCTION. The printed First Team map is not available; game/rules/first_team/data/map.json
holds a schematic layout (xy, x east / y south, ~1 unit between neighbours). This script
  1. fits an affine transform schematic-xy -> (lon, lat) by least squares on named anchors
     (Pleiku, Duc Co = D2, Plei Me = G4, LZ X-Ray = C2, Chu Pong summit = A5, Bien Ho = J5, ...),
  2. adds a Gaussian radial-basis correction so the anchors land on their real positions,
  3. relaxes the result in map units (KX in geo.py) so that locations are >= DMIN apart
     (room for counter stacks), stay off unrelated access lines, keep Cambodia's six
     locations west of the Natural Earth border and every other location east of it,
  4. writes location_coords.json (lat/lon per location, the warp position, the shift the
     relaxation applied, and the reasoning).
Deterministic; rerun after map.json changes:  python3 tools/map_ft/derive_coords.py
"""
import json
import math

import numpy as np

import geo
from shapely.geometry import Point, box
from shapely.ops import nearest_points

DMIN = 84.0        # min distance between two locations (map units)
EDGE_CLEAR = 26.0  # min distance from a location to an access line not touching it

# id -> (lon, lat, weight, reasoning)
ANCHORS = {
    "PLEIKU": (108.005, 13.975, 1.0, "Pleiku city (approx. 13.98 N 108.00 E); Route 19 / Route 14 junction"),
    "D2": (107.630, 13.800, 1.0, "Duc Co SF camp (text: D2), on Route 19 ~20 km inside the border (approx.)"),
    "G4": (107.919, 13.615, 1.0, "Plei Me SF camp (text: G4), 13 36'53\" N 107 55'09\" E"),
    "C2": (107.714, 13.568, 1.0, "LZ X-Ray, 13 34'05\" N 107 42'50\" E, NE foot of the Chu Pong massif"),
    "A5": (107.665, 13.535, 0.6, "Chu Pong summit (hill 542), SW of X-Ray (approx.)"),
    "C3": (107.748, 13.615, 0.4, "LZ Albany area, NNE of X-Ray near the Ia Drang (approx.)"),
    "J5": (107.985, 14.045, 0.5, "Bien Ho lake north of Pleiku (approx. 14.05 N 108.00 E)"),
    "H6": (108.030, 13.870, 0.5, "Route 14 at the Catecka tea plantation, ~12 km S of Pleiku (approx.)"),
    "CAM3": (107.500, 13.595, 0.5, "where the Ia Drang crosses into Cambodia (Natural Earth border x WDB-II river)"),
    "A1": (107.585, 13.622, 0.4, "Ia Drang just east of the border"),
    "D1": (107.490, 13.785, 0.6, "Route 19 border crossing (Le Thanh), just inside Vietnam"),
    "H1": (108.080, 13.330, 0.4, "Route 14 leaving the south edge toward Ban Me Thuot"),
    "J6": (108.035, 14.055, 0.4, "Route 14 leaving north-east toward Kontum"),
}
RBF_SIGMA = 1.6   # schematic units


def main():
    m = json.load(open(geo.MAP_JSON))
    L = m["locations"]
    ids = list(L)
    keys = list(ANCHORS)
    X = np.array([[*L[k]["xy"], 1.0] for k in keys])
    Y = np.array([ANCHORS[k][:2] for k in keys])
    w = np.sqrt(np.array([ANCHORS[k][2] for k in keys]))[:, None]
    M = np.linalg.lstsq(X * w, Y * w, rcond=None)[0]
    P = np.array([L[k]["xy"] for k in keys])
    R = Y - X @ M
    K = np.exp(-((P[:, None, :] - P[None, :, :]) ** 2).sum(-1) / (2 * RBF_SIGMA ** 2))
    Wr = np.linalg.solve(K + 1e-6 * np.eye(len(keys)), R)

    def warp(xy):
        xy = np.array(xy, float)
        k = np.exp(-((P - xy) ** 2).sum(-1) / (2 * RBF_SIGMA ** 2))
        return np.array([*xy, 1.0]) @ M + k @ Wr

    warped = {i: warp(L[i]["xy"]) for i in ids}
    pos = {i: np.array(geo.proj(*warped[i])) for i in ids}
    home = {i: pos[i].copy() for i in ids}

    c = geo.topo_countries({"Vietnam", "Cambodia"})
    frame_ll = box(geo.LON0 - 0.3, geo.LAT0 - 0.3, geo.LON1 + 0.3, geo.LAT1 + 0.3)
    vn = geo.project_geom(c["Vietnam"].intersection(frame_ll))
    kh = geo.project_geom(c["Cambodia"].intersection(frame_ll))
    vn_in = vn.buffer(-30)
    kh_in = kh.buffer(-30)
    inner = box(45, 45, geo.MAP_W - 45, geo.MAP_H - 45)
    edges = [(a, b) for a, b, _ in m["edges"]]

    def region_fix(i):
        reg = kh_in if L[i]["zone"] == "CAM" else vn_in
        reg = reg.intersection(inner)
        p = Point(*pos[i])
        if not reg.contains(p):
            q = nearest_points(reg, p)[0]
            pos[i] = np.array([q.x, q.y]) + (np.array([q.x, q.y]) - pos[i]) * 0.05

    for _ in range(600):
        delta = {i: np.zeros(2) for i in ids}
        for a_i, a in enumerate(ids):
            for b in ids[a_i + 1:]:
                d = pos[b] - pos[a]
                n = float(np.hypot(*d))
                if n < DMIN:
                    u = d / (n + 1e-9)
                    push = (DMIN - n) * 0.25
                    delta[a] -= u * push
                    delta[b] += u * push
        for a, b in edges:
            pa, pb = pos[a], pos[b]
            ab = pb - pa
            ln2 = float(ab @ ab)
            for i in ids:
                if i in (a, b):
                    continue
                t = float((pos[i] - pa) @ ab) / ln2
                if not 0.0 < t < 1.0:
                    continue
                q = pa + t * ab
                d = pos[i] - q
                n = float(np.hypot(*d))
                if n < EDGE_CLEAR:
                    u = d / (n + 1e-9)
                    delta[i] += u * (EDGE_CLEAR - n) * 0.3
                    delta[a] -= u * (EDGE_CLEAR - n) * 0.1
                    delta[b] -= u * (EDGE_CLEAR - n) * 0.1
        for i in ids:
            k = 0.15 * ANCHORS[i][2] if i in ANCHORS else 0.02
            delta[i] += (home[i] - pos[i]) * k
            pos[i] = pos[i] + delta[i]
            region_fix(i)

    # report
    close = []
    for a_i, a in enumerate(ids):
        for b in ids[a_i + 1:]:
            dd = math.dist(pos[a], pos[b])
            if dd < DMIN - 6:
                close.append("%s-%s %.0f" % (a, b, dd))
    if close:
        print("close pairs:", ", ".join(close))

    out = {
        "source": ("RECONSTRUCTION, not the printed map. Real-world-ish lat/lon for every location of "
                   "game/rules/first_team/data/map.json, derived by tools/map_ft/derive_coords.py: affine "
                   "fit of the schematic xy to named anchors (weighted least squares), Gaussian RBF "
                   "correction (sigma %.1f schematic units) so anchors land on their real positions, then a "
                   "relaxation in map units (min spacing %.0f units = %.1f km at the map scale, %.0f units "
                   "clear of unrelated access lines, Cambodia's locations kept west of the Natural Earth "
                   "1:10m border and all others east of it). Positions other than the anchors carry no "
                   "historical meaning beyond 'in this zone, next to these neighbours'."
                   % (RBF_SIGMA, DMIN, DMIN / geo.KM, EDGE_CLEAR)),
        "anchors": {k: {"lon": v[0], "lat": v[1], "weight": v[2], "why": v[3]} for k, v in ANCHORS.items()},
        "affine": {"lon": [round(float(x), 6) for x in M[:, 0]], "lat": [round(float(x), 6) for x in M[:, 1]],
                   "note": "lon/lat = a*x + b*y + c for schematic (x, y), before the RBF correction"},
        "locations": {},
    }
    for i in ids:
        lon, lat = geo.unproj(*pos[i])
        shift = math.dist(pos[i], home[i]) / geo.KM
        why = ANCHORS[i][3] if i in ANCHORS else (
            "warped from schematic xy %s (zone %s%s)" % (L[i]["xy"], L[i]["zone"],
                                                        ("; " + L[i]["note"]) if L[i]["note"] else ""))
        out["locations"][i] = {
            "zone": L[i]["zone"],
            "lat": round(lat, 4),
            "lon": round(lon, 4),
            "warp_lat": round(float(warped[i][1]), 4),
            "warp_lon": round(float(warped[i][0]), 4),
            "relax_shift_km": round(shift, 1),
            "reconstruction": True,
            "basis": "anchor" if i in ANCHORS else "warp",
            "why": why,
        }
    json.dump(out, open(geo.COORDS_JSON, "w"), indent=1)
    mx = max(out["locations"].items(), key=lambda kv: kv[1]["relax_shift_km"])
    print("wrote %s; largest relaxation shift %s %.1f km" % ("tools/map_ft/location_coords.json", mx[0],
                                                            mx[1]["relax_shift_km"]))


if __name__ == "__main__":
    main()
