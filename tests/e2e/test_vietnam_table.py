"""Vietnam 1965-1975 at the table (issue 11 section 4): the operation panel (segments A-H, V 2.1),
the support range overlay (V 7.1-7.4), the loss-allocation dialog (V 5.5), play settings that answer
reaction windows (V 5.3), the keyboard and manual dice (V 5.4). Positions are built in CPython
through the engine's legal actions and opened in the page as an imported save; every check reads
what the page shows against the engine."""
import json

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M

from .conftest import wait_ready
from .mf_ui import open_sheet, rev, wait_rev_after
from .v65_ui import answer, click, on_hold, open_match, page_match, starlite, take_over, us_operation

SHOTS = "/tmp/v-table"


def shoot(page, name):
    page.screenshot(path=f"{SHOTS}/{name}_{page.viewport_size['width']}.png")


def both_sizes(page, name):
    """Screenshots at 1440x900 and 390x844; the phone one from a reload (the page picks its phone
    map frame at load) continuing the autosave of the same position."""
    shoot(page, name)
    size = page.viewport_size
    phone_reload(page)
    shoot(page, name)
    page.set_viewport_size(size)


def phone_reload(page):
    page.set_viewport_size({"width": 390, "height": 844})
    h = json.loads(page.evaluate("window.__vw_state()"))["hash"]
    handover = page.get_attribute("body", "data-screen") == "handover"
    page.reload()
    wait_ready(page)
    page.click('[data-cmd="continue"]')
    page.wait_for_selector('body[data-screen="handover"]', state="attached")
    assert json.loads(page.evaluate("window.__vw_state()"))["hash"] == h
    if not handover:
        take_over(page)


def engine_view(page):
    m = page_match(page)
    return m, M.view(R, m, page.get_attribute("body", "data-viewer"))


def test_operation_panel_names_the_current_segment(page, base_url, tmp_path):
    """V 2.1 A-H: in the Movement segment the panel shows C as now, A and B done, D next; after
    the move it shows D (Alert, the US interdiction); the segment strip is the engine's. V 3: the
    movement range of the unit selected is the engine's."""
    m = us_operation(starlite(seed=3))
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    assert page.get_attribute("[data-op-panel]", "data-op-panel") == "C"
    states = page.evaluate("() => [...document.querySelectorAll('.op-segs .seg')].map(e => [e.textContent, e.dataset.state])")
    assert states == [["A", "done"], ["B", "done"], ["C", "now"], ["D", "next"], ["E", "next"], ["F", "next"],
                      ["G", "next"], ["H", "next"]]
    assert "Now: C Movement" in page.text_content(".op-now") and "V 2.1 C" in page.text_content(".op-now")
    assert "Next: D Alert" in page.text_content(".op-next")
    assert "US Search and Destroy (V 5) · round 1 of 3" in page.text_content(".op-h")
    _, v = engine_view(page)
    assert [s["state"] for s in v["op_panel"]["segments"]] == [s for _, s in states]
    both_sizes(page, "operation_panel")
    # V 3: selecting 3/7 (to move it) shades the hexes it could end its move in, the engine's list
    assert page.locator("#vw-reach [data-reach]").count() == 0
    page.locator('#map [data-stack="5220"] [data-unit]').first.dispatch_event("click")  # under a lit place (select)
    page.wait_for_timeout(300)
    click(page, '#map [data-unit="m37"]')
    reach = page.evaluate("() => [...document.querySelectorAll('#vw-reach [data-reach]')].map(e => e.dataset.reach)")
    assert sorted(reach) == v["moving"]["reach"]["m37"] and len(reach) > 10
    shoot(page, "movement_range")
    click(page, '#main-acts [data-t="done"]')  # finish moving: the US interdiction of segment D
    assert page.get_attribute("[data-op-panel]", "data-op-panel") == "D"
    assert "Now: D Alert — interdiction" in page.text_content(".op-now")


