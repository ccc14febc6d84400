"""Vietnam 1965-1975 V 9 (Brigade-Level Formations): US brigade deployments 1-3, switching between
them, the break-down of a brigade to take losses (reference 6.4 T-RP-7), the VC regiment's
break-down and NVA regiments, on the Starlite map with 1st Cavalry formations placed by the test."""

import json

import pytest

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.engine.flow import Context
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import brigades as BG
from game.rules.vietnam_1965_1975 import combat as C
from game.rules.vietnam_1965_1975 import losses as LS
from game.rules.vietnam_1965_1975 import support as SP
from game.rules.vietnam_1965_1975.victory import us_lost, vp

from .test_v_rules import D, start, units


def formation(fid="3bde", dep=2, n=3, at="4721", bn_hexes=None):
    """A 1st Cavalry brigade as a scenario lists it (V 9.1): the brigade counter (its rear face the
    HQ) and its battalions."""
    bn_hexes = bn_hexes or [at] * n
    return {"id": fid, "name": f"{fid} 1st Cavalry", "dep": dep, "hex": at,
            "bde": {"id": f"{fid}b", "kind": "us_cav_bde", "name": f"{fid} Brigade", "hex": at},
            "bns": [{"id": f"{fid}{i}", "kind": "us_cav_bn", "name": f"{i}/{fid} Cav", "hex": bn_hexes[i - 1]}
                    for i in range(1, n + 1)]}


def with_forms(*recs, m=None):
    """A Starlite match at its first operation with these formations set up as a scenario does."""
    m = m or start()
    s = m["state"]
    new = {}
    forms = BG.setup({"formations": list(recs)}, new)
    for u in new.values():
        u.update(done=False, mission=None, op=False, tgt=False, rp_spent=0)
    s["units"].update(new)
    s["forms"] = forms
    return m


def test_V9_1_the_three_deployments_at_set_up():
    """V 9.1: deployment 1 is the brigade counter alone (front face); 2 the HQ (its rear face) and
    the battalions' front faces; 3 the battalions' rear faces and no HQ. Scenarios default to 2
    (V 18.1 rule 2)."""
    rec2 = formation("b2", dep=2)
    del rec2["dep"]
    m = with_forms(formation("b1", dep=1), rec2, formation("b3", dep=3))
    u, s = units(m), m["state"]
    assert u["b1b"]["kind"] == "us_cav_bde" and u["b1b"]["hex"] == "4721"
    assert not any(u[f"b1{i}"]["hex"] for i in (1, 2, 3))
    assert s["forms"]["b2"]["dep"] == 2 and u["b2b"]["kind"] == "us_cav_bde_hq"
    assert all(u[f"b2{i}"]["kind"] == "us_cav_bn" and u[f"b2{i}"]["hex"] for i in (1, 2, 3))
    assert not u["b3b"]["hex"] and all(u[f"b3{i}"]["kind"] == "us_cav_bn_d3" for i in (1, 2, 3))
    assert not R.invariants(s)
    assert B.val(u["b1b"], "ground") == 9 and B.val(u["b31"], "art") == 1 and B.val(u["b21"], "art") == 0


def test_V9_1_deployment_faces_are_checked_by_the_invariants():
    m = with_forms(formation("b2", dep=2))
    units(m)["b21"]["kind"] = "us_cav_bn_d3"
    assert any("deployment 2" in x for x in R.invariants(m["state"]))


def _losses(m, n, ids, side="US"):
    m["state"]["stack"].append({"s": "losses", "who": side, "n": n, "units": ids, "side": side,
                                "hits": {}, "must": None})


