"""Free World movement, Nha Trang, helicopters, HALO, engineers, reaction, recon, special targets
and political limits: MF 5, 14, 15.1-15.5, 15.10, 15.11, 16.2, 16.3, 17, 22, 23, 25.2, 25.3, 25.7-25.9,
26.3, 27 and T10, D6, D7, D11, D21-D23."""

from game.rules.mike_force import board as B

from .mf_helpers import (S, U, acts, answer, blank, com, dice, do, halted, lead, left, loc, log_has, put,
                         rejects, rolls, run, stack)


def fw_move(m):
    stack(m, {"s": "fw_move"})


def dests(m, uid, t="move"):
    return {a["to"] for a in acts(m, t) if a.get("unit") == uid}


# --- MF 5, 15.1, 15.5 -------------------------------------------------------------------------------

def test_ground_move_up_to_ma_both_route_types_mf_15_5_mf_5_1():
    """MF 15.1 / MF 15.5 / MF 5.1: an A-Team (MA 3) moves up to three spaces along infiltration and
    lateral routes, in any direction; Communist units use infiltration routes only."""
    m = blank("early")
    a = put(m, "ateam", "PDI")
    fw_move(m)
    d = dests(m, a)
    assert {"HUE", "QTR", "B114", "ALU", "HVP", "DHA"} <= d   # PDI-B114 is a lateral route
    assert {"DN", "ASH", "KSN", "CTH"} <= d                   # 3 away (KSN by the ALU-KSN lateral)
    assert "TDC" not in d and "B611" not in d                  # 4 away
    do(m, {"t": "move", "unit": a, "to": "ALU"})
    assert loc(m, a) == "ALU"
    assert a not in {x.get("unit") for x in acts(m, "move")}  # one move per phase


def test_spaces_numbered_from_da_nang_mf_5_2():
    """MF 5.2: spaces are numbered 1 upward from Da Nang along each route; types jungle, open,
    major base, base area."""
    from game.rules.mike_force.data import MAP, SPACES
    for route in MAP["routes"].values():
        assert route[0] == "DN"
        assert [SPACES[sp]["number"] for sp in route] == list(range(len(route)))
    assert {r["type"] for r in SPACES.values()} == {"jungle", "open", "major_base", "base_area"}
    assert sorted(sp for sp, r in SPACES.items() if r["type"] == "major_base") == ["DN", "HUE", "KSN", "QTR"]


def test_contact_stops_fw_ground_move_mf_15_0():
    """MF 15.0 / D22: entering a space with a concealed Communist unit ends the move (it may still be
    entered); a space whose only Communist unit is a revealed special target does not stop it."""
    m = blank("early")
    a = put(m, "ateam", "QSN")
    com(m, "inf_bn", "NSN", rev=False)
    fw_move(m)
    d = dests(m, a)
    assert "NSN" in d and "B117" not in d
    m = blank("early")
    a = put(m, "ateam", "QSN")
    com(m, "st_intel", "NSN", rev=True)
    fw_move(m)
    assert "B117" in dests(m, a)


def test_fw_passage_of_lines_mf_15_10():
    """MF 15.10 / D22: an FW unit starting in a space with Communist units moves out normally."""
    m = blank("early")
    a = put(m, "ateam", "NSN")
    com(m, "inf_bn", "NSN")
    fw_move(m)
    assert {"QSN", "DBN", "B117", "TBG"} <= dests(m, a)


def test_static_units_never_move_mf_15_2():
    """MF 15.2: units with a movement factor of zero (CIDG, camps) are never offered a move."""
    m = blank("early")
    c = put(m, "cidg", "NSN")
    k = put(m, "camp", "NSN")
    fw_move(m)
    assert not dests(m, c) and not dests(m, k)
    rejects(m, {"t": "move", "unit": c, "to": "QSN"})


