"""Vietnam 1965-1975, Operation Starlite against the computer (issue 12 item 7): the human plays the
US by clicking only [data-action] elements, the computer the NLF; no hand-over screen; the US page
never shows a face-down VC unit's identity (V 10); the computer's players and seed are recorded in
the match, so seed + actions replay it exactly; a click while it thinks is answered."""
import json
import random

from game.engine import match as M
from game.rules import get

from .conftest import wait_ready
from .mf_ui import panel_actions, reveal, rev, wait_rev_after
from .test_vietnam_hotseat import check_us_page, engine_state
from .mf_ui import open_advanced

GAME = "vietnam-1965-1975"
RULES = get(GAME)
SHOTS = "/tmp/ai"


def start(page, base_url, seed, nlf="ai:standard", pace="instant"):
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click(f'input[data-game="{GAME}"]')
    page.wait_for_selector('input[data-scenario="starlite"]')
    page.check('input[data-scenario="starlite"]')
    assert "In computer play" in page.text_content('[data-balance="starlite"]')
    page.select_option('select[data-player="NLF"]', nlf)
    page.select_option("#ai-pace", pace)
    open_advanced(page)
    page.fill("#seed", str(seed))
    page.locator('select[data-player="NLF"]').scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/start_players_1440.png")
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="game"]', state="attached")


def wait_for_human(page, timeout=60_000):
    """Until the human side decides (the computer has played its part) or the game is over."""
    page.wait_for_function(
        """() => document.body.dataset.over === '1' ||
                 (document.body.dataset.thinking !== '1' && document.querySelector('#actions [data-action]'))""",
        timeout=timeout)


def test_whole_starlite_game_against_the_computer(page, base_url):
    start(page, base_url, seed=12)
    rnd = random.Random(12)
    clicks, us_checks = 0, 0
    for _ in range(300):
        wait_for_human(page)
        assert page.get_attribute("body", "data-screen") == "game"  # never a hand-over screen
        assert page.get_attribute("body", "data-viewer") == "US"
        check_us_page(page)
        us_checks += 1
        if page.get_attribute("body", "data-over") == "1":
            break
        acts = panel_actions(page)
        assert acts, page.text_content("#prompt")
        if clicks == 2:
            page.screenshot(path=f"{SHOTS}/vs_computer_1440.png")
        # a US player who operates against the VC and attacks
        keep = [a for a in acts if a[1] not in ("decline",)]
        ops = [a for a in acts if a[1] in ("operate", "target", "attack", "go", "support")]
        i = rnd.choice(ops if ops and rnd.random() < 0.7 else keep or acts)[0]
        before = rev(page)
        reveal(page, i).click()
        wait_rev_after(page, before)
        clicks += 1
    assert page.get_attribute("body", "data-over") == "1", page.text_content("#prompt")
    m = engine_state(page)  # replayed from seed + actions: the same hash
    saved = json.loads(page.evaluate("window.__vw_state()"))
    assert saved["hash"] == M.state_hash(m)
    assert page.evaluate("window.__vw_ai_count") >= 2  # the computer took decisions (placements)
    log = page.text_content("#log")
    assert "set up in" in log and ("victory" in log.lower() or "wins" in page.text_content("#prompt"))
    assert clicks >= 3 and us_checks >= 3
    page.screenshot(path=f"{SHOTS}/vs_computer_over_1440.png")


def test_the_page_answers_while_the_computer_thinks(page, base_url):
    """The computer plays the US (its operation planner thinks longest); the human NLF opens Help
    while it thinks: the dialog opens at once, the computer goes on."""
    page.goto(base_url)
    wait_ready(page)
    page.click(f'input[data-game="{GAME}"]')
    page.check('input[data-scenario="starlite"]')
    page.select_option('select[data-player="US"]', "ai:standard")
    page.select_option("#ai-pace", "instant")
    open_advanced(page)
    page.fill("#seed", "5")
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    # the NLF sets up and designates by clicks, until the computer's US operation starts
    for _ in range(30):
        wait_for_us_or_nlf = """() => document.body.dataset.over === '1' ||
            (document.body.dataset.thinking === '1') || document.querySelector('#actions [data-action]')"""
        page.wait_for_function(wait_for_us_or_nlf, timeout=60_000)
        if page.get_attribute("body", "data-thinking") == "1":
            break
        acts = panel_actions(page)
        before = rev(page)
        reveal(page, acts[-1][0] if acts[-1][1] in ("done", "us_op") else acts[0][0]).click()
        wait_rev_after(page, before)
    assert page.get_attribute("body", "data-viewer") == "NLF"
    t = page.evaluate("""() => new Promise(res => {
        const t0 = performance.now();
        document.querySelector('[data-cmd="help"]').click();
        requestAnimationFrame(() => res(performance.now() - t0));
    })""")
    page.wait_for_selector("#help-dlg:not([hidden])", timeout=2000)
    thinking = page.get_attribute("body", "data-thinking")
    with open(f"{SHOTS}/click_while_thinking.json", "w") as fh:  # a figure for the notes, not asserted
        json.dump({"click_to_frame_ms": t, "still_thinking": thinking}, fh)
    page.set_viewport_size({"width": 390, "height": 844})
    page.click('#help-dlg [data-cmd="close"]')
    page.wait_for_function("() => document.body.dataset.thinking !== '1'", timeout=60_000)
    page.screenshot(path=f"{SHOTS}/vs_computer_390.png")
    # the NLF plays on (the last listed action: roll, pass, offer) to the end; the computer's thinking times are noted
    for _ in range(200):
        wait_for_human(page)
        if page.get_attribute("body", "data-over") == "1":
            break
        acts = panel_actions(page)
        before = rev(page)
        reveal(page, acts[-1][0]).click()
        wait_rev_after(page, before)
    assert page.get_attribute("body", "data-over") == "1"
    # the same click when the computer is idle: what the help dialog itself costs
    idle = page.evaluate("""() => new Promise(res => {
        const t0 = performance.now();
        document.querySelector('[data-cmd="help"]').click();
        requestAnimationFrame(() => res(performance.now() - t0));
    })""")
    with open(f"{SHOTS}/click_while_thinking.json", "w") as fh:
        json.dump({"click_to_frame_ms": t, "still_thinking": thinking, "same_click_idle_ms": idle}, fh)
    times = sorted(float(x) for x in (page.evaluate("window.__vw_ai_times") or "").split(",") if x)
    assert times  # the computer decided something with a choice
    with open(f"{SHOTS}/browser_ai_ms.json", "w") as fh:  # figures for the notes, not asserted
        json.dump({"decisions": len(times), "p50": times[len(times) // 2],
                   "p95": times[min(len(times) - 1, int(len(times) * 0.95))], "max": times[-1]}, fh)
