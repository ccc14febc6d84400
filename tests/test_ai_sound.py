"""Sound operations and mixed strategies (issue 46 items 2, 3): the computer's decisions by rule
section. Positions are real scenario set-ups advanced by the heuristics, or small changes to them."""

import random

import pytest

import game.rules.vietnam_1965_1975 as R
from game.ai import mixed, planner
from game.ai import vietnam as V
from game.ai import vietnam_vp as VP
from game.ai.redeal import vietnam as redeal
from game.ai.vietnam_paths import Trail, path_to
from game.ai.vietnam_policy import Heuristics
from game.ai.worlds import WorldSampler
from game.engine import headless, match as M
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import movement as MV

from .test_ai import start


def until(m, pred, limit=600, seed=0):
    """Play the heuristics on both sides until pred(state, role) holds at a decision."""
    h, rng = Heuristics(), random.Random(seed)
    for _ in range(limit):
        s = m["state"]
        if s.get("over"):
            return None
        role = M.current_role(R, m)
        legal = headless.actions(R, m)
        if pred(s, role) and len(legal) > 1:
            return legal
        M.apply(R, m, h(R, s, role, legal, rng))
    raise AssertionError("never reached")


def first_us_ops(scenario, seed=1):
    m = M.new_match(R, scenario, seed)
    legal = until(m, lambda s, r: r == "US" and s["stack"][-1]["s"] == "ops")
    return m, legal


# --- mixed strategies (mixed.py) --------------------------------------------------------------

def test_maximin_mixes_matching_pennies_and_drops_a_dominated_row():
    mix, value = mixed.maximin([[1, 0], [0, 1], [0.2, 0.2]])
    assert abs(mix[0] - 0.5) < 0.1 and abs(mix[1] - 0.5) < 0.1 and mix[2] == 0
    assert abs(value - 0.5) < 0.1
    assert mixed.maximin([[0.3], [0.7]])[0] == [0.0, 1.0]
    rng = random.Random(1)
    draws = [mixed.sample([0.5, 0.5], rng) for _ in range(200)]
    assert 60 < draws.count(0) < 140


def test_V10_V18_2_the_standard_us_mixes_its_first_target():
    """V 10, V 18.2: where the rules hide the regiment, the standard US plays a mix: over seeds
    its first operation goes to both face-down hexes (it searched 5320 first in 300 of 300 games)."""
    targets = set()
    for seed in range(8):
        m = start(seed=seed)
        pl = planner.Planner("standard", budget=2)
        legal = headless.actions(R, m)
        pl.choose(R, "ops", WorldSampler(R, m, "US"), "US", legal, random.Random(seed))
        if pl.plan and pl.plan.get("target"):
            targets.add(pl.plan["target"])
    assert targets == {"5219", "5320"}


def test_V10_worlds_deal_a_lone_counter_again():
    """V 10: a face-down counter alone in its group of public facts (it operated, the other did
    not) keeps no identity in the sampled worlds: the regiment is dealt to either counter."""
    m = start()
    s = m["state"]
    s["units"]["vc1"]["done"] = True  # as after an NLF operation by the regiment alone
    kinds = set()
    w = WorldSampler(R, m, "US")
    for seed in range(16):
        kinds.add(w.sample(random.Random(seed))["units"]["vc1"]["kind"])
    assert kinds == {"vc_regiment", "vc_political"}
    one = redeal(M.clone(s), "US", random.Random(3))
    assert sorted(u["kind"] for u in one["units"].values() if u["side"] == "NLF") == ["vc_political", "vc_regiment"]


# --- movement (V 3, V 3.2) ------------------------------------------------------------------------

def test_V3_2_a_way_passes_no_enemy_stack_that_is_not_a_target():
    m = start()
    s = m["state"]
    u = s["units"]["m37"]  # 5220, beside both face-down hexes
    f = {"mode": "op", "mp": {"m37": 8}, "enter": []}
    way = path_to(s, f, u, "5118", False)
    assert way and not {"5219", "5320"} & set(way)
    f["enter"] = ["5219"]
    assert path_to(s, f, u, "5219", False) == ["5219"]


