"""Vietnam 1965-1975 at the table (issue 45): the warnings the rules put on costly or fatal
choices (item 1), the decision named in public words for the hand-over screen (item 2), the combat
arithmetic that the odds preview, the battle card and the log print term by term (item 3), the
rule effects that say their cause in the log (item 5) and the end-of-game record (item 6).
L-numbers are the lines of shared/reference/vietnam_6575_folded.txt."""
import json
import random
import re

import game.rules.vietnam_1965_1975 as R
from game.engine import headless, match as M
from game.rules.vietnam_1965_1975 import board as B
from game.simulate import random_action

from .v65_positions import answer, at_support_declaration, on_hold, starlite, us_operation


def acts_of(m, role=None):
    return M.legal_actions(R, m, role or M.current_role(R, m))


def one(m, **want):
    hit = [a for a in acts_of(m) if all(a.get(k) == v for k, v in want.items())]
    assert len(hit) == 1, (want, hit)
    return hit[0]


# --- item 1: warnings before the click -------------------------------------------------------------

def test_support_declaration_warns_that_air_points_serve_the_operation_for_the_turn():
    """V 7.3 (L462-467): 'a given Air Point may be used once per game-turn'; V 7.4: the cruiser one
    operation a turn. Declaring nothing warns of nothing."""
    m = at_support_declaration(starlite())
    assert "warn" not in one(m, t="support", ap=0, ship=0)
    w = one(m, t="support", ap=2, ship=0)["warn"]
    assert "2 of the 4 Air Points" in w and "2 stay for later operations" in w and "V 7.3" in w
    assert "cruiser" in one(m, t="support", ap=0, ship=1)["warn"] and "V 7.4" in one(m, t="support", ap=0, ship=1)["warn"]


def test_defensive_air_points_warn_and_the_track_shows_them_committed():
    """V 7.3, V 5.7: Air Points declared for the defence in the Retreat segment are tied up for the
    turn; the view's Air Points record says how many are committed and left."""
    # the reserve window's Air Points (the engine's own step), reached through an NLF operation
    g_acts = None
    for seed in range(1, 60):
        m = M.new_match(R, "starlite", seed)
        rng = random.Random(seed)
        for _ in range(600):
            s = m["state"]
            if s.get("over"):
                break
            top = s["stack"][-1]
            if top["s"] == "reserve_pick" and top.get("kind") == "defensive":
                g_acts = [a for a in acts_of(m) if a["t"] == "ap"]
                if g_acts:
                    break
            role = M.current_role(R, m)
            M.apply(R, m, M.strip(random_action(rng, acts_of(m, role))), role=role)
        if g_acts:
            break
    assert g_acts, "no defensive reserve window with Air Points in 60 random Starlite games"
    a = g_acts[0]
    assert "the defence against the NLF operation" in a["warn"] and "whole turn" in a["warn"] and "V 7.3" in a["warn"]
    M.apply(R, m, M.strip(a), role="US")
    air = R.view(m["state"], "US")["air"]
    assert air["committed"] == a["n"] and air["left"] == air["available"] - a["n"]


def test_decline_and_end_of_phase_warn_that_the_scenario_ends():
    """V 2.1 (L75): the phase goes on 'until neither player is able or willing'; after a US decline
    the NLF may end it, and on the last turn that ends the scenario (V 18.2, the outcome said)."""
    m = starlite()
    answer(m, t="us_op")
    w = one(m, t="decline")["warn"]
    assert "NLF end the Operations Phase" in w and "turn 1 of 1" in w and "NLF victory" in w
    answer(m, t="decline")
    w = one(m, t="end")["warn"]
    assert "the scenario ends now" in w and "the VC regiment is still on the map" in w


def _loss_window(side, seeds=range(1, 200)):
    """A random Starlite game at the `side`'s loss allocation (the engine's own positions)."""
    for seed in seeds:
        m = M.new_match(R, "starlite", seed)
        rng = random.Random(seed)
        for _ in range(600):
            s = m["state"]
            if s.get("over"):
                break
            top = s["stack"][-1]
            if top["s"] == "losses" and top["side"] == side and any(a["t"] == "remove" for a in acts_of(m)):
                return m
            role = M.current_role(R, m)
            M.apply(R, m, M.strip(random_action(rng, acts_of(m, role))), role=role)
    raise AssertionError(f"no {side} loss window found")


