"""Vietnam 1965-1975 rules for Operation Starlite (V 2-10, 18): the worked examples of reference
section 6 (6.1-6.7) as tests, on the real Starlite position or on the rules' own functions."""

import json

import pytest

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.engine.flow import Context
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import combat as C
from game.rules.vietnam_1965_1975 import support as SP
from game.rules.vietnam_1965_1975.hexes import Map, distance, neighbours
from game.rules.vietnam_1965_1975.victory import vp

from .rules_driver import bind

D = bind(R)


def start(vc_hex="5219", ps_hex=None, seed=1, scenario="starlite"):
    """A Starlite match at the first Operations Phase decision, the VC placed, no Hold/Patrol."""
    m = M.new_match(R, scenario, seed)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        h = vc_hex if u == "vc1" else (ps_hex or vc_hex)
        D.answer(m, t="place", u=u, hex=h)
    D.answer(m, t="done")  # US Hold/Patrol designation
    D.answer(m, t="done")  # NLF Hold/Patrol designation
    D.answer(m, t="done")  # US strategic movement phase
    assert m["state"]["stack"][-1]["s"] == "ops"
    return m


def units(m):
    return m["state"]["units"]


# --- 6.1 geometry -------------------------------------------------------------------------

def test_V_ref4_1_neighbours_match_the_worked_examples():
    """Reference 6.1 T-GEO-1: even-q adjacency, odd and even columns."""
    assert set(neighbours("5118")) == {"5117", "5119", "5017", "5018", "5217", "5218"}
    assert set(neighbours("5220")) == {"5219", "5221", "5120", "5121", "5320", "5321"}
    for a, b in (("4924", "5023"), ("5023", "5022"), ("5022", "5021"), ("5021", "5121"),
                 ("4721", "4821"), ("4821", "4922"), ("4922", "5022"), ("5022", "5123")):
        assert b in neighbours(a) and a in neighbours(b)


def test_V_ref4_1_distances():
    """Reference 6.1 T-GEO-2."""
    for a, b, d in (("5319", "5018", 3), ("5421", "5023", 4), ("5319", "5023", 6), ("5421", "5018", 5),
                    ("5118", "5219", 2), ("5118", "5220", 3)):
        assert distance(a, b) == d


# --- 6.2 movement --------------------------------------------------------------------------

def _synthetic():
    hexes = {h: {"terrain": "clear", "play": True} for h in ("4924", "5023", "5021", "5121")}
    hexes["5022"] = {"terrain": "jungle", "play": True}
    return Map({"hexes": hexes, "hexsides": {}, "roads": {}})


def test_V3_stack_movement_costs_of_the_example():
    """V 3 (reference 6.2 T-MOV-1): mech 4924->5023->5022 costs 1 + 5; foot 5022->5021->5121 1 + 1,
    the infantry ending at exactly its MPA 8."""
    m = _synthetic()
    assert m.enter_cost("4924", "5023", "mech") == 1 and m.enter_cost("5023", "5022", "mech") == 5
    foot = m.enter_cost("4924", "5023", "foot") + m.enter_cost("5023", "5022", "foot") + \
        m.enter_cost("5022", "5021", "foot") + m.enter_cost("5021", "5121", "foot")
    assert foot == 1 + 2 + 1 + 1
    assert 1 + 5 + 1 + 1 == 8


def test_V4_road_and_cultivated_costs_on_the_map():
    """V 3.2 example, V 4: mech pays 4 for cultivated, a road step 1/2 whatever the terrain."""
    m = B.mapof({"area": "quangngai"})
    assert m.enter_cost("5220", "5219", "mech") == 4 and m.enter_cost("5220", "5219", "foot") == 1
    # (QL1 5121-5221: the steps 5118-5119-5120 are no road since issue 44 item 1, tests/test_v_map.py)
    assert m.road("5121", "5221") and m.enter_cost("5121", "5221", "mech") == 0.5


def test_V3_1_zoc_exit_costs_patrol_hold_and_shared_hexes():
    """V 3.1 (reference 6.2 T-ZOC-1): +1 to leave an enemy ZOC, +2 if a patrolling unit exerts it;
    Hold units, HQs and artillery exert none; a hex holding both sides is in no ZOC."""
    m = start()
    s = m["state"]
    assert B.zoc_exit_cost(s, "5220", "US") == 1  # 3/7 and the HQ beside the VC in 5219
    units(m)["vc1"]["mission"] = "patrol"
    assert B.zoc_exit_cost(s, "5220", "US") == 2
    units(m)["vc1"]["mission"] = "hold"
    assert B.zoc_exit_cost(s, "5220", "US") == 1  # the political section still exerts one
    units(m)["ps1"]["mission"] = "hold"
    assert B.zoc_exit_cost(s, "5220", "US") == 0
    assert not B.exerts_zoc(units(m)["hq7"]) and not B.exerts_zoc(units(m)["a212"])
    units(m)["m33"]["hex"] = "5219"
    assert not B.in_enemy_zoc(s, "5219", "US")


def test_V3_operation_movement_pays_exit_costs_and_passes_non_target_enemy_hexes():
    """V 3, 3.1, 3.2: 3/7 leaving 5220 (in the VC's ZOC) pays +1; it may enter the target hex 5219,
    and 5320 (an enemy hex that is not a target) only to pass through: the NLF is asked whether to
    force an incidental attack, and 3/7 may not halt there."""
    m = start(vc_hex="5219", ps_hex="5320")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m37")
    steps = {a["to"] for a in D.acts(m, "step")}
    assert {"5219", "5320"} <= steps
    m2 = json.loads(json.dumps(m))
    D.answer(m2, t="step", to="5320")
    assert M.current_role(R, m2) == "NLF" and {a["t"] for a in D.acts(m2)} == {"force", "decline", "pref"}
    D.answer(m2, t="decline")
    assert M.current_role(R, m2) == "US" and not D.acts(m2, "halt") and not D.acts(m2, "done")
    D.answer(m, t="step", to="5219")
    assert m["state"]["stack"][-1]["mp"]["m37"] == 8 - 2
    assert M.view(R, m, "US")["moving"]["mp"] == {"m37": 6} and "moving" not in M.view(R, m, "NLF")


# --- 6.3 alert ------------------------------------------------------------------------------

def test_V5_2_starlite_alert_is_die_plus_terrain_minus_2():
    """V 5.2 with the Starlite VC modifier (reference 6.7 T-STAR-1): alert MPA = d6 + 1 (cultivated)
    - 2; the NLF may disperse before the roll, adding the unit's ground strength to the VC RP."""
    m = start()
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    assert m["state"]["stack"][-1]["s"] == "alert"
    assert {a["t"] for a in D.acts(m)} == {"disperse", "alert", "pref"}  # pref: a play setting
    m["state"]["dice"]["queue"] = [5]
    D.answer(m, t="alert")
    assert any("Alert MPA 5 + 1 (terrain) -2 = 4" in e["text"] for e in m["log"])
    assert m["state"]["stack"][-1]["s"] == "move" and set(m["state"]["stack"][-1]["mp"]) == {"vc1", "ps1"}
    assert all(v == 4 for v in m["state"]["stack"][-1]["mp"].values())


def test_V5_2_dispersal_adds_ground_to_vc_rp_and_removes_the_unit():
    """V 5.2 (reference 6.3 T-ALERT-3): the regiment disperses: VC RP 4 + 6; it is gone (a US win
    condition of Starlite) and counts 3 US VP (V 18.1)."""
    m = start()
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    D.answer(m, t="disperse", u="vc1")
    s = m["state"]
    assert s["rec"]["vc_rp"] == 10 and not units(m)["vc1"]["hex"]
    assert vp(s)["US"] == 3


# --- 6.4 ratio and losses ---------------------------------------------------------------------

@pytest.mark.parametrize("a,d,drm", [(10, 3, 3), (5, 16, -4), (27, 16, 1), (7, 8, -1), (16, 8, 2),
                                     (3, 16, -5), (12.5, 5, 2), (2.5, 1, 2)])
def test_V5_4_ratio_rounds_in_the_defenders_favour(a, d, drm):
    """V 5.4 (reference 6.4 T-RATIO-1)."""
    assert C.odds_drm(a, d) == drm


def test_V5_4_modified_roll_clamped_to_minus4_11():
    """V 5.4 (T-RATIO-2): the CRT has rows -4 to 11 only."""
    assert C.row(14)["roll"] == 11 and C.row(-6)["roll"] == -4


def test_V5_4_worked_example_cells():
    """V 5.4 (T-CAS-1): modified roll 4; attacker column 19 + 7 = 26 loses 2, defender column
    5 + 4 = 9 loses 1; ratio 23:12 is 3:2 (+1)."""
    assert C.odds_drm(23, 12) == 1
    r = C.row(4)
    assert r["att"][C.column(26)] == 2 and r["def"][C.column(9)] == 1


