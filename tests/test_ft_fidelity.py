"""First Team: Vietnam, issue 10 ("rules fidelity"): each finding a test naming its section, each
failing on the code before its fix."""
from game.engine import match as M
from game.rules.first_team import board as B
from game.rules.first_team.data import OPTIONS

from .ft_helpers import R, S, U, answer, blank, ctx, dice, do, halted, log_has, loc, nva, put, run, stack, start


def test_12_6_excess_fatigue_is_lost_when_a_unit_breaks():
    """FT 12.6: at fatigue 4, three more steps (unsupplied across a brown line) break the company at
    the fifth; the broken side has all fatigue removed and the other two steps are lost."""
    m = blank()
    u = U(m, "1-8A")
    u["fat"] = 4
    assert B.add_fatigue(ctx(m), "1-8A", 3, "movement", "FT 12.1") is True
    assert u["brk"] and u["fat"] == 0 and u["loc"] != B.ELIM and S(m)["vp"] == 1


def test_12_6_a_broken_unit_takes_no_more_fatigue_from_the_result_that_broke_it():
    """FT 12.5 / 12.6: combat fatigue 3 on two companies; the one at 4 breaks with the first point;
    the other two points must go to the other company (never onto the broken side)."""
    m = blank()
    put(m, "1-8A", "F2", fat=4)
    put(m, "1-8B", "F2")
    stack(m, {"s": "us_hit", "rolled": [], "loc": "F2", "res": "3", "units": ["1-8A", "1-8B"], "helis": []})
    run(m)
    answer(m, t="fatigue", unit="1-8A")
    a, b = U(m, "1-8A"), U(m, "1-8B")
    assert a["brk"] and a["fat"] == 0
    run(m)
    assert halted(m) and b["fat"] == 2 and a["fat"] == 0 and a["loc"] == "F2"


def test_12_6_broken_unit_reaching_five_is_eliminated_once():
    """FT 12.6: a broken company at 3 given four steps is eliminated at the fifth; nothing more."""
    m = blank()
    u = U(m, "1-8A")
    u["brk"], u["fat"] = True, 3
    assert B.add_fatigue(ctx(m), "1-8A", 4, "retreat", "FT 12.1") is True
    assert u["loc"] == B.ELIM and S(m)["vp"] == S(m)["options"]["vp_company"]


def test_11_29_nva_attacked_solely_by_helicopters_may_not_support():
    """FT 11.29: "NVA units being attacked solely by helicopters may not be used to support." ARA
    attack alone at D5 and a ground attack at D2 (Duc Co): the NVA at D5, adjacent to D2, add no
    supporting column there; without the ARA attack they would."""
    from game.rules.first_team import nva as N

    from .ft_helpers import nva as put_nva
    m = blank()
    put(m, "1-7B", "D2")
    put_nva(m, 32, 102, "D2")
    put_nva(m, 32, 103, "D5")
    assert N.nva_support_plan(S(m), ["D2"]) == {"D2": ["D5"]}
    assert N.nva_support_plan(S(m), ["D2"], barred=["D5"]) == {"D2": []}
    stack(m, {"s": "us_combat", "attacks": [{"loc": "D2", "alone": False, "sup": {}},
                                            {"loc": "D5", "alone": True, "sup": {"ara": []}}]})
    R.flow.get("us_combat").run(ctx(m), S(m)["stack"][-1])  # the NVA support plan
    R.flow.get("us_combat").run(ctx(m), S(m)["stack"][-1])  # the first declared attack: D2
    top = S(m)["stack"][-1]
    assert top["s"] == "fight" and top["loc"] == "D2" and top["nsup"] == 0


def _end_turn_cambodia_points(m):
    from .ft_helpers import log_has
    stack(m, {"s": "end_turn"})
    R.flow.get("end_turn").run(ctx(m), S(m)["stack"][-1])
    return log_has(m, "FT 16.1", "American forces in Cambodia")