def test_eliminating_a_us_counter_warns_that_starlite_is_lost():
    """V 18.2: the US wins Starlite only if no US counter is eliminated; V 18.1 rule 7: NLF +10 VP.
    The loss dialog's record marks the unit too."""
    m = _loss_window("US")
    rm = [a for a in acts_of(m) if a["t"] == "remove"]
    for a in rm:
        assert "NLF +10 VP" in a["warn"] and "loses the scenario for the US (V 18.2)" in a["warn"], a
    rows = R.view(m["state"], "US")["losses"]["units"]
    assert all(r["loses"] for r in rows)
    assert all("warn" not in a for a in acts_of(m) if a["t"] == "rp")  # an RP absorbs: its cost is on the button


def test_eliminating_an_nlf_unit_warns_of_the_us_points():
    m = _loss_window("NLF")
    for a in acts_of(m):
        if a["t"] == "remove":
            assert re.search(r"US \+\d+ VP \(V 18\.1\)", a["warn"]) and "loses the scenario" not in a["warn"]
        if a["t"] == "breakdown":
            assert "US +3 VP" in a["warn"] and "US victory condition (V 18.2)" in a["warn"]


def test_no_warning_is_built_for_the_simulator():
    """The warnings are words for the players: a step listed without labels carries none."""
    m = starlite()
    answer(m, t="us_op")
    assert any("warn" in a for a in M.legal_actions(R, m, "US"))
    assert not any("warn" in a or "label" in a for a in headless.actions(R, m, "US"))


# --- item 2: whose decision ------------------------------------------------------------------------

def test_the_decision_is_named_in_public_words():
    """The hand-over screen names what waits (a reaction window: the move's hexes; an alert: the
    target hex), and never a hidden unit (V 10)."""
    seen = set()
    for seed in range(1, 25):
        m = M.new_match(R, "starlite", seed)
        rng = random.Random(seed)
        for _ in range(500):
            s = m["state"]
            if s.get("over"):
                break
            d = R.decision(s)
            assert d, s["stack"][-1]["s"]
            hidden = R.hidden_ids(s, "US")
            for x in hidden:
                assert s["units"][x]["name"] not in d and x not in d, (d, x)
            top = s["stack"][-1]["s"]
            if top == "react":
                assert re.match(r"react to the (US|NLF) move into \d{4}", d), d
            if top == "alert":
                assert re.match(r"the alert in \d{4}", d), d
            seen.add(top)
            role = M.current_role(R, m)
            M.apply(R, m, M.strip(random_action(rng, acts_of(m, role))), role=role)
    assert {"react", "losses", "move", "ops"} <= seen, seen
    assert R.decision({"stack": [], "over": {"winner": "US"}}) == ""


# --- item 3: the combat arithmetic, the same in the preview, the card and the log -----------------

NUM = r"(-?\d+(?:\.\d+)?)"


def _check_side(line):
    """A side's total is the sum of its terms ("total 8 = ground 3 + RF 1 + support 4")."""
    mo = re.fullmatch(rf"total {NUM} = ground {NUM}(?: \+ RF {NUM} \(V 11\.2\))? \+ support {NUM}", line)
    assert mo, line
    tot, g, rf, sup = (float(x) if x else 0.0 for x in mo.groups())
    assert abs(tot - (g + rf + sup)) < 1e-9, line
    return g, rf, sup


KEEN = ("operate", "nlf_op", "us_op", "attack", "target", "unit", "go", "force")