def test_unlimited_stacking_mf_14_0():
    """MF 14.0 / MF 14.1: any number of units may share a space, with enemy units too."""
    m = blank("tet")
    for _ in range(6):
        put(m, "rt", "QSN")
    com(m, "inf_bn", "NSN")
    a = put(m, "ateam", "DBN")
    fw_move(m)
    do(m, {"t": "move", "unit": a, "to": "QSN"})
    assert len([u for u in S(m)["units"].values() if u["loc"] == "QSN"]) == 7
    m2 = blank("early")
    b = put(m2, "ateam", "QSN")
    com(m2, "inf_bn", "NSN")
    fw_move(m2)
    do(m2, {"t": "move", "unit": b, "to": "NSN"})
    assert loc(m2, b) == "NSN"


# --- MF 27 political restrictions --------------------------------------------------------------------

def test_laos_and_nvn_restrictions_mf_27_2_mf_27_3():
    """MF 27.1-27.3 / R-PR1: A-Teams enter Laos but never NVN or the DMZ; Mike Force companies enter
    Laos only in Tet and Phoenix; only HALO (and airstrikes) may be in NVN/DMZ."""
    m = blank("early")
    s = S(m)
    a = put(m, "ateam", "LVE")
    mf = put(m, "mf", "LVE")
    h = put(m, "halo", "LVE")
    assert B.may_enter(s, U(m, a), "TCH") and not B.may_enter(s, U(m, a), "VLI")
    assert not B.may_enter(s, U(m, a), "DMZ")
    assert not B.may_enter(s, U(m, mf), "TCH")
    assert B.may_enter(s, U(m, h), "VLI") and B.may_enter(s, U(m, h), "DMZ")
    assert B.may_enter(s, U(m, mf), "NSN")   # MF 27.1: everyone may enter SVN
    fw_move(m)
    assert "TCH" in dests(m, a) and "TCH" not in dests(m, mf)
    m = blank("tet")
    mf = put(m, "mf", "LVE")
    assert B.may_enter(S(m), U(m, mf), "TCH")
    m = blank("early", options={"mf_in_laos": "mf_always"})
    mf = put(m, "mf", "LVE")
    mg = put(m, "mgf", "LVE")
    assert B.may_enter(S(m), U(m, mf), "TCH") and not B.may_enter(S(m), U(m, mg), "TCH")


def test_macv_ground_never_in_laos_mf_27_2():
    """MF 27.2: MACV ground units are not in the Laos list (Marines cannot enter)."""
    m = blank("offensive")
    mar = put(m, "usmc", "LVE")
    assert not B.may_enter(S(m), U(m, mar), "TCH")


def test_white_star_stays_in_laos_mf_25_2():
    """MF 25.2: White Star units cannot leave Laos (nor go to Nha Trang)."""
    m = blank("early")
    w = put(m, "ws", "TCH")
    fw_move(m)
    d = dests(m, w)
    assert d and all(B.region(x) == "LAOS" for x in d)


def test_communist_sanctuaries_mf_15_11():
    """MF 15.11: FW movement is limited only by political restrictions; Communists go anywhere."""
    m = blank("early")
    u = com(m, "inf_bn", "DMZ", rev=False)
    from game.rules.mike_force import communist as CM
    from .mf_helpers import ctx
    CM.withdraw(ctx(m), 2)
    assert loc(m, u) == "QBI"


# --- MF 22 Nha Trang -------------------------------------------------------------------------------

def test_ground_transfer_to_and_from_nha_trang_mf_22_2():
    """MF 22.2 / D21: to Nha Trang from an FW-controlled space; from Nha Trang to an FW-controlled space."""
    m = blank("early")
    a = put(m, "ateam", "NSN")
    b = put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC", rev=False)  # disputed
    c = put(m, "rt", B.NT)
    fw_move(m)
    assert B.NT in dests(m, a) and B.NT not in dests(m, b)
    d = dests(m, c)
    assert "NSN" in d and "TDC" not in d and "B117" not in d
    do(m, {"t": "move", "unit": a, "to": B.NT})
    assert loc(m, a) == B.NT


def test_communists_never_in_nha_trang_mf_22_0():
    """MF 22.0 / MF 27.1: only FW units can be in Nha Trang."""
    m = blank("early")
    assert not B.may_enter(S(m), {"k": "inf_bn", "loc": "NSN"}, B.NT)
    from game.rules.mike_force.invariants import check
    com(m, "inf_bn", B.NT)
    assert any("Nha Trang" in x for x in check(S(m)))


