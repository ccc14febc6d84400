"""One or more tests per rule section of First Team: Vietnam (FT 1.0-16.0)."""

from game.engine import match as M
from game.rules.first_team import board as B
from game.rules.first_team import nva as N
from game.rules.first_team import turn as T
from game.rules.first_team import us as US
from game.rules.first_team.data import LOC, MAP, TABLES

from .ft_helpers import (R, S, U, acts, answer, asking, at_part, blank, ctx, dice, do, halted, left, loc, log_has,
                         nva, put, run, stack, start, step_name, supply)


def _setup_match(seed=1):
    m = M.new_match(R, "campaign", seed)
    while step_name(m) == "setup_lz":
        M.apply(R, m, acts(m)[0])
    return m


def test_setup_ft_3_0():
    """FT 1.0, 1.1, 3.0 (A13, A14, A15): twelve face-down LZ markers, at most two per zone, not in
    Cambodia, Pleiku or the camps; garrisons with a full supply marker at Duc Co and Plei Me; all 21
    NVA in the Unknown Box; every US unit at An Khe; then turn 1 starts with 20 CP (FT 4.11)."""
    m = _setup_match()
    s = S(m)
    lz = [u for u in s["units"].values() if u["k"] == "lz"]
    assert len(lz) == 12 and all(u["loc"] in LOC and not u["rev"] for u in lz)
    zones = [B.zone_of(u["loc"]) for u in lz]
    assert all(zones.count(z) <= 2 for z in zones) and "CAM" not in zones and "P" not in zones
    assert loc(m, "sfD2") == "D2" and loc(m, "sfG4") == "G4"
    assert B.supplied(s, "sfD2") and B.supplied(s, "sfG4")
    assert len(B.of_kind(s, B.UNKNOWN, "nva")) == 21
    assert all(u["loc"] == B.ANKHE for u in s["units"].values() if u["k"] == "inf")
    assert s["turn"] == 1 and s["cp"] == 20 and step_name(m) == "intel"


def test_full_turn_ft_4_0():
    """FT 4.0-4.5: one whole turn with the player passing: every segment A-O runs twice, then Fatigue
    Reduction and Final Supply; turn 2 starts with a fresh 20 CP (FT 5.0: unused CPs are lost)."""
    m = _setup_match(3)
    while S(m)["turn"] == 1 and not S(m).get("over"):
        a = acts(m)
        M.apply(R, m, next((x for x in a if x["t"] == "done"), a[0]))
    titles = [e["text"] for e in m["log"] if e.get("kind") == "phase"]
    for seg in "ABCDEFGHKLMNO":
        assert sum(1 for t in titles if f"{seg}) " in t) >= 2, seg
    assert any("Fatigue Reduction" in t for t in titles) and any("Final Supply" in t for t in titles)
    assert S(m)["turn"] == 2


def test_command_points_ft_5_0_and_supply_ft_5_2():
    """FT 5.0, 5.2: supply counters cost 1 CP each and appear full at An Khe (FT 6.1: units at An Khe
    are always supplied)."""
    m = blank()
    stack(m, {"s": "seg_a"})
    do(m, {"t": "buy", "n": 3})
    assert S(m)["cp"] == 17 and len(B.of_kind(S(m), B.ANKHE, "sup")) == 3
    assert B.supplied(S(m), "1-8A")


def test_transport_ft_5_4_and_9_1():
    """FT 5.4, 9.1: a transport carries one company An Khe -> Pleiku for 1 CP; only LZs are
    destinations; an unflipped LZ marker is no LZ (A13)."""
    m = blank()
    put(m, "lz01", "C2")
    start(m, {"s": "transport_segment", "seg": "C"})
    lifts = acts(m, "lift")
    assert not any(a["to"] == "C2" for a in lifts)
    do(m, {"t": "lift", "heli": "tr1", "unit": "1-8A", "to": "PLEIKU"})
    assert loc(m, "1-8A") == "PLEIKU" and S(m)["cp"] == 19
    U(m, "lz01").update(rev=True, valid=True)
    assert any(a["to"] == "C2" for a in acts(m, "lift"))


