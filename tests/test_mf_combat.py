"""Ground combat, bombardment, AAA, body counts, garrisons, special units and break-off:
MF 13, 18-21, 24, 25.1, 25.4, 25.6, 26, 29 and worked examples T2, T7, T8, T9."""

import pytest

from game.rules.mike_force import bcp as BCP
from game.rules.mike_force import breakoff as BO
from game.rules.mike_force import board as B
from game.rules.mike_force import combat as C
from game.rules.mike_force.data import KINDS

from .mf_helpers import (IllegalAction, M, R, S, U, acts, answer, answer_dry, asking, run_dry, battle, bcp_choice, blank, com, ctx, dice,
                         do, halted, lead, left, line_up, loc, log_has, put, rejects, rolls, run, stack)


def bcp_of(kind):
    return KINDS[kind]["bcp"]


# --- T7: the Dong Ha example of fortified defence (MF 20.3) -------------------------------------

def _t7(sup, f1_dice, i_dice, f2_dice, target="depot"):
    m = blank("early", rp=5, ip=20)
    f1 = put(m, "mf", "DHA")
    f2 = put(m, "ateam", "DHA")
    i = com(m, "inf_bn", "DHA")
    d = com(m, "depot", "DHA")
    dice(m, sup, *f1_dice, *i_dice, *f2_dice)
    battle(m, "DHA")
    line_up(m, f1, f2)
    return m, f1, f2, i, d


def test_t7_fortified_depot_example_mf_20_3():
    """T7 / MF 20.3 / MF 20.1: FW superiority (die 2 <= recon 2); F1 (CF 3) hits the fortified
    depot only with a die under 3 (3,3,2); I hits F1 (1 <= 2) after F1 fired; F2 (CF 1) hits I
    with a 1 because the depot is gone; net BCP = depot + infantry - 1 (MF 21.4)."""
    m, f1, f2, i, d = _t7(2, [3, 3, 2], [1, 6], [1])
    answer(m, t="target", unit=f1, target=d)
    assert loc(m, d) == B.GONE           # static units are removed permanently (MF 20.4)
    assert loc(m, i) == B.COM_MOBILE     # mobile units go back to their box (MF 20.4)
    assert not U(m, i).get("rev")
    assert U(m, f1).get("red") and not U(m, f2).get("red")
    assert left(m) == []
    net = bcp_of("depot") + bcp_of("inf_bn") - 1
    assert {a["n"] for a in acts(m)} == {net}
    bcp_choice(m, "rp")
    assert S(m)["rp"] == 5 + net
    assert halted(m)
    assert ["MF 20.3" in r for r in [e.get("rule") for e in m["log"] if e.get("dice") == [3, 3, 2]]] == [True]
    assert any(e.get("rule") == "MF 20.2" and e.get("dice") == [1] for e in m["log"])


def test_t7a_fortified_needs_strictly_less_mf_20_3():
    """T7 variant (a) / MF 20.3: dice 3,4,5 against a fortified depot miss although 3 <= CF 3."""
    m, f1, f2, i, d = _t7(2, [3, 4, 5], [6, 6], [])
    answer(m, t="target", unit=f1, target=d)
    assert loc(m, d) == "DHA" and loc(m, i) == "DHA"
    assert rolls(m, "MF 20.3") == [[3, 4, 5]]
    assert {a["unit"] for a in acts(m)} == {f2}  # F2 now chooses its target


def test_t7b_cf1_never_hits_fortified_mf_20_3():
    """T7 variant (b) / MF 20.3: with the depot alive, F2 (CF 1) cannot hit the infantry with a 1."""
    m = blank("early")
    f2 = put(m, "ateam", "DHA")
    i = com(m, "inf_bn", "DHA")
    com(m, "depot", "DHA")
    dice(m, 1, 1, 6, 6)  # FW first; A-Team fires at I: 1 is not < 1; I misses
    battle(m, "DHA")
    answer_dry(m, t="target", unit=f2, target=i)
    assert loc(m, i) == "DHA"
    assert any(e.get("rule") == "MF 20.3" and e.get("dice") == [1] for e in m["log"])


def test_t7c_communist_superiority_strongest_fires_first_mf_20_1():
    """T7 variant (c) / MF 20.1: superiority die 3 > recon 2: the Communists fire first, with
    their strongest unit (I, CF 2, before the CF 0 depot) at the first unit of the FW line."""
    m, f1, f2, i, d = _t7(3, [], [1, 1], [])
    # the first shot after the superiority roll is I's
    shots = [e for e in m["log"] if e.get("rule") in ("MF 20.2", "MF 20.3") and "fires" in e["text"]]
    assert shots[0]["text"].startswith("NVA Infantry Battalion fires at Mike Force Company")
    assert U(m, f1).get("red")