def test_selecting_artillery_shades_exactly_the_engines_range(page, base_url, tmp_path):
    """V 7.1: selecting the 155mm battalion 2/12 (range 3) in the designation shades the hexes the
    engine lists for it; Esc clears the selection and the shading. V 7.4: at the Support
    Declaration the cruiser's reach is shaded; in a support window the sources' ranges."""
    m = starlite(seed=3)
    answer(m, t="us_op")
    answer(m, t="operate", op="sd")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    assert page.locator("#vw-range [data-range]").count() == 0
    page.locator('#map [data-stack="5118"] [data-unit]').first.dispatch_event("click")  # under a lit place (select)
    page.wait_for_timeout(300)  # spread the stack
    click(page, '#map [data-unit="a212"]')
    _, v = engine_view(page)
    shaded = page.evaluate("() => [...document.querySelectorAll('#vw-range [data-range]')].map(e => e.dataset.range)")
    assert sorted(shaded) == v["ranges"]["a212"]["hexes"] and len(shaded) > 5
    assert page.get_attribute("#vw-range", "data-src") == "a212"
    assert "2/12" in page.text_content("#vw-range title")
    shoot(page, "artillery_range")
    before = rev(page)
    page.keyboard.press("Escape")  # keyboard: Esc closes the inspector (select), then clears the selection
    wait_rev_after(page, before)
    if page.locator("#vw-range [data-range]").count():
        before = rev(page)
        page.keyboard.press("Escape")
        wait_rev_after(page, before)
    assert page.locator("#vw-range [data-range]").count() == 0
    phone_reload(page)  # the same on a phone
    page.locator('#map [data-stack="5118"] [data-unit]').first.dispatch_event("click")  # under a lit place (select)
    page.wait_for_timeout(300)
    click(page, '#map [data-unit="a212"]')
    shaded = page.evaluate("() => [...document.querySelectorAll('#vw-range [data-range]')].map(e => e.dataset.range)")
    assert sorted(shaded) == v["ranges"]["a212"]["hexes"]
    shoot(page, "artillery_range")
    page.set_viewport_size({"width": 1440, "height": 900})
    # the designation goes on: 3/7, the HQ and 2/12 operate against 5219; Support Declaration
    m = page_match(page)
    for u in ("m37", "hq7", "a212"):
        answer(m, t="unit", u=u)
    answer(m, t="target", hex="5219")
    answer(m, t="go")
    open_match(page, base_url, m, tmp_path, "support.json")
    take_over(page)
    _, v = engine_view(page)
    shaded = page.evaluate("() => [...document.querySelectorAll('#vw-range [data-range]')].map(e => e.dataset.range)")
    assert v["allocating"]["sources"] == ["ship"] and sorted(shaded) == v["ranges"]["ship"]["hexes"]
    shoot(page, "cruiser_range")


def to_losses(seed=3, dice="auto"):
    """A US attack on the VC regiment in 5219 up to the NLF's loss allocation (seed 3: 1 loss)."""
    m = us_operation(starlite(seed=seed, dice=dice))
    answer(m, t="done")          # movement (3/7 is already adjacent)
    answer(m, t="done")          # no interdiction
    answer(m, t="alert")         # the NLF rolls for the alert (V 5.2)
    answer(m, t="done")          # and stays
    answer(m, t="done")          # no interdiction in the combat segment
    answer(m, t="attack", hex="5219")
    return m


