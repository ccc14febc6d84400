"""Vietnam 1965-1975, the rules longer scenarios bring (issue 15): free-fire zones by region
(V 7.6, V 18.1 rule 4), borders and the entries that score at once (V 18.1 rule 7), the V 18.1
victory-point table, reinforcements (V 18.1 rule 3), several turns (V 2.1, V 7.3), the first
operation given to the US, and victory levels. Tested on the Quang Ngai map with a scenario made
for the test from Starlite's data."""

import copy

import pytest

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.engine.flow import Context
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import regions as RG
from game.rules.vietnam_1965_1975 import victory as VI
from game.rules.vietnam_1965_1975.data import SCENARIOS
from game.rules.vietnam_1965_1975.hexes import get_map, neighbours

from .rules_driver import bind

D = bind(R)
QN = get_map("quangngai")


@pytest.fixture
def scen(monkeypatch):
    """Install a test scenario built on Starlite; returns a function that takes overrides."""
    def make(**over):
        sc = copy.deepcopy(SCENARIOS["starlite"])
        sc.update({"name": "Test scenario", "special": {}, **over})
        monkeypatch.setitem(SCENARIOS, "test", sc)
        return "test"
    return make


@pytest.fixture
def map_patch(monkeypatch):
    """Set fields of Quang Ngai map hexes for one test (the map object is shared)."""
    def patch(h, **fields):
        rec = dict(QN.hexes[h])
        rec.update(fields)
        monkeypatch.setitem(QN.hexes, h, rec)
    return patch


def begin(sid, vc_hex="5219", seed=1):
    m = M.new_match(R, sid, seed)
    while D.acts(m, "place"):
        a = D.acts(m, "place")[0]
        D.answer(m, t="place", u=a["u"], hex=vc_hex)
    return m


def to_ops(m):
    for _ in range(3):
        D.answer(m, t="done")  # designation US, NLF; strategic movement
    assert m["state"]["stack"][-1]["s"] == "ops"
    return m


def ctx(m):
    return Context(m["state"], m["log"])


# --- V 7.6 free-fire zones, by region ----------------------------------------------------------

def test_V7_6_us_support_counts_half_outside_an_ffz_and_in_full_inside_or_beyond_the_border(scen, map_patch):
    map_patch("5219", province="quang-ngai", boundary=[])
    map_patch("5118", province="quang-ngai", boundary=["quang-ngai", "quang-tin"])  # a region boundary hex
    map_patch("4518", country="laos", province=None, border=[])
    m = begin(scen())
    s = m["state"]
    assert not RG.full_support(s, "US", "5219")
    assert RG.full_support(s, "NLF", "5219")      # only US support is halved
    assert RG.full_support(s, "US", "4518")       # outside South Vietnam
    s["ffz"] = ["quang-tin"]
    assert RG.full_support(s, "US", "5118")       # the attacker picks the region of a boundary hex
    assert not RG.full_support(s, "US", "5219")


def test_V7_6_the_us_declares_an_ffz_region_at_support_declaration_for_2_vp(scen):
    m = to_ops(begin(scen()))
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="go")
    offers = D.acts(m, "ffz")
    assert "quang-ngai" in [a["region"] for a in offers]   # (the reconstructed area touches 3 others)
    labels = [a["label"] for a in M.legal_actions(R, m) if a["t"] == "ffz"]
    assert "Declare Quang Ngai a free-fire zone (2 VP)" in labels
    before = VI.vp(m["state"])["NLF"]
    D.answer(m, t="ffz", region="quang-ngai")
    s = m["state"]
    assert s["ffz"] == ["quang-ngai"] and VI.vp(s)["NLF"] == before + 2
    assert "quang-ngai" not in [a["region"] for a in D.acts(m, "ffz")]   # V 18.1 rule 4: it lasts
    assert any("free-fire zone" in e["text"] and e.get("rule") == "V 7.6" for e in m["log"])


def test_V7_6_starlite_forbids_ffzs():
    m = to_ops(begin("starlite"))
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    D.answer(m, t="unit", u="m37")
    D.answer(m, t="go")
    assert not D.acts(m, "ffz")