def test_V9_2_worked_example_T_RP_7_brigade_breaks_down_to_take_5_losses():
    """V 9.2 example (reference 6.4 T-RP-7): a brigade in deployment 1 with 4 battalions takes 5
    losses: it breaks down into its HQ and 4 battalions (deployment 2); a 3-strength battalion is
    removed at once (3) and 2 Replacement Points pay the rest. Only a battalion may be the one
    removed; RPs are refused until then."""
    m = with_forms(formation("199", dep=1, n=4))
    s = m["state"]
    units(m)["199b"]["mission"] = "hold"  # V 9.2: the components keep it
    units(m)["199b"]["mission_turn"] = 1
    _losses(m, 5, ["199b"])
    assert {a["t"] for a in D.acts(m)} == {"rp", "remove", "breakdown"}
    D.answer(m, t="breakdown", u="199b")
    s = m["state"]  # apply works on a copy
    assert s["forms"]["199"]["dep"] == 2 and units(m)["199b"]["kind"] == "us_cav_bde_hq"
    assert all(units(m)[f"199{i}"]["hex"] == "4721" for i in (1, 2, 3, 4))
    assert all(units(m)[f"199{i}"]["mission"] == "hold" for i in (1, 2, 3, 4))
    acts = D.acts(m)
    assert {a["t"] for a in acts} == {"remove"} and {a["u"] for a in acts} == {"1991", "1992", "1993", "1994"}
    D.rejects(m, {"t": "rp", "u": "1992"})
    D.rejects(m, {"t": "remove", "u": "199b"})  # the HQ is no battalion
    rp = s["rec"]["us_rp"]
    D.answer(m, t="remove", u="1991")
    D.answer(m, t="rp", u="1992")
    D.answer(m, t="rp", u="1993")
    s = m["state"]
    assert s["stack"][-1]["s"] != "losses"
    assert s["rec"]["us_rp"] == rp - 2 and not units(m)["1991"]["hex"]
    assert not R.invariants(s)
    assert any(e["rule"] == "V 9.2" and "breaks down" in e["text"] for e in m["log"])
    # the brigade counter was not lost, only the battalion: one US counter eliminated (V 18.1)
    assert [r["id"] for r in us_lost(s)] == ["1991"] and vp(s)["NLF"] >= 10 + 2


def test_V9_2_only_deployment_1_breaks_down():
    """V 9.2: only a brigade deployed as a single counter breaks down; an HQ, a battalion or a
    brigade in deployments 2 or 3 has no break-down."""
    m = with_forms(formation("b2", dep=2), formation("b3", dep=3, at="5022"))
    s = m["state"]
    for x in ("b2b", "b21", "b31"):
        assert not BG.can_break_down(s, units(m)[x])
    _losses(m, 1, ["b2b", "b21"])
    assert not D.acts(m, "breakdown")


def test_V9_2_the_breakdown_carries_the_operation_and_the_hot_lz():
    """V 9.2 with V 8.1: the battalions of a brigade broken down in a battle it flew into keep its
    place in the operation (operating, target) and its hot LZ this round."""
    m = with_forms(formation("b1", dep=1))
    u = units(m)["b1b"]
    u.update(op=True, lz=1)
    g = Context(m["state"], m["log"])
    new = BG.break_down(g, u)
    assert all(units(m)[x]["op"] and units(m)[x]["lz"] == 1 for x in new)


def test_V9_2_vc_regiment_breaks_down_into_three_random_battalions_keeping_its_mission():
    """V 9.2: the VC regiment becomes 3 battalions drawn from the pool, in its hex, one removed at
    once; they keep a Hold or Patrol mission; the regiment counts as broken down (3 US VP)."""
    m = start()
    s = m["state"]
    s["pool"] = ["vc_bn_a", "vc_bn_b", "vc_bn_c", "vc_bn_d"]
    vc = units(m)["vc1"]
    vc.update(mission="hold", mission_turn=1, rev=True)
    g = Context(s, m["log"])
    new = BG.break_down(g, vc)
    assert len(new) == 3 and len(s["pool"]) == 1
    assert all(units(m)[x]["hex"] == "5219" and units(m)[x]["mission"] == "hold" for x in new)
    assert s["removed"][-1]["how"] == "broken down" and vp(s)["US"] == 3
    # printed names (issue 45 item 7), not "VC battalion VC1B1": the regiment's, and the battalion's number
    assert [units(m)[x]["name"] for x in new] == [f"VC 1st Regiment, {n} Battalion" for n in ("1st", "2nd", "3rd")]