def test_V5_4_the_pursuit_column_is_the_printed_one_minus_1_on_every_row():
    """V 5.4 (L273-274): the raw pursuit allowances 'have been modified by -1 for all rows of the
    table': the seed's column is the VG printed column - 1 on every row, so row 7 gives +2 (a +3
    Marine battalion pursues 5), not the VG walkthrough's +3 (6); option crt_pursuit "vg" (the VG
    option set) plays the printed column. The table's recorded cells hold under their edition."""
    s = {"options": {}}
    vg = {"options": {"crt_pursuit": "vg"}}
    assert [C.pursuit(vg, r) - C.pursuit(s, r) for r in C.CRT["rows"]] == [1] * 16
    assert C.pursuit(s, C.row(7)) == 2 and C.pursuit(vg, C.row(7)) == 3
    assert C.pursuit(s, C.row(5)) == 1  # the seed's own V 5.6 example: row 5, raw pursuit +1
    col = [C.pursuit(s, r) for r in C.CRT["rows"]]
    assert col == sorted(col)  # never less pursuit for a better roll
    for cell in C.CRT["hard"]:
        opts = vg if cell["edition"] == "vg" else s
        r = C.row(cell["row"])
        assert r[cell["side"]][C.column(cell["strength"])] == cell["loss"], cell
        if "pursuit" in cell:
            assert C.pursuit(opts, r) == cell["pursuit"], cell
    assert R.data.option_set("vg")["crt_pursuit"] == "vg"


def test_V5_4_row_7_pursuit_in_a_battle():
    """V 5.4 (L273), V 5.6: 3/7 (pursuit +3) against a 1-SP battalion in the mountain hex 4520 at
    +3 -2: die 6 is row 7, raw +2 (seed) -1 for the mountain = +1, allowance 4; with the VG
    column +3 - 1 = +2, allowance 5."""
    for opt, allow in (("seed", 4), ("vg", 5)):
        m = _mountain_fight(crt_pursuit=opt)
        m["state"]["dice"]["queue"] = [6]
        D.answer(m, t="attack", hex="4520")
        while m["state"]["stack"][-1]["s"] != "move" or m["state"]["stack"][-1]["mode"] != "pursuit":
            D.answer(m, **D.acts(m)[0])
        assert m["state"]["op"]["allow"] == {"m37": allow}, opt


def test_V5_4_support_cap_then_halving_outside_an_ffz():
    """V 5.4, 7.6 (T-SUP-1, option support_cap_order): a 0-strength US defender with 25 support
    points defends at 1 + min(25, 3) x 1/2 = 2.5; the attacker's loss column adds floor(12.5)."""
    m = start()
    s = m["state"]
    art = units(m)["a212"]
    art["hex"] = "5219"
    n = C.numbers(s, [units(m)["vc1"]], [art], "5219", 0, 25, "NLF")
    assert n["def_total"] == 1 + 1 + 1.5  # ground 1 (all zero), RF +1 cultivated (V 11.2), support 1.5
    assert n["col_a"] == C.column(6 + 12)
    s["options"]["support_cap_order"] = "halve_then_cap"
    assert C.numbers(s, [units(m)["vc1"]], [art], "5219", 0, 25, "NLF")["def_total"] == 1 + 1 + 3


def test_V5_4_hold_doubles_for_the_ratio_and_shifts_the_loss_column():
    """V 6.1 (T-HOLD-1): a 3-SP battalion on Hold counts 6 for the ratio; its loss column is its
    undoubled 3 (+ RF) shifted one column left."""
    m = start()
    s = m["state"]
    bn = units(m)["m37"]
    plain = C.numbers(s, [units(m)["vc1"]], [bn], "5220", 0, 0, "NLF")
    bn["mission"] = "hold"
    held = C.numbers(s, [units(m)["vc1"]], [bn], "5220", 0, 0, "NLF")
    assert plain["gd"] == 3 and held["gd"] == 6
    assert held["col_d"] == max(0, plain["col_d"] - 1)


def _loss_frame(m, side, n, ids):
    g = Context(m["state"], m["log"])
    g.push("losses", who=side, n=n, units=ids, side=side, hits={}, must=None)
    return g


def _acts(m, g):
    return [M.strip(a) for a in R.flow.get("losses").choices(g, g.frame)]


def test_V5_5_regiment_removed_for_2_losses_gives_the_pool_4():
    """V 5.5 (T-RP-5): the regiment of 6 removed for 2 losses: VC RP +4."""
    m = start()
    g = _loss_frame(m, "NLF", 2, ["vc1"])
    R.flow.get("losses").act(g, g.frame, {"t": "remove", "u": "vc1"})
    assert m["state"]["rec"]["vc_rp"] == 4 + 4 and not units(m)["vc1"]["hex"]


def test_V5_5_rp_limit_strength_minus_1_and_refund():
    """V 5.5 (T-RP-6): a US 3-SP battalion takes 1 RP in round 1; in round 2 it may take one more
    RP only (limit 2); removed for 2 hits it refunds 1 RP; US RP spent count NLF VP (V 18.1)."""
    m = start()
    s = m["state"]
    g = _loss_frame(m, "US", 1, ["m37"])
    R.flow.get("losses").act(g, g.frame, {"t": "rp", "u": "m37"})
    assert s["rec"]["us_rp"] == 3 and units(m)["m37"]["rp_spent"] == 1
    g = _loss_frame(m, "US", 2, ["m37"])
    assert {"t": "rp", "u": "m37"} in _acts(m, g)
    R.flow.get("losses").act(g, g.frame, {"t": "remove", "u": "m37"})
    assert s["rec"]["us_rp"] == 4  # refund min(credit 1, RP spent 1)
    units(m)["m33"]["rp_spent"] = 2
    g = _loss_frame(m, "US", 1, ["m33"])
    assert {"t": "rp", "u": "m33"} not in _acts(m, g)
    assert vp(s)["NLF"] >= 10 + 1


def test_V9_2_breakdown_then_a_battalion_must_be_removed():
    """V 9.2, 5.5 (T-RP-7 for the VC): the regiment breaks down into three random battalions from
    the pool; the next choice must remove one of them; the break-down counts 3 US VP."""
    m = start()
    g = _loss_frame(m, "NLF", 3, ["vc1"])
    assert {"t": "breakdown", "u": "vc1"} in _acts(m, g)
    R.flow.get("losses").act(g, g.frame, {"t": "breakdown", "u": "vc1"})
    new = g.frame["must"]
    assert len(new) == 3 and all(units(m)[x]["hex"] == "5219" for x in new)
    assert {a["t"] for a in _acts(m, g)} == {"remove"} and {a["u"] for a in _acts(m, g)} == set(new)
    assert len(m["state"]["pool"]) == 5
    assert vp(m["state"])["US"] == 3


# --- 6.5 pursuit ---------------------------------------------------------------------------

def _fight(m, die, units_=("m37",), target="5219"):
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    for u in units_:
        D.answer(m, t="unit", u=u)
    D.answer(m, t="target", hex=target)
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="alert")  # alert MPA 1 + 1 - 2 = 0: nobody moves
    m["state"]["dice"]["queue"] = [die]
    D.answer(m, t="attack", hex=target)


def test_V5_4_starlite_round_1_attack_is_mandatory_and_resolved_on_the_crt():
    """V 5.4 (R21): round 1 offers only the attack on the adjacent target hex; 3/7 (3) against the
    regiment (6) + its artillery 2 x 1 (uncapped NLF support) is 3:8 -> 1:3 (-3), cultivated 0."""
    m = start()
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="alert")
    assert [a["t"] for a in D.acts(m)] == ["attack"]
    pv = M.view(R, m, "US")["preview"][0]  # the odds preview (issue 11 section 4)
    assert (pv["hex"], pv["att"], pv["def"], pv["drm_odds"]) == ("5219", 3, 8, -3)
    assert [d["row"] for d in pv["dice"]] == [-2, -1, 0, 1, 2, 3] and "preview" not in M.view(R, m, "NLF")
    m["state"]["dice"]["queue"] = [6]
    D.answer(m, t="attack", hex="5219")
    assert any("DRM -3" in e["text"] for e in m["log"])
    assert any("Modified roll 3" in e["text"] for e in m["log"])
    assert m["state"]["battle"]["events"] is not None


def test_V5_6_pursuit_allowance_is_result_plus_innate():
    """V 5.6 (T-PUR-1): allowance = the round's lowest pursuit result + the unit's modifier (+3)."""
    m = start()
    _fight(m, 6)  # 3:8 (-3), cultivated 0, die 6: modified 3, pursuit result 0, 1 loss each side
    D.answer(m, t="rp", u="vc1")
    D.answer(m, t="rp", u="m37")
    D.answer(m, t="done")  # the regiment does not retreat
    op = m["state"]["op"]
    assert m["state"]["stack"][-1]["mode"] == "pursuit"
    assert op["R"] == 0 and op["allow"] == {"m37": 0 + 3}



