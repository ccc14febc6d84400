"""The worked examples (T01-T24) and derived checks (T25-T45) of shared/reference/first_team.md
section 7, as tests of the First Team: Vietnam engine."""

import pytest

from game.engine import match as M
from game.rules.first_team import board as B
from game.rules.first_team import nva as N
from game.rules.first_team import turn as T
from game.rules.first_team import us as US
from game.rules.first_team.combat import crt, nva_fire_column, us_fire_column
from game.rules.first_team.data import TABLES

from .ft_helpers import (R, S, U, acts, answer, blank, ctx, dice, do, frame, halted, left, loc, log_has, nva, put,
                         rejects, run, stack, start, step_name, supply)


def test_t01_dedicated_artillery():
    """T01 / FT 5.6, 2.0 Dedicated Artillery: 2/19 for 1st Bde 1 CP, other brigade 2, 2/17 always 1,
    an SF garrison alone 2; a battery used is fired until Segment O (FT 11.6, 9.4)."""
    m = blank()
    s = S(m)
    put(m, "1-8A", "F1")
    put(m, "2-7A", "F4")
    assert US.arty_cost(s, "2/19", "F1") == 1
    assert US.arty_cost(s, "2/19", "F4") == 2
    assert US.arty_cost(s, "2/17", "F4") == 1
    assert US.arty_cost(s, "2/19", "G4") == 2
    assert US.arty_cost(s, "2/17", "G4") == 1
    nva(m, 32, 101, "F1")
    stack(m, {"s": "m_support", "loc": "F1", "sup": {}, "used": []})
    do(m, {"t": "arty", "bn": "2/19", "loc": "F1"})
    assert S(m)["cp"] == 19 and U(m, "a2-19a")["fired"]
    stack(m, {"s": "maint"})
    run(m)
    assert not U(m, "a2-19a").get("fired")


def test_t01_the_support_button_names_the_battery_that_fires():
    """FT 5.6, 11.6 (issue 45 item 9): the button names the battery of the battalion that will fire
    ("Battery A 2/19"), as the battle card and the log do; it read "Battery of the 2/19"."""
    m = blank()
    put(m, "1-8A", "F1")
    nva(m, 32, 101, "F1")
    stack(m, {"s": "m_support", "loc": "F1", "sup": {}, "used": []})
    labels = [a["label"] for a in M.legal_actions(R, m) if a["t"] == "arty" and a["bn"] == "2/19"]
    first = B.uname(S(m), "a2-19a")
    assert labels == [f"{first[:1].upper()}{first[1:]} fires at {B.name('F1')} (1 CP)"], labels
    do(m, {"t": "arty", "bn": "2/19", "loc": "F1"})
    assert log_has(m, "FT 11.27", f"{first} supports")
    labels = [a["label"] for a in M.legal_actions(R, m) if a["t"] == "arty" and a["bn"] == "2/19"]
    assert not labels or not labels[0].startswith(f"{first[:1].upper()}{first[1:]} "), labels  # the next battery


def _lz_on_map(m, n):
    spots = ["A1", "A3", "B1", "B2", "C1", "C2"][:n]
    for i, l in enumerate(spots):
        put(m, f"lz{i + 1:02d}", l)
    return spots


def test_t02_intelligence_ordering():
    """T02 / FT 5.1: flip, flip, one identify attempt (fails on 4), flip three more: CP 14, five LZs
    revealed, the 66th still Unknown; a second attempt is refused (one per turn)."""
    m = blank(turn=3)
    for x, u in S(m)["units"].items():
        if u["k"] == "nva" and u["reg"] != "66":
            u["loc"] = B.ELIM
    spots = _lz_on_map(m, 6)
    stack(m, {"s": "intel"})
    do(m, {"t": "flip", "loc": spots[0]})
    do(m, {"t": "flip", "loc": spots[1]})
    dice(m, 4)
    do(m, {"t": "identify", "cp": 1})
    for l in spots[2:5]:
        do(m, {"t": "flip", "loc": l})
    assert S(m)["cp"] == 14
    assert sum(1 for u in S(m)["units"].values() if u["k"] == "lz" and u.get("rev")) == 5
    assert loc(m, "n66-101") == B.UNKNOWN
    rejects(m, {"t": "identify", "cp": 1})


