"""'About this reconstruction' (issue 11 section 3): what comes from the rulebook, from play
reports, from reconstruction or from design, read from the provenance the data files carry
(every "source"/"why" pair, and the map's per-hex "prov"), so the page never goes stale."""

import json
from pathlib import Path

from .campaign_about import sections
from .hexes import AREAS

DATA = Path(__file__).parent / "data"
FILES = [("Counters", "counters.json"), ("Terrain Effects Chart", "terrain.json"),
         ("Combat Results Table", "crt.json"), ("Scenarios", "scenarios.json")]
KINDS = ("rulebook", "play report", "geodata", "reconstruction", "design")


def _walk(o, path, out):
    if isinstance(o, dict):
        src = o.get("source")
        if isinstance(src, str):
            out.append({"what": path or "the whole table", "source": src, "why": o.get("why", "")})
        for k, v in o.items():
            if isinstance(v, (dict, list)):
                name = path if k in ("src", "source", "kinds", "terrain") else (f"{path} / {k}" if path else str(k))
                _walk(v, name, out)
    elif isinstance(o, list):
        for v in o:
            _walk(v, path, out)


def _kind(source):
    low = source.lower()
    return next((k for k in KINDS if k in low), "reconstruction")


def _hexes(hs):
    hs = sorted(hs)
    return ", ".join(hs) if len(hs) <= 12 else ", ".join(hs[:12]) + f" and {len(hs) - 12} more"


