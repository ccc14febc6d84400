"""Issue 47 item 1: the whole map of Vietnam 1965-1975 from the tools/map_v65 pipeline, and the three
play areas as windows of it. The map files are rebuilt here from the committed inputs (no network:
the geodata is read only by firstcut.py and draw_svg.py, run by tools/map_v65/build.sh), and the
windows are compared, hex by hex, with what the play areas' maps said at commit 7da6e20
(tests/data/v65_windows_7da6e20.json)."""
import json
import re
import sys
from pathlib import Path

import pytest

from game.rules.vietnam_1965_1975 import arvn, board as B
from game.rules.vietnam_1965_1975.data import TEC
from game.rules.vietnam_1965_1975.hexes import AREAS, distance, get_map, neighbours

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools/map_v65"
DATA = REPO / "game/rules/vietnam_1965_1975/data"
sys.path.insert(0, str(TOOLS))
import area as AREA  # noqa: E402  (pure Python: geofit and json only)
import country as COUNTRY  # noqa: E402

GRID = json.loads((TOOLS / "svn_firstcut.json").read_text())
SPEC = json.loads((TOOLS / "country.json").read_text())
MAP = json.loads((DATA / "map_country.json").read_text())
REGIONS = json.loads((DATA / "campaign_regions.json").read_text())
BEFORE = json.loads((REPO / "tests/data/v65_windows_7da6e20.json").read_text())["areas"]
KINDS = {"geodata", "reconstruction", "play report", "rulebook", "design"}
PORTS = ("2863", "4411", "5652", "3708", "5633", "5549", "3368", "5118", "2467")   # V 17.1 (L849-851)
# issue 44 items 1-2: the road steps the rulebook's Starlite walkthrough takes out (tests/test_v_map.py)
CUT = {"5118|5119", "5119|5120", "4919|5019", "4819|4919"}


def shipped(area):
    return json.loads((DATA / f"map_{area}.json").read_text())


def spec(area):
    return json.loads((TOOLS / f"areas/{area}.json").read_text())


def test_the_pipeline_rebuilds_the_whole_map_and_its_windows():
    """tools/map_v65/country.py from the committed first cut and hand data gives map_country.json;
    area.py cuts each play area's map out of it (build.sh runs both after firstcut.py)."""
    rebuilt = COUNTRY.build(GRID, SPEC, COUNTRY.areas())
    assert json.loads(COUNTRY.dump(rebuilt)) == MAP
    for area in AREAS:
        assert AREA.window(MAP, spec(area)) == shipped(area), area


def test_every_hex_of_south_vietnam_and_its_belts():
    """Every South Vietnamese land hex of the first cut, DMZ to Ca Mau (issue 47: 'the first cut already
    has 1,543 land hexes'; the grid now reaches Ha Tien and the Ca Mau cape), Laos, Cambodia and the
    North within 3 hexes of it, and the sea within 4."""
    hexes = MAP["hexes"]
    svn = {h for h, r in hexes.items() if r.get("country") == "svn"}
    assert len(svn) >= 1543 and {h for h, r in GRID["hexes"].items() if r.get("country") == "SVN"} <= svn
    assert {"3203", "0368", "1179", "2863"} <= svn           # Gio Linh by the DMZ, Ha Tien, Ca Mau, Saigon
    for country in ("laos", "cambodia", "nvn"):
        beyond = [h for h, r in hexes.items() if r.get("country") == country and not r.get("border")]
        assert beyond, country
        assert all(min(distance(h, s) for s in svn) <= 3 for h in beyond[:40]), country
    assert max(min(distance(h, s) for s in svn) for h, r in hexes.items()
               if r["terrain"] == "all-sea" and int(h[2:]) % 7 == 0) <= 4
    assert {"5319", "5421", "5217"} <= {h for h, r in hexes.items() if r["terrain"] == "all-sea"}   # V 7.4


def test_every_value_has_its_provenance():
    fields = ("terrain", "town", "port", "beach", "province", "boundary", "country", "border", "place", "disputed")
    for h, rec in MAP["hexes"].items():
        assert rec["terrain"] in TEC["terrain"], h
        for f in fields:
            if f in rec:
                assert rec["prov"].get(f) in KINDS, (h, f)
        assert set(rec["prov"]) <= set(fields) and set(rec["prov"].values()) <= KINDS, h
    for key, side in MAP["hexsides"].items():
        assert side.get("prov") in KINDS and (side.get("river") == "minor" or side.get("kind") == "water"), key
    for name, road in MAP["roads"].items():
        assert road.get("prov") in KINDS, name
        for a, b in zip(road["hexes"], road["hexes"][1:]):
            assert b in neighbours(a), (name, a, b)
    for o in MAP["overrides"]:
        assert o["source"] in KINDS and o["why"], o
    off = MAP["meta"]["off_map"]
    assert off["north"]["source"] == "rulebook" and off["trail"]["source"] == "design"