def test_loss_dialog_lists_the_units_and_a_click_allocates(page, base_url, tmp_path):
    """V 5.5: the NLF's dialog lists the VC regiment with its values and what each choice costs
    (1 RP, elimination with its VP, the break-down of V 9.2); a click on '1 RP' takes the loss."""
    m = to_losses()
    answer(m, t="fire", **{"with": ["a212", "hq7"]})
    assert m["state"]["stack"][-1]["s"] == "losses"
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    dlg = page.locator('[data-dialog="losses"]')
    assert dlg.count() == 1
    text = dlg.text_content()
    assert "NLF: 1 loss to allocate (V 5.5)" in text and "VC RP pool: 4" in text
    assert "VC 1st Regiment: ground 6, artillery 2; RP charged 0 of at most 5" in text
    row = page.locator('[data-loss-unit="vc1"]')
    labels = row.locator("[data-action]").all_text_contents()
    assert labels == ["Absorb 1 with 1 RP (VC RP 4 → 3)", "Eliminate (covers 1 of 1, VC RP +5; US +3 VP)",
                      "Break down into 3 random battalions (one removed at once)"], labels
    both_sizes(page, "loss_dialog")
    click(page, '[data-loss-unit="vc1"] [data-t="rp"]')
    m2 = page_match(page)
    assert m2["state"]["units"]["vc1"]["rp_spent"] == 1 and m2["state"]["units"]["vc1"]["hex"] == "5219"
    assert any("1 RP absorbs a loss on VC 1st Regiment" in e["text"] for e in m2["log"])
    # then the attacker's loss (V 5.5: the defender allocates first): the US dialog, no hand-over
    # (nothing hidden differs once every VC unit is face up)
    text = page.text_content('[data-dialog="losses"]')
    assert "US: 1 loss to allocate (V 5.5)" in text and "US RP pool: 4" in text
    assert page.locator('[data-loss-unit]').evaluate_all("ns => ns.map(n => n.dataset.lossUnit)") == ["m37", "hq7"]
    assert "Absorb 1 with 1 RP (US RP 4 → 3, NLF +1 VP)" in page.locator('[data-loss-unit="m37"]').text_content()
    assert "NLF +10 VP" in page.locator('[data-loss-unit="hq7"]').text_content()
    both_sizes(page, "loss_dialog_us")


def test_a_play_setting_skips_the_next_reaction_window(page, base_url, tmp_path):
    """V 5.3: the NLF answers a reaction window with 'Never react from now on' (an action in the
    match); the US's next move ending next to the VC opens no window - the engine passes for the
    NLF and says so in the log; the page's match replays to the same state hash."""
    m = starlite(seed=1, ps_hex="5219")
    answer(m, t="us_op")
    answer(m, t="operate", op="sd")
    answer(m, t="unit", u="m33")
    answer(m, t="unit", u="m24")
    answer(m, t="go")
    answer(m, t="support", ap=0, ship=0)
    answer(m, t="pick", u="m33")
    answer(m, t="step", to="5119")
    answer(m, t="halt")
    assert M.current_role(R, m) == "NLF"
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    dlg = page.locator('[data-dialog="react"]')
    assert "Reaction window (V 5.3) — 5119" in dlg.text_content()
    assert dlg.locator('[data-t="pass"]').count() == 1
    shoot(page, "reaction_window")
    click(page, '[data-dialog="react"] [data-t="pref"]:has-text("Never react")')
    assert page.get_attribute("body", "data-screen") == "handover"  # back to the US
    take_over(page)
    assert "play setting" in page.text_content("#log").lower()
    # the US moves 2/4 next to the VC too: no window this time
    m = page_match(page)
    acts = M.legal_actions(R, m, "US")
    i = next(k for k, a in enumerate(acts) if a["t"] == "pick" and a["u"] == "m24")
    click(page, f'#actions [data-action="{i}"]')
    acts = M.legal_actions(R, page_match(page), "US")
    i = next(k for k, a in enumerate(acts) if a["t"] == "step" and a["to"] == "5119")
    click(page, f'#actions [data-action="{i}"]')
    acts = M.legal_actions(R, page_match(page), "US")
    i = next(k for k, a in enumerate(acts) if a["t"] == "halt")
    click(page, f'#actions [data-action="{i}"]')
    m = page_match(page)  # asserts the CPython replay's hash equals the page's
    assert m["state"]["prefs"] == {"NLF": {"react": "never"}}
    skipped = [e["text"] for e in m["log"] if "does not react" in e["text"]]
    assert skipped == ["NLF does not react (play setting)",
                       "NLF does not react to the move ending in 5119 (play setting)"], skipped
    # no window: the operation ran on to its end (no target, V 5.2) and the NLF chooses the next
    # operation, its setting shown with the action that withdraws it
    assert page.locator('[data-dialog="react"]').count() == 0 and m["state"]["stack"][-1]["s"] == "ops"
    # the VC counters stayed face down (no target: no alert, no combat, V 5.2 / 5.4; issue 44 item 13),
    # so the screen is handed over to the NLF first
    assert page.get_attribute("body", "data-screen") == "handover"
    take_over(page)
    assert page.get_attribute("body", "data-viewer") == "NLF"
    assert "never react (pass every reaction window) (V 5.3)" in page.text_content("[data-prefs]")
    assert "ask again" in page.text_content('#actions [data-t="pref"]')