def _play_battles(scenario, seeds, steps=900):
    """Random games where every side fires all its support and every attack uses all the units
    available (so the preview's assumption holds): yields (preview of the hex, the battle record,
    the log lines of the battle) for each battle."""
    for seed in seeds:
        m = M.new_match(R, scenario, seed)
        rng = random.Random(seed)
        pending, expect = {}, None
        for _ in range(steps):
            s = m["state"]
            if s.get("over"):
                break
            top = s["stack"][-1]
            role = M.current_role(R, m)
            acts = acts_of(m, role)
            if top["s"] == "attack_pick":
                pending = {pv["hex"]: pv for pv in R.view(s, role)["preview"]}
                full = [a for a in acts if a["t"] == "attack"
                        and set(a["units"]) == {u["id"] for u in __import__(
                            "game.rules.vietnam_1965_1975.operation", fromlist=["available"]).available(s, a["hex"])}]
                a = rng.choice(full) if full else random_action(rng, acts)
            elif top["s"] == "support_pick":
                a = acts[0]  # every source (the first choice fires them all)
            else:  # a player who operates and attacks more often than not, so there are battles
                keen = [x for x in acts if x["t"] in KEEN]
                a = rng.choice(keen) if keen and rng.random() < 0.7 else random_action(rng, acts)
            n0 = len(m["log"])
            M.apply(R, m, M.strip(a), role=role)
            if a["t"] == "attack" and top["s"] == "attack_pick":
                expect = a["hex"]  # resolved now, or after the support windows
            new = [e["text"] for e in m["log"][n0:]]
            b = m["state"].get("battle")
            if b and b.get("sides") and b.get("fires") and any(re.match(r"(US|NLF) attacks \d{4}:", x) for x in new):
                yield (pending.get(b["place"]) if b["place"] == expect else None), b, new
                expect = None


def test_preview_card_and_log_carry_the_same_numbers_over_fuzzed_battles():
    """V 5.4, V 7.2 (L266-268: support capped at 3 x the ground strength for the ratio, before the
    halving), V 7.6: over many random battles of the four scenarios, each side's terms on the
    battle card equal the preview's before the attack, the log prints the same lines, and every
    total is the sum of its terms."""
    count = previewed = capped = halved = 0
    for scen, seeds in (("starlite", range(1, 90)), ("starlite-free", range(1, 25)),
                        ("silver-bayonet", range(1, 7)), ("masher-white-wing", range(1, 7))):
        for pv, b, new in _play_battles(scen, seeds):
            count += 1
            previewed += pv is not None
            log = "\n".join(new)
            for k, sd in enumerate(b["sides"]):
                lines = sd["lines"]
                _check_side(sd["total"])
                assert f"{sd['side']}: " + "; ".join(lines) + f"; {sd['total']}" in log, (lines, log)
                if pv is not None and not pv.get("void"):
                    p = pv["sides"][k]
                    assert [p["ground"]] + p["support"] == lines, (p, lines)
                    assert p["total"] == sd["total"]
                capped += any("capped at 3 × ground" in x for x in lines)
                halved += any("halved: US support counts half" in x for x in lines)
            fire = b["fires"][-1]
            assert fire["base"] in log and fire["columns"] in log and fire["drm_text"] in log
            if pv is not None and not pv.get("void"):
                assert pv["ratio"] == fire["base"] and pv["columns"] == fire["columns"]
                assert pv["drm_text"] == fire["drm_text"]
            att, dfn = (float(re.match(rf"total {NUM}", sd["total"]).group(1)) for sd in b["sides"])
            assert fire["base"].startswith(f"{att:g} against {dfn:g}")
    assert count >= 30 and previewed >= 10 and capped and halved, (count, previewed, capped, halved)


def test_a_lone_artillery_battery_defends_with_ground_1_and_its_capped_support():
    """V 5.4 (L266): a hex of zero-strength units has ground 1; V 7.2: its support counts up to 3 x 1
    toward the ratio; V 7.6 halves US support outside a free-fire zone. The card says each step
    (the review's "strength 0, support 7" against a total of 4.5)."""
    from game.rules.vietnam_1965_1975.combat import arithmetic
    m = starlite()
    s = m["state"]
    bat = s["units"]["a212"]
    vc = s["units"]["vc1"]
    vc["rev"] = True
    ar = arithmetic(s, bat["hex"], "NLF", [vc], [bat], [], [], 0)
    d = ar["def"]
    assert d["ground"] == "ground 1 (no ground strength: counts 1, V 5.4)"
    assert d["support"][0] == "support 7 (2/12 (155mm) 7)"
    assert "capped at 3 × ground = 3 (V 7.2); halved" in d["support"][1] and d["support"][1].endswith("→ 1.5 toward the ratio")
    g, rf, sup = _check_side(d["total"])
    assert (g, sup) == (1, 1.5)


