"""The computer player in scenarios won on victory points (game/ai/vietnam_vp.py, issue 15): what
it fights for, and whole games that finish, on a test scenario built from Starlite's data."""

import copy
import random

import pytest

import game.rules.vietnam_1965_1975 as R
from game.ai import vietnam as V
from game.ai.vietnam_policy import novice
from game.ai import vietnam_vp as VP
from game.engine import headless, match as M
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import movement as MV
from game.rules.vietnam_1965_1975.data import SCENARIOS
from game.rules.vietnam_1965_1975.hexes import distance
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
    a = novice(R, s, "NLF", legal, __import__("random").Random(0))
    assert a["t"] == "nlf_op" and a.get("op", "sd") == "sd"
    assert VP.occupy_units(s)


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_whole_games_by_the_computer_finish(vptest, level):
    r = simulate("vietnam-1965-1975", "vptest", 3 if level == "novice" else 1, 5,
                 players="US=ai,NLF=ai", ai_level=level)
    assert r["errors"] == 0, r["error_samples"]
    assert r["finished"] == r["games"]
    assert sum(r["wins"].values()) == r["games"]


def test_V18_1_hqs_and_artillery_join_an_operation_they_can_reach(vptest):
    """V 18.1: an HQ or a battery eliminated is 10 VP to the NLF, like a battalion, and with no
    ground strength it cannot hold a hex alone: one left behind by an operation, or walking toward
    its target alone, is what the NLF attacked. So they join an operation they can reach: in range
    and one hex (V 7.2), or flying (V 8.1, with Airmobile Points)."""
    m = at_ops(vptest)
    s = m["state"]
    s["rec"]["amp"] = 0
    assert {"m33", "m24", "m37", "hq7", "a212"} <= set(VP.us_operators(s, "5320"))
    s["units"]["a212"]["hex"] = "5016"                # 5 hexes from 5320, range 3: out of reach
    assert "a212" not in VP.us_operators(s, "5320")
    s["rec"]["amp"] = 1                               # it can fly (8 hexes)
    assert "a212" in VP.us_operators(s, "5320")
    s["units"]["hq7"]["op"] = True                    # already designated: not picked again
    assert "hq7" not in VP.us_operators(s, "5320")


def test_V7_2_V18_1_hqs_and_artillery_move_last_to_the_strongest_operating_stack(vptest):
    """In the operation's movement the combat units move first; each HQ and battery then goes to
    the hex of operating combat units with the most ground strength in range of the target."""
    m = at_ops(vptest)
    # the 155 mm starts with the 7th Marines: at Chu Lai it is road-bound (QL1 runs no more on
    # 5118-5119-5120, issue 44 item 1) and reaches no stack (test_V3_an_hq_or_battery_walks_only...)
    m["state"]["units"]["a212"]["hex"] = "5220"
    rng = random.Random(0)
    picks, moved = [], False
    for _ in range(400):
        s = m["state"]
        f = s["stack"][-1]
        if f["s"] == "move" and f.get("mode") == "op":
            moved = True
        elif moved:
            break
        legal = headless.actions(R, m)
        role = M.current_role(R, m)
        a = novice(R, s, role, legal, rng)
        if role == "US" and f["s"] == "move" and a["t"] == "pick":
            picks.append(a["u"])
        if role == "US" and f["s"] == "sd_pick" and f["target"] is None:
            a = V.first(legal, "target", hex="5320") or a
        if role == "US" and f["s"] == "ops":
            a = V.first(legal, "operate", op="sd") or a  # this test's operation, whatever it is worth
        M.apply(R, m, a)
    s = m["state"]
    assert moved and s["op"] and s["op"]["targets"] == ["5320"]
    support = [u for u in picks if VP.support_unit(s["units"][u])]
    assert support and picks[-len(support):] == support      # they move last
    stacks = {}
    for u in B.live(s):
        if u["side"] == "US" and u["op"] and B.strength(u) > 0:
            stacks[u["hex"]] = stacks.get(u["hex"], 0) + B.strength(u)
    for uid in support:
        u = s["units"][uid]
        assert stacks.get(u["hex"]), (uid, u["hex"], stacks)  # with combat units, never alone


