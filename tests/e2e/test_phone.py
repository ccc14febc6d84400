"""The phone layout (issue 13 item 4) at 390x844, touch: a full-height map above a bottom sheet whose
prompt and main button stay in view; 44 px hit areas on every lit target, a tap on which does what a
tap on the target does; zoom to the selection; First Team's map and Zone Display as two views; the
Vietnam 1965-1975 hex map in the same layout; the desktop layout as before. Screenshots: /tmp/phone/."""
import json
import re
import os

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .ft_ui import start_ft
from .mf_ui import advance_until, click_and_wait, open_sheet, panel_actions, rev, start_game, wait_rev_after
from .test_select_ui import select_entry
from .test_vietnam_hotseat import start as start_v65

SHOTS = "/tmp/phone"
W, H = 390, 844


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.fixture
def phone(browser, base_url):
    ctx = browser.new_context(viewport={"width": W, "height": H}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield pg
    ctx.close()
    assert errors == []


def in_view(page, selector):
    """The element is on the screen and not covered: inside the viewport, and the topmost element at
    its centre is it or inside it."""
    return page.evaluate("""s => {
        const e = document.querySelector(s);
        if (!e) return false;
        const r = e.getBoundingClientRect();
        if (r.width < 1 || r.height < 1 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
            || r.right > innerWidth + 0.5) return false;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && (top === e || e.contains(top));
    }""", selector)


def check_head(page):
    """The prompt, and the main button when there is one, are in view."""
    assert page.text_content("#prompt").strip()
    assert in_view(page, "#prompt"), "the prompt is not in view"
    if page.locator("#main-acts [data-action]").count():
        assert in_view(page, "#main-acts [data-action]"), "the main button is not in view"


GEOMETRY = """() => {
    const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
    const svg = document.querySelector('#map svg.map-base'), area = document.querySelector('#map');
    // the map's drawing on the screen: its bounding box through the screen transform (the view's too)
    const bb = svg.getBBox(), m = svg.getScreenCTM();
    const drawn = {x: m.a * bb.x + m.e, y: m.d * bb.y + m.f, w: m.a * bb.width, h: m.d * bb.height};
    return {svg: box(area), panel: box(document.querySelector('#panel')), top: box(document.querySelector('#topbar')),
            drawn, sheet: document.body.dataset.sheet, vb: area.dataset.vb.split(' ').map(Number)};
}"""


STRIP = 46  # px: the map's tool strip on a phone (phone.css: #map's top)


def check_map_fills(page):
    """The map fills the screen between the top bar and the closed sheet, and the map's drawing
    covers it: no letterbox band."""
    # the map's bottom follows the closed sheet's height through a ResizeObserver (phone.on_resize),
    # a frame after the sheet changes: wait for it (a loaded machine once read the frame between)
    try:
        page.wait_for_function("""() => { const a = document.querySelector('#map').getBoundingClientRect(),
            p = document.querySelector('#panel').getBoundingClientRect(); return Math.abs(a.bottom - p.top) < 1.5; }""",
                               timeout=3000)
    except PlaywrightTimeout:
        pass  # (the assertions below say what is wrong)
    g = page.evaluate(GEOMETRY)
    assert g["sheet"] == "closed"
    svg, panel, top = g["svg"], g["panel"], g["top"]
    assert abs(svg["x"]) < 1 and abs(svg["w"] - W) < 1, svg
    # under the top bar, the strip of the zoom buttons and view tabs, then the map: no button over
    # a place that can be chosen (issue 45 item 8: they covered First Team's Pleiku and Zone A)
    assert abs(svg["y"] - (top["y"] + top["h"] + STRIP)) < 1.5, (svg, top)
    tools = page.evaluate("""() => [...document.querySelectorAll('#map-wrap .zoom button, #map-views:not([hidden]) button')]
        .map(b => b.getBoundingClientRect()).filter(r => r.height > 0).map(r => [r.top, r.bottom])""")
    assert tools and all(t >= top["y"] + top["h"] - 0.5 and b <= svg["y"] + 0.5 for t, b in tools), (tools, svg)
    assert abs(svg["y"] + svg["h"] - panel["y"]) < 1.5, (svg, panel)
    assert abs(panel["y"] + panel["h"] - H) < 1, panel
    assert svg["h"] > H * 0.4, svg  # the map is most of the screen, the sheet at most half of the rest
    d = g["drawn"]
    assert d["x"] <= svg["x"] + 1 and d["x"] + d["w"] >= svg["x"] + svg["w"] - 1, (d, svg)
    assert d["y"] <= svg["y"] + 1 and d["y"] + d["h"] >= svg["y"] + svg["h"] - 1, (d, svg)
    return g


HITS = """() => [...document.querySelectorAll('#map .vw-hl, #vw-pieces .ctr.act')].map(t => {
    const h = t.querySelector(':scope > .hit');
    const r = h ? h.getBoundingClientRect() : null;
    return {key: t.dataset.action || t.dataset.choose || t.dataset.unit || t.dataset.to,
            w: r ? r.width : 0, h: r ? r.height : 0};
})"""


def check_hits(page):
    hits = page.evaluate(HITS)
    assert hits, "nothing lit on the map"
    small = [h for h in hits if h["w"] < 44 or h["h"] < 44]
    assert not small, small[:5]
    return hits


# a point of target t's hit area away from its drawn ring or counter, where a tap goes to t (the
# topmost element there is a hit area, and t's centre is the nearest of the hit areas there)
OFF_TARGET = """sel => {
    const t = document.querySelector(sel), h = t.querySelector(':scope > .hit');
    const r = h.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const svg = document.querySelector('#map').getBoundingClientRect();
    for (const f of [0.85, 0.7, 0.55]) for (let a = 0; a < 16; a++) {
        const x = cx + Math.cos(a * Math.PI / 8) * r.width / 2 * f;
        const y = cy + Math.sin(a * Math.PI / 8) * r.height / 2 * f;
        if (x < svg.left + 2 || x > svg.right - 2 || y < svg.top + 2 || y > svg.bottom - 2) continue;
        const at = document.elementsFromPoint(x, y);
        if (!at.length || !at[0].classList.contains('hit')) continue;
        let best = null, bd = 1e9;
        for (const n of at) if (n.classList.contains('hit')) {
            const b = n.getBoundingClientRect(), d = (b.left + b.width / 2 - x) ** 2 + (b.top + b.height / 2 - y) ** 2;
            if (d < bd) { bd = d; best = n; }
        }
        if (best === h && !t.querySelector(':scope > :not(.hit):not(title)')?.contains(at[0])) return [x, y];
    }
    return null;
}"""


def tap_off_target(page, selector, inside_ok=False):
    """Tap target `selector` on its hit area, off its drawn ring or counter. With `inside_ok`, a
    target drawn at least 44 px across whose hit area lies under its drawing is tapped at its centre."""
    pt = page.evaluate(OFF_TARGET, selector)
    if pt is None and inside_ok:
        b = page.locator(selector).bounding_box()
        assert b["width"] >= 44 and b["height"] >= 44, b
        pt = [b["x"] + b["width"] / 2, b["y"] + b["height"] / 2]
    assert pt, f"no point of {selector}'s hit area reaches it"
    before = rev(page)
    page.touchscreen.tap(pt[0], pt[1])
    wait_rev_after(page, before)
    return pt


def state(page):
    return json.loads(page.evaluate("window.__vw_state()"))


def selected(page):
    return page.evaluate("(document.querySelector('#map .ctr.sel') || {dataset: {}}).dataset.unit || null")


def open_and_close_sheet(page, name=None):
    """Tap the handle: the sheet opens over the map (the head still in view), tap again: closed; the
    same by dragging the handle up and down."""
    page.tap("#sheet-handle")
    page.wait_for_selector("body[data-sheet='open']", state="attached")
    assert page.locator("#actions").is_visible() and page.locator("#log-wrap").is_visible()
    check_head(page)
    if name:
        shot(page, name)
    page.tap("#sheet-handle")
    page.wait_for_selector("body[data-sheet='closed']", state="attached")
    assert not page.locator("#log-wrap").is_visible()
    check_head(page)
    b = page.locator("#sheet-handle").bounding_box()
    x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    for y1, want in ((150, "open"), (H - 40, "closed")):
        page.mouse.move(x, y)
        page.mouse.down()
        for k in range(1, 6):
            page.mouse.move(x, y + (y1 - y) * k / 5)
        page.mouse.up()
        page.wait_for_selector(f"body[data-sheet='{want}']", state="attached")
        check_head(page)
        b = page.locator("#sheet-handle").bounding_box()
        y = b["y"] + b["height"] / 2
    check_map_fills(page)


def test_mike_force_phone(phone, base_url):
    page = phone
    start_game(page, base_url, scenario="early", seed=1)
    check_head(page)
    check_map_fills(page)
    shot(page, "mf_setup_390")
    # nothing lit on the map yet (a camp is chosen from the pool first): the closed sheet lists it
    assert page.locator("#map .vw-hl").count() == 0
    pool = page.locator("#actions [data-cmd='pick'][data-key='kind:camp']")
    assert pool.is_visible()
    vb0 = page.evaluate(GEOMETRY)["vb"]
    click_and_wait(page, pool)
    # selected: the sheet is closed, the map zoomed to the camp's 19 places, each 44 px to a thumb
    page.wait_for_function("vb => document.querySelector('#map').dataset.vb !== vb",
                           arg=" ".join(f"{v:.1f}" for v in vb0))
    g = check_map_fills(page)
    assert g["vb"][2] < vb0[2], (g["vb"], vb0)
    hits = check_hits(page)
    assert len([h for h in hits if h["key"] and h["key"].isdigit()]) == 19
    lit_in_view = page.evaluate("""() => [...document.querySelectorAll('#map .vw-hl')].every(t => {
        const r = t.querySelector('.hl-disc').getBoundingClientRect();
        const s = document.querySelector('#map').getBoundingClientRect();
        return r.left + r.width / 2 >= s.left && r.right - r.width / 2 <= s.right && r.top + r.height / 2 >= s.top
               && r.bottom - r.height / 2 <= s.bottom; })""")
    assert lit_in_view, "zoomed to the selection, yet a lit place is off the screen"
    check_head(page)
    shot(page, "mf_selected_zoom_390")
    # a tap on the hit area, off the drawn ring, does what a tap on the ring does: the same action
    target = page.evaluate("document.querySelector('#map .vw-hl[data-action]').dataset.to")
    sel_ = f'#map .vw-hl[data-action][data-to="{target}"]'
    n0 = len(state(page)["actions"])
    tap_off_target(page, sel_)
    after_hit = state(page)
    assert len(after_hit["actions"]) == n0 + 1
    before = rev(page)
    page.click("#undo-btn")
    wait_rev_after(page, before)
    assert len(state(page)["actions"]) == n0
    if not page.locator(sel_).count():  # the undo cleared the selection: choose the camp again
        click_and_wait(page, "#actions [data-cmd='pick'][data-key='kind:camp']")
    before = rev(page)
    page.locator(sel_).locator(".hl-disc").tap()
    wait_rev_after(page, before)
    assert state(page)["hash"] == after_hit["hash"], "the hit area and the ring did different things"
    check_head(page)
    open_and_close_sheet(page, "mf_sheet_open_390")


def test_first_team_phone_views(phone, base_url):
    page = phone
    start_ft(page, base_url, seed=5)
    check_head(page)
    check_map_fills(page)
    tabs = page.locator("#map-views [data-view]")
    assert tabs.count() == 2 and page.locator("#map-views").is_visible()
    assert page.get_attribute('#map-views [data-view="map"]', "aria-selected") == "true"
    shot(page, "ft_map_390")
    zone = '#map [data-anchor="ZA"]'  # Zone A's box in the Zone Display: off the screen in the map view

    def zone_on_screen():
        return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect(),
            m = document.querySelector('#map').getBoundingClientRect();
            return r.left >= m.left - 1 && r.right <= m.right + 1 && r.top < m.bottom && r.bottom > m.top; }""", zone)
    assert not zone_on_screen()
    page.tap('#map-views [data-view="zones"]')
    page.wait_for_selector('#map-views [data-view="zones"][aria-selected="true"]')
    assert zone_on_screen()
    check_map_fills(page)
    check_head(page)
    shot(page, "ft_zone_display_390")
    page.tap('#map-views [data-view="map"]')
    page.wait_for_selector('#map-views [data-view="map"][aria-selected="true"]')
    assert not zone_on_screen()
    # at the Transport Segment the units that can act are lit: stacks (An Khe, the Zone Display)
    # whose hit areas are 44 px; a tap on one's hit area opens it in the inspector, as a tap on it does
    advance_until(page, "lift")
    if page.locator("body[data-sheet='open']").count():
        page.tap("#sheet-handle")
    page.wait_for_selector("body[data-sheet='closed']", state="attached")
    check_head(page)
    check_map_fills(page)
    on_screen = """() => { const s = document.querySelector('#map').getBoundingClientRect();
        const c = [...document.querySelectorAll('#vw-pieces .ctr.act')].find(c => {
            const r = c.getBoundingClientRect(); return r.left > s.left + 30 && r.right < s.right - 30
                && r.top > s.top + 30 && r.bottom < s.bottom - 30; });
        return c ? c.dataset.unit : null; }"""
    ctr = page.evaluate(on_screen)
    if ctr is None:  # the units that can act are in the Zone Display or its boxes
        page.tap('#map-views [data-view="zones"]')
        ctr = page.evaluate(on_screen)
    assert ctr
    check_hits(page)
    shot(page, "ft_lift_390")
    node = f'#vw-pieces .ctr.act[data-unit="{ctr}"]'
    place = page.evaluate("s => document.querySelector(s).closest('[data-stack]').dataset.stack", node)
    stack = page.get_attribute(node, "data-count")
    tap_off_target(page, node)
    if stack:  # a stack: a tap shows it
        assert page.get_attribute("#inspector", "data-place") == place
        assert in_view(page, "#inspector")
        page.keyboard.press("Escape")
    else:  # a single unit that can act: a tap selects it
        assert selected(page) == ctr
    check_head(page)
    # a unit chosen in the sheet's list: the sheet closes, the map zooms to it and its targets
    unit = next(a for _, t, a in panel_actions(page) if t == "lift")
    vb0 = page.evaluate(GEOMETRY)["vb"]
    select_entry(page, unit)
    page.wait_for_selector("body[data-sheet='closed']", state="attached")
    page.wait_for_function("vb => document.querySelector('#map').dataset.vb !== vb",
                           arg=" ".join(f"{v:.1f}" for v in vb0))
    check_map_fills(page)
    hits = check_hits(page)
    assert any(h["key"] and h["key"].isdigit() for h in hits)  # its lit targets
    check_head(page)
    shot(page, "ft_selected_zoom_390")
    open_and_close_sheet(page, "ft_sheet_open_390")


def test_vietnam_phone(phone, base_url):
    """The hex map in the same layout. The NLF sets up its regiment (V 18.2) by a tap on one of its
    two lit set-up hexes (lit at once: the regiment has no counter to select yet, issue 45 item 4),
    the later choices from the list in the closed sheet; then, as soon as counters can
    act (44 px hit areas), a tap on one selects it (a stack opens in the inspector first) and the map
    zooms to it; the sheet opens and closes."""
    page = phone
    start_v65(page, base_url, seed=4)

    def take_over_if_asked():
        if page.get_attribute("body", "data-screen") == "handover":
            before = rev(page)
            page.click('[data-cmd="handover-ok"]')
            wait_rev_after(page, before)
    take_over_if_asked()
    check_head(page)
    check_map_fills(page)
    shot(page, "v65_setup_390")
    lit = page.evaluate("() => [...document.querySelectorAll('#map .vw-hl')].map(e => e.dataset.t)")
    assert lit == ["place", "place"]
    for _ in range(12):  # the set-up and the first decisions until a counter is lit: a lit hex tapped,
        if page.locator("#vw-pieces .ctr.act").count():  # else the list in the closed sheet
            break
        before = rev(page)
        hexes = page.locator('#map .vw-hl[data-t="place"]')
        if hexes.count():
            box = hexes.first.bounding_box()
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        else:
            btn = page.locator("#actions [data-action], #main-acts [data-action]").first
            assert btn.is_visible()  # listed in the closed sheet while no hex is lit, or the main button
            btn.click()
        wait_rev_after(page, before)
        take_over_if_asked()
    check_head(page)
    check_map_fills(page)
    check_hits(page)
    shot(page, "v65_lit_counters_390")
    ctr = page.evaluate("document.querySelector('#vw-pieces .ctr.act').dataset.unit")
    vb0 = page.evaluate(GEOMETRY)["vb"]
    stack = page.get_attribute(f'#vw-pieces [data-unit="{ctr}"]', "data-count")
    tap_off_target(page, f'#vw-pieces .ctr.act[data-unit="{ctr}"]', inside_ok=True)
    if stack:  # a stack: a tap shows it (spread, and in the inspector); a tap there selects the unit
        assert page.get_attribute("#inspector", "data-place")
        assert in_view(page, "#inspector")
        before = rev(page)
        page.tap(f'#inspector [data-unit="{ctr}"]')
        wait_rev_after(page, before)
    assert selected(page) == ctr
    # selected: the map zooms to it (these choices, Hold or Patrol, have no hex: the list shows them)
    page.wait_for_function("vb => document.querySelector('#map').dataset.vb !== vb",
                           arg=" ".join(f"{v:.1f}" for v in vb0))
    check_map_fills(page)
    check_hits(page)
    check_head(page)
    shot(page, "v65_selected_zoom_390")
    open_and_close_sheet(page, "v65_sheet_open_390")


TOP_BAR = """() => { const bar = document.querySelector('#topbar').getBoundingClientRect();
    const bs = [...document.querySelectorAll('#topbar nav button')].map(b => b.getBoundingClientRect());
    return {h: bar.height, w: bar.width, rows: new Set(bs.map(r => Math.round(r.top))).size,
            right: Math.max(...bs.map(r => r.right)), names: [...document.querySelectorAll('#topbar nav button')]
              .map(b => b.getAttribute('aria-label') || b.textContent.trim())}; }"""


@pytest.mark.parametrize("gid", ["mike-force", "first-team", "vietnam-1965-1975"])
def test_the_phone_top_bar_is_one_row(phone, base_url, gid):
    """Issue 45 item 8 ('the top bar wraps to two rows (90 px)'): at 390 px the title gives way and
    the buttons stay on one row inside the screen, each with its full name for a screen reader."""
    page = phone
    {"mike-force": lambda: start_game(page, base_url), "first-team": lambda: start_ft(page, base_url),
     "vietnam-1965-1975": lambda: start_v65(page, base_url, seed=4)}[gid]()
    g = page.evaluate(TOP_BAR)
    assert g["rows"] == 1 and g["h"] <= 48 and g["right"] <= W, g
    assert g["names"] == ["Undo", "History", "Saves", "New game", "Help"], g
    assert page.get_by_role("button", name="New game").is_visible()
    shot(page, f"topbar_{gid}_390")


def test_desktop_layout_unchanged(page, base_url):
    """1440x900: the panel beside the map, open, no sheet handle, no tabs, no hit areas."""
    start_ft(page, base_url, seed=5)
    g = page.evaluate(GEOMETRY)
    assert g["panel"]["x"] > 1000 and abs(g["panel"]["w"] - 420) < 1, g["panel"]
    assert abs(g["svg"]["x"] + g["svg"]["w"] - g["panel"]["x"]) < 1.5
    assert page.get_attribute("#map svg.map-base", "preserveAspectRatio") == "xMidYMid meet"
    assert g["vb"] == [0.0, 0.0, 1480.0, 994.0]
    assert not page.locator("#sheet-handle").is_visible() and not page.locator("#map-views").is_visible()
    assert page.locator("#map .hit").count() == 0
    assert page.locator("#actions").is_visible() and page.locator("#log-wrap").is_visible()
    shot(page, "ft_desktop_1440")


LIT_IN_MAP = """() => { const a = document.querySelector('#map').getBoundingClientRect();
    return [...document.querySelectorAll('#map .vw-hl')].map(n => { const r = n.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        return x >= a.left && x <= a.right && y >= a.top && y <= a.bottom; }); }"""


def test_an_action_in_the_open_sheet_that_lights_the_map_closes_the_sheet(phone, base_url, tmp_path):
    """Issue 45 item 8: 'after a panel action the sheet stays open over the next targets'. In a US
    operation, 'Move 2/12 (155mm)' pressed in the open sheet: the sheet closes, and the hexes the unit
    may enter are lit inside the map's area (the view pans to them when they lie at its edge)."""
    from .v65_ui import open_match, starlite, take_over, us_operation
    page = phone
    open_match(page, base_url, us_operation(starlite(seed=3)), tmp_path)
    take_over(page)
    assert page.get_attribute("body", "data-sheet") == "closed"
    open_sheet(page)
    move = page.locator("#actions [data-action]").filter(has_text=re.compile(r"^Move 2/12 \(155mm\)$"))
    assert move.count() == 1
    click_and_wait(page, move)
    page.wait_for_function("() => document.body.dataset.sheet === 'closed'", timeout=3000)
    page.wait_for_timeout(100)  # (the pan runs in the next frame)
    shot(page, "v65_move_from_sheet_390")
    lit = page.evaluate(LIT_IN_MAP)
    assert lit and all(lit), lit


