"""Rules fidelity, issue 10 (Mike Force): each test names its section and failed on the code
before the fix. MF 16.2, 18.3, 22, 25.2, 25.3, 25.9, 26.3, 29.1 and the Events Chart."""

from game.rules.mike_force import board as B
from game.rules.mike_force.invariants import check as invariants_of

from .mf_helpers import (S, U, acts, answer, blank, com, dice, do, lead, left, loc, log_has, put, run,
                         stack)


def fw_move(m):
    stack(m, {"s": "fw_move"})


# --- MF 25.2: White Star never leaves Laos, Nha Trang included ------------------------------------

def test_25_2_white_star_cannot_fly_to_nha_trang():
    """MF 25.2 / 22.3: a transport at a Laos camp carrying a White Star may not fly to Nha Trang
    (it may without it)."""
    m = blank("early")
    put(m, "camp", "TCH")
    h = put(m, "transport", "TCH")
    w = put(m, "ws", "TCH")
    fw_move(m)
    assert B.NT in {a["to"] for a in acts(m, "fly") if a["unit"] == h}
    do(m, {"t": "board", "unit": w, "heli": h})
    d = {a["to"] for a in acts(m, "fly") if a["unit"] == h}
    assert d and B.NT not in d and all(B.region(x) == "LAOS" for x in d)


def test_25_2_event_recruit_never_puts_white_star_in_nha_trang():
    """MF 25.2 / MF 8.4: event recruits obey the political restrictions in Nha Trang too."""
    from game.rules.mike_force.events import recruit_choices
    m = blank("early")
    ch = recruit_choices(S(m), ["ws", "ateam"], [B.NT, "TCH"])
    assert {(a["kind"], a["to"]) for a in ch} == {("ws", "TCH"), ("ateam", B.NT), ("ateam", "TCH")}


def test_25_2_invariants_check_nha_trang():
    """MF 25.2 / 22.0: the invariants see a White Star (or a static unit) in Nha Trang."""
    m = blank("early")
    assert not [b for b in invariants_of(S(m)) if "may not enter" in b]
    w = put(m, "ws", B.NT)
    assert any(w in b for b in invariants_of(S(m)))
    U(m, w)["loc"] = B.SF_POOL
    c = put(m, "cidg", B.NT)
    assert any(c in b for b in invariants_of(S(m)))


# --- Events Chart R&R (5-6) with MF 25.3 ------------------------------------------------------------

def test_25_3_rnr_sends_a_halo_team_home():
    """Events Chart R&R 5-6 / MF 25.3: HALO units are A-Teams, so a lone HALO team may be sent home."""
    m = blank("early", events=["rnr"])
    h = put(m, "halo", "B117")
    dice(m, 5)
    stack(m, {"s": "events", "side": "FW"})
    run(m)
    answer(m, t="unit", unit=h)
    assert loc(m, h) == B.SF_POOL


# --- MF 26.3 with the concealing events -----------------------------------------------------------

def test_26_3_carried_target_stays_revealed_double_agent():
    """MF 26.3 / Events Chart (Double Agent, Monsoon, Reorganization): a target carried by a FW unit
    stays revealed; the carrier's space stays FW controlled and the target is still delivered."""
    for ev in ("dblagent", "monsoon", "reorg"):
        m = blank("early", rp=3, events=[ev])
        r = put(m, "rt", "B117")
        t = com(m, "st_intel", "B117")
        other = com(m, "inf_bn", "TDC")
        U(m, t)["by"] = r
        dice(m, 1, 1, 1, 1, 1, 1)
        stack(m, {"s": "events", "side": "FW"})
        run(m)
        assert U(m, t)["rev"], ev
        assert not U(m, other).get("rev"), ev
        assert B.control(S(m), "B117") == "FW", ev


def test_26_3_carried_target_stays_revealed_psywar_blown():
    """MF 26.3 / 25.9: a blown PSYWAR operation conceals the space's units, not a carried target."""
    from game.rules.mike_force.data import TABLES
    blown = next(int(k) for k, v in TABLES["psywar"].items() if v == "blown")
    m = blank("early", rp=3)
    put(m, "psywar", "DN")
    r = put(m, "rt", "B117")
    t = com(m, "st_intel", "B117")
    c = com(m, "inf_bn", "B117")
    U(m, t)["by"] = r
    stack(m, {"s": "fw_recon"})
    dice(m, blown)
    do(m, {"t": "psywar", "to": "B117"})
    assert U(m, t)["rev"] and not U(m, c)["rev"]


