"""The whole-game click-throughs the page benchmarks play (bench_clicks.py, bench_autosave.py,
profile_clicks.py): First Team seed 5 and Mike Force "early" seed 2024, with the whole-game tests'
random policies, in a page at 1440x900."""
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, wait_ready  # noqa: E402
from tests.e2e.ft_ui import RandomPlayer, start_ft  # noqa: E402
from tests.e2e.mf_ui import random_step, start_game  # noqa: E402


def game_page(pw, url, game):
    """(browser, page): the game `game` ("ft" or "mf") started in a new page, ready for its first click."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
    start(page, url, game)
    return browser, page


def start(page, url, game):
    """Open the site at `url` in `page` and start the game `game` ("ft" or "mf")."""
    page.goto(url)
    wait_ready(page)
    if game == "ft":
        start_ft(page, None, seed=5)
    else:
        start_game(page, None, scenario="early", seed=2024)


def play(page, game, each=None):
    """Click on to the game's end (at most 600 First Team steps, 2000 Mike Force), calling
    each(k, t) after step k (from 1), t the kind of action the step took."""
    if game == "ft":
        player = RandomPlayer(5)
        step, limit = (lambda: player.step(page)), 600
    else:
        rng = random.Random(2024)
        step, limit = (lambda: random_step(page, rng)), 2000
    for k in range(1, limit + 1):
        if page.get_attribute("body", "data-over") == "1":
            break
        t = step()
        if each is not None:
            each(k, t)
