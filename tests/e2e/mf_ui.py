"""Helpers for the Mike Force UI end-to-end tests (no sleeps: wait on data-ready / data-rev)."""
import json
from .conftest import wait_ready


def rev(page):
    return int(page.get_attribute("body", "data-rev") or 0)


def wait_rev_after(page, before, timeout=15_000):
    page.wait_for_function("r => +(document.body.dataset.rev || 0) > r", arg=before, timeout=timeout)


def update_ms(page):
    """The last click's time to the screen (game/ui/clicktime.py), once the frame showing the
    current redraw has been timed."""
    page.wait_for_function("() => document.body.dataset.timed === document.body.dataset.rev")
    return page.evaluate("window.__vw_last_update_ms")


def click_and_wait(page, target):
    """Click a selector or locator and wait until Python has redrawn."""
    before = rev(page)
    loc = page.locator(target).first if isinstance(target, str) else target
    loc.click()
    wait_rev_after(page, before)


def confirm_if_asked(page):
    """Starting over a game in progress asks first (issue 9 item 8): say yes."""
    page.wait_for_selector('body[data-screen="game"], #confirm-dlg:not([hidden])', state="attached")
    if page.locator("#confirm-dlg:not([hidden])").count():
        page.click("#confirm-yes")


def open_start(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")


def continue_match(page, base_url, m):
    """Open match `m` (built in CPython) as a player continues a game: stored as its game's
    autosave, then the start screen's Continue; returns once the game's prompt is drawn."""
    open_start(page, base_url)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [f"vw:autosave:{m['game']}", json.dumps(m)])
    open_start(page, base_url)
    page.click(f'input[data-game="{m["game"]}"]')
    page.click("#continue")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    page.wait_for_selector("#prompt:not(:empty)")


def open_advanced(page):
    """Unfold "Advanced (rulings and options)" on the start screen (closed at first): the seed and
    the rulings are there (issue 13 item 2)."""
    if not page.locator("#advanced[open]").count():
        page.click("#advanced > summary")


def start_game(page, base_url=None, scenario="early", seed=1, dice="auto", pace=None):
    if base_url is not None:
        open_start(page, base_url)
    page.check(f'input[data-scenario="{scenario}"]')
    page.check(f'input[data-dice="{dice}"]')
    if pace:  # opponent_pace: "step" (the default) or "run"
        page.check(f'input[data-pace="{pace}"]')
    open_advanced(page)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    confirm_if_asked(page)
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    page.wait_for_selector("#prompt:not(:empty)")


PANEL_JS = """() => {
    const out = new Map();
    for (const e of document.querySelectorAll('#main-acts [data-action], #actions [data-action]'))
        out.set(+e.dataset.action, [e.dataset.t, e.dataset.actor || null]);
    for (const e of document.querySelectorAll('#actions [data-holds]')) {
        const ts = e.dataset.hts ? e.dataset.hts.split(' ') : null;
        e.dataset.holds.split(' ').forEach((i, n) => {
            if (!out.has(+i)) out.set(+i, [ts ? ts[n] : e.dataset.t, e.dataset.actor || null]);
        });
    }
    return [...out.entries()].sort((a, b) => a[0] - b[0]).map(([i, [t, u]]) => [i, t, u]);
}"""

BUTTON = '#main-acts [data-action="{i}"], #actions [data-action="{i}"]'


def panel_actions(page):
    """[(index, type, actor)] of every action in the panel: its buttons (the main "done" buttons sit
    in the sticky head), and the actions a header holds: a closed group of buttons, or a unit's entry
    in the list of units that can act (its data-holds and data-hts list their indices and types)."""
    return page.evaluate(PANEL_JS)


def open_sheet(page):
    """On a phone (body.phone), open the bottom sheet holding the panel, as a player taps its
    handle; on a wide screen the panel is always open."""
    vp = page.viewport_size
    if vp and vp["width"] <= 820:  # (a viewport just resized: the page switches layouts on its event)
        page.wait_for_selector("body.phone", state="attached")
    if page.locator("body.phone[data-sheet='closed']").count():
        page.click("#sheet-handle")
        page.wait_for_selector("body[data-sheet='open']", state="attached")