# --- MF 25.9: PSYWAR only at the start of the Recon Phase -------------------------------------------

def test_25_9_psywar_only_at_start_of_recon_phase():
    """MF 25.9 "at the start of any Free World Recon Phase": no PSYWAR after a recon roll."""
    m = blank("early", rp=3)
    put(m, "psywar", "DN")
    r = put(m, "rt", "B117")
    com(m, "inf_bn", "B117", rev=False)
    stack(m, {"s": "fw_recon"})
    assert acts(m, "psywar")
    dice(m, 6)
    do(m, next(a for a in acts(m, "recon") if a["unit"] == r))
    assert log_has(m, "MF 16.2", "no effect")
    assert not acts(m, "psywar")


# --- MF 18.3: fighter-bombers assigned before any die is rolled (ruling R-FB1) --------------------

def _two_fb(options=None):
    m = blank("early", rp=5, options=options)
    f1 = put(m, "fb", "TCH")
    f2 = put(m, "fb", "TCH")
    c1 = com(m, "inf_bn", "TCH")
    c2 = com(m, "vc_inf", "TCH")
    stack(m, {"s": "bombard", "sp": "TCH"})
    return m, f1, f2, c1, c2


def test_18_3_fighter_bombers_all_assigned_before_rolling():
    """MF 18.3 (R-FB1 default): both fighter-bombers are assigned before the first die; the second,
    aimed at the unit the first one destroyed, then has no effect."""
    m, f1, f2, c1, c2 = _two_fb()
    run(m)
    answer(m, t="target", unit=f1, target=c1)
    assert not [e for e in m["log"] if e.get("rule") == "MF 18.3" and "dice" in e]  # nothing rolled yet
    dice(m, 1)
    answer(m, t="target", unit=f2, target=c1)
    assert loc(m, c1) == B.COM_MOBILE and U(m, c2)["loc"] == "TCH"
    assert log_has(m, "MF 18.3", "already gone")


def test_18_3_one_by_one_option_keeps_the_old_order():
    """R-FB1 alternative: each strike is assigned just before its own roll."""
    m, f1, f2, c1, c2 = _two_fb({"fb_assign": "one_by_one"})
    run(m)
    dice(m, 1, 6)
    answer(m, t="target", unit=f1, target=c1)
    assert loc(m, c1) == B.COM_MOBILE  # the second strike then goes to the one unit left
    assert log_has(m, "MF 18.3", "attacks VC Infantry") or log_has(m, "MF 18.3", "Miss")


# --- MF 16.2 / 2.11 / R-REV1: anonymous face-down tokens ---------------------------------------------

def _token_space(seed):
    """An NVA division and a deception unit (both mobile backs) face down at B117 with a Recon Team."""
    m = blank("early", seed=seed)
    r = put(m, "rt", "B117")
    div = com(m, "inf_div", "B117", rev=False)
    dec = next(uid for uid, u in sorted(S(m)["units"].items())
               if u["k"].startswith("dec") and B.is_mobile(u) and u["loc"] == B.COM_MOBILE)
    U(m, dec)["loc"], U(m, dec)["rev"] = "B117", False
    stack(m, {"s": "fw_recon"})
    return m, r, div, dec


def test_16_2_recon_selects_the_token_the_player_picked():
    """MF 16.2 / 2.11 "select" / R-REV1: the player picks a face-down token and that one is revealed,
    so a deception unit can be found while an NVA division shares its space (the engine used to
    reveal the lowest id with the chosen back)."""
    m, r, div, dec = _token_space(1)
    order = B.concealed_order(S(m), "B117")
    assert sorted(order) == sorted([div, dec])
    n = order.index(dec) + 1
    dice(m, 1)
    do(m, {"t": "recon", "unit": r, "token": n})
    assert loc(m, dec) == B.COM_MOBILE and not U(m, div).get("rev")  # the deception unit left (MF 26.2)