def test_t03_identify_example():
    """T03 / FT 5.1: 2 CP, dice 2 then 4 on turn 2: the 32nd goes to Zone Box C; 3 CP and a 4 fails;
    4 CP is refused (maximum three)."""
    m = blank(turn=2)
    for x, u in S(m)["units"].items():
        if u["k"] == "nva" and u["reg"] == "33":
            u["loc"] = "ZA"
    stack(m, {"s": "intel"})
    dice(m, 2, 4)
    do(m, {"t": "identify", "cp": 2})
    assert all(loc(m, f"n32-{c}") == "ZC" for c in range(101, 107))
    assert loc(m, "n66-101") == B.UNKNOWN and S(m)["cp"] == 18
    m = blank(turn=2)
    stack(m, {"s": "intel"})
    dice(m, 4)
    do(m, {"t": "identify", "cp": 3})
    assert S(m)["cp"] == 17 and loc(m, "n32-101") == B.UNKNOWN
    m = blank(turn=2)
    stack(m, {"s": "intel"})
    rejects(m, {"t": "identify", "cp": 4})


@pytest.mark.parametrize("count", [3, 6])
def test_t04_contact_example(count):
    """T04 / FT 5.1: 107-109/66 in Box F, dice 1, 5, 3 (or 6): all three to F5, Contacted."""
    m = blank()
    for c in (107, 108, 109):
        nva(m, 66, c, "ZF")
    stack(m, {"s": "intel"})
    dice(m, 1, 5, count)
    do(m, {"t": "contact", "box": "ZF", "cp": 1})
    assert [loc(m, f"n66-{c}") for c in (107, 108, 109)] == ["F5"] * 3
    assert not B.of_kind(S(m), "ZF", "nva")


def test_t04c_contact_never_spills_into_another_regiment():
    """T04c / FT 5.1 (A49): 104/33 is the target; the count 2 finds no second 33rd company."""
    m = blank()
    nva(m, 33, 104, "ZF")
    for c in (107, 108, 109):
        nva(m, 66, c, "ZF")
    stack(m, {"s": "intel"})
    dice(m, 1, 2, 2)
    do(m, {"t": "contact", "box": "ZF", "cp": 1})
    assert loc(m, "n33-104") == "F2" and loc(m, "n66-107") == "ZF"


def test_t05_ara_support():
    """T05 / FT 9.6: NVA strength 8 against US strength 3: NVA superiority 8/3 = +2 (ARA not counted);
    US return fire with three ARA (25 each): (3 + 75)/8 = +9; ARA go to Refit after use (FT 9.5)."""
    m = blank()
    s = S(m)
    n = nva(m, 32, 101, "G4")
    col, notes = nva_fire_column(s, "G4", [n], ["sfG4"])
    assert "superiority 8/3 +2" in notes
    col, notes = us_fire_column(s, "G4", ["sfG4"], [n], {"ara": ["ara1", "ara2", "ara3"]})
    assert "superiority 78/8 +9" in notes
    for h in ("ara1", "ara2", "ara3"):
        put(m, h, "G4", used=True)
    T.segment_end(ctx(m), "M")
    assert all(loc(m, h) == B.REFIT for h in ("ara1", "ara2", "ara3"))


def test_t06_t07_zone_contact_stacks_and_placement():
    """T06, T07 / FT 10.2: the 66th in Box C forms stacks 101-106 and 107-109; dice 6 and 3 place
    them at C6 and C3."""
    m = blank()
    for c in range(101, 110):
        nva(m, 66, c, "ZC")
    s = S(m)
    assert B.stacks_of_six(s, B.of_kind(s, "ZC", "nva")) == [[f"n66-{c}" for c in range(101, 107)],
                                                             [f"n66-{c}" for c in range(107, 110)]]
    put(m, "1-7A", "C1")
    stack(m, {"s": "zone_contact", "entered": ["C"]})
    dice(m, 1, 6, 3)
    run(m)
    assert all(loc(m, f"n66-{c}") == "C6" for c in range(101, 107))
    assert all(loc(m, f"n66-{c}") == "C3" for c in range(107, 110))