def test_keyboard_enter_undo_escape(page, base_url, tmp_path):
    """The keys of the other games: Enter continues at the hand-over and presses the one main
    button (here 'Finish moving'), u undoes it, Esc clears a selection (checked with the range)."""
    m = us_operation(starlite(seed=3))
    open_match(page, base_url, m, tmp_path)
    before = rev(page)
    page.keyboard.press("Enter")
    wait_rev_after(page, before)
    assert page.get_attribute("body", "data-screen") == "game"
    n = len(page_match(page)["actions"])
    before = rev(page)
    page.keyboard.press("Enter")  # the main button: Finish moving
    wait_rev_after(page, before)
    assert len(page_match(page)["actions"]) == n + 1
    assert page.get_attribute("[data-op-panel]", "data-op-panel") == "D"
    before = rev(page)
    page.keyboard.press("u")
    wait_rev_after(page, before)
    assert len(page_match(page)["actions"]) == n
    assert page.get_attribute("[data-op-panel]", "data-op-panel") == "C"


def test_manual_dice_combat_asks_for_the_die_and_applies_it(page, base_url, tmp_path):
    """dice_mode manual: the combat (V 5.4) asks for one die; the typed 4 (the key '4') is the roll
    logged and the row applied, the same as the engine gives for a 4."""
    m = us_operation(starlite(seed=3, dice="manual"))
    answer(m, t="done")
    answer(m, t="done")
    answer(m, t="alert")
    answer(m, t="roll", value=3)  # the alert die, typed
    answer(m, t="done")
    answer(m, t="done")
    answer(m, t="attack", hex="5219")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    assert page.locator('[data-dialog="support_pick"]').count() == 1
    click(page, '[data-dialog="support_pick"] .dlg-main [data-t="fire"]')
    assert page.get_attribute("body", "data-roll") == "1"
    assert "Roll one die and enter it: Combat in 5219" in page.text_content("#prompt")
    shoot(page, "manual_die")
    before = rev(page)
    page.keyboard.press("4")
    wait_rev_after(page, before)
    got = page_match(page)
    rolls = [e for e in got["log"] if e.get("kind") == "roll" and "Combat in 5219" in e["text"]]
    assert [e["dice"] for e in rolls] == [[4]]
    want = json.loads(json.dumps(m))
    answer(want, t="fire", **{"with": ["a212", "hq7"]})
    answer(want, t="roll", value=4)
    result = [e["text"] for e in want["log"] if e["text"].startswith("Modified roll")]
    assert result and result == [e["text"] for e in got["log"] if e["text"].startswith("Modified roll")]
    assert result[0] in page.text_content("#log")


def test_support_window_shades_the_sources_range(page, base_url, tmp_path):
    """V 7.2: while the attacker allocates its support the range of every source it may fire is
    shaded (the engine's hexes) and the hex fired into is outlined."""
    m = to_losses()
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    assert page.locator('[data-dialog="support_pick"]').count() == 1
    _, v = engine_view(page)
    want = sorted({h for k in ("a212", "hq7") for h in v["ranges"][k]["hexes"]})
    shaded = page.evaluate("() => [...document.querySelectorAll('#vw-range [data-range]')].map(e => e.dataset.range)")
    assert sorted(shaded) == want and page.get_attribute("#vw-range [data-fire]", "data-fire") == "5219"
    both_sizes(page, "support_window")


