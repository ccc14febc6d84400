"""Events (MF 8.0-8.5) and every entry of the Events Chart, plus the Big Offensive (MF 28)."""

from game.rules.mike_force import board as B
from game.rules.mike_force.data import EVENTS, KINDS, TABLES

from .mf_helpers import (M, R, S, U, acts, answer, blank, com, dice, halted, lead, left, loc, log_has, put, rejects,
                         rolls, run, stack)


def fire_event(m, eid, *d, side="FW"):
    S(m)["events"] = [eid]
    dice(m, *d)
    stack(m, {"s": "events", "side": side})
    run(m)


# --- MF 8.0-8.5 ---------------------------------------------------------------------------------

def test_one_bin_and_disposition_mf_8_0_mf_8_2():
    """MF 8.0 / MF 8.2 / R-EV1: both Events Phases draw from one bin; a played marker is removed
    for good (each event once per game)."""
    m = blank("early", rp=10, ip=20, events=["saigon", "dblagent"])
    dice(m, 3)
    stack(m, {"s": "events", "side": "FW"})
    run(m)
    played = S(m)["events_played"]
    assert len(played) == 1 and played[0] not in S(m)["events"]
    assert len(S(m)["events"]) == 1
    dice(m, 3)
    stack(m, {"s": "events", "side": "COM"})
    run(m)
    assert S(m)["events"] == [] and sorted(S(m)["events_played"]) == ["dblagent", "saigon"]
    stack(m, {"s": "events", "side": "FW"})
    run(m)  # R-EV10: an empty bin is no event
    assert log_has(m, "MF 8.0", "empty")


def test_description_before_column_and_ip_floor_mf_8_1():
    """MF 8.1 / D14: Monsoon with IP 3 and die 5: IP -> 1 (an event cannot take IP below 1),
    RP 2 -> 0 (no deficit, MF 12.2); the description (conceal) comes first."""
    m = blank("early", rp=2, ip=3)
    c = com(m, "inf_bn", "NSN")
    fire_event(m, "monsoon", 5)
    assert S(m)["ip"] == 1 and S(m)["rp"] == 0 and not S(m)["over"]
    assert not U(m, c)["rev"]
    texts = [e["text"] for e in m["log"]]
    assert texts.index("All revealed Communist units are concealed") < \
        max(i for i, t in enumerate(texts) if "Monsoon: RP" in t)


def test_track_maximum_mf_8_1_mf_12_2():
    """MF 8.1 / MF 12.2: a level can go no higher than the track maximum (RP 28 + 6 -> 30 [RECON max])."""
    m = blank("early", rp=28, ip=20)
    fire_event(m, "saigon", 5)
    assert S(m)["rp"] == TABLES["rp_max"]["value"]


def test_event_precedence_and_recruits_free_mf_8_3_mf_8_4():
    """MF 8.3 / MF 8.4: event recruits cost no RP and ignore recruiting prerequisites; when the
    unit is not available there is no further effect."""
    m = blank("early", rp=0, ip=20)
    fire_event(m, "delta", 4)
    answer(m, t="recruit", kind="rt", to=B.NT)
    assert any(u["k"] == "rt" and u["loc"] == B.NT for u in S(m)["units"].values())
    assert S(m)["rp"] == 4  # the column (+d6) only
    m = blank("early", rp=0, ip=20)
    for u in S(m)["units"].values():
        if u["k"] in ("ateam", "rt"):
            u["loc"] = "DN"
    fire_event(m, "delta", 4)
    assert halted(m) and log_has(m, "MF 8.4", "no further effect")


def test_option_marker_excluded_mf_8_5():
    """MF 8.5 / R-EV2: the Option marker is out of the bin by default, in it with the flag."""
    from game.engine import match as M
    from .mf_helpers import R
    m = M.new_match(R, "early", 3)
    assert "option" not in S(m)["events"]
    m = M.new_match(R, "early", 3, {"include_option_event": True})
    assert "option" in S(m)["events"]
    m = blank("early", events=["option"])
    stack(m, {"s": "events", "side": "FW"})
    run(m)
    assert log_has(m, "MF 8.5", "no effect") and halted(m)