# --- T2: a force (MF 2.11, MF 4.0 I.6 b) ---------------------------------------------------------

def test_t2_force_all_units_take_part_mf_2_11():
    """T2 / MF 2.11 / MF 4.0 I.6 b: a battle at TDC includes all three FW ground units (A-Team, MF,
    CIDG); the player orders the line, and cannot line up a unit that is not in the battle."""
    m = blank("early")
    a = put(m, "ateam", "TDC")
    mf = put(m, "mf", "TDC")
    c = put(m, "cidg", "TDC")
    other = put(m, "ateam", "DLC")
    com(m, "inf_bn", "TDC")
    assert C.fw_participants(S(m), "TDC") == sorted([a, mf, c])
    stack(m, {"s": "combat", "side": "FW"})  # no airstrike: straight to the battles
    dice(m, 1)
    run(m)
    offered = {x["unit"] for x in acts(m) if x["t"] == "unit"}
    assert offered == {a, mf, c}
    rejects(m, {"t": "unit", "unit": other})


# --- T9: excess hits (MF 21.4) -------------------------------------------------------------------

def test_t9_excess_hits_on_cidg_cost_two_bcp_mf_21_4():
    """T9 / MF 21.4 / MF 13.1: Communists first (die 6 > recon 3); C1 disrupts the CIDG, the CIDG
    (now CF 1) misses, C2 eliminates it; C3 never fires; BCP -2 in one settlement."""
    m = blank("early", rp=6, ip=20)
    cidg = put(m, "cidg", "TBG")
    c1, c2, c3 = (com(m, "inf_rgt", "TBG") for _ in range(3))
    dice(m, 6, 1, 5, 6, 5, 2, 4, 4)
    battle(m, "TBG")
    answer(m, t="target", unit=cidg, target=c1)
    assert loc(m, cidg) == B.SF_POOL
    assert left(m) == []
    assert {a["n"] for a in acts(m)} == {-2}
    bcp_choice(m, "rp")
    assert S(m)["rp"] == 4
    assert all(loc(m, c) == "TBG" for c in (c1, c2, c3))


def test_hit_sequence_two_step_unit_mf_13_1_mf_20_4():
    """MF 13.1 / MF 20.4 / MF 21.4: a full two-step unit is disrupted, then eliminated; a one-step
    unit is eliminated at once; hits beyond that have no target (T9 unit level)."""
    m = blank("early")
    g = ctx(m)
    acc = {"bcp": 0}
    c = put(m, "cidg", "TBG")
    C.hit_fw(g, c, acc)
    assert U(m, c)["red"] and acc["bcp"] == -1
    C.hit_fw(g, c, acc)
    assert loc(m, c) == B.SF_POOL and acc["bcp"] == -2 and "red" not in U(m, c)
    ps = put(m, "psywar", "DN")  # one-step SF unit
    C.hit_fw(g, ps, acc)
    assert loc(m, ps) == B.SF_POOL and acc["bcp"] == -3


def test_disrupted_values_mf_13_2():
    """MF 13.2: a disrupted unit uses its back-printed values (A-Team 2-1-3 -> 1-1-3, MF 2-3-2 -> 1-2-2)."""
    m = blank("early")
    a = put(m, "mf", "DN", red=True)
    assert (B.recon_of(S(m), U(m, a)), B.cf_of(S(m), U(m, a)), B.ma_of(U(m, a))) == (1, 2, 2)
    U(m, a).pop("red")
    assert (B.recon_of(S(m), U(m, a)), B.cf_of(S(m), U(m, a)), B.ma_of(U(m, a))) == (2, 3, 2)


# --- MF 20.1-20.5 ------------------------------------------------------------------------------

def test_concealed_units_do_not_fight_mf_20_0():
    """MF 20.0 / R-CB1: combat needs revealed Communist ground units; concealed ones take no part."""
    m = blank("early")
    put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC", rev=False)
    assert C.battle_spaces(S(m)) == []
    stack(m, {"s": "combat", "side": "FW"})
    run(m)
    assert halted(m)


def test_superiority_rerolled_each_round_mf_20_1():
    """MF 20.1 steps 3-4: a second round repeats the superiority roll; the battle goes on until one
    side is wiped out."""
    m = blank("early", rp=5)
    a = put(m, "ateam", "TDC")
    i = com(m, "inf_bn", "TDC")
    # round 1: FW first, A-Team misses, I misses; round 2: Com first (die 6), I misses, A-Team hits
    dice(m, 1, 6, 6, 6, 6, 6, 6, 1)
    battle(m, "TDC")
    assert loc(m, i) == B.COM_MOBILE
    sup = [e for e in m["log"] if "Tactical superiority" in e["text"]]
    assert len(sup) == 2
    assert log_has(m, "MF 20.1", "Round 2")
    bcp_choice(m, "ip")
    assert S(m)["ip"] == 20 - bcp_of("inf_bn")


