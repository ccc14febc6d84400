"""Issue 9 item 5: costs and consequences stated before the click. The labels and warnings come from
the rules (the same tables the action then applies), checked here against what the action does."""
import copy
import random

from game.engine import match as M
from game.engine.flow import Context
from game.rules import get
from game.rules.first_team import board as B


def _first_team_units(m):
    return [x for x, u in m["state"]["units"].items() if u["k"] == "inf"]


def test_ft_fatigue_effect_agrees_with_add_fatigue():
    """FT 12.5, 12.6: what the label says one, two or five fatigue steps do is what add_fatigue does
    (fatigue and effectiveness, a break for +1 VP, an elimination for the company VP)."""
    r = get("first-team")
    m = M.new_match(r, "campaign", 1)
    for uid in _first_team_units(m)[:4]:
        for fat in range(5):
            for brk in (False, True):
                for n in (1, 2, 5):
                    s = copy.deepcopy(m["state"])
                    s["units"][uid].update(fat=fat, brk=brk)
                    text, warn = B.fatigue_effect(s, uid, n)
                    vp0 = s["vp"]
                    B.add_fatigue(Context(s, [], True), uid, n, "test")
                    u = s["units"][uid]
                    if s["vp"] == vp0:
                        assert warn is None and f"fatigue {fat} -> {fat + n}" in text
                        assert f"eff {B.us_eff(u)}" in text
                    else:
                        assert warn and f"+{s['vp'] - vp0} NVA VP" in text and f"+{s['vp'] - vp0} NVA VP" in warn
                        assert ("ELIMINATES" in text) == (u["loc"] == B.ELIM)


def _play(gid, scen, seeds, steps, fn):
    r = get(gid)
    for seed in seeds:
        m = M.new_match(r, scen, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            acts = M.legal_actions(r, m)
            if not acts:
                break
            fn(r, m, acts)
            dn = [a for a in acts if a["t"] == "done"]
            M.apply(r, m, rng.choice(dn) if dn and rng.random() < 0.3 else rng.choice(acts))


def test_ft_labels_state_costs_and_done_warns_with_cp_unspent():
    """FT 10.1/12.1: every ground move states its fatigue; FT 4.11: ending a segment with CP left
    while something could use them warns; FT 14.1: the pathfinder flights are by the pathfinder counter."""
    seen = set()

    def check(r, m, acts):
        s = m["state"]
        for a in acts:
            if a["t"] in ("move", "move_stack"):
                assert "fatigue" in a["label"]
                seen.add(a["t"])
            if a["t"] == "pathfinder":
                assert s["units"][a["by"]]["k"] == "pf"
                seen.add("pathfinder")
            if a["t"] == "done" and "warn" in a:
                # FT 4.11 points unspent, or FT 5.2 buying no supply with infantry out of supply
                assert (f"{s['cp']} CP unspent" in a["warn"] or a["warn"].startswith("Buy no supply?")) \
                    and len(acts) > 1
                seen.add("done")
            if a["t"] == "fatigue":
                assert ("warn" in a) == ("VP" in a["label"])
    _play("first-team", "campaign", (1, 2), 700, check)
    assert {"move", "move_stack", "pathfinder", "done"} <= seen


def test_mf_end_recruiting_warns_with_rp_unspent():
    """MF 12: ending the Recruiting Phase with RP left while something could be bought asks once."""
    seen = []

    def check(r, m, acts):
        for a in acts:
            if a["t"] == "done" and "warn" in a:
                assert f"{m['state']['rp']} RP unspent" in a["warn"] and len(acts) > 1
                seen.append(a)
    _play("mike-force", "early", (1, 2), 600, check)
    assert seen


def test_display_fields_are_not_part_of_the_action():
    """'label', 'warn' and 'by' are for display: an action sent without them is the same action."""
    a = {"t": "pathfinder", "heli": "tr1", "to": "A1", "by": "pf", "warn": "x", "label": "y"}
    assert M.strip(a) == {"t": "pathfinder", "heli": "tr1", "to": "A1"}
