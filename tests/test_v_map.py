"""Issue 11 section 3: the shipped Quang Ngai map is the first cut from real geodata plus the hand
overrides, every value carries its source, and the rulebook's hexes are what the rulebook says."""
import json
import re
import sys
from pathlib import Path

import pytest

from game.rules.vietnam_1965_1975.data import TEC
from game.rules.vietnam_1965_1975.hexes import get_map

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools/map_v65"
sys.path.insert(0, str(TOOLS))
import area as AREA  # noqa: E402  (pure Python: geofit and json only)
import geofit  # noqa: E402

MAP = json.loads((REPO / "game/rules/vietnam_1965_1975/data/map_quangngai.json").read_text())
SPEC = json.loads((TOOLS / "areas/quangngai.json").read_text())
GRID = json.loads((TOOLS / "svn_firstcut.json").read_text())
KINDS = {"geodata", "reconstruction", "play report", "rulebook"}


def test_the_shipped_map_is_the_first_cut_plus_the_overrides():
    """The shipped file is the window of the whole map (tools/map_v65/area.py window(), issue 47) whose
    play area is what area.build() makes of the committed first cut and hand data."""
    country = json.loads((REPO / "game/rules/vietnam_1965_1975/data/map_country.json").read_text())
    assert AREA.window(country, SPEC) == MAP
    own = AREA.build(SPEC, GRID)
    for h, rec in own["hexes"].items():
        if rec["play"]:
            # (a neighbouring play area's named places, no rules effect, show on the whole map's windows)
            assert {k: v for k, v in rec.items() if k not in ("prov", "boundary", "place")} == \
                {k: v for k, v in MAP["hexes"][h].items() if k not in ("prov", "boundary", "place")}, h


def test_every_hex_has_terrain_and_provenance():
    play = [h for h, r in MAP["hexes"].items() if r["play"]]
    assert len(play) == 79  # reference 4.7: the play area, 71 land hexes and 8 sea hexes on its edge
    for h, rec in MAP["hexes"].items():
        assert rec["terrain"] in TEC["terrain"], h
        assert rec["prov"].get("terrain") in KINDS and rec["prov"].get("play") in KINDS, h
        assert set(rec["prov"]) >= {"terrain", "play"} and set(rec["prov"].values()) <= KINDS, h
        for field in ("town", "port", "beach"):
            if field in rec:
                assert rec["prov"].get(field) in KINDS, (h, field)
    for key, side in MAP["hexsides"].items():
        assert side.get("prov") in KINDS, key
    for name, road in MAP["roads"].items():
        assert road.get("prov") in KINDS, name


def test_geodata_is_where_the_first_cut_stands():
    for h, rec in MAP["hexes"].items():
        if rec["prov"]["terrain"] == "geodata":
            assert GRID["hexes"][h]["terrain"] == rec["terrain"], h
        else:
            assert any(o.get("hex") == h and o["field"] == "terrain" for o in MAP["overrides"]), h
    # most of the play area stands on the first cut (the agreement table of area.py)
    play = [r for r in MAP["hexes"].values() if r["play"]]
    assert sum(r["prov"]["terrain"] == "geodata" for r in play) >= 50


def test_rulebook_all_sea_hexes_are_sea():
    m = get_map("quangngai")
    for h in ("5319", "5421"):  # V 7.4 examples: the New Jersey stands there
        assert m.is_sea(h) and MAP["hexes"][h]["prov"]["terrain"] == "rulebook", h
    assert m.is_sea("5217") and MAP["hexes"]["5217"]["prov"]["terrain"] == "play report"  # EXT-1: the cruiser
    for h in ("5319", "5421", "5217"):
        assert GRID["hexes"][h]["terrain"] == "all-sea", h  # the majority rule keeps them sea
    for h in ("5118", "5219", "5220", "5320", "5018", "5023"):  # set-up and target hexes (V 18.2, 7.4)
        assert m.playable(h), h
    assert MAP["hexes"]["5118"]["port"] and MAP["hexes"]["5118"]["prov"]["port"] == "rulebook"  # V 17.1


RANK = {"geodata": 0, "reconstruction": 1, "play report": 2, "rulebook": 3}


