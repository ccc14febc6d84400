"""The whole map of Vietnam 1965-1975 (issue 47 item 1): every hex of South Vietnam from the DMZ to
Ca Mau, the border belts of Laos, Cambodia and the North, and the sea off the coast, from the
first cut and the hand data, in one file; the three play areas are windows of it (area.py).

    python3 tools/map_v65/country.py            (build.sh runs it; pure Python: geofit and json)

reads  tools/map_v65/svn_firstcut.json (firstcut.py), tools/map_v65/country.json (the country's hand
       data: towns, ports, roads, the Mekong's water hexsides, the trail's boxes, disputed borders),
       tools/map_v65/areas/*.json (the play areas' hand data) and tools/map_v65/provinces.json
writes game/rules/vietnam_1965_1975/data/map_country.json

Per hex, in order:
1. In a play area's window (its extent, areas/<area>.json): that area's own values (area.build, the
   map every scenario of issue 11 and 15 was built on). A hex in a play area takes that area's
   values; a hex in the margin of one or more windows (in no play area) takes the first window's of
   WINDOWS (Starlite's hand map, then Masher's, then Silver Bayonet's); towns and named places of
   every window are kept, and a hex on a region line in any window stays on it. The country's hand
   data never touches these hexes (checked), but its roads may run on into a window's margin.
2. Elsewhere: the first cut (terrain, country, border: geodata), the country's towns and overrides,
   the province of the nearest GeoNames place read as 1965's (provinces.json), the province lines
   (a line runs through the hexes of the province later in PROVINCE_ORDER where two meet), the
   WDB-II minor rivers, the Mekong's water hexsides and the main roads (routed between waypoints).
Every value records its source in the hex's `prov` (geodata < reconstruction < play report <
rulebook; design for what no source gives)."""
from __future__ import annotations

import heapq
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import area as A            # noqa: E402
import geofit as G          # noqa: E402

DATA = os.path.join(REPO, "game/rules/vietnam_1965_1975/data")
OUT = os.path.join(DATA, "map_country.json")
WINDOWS = ("quangngai", "binhdinh", "pleiku")    # the play areas, first wins in a margin
KINDS = A.KINDS + ("design",)
STEP_COST = {"cultivated": 1, "clear": 1, "jungle": 2, "wooded hills": 2, "marsh": 2, "mountain": 3}
UNION = ("town", "place")        # kept from every window (first claim wins on the same hex)
WINDOW_FIELDS = ("terrain", "country", "border", "province", "port", "beach")


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as fh:
        return json.load(fh)


def areas() -> dict:
    return {a: load(f"areas/{a}.json") for a in WINDOWS}