def test_t08_camps_do_not_trigger_zone_contact():
    """T08 / FT 10.2: 1/7 stacked with the Duc Co garrison does not roll; after 1/7 moves to D3
    (green line, +1 fatigue each) the A19 ambush check fails (6 > 4), the zone roll 2 <= 2 contacts,
    the die 5 places the 33rd at D5. With a 3 there is no contact (T08c)."""
    for last, where in ((5, "D5"), (None, "ZD")):
        m = blank()
        for co in "ABCD":
            put(m, "1-7" + co, "D2")
        supply(m, "D2")  # 1/7's own marker: the camp's marker supplies the garrison (R-SUP1)
        for c in range(101, 107):
            nva(m, 33, c, "ZD")
        stack(m, {"s": "zone_contact", "entered": ["D"]})
        run(m)
        assert loc(m, "n33-101") == "ZD" and not S(m)["dice"]["queue"]
        start(m, {"s": "ground_segment", "entered": []})
        dice(m, 6)
        do(m, {"t": "move_stack", "from": "D2", "to": "D3"})
        assert [U(m, "1-7" + c)["fat"] for c in "ABCD"] == [1, 1, 1, 1]
        entered = frame(m, "ground_segment")["entered"]
        assert entered == ["D"]
        stack(m, {"s": "zone_contact", "entered": entered})
        dice(m, *([2, 5] if last else [3]))
        run(m)
        assert loc(m, "n33-101") == where


def test_t09_superiority():
    """T09 / FT 11.21: six full NVA (48) firing on one battalion (8): +6."""
    m = blank()
    s = S(m)
    ns = [nva(m, 32, 101 + i, "F4") for i in range(6)]
    for co in "ABCD":
        put(m, "1-8" + co, "F4")
    col, notes = nva_fire_column(s, "F4", ns, [f"1-8{c}" for c in "ABCD"])
    assert "superiority 48/8 +6" in notes


def test_t10_lowest_effectiveness():
    """T10 / FT 11.22: US units with effectiveness 5, 5, 1: +1 whether or not the 1 fires."""
    m = blank()
    s = S(m)
    for co in "ABC":
        put(m, "1-8" + co, "F4")
    U(m, "1-8C")["fat"] = 4
    n = nva(m, 32, 101, "F4")
    col, notes = us_fire_column(s, "F4", ["1-8A", "1-8B"], [n], {})
    assert "effectiveness +1" in notes


def test_t11_broken_nva_exception():
    """T11 / FT 11.22, 11.7: a non-broken unit (eff 3) and a broken one (eff 1): +3; the broken
    unit alone: +1."""
    m = blank()
    s = S(m)
    a = nva(m, 32, 101, "F4", step=2)
    b = nva(m, 32, 102, "F4", step=4)
    assert B.lowest_eff(s, [a, b]) == 3 and B.lowest_eff(s, [b]) == 1


def test_t12_supporting_locations():
    """T12 / FT 11.29: A2 supports A1 (+1 column, one supply step); it cannot support A3 too."""
    m = blank()
    s = S(m)
    for l, bn in (("A1", "1-8"), ("A2", "2-8"), ("A3", "1-12")):
        for co in "AB":
            put(m, bn + co, l)
        supply(m, l)
    nva(m, 32, 101, "A1")
    nva(m, 32, 102, "A3")
    stack(m, {"s": "support"})
    do(m, {"t": "attack", "loc": "A1"})
    do(m, {"t": "attack", "loc": "A3"})
    do(m, {"t": "adj", "from": "A2", "loc": "A1"})
    assert {"t": "adj", "from": "A2", "loc": "A3"} not in acts(m, "adj")
    s = S(m)
    at = s["stack"][-1]["attacks"][0]  # the Support Segment's attacks declared
    col, notes = us_fire_column(s, "A1", ["1-8A", "1-8B"], ["n32-101"], at["sup"])
    assert "supporting locations +1" in notes


def test_t13_density_and_t29_crt():
    """T13, T29 / FT 11.210, 11.2: die 3 + 5 infantry = row 8 (NVA artillery adds nothing); columns
    clamp to 1..11, rows to 12; column 11 row 12 = AAA; column 7 row 9 = 3; column 1 never harms."""
    assert crt(5, 3 + 5)[2] == 8
    assert crt(-2, 4) == ("-", 1, 4)
    assert crt(15, 14)[0] == "AAA"
    assert crt(7, 9)[0] == "3"
    assert all(TABLES["crt"]["cells"][str(r)][0] == "-" for r in range(1, 13))