# --- V 18.1 rule 7: the victory-point table --------------------------------------------------------

def test_V18_1_example_two_vc_in_a_capital_on_cultivated_ground_score_4(scen):
    """The rulebook's example: 2 VC in a capital that is in a cultivated hex = 4 VP (2 each), and
    no more for the cultivated ground (one award per hex)."""
    m = begin(scen(nlf_hexes=["5121", "5219"]), vc_hex="5121")   # Quang Ngai, a province capital on cultivated ground
    s = m["state"]
    assert QN.town("5121")["kind"] == "province capital" and QN.terrain("5121") == "cultivated"
    assert len(B.units_at(s, "5121", "NLF")) == 2
    assert VI.hex_vp(s, "5121") == 4


def test_V18_1_occupied_hexes_town_cultivated_other_and_border(scen, map_patch):
    m = begin(scen())
    s = m["state"]
    assert VI.hex_vp(s, "5222") == 2                 # Mo Duc, a town
    assert VI.hex_vp(s, "5219") == 1                 # cultivated
    other = next(h for h in QN.hexes if QN.playable(h) and QN.terrain(h) == "mountain" and not QN.town(h))
    assert VI.hex_vp(s, other) == 0.5
    map_patch(other, border=["svn", "laos"])         # national border hexes are not in SVN
    assert VI.hex_vp(s, other) == 0


def test_V18_1_removed_units_score_by_nationality(monkeypatch):
    monkeypatch.setitem(B.KINDS, "t_nva_rgt", {"nat": "NVA", "size": "III", "ground": 7, "art": 2})
    monkeypatch.setitem(B.KINDS, "t_arvn_bn", {"nat": "ARVN", "size": "II", "ground": 3, "art": 1})
    assert VI.removed_vp({"kind": "t_nva_rgt", "side": "NLF", "how": "eliminated"}) == ("US", 4)
    assert VI.removed_vp({"kind": "vc_regiment", "side": "NLF", "how": "breaks down"}) == ("US", 3)
    assert VI.removed_vp({"kind": "vc_bn_a", "side": "NLF", "how": "dispersed"}) == ("US", 1)
    assert VI.removed_vp({"kind": "vc_political", "side": "NLF", "how": "eliminated"}) == ("US", 1)
    assert VI.removed_vp({"kind": "us_marine_bn", "side": "US", "how": "eliminated"}) == ("NLF", 10)
    assert VI.removed_vp({"kind": "t_arvn_bn", "side": "US", "how": "eliminated"}) == ("NLF", 4)
    assert VI.removed_vp({"kind": "us_marine_bn", "side": "US", "how": "left"}) == ("", 0)


def test_V18_1_quarter_points_for_arvn_and_nva_rp(scen):
    m = begin(scen())
    s = m["state"]
    base = VI.vp(s)
    s["rec"]["arvn_rp_spent"] = 2
    s["rec"]["nva_rp_spent"] = 4
    v = VI.vp(s)
    assert v["NLF"] == base["NLF"] + 0.5 and v["US"] == base["US"] + 1


def test_V18_1_entering_a_capital_scores_3_once_and_invading_laos_10(scen, map_patch):
    map_patch("4518", country="laos", province=None, border=[])
    m = begin(scen())
    s = m["state"]
    g = ctx(m)
    vc = s["units"]["vc1"]
    RG.put(g, vc, "5121")
    RG.put(g, vc, "5220")
    RG.put(g, vc, "5121")
    assert s["entered"] == ["5121"] and RG.entry_vp(s) == 3
    us = s["units"]["m33"]
    RG.put(g, us, "4518")
    RG.put(g, s["units"]["m24"], "4518")
    assert s["invaded"] == ["laos"] and RG.entry_vp(s) == 3 + 10
    assert sum("Laos is invaded" in e["text"] for e in m["log"]) == 1


# --- V 18.1 rule 3: reinforcements -----------------------------------------------------------------

MARINE = {"id": "m19", "kind": "us_marine_bn", "name": "1/9 Marines", "form": "9M"}