# --- the Events Chart, one by one --------------------------------------------------------------

def test_event_cia_support():
    """Events Chart: CIA Support: recruit an A-Team, gunship or White Star (Laos only, R-EV5)
    anywhere in SVN or Laos; +d6 RP."""
    m = blank("early", rp=5)
    fire_event(m, "cia", 3)
    a = acts(m)
    assert {x["kind"] for x in a} == {"ateam", "gunship", "ws"}
    assert all(B.region(x["to"]) == "LAOS" for x in a if x["kind"] == "ws")
    assert not any(B.region(x["to"]) in ("NVN", "DMZ") for x in a)
    answer(m, t="recruit", kind="gunship", to="KDC")
    assert any(u["k"] == "gunship" and u["loc"] == "KDC" for u in S(m)["units"].values())
    assert S(m)["rp"] == 8


def test_event_communist_reorganization_d24():
    """Events Chart: Communist Reorganization: all mobile units withdraw one space, all revealed
    units are concealed, +d6 IP (D24: IP 10, die 5 -> 15; no mobile units: no movement)."""
    m = blank("early", ip=10)
    s1 = com(m, "vc_inf", "B117", rev=True)
    fire_event(m, "reorg", 5)
    assert S(m)["ip"] == 15 and not U(m, s1)["rev"] and loc(m, s1) == "B117"
    m = blank("early", ip=10)
    u = com(m, "inf_bn", "NSN", rev=True)
    fire_event(m, "reorg", 5)
    assert loc(m, u) == "B117" and not U(m, u)["rev"]


def test_event_double_agent():
    """Events Chart: Double Agent: conceal all revealed Communist units; -d6 RP."""
    m = blank("early", rp=10)
    a = com(m, "inf_bn", "NSN")
    b = com(m, "depot", "B117")
    fire_event(m, "dblagent", 4)
    assert not U(m, a)["rev"] and not U(m, b)["rev"] and S(m)["rp"] == 6


def test_event_ho_chi_minh_trail():
    """Events Chart: Ho Chi Minh Trail: three mobile units by random placement (2d6 each, 7 = 604);
    +d6 IP."""
    m = blank("early", ip=10)
    fire_event(m, "hcm", 3, 4, 3, 4, 6, 6, 2)
    placed = [u for u in S(m)["units"].values() if B.on_map(u["loc"]) and B.is_com(u) and not B.is_garrison(u)]
    assert sorted(u["loc"] for u in placed) == ["B604", "B604", "VLI"]
    assert all(B.is_mobile(u) and not u.get("rev") for u in placed)
    assert S(m)["ip"] == 12


def test_event_i_corps_offensive():
    """Events Chart / R-EV6: I Corps Offensive: the player selects an axis; its mobile units move one
    space higher; two MACV units are picked and deployed on any major base (air units wait in
    Support Available); +d6 RP."""
    m = blank("offensive", rp=5)
    u = com(m, "inf_bn", "NSN")       # G4
    v = com(m, "inf_bn", "TDC")       # G3: not moved
    for x in list(S(m)["units"]):
        if S(m)["units"][x]["loc"] == B.SUP_POOL and S(m)["units"][x]["k"] not in ("usmc",):
            S(m)["units"][x]["loc"] = B.ASIDE
    fire_event(m, "icorps", 2)
    answer(m, t="axis", axis="G4")
    assert loc(m, u) == "B117" and loc(m, v) == "TDC"
    dests = {a["to"] for a in acts(m)}
    assert dests == {"DN", "HUE", "QTR", "KSN"}  # regardless of control (KSN is Communist)
    answer(m, t="deploy", to="KSN")
    answer(m, t="deploy", to="HUE")
    assert sorted(x["loc"] for x in S(m)["units"].values() if x["k"] == "usmc") == ["HUE", "KSN"]
    assert S(m)["rp"] == 7


