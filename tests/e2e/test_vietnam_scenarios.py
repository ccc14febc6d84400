"""Vietnam 1965-1975, Silver Bayonet and Masher/White Wing against the computer (issue 15): the start
screen offers each with its briefing, the page shows the map of its play area (Pleiku / Binh Dinh),
and a whole game is played by the human US while the computer plays the NLF: every action is a click
on a [data-action] element (a unit's entry is clicked only to choose the unit when the panel lists
its actions under it); the saved match replays to the same hash in CPython."""
import json
import random

import pytest

from game.engine import match as M

from .conftest import wait_ready
from .mf_ui import open_advanced
from .test_vietnam_computer import CLICKABLE, click_data_action
from .test_vietnam_hotseat import check_us_page, engine_state

GAME = "vietnam-1965-1975"
SHOTS = "/tmp/v65scen"
PLACES = {"silver-bayonet": ("pleiku", "Pleiku"), "masher-white-wing": ("binhdinh", "Bong Son")}


# a unit's entry in the panel: choosing it shows its actions as [data-action] buttons (issue 9 item 4)
ENTRIES = """() => [...document.querySelectorAll('#actions .entry[data-cmd="pick"]')]
    .filter(e => e.getClientRects().length && !e.closest('[hidden]') && !e.closest('details:not([open])'))
    .map(e => e.dataset.key)"""


def wait_turn(page, timeout=120_000):
    """Until the human US has something to click (the computer has played its part) or the end."""
    page.wait_for_function(f"""() => document.body.dataset.over === '1' ||
        (document.body.dataset.thinking !== '1' && (({CLICKABLE})().length > 0 || ({ENTRIES})().length > 0))""",
                           timeout=timeout)


def start(page, base_url, scenario, seed, nlf="ai:novice"):
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click(f'input[data-game="{GAME}"]')
    page.wait_for_selector(f'input[data-scenario="{scenario}"]')
    page.check(f'input[data-scenario="{scenario}"]')
    brief = page.text_content("#start-screen")
    assert "2 turns" in brief
    page.select_option('select[data-player="NLF"]', nlf)
    page.select_option("#ai-pace", "instant")
    open_advanced(page)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="game"]', state="attached")


@pytest.mark.parametrize("scenario,seed", [("silver-bayonet", 3), ("masher-white-wing", 4)])
def test_a_whole_game_against_the_computer(page, base_url, scenario, seed):
    import os
    os.makedirs(SHOTS, exist_ok=True)
    start(page, base_url, scenario, seed)
    area, town = PLACES[scenario]
    rnd = random.Random(seed)
    clicks = picks = 0
    seen_map = False
    for _ in range(600):
        try:
            wait_turn(page)
        except Exception:
            page.screenshot(path=f"{SHOTS}/{scenario}_stuck_1440.png")
            raise AssertionError(f"stuck after {clicks} clicks: {page.text_content('#prompt')} "
                                 f"{page.evaluate('JSON.stringify(document.body.dataset)')}") from None
        if page.get_attribute("body", "data-over") == "1":
            break
        if not seen_map:
            # the map of the scenario's play area, with its towns named on it
            svg = page.inner_html("#map")
            assert town in svg, f"{town} not on the map of {scenario}"
            check_us_page(page)
            page.screenshot(path=f"{SHOTS}/{scenario}_1440.png")
            seen_map = True
        acts = page.evaluate(CLICKABLE)
        if not acts:  # only units to choose (their actions are listed once one is chosen)
            key = rnd.choice(page.evaluate(ENTRIES))
            page.click(f'#actions .entry[data-cmd="pick"][data-key="{key}"]')
            page.wait_for_function(f"() => ({CLICKABLE})().length > 0")
            picks += 1
            continue
        keep = [a for a in acts if a[1] not in ("decline", "end")] or acts
        ops = [a for a in acts if a[1] in ("operate", "target", "attack", "go", "support", "unit", "step")]
        i, _t = rnd.choice(ops if ops and rnd.random() < 0.6 else keep)
        click_data_action(page, i)
        clicks += 1
    assert page.get_attribute("body", "data-over") == "1", page.text_content("#prompt")
    assert seen_map and clicks >= 5
    m = engine_state(page)  # seed + actions replay to the page's hash
    saved = json.loads(page.evaluate("window.__vw_state()"))
    assert saved["hash"] == M.state_hash(m) and saved["scenario"] == scenario
    over = m["state"]["over"]
    assert over["level"] in {lv["name"] for lv in m["state"]["victory"]["levels"]}
    prompt = page.text_content("#prompt")
    assert over["level"].split()[0] in prompt or "draw" in prompt.lower()
    page.screenshot(path=f"{SHOTS}/{scenario}_over_1440.png")