def test_V5_6_the_log_says_retreats_and_pursues():
    """V 5.6: a retreat and a pursuit are both movement under V 5.6; the log's verb tells which."""
    m = start()
    _fight(m, 6)
    D.answer(m, t="rp", u="vc1")
    D.answer(m, t="rp", u="m37")
    D.answer(m, t="pick", u="vc1")
    step = next(a for a in D.acts(m) if a["t"] == "step")
    D.answer(m, t="step", to=step["to"])
    assert m["log"][-1]["text"].endswith(f"retreats 5219 to {step['to']}") and m["log"][-1]["rule"] == "V 5.6"
    while m["state"]["stack"][-1].get("mode") == "retreat":
        D.answer(m, t="done" if any(a["t"] == "done" for a in D.acts(m)) else "halt")
    while m["state"]["stack"][-1].get("mode") != "pursuit":
        D.answer(m, t=D.acts(m)[-1]["t"])
    D.answer(m, t="pick", u="m37")
    step = next(a for a in D.acts(m) if a["t"] == "step")
    frm = m["state"]["units"]["m37"]["hex"]
    D.answer(m, t="step", to=step["to"])
    assert m["log"][-1]["text"].endswith(f"pursues {frm} to {step['to']}")

# --- 6.7 operations loop and victory --------------------------------------------------------------

def test_V2_1_us_declines_then_nlf_ends_the_phase_and_the_game():
    """V 2.1 (T-OPS-1): NLF gives the US the operation, the US declines, the NLF ends the phase:
    Starlite ends after its one turn (V 18.2), an NLF win with the regiment on the map."""
    m = start()
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    assert {a["t"] for a in D.acts(m)} == {"end", "operate"}
    D.answer(m, t="end")
    assert m["state"]["over"]["winner"] == "NLF"


def test_V2_1_a_unit_operates_once_per_turn():
    """V 2.1 (T-OPS-1): a unit that has done an operation is not selectable again."""
    m = start(vc_hex="5320")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    assert units(m)["m33"]["done"]
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    assert {"t": "unit", "u": "m33"} not in D.acts(m)


def test_V18_2_starlite_setup():
    """V 18.2 (T-STAR-1): the US as printed; support 4 RP, 4 AP, 1 AMP, 1 cruiser; the NLF places
    the regiment and the political section in 5219 or 5320, face down."""
    m = M.new_match(R, "starlite", 3)
    s = m["state"]
    assert {u["id"]: u["hex"] for u in s["units"].values() if u["side"] == "US"} == \
        {"m33": "5118", "m24": "5118", "a212": "5118", "m37": "5220", "hq7": "5220"}
    assert (s["rec"]["us_rp"], s["rec"]["ap"], s["rec"]["amp"], s["rec"]["ship"], s["rec"]["vc_rp"]) == (4, 4, 1, 1, 4)
    assert {a["hex"] for a in D.acts(m)} == {"5219", "5320"}
    assert B.mpa(s, s["units"]["vc1"]) == 4


def test_V18_2_free_setup_keeps_away_from_the_us():
    """Scenario starlite-free (design): any play-area land hex not in or adjacent to a US unit."""
    m = M.new_match(R, "starlite-free", 3)
    hexes = {a["hex"] for a in D.acts(m)}
    assert "5219" not in hexes and "5118" not in hexes and len(hexes) > 20


def test_V18_2_us_wins_when_the_regiment_is_gone_and_no_us_counter_lost():
    """V 18.2 (EXT-1): the regiment removed and no US counter lost: US win; with a US counter lost:
    NLF win; graded levels (option) name the level."""
    m = start()
    units(m)["vc1"]["hex"] = None
    m["state"]["removed"].append({"id": "vc1", "kind": "vc_regiment", "side": "NLF", "how": "disperses"})
    m2 = json.loads(json.dumps(m))
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    D.answer(m, t="end")
    assert m["state"]["over"]["winner"] == "US"
    m2["state"]["units"]["m37"]["hex"] = None
    m2["state"]["removed"].append({"id": "m37", "kind": "us_marine_bn", "side": "US", "how": "eliminated"})
    m2["state"]["options"]["graded_victory"] = True
    D.answer(m2, t="us_op")
    D.answer(m2, t="decline")
    D.answer(m2, t="end")
    assert m2["state"]["over"]["winner"] == "NLF" and m2["state"]["over"]["level"] == "NLF Marginal"


def test_V18_1_vp_readout():
    """V 18.1 rule 7 (T-VP-1): a US counter eliminated +10 NLF, US RP spent +1 each, a VC unit in a
    cultivated hex +1; a political section eliminated +1 US."""
    m = start()
    s = m["state"]
    s["rec"]["us_rp_spent"] = 3
    s["removed"] += [{"id": "m37", "kind": "us_marine_bn", "side": "US", "how": "eliminated"},
                     {"id": "ps1", "kind": "vc_political", "side": "NLF", "how": "eliminated"}]
    units(m)["ps1"]["hex"] = None
    assert vp(s) == {"NLF": 10 + 3 + 1, "US": 1, "diff": 13}


def test_V7_2_hq_supports_only_its_formation():
    """V 7.2 (T-STAR-1, option hq_support_scope): the 7th Marines HQ supports combats that include
    3/7 only; with 'operation' it supports any."""
    m = start()
    s = m["state"]
    for u in ("hq7", "m33"):
        units(m)[u]["op"] = True
    assert SP.artillery(s, "US", "5219", [units(m)["m33"]], [], True) == []
    assert [u["id"] for u in SP.artillery(s, "US", "5219", [units(m)["m37"]], [], True)] == ["hq7"]
    s["options"]["hq_support_scope"] = "operation"
    assert [u["id"] for u in SP.artillery(s, "US", "5219", [units(m)["m33"]], [], True)] == ["hq7"]


# --- V 10 limited intelligence ----------------------------------------------------------------------

def test_V10_us_view_never_names_face_down_units():
    """V 10: the US sees handles and backs only; the NLF sees its units; hidden_ids per role."""
    m = start()
    v = M.view(R, m, "US")
    text = json.dumps(v)
    assert '"vc1"' not in text and '"ps1"' not in text and "VC 1st Regiment" not in text
    assert "vc_rp" not in v["records"]
    assert R.hidden_ids(m["state"], "US") == ["vc1", "ps1"] and R.hidden_ids(m["state"], "NLF") == []
    assert "VC 1st Regiment" in json.dumps(M.view(R, m, "NLF"))


def test_V10_handles_are_dealt_at_random():
    """V 10: the handle under which the regiment sits is drawn, so it says nothing to the US."""
    seen = set()
    for seed in range(12):
        seen.add(M.new_match(R, "starlite", seed)["state"]["units"]["vc1"]["handle"])
    assert seen == {"?1", "?2"}


# --- V 8.1 airmobility ---------------------------------------------------------------------------

def test_V8_1_airmobile_move_costs_half_per_hex_and_landing_cost():
    """V 8.1 (reference 6.2 T-AM-1): 2/4 airmobilized (1 AMP) flies 5118 -> 5119 (1/2) -> 5219,
    the enemy-occupied target hex: 1/2 + 1 (leaving 5119, in the VC ZOC), landing 3 instead of
    1/2; a hot LZ doubles its own loss column (T-AM-2); the one AMP is used for the turn."""
    m = start(vc_hex="5219", ps_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m24")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m24")
    D.answer(m, t="air")
    assert m["state"]["rec"]["amp_used"] == 1
    D.answer(m, t="step", to="5119")
    D.answer(m, t="step", to="5219")
    D.answer(m, t="halt")
    u = units(m)["m24"]
    assert u["hex"] == "5219" and u["lz"] == 1
    assert m["state"]["stack"][-1]["mp"]["m24"] == 8 - 0.5 - 1.5 - 2.5
    D.answer(m, t="pick", u="m33")
    assert not D.acts(m, "air")  # no AMP left
    s = m["state"]
    n = C.numbers(s, [u], [units(m)["vc1"]], "5219", 0, 0, "US")
    assert n["col_a"] == C.column(3 + 3) and n["hot"]


def test_V8_1_airmobile_loss_once_per_operation_or_a_vp():
    """V 5.4, 8.1 (T-AIR-3): an "M" result with airmobile units in the operation costs 1 AMP once;
    with none left the US loses 1 VP instead."""
    m = start()
    s = m["state"]
    s["op"] = {"side": "US", "round": 1}
    units(m)["m24"]["air"] = True
    g = Context(s, m["log"])
    C.airmobile(g, ["A", "M", "*M"], False, "US")
    C.airmobile(g, ["A", "M", "*M"], False, "US")
    assert s["rec"]["amp"] == 0 and s["rec"]["amp_lost"] == 1
    s["op"] = {"side": "US", "round": 1}
    C.airmobile(g, ["M"], False, "US")
    assert s["rec"]["amp_short"] == 1 and vp(s)["NLF"] >= 1 + 1


def test_V3_2_forced_incidental_attack_is_one_round_without_pursuit():
    """V 3.2 (reference 2.7.1): the NLF forces the attack on 3/7 passing through 5320: a battle is
    fought with 3/7 as the attacker, the political section among the stationary units dies, and the
    round's pursuit record is untouched."""
    m = start(vc_hex="5219", ps_hex="5320")
    units(m)["vc1"]["hex"] = "5320"
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m37")
    D.answer(m, t="step", to="5320")
    m["state"]["dice"]["queue"] = [3]
    D.answer(m, t="force")
    assert any(e["text"].startswith("US attacks 5320") for e in m["log"])
    assert not units(m)["ps1"]["hex"]
    assert m["state"]["op"]["battles"] == [] and not m["state"]["op"]["rolled"]


