"""Vietnam 1965-1975 V 11, the ARVN (with V 3.1, 5.5, 6.1, 6.2, 15.4, 18.1 where they name the ARVN):
a test per rule and the worked examples of reference section 6 (T-INEFF-1, T-RNG-1, T-RNG-2,
T-RP-3, T-HP-1, T-CS-1), on the Starlite map with ARVN units added."""

import pytest

from game.engine import match as M
from game.rules.vietnam_1965_1975 import arvn
from game.rules.vietnam_1965_1975 import board as B
from game.rules.vietnam_1965_1975 import combat as C
from game.rules.vietnam_1965_1975 import support as SP
from game.rules.vietnam_1965_1975.hexes import get_map
from game.rules.vietnam_1965_1975.movement import step_cost
from game.rules.vietnam_1965_1975.victory import us_lost, vp

from .v_units import D, R, act, add, at_strategic_phase, choices, ctx, logged, push, start


def mark(monkeypatch, h, **fields):
    """Give a Starlite hex a map fact it lacks (a border, a corps boundary, another terrain)."""
    rec = get_map("quangngai").hexes[h]
    for k, v in fields.items():
        monkeypatch.setitem(rec, k, v)


# --- V 3.1: zones of control ------------------------------------------------------------------

def test_V3_1_arvn_battalions_have_no_zoc_rangers_and_regiments_do():
    """V 3.1: 'ARVN battalions have no ZOC ... Exception - ARVN Ranger battalions (only) do'; a
    regiment is no battalion (reference 6.2 table: ARVN battalion no, Ranger yes)."""
    m = start()
    s = m["state"]
    add(m, "x", "vc_bn_a", "4920")
    bn = add(m, "ab1", "arvn_bn", "5020")
    assert not B.exerts_zoc(bn) and B.zoc_exit_cost(s, "4920", "NLF") == 0
    for kind in ("arvn_abn_bn", "arvn_mar_bn"):
        bn["kind"] = kind
        assert B.zoc_exit_cost(s, "4920", "NLF") == 0
    bn["kind"] = "arvn_ranger"
    assert B.exerts_zoc(bn) and B.zoc_exit_cost(s, "4920", "NLF") == 1
    bn["kind"] = "arvn_rgt"
    assert B.zoc_exit_cost(s, "4920", "NLF") == 1


# --- V 11.1: ineffective units (reference 6.6 T-INEFF-1) ---------------------------------------

def test_V11_1_ineffective_units_are_eligible_only_for_strategic_movement_in_T3a():
    """T-INEFF-1: an ineffective ARVN unit may not operate, Hold or Patrol, nor move strategically
    in the Operations Phase; in the Strategic Movement Phase it may."""
    m = at_strategic_phase()
    add(m, "ar1", "arvn_rgt", "5120", ineff=True)
    D.answer(m, t="strat")
    assert {a["u"] for a in D.acts(m, "unit")} == {"m33", "m24", "a212", "m37", "hq7", "ar1"}
    m2 = start()
    add(m2, "ar1", "arvn_rgt", "5120", ineff=True)
    D.answer(m2, t="us_op")
    D.answer(m2, t="operate", op="strat")
    assert "ar1" not in {a["u"] for a in D.acts(m2, "unit")}
    m3 = start()
    add(m3, "ar1", "arvn_rgt", "5120", ineff=True)
    D.answer(m3, t="us_op")
    D.answer(m3, t="operate", op="sd")
    assert "ar1" not in {a["u"] for a in D.acts(m3, "unit")}
    g = push(m3, "designate", who="US")
    assert not [a for a in choices(m3, g) if a.get("u") == "ar1"]  # neither Hold nor Patrol


def test_V11_1_ineffective_strategic_move_avoids_boundaries_and_ends_in_town_or_cultivated(monkeypatch):
    """T-INEFF-1: a path through a corps-boundary hex is illegal; it may not halt in wooded hills
    (5122) but may in the province capital (5121)."""
    m = at_strategic_phase()
    mark(monkeypatch, "5119", corps_boundary=True)
    add(m, "ar1", "arvn_rgt", "5120", ineff=True)
    D.answer(m, t="strat")
    D.answer(m, t="unit", u="ar1")
    D.answer(m, t="go")
    D.answer(m, t="pick", u="ar1")
    steps = {a["to"] for a in D.acts(m, "step")}
    assert "5119" not in steps and {"5121", "5020"} <= steps
    D.answer(m, t="step", to="5121")
    assert D.acts(m, "halt")
    D.answer(m, t="step", to="5122")
    assert not D.acts(m, "halt") and D.acts(m, "step")
    assert "5119" not in {h for h in R.view(m["state"], "US")["moving"]["reach"]["ar1"]}