def test_exchange_ft_9_11():
    """FT 9.11 (A11): An Khe -> LZ, drop, pick up a unit, back to An Khe: 2 CP."""
    m = blank()
    put(m, "2-7A", "PLEIKU")
    start(m, {"s": "transport_segment", "seg": "C"})
    do(m, {"t": "exchange", "heli": "tr1", "unit": "1-8A", "to": "PLEIKU"})
    if asking(m):
        answer(m, t="unit", unit="2-7A")
    assert loc(m, "1-8A") == "PLEIKU" and loc(m, "2-7A") == B.ANKHE and S(m)["cp"] == 18


def test_heliborne_retreat_ft_9_12():
    """FT 9.12 (A23, A71): an R result at an LZ: the company may be lifted to An Khe (1 CP); the
    player is asked, since committing helicopters is optional (CRT R)."""
    m = blank()
    put(m, "2-7A", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    for l in ("H6", "I5", "I6", "J4", "J6"):
        nva(m, 32, 102 + ["H6", "I5", "I6", "J4", "J6"].index(l), l)
    stack(m, {"s": "us_retreat", "loc": "PLEIKU", "pend": ["2-7A"], "moved": []})
    run(m)
    assert acts(m, "decline_heli")
    answer(m, t="heli_retreat", unit="2-7A")
    assert loc(m, "2-7A") == B.ANKHE and S(m)["cp"] == 19 and U(m, "tr1")["used"]


def test_no_retreat_breaks_one_unit_ft_11_2():
    """CRT R (FT 11.2): no adjacent location and no helicopter: one unit of the player's choice breaks."""
    m = blank(cp=0)
    for co in "AB":
        put(m, "2-7" + co, "H5")
    nva(m, 32, 101, "H2")
    nva(m, 32, 102, "H4")
    stack(m, {"s": "us_retreat", "loc": "H5", "pend": ["2-7A", "2-7B"], "moved": []})
    run(m)
    answer(m, t="unit", unit="2-7B")
    assert U(m, "2-7B")["brk"] and not U(m, "2-7A").get("brk") and loc(m, "2-7A") == "H5"


def test_scramble_and_artillery_ft_9_2_and_5_5():
    """FT 9.2, 5.5, 11.28: a gunship scrambles to any location for 1 CP and returns at segment end;
    the observation helicopter adds +1 only with artillery."""
    m = blank()
    put(m, "1-8A", "F2")
    x = nva(m, 32, 101, "F2")
    stack(m, {"s": "m_support", "loc": "F2", "sup": {}, "used": []})
    answer(m, t="heli", heli="oh1")
    sup = S(m)["stack"][-1]["sup"]
    from game.rules.first_team.combat import us_fire_column
    assert not any("observation" in n for n in us_fire_column(S(m), "F2", ["1-8A"], [x], sup)[1])
    do(m, {"t": "arty", "bn": "2/19", "loc": "F2"})
    sup = S(m)["stack"][-1]["sup"]
    assert any("observation" in n for n in us_fire_column(S(m), "F2", ["1-8A"], [x], sup)[1])
    assert S(m)["cp"] == 18 and loc(m, "oh1") == "F2"
    T.segment_end(ctx(m), "M")
    assert loc(m, "oh1") == B.ANKHE and U(m, "oh1")["st"] == 1


def test_tac_air_strike_ft_7_21():
    """FT 7.0, 7.21, 5.7: Tac Air on a Contacted-only location: 2 CP; each NVA unit attacked separately."""
    m = blank()
    a = nva(m, 32, 101, "F4")
    b = nva(m, 32, 102, "F4")
    stack(m, {"s": "seg_b"})
    dice(m, 5, 5)
    do(m, {"t": "strike", "to": "F4", "air": "tac", "n": 2})
    assert S(m)["cp"] == 16
    assert sum(1 for e in m["log"] if e.get("rule") == "FT 7.21" and e.get("dice")) == 2
    assert U(m, a)["step"] > 1 and U(m, b)["step"] > 1


def test_stacking_ft_8_0_nva_limit():
    """FT 8.0, 8.3: target determination never puts a 7th NVA unit in a location."""
    m = blank()
    for i in range(5):
        nva(m, 32, 101 + i, "C3")
    for c in range(101, 107):
        nva(m, 66, c, "ZC")
    put(m, "2-7A", "C3")
    stack(m, {"s": "td", "seg": "H"})
    dice(m, 1, 6)
    run(m)
    assert len(B.nva_at(S(m), "C3")) == 6


def test_ground_movement_ft_10_1_an_khe_entry():
    """FT 10.1 (A47): from An Khe a company enters Pleiku at no cost and may continue one road line;
    Route 14 north-east is no entry; no US unit enters Cambodia (FT 10.13)."""
    m = blank()
    paths = US.move_paths(S(m), "1-8A")
    assert set(paths) == {"PLEIKU", "H6", "J4", "J6"} and paths["PLEIKU"][1] == 0
    put(m, "1-8A", "D1")
    assert "CAM2" not in US.move_paths(S(m), "1-8A")
    start(m, {"s": "ground_segment", "entered": []})
    do(m, {"t": "move", "unit": "1-8B", "to": "J4"})
    assert loc(m, "1-8B") == "J4" and U(m, "1-8B")["fat"] == 0


def test_hold_ft_11_5():
    """FT 11.5, 11.51, 11.24: HOLD on a unit that did not move; firing from HOLD +1, at HOLD -1; units
    in Pleiku count as under HOLD."""
    m = blank()
    put(m, "1-8A", "F2")
    start(m, {"s": "ground_segment", "entered": []})
    do(m, {"t": "hold", "unit": "1-8A"})
    assert U(m, "1-8A")["hold"] and not any(a.get("unit") == "1-8A" for a in acts(m, "move"))
    put(m, "1-8B", "PLEIKU")
    assert B.hold_of(S(m), U(m, "1-8B"))
    from game.rules.first_team.combat import nva_fire_column
    x = nva(m, 32, 101, "F2")
    assert "firing at HOLD -1" in nva_fire_column(S(m), "F2", [x], ["1-8A"])[1]


def test_no_unit_rolls_twice_for_a_break_in_one_segment_ft_11_2():
    """FT 11.2 (#B): "No unit may be rolled for more than once per segment": a unit that made its
    break roll in an earlier combat of the segment (the record each combat is given) is passed
    over; the record comes back to the segment with this combat's roll."""
    m = blank()
    for co in "AB":
        put(m, "1-8" + co, "F2")
    stack(m, {"s": "us_hit", "into": "rolled", "rolled": ["1-8A"], "loc": "F2", "res": "2B",
              "units": ["1-8A", "1-8B"], "helis": []})
    dice(m, 1)
    run(m)
    rolls = [e["text"] for e in m["log"] if e["text"].startswith("Break roll")]
    assert halted(m) and len(rolls) == 1 and B.uname(S(m), "1-8B") in rolls[0]
    assert S(m)["stack"][0]["rolled"] == ["1-8A", "1-8B"]


def test_who_attacks_ft_11_1():
    """FT 11.1 (A33): the NVA must attack when the US ground strength is not greater, cannot when it is."""
    m = blank()
    s = S(m)
    nva(m, 32, 101, "F2", step=3)
    put(m, "1-8A", "F2")
    put(m, "1-8B", "F2")
    assert N.must_attack(s, "F2")
    put(m, "1-8C", "F2")
    assert not N.must_attack(s, "F2")


def test_open_combat_ft_11_0():
    """FT 11.0, 11.2: in open combat the attacker fires, then the defender; losses after both."""
    m = blank()
    put(m, "1-8A", "F2")
    supply(m, "F2")
    x = nva(m, 32, 101, "F2")
    stack(m, {"s": "fight", "rolled": [], "loc": "F2", "kind": "open", "att": "US", "us_f": ["1-8A"],
              "us_t": ["1-8A"], "n_f": [x], "n_t": [x], "sup": {}, "night": False, "nsup": 0, "helis": []})
    dice(m, 6, 1)
    run(m)
    fire = [e for e in m["log"] if e.get("kind") == "combat"]
    assert fire[0]["text"].startswith("American fire") and fire[1]["text"].startswith("NVA fire")


def test_a_result_garrison_first_ft_14_2():
    """FT 14.2 (A39): an A result where the SF garrison stands: the garrison breaks first (eliminated,
    +1 VP) and its casualty points are not recorded."""
    m = blank()
    put(m, "1-8A", "G4")
    stack(m, {"s": "us_hit", "rolled": [], "loc": "G4", "res": "A", "units": ["sfG4", "1-8A"], "helis": []})
    run(m)
    assert loc(m, "sfG4") == B.ELIM and not U(m, "1-8A").get("brk") and S(m)["vp"] == 1
    m = blank()
    stack(m, {"s": "us_hit", "rolled": [], "loc": "G4", "res": "2", "units": ["sfG4"], "helis": []})
    run(m)
    assert S(m)["cas"] == 0 and U(m, "sfG4")["fat"] == 2


def test_fatigue_reduction_ft_12_4():
    """FT 12.4, 4.4 (A26): -2 at An Khe or an intact camp without NVA, if supplied and idle this turn."""
    m = blank()
    U(m, "1-8A")["fat"] = 3
    U(m, "1-8B").update(fat=3, act=True)
    put(m, "1-8C", "F2", fat=3)
    stack(m, {"s": "fatigue_red"})
    run(m)
    assert [U(m, x)["fat"] for x in ("1-8A", "1-8B", "1-8C")] == [1, 3, 3]


def test_offboard_regiment_entry_ft_13_2():
    """FT 13.2: a regiment code brings each listed regiment still Unknown into the box; others ignored."""
    m = blank(turn=1)
    stack(m, {"s": "offboard"})
    dice(m, 1, 1)
    run(m)
    assert all(loc(m, f"n33-{c}") == "ZD" for c in range(101, 107))
    assert loc(m, "n32-101") == B.UNKNOWN


def test_broken_withdrawal_ft_13_73():
    """FT 13.73 (A32): broken units in a Zone Box withdraw a rank every Segment I; from A they leave
    play (not destroyed: no VP)."""
    m = blank(turn=1)
    a = nva(m, 32, 101, "ZF", step=4)
    b = nva(m, 32, 102, "ZA", step=4)
    stack(m, {"s": "offboard"})
    dice(m, 3, 4)
    run(m)
    assert loc(m, a) == "ZC" and loc(m, b) == B.OFF and S(m)["vp"] == 0


def test_contacted_nva_ambush_on_entry_ft_13_6():
    """FT 13.6 cond. 1, 11.33: US units entering a location with Contacted NVA are checked for ambush
    at once; only the NVA fire; the US stack still spends supply."""
    m = blank()
    put(m, "1-8A", "F1")
    supply(m, "F1")
    x = nva(m, 32, 101, "F2")
    start(m, {"s": "ground_segment", "entered": []})  # the Americans hold F1 as it begins
    dice(m, 1, 3, 6, 6, 6)
    do(m, {"t": "move", "unit": "1-8A", "to": "F2", "sup": True})
    while asking(m) and not halted(m):
        M.apply(R, m, acts(m)[0])
    assert log_has(m, "FT 13.6", "AMBUSH") and U(m, x)["step"] == 1
    assert sum(1 for e in m["log"] if e.get("kind") == "combat") == 1


def test_evasion_outnumbered_ft_13_7():
    """FT 13.7 (A4): an outnumbered NVA unit evades on a roll <= effectiveness, -1 per adjacent
    US-only location."""
    m = blank()
    x = nva(m, 32, 101, "F2", step=3)
    for co in "ABC":
        put(m, "1-8" + co, "F2")
    put(m, "2-7A", "F1")
    stack(m, {"s": "evasion"})
    dice(m, 4)
    run(m)
    assert loc(m, x) == "ZF"


def test_pathfinders_ft_14_1():
    """FT 14.1, 5.3 (A12): the pathfinders land anywhere (1 CP) and make an LZ; alone when NVA enter
    they are destroyed (+25 VP as a company)."""
    m = blank()
    start(m, {"s": "transport_segment", "seg": "C"})
    do(m, {"t": "pathfinder", "heli": "tr1", "to": "C3"})
    assert S(m)["cp"] == 19 and B.lz_at(S(m), "C3")
    assert any(a["to"] == "C3" for a in acts(m, "lift"))
    x = nva(m, 32, 101, "C3")
    B.overrun(ctx(m), "C3", [x])
    assert loc(m, "pf") == B.ELIM and S(m)["vp"] == 25


def test_recon_1_9_ft_14_3():
    """FT 14.3: the 1/9 lift is free and carries only the 1/9 infantry."""
    m = blank()
    start(m, {"s": "transport_segment", "seg": "C"})
    lifts = [a for a in acts(m, "lift") if a["heli"] == "tr19"]
    assert lifts and all(a["unit"] == "1-9" for a in lifts)
    do(m, {"t": "lift", "heli": "tr19", "unit": "1-9", "to": "PLEIKU"})
    assert S(m)["cp"] == 20


def test_victory_levels_ft_15_1():
    """FT 15.0, 15.1: >= 30 NVA Tactical, 10-29 Limited, -14..9 Draw, <= -15 American Tactical; only NVA
    in Pleiku at the end of the second M: NVA Strategic Victory at once."""
    assert [T.level(v) for v in (30, 10, 9, -14, -15)] == ["NVA Tactical Victory", "NVA Limited Victory", "Draw",
                                                           "Draw", "American Tactical Victory"]
    m = blank()
    nva(m, 32, 101, "PLEIKU")
    stack(m, {"s": "nva_combat", "second": True})
    run(m)
    assert S(m)["over"]["level"] == "NVA Strategic Victory"


def test_cambodia_option_ft_16_1():
    """FT 16.1, 10.13 (A59): without the option no US move into Cambodia; with it the move is allowed
    and the NVA score +10 the first turn, +5 later."""
    m = blank()
    put(m, "1-8A", "D1")
    assert "CAM2" not in US.move_paths(S(m), "1-8A")
    m = blank(options={"cambodia": True})
    put(m, "1-8A", "CAM2")
    stack(m, {"s": "end_turn"})
    run(m)
    assert S(m)["vp"] == 10
    stack(m, {"s": "end_turn"})
    run(m)
    assert S(m)["vp"] == 15


def test_nva_artillery_ft_16_2():
    """FT 16.2, 16.21: the artillery rides with the lowest company, adds +1 column, is reassigned when
    its company breaks; with a * result it downs a helicopter (+25 VP)."""
    m = blank(options={"nva_artillery": True})
    s = S(m)
    x = nva(m, 32, 101, "F2")
    B.sync_nart(s)
    assert loc(m, "na32") == "F2"
    put(m, "1-8A", "F2")
    from game.rules.first_team.combat import nva_fire_column
    assert "NVA artillery +1" in nva_fire_column(s, "F2", [x], ["1-8A"])[1]
    nva(m, 32, 102, "F4")
    B.break_nva(ctx(m), x, "t")
    assert U(m, "na32")["att"] == "n32-102" and loc(m, "na32") == "F4"


def test_map_data_ft_2_0():
    """FT 2.0 (RECON map): every road location touches two road lines or a road exit; zones A-J have
    six locations; Duc Co D2 and Plei Me G4 are camps and LZs."""
    roads = {l: sum(1 for a, b, line in MAP["edges"] if l in (a, b) and line == "road") for l in LOC}
    for l, r in LOC.items():
        if r["road"]:
            assert roads[l] >= 1
    for z in "ABCDEFGHIJ":
        assert len([l for l in LOC if LOC[l]["zone"] == z]) == 6
    assert LOC["D2"]["sf_camp"] and LOC["G4"]["sf_camp"] and LOC["D2"]["lz"]
    assert TABLES["cp"]["per_turn"] == 20


def test_exchange_into_a_full_location_ft_8_0_and_9_11():
    """FT 8.0 (limits at the end of a segment), 9.11 (A64): an exchange may bring a third company of
    another battalion into a location holding two, if the unit carried back makes room; only such
    units may be carried back. Option exchange_full_stack = "refuse" forbids it."""
    m = blank()
    put(m, "2-7A", "PLEIKU")
    put(m, "1-5A", "PLEIKU")
    start(m, {"s": "transport_segment", "seg": "C"})
    assert not any(a["unit"] == "1-8A" and a["to"] == "PLEIKU" for a in acts(m, "lift"))
    do(m, {"t": "exchange", "heli": "tr1", "unit": "1-8A", "to": "PLEIKU"})
    assert asking(m) and loc(m, "1-8A") == B.ANKHE  # asked before landing: never over the limit
    assert {a["unit"] for a in acts(m, "unit")} == {"2-7A", "1-5A"}
    answer(m, t="unit", unit="1-5A")
    assert loc(m, "1-8A") == "PLEIKU" and loc(m, "1-5A") == B.ANKHE and loc(m, "2-7A") == "PLEIKU"
    assert B.stack_ok(S(m), "PLEIKU") and S(m)["cp"] == 18

    # three companies of one battalion: a company of another cannot come, even with one leaving
    m = blank()
    for co in "ABC":
        put(m, f"1-7{co}", "PLEIKU")
    start(m, {"s": "transport_segment", "seg": "C"})
    assert not any(a["unit"] == "1-8A" and a["to"] == "PLEIKU" for a in acts(m, "exchange"))
    assert any(a["unit"] == "1-7D" and a["to"] == "PLEIKU" for a in acts(m, "exchange"))  # the fourth can

    m = blank(options={"exchange_full_stack": "refuse"})
    put(m, "2-7A", "PLEIKU")
    put(m, "1-5A", "PLEIKU")
    start(m, {"s": "transport_segment", "seg": "C"})
    assert not any(a["unit"] == "1-8A" and a["to"] == "PLEIKU" for a in acts(m, "exchange"))


def test_pathfinders_fly_on_and_back_ft_14_1():
    """FT 14.1 (A12): the pathfinders move only by helicopter: from the map they may be flown to
    another location or back to An Khe (1 CP each flight); the old location stops being an LZ."""
    m = blank()
    start(m, {"s": "transport_segment", "seg": "C"})
    do(m, {"t": "pathfinder", "heli": "tr1", "to": "C3"})
    flights = {a["to"] for a in acts(m, "pathfinder")}
    assert B.ANKHE in flights and "C3" not in flights and "D2" not in flights  # D2: a camp, already an LZ
    do(m, {"t": "pathfinder", "heli": "tr2", "to": B.ANKHE})
    assert loc(m, "pf") == B.ANKHE and S(m)["cp"] == 18 and not B.lz_at(S(m), "C3")
    assert log_has(m, "FT 14.1", "back to An Khe")
    nva(m, 32, 101, "C4")
    assert "C4" not in {a["to"] for a in acts(m, "pathfinder")}  # never where Contacted NVA are


def test_opponent_pace_step_ft_4_14():
    """FT 4.14 with the play setting opponent_pace = "step" (the default): a report pause after
    each NVA segment that did something, none after one that only said nothing happened ("No NVA
    ground movement", "Offboard movement: no movement", issue 45); "run" lets the rest of the
    phase play, the next phase pauses again; the dice and results are the same as with
    opponent_pace = "run" (issue 9 item 2)."""
    said_nothing = {"No NVA ground movement", "No NVA open combat", "Offboard movement: no movement",
                    "No location victory points this turn"}

    def to_turn_5(options, run_at=None):
        m = M.new_match(R, "campaign", 1, options)
        pauses = []  # (the NVA Assault Phase's number in the game, the segment's title)
        while S(m)["turn"] <= 4 and not S(m).get("over"):
            a = acts(m)
            if step_name(m) == "report":
                rep = M.view(R, m)["report"]
                assert rep["title"][0] in "HIJKLMN" or "NVA Assault Phase: H)" in rep["title"], rep
                lines = [e for e in rep["entries"] if e["kind"] not in ("phase", "turn")]
                assert any(e["text"] not in said_nothing and not e["text"].startswith("NVA Offboard Movement Table:")
                           for e in lines), rep
                pauses.append((sum("NVA Assault Phase: H)" in e["text"] for e in m["log"]), rep["title"]))
                M.apply(R, m, next(x for x in a if x["t"] == ("run" if len(pauses) == run_at else "done")))
                continue
            M.apply(R, m, next((x for x in a if x["t"] == "done"), a[0]))
        return m, pauses

    run_m, none = to_turn_5({"opponent_pace": "run"})
    assert none == []
    said = [e for e in run_m["log"] if e["text"] in said_nothing]
    assert said and all(e["kind"] == "none" for e in said)  # (such segments were played, unpaused)
    _, every = to_turn_5(None)
    phases = [ph for ph, _ in every]
    phase = next(ph for ph in phases if phases.count(ph) >= 4)  # "run" at the 3rd pause of its phase
    k = phases.index(phase) + 3
    step_m, some = to_turn_5(None, run_at=k)
    later = [p for p in every if p[0] > phase]
    assert later and some == every[:k] + later  # the rest of that phase ran; the next phases paused
    assert [e["text"] for e in run_m["log"]] == [e["text"] for e in step_m["log"]]
    assert S(run_m)["dice"] == S(step_m)["dice"]
    a, b = dict(S(run_m)), dict(S(step_m))
    for st in (a, b):
        st.pop("options"), st.pop("pace_run", None)
    assert a == b  # the same game apart from the setting and the pause bookkeeping


def _landing_then_exchange(with_supply):
    """A/1/8 lands at C2 (a revealed LZ with Contacted 32/101) unambushed; then an exchange
    brings B/1/8 in and is ambushed (die 1)."""
    m = blank()
    put(m, "lz01", "C2", rev=True, valid=True)
    nva(m, 32, 101, "C2")
    if with_supply:
        supply(m, "C2")
    start(m, {"s": "transport_segment", "seg": "C"})
    dice(m, 6)
    do(m, {"t": "lift", "heli": "tr1", "unit": "1-8A", "to": "C2"})
    dice(m, 1, 3, 3, 3, 3, 3, 3, 3, 3)
    do(m, {"t": "exchange", "heli": "tr2", "unit": "1-8B", "to": "C2"})
    return m


def test_exchange_pick_up_waits_for_the_landing_ambush_ft_9_11_and_13_6():
    """FT 9.11 "drop off the unit, and then pick up a unit"; FT 13.6 ambushes resolve at once: the
    unit carried back is still there when the ambush fires, and is marked as having moved
    (no fatigue recovery this turn, FT 12.4, A26)."""
    m = _landing_then_exchange(with_supply=True)
    assert asking(m) and "break" in M.prompt(R, m)  # the ambush's 1B result first
    answer(m, t="unit", unit="1-8A")
    assert "carried back" in M.prompt(R, m) or asking(m)
    answer(m, t="unit", unit="1-8A")
    texts = [e["text"] for e in m["log"]]
    ambush = next(i for i, t in enumerate(texts) if t.startswith("AMBUSH at C2"))
    back = next(i for i, t in enumerate(texts) if "carried back from C2" in t)
    assert ambush < back and loc(m, "1-8A") == B.ANKHE and U(m, "1-8A")["act"]


def test_landing_ambush_involves_every_transport_landed_there_a36():
    """CRT '*' (A36): in a landing ambush the transports that landed there are involved: the
    player picks which goes to Refit among both."""
    m = _landing_then_exchange(with_supply=False)
    assert asking(m)
    assert {a["heli"] for a in acts(m)} == {"tr1", "tr2"}
    answer(m, heli="tr2")
    assert loc(m, "tr2") == B.REFIT and loc(m, "1-8B") == B.ANKHE  # its cargo goes home
    assert log_has(m, "FT 9.11", "cannot make the pick-up")


def test_supply_purchase_limited_only_by_cp_and_counters_ft_5_2():
    """FT 5.2: any number of supply counters, 1 CP each (only the CPs and the counter mix limit it)."""
    m = blank(cp=20)
    stack(m, {"s": "seg_a", "p": 1})
    assert max(a["n"] for a in acts(m, "buy")) == len(B.of_kind(S(m), B.POOL, "sup"))
    do(m, {"t": "buy", "n": 8})
    assert len(B.of_kind(S(m), B.ANKHE, "sup")) == 8 and S(m)["cp"] == 12


def test_airstrike_on_the_pleiku_zone_box_a65():
    """FT 7.0, 7.22 (A65): the Pleiku Zone Box is one location: a Tac Air strike on it needs no
    location dice, and B-52s may not strike it; option "two_dice" keeps the literal procedure."""
    m = blank()
    x = nva(m, 32, 101, "ZP")
    stack(m, {"s": "seg_b"})
    assert not [a for a in acts(m, "strike") if a["to"] == "ZP" and a["air"] == "b52"]
    dice(m, 6)  # the CRT die only
    do(m, {"t": "strike", "to": "ZP", "air": "tac", "n": 1})
    assert not left(m) and log_has(m, "FT 7.22", "one location")
    assert not any(e.get("dice") and "where the NVA are" in e["text"] for e in m["log"])  # no location die
    m = blank(options={"pleiku_box_strikes": "two_dice"})
    nva(m, 32, 101, "ZP")
    stack(m, {"s": "seg_b"})
    assert [a for a in acts(m, "strike") if a["to"] == "ZP" and a["air"] == "b52"]
    dice(m, 1, 2)
    do(m, {"t": "strike", "to": "ZP", "air": "tac", "n": 1})
    assert log_has(m, "FT 7.22", "misses") and U(m, x)["step"] == 1


def test_lift_and_exchange_buttons_say_their_cp_ft_5_4_9_11_14_3():
    """Issue 45 item 9 ('lift buttons show no cost'): each lift and exchange says what it costs,
    as the engine charges it: 1 CP a lift (FT 5.4), the exchange's CP (FT 9.11), the 1/9's own free (FT 14.3)."""
    m = blank()
    put(m, "2-7A", "PLEIKU")
    start(m, {"s": "transport_segment", "seg": "C"})
    legal = M.legal_actions(R, m)
    line = [a for a in legal if a["t"] == "lift" and a["heli"] == "tr1"]
    own = [a for a in legal if a["t"] == "lift" and a["heli"] == "tr19"]
    ex = [a for a in legal if a["t"] == "exchange"]
    assert line and all("(1 CP)" in a["label"] for a in line), line[:2]
    assert own and all("(no CP: the 1/9 Cav's own, FT 14.3)" in a["label"] for a in own), own[:2]
    cp = S(m)["options"]["cp_exchange"]
    assert ex and all(f"({cp} CP)" in a["label"] for a in ex), ex[:2]
    do(m, {"t": "exchange", "heli": "tr1", "unit": "1-8A", "to": "PLEIKU"})
    if asking(m):
        answer(m, t="unit", unit="2-7A")
    assert S(m)["cp"] == 20 - cp
