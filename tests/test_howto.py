"""Issue 13 item 2: every rule section the engines cite has a summary on its game's "How to play"
page (game/rules/<game>/data/howto.json), and each scenario has a briefing."""
import re
from pathlib import Path

import pytest

from game.engine import howto as H
from game.rules import GAMES, get, howto

RULES = Path(__file__).resolve().parents[1] / "game" / "rules"
PREFIX = {"mike-force": "MF", "first-team": "FT", "vietnam-1965-1975": "V"}
PACKAGE = {gid: GAMES[gid]["rules"].rsplit(".", 1)[1] for gid in GAMES}


def cited(prefix):
    """Every "<prefix> n.n" the rules code and data write (log lines, prompts, options, scenarios)."""
    out = set()
    for f in RULES.rglob("*"):
        if f.suffix in (".py", ".json") and f.name != "howto.json":
            out |= {c for c in H.cites(f.read_text(encoding="utf-8")) if c.startswith(prefix + " ")}
    return out


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_cited_section_has_a_summary(gid):
    doc = howto(gid)
    assert doc is not None, f"{gid} has no howto()"
    want = cited(PREFIX[gid])
    assert len(want) > 20
    missing = sorted((c for c in want if H.exact(doc, c) is None), key=lambda c: [int(x) for x in re.findall(r"\d+", c)])
    assert missing == [], f"{gid}: no summary for {missing}"


@pytest.mark.parametrize("gid", list(GAMES))
def test_summaries_are_short_and_of_this_game(gid):
    doc = howto(gid)
    for s in doc["sections"]:
        assert s["id"].startswith(PREFIX[gid] + " "), s["id"]
        assert s["title"] and 20 <= len(s["text"]) <= 520, s["id"]
    assert {p["id"] for p in doc["intro"]} >= {"setting", "sequence", "victory", "counters"}


def test_find_falls_back_to_the_enclosing_section():
    doc = {"sections": [{"id": "MF 20", "title": "t", "text": "x"}, {"id": "MF 20.1", "title": "u", "text": "y"}]}
    assert H.find(doc, "MF 20.1")["text"] == "y"
    assert H.find(doc, "(MF 20.1.3)")["text"] == "y"
    assert H.find(doc, "MF 20.0")["text"] == "x"
    assert H.find(doc, "R-VP1 (MF 20.4)")["text"] == "x"
    assert H.find(doc, "MF 21.1") is None
    assert H.cites("(MF 20.1) and FT 11.2, V 5.4") == ["MF 20.1", "FT 11.2", "V 5.4"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_scenario_has_a_briefing(gid):
    for sc in get(gid).scenarios():
        b = sc.get("briefing")
        assert b, f"{gid} {sc['id']} has no briefing"
        for part in ("history", "length", "difficulty", "victory"):
            assert b.get(part), (gid, sc["id"], part)
