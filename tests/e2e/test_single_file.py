"""The single-file build (dist/vietnam-wargames.html, scripts/build_single.py) opened over file://
with no server: it boots, plays through set-up into the first turn, saves and continues
after a reload. Nothing but the file itself and the blob:/data: URLs it makes is requested.
"""
import subprocess
import sys

import pytest

from .conftest import REPO, wait_ready
from .mf_ui import log_len, start_game, step

SINGLE = REPO / "dist" / "vietnam-wargames.html"
CSP_WATCH = ("document.addEventListener('securitypolicyviolation', e => console.error("
             "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))")


@pytest.fixture(scope="module")
def single_file():
    # scripts/test.sh builds it (scripts/build_single.sh); build it when missing
    if not SINGLE.exists():
        subprocess.run([sys.executable, str(REPO / "scripts/build_single.py")], check=True)
    return SINGLE.as_uri()


def test_single_file_plays_a_turn_over_file_url(browser, single_file):
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    requests, outside, errors = [], [], []

    def guard(route):
        url = route.request.url
        if url == single_file or url.startswith(("blob:", "data:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    ctx.route("**/*", guard)
    ctx.add_init_script(CSP_WATCH)
    ctx.on("request", lambda r: requests.append(r.url))
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(f"console.error: {m.text}") if m.type == "error" else None)
    try:
        page.goto(single_file)
        wait_ready(page)
        page.wait_for_selector("#start-screen:not([hidden])")
        start_game(page, scenario="early", seed=3)
        assert page.text_content("#prompt").startswith("Set-up")
        # through set-up into turn 1 and a few actions of its first phase
        for _ in range(60):
            step(page)
            if not page.text_content("#prompt").startswith("Set-up"):
                break
        else:
            raise AssertionError("set-up did not end: " + page.text_content("#prompt"))
        for _ in range(4):
            step(page)
        prompt, n = page.text_content("#prompt"), log_len(page)
        assert n > 0
        # saves work over file:// (localStorage keys are namespaced "vw:")
        assert page.evaluate("localStorage.getItem('vw:autosave:mike-force') !== null")
        page.reload()
        wait_ready(page)
        page.click("#continue")
        page.wait_for_selector('body[data-screen="game"]', state="attached")
        assert page.text_content("#prompt") == prompt and log_len(page) == n
    finally:
        ctx.close()
    assert outside == [], f"requests outside the file: {outside}"
    bad = [u for u in requests if u != single_file and not u.startswith(("blob:", "data:"))]
    assert bad == [], bad
    assert errors == [], errors
