"""Vietnam 1965-1975 NVA units (V 5.2 alert exceptions, V 5.5 NVA RP, V 7.5, V 10, V 18.1 rule 7): a
test per rule and the worked examples of reference section 6 that name them (T-ALERT-1, T-ALERT-2,
T-BOMB-1, T-VP-1), on the Starlite map with NVA units added."""

import pytest

from game.engine import match as M
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import nva
from game.rules.vietnam_1965_1975.data import KINDS, SCENARIOS
from game.rules.vietnam_1965_1975.hexes import get_map
from game.rules.vietnam_1965_1975.victory import vp

from .v_units import D, R, act, add, choices, logged, push, start


def marsh(monkeypatch, h="5120", terrain="marsh"):
    monkeypatch.setitem(get_map("quangngai").hexes[h], "terrain", terrain)


def _sd_on_5120(m, ranger=True):
    """A US S&D on 5120 by 3/7 (5220), with an ARVN Ranger rolled in (T-ALERT-1's 'operation
    involving ARVN rangers'); the alert window opens (no moves)."""
    s = m["state"]
    s["options"]["starlite_mpa"] = False  # the worked example is not Starlite's -2
    if ranger:
        add(m, "rg1", "arvn_ranger", None, box=True)
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5120")
    D.answer(m, t="go")
    if ranger:
        s["dice"]["queue"] = [1]
        D.answer(m, t="roll")
        D.answer(m, t="ranger", hex="5220")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="done")


def test_V5_2_T_ALERT_1_vc_plus_1_for_arvn_nva_regiment_minus_2(monkeypatch):
    """T-ALERT-1: two VC battalions in a marsh hex (foot 3), S&D with an ARVN Ranger, die 4: each
    VC battalion 4 + 3 + 1 = 8; an unaugmented NVA regiment there 4 + 3 - 2 = 5 (no ARVN +1).
    One die for the hex."""
    marsh(monkeypatch)
    m = start()
    add(m, "x1", "vc_bn_a", "5120")
    add(m, "x2", "vc_bn_b", "5120")
    add(m, "n1", "nva_rgt", "5120", name="NVA 33rd Regiment")
    _sd_on_5120(m)
    assert m["state"]["stack"][-1]["s"] == "alert"
    assert {a.get("u") for a in D.acts(m, "disperse")} == {"x1", "x2"}  # NVA units never disperse
    m["state"]["dice"]["queue"] = [4]
    D.answer(m, t="alert")
    assert m["state"]["stack"][-1]["mp"] == {"x1": 8, "x2": 8, "n1": 5}
    assert logged(m, "Alert MPA 4 + 3 (terrain) +1 = 8") and logged(m, "= 5 for NVA 33rd Regiment")
    assert sum(1 for e in m["log"] if e.get("dice") and "Alert" in e["text"]) == 1


def test_V5_2_T_ALERT_2_vc_division_hq_and_no_alert_for_augmented_hq_artillery(monkeypatch):
    """T-ALERT-2: a VC division HQ 4 + 3 + 1 - 2 = 6. Not offered alert at all: an augmented NVA
    regiment, an NVA mechanized regiment, an NVA division HQ, NVA artillery."""
    marsh(monkeypatch)
    m = start()
    add(m, "h1", "vc_div_hq", "5120")
    _sd_on_5120(m)
    m["state"]["dice"]["queue"] = [4]
    D.answer(m, t="alert")
    assert m["state"]["stack"][-1]["mp"] == {"h1": 6}
    for kind in ("nva_rgt_aug", "nva_mech_rgt", "nva_div_hq", "nva_art", "nva_bn"):
        m = start()
        add(m, "n1", kind, "5120")
        _sd_on_5120(m, ranger=False)
        assert m["state"]["stack"][-1]["s"] != "alert", kind
        assert not nva.may_alert(m["state"], m["state"]["units"]["n1"])


def test_V5_2_nva_battalion_alert_option():
    """Option nva_battalion_alert: NVA battalions alert like their regiment (-2)."""
    m = start()
    s = m["state"]
    u = add(m, "n1", "nva_bn", "5120")
    assert not nva.may_alert(s, u)
    s["options"]["nva_battalion_alert"] = True
    assert nva.may_alert(s, u) and nva.alert_mod(s, u) == -2


def _bombard(m, target="5120", ap=0, units=()):
    s = m["state"]
    s["rec"]["ap"] = max(s["rec"]["ap"], ap)
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="bomb")
    D.answer(m, t="target", hex=target)
    for u in units:
        D.answer(m, t="unit", u=u)
    D.answer(m, t="go")
    D.answer(m, t="support", ap=ap, ship=0)
    D.answer(m, t="done")  # no interdiction


