"""Vietnam 1965-1975, Operation Starlite against the computer (issue 12 item 7): the human plays the
US by clicking only [data-action] elements, the computer the NLF; no hand-over screen; the US page
never shows a face-down VC unit's identity (V 10); the computer's players and seed are recorded in
the match, so seed + actions replay it exactly; clicks sent back to back while it thinks are handled
during its long decisions, not after them."""
import json
import os
import random

from game.engine import match as M
from game.rules import get

from .conftest import wait_ready
from .mf_ui import rev, wait_rev_after
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


HUMAN_TURN = """() => document.body.dataset.over === '1' ||
    (document.body.dataset.thinking !== '1' && !!document.querySelector('#actions [data-action]'))"""


def wait_for_human(page, timeout=60_000):
    """Until the human side decides (the computer has played its part) or the game is over."""
    page.wait_for_function(HUMAN_TURN, timeout=timeout)


# the [data-action] elements a player can click now: the panel's buttons (its sticky main buttons,
# the open groups, the chooser), not inside anything hidden
CLICKABLE = """() => [...document.querySelectorAll(
        '#main-acts [data-action], #actions [data-action], #chooser:not([hidden]) [data-action]')]
    .filter(e => e.getClientRects().length && !e.disabled && !e.closest('[hidden]'))
    .map(e => [+e.dataset.action, e.dataset.t || ''])"""


def click_data_action(page, i):
    """Click the visible [data-action] element of action i (nothing else: no group header, no
    selection); an action that warns asks once in the page (#confirm-dlg), and the player says yes.
    Returns whether it asked."""
    before = rev(page)
    sel = f'#main-acts [data-action="{i}"], #actions [data-action="{i}"], #chooser:not([hidden]) [data-action="{i}"]'
    page.locator(sel).locator("visible=true").first.click()
    page.wait_for_function("r => +(document.body.dataset.rev || 0) > r || "
                           "!document.querySelector('#confirm-dlg').hidden", arg=before)
    asked = page.locator("#confirm-dlg:not([hidden])").count() > 0
    if asked:
        page.click("#confirm-yes")
        wait_rev_after(page, before)
    return asked


# every click and key press as the page's handlers get it: how long after the browser received it
# (event.timeStamp), whether the computer had the turn, and which of its decisions was in progress
INPUT_LOG = """(() => {
    window.__inputs = [];
    const rec = e => window.__inputs.push({type: e.type, delay: performance.now() - e.timeStamp,
        thinking: document.body.dataset.thinking === '1', deciding: window.__vw_ai_deciding || '',
        target: e.target.closest && e.target.closest('#topbar h1') ? 'title' : (e.target.id || ''),
        at: performance.now()});
    addEventListener('pointerdown', rec, true);
    addEventListener('keydown', rec, true);
})()"""
# waits in the page (polled every 5 ms, i.e. at the computer's first yield) for the computer to start
# a decision other than `last` ("<action index>:<step>", a test hook of computer.py; noted with its
# yields so far in window.__seen), the human's turn, or the end
NEXT = """last => {
    if (document.body.dataset.over === '1') return 'over';
    const d = window.__vw_ai_deciding;
    if (d && d !== last) { window.__seen = d + '@' + window.__vw_ai_yields; return 'deciding'; }
    if (document.body.dataset.thinking !== '1' && document.querySelector('#actions [data-action]')) return 'human';
    return false;
}"""


def wait_clickable(page):
    page.wait_for_function(f"() => document.body.dataset.over === '1' || ({CLICKABLE})().length > 0")