def test_event_leader():
    """Events Chart / R-EV4: Leader: pick a leader from the box and deploy him with an SF unit."""
    m = blank("offensive")
    a = put(m, "ateam", "NSN")
    put(m, "usmc", "DN")
    fire_event(m, "leader")
    assert {x["unit"] for x in acts(m)} == {a}   # not the MACV unit
    answer(m, t="attach", unit=a)
    assert B.leader_of(S(m), a)


def test_event_laotian_situation():
    """Events Chart: Laotian Situation: odd -> recruit an RT or White Star in Laos; even -> select an
    FW unit in Laos and eliminate it (no BCP)."""
    m = blank("early", rp=5, ip=20)
    fire_event(m, "laos", 3)
    assert all(B.region(x["to"]) == "LAOS" and x["kind"] in ("rt", "ws") for x in acts(m))
    answer(m, t="recruit", kind="ws", to="B611")
    m = blank("early", rp=5, ip=20)
    a = put(m, "ateam", "TCH")
    put(m, "ateam", "NSN")
    fire_event(m, "laos", 4)
    assert {x["unit"] for x in acts(m)} == {a}
    answer(m, t="unit", unit=a)
    assert loc(m, a) == B.SF_POOL and S(m)["rp"] == 5 and S(m)["ip"] == 20 and halted(m)


def test_event_macv_sog():
    """Events Chart: MACV SOG: recruit an A-Team or RT in Nha Trang or Laos, then designate a Laos
    space and reveal every Communist unit in it."""
    m = blank("early")
    c1 = com(m, "inf_bn", "B611", rev=False)
    c2 = com(m, "depot", "B611", rev=False)
    fire_event(m, "sog")
    assert {x["to"] for x in acts(m)} == {B.NT} | {sp for sp in ("TCH", "B604", "B611", "B614", "PAN")}
    answer(m, t="recruit", kind="rt", to="TCH")
    assert {x["to"] for x in acts(m)} == {"TCH", "B604", "B611", "B614", "PAN"}
    answer(m, t="space", to="B611")
    assert U(m, c1)["rev"] and U(m, c2)["rev"]


def test_event_monsoon_single_die_both_tracks():
    """Events Chart: Monsoon: one die subtracted from both RP and IP; conceal all revealed units."""
    m = blank("early", rp=10, ip=20)
    fire_event(m, "monsoon", 4)
    assert (S(m)["rp"], S(m)["ip"]) == (6, 16)
    assert rolls(m, "MF 8.1") == [[4]]


def test_event_national_level_intelligence():
    """Events Chart: National Level Intelligence: designate a space; 1-2 no effect, 3-6 reveal all."""
    for die, revealed in ((2, False), (3, True)):
        m = blank("early")
        c = com(m, "inf_bn", "B117", rev=False)
        fire_event(m, "nli", die)
        answer(m, t="space", to="B117")
        assert U(m, c)["rev"] is revealed


def test_event_operation_phoenix():
    """Events Chart: Operation Phoenix: as National Level Intelligence, and recruit an RT anywhere
    in South Vietnam."""
    m = blank("phoenix")
    c = com(m, "inf_bn", "B117", rev=False)
    fire_event(m, "phoenix", 6)
    answer(m, t="space", to="B117")
    assert U(m, c)["rev"]
    assert all(x["kind"] == "rt" and B.region(x["to"]) == "SVN" for x in acts(m))
    answer(m, t="recruit", kind="rt", to="ASH")
    assert halted(m)


def test_event_prairie_fire():
    """Events Chart: Prairie Fire: recruit a Mike Force company or a helicopter on any SF camp, in
    Da Nang or Nha Trang; +d6 RP."""
    m = blank("early", rp=3)
    put(m, "camp", "NSN")
    fire_event(m, "prairie", 2)
    a = acts(m)
    assert {x["kind"] for x in a} == {"mf", "transport", "gunship"}
    assert {x["to"] for x in a} == {B.NT, "DN", "NSN"}
    answer(m, t="recruit", kind="mf", to="NSN")
    assert S(m)["rp"] == 5