def test_16_1_pathfinders_left_in_cambodia_score_ft_14_1():
    """FT 16.1 "American units ... present in Cambodia" (issue 44 item 14): the pathfinders are an
    American unit (FT 14.1: eliminated, they "count as one company destroyed"): left at CAM2 at the
    end of the turn they score 10 the first turn; flown into Cambodia and back within a turn, they
    score all the same."""
    m = blank(options={"cambodia": True})
    put(m, "pf", "CAM2")
    assert _end_turn_cambodia_points(m) and S(m)["vp"] == 10
    m = blank(options={"cambodia": True})
    start(m, {"s": "transport_segment", "seg": "C"})
    do(m, {"t": "pathfinder", "heli": "tr1", "to": "CAM2"})
    do(m, {"t": "pathfinder", "heli": "tr2", "to": B.ANKHE})
    assert loc(m, "pf") == B.ANKHE and _end_turn_cambodia_points(m) and S(m)["vp"] == 10


def test_16_1_infantry_in_cambodia_scores_ten_the_first_turn():
    m = blank(options={"cambodia": True})
    put(m, "1-8A", "CAM2")
    assert _end_turn_cambodia_points(m) and S(m)["vp"] == 10


def _box_strike(choice, d1, d2):
    """A Tac Air strike on the Cambodia Zone Box, its two dice d1 (where the NVA are) and d2 (where it
    falls, FT 7.22), under the ruling R-CAM1 = choice (None: its default): does the turn score
    Cambodia points?"""
    m = blank(options={"cambodia": True, **({"cambodia_box_strike_presence": choice} if choice else {})})
    nva(m, 32, 101, "ZCAM")
    stack(m, {"s": "seg_b"})
    dice(m, d1, d2, 6)
    M.apply(R, m, {"t": "strike", "to": "ZCAM", "air": "tac", "n": 1})
    return _end_turn_cambodia_points(m)


def test_16_1_airstrike_on_the_cambodia_zone_box_ruling_r_cam1_ft_7_22():
    """FT 16.1 scores "airstrikes ... present in Cambodia"; FT 7.22's second die is "where the
    airstrike actually falls", one of Cambodia's six locations (ruling R-CAM1, issue 44 item 14): by
    default a strike on the Cambodia Zone Box scores whether its dice agree or not ("counts"); with
    "attack_only" only when they agree and an attack occurs; with "never" (the Zone Box off the map)
    never."""
    assert _box_strike(None, 3, 5) and _box_strike(None, 4, 4)
    assert _box_strike("counts", 3, 5) and _box_strike("counts", 4, 4)
    assert not _box_strike("attack_only", 3, 5) and _box_strike("attack_only", 4, 4)
    assert not _box_strike("never", 3, 5) and not _box_strike("never", 4, 4)
    assert next(o for o in OPTIONS if o["id"] == "cambodia_box_strike_presence")["default"] == "counts"


def test_16_1_ara_attacking_alone_in_cambodia_scores_ft_11_4():
    """FT 16.1, 11.4, 9.7 (issue 44 item 14): an ARA company attacking alone at CAM2 is an American
    unit present in Cambodia, "treated like airstrikes" (11.4): scrambled there in the Support
    Segment, its turn scores 10."""
    m = blank(options={"cambodia": True})
    nva(m, 32, 101, "CAM2")
    stack(m, {"s": "support", "into": "attacks"})
    do(m, {"t": "ara_alone", "loc": "CAM2"})
    assert loc(m, "ara1") == "CAM2"
    do(m, {"t": "done"})
    dice(m, 6, 6, 6, 6, 6, 6)
    start(m, {"s": "us_combat", "attacks": S(m)["stack"][0]["attacks"]})
    assert log_has(m, "FT 9.7", "attack alone at CAM2")
    assert _end_turn_cambodia_points(m) and S(m)["vp"] == 10