def test_one_hit_per_shot_mf_20_2_mf_20_4():
    """MF 20.2 / MF 20.4: a unit rolls one die per CF; several qualifying dice still make one hit."""
    m = blank("early", rp=5)
    mf = put(m, "mf", "TDC")
    c1 = com(m, "inf_bn", "TDC")
    c2 = com(m, "inf_bn", "TDC")
    dice(m, 1, 1, 1, 1, 6, 6)  # MF (CF 3) rolls three 1s at c1: one hit; c2 misses
    battle(m, "TDC")
    answer_dry(m, t="target", target=c1)
    assert loc(m, c1) == B.COM_MOBILE and loc(m, c2) == "TDC"
    assert [len(d) for d in rolls(m, "MF 20.2")][:2] == [3, 2]


def test_zero_cf_units_do_not_roll_mf_20_5():
    """MF 20.5: units with a zero combat factor do not roll; they are affected by combat normally."""
    m = blank("early", rp=5)
    a = put(m, "ateam", "B112")
    t = com(m, "trucks", "B112")
    dice(m, 6, 1)  # Com superiority; the trucks (CF 0) roll nothing; the A-Team hits them
    battle(m, "B112")
    assert log_has(m, "MF 20.5")
    assert loc(m, t) == B.GONE
    assert left(m) == []


def test_communists_fortified_in_nvn_mf_20_3():
    """MF 20.3: Communist units defending in North Vietnam are fortified (a HALO team's 1 misses)."""
    m = blank("early")
    h = put(m, "halo", "VLI")
    c = com(m, "inf_bn", "VLI")
    dice(m, 1, 1, 6, 6)
    stack(m, {"s": "battle", "sp": "VLI", "round": 1, "bcp": 0, "sf": False})
    run_dry(m)
    assert loc(m, c) == "VLI"
    assert rolls(m, "MF 20.3") == [[1]]


def test_fw_fortified_in_own_major_base_mf_20_3():
    """MF 20.3 / R-FT1 / D8: a Communist CF 2 shot at an FW unit in Hue (FW garrison) misses with 2,3."""
    m = blank("early", rp=5)
    a = put(m, "ateam", "HUE")
    c = com(m, "inf_bn", "HUE")
    dice(m, 6, 2, 3, 1)  # Com first: 2,3 vs fortified: miss; A-Team hits with 1
    battle(m, "HUE")
    assert not U(m, a).get("red")
    assert loc(m, c) == B.COM_MOBILE
    assert rolls(m, "MF 20.3") == [[2, 3]]


def test_d8_assault_unit_negates_fortification_mf_26_1():
    """D8 / MF 26.1 / R-FT2: with a sapper alive in the battle, the same 2,3 hits the unit in Hue."""
    m = blank("early", rp=5)
    a = put(m, "ateam", "HUE")
    inf = com(m, "inf_bn", "HUE")
    sap = com(m, "sapper", "HUE")
    # Com first; inf 2,3 hits (not fortified); A-Team (reduced) kills inf; sapper misses 6,6;
    # the FW garrison (CF 3) kills the sapper 1,1,1
    dice(m, 6, 2, 3, 1, 6, 6, 1, 1, 1)
    battle(m, "HUE")
    answer(m, t="target", unit=a, target=inf)
    assert U(m, a).get("red")
    assert loc(m, inf) == B.COM_MOBILE and loc(m, sap) == B.COM_MOBILE
    assert left(m) == []


def test_d8_assault_effect_lost_when_sapper_dies_mf_26_1():
    """D8 / MF 26.1: once the sapper has been eliminated earlier in the round, 2,3 misses again."""
    m = blank("early", rp=5)
    a = put(m, "ateam", "HUE")
    inf = com(m, "inf_bn", "HUE")
    sap = com(m, "sapper", "HUE")
    dice(m, 1, 1, 2, 3, 1, 6, 6)  # FW first: A-Team kills the sapper; inf 2,3 misses; garrison kills inf
    battle(m, "HUE")
    answer(m, t="target", unit=a, target=sap)
    assert loc(m, sap) == B.COM_MOBILE
    assert not U(m, a).get("red")
    assert loc(m, inf) == B.COM_MOBILE
    assert [2, 3] in rolls(m, "MF 20.3")


# --- MF 21: body count --------------------------------------------------------------------------

