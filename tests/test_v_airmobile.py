"""Vietnam 1965-1975 V 8 (Airmobility): the US 1st Cavalry's natural airmobility and Airmobile
losses, on the Starlite map with 1st Cavalry counters placed by the test (the issue 15 scenarios
are not in yet). Worked examples: reference 6.2 T-AM-1..3, 6.4 T-AIR-3."""

import json
from types import SimpleNamespace

import pytest

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.engine.flow import Context
from game.rules.vietnam_1965_1975 import airmobile as AM
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import combat as C
from game.rules.vietnam_1965_1975 import movement as MV
from game.rules.vietnam_1965_1975.victory import vp

from .test_v_rules import D, start, units


def add(m, uid, kind, h, side="US", name=None, form=None, **kw):
    """A unit placed on the map of a running match (face up)."""
    u = {"id": uid, "kind": kind, "name": name or uid, "side": side, "form": form, "hex": h, "rev": True,
         "handle": None, "done": False, "mission": None, "op": False, "tgt": False, "rp_spent": 0}
    u.update(kw)
    m["state"]["units"][uid] = u
    return u


def us_op(m, ops, target):
    """A US Search and Destroy with these units against `target`, up to the movement segment."""
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    for x in ops:
        D.answer(m, t="unit", u=x)
    D.answer(m, t="target", hex=target)
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    assert m["state"]["stack"][-1]["s"] == "move"


def cav_match(**kw):
    """Starlite at its first operation, the Marines' units off to one side, a 1st Cav battalion
    (1/1/1C of the example) in 4620."""
    m = start(**kw)
    for x in ("m33", "m24", "a212", "m37", "hq7"):
        units(m)[x]["done"] = True  # not eligible: the test's operations are the Cav's
    add(m, "c111", "us_cav_bn", "4620", name="1/1/1C")
    return m


