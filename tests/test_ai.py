"""The computer opponent (issue 12): engine support (copy, reseed, sampled worlds), the view-only
guarantee, the small decisions of the Vietnam heuristics by rule section, the CLI, and AI games
with every fuzzer check on."""

import json
import random

import pytest

import game.rules.vietnam_1965_1975 as R
from game.__main__ import main
from game.ai import ComputerAgent, make_agent, parse_kind
from game.ai import vietnam as V
from game.ai.vietnam_policy import novice
from game.ai.worlds import WorldSampler, copy_state, reseed
from game.engine import headless, match as M
from game.fuzz import fuzz
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975.hexes import distance

from .rules_driver import bind

D = bind(R)
GAME = "vietnam-1965-1975"


def start(vc_hex="5219", ps_hex="5320", seed=1):
    """Starlite at the US's first Operations Phase decision, the regiment and the political
    section face down in two hexes, no Hold/Patrol."""
    m = M.new_match(R, "starlite", seed)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        D.answer(m, t="place", u=u, hex=vc_hex if u == "vc1" else ps_hex)
    for _ in range(3):
        D.answer(m, t="done")  # Hold/Patrol US, NLF; strategic movement
    D.answer(m, t="us_op")
    assert M.current_role(R, m) == "US"
    return m


def swapped(m):
    """The same position with the two face-down identities exchanged: it looks the same to the US."""
    m2 = M.clone(m)
    a, b = m2["state"]["units"]["vc1"], m2["state"]["units"]["ps1"]
    for k in ("kind", "name"):
        a[k], b[k] = b[k], a[k]
    return m2


def us_view(m):
    v = M.view(R, m, "US")
    v.pop("log")
    return v


# --- engine support -------------------------------------------------------------------------

def test_copy_state_equals_a_json_copy_and_shares_nothing():
    s = start()["state"]
    c = copy_state(s)
    assert c == json.loads(json.dumps(s))
    c["units"]["vc1"]["hex"] = "9999"
    c["rec"]["ap"] = -1
    assert s["units"]["vc1"]["hex"] == "5219" and s["rec"]["ap"] != -1


def test_reseed_changes_the_future_rolls_only():
    s = start()["state"]
    a, b = reseed(copy_state(s), 1), reseed(copy_state(s), 2)
    assert a["dice"] != b["dice"] and a["dice"]["mode"] == "auto" and not a["dice"]["queue"]
    assert {k: v for k, v in a.items() if k != "dice"} == {k: v for k, v in s.items() if k != "dice"}


def test_world_samples_depend_only_on_what_the_side_sees():
    """V 10: two positions that look the same to the US give the same samples, and the samples
    deal the regiment to either counter (the true identity is never used)."""
    m = start()
    m2 = swapped(m)
    assert us_view(m) == us_view(m2)
    assert m["state"]["units"]["vc1"]["kind"] != m2["state"]["units"]["vc1"]["kind"]
    w1, w2 = WorldSampler(R, m, "US"), WorldSampler(R, m2, "US")
    reg_hexes = set()
    for seed in range(12):
        a, b = w1.sample(random.Random(seed)), w2.sample(random.Random(seed))
        assert a == b
        reg_hexes.add(next(u["hex"] for u in a["units"].values() if u["kind"] == "vc_regiment"))
    assert reg_hexes == {"5219", "5320"}
    assert w1.sample(random.Random(0))["dice"] != m["state"]["dice"]  # never the true future dice


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_same_view_same_decisions(level):
    """Issue 12: the computer decides from its side's view only. From two positions that differ only
    in which face-down counter is the regiment, the US computer (same seed) takes the same
    decisions through its whole operation designation and support declaration."""
    m = start()
    m2 = swapped(m)
    a1, a2 = ComputerAgent(level, seed=7), ComputerAgent(level, seed=7)
    n = 0
    while M.current_role(R, m) == "US" and m["state"]["stack"][-1]["s"] in ("ops", "sd_pick", "sd_support"):
        assert us_view(m) == us_view(m2)
        l1, l2 = headless.actions(R, m), headless.actions(R, m2)
        assert l1 == l2
        d1 = a1.choose(R, M.view(R, m, "US"), l1, None, WorldSampler(R, m, "US"))
        d2 = a2.choose(R, M.view(R, m2, "US"), l2, None, WorldSampler(R, m2, "US"))
        assert d1 == d2
        M.apply(R, m, d1)
        M.apply(R, m2, d2)
        n += 1
    assert n >= 3  # the operation, its target, units and 'go' at least


# --- the small decisions (vietnam.py), by rule ------------------------------------------------------