def test_t8_bcp_all_to_rp_or_all_to_ip_mf_21_3():
    """T8 / MF 21.1 / MF 21.3: +3 BCP: RP 4 -> 7 or IP 20 -> 17; a split is rejected."""
    for to, rp, ip in (("rp", 7, 20), ("ip", 4, 17)):
        m = blank("early", rp=4, ip=20)
        BCP.settle(ctx(m), 3, "test")
        run(m)  # the question is put by the body_count procedure settle pushes
        assert sorted((a["to"], a["n"]) for a in acts(m)) == [("ip", 3), ("rp", 3)]
        rejects(m, {"t": "bcp", "to": "rp", "n": 2})
        bcp_choice(m, to)
        assert (S(m)["rp"], S(m)["ip"]) == (rp, ip)


def test_t8_bcp_loss_mf_21_2():
    """T8 / MF 21.2: -3 BCP: RP 4 -> 1 or IP 20 -> 23."""
    for to, rp, ip in (("rp", 1, 20), ("ip", 4, 23)):
        m = blank("early", rp=4, ip=20)
        BCP.settle(ctx(m), -3, "test")
        run(m)
        bcp_choice(m, to)
        assert (S(m)["rp"], S(m)["ip"]) == (rp, ip)


def test_bcp_loss_at_zero_rp_r_rp2_mf_12_2():
    """R-RP2 / MF 12.2: literal default: a -3 loss charged to RP 2 leaves RP 0 (excess lost);
    strict option: the loss must go to IP."""
    m = blank("early", rp=2, ip=20)
    BCP.settle(ctx(m), -3, "test")
    run(m)
    bcp_choice(m, "rp")
    assert S(m)["rp"] == 0 and S(m)["ip"] == 20
    m = blank("early", rp=2, ip=20, options={"rp_loss_at_zero": "strict"})
    BCP.settle(ctx(m), -3, "test")
    run(m)
    assert S(m)["ip"] == 23 and halted(m)  # only one option: applied without asking


def test_bcp_to_ip_can_end_game_d14_mf_21_1():
    """D14 / MF 21.1 / R-IP1: IP 2 and a BCP gain of 2 allocated to IP: IP 0, FW sudden-death win."""
    m = blank("early", rp=2, ip=2)
    BCP.settle(ctx(m), 2, "test")
    run(m)
    bcp_choice(m, "ip")
    assert S(m)["ip"] == 0
    assert S(m)["over"]["winner"] == "FW" and S(m)["over"]["rule"] == "MF 3.1"


def test_macv_loss_costs_its_cf_mf_21_4():
    """MF 21.4 / R-BCP2: an eliminated MACV ground unit costs BCP equal to its combat factor."""
    m = blank("offensive")
    mar = put(m, "usmc", "QSN")
    acc = {"bcp": 0}
    C.hit_fw(ctx(m), mar, acc)
    assert loc(m, mar) == B.SUP_POOL and acc["bcp"] == -KINDS["usmc"]["c"]


def test_hit_fw_effect_says_what_hit_fw_does_mf_20_4():
    """MF 20.4, 21.4, 24.2, 25.1 (issue 9 item 5): the effect shown before the player picks the
    unit hit is what hit_fw then does: a full two-step unit is disrupted (no warning); a disrupted A-Team
    or a MACV unit is eliminated, with its BCP cost and a warning naming its leader."""
    m = blank("offensive")
    cases = [(put(m, "mf", "QSN"), "disrupted", False), (put(m, "ateam", "QSN", red=True), "eliminated (-1 BCP)", True),
             (put(m, "usmc", "QSN"), f"eliminated (-{KINDS['usmc']['c']} BCP)", True)]
    ldr = lead(m, cases[1][0])
    said = {}
    for uid, text, warns in cases:
        got, warn = said[uid] = C.hit_fw_effect(S(m), uid)
        assert got.startswith(text) and bool(warn) == warns, (got, warn)
        acc = {"bcp": 0}
        C.hit_fw(ctx(m), uid, acc)
        assert (loc(m, uid) == "QSN") == (not warns)
        assert acc["bcp"] == (-int(got.split("-")[1].split()[0]) if "BCP" in got else 0)
    assert B.name_of(S(m), ldr) + " is lost with it" in said[cases[1][0]][1]