def test_no_reaction_to_or_from_nha_trang_mf_22_1_mf_17_1():
    """MF 22.1 / MF 17.1 / D23: in a Reaction Phase, a helicopter in Nha Trang cannot move and no
    helicopter may fly into Nha Trang."""
    m = blank("early")
    t1 = put(m, "transport", B.NT)
    t2 = put(m, "transport", "HUE")
    stack(m, {"s": "reaction", "side": "COM"})
    flies = acts(m, "fly")
    assert not any(a["unit"] == t1 for a in flies)
    assert not any(a["to"] == B.NT for a in flies) and any(a["unit"] == t2 for a in flies)


def test_helicopter_from_nha_trang_to_controlled_or_disputed_mf_22_3():
    """MF 22.3 / R-NT1: from Nha Trang a helicopter lands only in an FW-controlled or disputed space;
    from any space it may fly to Nha Trang."""
    m = blank("early")
    t = put(m, "transport", B.NT)
    put(m, "ateam", "TDC")
    com(m, "inf_bn", "TDC", rev=False)
    com(m, "inf_bn", "B117", rev=False)
    t2 = put(m, "transport", "LVE")
    fw_move(m)
    d = dests(m, t, "fly")
    assert "TDC" in d and "DN" in d and "B117" not in d and "LVE" not in d
    assert B.NT in dests(m, t2, "fly")


# --- MF 23 airmobile ------------------------------------------------------------------------------

def test_t10_sortie_rule_mf_23_3():
    """T10 / MF 23.2 / MF 23.3: a transport at Lang Vei (jungle, no camp) cannot fly to A Luoi (jungle)
    but can fly to Khe Sanh; then in the Reaction Phase from FW-controlled Khe Sanh to A Luoi (MF 17.1,
    MF 23.4)."""
    m = blank("early")
    t = put(m, "transport", "LVE")
    fw_move(m)
    rejects(m, {"t": "fly", "unit": t, "to": "ALU"})
    do(m, {"t": "fly", "unit": t, "to": "KSN"})
    assert t not in {a["unit"] for a in acts(m, "fly")}   # one airmobile move per phase
    stack(m, {"s": "reaction", "side": "FW"})
    S(m)["turn_flags"].pop("flown", None)
    do(m, {"t": "fly", "unit": t, "to": "ALU"})
    assert loc(m, t) == "ALU"


def test_t10_variants_mf_23_3_mf_27_3():
    """T10 variants: (a) a camp at Lang Vei makes it a sortie point: LVE -> ALU allowed; (b) LVE -> Nha
    Trang allowed (MF 22.3); (c) LVE -> Vinh Linh (NVN) rejected (MF 27.3)."""
    m = blank("early")
    t = put(m, "transport", "LVE")
    put(m, "camp", "LVE")
    fw_move(m)
    d = dests(m, t, "fly")
    assert "ALU" in d and B.NT in d and "VLI" not in d and "DMZ" not in d


def test_reaction_needs_fw_controlled_base_d23_mf_17_1():
    """D23 / MF 17.1 / MF 17.3: a transport in FW-controlled Hue airlifts an MF company to Nong Son
    in the Communist Reaction Phase; from disputed Hue it cannot react."""
    m = blank("early")
    t = put(m, "transport", "HUE")
    mf = put(m, "mf", "HUE")
    stack(m, {"s": "reaction", "side": "COM"})
    do(m, {"t": "board", "unit": mf, "heli": t})
    do(m, {"t": "fly", "unit": t, "to": "NSN"})
    assert loc(m, t) == "NSN" and loc(m, mf) == "NSN"
    assert log_has(m, "MF 17.3")
    m = blank("early")
    t = put(m, "transport", "HUE")
    put(m, "mf", "HUE")
    com(m, "inf_bn", "HUE", rev=False)
    stack(m, {"s": "reaction", "side": "COM"})
    assert not acts(m, "fly")