def test_t14_t23_fatigue_effect_break_and_elimination():
    """T14, T23 / FT 12.3, 12.6, 15.0: eff 5 with 3 fatigue = 2; a company at 4 fatigue taking one
    more breaks (fatigue cleared, +1 VP); a broken company at 4 taking one is eliminated (+25 VP)."""
    m = blank()
    u = U(m, "1-8A")
    u["fat"] = 3
    assert B.us_eff(u) == 2
    u["fat"] = 4
    B.add_fatigue(ctx(m), "1-8A", 1, "test")
    assert u["brk"] and u["fat"] == 0 and S(m)["vp"] == 1
    u["fat"] = 4
    B.add_fatigue(ctx(m), "1-8A", 1, "test")
    assert u["loc"] == B.ELIM and S(m)["vp"] == 26


def test_t15_combat_fatigue_distribution():
    """T15 / FT 12.5: result 5 against three companies: casualty track +5; the player assigns exactly
    five fatigue points (3 + 2 + 0)."""
    m = blank()
    for co in "ABC":
        put(m, "1-8" + co, "F2")
    stack(m, {"s": "us_hit", "rolled": [], "loc": "F2", "res": "5", "units": ["1-8A", "1-8B", "1-8C"], "helis": []})
    run(m)
    for x in ["1-8A"] * 3 + ["1-8B"] * 2:
        answer(m, t="fatigue", unit=x)
    assert halted(m)
    assert S(m)["cas"] == 5 and [U(m, "1-8" + c)["fat"] for c in "ABC"] == [3, 2, 0]


def test_t16_arrow():
    """T16 / FT 13.2: turn 5, 2d6 = 2 is an arrow: Box A's eleven units move to Box D (the highest
    class connected); Segment J is enabled."""
    m = blank(turn=5)
    for c in range(101, 110):
        nva(m, 66, c, "ZA")
    nva(m, 33, 101, "ZA")
    nva(m, 33, 102, "ZA")
    stack(m, {"s": "offboard", "into": "arrow"})
    dice(m, 1, 1)
    run(m)
    turn = {"s": "turn", "arrow": S(m)["stack"][0]["arrow"]}  # the result, as it comes back to the turn
    assert len(B.of_kind(S(m), "ZD", "nva")) == 11 and turn["arrow"]
    assert not _skips(m, "td", "J", turn)


def test_t17_target_determination():
    """T17 / FT 13.32, 13.4: 66th in Box C, a US stack at C3: die 3 <= 4 sends 101-106 (C3 full),
    107-109 stay; the ambush check 4 <= 4 succeeds and is resolved at the end of H."""
    m = blank()
    for c in range(101, 110):
        nva(m, 66, c, "ZC")
    for co in "AB":
        put(m, "2-7" + co, "C3")
    stack(m, {"s": "td", "seg": "H"})
    dice(m, 3, 4, 1)
    run(m)
    assert all(loc(m, f"n66-{c}") == "C3" for c in range(101, 107))
    assert all(loc(m, f"n66-{c}") == "ZC" for c in range(107, 110))
    assert log_has(m, "FT 13.4", "AMBUSH")
    assert all(U(m, f"n66-{c}").get("amb") for c in range(101, 107))


def test_t17b_second_stack():
    """T17b / FT 13.32: the first stack fails (5), the second succeeds (2); the next die is its ambush check."""
    m = blank()
    for c in range(101, 110):
        nva(m, 66, c, "ZC")
    put(m, "2-7A", "C3")
    stack(m, {"s": "td", "seg": "H"})
    dice(m, 5, 2, 6)
    run(m)
    assert all(loc(m, f"n66-{c}") == "C3" for c in range(107, 110)) and loc(m, "n66-101") == "ZC"
    assert not left(m)


def test_t18_t19_multiple_targets_order():
    """T18, T19 / FT 13.34: [G4, G3, G5, G2] with 2/7 at G2; with 2/7 at G5: G4, G5, G3."""
    m = blank()
    for co in "ABCD":
        put(m, "2-7" + co, "G2")
    assert N.td_targets(S(m), "G") == ["G4", "G3", "G5", "G2"]
    for co in "ABCD":
        put(m, "2-7" + co, "G5")
    assert N.td_targets(S(m), "G") == ["G4", "G5", "G3"]


def test_t20_contacted_movement_rating():
    """T20 / FT 13.51: six NVA at D3: D3 = 2, D2 = 3 (camp, road, class; the garrison is not 'US
    units', A51), A2 = 0, C1 = 0; the group moves to D2; no Segment L check at a camp (13.6)."""
    m = blank()
    s = S(m)
    g6 = [nva(m, 33, 101 + i, "D3") for i in range(6)]
    cset = ["D3", "A2", "C1", "D2"]
    assert [N.rate(s, l, cset, g6, False) for l in cset] == [2, 0, 0, 3]
    stack(m, {"s": "nva_move", "into": "l_check"})
    dice(m)
    run(m)
    assert all(loc(m, x) == "D2" for x in g6) and S(m)["stack"][0]["l_check"] == []  # its result: none for L