RINGS_IN_MAP = """() => { const a = document.querySelector('#map').getBoundingClientRect();
    return Object.fromEntries([...document.querySelectorAll('#map .vw-hl[data-t="step"]')].map(n => {
        const r = n.getBoundingClientRect();
        return [n.dataset.to, r.left >= a.left - 0.5 && r.right <= a.right + 0.5 && r.top >= a.top - 0.5
                && r.bottom <= a.bottom + 0.5]; })); }"""


def test_a_unit_picked_in_the_closed_sheet_has_its_steps_in_view(phone, base_url, tmp_path):
    """Issue 45 item 8, 'targets at the edge come into view': 3/3 Marines alone operating from 5118
    (V 3), 'Move 3/3 Marines' pressed in the closed sheet. Its steps into 5017 and 5018 lie at the
    map's west edge; once the sheet has lost its action list the map is taller and crops more, and
    the rings (with their MP pills) were cut at the screen's left edge. Every ring is whole on the map."""
    from .v65_ui import open_match, starlite, take_over, us_operation
    page = phone
    open_match(page, base_url, us_operation(starlite(seed=3), units=("m33",), target="5219"), tmp_path)
    take_over(page)
    assert page.get_attribute("body", "data-sheet") == "closed"
    move = page.locator("#actions [data-action]").filter(has_text=re.compile(r"^Move 3/3 Marines$"))
    assert move.count() == 1 and move.is_visible()
    click_and_wait(page, move)
    page.wait_for_function("() => document.body.dataset.mapTargets === '1'", timeout=3000)
    page.wait_for_timeout(300)  # (the pan runs in the next frame, again once the closed sheet resizes)
    shot(page, "v65_steps_at_the_edge_390")
    rings = page.evaluate(RINGS_IN_MAP)
    assert {"5017", "5018", "5119"} <= set(rings) and all(rings.values()), rings


