"""Vietnam 1965-1975, what the engine gives the table (issue 11 section 4): the operation panel
(segments A-H, V 2.1), support ranges (V 7.1, 7.4), the loss-allocation table (V 5.5, V 9.2) and
the play settings that answer windows (V 5.3, V 3.2, V 5.2, V 7.2), recorded as actions so that a
replay is exact."""

import json
import random

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975.combat import sea_range
from game.rules.vietnam_1965_1975.hexes import distance
from .v65_positions import answer, starlite, us_operation


def states(v):
    return "".join({"done": "d", "now": "N", "next": ".", "skipped": "-"}[r["state"]]
                   for r in v["op_panel"]["segments"])


def test_V2_1_operation_panel_walks_the_segments_of_a_us_operation():
    """V 2.1 A-H: A while designating, C while moving, D at the alert, E in combat; the panel
    names what is being decided now."""
    m = starlite(seed=3)
    answer(m, t="us_op")
    answer(m, t="operate", op="sd")
    v = M.view(R, m, "US")
    assert states(v) == "N......." and v["op_panel"]["now"] == "choosing units and the target"
    for u in ("m37", "hq7", "a212"):
        answer(m, t="unit", u=u)
    answer(m, t="target", hex="5219")
    answer(m, t="go")
    assert states(M.view(R, m, "US")) == "dN......"  # B Support Declaration (V 7.3)
    answer(m, t="support", ap=0, ship=0)
    v = M.view(R, m, "US")
    assert states(v) == "ddN....." and v["op_panel"]["next"] == "D" and v["op_panel"]["mode"] == "op"
    answer(m, t="done")
    answer(m, t="done")
    v = M.view(R, m, "NLF")
    assert states(v) == "dddN...." and v["op_panel"]["now"] == "alert"
    for a in (dict(t="alert"), dict(t="done"), dict(t="done")):
        answer(m, **a)
    v = M.view(R, m, "US")
    assert states(v) == "ddddN..." and v["op_panel"]["round"] == 1 and v["op_panel"]["now"] == "choosing the next attack"


def test_V2_1_operation_panel_skips_the_us_segments_in_an_nlf_operation():
    """V 2.1 B and D are for US operations only: an NLF Search and Destroy shows them skipped."""
    m = starlite(seed=3)
    answer(m, t="nlf_op")
    v = M.view(R, m, "NLF")
    assert states(v) == "N-.-...." and v["op_panel"]["side"] == "NLF"


def test_V7_1_artillery_range_is_every_play_hex_within_its_range():
    """V 7.1: 2/12 (155mm, range 3) in 5118 reaches every play-area hex at distance 3 or less; the
    7th Marines HQ (range 2) the same at 2; V 7.4 the cruiser any land hex within 3 of a sea hex."""
    m = starlite(seed=3)
    s = m["state"]
    v = M.view(R, m, "US")
    mp = B.mapof(s)
    for uid, r in (("a212", 3), ("hq7", 2)):
        h = s["units"][uid]["hex"]
        want = sorted(k for k in mp.hexes if mp.playable(k) and distance(h, k) <= r)
        assert v["ranges"][uid]["hexes"] == want and v["ranges"][uid]["range"] == r
    want = sorted(k for k in mp.hexes if mp.playable(k) and mp.land(k) and sea_range(s, k, 3))
    assert v["ranges"]["ship"]["hexes"] == want and "5219" in want
    # face-down VC units are never listed for the US (V 10); the VC have no artillery with a range
    assert set(v["ranges"]) == {"a212", "hq7", "ship"}


def test_V7_2_the_sources_being_allocated_are_listed_for_their_side_only():
    m = us_operation(starlite(seed=3))
    for a in (dict(t="done"), dict(t="done"), dict(t="alert"), dict(t="done"), dict(t="done"),
              dict(t="attack", hex="5219")):
        answer(m, **a)
    assert M.view(R, m, "US")["allocating"] == {"hex": "5219", "sources": ["a212", "hq7"]}
    assert "allocating" not in M.view(R, m, "NLF")


def to_losses():
    m = us_operation(starlite(seed=3))
    for a in (dict(t="done"), dict(t="done"), dict(t="alert"), dict(t="done"), dict(t="done"),
              dict(t="attack", hex="5219"), {"t": "fire", "with": ["a212", "hq7"]}):
        answer(m, **a)
    return m


