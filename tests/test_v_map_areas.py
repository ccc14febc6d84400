"""Issue 15: the Pleiku / Chu Pong map (Silver Bayonet) and Binh Dinh joined to Quang Ngai (Masher/White
Wing) from the tools/map_v65 pipeline: towns and cities where the rulebook and GeoNames put them,
provinces (V 7.6 regions, V 18.1 play areas), international borders (V 3 Borders), provenance on
every value, the SVGs, and the engine reading a state whose "area" is one of them."""
import json
import re
import sys
from pathlib import Path

import pytest

from game.rules.vietnam_1965_1975 import about, invariants, setup, view
from game.rules.vietnam_1965_1975.data import TEC
from game.rules.vietnam_1965_1975.hexes import AREAS, get_map, neighbours

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools/map_v65"
sys.path.insert(0, str(TOOLS))
import area as AREA  # noqa: E402  (pure Python: geofit and json only)

GRID = json.loads((TOOLS / "svn_firstcut.json").read_text())
KINDS = {"geodata", "reconstruction", "play report", "rulebook"}


def shipped(area):
    return json.loads((REPO / f"game/rules/vietnam_1965_1975/data/map_{area}.json").read_text())


def spec(area):
    return json.loads((TOOLS / f"areas/{area}.json").read_text())


@pytest.mark.parametrize("area", AREAS)
def test_the_pipeline_rebuilds_the_shipped_map(area):
    """tools/map_v65/area.py cuts the committed file out of the whole map (issue 47; its rebuild:
    tests/test_v_map_country.py)."""
    country = json.loads((REPO / "game/rules/vietnam_1965_1975/data/map_country.json").read_text())
    assert AREA.window(country, spec(area)) == shipped(area)


@pytest.mark.parametrize("area", AREAS)
def test_every_value_has_its_provenance(area):
    m = shipped(area)
    fields = ("terrain", "play", "town", "port", "beach", "province", "boundary", "country", "border", "place")
    for h, rec in m["hexes"].items():
        assert rec["terrain"] in TEC["terrain"], h
        for f in fields:
            if f in rec:
                assert rec["prov"].get(f) in KINDS, (h, f)
        assert set(rec["prov"]) <= set(fields) and set(rec["prov"].values()) <= KINDS, h
    for key, side in m["hexsides"].items():
        assert side.get("prov") in KINDS, key
    for name, road in m["roads"].items():
        assert road.get("prov") in KINDS, name
        for a, b in zip(road["hexes"], road["hexes"][1:]):
            assert b in neighbours(a), (name, a, b)      # a road runs hex to adjacent hex
    for o in m["overrides"]:
        assert o["source"] in KINDS and o["why"], o
    assert set(m["meta"]["schema"]) >= {"province", "boundary", "country", "border", "town", "place"}


@pytest.mark.parametrize("area,hexid,name,kind", [
    ("pleiku", "4232", "Pleiku", "province capital"),    # research 6: Pleiku 4232 [CHK], GeoNames agrees
    ("pleiku", "4228", "Kontum", "province capital"),
    ("binhdinh", "5427", "Bong Son", "town"),            # research 6: Bong Son 5427 [CHK], GeoNames agrees
    ("binhdinh", "5633", "Qui Nhon", "city"),            # V 4: a square capital city; V 17.1 port 5633
    ("binhdinh", "5032", "An Khe", "town"),
    ("binhdinh", "5431", "Phu Cat", "town"),
    ("binhdinh", "5121", "Quang Ngai", "province capital"),   # Quang Ngai's towns are on the joined map
])
def test_towns_and_cities_in_their_hexes(area, hexid, name, kind):
    m = get_map(area)
    assert m.town(hexid) == {"name": name, "kind": kind}
    assert m.town_kind(hexid) == kind
    assert m.is_city(hexid) == (kind in ("city", "major city"))
    assert m.is_capital(hexid) == (kind == "province capital")


