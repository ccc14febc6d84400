"""The computer player in scenarios won on victory points (game/ai/vietnam_vp.py, issue 15): what
it fights for, and whole games that finish, on a test scenario built from Starlite's data."""

import copy

import pytest

import game.rules.vietnam_1965_1975 as R
from game.ai import vietnam as V
from game.ai import vietnam_vp as VP
from game.engine import match as M
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975.data import SCENARIOS
from game.simulate import simulate

from .rules_driver import bind

D = bind(R)
LEVELS = [{"upto": -2, "winner": "US", "name": "US victory", "why": "test"},
          {"upto": 2, "winner": "draw", "name": "Draw", "why": "test"},
          {"winner": "NLF", "name": "NLF victory", "why": "test"}]


@pytest.fixture
def vptest(monkeypatch):
    sc = copy.deepcopy(SCENARIOS["starlite"])
    sc.update({"name": "VP test", "turns": 2, "special": {}, "victory": {"kind": "vp", "levels": LEVELS},
               "nlf": [{"id": "vc1", "kind": "vc_regiment", "name": "VC 1st Regiment", "hexes": ["5320"]},
                       {"id": "b1", "kind": "vc_bn", "name": "VC battalion", "hexes": ["5024"]},
                       {"id": "ps1", "kind": "vc_political", "name": "Political section", "hexes": ["5222"]}],
               "per_turn": {"ap": 2}})
    monkeypatch.setitem(SCENARIOS, "vptest", sc)
    monkeypatch.setitem(B.KINDS, "t_nva_rgt", dict(B.KINDS["vc_regiment"], nat="NVA", name="NVA regiment"))
    return "vptest"


def at_ops(sid, seed=1):
    m = M.new_match(R, sid, seed)
    while D.acts(m, "place"):
        D.answer(m, t="place")
    for _ in range(3):
        D.answer(m, t="done")
    return m


def test_the_us_goes_for_the_stack_worth_most_vp(vptest):
    """V 18.1: an NVA counter is worth 4 VP to the US, a VC battalion 1: with both in reach, the
    NVA regiment is the target."""
    m = at_ops(vptest)
    s = m["state"]
    s["units"]["vc1"]["kind"] = "t_nva_rgt"
    s["units"]["vc1"]["rev"] = True
    s["units"]["b1"]["hex"] = "5219"
    s["units"]["b1"]["rev"] = True
    h, units = VP.best_target(s, "US")
    assert h == "5320" and "m37" in units


def test_the_nlf_attacks_only_at_long_odds(vptest):
    m = at_ops(vptest)
    s = m["state"]
    # the marines (3 each) in reach of the regiment (6) and a battalion: no NLF attack on them
    assert VP.best_target(s, "NLF") is None
    # a lone headquarters (strength 0) next to the regiment: worth attacking
    for uid in ("m33", "m24", "a212", "m37"):
        s["units"][uid]["hex"] = "5118"
    s["units"]["hq7"]["hex"] = "5321"
    tgt = VP.best_target(s, "NLF")
    assert tgt and tgt[0] == "5321" and "vc1" in tgt[1]


def test_in_the_last_turn_the_nlf_moves_into_towns_when_the_us_cannot_answer(vptest):
    m = at_ops(vptest)
    s = m["state"]
    s["turn"] = 2
    for u in B.live(s):
        if u["side"] == "US":
            u["done"] = True
    legal = M.legal_actions(R, m, "NLF")
    a = V.novice(R, s, "NLF", legal, __import__("random").Random(0))
    assert a["t"] == "nlf_op" and a.get("op", "sd") == "sd"
    assert VP.occupy_units(s)


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_whole_games_by_the_computer_finish(vptest, level):
    r = simulate("vietnam-1965-1975", "vptest", 3 if level == "novice" else 1, 5,
                 players="US=ai,NLF=ai", ai_level=level)
    assert r["errors"] == 0, r["error_samples"]
    assert r["finished"] == r["games"]
    assert sum(r["wins"].values()) == r["games"]