def test_never_a_step_that_undoes_the_last_one():
    """Issue 46: a unit that stepped from a to b is never stepped back to a in the same move."""
    s = {"stack": [{"s": "move", "cur": "u1", "stepped": ["u1"], "mp": {"u1": 4}}],
         "units": {"u1": {"hex": "5433"}}}
    t = Trail()
    s["units"]["u1"]["hex"] = "5533"
    t.note(dict(s, stack=[{"s": "move", "cur": "u1", "stepped": [], "mp": {"u1": 4}}]), {"t": "step", "to": "5432"})
    s["units"]["u1"]["hex"] = "5432"
    legal = [{"t": "step", "to": "5533"}, {"t": "step", "to": "5431"}, {"t": "halt"}]
    assert {"t": "step", "to": "5533"} not in t.filter(s, legal)
    assert t.filter(s, [{"t": "step", "to": "5533"}]) == [{"t": "step", "to": "5533"}]  # nothing else: kept


# --- the points scenarios (vietnam_vp.py) --------------------------------------------------------

def test_V18_1_the_camps_and_pleiku_keep_a_garrison():
    """V 18.1: Plei Me and Duc Co score for the NLF, and Pleiku is where the 3rd Brigade arrives
    (lost if the enemy holds it, V 18.1 rule 3): every planned operation leaves a combat unit in
    each, and the camps' garrisons go on Hold (V 6.2)."""
    m, legal = first_us_ops("silver-bayonet")
    s = m["state"]
    assert {"4136", "3833", "4232"} <= VP.holds(s)
    for _, h, units, _ in VP.us_options(s, floor=None):
        staying = {s["units"][x]["hex"] for x in [u["id"] for u in B.live(s) if u["side"] == "US"
                                                   and B.strength(u) > 0] if x not in units}
        for camp in ("4136", "3833", "4232"):
            if any(u["hex"] == camp and B.strength(u) > 0 for u in B.live(s) if u["side"] == "US"):
                assert camp in staying or any(s["units"][x]["hex"] == camp and
                                              R.hexes.distance(camp, h) <= 1 for x in units), (h, camp)
    m2 = M.new_match(R, "silver-bayonet", 1)
    legal = until(m2, lambda s, r: r == "US" and s["stack"][-1]["s"] == "designate")
    a = VP.designate(m2["state"], "US", legal, None)
    assert a["t"] == "hold" and m2["state"]["units"][a["u"]]["hex"] in ("4136", "3833")


def test_V4_2_V5_4_no_hard_terrain_attack_at_losing_odds():
    """V 4.2, V 5.4: a mountain or jungle target at losing odds is never an option (unless the last
    turn's victory asks for NVA regiments)."""
    for sc in ("silver-bayonet", "masher-white-wing"):
        m, _ = first_us_ops(sc)
        s = m["state"]
        for _, h, units, odds in VP.us_options(s, floor=None):
            assert not (odds < 0 and VP.hard(s, h)), (sc, h, odds)


def test_V5_4_the_nlf_attacks_at_2_to_1_or_better():
    m = M.new_match(R, "silver-bayonet", 2)
    legal = until(m, lambda s, r: r == "NLF" and s["stack"][-1]["s"] == "ops" and s["turn"] == 2)
    assert legal is not None
    for _, h, units, odds in VP.nlf_options(m["state"], floor=None):
        assert odds >= VP.ODDS_NLF


