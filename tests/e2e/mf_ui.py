"""Helpers for the Mike Force UI end-to-end tests (no sleeps: wait on data-ready / data-rev)."""
from .conftest import wait_ready


def rev(page):
    return int(page.get_attribute("body", "data-rev") or 0)


def wait_rev_after(page, before, timeout=15_000):
    page.wait_for_function("r => +(document.body.dataset.rev || 0) > r", arg=before, timeout=timeout)


def click_and_wait(page, target):
    """Click a selector or locator and wait until Python has redrawn."""
    before = rev(page)
    loc = page.locator(target).first if isinstance(target, str) else target
    loc.click()
    wait_rev_after(page, before)


def open_start(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")


def start_game(page, base_url=None, scenario="early", seed=1, dice="auto"):
    if base_url is not None:
        open_start(page, base_url)
    page.check(f'input[data-scenario="{scenario}"]')
    page.check(f'input[data-dice="{dice}"]')
    page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    page.wait_for_selector("#prompt:not(:empty)")


def panel_actions(page):
    """[(index, type, actor)] of the buttons in the panel."""
    return page.eval_on_selector_all(
        "#actions [data-action]",
        "els => els.map(e => [+e.dataset.action, e.dataset.t, e.dataset.actor || null])")


def step(page):
    """Deterministic policy: the 'done' button if any, else the lowest-indexed action."""
    acts = panel_actions(page)
    assert acts, "no action offered: " + (page.text_content("#prompt") or "")
    done = [a for a in acts if a[1] == "done"]
    i = done[0][0] if done else min(a[0] for a in acts)
    click_and_wait(page, f'#actions [data-action="{i}"]')


def advance_until(page, t, max_steps=200):
    for _ in range(max_steps):
        if page.locator(f'#actions [data-action][data-t="{t}"]').count():
            return
        step(page)
    raise AssertionError(f"no '{t}' action within {max_steps} steps; prompt: {page.text_content('#prompt')}")


def log_len(page):
    return page.locator("#log li").count()
