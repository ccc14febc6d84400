"""Second-reader findings on combat and retreats (reviews A and B): supply judged as combat begins,
heliborne retreats, partial retreats, NVA R retreat and Pleiku, NVA artillery and AA (FT 6.3,
9.12, 11.2, 11.26, 14.1, 14.3, 16.2, 16.21; rulings A23, A70-A75)."""

from game.rules.first_team import board as B
from game.rules.first_team import combat as C
from game.rules.first_team import turn as T
from game.rules.first_team.data import ADJ

from .ft_helpers import S, U, acts, answer, at_part, blank, ctx, dice, do, log_has, loc, nva, put, run, stack, supply

PLEIKU_RING = ("H6", "I5", "I6", "J4", "J6")


def _surround_pleiku(m):
    """NVA in every location adjacent to Pleiku, so no ground retreat exists from it."""
    for i, l in enumerate(PLEIKU_RING):
        nva(m, 32, 102 + i, l)


def _retreat_at(m, where, units):
    stack(m, {"s": "us_retreat", "loc": where, "pend": list(units), "moved": []})
    run(m)


def _nva_fire_line(m):
    return [e["text"] for e in m["log"] if e["text"].startswith("NVA fire") and ": column " in e["text"]]


# --- supply judged as the combat begins (FT 6.3, 11.26) ------------------------------------------

def test_supply_spent_at_combat_does_not_unsupply_ft_6_3_11_26():
    """FT 6.3, 11.26: a stack supplied by a half marker spends it "at the instant of combat", but
    it was supplied as the combat began: no +4 for an unsupplied target. Control: no marker, +4."""
    m = blank()
    put(m, "2-7A", "F2")
    sp = supply(m, "F2", step=1)
    x = nva(m, 32, 101, "F2")
    C.start_fight(ctx(m), S(m)["stack"][-1], C.combat("F2", "ambush", "NVA", us_t=["2-7A"], n_f=[x]))
    dice(m, *[3] * 8)
    run(m)
    assert loc(m, sp) == B.POOL  # the marker was used up by the combat
    line = _nva_fire_line(m)
    assert line and "unsupplied target +4" not in line[0]

    m = blank()
    put(m, "2-7A", "F2")
    x = nva(m, 32, 101, "F2")
    C.start_fight(ctx(m), S(m)["stack"][-1], C.combat("F2", "ambush", "NVA", us_t=["2-7A"], n_f=[x]))
    dice(m, *[3] * 8)
    run(m)
    assert "unsupplied target +4" in _nva_fire_line(m)[0]


# --- A-5, B-11: which helicopter flies a heliborne retreat (FT 9.12, 9.3, 14.3) -----------------------