def reveal(page, i):
    """The panel button of action i, as a player reaches it: opening its group if it is closed (a
    click on the group's header, not an action), or selecting its unit in the list of units that
    can act (a selection, not an action: the unit's actions then fill the panel). On a phone the
    sheet is opened first (a selection closes it, to show the map: it is opened again)."""
    sel = BUTTON.format(i=i)
    if not page.locator(sel).first.is_visible():
        open_sheet(page)
    if page.locator(sel).count() == 0:
        hdr = page.locator(f'#actions [data-holds~="{i}"]').first
        if not hdr.is_visible():  # its whole group is closed: open it (a header, not an action)
            fold = page.locator(f'#actions details.ent-place:has([data-holds~="{i}"]) > summary')
            if fold.count():
                fold.first.click()
            else:
                page.locator(f'#actions section.grp:has([data-holds~="{i}"]) > .grp-toggle').click()
        if "stepper" in (hdr.get_attribute("class") or ""):  # an amount's stepper: set to action i
            assert hdr.evaluate(f"st => window.vwStepTo(st, {i})")
            return page.locator(sel).first
        if hdr.get_attribute("data-cmd") == "more-places":  # a long list's places not shown: shown
            click_and_wait(page, hdr)
            return reveal(page, i)
        if hdr.get_attribute("data-cmd") == "pick":
            click_and_wait(page, hdr)
            open_sheet(page)
        else:
            hdr.click()
        page.wait_for_selector(sel)
    return page.locator(sel).first


def click_action(page, i):
    """Click the panel button of action i and wait until Python has redrawn. An action that warns
    (issue 9 item 5) asks once in the page: the player says yes."""
    button = reveal(page, i)  # (a selection it makes is a redraw of its own, waited for there)
    before = rev(page)
    button.click()
    confirm_warning(page, before)
    wait_rev_after(page, before)


def confirm_warning(page, before):
    """After a click on an action: if it asked first (#confirm-dlg), answer Yes."""
    page.wait_for_function("r => +(document.body.dataset.rev || 0) > r || "
                           "!document.querySelector('#confirm-dlg').hidden", arg=before)
    if page.locator("#confirm-dlg:not([hidden])").count():
        page.click("#confirm-yes")


def first_of_type(page, t):
    """(index, actor) of the first action of type t in the panel, or None."""
    for i, tt, actor in panel_actions(page):
        if tt == t:
            return i, actor
    return None


def click_type(page, t):
    """Click the first action of type t (from the panel, opening its group if needed)."""
    found = first_of_type(page, t)
    assert found, f"no '{t}' action; prompt: {page.text_content('#prompt')}"
    click_action(page, found[0])
    return found


def click_highlight(page, t):
    """Click a map highlight of type t: one action runs; several open the chooser, whose first
    action is clicked. False if the map shows no such highlight."""
    hl = page.locator(f"#map .vw-hl[data-t='{t}']")
    if hl.count() == 0:
        return False
    single = page.locator(f"#map .vw-hl[data-t='{t}'][data-action]")
    before = rev(page)
    if single.count():
        single.first.click()
    else:
        hl.first.click()
        page.wait_for_selector("#chooser:not([hidden]) [data-action]")
        page.locator("#chooser [data-action]").first.click()
    confirm_warning(page, before)
    wait_rev_after(page, before)
    return True


def step(page):
    """Deterministic policy: the 'done' button if any, else the lowest-indexed action."""
    acts = panel_actions(page)
    assert acts, "no action offered: " + (page.text_content("#prompt") or "")
    done = [a for a in acts if a[1] == "done"]
    i = done[0][0] if done else min(a[0] for a in acts)
    click_action(page, i)


def random_step(page, rng, done_share=0.25):
    """Random policy: 'done' `done_share` of the time it competes with other actions, else any other
    action the panel lists (a button, or held by a closed group, opened by a click on its header);
    an action that warns asks once: yes (issue 9 item 5). Returns the type of the action taken."""
    cands = [(i, t) for i, t, _ in panel_actions(page)]
    assert cands, "no action offered: " + (page.text_content("#prompt") or "")
    dones = [c for c in cands if c[1] == "done"]
    others = [c for c in cands if c[1] != "done"]
    pick = rng.choice(dones) if dones and (not others or rng.random() < done_share) else rng.choice(others)
    btn = reveal(page, pick[0])
    before = rev(page)
    btn.click()
    confirm_warning(page, before)
    wait_rev_after(page, before)
    return pick[1]


def advance_until(page, t, max_steps=200):
    for _ in range(max_steps):
        if first_of_type(page, t):
            return
        step(page)
    raise AssertionError(f"no '{t}' action within {max_steps} steps; prompt: {page.text_content('#prompt')}")


def log_len(page):
    return page.locator("#log li").count()


def confirm_replace(page):
    """Opening a save of the game in progress asks first (issue 9 item 8): the in-page question
    names the game it replaces; answer Yes and wait for the redraw."""
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    assert "replaces your" in page.text_content("#confirm-msg")
    before = rev(page)
    page.click("#confirm-yes")
    wait_rev_after(page, before)