def test_V11_1_an_ineffective_unit_that_cannot_end_legally_may_not_begin(monkeypatch):
    """V 11.1: 'An ineffective unit may not begin strategic movement if it cannot meet these two
    requirements': in wooded hills (5223) with every way out across a corps boundary."""
    m = at_strategic_phase()
    add(m, "ab1", "arvn_bn", "5223", ineff=True)
    for n in B.neighbours("5223"):
        if get_map("quangngai").has(n):
            mark(monkeypatch, n, corps_boundary=True)
    from game.rules.vietnam_1965_1975.strategic import ineffective_movers
    assert not ineffective_movers(m["state"])
    monkeypatch.undo()
    assert [u["id"] for u in ineffective_movers(m["state"])] == ["ab1"]


def test_V11_1_ineffective_units_may_not_force_incidental_attacks_a_mixed_stack_may():
    """V 11.1, reference 2.7.1 (option ineff_stack_force): NLF movers entering a hex of only
    ineffective ARVN units are not attacked; with an effective unit there the US is asked."""
    m = start()
    add(m, "ar1", "arvn_rgt", "5120", ineff=True)
    g = push(m, "incidental", hex="5120", movers=["vc1"], mover="NLF")
    R.flow.get("incidental").run(g, g.frame)
    assert g.frame["s"] == "incidental" and logged(m, "may not force an incidental attack")
    m2 = start()
    add(m2, "ar1", "arvn_rgt", "5120", ineff=True)
    add(m2, "ab2", "arvn_bn", "5120")
    g = push(m2, "incidental", hex="5120", movers=["vc1"], mover="NLF")
    R.flow.get("incidental").run(g, g.frame)
    assert g.frame["s"] == "incidental_ask"


def test_V11_1_ineffective_units_defend_react_keep_their_zoc_and_their_artillery_supports():
    """V 11.1: they may react and defend normally, keep their ZOC, and ineffective artillery may
    fire in support of defending units."""
    m = start()
    s = m["state"]
    hq = add(m, "ahq", "arvn_div_hq", "5120", ineff=True)
    rg = add(m, "ar1", "arvn_rgt", "5120", ineff=True)
    assert hq in SP.artillery(s, "US", "5219", [rg], [], phasing=False)
    assert B.exerts_zoc(rg)
    from game.rules.vietnam_1965_1975.reaction import reactors
    assert rg in reactors(s, ["5219"], "US", [])


# --- V 6.1, 6.2: special operations -------------------------------------------------------------

def test_V6_2_arvn_battalions_and_rangers_never_patrol():
    """Reference 6.6 T-HP-1: Patrol is illegal for an ARVN battalion or a Ranger; Hold is legal;
    an ARVN regiment may Patrol."""
    m = start()
    add(m, "ab1", "arvn_bn", "5120")
    add(m, "ar1", "arvn_rgt", "5020")
    add(m, "rg1", "arvn_ranger", "5019")
    g = push(m, "designate", who="US")
    acts = choices(m, g)
    assert {"t": "hold", "u": "ab1"} in acts and {"t": "patrol", "u": "ab1"} not in acts
    assert {"t": "patrol", "u": "rg1"} not in acts
    assert {"t": "patrol", "u": "ar1"} in acts
    D.rejects(m, {"t": "patrol", "u": "ab1"})


def test_V6_1_clear_and_secure_offers_no_ranger_roll_and_arvn_never_switches():
    """Reference 6.6 T-CS-1: ARVN units may join a C&S but never switch to Hold or Patrol; no Ranger
    roll is offered in a C&S (V 11.3: 'search and destroy operation (not clear and secure)')."""
    from game.rules.vietnam_1965_1975.operation import switchable
    m = start()
    add(m, "rg1", "arvn_ranger", None, box=True)
    add(m, "ab1", "arvn_bn", "5120")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="cs")
    D.answer(m, t="unit", u="ab1")
    D.answer(m, t="unit", u="m33")
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    assert m["state"]["stack"][-1]["s"] != "ranger_roll"
    assert [u["id"] for u in switchable(m["state"], False)] == ["m33"]