# --- V 5.3 reaction, V 5.7-5.8 reserves ---------------------------------------------------------------

def test_V5_3_reaction_offered_to_units_adjacent_to_the_final_hex():
    """V 5.3 (reference 2.7.2): 3/3 ends its move in 5119, adjacent to the VC in 5219 (no target):
    the NLF may react with either unit, disperse the VC, or pass; a reaction never triggers one."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m33")
    D.answer(m, t="step", to="5119")
    D.answer(m, t="halt")
    assert M.current_role(R, m) == "NLF"
    acts = D.acts(m)
    assert {(a["t"], a.get("u")) for a in acts} == {("react", "vc1"), ("react", "ps1"), ("disperse", "vc1"),
                                                    ("disperse", "ps1"), ("pass", None),
                                                    ("pref", None)}  # the play settings (two)
    D.answer(m, t="react", u="ps1")
    assert m["state"]["stack"][-1]["mp"] == {"ps1": 4}  # Starlite VC MPA 6 - 2
    assert "5220" not in {a["to"] for a in D.acts(m, "step")}  # no MP left to leave a US hex
    D.answer(m, t="step", to="5120")  # cultivated 1 + ZOC exit 1
    D.answer(m, t="halt")
    assert m["state"]["stack"][-1]["s"] == "react"  # back in the window, no new window opened


def test_V5_7_defensive_reserves_after_an_nlf_attack():
    """V 5.7 (T-RES-1): the NLF attacks 5220; after the die, with US target units left, the US may
    send a reserve from 5118, which becomes a target unit if it ends in 5220 and is used for the
    turn in any case."""
    m = start(vc_hex="5219")
    D.answer(m, t="nlf_op")
    D.answer(m, t="unit", u="vc1")
    D.answer(m, t="target", hex="5220")
    D.answer(m, t="go")
    D.answer(m, t="done")  # no movement: the regiment is adjacent already
    D.answer(m, t="done")  # the US does not interdict with the 155mm
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="attack", hex="5220")
    D.answer(m, t="fire", **{"with": ["a212"]})  # the 155mm; the HQ in 5220 defends its own hex (V 7.1, 7.2)
    while m["state"]["stack"][-1]["s"] in ("losses",):
        D.answer(m, t=D.acts(m)[0]["t"], u=D.acts(m)[0]["u"])
    while m["state"]["stack"][-1]["s"] == "move":
        D.answer(m, t="done")
    assert m["state"]["stack"][-1]["s"] == "reserve_pick" and M.current_role(R, m) == "US"
    assert {a.get("u") for a in D.acts(m, "reserve")} == {"m33", "m24", "a212"}
    D.answer(m, t="reserve", u="m33")
    D.answer(m, t="step", to="5119")
    D.answer(m, t="step", to="5120")
    assert "5220" in {a["to"] for a in D.acts(m, "step")}
    D.answer(m, t="step", to="5220")
    D.answer(m, t="halt")
    assert units(m)["m33"]["tgt"]


# --- V 7.5 interdiction ------------------------------------------------------------------------------

def test_V7_5_interdiction_half_value_outside_ffz_adds_exit_cost():
    """V 7.5, 7.6 (T-SUP-2): the operating 155mm (7) interdicts 5219 in the Alert segment: 3.5
    effective points outside an FFZ, +1 MP to leave 5219 for the alerting VC; the 155mm is used
    for round 1; the markers go after the pursuit."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="unit", u="a212")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    assert {a["src"] for a in D.acts(m, "interdict")} == {"a212"}
    D.answer(m, t="interdict", src="a212", hex="5219")
    s = m["state"]
    assert s["op"]["interdict"] == {"5219": 3.5}
    for role in ("US", "NLF"):  # the marker is public, with what it costs (issue 45 item 4)
        assert M.view(R, m, role)["op"]["interdict"] == {"5219": {"points": 3.5, "mp": 1}}
    from game.rules.vietnam_1965_1975.movement import step_cost
    assert step_cost(s, units(m)["vc1"], "5219", "5320", []) == 1 + 1 + 1  # cultivated, ZOC, interdiction
    assert s["stack"][-1]["s"] == "alert"  # the only source is used: interdiction is over
    assert "a212" in s["op"]["used"]
    from game.rules.vietnam_1965_1975.interdiction import eff_points
    assert [eff_points(s, "US", x, "5219") >= 3 for x in (5, 6)] == [False, True]
    assert eff_points(s, "NLF", 3, "5219") == 3


# --- V 6.1 Clear and Secure, V 6.2 Hold and Patrol -----------------------------------------------------

def test_V6_1_clear_and_secure_pursuit_minus_2_and_switch_to_hold():
    """V 6.1 (T-PUR-5): a C&S operation: pursuit allowance = result + innate - 2; US units outside
    the target hexes may go on Hold or Patrol at the end of a round and leave the operation."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="cs")
    assert m["state"]["stack"][-1]["s"] == "sd_pick" and m["state"]["op"]["kind"] == "cs"
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="alert")
    m["state"]["dice"]["queue"] = [6]
    D.answer(m, t="attack", hex="5219")
    for _ in range(20):
        st = m["state"]["stack"][-1]["s"]
        if st in ("cs_switch", "react") or M.current_role(R, m) is None:
            break
        a = D.acts(m)[0] if st not in ("move", "reserve_pick") else {"t": "done"}
        if st == "move" and not D.acts(m, "done"):
            a = D.acts(m, "halt")[0] if D.acts(m, "halt") else D.acts(m)[0]
        D.answer(m, **a)
    op = m["state"]["op"]
    assert op["allow"]["m37"] == op["R"] + 3 - 2
    assert m["state"]["stack"][-1]["s"] == "cs_switch"
    assert {a["u"] for a in D.acts(m, "hold")} == {"m33", "m37"}  # both outside the target hex
    D.answer(m, t="hold", u="m33")
    assert units(m)["m33"]["mission"] == "hold" and not units(m)["m33"]["op"]


def test_V6_2_a_reacting_hold_unit_loses_its_mission_and_stays_used():
    """V 6.2 (L385): a Hold or Patrol unit that 'conducts reaction ... movement' is taken off its
    mission at its first step (as one moving by Alert, V 5.2); it stays ineligible for an operation."""
    m = M.new_match(R, "starlite", 1)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        D.answer(m, t="place", u=u, hex="5219")
    D.answer(m, t="done")
    D.answer(m, t="hold", u="vc1")
    D.answer(m, t="done")
    D.answer(m, t="done")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m33")
    D.answer(m, t="step", to="5119")
    D.answer(m, t="halt")
    D.answer(m, t="react", u="vc1")
    assert units(m)["vc1"]["mission"] == "hold"  # not yet moved
    D.answer(m, t="step", to=next(a["to"] for a in D.acts(m, "step") if not B.units_at(m["state"], a["to"])))
    assert units(m)["vc1"]["mission"] is None and units(m)["vc1"]["done"]


# --- V 3.3 strategic movement --------------------------------------------------------------------------

def test_V3_3_us_strategic_move_is_free_along_roads_and_ends_ops():
    """V 3.3 (T-STRAT-1): in the Strategic Movement Phase 3/3, put on QL1 at Quang Ngai, moves along
    it 5121 -> 5221 -> 5222 for 0 MP; it cannot airmobilize; it is Ops Complete afterwards. (QL1
    runs no more on 5118-5119-5120, issue 44 item 1: tests/test_v_map.py.)"""
    m = M.new_match(R, "starlite", 1)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        D.answer(m, t="place", u=u, hex="5320")
    units(m)["m33"]["hex"] = "5121"
    D.answer(m, t="done")
    D.answer(m, t="done")
    D.answer(m, t="strat")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="go")
    D.answer(m, t="pick", u="m33")
    assert not D.acts(m, "air")
    D.answer(m, t="step", to="5221")
    D.answer(m, t="step", to="5222")
    assert m["state"]["stack"][-1]["mp"]["m33"] == 8
    D.answer(m, t="halt")
    assert units(m)["m33"]["done"] and units(m)["m33"]["hex"] == "5222"


def test_V3_3_nlf_strategic_movement_barred_in_starlite():
    """V 18.2 (EXT-1): the NLF may not conduct strategic movement in Starlite; the rule is data."""
    m = start()
    assert {a.get("op") for a in D.acts(m, "nlf_op")} == {None}
    m["state"]["special"]["no_nlf_strategic"] = False
    assert {a.get("op") for a in D.acts(m, "nlf_op")} == {None, "strat"}
    from game.rules.vietnam_1965_1975.movement import step_cost
    s = m["state"]
    assert step_cost(s, units(m)["vc1"], "5219", "5119", [], "strat") == 1 + 2  # ZOC exit doubled


def test_V18_1_leaving_the_play_area_removes_the_unit_and_wins_starlite_for_the_us():
    """V 18.1 (R60, option play_area_exit): a unit may move out of the play area and is then out of
    the scenario (not destroyed: no VP); the VC regiment leaving is a US win in Starlite (EXT-1)."""
    m = start(vc_hex="5219")
    units(m)["vc1"]["hex"] = "4618"
    D.answer(m, t="nlf_op")
    D.answer(m, t="unit", u="vc1")
    D.answer(m, t="go")
    D.answer(m, t="pick", u="vc1")
    D.answer(m, t="step", to="4617")
    s = m["state"]
    assert units(m)["vc1"]["hex"] is None and s["removed"][-1]["how"] == "left"
    assert vp(s)["US"] == 0
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    D.answer(m, t="end")
    assert m["state"]["over"]["winner"] == "US"


# --- V 7.5 bombardment ---------------------------------------------------------------------------------

def test_V7_5_bombardment_alert_minus_2_then_loss_column_ground_plus_support():
    """V 7.5 (reference 2.5.2): the 155mm (7) and the HQ (8) with 4 AP bombard 5219: 19 raw, 9.5
    effective outside an FFZ; the VC alert at d6 + 1 - 2 - 2; the loss column is the regiment's 6
    + 9 = 15; the artillery is Ops Complete afterwards."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="bomb")
    D.answer(m, t="target", hex="5219")
    assert {a["u"] for a in D.acts(m, "unit")} == {"a212", "hq7"}
    D.answer(m, t="unit", u="a212")
    D.answer(m, t="unit", u="hq7")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=4, ship=0)
    D.answer(m, t="done")  # no interdiction
    m["state"]["dice"]["queue"] = [3, 4]
    D.answer(m, t="alert")
    assert any("Alert MPA 3 + 1 (terrain) -4 = 0" in e["text"] for e in m["log"])
    assert any("9.5 effective points, roll 4 +0 terrain" in e["text"] for e in m["log"])
    loss = C.row(4)["def"][C.column(6 + 9)]
    assert any(f"NLF loses {loss}" in e["text"] for e in m["log"])
    while m["state"].get("op"):
        D.answer(m, **D.acts(m)[0])
    assert units(m)["a212"]["done"] and units(m)["hq7"]["done"]