def test_the_overrides_are_applied_strongest_source_last():
    strongest = {}
    for o in MAP["overrides"]:
        key = (o.get("hex") or o.get("hexside"), o["field"])
        if key not in strongest or RANK[o["source"]] >= RANK[strongest[key]["source"]]:
            strongest[key] = o
    assert len(strongest) >= 40
    for (where, field), o in strongest.items():
        if "|" in where and field == "road":        # a road step cut (issue 44 items 1-2)
            assert o["value"] is None and not any(
                "|".join(sorted(p)) == where for r in MAP["roads"].values() for p in zip(r["hexes"], r["hexes"][1:]))
        elif "|" in where:
            side = MAP["hexsides"].get(where)
            if o["value"] is None:
                assert side is None, where
            else:
                assert side[field] == o["value"] and side["prov"] == o["source"], where
        else:
            assert MAP["hexes"][where][field] == o["value"] and MAP["hexes"][where]["prov"][field] == o["source"], where


@pytest.mark.parametrize("hexid,terrain", [("4920", "cultivated"), ("4921", "wooded hills"), ("5021", "wooded hills"),
                                           ("4820", "mountain"), ("4720", "mountain"), ("4721", "mountain")])
def test_research_7_play_report_corrections(hexid, terrain):
    assert MAP["hexes"][hexid]["terrain"] == terrain
    assert MAP["hexes"][hexid]["prov"]["terrain"] == "play report"


def test_research_7_hexsides():
    m = get_map("quangngai")
    assert m.hexside("4919", "5019") is None            # the rulebook example's 1 + 3 = 4
    assert m.hexside("5018", "5019")["river"] == "minor"
    assert m.hexside("5118", "5119")["river"] == "minor"


def test_towns_sit_where_geonames_puts_them_unless_overridden():
    places = {p["name"]: p for p in GRID["places"]}
    for t in SPEC["towns"]:
        p = places[t["geonames"]]
        assert geofit.latlon_hex(p["lat"], p["lon"]) == p["hex"]
        h = t.get("hex") or p["hex"]
        assert MAP["hexes"][h]["town"]["name"] == t["name"]
        assert MAP["hexes"][h]["prov"]["town"] == ("geodata" if "hex" not in t else t["source"])


def test_geofit_round_trip_and_the_reference_anchors():
    for h in ("2863", "4411", "5118", "5633", "3708"):
        assert geofit.latlon_hex(*geofit.hex_latlon(h)) == h
    assert geofit.latlon_hex(10.776, 106.700) == "2863"   # Saigon (reference 4.1)
    assert geofit.latlon_hex(16.068, 108.212) == "4411"   # Da Nang
    assert geofit.latlon_hex(15.253, 108.882) == "5219"   # Van Tuong


def test_whole_country_first_cut():
    meta = GRID["meta"]
    assert 1400 <= meta["svn_land_hexes"] <= 1800          # about 174,000 km2 at about 108 km2 a hex
    counts = meta["svn_terrain_counts"]
    assert {"cultivated", "mountain", "jungle"} <= set(counts)
    assert GRID["hexes"]["2863"]["terrain"] != "all-sea" and GRID["hexes"]["2863"]["country"] == "SVN"


def test_the_svg_draws_every_hex_with_its_terrain_over_the_real_geography():
    svg = (REPO / "static/svg/vietnam_quangngai_map.svg").read_text()
    assert len(svg.encode()) < 300_000
    drawn = dict(re.findall(r'class="hex t-([a-z-]+)[^"]*" data-space="(\d{4})"', svg)[i][::-1]
                 for i in range(len(MAP["hexes"])))
    assert drawn == {h: r["terrain"].replace(" ", "-") for h, r in MAP["hexes"].items()}
    for layer in ('id="geo-land"', 'id="geo-rivers"', 'id="geo-relief"', 'class="place"'):
        assert layer in svg, layer
    assert svg.index('id="geo"') < svg.index('id="spaces"')   # the geography under the hexes


# --- issue 44 items 1-2: the Quang Ngai roads the rulebook's Starlite walkthrough allows ----------------

