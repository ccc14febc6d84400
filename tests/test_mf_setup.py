"""Components and scenario deployment: MF 1.0, 2.0-2.11, 30.1-30.4 (with R-SU1..R-SU5) and D24."""

from collections import Counter

import pytest

from game.engine import match as M
from game.rules.mike_force import board as B
from game.rules.mike_force.data import COUNTERS, EVENTS, KINDS, SCENARIOS, SPACES

from .mf_helpers import R, S, acts, answer


def manual(scenario, *rolls, options=None):
    """A new match with the player's own dice (manual mode), typing the set-up rolls."""
    m = M.new_match(R, scenario, 11, options, dice_mode="manual")
    for v in rolls:
        assert [a["value"] for a in M.legal_actions(R, m)] == [1, 2, 3, 4, 5, 6]
        M.apply(R, m, {"t": "roll", "value": v})
    return m


def finish_setup(m):
    """Place every set-up unit at the first legal space offered."""
    while S(m)["stack"][-1]["s"] == "setup_place":
        M.apply(R, m, M.legal_actions(R, m)[0])


def bases(region):
    return [sp for sp, r in SPACES.items() if r["type"] == "base_area" and r["region"] == region]


def com_at(m, sp):
    return [u for u in S(m)["units"].values() if u["loc"] == sp and B.is_com(u) and not B.is_garrison(u)]


# --- MF 1.0, 2.x -------------------------------------------------------------------------------------

def test_solitaire_one_role_mf_1_0():
    """MF 1.0: a solitaire game: the only role is the Free World; every Communist decision is
    automated (no step is ever the Communists' to decide)."""
    assert R.roles == ["FW"]
    m = M.new_match(R, "early", 2)
    assert M.legal_actions(R, m, role="FW") and M.legal_actions(R, m, role="COM") == []


def test_counter_mix_mf_2_0_mf_2_5():
    """MF 2.0 / MF 2.5 / MF 2.10 [RECON quantities, reference 3.9]: FW 64 (+ the unused Recondo school),
    MACV 13 (USMC 2, Air Cav, Rangers, Engineer, SOA, Arc Light, Talon, Air Commandos, 4 fighter-
    bombers; the reference's list sums to 13 although it prints 14), 4 garrisons, 69 Communist,
    21 event markers, 3 administrative markers: 175 of the 176 printed counters."""
    m = M.new_match(R, "tet", 2)
    units = S(m)["units"]
    fw = [u for u in units.values() if KINDS[u["k"]]["side"] == "FW" and KINDS[u["k"]]["cls"] not in ("macv", "air", "garrison")]
    macv = [u for u in units.values() if KINDS[u["k"]]["cls"] in ("macv", "air")]
    gar = [u for u in units.values() if KINDS[u["k"]]["cls"] == "garrison"]
    comm = [uid for uid in units if uid.startswith("c") and uid[1:].isdigit()]
    markers = sum(e.get("count", 1) for e in EVENTS.values())
    assert (len(fw), len(macv), len(gar), len(comm), markers) == (64, 13, 4, 69, 21)
    assert len(fw) + 1 + len(macv) + len(gar) + len(comm) + markers + 3 <= 176


def test_sf_unit_readouts_mf_2_5_mf_2_8():
    """MF 2.5 / MF 2.8: printed Recon-Combat-Movement of the SF units; 'A' = airmobile; 0 = static;
    brackets = heavy."""
    want = {"ateam": (2, 1, 3), "rt": (4, 1, 3), "mf": (2, 3, 2), "mgf": (4, 4, 2), "halo": (2, 1, 3),
            "ws": (3, 3, 2), "cidg": (3, 2, 0), "hw": (0, 4, 0), "psywar": (0, 1, 0), "camp": (1, 2, 0),
            "gunship": (2, 3, "A"), "transport": (1, 2, "A")}
    for k, rcm in want.items():
        assert (KINDS[k]["r"], KINDS[k]["c"], KINDS[k]["m"]) == rcm, k
        assert B.is_mobile({"k": k}) == (rcm[2] != 0)
    assert KINDS["usmc"]["heavy"] and KINDS["aircav"]["heavy"]


def test_unit_size_codes_airmobile_points_mf_2_6_mf_23_8():
    """MF 2.6 / MF 23.8: size sets the airmobile points: teams 0, companies 2, MGF 3, heavy weapons 2."""
    assert [KINDS[k]["ap"] for k in ("ateam", "rt", "halo", "mf", "ws", "mgf", "hw")] == [0, 0, 0, 2, 2, 3, 2]