def test_heliborne_retreat_prefers_ready_transport_ft_9_3():
    """FT 9.12, 9.3 (A71): a ready transport is offered first and the player may fly it; the
    fatigued tr1 is not sent to Refit by a retreat it did not fly."""
    m = blank()
    U(m, "tr1")["st"] = 1
    put(m, "2-7A", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    _surround_pleiku(m)
    _retreat_at(m, "PLEIKU", ["2-7A"])
    helis = [a["heli"] for a in acts(m, "heli_retreat")]
    assert helis[0] == "tr2" and "tr1" in helis  # ready first; the fatigued class is the player's choice
    answer(m, t="heli_retreat", heli="tr2")
    assert loc(m, "2-7A") == B.ANKHE and S(m)["cp"] == 19
    T.segment_end(ctx(m), "C")
    assert loc(m, "tr1") == B.ANKHE and U(m, "tr1")["st"] == 1
    assert loc(m, "tr2") == B.ANKHE and U(m, "tr2")["st"] == 1


def test_heliborne_retreat_of_the_1_9_ft_14_3():
    """FT 14.3, 9.12: the 1/9 retreats free in its own tr19; a regular transport costs 1 CP like
    any lift, so with tr19 used and no CP there is no heliborne retreat (one unit breaks)."""
    m = blank(cp=0)
    put(m, "1-9", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    _surround_pleiku(m)
    _retreat_at(m, "PLEIKU", ["1-9"])
    assert [a["heli"] for a in acts(m, "heli_retreat")] == ["tr19"]
    answer(m, t="heli_retreat", heli="tr19")
    assert loc(m, "1-9") == B.ANKHE and S(m)["cp"] == 0 and U(m, "tr19")["used"] and not U(m, "tr1").get("used")

    m = blank(cp=1)
    U(m, "tr19")["used"] = True
    put(m, "1-9", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    _surround_pleiku(m)
    _retreat_at(m, "PLEIKU", ["1-9"])
    answer(m, t="heli_retreat", heli="tr1")
    assert loc(m, "1-9") == B.ANKHE and S(m)["cp"] == 0

    m = blank(cp=0)
    U(m, "tr19")["used"] = True
    put(m, "1-9", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    _surround_pleiku(m)
    _retreat_at(m, "PLEIKU", ["1-9"])
    assert U(m, "1-9")["brk"] and loc(m, "1-9") == "PLEIKU"


# --- A-6, B-3: the heliborne retreat is never forced (CRT R) ------------------------------------------

def test_heliborne_retreat_can_be_declined_crt_r():
    """CRT R (A23, A71): "If no unoccupied locations exist, and no helicopter transport are
    committed to the retreat, one American infantry unit is broken": the player may commit none."""
    m = blank()
    put(m, "2-7A", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    _surround_pleiku(m)
    _retreat_at(m, "PLEIKU", ["2-7A"])
    assert acts(m, "heli_retreat") and acts(m, "decline_heli")
    answer(m, t="decline_heli")
    assert U(m, "2-7A")["brk"] and loc(m, "2-7A") == "PLEIKU"
    assert S(m)["cp"] == 20 and not U(m, "tr1").get("used") and S(m)["vp"] == 1


def test_heliborne_retreat_player_picks_the_unit_crt_r():
    """CRT R, FT 9.12 (A70, A71): two companies, one CP: the player chooses which one is lifted
    out, then commits no more helicopters: the other breaks and stays."""
    m = blank(cp=1)
    put(m, "2-7A", "PLEIKU")
    put(m, "2-7B", "PLEIKU")
    nva(m, 32, 101, "PLEIKU")
    _surround_pleiku(m)
    _retreat_at(m, "PLEIKU", ["2-7A", "2-7B"])
    assert {a["unit"] for a in acts(m, "heli_retreat")} == {"2-7A", "2-7B"}
    answer(m, t="heli_retreat", unit="2-7B", heli="tr1")
    assert loc(m, "2-7B") == B.ANKHE and S(m)["cp"] == 0
    assert U(m, "2-7A")["brk"] and loc(m, "2-7A") == "PLEIKU"


# --- the pathfinders leave with the last company lifted out (FT 14.1) ----------------------------

def test_pathfinder_leaves_with_heliborne_retreat_ft_14_1():
    """FT 14.1 "the pathfinder may retreat" (A72): the last company at an LZ (a revealed LZ marker;
    the pathfinders' own LZ is closed by the Contacted NVA, 14.1) is lifted out; the pathfinders
    go with it to An Khe instead of being overrun (+25 VP)."""
    m = blank()
    put(m, "lz01", "C3", rev=True, valid=True)
    put(m, "pf", "C3")
    put(m, "1-8A", "C3")
    x = nva(m, 32, 101, "C3")
    for i, l in enumerate(sorted(ADJ["C3"])):
        nva(m, 33, 101 + i, l)
    stack(m, {"s": "fight", "rolled": [], "loc": "C3", "kind": "ambush", "att": "NVA", **at_part("fight", "nva_retreat"), "us_f": [],
              "us_t": ["1-8A"], "n_f": [x], "n_t": [], "sup": {}, "night": False, "nsup": 0, "helis": [],
              "r_us": "R", "r_nva": "-"})
    run(m)
    answer(m, t="heli_retreat", unit="1-8A")
    answer(m, t="pf_go", to=B.ANKHE)  # FT 14.1 "may": the player chooses
    assert loc(m, "1-8A") == B.ANKHE and loc(m, "pf") == B.ANKHE and S(m)["vp"] == 0
    assert log_has(m, "FT 14.1", "pathfinders choose to retreat")


# --- B-4: a partial retreat breaks one unit, of the player's choice (CRT R, A23, A70) ------------------

def test_partial_retreat_breaks_one_unit_crt_r():
    """CRT R (A23, A70): three companies, room for one: the player picks who retreats (any pending
    unit, not only the first); of the two left one breaks (the player's choice) and the other stays."""
    m = blank(cp=0)
    for co in "ABC":
        put(m, "1-8" + co, "H5")
    put(m, "2-7A", "H2")
    nva(m, 32, 101, "H4")
    _retreat_at(m, "H5", ["1-8A", "1-8B", "1-8C"])
    assert {a["unit"] for a in acts(m, "retreat")} == {"1-8A", "1-8B", "1-8C"}
    answer(m, t="retreat", unit="1-8B", to="H2")
    answer(m, t="unit", unit="1-8C")
    assert loc(m, "1-8B") == "H2"
    assert U(m, "1-8C")["brk"] and not U(m, "1-8A").get("brk") and loc(m, "1-8A") == "H5"
    assert S(m)["vp"] == 1


# --- B-2: an NVA R retreat never picks Pleiku by its number 0 (A22) ------------------------------------

def test_nva_retreat_not_into_pleiku_by_number_crt_r():
    """CRT R (A22): Pleiku has no location number: from H6 the NVA retreat to H4, not Pleiku;
    Pleiku is taken only when it is the only free adjacent location."""
    m = blank()
    x = nva(m, 32, 101, "H6")
    C.nva_retreat(ctx(m), "H6", [x])
    assert loc(m, x) == "H4"

    m = blank()
    x = nva(m, 32, 101, "H6")
    for i, a in enumerate(a for a in sorted(ADJ["H6"]) if a != B.PLEIKU):
        nva(m, 33, 101 + i, a)
    C.nva_retreat(ctx(m), "H6", [x])
    assert loc(m, x) == B.PLEIKU


# --- A-10, B-7: NVA AA against airstrikes, ARA alone and helicopters (FT 16.21, A73) -------------------

def test_aa_against_tac_air_strike_ft_16_21():
    """FT 16.21 (A73): a Tac Air strike on a location with NVA artillery, result with *: one Tac
    Air unit is permanently eliminated (+25 VP, an eliminated company)."""
    m = blank(options={"nva_artillery": True})
    x = nva(m, 32, 101, "F4", step=4)
    B.sync_nart(S(m))
    assert loc(m, "na32") == "F4"
    stack(m, {"s": "seg_b"})
    dice(m, 1)  # column 1 + 24 // 2 -> 11, row 1 + 1 = 2: 4*
    do(m, {"t": "strike", "to": "F4", "air": "tac", "n": 4})
    assert loc(m, x) == B.ELIM
    assert sum(1 for t in ("tac1", "tac2", "tac3", "tac4") if loc(m, t) == B.ELIM) == 1
    assert log_has(m, "FT 16.21", "destroys") and log_has(m, "FT 16.21", "+25 VP")


def test_aa_against_ara_alone_ft_16_21():
    """FT 16.21, 9.7: ARA attacking alone is an American helicopter in combat: with NVA artillery
    present and a * result, the ARA company is permanently eliminated."""
    m = blank(options={"nva_artillery": True})
    x = nva(m, 32, 101, "F4", step=4)
    B.sync_nart(S(m))
    put(m, "ara1", "F4", used=True)
    stack(m, {"s": "us_combat", "attacks": [{"loc": "F4", "alone": True, "sup": {"ara": ["ara1"]}}]})
    dice(m, 5)  # strike 8 (one ARA) on strength 2: column 5, row 6: 2*
    run(m)
    assert loc(m, "ara1") == B.ELIM and log_has(m, "FT 16.21", "destroys")


def test_aa_victim_player_choice_before_refit_ft_16_21():
    """FT 16.21, CRT * (A73): AA is applied before the * sends a helicopter to Refit; the player
    chooses the aircraft lost (gunship or observation helicopter); the * then sends the other to Refit."""
    m = blank(options={"nva_artillery": True})
    put(m, "1-8A", "F2")
    x = nva(m, 32, 101, "F2")
    B.sync_nart(S(m))
    put(m, "gs1", "F2", used=True)
    put(m, "oh1", "F2", used=True)
    stack(m, {"s": "fight", "rolled": [], "loc": "F2", "kind": "open", "att": "NVA", **at_part("fight", "nva_losses"), "us_f": [],
              "us_t": ["1-8A"], "n_f": [x], "n_t": [x], "sup": {}, "night": False, "nsup": 0,
              "helis": ["gs1", "oh1"], "r_us": "-*", "r_nva": "-", "unsup": []})
    run(m)
    assert {a["heli"] for a in acts(m, "aa")} == {"gs1", "oh1"}
    answer(m, t="aa", heli="oh1")
    run(m)
    assert loc(m, "oh1") == B.ELIM and loc(m, "gs1") == B.REFIT and S(m)["vp"] == 25

    # a single helicopter: the * cannot shield it from the AA
    m = blank(options={"nva_artillery": True})
    put(m, "1-8A", "F2")
    x = nva(m, 32, 101, "F2")
    B.sync_nart(S(m))
    put(m, "gs1", "F2", used=True)
    stack(m, {"s": "fight", "rolled": [], "loc": "F2", "kind": "open", "att": "NVA", **at_part("fight", "nva_losses"), "us_f": [],
              "us_t": ["1-8A"], "n_f": [x], "n_t": [x], "sup": {}, "night": False, "nsup": 0,
              "helis": ["gs1"], "r_us": "-*", "r_nva": "-", "unsup": []})
    run(m)
    assert loc(m, "gs1") == B.ELIM and S(m)["vp"] == 25


# --- B-12: NVA artillery, one shift per unit and the destroyed-regiment VP (FT 16.2, A74, A75) --------

def test_two_nva_artillery_units_two_shifts_ft_16_2():
    """FT 16.2 (A74): "Like American artillery" (+1 per battery): two unfired NVA artillery units
    present give +2 columns, and both are then fired."""
    m = blank(options={"nva_artillery": True})
    s = S(m)
    a = nva(m, 32, 101, "F2")
    b = nva(m, 33, 101, "F2")
    B.sync_nart(s)
    put(m, "1-8A", "F2")
    col, notes = C.nva_fire_column(s, "F2", [a, b], ["1-8A"])
    assert notes.count("NVA artillery +1") == 2
    assert U(m, "na32")["fired"] and U(m, "na33")["fired"]


def test_destroyed_regiment_scores_artillery_once_ft_16_2():
    """FT 16.2 (A75): the -3 VP is scored when the last company of the regiment is eliminated,
    even if the artillery died earlier with another company; withdrawn (OFF) companies are not
    destroyed, so then nothing is scored."""
    m = blank(options={"nva_artillery": True})
    s = S(m)
    regs = [u for u, v in s["units"].items() if v["k"] == "nva" and str(v["reg"]) == "32"]
    for u in regs:
        U(m, u).update(loc=B.ELIM, step=4)
    put(m, "na32", B.ELIM)
    U(m, "na32").pop("att", None)
    last = nva(m, 32, 102, "F2", step=4)
    g = ctx(m)
    B.eliminate_nva(g, last, "test", "FT 11.2")
    assert s["vp"] == -2 - 3
    B.regiment_destroyed(g, U(m, "na32")["reg"])
    assert s["vp"] == -5  # once

    m = blank(options={"nva_artillery": True})
    s = S(m)
    for u in regs:
        U(m, u).update(loc=B.ELIM, step=4)
    U(m, "n32-103")["loc"] = B.OFF
    put(m, "na32", B.ELIM)
    U(m, "na32").pop("att", None)
    last = nva(m, 32, 102, "F2", step=4)
    B.eliminate_nva(ctx(m), last, "test", "FT 11.2")
    assert s["vp"] == -2