def test_V7_5_bombardment_needs_4_effective_points():
    """V 7.5: the 155mm alone gives 7 raw = 3.5 effective outside an FFZ: no bombardment."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="bomb")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="unit", u="a212")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    assert any("needs 4" in e["text"] for e in m["log"]) and m["state"]["op"] is None


def test_V5_5_hq_rp_limit_against_bombardment():
    """V 5.5 (T-RP-4): against a bombardment of strength 6 an HQ or artillery unit may take
    ceil(6/2) - 1 = 2 RP; against ground attack none."""
    from game.rules.vietnam_1965_1975.losses import rp_limit
    hq = {"kind": "us_rgt_hq"}
    assert rp_limit(hq, {"bomb": 6}) == 2 and rp_limit(hq, {}) == 0


def test_V7_3_defensive_air_points_in_the_retreat_segment_and_mirrored_air_loss():
    """V 7.3 (T-AIR-4): in an NLF operation the US may commit Air Points in the Retreat segment
    (with the defensive reserves); they then support the US defence in later rounds; R37: when the
    US defends, an Air loss comes on modified rolls of 8 or more."""
    m = start(vc_hex="5219")
    D.answer(m, t="nlf_op")
    D.answer(m, t="unit", u="vc1")
    D.answer(m, t="target", hex="5220")
    D.answer(m, t="go")
    D.answer(m, t="done")
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="attack", hex="5220")
    D.answer(m, t="fire")
    while m["state"]["stack"][-1]["s"] == "losses":
        D.answer(m, **D.acts(m)[0])
    while m["state"]["stack"][-1]["s"] == "move":
        D.answer(m, t="done")
    assert m["state"]["stack"][-1]["s"] == "reserve_pick"
    D.answer(m, t="ap", n=4)
    assert m["state"]["op"]["ap"] == 4 and m["state"]["rec"]["ap_used"] == 4
    assert C.CRT["flags"]["defending_us"]["A"] == 8


def test_V7_3_air_points_not_used_stay_available_for_other_operations():
    """V 7.3 (L462-467): 'If 3 Air Points were then used, the marker would be repositioned at 17 ...
    A given Air Point may be used once per game-turn': the US commits 1 of its 4 AP to a bombardment;
    the other 3 may serve its next operation (committing any AP used to block every other operation
    of the turn); the view's Air Points track says how many are committed and how many are left."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="bomb")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="unit", u="a212")
    D.answer(m, t="go")
    assert {a["ap"] for a in D.acts(m, "support")} == {0, 1, 2, 3, 4}
    D.answer(m, t="support", ap=1, ship=0)  # 7 + 1 = 8 raw, 4 effective: enough (V 7.5)
    assert R.view(m["state"], "NLF")["air"] == {"available": 4, "committed": 1, "left": 3, "rule": "V 7.3"}
    while m["state"]["stack"][-1]["s"] != "ops":
        D.answer(m, **(D.acts(m, "alert") or D.acts(m, "done") or D.acts(m))[0])
    # an Air loss in the bombardment (row "A") destroys the committed point, not one still to use
    assert R.view(m["state"], "US")["air"]["left"] == 3
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex=D.acts(m, "target")[0]["hex"])
    D.answer(m, t="go")
    assert max(a["ap"] for a in D.acts(m, "support")) == 3
    D.answer(m, t="support", ap=3, ship=0)
    assert R.view(m["state"], "US")["air"]["left"] == 0 and m["state"]["op"]["ap"] == 3
    before = R.view(m["state"], "US")["air"]
    SP.lose_air(Context(m["state"], m["log"]))  # V 7.3 (L474-476): one fewer for later turns, none this one
    after = R.view(m["state"], "US")["air"]
    assert after["available"] == before["available"] - 1 and after["left"] == before["left"] == 0


def _mountain_fight(**options):
    """3/7 (3 SP, pursuit +3) in 4521 against a 1-SP VC battalion in the mountain hex 4520
    (reference 6.5 T-PUR-2); the regiment and the political section are off the map."""
    m = start(vc_hex="5219")
    s = m["state"]
    s["options"].update(options)
    for u in ("vc1", "ps1"):
        units(m)[u]["hex"] = None
    s["units"]["vcx"] = {"id": "vcx", "kind": "vc_bn_c", "name": "VC battalion X", "side": "NLF", "hex": "4520",
                         "rev": True, "handle": None, "done": False, "mission": None, "op": False, "tgt": False,
                         "rp_spent": 0}
    units(m)["m37"]["hex"] = "4521"
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="4520")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="alert")
    while m["state"]["stack"][-1]["s"] == "move":
        D.answer(m, t="done")  # the battalion stays
    return m


def test_V5_6_pursuit_in_mountain_and_the_bonus_cap():
    """V 5.6 (T-PUR-2): 3:1 (+3), mountain -2, die 4: modified 5; no losses; raw pursuit +1, -1 for
    mountain = 0; allowance 0 + 3 = 3; unmoved, the round-2 bonus is min(3, 0 + 1) = 1, so round 2
    attacks at +3 - 2 + 1 = +2."""
    m = _mountain_fight()
    m["state"]["dice"]["queue"] = [4]
    D.answer(m, t="attack", hex="4520")
    assert any("Modified roll 5" in e["text"] and "pursuit +0" in e["text"] for e in m["log"])
    while m["state"]["stack"][-1]["s"] == "move" and m["state"]["stack"][-1]["mode"] == "retreat":
        D.answer(m, t="done")
    op = m["state"]["op"]
    assert op["R"] == 0 and op["allow"] == {"m37": 3}
    assert m["state"]["stack"][-1]["mode"] == "pursuit"
    D.answer(m, t="done")
    D.answer(m, t="done")  # no offensive reserves (V 5.8)
    op = m["state"]["op"]
    assert op["round"] == 2 and op["bonus"] == {"m37": 1}
    assert {a["t"] for a in D.acts(m)} == {"attack", "stop"}  # from round 2 attacking is a choice
    m["state"]["dice"]["queue"] = [1]
    D.answer(m, t="attack", hex="4520")
    assert any("Modified roll 3" in e["text"] for e in m["log"])  # die 1, DRM +3 - 2 + 1 = +2


def test_V5_6_pursuit_bonus_all_unused_option():
    """Research 7 option pursuit_bonus "all_unused": the VG examples add all unused pursuit MP."""
    m = _mountain_fight()
    m["state"]["options"]["pursuit_bonus"] = "all_unused"
    m["state"]["dice"]["queue"] = [4]
    D.answer(m, t="attack", hex="4520")
    while m["state"]["stack"][-1]["s"] == "move" and m["state"]["stack"][-1]["mode"] == "retreat":
        D.answer(m, t="done")
    D.answer(m, t="done")
    D.answer(m, t="done")
    assert m["state"]["op"]["bonus"] == {"m37": 3}