def test_V18_1_reinforcements_arrive_in_their_named_hex_before_the_turn(scen):
    sid = scen(turns=2, reinforcements=[{"turn": 2, "side": "US", "hex": "5222", "units": [MARINE]}])
    m = begin(sid)
    s = m["state"]
    assert "m19" not in s["units"] and s["due"][0]["turn"] == 2
    s["turn"] = 2  # the next turn begins: the Reinforcements row runs before the Support Phase
    g = ctx(m)
    g.push("reinforce")
    M.run_auto(R, g)
    assert s["units"]["m19"]["hex"] == "5222" and s["due"] == []
    assert any("1/9 Marines arrive in 5222" in e["text"] for e in m["log"])


def test_V18_1_reinforcements_for_an_enemy_held_hex_are_lost_for_good(scen):
    sid = scen(turns=2, reinforcements=[{"turn": 2, "side": "US", "hex": "5219", "units": [MARINE]}])
    m = begin(sid, vc_hex="5219")
    s = m["state"]
    s["turn"] = 2
    g = ctx(m)
    g.push("reinforce")
    M.run_auto(R, g)
    assert "m19" not in s["units"] and s["due"] == []
    assert any("are lost: the enemy holds it" in e["text"] for e in m["log"])


def test_V18_1_reinforcements_entering_wait_beside_the_area_out_of_the_fight_and_lapse(scen):
    beside = ["5017", "4917"]
    assert all(not QN.playable(h) and QN.land(h) for h in beside)
    sid = scen(reinforcements=[{"turn": 1, "side": "US", "enter": beside, "units": [MARINE]}])
    m = M.new_match(R, sid, 1)
    while D.acts(m, "place"):
        a = D.acts(m, "place")[0]
        D.answer(m, t="place", u=a["u"], hex="5219")
    assert sorted(a["hex"] for a in D.acts(m, "enter_at")) == sorted(beside)
    D.answer(m, t="enter_at", hex="5017")
    s = m["state"]
    u = s["units"]["m19"]
    assert u["hex"] == "5017" and u["outside"] == 1
    assert not B.fights(u) and not B.exerts_zoc(u)
    assert R.invariants(s) == []
    # it may operate, and its only steps lead into the play area
    to_ops(m)
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    D.answer(m, t="unit", u="m19")
    D.answer(m, t="go")
    D.answer(m, t="support", ap=0, ship=0)
    assert m["state"]["stack"][-1]["s"] == "move"
    D.answer(m, t="pick", u="m19")
    steps = [a["to"] for a in D.acts(m, "step")]
    assert steps and all(QN.playable(h) for h in steps)
    assert set(steps) <= set(neighbours("5017"))
    D.answer(m, t="step", to=steps[0])
    u = m["state"]["units"]["m19"]  # (apply works on a copy: read the new state)
    assert "outside" not in u and B.fights(u)


def test_V18_1_reinforcements_still_outside_at_the_end_of_their_turn_are_lost(scen):
    sid = scen(reinforcements=[{"turn": 1, "side": "US", "enter": ["5017"], "units": [MARINE]}])
    m = begin(sid)
    s = m["state"]
    assert s["units"]["m19"]["hex"] == "5017"   # one hex listed: placed there without a question
    from game.rules.vietnam_1965_1975.reinforce import lapse
    lapse(ctx(m))
    assert not s["units"]["m19"]["hex"]
    assert s["removed"][-1]["how"] == "left" and VI.removed_vp(s["removed"][-1]) == ("", 0)


def test_V18_1_random_vc_battalions_are_drawn_at_set_up(scen):
    sid = scen(nlf=[{"id": "b1", "kind": "vc_bn", "name": "VC battalion"},
                    {"id": "b2", "kind": "vc_bn", "name": "VC battalion"}])
    m = M.new_match(R, sid, 3)
    kinds = {m["state"]["units"][u]["kind"] for u in ("b1", "b2")}
    assert kinds <= {"vc_bn_a", "vc_bn_b", "vc_bn_c", "vc_bn_d"}
    assert all(m["state"]["units"][u]["handle"] for u in ("b1", "b2"))


