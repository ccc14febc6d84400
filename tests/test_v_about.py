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
    assert {"rulebook", "play report", "reconstruction", "design"} <= kinds


def test_about_is_part_of_the_rules_interface():
    assert get("vietnam-1965-1975").about is about