def test_16_2_face_down_order_does_not_follow_ids():
    """R-REV1: the view's order of face-down handles follows the random keys, not the counter id:
    over many set-ups the division comes first about half the time; each handle shows only its back."""
    from game.rules.mike_force.view import pieces_at
    first = 0
    for seed in range(40):
        m, r, div, dec = _token_space(seed)
        s = S(m)
        ps = [p for p in pieces_at(s, "B117") if p.get("concealed")]
        assert [p["id"] for p in ps] == ["?B117.1", "?B117.2"]
        assert all(set(p) == {"id", "side", "concealed", "back"} for p in ps)
        first += B.concealed_order(s, "B117")[0] == div
    assert 8 <= first <= 32


def test_16_2_every_communist_counter_gets_a_random_key():
    """R-REV1: set-up draws a key for every Communist counter from the state's generator."""
    m = blank("tet", seed=5)
    keys = [u["fog"] for u in S(m)["units"].values() if B.is_com(u) and not B.is_garrison(u)]
    assert keys and len(set(keys)) == len(keys)
    assert sorted(keys) != keys


def test_16_2_draw_option_draws_among_the_back():
    """R-REV1 alternative 'draw': the player names a back; the unit is drawn among those tokens."""
    seen = set()
    for seed in range(12):
        m = blank("early", seed=seed, options={"recon_select": "draw"})
        r = put(m, "rt", "B117")
        a = com(m, "inf_bn", "B117", rev=False)
        b = com(m, "inf_rgt", "B117", rev=False)
        stack(m, {"s": "fw_recon"})
        dice(m, 1)
        do(m, {"t": "recon", "unit": r, "back": "mobile"})
        seen.add(a if U(m, a).get("rev") else b)
    assert len(seen) == 2


def test_16_2_resample_keeps_the_view():
    """R-REV1 / fuzzer same-view check: trading hidden identities among tokens of one back leaves
    the Free World view and legal actions unchanged."""
    import random
    from game.engine import match as M
    from game.rules import get
    R = get("mike-force")
    m, r, div, dec = _token_space(3)
    other = dict(m, state=R.resample_hidden(M.clone(S(m)), "FW", random.Random(1)))
    assert R.view(S(m), "FW") == R.view(other["state"], "FW")
    assert M.legal_actions(R, m, "FW") == M.legal_actions(R, other, "FW")


# --- MF 26.3 / R-ST1: recovery at any time in a Free World phase -----------------------------------

def _target_space(m):
    r = put(m, "rt", "B117")
    t = com(m, "st_intel", "B117")
    return r, t


def test_26_3_recover_in_reaction_and_recruiting_phases():
    """MF 26.3 "at any time in a Free World phase": offered in the FW Reaction and Recruiting Phases
    and in an event's question, not in the Communist turn's Reaction Phase."""
    for phase, frame in (("reaction:FW", {"s": "reaction", "side": "FW"}), ("fw_recruit:", {"s": "fw_recruit"})):
        m = blank("early")
        r, t = _target_space(m)
        S(m)["turn_flags"]["phase"] = phase
        stack(m, frame)
        run(m)
        assert {(a["unit"], a["target"]) for a in acts(m, "recover")} == {(r, t)}, phase
        assert acts(m)[-1]["t"] == "done"
        do(m, {"t": "recover", "unit": r, "target": t})
        assert U(m, t)["by"] == r
    m = blank("early")
    _target_space(m)
    S(m)["turn_flags"]["phase"] = "reaction:COM"
    stack(m, {"s": "reaction", "side": "COM"})
    assert not acts(m, "recover")


def test_26_3_recover_during_an_event_question():
    """MF 26.3: an event's question in the FW Events Phase also offers the recovery."""
    m = blank("early", events=["nli"])
    r, t = _target_space(m)
    S(m)["turn_flags"]["phase"] = "events:FW"
    stack(m, {"s": "events", "side": "FW"})
    run(m)
    assert acts(m, "space") and acts(m, "recover")