def test_V7_5_T_ALERT_2_bombardment_alert_minus_2_plus_1_with_arvn_artillery(monkeypatch):
    """T-ALERT-2: in a bombardment without ARVN a VC battalion alerts 4 + 3 - 2 = 5; with ARVN
    artillery assigned to the bombardment 6."""
    marsh(monkeypatch)
    for arvn_art, want in ((False, 5), (True, 6)):
        m = start()
        m["state"]["options"]["starlite_mpa"] = False
        m["state"]["ffz"] = True
        add(m, "x1", "vc_bn_a", "5120")
        if arvn_art:
            add(m, "ahq", "arvn_div_hq", "5220", name="ARVN 2nd Division HQ")
        _bombard(m, ap=4, units=("ahq",) if arvn_art else ())
        m["state"]["dice"]["queue"] = [4, 6]
        D.answer(m, t="alert")
        assert m["state"]["stack"][-1]["mp"] == {"x1": want}


def test_V7_5_T_BOMB_1_two_nva_mechanized_regiments_no_alert_one_loss(monkeypatch):
    """T-BOMB-1: two NVA mechanized (augmented) regiments of ground 5 in jungle, FFZ declared, 6 AP:
    no alert; die 3 - 1 = 2; loss column 10 + 6 = 16: 1 loss (the assumed cell); the bombarder
    loses nothing; no retreat or pursuit."""
    marsh(monkeypatch, terrain="jungle")
    monkeypatch.setitem(KINDS["nva_mech_rgt"], "ground", 5)  # the example's strength
    m = start()
    s = m["state"]
    s["ffz"] = True
    add(m, "n1", "nva_mech_rgt", "5120", name="NVA 1st Mech")
    add(m, "n2", "nva_mech_rgt", "5120", name="NVA 2nd Mech")
    s["rec"]["nva_rp"] = 0
    s["dice"]["queue"] = [3]
    _bombard(m, ap=6)
    assert logged(m, "6 effective points, roll 3 -1 terrain: NLF loses 1")
    assert not logged(m, "Alert MPA") and m["state"]["stack"][-1]["s"] == "losses"
    assert {a["t"] for a in D.acts(m)} == {"remove"}  # no NVA RP
    D.answer(m, t="remove", u="n1")
    s = m["state"]  # each applied action leaves a new state
    assert s["op"] is None and vp(s)["US"] == 4
    assert not any(e["text"].startswith("US loses") for e in m["log"])  # the bombarder takes no loss


def test_V10_nva_units_set_up_face_up_the_vc_face_down(monkeypatch):
    """V 10 (option nva_face_up): the US sees an NVA regiment named from its set-up; a VC unit only as
    its handle. Option off: NVA units are hidden too."""
    sc = dict(SCENARIOS["starlite"])
    sc["nlf"] = sc["nlf"] + [{"id": "n66", "kind": "nva_rgt", "name": "NVA 66th Regiment"}]
    monkeypatch.setitem(SCENARIOS, "t-nva", sc)
    m = M.new_match(R, "t-nva", 1)
    u = m["state"]["units"]
    assert u["n66"]["rev"] and not u["vc1"]["rev"]
    while m["state"]["stack"][-1]["s"] == "nlf_place":
        a = M.legal_actions(R, m, "NLF")[0]
        D.answer(m, t="place", u=a["u"], hex="5219")
    names = {p.get("name") for p in M.view(R, m, "US")["spaces"]["5219"]["pieces"]}
    assert "NVA 66th Regiment" in names and "VC 1st Regiment" not in names
    assert logged(m, "NVA 66th Regiment set up in 5219")
    m2 = M.new_match(R, "t-nva", 1, {"nva_face_up": False})
    assert not m2["state"]["units"]["n66"]["rev"]