# --- item 5: nothing silent ----------------------------------------------------------------------

def _random_games(scenarios=("starlite", "silver-bayonet", "masher-white-wing"), seeds=range(1, 25), steps=900):
    """(match, the entries logged by the step, the VP before and after) for every step of random games."""
    from game.rules.vietnam_1965_1975.victory import vp_table
    for scen in scenarios:
        for seed in seeds:
            m = M.new_match(R, scen, seed)
            rng = random.Random(seed)
            for _ in range(steps):
                s = m["state"]
                if s.get("over"):
                    break
                before = vp_table(s)
                role = M.current_role(R, m)
                acts = acts_of(m, role)
                keen = [x for x in acts if x["t"] in KEEN]
                a = rng.choice(keen) if keen and rng.random() < 0.6 else random_action(rng, acts)
                n0 = len(m["log"])
                M.apply(R, m, M.strip(a), role=role)
                yield m, m["log"][n0:], before, vp_table(m["state"])


def test_V18_1_the_views_vp_totals_are_its_tables_sums_and_vp():
    """V 18.1 rule 7: the view reads its totals off the table it shows (victory.vp_sums, the hexes
    scored once); they are vp(s)'s, exactly, at every step of random games."""
    from game.rules.vietnam_1965_1975.victory import vp, vp_sums
    n = 0
    for m, _, _, after in _random_games(seeds=range(1, 6), steps=300):
        assert vp_sums(after) == vp(m["state"])
        n += 1
    assert n > 500


def test_every_vp_change_but_occupation_has_a_log_line_naming_it():
    """V 18.1 rule 7: a point scored by a removal, an RP spent, an Air or Airmobile Point lost, a
    free-fire zone or an entry is written with its cause in the step that scores it (occupation
    points follow the counters on the map, and the VP table in the view lists them hex by hex)."""
    checked = 0
    for m, new, before, after in _random_games(seeds=range(1, 12)):
        b = [r for r in before if "occupied" not in r["what"]]
        a = [r for r in after if "occupied" not in r["what"]]
        if b == a:
            continue
        checked += 1
        text = "\n".join(e["text"] for e in new)
        assert re.search(r"(NLF|US) \+[\d/.]+ VP|\d+ VP|VP \(V 18\.1\)", text), (b, a, text)
    assert checked >= 20, checked


def test_a_removal_and_an_rp_say_their_points():
    """V 18.1 rule 7: 'eliminated in 5219: US +1 VP', '1 RP absorbs a loss on 3/7 Marines: NLF +1 VP';
    V 5.5: the VC's recovery says whose unused strength it is."""
    seen = set()
    for m, new, _, _ in _random_games(scenarios=("starlite",), seeds=range(1, 80)):
        for e in new:
            t = e["text"]
            if " eliminated in " in t:
                assert re.search(r"eliminated in \d{4}: (US|NLF) \+[\d.]+ VP \(V 18\.1\)$", t), t
                seen.add("removal")
            if t.startswith("1 RP absorbs a loss on") and "Marines" in t:
                assert t.endswith(": NLF +1 VP (V 18.1)"), t
                seen.add("us_rp")
            if "recovered" in t:
                assert re.match(r"VC RP \+\d+: .+'s unused strength recovered \(V 5\.5\)", t), t
                seen.add("recovery")
            if "disperses" in t and t.startswith("VC RP"):
                assert "its strength back to the pool (V 5.2)" in t
    assert {"removal", "us_rp"} <= seen, seen


