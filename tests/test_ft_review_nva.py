"""Second readers' findings on the programmed NVA (reviews A and B): one or more tests each.
B-1/B-13 US HOLD ambush in K (FT 11.31), B-9 ambush order (A58), A-9/B-14 overrun on placement
(FT 6.4, 14.1), B-10 zone contact and camps (FT 10.2), B-16 night on entry ambushes (FT 11.25),
B-8 NVA support in F (FT 11.29), B-15 Cambodia (FT 16.1, A80), A31 notes (A81, A82)."""

from game.rules.first_team import board as B
from game.rules.first_team import nva as N
from game.rules.first_team import us as US

from .ft_helpers import R, S, U, blank, ctx, dice, left, loc, log_has, nva, put, run, stack, step_name, supply


def _texts(m, *rules):
    return [e["text"] for e in m["log"] if not rules or e.get("rule") in rules]


def _index(texts, needle, start=0):
    for i in range(start, len(texts)):
        if needle in texts[i]:
            return i
    raise AssertionError(f"{needle!r} not in the log after line {start}: {texts[start:]}")


def _run_step(m, name):
    """Run the automatic step on top of the stack once (no fight is resolved)."""
    g = ctx(m)
    R.flow.get(name).run(g, S(m)["stack"][-1])
    return g


def test_b1_us_hold_ambush_resolved_at_once_on_the_entering_group_ft_11_31():
    """FT 11.31 (3), SoP 4.14 K: 1-8A and 1-8B under HOLD with supply at Pleiku; 102/32 at J4 moves
    first (front first, A21), is ambushed, and that combat fires on 102/32 only (row = die + 1) and
    is over before 101/32 moves from H6; 101/32 then gets its own check and combat."""
    m = blank()
    put(m, "1-8A", "PLEIKU", hold=True)
    put(m, "1-8B", "PLEIKU", hold=True)
    supply(m, "PLEIKU")
    a = nva(m, 32, 101, "H6")
    b = nva(m, 32, 102, "J4")
    stack(m, {"s": "nva_move"})
    dice(m, *([1] * 40))
    run(m)
    t = _texts(m)
    i_j4 = _index(t, "J4 -> Pleiku")
    i_chk = _index(t, "US ambush check at Pleiku", i_j4)
    i_fight = _index(t, "Ambush at Pleiku: the American side attacks", i_chk)
    i_hit = _index(t, "NVA 102/32 loses a step", i_fight)
    i_h6 = _index(t, "H6 -> Pleiku", i_hit)
    i_fight2 = _index(t, "Ambush at Pleiku: the American side attacks", i_h6)
    _index(t, "NVA 101/32 loses a step", i_fight2)
    # each combat fired on one company only (row = die + 1), never on both
    rows = [x for x in t if "combat die (row = die + " in x and "American fire" in x]
    assert len(rows) == 2 and all("row = die + 1 " in x for x in rows)
    assert not any("NVA 101/32 loses" in x for x in t[:i_h6])
    assert U(m, a)["step"] == 3 and U(m, b)["step"] == 3
    assert not any(f["s"] == "nva_move" for f in S(m)["stack"])


def test_b1_nva_move_frame_is_resumable_ft_11_31():
    """FT 11.31, SoP 4.14 K: after pushing the ambush combat the NVA Ground Movement step returns
    with its groups and index kept in its frame; the next group has not moved yet."""
    m = blank()
    put(m, "1-8A", "PLEIKU", hold=True)
    supply(m, "PLEIKU")
    a = nva(m, 32, 101, "H6")
    b = nva(m, 32, 102, "J4")
    stack(m, {"s": "nva_move"})
    dice(m, 1)
    _run_step(m, "nva_move")  # the groups, front first
    _run_step(m, "nva_move")  # their moves, until the ambush
    top, below = S(m)["stack"][-1], S(m)["stack"][-2]
    assert top["s"] == "fight" and top["att"] == "US" and top["n_t"] == [b]
    assert below["s"] == "nva_move" and below["i"] == 0 and below["groups"]
    assert loc(m, b) == "PLEIKU" and loc(m, a) == "H6"


def test_b13_broken_group_can_be_ambushed_ft_11_31_13_73():
    """FT 11.31, 11.32, 13.73 ("They may be attacked"): a broken 101/32 (effectiveness 1) enters a
    location held by a supplied HOLD stack of effectiveness 5: difference 4, a 1 ambushes it."""
    m = blank()
    for co in "AB":
        put(m, "1-8" + co, "F2", hold=True)
    supply(m, "F2")
    x = nva(m, 32, 101, "F2", step=4)
    dice(m, 1)
    ambush = N.us_ambush_check(ctx(m), "F2", [x])
    assert ambush["att"] == "US" and ambush["n_t"] == [x]
    assert log_has(m, "FT 11.31", "US AMBUSH at F2")