def test_communist_types_and_late_war_units_mf_2_7():
    """MF 2.7: NVA mobile (infantry, armor, AAA, engineer/sapper), VC static (trucks, HQ, AAA, depot,
    infantry), four special targets; late-war units only in Tet and Phoenix."""
    mob = {k for k, v in KINDS.items() if v["side"] == "COM" and v.get("mobile")}
    assert {"inf_div", "armor", "aaa_m", "sapper"} <= mob
    stat = {k for k, v in KINDS.items() if v.get("cls") == "com" and not v.get("mobile")}
    assert {"trucks", "hq", "aaa_s", "depot", "vc_inf", "st_intel", "st_psy", "st_adv", "st_dbl"} <= stat
    late = sum(v["late"] for v in COUNTERS["communist"].values() if isinstance(v, dict))
    for sc, n_aside in (("early", late), ("tet", 0)):
        m = M.new_match(R, sc, 2)
        aside = [uid for uid, u in S(m)["units"].items() if uid[0] == "c" and uid[1:].isdigit() and u["loc"] == B.ASIDE]
        assert len(aside) == n_aside


def test_boxes_mf_2_2_mf_2_3():
    """MF 2.2 / MF 2.3: FW boxes (Nha Trang, Standard and Support Reinforcements, Support Available,
    Recovered Targets) and Communist boxes (Mobile and Static Reinforcements)."""
    for box in (B.NT, B.SF_POOL, B.SUP_POOL, B.SUP_AVAIL, B.RECOVERED, B.COM_MOBILE, B.COM_STATIC):
        assert box in B.BOXES


def test_dmz_separate_region_mf_2_1():
    """MF 2.1: the DMZ is its own region, neither North nor South Vietnam; routes radiate from Da Nang."""
    assert SPACES["DMZ"]["region"] == "DMZ" and SPACES["DN"]["parent"] is None
    assert {r["region"] for r in SPACES.values()} == {"SVN", "LAOS", "NVN", "DMZ"}


def test_opposing_sides_mf_2_4_mf_2_11():
    """MF 2.4 / MF 2.11: friendly/enemy: every FW unit is friendly to every FW unit (SF and MACV),
    every Communist to every Communist; garrisons change side with their face."""
    assert B.side({"k": "usmc"}) == B.side({"k": "ateam"}) == "FW"
    assert B.side({"k": "inf_div"}) == B.side({"k": "vc_inf"}) == "COM"
    assert B.side({"k": "gar_HUE", "com": True}) == "COM" and B.side({"k": "gar_HUE"}) == "FW"


def test_markers_track_ip_rp_turn_mf_2_9():
    """MF 2.9: the IP, RP and Turn markers are the state's ip, rp and turn; the view shows them."""
    m = M.new_match(R, "early", 2)
    v = M.view(R, m)
    assert (v["ip"], v["rp"], v["turn"]) == (S(m)["ip"], S(m)["rp"], 1)


# --- MF 30 scenarios ---------------------------------------------------------------------------------

def test_d24_early_war_setup_rolls_mf_30_1():
    """D24 / MF 30.1: IP die 5 (odd) 15 - 5 = 10; RP die 1 (odd) 8 - 1 = 7; leader die 1-4: two
    leaders; one static per NVN/Laos base, two per SVN base, no mobiles; a transport in Da Nang."""
    m = manual("early", 5, 1, 2)
    s = S(m)
    assert (s["ip"], s["rp"]) == (10, 7)
    assert s["stack"][-1]["s"] == "setup_place"
    todo = Counter(t.split(":")[0] for t in s["stack"][-1]["todo"])
    assert todo == Counter({"camp": 4, "cidg": 1, "ateam": 6, "leader": 2})
    for sp in bases("NVN") + bases("LAOS"):
        assert len(com_at(m, sp)) == 1 and not B.is_mobile(com_at(m, sp)[0])
    for sp in bases("SVN"):
        assert len(com_at(m, sp)) == 2
    assert not any(B.is_mobile(u) for u in s["units"].values() if B.on_map(u["loc"]) and B.is_com(u))
    assert any(u["k"] == "transport" and u["loc"] == "DN" for u in s["units"].values())
    assert "icorps" not in s["events"] and "phoenix" not in s["events"] and len(s["events"]) == 18
    assert all(not u.get("com") for u in s["units"].values() if B.is_garrison(u))


def test_early_war_leader_die_five_mf_30_1():
    """MF 30.1: leader die 5-6: one leader and one MACV unit in Support Available (only fighter-
    bombers, SOA, Air Commandos and Rangers are in the Early War pool)."""
    m = manual("early", 2, 2, 6)
    s = S(m)
    pool = {u["k"] for u in s["units"].values() if u["loc"] in (B.SUP_POOL, B.SUP_AVAIL, "DRAWN")
            and u["k"] != "leader"}
    assert pool <= {"fb", "soa", "aircmdo", "rangers"}
    todo = s["stack"][-1]["todo"]
    assert sum(t.startswith("leader:") for t in todo) == 1
    drawn = [u for u in s["units"].values() if u["loc"] == B.SUP_AVAIL] + \
        [t for t in todo if t.startswith("macv:")]
    assert len(drawn) == 1