# --- V 15.4, V 18.1 rule 6: the effectiveness check -----------------------------------------------

def _leaders(m, every=None):
    s = m["state"]
    s["special"].update(arvn_check=True, arvn_leaders={
        "II": {"name": "II Corps commander", "eff": -1},
        "1": {"name": "1st Division commander", "eff": 5, "corps": "II"}})
    if every:
        s["options"]["arvn_check_every"] = every
    add(m, "ar1", "arvn_rgt", "5120", cmd="1")
    add(m, "ab2", "arvn_bn", "5020", cmd="II")
    add(m, "rg1", "arvn_ranger", None, box=True, cmd="II")


@pytest.mark.parametrize("die,div,corps", [(2, True, True), (4, True, False), (5, False, False)])
def test_V15_4_one_die_against_division_plus_corps_and_corps_plus_3(die, div, corps):
    """V 15.4 example: the 1st Division's commander 5, the II Corps commander -1: the division is
    effective on 4 or less; units under the corps' direct command on -1 + 3 = 2 or less. One roll
    for all formations; Rangers are always effective."""
    m = start()
    _leaders(m)
    m["state"]["dice"]["queue"] = [die]
    arvn.check(ctx(m))
    u = m["state"]["units"]
    assert arvn.ineffective(u["ar1"]) is (not div) and arvn.ineffective(u["ab2"]) is (not corps)
    assert not arvn.ineffective(u["rg1"])
    assert sum("ARVN effectiveness: die" in e["text"] for e in m["log"]) == 2
    assert len([e for e in m["log"] if e.get("dice")]) == 1  # the one die, logged


def test_V18_1_effectiveness_is_checked_before_the_turn_once_a_season_by_default():
    """V 18.1 rule 6 (option arvn_check_every): before turn 1 (a season's first turn), not before
    turn 2; with 'turn' before every turn. An ineffective unit becomes effective again on a pass."""
    m = start()
    _leaders(m)
    s = m["state"]
    s["turn"] = 2
    arvn.check(ctx(m))
    assert not logged(m, "ARVN effectiveness")
    s["options"]["arvn_check_every"] = "turn"
    s["units"]["ar1"]["ineff"] = True
    s["dice"]["queue"] = [1]
    arvn.check(ctx(m))
    assert not arvn.ineffective(s["units"]["ar1"])


def test_V18_1_the_check_runs_after_reinforcements_before_the_turn(monkeypatch):
    """V 18.1 rule 6: 'checked after all reinforcements have been placed, but before the turn
    begins': first thing of the Support Phase (after the Reinforcements row), its die logged; Starlite
    asks for no check."""
    from game.rules.vietnam_1965_1975.data import SCENARIOS
    m = M.new_match(R, "starlite", 3)
    assert not logged(m, "ARVN effectiveness")
    sc = dict(SCENARIOS["starlite"], special=dict(SCENARIOS["starlite"]["special"], arvn_check=True,
                                                  arvn_leaders={"II": {"name": "II Corps", "eff": 0}}))
    sc["us"] = sc["us"] + [{"id": "ab2", "kind": "arvn_bn", "name": "ARVN 1/5 Battalion", "hex": "5020", "cmd": "II"}]
    monkeypatch.setitem(SCENARIOS, "t-check", sc)
    m = M.new_match(R, "t-check", 3)
    while m["state"]["stack"][-1]["s"] == "nlf_place":  # the NLF sets up first (V 18.1)
        D.answer(m, t="place", hex="5219")
    texts = [e["text"] for e in m["log"]]
    i = next(k for k, t in enumerate(texts) if t.startswith("ARVN effectiveness: die"))
    assert any("Game-turn 1" in t for t in texts[:i])
    assert not any(t.startswith("US: ") for t in texts[:i])  # the support records come after
    assert any(e.get("dice") for e in m["log"][:i + 1])


