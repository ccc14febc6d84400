"""First Team: Vietnam in the browser: game choice, map and counters, intelligence, helicopter lift,
ground move, combat, the NVA turn playing itself, layouts."""
from .ft_ui import RandomPlayer, start_ft, track
from .mf_ui import click_and_wait, log_len, step


def state_hash(page):
    return page.evaluate("JSON.parse(window.__vw_state()).hash")


def advance_until(page, t, max_steps=300):
    for _ in range(max_steps):
        if page.locator(f'#actions [data-action][data-t="{t}"]').count():
            return
        step(page)
    raise AssertionError(f"no '{t}' action within {max_steps} steps; prompt: {page.text_content('#prompt')}")


def test_start_map_and_first_phases(page, base_url):
    start_ft(page, base_url, seed=1)
    assert page.text_content("#topbar h1") == "First Team: Vietnam"
    assert page.locator("#map svg#ft-map").count() == 1
    assert page.locator("#map [data-space]").count() == 67
    assert track(page, "turn").startswith("1 /")
    # set-up: LZ markers go on the map, by clicking highlighted locations
    hl = page.locator('#map .vw-hl[data-action][data-t="lz"]')
    assert hl.count() > 10
    to = hl.first.get_attribute("data-to")
    click_and_wait(page, hl.first)
    assert page.locator(f'#map [data-stack="{to}"] [data-unit]').count() == 1  # the LZ back
    # boxes on the map hold their pieces: An Khe, the Unknown Box
    assert page.locator('#map [data-stack="ANKHE"] [data-unit]').count() >= 1
    assert page.locator('#map [data-stack="UNKNOWN"] [data-unit]').count() >= 1
    assert page.locator('#boxes [data-box="ANKHE"] [data-unit]').count() > 20
    # intelligence
    advance_until(page, "identify")
    n = log_len(page)
    click_and_wait(page, '#actions [data-action][data-t="identify"]')
    assert log_len(page) > n
    # helicopter lift
    advance_until(page, "lift")
    lift = page.locator('#actions [data-action][data-t="lift"]').first
    unit = lift.get_attribute("data-actor")
    click_and_wait(page, lift)
    assert page.locator(f'#map [data-unit="{unit}"]').count() == 1 or \
        page.locator(f'#map [data-stack] [data-count]').count() > 0
    # ground move
    advance_until(page, "move")
    mv = page.locator('#actions [data-action][data-t="move"]').first
    click_and_wait(page, mv)
    page.screenshot(path="/tmp/vw_ft_1440.png")
    # the NVA turn runs by itself, its rolls in the log
    for _ in range(300):
        if not track(page, "turn").startswith("1 /"):
            break
        step(page)
    assert track(page, "turn").startswith("2 /")
    assert page.locator("#log li .log-dice").count() > 0
    assert page.locator("#log li", has_text="NVA").count() > 0


def test_combat_and_undo(page, base_url):
    start_ft(page, base_url, seed=5)
    player = RandomPlayer(5)
    for _ in range(150):
        if page.locator('#actions [data-action][data-t="attack"]').count():
            break
        player.step(page)
    atk = page.locator('#actions [data-action][data-t="attack"]')
    assert atk.count(), page.text_content("#prompt")
    before = state_hash(page)
    click_and_wait(page, atk.first)
    assert state_hash(page) != before
    click_and_wait(page, "#undo-btn")
    assert state_hash(page) == before
    click_and_wait(page, atk.first)
    n = page.locator("#log li .log-dice").count()
    for _ in range(30):
        if page.locator("#log li .log-dice").count() > n:
            break
        step(page)
    assert page.locator("#log li .log-dice").count() > n


def test_phone_layout(browser, base_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        start_ft(page, base_url, seed=3)
        for _ in range(14):
            step(page)
        page.screenshot(path="/tmp/vw_ft_390.png")
        assert page.locator("#map svg#ft-map").is_visible()
        assert page.locator("#prompt").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 392
    finally:
        ctx.close()
    assert errors == []