def test_two_transports_at_one_base_have_buttons_that_tell_them_apart_mf_23():
    """MF 23 (issue 45 item 9): two Transport Helicopters at Da Nang read "(1)" and "(2)" on their
    board and fly buttons (the review found two identical "Board ... on Transport Helicopter at Da
    Nang" buttons); one alone at another base stays plain."""
    from game.engine import match as M
    from game.rules import get
    m = blank("early")
    put(m, "transport", "DN")
    put(m, "transport", "DN")
    put(m, "transport", "HUE")
    put(m, "mf", "DN")
    fw_move(m)
    labels = [a["label"] for a in M.legal_actions(get("mike-force"), m) if a["t"] in ("board", "fly")]
    board = [x for x in labels if x.startswith("Board")]
    assert len(board) == len(set(board)) == 2 and all(" (1) at " in x or " (2) at " in x for x in board), board
    assert any(x.startswith("Fly Transport Helicopter from Hue") for x in labels), labels  # t3: plain


def test_airlift_capacity_mf_23_7_mf_23_8():
    """MF 23.7 / MF 23.8: a transport carries 3 AP (teams 0, company 2, MGF 3), also when disrupted;
    static units cannot be carried; passengers land with it."""
    m = blank("phoenix")
    t = put(m, "transport", "DN", red=True)
    mf = put(m, "mf", "DN")
    mf2 = put(m, "mf", "DN")
    a = put(m, "ateam", "DN")
    r = put(m, "rt", "DN")
    c = put(m, "cidg", "DN")
    fw_move(m)
    board = {x["unit"] for x in acts(m, "board")}
    assert {mf, mf2, a, r} <= board and c not in board
    do(m, {"t": "board", "unit": mf, "heli": t})
    board = {x["unit"] for x in acts(m, "board")}
    assert mf2 not in board and {a, r} <= board     # 2 + 2 > 3; teams cost 0
    do(m, {"t": "board", "unit": a, "heli": t})
    do(m, {"t": "board", "unit": r, "heli": t})
    do(m, {"t": "fly", "unit": t, "to": "ASH"})
    assert {loc(m, x) for x in (t, mf, a, r)} == {"ASH"}
    assert not any(x.get("unit") in (mf, a, r) for x in acts(m, "move"))   # R-MV5


def test_gunship_carries_nothing_mf_23_0():
    """MF 23.0: gunships cannot carry units."""
    m = blank("early")
    g = put(m, "gunship", "DN")
    put(m, "ateam", "DN")
    fw_move(m)
    assert not [x for x in acts(m, "board") if x["heli"] == g]


def test_airmobile_over_enemy_units_mf_23_1():
    """MF 23.1: a helicopter flies over enemy units, from any space to any space (subject to 23.3, 27)."""
    m = blank("early")
    t = put(m, "transport", "DN")
    com(m, "inf_bn", "DBN")
    com(m, "inf_bn", "TBG", rev=False)
    fw_move(m)
    assert "TBG" in dests(m, t, "fly")


def test_helicopters_do_not_control_mf_23_6():
    """MF 23.6 / MF 6.1: a helicopter neither controls nor disputes control."""
    m = blank("early")
    put(m, "transport", "TDC")
    assert B.control(S(m), "TDC") is None
    com(m, "inf_bn", "TDC", rev=False)
    assert B.control(S(m), "TDC") == "COM"


def test_macv_helicopter_interoperability_mf_23_9():
    """MF 23.9 / R-SOA1: the MACV helicopter (Special Operations Aviation) carries SF units."""
    m = blank("early")
    soa = put(m, "soa", "DN")
    a = put(m, "ateam", "DN")
    fw_move(m)
    assert {"t": "board", "unit": a, "heli": soa} in acts(m, "board")


def test_air_cav_flies_itself_mf_23_10():
    """MF 23.10 / R-AC1: the 1st Cavalry brigade makes airmobile moves but carries no one."""
    m = blank("offensive")
    cav = put(m, "aircav", "DN")
    put(m, "ateam", "DN")
    fw_move(m)
    assert dests(m, cav, "fly") and not [x for x in acts(m, "board") if x["heli"] == cav]
    assert not dests(m, cav, "move")


# --- MF 25.3 HALO ---------------------------------------------------------------------------------

