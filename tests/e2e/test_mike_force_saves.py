"""Autosave + continue after reload, named slots, export and import (bad files change nothing),
an autosave of the version before the procedures (game data mf-data-1)."""
import json
from pathlib import Path

from .conftest import wait_ready
from .mf_ui import click_and_wait, confirm_replace, continue_match, log_len, open_start, start_game, step

OLD_BATTLE = Path(__file__).parent.parent / "old_saves" / "mf-data-1-battle.json"


def test_reload_continue(page, base_url):
    start_game(page, base_url, scenario="offensive", seed=7)
    for _ in range(16):
        step(page)
    prompt, n = page.text_content("#prompt"), log_len(page)
    assert page.evaluate("localStorage.getItem('vw:autosave:mike-force') !== null")
    page.reload()
    wait_ready(page)
    page.click("#continue")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    assert page.text_content("#prompt") == prompt
    assert log_len(page) == n


def test_slot_export_import(page, base_url, tmp_path):
    start_game(page, base_url, scenario="early", seed=2)
    for _ in range(6):
        step(page)
    prompt, n = page.text_content("#prompt"), log_len(page)
    page.click("#saves-btn")
    page.fill("#slot-name", "before-move")
    page.click("#slot-save")
    page.wait_for_selector("#slot-list li")
    assert "before-move" in page.text_content("#slot-list")
    assert page.evaluate("localStorage.getItem('vw:slot:before-move') !== null")
    with page.expect_download() as dl:
        page.click("#export-btn")
    path = tmp_path / "export.json"
    dl.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["game"] == "mike-force" and saved["scenario"] == "early"
    page.click("#saves-dlg [data-cmd='close']")
    for _ in range(5):
        step(page)
    assert log_len(page) != n
    later_prompt, later_n = page.text_content("#prompt"), log_len(page)
    # a bad file: clear message, nothing changes
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "something-else"}')
    page.click("#saves-btn")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_function("document.querySelector('#saves-msg').textContent.includes('Cannot import')")
    junk = tmp_path / "junk.json"
    junk.write_text("not json at all {")
    page.set_input_files("#import-file", str(junk))
    page.wait_for_function("document.querySelector('#saves-msg').textContent.includes('not valid JSON')")
    page.click("#saves-dlg [data-cmd='close']")
    assert page.text_content("#prompt") == later_prompt and log_len(page) == later_n
    # the exported file brings back the earlier position
    page.click("#saves-btn")
    page.set_input_files("#import-file", str(path))
    confirm_replace(page)
    page.wait_for_selector("#saves-dlg", state="hidden")
    assert page.text_content("#prompt") == prompt
    assert log_len(page) == n
    # and the slot too, after moving on again
    step(page)
    page.click("#saves-btn")
    page.click("#slot-list [data-cmd='slot-load'][data-slot='before-move']")
    confirm_replace(page)
    assert page.text_content("#prompt") == prompt and log_len(page) == n


def test_continue_an_old_autosave_made_inside_a_battle(page, base_url):
    """An autosave made inside a battle by the version before the procedures (mf-data-1,
    tests/old_saves/) continues at its question, converted (game/rules/mike_force/old_saves.py),
    and plays on; one whose moves no longer reach its position is refused on Continue with the
    reason, the start screen kept (no page error either way)."""
    old = json.loads(OLD_BATTLE.read_text())
    continue_match(page, base_url, old)
    assert page.text_content("#prompt").startswith("Line up your units")
    assert "converted from game data mf-data-1" in page.text_content("#flash")
    click_and_wait(page, '#main-acts [data-t="done"], #actions [data-t="done"]')
    assert not page.text_content("#prompt").startswith("Line up your units")
    old["seed"] += 1
    open_start(page, base_url)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", ["vw:autosave:mike-force", json.dumps(old)])
    open_start(page, base_url)
    page.click('input[data-game="mike-force"]')
    page.click("#continue")
    page.wait_for_function("document.querySelector('#start-msg').textContent.includes('earlier version of Mike Force')")
    assert page.get_attribute("body", "data-screen") == "start"