def test_qui_nhon_is_a_rulebook_city_and_port():
    rec = shipped("binhdinh")["hexes"]["5633"]
    assert rec["port"] is True and rec["prov"]["port"] == "rulebook"      # V 17.1
    assert rec["prov"]["town"] == "rulebook"                               # V 4 Population centers


def test_the_battle_places_of_silver_bayonet():
    m = get_map("pleiku")
    names = {p["name"]: h for h in m.hexes for p in m.places(h)}
    assert names["Plei Me"] == "4136" and names["LZ X-Ray"] == "3936" == names["LZ Albany"]
    assert names["Duc Co"] == "3833" and names["Chu Pong"] == "3837"
    assert m.terrain("3836") == m.terrain("3837") == "mountain"           # the Chu Pong massif
    assert m.hexside("3835", "3936")["name"] == "Ia Drang"                 # X-Ray south of the river
    assert m.road("4232", "4133") and m.road("4232", "4231")               # Routes 19 and 14 at Pleiku
    assert not m.places("4232")   # a rules town is not a mere place


def test_the_cambodian_border_runs_through_hexes():
    """V 3 Borders: borders run through hexes; beyond them the hexes are Cambodia, not in play."""
    m = get_map("pleiku")
    assert all(len(m.border(h)) >= 2 for h in m.hexes if m.border(h))
    border = [h for h in m.hexes if m.national_border(h)]     # (the Laos-Cambodia border is there too)
    assert len(border) >= 10 and all(set(m.border(h)) >= {"svn", "cambodia"} for h in border)
    assert all(not m.in_svn(h) for h in border)
    assert m.national_border("3837")          # the Chu Pong straddles the border
    beyond = [h for h in m.hexes if m.foreign(h)]
    assert beyond and all(m.foreign(h) in ("cambodia", "laos") for h in beyond)
    assert all(not m.hexes[h]["play"] for h in beyond)
    assert all(m.hexes[h]["play"] for h in border if m.in_region(h, "pleiku"))
    assert m.in_svn("4232") and m.country("3534") == "cambodia" and m.foreign("3534") == "cambodia"
    # every border hex has an SVN hex and a foreign one beside it or is itself split
    for h in border:
        assert any(m.in_svn(n) or m.border(n) for n in neighbours(h) if m.has(n)), h


@pytest.mark.parametrize("area,region", [("pleiku", "pleiku"), ("binhdinh", "binh-dinh"), ("quangngai", "quang-ngai")])
def test_the_play_area_is_the_region_and_its_boundary(area, region):
    """V 18.1: the play area is a region (province), boundary hexes included."""
    m = get_map(area)
    for h, rec in m.hexes.items():
        assert rec["play"] == m.in_region(h, region), h
        if rec["play"] and rec["terrain"] != "all-sea":
            assert m.province(h), h


def test_binh_dinh_joined_to_quang_ngai():
    m = get_map("binhdinh")
    assert m.province("5427") == "binh-dinh" and m.province("5633") == "binh-dinh" and m.province("5032") == "binh-dinh"
    assert m.province("5121") == "quang-ngai" and not m.hexes["5121"]["play"]
    qn = [h for h in m.hexes if m.in_region(h, "quang-ngai")]
    line = [h for h in qn if m.in_region(h, "binh-dinh")]
    assert len(qn) > 60 and line                      # "extending into Quang Ngai" is a set of hexes
    assert m.road("5426", "5427")                     # QL1 runs on from Quang Ngai into Binh Dinh


def test_the_joined_map_says_what_starlites_says_of_its_play_area():
    """Starlite's hexes read the same on both maps (areas/binhdinh.json includes areas/quangngai.json)."""
    qn, bd = shipped("quangngai")["hexes"], shipped("binhdinh")["hexes"]
    for h, rec in qn.items():
        if rec["play"]:
            for f in ("terrain", "town", "port", "beach", "province", "country", "border"):
                assert rec.get(f) == bd[h].get(f), (h, f)
    assert shipped("quangngai")["hexsides"].items() <= {k: v for k, v in shipped("binhdinh")["hexsides"].items()}.items()