def test_a_stack_spread_under_the_maps_top_comes_into_view(phone, base_url, tmp_path):
    """Issue 45 item 8: Starlite's Hold and Patrol designation (V 6.2), the US stack in 5118 tapped on
    the phone. Its counters spread in a fan over the hex and the inspector opens in the closed sheet,
    which shortens the map: the fan's top row was cut under the map's top edge. Every counter of the
    spread stack is whole on the map."""
    import game.rules.vietnam_1965_1975 as R
    from game.engine import match as M
    from tests.v65_positions import answer
    from .v65_ui import open_match, take_over
    m = M.new_match(R, "starlite", 3)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        answer(m, t="place", u=u, hex="5219" if u == "vc1" else "5320")
    assert m["state"]["stack"][-1]["s"] == "designate" and M.current_role(R, m) == "US"
    page = phone
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    box = page.locator('#map [data-space="5118"]').first.bounding_box()
    before = rev(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_rev_after(page, before)
    page.wait_for_selector('#map [data-stack="5118"].open', state="attached")
    page.wait_for_timeout(300)  # (the pan runs in the next frame, again once the closed sheet resizes)
    shot(page, "v65_spread_stack_390")
    whole = page.evaluate("""() => { const a = document.querySelector('#map').getBoundingClientRect();
        return Object.fromEntries([...document.querySelectorAll('#map [data-stack="5118"] [data-unit]')].map(n => {
            const r = n.getBoundingClientRect();
            return [n.dataset.unit, r.top >= a.top - 0.5 && r.bottom <= a.bottom + 0.5 && r.left >= a.left - 0.5
                    && r.right <= a.right + 0.5]; })); }""")
    assert set(whole) == {"m24", "m33", "a212"} and all(whole.values()), whole


VIEW_CENTRE = """() => { const a = document.querySelector('#map').getBoundingClientRect();
    const [x, y, w, h] = document.querySelector('#map').dataset.vb.split(' ').map(Number);
    const svg = document.querySelector('#map svg.map-base');
    const p = new DOMPoint(x + w / 2, y + h / 2).matrixTransform(svg.getScreenCTM());
    return {dx: p.x - (a.left + a.width / 2), dy: p.y - (a.top + a.height / 2), box_h: a.height,
            svg_h: svg.style.height, top_h: document.querySelector('#map svg.map-top').style.height}; }"""


def test_a_shorter_map_keeps_its_drawing_and_shows_the_view_in_its_middle(phone, base_url, tmp_path):
    """Issue 47: the closed sheet grows when a tap opens a stack in the inspector, and the map gets
    shorter. Its svgs keep their size, cut at the map's bottom (a new size laid the whole map out
    again: 4-5 ms of a campaign click's frame), and the view box is still shown in the middle of
    the shorter map, as before: the 5118 stack tapped in Starlite's Hold and Patrol designation."""
    import game.rules.vietnam_1965_1975 as R
    from game.engine import match as M
    from tests.v65_positions import answer
    from .v65_ui import open_match, take_over
    m = M.new_match(R, "starlite", 3)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        answer(m, t="place", u=u, hex="5219" if u == "vc1" else "5320")
    page = phone
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    page.wait_for_timeout(300)
    g0 = page.evaluate(VIEW_CENTRE)
    assert abs(g0["dx"]) < 1.5 and abs(g0["dy"]) < 1.5, g0
    assert g0["svg_h"] == g0["top_h"] and float(g0["svg_h"][:-2]) >= g0["box_h"] - 0.5, g0  # the map covered
    box = page.locator('#map [data-space="5118"]').first.bounding_box()
    before = rev(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_rev_after(page, before)
    page.wait_for_selector('#map [data-stack="5118"].open', state="attached")
    page.wait_for_function("h => document.querySelector('#map').getBoundingClientRect().height < h - 20",
                           arg=g0["box_h"], timeout=3000)  # the inspector in the closed sheet
    page.wait_for_timeout(300)
    g1 = page.evaluate(VIEW_CENTRE)
    assert g1["svg_h"] == g0["svg_h"] and g1["top_h"] == g0["top_h"], (g0, g1)  # not sized again
    assert abs(g1["dx"]) < 1.5 and abs(g1["dy"]) < 1.5, g1  # the view in the middle of the shorter map
    check_map_fills(page)