def test_V5_6_the_pursuit_bonus_is_the_attacks_own():
    """V 5.6 (L330-335): 'A unit must contribute ground Combat Strength to an attack to receive this
    bonus. If more than one pursuing unit contributes ... the lowest such modifier is used ... it
    will sometimes be beneficial to leave some units out of an attack'; V 5.8 (L363-365): offensive
    reserves are not considered on the round they come in, and 'If the only operating units
    participating in an attack are newly activated reserves, the combat pursuit bonus is 0'."""
    m = start(vc_hex="5219")
    s = m["state"]
    s["op"] = B.new_op("US", "sd")
    s["op"].update(round=2, bonus={"m33": 2, "m24": -1})
    m33, m24, m37 = (units(m)[x] for x in ("m33", "m24", "m37"))
    assert C.pursuit_bonus(s, [m33]) == 2 and C.pursuit_bonus(s, [m33, m24]) == -1
    assert C.pursuit_bonus(s, [m37]) == 0 and C.pursuit_bonus(s, [m33, m37]) == 2  # m37: a reserve of this round
    assert C.pursuit_bonus(s, [m33], incidental=True) == 0
    s["op"]["round"] = 1
    assert C.pursuit_bonus(s, [m33]) == 0


def test_V5_8_an_offensive_reserve_attacking_alone_gets_no_pursuit_bonus():
    """V 5.8 (L363-365), V 5.6: after round 1 in the mountain (3/7's bonus +1), 3/3 comes in as an
    offensive reserve beside the target: attacking alone in round 2 it gets no bonus (the old
    engine gave every attack the round's one bonus, +1); 3/7 attacking gets its +1."""
    for who in (["m33"], ["m37"]):
        m = _mountain_fight()
        units(m)["m33"]["hex"] = "4620"
        m["state"]["dice"]["queue"] = [4]
        D.answer(m, t="attack", hex="4520")
        while m["state"]["stack"][-1]["s"] != "reserve_pick":
            D.answer(m, t="done")  # no retreat; 3/7 does not pursue
        D.answer(m, t="reserve", u="m33")
        D.answer(m, t="halt")  # it stays beside the target
        D.answer(m, t="done")
        m["state"]["dice"]["queue"] = [1]
        D.answer(m, t="attack", hex="4520", units=who)
        line = [e["text"] for e in m["log"] if e["text"].startswith("US attacks 4520")][-1]
        assert ("pursuit bonus +1" in line) == (who == ["m37"]), (who, line)


def test_V5_1_round_3_has_its_pursuit_then_the_operation_ends():
    """V 5.1 (L214-217): combat brings 'a retreat and a pursuit phase' each round; 'There are never
    more than 3 rounds ... After the third pursuit phase, the operation automatically ends.' 3/7
    attacks the battalion in 4520 three times; after round 3's retreat it pursues, then the
    operation ends (round 3 had no pursuit move)."""
    m = _mountain_fight()
    modes = []
    while m["state"].get("op"):
        top = m["state"]["stack"][-1]
        if top["s"] == "move":
            modes.append((m["state"]["op"]["round"], top["mode"]))
        if D.acts(m, "attack"):
            m["state"]["dice"]["queue"] = [1]
            D.answer(m, **D.acts(m, "attack")[0])
        elif D.acts(m, "done"):
            D.answer(m, t="done")
        else:
            D.answer(m, **D.acts(m)[0])
    pursuits = [r for r, mode in modes if mode == "pursuit"]
    assert sorted(set(pursuits)) == [1, 2, 3]
    assert any(e["text"] == "End of the operation (V 2.1 H)" for e in m["log"])


def test_V5_5_rp_limit_forces_removal_when_rp_run_out():
    """V 5.5 (T-RP-1): with no US RP the only way to take a loss is a removal."""
    m = start()
    m["state"]["rec"]["us_rp"] = 0
    g = _loss_frame(m, "US", 3, ["m33", "m24"])
    assert {a["t"] for a in _acts(m, g)} == {"remove"}
    m["state"]["rec"]["us_rp"] = 1
    assert {a["t"] for a in _acts(m, g)} == {"remove", "rp"}


# --- V 6.3 security operations --------------------------------------------------------------------------

def test_V6_3_security_moves_free_along_the_road_and_attacks_on_entering():
    """V 6.3 (reference 2.5.1): 3/3 and 2/4, put on QL1 at Quang Ngai 5121, move along it for 0 MP,
    paying 1 MP to leave 5221 (in the VC's ZOC); entering the VC's road hex 5222 attacks it at once
    (no alert); a retreat may not enter the road hexes behind. (QL1 runs no more on 5118-5119-5120,
    issue 44 item 1: tests/test_v_map.py.)"""
    m = start(vc_hex="5219")
    units(m)["vc1"]["hex"] = "5222"
    for uid in ("m33", "m24"):
        units(m)[uid]["hex"] = "5121"
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="security")
    D.answer(m, t="hex", hex="5121")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="unit", u="m24")
    D.answer(m, t="go")
    D.answer(m, t="step", to="5221")
    assert m["state"]["stack"][-1]["mp"] == 8
    m["state"]["dice"]["queue"] = [6]
    D.answer(m, t="step", to="5222")
    assert any(e["text"].startswith("US attacks 5222") for e in m["log"])
    assert not any(e["text"].startswith("Alert") for e in m["log"])
    fr = [f for f in m["state"]["stack"] if f["s"] == "sec_fight"]
    if fr:
        assert fr[0]["forbid"] == ["5121", "5221"]
    mv = [f for f in m["state"]["stack"] if f["s"] == "sec_move"][0]
    assert mv["mp"] == 7 and m["state"]["op"]["fights"] == 1


def test_V2_1_the_log_names_the_operation_conducted():
    """V 2.1 item 4, V 6.3, V 3.4: the Operations Phase's log line names the kind chosen (a security
    operation was logged as a Search and Destroy operation)."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="security")
    assert [e for e in m["log"] if e["text"] == "The US conducts a security operation" and e["rule"] == "V 6.3"]


# --- rulings as options ----------------------------------------------------------------------------------

def test_V5_2_only_a_unit_that_moves_by_alert_abandons_its_hold():
    """V 5.2 (L221-222): 'Alert movement is voluntary, and any NLF unit that moves using Alert
    movement immediately abandons any Patrol or Hold orders ... they are marked Ops Complete
    instead'. The regiment and the political section on Hold in 5219, the target of 3/7: the
    section moves by alert and loses its Hold (the log says so); the regiment stays and keeps it,
    so it defends doubled (the old engine took Hold from both at the roll, silently)."""
    m = start(vc_hex="5219")
    for x in ("vc1", "ps1"):
        units(m)[x]["mission"] = "hold"
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [6]
    D.answer(m, t="alert")
    assert units(m)["vc1"]["mission"] == units(m)["ps1"]["mission"] == "hold"
    D.answer(m, t="pick", u="ps1")
    D.answer(m, t="step", to=next(a["to"] for a in D.acts(m, "step") if not B.units_at(m["state"], a["to"])))
    assert units(m)["ps1"]["mission"] is None and units(m)["ps1"]["done"]
    handle = units(m)["ps1"]["handle"]
    assert any(e["text"] == f"VC unit {handle} moves by Alert: it abandons its Hold and is Ops Complete"
               for e in m["log"])
    D.answer(m, t="halt")
    D.answer(m, t="done")
    assert units(m)["vc1"]["mission"] == "hold" and not units(m)["vc1"]["done"]
    n = C.numbers(m["state"], [units(m)["m37"]], [units(m)["vc1"]], "5219", 0, 0, "US")
    assert n["gd"] == 2 * B.strength(units(m)["vc1"])  # V 6.2: Hold doubles the ground strength


def test_V5_2_V5_4_reveal_exactly_whom_the_rules_name():
    """V 2.1 D, V 5.2 (L63): 'Hidden VC units that end their Alert movement in the same hex as or
    adjacent to any operating units are revealed'; E (L64): 'All units in or adjacent to any target
    hex of the operation are revealed'. 3/7 operating with no target hex beside both VC counters
    shows the US nothing (the old engine revealed every VC unit beside operating units); a section
    that moves by alert next to 3/7 is revealed at once, the regiment that stays only in the Combat
    segment."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    assert m["state"]["op"] is None and not units(m)["vc1"].get("rev") and not units(m)["ps1"].get("rev")
    assert all(p.get("concealed") for sp in R.view(m["state"], "US")["spaces"].values()
               for p in sp["pieces"] if p["side"] == "NLF")
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [6]
    D.answer(m, t="alert")
    D.answer(m, t="pick", u="ps1")
    D.answer(m, t="step", to="5320")  # beside 3/7 in 5220
    D.answer(m, t="halt")
    D.answer(m, t="done")  # the regiment stays in 5219
    by_rule = {e["rule"]: e["text"] for e in m["log"] if "revealed" in e["text"]}
    assert list(by_rule) == ["V 5.2", "V 10"]  # the section at the alert, the regiment in the Combat segment
    assert "Political" in by_rule["V 5.2"] and "Regiment" in by_rule["V 10"]


