"""Issue 13 item 3: the guided first turn of each game, followed in the browser by clicking only
what the guide lights.

From the start screen's "Guided first turn" entry, at every step exactly one element carries the
guide's highlight (.guide-lit), it is the one clicked, and the guide's text changes after each
click (a new step, or the next thing to click for the same step: select the unit, then its
target). Every step of the script is shown, in order, to the end of the first turn. Screenshots
of a step at 1440x900 and 390x844 go to /tmp/guided/.
"""
import os

import pytest

from game.ui import guide_model as G

from .mf_ui import open_start

SHOTS = "/tmp/guided"
os.makedirs(SHOTS, exist_ok=True)
SLUG = {"mike-force": "mf", "first-team": "ft", "vietnam-1965-1975": "v"}
SHOT_AT = {"mike-force": 16, "first-team": 14, "vietnam-1965-1975": 14}  # a step worth looking at

GUIDE_TEXT = "() => { const g = document.querySelector('#guide'); return g && !g.hidden ? g.textContent : ''; }"


def guide_state(page):
    return page.evaluate("() => { const g = document.querySelector('#guide'); "
                         "return g && !g.hidden ? [g.dataset.state, +g.dataset.step] : [null, -1]; }")


def shoot(page, gid, n):
    page.screenshot(path=f"{SHOTS}/{SLUG[gid]}_step{n}_1440.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)  # the layout settles (no assertion depends on it)
    page.screenshot(path=f"{SHOTS}/{SLUG[gid]}_step{n}_390.png")
    page.set_viewport_size({"width": 1440, "height": 900})


@pytest.mark.parametrize("gid", [g for g in SLUG if G.load(g)])
def test_follow_the_guide_to_the_end_of_the_first_turn(page, base_url, gid):
    doc = G.load(gid)
    open_start(page, base_url)
    page.click(f'input[data-game="{gid}"]')
    page.wait_for_selector(f'[data-guided="{gid}"]')
    entry = page.locator(f'[data-guided="{gid}"]')
    assert entry.is_visible() and "Guided first turn" in entry.text_content()
    page.screenshot(path=f"{SHOTS}/{SLUG[gid]}_start_1440.png")
    page.click("#guided-start")
    page.wait_for_selector("#confirm-dlg:not([hidden]), #guide:not([hidden])")
    if page.locator("#confirm-dlg:not([hidden])").count():
        page.click("#confirm-yes")
    page.wait_for_selector("#guide:not([hidden])")
    assert page.locator("#guide .guide-intro").text_content() == doc["intro"]
    seen = []
    clicks = 0
    shot = False
    while True:
        state, n = guide_state(page)
        if state == "end":
            break
        assert state in ("step", "wait"), (state, page.evaluate(GUIDE_TEXT))
        if state == "wait":  # the computer's side is thinking
            page.wait_for_function("() => document.querySelector('#guide').dataset.state !== 'wait'")
            continue
        if not seen or seen[-1] != n:
            seen.append(n)
            text = page.locator("#guide .guide-say").text_content()
            assert doc["steps"][n]["say"] in text and doc["steps"][n]["rule"] in text
        if n == SHOT_AT[gid] and not shot:
            shoot(page, gid, n)
            shot = True
        if page.locator("#handover:not([hidden])").count():  # the table is hidden: the dialog says what comes
            assert doc["steps"][n]["say"] in page.text_content("#handover .guide-note")
            assert page.locator('#handover [data-cmd="handover-ok"].guide-lit').count() == 1
        lit = page.locator(".guide-lit")
        assert lit.count() == 1, f"step {n}: {lit.count()} elements lit; {page.evaluate(GUIDE_TEXT)}"
        before = page.evaluate(GUIDE_TEXT)
        try:
            lit.click(timeout=10_000)
        except Exception:  # keep a picture of where the guide got stuck
            page.screenshot(path=f"{SHOTS}/{SLUG[gid]}_stuck_step{n}.png")
            raise
        clicks += 1
        assert clicks < 12 * len(doc["steps"]), "the guide does not advance"
        page.wait_for_function(f"t => ({GUIDE_TEXT})() !== t", arg=before)
    assert seen == list(range(len(doc["steps"]))), seen  # every step shown, in order
    assert doc["end"] in page.locator("#guide").text_content()
    ends = doc["ends"]
    if "turn" in ends:
        assert f"turn {ends['turn']}" in page.text_content("#scn-name")
    if "winner" in ends:  # a one-turn scenario: the verdict
        assert page.get_attribute("body", "data-over") == "1"
        assert f"{ends['winner']} wins" in page.text_content("#prompt")
    page.screenshot(path=f"{SHOTS}/{SLUG[gid]}_end_1440.png")
    # the guide closes on request and the game goes on
    page.click('#guide [data-cmd="guide-close"]')
    page.wait_for_selector("#guide", state="hidden")
    assert page.locator(".guide-lit").count() == 0


def test_leaving_the_path_undo_and_reopening(page, base_url):
    """Another legal move is allowed: the guide says the player left its path and offers Undo (back
    on the path) or playing on freely. The guide is saved with the game: Continue after a reload
    brings it back, until the player closes it."""
    doc = G.load("mike-force")
    open_start(page, base_url)
    page.click('input[data-game="mike-force"]')
    page.click("#guided-start")
    page.wait_for_selector("#guide:not([hidden])")
    before = page.evaluate(GUIDE_TEXT)
    page.locator(".guide-lit").click()  # the camp pool: selected, its places light up
    page.wait_for_function(f"t => ({GUIDE_TEXT})() !== t", arg=before)
    assert page.locator('#map .vw-hl.guide-lit[data-to="KSN"]').count() == 1
    page.locator('#map .vw-hl[data-to="HUE"]').click()  # not what the guide asks: allowed
    page.wait_for_selector('#guide[data-state="off"]')
    assert "You left the guided path" in page.text_content("#guide")
    assert page.locator(".guide-lit").count() == 0
    assert "SF Camp placed at Hue" in page.text_content("#log")  # the move was played
    page.click('#guide [data-cmd="undo"]')  # back on the path
    page.wait_for_selector('#guide[data-state="step"][data-step="0"]')
    assert doc["steps"][0]["say"] in page.text_content("#guide")
    # a reload: Continue resumes the guided game with its guide
    page.reload()
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click("#continue")
    page.wait_for_selector('#guide[data-state="step"][data-step="0"]')
    assert page.locator(".guide-lit").count() == 1
    # closed, it stays closed
    page.click('#guide [data-cmd="guide-close"]')
    page.wait_for_selector("#guide", state="hidden")
    page.reload()
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click("#continue")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    page.wait_for_selector("#prompt:not(:empty)")
    assert page.locator("#guide:not([hidden])").count() == 0 and page.locator(".guide-lit").count() == 0
