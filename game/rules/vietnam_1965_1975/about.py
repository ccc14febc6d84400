"""'About this reconstruction' (issue 11 section 3): what comes from the rulebook, from play
reports, from reconstruction or from design, read from the provenance the data files carry
(every "source"/"why" pair, and the map's per-hex "prov"), so the page never goes stale."""

import json
from pathlib import Path

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


def _map_section(name):
    m = json.loads((DATA / name).read_text())
    counts = {}
    for h in m["hexes"].values():
        prov = h.get("prov")
        kinds = set(prov.values()) if isinstance(prov, dict) else {prov or "reconstruction"}
        for k in kinds:
            counts[k] = counts.get(k, 0) + 1
    items = [{"what": f"{n} hexes", "source": k, "kind": _kind(k),
              "why": "terrain and features per hex" + ("" if k != "reconstruction" else
                     ": the printed map is not in the rulebook; reference 4.1-4.7 and research 7")}
             for k, n in sorted(counts.items())]
    items += [{"what": f"override {o.get('hex')} {o.get('field')}", "source": o.get("source", ""),
               "kind": _kind(o.get("source", "")), "why": o.get("why", "")} for o in m.get("overrides", [])]
    notes = m.get("meta", {}).get("notes")
    return {"title": "Map (" + m.get("meta", {}).get("area", name) + ")", "notes": notes, "items": items}


def about():
    """[{title, notes, items: [{what, source, kind, why}]}] for the game's About page."""
    out = [_map_section("map_quangngai.json")]
    for title, name in FILES:
        items = []
        _walk(json.loads((DATA / name).read_text()), "", items)
        for it in items:
            it["kind"] = _kind(it["source"])
        out.append({"title": title, "notes": None, "items": items})
    return out