def test_V10_units_revealed_for_combat_are_turned_back_over_after_the_casualties():
    """V 10 (L575-577): 'Units revealed for combat are turned back over immediately after casualties
    are distributed.' 3/7 attacks the regiment in 5219 (revealed in the Combat segment); once the
    round's losses are taken it is face down again: the US view shows its handle only, its names
    in the log and tooltips follow; the US keeps what it read (the reveal line stays in its log,
    and a position sampled for the US keeps the regiment's identity)."""
    m = start(vc_hex="5219", ps_hex="5320")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1, 3]
    D.answer(m, t="alert")
    while m["state"]["stack"][-1]["s"] == "move":
        D.answer(m, t="done")  # the regiment stays
    assert units(m)["vc1"]["rev"]  # revealed for the combat (V 2.1 E)
    D.answer(m, t="attack", hex="5219")
    while m["state"]["stack"][-1]["s"] in ("losses", "support_pick"):
        D.answer(m, **D.acts(m)[0])
    assert m["state"]["stack"][-1]["s"] == "move" and m["state"]["stack"][-1]["mode"] == "retreat"
    vc = units(m)["vc1"]
    assert vc["hex"] and not vc["rev"]
    us = R.view(m["state"], "US")
    assert [p for sp in us["spaces"].values() for p in sp["pieces"] if p["id"] == vc["handle"]][0]["concealed"]
    assert any(e["text"] == f"VC unit {vc['handle']} revealed: {vc['name']}" for e in M.visible_log(m["log"], "US"))
    assert any("turned face down again (V 10)" in e["text"] for e in m["log"])
    assert B.unit_label(m["state"], vc, "US") == f"VC unit {vc['handle']}"
    import random
    for k in range(5):
        w = R.resample_hidden(json.loads(json.dumps(m["state"])), "US", random.Random(k))
        assert w["units"]["vc1"]["kind"] == "vc_regiment"


def test_V10_political_on_announce_option():
    """R38b (option political_on_announce): by default a political section in an attacked hex dies
    as the attack is announced; with the option off it stays and fights at 0."""
    for on in (True, False):
        m = start(vc_hex="5219")
        m["state"]["options"]["political_on_announce"] = on
        D.answer(m, t="us_op")
        D.answer(m, t="operate")
        D.answer(m, t="unit", u="m37")
        D.answer(m, t="target", hex="5219")
        D.answer(m, t="go")
        D.answer(m, t="support", ap=0, ship=0)
        D.answer(m, t="done")
        m["state"]["dice"]["queue"] = [1, 3]
        D.answer(m, t="alert")
        D.answer(m, t="attack", hex="5219")
        assert (units(m)["ps1"]["hex"] is None) == on


def test_V3_2_enemy_hex_exit_check_option():
    """V 3.2, R12 (option enemy_hex_exit_check): by default a unit may enter a non-target enemy hex only with
    the MP to leave it; with the option off it may enter it with any MP left."""
    m = start(vc_hex="5219", ps_hex="5320")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m37")
    m["state"]["stack"][-1]["mp"]["m37"] = 2
    assert "5320" not in {a["to"] for a in D.acts(m, "step")}
    m["state"]["options"]["enemy_hex_exit_check"] = False
    assert "5320" in {a["to"] for a in D.acts(m, "step")}


def test_V3_stack_moves_at_its_slowest_and_dearest_and_triggers_one_reaction():
    """V 3 (reference 6.2 T-MOV-1): 3/3, 2/4 and the 155mm (mech) move from 5118 as one stack: it
    pays the highest cost (mech 4 into cultivated 5018) and moves at the lowest MP left; dropping a
    unit ends its move; the stack's halt opens one reaction window over its final hexes."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    for u in ("m33", "m24", "a212"):
        D.answer(m, t="unit", u=u)
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="stack", hex="5118")
    assert m["state"]["stack"][-1]["group"] == ["a212", "m24", "m33"]
    D.answer(m, t="step", to="5018")  # off the road: the 155mm's mech cost (4) for the whole stack
    f = m["state"]["stack"][-1]
    assert f["mp"] == {"a212": 2, "m24": 4, "m33": 4}
    D.answer(m, t="drop", u="a212")
    f = m["state"]["stack"][-1]
    assert "a212" in f["moved"] and f["group"] == ["m24", "m33"]
    D.answer(m, t="step", to="5119")
    D.answer(m, t="halt")
    assert M.current_role(R, m) == "NLF" and m["state"]["stack"][-1]["s"] == "react"
    assert m["state"]["stack"][-1]["hexes"] == ["5018", "5119"]


def test_V10_hidden_hotseat_option_off_shows_everything():
    """Option hidden_hotseat (R71) off: the US sees the VC units named, and nothing is hidden."""
    m = M.new_match(R, "starlite", 1, {"hidden_hotseat": False})
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        D.answer(m, t="place", u=u, hex="5219")
    assert "VC 1st Regiment" in json.dumps(M.view(R, m, "US")) and R.hidden_ids(m["state"], "US") == []
    assert any("VC 1st Regiment set up in 5219" == e["text"] for e in M.view(R, m, "US")["log"])


def test_V3_4_naval_transport_from_a_port_to_a_landing_beach():
    """V 3.4 (reference 2.5.4): 3/3 in the port 5118 is shipped to a landing beach (one is added to
    the map for the test: the first-cut map has none) and is Ops Complete afterwards."""
    mp = B.mapof({"area": "quangngai"})
    mp.hexes["5324"]["beach"] = True
    try:
        m = start(vc_hex="5219")
        D.answer(m, t="us_op")
        D.answer(m, t="operate", op="naval")
        D.answer(m, t="unit", u="m33")
        D.answer(m, t="go")
        D.answer(m, t="done")  # no movement: already in the port
        assert {(a["u"], a["hex"]) for a in D.acts(m, "ship")} == {("m33", "5324")}
        D.answer(m, t="ship", u="m33", hex="5324")
        assert units(m)["m33"]["hex"] == "5324" and units(m)["m33"]["done"]
    finally:
        del mp.hexes["5324"]["beach"]


def test_V6_2_missions_continue_into_the_next_turn_or_are_suspended():
    """V 6.2: Hold and Patrol last until the next designation phase, where they may be continued
    (the unit stays unavailable for operations) or suspended (free to operate again)."""
    m = M.new_match(R, "starlite", 1)
    m["state"]["turns"] = 2  # a two-turn variant of the scenario for the test
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        D.answer(m, t="place", u=u, hex="5320")
    D.answer(m, t="hold", u="m33")
    assert not D.acts(m, "suspend")  # assigned this turn: nothing to suspend yet
    D.answer(m, t="done")
    D.answer(m, t="done")
    D.answer(m, t="done")
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    D.answer(m, t="end")
    assert m["state"]["turn"] == 2 and units(m)["m33"]["mission"] == "hold"
    assert {a["u"] for a in D.acts(m, "suspend")} == {"m33"}
    D.answer(m, t="suspend", u="m33")
    assert units(m)["m33"]["mission"] is None
    assert {"t": "hold", "u": "m33"} in D.acts(m)


def test_V7_6_no_ffz_in_starlite_and_full_value_support_in_one():
    """V 7.6, V 18.2 (EXT-1): Starlite forbids free-fire zones; where allowed, the declaration costs
    2 VP and US support then counts in full for the ratio and the loss column."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="go")
    assert not D.acts(m, "ffz")
    m["state"]["special"]["no_ffz"] = False
    D.answer(m, t="ffz")
    s = m["state"]
    assert s["ffz"] and vp(s)["NLF"] == 1 + 2
    n = C.numbers(s, [units(m)["m37"]], [units(m)["vc1"]], "5219", 9, 0, "US")
    assert n["att_total"] == 3 + 9


def test_V7_2_attacker_then_defender_choose_their_support():
    """V 7.2: the attacker allocates support first, then the defender; artillery held back stays
    unused this round; organic artillery always fires with its unit."""
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    for u in ("m37", "hq7", "a212"):
        D.answer(m, t="unit", u=u)
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=4, ship=1)
    D.answer(m, t="done")  # no movement
    D.answer(m, t="done")  # no interdiction
    m["state"]["dice"]["queue"] = [1, 4]
    D.answer(m, t="alert")
    D.answer(m, t="done")  # no combat-segment interdiction
    D.answer(m, t="attack", hex="5219")
    assert m["state"]["stack"][-1]["s"] == "support_pick" and M.current_role(R, m) == "US"
    offers = [a["with"] for a in D.acts(m, "fire")]
    assert offers[0] == ["a212", "hq7", "ap", "ship"] and offers[-1] == [] and len(offers) == 16
    D.answer(m, t="fire", **{"with": ["ap", "ship"]})
    assert any("US attacks 5219: 7.5 (ground 3 + support 4.5)" in e["text"] for e in m["log"])  # min(10, 9) / 2
    assert "a212" not in m["state"]["op"]["used"]


