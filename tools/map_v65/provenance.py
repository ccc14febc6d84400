"""Mark where every value of a Vietnam 1965-1975 map JSON comes from (issue 11 section 3).

    python3 tools/map_v65/provenance.py [--area quangngai]

The Quang Ngai map is converted from the reference map (../shared/reference/
vietnam_6575_quangngai_map.json: terrain, play area, minor rivers, roads, features); the printed
map is not in the rulebook, so every hex's terrain is a reconstruction unless a correction below
says otherwise. The corrections of research section 7 (play reports of the Starlite example) are
kept as `overrides` with their source and reason, and are applied to the hexes they name. Towns
and the port: Chu Lai's port is the rulebook's (V 17.1); town placement is a reconstruction.
Idempotent: running it again gives the same file.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# research section 7 ("this section wins"): hex or hexside, field, value, source, why
CORRECTIONS = [
    {"hex": "4920", "field": "terrain", "value": "cultivated", "source": "play report",
     "why": "five independent moves through 4920 cost 1 (research 7)"},
    {"hex": "4921", "field": "terrain", "value": "wooded hills", "source": "play report",
     "why": "foot cost 3 and DRM -2 reported (research 7)"},
    {"hex": "5021", "field": "terrain", "value": "wooded hills", "source": "play report",
     "why": "entered from 4921 for 1 along Route 5; combat there 'should have had -2' (research 7; "
            "section 3.3's 'cultivated' was wrong)"},
    {"hex": "5219", "field": "beach", "value": True, "source": "reconstruction",
     "why": "Van Tuong / Green Beach, where 3/3 Marines landed on 18 August 1965 (reference 4.7, 7.2); "
            "naval transport may land there (V 3.4)"},
    {"hexside": "4919|5019", "field": "river", "value": None, "source": "play report",
     "why": "the rulebook example's move costs 1 + 3 = 4: no river (research 7)"},
    {"hexside": "5018|5019", "field": "river", "value": "minor", "source": "play report",
     "why": "a river is needed for the reported move totals (research 7)"},
    {"hexside": "5021|5022", "field": "river", "value": "minor", "source": "reconstruction",
     "why": "kept; doubtful: retreats were reported 1 MP short with this river (research 7)"},
    {"hexside": "4923|5022", "field": "river", "value": "minor", "source": "reconstruction",
     "why": "kept; doubtful: retreats were reported 1 MP short with this river (research 7)"},
]
RULEBOOK_HEXES = {"5319": "all-sea (V 7.4 example: the cruiser placed here)",
                  "5421": "all-sea (V 7.4 naval range example)", "5217": "all-sea (V 7.4)"}


def mark(m: dict) -> dict:
    by_hex = {c["hex"]: c for c in CORRECTIONS if "hex" in c}
    for h, info in m["hexes"].items():
        prov = {"terrain": "reconstruction", "play": "reconstruction"}
        if h in by_hex:
            c = by_hex[h]
            info[c["field"]] = c["value"]
            prov[c["field"]] = c["source"]
        if h in RULEBOOK_HEXES:
            prov["terrain"] = "rulebook"
        if "town" in info:
            prov["town"] = "reconstruction"
        if info.get("port"):
            prov["port"] = "rulebook"
        info["prov"] = prov
    sides = m.setdefault("hexsides", {})
    for c in CORRECTIONS:
        if "hexside" not in c:
            continue
        key = c["hexside"]
        if c["value"] is None:
            sides.pop(key, None)
        else:
            sides.setdefault(key, {"river": c["value"]})
            sides[key]["prov"] = c["source"]
    for side in sides.values():
        side.setdefault("prov", "reconstruction")
    for road in m.get("roads", {}).values():
        road.setdefault("prov", "reconstruction")
    m["overrides"] = CORRECTIONS
    meta = m.setdefault("meta", {})
    meta["notes"] = ("Converted from the reference map (vietnam_6575_quangngai_map.json) with the "
                     "corrections of research section 7 as overrides; the printed map is not in the "
                     "rulebook, so terrain is a reconstruction except where marked.")
    meta["sources"] = ["rulebook", "play report", "reconstruction"]
    return m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--area", default="quangngai")
    a = ap.parse_args()
    path = REPO / "game/rules/vietnam_1965_1975/data" / f"map_{a.area}.json"
    m = mark(json.loads(path.read_text()))
    path.write_text(json.dumps(m, indent=1, sort_keys=False) + "\n")
    print(f"marked {path.relative_to(REPO)}: {len(m['hexes'])} hexes, {len(m['overrides'])} overrides")


if __name__ == "__main__":
    main()