# --- V 11.3 Rangers (reference 6.6 T-RNG-1, T-RNG-2) -----------------------------------------------

def _ranger_op(m, n_rangers=4):
    for i in range(n_rangers):
        add(m, f"rg{i + 1}", "arvn_ranger", None, box=True, name=f"Ranger group {i + 1}")
    add(m, "ab1", "arvn_bn", "5020")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    for u in ("m33", "m37", "ab1"):  # operating units in 3 hexes: 5118, 5220, 5020
        D.answer(m, t="unit", u=u)
    D.answer(m, t="target", hex="5219")
    D.answer(m, t="go")
    assert m["state"]["stack"][-1]["s"] == "ranger_roll"


@pytest.mark.parametrize("die,placed", [(3, 3), (4, 3), (5, 0), (1, 1)])
def test_V11_3_ranger_roll_places_that_many_one_per_hex_with_operating_units(die, placed):
    """T-RNG-1: 4 Rangers in play, S&D with 3 hexes holding operating units: roll 3 -> 3 placed,
    one per hex; roll 5 -> none; roll 4 -> 3 (the excess is not placed)."""
    m = start()
    _ranger_op(m)
    m["state"]["dice"]["queue"] = [die]
    D.answer(m, t="roll")
    while D.acts(m, "ranger"):
        D.answer(m, t="ranger")
    on = [u for u in m["state"]["units"].values() if arvn.is_ranger(u) and u["hex"]]
    assert len(on) == placed
    assert len({u["hex"] for u in on}) == placed and {u["hex"] for u in on} <= {"5118", "5220", "5020"}
    assert all(u["op"] and not u.get("box") for u in on)
    assert logged(m, f"Ranger roll {die}")


def test_V11_3_rangers_move_and_return_to_the_box_at_the_end_of_the_operation():
    """V 11.3: placed Rangers are operating units (they move; ZOC); at the end of the operation they
    go back to the box, not Ops Complete (usable again this turn)."""
    m = start()
    _ranger_op(m)
    m["state"]["dice"]["queue"] = [2]
    D.answer(m, t="roll")
    D.answer(m, t="ranger", hex="5020")
    D.answer(m, t="ranger", hex="5118")
    D.answer(m, t="support", ap=0, ship=0)
    assert {"rg1", "rg2"} <= set(m["state"]["stack"][-1]["mp"])  # they move with the operation
    while m["state"].get("op"):  # no moves, alert 1, attack, losses by RP, no pursuit
        m["state"]["dice"]["queue"] = [1]
        acts = D.acts(m)
        order = ("done", "pass", "stop", "decline", "alert", "attack", "fire", "rp", "remove", "halt")
        D.answer(m, **min(acts, key=lambda a: order.index(a["t"]) if a["t"] in order else 99))
    u = m["state"]["units"]
    assert all(u[x]["box"] and not u[x]["hex"] and not u[x]["done"] for x in ("rg1", "rg2"))
    assert logged(m, "return to the Ranger Holding Box")


def test_V11_3_declining_the_roll_places_none():
    m = start()
    _ranger_op(m)
    D.answer(m, t="done")
    assert not any(u["hex"] for u in m["state"]["units"].values() if arvn.is_ranger(u))
    assert m["state"]["stack"][-1]["s"] == "sd_support"


def _ranger_losses(m, arvn_rp=8):
    s = m["state"]
    s["rec"]["arvn_rp"] = arvn_rp
    add(m, "rg1", "arvn_ranger", "5120", op=True, box=False, name="Ranger group 1")
    return s


def test_V11_3_a_ranger_absorbs_2_rp_and_a_third_hit_destroys_it_bought_back_for_5():
    """T-RNG-1: a Ranger absorbs 2 ARVN RP in an operation (more than strength - 1); a third hit
    destroys it; the US pays 5 ARVN RP to return it to the box and the 2 RP spent come back."""
    m = start()
    s = _ranger_losses(m)
    for _ in range(2):
        g = push(m, "losses", who="US", n=1, units=["rg1"], side="US", hits={}, must=None)
        act(g, {"t": "rp", "u": "rg1"})
    assert s["rec"]["arvn_rp"] == 6 and s["units"]["rg1"]["rp_spent"] == 2 and s["rec"]["us_rp"] == 4
    g = push(m, "losses", who="US", n=1, units=["rg1"], side="US", hits={}, must=None)
    assert choices(m, g) == [{"t": "remove", "u": "rg1"}]
    act(g, {"t": "remove", "u": "rg1"})
    assert s["rec"]["arvn_rp"] == 8 and g.frame["s"] == "ranger_buyback"
    act(g, {"t": "buyback"})
    u = s["units"]["rg1"]
    assert s["rec"]["arvn_rp"] == 3 and u["box"] and not u["hex"] and u["id"] not in {r["id"] for r in s["removed"]}
    assert len(arvn.rangers_in_play(s)) == 1 and vp(s)["NLF"] >= (2 + 5) / 4
    assert not R.invariants(s)