def extent_ids(spec) -> set:
    (c0, c1), (r0, r1) = spec["extent"]["cols"], spec["extent"]["rows"]
    return {G.hid(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}


def step(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


# --- 1. the windows' own values ----------------------------------------------------------------

def window_claims(grid: dict, specs: dict) -> dict:
    """{area: its map as area.build makes it}: the values each play area was built with."""
    return {a: A.build(specs[a], grid) for a in WINDOWS}


def merge_windows(claims: dict) -> tuple[dict, dict, dict, set, set, list]:
    """(hexes, hexsides, road steps {step: (road name, kind, prov)}, the play hexes of every window,
    the hexes of every window's extent, the overrides behind the values taken) from the windows, as
    the module's rule 1 says."""
    play = {h for m in claims.values() for h, r in m["hexes"].items() if r["play"]}
    inside = {h for m in claims.values() for h in m["hexes"]}
    hexes, taken = {}, {}                     # taken: (hex, field) -> the window whose value it is
    for h in sorted(inside):
        owners = [a for a in WINDOWS if h in claims[a]["hexes"]]
        players = [a for a in owners if claims[a]["hexes"][h]["play"]]
        win = (players or owners)[0]
        first = claims[win]["hexes"][h]
        rec = {k: v for k, v in first.items() if k not in ("play", "prov") and k not in UNION}
        prov = {k: v for k, v in first["prov"].items() if k != "play" and k not in UNION}
        taken.update({(h, k): win for k in rec})
        lines = set()
        for a in owners:
            r = claims[a]["hexes"][h]
            lines |= set(r.get("boundary", []))
            for k in UNION:
                if k in r and k not in rec:
                    rec[k], prov[k] = r[k], r["prov"][k]
                    taken[(h, k)] = a
            if r.get("boundary") and "boundary" not in prov:
                prov["boundary"] = r["prov"]["boundary"]
        if lines:
            rec["boundary"] = sorted(lines)
            prov.setdefault("boundary", first["prov"].get("boundary", "reconstruction"))
        rec["prov"] = prov
        hexes[h] = rec
    sides = {}
    for a in reversed(WINDOWS):              # the first window's hexside wins
        sides.update(claims[a]["hexsides"])
        taken.update({(k, "river"): a for k in claims[a]["hexsides"]})
    steps = {}
    for a in reversed(WINDOWS):
        for name, road in claims[a]["roads"].items():
            for x, y in zip(road["hexes"], road["hexes"][1:]):
                steps[step(x, y)] = (name, road.get("kind", "minor"), road["prov"])
    overrides, seen = [], set()
    for a in WINDOWS:
        for o in claims[a]["overrides"]:
            where = o.get("hex") or o.get("hexside")
            field = "river" if "hexside" in o and o["field"] != "road" else o["field"]
            key = json.dumps(o, sort_keys=True)
            if key not in seen and (o["field"] == "road" or taken.get((where, field)) == a
                                    or ("hexside" in o and where not in sides)):
                seen.add(key)
                overrides.append(o)
    return hexes, sides, steps, play, inside, overrides


# --- 2. the country's values -------------------------------------------------------------------

def base(grid: dict) -> dict:
    """Terrain, country and border of every first-cut hex (as area.build reads them)."""
    out = {}
    for h, f in grid["hexes"].items():
        rec = {"terrain": f["terrain"], "prov": {"terrain": "geodata"}}
        if f.get("country"):
            rec["country"] = A.COUNTRY.get(f["country"], f["country"].lower())
            rec["prov"]["country"] = "geodata"
        if f.get("border"):
            rec["border"] = sorted(A.COUNTRY.get(c, c.lower()) for c in f["border"])
            rec["prov"]["border"] = "geodata"
        out[h] = rec
    return out


def town_hex(t: dict, places: dict) -> str:
    if t.get("hex"):
        return t["hex"]
    if "lat" in t:
        return G.latlon_hex(t["lat"], t["lon"])
    hits = places.get(t["geonames"], [])
    if len(hits) != 1:
        raise SystemExit(f"town {t['name']}: {len(hits)} GeoNames places named {t['geonames']!r}")
    return hits[0]["hex"]


def lay_lines(hexes: dict, keep_out: set, order: list) -> None:
    """Province lines outside the windows: where hexes of provinces X and Y meet, the hex of the one
    later in `order` is on the line of both (V 13 'regions are outlined', V 3 'boundaries run through
    hexes'). Border hexes and the sea carry no province line."""
    rank = {p: i for i, p in enumerate(order)}
    for h, rec in hexes.items():
        if h in keep_out or not rec.get("province"):
            continue
        mine = rec["province"]
        for n in A.neighbours(h):
            other = (hexes.get(n) or {}).get("province")
            if other and other != mine and rank.get(mine, 99) > rank.get(other, 99):
                rec["boundary"] = sorted(set(rec.get("boundary", [])) | {mine, other})
                rec["prov"]["boundary"] = "geodata"


def _cross(p, q, r, s) -> bool:
    """Segments pq and rs (points (x, y)) properly intersect."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2, d3, d4 = orient(r, s, p), orient(r, s, q), orient(p, q, r), orient(p, q, s)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def xy(c: float, Y: float) -> tuple[float, float]:
    return c * G.S3 / 2, Y


def water_sides(hexes: dict, rivers: dict) -> dict:
    """{hexside: river name}: the sides between two land hexes whose centre-to-centre segment a
    river's trace crosses (the trace: (lat, lon) points through the fit)."""
    out = {}
    for name, pts in rivers.items():
        trace = [xy(*G.latlon_to_cY(lat, lon)) for lat, lon in pts]
        for h in sorted(hexes):
            if hexes[h]["terrain"] == "all-sea":
                continue
            for n in A.neighbours(h):
                if n > h and n in hexes and hexes[n]["terrain"] != "all-sea":
                    a, b = xy(*G.centre_cY(h)), xy(*G.centre_cY(n))
                    if any(_cross(a, b, p, q) for p, q in zip(trace, trace[1:])):
                        out[step(h, n)] = name
    return out


def route(hexes: dict, a: str, b: str, closed) -> list:
    """The cheapest hex path from a to b through land (STEP_COST of the hex entered), fewer hexes on
    a tie; `closed(x, y)`: a step the road may not take."""
    best = {a: (0, 0)}
    prev = {}
    todo = [(0, 0, a)]
    while todo:
        c, n, h = heapq.heappop(todo)
        if h == b:
            break
        if (c, n) > best[h]:
            continue
        for x in A.neighbours(h):
            rec = hexes.get(x)
            if not rec or rec["terrain"] == "all-sea" or closed(h, x):
                continue
            k = (c + STEP_COST[rec["terrain"]], n + 1)
            if k < best.get(x, (math.inf, 0)):
                best[x] = k
                prev[x] = h
                heapq.heappush(todo, (k[0], k[1], x))
    if b not in best:
        raise SystemExit(f"no road from {a} to {b}")
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]


def trail_boxes(hexes: dict, trail: dict) -> list:
    """The trail's boxes (V 17.8) with the hexes beside each: the belt hexes of the box's country
    (wholly beyond the border) within one hex of the hex nearest its anchor."""
    out = []
    for b in trail["boxes"]:
        at = G.latlon_hex(*b["anchor"])
        near = sorted(h for h, r in hexes.items() if r.get("country") == b["country"] and not r.get("border")
                      and r["terrain"] != "all-sea" and (h == at or h in A.neighbours(at)
                                                         or any(h in A.neighbours(n) for n in A.neighbours(at))))
        if not near:
            raise SystemExit(f"trail box {b['id']}: no {b['country']} hex near {at}")
        out.append({"id": b["id"], "name": b["name"], "country": b["country"], "hexes": near})
    return out


def build(grid: dict, spec: dict, specs: dict) -> dict:
    table = load("provinces.json")
    claims = window_claims(grid, specs)
    won, won_sides, won_steps, play, inside, won_overrides = merge_windows(claims)
    hexes = base(grid)
    for h in inside:
        hexes[h] = won[h]

    def mine(h):        # a hex the country's own data may set
        if h in inside:
            raise SystemExit(f"country.json sets {h}, inside a play area's window: put it in areas/*.json")
        return hexes[h]
    places = {}
    for p in grid["places"]:
        places.setdefault(p["name"], []).append(p)
    overrides, fixed = [], {}
    for t in spec["towns"]:
        h = town_hex(t, places)
        rec = mine(h)
        rec["town"] = {"name": t["name"], "kind": t["kind"]}
        rec["prov"]["town"] = t.get("source") or spec["town_source"]["source"]
        if t.get("province"):   # a capital's hex is its province's (V 13: a town's hex is its region's)
            fixed[h] = t["province"]
        if t.get("why"):
            overrides.append({"hex": h, "field": "town", "value": rec["town"], "source": rec["prov"]["town"],
                              "why": t["why"]})
    for o in sorted(spec["overrides"], key=lambda o: KINDS.index(o["source"])):
        rec = mine(o["hex"])
        rec[o["field"]] = o["value"]
        rec["prov"][o["field"]] = o["source"]
        overrides.append(o)
    for h, rec in hexes.items():      # land by a hand override where the first cut has sea: South Vietnam
        if rec["terrain"] != "all-sea" and "country" not in rec:
            rec["country"] = "svn"
            rec["prov"]["country"] = rec["prov"]["terrain"]
    # provinces: the nearest GeoNames place's (as area.build), outside the windows
    anchors = A.province_places(grid, table)
    for h, rec in hexes.items():
        if h not in inside and (rec.get("country") == "svn" or "svn" in rec.get("border", [])):
            ll = G.hex_latlon(h)
            rec["province"] = min(anchors, key=lambda a: A._dist2(ll, a[:2]))[2]
            rec["prov"]["province"] = "geodata"
    for h, p in fixed.items():
        if hexes[h]["province"] != p:
            overrides.append({"hex": h, "field": "province", "value": p, "source": "reconstruction",
                              "why": f"the hex of {hexes[h]['town']['name']}, a capital, is its province's (V 13: a "
                                     f"town's hex is the town's region); the nearest place says {hexes[h]['province']}"})
            hexes[h]["province"] = p
            hexes[h]["prov"]["province"] = "reconstruction"
    lay_lines(hexes, inside, list(table["names"]))     # provinces.json's order, north to south
    # disputed border hexes (V 16.2, design)
    dis = spec["disputed"]
    for lat, lon in dis["points"]:
        at = G.latlon_hex(lat, lon)
        for h, rec in hexes.items():
            if rec.get("border") and "svn" in rec["border"] and _hexdist(h, at) <= dis["within"]:
                mine(h)["disputed"] = True
                rec["prov"]["disputed"] = dis["source"]
    # hexsides: the windows' (hand-typed), the Mekong's water sides, WDB-II minor rivers elsewhere
    sides = {}
    water = water_sides(hexes, spec["rivers"]["water"])
    for k, name in water.items():
        if not all(x in inside for x in k.split("|")):
            sides[k] = {"kind": "water", "name": name, "prov": spec["rivers"]["source"]}
    for k in grid["river_sides"]:
        if k not in sides and not all(x in inside for x in k.split("|")):
            sides[k] = {"river": "minor", "name": "river (WDB-II)", "prov": spec["minor_rivers"]["source"]}
    sides.update(won_sides)
    # roads: the windows' steps, then the country's routes (never into a play area's hexes; into a
    # window's margin where a route runs on to the window's road)
    roads = {}
    for k, (name, kind, prov) in sorted(won_steps.items()):
        roads.setdefault(name, {"kind": kind, "steps": [], "prov": prov})["steps"].append(k)
    towns = {rec["town"]["name"]: h for h, rec in hexes.items() if rec.get("town")}

    def closed(x, y):
        return x in play or y in play
    for name, r in spec["roads"]["routes"].items():
        via = [towns.get(w, w) for w in r["via"]]
        path = [via[0]]
        for a, b in zip(via, via[1:]):
            path += route(hexes, a, b, closed)[1:]
        roads[name] = {"kind": r["kind"], "hexes": path, "prov": spec["roads"]["source"], "why": r["why"]}
    for name, r in roads.items():      # a window's road as its steps joined into runs
        if "steps" in r:
            r["hexes"] = _runs(r.pop("steps"))
    trail = trail_boxes(hexes, spec["trail"])
    return {
        "meta": {"area": "country",
                 "notes": "The whole map (issue 47): the first cut from real geodata under the hand data of the "
                          "country (tools/map_v65/country.json) and of the three play areas, whose windows are cut "
                          "from it (tools/map_v65/area.py); each hex's prov says where each value comes from.",
                 "what": spec["what"],
                 "sources": [k for k in KINDS if any(k in r["prov"].values() for r in hexes.values())],
                 "schema": dict(A.SCHEMA, disputed="on a disputed stretch of the border (V 16.2): the hexes beside "
                                                   "it are in dispute (design)"),
                 "provinces": table["names"],
                 "province_rule": table["what"],
                 "windows": {a: specs[a]["extent"] for a in WINDOWS},
                 "why": {"roads": spec["roads"]["why"], "water": spec["rivers"]["why"],
                         "minor_rivers": spec["minor_rivers"]["why"], "disputed": dis["why"]},
                 "off_map": {"north": spec["north"], "trail": {"source": spec["trail"]["source"],
                                                               "why": spec["trail"]["why"], "boxes": trail}},
                 "geodata": grid["meta"]["sources"],
                 "first_cut": grid["meta"]["method"]},
        "terrain_types": sorted({r["terrain"] for r in hexes.values()}),
        "hexes": dict(sorted(hexes.items())),
        "hexsides": dict(sorted(sides.items())),
        "roads": dict(sorted(roads.items())),
        "overrides": won_overrides + overrides,
    }


def _axial(h):
    c, r = G.cr(h)
    return c, r - (c + (c & 1)) // 2


def _hexdist(a, b):
    """Hexes from a to b (reference 4.1, as hexes.distance)."""
    (qa, ra), (qb, rb) = _axial(a), _axial(b)
    return (abs(qa - qb) + abs(ra - rb) + abs(qa - qb + ra - rb)) // 2


def _runs(steps: list) -> list:
    """Road steps ("a|b") joined into one run of hexes where they chain (a road a window cut into
    pieces stays pieces: the pieces come one after another, each its own run, in `hexes` lists)."""
    adj = {}
    for k in steps:
        a, b = k.split("|")
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    ends = sorted(h for h, ns in adj.items() if len(ns) == 1) or sorted(adj)[:1]
    seen, runs = set(), []
    for e in ends + sorted(adj):
        if any(step(e, n) not in seen for n in adj[e]):
            run = [e]
            while True:
                nxt = [n for n in adj[run[-1]] if step(run[-1], n) not in seen]
                if not nxt:
                    break
                seen.add(step(run[-1], nxt[0]))
                run.append(nxt[0])
            runs.append(run)
    if len(runs) != 1:
        raise SystemExit(f"a window's road in {len(runs)} pieces: name its pieces apart")
    return runs[0]


def dump(m: dict) -> str:
    """One hex per line (diff-friendly and small)."""
    out = ["{", ' "meta": ' + json.dumps(m["meta"], indent=1, ensure_ascii=False).replace("\n", "\n ") + ",",
           ' "terrain_types": ' + json.dumps(m["terrain_types"]) + ",", ' "hexes": {']
    items = list(m["hexes"].items())
    out += [f'  "{h}": {json.dumps(r, ensure_ascii=False)}' + ("," if i < len(items) - 1 else "")
            for i, (h, r) in enumerate(items)]
    out.append(" },")
    for key in ("hexsides", "roads"):
        out.append(f' "{key}": {{')
        items = list(m[key].items())
        out += [f'  "{k}": {json.dumps(v, ensure_ascii=False)}' + ("," if i < len(items) - 1 else "")
                for i, (k, v) in enumerate(items)]
        out.append(" },")
    out.append(' "overrides": [')
    out += ["  " + json.dumps(o, ensure_ascii=False) + ("," if i < len(m["overrides"]) - 1 else "")
            for i, o in enumerate(m["overrides"])]
    out += [" ]", "}"]
    return "\n".join(out) + "\n"


def main() -> int:
    grid = load("svn_firstcut.json")
    m = build(grid, load("country.json"), areas())
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(dump(m))
    land = sum(1 for r in m["hexes"].values() if r.get("country") == "svn")
    print(f"wrote {os.path.relpath(OUT, REPO)}: {len(m['hexes'])} hexes ({land} South Vietnam), "
          f"{len(m['hexsides'])} hexsides, {len(m['roads'])} roads, "
          f"{sum(1 for r in m['hexes'].values() if r.get('town'))} towns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