def test_V18_2_setup_bluff_splits_the_face_down_counters():
    m = M.new_match(R, "starlite", 3)
    rng = random.Random(0)
    for _ in range(2):
        legal = headless.actions(R, m, "NLF")
        M.apply(R, m, novice(R, m["state"], "NLF", legal, rng))
    s = m["state"]
    assert s["units"]["vc1"]["hex"] != s["units"]["ps1"]["hex"]


def test_V2_1_the_nlf_offers_the_operation_and_ends_the_phase():
    s = start()["state"]
    assert V.ops(s, "NLF", [{"t": "nlf_op"}, {"t": "us_op"}], None) == {"t": "us_op"}
    assert V.ops(s, "NLF", [{"t": "end"}, {"t": "operate", "op": "sd"}], None) == {"t": "end"}


def test_V5_1_us_operates_against_a_possible_regiment_with_marines_and_artillery():
    m = start()
    s = m["state"]
    legal = headless.actions(R, m)
    assert V.ops(s, "US", legal, random.Random(0)) == {"t": "operate", "op": "sd"}
    plan = V.sd_plan(s, "US", "5320")
    assert {"m33", "m24", "m37", "hq7", "a212"} <= set(plan)  # the 155 mm at 5118: 3 hexes away, range 3


def test_V5_2_alert_never_disperses_the_regiment():
    legal = [{"t": "disperse", "u": "vc1"}, {"t": "disperse", "u": "ps1"}, {"t": "alert"}]
    assert V.alert(start()["state"], "NLF", legal, None) == {"t": "alert"}


def test_V5_3_the_regiment_reacts_never_disperses_and_the_political_section_passes():
    s = start()["state"]
    legal = [{"t": "react", "u": "vc1"}, {"t": "disperse", "u": "vc1"}, {"t": "pass"}]
    assert V.react(s, "NLF", legal, None) == {"t": "react", "u": "vc1"}
    legal = [{"t": "react", "u": "ps1"}, {"t": "disperse", "u": "ps1"}, {"t": "pass"}]
    assert V.react(s, "NLF", legal, None) == {"t": "pass"}
    assert V.react(s, "US", [{"t": "react", "u": "m37"}, {"t": "pass"}], None) == {"t": "pass"}


def test_V5_2_alert_move_escapes_out_of_reach_of_the_operating_units():
    """V 5.2: with alert MPA 5 (die 6 + 1 - 2) the regiment ends its alert move two or more hexes
    from every operating US unit and inside the play area (leaving it is a US victory, V 18.1)."""
    m = start(vc_hex="5219", ps_hex="5320")
    for a in ({"t": "operate", "op": "sd"}, {"t": "target", "hex": "5219"}, {"t": "unit", "u": "m37"},
              {"t": "go"}, {"t": "support", "ap": 0, "ship": 0}):
        D.answer(m, **a)
    rng = random.Random(0)
    while m["state"]["stack"][-1]["s"] != "alert":
        legal = headless.actions(R, m)
        M.apply(R, m, V.default(legal))
    ops = [u["hex"] for u in B.live(m["state"]) if u["side"] == "US" and u["op"]]
    assert ops
    m["state"]["dice"]["queue"] = [6]
    M.apply(R, m, {"t": "alert"})
    while M.current_role(R, m) == "NLF" and m["state"]["stack"][-1]["s"] == "move":
        legal = headless.actions(R, m)
        M.apply(R, m, novice(R, m["state"], "NLF", legal, rng))
    s = m["state"]
    reg = s["units"]["vc1"]
    assert reg["hex"] and B.mapof(s).playable(reg["hex"])
    assert min(distance(h, reg["hex"]) for h in ops) >= 2
    assert any("the operation ends (V 5.2)" in e["text"] for e in m["log"])


def test_V5_5_us_losses_go_to_replacement_points_before_any_removal():
    s = start()["state"]
    legal = [{"t": "remove", "u": "hq7"}, {"t": "rp", "u": "m37"}, {"t": "remove", "u": "m37"}]
    assert V.losses(s, "US", legal, None) == {"t": "rp", "u": "m37"}


def test_V5_5_V9_2_the_nlf_removes_small_units_then_breaks_the_regiment_down_before_removing_it():
    s = start()["state"]
    assert V.losses(s, "NLF", [{"t": "remove", "u": "vc1"}, {"t": "rp", "u": "vc1"}], None) == {"t": "rp", "u": "vc1"}
    assert V.losses(s, "NLF", [{"t": "remove", "u": "vc1"}, {"t": "remove", "u": "ps1"}], None) == \
        {"t": "remove", "u": "ps1"}
    assert V.losses(s, "NLF", [{"t": "remove", "u": "vc1"}, {"t": "breakdown", "u": "vc1"}], None) == \
        {"t": "breakdown", "u": "vc1"}