def test_V11_3_a_destroyed_ranger_not_bought_back_is_out_of_play():
    m = start()
    s = _ranger_losses(m)
    g = push(m, "losses", who="US", n=2, units=["rg1"], side="US", hits={}, must=None)
    act(g, {"t": "remove", "u": "rg1"})
    act(g, {"t": "decline"})
    assert not arvn.rangers_in_play(s) and not s["units"]["rg1"]["hex"]
    assert not us_lost(s)  # an ARVN loss is no 'US counter' (V 18.1 rule 7) ...
    assert logged(m, "gone for good")


def test_V11_3_no_buyback_offered_without_5_arvn_rp():
    m = start()
    _ranger_losses(m, arvn_rp=4)
    g = push(m, "losses", who="US", n=2, units=["rg1"], side="US", hits={}, must=None)
    act(g, {"t": "remove", "u": "rg1"})
    assert g.frame["s"] != "ranger_buyback"


@pytest.mark.parametrize("n,extra", [(2, 0), (3, 1), (4, 1), (5, 2)])
def test_V11_3_ranger_border_interdiction(monkeypatch, n, extra):
    """T-RNG-2: an NLF unit entering an SVN border hex pays +0 with 2 Rangers in play, +1 with 3
    or 4, +2 with 5 (Rangers on the map or in the box); US units pay nothing extra."""
    m = start()
    s = m["state"]
    mark(monkeypatch, "4920", border="Laos")
    for i in range(n):
        add(m, f"rg{i}", "arvn_ranger", None, box=True)
    vc = add(m, "x", "vc_bn_a", "5019")
    base = get_map("quangngai").enter_cost("5019", "4920", "foot")
    assert step_cost(s, vc, "5019", "4920", []) == base + extra
    vc["hex"] = None
    us = add(m, "ab1", "arvn_bn", "5019")
    assert step_cost(s, us, "5019", "4920", []) == base


# --- V 11.2 Regional Forces and V 5.5 national forces (reference 6.4 T-RP-3) ------------------------

def _rf_losses(m, n, arvn_rp=2):
    s = m["state"]
    s["rec"]["arvn_rp"] = arvn_rp
    s["op"] = s["op"] or B.new_op("NLF", "sd")
    return push(m, "losses", who="US", n=n, units=["m33", "m24"], side="US", hits={}, must=None, rf=True)


def test_V11_2_regional_forces_take_one_arvn_rp_and_the_split_is_even():
    """T-RP-3: two US battalions of 3 in cultivated 5118 (RF +1), ARVN RP >= 1: a 2-point loss may
    be 1 US + 1 ARVN (RF), never 2 US; next round 2 more are US only: 1 ARVN + 3 US in all."""
    m = start()
    s = m["state"]
    g = _rf_losses(m, 2)
    assert {"t": "rf_rp"} in choices(m, g)
    act(g, {"t": "rp", "u": "m33"})
    assert choices(m, g) == [{"t": "rf_rp"}]  # '2 US' is illegal
    act(g, {"t": "rf_rp"})
    assert s["rec"]["arvn_rp"] == 1 and s["rec"]["arvn_rp_spent"] == 1
    g = _rf_losses(m, 2, arvn_rp=1)
    assert {"t": "rf_rp"} not in choices(m, g)  # once per operation (R36)
    act(g, {"t": "rp", "u": "m24"})
    act(g, {"t": "rp", "u": "m24"})
    assert s["rec"]["us_rp_spent"] == 3 and s["units"]["m24"]["rp_spent"] == 2
    assert logged(m, "Regional Forces")


