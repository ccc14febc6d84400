"""Rulings with implemented alternatives (data/options.json): the default is the ruling, the
alternative changes the rules as it says."""

import json
from pathlib import Path

from game.engine import match as M

from .mf_helpers import R, S, acts, answer, battle, blank, com, dice, line_up, put


def test_every_option_is_used_or_documents_a_fixed_ruling():
    """R-xxx (reference section 6): every option with alternatives is read by the rules code; the
    others list one choice and document a ruling whose alternative is not implemented."""
    opts = json.loads(Path("game/rules/mike_force/data/options.json").read_text())["options"]
    code = "".join(p.read_text() for p in Path("game/rules/mike_force").glob("*.py"))
    code += Path("game/engine/report.py").read_text()  # the play setting opponent_pace (issue 9 item 2)
    for o in opts:
        if o.get("choices") == ["as_ruled"]:
            continue
        assert f'"{o["id"]}"' in code, f"option {o['id']} is never read by the rules"


def _dhakill(options):
    """MF 21.4: a battle at DHA where the FW are disrupted once and kill one infantry battalion."""
    m = blank("early", rp=5, ip=20, options=options)
    f1 = put(m, "mf", "DHA")
    f2 = put(m, "ateam", "DHA")
    i = com(m, "inf_bn", "DHA")
    # FW superiority; MF misses (6,6,6); the battalion hits the MF (1,6); the A-Team hits (1)
    dice(m, 2, 6, 6, 6, 1, 6, 1)
    battle(m, "DHA")
    line_up(m, f1, f2)
    return m


def test_bcp_net_default_one_choice_r_bc1():
    """R-BC1 default / MF 21.3: the battle's +1 (battalion) and -1 (disrupted MF) net to 0: nothing to settle."""
    m = _dhakill(None)
    assert not [a for a in acts(m) if a["t"] == "bcp"]
    assert S(m)["rp"] == 5 and S(m)["ip"] == 20


def test_bcp_separate_alternative_r_bc1():
    """R-BC1 alternative / MF 21.1-21.2: the loss and the gain are settled each with its own choice."""
    m = _dhakill({"bcp_net": False})
    assert {a["n"] for a in acts(m) if a["t"] == "bcp"} == {-1}
    answer(m, t="bcp", to="ip")
    assert S(m)["ip"] == 21
    assert {a["n"] for a in acts(m) if a["t"] == "bcp"} == {1}
    answer(m, t="bcp", to="rp")
    assert S(m)["rp"] == 6


def _phoenix_setup(choice):
    m = M.new_match(R, "phoenix", 1, {"phoenix_die_4": choice}, dice_mode="manual")
    for d in (2, 2, 4):  # IP, RP, leader/MACV die
        M.apply(R, m, {"t": "roll", "value": d})
    return m


def test_phoenix_die_4_default_one_macv_r_su1():
    """R-SU1 default / MF 31.4: a 4 on the Phoenix leader die draws one MACV unit and no leader."""
    m = _phoenix_setup("one_macv")
    assert any("Leaders: 0; MACV support units: 1" in e["text"] for e in m["log"])


def test_phoenix_die_4_alternative_r_su1():
    """R-SU1 alternative: a 4 gives one leader and one MACV unit (the Tet 3-4 pattern)."""
    m = _phoenix_setup("leader_and_macv")
    assert any("Leaders: 1; MACV support units: 1" in e["text"] for e in m["log"])


def test_bcp_net_zero_is_said_mf_21_4():
    """MF 21.4, R-BC1 default (issue 45 item 9): the disruption counts its -1 BCP on its line, and a
    net of 0 says why nothing is settled."""
    m = _dhakill(None)
    texts = [e["text"] for e in m["log"]]
    assert any(t.endswith("is disrupted (-1 BCP)") for t in texts)
    assert "Battle at Dong Ha (+1 -1 BCP): they cancel out, nothing to settle" in texts


def test_bcp_net_sum_in_the_choice_mf_21_4():
    """MF 21.4 (issue 45 item 9): gains and losses netted into one choice name both terms."""
    m = blank("early", rp=5, ip=20)
    f1 = put(m, "mf", "DHA")
    f2 = put(m, "ateam", "DHA")
    com(m, "inf_bn", "DHA")
    com(m, "inf_bn", "DHA")
    # FW superiority; the MF kills one battalion (1,6,6); the other hits (1,6); the A-Team kills it (1)
    dice(m, 2, 1, 6, 6, 1, 6, 1)
    battle(m, "DHA")
    line_up(m, f1, f2)
    while any(a["t"] != "bcp" for a in acts(m)):  # each hit on the first target offered
        M.apply(R, m, acts(m)[0])
    v = M.view(R, m)
    assert "(+2 -1 BCP): you gain 1 BCP" in v["prompt"], v["prompt"]
