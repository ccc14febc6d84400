"""Issue 11 section 3: the 'About this reconstruction' page reads the provenance in the data files."""
from game.rules import get
from game.rules.vietnam_1965_1975.about import KINDS, about


def test_about_covers_every_data_table_with_known_kinds():
    secs = about()
    titles = [s["title"] for s in secs]
    assert titles[0].startswith("Map") and {"Counters", "Terrain Effects Chart", "Combat Results Table",
                                            "Scenarios"} <= set(titles)
    for s in secs:
        assert s["items"], s["title"]
        for it in s["items"]:
            assert it["kind"] in KINDS and it["what"], it
    kinds = {it["kind"] for s in secs for it in s["items"]}
    assert {"rulebook", "play report", "geodata", "reconstruction", "design"} <= kinds


def test_about_lists_the_map_by_source_with_the_geodata_licences():
    """The map section says what comes from the rulebook, the play reports, real geodata (with each
    data set's licence), reconstruction and design (issue 11 section 3)."""
    m = about()[0]
    kinds = {it["kind"] for it in m["items"]}
    assert {"rulebook", "play report", "geodata", "reconstruction", "design"} <= kinds
    text = " ".join(f"{it['what']} {it['why']}" for it in m["items"])
    for licence in ("GeoNames", "CC-BY", "GSHHG", "LGPL", "Natural Earth", "public domain", "MODIS", "no restriction"):
        assert licence in text, licence
    assert any(it["kind"] == "play report" and "4920" in it["what"] for it in m["items"])
    assert any(it["kind"] == "rulebook" and "5319" in it["what"] for it in m["items"])


def test_about_is_part_of_the_rules_interface():
    assert get("vietnam-1965-1975").about is about


def test_about_the_campaign_chart_by_chart_with_the_open_questions():
    """Issue 47 item 8: a section per campaign chart (V 12-17), each saying what comes from the
    rulebook and what is designed; the 35 regions one by one; the open questions last."""
    secs = {s["title"]: s for s in about()}
    for title in ("Campaign calendar (V 12)", "Pacification Table and Population Shift Scale (V 13)",
                  "Strategic Bombing Table (V 14)", "Ho Chi Minh Trail Track (V 14.1, V 17.5, V 17.8)",
                  "SVN Leader Loyalty Table (V 15.1)", "Morale Chart (V 16)", "Blockade Chart (V 17.5)",
                  "Unit Chart (V 17)"):
        kinds = {it["kind"] for it in secs[title]["items"]}
        assert {"rulebook", "design"} <= kinds, title
    regions = [it for it in secs["Population Control Sheet: the 35 regions (V 13, V 17.3)"]["items"]
               if it["what"][:2] in ("I-", "II", "IV") or it["what"].startswith("III")]
    assert len(regions) == 35 and "Quang Tri 3305" in regions[0]["why"]
    qs = secs["Campaign: open questions"]["items"]
    assert [q["what"].split(":")[0] for q in qs][:12] == [f"Q{i}" for i in range(1, 13)]
    assert list(secs)[-1] == "Campaign: open questions"