def _held_regiment_at_alert(seed):
    """Starlite with the VC regiment put on Hold at the NLF's designation (V 6.2), a US Search and
    Destroy on it, right after its alert roll (V 5.2)."""
    m = M.new_match(R, "starlite", seed)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        answer(m, t="place", u=u, hex="5219" if u == "vc1" else "5320")
    answer(m, t="done")                  # the US designates nothing
    answer(m, t="hold", u="vc1")         # the NLF puts its regiment on Hold
    answer(m, t="done")
    answer(m, t="done")                  # no strategic movement
    us_operation(m)
    for a in (dict(t="done"), dict(t="done"), dict(t="alert")):
        answer(m, **a)
    return m


def test_hold_is_kept_by_a_unit_that_stays_and_lost_with_a_line_by_one_that_moves():
    """V 5.2 (L221-222): 'any NLF unit that moves using Alert movement immediately abandons any
    Patrol or Hold'; the roll alone takes nothing away, and the loss is logged (never silent)."""
    moved = False
    for seed in range(1, 40):
        m = _held_regiment_at_alert(seed)
        assert m["state"]["units"]["vc1"]["mission"] == "hold"  # the roll alone takes nothing away
        if M.current_role(R, m) != "NLF" or m["state"]["stack"][-1]["s"] != "move":
            continue
        if any(a["t"] == "pick" for a in acts_of(m)):
            answer(m, t="pick", u="vc1")
        steps = [a for a in acts_of(m) if a["t"] == "step"]
        if not steps:
            continue
        n0 = len(m["log"])
        answer(m, t="step", to=steps[0]["to"])
        assert m["state"]["units"]["vc1"]["mission"] is None
        assert any("abandons its Hold and is Ops Complete" in e["text"] for e in m["log"][n0:])
        moved = True
        break
    assert moved


def test_a_unit_with_no_step_says_why():
    """V 3, 3.1, 7.5: a unit that cannot pay any step is offered Halt with the reason (the cheapest
    step against its MP left)."""
    from game.rules.vietnam_1965_1975.movement import stuck_reason
    found = 0
    for m, _, _, _ in _random_games(scenarios=("starlite",), seeds=range(1, 60)):
        top = m["state"]["stack"][-1]
        if top["s"] != "move" or not top.get("cur"):
            continue
        acts = acts_of(m)
        if [a["t"] for a in acts] == ["halt"]:
            u = m["state"]["units"][top["cur"]]
            assert acts[0]["label"] == f"Halt in {u['hex']}: {stuck_reason(m['state'], u, top)}"
            assert re.search(r"V 3|V 8\.1", acts[0]["label"])
            found += 1
            if found >= 3:
                break
    assert found >= 1


# --- item 6: the end of the game -----------------------------------------------------------------

def test_the_end_record_names_the_condition_and_reveals_every_counter():
    """V 18.2 (Starlite) and V 18.1 (the VP scenarios): the card's condition, the VP table whose
    lines sum to the totals, each side's losses; at the end no counter is face down in either view."""
    from game.rules.vietnam_1965_1975.victory import vp
    ends = 0
    for scen in ("starlite", "silver-bayonet", "masher-white-wing"):
        for seed in range(1, 6):
            m = M.new_match(R, scen, seed)
            rng = random.Random(seed)
            while not m["state"].get("over"):
                role = M.current_role(R, m)
                M.apply(R, m, M.strip(random_action(rng, acts_of(m, role))), role=role)
            s = m["state"]
            for role in ("US", "NLF"):
                v = M.view(R, m, role)
                e = v["end"]
                assert not any(p.get("concealed") for sp in v["spaces"].values() for p in sp["pieces"])
                assert R.hidden_ids(s, "US") == []
                for side in ("NLF", "US"):
                    assert abs(sum(r["vp"] for r in e["vp_table"] if r["side"] == side) - vp(s)[side]) < 1e-9
                assert e["losses"]["US"] == [x for x in e["losses"]["US"]]
                assert {u["name"] for u in e["nlf_units"]} == {u["name"] for u in s["units"].values()
                                                                if u["side"] == "NLF" and u["hex"]}
                if scen == "starlite":
                    assert e["condition"].startswith(f"The {s['over']['winner']} wins: ") and "(V 18.2)" in e["condition"]
                    assert "VP difference" not in v["prompt"]  # the VP do not decide Starlite
                else:
                    assert s["over"]["level"] in e["condition"] and "(V 18.1)" in e["condition"]
            ends += 1
    assert ends == 15


