"""The opponent's turn, shown (issue 9 item 2): the programmed phases of Mike Force (MF 4.0 II,
III) and First Team (FT 4.14 H-N) pause with a report by default (play setting opponent_pace);
the pauses never change the dice or the game; the move lines name units and places."""
import random

from game.engine import match as M
from game.rules import get

from .mf_helpers import U, blank, com, ctx, loc

MF = get("mike-force")
FT = get("first-team")


def _play(rules, scenario, seed, options, turns, pick_seed):
    """Random play from a seeded picker that never sees the pauses (Continue at each one), so the
    same choices are made with and without them."""
    m = M.new_match(rules, scenario, seed, options)
    rng = random.Random(pick_seed)
    pauses = []
    for _ in range(6000):
        s = m["state"]
        at_report = not s.get("over") and s["stack"][-1]["s"] == "report"
        if (s.get("over") or s["turn"] > turns) and not at_report:
            break
        acts = M.legal_actions(rules, m)
        if at_report:
            v = M.view(rules, m)
            pauses.append(v["report"])
            M.apply(rules, m, next(a for a in acts if a["t"] == "done"))
            continue
        M.apply(rules, m, rng.choice(acts))
    return m, pauses


def _same_game(a, b):
    sa, sb = dict(a["state"]), dict(b["state"])
    for st in (sa, sb):
        st.pop("options")
        st.pop("pace_run", None)
    assert sa == sb
    assert [e["text"] for e in a["log"]] == [e["text"] for e in b["log"]]


def test_mf_communist_phases_pause_with_the_same_dice_mf_4_0_ii():
    """MF 4.0 II: each Communist phase that did something ends in a report pause by default; with
    opponent_pace "run" the same seed and choices give the same dice, log and state."""
    step, pauses = _play(MF, "early", 7, None, 3, 11)
    run, none = _play(MF, "early", 7, {"opponent_pace": "run"}, 3, 11)
    assert none == [] and pauses
    titles = {p["title"] for p in pauses}
    assert "Communist Reinforcement Phase" in titles, titles  # End of Turn: only if it did something
    for p in pauses:  # every report lists what its phase logged, its header excluded
        assert p["entries"] and p["entries"][0]["n"] == p["since"]
    # each card says the part of the turn it belongs to (the Reaction Phase of II is the player's
    # own airstrikes: "Opponent's phase" misnamed it, issue 45 item 9)
    assert {p["kicker"] for p in pauses} <= {"Communist Operations Phase (MF 4.0 II)", "End of Turn Phase (MF 4.0 III)"}
    # a phase that only said nothing happened does not stop the game (issue 45 item 9)
    assert not any(all(e.get("kind") in ("phase", "none") for e in p["entries"]) for p in pauses)
    reinf = next(p for p in pauses if p["title"] == "Communist Reinforcement Phase")
    assert any(e.get("kind") == "place" and e.get("place") for e in reinf["entries"])
    assert step["state"]["dice"] == run["state"]["dice"]
    _same_game(step, run)


def test_mf_let_the_rest_run_skips_to_the_next_turn_mf_4_0_ii():
    """"Let the rest of the Communist turn run": no more pauses until the next Free World turn."""
    m = M.new_match(MF, "early", 7)
    rng = random.Random(3)
    seen = []
    for _ in range(4000):
        s = m["state"]
        if s.get("over") or s["turn"] > 3:
            break
        acts = M.legal_actions(MF, m)
        if s["stack"][-1]["s"] == "report":
            seen.append((s["turn"], M.view(MF, m)["report"]["title"]))
            M.apply(MF, m, next(a for a in acts if a["t"] == "run"))
            continue
        M.apply(MF, m, rng.choice(acts))
    per_turn = {}
    for turn, _ in seen:
        per_turn[turn] = per_turn.get(turn, 0) + 1
    assert seen and all(n == 1 for n in per_turn.values()), seen


FT_SAID_NOTHING = {"No NVA ground movement", "No NVA open combat", "Offboard movement: no movement",
                   "No location victory points this turn"}


def test_ft_nva_segments_pause_with_the_same_dice_ft_4_14():
    step, pauses = _play(FT, "campaign", 5, None, 2, 9)
    run, none = _play(FT, "campaign", 5, {"opponent_pace": "run"}, 2, 9)
    assert none == [] and pauses
    assert all("Segment" in p["title"] for p in pauses)
    # a segment that only said nothing happened (its offboard roll aside) does not stop the game
    # (issue 45): these two turns had such segments, and their lines say nothing happened
    said = [e for e in step["log"] if e["text"] in FT_SAID_NOTHING]
    assert {e["text"] for e in said} >= {"No NVA ground movement", "Offboard movement: no movement"}
    assert all(e["kind"] == "none" for e in said)
    for p in pauses:
        lines = [e for e in p["entries"] if e["kind"] not in ("phase", "turn")]
        assert any(e["text"] not in FT_SAID_NOTHING and not e["text"].startswith("NVA Offboard Movement Table:")
                   for e in lines), p
    _same_game(step, run)


