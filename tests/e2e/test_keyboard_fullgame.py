"""Issue 13 item 5, "done when": a whole game played with the keyboard alone, from the
first decision to the verdict (the start screen's choices of game, scenario and seed are made as in
the other tests). Each step is one a keyboard player takes: `n` for the main button (Enter says yes
when it asks first), Tab to a panel button or a unit's entry and Enter, Enter on the map target the
focus moves to after a unit is chosen, Enter on the hand-over screen. No mouse event is sent."""
import random

import pytest

from .ft_ui import start_ft
from .kb_ui import focused, press_main
from .mf_ui import rev, start_game, wait_rev_after
from .test_vietnam_hotseat import start as start_v65

FOCUS_IS = "s => !!document.activeElement && document.activeElement.matches(s)"


def tab_to(page, selector, limit=600):
    """Tab (forward through the page, as a player does) until the focus is on `selector`; from the
    map (m), which comes right before the panel, unless the focus is already where it should be."""
    if not page.evaluate(FOCUS_IS, selector):
        page.keyboard.press("m")
    for _ in range(limit):
        if page.evaluate(FOCUS_IS, selector):
            return True
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; in focus: {focused(page)}")


def enter(page):
    """Enter on what has the focus; a choice that warns asks once: Enter on the focused Yes."""
    before = rev(page)
    page.keyboard.press("Enter")
    page.wait_for_function("r => +(document.body.dataset.rev || 0) > r || "
                           "!document.querySelector('#confirm-dlg').hidden", arg=before)
    if page.locator("#confirm-dlg:not([hidden])").count():
        page.keyboard.press("Enter")
        wait_rev_after(page, before)


def visible_ids(page, selector):
    return page.evaluate("""s => [...document.querySelectorAll(s)]
        .filter(e => e.checkVisibility() && !e.closest('details:not([open])'))  // a closed fold's content is not shown
        .map(e => e.getAttribute('data-action') || e.getAttribute('data-key') || e.getAttribute('data-n'))""",
                         selector)


def step(page, rng, done_bias):
    """One decision by keyboard; returns what was done."""
    if page.locator("#confirm-dlg:not([hidden])").count():  # a warning that opened after a redraw: Enter says yes
        before = rev(page)
        page.keyboard.press("Enter")
        wait_rev_after(page, before)
        return "confirm"
    if page.get_attribute("body", "data-screen") == "handover":
        page.locator('[data-cmd="handover-ok"]').wait_for()
        tab_to(page, '[data-cmd="handover-ok"]')
        enter(page)
        return "hand-over"
    f = focused(page)
    if f and f["inMap"] and f["lit"] and rng.random() < 0.5:  # a unit was chosen: its target has the focus
        if "Enter lists them" in (f["label"] or ""):  # several choices here: Enter opens the chooser on them
            page.keyboard.press("Enter")
            page.wait_for_function(FOCUS_IS, arg="#chooser [data-action]")
            for _ in range(rng.randrange(3)):  # the focus is on the first: Tab to another (or to Cancel)
                page.keyboard.press("Tab")
            if page.evaluate(FOCUS_IS, "#chooser [data-action]"):
                enter(page)
            else:  # Cancel, or past the list: Escape closes the chooser, the focus goes back to the map
                page.keyboard.press("Escape")
                page.wait_for_function("() => document.querySelector('#chooser').hidden")
                return "chooser closed"
        else:
            enter(page)
        return "map target"
    has_main = page.locator("#main-acts [data-action]").count() > 0
    buttons = [i for i in visible_ids(page, "#actions [data-action]") if i is not None][:8]
    entries = [k for k in visible_ids(page, "#actions .entry[data-cmd='pick']") if k is not None][:6]
    if has_main and (not (buttons or entries) or rng.random() < done_bias):
        press_main(page)  # n: the main button (Enter says yes when it asks)
        return "main button"
    closed = ("#actions .sub-h[aria-expanded='false'], #actions .grp-toggle[aria-expanded='false'], "
              "#actions details.ent-place:not([open]) > summary")
    kinds = [k for k, there in (("button", buttons), ("unit", entries),
                                ("group", page.locator(closed).count() > 0)) if there]
    assert kinds, f"nothing to choose: {page.text_content('#prompt')}"
    kind = rng.choice(kinds)
    if kind == "button":
        i = rng.choice(buttons)
        tab_to(page, f'#actions [data-action="{i}"]')
        enter(page)
        return "panel button"
    if kind == "unit":  # choose a unit (the focus then goes to its first target, or to its actions)
        k = rng.choice(entries)
        tab_to(page, f'#actions .entry[data-cmd="pick"][data-key="{k}"]')
        enter(page)
        return "unit"
    # a closed group of choices: Enter on its header opens it
    tab_to(page, closed)
    page.keyboard.press("Enter")
    return "group"


@pytest.mark.parametrize("game,done_bias", [("mike-force", 0.25), ("first-team", 0.6), ("vietnam-1965-1975", 0.3)])
def test_a_whole_game_by_keyboard_alone(page, base_url, game, done_bias):
    if game == "mike-force":
        start_game(page, base_url, scenario="early", seed=2024)
    elif game == "first-team":
        start_ft(page, base_url, seed=11)
    else:
        start_v65(page, base_url, seed=8)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    rng = random.Random(5)
    did = {}
    for _ in range(3000):
        if page.get_attribute("body", "data-over") == "1":
            break
        what = step(page, rng, done_bias)
        did[what] = did.get(what, 0) + 1
    assert page.get_attribute("body", "data-over") == "1", did
    assert "Game over" in page.text_content("#prompt") or "win" in page.text_content("#prompt").lower()
    # the game was played through its choices, not only by ending phases
    assert did.get("panel button", 0) + did.get("map target", 0) >= 5, did
