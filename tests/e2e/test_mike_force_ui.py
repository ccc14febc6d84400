"""Mike Force browser UI: start, set-up, move, airlift, recon, recruit, combat, undo, dice pad, phone."""
import pytest

from .mf_ui import (advance_until, click_action, click_and_wait, click_highlight, click_type, log_len, panel_actions, rev,
                    start_game, step, wait_rev_after)

SCENARIOS = ["early", "offensive", "tet", "phoenix"]


def test_start_each_scenario(page, base_url):
    for n, sc in enumerate(SCENARIOS):
        if n == 0:
            start_game(page, base_url, scenario=sc, seed=11 + n)
        else:
            page.click("#new-btn")
            page.wait_for_selector("#start-screen:not([hidden])")
            start_game(page, scenario=sc, seed=11 + n)
        assert page.locator("#map [data-space]").count() > 30
        assert page.locator("#map [data-unit]").count() > 3
        assert len(panel_actions(page)) > 0
        assert page.text_content("#prompt").strip()
        assert page.locator("#log li").count() > 0
        assert page.get_attribute("#scn-name", "data-scenario") == sc and "turn 1" in page.text_content("#scn-name")
        turn = page.text_content('[data-track="turn"]')
        assert turn.startswith("1 /")


def test_setup_move_airlift_recon_recruit_combat(page, base_url):
    start_game(page, base_url, scenario="early", seed=1)
    # set-up placement by clicking a highlighted map space
    assert "Set-up" in page.text_content("#prompt")
    n = log_len(page)
    # nothing is lit before what is placed is chosen (issue 9 item 4): choose it in the panel's list
    assert page.locator("#map .vw-hl").count() == 0
    click_and_wait(page, "#actions .entry[data-cmd='pick']")
    click_and_wait(page, "#map .vw-hl[data-action]")
    assert log_len(page) > n
    # undo with the keyboard, then redo the placement from the panel
    before = rev(page)
    page.keyboard.press("u")
    wait_rev_after(page, before)
    assert log_len(page) == n
    advance_until(page, "recruit")
    # recruit: select a pool entry, then click a highlighted space
    kind = page.locator("#boxes button.pool-item.act").first
    kind_name = kind.get_attribute("data-kind")
    click_and_wait(page, kind)
    assert page.locator("#actions .selinfo").count() == 1
    n = log_len(page)
    if not click_highlight(page, "recruit"):  # recruits that go to a box are buttons only
        click_type(page, "recruit")
    assert log_len(page) > n
    assert kind_name
    advance_until(page, "move")
    # move: select a unit that can move on the map, then click one of its highlighted spaces
    movers = {a[2] for a in panel_actions(page) if a[1] == "move"}
    moved = False
    for uid in movers:
        c = page.locator(f'#map [data-unit="{uid}"]')
        if c.count() == 0:
            continue
        click_and_wait(page, c)
        # a click on a stack never acts: it spreads (a big one only opens in the inspector); then
        # the unit itself, on the map or in the inspector, is selected
        if page.locator(f'#map .ctr.sel[data-unit="{uid}"]').count() == 0:
            assert page.locator("#inspector:not([hidden])").count() == 1
            spread = page.locator(f'#map [data-stack].open [data-unit="{uid}"]')
            click_and_wait(page, spread if spread.count() else page.locator(f'#inspector [data-unit="{uid}"]'))
            assert page.locator(f'#map .ctr.sel[data-unit="{uid}"]').count() == 1
        n = log_len(page)
        if click_highlight(page, "move"):
            assert log_len(page) > n
            moved = True
            break
    assert moved, "no unit could be moved by clicking the map"
    page.keyboard.press("Escape")
    # airlift: board then fly
    advance_until(page, "board")
    n = log_len(page)
    click_type(page, "board")
    advance_until(page, "fly")
    click_type(page, "fly")
    assert log_len(page) > n
    # recon, then combat
    advance_until(page, "recon")
    n = log_len(page)
    click_type(page, "recon")
    assert log_len(page) > n
    advance_until(page, "target")
    click_type(page, "target")
    text = page.text_content("#log")
    assert "fires" in text or "hit" in text.lower()
    assert page.locator("#log .log-rule").count() > 10


def test_manual_dice_pad(page, base_url):
    start_game(page, base_url, scenario="tet", seed=5, dice="manual")
    for _ in range(60):
        if page.locator("#actions .dice-pad [data-t='roll']").count():
            break
        step(page)
    pad = page.locator("#actions .dice-pad [data-t='roll']")
    assert pad.count() == 6
    n = log_len(page)
    # number keys enter the die; the engine logs a multi-roll step only once it completes
    for _ in range(10):
        before = rev(page)
        page.keyboard.press("4")
        wait_rev_after(page, before)
        if log_len(page) > n or not page.locator("#actions .dice-pad").count():
            break
    assert log_len(page) > n
    assert "rolled 4" in page.text_content("#log")


def test_phone_viewport(browser, base_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    errors = []
    try:
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        start_game(pg, base_url, scenario="offensive", seed=3)
        box = pg.locator("#map").bounding_box()
        assert box and box["width"] >= 380 and box["height"] >= 300
        assert pg.locator("#map [data-space]").first.is_visible()
        n = log_len(pg)
        click_and_wait(pg, "#actions .entry[data-cmd='pick']")
        click_and_wait(pg, "#map .vw-hl[data-action]")
        assert log_len(pg) > n
        click_action(pg, panel_actions(pg)[0][0])  # from the panel (opening its group if closed)
        pg.screenshot(path="/tmp/vw_phone_390.png", full_page=False)
    finally:
        ctx.close()
    assert errors == []