def test_26_3_recover_at_the_end_of_the_fw_combat_phase():
    """MF 26.3: after the FW Combat Phase's battles (no decision of their own) the phase ends with a
    recovery window; the Communist Combat Phase has none."""
    from game.rules.mike_force.turn import SEQUENCE
    i = next(n for n, row in enumerate(SEQUENCE) if row.step == "combat" and row.data["side"] == "FW")
    m = blank("early")
    r, t = _target_space(m)
    S(m)["turn_flags"]["phase"] = "combat:FW"
    stack(m, {"s": "turn", "i": i + 1, "open": i + 1})
    run(m)
    assert S(m)["stack"][-1]["s"] == "fw_recover" and acts(m, "recover")
    do(m, {"t": "recover", "unit": r, "target": t})
    assert U(m, t)["by"] == r


# --- MF 29.1 (optional): helicopters withdraw by an airmobile move, carrying designated units --------

def _breakoff(m, sp):
    """A battle at sp from its second round: its Withdrawal Step first (MF 29.1)."""
    stack(m, {"s": "battle", "sp": sp, "round": 2, "bcp": 0, "sf": False})
    run(m)


def test_29_1_helicopter_withdraws_by_airmobile_move():
    """MF 29.1 / 23.3: from a camp space a withdrawing helicopter may fly to any space (here a jungle
    space without a camp); from an open space only to a major base or a camp space."""
    m = blank("early", ip=20, options={"breakoff": True})
    put(m, "camp", "DHA")
    h = put(m, "gunship", "DHA")
    com(m, "inf_bn", "DHA")
    _breakoff(m, "DHA")
    d = {a["to"] for a in acts(m, "withdraw") if a["unit"] == h}
    assert "TDC" in d and "QTR" in d and B.NT not in d
    m = blank("early", ip=20, options={"breakoff": True})
    h = put(m, "gunship", "DHA")
    com(m, "inf_bn", "DHA")
    _breakoff(m, "DHA")
    d = {a["to"] for a in acts(m, "withdraw") if a["unit"] == h}
    assert "QTR" in d and "TDC" not in d


def test_29_1_withdrawing_transport_carries_designated_units():
    """MF 29.1: the units a withdrawing transport carries are designated before its roll; they go
    with it and do not check for withdrawal on their own."""
    from .mf_helpers import answer_dry
    m = blank("early", ip=20, options={"breakoff": True})
    h = put(m, "transport", "DHA")
    r = put(m, "rt", "DHA")
    a = put(m, "ateam", "DHA")
    com(m, "inf_bn", "DHA")
    _breakoff(m, "DHA")
    answer(m, t="withdraw", unit=h, to="QTR")
    assert {x["unit"] for x in acts(m, "unit")} == {r, a}
    assert not [e for e in m["log"] if e.get("rule") == "MF 29.1" and "dice" in e]  # designated before rolling
    answer(m, t="unit", unit=r)
    dice(m, 1)
    answer_dry(m, t="done")
    assert loc(m, h) == "QTR" and loc(m, r) == "QTR" and loc(m, a) == "DHA"
    assert r not in {x.get("unit") for x in acts(m, "withdraw")}


# --- special-target life cycle: R&R 5-6 and MF 25.1 are not eliminations ----------------------------

def test_26_3_rnr_carrier_sent_home_drops_its_target():
    """Events Chart R&R 5-6 / MF 26.3 (R-ST4): an A-Team sent to the reinforcement box is not
    eliminated: the target it carried stays in its space, revealed (the 'box' alternative returns it)."""
    for opt, where in (("drop", "B117"), ("box", B.COM_STATIC)):
        m = blank("early", events=["rnr"], options={"carrier_withdrawn": opt})
        a = put(m, "ateam", "B117")
        t = com(m, "st_intel", "B117")
        U(m, t)["by"] = a
        dice(m, 6)
        stack(m, {"s": "events", "side": "FW"})
        run(m)
        answer(m, t="unit", unit=a)
        assert loc(m, a) == B.SF_POOL and loc(m, t) == where and not U(m, t).get("by")
        assert bool(U(m, t).get("rev")) == (opt == "drop")