def walkthrough_state(us_hex="5118"):
    """Starlite after the NLF's first operation of the VG rulebook's walkthrough (play report (A),
    EXT-1): the VC regiment in 5020, the political section in 5019, 3/3 Marines in `us_hex`."""
    from game.rules.vietnam_1965_1975 import setup
    s = setup.initial_state("starlite", {})
    s["units"]["vc1"]["hex"], s["units"]["ps1"]["hex"] = "5020", "5019"
    s["units"]["m33"]["hex"] = us_hex
    return s


def test_V4_starlite_walkthrough_3_3_marines_spend_6_mp_from_5118_to_5020():
    """V 3, V 3.1 (L113-123: +1 MP to leave an enemy ZOC), V 4 (L162-163: a road step pays the road
    cost and ignores the hexside): the walkthrough's 3/3 Marines go 5118 -> 5119 -> 5120 -> 5020 and
    "only spend 6 MPs": 2 into Binh Son across the minor river on 5118|5119, 1 + 1 into 5120 out of
    the political section's ZOC, 1 + 1 into the target hex 5020. The map has no road on 5118-5119
    or 5119-5120 (it charged 4 along QL1 before issue 44 item 1)."""
    from game.rules.vietnam_1965_1975.movement import step_cost
    s = walkthrough_state()
    m = get_map("quangngai")
    assert not m.road("5118", "5119") and not m.road("5119", "5120") and not m.road("5120", "5020")
    assert m.hexside("5118", "5119")["river"] == "minor" and not m.hexside("5119", "5120")
    u = s["units"]["m33"]
    path = ["5118", "5119", "5120", "5020"]
    costs = [step_cost(s, dict(u, hex=a), a, b, ["5020"], "op") for a, b in zip(path, path[1:])]
    assert costs == [2, 2, 2] and sum(costs) == 6
    assert m.road("5017", "5118") and m.road("5120", "5121")      # QL1 is cut, not gone


def test_V4_starlite_walkthrough_vc_reacting_5019_to_4919_pays_4_mp():
    """V 3.1 (L121-122), V 4, V 5.3: with 3/3 in 5020, the political section reacts from 5019 into
    4919 "at a cost of its 4 MPs (1 to leave the USMC ZOC, 3 to enter mountain terrain)": the Binh
    Son-Tra Bong road ends at 5119-5019 (it charged 1.5 along the road before issue 44 item 2)."""
    from game.rules.vietnam_1965_1975 import board as B
    from game.rules.vietnam_1965_1975.movement import step_cost
    s = walkthrough_state(us_hex="5020")
    m = get_map("quangngai")
    assert m.road("5119", "5019") and not m.road("5019", "4919") and not m.road("4919", "4819")
    ps = s["units"]["ps1"]
    assert step_cost(s, ps, "5019", "4919", [], "react") == 1 + 3 == B.mpa(s, ps)   # MPA 6 - 2 (V 18.2)


def test_the_road_cuts_are_the_one_change_to_starlites_roads_with_their_provenance():
    """Issue 44 items 1-2: the four road steps taken out, each an override with its source and why,
    shown on the About page; every other road step of the Quang Ngai map is as before."""
    cuts = {o["hexside"]: o for o in MAP["overrides"] if o.get("field") == "road"}
    assert set(cuts) == {"5118|5119", "5119|5120", "4919|5019", "4819|4919"}
    for o in cuts.values():
        assert o["value"] is None and o["source"] == "play report" and "issue 44" in o["why"]
    play = {h for h, r in MAP["hexes"].items() if r["play"]}
    steps = {"|".join(sorted(p)) for r in MAP["roads"].values() for p in zip(r["hexes"], r["hexes"][1:])
             if any(h in play for h in p)}
    before = {"|".join(sorted(p)) for r in SPEC["roads"]["routes"].values() for p in zip(r["hexes"], r["hexes"][1:])
              if any(h in play for h in p)}
    # (the Binh Dinh map's QL1 runs on from Starlite's boundary hex 5426 into the margin: the whole map's)
    assert steps == before - set(cuts) | {"5426|5427"}
    from game.rules.vietnam_1965_1975.about import about
    items = [i for i in about()[0]["items"] if i["what"].startswith("hexside") and "road" in i["what"]]
    assert {i["what"].split()[1] for i in items} == set(cuts) and all(i["kind"] == "play report" for i in items)
