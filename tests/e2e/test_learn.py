"""Issue 13 items 2 and 6: learning to play and the loading screen, as a player sees them.

  * the start screen shows each scenario's briefing (history, length, difficulty, how to win) when
    it is chosen, for every game; the title follows the chosen game; "Advanced" is closed;
  * a rule citation in the prompt or in the log opens "How to play" at that section's summary;
  * the loading screen walks through its steps and is gone when the game is ready.
Screenshots go to /tmp/learn/.
"""
import os

from game.engine.howto import find
from game.rules import GAMES, get, howto, title

from .conftest import wait_ready
from .mf_ui import open_start, start_game, step

SHOTS = "/tmp/learn"
os.makedirs(SHOTS, exist_ok=True)


def test_start_screen_briefings_for_every_scenario_of_every_game(page, base_url):
    open_start(page, base_url)
    assert page.locator("#advanced").get_attribute("open") is None  # folded for a new player
    assert not page.locator("#seed").is_visible()
    assert not page.locator("#advanced .opt-row").first.is_visible()
    for gid in GAMES:
        page.click(f'input[data-game="{gid}"]')
        page.wait_for_selector(f'input[data-game="{gid}"]:checked')
        assert page.text_content("#topbar h1") == title(gid)
        assert page.title().startswith(title(gid))
        for sc in get(gid).scenarios():
            page.check(f'input[data-scenario="{sc["id"]}"]')
            shown = page.locator("#start-body .briefing:visible")
            assert shown.count() == 1
            assert shown.get_attribute("data-briefing") == sc["id"]
            for part in ("history", "length", "difficulty", "victory"):
                assert shown.locator(f'[data-part="{part}"] span').text_content() == sc["briefing"][part]
        assert page.locator("#advanced").get_attribute("open") is None
        slug = {"mike-force": "mf", "first-team": "ft", "vietnam-1965-1975": "v"}[gid]
        page.locator('#start-body input[name="scenario"]').first.check()
        page.screenshot(path=f"{SHOTS}/start_{slug}_1440.png")
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=f"{SHOTS}/start_{slug}_390.png")
        page.set_viewport_size({"width": 1440, "height": 900})
    # Advanced unfolds: the seed, the rulings with their codes in small print
    page.click("#advanced > summary")
    assert page.locator("#seed").is_visible()
    row = page.locator("#advanced .opt-row").first
    assert row.is_visible() and row.locator("small.code").text_content()
    page.screenshot(path=f"{SHOTS}/start_advanced_1440.png")


def summary_shown(page):
    sec = page.locator("#howto .howto-sec.focus")
    assert sec.count() == 1 and sec.is_visible()
    return sec.get_attribute("data-cite"), sec.locator(".howto-text").text_content()


