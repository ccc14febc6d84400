"""Cut a play area out of the first cut and lay its hand data over it (issue 11 section 3):

    PYTHONPATH=tools/map_v65/.pydeps python3 tools/map_v65/area.py [--area quangngai] [--accept]

reads  tools/map_v65/svn_firstcut.json (firstcut.py) and tools/map_v65/areas/<area>.json (hand data)
writes game/rules/vietnam_1965_1975/data/map_<area>.json (committed; the only map file the game reads)

Order, lowest first: the first cut (source "geodata": GSHHG sea, MODIS cover, relief), the hand
map (reconstruction), the play reports, the rulebook. Every hex records where each of its values
comes from (`prov`); the overrides are kept in the file for the About page.

Safety: before writing, the new map is compared with the one on disk on everything the rules read
(terrain, play area, towns, port, beach, river hexsides, roads). Differences are printed; they are
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


def build(spec: dict, grid: dict) -> dict:
    """The play area's map JSON: pure Python (geofit only), so a test can rebuild it."""
    (c0, c1), (r0, r1) = spec["extent"]["cols"], spec["extent"]["rows"]
    ids = [G.hid(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
    first = first_cut_for(ids, grid)
    play = set(spec["play"]["in"]) | set(spec["play"]["boundary"])
    hexes = {}
    for h in ids:
        hexes[h] = {"terrain": first[h]["terrain"], "play": h in play,
                    "prov": {"terrain": "geodata", "play": spec["play"]["source"]}}
    # towns: GeoNames positions through the fit unless an entry gives its hex
    places = {p["name"]: p for p in grid["places"]}
    town_overrides = []
    for t in spec["towns"]:
        p = places.get(t["geonames"])
        h = t.get("hex") or (p and p["hex"])
        if not h:
            raise SystemExit(f"town {t['name']}: not in GeoNames ({t['geonames']}) and no hex given")
        hexes[h]["town"] = {"name": t["name"], "kind": t["kind"]}
        hexes[h]["prov"]["town"] = t.get("source") or spec["town_source"]["source"]
        if t.get("hex"):
            town_overrides.append({"hex": h, "field": "town", "value": hexes[h]["town"], "source": t["source"],
                                   "why": t["why"]})
    sides = {k: dict(v) for k, v in spec["hexsides"]["sides"].items()}
    for v in sides.values():
        v["prov"] = spec["hexsides"]["source"]
    roads = {k: dict(v, prov=spec["roads"]["source"]) for k, v in spec["roads"]["routes"].items()}
    # overrides, weakest source first so that a stronger one wins on the same field
    for o in sorted(spec["overrides"], key=lambda o: KINDS.index(o["source"])):
        if "hex" in o:
            rec = hexes[o["hex"]]
            rec[o["field"]] = o["value"]
            rec["prov"][o["field"]] = o["source"]
        elif "hexside" in o:
            if o["value"] is None:
                sides.pop(o["hexside"], None)
            else:
                side = sides.setdefault(o["hexside"], {})
                side[o["field"]] = o["value"]
                side["prov"] = o["source"]
    terrains = sorted({r["terrain"] for r in hexes.values()})
    counts = Counter(p for r in hexes.values() for p in r["prov"].values())
    return {
        "meta": {"area": spec["area"],
                 "notes": "Built by tools/map_v65 (build.sh): a first cut from real geodata (GSHHG coastline, "
                          "MODIS 2019 land cover, Natural Earth relief, GeoNames towns) under the hand map of "
                          "reference 4.7, the play-report corrections of research 7 and the rulebook's hexes; "
                          "each hex's prov says which one each value comes from.",
                 "sources": [k for k in KINDS if counts.get(k)],
                 "geodata": grid["meta"]["sources"],
                 "first_cut": grid["meta"]["method"]},
        "terrain_types": terrains,
        "hexes": hexes,
        "hexsides": sides,
        "roads": roads,
        "overrides": spec["overrides"] + town_overrides,
    }


def rules_view(m: dict) -> dict:
    """What the rules read from a map (hexes.py): compared before a rebuild is written."""
    hexes = {h: {k: r.get(k) for k in ("terrain", "play", "town", "port", "beach") if r.get(k) is not None}
             for h, r in m["hexes"].items()}
    sides = {k: v.get("river") or v.get("kind") for k, v in m.get("hexsides", {}).items()}
    roads = {k: [str(x) for x in v["hexes"]] for k, v in m.get("roads", {}).items()}
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
    new = build(spec, grid)
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
