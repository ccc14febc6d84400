"""Helpers for the keyboard tests (issue 13 item 5): keys pressed as a player presses them, what
has the focus, the focus ring, the accessible names on the map."""
from .mf_ui import rev, wait_rev_after

FOCUS_JS = """() => {
    const a = document.activeElement;
    if (!a || a === document.body) return null;
    return {kbd: a.getAttribute('data-kbd'), label: a.getAttribute('aria-label'), tag: a.tagName.toLowerCase(),
            cls: a.getAttribute('class') || '', text: (a.textContent || '').trim().slice(0, 80),
            action: a.getAttribute('data-action'), cmd: a.getAttribute('data-cmd'), unit: a.getAttribute('data-unit'),
            inMap: !!a.closest('#map'), lit: a.classList.contains('vw-hl'),
            stack: a.closest('[data-stack]') ? a.closest('[data-stack]').getAttribute('data-stack') : null};
}"""

RING_JS = """() => {
    const l = document.querySelector('#vw-focus'), a = document.activeElement;
    if (!l || !a || !l.children.length) return null;
    const r = l.getBoundingClientRect(), b = a.getBoundingClientRect();
    return {for: l.getAttribute('data-for'), rects: l.children.length,
            around: r.left <= b.left + 1 && r.top <= b.top + 1 && r.right >= b.right - 1 && r.bottom >= b.bottom - 1,
            w: r.width, h: r.height};
}"""


def focused(page):
    return page.evaluate(FOCUS_JS)


def ring(page):
    return page.evaluate(RING_JS)


def press(page, key, redraw=True):
    """Press a key; with `redraw`, wait until Python has redrawn the screen."""
    before = rev(page)
    page.keyboard.press(key)
    if redraw:
        wait_rev_after(page, before)


def tab_until(page, selector, limit=120):
    """Press Tab until the element in focus matches `selector` (as a keyboard player would)."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return focused(page)
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; in focus: {focused(page)}")


def map_labels(page):
    """Every accessible name on the map: [(data-kbd or data-space, role, aria-label)]."""
    return page.evaluate("""() => [...document.querySelectorAll('#map [aria-label]')].map(
        e => [e.getAttribute('data-kbd') || e.getAttribute('data-space') || e.getAttribute('data-anchor') || '',
              e.getAttribute('role') || '', e.getAttribute('aria-label')])""")


def assert_focus_on_lit_target(page):
    """The focus is on a lit place of the map, named as one that can be chosen, ringed."""
    f = focused(page)
    assert f and f["inMap"] and f["lit"] and f["kbd"].startswith("hl:"), f
    assert "Can be chosen" in f["label"], f
    r = ring(page)
    assert r and r["for"] == f["kbd"] and r["rects"] == 2 and r["around"], (r, f)
    return f


def press_main(page):
    """n: the main button; one that warns first (points left unspent ...) asks, in focus: Enter
    says yes."""
    before = rev(page)
    page.keyboard.press("n")
    page.wait_for_function("r => +(document.body.dataset.rev || 0) > r || "
                           "!document.querySelector('#confirm-dlg').hidden", arg=before)
    if page.locator("#confirm-dlg:not([hidden])").count():
        assert focused(page)["text"] == "Yes"
        page.keyboard.press("Enter")
        wait_rev_after(page, before)


def tab_on_map_until(page, check, limit=80):
    """Press Tab over the map's targets until check(what has the focus) holds."""
    for _ in range(limit):
        f = focused(page)
        assert f and f["inMap"], f"Tab left the map: {f}"
        if check(f):
            return f
        page.keyboard.press("Tab")
    raise AssertionError(f"no such target on the map; in focus: {focused(page)}")