def test_t21_evasion_destination():
    """T21 / FT 13.7: a unit evading from C6 goes to Zone Box C, Identified."""
    m = blank()
    x = nva(m, 66, 101, "C6", step=4)
    stack(m, {"s": "evasion"})
    dice(m, 1)
    run(m)
    assert loc(m, x) == "ZC"


def test_t22_vp_cumulative():
    """T22 / FT 15.0: broken (-1) then eliminated (-2): -3."""
    m = blank()
    x = nva(m, 32, 101, "F4", step=3)
    B.nva_step(ctx(m), x, "t")
    B.nva_step(ctx(m), x, "t")
    assert S(m)["vp"] == -3 and loc(m, x) == B.ELIM


def test_t24_pleiku_zone():
    """T24 / FT 13.33: the Pleiku box sends its lowest units (six) to Pleiku without a roll; no ambush
    check (FT 11.34)."""
    m = blank()
    for c in range(101, 107):
        nva(m, 32, c, "ZP")
    nva(m, 33, 101, "ZP")
    nva(m, 33, 102, "ZP")
    put(m, "1-8A", "PLEIKU")
    stack(m, {"s": "td", "seg": "H"})
    run(m)
    assert all(loc(m, f"n32-{c}") == "PLEIKU" for c in range(101, 107)) and loc(m, "n33-101") == "ZP"
    assert not any(e.get("dice") for e in m["log"])


def test_t25_t26_turn_15_and_j_skip():
    """T25, T26 / FT 4.12, 4.14 (A1): turn 15 skips the Intelligence Phase and Segments I and J; J
    runs only after an arrow; result 2B on turn 5 places the 32nd in Box B."""
    m = blank(turn=15)
    assert _skips(m, "intel") and _skips(m, "offboard") and _skips(m, "td", "J", {"s": "turn", "arrow": True})
    assert not _skips(m, "td", "H")
    m = blank(turn=5)
    stack(m, {"s": "offboard", "into": "arrow"})
    dice(m, 4, 6)
    run(m)
    turn = {"s": "turn", "arrow": S(m)["stack"][0]["arrow"]}
    assert loc(m, "n32-101") == "ZB" and turn["arrow"] is False
    assert _skips(m, "td", "J", turn) and "arrow" not in turn  # the turn takes the result as it reads it


def _skips(m, step, seg=None, turn=None):
    """The sequence of play (turn.Turn) passes the row of `step` (its segment `seg`) by, the turn's
    frame being `turn`."""
    row = next(r for r in T.SEQUENCE if r.step == step and r.data.get("seg") == seg)
    return R.flow.get("turn").skip(ctx(m), turn or {"s": "turn"}, row)


def test_t27_t28_table_lookups():
    """T27, T28 / FT 13.2, 5.1: off-board turn 1: 2 = 3D, 11 = 6CAM, 12 = 23B, 7 = dot; turn 14:
    11 = arrow. Intelligence: (1,6) D, (14,6) H, (12,5) J, (2,4) C."""
    off = TABLES["offboard"]["cells"]
    assert [off["2"][0], off["11"][0], off["12"][0], off["7"][0], off["11"][13]] == ["3D", "6CAM", "23B", ".", ">"]
    s = S(blank(turn=1))
    assert US.identify_box(s, 6) == "D"
    for turn, d, z in ((14, 6, "H"), (12, 5, "J"), (2, 4, "C")):
        s["turn"] = turn
        assert US.identify_box(s, d) == z


def test_t30_us_ambush():
    """T30 / FT 11.31, 11.32 (A2): HOLD stack (1st Bde, eff 5), entering NVA eff 3: difference 2; a 2
    ambushes, a 3 does not; unsupplied: no check."""
    for die, hit, sup in ((2, True, True), (3, False, True), (None, False, False)):
        m = blank()
        for co in "AB":
            put(m, "1-8" + co, "F2", hold=True)
        if sup:
            supply(m, "F2")
        x = nva(m, 32, 101, "F1", step=2)
        dice(m, *([die] if die else []))
        U(m, x)["loc"] = "F2"
        g = ctx(m)
        assert bool(N.us_ambush_check(g, "F2", [x])) == hit