def test_V11_2_no_arvn_rp_no_rf_absorption_R40b():
    """R40b: with no ARVN RP the RF absorb nothing and the split ignores them: 2 hits both US."""
    m = start()
    g = _rf_losses(m, 2, arvn_rp=0)
    assert {"t": "rf_rp"} not in choices(m, g)
    act(g, {"t": "rp", "u": "m33"})
    assert {"t": "rp", "u": "m33"} in choices(m, g)


def test_V11_2_town_example_odds_and_loss_column_with_rf_2():
    """V 11.2 example: a US 3 battalion defending in a town: ground 5 for odds and loss column;
    1 hit: a US or an ARVN RP; 2 hits: one of each."""
    m = start()
    s = m["state"]
    s["units"]["m33"]["hex"] = "5119"  # Binh Son, a town
    n = C.numbers(s, [s["units"]["vc1"]], [s["units"]["m33"]], "5119", 0, 0, "NLF")
    assert n["def_total"] == 5 and n["col_d"] == C.column(5)
    s["rec"]["arvn_rp"] = 3
    s["op"] = B.new_op("NLF", "sd")
    g = push(m, "losses", who="US", n=2, units=["m33"], side="US", hits={}, must=None, rf=True)
    assert {"t": "rf_rp"} in choices(m, g) and {"t": "rp", "u": "m33"} in choices(m, g)
    act(g, {"t": "rf_rp"})
    assert choices(m, g)[0] == {"t": "rp", "u": "m33"}


def test_V5_5_arvn_losses_need_arvn_rp_and_count_quarter_vp():
    """V 5.5: ARVN losses are covered by ARVN RP only (never US RP); each ARVN RP spent is 1/4 NLF
    VP and each ARVN strength point eliminated 1 (V 18.1 rule 7), not the 10 of a US counter."""
    m = start()
    s = m["state"]
    add(m, "ab1", "arvn_bn", "5120")
    g = push(m, "losses", who="US", n=1, units=["ab1"], side="US", hits={}, must=None)
    assert choices(m, g) == [{"t": "remove", "u": "ab1"}]  # US RP 4, ARVN RP 0
    s["rec"]["arvn_rp"] = 1
    before = vp(s)["NLF"]
    g = push(m, "losses", who="US", n=1, units=["ab1"], side="US", hits={}, must=None)
    act(g, {"t": "rp", "u": "ab1"})
    assert s["rec"]["us_rp"] == 4 and s["rec"]["arvn_rp"] == 0 and vp(s)["NLF"] == before + 0.25
    g = push(m, "losses", who="US", n=1, units=["ab1"], side="US", hits={}, must=None)
    act(g, {"t": "remove", "u": "ab1"})
    assert vp(s)["NLF"] == before + 0.25 + 2 and not us_lost(s)


def test_V5_5_even_split_between_us_and_arvn_units():
    """V 5.5 (R30): a 2-point loss on a US and an ARVN battalion: after one US RP the next loss is
    the ARVN's (an ARVN RP, or the battalion's removal)."""
    m = start()
    s = m["state"]
    s["rec"]["arvn_rp"] = 2
    add(m, "ar1", "arvn_rgt", "5118")
    g = push(m, "losses", who="US", n=2, units=["m33", "ar1"], side="US", hits={}, must=None)
    act(g, {"t": "rp", "u": "m33"})
    assert {a.get("u") for a in choices(m, g)} == {"ar1"}


# --- what the players see -----------------------------------------------------------------------

def test_V11_view_marks_ineffective_arvn_units_and_the_ranger_box():
    """The view carries what the rules say of a unit (V 11.1 ineffective, ARVN colours) and the
    Ranger Holding Box with its border interdiction (V 11.3), for both players."""
    m = start()
    add(m, "ar1", "arvn_rgt", "5120", ineff=True)
    add(m, "ab1", "arvn_bn", "5120")
    for i in range(3):
        add(m, f"rg{i}", "arvn_ranger", None, box=True, name=f"Ranger group {i}")
    for role in ("US", "NLF"):
        v = M.view(R, m, role)
        ps = {p["id"]: p for p in v["spaces"]["5120"]["pieces"]}
        assert ps["ar1"]["ineff"] and ps["ar1"]["nat"] == "ARVN" and "ineff" not in ps["ab1"]
        assert v["ranger_box"] == {"in_box": ["Ranger group 0", "Ranger group 1", "Ranger group 2"],
                                   "in_play": 3, "border": 1, "rule": "V 11.3"}
    assert "ranger_box" not in M.view(R, start(), "US")


