"""Saves that never lose a game (issue 9 item 8): one autosave per game, the game in progress first
on the start screen, an in-page question before anything replaces a game in progress, the old
single autosave migrated."""
import json

from .conftest import wait_ready
from .mf_ui import rev, start_game, step, wait_rev_after


def state(page):
    return json.loads(page.evaluate("window.__vw_state()"))


def test_each_game_keeps_its_own_autosave_and_continue_comes_first(page, base_url):
    start_game(page, base_url, scenario="early", seed=5)
    for _ in range(4):
        step(page)
    mf = state(page)["hash"]
    # a First Team game does not touch the Mike Force game in progress
    page.click("#new-btn")
    page.click('input[data-game="first-team"]')
    page.wait_for_selector('input[data-scenario="campaign"]')
    start_game(page, scenario="campaign", seed=2)
    assert page.get_attribute("body", "data-game") == "first-team"
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('vw:autosave')).sort()")
    assert keys == ["vw:autosave:first-team", "vw:autosave:mike-force"]
    # reload: the start screen opens on the game played last, its Continue is the main button
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")
    cont = page.locator("#continue")
    assert "primary" in cont.get_attribute("class") and "First Team" in cont.text_content()
    assert "turn 1" in cont.text_content()
    page.screenshot(path="/tmp/vw_start_continue_1440.png")
    # the Mike Force game is still there
    page.click('input[data-game="mike-force"]')
    page.wait_for_selector("#continue")
    assert "Mike Force" in page.text_content("#continue")
    before = rev(page)
    page.click("#continue")
    wait_rev_after(page, before)
    assert page.get_attribute("body", "data-game") == "mike-force" and state(page)["hash"] == mf
    assert "turn" in page.text_content("#scn-name")  # the top bar says scenario, turn and phase


def test_starting_over_a_game_in_progress_asks_first(page, base_url):
    start_game(page, base_url, scenario="early", seed=6)
    step(page)
    h = state(page)["hash"]
    page.click("#new-btn")
    page.click("#start-game")
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    assert "replaces your Mike Force" in page.text_content("#confirm-msg")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/vw_confirm_390.png")
    page.set_viewport_size({"width": 1440, "height": 900})
    page.click("#confirm-no")
    assert page.locator("#confirm-dlg").is_hidden() and state(page)["hash"] == h
    before = rev(page)
    page.click("#start-game")
    page.click("#confirm-yes")
    wait_rev_after(page, before)
    assert state(page)["actions"] == [] and state(page)["hash"] != h


def test_the_old_single_autosave_is_migrated(page, base_url):
    start_game(page, base_url, scenario="early", seed=8)
    step(page)
    h = state(page)["hash"]
    page.evaluate("""() => { const t = localStorage.getItem('vw:autosave:mike-force');
        localStorage.clear(); localStorage.setItem('vw:autosave', t); }""")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#continue")
    assert page.evaluate("localStorage.getItem('vw:autosave')") is None
    assert page.evaluate("localStorage.getItem('vw:autosave:mike-force') !== null")
    before = rev(page)
    page.click("#continue")
    wait_rev_after(page, before)
    assert state(page)["hash"] == h


def test_a_greyed_undo_says_why(page, base_url):
    """Issue 9 item 5: the Undo button's tooltip gives the engine's reason when it is greyed."""
    start_game(page, base_url, scenario="early", seed=9)
    assert page.is_disabled("#undo-btn")
    assert "nothing done yet" in page.get_attribute("#undo-btn", "title")