def test_citations_open_their_summary(page, base_url):
    start_game(page, base_url, scenario="early", seed=3)
    doc = howto("mike-force")
    # the prompt's citation is a link
    link = page.locator("#prompt .cite-link").first
    cite = link.text_content()
    link.click()
    page.wait_for_selector("#help-dlg:not([hidden])")
    sid, text = summary_shown(page)
    assert sid == find(doc, cite)["id"] and text == find(doc, cite)["text"]
    assert page.get_attribute('#help-dlg [data-tab="howto"]', "aria-selected") == "true"
    page.screenshot(path=f"{SHOTS}/howto_from_prompt_1440.png")
    page.click('#help-dlg [data-cmd="close"]')
    # play a few steps, then a log entry's rule opens its own section
    visible_cites = "() => new Set([...document.querySelectorAll('#log .log-rule')].filter(e => e.offsetParent).map(e => e.textContent)).size"
    for _ in range(60):  # until the open part of the (folded) log cites at least two sections
        step(page)
        if page.evaluate(visible_cites) >= 3:
            break
    rules = page.locator("#log .log-rule:visible")  # the log folds older phases (issue 9 item 7)
    assert rules.count() > 0
    seen = set()
    for i in range(30):
        if len(seen) >= 3 or i >= rules.count():  # (the count is read again: a click may fold or unfold)
            break
        r = rules.nth(i)
        cite = r.text_content()
        want = find(doc, cite)
        assert want is not None, cite
        if want["id"] in seen:
            continue
        seen.add(want["id"])
        r.click()
        page.wait_for_selector("#help-dlg:not([hidden])")
        sid, text = summary_shown(page)
        assert (sid, text) == (want["id"], want["text"]), cite
        page.click('#help-dlg [data-cmd="close"]')
    assert len(seen) >= 2, page.evaluate("() => [...document.querySelectorAll('#log .log-rule')].filter(e => e.offsetParent).map(e => e.textContent)")
    # the whole page: setting, turn, victory, counters, then the sections
    page.click('[data-cmd="help"]')
    page.click('#help-dlg [data-tab="howto"]')
    page.locator("#howto").evaluate("n => n.scrollTop = 0")
    for part in doc["intro"]:
        assert page.locator(f"#howto-{part['id']} h4").text_content() == part["title"]
    assert page.locator("#howto .howto-sec").count() == len(doc["sections"])
    page.screenshot(path=f"{SHOTS}/howto_mf_1440.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=f"{SHOTS}/howto_mf_390.png")
    # the other tabs are there too
    page.click('#help-dlg [data-tab="options"]')
    assert page.locator("#help-options li").count() == len(get("mike-force").options())


def test_first_team_citation_opens_its_summary(page, base_url):
    from .ft_ui import start_ft
    start_ft(page, base_url, seed=2)
    doc = howto("first-team")
    link = page.locator("#prompt .cite-link").first
    want = find(doc, link.text_content())
    link.click()
    page.wait_for_selector("#help-dlg:not([hidden])")
    assert summary_shown(page) == (want["id"], want["text"])
    assert page.text_content("#help-title").endswith("First Team: Vietnam")
    page.screenshot(path=f"{SHOTS}/howto_ft_1440.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=f"{SHOTS}/howto_ft_390.png")


STEPS_JS = """() => {
  window.__seen_steps = [];
  new MutationObserver(() => {
    const el = document.getElementById('loading');
    const s = el ? el.dataset.step : 'gone';
    if (window.__seen_steps[window.__seen_steps.length - 1] !== s) window.__seen_steps.push(s);
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-step'], childList: true});
}"""


def test_loading_screen_steps_then_ready(fresh_page, base_url):
    page = fresh_page  # a first visit: the runtime is downloaded, the steps show
    page.add_init_script(f"({STEPS_JS})()")
    # hold back the Python runtime a moment so the first step can be seen and photographed
    held = []

    def slow(route):
        held.append(route.request.url)
        page.wait_for_timeout(1500)
        route.continue_()
    page.route("**/pyodide.asm.wasm", slow)
    page.goto(base_url)
    now = page.wait_for_function(  # read in one go: the steps move on by themselves
        "() => { const l = document.getElementById('loading');"
        " return l && l.dataset.step === 'download' && l.querySelector('li.now').textContent; }").json_value()
    assert now == "Downloading the Python runtime"
    page.screenshot(path=f"{SHOTS}/loading_1440.png")
    wait_ready(page)
    assert page.locator("#loading").count() == 0  # gone at ready
    order = ["download", "start", "files", "rules", "map"]
    # every step the page went through, in order (static/loading.js keeps them with their times)
    log = [n for n, _ in page.evaluate("window.__vw_loading.seen")]
    assert log == sorted(log, key=order.index) and len(set(log)) == len(log), log  # forward only
    assert log[0] == "download" and log[-1] == "map" and len(log) >= 4, log
    # what the screen showed (the observer may see two quick steps as one): part of that, then gone
    seen = page.evaluate("window.__seen_steps")
    shown = [s for s in seen if s in order]
    assert len(shown) >= 3 and all(s in log for s in shown), seen
    assert shown == [s for s in log if s in shown], seen
    assert seen[-1] == "gone", seen
    assert held, "the runtime was not requested"


def test_loading_screen_phone(fresh_page, base_url):
    page = fresh_page  # a first visit: the runtime is downloaded, the steps show
    page.set_viewport_size({"width": 390, "height": 844})
    page.route("**/pyodide.asm.wasm", lambda route: (page.wait_for_timeout(1500), route.continue_()))
    page.goto(base_url)
    page.wait_for_selector('#loading[data-step="download"]', state="attached")
    page.screenshot(path=f"{SHOTS}/loading_390.png")
    wait_ready(page)


def test_vietnam_citation_opens_its_summary(page, base_url):
    from .mf_ui import open_advanced, rev, wait_rev_after
    open_start(page, base_url)
    page.click('input[data-game="vietnam-1965-1975"]')
    page.check('input[data-scenario="starlite"]')
    open_advanced(page)
    page.fill("#seed", "3")
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="handover"]', state="attached")
    before = rev(page)
    page.click('[data-cmd="handover-ok"]')
    wait_rev_after(page, before)
    doc = howto("vietnam-1965-1975")
    rule = page.locator("#log .log-rule").first
    want = find(doc, rule.text_content())
    rule.click()
    page.wait_for_selector("#help-dlg:not([hidden])")
    assert summary_shown(page) == (want["id"], want["text"])
    page.screenshot(path=f"{SHOTS}/howto_v_1440.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=f"{SHOTS}/howto_v_390.png")