def test_event_project_delta():
    """Events Chart: Project Delta: recruit an A-Team or RT on an SF camp, Da Nang or Nha Trang; +d6 RP."""
    m = blank("early", rp=3)
    put(m, "camp", "TCH")
    fire_event(m, "delta", 1)
    assert {x["to"] for x in acts(m)} == {B.NT, "DN", "TCH"}
    answer(m, t="recruit", kind="ateam", to="TCH")
    assert S(m)["rp"] == 4


def test_leader_joins_labels_tell_two_cidg_companies_apart_mf_25_4():
    """MF 25.4 (issue 9): a new leader may join either of two CIDG companies in one camp; the two
    choices read "CIDG Company (1)" and "(2)" there, a third elsewhere stays plain."""
    m = blank("early")
    x, y, z = put(m, "cidg", "NSN"), put(m, "cidg", "NSN"), put(m, "cidg", "HUE")
    fire_event(m, "rnr", 4)
    lab = {a["unit"]: a["label"] for a in M.legal_actions(R, m) if a["t"] == "attach"}
    name = B.KINDS["cidg"]["name"]
    assert lab[x].endswith(f"joins {name} (1) at {B.SPACES['NSN']['name']}"), lab
    assert lab[y].endswith(f"joins {name} (2) at {B.SPACES['NSN']['name']}"), lab
    assert lab[z].endswith(f"joins {name} at {B.SPACES['HUE']['name']}"), lab


def test_event_r_and_r():
    """Events Chart: R&R: 1-2 free refit of up to two units in FW major bases/Nha Trang; 3-4 a leader;
    5-6 send one leader or A-Team on the map back to the box."""
    m = blank("early")
    a = put(m, "ateam", "HUE", red=True)
    b = put(m, "mf", B.NT, red=True)
    c = put(m, "mf", "NSN", red=True)
    fire_event(m, "rnr", 2)
    assert {x.get("unit") for x in acts(m)} == {a, b, None}
    answer(m, t="unit", unit=a)
    answer(m, t="unit", unit=b)
    assert not U(m, a).get("red") and not U(m, b).get("red") and U(m, c)["red"] and halted(m)
    m = blank("early")
    a = put(m, "ateam", "NSN")
    fire_event(m, "rnr", 4)
    answer(m, t="attach", unit=a)
    assert B.leader_of(S(m), a)
    m = blank("early")
    a = put(m, "ateam", "NSN")
    lid = lead(m, a)
    fire_event(m, "rnr", 6)
    assert {x["unit"] for x in acts(m)} == {a, lid}
    answer(m, t="unit", unit=a)
    assert loc(m, a) == B.SF_POOL and loc(m, lid) == B.SF_POOL


def test_event_saigon_visit():
    """Events Chart: Saigon Visit: odd adds that many RP, even subtracts."""
    m = blank("early", rp=10)
    fire_event(m, "saigon", 3)
    assert S(m)["rp"] == 13
    m = blank("early", rp=10)
    fire_event(m, "saigon", 4)
    assert S(m)["rp"] == 6


def test_event_sapper_attack():
    """Events Chart / R-EV7: Sapper Attack: 2d6 greater than the FW combat factors in Da Nang
    (garrison 4 + MF 3 = 7): lose 2 RP; otherwise gain 1 RP."""
    m = blank("early", rp=10)
    put(m, "mf", "DN")
    fire_event(m, "sapper", 4, 4)
    assert S(m)["rp"] == 8
    m = blank("early", rp=10)
    put(m, "mf", "DN")
    fire_event(m, "sapper", 3, 4)
    assert S(m)["rp"] == 11


def test_event_yards():
    """Events Chart: Yards: odd -> a CIDG on the map returns to the box; even -> a free CIDG on any SF camp."""
    m = blank("early")
    c = put(m, "cidg", "NSN")
    fire_event(m, "yards", 1)
    answer(m, t="unit", unit=c)
    assert loc(m, c) == B.SF_POOL
    m = blank("early", rp=0)
    put(m, "camp", "NSN")
    fire_event(m, "yards", 2)
    assert {x["to"] for x in acts(m)} == {"NSN"}
    answer(m, t="recruit", kind="cidg", to="NSN")
    assert any(u["k"] == "cidg" and u["loc"] == "NSN" for u in S(m)["units"].values()) and S(m)["rp"] == 0