def test_d11_halo_insertion_mf_25_3():
    """D11 / MF 25.3 / R-HALO1: a HALO team in Nha Trang jumps into Vinh Linh (NVN): die 5 lands it;
    die 6 eliminates it with no BCP. A plain A-Team cannot go to Vinh Linh."""
    m = blank("early", rp=5, ip=20)
    h = put(m, "halo", B.NT)
    a = put(m, "ateam", "CTH")
    fw_move(m)
    assert "VLI" in dests(m, h, "halo") and "VLI" not in dests(m, a)
    dice(m, 5)
    do(m, {"t": "halo", "unit": h, "to": "VLI"})
    assert loc(m, h) == "VLI" and rolls(m, "MF 25.3") == [[5]]
    m = blank("early", rp=5, ip=20)
    h = put(m, "halo", "DN")
    lid = lead(m, h)
    fw_move(m)
    dice(m, 6)
    do(m, {"t": "halo", "unit": h, "to": "VLI"})
    assert loc(m, h) == B.SF_POOL and loc(m, lid) == B.SF_POOL
    assert (S(m)["rp"], S(m)["ip"]) == (5, 20)


def test_halo_needs_fw_base_or_nha_trang_mf_25_3():
    """MF 25.3: the HALO unit must start in an FW-controlled major base or Nha Trang."""
    m = blank("offensive")
    h1 = put(m, "halo", "NSN")
    h2 = put(m, "halo", "KSN")  # Communist-held
    fw_move(m)
    assert not dests(m, h1, "halo") and not dests(m, h2, "halo")


# --- MF 25.7 engineer -------------------------------------------------------------------------------

def test_engineer_builds_free_camp_mf_25_7():
    """MF 25.7 / R-EN1: at the end of the FW Movement Phase the US Engineers build an SF camp in their
    (FW-controlled) space for 0 RP, with no A-Team."""
    m = blank("offensive", rp=0)
    e = put(m, "engineer", "QSN")
    stack(m, {"s": "fw_engineer"})
    do(m, {"t": "build", "unit": e, "to": "QSN"})
    assert any(u["k"] == "camp" and u["loc"] == "QSN" for u in S(m)["units"].values())
    assert not acts(m, "build") and S(m)["rp"] == 0


# --- MF 16.2 / 25.8 / 25.9 recon ---------------------------------------------------------------------

def test_d6_fw_recon_mf_16_2():
    """D6 / MF 16.2: a Recon Team (recon 4): die 4 reveals the selected concealed unit, die 5 does
    nothing; an A-Team with a leader has recon 3."""
    m = blank("early")
    r = put(m, "rt", "B117")
    c = com(m, "inf_bn", "B117", rev=False)
    stack(m, {"s": "fw_recon"})
    dice(m, 4)
    do(m, {"t": "recon", "unit": r, "token": 1})
    assert U(m, c)["rev"]
    assert r not in {a["unit"] for a in acts(m, "recon")}
    m = blank("early")
    r = put(m, "rt", "B117")
    c = com(m, "inf_bn", "B117", rev=False)
    stack(m, {"s": "fw_recon"})
    dice(m, 5)
    do(m, {"t": "recon", "unit": r, "token": 1})
    assert not U(m, c)["rev"] and log_has(m, "MF 16.2", "no effect")
    a = put(m, "ateam", "B117")
    lead(m, a)
    assert B.recon_of(S(m), U(m, a)) == 3


def test_d7_recon_cap_five_mf_25_4():
    """D7 / MF 25.4: an RT with a leader has recon min(4 + 1, 5) = 5: superiority on 5, not on 6."""
    from .mf_helpers import battle, run_dry
    for die, first in ((5, "Free World"), (6, "Communist")):
        m = blank("early")
        r = put(m, "rt", "NSN")
        lead(m, r)
        com(m, "inf_bn", "NSN")
        dice(m, die)
        battle(m, "NSN", dry=True)
        assert log_has(m, "MF 20.1", f"{first} tactical superiority")


def test_recon_choice_shows_only_backs_r_rev1():
    """R-REV1 / MF 2.8 (alternative 'draw'): recon offers concealed units only by their back."""
    m = blank("early", options={"recon_select": "draw"})
    r = put(m, "rt", "B117")
    com(m, "inf_bn", "B117", rev=False)
    com(m, "vc_inf", "B117", rev=False)
    stack(m, {"s": "fw_recon"})
    assert {a["back"] for a in acts(m, "recon")} == {"mobile", "static"}