def test_mf_advance_names_units_and_places_mf_15_6():
    """MF 15.6: the advance logs each leg with the units (as the Free World player knows them) and
    the places from and to, with the places as structured facts for the map arrows."""
    m = blank("early")
    U(m, "gar_DN")["com"] = True
    a = com(m, "inf_bn", "HVP", rev=True)
    b = com(m, "inf_bn", "HVP", rev=False)
    from game.rules.mike_force import communist as CM
    g = ctx(m)
    CM.advance(g, 1)
    assert loc(m, a) == "DN" and loc(m, b) == "DN"
    line = next(e for e in g.logbuf if e.get("move"))
    assert line["move"] == ["HVP", "DN"] and line["units"] == 2
    assert line["text"] == "NVA Infantry Battalion, concealed unit moved Hai Van Pass -> Da Nang", line
    assert line["refs"] == [["p", "HVP", "Hai Van Pass"], ["p", "DN", "Da Nang"]]
    assert line["rule"] == "MF 15.6"


# --- the battle display's record and the Mike Force line-up (issue 9 item 3) ----------------------

def _mf_two_battalions():
    from .mf_helpers import battle, dice, put
    m = blank("early", rp=5, ip=20)
    f1 = put(m, "mf", "DHA")
    f2 = put(m, "ateam", "DHA")
    i1 = com(m, "inf_bn", "DHA")
    i2 = com(m, "inf_bn", "DHA")
    dice(m, 1, *([6] * 40))  # FW superiority, then misses everywhere
    battle(m, "DHA")
    return m, f1, f2, i1, i2


def test_mf_line_up_keep_order_for_the_whole_battle_mf_20_1():
    """MF 20.1 step 2: the line-up question cites its rule once and offers to keep the order for
    the whole battle; kept, round 2 goes straight to the fire (no line-up question)."""
    from .mf_helpers import acts, answer, asking
    m, f1, f2, i1, i2 = _mf_two_battalions()
    p = M.prompt(MF, m)
    assert p.startswith("Line up your units") and p.count("(MF 20.1)") == 1, p
    keep = [a for a in M.legal_actions(MF, m) if a["t"] == "keep"]
    assert len(keep) == 1 and keep[0]["label"].startswith("Keep this order for the whole battle")
    answer(m, t="keep")
    for _ in range(10):  # round 1, then round 2: only target choices, never the line-up again
        if not asking(m):
            break
        assert not M.prompt(MF, m).startswith("Line up"), M.prompt(MF, m)
        a = acts(m)[0]
        M.apply(MF, m, a)
        if any(e["text"].startswith("Round 2") for e in m["log"]):
            break
    assert any(e["text"].startswith("Round 2") for e in m["log"])
    assert not M.prompt(MF, m).startswith("Line up")
    assert m["state"]["battle"]["round"] == 2


def test_mf_identical_targets_get_distinct_labels_mf_20_1():
    """Two NVA Infantry Battalions read "(1)" and "(2)" in the target choice; the battle record
    lists both sides with their CF, who fires first, and each die with its need and hit/miss;
    dice checked one by one are listed, never added (MF 20.2)."""
    from .mf_helpers import acts, answer
    m, f1, f2, i1, i2 = _mf_two_battalions()
    answer(m, t="done")  # the line as it stands: the Mike Force company fires first
    labels = [a["label"] for a in M.legal_actions(MF, m) if a["t"] == "target"]
    assert len(labels) == 2 and labels[0] != labels[1], labels
    assert labels[0].endswith("NVA Infantry Battalion (1)") and labels[1].endswith("(2)"), labels
    answer(m, t="target", target=i1)
    b = m["state"]["battle"]
    assert b["at"] == "DHA" and b["place"] == "Dong Ha"
    fw, com_side = b["sides"]
    assert fw["first"] and not com_side["first"]
    assert [u["label"] for u in com_side["units"]] == ["NVA Infantry Battalion (1)", "NVA Infantry Battalion (2)"]
    assert all(u["values"].startswith("CF ") for u in fw["units"] + com_side["units"])
    shot = next(e for e in b["events"] if e.get("dice"))
    assert all(d["hit"] is False and d["need"] for d in shot["dice"])  # sixes: all misses
    line = next(e for e in m["log"] if e.get("kind") == "roll" and "fires at" in e["text"])
    assert "=" not in line["text"] and "+" not in line["text"].split("rolled")[1], line["text"]