def test_V5_5_V18_1_us_losses_cost_the_fewest_vp(vptest):
    """V 5.5 with V 18.1: a US counter removed is 10 VP to the NLF, an ARVN battalion its 2
    strength points; an ARVN RP 1/4 VP, a US RP 1."""
    m = at_ops(vptest)
    s = m["state"]
    s["units"]["m33"]["kind"] = "arvn_bn"
    s["stack"].append({"s": "losses", "n": 1})
    assert VP.losses(s, "US", [{"t": "remove", "u": "hq7"}, {"t": "remove", "u": "m37"},
                               {"t": "remove", "u": "m33"}], None) == {"t": "remove", "u": "m33"}
    # two losses: a US battalion (3) covers both for 10 VP, the HQ one for 10
    s["stack"][-1]["n"] = 2
    assert VP.losses(s, "US", [{"t": "remove", "u": "hq7"}, {"t": "remove", "u": "m37"}], None) == \
        {"t": "remove", "u": "m37"}
    assert VP.losses(s, "US", [{"t": "rp", "u": "m37"}, {"t": "rp", "u": "m33"}, {"t": "remove", "u": "m33"}],
                     None) == {"t": "rp", "u": "m33"}
    # the NLF's losses are vietnam.py's
    assert VP.losses(s, "NLF", [{"t": "remove", "u": "vc1"}, {"t": "remove", "u": "ps1"}], None) == \
        {"t": "remove", "u": "ps1"}


def test_V3_an_hq_or_battery_walks_only_to_a_stack_it_can_reach(vptest):
    """On the ground (no flight) an operating battery heads for a stack of operating combat units
    only if its MP reach it by the cheapest path (V 3); else it halts where it stands rather than
    end its move alone short of it."""
    m = at_ops(vptest)
    s = m["state"]
    s["rec"]["amp"] = 0
    s["units"]["m37"]["op"] = True      # the operating combat unit at 5220, next to the target
    s["units"]["a212"]["op"] = True     # the 155 mm on QL1 at Mo Duc 5222, 2 hexes from it
    s["units"]["a212"]["hex"] = at = "5222"
    s["units"]["ps1"]["hex"] = "5024"   # (the political section set up there goes to Ba To)
    op = {"targets": ["5320"]}
    f = {"s": "move", "mode": "op", "cur": "a212", "mp": {"a212": 6}, "enter": ["5320"], "forbid": []}
    steps = [{"t": "step", "to": n} for n in B.neighbours(at) if B.mapof(s).playable(n)]
    legal = steps + [{"t": "halt"}]
    a = VP.with_the_troops(s, f, legal, op)
    u = s["units"]["a212"]
    cost = MV.step_cost(s, u, at, a["to"], ["5320"], "op")
    assert a["t"] == "step" and "5220" in MV.reach(s, dict(u, hex=a["to"]), 6 - cost, ["5320"], "op")
    f["mp"]["a212"] = 0.5               # not enough MP for even one step
    assert "5220" not in VP.ends(s, f, s["units"]["a212"], False)
    assert VP.with_the_troops(s, f, legal, op) == {"t": "halt"}
    # at Chu Lai 5118 the battery is road-bound (QL1 runs no more on 5118-5119-5120, issue 44 item 1):
    # 6 MP take it into 5119 or 5018 and no farther, so it stays
    u["hex"] = "5118"
    f["mp"]["a212"] = 6
    assert "5220" not in VP.ends(s, f, u, False)
    legal = [{"t": "step", "to": n} for n in B.neighbours("5118") if B.mapof(s).playable(n)] + [{"t": "halt"}]
    assert VP.with_the_troops(s, f, legal, op) == {"t": "halt"}