def test_V5_4_later_rounds_stop_when_they_cost_more_than_they_inflict(monkeypatch):
    """V 5.4: from round 2 combat is voluntary; the preview (the odds over the die) decides."""
    legal = [{"t": "attack", "hex": "4036", "units": ["c18"]}, {"t": "stop"}]
    s = {"units": {"c18": {}}}

    def preview(dfn_loss, att_loss):
        return lambda s, h, atk: {"hex": h, "drm_odds": 3,
                                  "dice": [{"def": dfn_loss, "att": att_loss, "pursuit": 0}] * 6}
    monkeypatch.setattr(VP.C, "preview", preview(1, 2))
    assert VP.attack_pick(s, "US", legal, None) == {"t": "stop"}
    monkeypatch.setattr(VP.C, "preview", preview(2, 1))
    assert VP.attack_pick(s, "US", legal, None) == legal[0]
    monkeypatch.setattr(VP.C, "preview", lambda s, h, atk: {"hex": h, "drm_odds": 1,
                                                            "dice": [{"def": 2, "att": 1, "pursuit": 0}] * 6})
    assert VP.attack_pick(s, "NLF", legal, None) == {"t": "stop"}  # the NLF: 2:1 or better only


def test_V7_3_no_defensive_air_points_for_a_stack_without_us_counters():
    """V 7.3: Air Points declared for the defence (Retreat segment of an NLF operation) go only to
    US counters the attack may remove; an ARVN camp's defence is not worth the turn's points."""
    m = M.new_match(R, "silver-bayonet", 1)
    until(m, lambda s, r: r == "US" and s["stack"][-1]["s"] == "ops")
    s = m["state"]
    s["op"] = B.new_op("NLF", "sd")
    s["op"]["targets"] = ["4136"]  # Plei Me: the CIDG camp only
    for u in B.live(s):
        if u["side"] == "NLF" and B.strength(u) > 0:
            u["hex"], u["op"] = "4137", True
    s["stack"].append({"s": "reserve_pick", "who": "US", "kind": "defensive"})
    legal = [{"t": "ap", "n": n} for n in range(1, 7)] + [{"t": "done"}]
    assert VP.reserve_pick(s, "US", legal, None) == {"t": "done"}


def test_V18_1_rule_3_the_nlf_brings_its_reinforcements_in():
    """V 18.1 rule 3: the NVA 66th Regiment waits beside the play area on turn 2 and is lost unless
    it moves in; the NLF operates with it (it stayed out in 100 of 100 games, issue 46)."""
    m = M.new_match(R, "silver-bayonet", 3)
    legal = until(m, lambda s, r: r == "NLF" and s["stack"][-1]["s"] == "ops" and s["turn"] == 2)
    s = m["state"]
    assert VP.newcomers(s) and VP.newcomers(s)[0]["id"] == "n66"
    a = VP.ops(s, "NLF", legal, None)
    assert a["t"] in ("nlf_op", "operate") and a.get("op", "sd") == "sd"
    M.apply(R, m, a)
    picks = headless.actions(R, m)
    s = m["state"]
    if VP.best_target(s, "NLF") is None:
        assert VP.sd_pick(s, "NLF", picks, None) == {"t": "unit", "u": "n66"}


@pytest.mark.parametrize("scenario", ["silver-bayonet", "masher-white-wing"])
def test_the_standard_level_searches_the_points_scenarios(scenario, monkeypatch):
    """Issue 46: the standard level weighs the operations of the points scenarios by playing them
    out (it played them exactly as the novice did)."""
    m, legal = first_us_ops(scenario)
    calls = []
    real = planner.rollout

    def counting(*a, **k):
        calls.append(1)
        return (yield from real(*a, **k))
    monkeypatch.setattr(planner, "rollout", counting)
    pl = planner.Planner("standard")
    a = pl.choose(R, "ops", WorldSampler(R, m, "US"), "US", legal, random.Random(1))
    assert a in legal and len(calls) >= 2


def test_strong_thinks_more_than_standard():
    s, t = planner.LEVELS["standard"], planner.LEVELS["strong"]
    assert t.worlds > s.worlds and t.vp_worlds > s.vp_worlds and t.vp_candidates > s.vp_candidates
    assert planner.Planner("standard", budget=3).lv.worlds == 3


