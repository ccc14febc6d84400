#!/usr/bin/env python3
"""Consistency check for game/rules/mike_force/data/map.json (Mike Force map, RECON §5.1).

Usage: python3 tools/map/check_map.py [path/to/map.json]
Exits non-zero and prints every problem found.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "..", "..", "game", "rules", "mike_force", "data", "map.json")

REGIONS = {"SVN", "LAOS", "NVN", "DMZ"}
TYPES = {"major_base", "jungle", "open", "base_area"}
SPACE_KEYS = {"name", "region", "type", "number", "parent", "children", "group", "lat", "lon", "recon", "note"}
EXPECTED_IDS = set("DN HVP HUE PDI QTR DHA CTH DMZ VLI QBI CLO KSN LVE TCH B604 B114 ALU ASH B611 "
                   "DBN DLC TDC B112 KDC B614 QSN NSN B117 TBG B121 PAN".split())


def check(m):
    errs = []
    sp = m["spaces"]
    if set(sp) != EXPECTED_IDS:
        errs.append("space ids differ from reference: missing %s extra %s"
                    % (sorted(EXPECTED_IDS - set(sp)), sorted(set(sp) - EXPECTED_IDS)))
    groups = m["groups"]["advance_order"]
    if m["groups"]["withdraw_order"] != list(reversed(groups)):
        errs.append("withdraw_order is not the reverse of advance_order")
    for sid, s in sp.items():
        if set(s) != SPACE_KEYS:
            errs.append("%s: keys %s" % (sid, sorted(set(s) ^ SPACE_KEYS)))
        if s.get("region") not in REGIONS:
            errs.append("%s: bad region %r" % (sid, s.get("region")))
        if s.get("type") not in TYPES:
            errs.append("%s: bad type %r" % (sid, s.get("type")))
        if s.get("group") not in groups:
            errs.append("%s: bad group %r" % (sid, s.get("group")))
        if not (14.0 < s["lat"] < 19.0 and 104.5 < s["lon"] < 109.5):
            errs.append("%s: lat/lon out of the I Corps frame" % sid)
        ch = s["children"]
        if set(ch) not in (set(), {"next"}, {"N", "S"}):
            errs.append("%s: children keys must be {}, {next} or {N,S}: %s" % (sid, sorted(ch)))
        for c in ch.values():
            if c not in sp:
                errs.append("%s: child %s does not exist" % (sid, c))
            elif sp[c]["parent"] != sid:
                errs.append("%s: child %s has parent %s" % (sid, c, sp[c]["parent"]))
            elif sp[c]["number"] != s["number"] + 1:
                errs.append("%s: child %s number %s != %s+1" % (sid, c, sp[c]["number"], s["number"]))
        p = s["parent"]
        if sid == "DN":
            if p is not None or s["number"] != 0:
                errs.append("DN must be the root with number 0")
        else:
            if p not in sp:
                errs.append("%s: parent %r does not exist" % (sid, p))
            elif sid not in sp[p]["children"].values():
                errs.append("%s: parent %s does not list it as a child" % (sid, p))
        if sid in m["major_bases"] and s["type"] != "major_base":
            errs.append("%s listed in major_bases but type %s" % (sid, s["type"]))
        if s["type"] == "major_base" and sid not in m["major_bases"]:
            errs.append("%s is a major_base but not in major_bases" % sid)
    if sorted(m["major_bases"]) != sorted(["DN", "HUE", "QTR", "KSN"]):
        errs.append("major_bases must be DN, HUE, QTR, KSN (rules 3.2)")
    # tree rooted at DN: every space reaches DN via parents without cycles
    for sid in sp:
        seen, cur = set(), sid
        while cur is not None and cur in sp:
            if cur in seen:
                errs.append("%s: parent cycle" % sid)
                break
            seen.add(cur)
            cur = sp[cur]["parent"]
        if "DN" not in seen:
            errs.append("%s: does not reach DN through parents" % sid)
    # routes = root-to-leaf paths, one per leaf, consistent with parents
    leaves = {sid for sid, s in sp.items() if not s["children"]}
    ends = set()
    covered = set()
    for rid, path in m["routes"].items():
        if path[0] != "DN":
            errs.append("route %s does not start at DN" % rid)
        for a, b in zip(path, path[1:]):
            if b not in sp or sp[b]["parent"] != a:
                errs.append("route %s: %s -> %s is not a parent link" % (rid, a, b))
        for i, x in enumerate(path):
            if x in sp and sp[x]["number"] != i:
                errs.append("route %s: %s has number %s but is at position %d" % (rid, x, sp[x]["number"], i))
        end = path[-1]
        ends.add(end)
        covered.update(path)
        if end not in leaves:
            errs.append("route %s does not end at a route end" % rid)
        if sp.get(end, {}).get("region") not in ("LAOS", "NVN"):
            errs.append("route %s ends in %s, not Laos/NVN (10.2)" % (rid, sp.get(end, {}).get("region")))
    if ends != leaves:
        errs.append("route ends %s != leaves %s" % (sorted(ends), sorted(leaves)))
    if covered != set(sp):
        errs.append("spaces on no route: %s" % sorted(set(sp) - covered))
    # group = first group (advance order) whose route contains the space
    first = {}
    for rid, path in m["routes"].items():
        g = sp[path[-1]]["group"]
        for x in path:
            if x not in first or groups.index(g) < groups.index(first[x]):
                first[x] = g
    for sid, g in first.items():
        if sp[sid]["group"] != g:
            errs.append("%s: group %s but first route group is %s" % (sid, sp[sid]["group"], g))
    # laterals
    seen_l = set()
    tree_edges = {frozenset((sid, s["parent"])) for sid, s in sp.items() if s["parent"]}
    for lat in m["laterals"]:
        if len(lat) != 2 or any(x not in sp for x in lat) or lat[0] == lat[1]:
            errs.append("bad lateral %s" % lat)
            continue
        e = frozenset(lat)
        if e in seen_l:
            errs.append("duplicate lateral %s" % lat)
        if e in tree_edges:
            errs.append("lateral %s duplicates an infiltration link" % lat)
        seen_l.add(e)
    # base areas: none in the DMZ (M7), at most 11 (M9)
    bas = [sid for sid, s in sp.items() if s["type"] == "base_area"]
    if any(sp[b]["region"] == "DMZ" for b in bas):
        errs.append("a base area lies in the DMZ (M7)")
    if len(bas) > 11:
        errs.append("more than 11 base areas (M9)")
    return errs


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    with open(path, encoding="utf-8") as f:
        m = json.load(f)
    errs = check(m)
    for e in errs:
        print("ERROR:", e)
    sp = m["spaces"]
    print("%d spaces, %d routes, %d laterals, %d base areas -> %s"
          % (len(sp), len(m["routes"]), len(m["laterals"]),
             sum(s["type"] == "base_area" for s in sp.values()), "FAIL" if errs else "OK"))
    sys.exit(1 if errs else 0)


if __name__ == "__main__":
    main()