@pytest.mark.parametrize("area", AREAS)
def test_the_svg_draws_every_hex_and_the_borders(area):
    m = shipped(area)
    svg = (REPO / f"static/svg/vietnam_{area}_map.svg").read_text()
    drawn = dict(re.findall(r'<g class="hex t-([a-z-]+)[^"]*" data-space="(\d{4})"', svg)[i][::-1]
                 for i in range(len(m["hexes"])))
    assert set(drawn) == set(m["hexes"])
    for h, rec in m["hexes"].items():
        assert drawn[h] == rec["terrain"].replace(" ", "-"), h
    assert 'id="geo-borders"' in svg
    for h, rec in m["hexes"].items():
        if rec.get("border"):
            assert re.search(rf'data-space="{h}"[^>]*data-border="{" ".join(rec["border"])}"', svg), h
    for rec in m["hexes"].values():
        for p in rec.get("place", []):
            assert f">{p['name']}<title>" in svg


def moved_state(area, us_hex, nlf_hex):
    """Starlite's pieces put down on another area's map (a throwaway test state: the lead owns the
    scenarios of issue 15)."""
    s = setup.initial_state("starlite", {})
    s["area"] = area
    for u in s["units"].values():
        if u["hex"]:
            u["hex"] = us_hex if u["side"] == "US" else nlf_hex
    return s


@pytest.mark.parametrize("area,us,nlf", [("pleiku", "4232", "3936"), ("binhdinh", "5427", "5328")])
def test_a_state_on_the_new_maps_has_a_board_and_a_view(area, us, nlf):
    s = moved_state(area, us, nlf)
    assert invariants(s) == []
    v = view(s, "US")
    assert v["area"] == area and us in v["spaces"]
    assert all(get_map(area).playable(h) for h in v["zoc"])
    # the fire ranges overlay reads the area's map
    for r in v["ranges"].values():
        assert all(get_map(area).has(h) for h in r["hexes"])


def test_a_unit_beyond_the_border_breaks_the_play_area_invariant():
    s = moved_state("pleiku", "3534", "3936")   # 3534: Cambodia
    assert any("unplayable" in b for b in invariants(s))


def test_starlite_still_sets_up_on_quang_ngai():
    assert setup.initial_state("starlite", {})["area"] == "quangngai"


def test_the_about_page_has_a_map_section_per_area():
    secs = [s for s in about() if s["title"].startswith("Map")]
    assert [s["title"] for s in secs] == ["Map (quang-ngai)", "Map (pleiku)", "Map (binh-dinh)", "Map (country)"]
    for s in secs:
        whats = " ".join(i["what"] for i in s["items"])
        assert "province of" in whats and "play area" in whats
    pleiku = " ".join(i["what"] for i in secs[1]["items"])
    assert "international border hexes" in pleiku and "named places" in pleiku


def test_the_play_area_extended_into_quang_ngai():
    """V 18.1 play area: a Binh Dinh scenario may extend the play area into Quang Ngai (the state's
    "play_extend"); the Quang Ngai hexes are then in play, the map otherwise unchanged."""
    from game.rules.vietnam_1965_1975 import board as B
    base = B.mapof({"area": "binhdinh"})
    wide = B.mapof({"area": "binhdinh", "play_extend": ["quang-ngai"]})
    assert not base.playable("5121") and wide.playable("5121")          # Quang Ngai town
    assert base.playable("5427") and wide.playable("5427")              # Bong Son either way
    assert not wide.playable("4716")                                    # Tam Ky: Quang Tin stays out
    assert {h for h in wide.hexes if wide.hexes[h]["play"]} == \
        {h for h in base.hexes if base.in_region(h, "binh-dinh") or base.in_region(h, "quang-ngai")}
    assert base.hexes is get_map("binhdinh").hexes and wide.terrain("5121") == base.terrain("5121")
    s = moved_state("binhdinh", "5121", "5328")
    assert any("unplayable" in b for b in invariants(s))
    s["play_extend"] = ["quang-ngai"]
    assert invariants(s) == [] and "5121" in view(s, "US")["spaces"]