def test_16_1_a_retreat_into_cambodia_scores_ft_11_2():
    """FT 16.1, CRT R (issue 44 item 14: any American presence): a company that retreats from D1 into
    CAM2 has been in Cambodia this turn, even if it is gone by the turn's end."""
    m = blank(options={"cambodia": True})
    put(m, "1-8A", "D1")
    nva(m, 66, 101, "D2")  # D1's other neighbours are closed
    nva(m, 66, 102, "D5")
    start(m, {"s": "us_retreat", "loc": "D1", "pend": ["1-8A"], "moved": []})  # (its only way out: no question)
    assert loc(m, "1-8A") == "CAM2" and log_has(m, "FT 11.2 (R)", "retreats from D1")
    put(m, "1-8A", "D1")  # (it moves on later in the turn)
    assert _end_turn_cambodia_points(m) and S(m)["vp"] == 10


def test_16_1_a_company_in_cambodia_at_the_turns_start_scores_though_it_leaves():
    """FT 16.1 "each turn thereafter, in which American units ... are present in Cambodia" (issue 44
    item 14): a company left at CAM2 by turn 1 is there as turn 2 begins; flown out during the
    turn, the turn scores 5 all the same."""
    m = blank(options={"cambodia": True}, turn=2)
    S(m)["cam_turns"] = 1
    put(m, "1-8A", "CAM2")
    start(m, {"s": "turn", "i": 0})  # to its first decision (the Intelligence Phase)
    put(m, "1-8A", B.ANKHE)  # (gone before the turn's end)
    assert _end_turn_cambodia_points(m) and S(m)["vp"] == 5


def _two_stacks_at_duc_co():
    """The camp garrison at Duc Co with its own full marker (set-up), and a 1/7 stack that brought a
    full marker of its own."""
    from .ft_helpers import supply
    m = blank()
    S(m)["units"]["sup01"]["camp"] = True  # blank() keeps the camp's marker at D2 (FT 6.3 set-up)
    put(m, "1-7A", "D2")
    put(m, "1-7B", "D2")
    own = supply(m, "D2")
    return m, own


def test_6_3_each_stack_spends_its_own_marker_in_the_final_supply_phase():
    """FT 6.3: "A supply unit may supply either one stack of American infantry ... or one Special
    Forces Camp Garrison": each stack reduces its own marker; two half markers remain and both stacks
    stay supplied (before: the pool spent one marker twice and left the 1/7 stack unsupplied)."""
    m, own = _two_stacks_at_duc_co()
    stack(m, {"s": "final_supply"})
    run(m)
    assert U(m, "sup01")["step"] == 1 and U(m, own)["step"] == 1 and U(m, own)["loc"] == "D2"
    assert B.supplied(S(m), "1-7A") and B.supplied(S(m), B.garrison_at(S(m), "D2"))


def test_6_3_combat_spends_the_infantry_stacks_own_marker():
    """FT 6.3: the 1/7 stack fights at Duc Co: its own marker goes to half; the camp's marker is
    untouched, and a carried marker leaves the camp's with the garrison."""
    from game.rules.first_team.combat import involved_supply
    m, own = _two_stacks_at_duc_co()
    U(m, "sup01")["step"] = 1  # the camp's marker is already half
    involved_supply(ctx(m), {"loc": "D2", "us_f": ["1-7A", "1-7B"], "us_t": ["1-7A", "1-7B"], "sup": {}})
    assert U(m, own)["step"] == 1 and U(m, "sup01")["step"] == 1 and U(m, "sup01")["loc"] == "D2"
    assert B.supplied(S(m), "1-7A") and B.supplied(S(m), B.garrison_at(S(m), "D2"))