def test_V9_2_nva_regiments_never_break_down(monkeypatch):
    """V 9.2 (option nva_breakdown): only US and VC brigade-level units break down; the countermix
    has no NVA battalions."""
    monkeypatch.setitem(B.KINDS, "nva_test_rgt", dict(B.KINDS["vc_regiment"], nat="NVA", name="NVA regiment"))
    m = start()
    s = m["state"]
    s["pool"] = ["vc_bn_a"]
    u = units(m)["vc1"]
    assert BG.can_break_down(s, u)
    u["kind"] = "nva_test_rgt"
    assert not BG.can_break_down(s, u)


def _g(m):
    return Context(m["state"], m["log"])


def test_V9_1_switching_between_deployments():
    """V 9.1: 1 -> 2 or 3 in the brigade's hex; 2 -> 3 removes the HQ and flips the battalions;
    3 -> 2 flips them back with the HQ in a battalion's hex (all on the map); 2 or 3 -> 1 only with
    all components in one hex; once per Unit Status Phase."""
    m = with_forms(formation("b", dep=1))
    s, u = m["state"], units(m)
    assert BG.switches(s, "b") == [(2, "4721"), (3, "4721")]
    BG.switch(_g(m), "b", 3, "4721")
    assert not u["bb"]["hex"] and all(u[f"b{i}"]["kind"] == "us_cav_bn_d3" and u[f"b{i}"]["hex"] == "4721"
                                      for i in (1, 2, 3))
    assert BG.switches(s, "b") == []  # once per phase
    s["turn"] += 1
    u["b1"]["hex"] = "4821"
    assert BG.switches(s, "b") == [(2, "4721"), (2, "4821")]  # not to 1: not in one hex
    BG.switch(_g(m), "b", 2, "4821")
    assert u["bb"]["hex"] == "4821" and u["bb"]["kind"] == "us_cav_bde_hq"
    assert all(u[f"b{i}"]["kind"] == "us_cav_bn" for i in (1, 2, 3))
    s["turn"] += 1
    assert BG.switches(s, "b") == [(3, None)]
    for x in ("b2", "b3", "bb"):
        u[x]["hex"] = "4821"
    assert BG.switches(s, "b") == [(3, None), (1, "4821")]
    BG.switch(_g(m), "b", 1, "4821")
    assert u["bb"]["kind"] == "us_cav_bde" and not any(u[f"b{i}"]["hex"] for i in (1, 2, 3))
    assert not R.invariants(s)
    assert any(e["rule"] == "V 9.1" and "from deployment 2 to 1" in e["text"] for e in m["log"])
    with pytest.raises(ValueError):
        BG.switch(_g(m), "b", 3, "4821")  # a second change in the same phase


def test_V9_1_no_rebuild_once_a_battalion_is_lost():
    """V 9.1: building back up needs every component on the map: a battalion eliminated stops it
    (and a brigade with a battalion lost cannot go back to deployment 1)."""
    m = with_forms(formation("b", dep=2))
    s = m["state"]
    B.remove_unit(_g(m), units(m)["b1"], "eliminated", "V 5.5")
    assert BG.switches(s, "b") == []


def test_V9_1_unit_status_phase_only_under_option_each_turn():
    """V 9.1 (option deployment_switch): short scenarios have no Unit Status Phase (default
    'campaign'); under 'each_turn' (design) the US may switch at the start of turns after the first,
    through the engine's legal actions."""
    m = with_forms(formation("b", dep=2))
    s = m["state"]
    s["turn"] = 2
    assert not BG.unit_status_due(s)
    s["options"]["deployment_switch"] = "each_turn"
    assert BG.unit_status_due(s)
    s["stack"].append({"s": "deploy", "who": "US"})
    acts = M.legal_actions(R, m, "US")
    assert [a["label"] for a in acts] == ["b 1st Cavalry: deployment 3 (battalions only (no HQ))",
                                         "b 1st Cavalry: deployment 1 (brigade counter) in 4721",
                                         "Finish the Unit Status Phase"]
    D.answer(m, t="deploy", form="b", dep=3)
    # once per phase: nothing left to switch, the phase closes (a lone "done" is taken by the engine)
    assert m["state"]["forms"]["b"]["dep"] == 3 and m["state"]["stack"][-1]["s"] == "ops"


