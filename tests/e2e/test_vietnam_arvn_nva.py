"""ARVN and NVA counters as the player sees them (V 11, NVA units): the rules' own view of a Starlite
position holding them (built in CPython), drawn in the page by the Vietnam drawer: ARVN yellow, NVA
a darker red than the VC, an ineffective ARVN unit banded "INEFF" with the rule in its tooltip, an
augmented face named. Screenshots of the drawn counters under /tmp/v65arvn/."""
import json
import os

from game.engine import match as M
from game.rules.vietnam_1965_1975 import board as B  # noqa: F401

from ..v65_positions import starlite
from .conftest import wait_ready

import game.rules.vietnam_1965_1975 as R

SHOTS = "/tmp/v65arvn"


def pieces():
    m = starlite()
    s = m["state"]
    extra = [("ar1", "arvn_rgt", "ARVN 4th Regiment", {"ineff": True}), ("ar2", "arvn_rgt_aug", "ARVN 6th Regiment", {}),
             ("ab1", "arvn_bn", "ARVN 1/5 Battalion", {}), ("rg1", "arvn_ranger", "Ranger group 1", {}),
             ("ahq", "arvn_div_hq", "ARVN 2nd Division HQ", {}), ("n1", "nva_rgt", "NVA 33rd Regiment", {}),
             ("n2", "nva_rgt_aug", "NVA 66th Regiment", {}), ("n3", "nva_mech_rgt", "NVA 1st Mech Regiment", {}),
             ("n4", "nva_div_hq", "NVA 325th Division HQ", {}), ("n5", "nva_art", "NVA 40th Artillery", {})]
    for uid, kind, name, kw in extra:
        s["units"][uid] = dict({"id": uid, "kind": kind, "name": name, "side": R.board.KINDS[kind]["side"],
                                "hex": "5020", "rev": True, "handle": None, "form": None, "done": False,
                                "mission": None, "op": False, "tgt": False, "rp_spent": 0}, **kw)
    s["units"]["vc1"]["hex"] = s["units"]["m33"]["hex"] = "5020"
    s["units"]["vc1"]["rev"] = True
    return {p["id"]: p for p in M.view(R, m, "US")["spaces"]["5020"]["pieces"]}


def draw(page, p):
    return json.loads(page.evaluate("([p, g]) => window.__vw_counter(p, g)", [json.dumps(p), "vietnam-1965-1975"]))


def test_V11_arvn_and_nva_counters_show_their_nation_state_and_values(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    ps = pieces()
    c = {k: draw(page, p) for k, p in ps.items()}
    assert c["ar1"]["bg"] == c["ab1"]["bg"] == "#e9c43a"  # ARVN yellow
    assert c["n1"]["bg"] == c["n4"]["bg"] and c["n1"]["bg"] not in (c["vc1"]["bg"], c["ab1"]["bg"], c["m33"]["bg"])
    assert "INEFF" in c["ar1"]["texts"] and "ineff" in c["ar1"]["parts"] and "INEFFECTIVE (V 11.1)" in c["ar1"]["title"]
    assert "INEFF" not in c["ab1"]["texts"] and "INEFFECTIVE" not in c["ab1"]["title"]
    assert "ARVN inf III" in c["ar1"]["title"] and "NVA inf III" in c["n1"]["title"]
    assert "augmented" in c["n2"]["title"] and "augmented" not in c["n1"]["title"]
    assert "1/5" in c["ab1"]["texts"] and "Rgr 1" in c["rg1"]["texts"]  # the names fit the counter
    assert "5-2-7/1" in c["n1"]["texts"] and "7-3-7/2" in c["n2"]["texts"] and "2-0-7/1" in c["ab1"]["texts"]
    # LOOK: the counters as drawn, side by side, at desktop and phone widths
    os.makedirs(SHOTS, exist_ok=True)
    order = ["m33", "ar1", "ar2", "ab1", "rg1", "ahq", "vc1", "n1", "n2", "n3", "n4", "n5"]
    cells = "".join(f'<svg viewBox="-17 -17 34 34" width="102" height="102">{c[k]["svg"]}</svg>' for k in order)
    page.evaluate("""(html) => { const d = document.createElement('div'); d.id = 'arvn-look';
        d.style.cssText = 'position:fixed;left:0;top:0;z-index:99999;background:#fff;padding:8px;display:flex;flex-wrap:wrap;gap:6px;max-width:100vw';
        d.innerHTML = html; document.body.appendChild(d); }""", cells)
    for w, h in ((1440, 900), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#arvn-look").screenshot(path=f"{SHOTS}/counters_{w}.png")


def masher_ineffective():
    """Masher/White Wing at the first US decision, seed 2: the ARVN check rolled 6 against 3, so
    the 22nd Division is ineffective this season (V 15.4, V 11.1)."""
    from ..v65_positions import answer
    m = M.new_match(R, "masher-white-wing", 2)
    while m["state"]["stack"][-1]["s"] == "nlf_place":
        a = M.legal_actions(R, m, "NLF")[0]
        answer(m, t="place", u=a["u"], hex=a["hex"])
    assert m["state"]["units"]["r40"].get("ineff")
    return m


def test_V11_1_an_ineffective_arvn_division_on_the_table(page, base_url, tmp_path):
    """The table of Masher/White Wing after a failed effectiveness check: the 22nd Division's
    counters are yellow and banded INEFF, their tooltips name the rule, the records show the ARVN
    RP; the US is offered no Hold or Patrol for them (V 11.1)."""
    from .v65_ui import open_match, take_over
    m = masher_ineffective()
    acts = [a for a in M.legal_actions(R, m, "US") if a.get("u") in ("r40", "r41", "hq22", "ab1")]
    assert acts == []
    os.makedirs(SHOTS, exist_ok=True)
    for w, h in ((1440, 900), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        open_match(page, base_url, m, tmp_path)
        take_over(page)
        shown = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#map [data-unit]')].map(g => [
            g.dataset.unit, [g.querySelector('title').textContent, [...g.querySelectorAll('text')].map(t => t.textContent)]]))""")
        arvn = [uid for uid in ("r40", "r41", "hq22", "ab1") if uid in shown]  # a stack shows its top counters
        assert arvn, sorted(shown)
        for uid in arvn:
            assert "INEFF" in shown[uid][1] and "INEFFECTIVE (V 11.1)" in shown[uid][0], uid
        assert page.locator('[data-track="arvn-rp"]').count() >= 1
        page.screenshot(path=f"{SHOTS}/masher_ineffective_{w}.png")
