"""The programmed Communist side: MF 9, 10, 11, 15.3, 15.6-15.10, 16.1 and T3, T5, T6, D1-D5, D13."""

from game.rules.mike_force import board as B
from game.rules.mike_force import communist as CM
from game.rules.mike_force.data import KINDS, TABLES

from .mf_helpers import S, U, blank, com, ctx, dice, halted, left, loc, log_has, put, rolls, run, stack


# --- MF 9 ---------------------------------------------------------------------------------------

def test_static_and_mobile_units_mf_9_1_d4():
    """MF 9.1 / MF 15.2 / D4: static units never move on Advance, Withdraw or Reorganization."""
    m = blank("early")
    st = com(m, "hq", "B117", rev=False)
    mo = com(m, "inf_bn", "B117", rev=False)
    g = ctx(m)
    CM.advance(g, 2)
    assert loc(m, st) == "B117" and loc(m, mo) == "QSN"
    CM.withdraw(g, 3)
    assert loc(m, st) == "B117"


def test_every_communist_unit_has_bcp_mf_9_2():
    """MF 9.2: every Communist counter has a BCP value, gained when it is eliminated."""
    for k, v in KINDS.items():
        if v["side"] == "COM" and v.get("cls") == "com":
            assert isinstance(v["bcp"], int) and v["bcp"] >= 0


# --- MF 10 activation -----------------------------------------------------------------------------

def test_activation_roll_on_band_row_mf_10_1():
    """MF 10.1 / MF 7.4: one die on the row of the current IP band; the result is queued for the
    Communist Movement Phase (MF 10.2: Advance N)."""
    m = blank("early", ip=20)  # High
    dice(m, 4)
    stack(m, {"s": "com_activation"})
    run(m)
    assert S(m)["turn_flags"]["moves"] == [TABLES["activation"]["high"]["4"][0]]
    assert rolls(m, "MF 10.1") == [[4]]


def test_activation_stand_mf_10_2():
    """MF 10.2: Stand: nothing happens."""
    m = blank("early", ip=5)  # Low: 3 = Stand
    u = com(m, "inf_bn", "NSN")
    dice(m, 3)
    stack(m, {"s": "com_move"}, {"s": "com_activation"})
    run(m)
    assert loc(m, u) == "NSN" and log_has(m, "MF 10.2", "Stand")


def test_activation_general_offensive_max_rolls_mf_10_1():
    """MF 10.1 / MF 15.10: the Dau Tranh 6 rolls twice more; at most four rolls in the phase."""
    m = blank("early", ip=30)
    dice(m, 6, 6, 6, 1)
    stack(m, {"s": "com_activation"})
    run(m)
    assert rolls(m, "MF 10.1") == [[6], [6], [6], [1]]
    assert S(m)["turn_flags"]["moves"] == [["advance", 1]] and halted(m) and left(m) == []


def test_activation_reinforcement_result_mf_4_0_ii_3():
    """MF 4.0 II.3: a Reinforcement result places the band's mobile number at once (Low: 1)."""
    m = blank("early", ip=5)
    dice(m, 6, 3, 4)
    stack(m, {"s": "com_activation"})
    run(m)
    assert sum(1 for u in S(m)["units"].values() if u["loc"] == "B604") == 1


def test_activation_event_result_mf_4_0_ii_3():
    """MF 4.0 II.3 / R-EV9: an Event result draws from the same bin and resolves it now."""
    m = blank("early", ip=15, rp=10, events=["saigon"])
    dice(m, 6, 3)
    stack(m, {"s": "com_activation"})
    run(m)
    assert S(m)["events_played"] == ["saigon"] and S(m)["rp"] == 13


def test_d1_advance_stops_at_da_nang_mf_10_2():
    """D1 / MF 10.2: a unit at Hai Van Pass with Advance 3 ends in Da Nang and stops."""
    m = blank("early")
    U(m, "gar_DN")["com"] = True  # no FW contact, so only 'reach Da Nang' stops it
    u = com(m, "inf_bn", "HVP", rev=False)
    CM.advance(ctx(m), 3)
    assert loc(m, u) == "DN"


def test_d2_withdraw_stops_at_route_end_mf_10_2():
    """D2 / MF 10.2: at Base Area 604 Withdraw 2 leaves the unit there; from Tchepone it goes to 604."""
    m = blank("early")
    a = com(m, "inf_bn", "B604", rev=False)
    b = com(m, "inf_bn", "TCH", rev=False)
    CM.withdraw(ctx(m), 2)
    assert loc(m, a) == "B604" and loc(m, b) == "B604"


def test_d3_withdrawal_contact_mf_15_0():
    """D3 / MF 15.0: a unit at Cam Lo with Withdraw 2 stops in Khe Sanh (FW A-Team there)."""
    m = blank("early")
    put(m, "ateam", "KSN")
    u = com(m, "inf_bn", "CLO", rev=False)
    CM.withdraw(ctx(m), 2)
    assert loc(m, u) == "KSN"


