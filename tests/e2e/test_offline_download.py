"""Issue 13 item 7, keep a copy: Saves > "Download for offline play" hands the player the
single-file build (dist/vietnam-wargames.html, served beside the site); the downloaded file opens
over file:// with every request outside it refused, plays, and a game saved in it is found again
when the file is reopened.
"""
import subprocess
import sys

import pytest

from .conftest import REPO, WHEEL, wait_ready
from .mf_ui import start_game, step
from .test_single_file import CSP_WATCH


@pytest.fixture
def page(fresh_page):
    """A first visit (conftest): what these tests look at starts with nothing cached."""
    return fresh_page


SINGLE = REPO / "dist" / "vietnam-wargames.html"
SHOTS = "/tmp/learn"


@pytest.fixture(scope="module")
def fresh_single_file():
    """The single file of this build (scripts/test.sh and scripts/serve.sh build it; built here
    when missing or older than the wheel, so it holds the code under test)."""
    if not SINGLE.exists() or SINGLE.stat().st_mtime < WHEEL.stat().st_mtime:
        subprocess.run([sys.executable, str(REPO / "scripts/build_single.py")], check=True)
    return SINGLE


def test_download_for_offline_play_then_play_and_reopen(browser, page, base_url, fresh_single_file, tmp_path):
    start_game(page, base_url, scenario="early", seed=5)
    page.click("#saves-btn")
    link = page.locator("#offline-dl")
    assert link.is_visible() and link.text_content() == "Download for offline play"
    page.wait_for_function("document.querySelector('#offline-size').textContent.includes('MB')")
    page.screenshot(path=f"{SHOTS}/saves_download_1440.png")
    with page.expect_download() as info:
        link.click()
    dl = info.value
    assert dl.suggested_filename == "vietnam-wargames.html"
    copy = tmp_path / "vietnam-wargames.html"
    dl.save_as(copy)
    assert copy.read_bytes() == fresh_single_file.read_bytes()

    # the copy, opened from the disk with the network off
    url = copy.as_uri()
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    outside, errors = [], []

    def guard(route):
        u = route.request.url
        if u == url or u.startswith(("blob:", "data:")):
            route.continue_()
        else:
            outside.append(u)
            route.abort()
    ctx.route("**/*", guard)
    ctx.add_init_script(CSP_WATCH)
    try:
        p1 = ctx.new_page()
        p1.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        p1.on("console", lambda m: errors.append(f"console.error: {m.text}") if m.type == "error" else None)
        p1.goto(url)
        wait_ready(p1)
        p1.wait_for_selector("#start-screen:not([hidden])")
        start_game(p1, scenario="early", seed=7)
        for _ in range(5):  # a few clicks of play
            step(p1)
        prompt = p1.text_content("#prompt")
        turn = p1.text_content("#scn-name")
        p1.click("#saves-btn")
        assert not p1.locator("#offline-dl").is_visible()  # the copy does not offer itself again
        assert "offline copy" in p1.text_content("#offline-msg")
        p1.fill("#slot-name", "kept offline")
        p1.click("#slot-save")
        p1.wait_for_function("document.querySelector('#saves-msg').textContent.includes('Saved')")
        p1.close()

        # reopened later: the slot and the autosave are found
        p2 = ctx.new_page()
        p2.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        p2.goto(url)
        wait_ready(p2)
        p2.wait_for_selector("#start-screen:not([hidden])")
        assert "kept offline" in p2.text_content("#start-body .slots")
        assert p2.locator("#continue").is_visible()
        p2.click('#start-body [data-cmd="slot-load"][data-slot="kept offline"]')
        p2.wait_for_selector('body[data-screen="game"]', state="attached")
        p2.wait_for_function("t => document.querySelector('#prompt').textContent === t", arg=prompt)
        assert p2.text_content("#scn-name") == turn
        step(p2)  # and it plays on
    finally:
        ctx.close()
    assert outside == [], outside
    assert errors == [], errors