def test_V5_5_loss_table_says_what_each_choice_does():
    """V 5.5: the table's costs are what the engine then does: 1 RP from the pool; elimination
    covers up to the unit's strength, the rest of its strength back as VC RP (V 5.5) and the US
    scores 3 VP for a regiment (V 18.1); V 9.2 break-down offered for the regiment."""
    m = to_losses()
    L = M.view(R, m, "NLF")["losses"]
    assert "losses" not in M.view(R, m, "US")  # the NLF's decision, the NLF's dialog
    (row,) = L["units"]
    assert (L["side"], L["n"], L["pool"], row["id"], row["ground"], row["rp_limit"]) == ("NLF", 1, 4, "vc1", 6, 5)
    assert row["rp"] and row["breakdown"] and row["rp_cost"] == "VC RP 4 → 3"
    assert row["remove"] == "covers 1 of 1, VC RP +5; US +3 VP"
    rp = json.loads(json.dumps(m))
    answer(rp, t="rp", u="vc1")
    assert rp["state"]["rec"]["vc_rp"] == 3
    gone = json.loads(json.dumps(m))
    vp0 = R.view(gone["state"], "NLF")["vp"]["US"]
    answer(gone, t="remove", u="vc1")
    assert gone["state"]["rec"]["vc_rp"] == 4 + 5 and R.view(gone["state"], "NLF")["vp"]["US"] == vp0 + 3
    # then the US dialog: its RP cost the NLF a VP each (V 18.1), a US counter lost 10
    us = M.view(R, rp, "US")["losses"]
    assert [r["id"] for r in us["units"]] == ["m37", "hq7"]
    assert us["units"][0]["rp_cost"] == "US RP 4 → 3, NLF +1 VP" and "NLF +10 VP" in us["units"][1]["remove"]


def react_window():
    m = starlite(seed=1, ps_hex="5219")
    for a in (dict(t="us_op"), dict(t="operate", op="sd"), dict(t="unit", u="m33"), dict(t="unit", u="m24"),
              dict(t="go"), dict(t="support", ap=0, ship=0), dict(t="pick", u="m33"), dict(t="step", to="5119"),
              dict(t="halt")):
        answer(m, **a)
    assert m["state"]["stack"][-1]["s"] == "react"
    return m


def test_V5_3_never_react_answers_this_window_and_the_next():
    """V 5.3: the setting is an NLF action; it passes this window and the engine passes the next
    one, logging it; the replay from seed and actions gives the same state hash."""
    m = react_window()
    v = M.view(R, m, "NLF")
    assert v["window"] == {"step": "react", "title": "Reaction window", "rule": "V 5.3", "where": "5119"}
    answer(m, t="pref", key="react", value="never")
    assert M.current_role(R, m) == "US" and m["state"]["prefs"] == {"NLF": {"react": "never"}}
    for a in (dict(t="pick", u="m24"), dict(t="step", to="5119"), dict(t="halt")):
        answer(m, **a)
    assert [e["text"] for e in m["log"] if "does not react" in e["text"]] == [
        "NLF does not react (play setting)", "NLF does not react to the move ending in 5119 (play setting)"]
    r = M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"], m["dice_mode"])
    assert M.state_hash(r) == M.state_hash(m)
    # withdrawn in the NLF's Operations Phase choice: the windows are asked again
    assert m["state"]["stack"][-1]["s"] == "ops"
    answer(m, t="pref", key="react", value="ask")
    assert "prefs" not in m["state"]


def test_V5_3_react_only_near_a_target_hex():
    """The 'target' setting passes windows for moves ending away from every target hex, and asks
    when the move ends in or next to one."""
    from game.rules.vietnam_1965_1975.prefs import skip_reaction
    s = react_window()["state"]
    s["prefs"] = {"NLF": {"react": "target"}}
    s["op"]["targets"] = ["5321"]
    assert skip_reaction(s, "NLF", ["5119"]) and not skip_reaction(s, "NLF", ["5320"])
    assert not skip_reaction(s, "US", ["5119"])


def test_V3_2_always_decline_incidental_attacks():
    """V 3.2: with 'always decline', a US unit passing the political section's hex is let through
    by the engine (no NLF decision, the log says why)."""
    m = starlite(seed=1, vc_hex="5219", ps_hex="5320")
    for a in (dict(t="us_op"), dict(t="operate", op="sd"), dict(t="unit", u="m37"), dict(t="target", hex="5219"),
              dict(t="go"), dict(t="support", ap=0, ship=0), dict(t="pick", u="m37"), dict(t="step", to="5320")):
        answer(m, **a)
    assert m["state"]["stack"][-1]["s"] == "incidental_ask"
    answer(m, t="pref", key="incidental", value="decline")  # answers this one as a decline
    assert any(e["text"] == "Incidental attack in 5320: declined" for e in m["log"])
    assert M.current_role(R, m) == "US" and m["state"]["prefs"]["NLF"] == {"incidental": "decline"}


