"""Cut a play area out of the first cut and lay its hand data over it (issue 11 section 3):

    PYTHONPATH=tools/map_v65/.pydeps python3 tools/map_v65/area.py [--area quangngai] [--accept]

reads  game/rules/vietnam_1965_1975/data/map_country.json (the whole map, country.py) and
       tools/map_v65/areas/<area>.json (the play area: its extent and play definition)
writes game/rules/vietnam_1965_1975/data/map_<area>.json (committed; the map file a scenario reads)

The window is the whole map cut to the area's extent (window()); the area's own hand data (towns,
rivers, roads, overrides, regions; "include" takes another area's for the hexes they share) and
the first cut (svn_firstcut.json), provinces.json, are laid by build(), which country.py calls for
each area: those are the values the whole map keeps in the area's window.

Order, lowest first: the first cut (source "geodata": GSHHG sea, MODIS cover, relief, Natural Earth
countries and borders, GeoNames provinces), the hand map (reconstruction), the play reports, the
rulebook. Every hex records where each of its values comes from (`prov`); the overrides are kept in
the file for the About page. The per-hex fields are listed in SCHEMA (copied into the file's meta).

Safety: before writing, the new map is compared with the one on disk on everything the rules read
(terrain, play area, towns, port, beach, province, boundary, country, border, river hexsides, roads). Differences are printed; they are
written only with --accept (then update the rules tests honestly). It also prints how often the
first cut agrees with the final map per terrain type."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import geofit as G          # noqa: E402

DATA = os.path.join(REPO, "game/rules/vietnam_1965_1975/data")
KINDS = ("geodata", "reconstruction", "play report", "rulebook")   # weakest first


def first_cut_for(hexes, grid):
    """First-cut records for the area, from the whole-country grid (which covers every area's extent)."""
    missing = [h for h in hexes if h not in grid["hexes"]]
    if missing:
        raise SystemExit(f"hexes {missing[:5]}... not in svn_firstcut.json: run firstcut.py after adding an area")
    return {h: grid["hexes"][h] for h in hexes}


COUNTRY = {"SVN": "svn", "SVN?": "svn", "NVN": "nvn", "Laos": "laos", "Cambodia": "cambodia", "Thailand": "thailand"}
# "SVN?": a coast hex whose centre falls just off the 1:10m polygon (firstcut.py): South Vietnam
PROVINCES = os.path.join(HERE, "provinces.json")
SCHEMA = {
    "terrain": "TEC terrain type (V 4, data/terrain.json)",
    "play": "in the play area (V 18.1): the play-area provinces and their boundary hexes",
    "town": "{name, kind}: a population centre; kind 'town', 'province capital' (circle), 'city' (square "
            "capital city: Gia Dinh, Bien Hoa, Qui Nhon, Da Nang) or 'major city' (star: Saigon, Hue) (V 4 "
            "Population centers; V 18.1 victory points)",
    "port": "a port of V 17.1", "beach": "a landing beach (V 3.4)",
    "province": "the 1965 province (region, V 7.6) the hex lies in; absent at sea and beyond the borders",
    "boundary": "on a region boundary: the provinces whose line runs through the hex (boundaries run through "
                "hexes; a unit there is in either region, V 7.6, V 18.1 'set up on its boundary')",
    "country": "svn, nvn, laos or cambodia: the country holding the hex centre (land hexes only)",
    "border": "on an international border: the countries whose border runs through the hex ('Most borders run "
              "through hexes rather than along hexsides'; a unit there is on whichever side its owner "
              "desires, V 3 Borders; national border hexes are not in SVN for the 1/2 VP award, V 18.1)",
    "place": "[{name, what}]: named places drawn on the map with no rules effect (camps, landing zones, massifs)",
    "prov": "where each of the hex's values comes from: geodata < reconstruction < play report < rulebook",
}


def _dist2(a, b):
    """Squared distance in km between two (lat, lon) points (equirectangular, the fit's own frame)."""
    return ((a[0] - b[0]) * G.KY) ** 2 + ((a[1] - b[1]) * G.KX) ** 2


def _beyond(p: dict, sp: dict) -> bool:
    """A place on the split's side of its line: south_of / north_of a latitude, west_of / east_of a
    longitude (provinces.json "split")."""
    return ((p["lat"] < sp["south_of"]) if "south_of" in sp else (p["lat"] >= sp["north_of"]) if "north_of" in sp
            else (p["lon"] < sp["west_of"]) if "west_of" in sp else (p["lon"] >= sp["east_of"]))


def province_places(grid: dict, table: dict) -> list[tuple[float, float, str]]:
    """(lat, lon, province) of every GeoNames place, read as 1965 provinces (provinces.json)."""
    out = []
    for p in grid["places"]:
        prov = table["admin1"].get(p["province"])
        for sp in table.get("split", []):
            if p["province"] == sp["admin1"] and _beyond(p, sp):
                prov = sp["province"]
        prov = (table["places"].get(p["name"]) or {}).get("province", prov)
        if prov:
            out.append((p["lat"], p["lon"], prov))
    out += [(a["lat"], a["lon"], a["province"]) for a in table.get("anchors", [])]
    return out


def _included(spec: dict, ids: set) -> dict:
    """Another area's hand data (spec "include"), cut to this area's extent: its towns, rivers, roads,
    overrides and regions, so that two maps that overlap say the same about the hexes they share."""
    inc = json.load(open(os.path.join(HERE, "areas", f"{spec['include']}.json")))
    inside = lambda key: all(h in ids for h in key.split("|"))   # noqa: E731
    return {
        "towns": inc["towns"],
        "sides": {k: v for k, v in inc["hexsides"]["sides"].items() if inside(k)},
        "sides_source": inc["hexsides"]["source"], "sides_why": inc["hexsides"]["why"],
        "roads_why": inc["roads"]["why"],
        "roads": {k: dict(v, hexes=[h for h in v["hexes"] if h in ids]) for k, v in inc["roads"]["routes"].items()},
        "roads_source": inc["roads"]["source"],
        "overrides": [o for o in inc["overrides"] if inside(o.get("hex") or o.get("hexside"))],
        "regions": regions_of(inc),
    }


def regions_of(spec: dict) -> list:
    """The spec's regions; one marked "play" takes the hand play area's lists (in, boundary) as its
    hexes and its line, so the two never disagree."""
    out = []
    for reg in spec.get("regions", []):
        if reg.get("play"):
            reg = dict(reg, **{"in": spec["play"]["in"], "line": spec["play"]["boundary"]})
        out.append(reg)
    return out


def build(spec: dict, grid: dict) -> dict:
    """The play area's map JSON: pure Python (geofit only), so a test can rebuild it."""
    (c0, c1), (r0, r1) = spec["extent"]["cols"], spec["extent"]["rows"]
    ids = [G.hid(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
    first = first_cut_for(ids, grid)
    table = json.load(open(PROVINCES))
    inc = _included(spec, set(ids)) if spec.get("include") else None
    hexes = {}
    for h in ids:
        hexes[h] = {"terrain": first[h]["terrain"], "prov": {"terrain": "geodata"}}
        if first[h].get("country"):
            hexes[h]["country"] = COUNTRY.get(first[h]["country"], first[h]["country"].lower())
            hexes[h]["prov"]["country"] = "geodata"
        if first[h].get("border"):
            hexes[h]["border"] = sorted(COUNTRY.get(c, c.lower()) for c in first[h]["border"])
            hexes[h]["prov"]["border"] = "geodata"
    # towns: GeoNames positions through the fit unless an entry gives its hex
    places = {p["name"]: p for p in grid["places"]}
    town_overrides = []
    towns = [t for t in (inc["towns"] if inc else []) if t["name"] not in {x["name"] for x in spec["towns"]}]
    for t in towns + spec["towns"]:
        p = places.get(t["geonames"])
        h = t.get("hex") or (p and p["hex"])
        if not h:
            raise SystemExit(f"town {t['name']}: not in GeoNames ({t['geonames']}) and no hex given")
        if h not in hexes:
            continue     # an included area's town outside this extent
        hexes[h]["town"] = {"name": t["name"], "kind": t["kind"]}
        hexes[h]["prov"]["town"] = t.get("source") or spec["town_source"]["source"]
        if t.get("why"):       # a hand position or a kind with its reasoning (city or capital)
            town_overrides.append({"hex": h, "field": "town", "value": hexes[h]["town"],
                                   "source": t.get("source") or spec["town_source"]["source"], "why": t["why"]})
    for pl in spec.get("places", []):
        h = pl.get("hex") or G.latlon_hex(pl["lat"], pl["lon"])
        hexes[h].setdefault("place", []).append({"name": pl["name"], "what": pl["what"]})
        hexes[h]["prov"]["place"] = pl["source"]
    sides = {}
    if inc:
        sides.update({k: dict(v, prov=inc["sides_source"]) for k, v in inc["sides"].items()})
    for k, v in spec["hexsides"]["sides"].items():
        sides[k] = dict(v, prov=spec["hexsides"]["source"])
    roads = {}
    if inc:
        roads.update({k: dict(v, prov=inc["roads_source"]) for k, v in inc["roads"].items() if len(v["hexes"]) > 1})
    for k, v in spec["roads"]["routes"].items():
        if v.get("continues"):      # the same road carried on beyond the included area's end
            base = roads[v["continues"]]
            base["hexes"] = base["hexes"] + [h for h in v["hexes"] if h not in base["hexes"]]
        else:
            roads[k] = dict(v, prov=spec["roads"]["source"])
    # overrides, weakest source first so that a stronger one wins on the same field
    overrides = (inc["overrides"] if inc else []) + spec["overrides"]
    cuts = set()
    for o in sorted(overrides, key=lambda o: KINDS.index(o["source"])):
        if "hex" in o:
            rec = hexes[o["hex"]]
            rec[o["field"]] = o["value"]
            rec["prov"][o["field"]] = o["source"]
        elif "hexside" in o and o["field"] == "road":
            cuts.add(o["hexside"])     # a road step the evidence denies (the road is cut there)
        elif "hexside" in o:
            if o["value"] is None:
                sides.pop(o["hexside"], None)
            else:
                side = sides.setdefault(o["hexside"], {})
                side[o["field"]] = o["value"]
                side["prov"] = o["source"]
    roads = cut_roads(roads, cuts)
    for rec in hexes.values():     # land by a hand override where the first cut has sea: South Vietnam
        if rec["terrain"] != "all-sea" and "country" not in rec:
            rec["country"] = "svn"
            rec["prov"]["country"] = rec["prov"]["terrain"]
    # provinces: the nearest GeoNames place's, on SVN land and SVN border hexes (provinces.json)
    anchors = province_places(grid, table)
    for h, rec in hexes.items():
        if "province" not in rec and (rec.get("country") == "svn" or "svn" in rec.get("border", [])):
            ll = G.hex_latlon(h)
            rec["province"] = min(anchors, key=lambda a: _dist2(ll, a[:2]))[2]
            rec["prov"]["province"] = "geodata"
    regions = (inc["regions"] if inc else []) + regions_of(spec)
    lay_regions(hexes, regions, anchors)
    play = play_hexes(hexes, spec["play"])
    for h, rec in hexes.items():
        rec["play"] = h in play
        rec["prov"]["play"] = spec["play"]["source"]
    terrains = sorted({r["terrain"] for r in hexes.values()})
    counts = Counter(p for r in hexes.values() for p in r["prov"].values())
    present = sorted({r["province"] for r in hexes.values() if r.get("province")})
    return {
        "meta": {"area": spec["area"],
                 "notes": _notes("Built by tools/map_v65 (build.sh)", counts, spec),
                 "why": {k: " / ".join(w for w in ws if w) for k, ws in (
                     ("hexsides", [inc and inc["sides_why"], spec["hexsides"]["why"]]),
                     ("roads", [inc and inc["roads_why"], spec["roads"]["why"]]),
                     ("play", [spec["play"]["why"]]))},
                 "sources": [k for k in KINDS if counts.get(k)],
                 "schema": SCHEMA,
                 "provinces": {k: table["names"].get(k, k) for k in present},
                 "play_regions": spec["play"].get("regions", []),
                 "province_rule": table["what"],
                 "geodata": grid["meta"]["sources"],
                 "first_cut": grid["meta"]["method"]},
        "terrain_types": terrains,
        "hexes": hexes,
        "hexsides": sides,
        "roads": roads,
        "overrides": overrides + town_overrides,
    }


def cut_roads(roads: dict, cuts: set) -> dict:
    """Roads with the steps in `cuts` ("a|b" hexsides, overrides of field "road" and value None)
    taken out: a route cut in the middle becomes its parts, the first keeping the name, the others
    named "<name> (<first hex>-<last hex>)"; a part of one hex is no road."""
    if not cuts:
        return roads
    out = {}
    for name, road in roads.items():
        parts, cur = [], [road["hexes"][0]]
        for a, b in zip(road["hexes"], road["hexes"][1:]):
            if "|".join(sorted((a, b))) in cuts:
                parts.append(cur)
                cur = [b]
            else:
                cur.append(b)
        parts.append(cur)
        parts = [p for p in parts if len(p) > 1]
        for i, p in enumerate(parts):
            out[name if i == 0 else f"{name} ({p[0]}-{p[-1]})"] = dict(road, hexes=p)
    return out


def window(country: dict, spec: dict) -> dict:
    """The play area's map as the game reads it: the country map (country.py, map_country.json) cut to
    the area's extent, with its play area (spec "play") marked; the hexsides and road steps inside
    the extent; the overrides that concern it (for the About page)."""
    (c0, c1), (r0, r1) = spec["extent"]["cols"], spec["extent"]["rows"]
    ids = [G.hid(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
    inside = set(ids)
    hexes = {h: json.loads(json.dumps(country["hexes"][h])) for h in ids}
    play = play_hexes(hexes, spec["play"])
    for h, rec in hexes.items():
        rec["play"] = h in play
        rec["prov"]["play"] = spec["play"]["source"]
        rec["prov"] = {k: rec["prov"][k] for k in sorted(rec["prov"], key=_FIELDS.index)}
    sides = {k: v for k, v in country["hexsides"].items() if all(h in inside for h in k.split("|"))}
    roads = {}
    for name, road in country["roads"].items():
        runs, cur = [], []
        for h in road["hexes"]:
            if h in inside:
                cur.append(h)
            else:
                runs.append(cur)
                cur = []
        runs = [r for r in runs + [cur] if len(r) > 1]
        for i, run in enumerate(runs):
            roads[name if i == 0 else f"{name} ({run[0]}-{run[-1]})"] = {k: v for k, v in road.items() if k != "hexes"} | {"hexes": run}
    seen, overrides = set(), []
    for o in country["overrides"]:
        key = json.dumps(o, sort_keys=True)
        if key not in seen and all(h in inside for h in (o.get("hex") or o.get("hexside")).split("|")):
            seen.add(key)
            overrides.append(o)
    table = json.load(open(PROVINCES))
    present = sorted({r["province"] for r in hexes.values() if r.get("province")})
    counts = Counter(p for r in hexes.values() for p in r["prov"].values())
    meta = country["meta"]
    return {
        "meta": {"area": spec["area"],
                 "notes": _notes("A window of the whole map (map_country.json, tools/map_v65/country.py)", counts, spec),
                 "window_of": "map_country.json",
                 "why": {"hexsides": _why(spec, "hexsides"), "roads": _why(spec, "roads"), "play": spec["play"]["why"]},
                 "sources": [k for k in KINDS + ("design",) if counts.get(k)],
                 "schema": SCHEMA,
                 "provinces": {k: table["names"].get(k, k) for k in present},
                 "play_regions": spec["play"].get("regions", []),
                 "province_rule": table["what"],
                 "geodata": meta["geodata"],
                 "first_cut": meta["first_cut"]},
        "terrain_types": sorted({r["terrain"] for r in hexes.values()}),
        "hexes": hexes,
        "hexsides": sides,
        "roads": roads,
        "overrides": overrides,
    }


_FIELDS = ("terrain", "country", "border", "town", "place", "port", "beach", "province", "boundary", "disputed", "play")


def _notes(lead: str, counts: Counter, spec: dict) -> str:
    """The map file's notes: what it is built from, by the sources its values carry."""
    return (lead + ": a first cut from real geodata (GSHHG coastline, MODIS 2019 land cover, Natural Earth relief "
            "and borders, GeoNames towns and provinces) under the hand map (reconstruction)"
            + (", the play-report corrections of research 7" if counts.get("play report") else "")
            + (" and the rulebook's hexes" if counts.get("rulebook") else "")
            + "; each hex's prov says which one each value comes from."
            + (" " + spec["what"] if spec.get("what") else ""))


def _why(spec: dict, key: str) -> str:
    """The hand data's reason for its hexsides or roads, with an included area's."""
    ws = []
    if spec.get("include"):
        ws.append(json.load(open(os.path.join(HERE, "areas", f"{spec['include']}.json")))[key]["why"])
    return " / ".join(w for w in ws + [spec[key]["why"]] if w)


def lay_regions(hexes: dict, regions: list, anchors: list) -> None:
    """Region provinces and boundary lines (V 7.6: boundaries run through hexes). A region with an
    "in" list fixes its hexes' province by hand (and a hex beyond its hand line that the nearest
    place would give it takes the nearest other province's); its "line" list (by hand) or else the
    hexes just outside it, next to its hexes not yet on a line, carry the boundary. Foreign land is
    never on a region line (the border is its own line)."""
    for reg in regions:
        p = reg["province"]
        if "in" not in reg:
            continue
        hand = set(reg["in"]) | set(reg.get("line", []))
        for h, rec in hexes.items():
            if h in reg["in"]:
                rec["province"] = p
                rec["prov"]["province"] = reg["source"]
            elif rec.get("province") == p and h not in hand:
                ll = G.hex_latlon(h)
                rec["province"] = min((a for a in anchors if a[2] != p), key=lambda a: _dist2(ll, a[:2]))[2]
                rec["prov"]["province"] = reg["source"]
    for reg in regions:
        p = reg["province"]
        if "line" in reg:
            line = [h for h in reg["line"] if h in hexes]
        else:
            inner = {h for h, r in hexes.items() if r.get("province") == p and p not in r.get("boundary", [])}
            line = sorted({n for h in inner for n in neighbours(h) if n in hexes and n not in inner
                           and hexes[n].get("province") != p
                           and (hexes[n].get("province") or hexes[n]["terrain"] == "all-sea")})
        for h in line:
            rec = hexes[h]
            own = rec.get("province")
            others = {own} if own and own != p else \
                {hexes[n].get("province") for n in neighbours(h) if n in hexes} - {None, p}
            rec["boundary"] = sorted(set(rec.get("boundary", [])) | {p} | others)
            rec["prov"]["boundary"] = reg["source"]


def play_hexes(hexes: dict, play: dict) -> set:
    """The play area: a hand list (in + boundary), or the hexes of the play regions and their lines."""
    if "in" in play:
        return set(play["in"]) | set(play["boundary"])
    regs = set(play["regions"])
    return {h for h, r in hexes.items() if r.get("province") in regs or regs & set(r.get("boundary", []))}


def neighbours(h: str) -> list[str]:
    c, r = G.cr(h)
    if c & 1:
        cells = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cells = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return [G.hid(a, b) for a, b in cells if a >= 0 and b >= 0]


def rules_view(m: dict) -> dict:
    """What the rules read from a map (hexes.py): compared before a rebuild is written."""
    keys = ("terrain", "play", "town", "port", "beach", "province", "boundary", "country", "border")
    hexes = {h: {k: r.get(k) for k in keys if r.get(k) is not None}
             for h, r in m["hexes"].items()}
    sides = {k: v.get("river") or v.get("kind") for k, v in m.get("hexsides", {}).items()}
    roads = {"|".join(sorted((str(a), str(b)))): "road" for v in m.get("roads", {}).values()
             for a, b in zip(v["hexes"], v["hexes"][1:])}     # the road steps (names and order aside)
    return {"hexes": hexes, "hexsides": sides, "roads": roads}


def differences(old: dict, new: dict) -> list[str]:
    a, b = rules_view(old), rules_view(new)
    out = []
    for part in ("hexes", "hexsides", "roads"):
        for k in sorted(set(a[part]) | set(b[part])):
            if a[part].get(k) != b[part].get(k):
                out.append(f"{part} {k}: {a[part].get(k)} -> {b[part].get(k)}")
    return out


def agreement(m: dict, first: dict) -> dict:
    """Per final terrain type in the play area: how many hexes the first cut already got right."""
    tab = {}
    for h, r in m["hexes"].items():
        if not r["play"]:
            continue
        t = r["terrain"]
        row = tab.setdefault(t, {"hexes": 0, "first cut agrees": 0, "first cut said": Counter()})
        row["hexes"] += 1
        if first[h]["terrain"] == t:
            row["first cut agrees"] += 1
        else:
            row["first cut said"][first[h]["terrain"]] += 1
    return tab


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--area", default="quangngai")
    ap.add_argument("--accept", action="store_true", help="write even if what the rules read changes")
    a = ap.parse_args()
    spec = json.load(open(os.path.join(HERE, "areas", f"{a.area}.json")))
    grid = json.load(open(os.path.join(HERE, "svn_firstcut.json")))
    new = window(json.load(open(os.path.join(DATA, "map_country.json"))), spec)
    dst = os.path.join(DATA, f"map_{a.area}.json")
    first = first_cut_for(new["hexes"], grid)
    for t, row in sorted(agreement(new, first).items()):
        said = ", ".join(f"{k} {n}" for k, n in row["first cut said"].most_common())
        print(f"  {t:13s} {row['first cut agrees']:3d} of {row['hexes']:3d} play-area hexes as the first cut"
              + (f" (it said {said})" if said else ""))
    if os.path.exists(dst):
        diffs = differences(json.load(open(dst)), new)
        for d in diffs:
            print("  CHANGED " + d)
        if diffs and not a.accept:
            print(f"{len(diffs)} differences in what the rules read: not written (use --accept)")
            return 1
    with open(dst, "w") as fh:
        fh.write(json.dumps(new, indent=1) + "\n")
    print(f"wrote {os.path.relpath(dst, REPO)}: {len(new['hexes'])} hexes, {len(spec['overrides'])} overrides")
    return 0


if __name__ == "__main__":
    sys.exit(main())