def test_V8_cav_battalion_flies_without_spending_an_airmobile_point():
    """V 8, V 8.2 (T-AM-3): a 1st Cav unit is permanently airmobile: it may fly at no AMP cost
    (the action says so), and it is never airmobilized with AMP ('no advantage'); Marines have no
    such choice without AMP."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    us_op(m, ["c111"], "5219")
    D.answer(m, t="pick", u="c111")
    air = [a for a in M.legal_actions(R, m) if a["t"] == "air"]
    assert [a["label"] for a in air] == ["Fly 1/1/1C (airmobile, no AMP)"]
    assert not MV.may_airmobilize(m["state"], units(m)["c111"], m["state"]["stack"][-1])
    D.answer(m, t="air")
    s = m["state"]
    assert s["rec"].get("amp_used", 0) == 0 and s["rec"]["amp"] == 1
    assert not units(m)["c111"].get("air")  # the choice is the move's, not the operation's
    assert "c111" in s["stack"][-1]["fly"]
    assert any(e["rule"] == "V 8.1" and "no Airmobile Point" in e["text"] for e in m["log"])
    assert not D.acts(m, "air")  # chosen once per move
    assert M.view(R, m, "US")["prompt"].endswith("8 MP left, flying (V 8.1)")


def test_V8_1_a_flying_cav_unit_may_not_land_in_a_non_target_enemy_hex():
    """V 8.1 (T-AM-1 variant), V 3.2: it may fly over an enemy hex that is not a target but not end
    there."""
    m = cav_match(vc_hex="5219", ps_hex="5320")
    units(m)["c111"]["hex"] = "5220"
    us_op(m, ["c111"], "5219")
    D.answer(m, t="pick", u="c111")
    D.answer(m, t="air")
    D.answer(m, t="step", to="5320")
    if m["state"]["stack"][-1]["s"] == "incidental_ask":
        D.answer(m, t="decline")
    assert units(m)["c111"]["hex"] == "5320" and not D.acts(m, "halt") and D.acts(m, "step")


def test_V8_2_ground_bound_units_may_not_be_airmobilized(monkeypatch):
    """V 8.2 (T-AM-3): 175mm artillery, armor, armored cavalry and mechanized units never fly: a
    kind marked not airmobile_ok gets no Airmobilize action, whatever the AMP."""
    monkeypatch.setitem(B.KINDS, "us_175_test", dict(B.KINDS["us_155"], airmobile_ok=False))
    m = start()
    s = m["state"]
    u = units(m)["a212"]
    f = {"mode": "op", "stepped": []}
    assert MV.may_airmobilize(s, u, f)
    u["kind"] = "us_175_test"
    assert not MV.may_airmobilize(s, u, f) and not AM.may_fly(s, u, f)


def test_V8_1_worked_example_T_AM_1_path_costs_8_and_lands_hot():
    """V 8.1 example (reference 6.2 T-AM-1): 1/1/1C flies 4721, 4821, 4922, 5022, 5123: 1/2 each,
    +1 to leave 4922 (a VC unit's ZOC from 4923), landing 3 in the enemy-occupied target 5123 + 2
    to leave 5022 (a patrolling unit's ZOC): 8 in all, its whole MPA; a hot LZ (T-AM-2)."""
    m = cav_match()
    add(m, "v1", "vc_bn_a", "4923", side="NLF", name="VC battalion V1")
    add(m, "v2", "vc_bn_b", "5123", side="NLF", name="VC battalion V2", mission="patrol")
    us_op(m, ["c111"], "5123")
    D.answer(m, t="pick", u="c111")
    D.answer(m, t="air")
    f = m["state"]["stack"][-1]
    spent = []
    for h in ("4721", "4821", "4922", "5022", "5123"):
        before = f["mp"]["c111"]
        D.answer(m, t="step", to=h)
        f = m["state"]["stack"][-1]
        spent.append(before - f["mp"]["c111"])
    assert spent == [0.5, 0.5, 0.5, 1.5, 2.5]  # the last hex's landing is charged at the halt
    assert f["mp"]["c111"] == 8 - 5.5 == MV.landing_cost(m["state"], units(m)["c111"], "5123") - 0.5
    D.answer(m, t="halt")  # landing 3 in place of the 1/2: 8 MP in all, exactly its MPA
    u = units(m)["c111"]
    assert u["hex"] == "5123" and u["lz"] == 1
    assert any("lands in 5123 (3 MP) - hot LZ" in e["text"] for e in m["log"])


def test_V8_1_landing_costs_and_terrain_never_matters():
    """V 8.1 (T-AM-1 variants): landing 3 in an enemy hex or a patrolling enemy ZOC, 2 in another
    enemy ZOC, 1 elsewhere; the flight step is 1/2 whatever the terrain (mountain 4821 and
    cultivated 5120 alike)."""
    m = cav_match()
    s = m["state"]
    u = units(m)["c111"]
    add(m, "v1", "vc_bn_a", "4923", side="NLF")
    assert MV.landing_cost(s, u, "4923") == 3
    assert MV.landing_cost(s, u, "4922") == 2
    assert MV.landing_cost(s, u, "4721") == 1
    units(m)["v1"]["mission"] = "patrol"
    assert MV.landing_cost(s, u, "4922") == 3
    assert MV.air_step_cost(s, u, "4720", "4821", []) == 0.5
    assert MV.air_step_cost(s, u, "5121", "5120", []) == 0.5


def test_V8_1_ground_or_air_each_move_never_both():
    """V 8.1: an airmobile unit chooses ground or air movement each round without spending AMP;
    once it has taken a ground step it may not fly in that move, nor in that round's pursuit
    (option air_choice "round"), but may in the next round; on the ground a 1st Cav battalion pays
    foot costs and its HQ mech costs."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    add(m, "c1hq", "us_cav_bde_hq", "4620", name="1st Bde HQ")
    us_op(m, ["c111", "c1hq"], "5219")
    s = m["state"]
    mm = B.mapof(s)
    assert mm.terrain("4721") == "mountain"
    D.answer(m, t="pick", u="c111")
    steps = {a["to"]: a for a in M.legal_actions(R, m) if a["t"] == "step"}
    assert steps["4721"]["label"] == "To 4721 (3 MP)"  # foot cost of a mountain hex
    D.answer(m, t="step", to="4721")
    assert not D.acts(m, "air")  # ground and air are not combined in one move
    D.answer(m, t="halt")
    D.answer(m, t="pick", u="c1hq")
    f = m["state"]["stack"][-1]
    cost = MV.step_cost(s, units(m)["c1hq"], "4620", "4721", f["enter"], "op")
    assert cost == 8 and not any(a["to"] == "4721" for a in D.acts(m, "step"))  # mech 8 > MPA 6
    assert D.acts(m, "air")
    s = m["state"]  # (apply works on a copy)
    bn, pursuit = units(m)["c111"], {"mode": "pursuit", "stepped": []}
    assert s["op"]["air_round"]["c111"] == [1, "ground"]
    assert not AM.may_fly(s, bn, pursuit) and not AM.must_fly(s, bn, pursuit)  # round 1: on foot
    s["op"]["round"] = 2
    assert AM.may_fly(s, bn, pursuit)  # the next round: the choice is open again
    s["op"]["round"] = 1
    s["options"]["air_choice"] = "move"
    assert AM.may_fly(s, bn, pursuit)


def test_V8_1_a_unit_that_flew_in_a_round_moves_by_air_in_that_rounds_pursuit():
    """V 8.1 (option air_choice "round"): the Cav battalion that flew in the Movement segment may
    pursue in round 1 only by air: no ground steps until it takes to the air."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    us_op(m, ["c111"], "5219")
    D.answer(m, t="pick", u="c111")
    D.answer(m, t="air")
    D.answer(m, t="step", to="4721")
    s = m["state"]
    assert s["op"]["air_round"]["c111"] == [1, "air"]
    bn = units(m)["c111"]
    f = {"mode": "pursuit", "mp": {"c111": 3}, "enter": [], "stepped": [], "moved": [], "cur": "c111"}
    assert AM.must_fly(s, bn, f) and AM.may_fly(s, bn, f)
    assert B.flow.get("move")._steps(Context(s, m["log"]), f, bn) == []


def test_V8_2_cav_hq_pursues_by_air_only_and_with_modifier_0():
    """V 8.2: units without a pursuit modifier pursue only if airmobile (modifier 0), by air only:
    the 1st Cav's HQs; an HQ that is not airmobile does not pursue."""
    m = cav_match()
    s = m["state"]
    hq = add(m, "c1hq", "us_cav_bde_hq", "4721", name="1st Bde HQ", op=True)
    marine_hq = units(m)["hq7"]
    assert AM.may_pursue(hq) and not AM.may_pursue(marine_hq)
    f = {"mode": "pursuit", "mp": {"c1hq": 3}, "enter": [], "stepped": [], "moved": [], "cur": "c1hq"}
    step = B.flow.get("move")
    g = Context(s, m["log"])
    assert step._steps(g, f, hq) == []  # no ground pursuit for it
    assert AM.must_fly(s, hq, f) and AM.may_fly(s, hq, f)
    f["fly"] = ["c1hq"]
    assert step._steps(g, f, hq)  # by air it may
    bn = units(m)["c111"]
    f2 = dict(f, cur="c111", mp={"c111": 3}, fly=[])
    assert not AM.must_fly(s, bn, f2) and step._steps(g, f2, bn)  # a battalion may pursue on foot


def test_V8_2_pursuit_allowance_of_an_airmobile_hq_is_the_result():
    """V 5.6, 8.2: in the Pursuit segment the 1st Cav HQ gets R + 0; a Marine HQ gets none."""
    m = cav_match()
    s = m["state"]
    add(m, "c1hq", "us_cav_bde_hq", "4721", name="1st Bde HQ", op=True)
    units(m)["hq7"]["op"] = True
    s["op"] = B.new_op("US", "sd")
    s["op"]["battles"] = [{"hex": "5219", "pursuit": 2}]
    s["op"]["round"] = 3
    s["stack"].append({"s": "sd", "side": "US", "pc": 0})
    g = Context(s, m["log"])
    from game.rules.vietnam_1965_1975.operation import SearchDestroy
    SearchDestroy().pursuit(g, s["stack"][-1])
    assert s["op"]["allow"]["c1hq"] == 2 and "hq7" not in s["op"]["allow"]


def test_V8_strategic_movement_cannot_fly_and_retreat_may_by_option():
    """V 3.3 (T-STRAT-1): no airmobile movement in strategic movement; a retreat may fly (R7,
    option natural_air_retreat)."""
    m = cav_match()
    s = m["state"]
    u = units(m)["c111"]
    assert not AM.may_fly(s, u, {"mode": "strat"})
    assert not AM.may_fly(s, u, {"mode": "alert"})
    assert AM.may_fly(s, u, {"mode": "retreat"})
    s["options"]["natural_air_retreat"] = False
    assert not AM.may_fly(s, u, {"mode": "retreat"})
    for mode in ("op", "react", "reserve", "pursuit"):
        assert AM.may_fly(s, u, {"mode": mode})
    assert not AM.may_fly(s, units(m)["m24"], {"mode": "op"})  # Marines: only with AMP (V 8.2)


def test_V8_1_hot_lz_doubles_the_cav_units_own_losses_only_the_round_it_lands():
    """V 8.1 (T-AM-2): a 3-strength unit landed by air in the target hex counts 6 for its own loss
    column that round, 3 in the next round unless it lands again."""
    m = cav_match()
    s = m["state"]
    u = add(m, "c2", "us_cav_bn", "5219", op=True, lz=1)
    vc = units(m)["vc1"]
    s["op"] = B.new_op("US", "sd")
    n = C.numbers(s, [u], [vc], "5219", 0, 0, "US")
    assert n["col_a"] == C.column(6) and n["hot"]
    s["op"]["round"] = 2
    n = C.numbers(s, [u], [vc], "5219", 0, 0, "US")
    assert n["col_a"] == C.column(3) and not n["hot"]
    u["lz"] = 2
    assert C.numbers(s, [u], [vc], "5219", 0, 0, "US")["col_a"] == C.column(6)


def test_V5_4_airmobile_loss_with_only_1st_cav_units_and_no_amp_is_a_vp_T_AIR_3():
    """V 5.4 (reference 6.4 T-AIR-3): an operation with only 1st Cav units, no AMP allocated, gets
    an Airmobile loss: with no AMP on the record the US loses 1 VP (scenario); no AMP change."""
    m = cav_match()
    s = m["state"]
    units(m)["c111"]["op"] = True
    s["rec"]["amp"] = 0
    s["op"] = B.new_op("US", "sd")
    before = vp(s)["NLF"]
    g = Context(s, m["log"])
    C.airmobile(g, ["M"], False, "US")
    assert s["rec"]["amp_short"] == 1 and s["rec"]["amp"] == 0 and s["rec"]["amp_lost"] == 0
    assert vp(s)["NLF"] == before + 1
    C.airmobile(g, ["M"], False, "US")  # at most one per operation
    assert s["rec"]["amp_short"] == 1


def test_V5_4_airmobile_loss_takes_an_amp_when_there_is_one():
    """V 5.4: with an AMP on the record the 1st Cav's operation loses it (1 NLF VP, V 18.1)."""
    m = cav_match()
    s = m["state"]
    units(m)["c111"]["op"] = True
    s["op"] = B.new_op("US", "sd")
    C.airmobile(Context(s, m["log"]), ["M"], False, "US")
    assert s["rec"]["amp"] == 0 and s["rec"]["amp_lost"] == 1


def test_V5_4_airmobile_loss_option_flown_needs_a_flight():
    """Option natural_air_loss "flown": the 1st Cav exposes the operation only once one of its
    units has flown in it; a 1st Cav unit not in the operation never does."""
    m = cav_match()
    s = m["state"]
    s["op"] = B.new_op("US", "sd")
    assert not AM.loss_exposed(s)  # on the map but not assigned
    units(m)["c111"]["op"] = True
    assert AM.loss_exposed(s)
    s["options"]["natural_air_loss"] = "flown"
    assert not AM.loss_exposed(s)
    AM.landed(s, units(m)["c111"])
    assert AM.loss_exposed(s)


def test_V8_a_whole_cav_operation_plays_and_round_trips():
    """The Cav flies in, fights and the match stays JSON and replays (engine contract)."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    units(m)["c111"]["hex"] = "5121"
    us_op(m, ["c111"], "5219")
    D.answer(m, t="pick", u="c111")
    D.answer(m, t="air")
    D.answer(m, t="step", to="5220")
    D.answer(m, t="step", to="5219")
    D.answer(m, t="halt")
    assert units(m)["c111"]["lz"] == 1
    assert json.loads(json.dumps(m)) == m
    assert not R.invariants(m["state"])


@pytest.mark.parametrize("kind", ["us_cav_bn", "us_cav_bn_d3", "us_cav_bde", "us_cav_bde_hq", "us_cav_div_hq"])
def test_V8_1st_cav_infantry_and_hqs_are_airmobile_its_artillery_is_not(kind):
    """V 8: all infantry and HQs of the 1st Cavalry are permanently airmobile; its 105mm artillery
    may be airmobilized with AMP (1 per battalion, V 8.2); every value carries its source."""
    k = B.KINDS[kind]
    assert k["airmobile"] and k["src"]["why"]
    art = B.KINDS["us_cav_105"]
    assert not art["airmobile"] and art["airmobile_ok"]
    assert MV.amp_cost({"kind": "us_cav_105"}) == 1 and MV.amp_cost({"kind": "us_cav_bde"}) == 3


def test_V8_1_cav_flies_into_a_hot_lz_and_the_battle_costs_an_airmobile_point():
    """V 8.1, V 5.4 through the engine: 1/1/1C flies into the VC regiment's hex (hot LZ); the
    combat die (scripted 1: modified -2, an Airmobile-loss row) costs the one AMP though none was
    allocated; the battle's attacker loss column counts the Cav battalion double."""
    m = cav_match(vc_hex="5219", ps_hex="5320")
    units(m)["c111"]["hex"] = "5121"
    us_op(m, ["c111"], "5219")
    D.answer(m, t="pick", u="c111")
    D.answer(m, t="air")
    D.answer(m, t="step", to="5220")
    D.answer(m, t="step", to="5219")
    D.answer(m, t="halt")
    D.answer(m, t="pass")  # the political section does not react
    m["state"]["dice"]["mode"] = "script"
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="alert")
    while m["state"]["stack"][-1]["s"] != "attack_pick":
        D.answer(m, t="halt") if D.acts(m, "halt") else D.answer(m, t=D.acts(m)[0]["t"])
    s = m["state"]
    pv = M.view(R, m, "US")["preview"][0]
    n = C.numbers(s, [units(m)["c111"]], B.units_at(s, "5219", "NLF"), "5219", 0, 2, "US")
    assert n["hot"] and n["col_a"] == C.column(3 + 3 + 2)  # doubled 3, + the regiment's artillery 2
    assert s["rec"]["amp"] == 1 and pv["dice"][0]["row"] == 1 + pv["drm_odds"] + pv["drm_terrain"]
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="attack", hex="5219")
    while m["state"]["dice"]["queue"] and m["state"]["stack"][-1]["s"] == "support_pick":
        D.answer(m, t="fire")
    s = m["state"]
    assert s["rec"]["amp"] == 0 and s["rec"]["amp_lost"] == 1 and s["rec"].get("amp_used", 0) == 0
    assert any(e["rule"] == "V 8.1" and "loses 1 Airmobile Point" in e["text"] for e in m["log"])