def test_the_nine_ports_of_V17_1_are_land_with_a_port():
    m = get_map("country")
    for h in PORTS:
        assert m.land(h) and MAP["hexes"][h]["port"] is True and MAP["hexes"][h]["prov"]["port"] == "rulebook", h
        assert m.town(h) or h == "5118", h    # Chu Lai: the Starlite map's port is a base, no town


@pytest.mark.parametrize("hexid,name,kind", [
    ("2863", "Saigon", "major city"), ("3708", "Hue", "major city"),           # V 4: the star major cities
    ("4411", "Da Nang", "city"), ("5633", "Qui Nhon", "city"), ("2962", "Bien Hoa", "city"),
    ("2862", "Gia Dinh", "city"),                                               # V 4: the square cities
    ("5121", "Quang Ngai", "province capital"), ("4232", "Pleiku", "province capital"),
    ("4345", "Ban Me Thuot", "province capital"), ("1870", "Can Tho", "province capital"),
])
def test_cities_and_capitals(hexid, name, kind):
    assert get_map("country").town(hexid) == {"name": name, "kind": kind}


def test_the_35_regions_lie_on_the_map_with_their_capitals():
    """V 13 (L646-656): every region's provinces have hexes, each capital is a town of the map in its
    own province, and the region's corps zone is that of its provinces (data/corps.json)."""
    m = get_map("country")
    provinces = {r.get("province") for r in MAP["hexes"].values()}
    for reg in REGIONS["regions"]:
        for p in reg["provinces"]:
            assert p in provinces, (reg["code"], p)
            assert arvn.CORPS[p] == reg["corps"], p
        for cap in reg["capitals"]:
            assert m.town(cap["hex"])["name"] == cap["name"] and m.province(cap["hex"]) == cap["province"], cap
    assert {"saigon", "gia-dinh", "da-nang"} <= provinces       # the +70, in no region (V 17.3)
    assert all(arvn.CORPS.get(p) for p in provinces if p)


def test_the_corps_zones_and_their_borders():
    """V 15.1 spheres of influence, V 11.1: the corps zones meet on corps-boundary hexes."""
    s = {"area": "country", "units": {}}
    assert arvn.hex_corps(s, "5121") == ["I"] and arvn.hex_corps(s, "4232") == ["II"]
    assert arvn.hex_corps(s, "2158") == ["III"] and arvn.hex_corps(s, "1870") == ["IV"]
    assert arvn.hex_corps(s, "2863") == ["CSZ"]
    for a, b in (("I", "II"), ("II", "III"), ("III", "IV")):
        assert any(set(arvn.hex_corps(s, h)) >= {a, b} for h in MAP["hexes"]), (a, b)


def test_the_mekong_has_water_hexsides_and_the_rest_minor_rivers():
    """V 4 (L163-166): the Mekong drawn as it flows, with water hexsides where its penalties apply."""
    m = get_map("country")
    water = [k for k, v in MAP["hexsides"].items() if v.get("kind") == "water"]
    names = {MAP["hexsides"][k]["name"] for k in water}
    assert len(water) >= 40 and {"Mekong (Tien Giang)", "Bassac (Hau Giang)"} <= names
    a, b = water[0].split("|")
    assert m.enter_cost(a, b, "foot") == TEC["terrain"][m.terrain(b)]["foot"] + TEC["hexsides"]["water"]["foot"] \
        or m.road(a, b)
    assert sum(1 for v in MAP["hexsides"].values() if v.get("river") == "minor") > 300


def test_the_main_roads_run_from_the_dmz_to_saigon_and_through_the_delta():
    """QL1 and the highland roads (issue 47 item 1) join the play areas' roads: a road path from Gio
    Linh by the DMZ to Saigon, Saigon to Ca Mau, and Qui Nhon up Route 19 to Pleiku."""
    m = get_map("country")

    def joined(a, b):
        seen, todo = {a}, [a]
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n not in seen and m.road(h, n):
                    seen.add(n)
                    todo.append(n)
        return b in seen
    assert joined("3203", "3708") and joined("3708", "4716") and joined("5633", "4232")
    assert joined("5638", "2863") and joined("2863", "1179") and joined("4227", "4228")
    for k in CUT:
        assert not m.road(*k.split("|")), k              # issue 44 items 1-2 hold on the whole map
    assert not joined("5118", "5121")                        # QL1 is cut between Chu Lai and Quang Ngai


def test_the_trail_boxes_and_the_disputed_border():
    """V 17.8: each trail box lies beside hexes beyond the border (design); V 16.2: the hexes beside a
    disputed border hex are in dispute (design, the border hexes near the Parrot's Beak and Ha Tien)."""
    m = get_map("country")
    boxes = MAP["meta"]["off_map"]["trail"]["boxes"]
    assert [b["id"] for b in boxes] == [f"T{i}" for i in range(1, 9)]
    for b in boxes:
        assert b["hexes"] and all(m.foreign(h) == b["country"] for h in b["hexes"]), b["id"]
    disputed = [h for h, r in MAP["hexes"].items() if r.get("disputed")]
    assert disputed and all(m.national_border(h) and MAP["hexes"][h]["prov"]["disputed"] == "design" for h in disputed)


