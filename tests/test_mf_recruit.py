"""Recruiting, refit, MACV support, Appeal: MF 12, 13.3, 22.4, 25.1, 25.2, 25.5, 25.9 and T4, D18."""

from game.rules.mike_force import board as B
from game.rules.mike_force.data import KINDS, TABLES

from .mf_helpers import (S, U, acts, answer, blank, com, dice, do, halted, lead, left, loc, log_has, put,
                         rejects, rolls, run, stack)

REC = TABLES["recruit"]


def recruit_phase(m):
    stack(m, {"s": "fw_recruit"})


def has(m, kind, where):
    return any(u["k"] == kind and u["loc"] == where for u in S(m)["units"].values())


# --- T4 cadre --------------------------------------------------------------------------------------

def test_t4_cidg_with_cadre_mf_12_4():
    """T4 / MF 12.4: RP 5, Nong Son with an SF camp and an A-Team: recruiting a CIDG costs 2 RP
    (RP 3), places a full CIDG and sends the A-Team (and its leader) to the reinforcement box."""
    m = blank("early", rp=5)
    put(m, "camp", "NSN")
    a = put(m, "ateam", "NSN")
    lid = lead(m, a)
    recruit_phase(m)
    do(m, {"t": "recruit", "kind": "cidg", "to": "NSN"})
    assert S(m)["rp"] == 3
    assert has(m, "cidg", "NSN") and not any(u["k"] == "cidg" and u["loc"] == "NSN" and u.get("red")
                                              for u in S(m)["units"].values())
    assert loc(m, a) == B.SF_POOL and "att" not in U(m, lid)
    assert log_has(m, "MF 12.4")


def test_t4_negative_cases_mf_12_4_mf_12_2():
    """T4 (i)-(iv) / MF 12.4 / MF 12.2: no camp -> rejected; RP 1 -> rejected (no deficit); an A-Team
    recruited this phase cannot be a cadre; the removed A-Team may be bought again at once (R-CAD1)."""
    m = blank("early", rp=5)
    put(m, "ateam", "NSN")
    recruit_phase(m)
    rejects(m, {"t": "recruit", "kind": "cidg", "to": "NSN"})
    m = blank("early", rp=1)
    put(m, "camp", "NSN")
    put(m, "ateam", "NSN")
    recruit_phase(m)
    rejects(m, {"t": "recruit", "kind": "cidg", "to": "NSN"})
    # (iii) the only A-Team at Da Nang (with a camp) was recruited this phase
    m = blank("early", rp=10)
    put(m, "camp", "DN")
    for u in S(m)["units"].values():
        if u["k"] == "ateam":
            u["loc"] = B.ASIDE
    S(m)["units"]["ateam1"]["loc"] = B.SF_POOL
    recruit_phase(m)
    do(m, {"t": "recruit", "kind": "ateam", "to": "DN"})
    assert loc(m, "ateam1") == "DN" and S(m)["rp"] == 10 - REC["ateam"]["rp"]
    rejects(m, {"t": "recruit", "kind": "cidg", "to": "DN"})
    # (iv) a cadre just removed may be bought again in the same phase
    m = blank("early", rp=10)
    put(m, "camp", "NSN")
    a = put(m, "ateam", "NSN")
    for u in S(m)["units"].values():
        if u["k"] == "ateam" and u["loc"] == B.SF_POOL:
            u["loc"] = B.ASIDE
    recruit_phase(m)
    do(m, {"t": "recruit", "kind": "cidg", "to": "NSN"})
    do(m, {"t": "recruit", "kind": "ateam", "to": B.NT})
    assert loc(m, a) == B.NT


def test_recruit_costs_and_places_mf_12_3():
    """MF 12.3 [RECON chart]: an A-Team (2 RP) goes to Nha Trang or FW-held Da Nang; a Recon Team to
    Nha Trang or an FW major base; recruits are placed, not moved (MF 12.5)."""
    m = blank("offensive", rp=10)
    recruit_phase(m)
    to = {a["to"] for a in acts(m, "recruit") if a["kind"] == "rt"}
    assert to == {B.NT, "DN", "HUE", "QTR"}          # KSN is Communist-held
    assert {a["to"] for a in acts(m, "recruit") if a["kind"] == "ateam"} == {B.NT, "DN"}
    do(m, {"t": "recruit", "kind": "rt", "to": "HUE"})
    assert S(m)["rp"] == 10 - REC["rt"]["rp"]


