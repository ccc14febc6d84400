"""First Team saves from before the procedure core (issue 43): an ft-data-1 save holds the old
procedures' frames and the turn-wide s["f"]. The two saves in tests/data were made by the code of
commit 7da6e20 (random play): one at a Transport Segment decision, one with a question open in a
combat. The first is played again from its actions on load (data_migrations); the second is refused
by the loader."""

import json
from pathlib import Path

import pytest

from game.engine import match as M
from game.engine import saves as SV
from game.rules import load_save

from .ft_helpers import R

DATA = Path(__file__).parent / "data"


def old(name):
    return (DATA / name).read_text()


def test_an_old_save_at_a_segment_decision_is_played_again_on_load():
    """FT 4.13 C: an ft-data-1 save at the First Transport Segment after one landing loads as this
    version's position: the same log, the segment's record (the transports landed, FT 13.6 (1),
    A36) in its procedure's frame and the cargo on its helicopter, no s["f"]; undo and play go on."""
    text = old("ft-data-1-transport.json")
    before = json.loads(text)
    m, warnings = load_save(text, game="first-team")
    assert any("ft-data-1 to ft-data-2" in w for w in warnings) and m["data_version"] == R.data_version
    assert m["log"] == before["log"] and m["actions"] == before["actions"] and "f" not in m["state"]
    seg = next(f for f in m["state"]["stack"] if f["s"] == "transport_segment")
    assert [f["s"] for f in m["state"]["stack"]] == ["turn", "transport_segment", "transport"]
    assert seg["landed"] == before["state"]["f"]["landed"] and seg["start_us"] == before["state"]["f"]["start_us"]
    assert {h: u["cargo"] for h, u in m["state"]["units"].items() if u.get("cargo")} == before["state"]["f"]["cargo"]
    assert [u["loc"] for u in m["state"]["units"].values()] == [u["loc"] for u in before["state"]["units"].values()]
    # the undo steps are rebuilt by the replay: the last one is the saved one's position
    M.undo(R, m)
    prev = before["undo"][-1]
    assert len(m["actions"]) == prev["actions"] and "f" not in m["state"]
    assert [u["loc"] for u in m["state"]["units"].values()] == [u["loc"] for u in prev["state"]["units"].values()]
    M.apply(R, m, M.legal_actions(R, m)[0])


def test_an_old_save_with_a_question_open_is_converted():
    """An ft-data-1 save made while a question was open in a combat (FT 12.5: distribute fatigue)
    names the old question step "choose", which no longer exists: the loader checks the steps
    after the game's conversion (game/engine/saves.py), so the save is played again from its
    actions and opens at the same question, now the engine's question step."""
    text = old("ft-data-1-question.json")
    old_m = json.loads(text)
    assert old_m["state"]["stack"][-1]["s"] == "choose"
    m, warnings = load_save(text, game="first-team")
    assert "converted from game data ft-data-1 to ft-data-2" in warnings
    assert m["state"]["stack"][-1]["s"] == "ask" and m["log"] == old_m["log"]
    assert M.legal_actions(R, m)


def test_an_old_save_from_other_rules_is_refused():
    """An ft-data-1 save whose moves, played again by these rules, do not give its log (a save of
    earlier rules) is refused with that reason, never continued as another game."""
    m = json.loads(old("ft-data-1-transport.json"))
    m["log"][3]["text"] += " (older rules)"
    with pytest.raises(SV.SaveError, match="gives another game"):
        load_save(json.dumps(m), game="first-team")
    m["actions"][-1] = {"t": "lift", "heli": "tr99", "unit": "1-8A", "to": "PLEIKU"}
    with pytest.raises(SV.SaveError, match="cannot be played again"):
        load_save(json.dumps(m), game="first-team")


def test_a_save_of_this_version_inside_a_combat_round_trips():
    """A save made with a question open in a combat (the procedures' frames, the engine's question
    step) loads as it was and plays on."""
    import random
    m = M.new_match(R, "campaign", 27)
    rng = random.Random(27)
    while not any(f["s"] == "fight" for f in m["state"]["stack"]) or m["state"]["stack"][-1]["s"] != "ask":
        acts = M.legal_actions(R, m)
        dones = [a for a in acts if a["t"] == "done"]
        M.apply(R, m, rng.choice(dones) if dones and rng.random() < 0.3 else rng.choice(acts))
    m2, warnings = load_save(json.dumps(m), game="first-team")
    assert m2 == m and warnings == []
    M.apply(R, m2, M.legal_actions(R, m2)[0])