def test_communist_movement_factor_from_activation_mf_15_3():
    """MF 15.3: a Communist unit moves exactly the number of spaces of the activation result."""
    m = blank("early")
    u = com(m, "inf_bn", "PAN", rev=False)
    CM.advance(ctx(m), 3)
    assert loc(m, u) == "B117"


def test_communists_never_use_lateral_routes_mf_5_1_mf_15_6():
    """MF 5.1 / MF 15.6: Communist units move only along infiltration routes (B114 -> HUE, never
    the PDI lateral)."""
    m = blank("early")
    U(m, "gar_HUE")["com"] = True
    u = com(m, "inf_bn", "B114", rev=False)
    CM.advance(ctx(m), 1)
    assert loc(m, u) == "HUE"


# --- T5, T6: converging and diverging -------------------------------------------------------------

def test_t5_converging_at_hue_mf_15_8():
    """T5 / MF 15.8 / MF 15.6: U1 at Phong Dien (G1) and U2 at Base Area 114 (G2), Advance 2: both
    stop at Hue (contact with the FW garrison); next Advance 1 both leave Hue (MF 15.10) for HVP."""
    m = blank("early")
    u1 = com(m, "inf_bn", "PDI", rev=False)
    u2 = com(m, "inf_rgt", "B114", rev=False)
    CM.advance(ctx(m), 2)
    assert loc(m, u1) == "HUE" and loc(m, u2) == "HUE"
    assert not U(m, u1)["rev"] and not U(m, u2)["rev"]
    CM.advance(ctx(m), 1)
    assert loc(m, u1) == "HVP" and loc(m, u2) == "HVP"


def test_t5_variant_communist_hue_mf_15_8():
    """T5 variant / MF 15.8: with the Hue garrison on its Communist side, Advance 2 takes both
    units through Hue to Hai Van Pass."""
    m = blank("early")
    U(m, "gar_HUE")["com"] = True
    u1 = com(m, "inf_bn", "PDI", rev=False)
    u2 = com(m, "inf_rgt", "B114", rev=False)
    CM.advance(ctx(m), 2)
    assert loc(m, u1) == "HVP" and loc(m, u2) == "HVP"


def test_t6_diverging_at_hue_mf_15_9():
    """T6 / MF 15.9: a unit withdrawing from Hue rolls: 1-3 northern branch (Phong Dien), 4-6
    southern (Base Area 114); two units roll one die each."""
    for d, where in ((2, "PDI"), (5, "B114")):
        m = blank("early")
        u = com(m, "inf_bn", "HUE", rev=False)
        dice(m, d)
        CM.withdraw(ctx(m), 1)
        assert loc(m, u) == where
    m = blank("early")
    u1 = com(m, "inf_bn", "HUE", rev=False)
    u2 = com(m, "inf_rgt", "HUE", rev=False)
    dice(m, 3, 4)
    CM.withdraw(ctx(m), 1)
    assert {loc(m, u1), loc(m, u2)} == {"PDI", "B114"} and left(m) == []
    assert rolls(m, "MF 15.9") == [[3], [4]]


def test_advance_order_north_to_south_mf_15_6():
    """MF 15.6 / R-MV1: advance processes the northern route group first, lowest space first."""
    order = CM._ordered_spaces(True)
    assert order.index("HVP") < order.index("B114") < order.index("DBN") < order.index("QSN")
    assert order.index("CTH") < order.index("CLO")   # northern branch first on ties
    assert order.index("HUE") < order.index("PDI") < order.index("QTR")


def test_withdraw_order_south_to_north_mf_15_7():
    """MF 15.7 / R-MV1: withdrawal starts with the southern route (Panhandle), highest space first,
    and every unit moves once (MF 15.7 Important)."""
    order = CM._ordered_spaces(False)
    assert order[0] == "PAN"
    assert order.index("PAN") < order.index("QSN") < order.index("B614") < order.index("B611") < order.index("B604")
    m = blank("early")
    us = [com(m, "inf_bn", sp, rev=False) for sp in ("QSN", "NSN", "B117")]
    CM.withdraw(ctx(m), 1)
    assert [loc(m, u) for u in us] == ["NSN", "B117", "TBG"]


def test_communist_passage_of_lines_mf_15_10():
    """MF 15.10: a Communist unit starting in a space with FW units (or a major base) moves out
    normally; contact stops a unit only when it enters a space."""
    m = blank("early")
    put(m, "ateam", "NSN")
    u = com(m, "inf_bn", "NSN")
    CM.advance(ctx(m), 1)
    assert loc(m, u) == "QSN"


def test_contact_with_any_fw_unit_r_mv4_mf_15_0():
    """MF 15.0 / R-MV4: any FW unit (a helicopter too) stops an advancing Communist unit."""
    m = blank("early")
    put(m, "transport", "QSN")
    u = com(m, "inf_bn", "B117", rev=False)
    CM.advance(ctx(m), 3)
    assert loc(m, u) == "QSN"


