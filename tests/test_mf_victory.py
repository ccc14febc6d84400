"""Victory, control, the infiltration track and the sequence of play: MF 3, 4.0, 6, 7, D14, D17."""

from game.engine import match as M
from game.rules.mike_force import board as B
from game.rules.mike_force import turn as T
from game.rules.mike_force.data import TABLES

from .mf_helpers import R, S, U, blank, com, ctx, dice, put, run, stack


def vp(m):
    return T.victory_points(S(m))[0]


# --- MF 3 -----------------------------------------------------------------------------------------

def test_d17_end_game_vp_mf_3_2():
    """D17 / MF 3.2: camps in Phong Dien (Open) 3, Nong Son (Jungle) 3, B117 (SVN base) 5, B611 (Laos
    base) 7; IP 9; Communists control Khe Sanh -5: VP 4."""
    m = blank("offensive", ip=9)
    for sp in ("PDI", "NSN", "B117", "B611"):
        put(m, "camp", sp)
    assert vp(m) == 3 + 3 + 5 + 7 - 9 - 5


def test_d17_early_war_special_vp_r_vp1_mf_30_1():
    """D17 / R-VP1 / MF 30.1: Early War: +2 per FW-controlled major base (DN, HUE, QTR; KSN held by
    the Communists): 4 + 6 = 10; alternative 'with camp' scoring counts only bases with a camp."""
    m = blank("early", ip=9)
    U(m, "gar_KSN")["com"] = True
    for sp in ("PDI", "NSN", "B117", "B611"):
        put(m, "camp", sp)
    assert vp(m) == 10
    m = blank("early", ip=9, options={"early_vp": "major_bases_with_camp"})
    U(m, "gar_KSN")["com"] = True
    put(m, "camp", "HUE")
    assert vp(m) == 2 - 9 - 5


def test_vp_losses_for_bases_mf_3_2():
    """MF 3.2: -10 Quang Tri, -15 Hue under Communist control; -15 when Communists occupy (but do not
    control) Da Nang; camps score without control; one space counts once."""
    m = blank("offensive", ip=0)
    U(m, "gar_KSN")["com"] = False
    assert vp(m) == 0
    U(m, "gar_QTR")["com"] = True
    U(m, "gar_HUE")["com"] = True
    assert vp(m) == -25
    com(m, "inf_bn", "DN", rev=False)
    assert vp(m) == -40
    put(m, "camp", "TDC")
    put(m, "camp", "TDC")
    com(m, "inf_bn", "TDC", rev=False)
    assert vp(m) == -37


def test_no_camp_vp_in_nvn_or_laos_non_base_mf_3_2():
    """MF 3.2: a camp in a Laos space that is not a base area scores nothing."""
    m = blank("early", ip=0)
    for sp in ("DN", "HUE", "QTR", "KSN"):
        U(m, "gar_" + sp)["com"] = True  # no Early War base bonus
    put(m, "camp", "TCH")
    assert T.victory_points(S(m))[0] == -30


def test_victory_threshold_at_game_end_mf_3_3():
    """MF 3.3 / MF 4.0 III.3: after turn 7, 25 VP or more wins, otherwise the FW lose."""
    for camps, winner in ((["PDI", "NSN", "B117", "B611", "B614", "TDC"], "FW"), (["PDI"], "COM")):
        m = blank("offensive", ip=1, turn=7)
        U(m, "gar_KSN")["com"] = False
        for sp in camps:
            put(m, "camp", sp)
        stack(m, {"s": "end_advance"})
        run(m)
        over = S(m)["over"]
        assert over["winner"] == winner and over["rule"] == "MF 3.3" and over["vp"] == vp(m)


def test_turn_advance_before_last_turn_mf_4_0_iii_3():
    """MF 4.0 III.3: before the last turn the marker advances and play goes on."""
    m = blank("early", turn=3)
    stack(m, {"s": "end_advance"})
    run(m)
    assert S(m)["turn"] == 4 and not S(m)["over"]


def test_sudden_death_ip_below_one_mf_3_1_mf_7_3():
    """MF 3.1 / MF 7.3: IP below one at any time is an immediate FW victory (here by BCP)."""
    m = blank("early", ip=1)
    B.change_ip(ctx(m), -1, "test", "MF 21.1")
    assert S(m)["over"]["winner"] == "FW"