def test_collateral_choice_warns_before_an_elimination_mf_18_4():
    """MF 18.4 c (issue 9 item 5): the collateral-hit choice says each unit's fate; the one that
    would be eliminated carries a warning, the one only disrupted does not."""
    m = blank("early", rp=5)
    mf = put(m, "mf", "NSN")
    at = put(m, "ateam", "NSN", red=True)
    com(m, "inf_bn", "NSN")
    put(m, "arclight", "NSN")
    dice(m, 6)
    stack(m, {"s": "bombard", "sp": "NSN"})
    run(m)
    ch = {a["unit"]: a for a in M.legal_actions(R, m) if a["t"] == "unit"}
    assert set(ch) == {mf, at}, ch
    assert ch[mf]["label"].endswith(": disrupted (-1 BCP)") and "warn" not in ch[mf]
    assert ch[at]["label"].endswith(": eliminated (-1 BCP)"), ch[at]
    assert ch[at]["warn"].endswith("is eliminated (-1 BCP) (MF 20.4)"), ch[at]


# --- MF 18, 19: air ------------------------------------------------------------------------------

def test_d9_arc_light_open_terrain_collateral_mf_18_4():
    """D9 / MF 18.4: in Open terrain two dice per unit; A: 4,6 -> no hit but one collateral hit on
    the RT; B: 2,6 -> B eliminated and a second collateral hit (RT eliminated). Net BCP settled."""
    m = blank("early", rp=5)
    rt = put(m, "rt", "TCH")
    a = com(m, "inf_rgt", "TCH")   # c06: rolled for first
    b = com(m, "inf_bn", "TCH")
    arc = put(m, "arclight", "TCH")
    dice(m, 4, 6, 2, 6)
    stack(m, {"s": "bombard", "sp": "TCH"})
    run(m)
    assert loc(m, a) == "TCH" and loc(m, b) == B.COM_MOBILE
    assert loc(m, rt) == B.SF_POOL
    assert loc(m, arc) == B.SUP_POOL  # MF 18.1
    assert {x["n"] for x in acts(m)} == {bcp_of("inf_bn") - 2}
    assert rolls(m, "MF 18.4") == [[4, 6], [2, 6]]


def test_d9_double_six_one_collateral_mf_18_4():
    """D9 / MF 18.4 c: 6,6 on one unit causes only one collateral hit; jungle rolls one die."""
    m = blank("early", rp=5)
    rt = put(m, "rt", "TCH")
    com(m, "inf_bn", "TCH")
    put(m, "arclight", "TCH")
    dice(m, 6, 6)
    stack(m, {"s": "bombard", "sp": "TCH"})
    run(m)
    assert U(m, rt).get("red") and loc(m, rt) == "TCH"
    m = blank("early", rp=5)
    com(m, "inf_bn", "NSN")
    put(m, "arclight", "NSN")
    dice(m, 3)
    stack(m, {"s": "bombard", "sp": "NSN"})
    run(m)
    assert rolls(m, "MF 18.4") == [[3]]


def test_d10_aaa_then_fighter_bomber_mf_19_0_mf_18_3():
    """D10 / MF 19.0 / MF 18.3: AAA (3) fires first: die 3 downs one fighter-bomber (-1 BCP); the
    other, assigned by the player, hits its target with 3 <= CF 3."""
    m = blank("early", rp=5)
    aaa = com(m, "aaa_m", "TCH")
    inf = com(m, "inf_rgt", "TCH")
    f1 = put(m, "fb", "TCH")
    f2 = put(m, "fb", "TCH")
    dice(m, 3, 3)
    stack(m, {"s": "bombard", "sp": "TCH"})
    run(m)
    assert loc(m, f1) == B.SUP_POOL  # shot down
    answer(m, t="target", target=inf)
    assert loc(m, inf) == B.COM_MOBILE and loc(m, f2) == B.SUP_POOL
    assert {x["n"] for x in acts(m)} == {bcp_of("inf_rgt") - 1}
    assert rolls(m, "MF 19.0") == [[3]] and rolls(m, "MF 18.3") == [[3]]


def test_aaa_ignores_arc_light_mf_19_0():
    """MF 19.0: AAA has no effect on B-52s: with only an Arc Light overhead, AAA does not roll."""
    m = blank("early", rp=5)
    com(m, "aaa_m", "NSN")
    put(m, "arclight", "NSN")
    dice(m, 1)
    stack(m, {"s": "bombard", "sp": "NSN"})
    run(m)
    assert rolls(m, "MF 19.0") == [] and rolls(m, "MF 18.4") == [[1]]


def test_airstrikes_never_target_garrisons_mf_24_3():
    """MF 24.3 / R-AIR1: a Communist garrison is not a bombardment target, nor are special targets."""
    m = blank("offensive")  # Khe Sanh is Communist-held
    com(m, "st_intel", "KSN")
    from game.rules.mike_force.recon import bombard_targets
    assert bombard_targets(S(m), "KSN") == []