def test_V3_an_hq_or_battery_that_reaches_no_operating_stack_joins_other_us_troops(vptest):
    """A battery whose hex's battalion left for the operation, reaching no stack of the operation
    with the MP it has, goes to US combat units that are not operating rather than stay alone (a
    lone battery is 10 VP to the NLF's next operation at any odds, V 18.1; Masher/White Wing:
    1/21 Artillery, left by the ARVN 40th Regiment)."""
    m = at_ops(vptest)
    s = m["state"]
    s["rec"]["amp"] = 0
    s["units"]["m37"]["op"] = True      # the operating combat unit at 5220, 2 hexes away
    s["units"]["a212"]["op"] = True     # the 155 mm at 5118
    u = s["units"]["a212"]
    near = next(n for n in B.neighbours("5118") if B.mapof(s).playable(n) and distance(n, "5220") > 1
                and not B.units_at(s, n, "US"))
    s["units"]["m24"].update(hex="5220", op=True)  # the battery's battalions left with the operation
    s["units"]["m33"].update(hex=near, op=False)  # combat units of the US, not in the operation
    op = {"targets": ["5320"]}
    one = MV.step_cost(s, u, "5118", near, ["5320"], "op")
    f = {"s": "move", "mode": "op", "cur": "a212", "mp": {"a212": one}, "enter": ["5320"], "forbid": []}
    assert "5220" not in VP.ends(s, f, u, False) and near in VP.ends(s, f, u, False)
    legal = [{"t": "step", "to": n} for n in B.neighbours("5118") if B.mapof(s).playable(n)] + [{"t": "halt"}]
    assert VP.with_the_troops(s, f, legal, op) == {"t": "step", "to": near}
    s["units"]["m33"]["hex"] = "5220"   # no US troops in its reach: it stays
    assert VP.with_the_troops(s, f, legal, op) == {"t": "halt"}


def test_V8_1_airmobile_points_lift_the_batteries_first(vptest):
    """V 8.1, V 8.2: a battery farther from the target than its range plus one hex joins only if an
    Airmobile Point will lift it, and that point is not spent on an ARVN battalion first (Silver
    Bayonet: an ARVN battalion flew with the last point and left the 2/19 battery at Pleiku,
    alone, 10 VP to the NLF)."""
    m = at_ops(vptest)
    s = m["state"]
    s["units"]["a212"].update(kind="us_cav_105", hex="4720")   # airmobile only with an AMP
    s["units"]["m33"].update(kind="arvn_bn", hex="4621")       # a battalion out of walking reach
    assert distance("4720", "5320") > 3 and VP.REACH < distance("4621", "5320") <= VP.AIR_REACH
    s["rec"].update(amp=1, amp_used=0)
    going = VP.us_operators(s, "5320")
    assert "a212" in going and "m33" not in going
    s["rec"]["amp"] = 2
    assert {"a212", "m33"} <= set(VP.us_operators(s, "5320"))
    # in the operation's move, the battalion does not take the battery's point
    s["rec"]["amp"] = 1
    s["op"] = dict(B.new_op("US", "sd"), targets=["5320"])
    for uid in ("a212", "m33"):
        s["units"][uid]["op"] = True
    f = {"s": "move", "mode": "op", "cur": "m33", "mp": {"m33": 7, "a212": 6}, "moved": [],
         "enter": ["5320"], "forbid": []}
    s["stack"].append(f)
    legal = [{"t": "air"}, {"t": "halt"}] + [{"t": "step", "to": n} for n in B.neighbours("4621")
                                              if B.mapof(s).playable(n)]
    assert VP.move(s, "US", legal, random.Random(1)) != {"t": "air"}
    s["rec"]["amp"] = 2
    assert VP.move(s, "US", legal, random.Random(1)) == {"t": "air"}


def test_V8_1_air_reach_half_a_point_a_hex_and_the_landing():
    """V 8.1: in the air a hex costs 1/2 MP, terrain ignored, and the landing costs 1 (2 in an
    enemy ZOC, 3 in an enemy hex) in place of the last half: 2 MP fly 3 hexes, not 4."""
    m = M.new_match(R, "starlite", 1)
    s = m["state"]
    for u in s["units"].values():
        if u["side"] == "NLF":
            u["hex"] = None
    u = s["units"]["hq7"]
    ends = MV.air_reach(s, u, 2, [])
    assert ends and max(distance(u["hex"], h) for h in ends) == 3
    assert {h for h in B.mapof(s).hexes if B.mapof(s).playable(h) and 0 < distance(u["hex"], h) <= 3} == set(ends)
    assert not MV.air_reach(s, u, 0.5, [])