def test_b9_td_ambushes_resolve_in_trigger_order_a58():
    """A58, FT 13.4: target determination places the 66th at Plei Me (G4, garrison gone) and then
    at G3 (road with US units, checked before G5, FT 13.34); both ambush; the G4 combat is resolved
    first, in the order of the triggers, not LIFO."""
    m = blank()
    put(m, "sfG4", B.ELIM)
    put(m, "1-8A", "G4")
    put(m, "1-8B", "G3")
    for c in range(101, 110):
        nva(m, 66, c, "ZG")
    stack(m, {"s": "td", "seg": "H"})
    dice(m, 1, 1, 1, 1)
    _run_step(m, "td")  # the placement and the ambush checks: the ambushes wait for the segment's end
    assert [loc for loc, tg, grp in S(m)["stack"][-1]["later"]] == ["G4", "G3"] and step_name(m) == "td"
    dice(m, *([1] * 30))
    run(m)
    t = _texts(m)
    assert _index(t, "Ambush at G4") < _index(t, "Ambush at G3")


def test_b14_zone_contact_overruns_lone_pathfinders_ft_10_2_14_1():
    """FT 10.2, 14.1, A-9/B-14: lone pathfinders at C3; zone contact (die 1 of 1 occupied location)
    places the 66th at C3 (die 3): the pathfinders are overrun, +25 VP (one company)."""
    m = blank()
    put(m, "1-7A", "C1")
    put(m, "pf", "C3")
    for c in range(101, 104):
        nva(m, 66, c, "ZC")
    stack(m, {"s": "zone_contact", "entered": ["C"]})
    dice(m, 1, 3)
    run(m)
    assert loc(m, "n66-101") == "C3"
    assert loc(m, "pf") == B.ELIM and S(m)["vp"] == 25
    assert log_has(m, "FT 14.1", "overrun")


def test_a9_intelligence_contact_overruns_lone_supply_ft_5_1_6_4():
    """FT 5.1, 6.4, A-9: a contact places 101/66 (one step down) on a lone supply marker at C3: the
    marker is removed and the company regains its step (A43)."""
    m = blank()
    sup = supply(m, "C3")
    x = nva(m, 66, 101, "ZC", step=2)
    dice(m, 3, 1)
    US.contact(ctx(m), "ZC")
    assert loc(m, x) == "C3" and loc(m, sup) == B.POOL and U(m, x)["step"] == 1
    assert log_has(m, "FT 6.4", "overrun")


def test_a9_pathfinder_lz_not_usable_with_contacted_nva_ft_14_1():
    """FT 14.1: "Pathfinder units may not be used in a location which contains Contacted NVA units":
    the pathfinders' location stops being an LZ while NVA are there (A60: on the map = Contacted)."""
    m = blank()
    put(m, "pf", "C3")
    put(m, "1-7A", "C3")
    assert B.lz_at(S(m), "C3")
    nva(m, 66, 101, "C3")
    assert not B.lz_at(S(m), "C3")
    assert "C3" not in US.lz_list(S(m))


def test_b10_zone_contact_counts_a_camp_without_garrison_ft_10_2():
    """FT 10.2 ("Camps with existing garrisons"): Plei Me's garrison is eliminated; 1-8A alone at
    G4 is an ordinary US-occupied location: the 66th in Box G roll (1 <= 1) and are contacted."""
    m = blank()
    put(m, "sfG4", B.ELIM)
    put(m, "1-8A", "G4")
    for c in range(101, 104):
        nva(m, 66, c, "ZG")
    stack(m, {"s": "zone_contact", "entered": ["G"]})
    dice(m, 1, 3)
    run(m)
    assert loc(m, "n66-101") == "G3"
    assert log_has(m, "FT 10.2", "are Contacted")


def test_b10_entry_into_a_fallen_camp_counts_as_entered_ft_10_2():
    """FT 10.2 (A18): a landing at Plei Me with no garrison marks zone G as entered; with the
    garrison still there, it does not."""
    for gar, want in ((False, ["G"]), (True, [])):
        m = blank()
        if not gar:
            put(m, "sfG4", B.ELIM)
        segment = {"s": "transport_segment", "seg": "C", "entered": [], "start_us": ["G4"], "landed": {}}
        put(m, "tr1", "G4")
        US.land(ctx(m), segment, "tr1", "1-8A", "G4", B.ANKHE)
        assert segment["entered"] == want