def test_V9_1_deployment_3_battalions_bring_their_own_artillery():
    """V 9.1 (reference 4.5): in deployment 3 each battalion carries organic artillery 1 (the HQ's
    support dispersed): three of them attacking add 3 to the attacker's support."""
    m = with_forms(formation("b", dep=3, at="5220"))
    s = m["state"]
    s["op"] = B.new_op("US", "sd")
    atk = [units(m)[f"b{i}"] for i in (1, 2, 3)]
    _, _, sup_a, _ = C.support(s, "5219", "US", atk, [units(m)["vc1"]], pick_a=[], pick_d=[])
    assert sup_a == 3


def test_R45_division_hq_supports_its_brigades_battalions():
    """R45 (option hq_support_scope 'brigade'): a brigade HQ supports its own battalions; the
    division HQ those of all its brigades; neither supports another formation."""
    hq = {"kind": "us_cav_bde_hq", "form": "1cav-3"}
    div = {"kind": "us_cav_div_hq", "form": "1cav"}
    assert SP.commands_form(hq, {"1cav-3"}) and not SP.commands_form(hq, {"1cav-2"})
    assert SP.commands_form(div, {"1cav-2"}) and not SP.commands_form(div, {"7M"})


def test_V9_view_shows_each_units_deployment():
    """The view tells both players each US formation's deployment (a face of the counters, public)."""
    m = with_forms(formation("b", dep=2))
    v = M.view(R, m, "NLF")
    p = next(p for p in v["spaces"]["4721"]["pieces"] if p["id"] == "b1")
    assert p["deployment"] == "b 1st Cavalry: deployment 2 (HQ and battalions, V 9.1)"
    assert v["forms"] == [{"id": "b", "name": "b 1st Cavalry", "dep": 2, "short": "deployment 2",
                           "text": "b 1st Cavalry: deployment 2 (HQ and battalions, V 9.1)"}]
    assert json.loads(json.dumps(v)) == v


@pytest.mark.parametrize("seed", range(12))
def test_V8_V9_random_play_with_1st_cav_formations_keeps_the_invariants(seed):
    """Fuzz: Starlite with two 1st Cavalry brigades added (one in deployment 1, one in 2, with a
    105mm battalion) and two game-turns, played by random legal actions to the end: every state
    keeps the invariants (formation faces included) and round-trips through JSON."""
    m = start(seed=seed)
    m = with_forms(formation("1cav-1", dep=1, at="5121"), formation("1cav-2", dep=2, at="5022"), m=m)
    s = m["state"]
    s["units"]["a105"] = {"id": "a105", "kind": "us_cav_105", "name": "1/21 (105mm)", "side": "US",
                          "form": "1cav-2", "hex": "5121", "rev": True, "done": False, "mission": None,
                          "op": False, "tgt": False, "rp_spent": 0}
    s["turns"] = 2
    s["options"]["deployment_switch"] = "each_turn" if seed % 2 else "campaign"

    def check(mm, legal):
        assert not R.invariants(mm["state"]), R.invariants(mm["state"])
        assert legal or mm["state"].get("over")

    D.play(m, 3000, seed=seed, check=check)
    assert m["state"].get("over")
    assert json.loads(json.dumps(m["state"])) == m["state"]


def test_V9_1_a_battalion_may_not_arrive_while_its_brigade_is_deployment_1():
    """V 9.1 (reinforcements): a battalion of a brigade in play in deployment 1 is already in play
    as part of it; in deployment 2 or 3 nothing stops it."""
    m = with_forms(formation("b1", dep=1), formation("b2", dep=2))
    s = m["state"]
    assert not BG.may_enter(s, "b11") and BG.may_enter(s, "b21") and BG.may_enter(s, "m33")