def test_handover_blanks_the_table_and_layers(page, base_url, tmp_path):
    """The US ends its interdiction; the NLF's alert follows (V 5.2): hand-over, the table blank
    (counters, ZOC and range layers); then the NLF's alert window with its play setting."""
    m = us_operation(starlite(seed=3))
    answer(m, t="done")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    both_sizes(page, "map")
    click(page, '#main-acts [data-t="done"]')
    assert page.get_attribute("body", "data-screen") == "handover"
    assert page.locator("#vw-range [data-range], #vw-zoc [data-zoc], #map [data-unit]").count() == 0
    both_sizes(page, "handover")
    take_over(page)
    dlg = page.locator('[data-dialog="alert"]')
    assert "Alert (V 5.2) — 5219" in dlg.text_content()
    assert dlg.locator('.dlg-main [data-t="alert"]').count() == 1
    assert "Never disperse at an alert" in dlg.locator('[data-t="pref"]').text_content()
    shoot(page, "alert_window")


def test_phone_counters_readable_and_preview_folded(page, base_url, tmp_path):
    """At 390x844 the counter names are short and at least 8 px high on the screen; the prompt and
    the actions come right under the map, and the odds preview starts folded to one line (a tap
    unfolds it)."""
    page.set_viewport_size({"width": 390, "height": 844})
    m = us_operation(starlite(seed=3))
    for a in (dict(t="done"), dict(t="done"), dict(t="alert"), dict(t="done"), dict(t="done")):
        answer(m, **a)
    assert m["state"]["stack"][-1]["s"] == "attack_pick"
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    names = page.evaluate("""() => [...document.querySelectorAll('#map [data-unit] text.ctr-name')].map(
        t => [t.textContent, t.getBoundingClientRect().height])""")
    assert names and all(len(n) <= 6 and h >= 8 for n, h in names), names
    pv = page.locator("#tracks details.odds")
    assert pv.count() == 1 and not pv.evaluate("d => d.open")
    assert "Attack on 5219" in pv.locator("summary").text_content()
    # on a phone the prompt is in the bottom sheet under the map; opened, the sheet shows the actions
    # right under the prompt, the records and preview after
    open_sheet(page)
    top = page.evaluate("() => document.querySelector('#prompt').getBoundingClientRect().bottom")
    assert top < 844 and page.locator('#actions [data-t="attack"]').first.is_visible()
    assert top < pv.evaluate("d => d.getBoundingClientRect().top")
    page.screenshot(path=f"{SHOTS}/phone_preview_folded_390.png")
    pv.locator("summary").click()
    assert pv.evaluate("d => d.open")
    pv.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/phone_preview_open_390.png")


def test_a_hold_marker_shows_on_the_face_down_counter(page, base_url, tmp_path):
    """V 6.2 (L384): the NLF put the regiment on Hold; the US player sees an "H" marker on the
    face-down counter in 5219 and "on Hold" in its name, and none on the one in 5320: the marker
    is public, which counter is the regiment is not (V 10)."""
    m = on_hold()
    answer(m, t="done")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    assert page.get_attribute("body", "data-viewer") == "US"
    seen = page.evaluate("""() => [...document.querySelectorAll('#vw-pieces [data-unit]')]
        .filter(c => c.getAttribute('data-unit').startsWith('?'))
        .map(c => [c.closest('[data-stack]') ? c.closest('[data-stack]').getAttribute('data-stack') : '',
                   (c.querySelector('.mission-t') || {}).textContent || '',
                   (c.querySelector('title') || {}).textContent || ''])""")
    marks = {h: (t, title) for h, t, title in seen}
    assert marks["5219"][0] == "H" and "on Hold (V 6.2)" in marks["5219"][1]
    assert marks["5320"][0] == "" and "Hold" not in marks["5320"][1]
    assert "VC 1st Regiment" not in json.dumps(seen)
    both_sizes(page, "hold-marker")


