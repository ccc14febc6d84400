"""Mike Force beside the engine contract (tests/test_engine_contract.py runs the rest for every game): undo, manual dice,
hidden information, the simulator; and T1 (MF 1.0: seats do not change the game)."""

import json
import random
import re

import pytest

from game.engine import match as M
from game.engine.flow import IllegalAction
from game.rules.mike_force import board as B

from .mf_helpers import R, S, blank, com, dice, do, put, stack











def test_undo_restores_exact_state_and_stops_at_dice():
    """Engine: undo restores the exact prior state; it cannot go back past a die roll."""
    m = blank("early")
    a = put(m, "ateam", "NSN")
    b = put(m, "ateam", "TDC")
    put(m, "halo", "DN")
    stack(m, {"s": "fw_move"})
    before = json.loads(json.dumps(m))
    do(m, {"t": "move", "unit": a, "to": "QSN"})
    assert m["undo"]
    M.undo(R, m)
    assert m == before
    do(m, {"t": "move", "unit": a, "to": "QSN"})
    do(m, {"t": "move", "unit": b, "to": "DLC"})
    dice(m, 3)
    do(m, {"t": "halo", "unit": "halo1", "to": "TCH"})
    assert m["undo"] == []
    with pytest.raises(IllegalAction):
        M.undo(R, m)


def test_manual_dice_mode_asks_and_uses_typed_rolls():
    """Engine: in manual dice mode the legal actions become {"t":"roll","value":1..6}; the typed
    dice are the ones used (IP die 6 even: 15 + 6 = 21); other actions are refused meanwhile."""
    m = M.new_match(R, "early", 1, dice_mode="manual")
    acts = [M.strip(a) for a in M.legal_actions(R, m)]
    assert acts == [{"t": "roll", "value": v} for v in range(1, 7)]
    assert M.view(R, m)["awaiting_roll"]
    with pytest.raises(IllegalAction):
        M.apply(R, m, {"t": "done"})
    M.apply(R, m, {"t": "roll", "value": 6})
    M.apply(R, m, {"t": "roll", "value": 4})
    M.apply(R, m, {"t": "roll", "value": 1})
    assert S(m)["ip"] == 21 and S(m)["rp"] == 12
    assert [e["dice"] for e in m["log"] if e.get("dice")] == [[6], [4], [1]]
    assert not S(m).get("await_roll")
    r = M.replay(R, "early", 1, m["options"], m["actions"], dice_mode="manual")
    assert M.state_hash(r) == M.state_hash(m)


def test_view_hides_concealed_units():
    """Engine / MF 16.0 / MF 2.8: the view never contains the kind or uid of a concealed Communist
    unit; it shows only the back (mobile or static)."""
    m = M.new_match(R, "tet", 8)
    s = S(m)
    hidden = [(uid, u["k"]) for uid, u in s["units"].items()
              if B.is_com(u) and not B.is_garrison(u) and B.on_map(u["loc"]) and not u.get("rev")]
    assert hidden
    text = json.dumps(M.view(R, m))
    for uid, kind in hidden:
        assert not re.search(rf'"{uid}"', text)
        assert kind not in text
        assert B.KINDS[kind]["name"] not in text
    v = M.view(R, m)
    pieces = [p for sp in v["spaces"].values() for p in sp["pieces"] if p.get("concealed")]
    assert len(pieces) == len(hidden) and {p["back"] for p in pieces} <= {"mobile", "static"}


def test_view_shows_revealed_units():
    """Engine / MF 16.0: a revealed Communist unit is shown with its identity."""
    m = blank("early")
    c = com(m, "inf_div", "B117", rev=True)
    text = json.dumps(M.view(R, m))
    assert f'"{c}"' in text and "NVA Infantry Division" in text


def test_t1_seats_do_not_change_the_game_mf_1_0():
    """T1 / MF 1.0: the same seed and commands, issued from the single seat with or without a role,
    give identical states after each command (seats are a UI matter)."""
    m1 = M.new_match(R, "offensive", 77)
    m2 = M.new_match(R, "offensive", 77)
    rng = random.Random(4)
    for _ in range(80):
        if S(m1).get("over"):
            break
        acts = M.legal_actions(R, m1, role="FW")
        assert [M.strip(a) for a in acts] == [M.strip(a) for a in M.legal_actions(R, m2)]
        a = rng.choice(acts)
        M.apply(R, m1, a, role="FW")
        M.apply(R, m2, a)
        assert M.state_hash(m1) == M.state_hash(m2)