def test_V18_1_nlf_units_set_up_in_their_own_zones(scen):
    sid = scen(nlf=[{"id": "vc1", "kind": "vc_regiment", "name": "VC 1st Regiment", "hexes": ["5320"]},
                    {"id": "ps1", "kind": "vc_political", "name": "Political section"}])
    m = M.new_match(R, sid, 1)
    for _ in range(2):
        acts = D.acts(m, "place")
        u = acts[0]["u"]
        hexes = {a["hex"] for a in acts}
        assert hexes == ({"5320"} if u == "vc1" else {"5219", "5320"})
        D.answer(m, t="place", u=u)


# --- several turns ------------------------------------------------------------------------------------

def test_V2_1_a_two_turn_scenario_plays_both_turns_and_adds_the_support_of_the_second(scen):
    sid = scen(turns=2, per_turn={"ap": 2, "amp": 1})
    m = to_ops(begin(sid))
    s = m["state"]
    ap, amp = s["rec"]["ap"], s["rec"]["amp"]
    s["rec"]["ap_used"] = 3
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    D.answer(m, t="end")
    s = m["state"]
    assert s["turn"] == 2 and not s.get("over")
    assert s["rec"]["ap"] == ap + 2 and s["rec"]["amp"] == amp + 1
    assert "ap_used" not in s["rec"]    # V 7.3: each Air Point may be used once each game-turn
    to_ops(m)
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    D.answer(m, t="end")
    assert m["state"]["over"]


def test_V18_1_the_scenario_may_give_the_us_the_first_operation(scen):
    sid = scen(turns=2, special={"first_op": "US"})
    m = to_ops(begin(sid))
    f = m["state"]["stack"][-1]
    assert f["st"] == "offer" and f["who"] == "US"
    assert D.acts(m, "operate") and D.acts(m, "decline")
    assert any("gives the US the first operation" in e["text"] for e in m["log"])
    D.answer(m, t="decline")
    D.answer(m, t="end")
    to_ops(m)   # turn 2: the NLF chooses again
    assert m["state"]["stack"][-1]["st"] == "choose"


def test_V18_1_victory_levels_on_the_vp_difference_with_a_draw(scen, monkeypatch):
    levels = [{"upto": -4, "winner": "US", "name": "US victory", "why": "t"},
              {"upto": 3, "winner": "draw", "name": "Draw", "why": "t"},
              {"winner": "NLF", "name": "NLF victory", "why": "t"}]
    m = to_ops(begin(scen(victory={"kind": "vp", "levels": levels})))
    s = m["state"]
    for diff, want in ((-5, "US victory"), (-4, "US victory"), (0, "Draw"), (3, "Draw"), (4, "NLF victory")):
        assert VI.by_levels(s, {"diff": diff})["name"] == want
    D.answer(m, t="us_op")
    D.answer(m, t="decline")
    D.answer(m, t="end")
    s = m["state"]
    o = s["over"]
    assert o["level"] == VI.by_levels(s, o["vp"])["name"]
    assert VI.verdict_text(s) == f"{o['level']}: VP difference NLF - US {o['vp']['diff']:g} (V 18.1)"


def test_V18_1_a_level_may_require_nva_regiments_destroyed(scen, monkeypatch):
    monkeypatch.setitem(B.KINDS, "t_nva_rgt", {"nat": "NVA", "size": "III", "ground": 7, "art": 2})
    levels = [{"upto": 0, "nva_regiments_min": 2, "winner": "US", "name": "US victory", "why": "t"},
              {"winner": "draw", "name": "Draw", "why": "t"}]
    m = begin(scen(victory={"kind": "vp", "levels": levels}))
    s = m["state"]
    assert VI.by_levels(s, {"diff": -10})["name"] == "Draw"
    s["removed"] += [{"id": f"n{i}", "kind": "t_nva_rgt", "side": "NLF", "how": "eliminated"} for i in (1, 2)]
    assert VI.by_levels(s, {"diff": -10})["name"] == "US victory"
