"""The whole-game click-throughs the page benchmarks play (bench_clicks.py, bench_autosave.py,
profile_clicks.py): First Team seed 5 and Mike Force "early" seed 2024, with the whole-game tests'
random policies, and Vietnam's Starlite seed 8, both sides at one screen (each hand-over's Continue
is a click too), in a page at 1440x900."""
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, wait_ready  # noqa: E402
from tests.e2e.ft_ui import RandomPlayer, start_ft  # noqa: E402
from tests.e2e.mf_ui import open_advanced, random_step, rev, start_game, wait_rev_after  # noqa: E402


def game_page(pw, url, game):
    """(browser, page): the game `game` ("ft", "mf" or "v") started in a new page, ready for its first click."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
    start(page, url, game)
    return browser, page


def start(page, url, game):
    """Open the site at `url` in `page` and start the game `game` ("ft", "mf" or "v")."""
    page.goto(url)
    wait_ready(page)
    if game == "ft":
        start_ft(page, None, seed=5)
    elif game == "v":
        page.click('input[data-game="vietnam-1965-1975"]')
        page.wait_for_selector('input[data-scenario="starlite"]')
        page.check('input[data-scenario="starlite"]')
        open_advanced(page)
        page.fill("#seed", "8")
        page.click("#start-game")
        page.wait_for_selector('body[data-screen="handover"]', state="attached")
    else:
        start_game(page, None, scenario="early", seed=2024)


def _vietnam_step(page, rng):
    """The hand-over screen's Continue when it shows, else the random policy's pick."""
    if page.get_attribute("body", "data-screen") == "handover":
        before = rev(page)
        page.click('[data-cmd="handover-ok"]')
        wait_rev_after(page, before)
        return "handover"
    return random_step(page, rng)


def play(page, game, each=None):
    """Click on to the game's end (at most 600 First Team steps, 2000 Mike Force, 600 Vietnam),
    calling each(k, t) after step k (from 1), t the kind of action the step took."""
    if game == "ft":
        player = RandomPlayer(5)
        step, limit = (lambda: player.step(page)), 600
    elif game == "v":
        rng = random.Random(8)
        step, limit = (lambda: _vietnam_step(page, rng)), 600
    else:
        rng = random.Random(2024)
        step, limit = (lambda: random_step(page, rng)), 2000
    for k in range(1, limit + 1):
        if page.get_attribute("body", "data-over") == "1":
            break
        t = step()
        if each is not None:
            each(k, t)