def test_14_1_the_pathfinders_may_retreat_or_stay():
    """FT 14.1: "If stacked with units that are ambushed and forced to retreat, the pathfinder MAY
    retreat": once the companies have retreated from H5 the player chooses (before: they always
    followed the first company out)."""
    from .ft_helpers import acts, loc as where, nva as put_nva
    for choice, end in (("pf_go", "H2"), ("pf_stay", "H5")):
        m = blank(cp=0)
        put(m, "1-8A", "H5")
        pf = next(x for x, u in S(m)["units"].items() if u["k"] == "pf")
        put(m, pf, "H5")
        put_nva(m, 32, 101, "H4")
        stack(m, {"s": "us_retreat", "loc": "H5", "pend": ["1-8A"], "moved": []})
        run(m)
        if acts(m, "retreat"):
            answer(m, t="retreat", unit="1-8A", to="H2")
        assert where(m, pf) == "H5" and {a["t"] for a in acts(m)} == {"pf_go", "pf_stay"}
        answer(m, **({"t": "pf_go", "to": "H2"} if choice == "pf_go" else {"t": "pf_stay"}))
        assert where(m, pf) == end and where(m, "1-8A") == "H2"


def test_8_2_a_road_move_passes_only_where_the_stack_could_stop():
    """FT 8.2, 10.1, 13.6 (ruling R-STK1, option road_pass_stacking): C/1/8 and A/2/12 at Plei Me
    (G4), D/2/7 at G5: the stack may not take the road through G5 to H2, since an ambush at G5 would
    leave three companies of two battalions there (found by the fuzzer). Alone, C/1/8 may."""
    from game.rules.first_team import us as US

    from .ft_helpers import acts
    for choice, offered in (("must_fit", False), ("end_only", True)):
        m = blank(options={"road_pass_stacking": choice})
        put(m, "1-8C", "G4")
        put(m, "2-12A", "G4")
        put(m, "2-7D", "G5")
        assert ["G5", "H2"] == US.move_paths(S(m), "1-8C")["H2"][0]
        stack(m, {"s": "ground"})
        moves = {(a["t"], a.get("from"), a.get("to")) for a in acts(m)}
        assert (("move_stack", "G4", "H2") in moves) is offered


def test_11_24_11_5_hold_shift_when_attacking_from_pleiku():
    """FT 11.24 / 11.5 / 11.51 (ruling R-HOLD1, option hold_shift): companies at Pleiku count as
    under HOLD and may attack; 11.24 adds the column whenever they fire (default), 11.5 only when
    firing defensively."""
    from game.rules.first_team.combat import us_fire_column

    from .ft_helpers import nva as put_nva
    for choice, attacking_bonus in (("when_firing", True), ("defensive_only", False)):
        m = blank(options={"hold_shift": choice})
        put(m, "1-8A", B.PLEIKU)
        n = put_nva(m, 32, 101, B.PLEIKU)
        _, notes = us_fire_column(S(m), B.PLEIKU, ["1-8A"], [n], {}, defending=False)
        assert ("firing from HOLD +1" in notes) is attacking_bonus
        _, notes = us_fire_column(S(m), B.PLEIKU, ["1-8A"], [n], {}, defending=True)
        assert "firing from HOLD +1" in notes


def test_9_3_the_player_chooses_a_ready_or_a_fatigued_transport():
    """FT 9.1, 9.3: with a ready and a fatigued transport company at An Khe, a lift may use either
    (before: the engine always flew the ready one). The fatigued one goes to Refit after flying."""
    from .ft_helpers import acts
    m = blank()
    trs = sorted(x for x, u in S(m)["units"].items() if u["k"] == "tr" and not u.get("r19"))
    U(m, trs[0])["st"] = 1  # fatigued
    stack(m, {"s": "transport", "seg": "C"})
    lifts = [a for a in acts(m, "lift") if a["unit"] == "1-8A" and a["to"] == B.PLEIKU]
    assert {U(m, a["heli"]).get("st", 0) for a in lifts} == {0, 1}
    from game.engine import match as M
    labels = [a["label"] for a in M.legal_actions(R, m) if a["t"] == "lift" and a["unit"] == "1-8A"]
    assert any("by a fatigued lift" in t for t in labels) and any("by a ready lift" in t for t in labels)