def test_sudden_death_da_nang_mf_3_1():
    """MF 3.1: Communist control of Da Nang ends the game in a Communist victory."""
    m = blank("early")
    assert not B.check_sudden_death(ctx(m))
    U(m, "gar_DN")["com"] = True
    assert B.check_sudden_death(ctx(m)) and S(m)["over"]["winner"] == "COM"


# --- MF 6 control ------------------------------------------------------------------------------

def test_control_states_mf_6_1_to_6_4():
    """MF 6.1-6.4 / R-CT1: a side controls a space with a ground unit and no enemy; both = disputed;
    none = uncontrolled; garrisons control; air units never; revealed special targets do not count."""
    m = blank("early")
    s = S(m)
    assert B.control(s, "NSN") is None
    a = put(m, "ateam", "NSN")
    assert B.control(s, "NSN") == "FW"
    c = com(m, "inf_bn", "NSN", rev=False)
    assert B.control(s, "NSN") == "disputed"
    U(m, a)["loc"] = B.SF_POOL
    assert B.control(s, "NSN") == "COM"
    assert B.control(s, "HUE") == "FW"           # the garrison alone controls (MF 6.4)
    U(m, c)["loc"] = B.COM_MOBILE
    put(m, "fb", "NSN")
    assert B.control(s, "NSN") is None            # air cannot control (MF 6.1)
    put(m, "ateam", "B117")
    com(m, "st_adv", "B117")
    assert B.control(s, "B117") == "FW"


# --- MF 7 infiltration -------------------------------------------------------------------------

def test_ip_cap_36_mf_7_3():
    """MF 7.1 / MF 7.3: the IP scale tops out at 36 and stays there."""
    m = blank("early", ip=34)
    B.change_ip(ctx(m), 5, "test", "MF 7.2", event=True)
    assert S(m)["ip"] == 36


def test_ip_changes_instantly_mf_7_2():
    """MF 7.2: IP changes by events and BCP are recorded at once, with a log entry citing the rule."""
    m = blank("early", ip=20)
    B.change_ip(ctx(m), -3, "BCP", "MF 21.1")
    assert S(m)["ip"] == 17 and m["log"][-1]["rule"] == "MF 21.1" and m["log"][-1]["kind"] == "track"


def test_ip_band_selects_activation_row_mf_7_4():
    """MF 7.4 [RECON bands 1-9, 10-18, 19-27, 28-36]: the IP selects the Activation Table row."""
    assert [B.band(x) for x in (1, 9, 10, 18, 19, 27, 28, 36)] == \
        ["low", "low", "med", "med", "high", "high", "dt", "dt"]
    for ip, die in ((5, 5), (15, 5), (25, 5)):
        m = blank("early", ip=ip)
        dice(m, die)
        stack(m, {"s": "com_activation"})
        run(m)
        assert S(m)["turn_flags"]["moves"] == TABLES["activation"][B.band(ip)][str(die)]


# --- MF 4.0 sequence of play ------------------------------------------------------------------

def test_sequence_of_play_order_mf_4_0():
    """MF 4.0: a full turn runs the phases I.1-I.6, II.1-II.7 and III.1-III.3 in that order."""
    m = M.new_match(R, "early", 7)
    while S(m)["stack"][-1]["s"] == "setup_place":
        M.apply(R, m, M.legal_actions(R, m)[0])
    while S(m)["turn"] == 1 and not S(m)["over"]:
        acts = M.legal_actions(R, m)
        done = [a for a in acts if a["t"] == "done"]
        M.apply(R, m, done[0] if done else acts[0])
    phases = [e["rule"] for e in m["log"] if e["kind"] == "phase" and e["rule"].startswith("MF 4.0")]
    want = ["MF 4.0 I.1", "MF 4.0 I.2", "MF 4.0 I.3", "MF 4.0 I.4", "MF 4.0 I.5", "MF 4.0 I.6",
            "MF 4.0 II.1", "MF 4.0 II.2", "MF 4.0 II.3", "MF 4.0 II.4", "MF 4.0 II.5", "MF 4.0 II.6",
            "MF 4.0 II.7", "MF 4.0 III.1", "MF 4.0 III.2", "MF 4.0 III.3"]
    assert [p for p in phases if p in want][:len(want)] == want
