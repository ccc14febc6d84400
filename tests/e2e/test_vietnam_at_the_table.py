"""Vietnam 1965-1975 at the table (issue 45): what a player sees before a costly or fatal click
(item 1), whose decision it is and what the hand-over screen says (item 2), the combat arithmetic
in the odds preview and on the battle card (item 3), and the end-of-game card (item 6). Positions
are built in CPython through the engine's legal actions and opened as an imported save; every
check reads the page against the engine. Screenshots go to /work/wt/shots/table/ at 1440x900 and
390x844."""
import json
import os

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M

from .conftest import wait_ready
from .mf_ui import open_sheet, rev, wait_rev_after
from .v65_ui import answer, at_support_declaration, click, open_match, page_match, starlite, take_over, us_operation

SHOTS = "/work/wt/shots/table"


def shoot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}_{page.viewport_size['width']}.png")


def phone_shot(page, name, handover=False):
    """The same position at 390x844 (a reload continuing the autosave: the page picks its phone
    frame at load), then back to the desktop size."""
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    wait_ready(page)
    page.click('[data-cmd="continue"]')
    page.wait_for_selector('body[data-screen="handover"]', state="attached")
    if not handover:
        take_over(page)
    shoot(page, name)
    page.set_viewport_size(size)
    page.reload()
    wait_ready(page)
    page.click('[data-cmd="continue"]')
    page.wait_for_selector('body[data-screen="handover"]', state="attached")
    if not handover:
        take_over(page)


def to_attack(seed=3):
    """A US Search and Destroy on the VC regiment in 5219 at its first attack (V 5.4)."""
    m = us_operation(starlite(seed=seed))
    for a in (dict(t="done"), dict(t="done"), dict(t="alert"), dict(t="done"), dict(t="done")):
        answer(m, **a)
    assert m["state"]["stack"][-1]["s"] == "attack_pick"
    return m


def test_decline_asks_first_and_says_the_scenario_would_end(page, base_url, tmp_path):
    """V 2.1, V 18.2: the US's Decline is marked, its tooltip and the confirmation say that the NLF
    may then end the phase and with it Starlite (the outcome named); Cancel changes nothing, Yes
    declines. The prompt is the US's: prefixed and coloured."""
    m = starlite()
    answer(m, t="us_op")
    open_match(page, base_url, m, tmp_path)
    # the hand-over names the decision waiting (issue 45 item 2)
    assert page.text_content("#handover-what") == "US: conduct an operation, or decline (V 2.1)"
    shoot(page, "handover")
    phone_shot(page, "handover", handover=True)
    take_over(page)
    assert page.text_content("#prompt .who[data-who='US']") == "US — "
    assert "by-US" in page.get_attribute("#prompt", "class")
    assert page.text_content("#prompt").startswith("US — Operations Phase (V 2.1)")
    shoot(page, "prompt_us")
    btn = page.locator('[data-t="decline"]').first
    assert "warn" in btn.get_attribute("class") and "NLF end the Operations Phase" in btn.get_attribute("title")
    n = len(page_match(page)["actions"])
    btn.click()
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    msg = page.text_content("#confirm-msg")
    assert "Declining lets the NLF end the Operations Phase now (V 2.1)" in msg
    assert "an NLF victory: the VC regiment is still on the map" in msg
    shoot(page, "warning_decline")
    page.click("#confirm-no")
    assert page.locator("#confirm-dlg:not([hidden])").count() == 0
    assert len(page_match(page)["actions"]) == n  # nothing happened
    btn.click()
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    before = rev(page)
    page.click("#confirm-yes")
    wait_rev_after(page, before)
    m2 = page_match(page)
    assert len(m2["actions"]) == n + 1 and m2["actions"][-1]["t"] == "decline"
    # the NLF's turn to decide, at the same screen (nothing hidden differs? the VC are face down:
    # a hand-over naming the NLF's decision)
    if page.get_attribute("body", "data-screen") == "handover":
        assert page.text_content("#handover-what") == "NLF: end the Operations Phase, or operate (V 2.1)"
        take_over(page)
    assert page.text_content("#prompt .who[data-who='NLF']") == "NLF — "
    assert "by-NLF" in page.get_attribute("#prompt", "class")
    shoot(page, "prompt_nlf")
    phone_shot(page, "prompt_nlf")