# --- MF 11: reinforcements and random placement ----------------------------------------------------

def test_reinforcement_numbers_by_band_mf_11_0():
    """MF 11.0: the band's static and mobile numbers are drawn and placed one by one (High: 2 + 2)."""
    m = blank("early", ip=20)
    for u in S(m)["units"].values():
        if u["k"] in ("decoy_m", "decoy_s"):
            u["loc"] = B.ASIDE
    dice(m, 3, 4, 3, 4, 3, 4, 3, 4)
    stack(m, {"s": "com_reinforce"})
    run(m)
    placed = [u for u in S(m)["units"].values() if u["loc"] == "B604"]
    assert len(placed) == 4 and sum(1 for u in placed if B.is_mobile(u)) == 2


def test_t3a_random_placement_seven_is_604_mf_11_1():
    """T3a / MF 11.1: 2d6 = 7 places the unit face down in Area 604; no combat and no reveal."""
    m = blank("early")
    u = com(m, "inf_bn", "DRAWN", rev=False)
    dice(m, 3, 4)
    CM.random_place(ctx(m), u)
    assert loc(m, u) == "B604" and not U(m, u)["rev"]
    assert rolls(m, "MF 11.1") == [[3, 4]]


def test_t3b_static_blocked_by_camp_mf_11_3():
    """T3b / MF 11.3: a static unit rolled to a base area holding an SF camp returns to its box, with
    no re-roll and no substitute."""
    m = blank("early")
    put(m, "camp", "B604")
    u = com(m, "hq", "DRAWN", rev=False)
    dice(m, 5, 2, 1, 1)
    CM.random_place(ctx(m), u)
    assert loc(m, u) == B.COM_STATIC and left(m) == [1, 1]


def test_t3c_mobile_placed_despite_camp_mf_11_3():
    """T3c / MF 11.3 / R-RC1: a mobile unit is placed despite the camp and stays concealed until the
    Communist Recon Phase reveals it."""
    m = blank("early")
    put(m, "camp", "B604")
    u = com(m, "inf_bn", "DRAWN", rev=False)
    dice(m, 5, 2)
    CM.random_place(ctx(m), u)
    assert loc(m, u) == "B604" and not U(m, u)["rev"]
    stack(m, {"s": "com_recon"})
    run(m)
    assert U(m, u)["rev"]


def test_d13_attrition_mf_11_2():
    """D13 / MF 11.2: the mobile box holds one unit and three are called for: one is placed, the
    other picks are lost, no error."""
    m = blank("early")
    mob = [uid for uid, u in S(m)["units"].items() if u["loc"] == B.COM_MOBILE]
    for uid in mob[1:]:
        U(m, uid)["loc"] = B.ASIDE
    dice(m, 3, 4)
    CM.place_from_pool(ctx(m), B.COM_MOBILE, 3, "test")
    assert loc(m, mob[0]) == "B604"
    assert log_has(m, "MF 11.2", "2 pick(s) lost")


# --- MF 16.1 Communist recon ---------------------------------------------------------------------------

def test_d5_communist_recon_mf_16_1():
    """D5 / MF 16.1 / MF 4.0 II.5 / R-RC1: at Nong Son (camp) a concealed mobile unit is revealed and
    a static one is not; at A Shau (A-Team only) nothing is revealed."""
    m = blank("early")
    put(m, "camp", "NSN")
    m1 = com(m, "inf_bn", "NSN", rev=False)
    s1 = com(m, "vc_inf", "NSN", rev=False)
    put(m, "ateam", "ASH")
    m2 = com(m, "inf_bn", "ASH", rev=False)
    m3 = com(m, "inf_rgt", "QTR", rev=False)     # FW major base
    stack(m, {"s": "com_recon"})
    run(m)
    assert U(m, m1)["rev"] and not U(m, s1)["rev"] and not U(m, m2)["rev"] and U(m, m3)["rev"]


def test_d5_deception_removed_on_reveal_mf_26_2():
    """D5 / MF 26.2: a revealed deception unit goes straight back to its box."""
    m = blank("early")
    put(m, "cidg", "NSN")
    d = com(m, "decoy_m", "NSN", rev=False)
    stack(m, {"s": "com_recon"})
    run(m)
    assert loc(m, d) == B.COM_MOBILE and not U(m, d).get("rev")
    assert log_has(m, "MF 26.2")


def test_communist_held_base_does_not_trigger_recon_r_rc1():
    """R-RC1 / MF 16.1: a major base triggers Communist recon only while its garrison is FW."""
    m = blank("offensive")
    u = com(m, "inf_bn", "KSN", rev=False)
    stack(m, {"s": "com_recon"})
    run(m)
    assert not U(m, u)["rev"]