def test_V5_5_nva_losses_take_nva_rp_split_evenly_with_the_vc_no_vc_recovery():
    """V 5.5: NVA losses are covered by NVA RP only; with VC and NVA units both hit the loss is split
    as evenly as possible; the VC's recovery of unused strength is not the NVA's. Each NVA RP spent
    is 1/4 US VP (V 18.1 rule 7)."""
    m = start()
    s = m["state"]
    s["rec"]["nva_rp"] = 2
    add(m, "n1", "nva_rgt", "5219", name="NVA 33rd Regiment")
    g = push(m, "losses", who="NLF", n=2, units=["vc1", "n1"], side="NLF", hits={}, must=None)
    act(g, {"t": "rp", "u": "vc1"})
    assert {a["u"] for a in choices(m, g)} == {"n1"}
    act(g, {"t": "rp", "u": "n1"})
    assert s["rec"]["nva_rp"] == 1 and s["rec"]["vc_rp"] == 3 and s["rec"]["nva_rp_spent"] == 1
    assert vp(s)["US"] == 0.25
    g = push(m, "losses", who="NLF", n=1, units=["n1"], side="NLF", hits={}, must=None)
    act(g, {"t": "remove", "u": "n1"})
    assert s["rec"]["vc_rp"] == 3  # no recovery credit for the NVA
    assert s["rec"]["nva_rp"] == 2  # the RP spent on it earlier in the operation is refunded (V 5.5)
    assert vp(s)["US"] == 4.25


def test_V5_5_the_loss_dialog_promises_the_recovery_the_engine_gives():
    """V 5.5 (L306-313): 'VC and later round replacement recovery': the VC's recovery of a VC unit's
    unused strength, and any other force's recovery of the RPs it spent earlier on the unit it now
    removes, each into its own force's pool. The dialog promised 'VC RP +2' for eliminating an NVA
    regiment, which gives the VC nothing; it now says what the engine does, for every unit."""
    from game.rules.vietnam_1965_1975 import losses as LS
    m = start()
    s = m["state"]
    s["rec"]["nva_rp"] = 2
    add(m, "n1", "nva_rgt", "5219", name="NVA 33rd Regiment", rp_spent=1)  # 1 NVA RP spent in round 1
    f = {"side": "NLF", "n": 1, "units": ["vc1", "n1"], "hits": {}, "must": None}
    rows = {r["id"]: r["remove"] for r in LS.loss_table(s, f)["units"]}
    assert "VC RP" not in rows["n1"] and "NVA RP +1" in rows["n1"]
    assert "VC RP +5" in rows["vc1"]
    for uid, want in (("n1", {"vc_rp": 0, "nva_rp": 1}), ("vc1", {"vc_rp": 5, "nva_rp": 0})):
        mm = start()
        s = mm["state"]
        s["rec"]["nva_rp"] = 2
        add(mm, "n1", "nva_rgt", "5219", name="NVA 33rd Regiment", rp_spent=1)
        before = {k: s["rec"][k] for k in want}
        g = push(mm, "losses", who="NLF", n=1, units=["vc1", "n1"], side="NLF", hits={}, must=None)
        label = next(r["remove"] for r in LS.loss_table(s, g.frame)["units"] if r["id"] == uid)
        act(g, {"t": "remove", "u": uid})
        assert {k: s["rec"][k] - before[k] for k in want} == want, (uid, label)


def test_V18_1_T_VP_1_an_nva_counter_removed_is_4_vp_whatever_its_type():
    """T-VP-1: 'An NVA counter removed -> +4'; a VC battalion 1, a VC regiment 3."""
    from game.rules.vietnam_1965_1975.victory import removed_vp

    def worth(kind):
        return removed_vp({"how": "eliminated", "side": "NLF", "kind": kind})
    for kind in ("nva_rgt", "nva_rgt_aug", "nva_bn", "nva_div_hq", "nva_art", "nva_mech_rgt"):
        assert worth(kind) == ("US", 4)
    assert worth("vc_bn_a") == ("US", 1) and worth("vc_regiment") == ("US", 3)
    m = start()
    add(m, "n1", "nva_div_hq", "5120")
    B.remove_unit(push(m, "ops"), m["state"]["units"]["n1"], "eliminated", "V 5.5")
    assert vp(m["state"])["US"] == 4


def test_V3_nva_mechanized_regiment_moves_at_mech_costs_and_hqs_on_foot():
    """V 3: mechanized units pay mech costs (cultivated 4); NVA HQs pay foot costs."""
    from game.rules.vietnam_1965_1975.movement import step_cost
    m = start()
    s = m["state"]
    mech = add(m, "n1", "nva_mech_rgt", "4920")
    hq = add(m, "n2", "nva_div_hq", "4920")
    assert step_cost(s, mech, "4920", "5020", []) == 4 and step_cost(s, hq, "4920", "5020", []) == 1