def test_computer_player_answers_the_new_windows():
    """game/ai/vietnam_policy.py: the computer rolls for Rangers and places them nearest the
    target, takes the Regional Forces' ARVN RP first, and buys a Ranger back only with ARVN RP to
    spare."""
    import random

    from game.ai import vietnam_policy as AI
    m = start()
    _ranger_op(m)
    s = m["state"]
    rng = random.Random(0)
    pick = AI.novice(R, s, "US", M.legal_actions(R, m, "US"), rng)
    assert pick["t"] == "roll"
    s["dice"]["queue"] = [3]
    D.answer(m, t="roll")
    pick = AI.novice(R, m["state"], "US", M.legal_actions(R, m, "US"), rng)
    assert pick["t"] == "ranger" and pick["hex"] in ("5220", "5020")  # both next to the target 5219
    m2 = start()
    g = _rf_losses(m2, 2)
    assert AI.novice(R, m2["state"], "US", R.flow.get("losses").choices(g, g.frame), rng)["t"] == "rf_rp"
    m3 = start()
    _ranger_losses(m3, arvn_rp=6)
    g = push(m3, "losses", who="US", n=2, units=["rg1"], side="US", hits={}, must=None)
    act(g, {"t": "remove", "u": "rg1"})
    assert AI.novice(R, m3["state"], "US", R.flow.get("ranger_buyback").choices(g, g.frame), rng)["t"] == "decline"


def test_V6_3_a_security_stack_never_mixes_us_and_arvn_units():
    """Reference 6.6 T-SEC-1: a stack containing US and ARVN together is illegal (FWA may join
    either)."""
    m = start()
    add(m, "ab1", "arvn_bn", "5118")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="security")
    D.answer(m, t="hex", hex="5118")
    assert {"m33", "ab1"} <= {a["u"] for a in D.acts(m, "unit")}
    D.answer(m, t="unit", u="m33")
    assert "ab1" not in {a["u"] for a in D.acts(m, "unit")} and "m24" in {a["u"] for a in D.acts(m, "unit")}
    m2 = start()
    add(m2, "ab1", "arvn_bn", "5118")
    D.answer(m2, t="us_op")
    D.answer(m2, t="operate", op="security")
    D.answer(m2, t="hex", hex="5118")
    D.answer(m2, t="unit", u="ab1")
    assert not {"m33", "m24"} & {a["u"] for a in D.acts(m2, "unit")}


def test_V11_1_corps_boundary_hexes_come_from_the_maps_provinces(monkeypatch):
    """V 11.1, data/corps.json: a hex whose province lines join provinces of two corps zones (Quang
    Ngai, I Corps; Binh Dinh, II Corps) is a corps-boundary hex; a line between two I Corps provinces
    is not; any international border is a national boundary; an SVN border hex lists 'svn'."""
    m = start()
    s = m["state"]
    mark(monkeypatch, "5324", province="quang-ngai", boundary=["quang-ngai", "binh-dinh"])
    mark(monkeypatch, "4819", province="quang-ngai", boundary=["quang-ngai", "quang-tin"])
    mark(monkeypatch, "4720", border=["cambodia", "laos"])
    mark(monkeypatch, "4721", border=["svn", "laos"])
    assert arvn.corps_boundary(s, "5324") and not arvn.corps_boundary(s, "4819")
    u = add(m, "ar1", "arvn_rgt", "5323", ineff=True)
    assert arvn.strat_closed(s, u, "5324") and arvn.strat_closed(s, u, "4720") and not arvn.strat_closed(s, u, "4819")
    assert not arvn.svn_border(s, "4720") and arvn.svn_border(s, "4721")


