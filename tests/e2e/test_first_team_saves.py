"""First Team: Vietnam: the autosave remembers the game (reload and continue), slots, export/import."""
import json

from .conftest import wait_ready
from .ft_ui import start_ft
from .mf_ui import click_and_wait, confirm_replace, log_len, start_game, step


def test_reload_continue(page, base_url):
    start_ft(page, base_url, seed=4)
    for _ in range(20):
        step(page)
    prompt, n = page.text_content("#prompt"), log_len(page)
    h = page.evaluate("JSON.parse(window.__vw_state()).hash")
    assert json.loads(page.evaluate("localStorage.getItem('vw:autosave:first-team')"))["game"] == "first-team"
    page.reload()
    wait_ready(page)
    page.click("#continue")
    page.wait_for_selector('body[data-screen="game"][data-game="first-team"]', state="attached")
    assert page.text_content("#topbar h1") == "First Team: Vietnam"
    assert page.locator("#map svg#ft-map").count() == 1
    assert page.text_content("#prompt") == prompt
    assert log_len(page) == n
    assert page.evaluate("JSON.parse(window.__vw_state()).hash") == h
    step(page)  # and play on
    assert log_len(page) >= n


def test_slots_across_games_and_export_import(page, base_url, tmp_path):
    start_ft(page, base_url, seed=6)
    for _ in range(8):
        step(page)
    prompt = page.text_content("#prompt")
    page.click("#saves-btn")
    page.fill("#slot-name", "ft")
    page.click("#slot-save")
    page.wait_for_selector("#slot-list li")
    with page.expect_download() as dl:
        page.click("#export-btn")
    path = tmp_path / "ft.json"
    dl.value.save_as(path)
    assert json.loads(path.read_text())["game"] == "first-team"
    assert dl.value.suggested_filename.startswith("first-team-")
    page.click("#saves-dlg [data-cmd='close']")
    # a Mike Force game, then back to the First Team slot: the map and the panels follow
    page.click("#new-btn")
    page.click('input[data-game="mike-force"]')
    page.wait_for_selector('input[data-scenario="early"]')
    start_game(page, scenario="early", seed=1)
    assert page.get_attribute("body", "data-game") == "mike-force"
    assert page.locator("#map svg#ft-map").count() == 0
    page.click("#saves-btn")
    click_and_wait(page, '#slot-list [data-cmd="slot-load"][data-slot="ft"]')
    assert page.get_attribute("body", "data-game") == "first-team"
    assert page.text_content("#prompt") == prompt
    # import the exported file while playing First Team
    step(page)
    page.click("#saves-btn")
    page.set_input_files("#import-file", str(path))
    confirm_replace(page)
    page.wait_for_function("document.querySelector('#flash') && !document.querySelector('#flash').hidden")
    assert "Imported" in page.text_content("#flash")
    assert page.text_content("#prompt") == prompt