def test_V3_3_a_lone_hq_moves_to_its_troops_in_the_strategic_movement_phase(vptest):
    """V 2.1 item 3, V 3.3: an HQ with no combat unit in its hex, which the NLF could take at 4:1
    for 10 VP (V 18.1) in the first operation of the turn, makes a strategic move to the nearest
    strong stack it reaches; the engine then marks it Ops Complete."""
    m = M.new_match(R, vptest, 1)
    while D.acts(m, "place"):
        D.answer(m, t="place")
    # the 7th Marines HQ at 5220 is left alone (3/7 across the Tra Khuc at Quang Ngai: 6 MP away for
    # the mech HQ, since QL1 runs no more on 5118-5119-5120, issue 44 item 1)
    m["state"]["units"]["m37"]["hex"] = "5121"
    rng = random.Random(1)
    seen = False
    for _ in range(60):
        s = m["state"]   # M.apply replaces it (transactional)
        f = s["stack"][-1]
        if f["s"] == "ops":
            break
        legal = headless.actions(R, m)
        role = M.current_role(R, m)
        a = novice(R, s, role, legal, rng)
        seen |= f["s"] == "strat_phase" and a["t"] == "strat"
        M.apply(R, m, a)
    s = m["state"]
    hq = s["units"]["hq7"]
    assert seen and hq["done"] and hq["hex"] != "5220"
    assert any(B.strength(x) > 0 for x in B.units_at(s, hq["hex"], "US"))
    assert not VP.alone(s)


def test_V5_6_the_last_battalion_beside_an_hq_that_cannot_pursue_stays(vptest):
    """V 5.6: a unit with no pursuit modifier that is not flying does not pursue. The last combat
    unit in its hex stays with it rather than leave it alone for the NLF's next operation (10 VP,
    V 18.1); with another battalion staying there, it pursues."""
    m = at_ops(vptest)
    s = m["state"]
    s["op"] = dict(B.new_op("US", "sd"), targets=["5320"])
    for uid in ("m37", "hq7"):
        s["units"][uid]["op"] = True
    f = {"s": "move", "mode": "pursuit", "cur": "m37", "mp": {"m37": 2}, "moved": [], "enter": ["5320"],
         "forbid": []}
    s["stack"].append(f)
    assert VP.guards(s, f, s["units"]["m37"])
    legal = [{"t": "halt"}] + [{"t": "step", "to": n} for n in B.neighbours("5220") if B.mapof(s).playable(n)]
    assert VP.move(s, "US", legal, random.Random(1)) == {"t": "halt"}
    f["mp"]["hq7"] = 2                      # it can pursue (flying) with its troops: no guard
    assert not VP.guards(s, f, s["units"]["m37"])
    del f["mp"]["hq7"]
    s["units"]["m33"]["hex"] = "5220"       # a battalion that is not pursuing stays there anyway
    assert not VP.guards(s, f, s["units"]["m37"])


def test_V5_6_an_outmatched_stack_retreats_away_from_the_nlf(vptest):
    """V 5.6 retreat, V 18.1: after a round of the NLF's attack on 5220, where the operating VC
    regiment beside it (ground 6) has twice the ground strength left there (a marine battalion, 3),
    the stack retreats (the next round would take it, 10 VP a US counter): the 7th Marines HQ, then
    the battalion, each toward the hexes farthest from the NLF. With a second battalion in the hex,
    nobody retreats."""
    m = at_ops(vptest)
    s = m["state"]
    s["op"] = dict(B.new_op("NLF", "sd"), targets=["5220"], attacked=["5220"])
    s["units"]["vc1"]["op"] = True
    for uid in ("m37", "hq7"):
        s["units"][uid]["tgt"] = True
    f = {"s": "move", "mode": "retreat", "cur": None, "mp": {"m37": 8, "hq7": 6}, "moved": [], "enter": [],
         "forbid": []}
    s["stack"].append(f)
    rng = random.Random(1)
    picks = [{"t": "pick", "u": "hq7"}, {"t": "pick", "u": "m37"}, {"t": "done"}]  # the engine's order
    assert VP.outmatched(s, "5220")
    assert VP.move(s, "US", picks, rng) == {"t": "pick", "u": "hq7"}
    assert VP.move(s, "US", picks[1:], rng) == {"t": "pick", "u": "m37"}
    f["cur"] = "hq7"
    steps = [{"t": "step", "to": n} for n in MV.reach(s, s["units"]["hq7"], 6, (), "retreat", ())
             if n in B.neighbours("5220")]
    a = VP.move(s, "US", steps + [{"t": "halt"}], rng)
    assert a["t"] == "step" and distance(a["to"], "5320") > distance("5220", "5320")
    f["cur"] = None
    s["units"]["m33"]["hex"] = "5220"       # 6 against 6: the stack holds, the HQ fires with it
    assert not VP.outmatched(s, "5220")
    assert VP.move(s, "US", picks, rng) == {"t": "done"}