def test_ft_battle_record_has_sides_support_and_losses_ft_11_0():
    """FT 11.0, 11.2: a combat's record holds both sides with strength-effectiveness, the
    attacker first, every CRT fire with its column and shifts, the losses and the end."""
    from game.simulate import play_one
    found = None
    for seed in (5, 6, 7, 8):
        m, _ = play_one(FT, FT.scenarios()[0]["id"], seed)
        b = m["state"].get("battle")
        if b and b["sides"] and b["sides"][0]["units"]:
            found = b
            break
    assert found, "a random First Team game ends with a combat record"
    b = found
    assert b["over"] and b["result"] and b.get("at")
    us, nva = b["sides"]
    assert us["side"] == "US" and nva["side"] == "NVA" and us["first"] != nva["first"]
    assert all("-" in u["values"] for u in us["units"] + nva["units"])
    assert b["fires"] and all(f["text"].startswith("column ") for f in b["fires"])


def test_v_battle_record_ratio_drms_die_and_handles_v_5_4_v_10():
    """V 5.4: the battle record holds the totals, each DRM, the die and the CRT result; V 10: a
    face-down VC unit appears in it (read by both players) only as its handle, with no strength."""
    from game.rules import get as get_rules
    from .test_v_rules import D as VD, start
    V = get_rules("vietnam-1965-1975")
    m = start()
    VD.answer(m, t="us_op")
    VD.answer(m, t="operate")
    VD.answer(m, t="unit", u="m37")
    VD.answer(m, t="target", hex="5219")
    VD.answer(m, t="go")
    VD.answer(m, t="support", ap=0, ship=0)
    VD.answer(m, t="done")
    m["state"]["dice"]["queue"] = [1]
    VD.answer(m, t="alert")
    hidden = [u for u in m["state"]["units"].values() if u["side"] == "NLF" and u["hex"] == "5219" and not u.get("rev")]
    m["state"]["dice"]["queue"] = [6]
    VD.answer(m, t="attack", hex="5219")
    b = M.view(V, m, "US")["battle"]
    assert b["at"] == "5219" and b["sides"][0]["first"]
    f = b["fires"][0]
    # (the ratio and its rounding in words, issue 45 item 3)
    assert f["base"] == "3 against 8: 1 to 2.67 → odds DRM -3 (rounded in the defender's favour, V 5.4)" and [s["text"] for s in f["shifts"]][:2] == ["odds -3", "terrain +0"]
    assert b["events"][0]["dice"] == [{"v": 6}]
    assert not hidden  # the alert (V 5.2) revealed the defenders before the roll: their names show
    assert all(x["values"].startswith("strength ") for x in b["sides"][1]["units"])
    from game.rules.vietnam_1965_1975.combat import record_unit
    u = dict(next(u for u in m["state"]["units"].values() if u["side"] == "NLF"), rev=False)
    rec = record_unit(m["state"], u)  # still face down (e.g. an incidental attack, V 3.2)
    assert rec["id"] == u["handle"] and rec["name"] == f"VC unit {u['handle']}" and rec["values"] == "?"


def test_mf_bombardment_goes_through_the_battle_display_mf_18_3_mf_19_0():
    """MF 19.0, 18.3: the bombardment's record: the AAA fires first, each die with its need and
    hit or miss, the fighter-bomber shot down and the hit as losses, then the end."""
    from .mf_helpers import answer, dice, put, run, stack
    m = blank("early", rp=5)
    aaa = com(m, "aaa_m", "TCH")
    inf = com(m, "inf_rgt", "TCH")
    put(m, "fb", "TCH")
    put(m, "fb", "TCH")
    dice(m, 3, 3)
    stack(m, {"s": "bombard", "sp": "TCH"})
    run(m)
    answer(m, t="target", target=inf)
    b = m["state"]["battle"]
    assert b["title"] == "Bombardment at Tchepone" and b["at"] == "TCH" and b["over"]
    fw, cm = b["sides"]
    assert cm["first"] and not fw["first"]
    assert [u["values"] for u in fw["units"]] == ["CF 3", "CF 3"]
    assert {u["id"] for u in cm["units"]} == {aaa, inf}
    aaa_ev, fb_ev = b["events"]
    assert aaa_ev["dice"] == [{"v": 3, "need": "3 or less", "hit": True}] and aaa_ev["rule"] == "MF 19.0"
    assert fb_ev["dice"] == [{"v": 3, "need": "3 or less", "hit": True}] and fb_ev["rule"] == "MF 18.3"
    assert [x["side"] for x in b["losses"]] == ["FW", "COM"]


def test_mf_end_of_turn_pauses_only_when_something_returned_mf_4_0_iii():
    """MF 4.0 III.1 / 25.5: with no MACV unit out, the Return Phase logs nothing, so the End of
    Turn report does not pause on a "0 units return" line; with one out, it logs and pauses."""
    from game.engine import report
    from .mf_helpers import put, run
    for out, pauses in ((False, False), (True, True)):
        m = blank("early")
        if out:
            put(m, "usmc", "DN")
        g = ctx(m)
        since = len(g.logbuf)
        g.push("end_return")
        M.run_auto(MF, g)
        lines = [e["text"] for e in g.logbuf[since:]]
        assert bool(lines) == out, lines
        assert report.pause(g, "End of Turn", since, "com") is pauses