def test_V7_2_all_support_fires():
    legal = [{"t": "fire", "with": ["a212", "ap"]}, {"t": "fire", "with": ["ap"]}, {"t": "fire", "with": []}]
    assert V.support_pick(None, "US", legal, None) == {"t": "fire", "with": ["a212", "ap"]}


def test_V7_3_every_air_point_and_the_cruiser_support_the_operation():
    legal = [{"t": "support", "ap": n, "ship": k} for n in range(5) for k in (0, 1)]
    assert V.sd_support(None, "US", legal, None) == {"t": "support", "ap": 4, "ship": 1}


def test_V5_4_attacks_go_against_a_possible_regiment_with_every_unit():
    s = start()["state"]
    legal = [{"t": "attack", "hex": "5219", "units": ["m37"]},
             {"t": "attack", "hex": "5219", "units": ["m37", "m33"]}, {"t": "stop"}]
    assert V.attack_pick(s, "US", legal, None)["units"] == ["m37", "m33"]


def test_V3_2_the_nlf_forces_an_incidental_attack_only_where_its_regiment_stands():
    m = start()
    s = m["state"]
    s["stack"].append({"s": "incidental_ask", "who": "NLF", "hex": "5219"})
    legal = [{"t": "force"}, {"t": "decline"}]
    assert V.incidental_ask(s, "NLF", legal, None) == {"t": "force"}
    s["stack"][-1]["hex"] = "5320"
    assert V.incidental_ask(s, "NLF", legal, None) == {"t": "decline"}


# --- players and the CLI ----------------------------------------------------------------------------

def test_player_kinds():
    assert parse_kind("ai") == ("ai", "standard") and parse_kind("ai:novice") == ("ai", "novice")
    assert parse_kind("random") == ("random", None)
    with pytest.raises(ValueError):
        parse_kind("ai:grandmaster")
    assert make_agent("ai:novice", seed=3).level == "novice"


def test_simulate_reports_wins_vp_and_decision_times(capsys):
    main(["simulate", "--game", GAME, "--scenario", "starlite", "--games", "3", "--seed", "2", "--json",
          "--players", "US=ai,NLF=random", "--ai-level", "novice"])
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == {"US": "ai:novice", "NLF": "random"}
    assert out["finished"] == 3 and sum(out["wins"].values()) == 3 and set(out["wins"]) == {"US", "NLF"}
    assert set(out["mean_vp"]) == {"NLF", "US", "diff"}
    d = out["vp_diff"]  # V 18.1 VP difference, NLF minus US: its spread
    assert d["min"] <= d["p5"] <= d["median"] <= d["p95"] <= d["max"]
    assert d["min"] <= out["mean_vp"]["diff"] <= d["max"]
    assert out["ai_ms"]["n"] > 0 and out["ai_ms"]["p50"] <= out["ai_ms"]["p95"] <= out["ai_ms"]["max"]


def test_ai_games_pass_every_fuzzer_check(tmp_path):
    """Issue 12: computer against random (and against each other) with invariants, JSON round trip,
    undo probes, replay, hidden-information and same-view checks on at every step."""
    res = fuzz(GAME, 2, 5, out_dir=str(tmp_path), scenario="starlite", players="US=ai:novice,NLF=random")
    assert res["failures"] == 0, res["failure_samples"]
    res = fuzz(GAME, 2, 6, out_dir=str(tmp_path), scenario="starlite", players="US=random,NLF=ai:novice")
    assert res["failures"] == 0, res["failure_samples"]
    res = fuzz(GAME, 1, 7, out_dir=str(tmp_path), scenario="starlite", players="US=ai,NLF=ai")
    assert res["failures"] == 0, res["failure_samples"]
    assert res["games"] == 1 and res["steps"] > 10


def test_V5_1_an_nlf_operation_designates_its_units_and_no_target():
    """V 5.1: when the NLF operates (the planner may choose it, V 2.1) every unit operates and no
    hex is targeted: the operation is a move toward the mountains, ended after movement (V 5.2)."""
    s = start()["state"]
    legal = [{"t": "unit", "u": "vc1"}, {"t": "target", "hex": "5220"}, {"t": "go"}]
    s["stack"].append({"s": "sd_pick", "who": "NLF", "target": None})
    assert V.sd_pick(s, "NLF", legal, None) == {"t": "unit", "u": "vc1"}
    assert V.sd_pick(s, "NLF", [{"t": "target", "hex": "5220"}, {"t": "go"}], None) == {"t": "go"}