def test_reaction_airstrike_sortie_mf_17_2_mf_18_1():
    """MF 17.2 / MF 18.1: available airstrikes fly only to spaces with revealed Communist units."""
    m = blank("early")
    f = put(m, "fb", B.SUP_AVAIL)
    com(m, "inf_bn", "NSN")
    com(m, "inf_bn", "TDC", rev=False)
    stack(m, {"s": "reaction", "side": "FW"})
    dests = {a["to"] for a in acts(m, "sortie")}
    assert dests == {"NSN"}
    do(m, {"t": "sortie", "unit": f, "to": "NSN"})
    assert loc(m, f) == "NSN"


# --- MF 24: garrisons ------------------------------------------------------------------------

def test_d15_garrison_flips_and_capture_bcp_mf_24_2_mf_21_5():
    """D15 / MF 24.2 / MF 21.5: the lone FW garrison of Quang Tri is hit and flips; the capture
    costs its BCP at once; the Communists control QTR (MF 6.1)."""
    m = blank("early", rp=10, ip=20)
    c = com(m, "inf_rgt", "QTR")
    dice(m, 6, 1, 6, 6)
    battle(m, "QTR")
    assert U(m, "gar_QTR")["com"] is True
    assert {a["n"] for a in acts(m)} == {-KINDS["gar_QTR"]["bcp"]}
    bcp_choice(m, "rp")
    assert S(m)["rp"] == 10 - KINDS["gar_QTR"]["bcp"]
    assert B.control(S(m), "QTR") == "COM"
    assert halted(m)


def test_garrison_last_to_take_hits_r_ga1_mf_24_2():
    """MF 24.2 / R-GA1: the FW garrison is always last in line, so Communist fire hits other units first."""
    m = blank("early", rp=10)
    a = put(m, "ateam", "QTR")
    com(m, "inf_rgt", "QTR")
    dice(m, 6, 1, 1, 1)  # Com first: the shot hits the A-Team, not the garrison
    battle(m, "QTR", dry=True)
    assert U(m, a).get("red") and not U(m, "gar_QTR").get("com")


def test_fw_may_target_com_garrison_only_alone_r_ga1_mf_24_2():
    """R-GA1 / MF 24.2 / MF 21.5: at Communist-held Khe Sanh the FW may fire at the garrison only
    when no other Communist unit is left; a hit flips it back (recapture BCP gained)."""
    m = blank("offensive", rp=5)
    mf = put(m, "mf", "KSN")
    inf = com(m, "inf_bn", "KSN")
    assert C.fw_targets(S(m), "KSN") == [inf]
    U(m, inf)["loc"] = B.COM_MOBILE
    assert C.fw_targets(S(m), "KSN") == ["gar_KSN"]
    dice(m, 1, 1, 1, 1)  # FW first, MF hits the garrison
    battle(m, "KSN")
    assert U(m, "gar_KSN")["com"] is False
    assert {a["n"] for a in acts(m)} == {KINDS["gar_KSN"]["bcp"]}


def test_d16_da_nang_falls_with_only_helicopters_mf_3_1_mf_23_6():
    """D16 / MF 3.1 / MF 23.6: the Da Nang garrison on its Communist side with only FW helicopters
    there: the Communists control Da Nang: sudden-death Communist win."""
    m = blank("early")
    put(m, "transport", "DN")
    U(m, "gar_DN")["com"] = True
    assert B.control(S(m), "DN") == "COM"
    assert B.check_sudden_death(ctx(m))
    assert S(m)["over"]["winner"] == "COM"


# --- MF 25 special units in combat -----------------------------------------------------------------

def test_mgf_reduced_hit_becomes_mike_force_mf_25_1():
    """MF 25.1 / R-MGF1: a reduced MGF that takes a hit is replaced by a full MF company (1 BCP lost);
    with no MF company available, the player receives 1 RP instead."""
    m = blank("phoenix", rp=5)
    g = ctx(m)
    mgf = put(m, "mgf", "NSN", red=True)
    acc = {"bcp": 0}
    new = C.hit_fw(g, mgf, acc)
    assert loc(m, mgf) == B.SF_POOL and U(m, new)["k"] == "mf" and loc(m, new) == "NSN"
    assert not U(m, new).get("red") and acc["bcp"] == -1
    for uid, u in S(m)["units"].items():
        if u["k"] == "mf":
            u["loc"] = "DN"
    mgf2 = put(m, "mgf", "NSN", red=True)
    assert C.hit_fw(g, mgf2, acc) is None
    assert S(m)["rp"] == 6