def test_setup_spaces_svn_only_mf_30_1():
    """MF 30.1 a / R-SU3: set-up units go on SVN jungle, open or FW major-base spaces only."""
    m = manual("early", 2, 2, 2)
    to = {a["to"] for a in M.legal_actions(R, m)}
    assert to and all(SPACES[sp]["region"] == "SVN" and SPACES[sp]["type"] != "base_area" for sp in to)


def test_cidg_one_per_camp_and_turn_one_mf_30_1():
    """MF 30.1 b / MF 4.0: after placing the camps, one CIDG goes with each camp; set-up ends at
    turn 1's Free World Events Phase."""
    m = manual("early", 2, 2, 2)
    finish_setup(m)
    s = S(m)
    camps = Counter(u["loc"] for u in s["units"].values() if u["k"] == "camp" and B.on_map(u["loc"]))
    cidg = Counter(u["loc"] for u in s["units"].values() if u["k"] == "cidg" and B.on_map(u["loc"]))
    assert sum(camps.values()) == 4 and camps == cidg
    assert s["turn"] == 1 and s["stack"][0]["s"] == "turn"
    assert sum(1 for u in s["units"].values() if u["k"] == "leader" and u.get("att")) == 2


def test_offensive_setup_mf_30_2():
    """MF 30.2: IP 25 + die (4 -> 29); Khe Sanh Communist-held and barred at set-up; two statics per
    NVN/Laos base, three per SVN base, two mobiles per Laos base, one per SVN base; Da Nang: MF,
    2 transports, gunship; one Big Offensive marker pre-placed; leader die 4: two leaders + one MACV."""
    m = manual("offensive", 4, 2, 4)
    s = S(m)
    assert (s["ip"], s["rp"]) == (29, 12)
    assert s["units"]["gar_KSN"]["com"] and s["bo_markers"] == [1]
    assert "KSN" not in {a.get("to") for a in M.legal_actions(R, m)}
    for sp in bases("LAOS"):
        us = com_at(m, sp)
        assert sum(B.is_mobile(u) for u in us) == 2 and len(us) == 4
    for sp in bases("SVN"):
        us = com_at(m, sp)
        assert sum(B.is_mobile(u) for u in us) == 1 and len(us) == 4
    for sp in bases("NVN"):
        assert len(com_at(m, sp)) == 2
    dn = Counter(u["k"] for u in s["units"].values() if u["loc"] == "DN" and not B.is_garrison(u))
    assert dn == Counter({"mf": 1, "transport": 2, "gunship": 1})
    todo = Counter(t.split(":")[0] for t in s["stack"][-1]["todo"])
    assert todo["camp"] == 5 and todo["ateam"] == 5 and todo["rt"] == 3 and todo["leader"] == 2


def test_tet_setup_mf_30_3():
    """MF 31.3 (= 30.3): IP 28 +/- die; two markers pre-placed; two mobiles in every base area; A Shau
    barred; Da Nang: 2 MF, 3 transports, gunship; leader die 5-6: two MACV units."""
    m = manual("tet", 1, 6, 5)
    s = S(m)
    assert (s["ip"], s["rp"]) == (27, 21)
    assert s["bo_markers"] == [1, 1]
    for sp in bases("SVN") + bases("LAOS") + bases("NVN"):
        assert sum(B.is_mobile(u) for u in com_at(m, sp)) == 2
    assert "ASH" not in {a.get("to") for a in M.legal_actions(R, m)}
    dn = Counter(u["k"] for u in s["units"].values() if u["loc"] == "DN" and not B.is_garrison(u) and B.is_sf(u))
    assert dn == Counter({"mf": 2, "transport": 3, "gunship": 1})


def test_phoenix_setup_r_su1_mf_30_4():
    """MF 31.4 (= 30.4) / R-SU1: IP 18 +/- die; three statics per NVN/Laos base, one per SVN base; no
    SVN mobiles; leader die 4 is read as one MACV unit and no leader."""
    m = manual("phoenix", 2, 2, 4)
    s = S(m)
    assert s["ip"] == 20 and s["rp"] == 14
    for sp in bases("NVN") + bases("LAOS"):
        us = com_at(m, sp)
        assert sum(not B.is_mobile(u) for u in us) == 3 and sum(B.is_mobile(u) for u in us) == 2
    for sp in bases("SVN"):
        assert len(com_at(m, sp)) == 1
    todo = S(m)["stack"][-1]["todo"]
    assert not any(t.startswith("leader:") for t in todo)
    n_macv = sum(1 for u in s["units"].values() if u["loc"] == B.SUP_AVAIL) + sum(t.startswith("macv:") for t in todo)
    assert n_macv == 1
    assert "phoenix" in s["events"]


@pytest.mark.parametrize("sc", ["early", "offensive", "tet", "phoenix"])
def test_every_scenario_seven_turns_mf_30_0(sc):
    """MF 30.0: all scenarios are seven game turns long."""
    assert SCENARIOS[sc]["turns"] == 7
