"""The engine contract for First Team: Vietnam: JSON round trip, replay, illegal actions, listing
without side effects, undo, manual dice, hidden information, invariants, simulator and fuzzer."""

import json
import re

import pytest

from game.engine import match as M
from game.engine.flow import IllegalAction

from .ft_helpers import R, S, blank, do, put, stack, start



def test_registered_and_interface():
    """Engine / FT 1.0: registered as first-team, one role US, one campaign of 15 turns (A1)."""
    assert R.id == "first-team" and R.roles == ["US"]
    assert [s["id"] for s in R.scenarios()] == ["campaign"]
    opts = R.default_options()
    assert opts["turns"] == 15 and opts["cambodia"] is False and opts["nva_artillery"] is False
    rulings = [o for o in R.options() if o["kind"] == "ruling" and o["rule"].startswith("A")]
    named = {o["rule"].split()[0].rstrip("abcd") for o in rulings}
    assert {f"A{i}" for i in range(1, 64)} <= named  # the reference's 63 rulings, and ours after them










def test_undo_restores_exact_state_and_stops_at_dice():
    """Engine: undo restores the exact prior state; no undo past a die roll (FT 5.1 flip is a reveal)."""
    m = blank()
    put(m, "1-8A", "F1")
    start(m, {"s": "ground_segment", "entered": []})
    before = json.loads(json.dumps(m))
    do(m, {"t": "move", "unit": "1-8A", "to": "F4"})
    assert m["undo"]
    M.undo(R, m)
    assert m == before
    m["state"]["dice"]["queue"] = [6]
    put(m, "n32-101", "D4")
    do(m, {"t": "move", "unit": "1-8A", "to": "D4"})
    assert m["undo"] == []
    with pytest.raises(IllegalAction):
        M.undo(R, m)


def test_manual_dice_mode():
    """Engine: in manual dice mode the player types the dice the engine asks for (FT 3.0 needs none:
    the LZ mix is a blind draw); an intelligence attempt then asks for a die."""
    m = M.new_match(R, "campaign", 1, dice_mode="manual")
    while M.legal_actions(R, m)[0]["t"] == "lz":
        M.apply(R, m, M.legal_actions(R, m)[0])
    M.apply(R, m, {"t": "identify", "cp": 1})
    assert [M.strip(a) for a in M.legal_actions(R, m)] == [{"t": "roll", "value": v} for v in range(1, 7)]
    M.apply(R, m, {"t": "roll", "value": 1})
    M.apply(R, m, {"t": "roll", "value": 4})
    assert any(u["loc"] == "ZB" for u in S(m)["units"].values() if u["k"] == "nva")  # turn 1, die 4: B
    r = M.replay(R, "campaign", 1, m["options"], m["actions"], dice_mode="manual")
    assert M.state_hash(r) == M.state_hash(m)


def test_view_hides_unknown_units_and_lz_markers():
    """Engine / FT 2.0, 3.0, 13.11: the view never names NVA units in the Unknown Box or unflipped LZ
    markers; it shows tracks, boxes and the Zone Display."""
    m = M.new_match(R, "campaign", 8)
    while M.legal_actions(R, m)[0]["t"] == "lz":
        M.apply(R, m, M.legal_actions(R, m)[0])
    v = M.view(R, m)
    text = json.dumps(v)
    for uid in R.hidden_ids(S(m)):
        assert not re.search(rf'"{uid}"', text)
    assert '"valid"' not in text
    assert set(v["tracks"]) >= {"turn", "command_points", "casualty_points", "victory_points"}
    assert set(v["boxes"]) >= {"An Khe", "Refit", "Unknown"} and len(v["boxes"]["Unknown"]) == 21
    assert set(v["zone_display"]) == {"CAM", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "P"}






def test_invariants_detect_breakage():
    """Engine: the invariants are not vacuous: a 7th NVA unit in a location is reported (FT 8.3)."""
    m = blank()
    for i in range(7):
        m["state"]["units"][f"n66-{101 + i}"]["loc"] = "F2"
    assert any("FT 8.3" in b for b in R.invariants(S(m)))


def test_simulator_20_games_no_errors():
    """Engine: simulate("first-team", "all", 20, 1) finishes 20 games with 0 errors (FT 15.1 levels)."""
    from game.simulate import simulate
    out = simulate("first-team", "all", 20, 1)
    assert out["errors"] == 0, out["error_samples"]
    assert out["finished"] == 20 and sum(out["levels"].values()) == 20