def test_newly_recruited_units_act_normally_mf_12_5():
    """MF 12.5: a unit recruited this turn moves normally in the Movement Phase."""
    m = blank("early", rp=10)
    recruit_phase(m)
    do(m, {"t": "recruit", "kind": "ateam", "to": "DN"})
    do(m, {"t": "done"})
    assert halted(m)
    stack(m, {"s": "fw_move"})
    a = next(uid for uid, u in S(m)["units"].items() if u["k"] == "ateam" and u["loc"] == "DN")
    assert any(x["unit"] == a for x in acts(m, "move"))


def test_eliminated_units_recruited_again_mf_12_6():
    """MF 12.6: eliminated FW units return to the box and can be recruited again."""
    from game.rules.mike_force import combat as C
    from .mf_helpers import ctx
    m = blank("early", rp=10)
    for u in S(m)["units"].values():
        if u["k"] == "gunship":
            u["loc"] = B.ASIDE
    gs = "gunship1"
    U(m, gs)["loc"] = "NSN"
    U(m, gs)["red"] = True
    C.hit_fw(ctx(m), gs, {"bcp": 0})
    assert loc(m, gs) == B.SF_POOL
    recruit_phase(m)
    do(m, {"t": "recruit", "kind": "gunship", "to": B.NT})
    assert loc(m, gs) == B.NT and not U(m, gs).get("red")


def test_rp_no_deficit_and_leaders_not_bought_mf_12_2():
    """MF 12.2: no recruit costs more than the RP available; leaders are never recruited with RP."""
    m = blank("early", rp=2)
    recruit_phase(m)
    kinds = {a["kind"] for a in acts(m, "recruit")}
    assert all(REC[k]["rp"] <= 2 for k in kinds) and "leader" not in kinds
    assert not acts(m, "macv")


def test_rp_income_mf_12_1():
    """MF 12.1 [RECON dice]: each turn the scenario's RP dice are rolled and added (Offensive: 2 dice)."""
    m = blank("offensive", rp=5)
    dice(m, 3, 4)
    stack(m, {"s": "fw_income"})
    run(m)
    assert S(m)["rp"] == 12 and rolls(m, "MF 12.1") == [[3, 4]]


# --- MF 12.7 / 25.5 MACV -----------------------------------------------------------------------------

def test_d18_macv_cycle_mf_12_7_mf_25_5():
    """D18 / MF 12.7 / MF 18.1 / MF 25.5: RP 5; recruit MACV (3 RP): the random draw (Arc Light) goes to
    Support Available; it flies to a space with revealed units, bombs, and returns to the Support
    Reinforcements Box; an unused MACV ground unit returns at the End of Turn Return Phase."""
    m = blank("offensive", rp=5)
    for uid, u in S(m)["units"].items():
        if u["loc"] == B.SUP_POOL and u["k"] != "arclight":
            u["loc"] = B.ASIDE
    recruit_phase(m)
    do(m, {"t": "macv"})
    arc = "arclight1"
    assert loc(m, arc) == B.SUP_AVAIL and S(m)["rp"] == 2
    c = com(m, "inf_bn", "NSN")
    stack(m, {"s": "reaction", "side": "FW"})
    do(m, {"t": "sortie", "unit": arc, "to": "NSN"})
    assert halted(m)  # nothing else to decide: the Reaction Phase ended by itself
    dice(m, 1)
    stack(m, {"s": "combat", "side": "FW"})
    run(m)
    assert loc(m, c) == B.COM_MOBILE and loc(m, arc) == B.SUP_POOL
    mar = put(m, "usmc", "DN")
    answer(m, t="bcp", to="rp")
    stack(m, {"s": "end_return"})
    run(m)
    assert loc(m, mar) == B.SUP_POOL


def test_macv_ground_deploys_nt_or_fw_major_mf_12_7():
    """MF 12.7: a MACV ground unit drawn is deployed in Nha Trang or an FW-controlled major base."""
    m = blank("offensive", rp=5)
    for uid, u in S(m)["units"].items():
        if u["loc"] == B.SUP_POOL and u["k"] != "rangers":
            u["loc"] = B.ASIDE
    recruit_phase(m)
    do(m, {"t": "macv"})
    assert {a["to"] for a in acts(m)} == {B.NT, "DN", "HUE", "QTR"}
    answer(m, t="deploy", to="QTR")
    assert has(m, "rangers", "QTR")