def test_V3_a_way_is_the_cheapest_one():
    """V 3: the way a unit is sent is the cheapest there is (movement.cheapest, the rules' own
    Dijkstra over their step costs): the 2/19 battery from Pleiku to Plei Me."""
    m, _ = first_us_ops("silver-bayonet")
    s = m["state"]
    u = s["units"]["a219"]
    f = {"mode": "op", "mp": {"a219": 30}, "enter": []}
    way = path_to(s, f, u, "4136", False)
    assert way and way[-1] == "4136"
    cost, here = 0, u["hex"]
    for h in way:
        cost += MV.step_cost(s, u, here, h, [], "op")
        here = h

    def step(a, b, c):
        if not B.mapof(s).playable(b) or (b != "4136" and MV.closed(s, u, b, [])):
            return None
        return MV.step_cost(s, u, a, b, [], "op")
    best = {h: c for c, h in MV.cheapest(u["hex"], 30, step)}
    assert cost == best["4136"]


@pytest.mark.parametrize("scenario", ["starlite", "silver-bayonet", "masher-white-wing"])
def test_V3_V8_1_the_computers_step_costs_are_the_rules(scenario):
    """V 3, V 3.1, V 7.5, V 8.1: the computer's per-position board (vietnam_paths.Board) gives the
    rules' own costs for every step of every unit on the map (ground in an operation and in a
    strategic move, air, landing, leaving an enemy hex), and the same ends of a move."""
    from game.ai.vietnam_paths import board, ends
    m, _ = first_us_ops(scenario)
    s = m["state"]
    if s.get("op") is None:
        s["op"] = B.new_op("US", "sd")
    s["op"]["interdict"] = {h: 7 for h in list(B.mapof(s).hexes)[:40:3]}  # some interdicted hexes
    bd = board(s)
    mp = B.mapof(s)
    hexes = [h for h in mp.hexes if mp.playable(h)]
    n = 0
    for u in B.live(s):
        enter = [x["hex"] for x in B.live(s) if x["side"] != u["side"]][:1]
        for a in hexes[::3]:
            for b in B.neighbours(a):
                for mode in ("op", "strat"):
                    assert bd.step(u, a, b, enter, mode) == MV.step_cost(s, u, a, b, enter, mode), (u["id"], a, b, mode)
                if mp.playable(b):
                    assert bd.air(u, a) == MV.air_step_cost(s, u, a, b, enter)
                assert bd.leave(u, a, enter, (b,)) == MV.leave_cost(s, u, a, enter, (b,))  # not back
                n += 1
            assert bd.landing(u, a) == MV.landing_cost(s, u, a)
            assert bd.leave(u, a, enter) == MV.leave_cost(s, u, a, enter)
        f = {"mode": "op", "mp": {u["id"]: B.mpa(s, u)}, "enter": enter}
        assert ends(s, f, u, False) == set(MV.reach(s, u, B.mpa(s, u), enter, "op")) | {u["hex"]}
        assert ends(s, f, u, True) == set(MV.air_reach(s, u, B.mpa(s, u), enter)) | {u["hex"]}
    assert n > 100


def test_V3_the_computers_ways_never_reenter_a_hex_of_the_move():
    """V 3 (L99-100, issue 46): a move never re-enters a hex it has been in (movement.been); the
    computer's ways and the ends of its move leave those hexes out, as the rules' legal steps do."""
    from game.ai.vietnam_paths import ends, path_to
    m, _ = first_us_ops("masher-white-wing")
    s = m["state"]
    u = next(x for x in B.live(s) if x["side"] == "US" and B.strength(x) > 0)
    f = {"mode": "op", "mp": {u["id"]: B.mpa(s, u)}, "enter": []}
    free = ends(s, f, u, False) - {u["hex"]}
    step = sorted(n for n in B.neighbours(u["hex"]) if n in free)[0]
    f["been"] = {u["id"]: [step, u["hex"]]}  # it came from `step`
    assert step not in ends(s, f, u, False)
    assert path_to(s, f, u, step, False) is None
    assert step not in ends(s, f, u, True)