def test_t31_nva_ambush_rules():
    """T31 / FT 11.34, 13.6: a HOLD stack cannot be ambushed by Contacted NVA; without HOLD at a
    plain location it can; never in Pleiku or an intact camp."""
    m = blank()
    s = S(m)
    put(m, "2-7A", "F4", hold=True)
    assert B.ambushable(s, "F4", by_contacted=True) == []
    U(m, "2-7A")["hold"] = False
    assert B.ambushable(s, "F4", by_contacted=True) == ["2-7A"]
    put(m, "2-7B", "PLEIKU")
    assert B.ambushable(s, "PLEIKU", by_contacted=False) == []
    put(m, "2-7C", "D2")
    assert B.ambushable(s, "D2", by_contacted=False) == []


def test_t32_b52_legality():
    """T32 / FT 5.8, 7.0: no B-52 on Pleiku or where US infantry is; no B-52 and Tac Air on one target;
    two B-52 together cost 4 CP; no third B-52."""
    m = blank()
    nva(m, 32, 101, "F4")
    nva(m, 32, 102, "PLEIKU")
    nva(m, 32, 103, "F1")
    put(m, "2-7A", "F1")
    stack(m, {"s": "seg_b"})
    st = acts(m, "strike")
    assert not any(a["to"] == "PLEIKU" and a["air"] == "b52" for a in st)
    assert not any(a["to"] == "F1" for a in st)
    dice(m, *([6] * 10))
    do(m, {"t": "strike", "to": "F4", "air": "b52", "n": 2})
    assert S(m)["cp"] == 16 and not any(a["air"] == "b52" for a in acts(m, "strike"))
    assert not any(a["to"] == "F4" for a in acts(m, "strike"))


def test_strike_leaves_a_marker_until_the_next_assault_phase_ft_7_21_ft_7_22():
    """FT 7.21, 7.22 (issue 9): a strike leaves a marker in the view where it struck, with its CRT
    results as logged (a zone-box miss reads "missed"); the next American Assault Phase clears it."""
    m = blank()
    nva(m, 32, 101, "F4")
    stack(m, {"s": "seg_b"})
    dice(m, 6)
    do(m, {"t": "strike", "to": "F4", "air": "tac", "n": 1})
    crt_lines = [e["text"] for e in m["log"] if e.get("kind") == "combat" and ": result " in e["text"]]
    marks = M.view(R, m)["strikes"]
    assert len(marks) == 1 and marks[0]["at"] == "F4" and marks[0]["who"] == "Tac Air", marks
    assert marks[0]["result"] == crt_lines[-1].rsplit("result ", 1)[1]
    for c in range(101, 104):
        nva(m, 66, c, "ZE")
    if S(m)["stack"][-1]["s"] != "seg_b":
        stack(m, {"s": "seg_b"})
    dice(m, 4, 2)
    do(m, {"t": "strike", "to": "ZE", "air": "b52", "n": 1})
    marks = M.view(R, m)["strikes"]
    assert [x["at"] for x in marks] == ["F4", "ZE"] and marks[1]["result"] == "missed", marks
    supply_segment = next(r for r in T.SEQUENCE if r.step == "seg_a")
    R.flow.get("turn").row_start(ctx(m), {"s": "turn"}, supply_segment)  # the next assault phase begins
    assert M.view(R, m)["strikes"] == [] and "strikes" not in S(m)


def test_buy_no_supply_warns_when_infantry_is_out_of_supply_ft_5_2():
    """FT 5.2, 6.1 (issue 9 item 5): "Buy no supply" warns when infantry on the map is out of
    supply and An Khe holds no supply counter to send; with one there it does not."""
    m = blank()
    put(m, "2-7A", "F4")
    stack(m, {"s": "seg_a", "p": 1})
    done = next(a for a in M.legal_actions(R, m) if a["t"] == "done")
    assert done["warn"].startswith("Buy no supply? 1 infantry unit(s)") and "FT 5.2" in done["warn"], done
    put(m, B.of_kind(S(m), B.POOL, "sup")[0], B.ANKHE)
    done = next(a for a in M.legal_actions(R, m) if a["t"] == "done")
    assert "warn" not in done, done