# --- item 7: the log's groups name the operation --------------------------------------------------

def test_log_groups_name_the_operation_and_its_round():
    """V 2.1 item 4, V 5.4: each operation opens a log group of its own ("The US conducts a Search
    and Destroy operation"), and each combat round's group names the side, the kind and the targets
    ("US Search and Destroy on 5219, combat round 1"), so no line is filed under the last operation."""
    m = us_operation(starlite(seed=3))
    for a in (dict(t="done"), dict(t="done"), dict(t="alert"), dict(t="done")):
        answer(m, **a)
    heads = [e["text"] for e in m["log"] if e["kind"] == "phase"]
    assert "The US conducts a Search and Destroy operation" in heads
    assert "US Search and Destroy on 5219, combat round 1 (V 5.4)" in heads


def test_a_finished_battle_is_retired_when_the_next_operation_begins():
    """Issue 45 item 7: the last operation's battle card leaves the table when another operation is
    chosen (V 2.1 A); its record stays for the log until the next battle."""
    for seed in range(1, 60):
        m = M.new_match(R, "starlite", seed)
        rng = random.Random(seed)
        for _ in range(600):
            s = m["state"]
            if s.get("over"):
                break
            top = s["stack"][-1]
            b = s.get("battle")
            if top["s"] == "ops" and b and b["over"] and not b.get("retired"):
                acts = [a for a in acts_of(m) if a["t"] in ("nlf_op", "us_op", "operate")]
                a = next((x for x in acts if x["t"] != "us_op"), None)
                if a:
                    M.apply(R, m, M.strip(a), role=M.current_role(R, m))
                    assert m["state"]["battle"]["retired"] and m["state"]["battle"]["n"] == b["n"]
                    return
            role = M.current_role(R, m)
            acts = acts_of(m, role)
            keen = [x for x in acts if x["t"] in KEEN]
            a = rng.choice(keen) if keen and rng.random() < 0.7 else random_action(rng, acts)
            M.apply(R, m, M.strip(a), role=role)
    raise AssertionError("no finished battle before a new operation in 60 games")


def test_V5_5_a_unit_of_strength_0_may_take_no_rp_and_the_limit_reads_0():
    """V 5.5 (L294-L298): a unit absorbs at most strength - 1 RPs an operation; an HQ (strength 0)
    none. The limit is 0, not -1 (the loss dialog read "RP charged 0 of at most -1")."""
    from game.rules.vietnam_1965_1975 import losses as L
    m = starlite()
    s = m["state"]
    hq = next(u for u in s["units"].values() if u["side"] == "US" and B.strength(u) == 0)
    bn = next(u for u in s["units"].values() if u["side"] == "US" and B.strength(u) > 1)
    assert L.rp_limit(hq) == 0 and not L.rp_ok(s, hq, {})
    assert L.rp_limit(bn) == B.strength(bn) - 1 and L.rp_ok(s, bn, {})


def test_V10_the_nlf_reads_its_own_face_down_units_by_their_names_in_the_public_log():
    """V 10 (L571-L576; issue 45 item 7): a public line names a face-down VC unit by its handle
    ("VC unit ?2 in 5219 goes on Hold"), as the US sees it; the NLF's view of that line names its
    regiment, with its ref on the unit itself. The stored log and the US's view keep the handle."""
    m = on_hold()
    handle = m["state"]["units"]["vc1"]["handle"]
    stored = m["log"][-1]
    us = M.view(R, m, "US")["log"][-1]
    nlf = M.view(R, m, "NLF")["log"][-1]
    assert stored["text"] == us["text"] == f"VC unit {handle} in 5219 goes on Hold"
    assert nlf["text"] == "VC 1st Regiment in 5219 goes on Hold" and ["u", "vc1", "VC 1st Regiment"] in nlf["refs"]
    assert "VC 1st Regiment" not in json.dumps(M.view(R, m, "US"))  # the US still never reads it