# --- MF 28 Big Offensive --------------------------------------------------------------------------

def test_big_offensive_run_up_mf_28_1():
    """Events Chart: Communist Big Offensive / MF 28.1 / R-EV3: each Big Offensive marker adds one die to IP (once) and goes on the turn box."""
    m = blank("early", ip=10, turn=3)
    fire_event(m, "bo", 4)
    assert S(m)["ip"] == 14 and S(m)["bo_markers"] == [3] and halted(m)
    assert len(rolls(m)) - len(rolls(blank("early"))) >= 0


def test_d12_big_offensive_procedure_mf_28_2_mf_28_3():
    """D12 / MF 28.2 / MF 28.3: two markers placed, IP 20; the third with die 4: IP 24 (High); 2 x 2
    = 4 mobile units placed by 2d6; every mobile unit on the map revealed (statics stay hidden);
    advance 1; a Communist Combat Phase; burn-out at end of turn: die 3 -> IP 21."""
    m = blank("early", ip=20, rp=5)
    S(m)["bo_markers"] = [1, 2]
    st = com(m, "vc_inf", "B117", rev=False)
    mob = com(m, "inf_bn", "B117", rev=False)
    a = put(m, "ateam", "NSN")
    for u in S(m)["units"].values():
        if u["k"] == "decoy_m":
            u["loc"] = B.ASIDE   # a revealed deception unit would vanish (MF 26.2): keep the count exact
    fire_event(m, "bo", 4, 3, 4, 3, 4, 3, 4, 3, 4, 6, 6, 6, 1)
    assert S(m)["ip"] == 24
    assert sum(1 for u in S(m)["units"].values() if u["loc"] == "TCH") == 4  # placed at B604, advanced 1
    assert all(u.get("rev") for u in S(m)["units"].values() if u["loc"] == "TCH")
    assert loc(m, st) == "B117" and not U(m, st)["rev"]
    # the advanced unit met the A-Team at NSN; the Communist Combat Phase fought it (MF 28.2 step 4)
    assert loc(m, mob) == B.COM_MOBILE and log_has(m, "MF 20.1", "Battle at Nong Son")
    assert not S(m)["bo_this_turn"]
    answer(m, t="bcp", to="rp")
    assert S(m)["bo_this_turn"] and halted(m) and left(m) == []
    dice(m, 3)
    stack(m, {"s": "end_burnout"})
    run(m)
    assert S(m)["ip"] == 21
    assert log_has(m, "MF 28.2", "BIG OFFENSIVE")


def test_big_offensive_burn_out_mf_28_3():
    """MF 28.3 / MF 4.0 III.2 / R-IP1: burn-out subtracts a die from IP; it is not an event, so IP 3
    with die 5 reaches 0: FW sudden-death victory (D14)."""
    m = blank("early", ip=21)
    S(m)["bo_this_turn"] = True
    dice(m, 3)
    stack(m, {"s": "end_burnout"})
    run(m)
    assert S(m)["ip"] == 18 and not S(m)["bo_this_turn"]
    m = blank("early", ip=3)
    S(m)["bo_this_turn"] = True
    dice(m, 5)
    stack(m, {"s": "end_burnout"})
    run(m)
    assert S(m)["ip"] == 0 and S(m)["over"]["winner"] == "FW"


def test_preplaced_markers_count_r_su5_mf_28_0():
    """MF 28.0 / R-SU5: three Big Offensive markers in all; pre-placed scenario markers count."""
    from game.engine import match as M
    from .mf_helpers import R
    for sc, pre in (("early", 0), ("offensive", 1), ("tet", 2), ("phoenix", 1)):
        m = M.new_match(R, sc, 5)
        assert len(S(m)["bo_markers"]) == pre
        assert S(m)["events"].count("bo") == 3 - pre
    assert EVENTS["bo"]["count"] == 3