def test_talon_sensors_mf_25_8():
    """MF 25.8: Combat Talon sensors: one die per concealed unit in the space, 4-6 reveals; then it
    returns to the Support Reinforcements Box."""
    m = blank("offensive")
    t = put(m, "talon", B.SUP_AVAIL)
    c1 = com(m, "inf_bn", "B117", rev=False)
    c2 = com(m, "vc_inf", "B117", rev=False)
    stack(m, {"s": "fw_recon"})
    dice(m, 3, 4)
    do(m, {"t": "talon", "unit": t, "to": "B117"})
    assert [U(m, c1)["rev"], U(m, c2)["rev"]] == [False, True] and loc(m, t) == B.SUP_POOL


def test_talon_recovery_mf_25_8():
    """MF 25.8 / R-TL1: at end of turn the Talon lifts an A-Team (with its leader) to Nha Trang."""
    m = blank("offensive")
    t = put(m, "talon", B.SUP_AVAIL)
    a = put(m, "ateam", "TCH")
    lid = lead(m, a)
    stack(m, {"s": "end_talon"})
    do(m, {"t": "talon", "unit": a})
    assert loc(m, a) == B.NT and loc(m, lid) == B.NT and loc(m, t) == B.SUP_POOL


def test_psywar_operation_mf_25_9():
    """MF 25.9: with the PSYWAR tower in Da Nang, at the start of the Recon Phase designate a space,
    pay 1 RP and roll on the PSYWAR Table (4: reveal all [RECON])."""
    m = blank("early", rp=3)
    put(m, "psywar", "DN")
    c = com(m, "inf_bn", "B117", rev=False)
    stack(m, {"s": "fw_recon"})
    dice(m, 4)
    do(m, {"t": "psywar", "to": "B117"})
    assert U(m, c)["rev"] and S(m)["rp"] == 2
    assert not acts(m, "psywar")   # R-PS1: one per phase


def test_events_reveal_mf_16_3():
    """MF 16.3: certain events reveal Communist units (National Level Intelligence, die 3)."""
    m = blank("early", events=["nli"])
    c = com(m, "hq", "VLI", rev=False)
    dice(m, 3)
    stack(m, {"s": "events", "side": "FW"})
    run(m)
    answer(m, t="space", to="VLI")
    assert U(m, c)["rev"]


# --- MF 26.3 special targets ------------------------------------------------------------------------

def test_d21_special_target_recovery_and_delivery_mf_26_3():
    """D21 / MF 26.3 / R-CT1 / R-ST2: at B117 the only Communist unit is a revealed special target: the
    RT recovers it; B117 is FW-controlled; the RT moves to Nha Trang: die 4 gives +4 RP."""
    m = blank("early", rp=3)
    r = put(m, "rt", "B117")
    t = com(m, "st_intel", "B117")
    assert B.control(S(m), "B117") == "FW"
    fw_move(m)
    do(m, {"t": "recover", "unit": r, "target": t})
    assert U(m, t)["by"] == r
    dice(m, 4)
    do(m, {"t": "move", "unit": r, "to": B.NT})
    assert loc(m, t) == B.RECOVERED and S(m)["rp"] == 7


def test_d21_carrier_eliminated_target_returns_mf_26_3():
    """D21 / MF 26.3: if the carrier is eliminated, the target goes back to the Static box."""
    from game.rules.mike_force import combat as C
    from .mf_helpers import ctx
    m = blank("early")
    r = put(m, "rt", "B117", red=True)
    t = com(m, "st_intel", "B117")
    U(m, t)["by"] = r
    C.hit_fw(ctx(m), r, {"bcp": 0})
    assert loc(m, t) == B.COM_STATIC and not U(m, t).get("by")


def test_no_recovery_with_other_communists_mf_26_3():
    """MF 26.3 / R-ST1: recovery only when the special targets are the only Communist units there."""
    m = blank("early")
    put(m, "rt", "B117")
    com(m, "st_intel", "B117")
    com(m, "vc_inf", "B117", rev=False)
    fw_move(m)
    assert not acts(m, "recover")