def test_V15_4_a_division_answers_to_the_corps_its_hq_stands_in_the_nlf_picks_on_a_boundary(monkeypatch):
    """V 15.4 example ('The 1st ARVN division HQ is in II Corps'): the division's superior is the
    commander of the corps where its HQ stands; a unit under a corps' direct command answers to the
    corps it stands in; on a corps boundary the NLF chooses (option corps_side: the lower threshold).
    I Corps -1, II Corps +1, the division's commander 3."""
    m = start()
    s = m["state"]
    s["special"].update(arvn_check=True, arvn_leaders={
        "I": {"name": "I Corps commander", "eff": -1}, "II": {"name": "II Corps commander", "eff": 1},
        "1": {"name": "1st Division commander", "eff": 3, "corps": "I"}})
    mark(monkeypatch, "5324", province="quang-ngai", boundary=["quang-ngai", "binh-dinh"])
    mark(monkeypatch, "5325", province="binh-dinh")
    hq = add(m, "ahq", "arvn_div_hq", "5325", cmd="1")
    bn = add(m, "ab1", "arvn_bn", "5325", cmd="I")
    assert arvn.threshold(s, hq) == (3 + 1, "II") and arvn.threshold(s, bn) == (1 + 3, "II")
    bn["hex"] = hq["hex"] = "5324"  # on the I/II Corps boundary: the NLF takes I Corps
    assert arvn.threshold(s, hq) == (3 - 1, "I") and arvn.threshold(s, bn) == (-1 + 3, "I")
    s["dice"]["queue"] = [3]
    bn["hex"] = hq["hex"] = "5325"
    arvn.check(ctx(m))
    assert not arvn.ineffective(hq) and not arvn.ineffective(bn)
    assert logged(m, "against 4 (1st Division commander under II Corps commander): effective")


def test_V11_3_a_ranger_the_scenario_sets_on_the_map_stays_a_rolled_one_goes_home():
    """V 11.3 with a scenario's set-up: only Rangers rolled into an operation return to the box at
    its end; one the scenario placed on the map (Silver Bayonet's Plei Me Rangers) stays there."""
    m = start()
    add(m, "r21", "arvn_ranger", "5020", name="21st Ranger Battalion")
    add(m, "rg1", "arvn_ranger", "5220", op=True, rolled=True)
    m["state"]["op"] = B.new_op("US", "sd")
    arvn.go_home(ctx(m))
    u = m["state"]["units"]
    assert u["r21"]["hex"] == "5020" and not u["r21"].get("box")
    assert u["rg1"]["box"] and not u["rg1"]["hex"] and "rolled" not in u["rg1"]


def test_V15_4_corps_leaders_may_be_keyed_by_name_with_their_zone(monkeypatch):
    """A scenario's corps commander keyed "2corps" with "zone": "II" answers for units standing in
    II Corps (data/corps.json)."""
    m = start()
    s = m["state"]
    s["special"].update(arvn_leaders={"2corps": {"name": "II Corps", "eff": 2, "zone": "II"},
                                      "1corps": {"name": "I Corps", "eff": -1, "zone": "I"}})
    mark(monkeypatch, "5325", province="binh-dinh")
    bn = add(m, "ab1", "arvn_bn", "5325", cmd="1corps")
    assert arvn.threshold(s, bn) == (2 + 3, "2corps")


def test_V6_1_a_ranger_on_the_map_never_joins_a_clear_and_secure():
    """V 6.1, V 11.3: 'ARVN rangers may not be used on clear and secure operations'; a Search and
    Destroy may take a Ranger a scenario set on the map."""
    m = start()
    add(m, "r21", "arvn_ranger", "5020", name="21st Ranger Battalion")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="cs")
    assert "r21" not in {a["u"] for a in D.acts(m, "unit")}
    m = start()
    add(m, "r21", "arvn_ranger", "5020", name="21st Ranger Battalion")
    D.answer(m, t="us_op")
    D.answer(m, t="operate", op="sd")
    assert "r21" in {a["u"] for a in D.acts(m, "unit")}


def test_V6_1_no_clear_and_secure_offered_when_only_rangers_could_take_part():
    m = start()
    for u in m["state"]["units"].values():
        if u["side"] == "US":
            u["done"] = True
    add(m, "r21", "arvn_ranger", "5020", name="21st Ranger Battalion")
    D.answer(m, t="us_op")
    ops = {a.get("op") for a in D.acts(m, "operate")}
    assert "sd" in ops and "cs" not in ops