def test_V8_2_airmobile_points_are_used_once_each_turn():
    """V 8.2: an Airmobile Point used this turn is available again the next turn (a two-turn game:
    after the first turn's end, the AMP used in it may airmobilize again)."""
    m = start(vc_hex="5219", ps_hex="5219")
    m["state"]["turns"] = 2
    us_op(m, ["m24"], "5219")
    D.answer(m, t="pick", u="m24")
    D.answer(m, t="air")
    assert m["state"]["rec"]["amp_used"] == 1
    for _ in range(400):  # play the turn out: halts, passes, no more operations
        s = m["state"]
        if s["turn"] == 2:
            break
        acts = D.acts(m)
        pick = next((a for a in acts if a["t"] in ("halt", "done", "pass", "decline", "end", "stop", "alert")), None)
        pick = pick or next((a for a in acts if a["t"] not in ("pref",)), acts[0])
        M.apply(R, m, pick)
    assert m["state"]["turn"] == 2 and "amp_used" not in m["state"]["rec"]


def stack_match(*others, amp=None):
    """cav_match with these units moved into 1/1/1C's hex 4620 and eligible; a US Search and Destroy
    of them all against 5219, the stack in 4620 chosen to move together (V 3)."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    for x in others:
        units(m)[x].update(hex="4620", done=False)
    if amp is not None:
        m["state"]["rec"]["amp"] = amp
    us_op(m, ["c111", *others], "5219")
    D.answer(m, t="stack", hex="4620")
    return m


def test_V8_1_a_stack_of_1st_cav_flies_together_without_airmobile_points():
    """V 8.1, V 3 (issue 45 item 4): a stack of permanently airmobile units takes to the air as one
    (each unit's own free choice, logged), pays 1/2 per hex, and lands together."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    add(m, "c112", "us_cav_bn", "4620", name="2/1/1C")
    us_op(m, ["c111", "c112"], "5219")
    D.answer(m, t="stack", hex="4620")
    assert [a["label"] for a in M.legal_actions(R, m) if a["t"] == "air"] == ["Fly the stack (airmobile, no AMP)"]
    D.answer(m, t="air")
    s = m["state"]
    f = s["stack"][-1]
    assert sorted(f["fly"]) == ["c111", "c112"] and s["rec"].get("amp_used", 0) == 0
    assert sum("takes to the air" in e["text"] and e["rule"] == "V 8.1" for e in m["log"]) == 2
    assert not D.acts(m, "air")  # taken once per move
    D.answer(m, t="step", to="4721")  # mountain: 1/2 by air, whatever the terrain
    f = m["state"]["stack"][-1]
    assert f["mp"] == {"c111": 7.5, "c112": 7.5} and f["group"] == ["c111", "c112"]
    D.answer(m, t="halt")
    assert units(m)["c111"]["hex"] == units(m)["c112"]["hex"] == "4721"


def test_V8_1_a_mixed_stack_pays_airmobile_points_for_the_units_that_need_them():
    """V 8.1, V 8.2: with a Marine battalion in the stack, flying it costs that battalion's 1 AMP
    (the Cav battalion's flight is free); the Marine is airmobilized for the operation."""
    m = stack_match("m24")
    assert [a["label"] for a in M.legal_actions(R, m) if a["t"] == "air"] == ["Airmobilize the stack (1 AMP)"]
    D.answer(m, t="air")
    s = m["state"]
    assert s["rec"]["amp_used"] == 1 and units(m)["m24"]["air"] and "c111" in s["stack"][-1]["fly"]
    assert any(e["text"] == f"{units(m)['m24']['name']} airmobilized (1 AMP)" for e in m["log"])


def test_V8_1_a_stack_flies_only_if_the_points_cover_every_unit():
    """V 8.1: two Marine battalions need 2 AMP; Starlite's 1 does not fly them (the action is not
    offered), 2 do."""
    m = stack_match("m24", "m33")
    assert m["state"]["rec"]["amp"] == 1 and not D.acts(m, "air")
    m = stack_match("m24", "m33", amp=2)
    assert [a["label"] for a in M.legal_actions(R, m) if a["t"] == "air"] == ["Airmobilize the stack (2 AMP)"]


def test_V8_2_a_stack_with_a_ground_bound_unit_does_not_fly(monkeypatch):
    """V 8.2: a unit that may never fly keeps its stack on the ground (fly the others singly)."""
    monkeypatch.setitem(B.KINDS, "us_175_test", dict(B.KINDS["us_155"], airmobile_ok=False))
    m = cav_match(vc_hex="5219", ps_hex="5219")
    units(m)["a212"].update(hex="4620", done=False, kind="us_175_test")
    us_op(m, ["c111", "a212"], "5219")
    D.answer(m, t="stack", hex="4620")
    assert not D.acts(m, "air")


def _halts(base, ids):
    """Where a chain of the engine's own step actions lets the unit or stack `ids` (moving in
    `base`) halt, each position once (a window that is not the mover's stops the search)."""
    start = units(base)[ids[0]]["hex"]
    seen, keys, todo = set(), set(), [base]
    while todo:
        mm = todo.pop()
        top = mm["state"]["stack"][-1]
        if M.current_role(R, mm) != "US" or top["s"] != "move" or (top.get("group") or [top.get("cur")]) != ids:
            continue
        acts = M.legal_actions(R, mm, "US")
        g = SimpleNamespace(s=mm["state"])
        if all(MV.Move()._can_halt(g, top, mm["state"]["units"][x]) for x in ids):
            seen.add(mm["state"]["units"][ids[0]]["hex"])  # (not a halt offered only to a unit stuck)
        for a in acts:
            if a["t"] == "step":
                m2 = json.loads(json.dumps(mm))
                M.apply(R, m2, a, role="US")
                key = (m2["state"]["units"][ids[0]]["hex"], json.dumps(m2["state"]["stack"][-1].get("mp")))
                if key not in keys:
                    keys.add(key)
                    todo.append(m2)
    seen.discard(start)
    return seen


def _walk(base, ids, path):
    """Follow a path of the view with the engine's step actions: each must be legal, then a halt."""
    m = json.loads(json.dumps(base))
    for h in path:
        assert any(a["t"] == "step" and a["to"] == h for a in M.legal_actions(R, m, "US")), (path, h)
        M.apply(R, m, {"t": "step", "to": h}, role="US")
        top = m["state"]["stack"][-1]
        if top["s"] != "move":
            return  # a window opened on the way (a walk stops there too)
    assert any(a["t"] == "halt" for a in M.legal_actions(R, m, "US")), path


@pytest.mark.parametrize("case", ["flight", "stack", "stack flight"])
def test_V8_1_V3_the_range_of_a_flight_or_a_stack_is_where_its_steps_can_end(case):
    """V 3, V 8.1 (issue 45 item 4): the range the view lights for a flying unit, a stack on the
    ground and a stack in the air is exactly where a chain of legal step actions lets it halt, and
    each hex's path (what a click on it follows) is a chain of legal steps ending where it may halt."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    add(m, "v1", "vc_bn_a", "4923", side="NLF", name="VC battalion V1")  # a ZOC and a hex flown over
    ids = ["c111"]
    if case != "flight":
        add(m, "c112", "us_cav_bn", "4620", name="2/1/1C")
        ids = ["c111", "c112"]
    us_op(m, ids, "5219")
    D.answer(m, t="stack", hex="4620") if len(ids) > 1 else D.answer(m, t="pick", u="c111")
    if case != "stack":
        D.answer(m, t="air")
    mv = M.view(R, m, "US")["moving"]
    want = set(mv["reach"][ids[0]])
    assert all(set(mv["reach"][x]) == want for x in ids) and set(mv["paths"]) == want
    assert want == _halts(m, ids) and len(want) > 5, sorted(want ^ _halts(m, ids))
    for h, path in sorted(mv["paths"].items()):
        assert path[-1] == h
        _walk(m, ids, path)


def test_V8_1_a_flight_with_nowhere_on_to_fly_says_why_by_air_costs():
    """V 8.1 (issue 45 item 5): 1/1/1C flown to 5320 on the coast (the sea, the VC target hex it
    cannot pay to land in, the hex it came from) halts there, and the halt says why in flight
    costs, not in ground costs."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    us_op(m, ["c111"], "5219")
    D.answer(m, t="pick", u="c111")
    D.answer(m, t="air")
    for h in M.view(R, m, "US")["moving"]["paths"]["5320"]:
        D.answer(m, t="step", to=h)
    acts = M.legal_actions(R, m, "US")
    assert [a["t"] for a in acts] == ["halt"]
    assert acts[0]["label"].startswith("Halt in 5320: no flight on: a hex beyond costs at least 1.5 MP"), acts[0]["label"]


def test_V3_the_range_of_a_unit_that_has_stepped_never_goes_back_through_its_path():
    """V 3 (a move never re-enters a hex it has been in, L99-100): once 3/7 Marines has taken a step
    the range lit for it is still exactly where its legal steps can end, so it never runs back
    through its start hex (the range used to offer hexes only reached through it: a click on one
    walked nowhere)."""
    m = start(vc_hex="5219", ps_hex="5219")
    us_op(m, ["m37"], "5219")
    D.answer(m, t="pick", u="m37")
    first = units(m)["m37"]["hex"]
    D.answer(m, t="step", to=next(a["to"] for a in D.acts(m, "step")))
    mv = M.view(R, m, "US")["moving"]
    assert first not in mv["reach"]["m37"] and all(first not in p for p in mv["paths"].values())
    assert set(mv["reach"]["m37"]) == _halts(m, ["m37"])


def test_V3_V8_1_each_step_carries_its_cost_for_the_map_ring():
    """V 3, V 8.1 (issue 45 item 4: the step costs were not on the rings): each step action says its
    MP cost in the display field "note" (what the map writes on the lit hex), exactly the MP the
    step then spends, on the ground, in the air and for a stack; the actions' identity (no labels)
    carries none."""
    m = cav_match(vc_hex="5219", ps_hex="5219")
    add(m, "c112", "us_cav_bn", "4620", name="2/1/1C")
    us_op(m, ["c111", "c112"], "5219")
    D.answer(m, t="pick", u="c111")
    for fly in (False, True):
        if fly:
            D.answer(m, t="air")
        steps = [a for a in M.legal_actions(R, m, "US") if a["t"] == "step"]
        assert steps and all("note" not in a for a in D.acts(m, "step"))
        for a in steps:
            m2 = json.loads(json.dumps(m))
            before = m2["state"]["stack"][-1]["mp"]["c111"]
            M.apply(R, m2, {"t": "step", "to": a["to"]}, role="US")
            spent = before - m2["state"]["stack"][-1]["mp"]["c111"] if m2["state"]["stack"][-1]["s"] == "move" else None
            assert spent is None or a["note"] == f"{spent:g} MP", (a, spent)
            assert a["label"].endswith(f"({a['note']})")
    m = stack_match("m24")  # a stack pays the highest of its units' costs (V 3)
    for a in (a for a in M.legal_actions(R, m, "US") if a["t"] == "step"):
        m2 = json.loads(json.dumps(m))
        M.apply(R, m2, {"t": "step", "to": a["to"]}, role="US")
        f = m2["state"]["stack"][-1]
        if f["s"] == "move":
            assert a["note"] == f"{8 - f['mp']['c111']:g} MP", a