def test_V5_3_nva_units_react_but_never_disperse():
    """V 5.2, 5.3: an NVA regiment adjacent to the end of an enemy move may react, never disperse."""
    m = start()
    add(m, "n1", "nva_rgt", "5120")
    g = push(m, "react", who="NLF", hexes=["5220"], done=[], after="op")
    acts = choices(m, g)
    assert {"t": "react", "u": "n1"} in acts and {"t": "disperse", "u": "n1"} not in acts


def test_V1_the_us_never_sees_the_nva_replacement_pool():
    m = start()
    m["state"]["rec"]["nva_rp"] = 3
    assert "nva_rp" not in M.view(R, m, "US")["records"] and M.view(R, m, "NLF")["records"]["nva_rp"] == 3


@pytest.mark.parametrize("kind", ["nva_rgt", "nva_rgt_aug", "nva_mech_rgt", "nva_bn", "nva_div_hq", "nva_art",
                                  "arvn_rgt", "arvn_rgt_aug", "arvn_bn", "arvn_abn_bn", "arvn_mar_bn",
                                  "arvn_ranger", "arvn_div_hq", "vc_div_hq"])
def test_new_counter_kinds_carry_their_source_and_side(kind):
    """Every new counter value is marked rulebook, reconstruction or design, with its reasoning."""
    k = KINDS[kind]
    assert k["src"]["source"] in ("rulebook", "reconstruction", "design") and len(k["src"]["why"]) > 30
    assert (k["side"], k["nat"]) in (("NLF", "NVA"), ("US", "ARVN"), ("NLF", "VC"))
    assert (k.get("flip") is None) or KINDS[k["flip"]]["flip"] == kind


def test_V5_3_an_unaugmented_nva_regiment_reacting_into_the_target_hex_in_round_1_alerts():
    """V 5.3: 'If a VC unit or unaugmented PAVN infantry regiment reacts into an operation's target
    hex during the first round of the operation, it becomes a target unit, eligible for alert
    movement'; it alerts in the hex's roll at -2."""
    m = start()
    add(m, "n1", "nva_rgt", "5121", name="NVA 33rd Regiment")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    D.answer(m, t="pick", u="m37")
    D.answer(m, t="step", to="5221")
    D.answer(m, t="halt")
    assert m["state"]["stack"][-1]["s"] == "react"
    D.answer(m, t="react", u="n1")
    D.answer(m, t="step", to="5120")
    D.answer(m, t="step", to="5219")
    D.answer(m, t="halt")
    assert m["state"]["units"]["n1"]["tgt"]
    while m["state"]["stack"][-1]["s"] in ("react", "move"):
        D.answer(m, t="pass" if D.acts(m, "pass") else "done")
    assert m["state"]["stack"][-1]["s"] == "alert"
    m["state"]["dice"]["queue"] = [6]
    D.answer(m, t="alert")
    mp = m["state"]["stack"][-1]["mp"]
    assert mp["n1"] == 6 + 1 - 2 and mp["vc1"] == 6 + 1 - 2  # Starlite's VC -2 (R59); the NVA's own -2


def test_V5_5_T_RP_4_nva_division_hq_takes_2_nva_rp_against_a_bombardment_of_6():
    """T-RP-4: 'a PAVN divisional HQ with bombardment strength 6 could spend 2 PAVN RPs to absorb a
    bombardment result. It could not absorb a 3rd'."""
    m = start()
    s = m["state"]
    s["rec"]["nva_rp"] = 5
    add(m, "n4", "nva_div_hq", "5120")
    for _ in range(2):
        g = push(m, "losses", who="NLF", n=1, units=["n4"], side="NLF", hits={}, must=None, bomb=6)
        act(g, {"t": "rp", "u": "n4"})
    g = push(m, "losses", who="NLF", n=1, units=["n4"], side="NLF", hits={}, must=None, bomb=6)
    assert choices(m, g) == [{"t": "remove", "u": "n4"}] and s["rec"]["nva_rp"] == 3


def test_V10_nva_reinforcements_arrive_face_up():
    """V 10, V 18.1 rule 3: an NVA regiment arriving as a reinforcement is face up; a VC battalion
    arriving with it is face down with a handle."""
    from game.rules.vietnam_1965_1975.reinforce import arrive
    m = start()
    g = push(m, "ops")
    us = arrive(g, {"turn": 1, "side": "NLF", "units": [{"id": "n9", "kind": "nva_rgt", "name": "NVA 32nd Regiment"},
                                                          {"id": "v9", "kind": "vc_bn_a", "name": "VC battalion V9"}]},
                "5321")
    assert [u["rev"] for u in us] == [True, False] and us[1]["handle"] and not us[0]["handle"]