def _provenance_items(m, field, src, hs, add):
    """The items of one (field, source) group of hexes (the map JSON's per-hex prov)."""
    meta, hexes = m.get("meta", {}), m["hexes"]
    if field == "terrain" and src == "geodata":
        kinds = {}
        for h in hs:
            kinds[hexes[h]["terrain"]] = kinds.get(hexes[h]["terrain"], 0) + 1
        add(f"terrain of {len(hs)} hexes", "geodata",
            "the first cut from real geography, unchanged: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
            + " (" + "; ".join(f"{k}: {v}" for k, v in meta.get("first_cut", {}).items()) + ")")
    elif field == "town" and src == "geodata":
        add(f"{len(hs)} town positions", "geodata",
            "GeoNames coordinates through the reference 4.1 geo-fit: "
            + ", ".join(hexes[h]["town"]["name"] + " " + h for h in sorted(hs)))
    elif field == "terrain" and src == "reconstruction":
        whys = {}
        for o in m.get("overrides", []):
            if o.get("field") == "terrain" and o.get("source") == "reconstruction" and o.get("hex") in hs:
                whys.setdefault(o["why"].split("; the first cut says")[0], []).append(o["hex"])
        for why, group in whys.items():     # a reason per group of hexes, where the first cut differs
            add(f"terrain of {len(group)} hex" + ("es" if len(group) > 1 else ""), "reconstruction",
                f"{why}: {_hexes(group)}")
    elif field == "play":
        regs = meta.get("play_regions") or ["quang-ngai"]
        add(f"play area: {sum(1 for h in hs if hexes[h].get('play'))} hexes", src,
            " and ".join(meta.get("provinces", {}).get(r, r) for r in regs)
            + " province; region boundaries run through the boundary hexes (V 18.1)")
    elif field == "province":
        counts = {}
        for h in hs:
            counts[hexes[h]["province"]] = counts.get(hexes[h]["province"], 0) + 1
        add(f"province of {len(hs)} hexes", src,
            ("the nearest GeoNames place's province, read as 1965's (tools/map_v65/provinces.json): "
             if src == "geodata" else "by hand: ") + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    elif field in ("country", "border") and src == "geodata":
        if field == "border":
            add(f"{len(hs)} international border hexes", src,
                "Natural Earth 1:10m borders: at least a tenth of the hex on each side (V 3 Borders: "
                "borders run through hexes): " + _hexes(hs))
        else:
            foreign = [h for h in hs if hexes[h]["country"] != "svn" and not hexes[h].get("border")]
            add(f"country of {len(hs)} land hexes", src, "Natural Earth 1:10m polygon holding the centre"
                + (f"; beyond the border: {_hexes(foreign)}" if foreign else ""))
    elif field == "disputed":
        add(f"{len(hs)} disputed border hexes", src, meta.get("why", {}).get("disputed", "") + ": " + _hexes(hs))
    elif field == "place":
        add(f"{sum(len(hexes[h]['place']) for h in hs)} named places", src, "drawn on the map with no rules effect: "
            + ", ".join(p["name"] + " " + h for h in sorted(hs) for p in hexes[h]["place"]))


def _hand_items(m, add):
    """The overrides, the hand-typed minor rivers and roads, the whole map's and the geodata's items."""
    meta = m.get("meta", {})
    for o in m.get("overrides", []):
        if o.get("source") != "reconstruction" or o.get("field") not in ("terrain",):
            what = f"hex {o['hex']} {o['field']}" if "hex" in o else f"hexside {o['hexside']} {o['field']}"
            value = o["value"]["name"] if isinstance(o["value"], dict) else \
                {True: "yes", None: "none", False: "no"}.get(o["value"], o["value"])
            add(f"{what} = {value}", o["source"], o.get("why", ""))
    srcs = {}
    for side in m.get("hexsides", {}).values():
        if side.get("river") == "minor" and not side.get("name", "").endswith("(WDB-II)"):   # the hand-typed ones
            srcs[side.get("prov", "reconstruction")] = srcs.get(side.get("prov", "reconstruction"), 0) + 1
    why = meta.get("why", {})
    for src, n in sorted(srcs.items()):
        add(f"{n} minor-river hexsides", src, why.get("hexsides", "typed from real geography (reference 4.7)")
            + "; the WDB-II rivers are drawn under the hexes for comparison" if src == "reconstruction"
            else "see the overrides")
    roads = m.get("roads", {})
    add(f"{len(roads)} roads ({', '.join(roads)})", "reconstruction",
        why.get("roads", "traced through the GeoNames towns (reference 4.7)") + ": no road data is installable")
    _whole_map_items(m, add)
    for g in meta.get("geodata", []):
        add(g["data"], "geodata", f"{g['package']}; licence: {g['licence']}")
    if meta.get("first_cut"):
        add("first-cut thresholds", "design", "chosen to agree best with the reference's hand map of Quang Ngai "
            "while keeping the highland plateaus off the mountains (tools/map_v65/firstcut.py)")


def _map_section(name):
    """The map, by where each value comes from (the map JSON's per-hex prov, its overrides and the
    geodata list that tools/map_v65 writes)."""
    m = json.loads((DATA / name).read_text())
    meta = m.get("meta", {})
    hexes = m["hexes"]
    by = {}
    for h, rec in hexes.items():
        for field, src in (rec.get("prov") or {}).items():
            by.setdefault((field, src), []).append(h)
    items = []

    def add(what, source, why):
        items.append({"what": what, "source": source, "kind": _kind(source), "why": why})

    for (field, src), hs in sorted(by.items()):
        _provenance_items(m, field, src, hs, add)
    _hand_items(m, add)
    return {"title": "Map (" + meta.get("area", name) + ")", "notes": meta.get("notes"), "items": items}


def _whole_map_items(m, add):
    """The whole map's own entries (map_country.json, issue 47): what lies off the hexgrid (the North,
    the trail's boxes) and the rivers the country adds outside the play areas."""
    meta = m.get("meta", {})
    off = meta.get("off_map", {})
    if off.get("north"):
        add("the North (off the map)", off["north"]["source"], off["north"]["why"])
    if off.get("trail"):
        add(f"{len(off['trail']['boxes'])} Ho Chi Minh Trail boxes", off["trail"]["source"], off["trail"]["why"] + ": "
            + "; ".join(f"{b['id']} {b['name']} beside {_hexes(b['hexes'])}" for b in off["trail"]["boxes"]))
    for key in ("water", "minor_rivers"):
        if meta.get("why", {}).get(key):
            n = sum(1 for v in m.get("hexsides", {}).values()
                    if (v.get("kind") == "water" if key == "water" else v.get("name", "").endswith("(WDB-II)")))
            add(f"{n} {'water hexsides (the Mekong)' if key == 'water' else 'minor-river hexsides outside the play areas'}",
                "reconstruction" if key == "water" else "geodata", meta["why"][key])


def about():
    """[{title, notes, items: [{what, source, kind, why}]}] for the game's About page."""
    out = [_map_section(f"map_{area}.json") for area in AREAS]   # one section per play area's map
    out.append(_map_section("map_country.json"))                 # and the whole map, their windows' source
    for title, name in FILES:
        items = []
        _walk(json.loads((DATA / name).read_text()), "", items)
        for it in items:
            it["kind"] = _kind(it["source"])
        out.append({"title": title, "notes": None, "items": items})
    return out + sections(_kind)                                 # the campaign's charts (issue 47 item 8)