def click_at(cdp, box):
    """A press and release at the middle of `box` through the browser's input pipeline (Playwright's
    mouse.click would first move the pointer and wait until that move is handled, at a frame)."""
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for kind in ("mousePressed", "mouseReleased"):
        cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def check_probes(page, name, min_yields=10):
    """The page answered while the computer thought: during every decision that went on for at
    least `min_yields` of the driver's yields, each of the clicks sent back to back
    (probe_until_human) that reached the page (its event's timeStamp) after the decision began and
    before its last stretch between two yields was handled with that decision still in progress.
    A computer that held the page for a whole decision would have them handled after it. (Which
    clicks reached the page during a decision, and whether any did, depends on how fast the test
    driver sends them, i.e. on the machine's load: that is not the page's doing.)
    Returns the decisions checked with the clicks that reached the page during each, and how many
    clicks in all were handled with a decision in progress; the delays are written down, not
    asserted."""
    got = [x for x in page.evaluate("window.__inputs") if x["type"] == "pointerdown" and x["target"] == "title"]
    decisions = json.loads(page.evaluate("window.__vw_ai_slices"))["decisions"]
    checked = []
    for d in decisions:
        n, step, wall, longest, yields, began = d[0], d[1], d[3], d[4], d[5], d[6]
        if yields >= min_yields:
            reached = [x for x in got if began <= x["at"] - x["delay"] <= began + wall - longest]
            late = [(x["deciding"], round(x["at"] - x["delay"]), round(x["at"])) for x in reached
                    if x["deciding"] != f"{n}:{step}"]
            assert not late, (d, late)
            checked.append([d, len(reached)])
    with open(f"{SHOTS}/{name}", "w") as fh:  # figures, not asserted
        json.dump({"checked": checked, "delays_ms": [round(x["delay"], 1) for x in got if x["thinking"]],
                   "load": os.getloadavg()}, fh)
    return checked, sum(1 for x in got if x["deciding"])


def probe_until_human(page, cdp, box):
    """Until the human decides or the game is over, clicks on the page's title (inert) back to back:
    each is sent once the page has handled the one before."""
    while not page.evaluate(HUMAN_TURN):
        click_at(cdp, box)
    wait_clickable(page)


def test_whole_starlite_game_against_the_computer(page, base_url):
    """The human US clicks only [data-action] elements, chosen at random among those on the screen
    (operations and attacks preferred), until the game ends."""
    page.add_init_script(INPUT_LOG)  # listening before the computer's set-up starts
    cdp = page.context.new_cdp_session(page)
    # at the normal pace the computer waits 450 ms before each action, its set-up's too: the clicks
    # below are flowing when its long decisions begin. At "instant" the set-up could be over before
    # the first click was sent (a loaded machine, CI: 2 runs in 4 found no click to check)
    start(page, base_url, seed=12, pace="normal")
    box = page.locator("#topbar h1").bounding_box()
    rnd = random.Random(12)
    clicks, us_checks, types = 0, 0, set()
    for _ in range(300):
        probe_until_human(page, cdp, box)
        assert page.get_attribute("body", "data-screen") == "game"  # never a hand-over screen
        assert page.get_attribute("body", "data-viewer") == "US"
        check_us_page(page)
        us_checks += 1
        if page.get_attribute("body", "data-over") == "1":
            break
        acts = page.evaluate(CLICKABLE)
        assert acts, page.text_content("#prompt")
        if clicks == 2:
            page.screenshot(path=f"{SHOTS}/vs_computer_1440.png")
        # a US player who operates against the VC and attacks
        keep = [a for a in acts if a[1] not in ("decline",)]
        ops = [a for a in acts if a[1] in ("operate", "target", "attack", "go", "support")]
        i, t = rnd.choice(ops if ops and rnd.random() < 0.7 else keep or acts)
        click_data_action(page, i)
        types.add(t)
        clicks += 1
    assert page.get_attribute("body", "data-over") == "1", page.text_content("#prompt")
    m = engine_state(page)  # replayed from seed + actions: the same hash
    saved = json.loads(page.evaluate("window.__vw_state()"))
    assert saved["hash"] == M.state_hash(m)
    assert page.evaluate("window.__vw_ai_count") >= 2  # the computer took decisions (placements)
    log = page.text_content("#log")
    assert "set up in" in log and ("victory" in log.lower() or "wins" in page.text_content("#prompt"))
    assert clicks >= 3 and us_checks >= 3
    assert "go" in types  # the US launched an operation (V 5.1), not only "done"
    page.screenshot(path=f"{SHOTS}/vs_computer_over_1440.png")
    checked, mid = check_probes(page, "clicks_during_decisions_nlf.json")
    assert mid  # clicks were handled in the middle of the computer's decisions (its set-up thinks long, V 18.2)