def test_support_declaration_warns_and_the_track_shows_air_committed(page, base_url, tmp_path):
    """V 7.3: '2 AP' at the Support Declaration asks once (2 of the 4 Air Points serve this
    operation alone); afterwards the Air Points track reads '4, 2 committed, 2 left this turn'."""
    m = at_support_declaration(starlite())
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    assert page.text_content('[data-track="air-points"]') == "4"
    acts = M.legal_actions(R, page_match(page), "US")
    i = next(k for k, a in enumerate(acts) if a.get("t") == "support" and a["ap"] == 2 and a["ship"] == 0)
    plus = page.locator('#actions .stepper [data-amount="ap"] [data-d="1"]')  # the Air Points' stepper
    plus.click()
    plus.click()
    page.locator(f'#actions .stepper [data-action="{i}"]').click()
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    assert "2 of the 4 Air Points left this game-turn serve this operation alone (V 7.3)" in page.text_content("#confirm-msg")
    shoot(page, "warning_air")
    before = rev(page)
    page.click("#confirm-yes")
    wait_rev_after(page, before)
    assert page.text_content('[data-track="air-points"]') == "4, 2 committed, 2 left this turn"


def test_odds_preview_and_battle_card_show_the_same_arithmetic(page, base_url, tmp_path):
    """V 5.4, V 7.2, V 7.6: the preview before the attack lists each side's ground, its support
    sources, the cap and the halving with their reasons, the ratio, the DRMs and the loss columns
    (the engine's words); once the battle is fought the card shows the same lines, and the log."""
    m = to_attack()
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    v = M.view(R, page_match(page), "US")
    pv = v["preview"][0]
    box = page.locator('#tracks details.odds[data-preview="5219"]')
    us = box.locator('[data-odds-side="US"]').text_content()
    assert us == "US (attacker): " + "; ".join([pv["sides"][0]["ground"]] + pv["sides"][0]["support"]
                                               + [pv["sides"][0]["total"]])
    assert "halved: US support counts half outside a free-fire zone in South Vietnam (this scenario allows none)" in us
    assert box.locator('[data-arith="ratio"]').text_content() == pv["ratio"]
    assert box.locator('[data-arith="drm"]').text_content() == pv["drm_text"]
    assert box.locator('[data-arith="columns"]').text_content() == pv["columns"]
    assert "takes N losses" in box.locator('[data-arith="means"]').text_content()
    shoot(page, "odds_preview")
    phone_shot(page, "odds_preview")
    i = next(k for k, a in enumerate(v["actions"]) if a.get("t") == "attack")
    click(page, f'[data-action="{i}"]')
    # the support windows (V 7.2): fire everything offered, the NLF's after a hand-over if it comes
    for _ in range(6):
        if page.get_attribute("body", "data-screen") == "handover":
            take_over(page)
            continue
        if page.locator('[data-dialog="support_pick"]').count():
            click(page, '[data-dialog="support_pick"] .dlg-main [data-t="fire"]')
            continue
        break
    st = page_match(page)["state"]
    b = st["battle"]
    card = page.locator("#battle")
    for sd in b["sides"]:
        lines = card.locator(f'.bside-{sd["side"]} .bside-lines li').all_text_contents()
        assert lines == sd["lines"], (lines, sd["lines"])
        assert card.locator(f'.bside-{sd["side"]} .bside-total').text_content() == sd["total"]
    assert pv["sides"][0]["support"] == b["sides"][0]["lines"][1:]  # the preview said what the card says
    f = b["fires"][-1]
    assert card.locator('[data-arith="columns"]').text_content() == f["columns"]
    assert card.locator('[data-arith="die"]').text_content().startswith("die ")
    log = page.text_content("#log")
    assert f["columns"].replace(" (V 5.4)", "") in log and b["sides"][0]["total"] in log  # (the rule: its chip)
    shoot(page, "battle_card")
    assert _columns_cut(page) == 0
    phone_shot(page, "battle_card")
    page.set_viewport_size({"width": 390, "height": 844})
    open_sheet(page)
    assert _columns_cut(page) == 0
    page.set_viewport_size({"width": 1440, "height": 900})


def _columns_cut(page):
    """How many of the battle card's side columns run past the panel's edges: a long support term
    must wrap (at 1440 a US column ran off the panel, cut at "capped at 3 × ground =")."""
    return page.evaluate("""() => { const c = document.querySelector('#panel').getBoundingClientRect();
        return [...document.querySelectorAll('#battle .bside')].map(e => e.getBoundingClientRect())
            .filter(r => r.right > c.right - 4 || r.left < c.left).length; }""")