def test_t33_stacking():
    """T33 / FT 8.2, 8.3 (A16): 1/8 A + 2/7 B ok; + 1/12 C refused; 1/8 A-D ok, with the garrison ok;
    never a 7th NVA unit."""
    m = blank()
    s = S(m)
    put(m, "1-8A", "F4")
    put(m, "2-7B", "F4")
    assert B.stack_ok(s, "F4") and not B.stack_ok(s, "F4", ["1-12C"])
    for co in "ABCD":
        put(m, "1-8" + co, "D2")
    U(m, "2-7B")["loc"] = B.ANKHE
    assert B.stack_ok(s, "D2")
    for i in range(6):
        nva(m, 32, 101 + i, "F6")
    assert B.room(s, "F6") == 0


def test_t34_supply_consumption():
    """T34 / FT 6.3, 4.5: a full marker becomes half after one combat and is removed in the Final
    Supply Phase; the stack is then unsupplied (+1 fatigue per line, NVA +4)."""
    m = blank()
    put(m, "2-7A", "F2")
    sp = supply(m, "F2")
    B.spend_supply(ctx(m), "F2", ["inf"], "combat")
    assert U(m, sp)["step"] == 1
    stack(m, {"s": "final_supply"})
    run(m)
    assert loc(m, sp) == B.POOL and not B.supplied(S(m), "2-7A")
    x = nva(m, 32, 101, "F2")
    col, notes = nva_fire_column(S(m), "F2", [x], ["2-7A"])
    assert "unsupplied target +4" in notes


def test_t35_supply_overrun():
    """T35 / FT 6.4 (A43): a marker alone when an NVA unit at step 3 enters: removed, the unit regains
    a step; a full-strength unit gains nothing."""
    m = blank()
    sp = supply(m, "F5")
    x = nva(m, 32, 101, "F5", step=3)
    B.overrun(ctx(m), "F5", [x])
    assert loc(m, sp) == B.POOL and U(m, x)["step"] == 2
    sp = supply(m, "F6")
    y = nva(m, 32, 102, "F6")
    B.overrun(ctx(m), "F6", [y])
    assert loc(m, sp) == B.POOL and U(m, y)["step"] == 1


def test_t36_gunship():
    """T36 / FT 11.41: result 3 with a gunship present: +2 casualty points, 3 fatigue; 2B with both
    units holding: 2 saves halved to 1."""
    m = blank()
    put(m, "1-8A", "F2")
    put(m, "gs1", "F2")
    stack(m, {"s": "us_hit", "rolled": [], "loc": "F2", "res": "3", "units": ["1-8A"], "helis": ["gs1"]})
    run(m)
    assert S(m)["cas"] == 2 and U(m, "1-8A")["fat"] == 3
    m = blank()
    put(m, "1-8A", "F2")
    put(m, "1-8B", "F2")
    put(m, "gs1", "F2")
    stack(m, {"s": "us_hit", "rolled": [], "loc": "F2", "res": "2B", "units": ["1-8A", "1-8B"], "helis": ["gs1"]})
    dice(m, 1, 1)
    run(m)
    answer(m, t="unit", unit="1-8A")
    assert S(m)["cas"] == 1


def test_t37_movement_fatigue():
    """T37 / FT 12.1, 12.2 (A27): brown line +2 (+3 unsupplied); two road lines 0 (+2 unsupplied)."""
    m = blank()
    put(m, "1-8A", "A4")
    supply(m, "A4")
    assert US.move_paths(S(m), "1-8A")["A5"][1] == 2
    m = blank()
    put(m, "1-8A", "A4")
    assert US.move_paths(S(m), "1-8A")["A5"][1] == 3
    put(m, "1-8A", "F1")
    assert US.move_paths(S(m), "1-8A")["F6"][1] == 2
    supply(m, "F1")
    assert US.move_paths(S(m), "1-8A")["F6"][1] == 0


def test_t38_road_move_stop():
    """T38 / FT 10.1: NVA at F4 stop a road move F1 -> F4 -> F6."""
    m = blank()
    put(m, "1-8A", "F1")
    assert "F6" in US.move_paths(S(m), "1-8A")
    nva(m, 32, 101, "F4")
    paths = US.move_paths(S(m), "1-8A")
    assert "F6" not in paths and "F4" in paths