def test_25_1_mgf_replacement_keeps_leader_and_targets():
    """MF 25.1 / 25.4 / 26.3 (R-MGF2): a reduced MGF hit is replaced by a full MF company, which keeps
    the MGF's leader and carried target (it is not an elimination)."""
    from game.rules.mike_force import combat as C
    from .mf_helpers import ctx
    m = blank("early")
    g = put(m, "mgf", "B117", red=True)
    lid = lead(m, g)
    t = com(m, "st_intel", "B117")
    U(m, t)["by"] = g
    new = C.hit_fw(ctx(m), g, {"bcp": 0})
    assert U(m, new)["k"] == "mf" and loc(m, new) == "B117" and not U(m, new).get("red")
    assert U(m, lid)["att"] == new and loc(m, lid) == "B117"
    assert U(m, t)["by"] == new and U(m, t)["rev"]
    assert loc(m, g) == B.SF_POOL


# --- MF 29.1: withdrawn ground units go to a single connected space -------------------------------

def test_29_1_withdrawn_ground_units_go_to_a_single_space():
    """MF 29.1 'any single connected space' (R-BO3): once a ground unit has withdrawn to a space,
    the others withdrawing in that step may only go there."""
    from .mf_helpers import answer_dry
    m = blank("early", ip=20, options={"breakoff": True})
    a1 = put(m, "ateam", "DHA")
    a2 = put(m, "rt", "DHA")
    com(m, "inf_bn", "DHA")
    _breakoff(m, "DHA")
    assert {x["to"] for x in acts(m, "withdraw") if x["unit"] == a2} >= {"QTR", "CLO"}
    dice(m, 1)
    answer_dry(m, t="withdraw", unit=a1, to="QTR")
    assert loc(m, a1) == "QTR"
    assert {x["to"] for x in acts(m, "withdraw") if x["unit"] == a2} == {"QTR"}


def test_29_1_each_round_every_unit_may_check_again():
    """MF 29.1 'at the start of the second and subsequent rounds': a unit whose withdrawal failed in
    round 2 may check again in round 3."""
    m = blank("early", ip=20, options={"breakoff": True})
    a = put(m, "ateam", "DHA")
    com(m, "inf_bn", "DHA")
    _breakoff(m, "DHA")
    # round 2: the withdrawal fails (6); the battalion stays (6), the Communists fire first (6) and
    # miss (6, 6), the A-Team misses (6); round 3 begins with its own Withdrawal Step
    dice(m, 6, 6, 6, 6, 6, 6)
    answer(m, t="withdraw", unit=a, to="QTR")
    assert loc(m, a) == "DHA" and left(m) == []
    assert any(e["text"].startswith("Round 3") for e in m["log"])
    assert a in {x["unit"] for x in acts(m, "withdraw")}


# --- MF 3.1 "if at any time" ---------------------------------------------------------------------

def test_3_1_sudden_death_the_moment_fw_leave_captured_da_nang():
    """MF 3.1: with the Da Nang garrison on its Communist side, the last Free World unit moving out
    hands the Communists control of Da Nang: the game ends at once, not at the next Communist move."""
    m = blank("early")
    U(m, "gar_DN")["com"] = True
    a = put(m, "ateam", "DN")
    put(m, "ateam", "QTR")
    fw_move(m)
    assert not S(m).get("over")
    do(m, {"t": "move", "unit": a, "to": "HVP"})
    assert S(m)["over"]["winner"] == "COM" and S(m)["over"]["rule"] == "MF 3.1"


def test_25_4_a_leader_off_the_map_is_named_by_its_printed_name():
    """MF 25.4 (issue 45 item 9): at the set-up the leader is chosen before it joins a unit; the
    panel's selection line named it by its id ("Selected: leader3"), the view now carries every
    leader's printed name and the page names it by that."""
    from game.engine import match as M
    from game.rules import get
    from game.ui.games.mike_force import NAMES
    R = get("mike-force")
    m = M.new_match(R, "early", 1)
    v = M.view(R, m)
    names = v["leader_names"]
    assert names and all(n.startswith("Leader") for n in names.values())
    lid = next(iter(names))
    assert NAMES.actor(lid, v) == names[lid] != lid