def test_the_page_answers_while_the_computer_thinks(page, base_url):
    """The computer plays the US; the human NLF clicks Help and presses a key as soon as it starts
    deciding: the dialog opens and stays open while the computer finishes its turn, and the human
    plays on to the end (the click may arrive after a short decision: see the figures). Clicks during the computer's later decisions
    are checked as in the whole-game test; input delays are written down, not asserted."""
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
    page.evaluate(INPUT_LOG)
    box = page.locator("#help-btn").bounding_box()
    cdp = page.context.new_cdp_session(page)
    # the NLF sets up by clicks until the computer has the turn
    for _ in range(50):
        turn = page.wait_for_function(NEXT, arg="", polling=5, timeout=60_000).json_value()
        if turn != "human":
            break
        acts = page.evaluate(CLICKABLE)
        click_data_action(page, acts[-1][0] if acts[-1][1] in ("done", "us_op") else acts[0][0])
    assert turn == "deciding"
    # real input (through the browser's input pipeline), sent while it decides
    click_at(cdp, box)
    page.keyboard.press("Shift")
    deciding = page.evaluate("window.__seen").split("@")[0]
    assert page.get_attribute("body", "data-viewer") == "NLF"
    page.wait_for_selector("#help-dlg:not([hidden])", timeout=10_000)
    page.wait_for_function("() => window.__inputs.length >= 2")
    click, key = page.evaluate("[window.__inputs.find(x => x.type === 'pointerdown'), "
                               "window.__inputs.find(x => x.type === 'keydown')]")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=f"{SHOTS}/help_while_thinking_390.png")
    page.wait_for_function("() => document.body.dataset.thinking !== '1'", timeout=60_000)
    assert page.locator("#help-dlg:not([hidden])").count()  # it stays open while the computer finishes
    page.click('#help-dlg [data-cmd="close"]')
    first = {d[0]: d for d in json.loads(page.evaluate("window.__vw_ai_slices"))["decisions"]}.get(int(deciding.split(":")[0]))
    page.screenshot(path=f"{SHOTS}/vs_computer_390.png")
    page.set_viewport_size({"width": 1440, "height": 900})
    # the NLF plays on (the last listed action: roll, pass, offer) to the end, clicking the header at
    # each decision of the computer
    box = page.locator("#topbar h1").bounding_box()
    for _ in range(200):
        probe_until_human(page, cdp, box)
        if page.get_attribute("body", "data-over") == "1":
            break
        acts = page.evaluate(CLICKABLE)
        click_data_action(page, acts[-1][0])
    assert page.get_attribute("body", "data-over") == "1"
    # the same click when the computer is idle: what the help dialog itself costs
    idle = page.evaluate("""() => new Promise(res => {
        const t0 = performance.now();
        document.querySelector('[data-cmd="help"]').click();
        requestAnimationFrame(() => res(performance.now() - t0));
    })""")
    check_probes(page, "clicks_during_decisions_us.json")  # the US decides fast: maybe none long enough
    inputs = page.evaluate("window.__inputs")
    assert all(x["delay"] >= 0 for x in inputs)
    busy_delays = sorted(x["delay"] for x in inputs if x["thinking"])
    times = sorted(float(x) for x in (page.evaluate("window.__vw_ai_times") or "").split(",") if x)
    assert times  # the computer decided something with a choice
    with open(f"{SHOTS}/click_while_thinking.json", "w") as fh:  # figures for the notes, not asserted
        json.dump({"decision": first, "seen": deciding, "click": click, "key": key, "same_click_idle_ms": idle,
                   "input_delays_while_thinking_ms": [round(x, 1) for x in busy_delays],
                   "load": os.getloadavg()}, fh)
    with open(f"{SHOTS}/browser_ai_ms.json", "w") as fh:
        json.dump({"decisions": len(times), "p50": times[len(times) // 2],
                   "p95": times[min(len(times) - 1, int(len(times) * 0.95))], "max": times[-1]}, fh)
