"""Autosave + continue after reload, named slots, export and import (bad files change nothing)."""
import json

from .conftest import wait_ready
from .mf_ui import click_and_wait, confirm_replace, log_len, start_game, step


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