def test_us_loss_dialog_says_eliminating_loses_starlite(page, base_url, tmp_path):
    """V 18.2: in Starlite a US counter eliminated loses the scenario; the loss dialog says so beside
    the unit and the Eliminate button asks first (NLF +10 VP, V 18.1)."""
    m = to_attack()
    answer(m, t="attack", hex="5219")
    answer(m, t="fire", **{"with": ["a212", "hq7"]})
    answer(m, t="rp", u="vc1")  # the NLF absorbs its loss; then the US allocates its own (V 5.5)
    assert m["state"]["stack"][-1]["s"] == "losses" and m["state"]["stack"][-1]["side"] == "US"
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    row = page.locator('[data-loss-unit="hq7"]')
    assert row.locator('[data-loses="hq7"]').text_content() == \
        "⚠ Eliminating this US counter loses the scenario for the US (V 18.2)"
    btn = row.locator('[data-t="remove"]')
    assert "warn" in btn.get_attribute("class")
    shoot(page, "loss_dialog")
    n = len(page_match(page)["actions"])
    btn.click()
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    msg = page.text_content("#confirm-msg")
    assert "NLF +10 VP (V 18.1)" in msg and "loses the scenario for the US (V 18.2)" in msg
    shoot(page, "loss_dialog_warning")
    page.click("#confirm-no")
    assert len(page_match(page)["actions"]) == n
    phone_shot(page, "loss_dialog")
    # the same warning on a phone: the sheet opened, the button tapped, the confirmation in view
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("body.phone", state="attached")
    open_sheet(page)
    page.locator('[data-loss-unit="hq7"] [data-t="remove"]').click()
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    assert "loses the scenario for the US (V 18.2)" in page.text_content("#confirm-msg")
    shoot(page, "loss_dialog_warning")
    page.click("#confirm-no")
    assert len(page_match(page)["actions"]) == n


def test_end_card_names_the_condition_and_reveals_every_counter(page, base_url, tmp_path):
    """V 18.2: the NLF ends the Operations Phase on Starlite's only turn (it asks first, naming the
    outcome); the end card says the condition met, lists the VP line by line and each side's losses,
    and every VC counter is face up on the map and named on the card, in the US view too."""
    m = starlite()
    answer(m, t="us_op")
    answer(m, t="decline")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    btn = page.locator('[data-t="end"]').first
    btn.click()
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    assert "This is the last turn (1 of 1): the scenario ends now" in page.text_content("#confirm-msg")
    before = rev(page)
    page.click("#confirm-yes")
    wait_rev_after(page, before)
    page.wait_for_selector('body[data-over="1"]', state="attached")
    card = page.locator('[data-dialog="end"]')
    assert card.count() == 1
    st = page_match(page)["state"]
    e = R.end_record(st)  # the rules hook the page shows (match.view)
    assert card.locator('[data-end="verdict"]').text_content() == e["verdict"]
    assert card.locator('[data-end="condition"]').text_content() == \
        "The NLF wins: the VC regiment is still in the play area (V 18.2). The VP do not decide this " \
        f"scenario; for the record: NLF {e['vp']['NLF']:g} - US {e['vp']['US']:g} (V 18.1)"
    rows = card.locator('[data-end="vp"] tr[data-vp-side]').count()
    assert rows == len(e["vp_table"]) and rows >= 1
    assert card.locator('[data-end-losses="US"]').text_content().startswith("US losses: no unit removed")
    assert "VC 1st Regiment in 5219 (never seen by the US)" in card.locator('[data-end="revealed"]').text_content()
    # the map: no face-down counter left, in whichever side's view is shown
    assert page.locator("#map [data-unit] title", has_text="Face-down").count() == 0
    assert "1st VC" in page.text_content("#map")
    shoot(page, "end_card")
    phone_shot(page, "end_card")