def test_return_phase_all_macv_r_ma1_mf_4_0_iii_1():
    """MF 4.0 III.1 / MF 25.5 / R-MA1: every MACV unit, on the map or in Support Available, returns;
    SF units stay."""
    m = blank("offensive")
    a = put(m, "fb", B.SUP_AVAIL)
    b = put(m, "usmc", "QSN")
    c = put(m, "rangers", B.NT)
    sf = put(m, "mf", "QSN")
    stack(m, {"s": "end_return"})
    run(m)
    assert {loc(m, x) for x in (a, b, c)} == {B.SUP_POOL} and loc(m, sf) == "QSN"


# --- MF 13.3 refit ---------------------------------------------------------------------------------

def test_refit_location_and_cost_mf_13_3():
    """MF 13.3 [RECON chart]: a disrupted MF company refits for 2 RP in Nha Trang or an FW major base,
    not in the field; refit flips it to full strength."""
    m = blank("early", rp=5)
    a = put(m, "mf", "HUE", red=True)
    b = put(m, "mf", "TDC", red=True)
    recruit_phase(m)
    units = {x["unit"] for x in acts(m, "refit")}
    assert a in units and b not in units
    do(m, {"t": "refit", "unit": a})
    assert not U(m, a).get("red") and S(m)["rp"] == 5 - TABLES["refit"]["mf"]["rp"]


# --- MF 25.1, 25.2, 25.9 recruiting ------------------------------------------------------------------

def test_mgf_replaces_mike_force_company_mf_25_1():
    """MF 25.1: an MGF is recruited by replacing a (full) Mike Force company, which goes to the box."""
    m = blank("phoenix", rp=5)
    mf = put(m, "mf", "DN")
    recruit_phase(m)
    do(m, {"t": "recruit", "kind": "mgf", "to": "DN"})
    assert has(m, "mgf", "DN") and loc(m, mf) == B.SF_POOL and S(m)["rp"] == 5 - REC["mgf"]["rp"]


def test_white_star_recruiting_roll_mf_25_2():
    """MF 25.2: White Star needs an A-Team in Laos and a die roll; on a failure the RP are spent."""
    m = blank("early", rp=5)
    a = put(m, "ateam", "TCH")
    recruit_phase(m)
    dice(m, 6)
    do(m, {"t": "recruit", "kind": "ws", "to": "TCH"})
    assert not has(m, "ws", "TCH") and S(m)["rp"] == 3 and loc(m, a) == "TCH"
    dice(m, 2)
    do(m, {"t": "recruit", "kind": "ws", "to": "TCH"})
    assert has(m, "ws", "TCH") and S(m)["rp"] == 1


def test_psywar_tower_built_in_da_nang_mf_25_9():
    """MF 25.9: the PSYWAR radio tower (static) can be built only in Da Nang."""
    m = blank("early", rp=5)
    recruit_phase(m)
    assert {a["to"] for a in acts(m, "recruit") if a["kind"] == "psywar"} == {"DN"}
    do(m, {"t": "recruit", "kind": "psywar", "to": "DN"})
    assert has(m, "psywar", "DN")


def test_camp_needs_team_in_fw_controlled_space_r_ca1():
    """R-CA1 [RECON]: an A-Team builds an SF camp only in an FW-controlled SVN or Laos space."""
    m = blank("early", rp=10)
    put(m, "ateam", "NSN")
    put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC", rev=False)
    recruit_phase(m)
    to = {a["to"] for a in acts(m, "recruit") if a["kind"] == "camp"}
    assert to == {"NSN"}


# --- MF 22.4 Appeal ------------------------------------------------------------------------------------

def test_appeal_needs_leader_in_nha_trang_once_per_turn_mf_22_4():
    """MF 22.4 [RECON table]: with a leader's unit in Nha Trang the player may appeal once per turn
    (die 3: +2 RP); without one, no appeal is offered."""
    m = blank("early", rp=5)
    stack(m, {"s": "fw_appeal"})
    assert not acts(m, "appeal")
    m = blank("early", rp=5)
    a = put(m, "ateam", B.NT)
    lead(m, a)
    stack(m, {"s": "fw_appeal"})
    dice(m, 3)
    do(m, {"t": "appeal"})
    assert S(m)["rp"] == 7 and halted(m)
    stack(m, {"s": "fw_appeal"})
    assert not acts(m, "appeal")