def test_V9_2_no_break_down_for_a_non_us_formation(monkeypatch):
    """V 9.2: ARVN battalions never come from regiments: a formation of ARVN nationality has no
    break-down even in deployment 1."""
    monkeypatch.setitem(B.KINDS, "arvn_test_rgt", dict(B.KINDS["us_cav_bde"], nat="ARVN"))
    m = with_forms(formation("b1", dep=1))
    u = units(m)["b1b"]
    assert BG.can_break_down(m["state"], u)
    u["kind"] = "arvn_test_rgt"
    assert not BG.can_break_down(m["state"], u)


def test_V9_2_the_loss_dialog_says_what_each_break_down_does():
    """V 9.2 in the loss dialog (combat.loss_table): a US brigade breaks into its HQ and battalions,
    the VC regiment into 3 random battalions; the words are the engine's."""
    m = with_forms(formation("199", dep=1, n=4, at="5220"))
    s = m["state"]
    s["pool"] = ["vc_bn_a"]
    rows = LS.loss_table(s, {"side": "US", "n": 5, "units": ["199b"], "hits": {}, "must": None})["units"]
    assert rows[0]["breakdown_text"] == "Break down into its HQ and 4 battalions (deployment 2; one battalion removed at once)"
    rows = LS.loss_table(s, {"side": "NLF", "n": 2, "units": ["vc1"], "hits": {}, "must": None})["units"]
    assert rows[0]["breakdown_text"] == "Break down into 3 random battalions (one removed at once)"


def test_V9_1_a_whole_brigade_arriving_chooses_its_deployment():
    """V 9.1 (reinforcements): a brigade brought in whole on one turn may use any of the three
    deployments; until then all its counters wait off the map (and none of its battalions is in
    play)."""
    for dep in (1, 2, 3):
        rec = formation("r", dep=2)
        rec["enters"] = 2
        m = with_forms(rec)
        s, u = m["state"], units(m)
        assert s["forms"]["r"]["dep"] is None and not u["rb"]["hex"] and not any(u[f"r{i}"]["hex"] for i in (1, 2, 3))
        assert not R.invariants(s) and BG.switches(s, "r") == []
        assert "not yet in play (arrives on turn 2)" in BG.deployment_text(s["forms"]["r"])
        BG.enter(_g(m), "r", dep, "5121")
        on = sorted(x for x in ("rb", "r1", "r2", "r3") if u[x]["hex"] == "5121")
        assert on == {1: ["rb"], 2: ["r1", "r2", "r3", "rb"], 3: ["r1", "r2", "r3"]}[dep]
        assert s["forms"]["r"]["dep"] == dep and not R.invariants(s)
        with pytest.raises(ValueError):
            BG.enter(_g(m), "r", dep, "5121")  # once in play it does not enter again


def test_V9_1_V18_1_a_brigade_arrives_as_a_scenario_reinforcement():
    """V 9.1 with V 18.1 rule 3 (reinforce.py): a reinforcement group naming a formation brings the
    whole brigade in, in the deployment the scenario gives, in its named hex, before the turn."""
    rec = formation("r", dep=2)
    rec["enters"] = 2
    m = with_forms(rec)
    s = m["state"]
    s["turns"] = 2
    s["due"] = [{"turn": 2, "side": "US", "formation": "r", "dep": 3, "hex": "5121"}]
    s["turn"] = 2
    s["stack"].append({"s": "reinforce"})
    D.run(m)  # the Reinforcements row before the turn (an automatic step)
    assert sorted(x for x in ("rb", "r1", "r2", "r3") if units(m)[x]["hex"] == "5121") == ["r1", "r2", "r3"]
    assert not s["due"] and any("Reinforcements: 1/r Cav, 2/r Cav, 3/r Cav arrive in 5121" in e["text"]
                                for e in m["log"])
    assert s["forms"]["r"]["dep"] == 3 and all(units(m)[x]["kind"] == "us_cav_bn_d3" for x in ("r1", "r2", "r3"))
    assert not R.invariants(s)