def test_t39_helicopter_status():
    """T39 / FT 9.3-9.5 (A10, A46): ready -> fatigued after a flight; fatigued flying again -> Refit;
    not flying again -> ready after O; a helicopter in Refit costs 1 CP to bring back in O."""
    m = blank()
    U(m, "tr1")["used"] = True
    T.segment_end(ctx(m), "C")
    assert U(m, "tr1")["st"] == 1 and loc(m, "tr1") == B.ANKHE
    U(m, "tr1")["used"] = True
    T.segment_end(ctx(m), "G")
    assert loc(m, "tr1") == B.REFIT
    U(m, "tr2")["st"] = 1
    stack(m, {"s": "maint"})
    run(m)
    assert U(m, "tr2")["st"] == 0
    do(m, {"t": "refit", "heli": "tr1"})
    assert loc(m, "tr1") == B.ANKHE and S(m)["cp"] == 19


def test_t40_airstrike_on_zone_box():
    """T40 / FT 7.22: 8 units in Box E; dice 4, 4: the six lowest are attacked one by one (row =
    die + 1); dice 4, 2: wasted."""
    m = blank()
    for c in range(101, 109):
        nva(m, 66, c, "ZE")
    stack(m, {"s": "seg_b"})
    dice(m, 4, 4, *([1] * 6))
    do(m, {"t": "strike", "to": "ZE", "air": "tac", "n": 1})
    assert S(m)["cp"] == 18 and not left(m)
    assert sum(1 for e in m["log"] if e.get("rule") == "FT 7.22" and e.get("dice")) == 8
    m = blank()
    for c in range(101, 109):
        nva(m, 66, c, "ZE")
    stack(m, {"s": "seg_b"})
    dice(m, 4, 2)
    do(m, {"t": "strike", "to": "ZE", "air": "tac", "n": 1})
    assert log_has(m, "FT 7.22", "wasted")


def test_t41_t42_garrison_and_location_vp():
    """T41, T42 / FT 13.71, 13.72, 15.0: four NVA in Plei Me without US units: two garrison under HOLD;
    Plei Me scores +3 +1; road F4 (3 units) and J1 (with US units) +1 each (A7d)."""
    m = blank()
    U(m, "sfG4")["loc"] = B.ELIM
    for i in range(4):
        nva(m, 33, 101 + i, "G4")
    N.garrisons(ctx(m))
    assert [U(m, f"n33-{101 + i}").get("gar", False) for i in range(4)] == [True, True, False, False]
    for i in range(3):
        nva(m, 32, 101 + i, "F4")
    nva(m, 66, 101, "J1")
    put(m, "2-7A", "J1")
    S(m)["vp"] = 0
    N.score_locations(ctx(m))
    assert S(m)["vp"] == 4 + 1 + 1


def test_t43_nva_step_loss_order():
    """T43 / CRT #: 4 steps on 101 (1), 102 (1), 105/66 (3): 101, 102, 105 (broken, -1 VP), 101."""
    from game.rules.first_team.combat import nva_result
    m = blank()
    a = nva(m, 32, 101, "F4")
    b = nva(m, 32, 102, "F4")
    c = nva(m, 66, 105, "F4", step=3)
    nva_result(ctx(m), "F4", "4", [a, b, c], "t")
    assert [U(m, x)["step"] for x in (a, b, c)] == [3, 2, 4] and S(m)["vp"] == -1


def test_t44_nva_retreat():
    """T44 / CRT R (A22): from C3 (C1 empty, C2 US, C4 empty, C6 NVA) to C1; with nowhere to go the
    lowest company loses a step."""
    from game.rules.first_team.combat import nva_retreat
    m = blank()
    x = nva(m, 32, 101, "C3")
    put(m, "2-7A", "C2")
    nva(m, 32, 102, "C6")
    nva_retreat(ctx(m), "C3", [x])
    assert loc(m, x) == "C1"
    m = blank()
    x = nva(m, 32, 101, "C3")
    for l, i in (("C1", 3), ("C2", 4), ("C4", 5), ("C6", 6)):
        nva(m, 32, 100 + i, l)
    nva_retreat(ctx(m), "C3", [x])
    assert loc(m, x) == "C3" and U(m, x)["step"] == 2


def test_t45_night_attack():
    """T45 / FT 11.25 (A5): in M the night die 3 gives +3; ambushes in L make no night roll."""
    m = blank()
    put(m, "2-7A", "F2")
    supply(m, "F2")
    nva(m, 32, 101, "F2")
    stack(m, {"s": "nva_combat"})
    dice(m, 3)
    run(m)
    assert step_name(m) == "m_support" and S(m)["stack"][-1]["night"]
    assert log_has(m, "FT 11.25", "night attack")