def test_V7_1_dedicated_artillery_supports_only_its_own_command_interdiction_included():
    """V 7.1 (L423, L427-428): dedicated artillery 'may support only units under the same command,
    regardless of phasing, operational assignment, or any other clause'; a brigade-level HQ supports
    'only during operation in which units from the brigade are involved, by interdiction or offensive
    or defensive support'. The 7th Marines HQ may not interdict for an operation of 3/3 alone, and
    may join an operation only once a unit of its regiment (3/7) operates; under option
    hq_support_scope "operation" (the VG examples) it may."""
    from game.rules.vietnam_1965_1975 import interdiction as IN
    m = start(vc_hex="5219")
    s = m["state"]
    s["op"] = B.new_op("US", "sd")
    s["op"]["targets"] = ["5219"]
    for x in ("m33", "hq7", "a212"):
        units(m)[x]["op"] = True
    assert [k for k, _, _ in IN.sources(s, "US")] == ["a212"]
    s["options"]["hq_support_scope"] = "operation"
    assert [k for k, _, _ in IN.sources(s, "US")] == ["a212", "hq7"]
    units(m)["m37"]["op"] = True
    s["options"]["hq_support_scope"] = "brigade"
    assert [k for k, _, _ in IN.sources(s, "US")] == ["a212", "hq7"]
    m = start(vc_hex="5219")
    D.answer(m, t="us_op")
    D.answer(m, t="operate")
    assert "hq7" not in {a["u"] for a in D.acts(m, "unit")}  # not alone, nor with 3/3 only
    D.answer(m, t="unit", u="m33")
    assert "hq7" not in {a["u"] for a in D.acts(m, "unit")}
    D.answer(m, t="unit", u="m37")
    assert "hq7" in {a["u"] for a in D.acts(m, "unit")}
    m = start(vc_hex="5219")  # with only the HQ left to operate, no Search and Destroy is offered
    for x in ("m33", "m24", "m37", "a212"):
        units(m)[x]["done"] = True
    D.answer(m, t="us_op")
    assert not {"sd", "cs"} & {a.get("op") for a in D.acts(m, "operate")}


def test_V7_1_an_hq_tested_against_the_operating_units_formations_as_against_the_units():
    """V 7.1 (L427-428, R45): the designation asks every HQ not operating whether it commands some
    unit operating (support.commands_form, the formations read once: a campaign's designation asked
    it of every HQ against every unit). Its answer is the rule's, unit by unit (a unit of the HQ's
    formation, or for a division HQ of one of its brigades; the HQ itself aside), for every HQ of
    the three scenarios against random sets of the other units."""
    import random
    rng = random.Random(7)

    def under(hq, x):
        f = hq.get("form")
        return x.get("form") == f or (B.val(hq, "size") == "XX" and bool(f) and str(x.get("form")).startswith(f + "-"))
    for scenario in ("starlite", "silver-bayonet", "masher-white-wing"):
        s = M.new_match(R, scenario, 1)["state"]
        hqs = [u for u in s["units"].values() if SP.dedicated(u)]
        assert hqs
        for hq in hqs:
            others = [u for u in s["units"].values() if u["id"] != hq["id"]]
            for _ in range(40):
                sub = rng.sample(others, rng.randint(0, min(6, len(others))))
                want = any(under(hq, x) for x in sub)
                assert SP.commands_form(hq, SP.formations(sub)) == want, (scenario, hq["id"])
                assert SP.commands_any(hq, sub + [hq]) == want, (scenario, hq["id"])  # the HQ itself aside
    # a division HQ with a formation of its own commands its brigades' units ("1cav" over "1cav-3")
    div = dict(next(u for u in s["units"].values() if SP.dedicated(u) and B.val(u, "size") == "XX"), form="1cav")
    for forms, want in ((["1cav-3"], True), (["1cav"], True), (["1cavx", None], False), ([], False)):
        sub = [{"id": f"u{i}", "form": f} for i, f in enumerate(forms)]
        assert SP.commands_form(div, SP.formations(sub)) == SP.commands_any(div, sub) == want, forms


def test_V7_1_an_ops_complete_hq_still_defends_its_own_formation():
    """V 7.1 (L433-435): 'Dedicated artillery marked Ops Complete may not provide any further
    offensive support or interdiction for the remainder of the game turn. It may still provide
    defensive support to units within its formation'; Ops Complete independent artillery may not
    (L440). The 7th Marines HQ, Ops Complete, may fire for 3/7 attacked in 5320, not for 3/3."""
    m = start(vc_hex="5219")
    s = m["state"]
    for x in ("hq7", "a212"):
        units(m)[x]["done"] = True
    units(m)["a212"]["hex"] = "5220"
    m37, m33 = units(m)["m37"], units(m)["m33"]
    assert [u["id"] for u in SP.artillery(s, "US", "5320", [m37], [], False)] == ["hq7"]
    assert SP.artillery(s, "US", "5320", [m33], [], False) == []
    assert SP.artillery(s, "US", "5320", [m37], [], True) == []  # no offensive support


def test_V7_2_artillery_in_the_attacked_hex_is_applied_once():
    """V 7.2 (L453): a unit's artillery strength 'may only be applied once in any given round'; V 7.1
    (L442-443): artillery defends its own hex when attacked. The VC attacking 5220 (3/7 and the 7th
    Marines HQ, artillery 8) meets support 8, not 16 (the HQ counted in the hex and again as a
    support source), in the odds preview and in the battle; the HQ is then used for the round."""
    m = start(vc_hex="5219")
    s = m["state"]
    units(m)["a212"]["done"] = True  # Ops Complete: out of the defence
    s["op"] = B.new_op("NLF", "sd")
    s["op"]["targets"] = ["5220"]
    vc = units(m)["vc1"]
    vc["op"] = True
    assert C.preview(s, "5220", [vc])["support"] == [2, 8]  # the regiment's organic 2 against the HQ's 8
    src_a, src_d = C.sources(s, "5220", "NLF", [vc], B.units_at(s, "5220", "US"))
    assert src_d == []
    m = start(vc_hex="5219")
    units(m)["a212"]["done"] = True
    D.answer(m, t="nlf_op")
    D.answer(m, t="unit", u="vc1")
    D.answer(m, t="target", hex="5220")
    D.answer(m, t="go")
    while not D.acts(m, "attack"):
        D.answer(m, t="done")
    D.answer(m, t="attack", hex="5220")
    while m["state"]["stack"][-1]["s"] == "support_pick":
        D.answer(m, **D.acts(m, "fire")[0])
    line = next(e["text"] for e in m["log"] if e["text"].startswith("NLF attacks 5220"))
    assert "support 4)" in line  # 8, halved outside a free-fire zone (V 7.6); 16 capped at 9 gave 4.5
    assert "hq7" in m["state"]["op"]["used"]


def test_V7_6_hold_units_own_artillery_counts_in_full():
    """V 6.2, 7.6 (T-HOLD-1): a US unit on Hold defending its own hex counts its own artillery in
    full outside an FFZ; other US support in the same combat still counts half."""
    m = start()
    s = m["state"]
    hq = units(m)["hq7"]  # artillery 8, defending 5220 on Hold
    hq["mission"] = "hold"
    n = C.numbers(s, [units(m)["vc1"]], [hq], "5220", 0, 8 + 7, "NLF")
    assert n["rd"] == 3  # cap 3 x max(1, 0) = 3, all of it from the exempt 8
    hq["mission"] = None
    assert C.numbers(s, [units(m)["vc1"]], [hq], "5220", 0, 8 + 7, "NLF")["rd"] == 1.5
    assert C.numbers(s, [units(m)["vc1"]], [units(m)["m37"]], "5220", 0, 7, "NLF")["rd"] == 3.5


def test_V3_1_view_lists_the_enemy_zoc_for_the_side_shown():
    """V 3.1: the view's movement overlay lists exactly the play-area hexes where in_enemy_zoc holds
    for the side shown (and nothing for the all-seeing role None)."""
    from game.engine import match as M
    from game.rules import get
    r = get("vietnam-1965-1975")
    m = M.new_match(r, "starlite", 3, {}, "auto")
    import random
    rnd = random.Random(3)
    for _ in range(12):
        role = M.current_role(r, m)
        if role is None:
            break
        M.apply(r, m, M.strip(rnd.choice(M.legal_actions(r, m, role))), role)
    s = m["state"]
    mp = B.mapof(s)
    for role in ("US", "NLF"):
        want = sorted(h for h in mp.hexes if mp.playable(h) and B.in_enemy_zoc(s, h, role))
        assert r.view(s, role)["zoc"] == want and want
    assert "zoc" not in r.view(s, None)


def test_V6_2_a_hold_marker_shows_on_a_face_down_counter_and_nothing_else_does():
    """V 6.2 (L384): units on Hold or Patrol "should be denoted by the markers that are provided":
    the US sees the marker on the face-down counter (the log already says "VC unit ?1 in 5219 goes
    on Hold"), not which counter it is; the NLF's own view names the unit as before."""
    from .v65_positions import on_hold
    m = on_hold()
    us = [dict(p, hex=h) for h, sp in M.view(R, m, "US")["spaces"].items() for p in sp["pieces"] if p.get("concealed")]
    assert sorted((p["hex"], p.get("mission") or "") for p in us) == [("5219", "hold"), ("5320", "")]
    assert set(next(p for p in us if p.get("mission"))) == {"id", "side", "concealed", "back", "mission", "hex"}
    nlf = {p["id"]: p for sp in M.view(R, m, "NLF")["spaces"].values() for p in sp["pieces"]}
    assert nlf["vc1"]["mission"] == "hold" and not nlf["vc1"].get("concealed")