def test_support_declaration_is_a_stepper_whose_button_is_the_engines_action(page, base_url, tmp_path):
    """Issue 45 item 7 (V 7.3): the Support Declaration's ten actions (0-4 Air Points, with or
    without the cruiser) are one stepper per amount and one button, not ten buttons. The button is
    always the engine's action for the amounts shown, its label and its warning; − and + stop at
    the ends; pressed, it declares exactly those amounts."""
    m = at_support_declaration(starlite(seed=3))
    acts = M.legal_actions(R, m, "US")
    want = {(a["ap"], a["ship"]): a for a in acts if a["t"] == "support"}
    assert len(want) == 10
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    st = page.locator("#actions .stepper")
    assert st.count() == 1 and st.locator("[data-action]").count() == 1
    assert page.locator('#actions [data-t="support"]').count() == 1  # one button, not ten
    btn = st.locator("[data-action]")
    ap, ship = st.locator('[data-amount="ap"]'), st.locator('[data-amount="ship"]')

    def shows(n, k):
        a = want[(n, k)]
        assert ap.locator("output").text_content() == str(n)
        assert ship.locator("output").text_content() == ("yes" if k else "no")
        assert btn.text_content() == a["label"] and int(btn.get_attribute("data-action")) == acts.index(a)
        assert ("warn" in btn.get_attribute("class")) == bool(a.get("warn"))
        if a.get("warn"):
            assert a["warn"] in btn.get_attribute("title")
    shows(0, 0)
    assert "Air Points" in ap.text_content() and "cruiser" in ship.text_content()
    ap.locator('[data-d="-1"]').click()
    shows(0, 0)  # (at the end: stays)
    for n in (1, 2):
        ap.locator('[data-d="1"]').click()
        shows(n, 0)
    ship.locator('[data-d="1"]').click()
    shows(2, 1)
    for _ in range(5):
        ap.locator('[data-d="1"]').click()
    shows(4, 1)
    ap.locator('[data-d="-1"]').click()
    ap.locator('[data-d="-1"]').click()
    shows(2, 1)
    before = rev(page)
    btn.click()
    page.wait_for_function("r => !document.querySelector('#confirm-dlg').hidden || +document.body.dataset.rev > r",
                           arg=int(before))
    if page.locator("#confirm-dlg:not([hidden])").count():  # a declaration that ties up Air Points asks once
        page.click("#confirm-yes")
    wait_rev_after(page, before)
    op = page_match(page)["state"]["op"]
    assert (op["ap"], op["ship"]) == (2, 1)


def test_a_click_on_a_hex_of_the_range_walks_the_unit_there_a_step_at_a_time(page, base_url, tmp_path):
    """Issue 45 item 4 (V 3): with 3/3 Marines moving from 5118, a click on 5020, three hexes away
    in its shaded range, takes the steps of its cheapest path one by one, each the engine's own
    step action (logged as a move); the walk ends there, or where the engine asks something else
    first (a reaction window, an incidental attack): the page's game equals CPython's following
    the same path under the same rule."""
    m = us_operation(starlite(seed=3), units=("m33",), target="5219")
    answer(m, t="pick", u="m33")
    path = M.view(R, m, "US")["moving"]["paths"]["5020"]
    assert len(path) == 3 and path[-1] == "5020"
    ref = json.loads(json.dumps(m))
    for h in path:  # CPython: each step while it is the US's step to the next hex of the path
        acts = M.legal_actions(R, ref, M.current_role(R, ref))
        step = [a for a in acts if a["t"] == "step" and a["to"] == h]
        if M.current_role(R, ref) != "US" or len(step) != 1:
            break
        M.apply(R, ref, step[0], role="US")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    # each lit next hex says what its step costs (the engine's note; issue 45 item 4)
    rings = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#map .vw-hl[data-t="step"]')]
        .map(e => [e.dataset.to, e.querySelector('.hl-note')?.textContent]))""")
    want = {a["to"]: a["note"] for a in M.legal_actions(R, m, "US") if a["t"] == "step"}
    assert rings == want and all(x.endswith(" MP") for x in want.values()), (rings, want)
    page.locator('#map [data-space="5020"]').click()
    want = len(ref["actions"])
    page.wait_for_function(f"() => JSON.parse(window.__vw_state()).actions.length >= {want}", timeout=10_000)
    page.wait_for_timeout(600)  # (no step after the last one)
    got = page_match(page)
    assert len(got["actions"]) == want and M.state_hash(got) == M.state_hash(ref)
    assert got["state"]["units"]["m33"]["hex"] == ref["state"]["units"]["m33"]["hex"]
    moves = [e["text"] for e in got["log"] if e.get("kind") == "move"]
    assert len(moves) == want - len(m["actions"]) and all("3/3 Marines" in t for t in moves)
