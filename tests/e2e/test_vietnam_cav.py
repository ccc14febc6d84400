"""Vietnam 1965-1975, the 1st Cavalry in the page (V 8 natural airmobility, V 9.1 deployments):
a Starlite position with two 1st Cavalry brigades added (the issue 15 scenarios are not in yet),
opened as an imported save. What a player sees: the records name each brigade's deployment, a
counter's tooltip says it is permanently airmobile and names its brigade's deployment, a Cav
battalion in the Movement segment offers "Fly ... (airmobile, no AMP)", and flying spends no
Airmobile Point (the records still show 1)."""
import json
import os

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.rules.vietnam_1965_1975 import brigades as BG

from .mf_ui import open_sheet
from .v65_ui import answer, click, open_match, starlite, take_over

SHOTS = "/tmp/v65air"


def cav_start():
    m = starlite(seed=3)
    s = m["state"]
    new = {}
    s["forms"] = BG.setup({"formations": [
        {"id": "1cav-3", "name": "3rd Brigade, 1st Cavalry", "dep": 2,
         "bde": {"id": "c3b", "kind": "us_cav_bde", "name": "3rd Brigade, 1st Cavalry", "hex": "5121"},
         "bns": [{"id": "c17", "kind": "us_cav_bn", "name": "1/7 Cav", "hex": "5121"},
                 {"id": "c27", "kind": "us_cav_bn", "name": "2/7 Cav", "hex": "5121"},
                 {"id": "c25", "kind": "us_cav_bn", "name": "2/5 Cav", "hex": "5022"}]},
        {"id": "1cav-1", "name": "1st Brigade, 1st Cavalry", "dep": 1, "hex": "5021",
         "bde": {"id": "c1b", "kind": "us_cav_bde", "name": "1st Brigade, 1st Cavalry", "hex": "5021"},
         "bns": [{"id": "c18", "kind": "us_cav_bn", "name": "1/8 Cav", "hex": "5021"},
                 {"id": "c28", "kind": "us_cav_bn", "name": "2/8 Cav", "hex": "5021"},
                 {"id": "c112", "kind": "us_cav_bn", "name": "1/12 Cav", "hex": "5021"}]}]}, new)
    for u in new.values():
        u.update(done=False, mission=None, op=False, tgt=False, rp_spent=0)
    s["units"].update(new)
    m["undo"] = []  # the position starts here
    assert not R.invariants(s)
    return m


def cav_operation(m, units):
    """A US Search and Destroy of these units against the VC in 5219, at its Movement segment."""
    answer(m, t="us_op")
    answer(m, t="operate", op="sd")
    for u in units:
        answer(m, t="unit", u=u)
    answer(m, t="target", hex="5219")
    answer(m, t="go")
    answer(m, t="support", ap=0, ship=0)
    return m