def test_leader_combat_bonus_capped_mf_25_4():
    """MF 25.4: a leader adds one to combat (and recon), never above five; it dies with its unit."""
    m = blank("phoenix")
    mgf = put(m, "mgf", "NSN")
    lid = lead(m, mgf)
    assert B.cf_of(S(m), U(m, mgf)) == 5 and B.recon_of(S(m), U(m, mgf)) == 5
    a = put(m, "ateam", "NSN")
    l2 = lead(m, a)
    assert B.cf_of(S(m), U(m, a)) == 2 and B.recon_of(S(m), U(m, a)) == 3
    C.hit_fw(ctx(m), a, {"bcp": 0})
    C.hit_fw(ctx(m), a, {"bcp": 0})
    assert loc(m, l2) == B.SF_POOL and "att" not in U(m, l2)   # R-RR1: back to the box
    assert log_has(m, "MF 25.4")


def test_d19_bracketed_fire_pairs_in_open_mf_25_6():
    """D19 / MF 25.6 / R-BR1: Marines 1-[3]-2 in Que Son (Open) declare 2 pairs on A and 1 on B
    before rolling: A 4,5,6,1 -> hit; B 4,4 -> miss."""
    m = blank("offensive", rp=5)
    mar = put(m, "usmc", "QSN")
    a = com(m, "inf_bn", "QSN")
    b = com(m, "inf_bn", "QSN")
    dice(m, 1, 4, 5, 6, 1, 4, 4, 6, 6)
    battle(m, "QSN")
    answer(m, t="target", target=a)
    answer(m, t="target", target=a)
    answer_dry(m, t="target", target=b)
    assert loc(m, a) == B.COM_MOBILE and loc(m, b) == "QSN"
    assert rolls(m, "MF 20.2")[:2] == [[4, 5, 6, 1], [4, 4]]


def test_d19_bracketed_fire_in_jungle_is_normal_mf_25_6():
    """D19 / MF 25.6: in jungle the bracketed unit rolls its CF (3 dice) at a single target."""
    m = blank("offensive", rp=5)
    put(m, "usmc", "NSN")
    a = com(m, "inf_bn", "NSN")
    com(m, "inf_bn", "NSN")
    dice(m, 1, 6, 6, 1)
    battle(m, "NSN")
    assert all(x["t"] == "target" for x in acts(m))
    answer_dry(m, t="target", target=a)
    assert rolls(m, "MF 20.2")[0] == [6, 6, 1]
    assert loc(m, a) == B.COM_MOBILE


def test_helicopters_fight_with_printed_factors_mf_23_5():
    """MF 23.5: helicopters take part in combat with their printed factors (gunship 2-3-A)."""
    m = blank("early", rp=5)
    gs = put(m, "gunship", "NSN")
    c = com(m, "inf_bn", "NSN")
    assert C.fw_participants(S(m), "NSN") == [gs]
    dice(m, 2, 3, 6, 6)   # superiority with recon 2; gunship CF 3 rolls three dice
    battle(m, "NSN")
    assert loc(m, c) == B.COM_MOBILE and rolls(m, "MF 20.2") == [[3, 6, 6]]


# --- MF 26 special Communist units -------------------------------------------------------------

def test_special_targets_ignore_combat_mf_26_3():
    """MF 26.3: special targets take no part in combat and are never affected by it."""
    m = blank("early")
    put(m, "ateam", "B117")
    com(m, "st_intel", "B117")
    assert C.battle_spaces(S(m)) == []


# --- MF 29: tactical break-off (optional) ------------------------------------------------------

def test_d20_communist_breakoff_procedure_mf_29_1():
    """D20 / MF 29.1 (High band, 1-2 withdraws): at Cam Lo a 2 withdraws to Khe Sanh unless an FW unit
    is there (the FW garrison is one); at Dong Ha a 1 then branch die 4 goes to Cam Lo (MF 15.9);
    at Base Area 604 (route end) the unit cannot withdraw; a 3 never withdraws."""
    m = blank("early", ip=20, options={"breakoff": True})
    u1 = com(m, "inf_bn", "CLO")
    dice(m, 2)
    BO.com_withdraw(ctx(m), "CLO")
    assert loc(m, u1) == "CLO"  # KSN holds the FW garrison
    U(m, "gar_KSN")["com"] = True
    dice(m, 2)
    BO.com_withdraw(ctx(m), "CLO")
    assert loc(m, u1) == "KSN" and U(m, u1)["rev"]
    u2 = com(m, "inf_bn", "DHA")
    dice(m, 1, 4)
    BO.com_withdraw(ctx(m), "DHA")
    assert loc(m, u2) == "CLO"
    u3 = com(m, "inf_bn", "B604")
    dice(m, 1)
    BO.com_withdraw(ctx(m), "B604")
    assert loc(m, u3) == "B604"
    u4 = com(m, "inf_bn", "TDC")
    dice(m, 3)
    BO.com_withdraw(ctx(m), "TDC")
    assert loc(m, u4) == "TDC" and left(m) == []