def test_V5_2_never_disperse_rolls_the_alert_at_once():
    """V 5.2: the setting taken in the alert window rolls now (one die logged); the alert moves
    stay the NLF's decisions."""
    m = us_operation(starlite(seed=3))
    answer(m, t="done")
    answer(m, t="done")
    assert m["state"]["stack"][-1]["s"] == "alert"
    answer(m, t="pref", key="alert", value="roll")
    assert [e["text"] for e in m["log"] if e["text"].startswith("Alert in 5219: rolled")]
    assert m["state"]["stack"][-1]["s"] == "move" and M.current_role(R, m) == "NLF"


def test_V7_2_always_fire_all_support():
    """V 7.2: the US's setting fires 2/12 and the HQ now and in its next support window unasked."""
    m = us_operation(starlite(seed=3))
    for a in (dict(t="done"), dict(t="done"), dict(t="alert"), dict(t="done"), dict(t="done"),
              dict(t="attack", hex="5219")):
        answer(m, **a)
    answer(m, t="pref", key="support", value="all")
    assert any(e["text"] == "The attacker (US) fires 2/12 (155mm), 7th Marines HQ into 5219" for e in m["log"])
    assert m["state"]["stack"][-1]["s"] == "losses"


def test_play_settings_in_random_games_replay_to_the_same_hash():
    """Random Starlite games whose players take every play setting offered: each replays from
    seed and actions to the same state hash, and its state survives JSON."""
    taken = 0
    for seed in range(1, 13):
        m = M.new_match(R, "starlite", seed)
        rnd = random.Random(seed)
        for _ in range(500):
            if m["state"].get("over"):
                break
            role = M.current_role(R, m)
            acts = M.legal_actions(R, m, role)
            prefs = [a for a in acts if a["t"] == "pref" and a["value"] != "ask"]
            a = prefs[0] if prefs and rnd.random() < 0.8 else rnd.choice(acts)
            taken += a["t"] == "pref"
            M.apply(R, m, a, role=role)
        r = M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"], m["dice_mode"])
        assert M.state_hash(r) == M.state_hash(m)
        assert json.loads(json.dumps(m["state"])) == m["state"]
    assert taken >= 5


def test_V3_movement_range_is_where_the_step_actions_can_end():
    """V 3, 3.1, 3.2, 4: the movement range the engine lists for 3/7 (8 MP) and 2/12 is exactly
    the set of hexes where a chain of legal step actions lets the unit halt (searched through
    the engine's own actions, each position once)."""
    base = us_operation(starlite(seed=3))
    for uid in ("m37", "a212"):
        want = set(M.view(R, base, "US")["moving"]["reach"][uid])
        m = json.loads(json.dumps(base))
        answer(m, t="pick", u=uid)
        start = m["state"]["units"][uid]["hex"]
        seen, keys, todo = set(), set(), [m]
        while todo:
            mm = todo.pop()
            top = mm["state"]["stack"][-1]
            if M.current_role(R, mm) != "US" or top["s"] != "move" or top.get("cur") != uid:
                continue  # an incidental attack asked of the NLF: the move stops being the US's
            acts = M.legal_actions(R, mm, "US")
            if any(a["t"] == "halt" for a in acts):
                seen.add(mm["state"]["units"][uid]["hex"])
            for a in acts:
                if a["t"] == "step":
                    m2 = json.loads(json.dumps(mm))
                    M.apply(R, m2, a, role="US")
                    key = (m2["state"]["units"][uid]["hex"], m2["state"]["stack"][-1].get("mp", {}).get(uid))
                    if key not in keys:
                        keys.add(key)
                        todo.append(m2)
        seen.discard(start)
        # (2/12, mech in the paddies at 4 MP a hex, reaches only 5018 and 5119 from Chu Lai since QL1
        # runs no more on 5118-5119-5120, issue 44 item 1)
        assert want == seen and len(want) > (10 if uid == "m37" else 1), (uid, sorted(want ^ seen))