def test_cav_deployments_and_free_flight_as_the_player_sees_them(page, base_url, tmp_path):
    os.makedirs(SHOTS, exist_ok=True)
    m = cav_operation(cav_start(), ["c25"])
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    # V 9.1: the records list each brigade's deployment, as the engine's view has it
    recs = page.evaluate("() => Object.fromEntries([...document.querySelectorAll('.trk')].map("
                         "d => [d.querySelector('.trk-k').textContent, d.querySelector('.trk-v').textContent]))")
    assert recs["3rd Brigade, 1st Cavalry"] == "deployment 2"
    assert recs["1st Brigade, 1st Cavalry"] == "deployment 1"
    title = page.locator('#map [data-unit="c25"] title').first.text_content()
    assert "permanently airmobile, flies without AMP (V 8)" in title
    assert "3rd Brigade, 1st Cavalry: deployment 2 (HQ and battalions, V 9.1)" in title
    brigade = page.locator('#map [data-unit="c1b"] title').first.text_content()  # deployment 1: one counter
    assert brigade.startswith("1st Brigade, 1st Cavalry; US inf X; ground 9, artillery 4, movement 8")
    assert "1st Brigade, 1st Cavalry: deployment 1 (brigade counter, V 9.1)" in brigade
    assert page.text_content('[data-track="airmobile"]') == "1"
    page.screenshot(path=f"{SHOTS}/cav_records_1440.png")
    # V 8.1: the Cav battalion picked in the Movement segment may fly at no AMP cost
    acts = M.legal_actions(R, m)
    pick = next(i for i, a in enumerate(acts) if a["t"] == "pick" and a["u"] == "c25")
    open_sheet(page)
    click(page, f'[data-action="{pick}"]')
    fly = page.locator('[data-t="air"]').first
    assert fly.text_content().strip() == "Fly 2/5 Cav (airmobile, no AMP)"
    page.screenshot(path=f"{SHOTS}/cav_fly_1440.png")
    click(page, '[data-t="air"]')
    assert page.text_content('[data-track="airmobile"]') == "1"  # no Airmobile Point spent
    assert "takes to the air" in page.text_content("#log")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    page.screenshot(path=f"{SHOTS}/cav_fly_390.png")
    open_sheet(page)  # on a phone the prompt says the unit flies; the records are in the sheet
    assert "flying (V 8.1)" in page.text_content("#prompt")
    page.locator('[data-k="3rd-brigade,-1st-cavalry"]').first.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/cav_sheet_390.png")


def stack_position():
    """1/7 and 2/7 Cav (both in 5121) operating, the stack in 5121 chosen to move together (V 3)."""
    m = cav_operation(cav_start(), ["c17", "c27"])
    answer(m, t="stack", hex="5121")
    return m


def page_hash(page):
    return json.loads(page.evaluate("window.__vw_state()"))["hash"]


def test_a_stack_flies_and_a_click_on_its_range_takes_it_there(page, base_url, tmp_path):
    """V 8.1, V 3 (issue 45 item 4): the stack of 1/7 and 2/7 Cav offers "Fly the stack (airmobile,
    no AMP)"; once flying, the map shades its range by air (the engine's, for the stack) and a
    click on a far hex of it flies both there a step at a time, as CPython does the same steps."""
    m = stack_position()
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    fly = page.locator('#actions [data-t="air"]')
    assert fly.count() == 1 and fly.first.text_content().strip() == "Fly the stack (airmobile, no AMP)"
    open_sheet(page)
    click(page, '#actions [data-t="air"]')
    answer(m, t="air")
    assert page_hash(page) == M.state_hash(m)
    mv = M.view(R, m, "US")["moving"]
    shaded = page.evaluate("() => [...document.querySelectorAll('#vw-reach [data-reach]')].map(e => e.dataset.reach)")
    assert sorted(shaded) == mv["reach"]["c17"] == mv["reach"]["c27"] and len(shaded) > 10
    goal = max((h for h, p in mv["paths"].items() if len(p) >= 3), key=lambda h: (len(mv["paths"][h]), h))
    ref = json.loads(json.dumps(m))
    for h in mv["paths"][goal]:  # CPython: the same steps, while each is the stack's next step
        step = [a for a in M.legal_actions(R, ref, "US") if a["t"] == "step" and a["to"] == h]
        if M.current_role(R, ref) != "US" or len(step) != 1:
            break
        M.apply(R, ref, step[0], role="US")
    want = len(ref["actions"])
    page.locator(f'#map [data-space="{goal}"]').click()
    page.wait_for_function(f"() => JSON.parse(window.__vw_state()).actions.length >= {want}", timeout=10_000)
    page.wait_for_timeout(600)  # (no step after the last one)
    assert json.loads(page.evaluate("window.__vw_state()"))["actions"] == ref["actions"]
    assert page_hash(page) == M.state_hash(ref)
    assert ref["state"]["units"]["c17"]["hex"] == ref["state"]["units"]["c27"]["hex"] == goal
    assert "Stack (1/7 Cav, 2/7 Cav) moves" in page.text_content("#log")
    page.screenshot(path=f"{SHOTS}/cav_stack_flown_1440.png")