def test_breakoff_step_in_round_two_mf_29_1():
    """MF 29.0 / MF 29.1: with the option on, round 2 starts with a withdrawal step (FW first, then
    every Communist mobile unit); a Communist withdrawal ends the battle."""
    m = blank("early", ip=20, rp=5, options={"breakoff": True})
    a = put(m, "ateam", "DHA")
    c = com(m, "inf_bn", "DHA")
    dice(m, 1, 6, 6, 6, 1, 4)   # round 1: both miss; round 2: Com rolls 1 (withdraw), branch 4 -> CLO
    battle(m, "DHA")
    assert "break-off" in S(m)["stack"][-1]["prompt"]
    assert {x["to"] for x in acts(m, "withdraw")} >= {"QTR", "CTH", "CLO"}
    answer(m, t="done")
    assert loc(m, c) == "CLO" and loc(m, a) == "DHA"
    assert halted(m)


def test_breakoff_fw_withdrawal_roll_mf_29_1():
    """MF 29.1: a FW mobile unit withdraws on a die at most its recon (A-Team 2: die 2 succeeds)."""
    m = blank("early", ip=20, rp=5, options={"breakoff": True})
    a = put(m, "ateam", "DHA")
    com(m, "inf_bn", "DHA")
    dice(m, 1, 6, 6, 6, 2)
    battle(m, "DHA")
    answer(m, t="withdraw", unit=a, to="QTR")
    assert loc(m, a) == "QTR"
    assert halted(m) or asking(m)


def test_breakoff_off_by_default_mf_29_0():
    """MF 29.0: break-off is optional; without it round 2 has no withdrawal step."""
    m = blank("early", ip=20, rp=5)
    a = put(m, "ateam", "DHA")
    c = com(m, "inf_bn", "DHA")
    dice(m, 1, 6, 6, 6, 1, 1)
    battle(m, "DHA")
    assert loc(m, c) == B.COM_MOBILE and not log_has(m, "MF 29.1")


# --- MF 25.4 Rising from the Ranks (optional) ---------------------------------------------------

def test_rising_from_the_ranks_mf_25_4():
    """MF 25.4 (optional Rising from the Ranks): after an SF win, 2d6 = 12 puts an off-map leader
    with an SF unit of the battle; any other total does nothing."""
    m = blank("early", rp=5, options={"rising": True})
    a = put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC")
    dice(m, 1, 1, 6, 6)
    battle(m, "TDC")
    answer(m, t="attach", unit=a)
    assert B.leader_of(S(m), a)
    bcp_choice(m, "rp")
    assert halted(m)
    m = blank("early", rp=5, options={"rising": True})
    a = put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC")
    dice(m, 1, 1, 3, 4)
    battle(m, "TDC")
    bcp_choice(m, "rp")
    assert halted(m) and not B.leader_of(S(m), a)


def test_rising_counts_sf_that_did_not_fire_mf_25_4():
    """MF 25.4: 'any combat involving any SF units' - an SF unit that took part but never fired
    (the MACV unit in front won the battle alone) still allows the roll."""
    m = blank("offensive", rp=5, options={"rising": True})
    rg = put(m, "rangers", "TDC")
    a = put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC")
    dice(m, 1, 1, 1, 1, 6, 6)   # superiority (rangers recon 3), Rangers kill it; 2d6 = 12
    battle(m, "TDC")
    line_up(m, rg, a)
    assert asking(m) and any(x["t"] == "attach" for x in acts(m))
    assert left(m) == []


def test_battle_record_mf_20_2_dice_need_hit():
    """MF 20.2/20.3 (issue 9 item 3): the battle record shows both sides with values, each die
    with what it needed and hit or miss, the loss and the result (engine/battle.py)."""
    m, f1, f2, i, d = _t7(2, [3, 3, 2], [1, 6], [1])
    answer(m, t="target", unit=f1, target=d)
    b = m["state"]["battle"]
    assert b["rule"] == "MF 20.1" and [s["side"] for s in b["sides"]] == ["FW", "COM"]
    assert all(u["values"].startswith("CF ") for s in b["sides"] for u in s["units"])
    first = b["events"][0]
    assert [x["v"] for x in first["dice"]] == [3, 3, 2]
    assert [x["hit"] for x in first["dice"]] == [False, False, True]
    assert first["dice"][0]["need"] == "under 3"
    assert b["losses"]


def test_battle_record_ends_with_result_mf_20_1():
    m, f1, f2, i, d = _t7(2, [3, 3, 2], [1, 6], [1])
    answer(m, t="target", unit=f1, target=d)
    run(m)
    b = m["state"]["battle"]
    assert b["over"] and b["result"]