def test_an_interdiction_marker_is_drawn_with_its_cost(page, base_url, tmp_path):
    """V 7.5 (T-SUP-2; issue 45 item 4): the operating 155mm interdicts 5219 in the Alert segment,
    3.5 effective points: the map shows the marker on 5219 with the MP it adds to leaving the hex,
    from the engine's figures, on either side's screen."""
    from ..test_v_rules import start
    m = start(vc_hex="5219")
    for t, kw in (("us_op", {}), ("operate", {}), ("unit", {"u": "m37"}), ("unit", {"u": "a212"}),
                  ("target", {"hex": "5219"}), ("go", {}), ("support", {"ap": 0, "ship": 0}), ("done", {}),
                  ("interdict", {"src": "a212", "hex": "5219"})):
        answer(m, t=t, **kw)
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    marks = page.locator("#vw-interdict [data-interdict]")
    assert marks.count() == 1
    assert marks.get_attribute("data-interdict") == "5219" and marks.locator("text").text_content() == "+1 MP"
    assert "3.5 effective points, +1 MP to leave it (V 7.5)" in page.text_content("#vw-interdict title")
    shoot(page, "interdiction_marker")


def test_halt_is_a_click_on_the_movers_own_hex(page, base_url, tmp_path):
    """V 3 (issue 45 item 4: Halt was in the panel only): 3/3 Marines, picked to move and stepped
    to 5119, can halt there: its own hex is lit for the Halt, and a mouse click on it ends the move
    (the NLF's reaction window to the move ending in 5119 comes next)."""
    m = starlite(seed=1, ps_hex="5219")
    for t, kw in (("us_op", {}), ("operate", {"op": "sd"}), ("unit", {"u": "m33"}), ("unit", {"u": "m24"}),
                  ("go", {}), ("support", {"ap": 0, "ship": 0}), ("pick", {"u": "m33"}), ("step", {"to": "5119"})):
        answer(m, t=t, **kw)
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    i = next(k for k, a in enumerate(M.legal_actions(R, m, "US")) if a["t"] == "halt")
    lit = page.locator(f'#map .vw-hl[data-action="{i}"]')
    assert lit.count() == 1 and lit.get_attribute("data-to") == "5119" and lit.get_attribute("data-t") == "halt"
    box = lit.bounding_box()
    before = rev(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.85)  # the hex, below its counters
    wait_rev_after(page, before)
    m = page_match(page)
    assert m["actions"][-1] == {"t": "halt"}
    assert page.get_attribute("body", "data-screen") == "handover"  # the NLF's reaction window


def test_the_set_up_hexes_are_lit_and_a_click_on_one_places_the_unit(page, base_url, tmp_path):
    """V 18.2 (issue 45 item 4: the review's NLF set-up listed "to 5219 / to 5320" with nothing lit,
    while the guided turn spoke of "the lit hexes"): at Starlite's set-up the NLF's two hexes are
    lit on the map, exactly the engine's, and a click on one places the VC regiment there."""
    m = M.new_match(R, "starlite", 1)
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    acts = M.legal_actions(R, m, "NLF")
    assert {a["t"] for a in acts} == {"place"}
    lit = page.evaluate("() => [...document.querySelectorAll('#map .vw-hl')].map(e => [e.dataset.to, e.dataset.t])")
    assert sorted(lit) == sorted([a["hex"], "place"] for a in acts) == [["5219", "place"], ["5320", "place"]]
    shoot(page, "setup_lit")
    box = page.locator('#map .vw-hl[data-to="5320"]').bounding_box()
    before = rev(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_rev_after(page, before)
    got = page_match(page)
    assert got["actions"] == [{"t": "place", "u": acts[0]["u"], "hex": "5320"}]
    assert got["state"]["units"][acts[0]["u"]]["hex"] == "5320"