# --- the windows keep their scenarios' values ------------------------------------------------------

def scenario_regions(area):
    """The regions a scenario on `area` reads: its play regions and the region Masher may extend into."""
    return set(BEFORE[area]["meta"]["play_regions"]) | ({"quang-ngai"} if area == "binhdinh" else set()) \
        or {"quang-ngai"}


@pytest.mark.parametrize("area", AREAS)
def test_the_windows_keep_every_value_their_scenarios_use(area):
    """Hex by hex against the play areas' maps at 7da6e20: in the play area, terrain, towns, ports,
    beaches, provinces, countries and borders, the region each scenario reads (its play regions, and
    Quang Ngai for Masher's extension), the corps and the play flags are unchanged; so are the river
    hexsides and road steps of the play area, but for the road steps issue 44 items 1-2 cut."""
    old = BEFORE[area]
    new = AREA.rules_view(shipped(area))
    s = {"area": area, "units": {}}
    regs = scenario_regions(area)
    play = {h for h, r in old["hexes"].items() if r["play"]}
    assert set(new["hexes"]) == set(old["hexes"])
    for h, rec in old["hexes"].items():
        now = new["hexes"][h]
        assert now["play"] == rec["play"], h
        if h in play:
            for f in ("terrain", "town", "port", "beach", "province", "country", "border"):
                assert now.get(f) == rec.get(f), (h, f)
        for r in regs:
            was = r in set(rec.get("boundary", [])) | {rec.get("province")}
            assert B.mapof(s).in_region(h, r) == was, (h, r)
        if h in play and rec.get("province"):
            was = sorted({arvn.CORPS[p] for p in set(rec.get("boundary", [])) | {rec["province"]} if p in arvn.CORPS})
            assert arvn.hex_corps(s, h) == was, h
    touches = lambda k: any(x in play for x in k.split("|"))  # noqa: E731
    assert {k: v for k, v in new["hexsides"].items() if touches(k)} == \
        {k: v for k, v in old["hexsides"].items() if touches(k)}
    old_steps = {k for k in old["road_steps"] if all(x in play for x in k.split("|"))}
    new_steps = {k for k in new["roads"] if all(x in play for x in k.split("|"))}
    assert new_steps == old_steps - CUT and old_steps & CUT == (CUT if area == "quangngai" else set())


@pytest.mark.parametrize("area", AREAS)
def test_what_else_changed_in_a_window_is_named(area):
    """Outside the play area, a window now shows what the whole map says there: a neighbouring play
    area's values (its terrain, towns, rivers and region lines), and the country's roads running on
    into the margin. Listed here so that nothing else can change unseen."""
    old, new = BEFORE[area], AREA.rules_view(shipped(area))
    play = {h for h, r in old["hexes"].items() if r["play"]}
    changed = {h for h in old["hexes"] if {k: v for k, v in new["hexes"][h].items()} != old["hexes"][h]}
    lines_only = {h for h in changed if {k: v for k, v in new["hexes"][h].items() if k != "boundary"} ==
                  {k: v for k, v in old["hexes"][h].items() if k != "boundary"}}
    assert changed - lines_only <= {h for h in changed if h not in play}
    # where two play areas meet (Pleiku and Binh Dinh), each keeps its own region line: the two lines
    assert all(set(new["hexes"][h]["boundary"]) >= set(old["hexes"][h].get("boundary", [])) for h in lines_only)
    new_steps = set(new["roads"]) - set(old["road_steps"])
    assert all(not all(x in play for x in k.split("|")) for k in new_steps)
    assert set(old["road_steps"]) - set(new["roads"]) == set(old["road_steps"]) & CUT


def test_the_svg_draws_the_whole_map_with_its_regions():
    svg = (REPO / "static/svg/vietnam_country_map.svg").read_text()
    drawn = dict(m[::-1] for m in re.findall(r'<g class="hex t-([a-z-]+)[^"]*" data-space="(\d{4})"', svg))
    assert drawn == {h: r["terrain"].replace(" ", "-") for h, r in MAP["hexes"].items()}
    for layer in ('id="geo-land"', 'id="geo-rivers"', 'id="geo-borders"', 'id="region-borders"',
                  'id="corps-borders"', 'id="water"', 'class="north-box"'):
        assert layer in svg, layer
    assert set(re.findall(r'data-region="([IV]+-\d+)"', svg)) == {r["code"] for r in REGIONS["regions"]}
    assert len(re.findall(r'class="trail-box"', svg)) == 8
    for h in PORTS:
        assert re.search(rf'data-space="{h}"', svg)