def test_b16_night_roll_on_entry_ambush_ft_11_25():
    """FT 11.25 (A5 option night_scope="all_nva_attacks"): "Before an attack (either ambush or Open
    Combat) by NVA units": the Contacted NVA at F4 ambush an entering stack (die 1) and roll for
    night (die 2): a night attack. With the default (Segment M only) no night roll is made."""
    for scope, night in (("all_nva_attacks", True), ("open_combat_M", False)):
        m = blank(options={"night_scope": scope})
        put(m, "2-7A", "F4")
        nva(m, 32, 101, "F4")
        dice(m, 1, 2)
        fights = N.entry_ambush(ctx(m), "F4", [])
        assert len(fights) == 1 and fights[0]["kind"] == "ambush" and fights[0]["night"] is night
        assert log_has(m, "FT 11.25") is night
        assert left(m) == ([] if night else [2])


def test_b8_nva_support_goes_to_highest_priority_target_in_f_ft_11_29():
    """FT 11.29 (A34): attacks declared at D6 (no road) first and at Duc Co (D2, SF camp) second;
    the NVA at D5 are adjacent to both and support the higher priority target, D2."""
    m = blank()
    put(m, "1-7A", "D6")
    supply(m, "D6")
    put(m, "1-7B", "D2")
    nva(m, 32, 101, "D6")
    nva(m, 32, 102, "D2")
    nva(m, 32, 103, "D5")
    assert N.nva_support_plan(S(m), ["D6", "D2"]) == {"D2": ["D5"], "D6": []}
    stack(m, {"s": "us_combat", "attacks": [{"loc": "D6", "alone": False, "sup": {}},
                                            {"loc": "D2", "alone": False, "sup": {}}]})
    _run_step(m, "us_combat")  # the NVA support plan
    _run_step(m, "us_combat")
    assert S(m)["stack"][-1]["s"] == "fight" and S(m)["stack"][-1]["loc"] == "D6"
    assert S(m)["stack"][-1]["nsup"] == 0
    S(m)["stack"].pop()
    _run_step(m, "us_combat")
    assert S(m)["stack"][-1]["loc"] == "D2" and S(m)["stack"][-1]["nsup"] == 1
    assert log_has(m, "FT 11.29", "support the NVA at D2 (Duc Co)") or log_has(m, "FT 11.29", "at D2")


def test_b15_cambodia_box_attacks_us_units_in_cambodia_a80():
    """FT 16.1, A80 (A20 against A62): with 16.1 on, 1-8A at CAM2 and the 32nd in Box CAM, target
    determination (die 1) places a stack at CAM2 and checks an ambush (A20, default). With
    cam_box_16_1="a62_never" the CAM box stays passive and no die is rolled."""
    for choice, placed in (("a20_attacks", True), ("a62_never", False)):
        m = blank(options={"cambodia": True, "cam_box_16_1": choice})
        put(m, "1-8A", "CAM2")
        for c in range(101, 104):
            nva(m, 32, c, "ZCAM")
        stack(m, {"s": "td", "seg": "H"})
        dice(m, 1, 6)
        _run_step(m, "td")
        assert (loc(m, "n32-101") == "CAM2") is placed
        assert log_has(m, "FT 13.4", "Ambush check by the NVA placed at CAM2") is placed


def test_b15_cambodia_entry_ambush_by_identified_units_a80():
    """FT 16.1, 13.6, A19, A80: under 16.1 an entry into CAM2 draws an ambush check from the
    Identified units of Box CAM (A20 default); without 16.1 (A62) no check is made."""
    for opts, checked in (({"cambodia": True}, True), ({"cambodia": True, "cam_box_16_1": "a62_never"}, False),
                          ({}, False)):
        m = blank(options=opts)
        put(m, "1-8A", "CAM2")
        nva(m, 32, 101, "ZCAM")
        dice(m, 1)
        hit = N.entry_ambush(ctx(m), "CAM2", [])
        assert bool(hit) is checked and (loc(m, "n32-101") == "CAM2") is checked


def test_a31_options_broken_and_cambodian_garrisons_a81_a82():
    """FT 13.71, 13.73, A31 with A81/A82: a broken unit alone on a road garrisons it by default,
    never with garrison_broken="never"; a Cambodian road location without 16.1 is garrisoned by
    default, not with cam_road_garrison="with_16_1"."""
    for opts, gar_g5, gar_cam in (({}, True, True), ({"garrison_broken": "never"}, False, True),
                                  ({"cam_road_garrison": "with_16_1"}, True, False)):
        m = blank(options=opts)
        x = nva(m, 32, 101, "G5", step=4)
        y = nva(m, 32, 102, "CAM1")
        N.garrisons(ctx(m))
        assert bool(U(m, x).get("gar")) is gar_g5
        assert bool(U(m, y).get("gar")) is gar_cam
